"""Offset-preserving text normalisation and small value normalisers."""
from __future__ import annotations

import re

# Every Indic script's digits 0-9 map 1:1 to ASCII, so offsets are unchanged.
_DIGIT_BASES = (0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66)
DIGITS = {base + i: ord("0") + i for base in _DIGIT_BASES for i in range(10)}


_INDIC_DIGIT_RE = re.compile(
    "[" + "".join(f"{chr(b)}-{chr(b + 9)}" for b in _DIGIT_BASES) + "]"
)


def ascii_digits(text: str) -> str:
    """Translate Indic digits to ASCII; length (and so every offset) is kept."""
    if _INDIC_DIGIT_RE.search(text) is None:  # common case; translate() is slow
        return text
    return text.translate(DIGITS)


_NUM_JUNK = re.compile(r"[\s\-–.]")
_SPACE = re.compile(r"\s+")
_NAME_PUNCT = re.compile(r"[^\w\s\u0900-\u097F]")


def norm_number(raw: str) -> str:
    """'498-A' -> '498A', '65b' -> '65B'."""
    return _NUM_JUNK.sub("", ascii_digits(raw)).upper()


def norm_subsection(raw: str) -> str | None:
    s = _SPACE.sub("", ascii_digits(raw))
    return s or None


def norm_spaces(raw: str) -> str:
    return _SPACE.sub(" ", raw).strip()


def name_key(name: str) -> str:
    """'Maneka Gandhi v. Union of India' -> 'NAME:maneka gandhi v union of india'."""
    return "NAME:" + norm_spaces(_NAME_PUNCT.sub(" ", name.lower()))
