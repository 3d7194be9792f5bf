"""Abbreviations typed in capitals are spelt out for the search (core.language.abbreviations): "AB" is
anticipatory bail, "MIL" a mother-in-law, where in lower case both are everyday Roman Hindi ("ab" now, "mil"
get). Questions are written for these tests, not taken from any evaluation set."""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.language.abbreviations import ABBREVIATIONS, expanded

SPELT = [
    ("AB mil jayegi kya?", "anticipatory bail mil jayegi kya?"),
    ("A.B. ke liye kaunsa court", "anticipatory bail ke liye kaunsa court"),
    ("Meri MIL roz marti hai", "Meri mother-in-law roz marti hai"),
    ("NBW jaari hua hai, ab kya karein", "non-bailable warrant jaari hua hai, ab kya karein"),
]

KEPT = [
    "ab kya karu, police aa gayi",  # "ab" is now
    "bail mil gayi kya?",  # "mil" is get
    "AB KYA KARU BHAI POLICE GHAR AAYI",  # written in capitals throughout
    "mera blood group AB hai",
    "ABC company ne salary nahi di",
    "DV act me PO kaun hota hai",  # read already by the problems and the glossary  # a longer word in capitals is not an abbreviation of the table
    "",
]


@pytest.mark.parametrize("typed,spelt", SPELT)
def test_an_abbreviation_in_capitals_is_spelt_out(typed, spelt):
    assert expanded(typed) == spelt


@pytest.mark.parametrize("typed", KEPT)
def test_everyday_words_and_capitals_throughout_are_kept(typed):
    assert expanded(typed) == typed


def test_every_expansion_is_a_word_the_law_uses(graph):
    """Each expansion names something the graph holds: a provision's heading or text, a glossary term, or the
    words of a recognised problem ("mother-in-law": dowry, stridhan and domestic-violence problems)."""
    for short, words in ABBREVIATIONS.items():
        w = words.lower()
        found = (
            graph.ro_query(
                "MATCH (p:Provision) WHERE toLower(p.title) CONTAINS $w OR toLower(p.text) CONTAINS $w RETURN p.id LIMIT 1",
                {"w": w},
            )
            or graph.ro_query(
                "MATCH (t:Term) WHERE toLower(t.en) CONTAINS $w OR toLower(t.aliases_text) CONTAINS $w RETURN t.id LIMIT 1",
                {"w": w},
            )
            or graph.ro_query(
                "MATCH (p:Problem) WHERE toLower(p.phrasings_text) CONTAINS $w OR toLower(p.cues_text) CONTAINS $w "
                "RETURN p.id LIMIT 1",
                {"w": w},
            )
        )
        assert found, (short, words)


def test_ab_typed_for_anticipatory_bail_reaches_its_law(pipe):
    r = pipe.ask("bhai pe zameen ke jhagde me FIR hui hai, arrest ka dar hai. AB kaise milegi?")
    assert {"BNSS:482", "CRPC:438"} & set(cited_ids(r)), cited_ids(r)
