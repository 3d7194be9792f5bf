"""Case names around a versus marker: "Maneka Gandhi v. Union of India".

The marker is found by one bounded regex; the parties are then read token by
token in a fixed window on each side (at most MAX_TOKENS), so the cost per
marker is constant and the whole scan is linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_TOKENS = 12
WINDOW = 120

# "v." "v" "vs" "vs." "Vs." "VS" "V/s" "versus" "बनाम" -- on one line.  A lone
# capital "V." is not accepted: it is usually a roman numeral ("Part V.").
VERSUS_RE = re.compile(r"(?<=\S)[ \t]{1,3}(?:v|vs|Vs|VS|V/s|v/s|versus|Versus|VERSUS|बनाम)[.,]?[ \t]{1,3}(?=\S)")
TOKEN_RE = re.compile(r"\S{1,60}")
BLANK_LINE_RE = re.compile(r"\n[ \t\r]*\n")

CONNECTORS = {"of", "and", "the", "&", "for", "through", "thr.", "by", "in", "on", "de", "da", "vs."}
# Abbreviations that end with '.' without ending a sentence.
ABBREV = {
    "ltd",
    "co",
    "pvt",
    "inc",
    "corpn",
    "corp",
    "govt",
    "dr",
    "mr",
    "mrs",
    "ms",
    "smt",
    "shri",
    "sri",
    "ors",
    "anr",
    "st",
    "bros",
    "mfg",
    "assn",
    "kum",
    "mohd",
    "md",
    "no",
    "nos",
    "ld",
    "pt",
    "sh",
    "jt",
    "dy",
    "asstt",
    "addl",
    "comm",
    "commr",
    "secy",
    "dist",
    "distt",
    "m/s",
    "vs",
    "thr",
    "etc",
    "u.p",
    "m.p",
    "a.p",
    "h.p",
    "j&k",
    "n.c.t",
    "nct",
    "cit",
    "ito",
    "dcit",
    "acit",
}
LEFT_CONNECTORS = CONNECTORS - {"in", "on", "by", "through", "thr.", "vs."}
LEFT_STOP = {
    "in",
    "see",
    "also",
    "cf",
    "cf.",
    "vide",
    "following",
    "relying",
    "relied",
    "held",
    "hon'ble",
    "judgment",
    "decision",
    "case",
    "where",
    "whereas",
    "thus",
    "therefore",
    "further",
    "however",
    "similarly",
    "likewise",
    "moreover",
    "accordingly",
    "per",
    "as",
    "this",
    "that",
    "on",
    "by",
    "through",
    "court",
    "bench",
    "petitioner",
    "appellant",
    "respondent",
    "appellants",
    "respondents",
}
RIGHT_STOP = {"air", "scc", "scr", "insc", "jt", "reported", "supra", "(supra)", "(supra),", "decided", "wherein"}
_INITIALS = re.compile(r"^(?:[A-Z]\.){1,4}[A-Z]?\.?$|^[A-Z]\.$")


# Words of a case name that do not tell one case from another (parties' roles, "State", "Union
# of India", "Ltd"): left out when names are compared (core.verify, core.support).
_STOP_NAME = frozenset(
    """
