"""The material a model's short answer is written from, and the deterministic check that it
adds nothing to it (issue 11: every number, section and case the model writes must be in the
verified material; otherwise it is revised, then the extractive short answer stays).

The check is lexical and strict on purpose: a number (digits, Devanagari digits or number
words), a provision (section / article / order, with or without its act) or a case name in the
model's text that the material does not hold is reported, in words a model can act on.
"""

from __future__ import annotations

import re

from domain.text import EN_TENS as _TENS
from domain.text import EN_UNITS as _UNITS

_DEVA_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_SCALE = {"hundred": 100, "thousand": 1000, "lakh": 100_000, "lakhs": 100_000, "crore": 10_000_000}
_HI = {
    "एक": 1,
    "दो": 2,
    "तीन": 3,
    "चार": 4,
    "पाँच": 5,
    "पांच": 5,
    "छह": 6,
    "छः": 6,
    "सात": 7,
    "आठ": 8,
    "नौ": 9,
    "दस": 10,
    "पंद्रह": 15,
    "बीस": 20,
    "चौबीस": 24,
    "तीस": 30,
    "साठ": 60,
    "नब्बे": 90,
    "सौ": 100,
    "हज़ार": 1000,
    "हजार": 1000,
    "लाख": 100_000,
    "करोड़": 10_000_000,
}
_WORD = re.compile(r"[a-z]+|[\u0900-\u097F]+")


def numbers(text: str) -> set[int | float]:
    """Every number in ``text``: digits (also Devanagari), English and common Hindi number words."""
    t = (text or "").translate(_DEVA_DIGITS)
    out: set[int | float] = set()
    for m in _DIGITS.finditer(t):
        raw = m.group().replace(",", "")
        try:
            out.add(int(raw) if raw.isdigit() else float(raw))
        except ValueError:
            continue
    cur = None
    for w in _WORD.findall(t.lower()):
        if w in _UNITS or w in _TENS:
            v = _UNITS.get(w, _TENS.get(w))
            cur = v if cur is None else (cur + v if cur % 10 == 0 and v < 10 else v)
            out.add(cur)
        elif w in _SCALE and cur is not None:
            cur *= _SCALE[w]
            out.add(cur)
        elif w in _HI:
            out.add(_HI[w])
            cur = None
        else:
            cur = None
    return out


def _provisions(text: str) -> tuple[set[tuple[str | None, str]], set[str]]:
    from core.citations import extract

    provs, cases = set(), set()
    for c in extract(text or ""):
        if c.kind == "case":
            cases.add(" ".join((c.case_name or c.text or "").lower().split()))
        elif c.number:
            provs.add((c.act, str(c.number)))
    return provs, cases


def unsupported_facts(text: str, material: str) -> list[str]:
    """What ``text`` states that ``material`` does not hold: numbers, provisions, cases. Empty: grounded."""
    bad: list[str] = []
    have = numbers(material)
    provs, cases = _provisions(text)
    m_provs, m_cases = _provisions(material)
    cited_numbers = {n for _, n in provs}
    for n in sorted(numbers(text) - have, key=str):
        if str(n) not in cited_numbers:  # a provision's number is judged with its provision below
            bad.append(f"the number {n} is not in the facts")
    m_numbers = {n for _, n in m_provs}
    for act, num in sorted(provs, key=str):
        ok = (act, num) in m_provs or (act is None and num in m_numbers)
        if not ok:
            bad.append(f"{'Section ' + num + (' ' + act if act else '')} is not in the facts")
    low = (material or "").lower()
    for name in sorted(cases):
        if name not in m_cases and name not in low:
            bad.append(f"the case {name} is not in the facts")
    return bad


def summary_facts(pieces, lang: str) -> list[str]:
    """The verified material of an answer, one fact a line: its short answer (the problems' gists),
    each provision with its gist, each step with where to go, the time limit and its basis."""
    facts = [pieces.summary] if pieces.summary else []
    for item in pieces.law:
        facts.append(f"{item.cite}: {item.gist}" if item.gist else item.cite)
    for st in pieces.steps:
        extra = "; ".join(x for x in (st.where, st.time_limit, ", ".join(st.basis)) if x)
        facts.append(f"{st.text} ({extra})" if extra else st.text)
    return [" ".join(f.split()) for f in facts if f and f.strip()]
