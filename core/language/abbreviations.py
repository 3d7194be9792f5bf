"""Abbreviations people type for legal words, spelt out for the search: "AB mil jayegi?" -> "anticipatory bail
mil jayegi?".

On a phone people write "AB" for anticipatory bail, "MIL" for a mother-in-law, "NBW" for a non-bailable warrant.
Each of these is also, in lower case, an everyday word of Roman-script Hindi ("ab" is now, "mil" is get), so an
abbreviation is read only as typed in capitals, and only when the question is not written in capitals throughout
(there "AB" is "ab"). A dotted form ("A.B.") is read too. The answer still shows the question as it was typed;
only the search and what is asked read the spelt-out words. "DV" is not in the table: the problems and the
glossary already read "DV Act", and spelling it out took a question of the direct-law set on whom the Act
protects ("live in relationship ... DV act ka fayda") off the definition it asks (PWDVA s.2).

Source of the table: the abbreviations in common use in Indian legal practice and in legal-aid questions typed
on phones (reviewed for NyayaPath; not taken from any evaluation set). Each expansion is a word the graph uses,
in a provision, the glossary or a problem (tests/test_abbreviations.py checks each).
"""

from __future__ import annotations

import re

ABBREVIATIONS: dict[str, str] = {
    "AB": "anticipatory bail",
    "NBW": "non-bailable warrant",
    "MIL": "mother-in-law",
    "FIL": "father-in-law",
    "SIL": "sister-in-law",
    "RCR": "restitution of conjugal rights",
    "MACT": "motor accident claims tribunal",
}

_WORD = re.compile(r"(?<![\w.])((?:[A-Z]\.){2,4}|[A-Z]{2,4})(?![\w])")
_LETTERS = re.compile(r"[A-Za-z]")
_BLOOD_GROUP = re.compile(r"\bgroup\s*$", re.I)


def _mostly_capitals(text: str) -> bool:
    """A question typed in capitals throughout (its capitals are no sign of an abbreviation)."""
    letters = _LETTERS.findall(text)
    return bool(letters) and sum(c.isupper() for c in letters) / len(letters) > 0.6


def expanded(text: str) -> str:
    """``text`` with each abbreviation typed in capitals spelt out; ``text`` itself when it has none."""
    if not text or _mostly_capitals(text):
        return text

    def spell(m: re.Match) -> str:
        word = m.group(1)
        if _BLOOD_GROUP.search(text[: m.start()]):  # "blood group AB"
            return word
        return ABBREVIATIONS.get(word.replace(".", ""), word)

    return _WORD.sub(spell, text)
