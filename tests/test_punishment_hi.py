"""The Hindi words for a punishment clause (core.synthesis.punishment_hi): a table of real BNS
clauses and what a Hindi answer says for each, and the clauses it must refuse to say (None), so
that the Hindi answer never states a punishment the grammar did not read in full."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.synthesis.punishment_hi import hindi_punishment

CASES = [
    (
        "imprisonment of either description for a term which may extend to two years, or with fine, or with both",
        "2 वर्ष तक का कारावास, या जुर्माना, या दोनों",
    ),
    (
        "imprisonment of either description for a term which may extend to seven years and with fine",
        "7 वर्ष तक का कारावास और जुर्माना",
    ),
    (
        "imprisonment for a term which shall not be less than five years but which may extend to imprisonment "
        "for life, and shall also be liable to fine which shall not be less than five lakh rupees",
        "कम से कम 5 वर्ष का कारावास, जो आजीवन कारावास तक हो सकता है और कम से कम 5 लाख रुपये का जुर्माना",
    ),
    (
        "simple imprisonment for a term which may extend to one month, or with fine which may extend to five "
        "thousand rupees, or with both",
        "1 महीने तक का साधारण कारावास, या 5,000 रुपये तक का जुर्माना, या दोनों",
    ),
    (
        "imprisonment for life which shall mean imprisonment for the remainder of that person’s natural life, "
        "or with death",
        "आजीवन कारावास (शेष प्राकृतिक जीवन तक), या मृत्युदंड",
    ),
    ("fine which may extend to two hundred rupees", "200 रुपये तक का जुर्माना"),
    # the MV Act's forms: a fixed fine, an amending Act's brackets, a fine between two sums, a disqualification
    (
        "a fine of one thousand rupees and he shall be disqualified for holding licence for a period of three months",
        "1,000 रुपये का जुर्माना और 3 महीने के लिए लाइसेंस रखने की अयोग्यता",
    ),
    (
        "imprisonment for a term which may extend to three months, or with fine [of five thousand rupees], or with both",
        "3 महीने तक का कारावास, या 5,000 रुपये का जुर्माना, या दोनों",
    ),
    (
        "fine which shall not be less than one thousand rupees but may extend to two thousand rupees",
        "कम से कम 1,000 रुपये का जुर्माना, जो 2,000 रुपये तक हो सकता है",
    ),
    # NI Act s.138 as the corpus holds it (its amending Act's bracket and closing quote)
    (
        "imprisonment for [a term which may be extended to two years’], or with fine which may extend to twice "
        "the amount of the cheque, or with both",
        "2 वर्ष तक का कारावास, या चेक की राशि के दोगुने तक का जुर्माना, या दोनों",
    ),
]

REFUSED = [
    # a second clause the grammar does not read: saying only the first part would understate it
    "imprisonment of either description for a term which may extend to three years, or with fine, or with both "
    "and in case of second or subsequent conviction of any person under this section",
    "imprisonment of any description provided for that offence, for a term which may extend to one-half of the "
    "longest term provided for that offence",
    "fine only",
    # twice some other amount is not the cheque's
    "fine which may extend to twice the amount of the loan",
    # a disqualification without its period is not said as if it had none
    "a fine of one thousand rupees and he shall be disqualified for holding licence",
    "",
]


@pytest.mark.parametrize("clause,said", CASES)
def test_clause_said_in_hindi(clause, said):
    assert hindi_punishment(clause) == said


@pytest.mark.parametrize("clause", REFUSED)
def test_clause_not_read_in_full_is_not_said(clause):
    assert hindi_punishment(clause) is None


def test_most_bns_clauses_are_read_and_every_number_is_the_sources():
    """Over the real BNS text: most punishment clauses are read, and every number said is one the
    clause states (as digits or words)."""
    from core.config import load_settings
    from core.synthesis.facts import numbers
    from core.synthesis.short_answer import _PUNISHED

    path = Path(load_settings().corpus_dir) / "statutes/new_codes/bns_sections_from_met4l.json"
    if not path.exists():
        pytest.skip(f"corpus not at {path}")
    read = total = 0
    for row in json.loads(path.read_text(encoding="utf-8")):
        for m in _PUNISHED.finditer(row["text"]):
            clause = " ".join(m.group(1).split())
            total += 1
            said = hindi_punishment(clause)
            if said:
                read += 1
                stated = numbers(clause)
                for n in numbers(said.replace(",", "").replace(" लाख", "00000")):
                    assert n in stated, (clause, said)
    assert total > 300 and read / total > 0.8, (read, total)