v vs versus and anr ors others another the of state union india govt government
mr mrs ms dr shri smt m s etc through thr by its lrs legal representatives appellant
respondent petitioner ltd pvt limited co company
""".split()
)
_NAME_TOKEN = re.compile(r"[a-z0-9]+")


def name_tokens(name: str) -> set[str]:
    """The distinguishing lower-case words of a case name (stop words and 1-letter tokens out)."""
    return {t for t in _NAME_TOKEN.findall(name.lower()) if t not in _STOP_NAME and len(t) > 1}


@dataclass(frozen=True)
class CaseName:
    start: int
    end: int
    name: str
    left: str
    right: str


def _is_devanagari(tok: str) -> bool:
    return any("\u0900" <= ch <= "\u097f" for ch in tok)


def _core(tok: str) -> str:
    return tok.strip("()[]{},;:\"'“”‘’").lstrip(".")


def _capitalised(tok: str) -> bool:
    t = _core(tok)
    if t.lower().startswith("m/s"):
        return True
    for ch in t:
        if ch.isalpha():
            return ch.isupper() or _is_devanagari(ch)
        if ch.isdigit():
            return False
    return False


def _script(tok: str) -> str:
    for ch in tok:
        if ch.isalpha():
            return "deva" if _is_devanagari(ch) else "latin"
    return "other"


def _ends_sentence(tok: str) -> bool:
    """Token ends with '.' that is not an abbreviation or an initial."""
    t = tok.rstrip(")]\"'”’")
    if not t.endswith("."):
        return False
    body = t.rstrip(".").lstrip("([\"'“‘")
    if _INITIALS.match(t.lstrip("([\"'“‘")) or len(body) <= 1:
        return False
    last = body.rsplit(".", 1)[-1].lower()
    return body.lower() not in ABBREV and last not in ABBREV


def _left_party(text: str, end: int) -> tuple[int, list[str]] | None:
    lo = max(0, end - WINDOW)
    window = text[lo:end]
    toks = list(TOKEN_RE.finditer(window))
    taken: list[re.Match] = []
    for i in range(len(toks) - 1, -1, -1):
        m = toks[i]
        tok = m.group()
        gap = window[m.end() : toks[i + 1].start()] if i + 1 < len(toks) else ""
        if BLANK_LINE_RE.search(gap) or len(taken) >= MAX_TOKENS:
            break
        if taken and (tok[-1] in ",;:" or _ends_sentence(tok)):
            break
        # a danda or a closing quote ends a sentence; a party name does not switch script
        if "।" in tok or tok[-1] in '"”' or (taken and _script(tok) != _script(taken[-1].group())):
            break
        low = _core(tok).lower()
        if low in LEFT_CONNECTORS:
            taken.append(m)
            continue
        if low in LEFT_STOP and tok[:1] not in "([":
            break
        if not _capitalised(tok):
            break
        taken.append(m)
        if tok[:1] in "([" and not tok.startswith("(India"):
            break
    while taken and _core(taken[-1].group()).lower() in LEFT_CONNECTORS:
        taken.pop()
    if not taken:
        return None
    taken.reverse()
    first = taken[0]
    lead = len(first.group()) - len(first.group().lstrip("([\"'“‘"))
    return lo + first.start() + lead, [t.group() for t in taken]


def _right_party(text: str, start: int, blocked: frozenset[int] | set[int]) -> tuple[int, list[str]] | None:
    window = text[start : start + WINDOW]
    toks = TOKEN_RE.finditer(window)
    taken: list[str] = []
    end = start
    prev_end = 0
    for m in toks:
        tok = m.group()
        if BLANK_LINE_RE.search(window[prev_end : m.start()]) and taken:
            break
        prev_end = m.end()
        if len(taken) >= MAX_TOKENS or (start + m.start()) in blocked:
            break
        if tok[:1] == "[" or (tok[:1] == "(" and (not tok[1:2].isalpha() or ")" not in tok)):
            break
        low = _core(tok).lower()
        if low in RIGHT_STOP:
            break
        if taken and _script(tok) != _script(taken[-1]):
            break
        stop_after = tok[-1] in ",;:" or _ends_sentence(tok) or "।" in tok
        if low in CONNECTORS:
            if stop_after:
                break
            taken.append(tok)
            continue
        if not _capitalised(tok):
            break
        clean = tok.rstrip(",;:\"'”’")
        if stop_after and _ends_sentence(clean):
            clean = clean[:-1]
        if clean.startswith("(") and clean.count("(") > clean.count(")"):
            clean = clean  # "(India)" style kept whole
        taken.append(clean)
        end = start + m.start() + len(clean)
        if stop_after:
            break
    while taken and _core(taken[-1]).lower() in CONNECTORS:
        taken.pop()
    if not taken:
        return None
    # Recompute end for the last kept token (connectors may have been popped).
    return end, taken


def find_case_names(text: str, blocked: set[int]) -> list[CaseName]:
    """Case names; ``blocked`` holds start offsets of reporter citations."""
    out: list[CaseName] = []
    last_end = -1
    for m in VERSUS_RE.finditer(text):
        if m.start() < last_end:
            continue
        right = _right_party(text, m.end(), blocked)
        if not right:
            continue
        left = _left_party(text, m.start())
        if not left:
            continue
        start, ltoks = left
        end, rtoks = right
        if not any(_capitalised(t) for t in ltoks) or not any(_capitalised(t) for t in rtoks):
            continue
        lname = " ".join(_core(t) if i == 0 else t for i, t in enumerate(ltoks)).strip()
        rname = " ".join(rtoks).strip().rstrip(",;:")
        name = f"{lname} v. {rname}"
        out.append(CaseName(start, end, name, lname, rname))
        last_end = end
    return out
