"""What is read aloud from an answer: whole sentences of what the card shows as verified.

The short answer (``summary``) and the numbered steps when the answer has them (issue 11: the
spoken answer reads the short answer and what to do now), else the first sentences of the
answer text; then the first sentence of each legal-status notice. Only whole sentences are
used, never cut inside a citation ("Maneka Gandhi v. Union of India"), so speech never says
anything the card does not show.
"""

from __future__ import annotations

import re

from core.language.templates import label
from core.stages import Answer
from domain.text import sentences as split_sentences

MAX_CHARS = 700

# A quote of the law's English words inside a Hindi answer (the templates direct.about_text and
# direct.law_text: the corpus holds no Hindi text of the Acts), with the colon that introduces it.
_QUOTE = re.compile(r"[:\s]*“([^”]*)”")


def _english_quote(text: str) -> bool:
    letters = [ch for ch in text if ch.isalpha()]
    return bool(letters) and sum(ch.isascii() for ch in letters) > len(letters) / 2


def hindi_speakable(text: str) -> str:
    """``text`` with each quote of English law text replaced by a fixed pointer to the screen: the
    Hindi voice would spell the English out as Hindi sounds, which no listener can follow."""
    pointer = label("speech.english_quote", "hi")
    return _QUOTE.sub(lambda m: f" — {pointer}" if _english_quote(m.group(1)) else m.group(0), text)


def sentences(text: str) -> list[str]:
    """Split at sentence ends, never inside a citation ("Maneka Gandhi v. Union of India")."""
    from core.citations import extract

    return split_sentences(text, keep=[(c.start, c.end) for c in extract(text)])


def _take(parts: list[str], sents: list[str], budget: int) -> int:
    for sent in sents:
        if len(sent) > budget:
            break
        parts.append(sent)
        budget -= len(sent) + 1
    return budget


def spoken_text(result: Answer, max_chars: int = MAX_CHARS) -> str:
    """The text to speak for ``result`` (at most ``max_chars`` characters)."""
    parts: list[str] = []
    budget = max_chars
    if getattr(result, "spoken", ""):  # a romanized Hindi answer is still read in Devanagari, for the Hindi voice
        _take(parts, sentences(result.spoken), budget)
        return " ".join(parts)
    lang = result.language
    said = hindi_speakable if lang == "hi" else str
    if result.summary:
        budget = _take(parts, sentences(said(result.summary)), budget)
        for k, step in enumerate(result.steps, 1):
            line = f"{label('speech.step', lang)} {k}: {step.text.strip().rstrip('.।')}"
            if step.time_limit:
                line += f", {step.time_limit}"
            if step.basis:  # the provision that sets it, read out by the speech reader
                line += f" ({', '.join(step.basis)})"
            line += "।" if lang == "hi" else "."
            if len(line) > budget:
                break
            parts.append(line)
            budget -= len(line) + 1
    else:
        budget = _take(parts, sentences(said(result.answer))[:2], budget)
    for note in [n for n in result.notices if n][:3]:
        first = (sentences(note) or [note])[0]
        if len(first) <= budget:
            parts.append(first)
            budget -= len(first) + 1
    return " ".join(parts)
