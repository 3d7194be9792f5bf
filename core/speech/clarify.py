"""A spoken question that could not be recognised gets a clarification, not a refusal.

``clarify_spoken(answer, heard, lang)`` returns the answer to give instead of ``answer`` when
the question came from speech and

* nothing was recognised (``no_speech`` / empty text) -> "clarify.nothing_heard";
* the pipeline found no legal question in it (``abstain.out_of_scope``, an empty question)
  -> "clarify.heard": "I heard: '...'. Please say it again, or type it.";
* the pipeline found nothing to answer with (``abstain.no_evidence``) and the recogniser
  itself warned that its output looks wrong (near-empty, wrong script) -> the same.

Otherwise None: a recognised legal question keeps its answer (or its honest abstention).
The messages are fixed templates (core.language.templates), in the chosen language.
``heard`` is what :meth:`app.service.Service.transcribe` returns (a dict) or a
:class:`core.speech.stt.Transcript`.
"""

from __future__ import annotations

from core.language.templates import render

NOT_A_QUESTION = {"abstain.out_of_scope", "input.empty"}
WEAK_EVIDENCE = {"abstain.no_evidence"}
_MAX_SHOWN = 200


def _get(heard, key, default=None):
    if isinstance(heard, dict):
        return heard.get(key, default)
    return getattr(heard, key, default)


def problems_of(heard) -> list[str]:
    probs = _get(heard, "problems")
    if probs is None and callable(getattr(heard, "problems", None)):
        probs = heard.problems()
    if probs is None:
        probs = [w.split(":", 1)[0] for w in _get(heard, "warnings", []) or []]
    return [p for p in probs or [] if p in ("near_empty", "script", "no_speech")]


def transcript_of(heard, lang: str | None = None):
    """The core.stages.Transcript an answer carries for ``heard``."""
    from core.stages import Transcript

    return Transcript(
        text=_get(heard, "text", "") or "",
        language=_get(heard, "language") or lang or "en",
        corrections=[list(c) for c in _get(heard, "corrections", []) or []],
        heard=(heard.heard_line() if callable(getattr(heard, "heard_line", None)) else _get(heard, "heard", "")) or "",
        confidence=_get(heard, "confidence"),
        warnings=list(_get(heard, "warnings", []) or []),
        timings_ms=dict(_get(heard, "timings_ms", {}) or {}),
    )


def needs_clarification(answer, heard) -> str | None:
    """The clarify template key for ``answer`` to a spoken question, or None."""
    text = (_get(heard, "text", "") or "").strip()
    probs = problems_of(heard)
    if not text or "no_speech" in probs:
        return "clarify.nothing_heard"
    status = str(getattr(answer, "status", "") or "")
    reason = getattr(answer, "abstain_reason", None) or ""
    if status != "abstain":
        return None
    if reason in NOT_A_QUESTION:
        return "clarify.heard"
    if reason in WEAK_EVIDENCE and probs:
        return "clarify.heard"
    return None


def clarify_spoken(answer, heard, lang: str | None = None):
    """The clarification Answer to give instead of ``answer``, or None (keep ``answer``)."""
    from core.stages import Answer

    key = needs_clarification(answer, heard)
    if key is None:
        return None
    lang = lang if lang in ("en", "hi") else (_get(heard, "language") or getattr(answer, "language", "en"))
    lang = lang if lang in ("en", "hi") else "en"
    text = " ".join((_get(heard, "text", "") or "").split())
    if len(text) > _MAX_SHOWN:
        text = text[:_MAX_SHOWN].rstrip() + "…"
    message = render(key, lang, text=text) if key == "clarify.heard" else render(key, lang)
    return Answer.clarify(
        message,
        lang,
        reason=key,
        transcript=transcript_of(heard, lang),
        timings_ms=dict(getattr(answer, "timings_ms", {}) or {}),
        error=f"was: {getattr(answer, 'abstain_reason', None)}",
    )
