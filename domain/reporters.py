"""The law-report citation grammar: "(1978) 1 SCC 248", "AIR 1978 SC 597", ... and their CiteKeys.

One grammar for the whole project: the citation extractor runs ``find_reporters`` over free
text, and the loaders key structured citation fields with ``normalize_reporter`` (the same
rules, matched against the whole field), so a key in the graph is exactly the key a text
citing that report produces.

    "2017 INSC 801"            -> "INSC:2017:801"
    "(2017) 10 SCC 1"          -> "SCC:2017:10:1"
    "1992 Supp (1) SCC 335"    -> "SCC:1992:SUPP1:335"
    "AIR 1978 SC 597"          -> "AIR:1978:SC:597"
    "1962 AIR 1272"            -> "AIR:1962:SC:1272"   (Supreme Court preamble style)
    "[1978] 2 SCR 621"         -> "SCR:1978:2:621"
    "[1996] SUPP. 5 S.C.R. 582"-> "SCR:1996:SUPP5:582"
    "1962 SCR (2) 823"         -> "SCR:1962:2:823"

Each reporter is one bounded regex plus a key builder.  Parallel citations
("(1978) 1 SCC 248 : AIR 1978 SC 597") are grouped by ``group_reporters``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_Y = r"(?:1[89]|20)[0-9]{2}"
_NB = r"(?<![\w/.\-])"  # not glued to a preceding word/number
_NE = r"(?![\w])"
_SCC = r"S\.?\s?C\.?\s?C\.?"
_SCR = r"S\.?\s?C\.?\s?R\.?"
_SUPP = r"(?i:Supp(?:l|lementary)?\.?)"


@dataclass(frozen=True)
class ReporterHit:
    start: int
    end: int
    key: str


def _up(s: str) -> str:
    return re.sub(r"[\s.]", "", s).upper()


_RULES: list[tuple[str, Callable[[re.Match], str]]] = [
    # 2023 SCC OnLine SC 123  (before plain SCC)
    (
        rf"{_NB}(?P<y>{_Y})\s{{1,2}}{_SCC}\s{{0,2}}On\s?[Ll]ine\s{{1,2}}(?P<c>[A-Z][A-Za-z&]{{0,8}})\.?\s{{1,2}}(?P<p>[0-9]{{1,6}}){_NE}",
        lambda m: f"SCCOL:{m['y']}:{_up(m['c'])}:{m['p']}",
    ),
    # 1992 Supp (3) SCC 217 / (1992) Supp 3 SCC 217
    (
        rf"{_NB}\(?(?P<y>{_Y})\)?\s{{1,2}}Supp\.?\s{{0,2}}\(?(?P<v>[0-9]{{1,2}})?\)?\s{{0,2}}{_SCC}\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"SCC:{m['y']}:SUPP{m['v'] or ''}:{m['p']}",
    ),
    # (1978) 1 SCC 248 / 2008 (3) SCC 331
    (
        rf"{_NB}(?:\((?P<y>{_Y})\)\s{{0,2}}(?P<v>[0-9]{{1,2}})|(?P<y2>{_Y})\s{{0,2}}\((?P<v2>[0-9]{{1,2}})\))\s{{0,2}}{_SCC}\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"SCC:{m['y'] or m['y2']}:{m['v'] or m['v2']}:{m['p']}",
    ),
    # 1983 SCC (Cri) 405 / (1983) SCC (L&S) 976
    (
        rf"{_NB}\(?(?P<y>{_Y})\)?\s{{1,2}}{_SCC}\s{{0,2}}\((?P<s>Cri|L\s?&\s?S|Tax|Civ)\)\s{{0,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"SCC:{m['y']}:{_up(m['s']).replace('&', '')}:{m['p']}",
    ),
    # AIR 1978 SC 597 / AIR 1990 Bom 12
    (
        rf"{_NB}A\.?I\.?R\.?\s{{1,2}}(?P<y>{_Y})\s{{1,2}}(?P<c>[A-Z][A-Za-z&.]{{0,9}})\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"AIR:{m['y']}:{_up(m['c'])}:{m['p']}",
    ),
    # 1962 AIR 1272: the Supreme Court's own preamble style (no court named)
    (
        rf"{_NB}(?P<y>{_Y})\s{{1,2}}(?i:A\.?I\.?R\.?)\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"AIR:{m['y']}:SC:{int(m['p'])}",
    ),
    # 2003 AIR (SC) 282 / 1980 AIR SC 531
    (
        rf"{_NB}(?P<y>{_Y})\s{{1,2}}A\.?I\.?R\.?\s{{1,2}}\(?(?P<c>[A-Z][A-Za-z&]{{0,8}})\.?\)?\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"AIR:{m['y']}:{_up(m['c'])}:{m['p']}",
    ),
    # [1978] 2 SCR 621 / [1978] 2 S.C.R. 621 / [1996] SUPP. 5 S.C.R. 582
    (
        rf"{_NB}\[(?P<y>{_Y})\]\s{{0,2}}(?P<s>{_SUPP}\s{{0,2}})?\(?(?P<v>[0-9]{{1,2}})\)?\s{{1,2}}{_SCR}\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"SCR:{m['y']}:{'SUPP' if m['s'] else ''}{int(m['v'])}:{int(m['p'])}",
    ),
    # 1978 SCR (2) 621 / 2006 Supp (10) SCR 1 / 2011 (2) SCR 831
    (
        rf"{_NB}(?P<y>{_Y})\s{{1,2}}(?:{_SCR}\s{{0,2}}\((?P<v>[0-9]{{1,2}})\)|(?P<s>Supp\.?\s{{0,2}})?\((?P<v2>[0-9]{{1,2}})\)\s{{0,2}}{_SCR})\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"SCR:{m['y']}:{'SUPP' if m['s'] else ''}{m['v'] or m['v2']}:{m['p']}",
    ),
    # 2023 INSC 123
    (rf"{_NB}\(?(?P<y>{_Y})\)?\s{{1,2}}INSC\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}", lambda m: f"INSC:{m['y']}:{m['p']}"),
    # 1990 CriLJ 1234 / 1990 Cri LJ 1234 / 1990 Cr.L.J. 1234 / (1912) 13 Cri. L.J. 53
    (
        rf"{_NB}\(?(?P<y>{_Y})\)?\s{{1,2}}(?:\(?[0-9]{{1,3}}\)?\s{{1,2}})?Cri?\.?\s?L\.?\s?J\.?\s{{0,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"CRILJ:{m['y']}:{m['p']}",
    ),
    # JT (2005) 11 SC 439 / 2005 (11) SCALE 1
    (
        rf"{_NB}JT\s{{1,2}}\(?(?P<y>{_Y})\)?\s{{1,2}}\(?(?P<v>[0-9]{{1,2}})\)?\s{{1,2}}SC\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"JT:{m['y']}:{m['v']}:{m['p']}",
    ),
    # Generic "(2014) 362 ITR 215", "1997 (94) ELT 13", "(1980) KLT 645"
    (
        rf"{_NB}(?:\((?P<y>{_Y})\)|(?P<y2>{_Y}))\s{{1,2}}\(?(?P<v>[0-9]{{1,3}})?\)?\s{{0,2}}(?P<r>[A-Z][A-Z.&]{{1,9}})\s{{1,2}}(?P<p>[0-9]{{1,5}}){_NE}",
        lambda m: f"{_up(m['r'])}:{m['y'] or m['y2']}:{m['v'] or ''}:{m['p']}",
    ),
]


def _combine(rules: list[tuple[str, Callable[[re.Match], str]]]) -> re.Pattern:
    """One alternation (rule order = priority), so the text is scanned once.

    Group names get a per-rule suffix; ``_Groups`` strips it back for the key builders.
    """
    parts = []
    for i, (src, _fn) in enumerate(rules):
        body = re.sub(r"\(\?P<(\w+)>", lambda m, i=i: f"(?P<{m.group(1)}_{i}>", src.replace(_NB, "", 1))
        parts.append(f"(?P<r{i}>{body})")
    return re.compile(f"{_NB}(?:{'|'.join(parts)})")


class _Groups:
    def __init__(self, m: re.Match, i: int):
        self.m, self.i = m, i

    def __getitem__(self, name: str):
        return self.m.group(f"{name}_{self.i}")


_COMBINED = _combine(_RULES)
_GENERIC_DENY = {"SC", "SCC", "SCR", "AIR", "INSC", "IPC", "CRPC", "BNS", "BNSS", "BSA", "CPC", "JT"}


# Every rule has its year within the first few characters, so the text is
# scanned for years only (a fast literal-prefix scan) and the rules are tried
# at the handful of possible start offsets before each year.
_YEAR_RE = re.compile(r"(?:1[89]|20)[0-9]{2}")
_LEAD_CHARS = frozenset("([AJ")
_MAX_LEAD = 8


def _candidates(text: str):
    last = -1
    for y in _YEAR_RE.finditer(text):
        ys = y.start()
        for p in range(max(ys - _MAX_LEAD, last + 1), ys + 1):
            if p != ys and text[p] not in _LEAD_CHARS:
                continue
            m = _COMBINED.match(text, p)
            if m:
                last = m.end() - 1
                yield m
                break


def find_reporters(text: str) -> list[ReporterHit]:
    """All reporter citations, earliest-first, overlaps resolved (specific rules win)."""
    out: list[ReporterHit] = []
    generic = len(_RULES) - 1
    for m in _candidates(text):
        if out and m.start() < out[-1].end:
            continue
        rank = int(m.lastgroup[1:])
        key = _RULES[rank][1](_Groups(m, rank))
        key = ":".join(str(int(p)) if p.isdigit() else p for p in key.split(":"))  # "0801" -> "801"
        if rank == generic and key.split(":", 1)[0] in _GENERIC_DENY:
            continue
        out.append(ReporterHit(m.start(), m.end(), key))
    return out


_GAP_RE = re.compile(r"[\s:,=\[\]()]{0,6}")


def _series(key: str) -> str:
    """'SCC:1983:CRI:405' -> 'SCC:CRI'; 'SCC:1978:1:248' -> 'SCC'."""
    parts = key.split(":")
    return ":".join([parts[0]] + [p for p in parts[1:] if p.isalpha()])


def group_reporters(text: str, hits: list[ReporterHit]) -> list[list[ReporterHit]]:
    """Group parallel citations separated only by ':', ',', '=' or brackets.

    A ';' separates different cases, and a second report of the same series
    (two SCC cites) starts a new group.
    """
    groups: list[list[ReporterHit]] = []
    for h in hits:
        if groups:
            prev = groups[-1][-1]
            gap = text[prev.end : h.start]
            series = {_series(x.key) for x in groups[-1]}
            if len(gap) <= 6 and _GAP_RE.fullmatch(gap) and _series(h.key) not in series:
                groups[-1].append(h)
                continue
        groups.append([h])
    return groups


# The report series a loader may key from a structured citation field (the fields hold these).
STRUCTURED_SERIES = frozenset({"INSC", "SCC", "AIR", "SCR"})
_SPACES = re.compile(r"\s+")


def normalize_reporter(text: str) -> str | None:
    """CiteKey for one structured citation field ("(2017) 10 SCC 1"), or None when the whole
    field is not one citation of an INSC/SCC/AIR/SCR report. Same grammar as find_reporters."""
    if not text or not isinstance(text, str):
        return None
    t = _SPACES.sub(" ", text).strip().rstrip(".,;")
    hits = find_reporters(t)
    if len(hits) != 1 or hits[0].start != 0 or hits[0].end != len(t):
        return None
    key = hits[0].key
    return key if reporter_of(key) in STRUCTURED_SERIES else None


def reporter_of(key: str) -> str:
    return key.split(":", 1)[0]
