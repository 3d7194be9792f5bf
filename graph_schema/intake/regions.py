"""Regions of a cleaned judgment (header, body, decision/order) and its sentences.

    regions(text) -> [Region("header", 0, h), Region("body", h, d), Region("decision", d, len)]

Header: the preamble up to the first of "JUDGMENT" / "ORDER" standing alone (or as the SC
reports' "JUDGMENT:" label), "<Name>, J.:" opening the judgment, or "... delivered the
following"; without any of these, the lines before the first run of prose.
Decision: from the paragraph that opens the operative part ("In the result", "For the reasons
...", "the appeal is dismissed/allowed", "ORDER" near the end, ...) found in the last third of
the text, to the end (signatures included). A region may be empty; regions never overlap.

Sentences: split on sentence ends that are not abbreviations or initials, on blank lines, and
(in the header) on every line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADER_MAX = 12_000  # characters: a header is never longer (the rest is body)


@dataclass(frozen=True)
class Region:
    kind: str  # "header" | "body" | "decision"
    start: int
    end: int
    how: str = ""


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str
    region: str
    paragraph: int


_JUDGMENT_LINE = re.compile(
    r"^[ \t]*(?:/{1,2}[ \t]*)?(?:(?:COMMON|ORAL|FINAL|REPORTABLE|CAV|C\.A\.V\.)[ \t]+)?"
    r"(?:J[ \t]?U[ \t]?D[ \t]?G[ \t]?(?:E[ \t]?)?M[ \t]?E[ \t]?N[ \t]?T|O[ \t]?R[ \t]?D[ \t]?E[ \t]?R"
    r"|Judg(?:e)?ment|Order)(?:[ \t]*:?[ \t]*\((?i:oral|per)[^)\n]{0,60}\))?[ \t:.\-–]*(?:/{1,2})?"
    r"(?:[ \t]*$|[ \t]+(?=\d{1,2}\.[ \t]))",
    re.M,
)
_JUDGMENT_LABEL = re.compile(r"^[ \t]*JUDGMENT:", re.M)
_AUTHOR_LINE = re.compile(
    r"^[ \t]*(?:(?:Hon'?ble|Per)[ \t]+)?(?:(?:Mr|Mrs|Ms|Dr)\.?[ \t]*)?(?:Justice[ \t]+)?"
    r"[A-Z][A-Za-z.' ]{1,40},?[ \t]+(?:C\.?[ \t]?J\.?|J\.)(?![ \t]?[A-Z]\.)[ \t]*(?:\((?:Oral|Dissenting|Concurring)\))?"
    r"[ \t]*(?:[:\-–—]|$)",
    re.M,
)
_DELIVERED = re.compile(r"(?:delivered|pronounced|passed|made)[ \t]+the[ \t]+following[^\n]{0,30}$", re.M | re.I)
_DECISION = re.compile(
    r"(?:\bin[ \t]+the[ \t]+result\b|\bfor[ \t]+the[ \t]+(?:reasons|foregoing|aforesaid|above)\b|\bin[ \t]+view[ \t]+of[ \t]+the"
    r"[ \t]+(?:above|foregoing|aforesaid)\b|\bresultantly\b|\bconsequently,?[ \t]+the[ \t]+(?:appeal|petition)"
    r"|\b(?:appeals?|petitions?|applications?|revisions?|writ[ \t]+petitions?|suits?)[ \t]+(?:is|are|stands?|shall[ \t]+stand)"
    r"[ \t]+(?:hereby[ \t]+|accordingly[ \t]+|partly[ \t]+)?(?:dismissed|allowed|disposed|rejected|quashed)"
    r"|\b(?:appeals?|petitions?|applications?|revisions?|suits?)\b[^.\n]{0,40}?[ \t,]+(?:must|shall|should|is|are|stands?)"
    r"[ \t,]+(?:therefore[ \t,]+|accordingly[ \t,]+|hereby[ \t,]+)?(?:be[ \t]+)?(?:dismissed|allowed|disposed|rejected)"
    r"|\b(?:appeals?|petitions?)[ \t]+(?:no\.?[ \t]*\d+[ \t]+(?:of[ \t]+\d{4}[ \t]+)?)(?:dismissed|allowed)"
    r"|\b(?:bear|pay)[ \t]+(?:their|its|his|her)[ \t]+own[ \t]+costs\b"
    r"|\bwe[ \t]+(?:therefore[ \t]+|accordingly[ \t]+)?(?:allow|dismiss|dispose)\b|\bno[ \t]+order[ \t]+as[ \t]+to[ \t]+costs\b"
    r"|^[ \t]*(?:O[ \t]?R[ \t]?D[ \t]?E[ \t]?R|FINAL[ \t]+ORDER|OPERATIVE[ \t]+PORTION)[ \t]*:?[ \t]*$)",
    re.I | re.M,
)


def _prose_start(text: str) -> int | None:
    """Start of the first paragraph of running prose (three or more long lines, or one long one)."""
    for m in re.finditer(r"(?:^|\n\n)(?P<p>[^\n].*?)(?=\n\n|\Z)", text[:HEADER_MAX], re.S):
        para = m.group("p")
        lines = [ln for ln in para.split("\n") if ln.strip()]
        words = len(para.split())
        if (
            words >= 40
            and (len(lines) <= 2 or sum(len(ln.strip()) >= 55 for ln in lines) >= 3)
            and not re.search(r"\.{2,}[ \t]*(?:appellant|petitioner|respondent)", para, re.I)
        ):
            return m.start("p")
    return None


def header_end(text: str) -> tuple[int, str]:
    """(offset where the body starts, how it was found)."""
    lim = min(len(text), HEADER_MAX)
    cands = []
    for rx, how in (
        (_JUDGMENT_LINE, "judgment-heading"),
        (_JUDGMENT_LABEL, "judgment-label"),
        (_DELIVERED, "delivered-the-following"),
        (_AUTHOR_LINE, "author-line"),
    ):
        m = rx.search(text, 0, lim)
        if m and m.start() > 0:
            end = m.end() if how != "author-line" else m.start()
            if how == "judgment-label":
                end = m.end()
            cands.append((m.start(), end, how))
    if cands:
        start, end, how = min(cands)
        if how == "delivered-the-following":  # the heading line usually follows
            nxt = _JUDGMENT_LINE.match(text, end + 1) or _JUDGMENT_LINE.search(text, end, min(len(text), end + 80))
            if nxt:
                end = nxt.end()
        return end, how
    p = _prose_start(text)
    if p:
        return p, "first-prose"
    return 0, "none"


def decision_start(text: str, body_start: int) -> tuple[int, str]:
    """(offset where the decision/order starts, how) or (len(text), "none")."""
    n = len(text)
    lo = max(body_start, int(n * 0.66))
    if n - body_start < 400:
        lo = body_start
    hits = [m for m in _DECISION.finditer(text, lo)]
    if not hits:
        return n, "none"
    first = hits[0].start()
    para = text.rfind("\n\n", body_start, first)
    start = para + 2 if para >= 0 else body_start
    line = text.rfind("\n", body_start, first)
    if first - start > 2500 and line >= 0:  # a very long paragraph: start at the marker's line
        start = line + 1
    return max(start, body_start), "marker"


def regions(text: str) -> list[Region]:
    h, how_h = header_end(text)
    d, how_d = decision_start(text, h)
    return [Region("header", 0, h, how_h), Region("body", h, d, ""), Region("decision", d, len(text), how_d)]


# ---------------------------------------------------------------- sentences

_ABBREV = {
    "no",
    "nos",
    "sec",
    "secs",
    "art",
    "arts",
    "cl",
    "mr",
    "mrs",
    "ms",
    "dr",
    "smt",
    "shri",
    "sri",
    "hon'ble",
    "v",
    "vs",
    "viz",
    "ie",
    "eg",
    "etc",
    "ltd",
    "co",
    "pvt",
    "inc",
    "corpn",
    "govt",
    "ors",
    "anr",
    "st",
    "ld",
    "addl",
    "asstt",
    "dy",
    "dist",
    "distt",
    "cr",
    "crl",
    "cri",
    "civ",
    "app",
    "appl",
    "misc",
    "w.p",
    "wp",
    "s",
    "ss",
    "r",
    "o",
    "p",
    "pp",
    "para",
    "paras",
    "ch",
    "vol",
    "ed",
    "edn",
    "supp",
    "j",
    "jj",
    "cj",
    "ex",
    "exh",
    "exbt",
    "sr",
    "jr",
    "rs",
    "re",
    "hon",
    "u",
    "cf",
    "ibid",
    "id",
    "op",
    "cit",
    "approx",
    "a.i.r",
    "s.c",
    "s.c.c",
    "s.c.r",
    "m/s",
    "i.p.c",
    "cr.p.c",
    "i.e",
    "e.g",
    "a.p",
    "u.p",
    "m.p",
    "h.p",
}
_SENT_END = re.compile(
    r"(?<=[.?!])[\"'”’)\]]?[ \t]+(?=[\"'“‘(\[]?[A-Z0-9])|(?<=[.?!][\"'”’])\s+|\n[ \t]*\n|"
    r"(?<=[:;])[ \t]*\n(?=[ \t]*(?:\(?[0-9]{1,3}[.)]|\([a-z]\)|\(?[ivx]{1,4}\))[ \t])"
)
_WORD_BEFORE = re.compile(r"([A-Za-z'./]+)\.[\"'”’)\]]?$")
MAX_SENTENCE = 1500


def _is_abbrev(before: str) -> bool:
    m = _WORD_BEFORE.search(before[-40:])
    if not m:
        return False
    w = m.group(1).lower().strip("(")
    if w in _ABBREV or w.rstrip(".") in _ABBREV:
        return True
    if re.fullmatch(r"(?:[a-z]\.){1,4}[a-z]?", w) or len(w) == 1:  # initials "A.K." / "K."
        return True
    return False


def split_sentences(text: str, start: int, end: int, region: str, by_line: bool = False) -> list[Sentence]:
    out: list[Sentence] = []
    chunk = text[start:end]
    para = 0
    cuts = [0]
    if by_line:
        cuts += [m.end() for m in re.finditer(r"\n", chunk)]
    else:
        for m in _SENT_END.finditer(chunk):
            if "\n\n" not in m.group() and chunk[m.start() - 1 : m.start()] == "." and _is_abbrev(chunk[: m.start()]):
                continue
            cuts.append(m.end())
    cuts.append(len(chunk))
    cuts = sorted(set(cuts))
    for a, b in zip(cuts, cuts[1:]):
        seg = chunk[a:b]
        if "\n\n" in chunk[max(0, a - 2) : a + 1] or a == 0:
            para += 1
        lo = len(seg) - len(seg.lstrip())
        hi = len(seg.rstrip())
        if hi <= lo:
            continue
        s0, s1 = start + a + lo, start + a + hi
        # an over-long run without a sentence end (a table, a list) is cut at spaces
        while s1 - s0 > MAX_SENTENCE:
            cut = text.rfind(" ", s0, s0 + MAX_SENTENCE)
            cut = cut if cut > s0 else s0 + MAX_SENTENCE
            out.append(Sentence(s0, cut, text[s0:cut], region, para))
            s0 = cut + 1
        if text[s0:s1].strip() and re.search(r"[A-Za-z0-9\u0900-\u097f]", text[s0:s1]):
            out.append(Sentence(s0, s1, text[s0:s1], region, para))
    return out


def sentences(text: str, regs: list[Region]) -> list[Sentence]:
    out: list[Sentence] = []
    for r in regs:
        if r.end > r.start:
            out += split_sentences(text, r.start, r.end, r.kind, by_line=r.kind == "header")
    return out
