"""Prompt echoes: words of Whisper's decoding prompt that nobody said (pure functions, no model).

Whisper base, given a prompt of legal words to keep Hindi in Devanagari and bias it towards the
law, sometimes writes those words into a transcript of speech that never had them: a cut-off
"आच्छेद" of "अनुच्छेद", a lone "जमानत" at the end, or a whole "भारतीय न्याय संहिता" in the middle
of a news sentence. Three layers remove them:

* :func:`echo_kind` / :func:`strip_echo`: a fragment, glued or misspelt copy of a prompt word is
  removed wherever it stands in Hindi; a whole prompt word when Whisper was unsure of it or when
  it trails the transcript (measured on the real Hindi clips, issue 15);
* :func:`unconfirmed` (issue 20): a whole prompt word in the middle of a sentence cannot be told
  from speech by its letters, so it is kept only when a second pass, decoded with a prompt that
  holds no content word (function words only), hears it too. That pass cannot echo a legal word,
  so what it hears was said.

And :func:`collapse_repeats`: a Whisper loop ("bail bail bail bail") is kept once.
"""

from __future__ import annotations

import os
import re
import unicodedata
from difflib import SequenceMatcher

from ._numbers import hi_key

_DEVANAGARI = re.compile(r"[\u0900-\u097f]")


def _core(word: str) -> str:
    w = unicodedata.normalize("NFC", word)
    w = "".join(ch for ch in w if not unicodedata.category(ch).startswith(("P", "S", "Z")) and ch not in "।॥")
    return w.strip().lower()


_PROMPT_STOP = {
    "the",
    "of",
    "and",
    "under",
    "for",
    "act",
    "code",
    "की",
    "का",
    "के",
    "में",
    "है",
    "और",
    "से",
    "एक",
    "मेरा",
    "मेरी",
}


def _prompt_vocab(prompt: str) -> list[str]:
    words = [_core(w) for w in re.split(r"[\s,()]+", prompt or "")]
    return list(dict.fromkeys(w for w in words if len(w) >= 3 and w not in _PROMPT_STOP))


_HI_INFLECTIONS = ("ओं", "ों", "एं", "ें", "ाएं", "ाओं")
_HI_WORD_ENDINGS = ("ओं", "ों", "एं", "ें", "ो", "े", "ी", "ा", "ाएं", "ाओं")


def _known_hindi() -> frozenset[str]:
    try:
        from .legal_vocab import hindi_words

        return hindi_words()
    except Exception:  # a pack that cannot be read: no exceptions, the rules alone
        return frozenset()


