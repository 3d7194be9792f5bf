"""Scoring speech recognition the way Indian ASR benchmarks do, plus two defect rates.

* :func:`asr_normalize`: Unicode NFC, every punctuation mark (the danda and double danda
  included) and symbol removed, Latin lower-cased, whitespace collapsed.  Devanagari vowel
  signs and the nukta are letters here (category M), so "ज़मानत" and "जमानत" stay different,
  as the benchmarks count them.
* :func:`wer` / :func:`cer` per utterance, and :func:`corpus_rates` (total edits / total
  reference words or characters -- the figure benchmarks report).
* :func:`leaks`: words of the output that come from the decoding prompt and not from the
  speech: a hypothesis word that is not in the reference and matches a prompt word
  fuzzily (whole word, or a fragment of one such as "आच्छेद" from "अनुच्छेद").
* :func:`near_empty`: the output has fewer than 40% as many words as the reference.

Pure functions (no model); unit-tested in tests/test_speech_real.py.
"""

from __future__ import annotations

import difflib
import os
import re
import unicodedata
from collections.abc import Iterable, Sequence

NEAR_EMPTY_RATIO = 0.4


def asr_normalize(text: str) -> str:
    s = unicodedata.normalize("NFC", text or "")
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat[0] in "PS" or ch in "\u0964\u0965":  # punctuation, symbols, danda, double danda
            out.append(" ")
        elif cat[0] == "Z" or ch in "\t\n\r":
            out.append(" ")
        elif cat[0] == "C" and ch not in "\u200c\u200d":  # control/format chars (ZWJ/ZWNJ kept)
            out.append(" ")
        else:
            out.append(ch.lower() if ch.isascii() else ch)
    return re.sub(r"\s+", " ", "".join(out)).strip()


def _edits(a: Sequence, b: Sequence) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def word_edits(ref: str, hyp: str) -> tuple[int, int]:
    r, h = asr_normalize(ref).split(), asr_normalize(hyp).split()
    return _edits(r, h), len(r)


def char_edits(ref: str, hyp: str) -> tuple[int, int]:
    r, h = asr_normalize(ref).replace(" ", ""), asr_normalize(hyp).replace(" ", "")
    return _edits(r, h), len(r)


def wer(ref: str, hyp: str) -> float:
    e, n = word_edits(ref, hyp)
    return e / n if n else float(bool(asr_normalize(hyp)))


def cer(ref: str, hyp: str) -> float:
    e, n = char_edits(ref, hyp)
    return e / n if n else float(bool(asr_normalize(hyp)))


def corpus_rates(pairs: Iterable[tuple[str, str]]) -> dict:
    """{"wer", "cer"} over all (ref, hyp) pairs: total edits / total reference units."""
    we = wn = ce = cn = 0
    for ref, hyp in pairs:
        a, b = word_edits(ref, hyp)
        c, d = char_edits(ref, hyp)
        we, wn, ce, cn = we + a, wn + b, ce + c, cn + d
    return {"wer": we / wn if wn else None, "cer": ce / cn if cn else None}


# ------------------------------------------------------------------ defects
_STOP = {
    "the",
    "of",
    "and",
    "a",
    "an",
    "in",
    "on",
    "for",
    "to",
    "under",
    "is",
    "or",
    "की",
    "का",
    "के",
    "में",
    "है",
    "और",
    "से",
    "को",
    "पर",
    "ने",
    "भी",
    "या",
}


def prompt_words(prompt: str) -> list[str]:
    """The content words of a decoding prompt (stop words and 1-2 letter words left out)."""
    words = asr_normalize(prompt).split()
    return list(dict.fromkeys(w for w in words if w not in _STOP and len(w) >= 3))


def _similar(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def is_prompt_fragment(word: str, prompt_word: str) -> bool:
    """``word`` is ``prompt_word`` up to spelling (4+ letters, similarity >= 0.8; or equal), a
    prompt word glued to other letters ("अनुच्छेदरने"), or a cut-off piece of one of 4+ letters
    ("आच्छेद" for "अनुच्छेद"; "क्या" is not a piece of "न्याय": similarity 0.75)."""
    if len(word) < 3:
        return False
    if word == prompt_word:
        return True
    if len(word) >= 4 and _similar(word, prompt_word) >= 0.8:
        return True
    if len(prompt_word) >= 5 and prompt_word in word:
        return True
    if 4 <= len(word) < len(prompt_word):
        # a cut-off head or tail of a prompt word; in Roman script a near match is an ordinary English
        # word as often as an echo ("count" against "const(itution)"), so it must be closer there
        need = 0.9 if word.isascii() else 0.8
        for piece in (prompt_word[-len(word) :], prompt_word[: len(word)]):
            if _similar(word, piece) >= need:
                return True
    # the head of a long prompt word run on into other letters ("अनुच्छेपार")
    if (
        not word.isascii()
        and len(prompt_word) >= 6
        and len(os.path.commonprefix([word, prompt_word])) >= max(5, int(0.7 * len(prompt_word)))
    ):
        return True
    return False


def leaks(ref: str, hyp: str, prompt: str) -> list[str]:
    """Hypothesis words that come from ``prompt`` and are not in ``ref`` (fuzzy both ways)."""
    pw = prompt_words(prompt)
    if not pw:
        return []
    ref_words = set(asr_normalize(ref).split())
    out = []
    for w in asr_normalize(hyp).split():
        if w in ref_words or any(_similar(w, r) >= 0.8 for r in ref_words):
            continue
        if any(is_prompt_fragment(w, p) for p in pw):
            out.append(w)
    return out


def near_empty(ref: str, hyp: str, ratio: float = NEAR_EMPTY_RATIO) -> bool:
    n_ref = len(asr_normalize(ref).split())
    return n_ref > 0 and len(asr_normalize(hyp).split()) < ratio * n_ref


_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]")
_DEVANAGARI = re.compile(r"[\u0900-\u097f]")
_LATIN = re.compile(r"[A-Za-z]")


def script_of(text: str) -> str:
    """ "devanagari", "arabic", "latin", "mixed" or "none": the script most letters are in."""
    counts = {
        "devanagari": len(_DEVANAGARI.findall(text or "")),
        "arabic": len(_ARABIC.findall(text or "")),
        "latin": len(_LATIN.findall(text or "")),
    }
    total = sum(counts.values())
    if not total:
        return "none"
    name, n = max(counts.items(), key=lambda kv: kv[1])
    return name if n >= 0.8 * total else "mixed"
