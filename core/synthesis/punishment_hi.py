"""A provision's punishment clause said in Hindi (issue 19: "चोरी की सज़ा किस धारा में है" is
answered with the punishment, not only the offence's name).

The corpus holds the new codes in English only, so a Hindi answer cannot quote the punishment. The
clauses are few and formulaic ("imprisonment of either description for a term which may extend to
three years, or with fine, or with both"), so they are read with a strict grammar and said again in
fixed Hindi words. Invariant 3 decides the design: a clause is rendered only when the grammar reads
all of it; anything else (a proviso, "in case of second or subsequent conviction", an unknown
phrase) gives None and the answer keeps the provision's name alone. No model is involved.
"""

from __future__ import annotations

import re

from core.synthesis.facts import numbers

_UNIT = {"year": "वर्ष", "years": "वर्ष", "month": "महीने", "months": "महीने", "day": "दिन", "days": "दिन"}
_NUM = r"((?:[a-z]+\s){0,3}?[a-z]+|\d+)"
_KIND = {"rigorous": "कठोर ", "simple": "साधारण ", "": ""}

_LIFE = r"imprisonment for life(?:,? which shall mean imprisonment for the remainder of that person['’]s natural life)?"
_TERM_PREFIX = r"(?:(rigorous|simple) )?imprisonment(?: of either description)?(?: for a term)?"
_SEGMENTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"death"), "death"),
    (re.compile(_LIFE), "life"),
    # "which may be extended to two years" (NI Act s.138, as its amending Act wrote it) says the same
    (re.compile(_TERM_PREFIX + rf" which may (?:be )?extend(?:ed)? to {_NUM} (years?|months?|days?)"), "upto"),
    (
        re.compile(
            _TERM_PREFIX
            + rf" (?:which shall|of) not (?:be )?less than {_NUM} (years?|months?|days?)"
            + rf"(?:,? but which may extend to (?:{_NUM} (years?|months?|days?)|({_LIFE})))?"
        ),
        "range",
    ),
    (re.compile(rf"fine which may extend to {_NUM} rupees"), "fine_upto"),
    # NI Act s.138: "fine which may extend to twice the amount of the cheque"
    (re.compile(r"fine which may extend to twice the amount of the cheque"), "fine_twice_cheque"),
    # the MV Act's fixed fines and licence disqualification (s.194D: "a fine of one thousand rupees and he
    # shall be disqualified for holding licence for a period of three months")
    (re.compile(rf"(?:a )?fine of {_NUM} rupees"), "fine_fixed"),
    (
        re.compile(
            rf"(?:he shall (?:also )?be )?disqualified for holding (?:a |the |any )?(?:driving )?licen[cs]e"
            rf" for a period of {_NUM} (years?|months?)"
        ),
        "disqualified",
    ),
    (
        re.compile(rf"fine which shall not be less than {_NUM} rupees,? but (?:which )?may extend to {_NUM} rupees"),
        "fine_range",
    ),
    (re.compile(rf"fine which shall not be less than {_NUM} rupees"), "fine_min"),
    (re.compile(r"fine"), "fine"),
]
_JOIN = [
    (re.compile(r",?\s*or with both\b"), ", या दोनों"),
    (re.compile(r",?\s*or with\b|,?\s*or\b"), ", या "),
    (re.compile(r",?\s*and shall also be liable to\b|,?\s*and (?:also )?with\b|,?\s*and\b"), " और "),
]


def _n(words: str) -> str | None:
    vals = numbers(words)
    if not vals:
        return None
    n = int(max(vals))
    return f"{n // 100_000} लाख" if n >= 100_000 and n % 100_000 == 0 else f"{n:,}"


def _segment(kind: str, m: re.Match[str]) -> str | None:
    if kind == "death":
        return "मृत्युदंड"
    if kind == "life":
        return "आजीवन कारावास" + (" (शेष प्राकृतिक जीवन तक)" if "remainder" in m.group(0) else "")
    if kind == "upto":
        n = _n(m.group(2))
        return f"{n} {_UNIT[m.group(3)]} तक का {_KIND[m.group(1) or '']}कारावास" if n else None
    if kind == "range":
        low = _n(m.group(2))
        if not low:
            return None
        base = f"कम से कम {low} {_UNIT[m.group(3)]} का {_KIND[m.group(1) or '']}कारावास"
        if m.group(6):
            return base + ", जो आजीवन कारावास तक हो सकता है"
        if m.group(4):
            high = _n(m.group(4))
            return f"{base}, जो {high} {_UNIT[m.group(5)]} तक हो सकता है" if high else None
        return base
    if kind == "fine_upto":
        n = _n(m.group(1))
        return f"{n} रुपये तक का जुर्माना" if n else None
    if kind == "fine_twice_cheque":
        return "चेक की राशि के दोगुने तक का जुर्माना"
    if kind == "fine_fixed":
        n = _n(m.group(1))
        return f"{n} रुपये का जुर्माना" if n else None
    if kind == "disqualified":
        n = _n(m.group(1))
        return f"{n} {_UNIT[m.group(2)]} के लिए लाइसेंस रखने की अयोग्यता" if n else None
    if kind == "fine_range":
        low, high = _n(m.group(1)), _n(m.group(2))
        return f"कम से कम {low} रुपये का जुर्माना, जो {high} रुपये तक हो सकता है" if low and high else None
    if kind == "fine_min":
        n = _n(m.group(1))
        return f"कम से कम {n} रुपये का जुर्माना" if n else None
    return "जुर्माना"


def hindi_punishment(clause: str) -> str | None:
    """The Hindi words for an English punishment clause (what follows "shall be punished with"), or
    None unless every word of it is read."""
    # the amending Acts' brackets ("or with fine [of five thousand rupees]") mark words, not a clause of their own
    text = " ".join((clause or "").lower().replace("’", "'").replace("[", " ").replace("]", " ").split())
    text = re.sub(r"\s+([,;.])", r"\1", text).rstrip(" .,;")
    # a closing quote the amending Act left after a unit ("two years’]") is not a word of the clause
    text = re.sub(r"\b(years?|months?|days?)'", r"\1", text)
    text = re.sub(r"^with\s+", "", text)
    out: list[str] = []
    pos, want_segment = 0, True
    while pos < len(text):
        while pos < len(text) and text[pos] == " ":
            pos += 1
        if pos >= len(text):
            break
        if want_segment:
            for pat, kind in _SEGMENTS:
                m = pat.match(text, pos)
                if m and (m.end() == len(text) or not text[m.end()].isalnum()):
                    piece = _segment(kind, m)
                    if piece is None:
                        return None
                    out.append(piece)
                    pos, want_segment = m.end(), False
                    break
            else:
                return None
        else:
            for pat, word in _JOIN:
                m = pat.match(text, pos)
                if m:
                    out.append(word)
                    pos = m.end()
                    want_segment = word != ", या दोनों"
                    break
            else:
                return None
            if out[-1] == ", या दोनों" and text[pos:].strip():
                return None
    if want_segment or not out:
        return None
    return "".join(out)
