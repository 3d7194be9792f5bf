"""Stable node ids. Every node in the graph has one; loaders and the verifier agree on them."""
from __future__ import annotations

import re
import unicodedata

_SLUG_RE = re.compile(r"[^a-z0-9]+")


def slug(text: str, max_len: int = 80) -> str:
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return _SLUG_RE.sub("-", norm).strip("-")[:max_len].strip("-")


def normalize_number(number: str | int) -> str:
    """'65 B' -> '65B', ' 498a' -> '498A', 103 -> '103'."""
    return re.sub(r"\s+", "", str(number)).upper()


def provision_id(act: str, number: str | int) -> str:
    return f"{act.upper()}:{normalize_number(number)}"


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


def leading_int(number: str) -> int | None:
    m = re.match(r"\d+", number)
    return int(m.group()) if m else None