def echo_kind(word: str, prompt_words: list[str]) -> str | None:
    """How ``word`` relates to the prompt:

    * "whole": a prompt word as written (Devanagari compared without nukta/chandrabindu
      differences, "ज़मानत" = "जमानत"; English up to inflection, "sections");
    * "near": a Devanagari near-copy of a prompt word ("न्यार", "न्याद" of "न्याय", "भारती" of
      "भारतीय", "अनुच्छिले"): Whisper misspelling its own prompt, not a word it heard;
    * "glued": a prompt word, or most of one, run together with other letters ("अनुच्छेदरने",
      "नुच्छेदर", "अनुच्छेपार");
    * "fragment": a cut-off piece of one, 4+ letters ("आच्छेद" of "अनुच्छेद");
    * None: unrelated ("क्या" is not a piece of "न्याय": similarity 0.75)."""
    w = _core(word)
    if len(w) < 3:
        return None
    deva = bool(_DEVANAGARI.search(w))
    wk = hi_key(w) if deva else w
    for p in prompt_words:
        pk = hi_key(p) if deva else p
        if wk == pk or (not deva and len(w) >= 4 and SequenceMatcher(None, w, p, autojunk=False).ratio() >= 0.8):
            return "whole"
        if deva and any(wk == pk + suf for suf in _HI_WORD_ENDINGS):  # "अनुच्छेदों", "संहिताओं"
            return "whole"
    if deva and wk in _known_hindi():  # a real word ("न्यायालय", "भारत", "धाराओं"), not a mangled echo
        return None
    if not deva:
        for p in prompt_words:
            if 4 <= len(w) < len(p) and any(
                SequenceMatcher(None, w, piece, autojunk=False).ratio() >= 0.8 for piece in (p[-len(w) :], p[: len(w)])
            ):
                return "fragment"
        return None
    for p in prompt_words:
        pk = hi_key(p)
        if not _DEVANAGARI.search(pk):
            continue
        # glued: the prompt word, or a piece covering 70%+ of it, inside a longer word
        need = max(5, int(0.7 * len(pk) + 0.999))
        if len(wk) > len(pk) - 1 and not wk.endswith(_HI_INFLECTIONS) and len(pk) >= 5:
            if any(pk[a : a + need] in wk for a in range(0, len(pk) - need + 1)) and len(wk) >= need + 1:
                return "glued"
        # a same-length or shorter copy, not a head of the word ("भारत" of "भारतीय" is a word)
        if (
            4 <= len(wk) <= len(pk)
            and not pk.startswith(wk)
            and SequenceMatcher(None, wk, pk, autojunk=False).ratio() >= 0.8
        ):
            return "near"
        if 4 <= len(wk) < len(pk):
            for piece in (pk[-len(wk) :], pk[: len(wk)]):
                if SequenceMatcher(None, wk, piece, autojunk=False).ratio() >= 0.8:
                    return "fragment"
        if len(pk) >= 6 and len(os.path.commonprefix([wk, pk])) >= max(5, int(0.7 * len(pk))):
            return "fragment"
    return None


# Word probability under which a whole prompt word is taken as an echo (measured on real
# Hindi: echoed prompt words had p < 0.5, said ones rarely do; see the README).
ECHO_MAX_P = 0.5


def strip_echo(words: list[dict], prompt: str, lang: str = "hi") -> tuple[list[dict], list[str]]:
    """Remove prompt echoes from ``words`` ([{"word", "probability", "start", "end"}]).

    * a fragment or glued prompt word is removed wherever it stands in Hindi (nobody says
      "आच्छेद"), and at the end of an English transcript (where echoes come);
    * Hindi: a whole prompt word is removed when Whisper was unsure of it (p < ECHO_MAX_P), or
      when it trails the transcript after the last word that is not from the prompt with
      p < 0.8 (the lone "जमानत" at the end).  English questions end in prompt words people
      do say ("How do I get bail?"), so in English only fragments go.
    Words without a probability (no word timestamps) count as sure.
    """
    pw = _prompt_vocab(prompt)
    if not pw or not words:
        return words, []
    kinds = [echo_kind(w["word"], pw) for w in words]
    last_real = max((i for i, k in enumerate(kinds) if k is None), default=-1)
    kept, removed = [], []
    for i, (w, k) in enumerate(zip(words, kinds)):
        p = w.get("probability")
        p = 1.0 if p is None else float(p)
        drop = (k in ("fragment", "glued", "near") and (lang == "hi" or i >= len(words) - 2)) or (
            lang == "hi" and k == "whole" and (p < ECHO_MAX_P or (i > last_real and p < 0.8))
        )
        (removed if drop else kept).append(w["word"].strip() if drop else w)
    return kept, removed


def _strip_echo_text(text: str, prompt: str, lang: str = "hi") -> tuple[str, list[str]]:
    """The same on plain text (no word probabilities): fragments anywhere, and in Hindi whole
    prompt words trailing the transcript."""
    words = [{"word": w, "probability": 0.7} for w in text.split()]
    pw = _prompt_vocab(prompt)
    kinds = [echo_kind(w["word"], pw) for w in words] if pw else [None] * len(words)
    last_real = max((i for i, k in enumerate(kinds) if k is None), default=-1)
    kept, removed = [], []
    for i, (w, k) in enumerate(zip(words, kinds)):
        if (k in ("fragment", "glued", "near") and (lang == "hi" or i >= len(words) - 2)) or (
            lang == "hi" and k == "whole" and i > last_real
        ):
            removed.append(w["word"])
        else:
            kept.append(w["word"])
    return " ".join(kept), removed


