"""Reporter citations -> CiteKey keys, the form the citation extractor produces.

    "2017 INSC 801"            -> "INSC:2017:801"
    "(2017) 10 SCC 1"          -> "SCC:2017:10:1"
    "1992 Supp (1) SCC 335"    -> "SCC:1992:SUPP1:335"
    "AIR 1978 SC 597"          -> "AIR:1978:SC:597"
    "1962 AIR 1272"            -> "AIR:1962:SC:1272"   (Supreme Court preamble style)
    "[1978] 2 SCR 621"         -> "SCR:1978:2:621"
    "[2017] 10 S.C.R. 569"     -> "SCR:2017:10:569"
    "[1996] SUPP. 5 S.C.R. 582"-> "SCR:1996:SUPP5:582"
    "1962 SCR (2) 823"         -> "SCR:1962:2:823"

The loaders use this for structured citation fields (index CSV, pack JSON); free
text goes through core.citations.extract, and tests/test_ingest_pack.py checks the two agree.
"""
from __future__ import annotations

import re

_SUPP = r"(?:Supp(?:l|lementary)?\.?)"
_INSC = re.compile(r"^\s*\(?(\d{4})\)?\s+INSC\s+(\d+)\s*$", re.I)
_SCC = re.compile(
    rf"^\s*[\[(]?(\d{{4}})[\])]?\s+(?:(?P<supp>{_SUPP})\s*)?[\[(]?(?P<vol>\d+)?[\])]?\s*S\.?\s?C\.?\s?C\.?\s+(?P<page>\d+)\s*$",
    re.I)
_AIR = re.compile(r"^\s*A\.?\s?I\.?\s?R\.?\s+(\d{4})\s+([A-Za-z][A-Za-z.& ]*?)\s+(\d+)\s*$", re.I)
_AIR_SC_PREAMBLE = re.compile(r"^\s*(\d{4})\s+AIR\s+(\d+)\s*$", re.I)
_SCR = re.compile(
    rf"^\s*[\[(]?(\d{{4}})[\])]?\s+(?:(?P<supp>{_SUPP})\s*)?[\[(]?(?P<vol>\d+)?[\])]?\s*S\.?\s?C\.?\s?R\.?\s*[\[(]?(?P<vol2>\d+)?[\])]?\s+(?P<page>\d+)\s*$",
    re.I)


def _vol(supp: str | None, vol: str | None) -> str | None:
    if supp:
        return f"SUPP{int(vol)}" if vol else "SUPP"
    return str(int(vol)) if vol else None


def normalize_reporter(text: str) -> str | None:
    """CiteKey for one reporter citation, or None when the form is not recognised."""
    if not text or not isinstance(text, str):
        return None
    t = re.sub(r"\s+", " ", text).strip().rstrip(".,;")
    m = _INSC.match(t)
    if m:
        return f"INSC:{m.group(1)}:{int(m.group(2))}"
    m = _SCC.match(t)
    if m:
        vol = _vol(m.group("supp"), m.group("vol"))
        return f"SCC:{m.group(1)}:{vol}:{int(m.group('page'))}" if vol else \
            f"SCC:{m.group(1)}:{int(m.group('page'))}"
    m = _AIR.match(t)
    if m:
        court = re.sub(r"[^A-Za-z]", "", m.group(2)).upper()
        return f"AIR:{m.group(1)}:{court}:{int(m.group(3))}"
    m = _AIR_SC_PREAMBLE.match(t)
    if m:
        return f"AIR:{m.group(1)}:SC:{int(m.group(2))}"
    m = _SCR.match(t)
    if m:
        vol = _vol(m.group("supp"), m.group("vol") or m.group("vol2"))
        return f"SCR:{m.group(1)}:{vol}:{int(m.group('page'))}" if vol else \
            f"SCR:{m.group(1)}:{int(m.group('page'))}"
    return None


def reporter_of(key: str) -> str:
    return key.split(":", 1)[0]
