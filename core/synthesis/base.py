"""The one interface every synthesizer implements, and its error."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from core.stages import Draft, Evidence


class ModelUnavailable(RuntimeError):
    """The model cannot answer now: file missing/corrupt, server down/erroring, or timed out.

    The pipeline catches this and either falls back to the ExtractiveComposer or abstains with
    the fixed ``abstain.model_unavailable`` notice.
    """


@runtime_checkable
class Synthesizer(Protocol):
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
