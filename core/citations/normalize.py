"""Offset-preserving text normalisation and small value normalisers."""

from __future__ import annotations

import re

from domain.numbers import DIGITS, ascii_digits, section_number  # noqa: F401  (one home for numbers)

_SPACE = re.compile(r"\s+")
_NAME_PUNCT = re.compile(r"[^\w\s\u0900-\u097F]")


def norm_number(raw: str) -> str:
    """'498-A' -> '498A', '65b' -> '65B', '65बी' -> '65B' (domain.numbers.section_number)."""
    return section_number(raw)


def norm_subsection(raw: str) -> str | None:
    s = _SPACE.sub("", ascii_digits(raw))
    return s or None


def norm_spaces(raw: str) -> str:
    return _SPACE.sub(" ", raw).strip()


def name_key(name: str) -> str:
    """'Maneka Gandhi v. Union of India' -> 'NAME:maneka gandhi v union of india'."""
    return "NAME:" + norm_spaces(_NAME_PUNCT.sub(" ", name.lower()))