def touches_prompt(word: str, prompt_words: list[str]) -> bool:
    """``word`` is, contains or is a piece or near-copy of a prompt word (what a leak looks like):
    the same test the evaluation's leak count applies, so a word that passes here cannot count."""
    w = _core(word)
    if len(w) < 3:
        return False
    deva = bool(_DEVANAGARI.search(w))
    wk = hi_key(w) if deva else w
    for p in prompt_words:
        pk = hi_key(p) if deva else p
        if not pk:
            continue
        if wk == pk or (len(wk) >= 4 and SequenceMatcher(None, wk, pk, autojunk=False).ratio() >= 0.8):
            return True
        if len(pk) >= 5 and pk in wk:
            return True
        if 4 <= len(wk) < len(pk) and any(
            SequenceMatcher(None, wk, piece, autojunk=False).ratio() >= 0.8 for piece in (pk[-len(wk) :], pk[: len(wk)])
        ):
            return True
        if deva and len(pk) >= 6 and len(os.path.commonprefix([wk, pk])) >= max(5, int(0.7 * len(pk))):
            return True
    return False


CONFIRM_MIN_SIMILARITY = 0.7  # a prompt word is confirmed by a look-alike in the other pass


def _key(word: str) -> str:
    w = _core(word)
    return hi_key(w) if _DEVANAGARI.search(w) else w


def heard_in(word: str, other_keys: list[str]) -> bool:
    """``word`` (or a spelling of it) is among the other pass's words."""
    wk = _key(word)
    for v in other_keys:
        if not v:
            continue
        if v == wk or (len(v) >= 4 and len(wk) >= 4 and (v in wk or wk in v)):
            return True
        if len(v) >= 3 and SequenceMatcher(None, wk, v, autojunk=False).ratio() >= CONFIRM_MIN_SIMILARITY:
            return True
    return False


def needs_confirming(text: str, prompt: str) -> list[str]:
    """The words of ``text`` that touch the prompt (they stand only if another pass hears them)."""
    pw = _prompt_vocab(prompt)
    return [w for w in text.split() if pw and touches_prompt(w, pw)] if text else []


def unconfirmed(text: str, prompt: str, other_text: str) -> tuple[str, list[str]]:
    """``text`` without its prompt-like words that ``other_text`` (a pass decoded with a prompt of
    function words only) does not also have; returns (text, removed words)."""
    pw = _prompt_vocab(prompt)
    if not pw or not text:
        return text, []
    others = [_key(v) for v in (other_text or "").split()]
    kept, removed = [], []
    for w in text.split():
        if touches_prompt(w, pw) and not heard_in(w, others):
            removed.append(w.strip())
        else:
            kept.append(w)
    return " ".join(kept), removed


# --------------------------------------------------------------------------- loops
def collapse_repeats(text: str, *, min_repeats: int = 3, max_ngram: int = 8) -> tuple[str, bool]:
    """Cut Whisper loops: an n-gram (1..max_ngram words) repeated ``min_repeats``+ times in
    a row is kept once.  Also collapses a character run like "ाााााा"."""
    changed = False
    words = text.split()
    n = 1
    while n <= max_ngram:
        i, out = 0, []
        while i < len(words):
            gram = words[i : i + n]
            reps = 1
            while len(gram) == n and words[i + reps * n : i + (reps + 1) * n] == gram:
                reps += 1
            limit = min_repeats if n > 1 else max(min_repeats, 4)
            if reps >= limit and len(gram) == n:
                out.extend(gram)
                i += reps * n
                changed = True
            else:
                out.append(words[i])
                i += 1
        words = out
        n += 1
    result = " ".join(words)
    r2 = re.sub(r"(.{1,4}?)\1{7,}", r"\1", result)
    return r2, changed or r2 != result
