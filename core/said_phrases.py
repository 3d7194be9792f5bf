"""Whether a question says a phrase, as the settled-point probe reads it (core.settled_points): word for word,
a phrase ending in "*" going on, "a ... b" with a few words between, and Roman-script Hindi in any spelling.
A leaf: it reads no graph and no pack."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SCOPE_WORD = re.compile(r"[a-z0-9]+|[\u0900-\u0963\u0966-\u097F]+")  # a danda ends a Hindi word


def _spaced(text: str) -> str:
    """Lower case, without the nukta, its words between single spaces ("Self-acquired" -> " self acquired ")."""
    text = unicodedata.normalize("NFC", text).lower().replace(chr(0x93C), "")  # "ज़" either way is "ज"
    return f" {' '.join(_SCOPE_WORD.findall(text))} "


LOOSE = 4  # the letters of each word of a phrase the point's asks say in any Roman spelling (``says_point``)


def says_any(text: str, phrases, loose: bool | int = False) -> bool:
    """``text`` says one of ``phrases`` word for word; a phrase ending in "*" may go on ("coparcen*" is
    "coparcenary" and "coparceners"). ``loose``: Roman-script words in any spelling too (``_loose``:
    "kaunse court" says "kaunsi court"; a number: only a phrase whose words have that many letters). "a ... b":
    the parts in this order, at most GAP words apart ("where should the case for a bounced cheque be filed" says
    "where ... file*"; loose, in any spelling too)."""
    said = _spaced(text)
    mark = loose is not True  # a number: the dropped vowel marked (``_loose``)
    keyed = _loose(said, mark) if loose else ""
    for ph in phrases:
        words = _spaced(ph.replace(" ... ", " ").rstrip("*")).strip()
        lax = loose and all(len(w) >= loose for w in words.split())  # True is 1: every phrase
        if " ... " in ph:
            if _gap(ph) and (_gap(ph).search(said) or lax and _gap(ph, True, mark).search(keyed)):
                return True
            continue
        if not words:
            continue
        if (f" {words}" if ph.endswith("*") else f" {words} ") in said:
            return True
        if lax and not ph.endswith("*") and f" {_loose(f' {words} ', mark).strip()} " in keyed:
            return True
    return False


GAP = 8  # words that may stand between the parts of a "a ... b" phrase: a clause ("where should the case ... be filed")


@lru_cache(maxsize=512)
def _gap(ph: str, loose: bool = False, mark: bool = False):
    """A "a ... b" phrase as a pattern on a spaced text (a part ending in "*" may go on), its parts spelt loosely
    for the loose text (``_loose``); None when a part is empty."""
    parts = [(_spaced(x.rstrip("*")).strip(), x.endswith("*")) for x in ph.split(" ... ")]
    if not all(w for w, _ in parts):
        return None
    bits = [re.escape(_loose(f" {w} ", mark).strip() if loose else w) + (r"\S*" if star else "") for w, star in parts]
    return re.compile(" " + rf"(?: \S+){{0,{GAP}}} ".join(bits) + "(?= )")


_SPELLING = (("z", "j"), ("w", "v"), ("ph", "f"), ("q", "k"), ("ee", "i"), ("oo", "u"), ("aa", "a"), ("au", "o"))


def _loose(spaced: str, mark: bool = False) -> str:
    """A spaced text's Roman-script words in one loose spelling: the letters Roman Hindi spells either way made
    one (z/j, w/v, ee/i, oo/u, aa/a, au/o, doubled letters) and the vowel that inflects a word longer than three
    letters dropped ("kaunsi", "kaunse", "konsa" are all "kons"; ``mark``: "kons~", so "hissa", "gaya" are not "his",
    "gay"). Devanagari and short words stay as they are."""
    out = []
    for w in spaced.split():
        if w.isascii() and w.isalpha():
            for a, b in _SPELLING:
                w = w.replace(a, b)
            w = re.sub(r"(.)\1+", r"\1", w)
            w = w[:-1] + "~" * mark if len(w) > 3 and w[-1] in "aeiy" else w
        out.append(w)
    return f" {' '.join(out)} "
