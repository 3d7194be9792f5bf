"""LocalLlamaSynthesizer: the GGUF model through llama-cpp-python, fully offline: what it is asked and
what is kept of its answer. The runtime under it (the model file, loading once per process, the
thread count, the prompt cache, the warm-up, streaming under a timeout) is
core/synthesis/llama_runtime.py (:class:`~core.synthesis.llama_runtime.LlamaModel`), which also has its
settings.

* ``draft`` shortens the source excerpts until prompt and answer fit the context (``_fit``), and
  appends the deterministic next-step line when the model drops it (core/synthesis/backend.py).
* ``summarize`` (the short answer of issue 11) reads the facts within ``summary_fact_chars``
  (:func:`small_facts`), stops after ``summary_sentences`` complete sentences and drops an unfinished
  last sentence when ``max_tokens`` cuts it (text is only ever removed).
* ``summarize_stream`` / ``draft_stream`` yield the model's raw text as it comes. That text is NOT
  verified: it is for a caller that verifies it incrementally (``core.streaming``), never for display.
* ``prefer_extractive_for_hindi = True``: the 1.5B model's Hindi is poor, so the pipeline is
  expected to use the ExtractiveComposer for ``lang == "hi"`` unless configured otherwise.
  Called with ``lang="hi"`` this backend still works (it asks for simple Hindi).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from core.stages import Draft, Evidence
from core.synthesis.backend import ModelBackend
from core.synthesis.base import ModelUnavailable, answer_lang
from core.synthesis.llama_runtime import LlamaModel
from core.synthesis.prompt import build_messages, build_summary_messages, clean_response, sha256_json
from core.synthesis.sentences import drop_unfinished, first_sentences, sentence_ends

SUMMARY_MAX_TOKENS = 96  # 2-3 plain sentences are 40-80 tokens; the sentence stop ends it earlier
SUMMARY_SENTENCES = 3
SUMMARY_FACT_CHARS = 600  # the gists' short answer + the first step: ~200 tokens (all the facts: ~700)


_LAW_HEAD = re.compile(r"^[^:\n]{2,90}?(?:\d|\bv\.?\s)[^:\n]{0,60}:\s")


def small_facts(facts: list[str], budget_chars: int = SUMMARY_FACT_CHARS) -> list[str]:
    """The facts the model reads for the short answer, within ``budget_chars``: the first (the verified
    short answer the composer made from the problems' gists), then steps and provisions taken in turn
    ("what to do first" and "what the law gives"), each whole, until one does not fit (the first step
    always goes in); the kept facts stay in their own order. A speed lever only:
    what the model writes is still checked against ALL the facts."""
    if not budget_chars or sum(len(f) for f in facts) <= budget_chars:
        return list(facts)
    head, rest = facts[:1], facts[1:]
    law = [f for f in rest if _LAW_HEAD.match(f)]
    steps = [f for f in rest if not _LAW_HEAD.match(f)]
    order: list[str] = []
    for pair in zip(steps, law):
        order += pair
    order += steps[len(law) :] + law[len(steps) :]
    keep, used = set(), sum(len(f) for f in head)
    for n, f in enumerate(order):
        if used + len(f) > budget_chars and not (n == 0 and steps):  # the first step always goes in
            break
        keep.add(id(f))
        used += len(f)
    return head + [f for f in rest if id(f) in keep]


def last_draft(events: Iterator[str | Draft]) -> Draft:
    """The Draft a ``*_stream`` generator ends with (the raw pieces before it are dropped)."""
    out = None
    for ev in events:
        if isinstance(ev, Draft):
            out = ev
    assert out is not None
    return out


class LocalLlamaSynthesizer(ModelBackend, LlamaModel):
    backend = "local"

    def __init__(
        self,
        model_path: str | os.PathLike | None = None,
        *,
        prefer_extractive_for_hindi: bool = True,
        ensure_next_step: bool = True,
        summary_max_tokens: int = SUMMARY_MAX_TOKENS,
        summary_sentences: int = SUMMARY_SENTENCES,
        summary_fact_chars: int = SUMMARY_FACT_CHARS,
        **runtime,
    ):
        """``runtime``: the model's settings (model_name, timeout_s, n_threads, n_ctx, seed, temperature,
        n_threads_batch, n_batch, flash_attn, use_mmap, prefix_cache), see LlamaModel."""
        LlamaModel.__init__(self, model_path, **runtime)
        self.model_id = self.model_name
        self.prefer_extractive_for_hindi = prefer_extractive_for_hindi
        self.ensure_next_step = ensure_next_step
        self.summary_max_tokens = int(summary_max_tokens)
        self.summary_sentences = int(summary_sentences)
        self.summary_fact_chars = int(summary_fact_chars)
        self.last_stats: dict = {}

    def settings(self) -> dict:
        return {
            **LlamaModel.settings(self),
            "summary_max_tokens": self.summary_max_tokens,
            "summary_sentences": self.summary_sentences,
            "summary_fact_chars": self.summary_fact_chars,
        }

    # ------------------------------------------------------------------ drafts
    def draft(
        self,
        question: str,
        evidence: list[Evidence],
        lang: str,
        *,
        correction: str | None = None,
        guidance: str | None = None,
        max_tokens: int = 256,
    ) -> Draft:
        return last_draft(
            self.draft_stream(question, evidence, lang, correction=correction, guidance=guidance, max_tokens=max_tokens)
        )

    def draft_stream(
        self,
        question: str,
        evidence: list[Evidence],
        lang: str,
        *,
        correction: str | None = None,
        guidance: str | None = None,
        max_tokens: int = 256,
    ) -> Iterator[str | Draft]:
        """The draft as it is written: raw text pieces (str, UNVERIFIED), then the finished Draft."""
        lang, messages, prompt_sha, refusal = self._begin(question, evidence, lang, correction, guidance)
        if refusal is not None:
            yield refusal
            return
        self.load()
        messages, tokens = self._fit(messages, question, evidence, lang, correction, guidance, max_tokens)
        prompt_sha = sha256_json(messages)
        stats: dict = {}
        pieces: list[str] = []
        gen = self._stream(messages, max_tokens, stats=stats, tokens=tokens)
        try:
            for piece in gen:
                pieces.append(piece)
                yield piece
        finally:
            gen.close()
        raw = "".join(pieces)
        timings = stats.pop("timings")
        draft, unknown = self._finish(raw, evidence, lang, prompt_sha, timings)
        self.last_stats = {"unknown_tags": unknown, **stats, **timings}
        yield draft

    def summarize(
        self,
        question: str,
        facts: list[str],
        lang: str,
        *,
        correction: str | None = None,
        max_tokens: int | None = None,
    ) -> Draft:
        """The short answer from the verified facts (a small prompt; no sources, no tags)."""
        return last_draft(self.summarize_stream(question, facts, lang, correction=correction, max_tokens=max_tokens))

    def summarize_stream(
        self,
        question: str,
        facts: list[str],
        lang: str,
        *,
        correction: str | None = None,
        max_tokens: int | None = None,
    ) -> Iterator[str | Draft]:
        """The short answer as it is written: raw text pieces (str, UNVERIFIED), then the Draft. Generation
        stops after ``summary_sentences`` complete sentences; an unfinished last sentence is dropped."""
        lang = answer_lang(lang)
        self.load()
        messages = build_summary_messages(
            question, small_facts(facts, self.summary_fact_chars), lang, correction=correction
        )
        stats: dict = {}
        pieces: list[str] = []
        limit = self.summary_sentences
        gen = self._stream(messages, max_tokens or self.summary_max_tokens, stats=stats)
        try:
            for piece in gen:
                pieces.append(piece)
                yield piece
                if limit and len(sentence_ends("".join(pieces))) >= limit:
                    break
        finally:
            gen.close()  # stops llama.cpp and releases the model
        raw = "".join(pieces)
        text = first_sentences(clean_response(raw), limit)
        if stats.get("finish") == "length":
            text = drop_unfinished(text)
        timings = stats.pop("timings")
        self.last_stats = {"summary": True, **stats, **timings}
        yield self._summary(text, raw, messages, timings)

    # ------------------------------------------------------------------ prompt
    def _fit(self, messages, question, evidence, lang, correction, guidance, max_tokens):
        """Shorten the source excerpts until prompt + answer fit in n_ctx."""
        budget = self.n_ctx - max_tokens - 8
        for chars in (None, 300, 200, 120, 60):
            if chars is not None:
                messages = build_messages(
                    question, evidence, lang, correction=correction, guidance=guidance, source_chars=chars
                )
            tokens = self.prompt_tokens(messages)  # tokenize reads only the vocab: no context lock needed
            if len(tokens) <= budget:
                self.last_prompt_tokens = len(tokens)
                return messages, tokens
        raise ModelUnavailable(
            f"prompt does not fit the model context ({len(tokens)} tokens > {budget}); pass fewer sources"
        )

    def __repr__(self) -> str:  # never shows anything secret; there is nothing secret here
        return f"LocalLlamaSynthesizer(model_id={self.model_id!r}, n_threads={self.n_threads})"
