"""The one interface every synthesizer implements, its error, and the language it answers in."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from core.stages import Draft, Evidence


class ModelUnavailable(RuntimeError):
    """The model cannot answer now: file missing/corrupt, server down/erroring, or timed out.

    The pipeline catches this and either falls back to the ExtractiveComposer or abstains with
    the fixed ``abstain.model_unavailable`` notice.
    """


def answer_lang(lang: str | None) -> str:
    """The language a synthesizer writes in: "hi" for any Hindi code ("hi", "hi-IN"), else "en"."""
    return "hi" if (lang or "").lower().startswith("hi") else "en"


@runtime_checkable
class Synthesizer(Protocol):
    backend: str  # "local" | "http" | "extractive": what Draft.backend records
    model_id: str

    def draft(
        self,
        question: str,
        evidence: list[Evidence],
        lang: str,
        *,
        correction: str | None = None,
        guidance: str | None = None,
        max_tokens: int = 256,
    ) -> Draft: ...

    def summarize(
        self,
        question: str,
        facts: list[str],
        lang: str,
        *,
        correction: str | None = None,
        max_tokens: int | None = None,
    ) -> Draft | None:
        """The short answer from the verified facts (a small prompt; no sources, no tags). None: this
        backend writes no short answer of its own (the extractive composer: its draft already has one)."""
        ...
