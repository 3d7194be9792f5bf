"""A spoken question that could not be recognised gets a clarification, not a refusal.

``clarify_spoken(answer, heard, lang)`` returns the answer to give instead of ``answer`` when
the question came from speech (``heard``: the :class:`core.stages.Transcript` speech made) and

* nothing was recognised (``no_speech`` / empty text) -> "clarify.nothing_heard";
* the pipeline found no legal question in it (``abstain.out_of_scope``, an empty question)
  -> "clarify.heard": "I heard: '...'. Please say it again, or type it.";
* the pipeline found nothing to answer with (``abstain.no_evidence``) and the recogniser
  itself warned that its output looks wrong (near-empty, wrong script) -> the same.

Otherwise None: a recognised legal question keeps its answer (or its honest abstention).
The messages are fixed templates (core.language.templates), in the chosen language.
"""

from __future__ import annotations

from core.language.templates import render
from core.stages import Answer, AnswerStatus, Transcript

NOT_A_QUESTION = {"abstain.out_of_scope", "input.empty"}
WEAK_EVIDENCE = {"abstain.no_evidence"}
_MAX_SHOWN = 200


def needs_clarification(answer: Answer, heard: Transcript) -> str | None:
    """The clarify template key for ``answer`` to a spoken question, or None."""
    text = (heard.text or "").strip()
    probs = heard.problems()
    if not text or "no_speech" in probs:
        return "clarify.nothing_heard"
    if answer.status is not AnswerStatus.ABSTAIN:
        return None
    reason = answer.abstain_reason or ""
    if reason in NOT_A_QUESTION:
        return "clarify.heard"
    if reason in WEAK_EVIDENCE and probs:
        return "clarify.heard"
    return None


def clarify_spoken(answer: Answer, heard: Transcript, lang: str | None = None) -> Answer | None:
    """The clarification Answer to give instead of ``answer``, or None (keep ``answer``)."""
    key = needs_clarification(answer, heard)
    if key is None:
        return None
    lang = lang if lang in ("en", "hi") else (heard.language or answer.language)
    lang = lang if lang in ("en", "hi") else "en"
    text = " ".join((heard.text or "").split())
    if len(text) > _MAX_SHOWN:
        text = text[:_MAX_SHOWN].rstrip() + "…"
    message = render(key, lang, text=text) if key == "clarify.heard" else render(key, lang)
    return Answer.clarify(
        message,
        lang,
        reason=key,
        transcript=heard,
        timings_ms=dict(answer.timings_ms),
        error=f"was: {answer.abstain_reason}",
    )
