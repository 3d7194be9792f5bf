"""Stable node ids. Every node in the graph has one; loaders, retrieval and the verifier agree on them.

Provisions: ``f"{ACT}:{number}"`` with the number in its canonical form (domain.numbers):
``BNS:103``, ``PWDVA:12``, ``HMA:13B``, ``LIMITATION:Schedule Article 113``,
``CPC:Order XXXIX Rule 1``, ``COI:21``.
"""

from __future__ import annotations

import re
import unicodedata

from domain.numbers import canonical_number, leading_int

__all__ = [
    "slug",
    "provision_id",
    "split_provision_id",
    "act_id",
    "case_id_from_neutral",
    "judge_id",
    "court_id",
    "leading_int",
]

_SLUG_RE = re.compile(r"[^a-z0-9]+")


def slug(text: str, max_len: int = 80) -> str:
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return _SLUG_RE.sub("-", norm).strip("-")[:max_len].strip("-")


def provision_id(act: str, number: str | int) -> str:
    """('bns', ' 103') -> 'BNS:103'; ('CPC', 'order 39 rule 1') -> 'CPC:Order XXXIX Rule 1'."""
    return f"{act.upper()}:{canonical_number(number)}"


def split_provision_id(node_id: str) -> tuple[str, str]:
    """'CPC:Order XXXIX Rule 1' -> ('CPC', 'Order XXXIX Rule 1')."""
    act, _, number = node_id.partition(":")
    return act, number


def act_id(code: str) -> str:
    return f"ACT:{code.upper()}"


def case_id_from_neutral(neutral: str) -> str:
    """'2017 INSC 801' -> 'CASE:INSC-2017-801'."""
    m = re.match(r"\s*(\d{4})\s+INSC\s+(\d+)", neutral)
    if not m:
        raise ValueError(f"not a neutral citation: {neutral!r}")
    return f"CASE:INSC-{m.group(1)}-{int(m.group(2))}"


def judge_id(name: str) -> str:
    return f"JUDGE:{slug(name)}"


def court_id(code: str) -> str:
    return f"COURT:{code.upper()}"
