"""A provision that lists its conditions one to a line with no clause numbers (HMA s.5): the short answer says
the condition the question is about, after the words that introduce the list, and never a condition taken out
of a sub-list. Read from the corpus text itself; questions written for this test."""

from __future__ import annotations

import pytest

from core.stages import Evidence
from core.synthesis.short_answer import rule_sentence


@pytest.fixture(scope="module")
def hma5(corpus_section) -> Evidence:
    return corpus_section("HMA", "5")


@pytest.mark.parametrize(
    "question,says,never",
    [
        ("what is the age of marriage for a girl in india", "the bride, the age of eighteen years", "spouse living"),
        ("at what age can a boy get married legally", "age of twenty-one years", "spouse living"),
        ("can i marry a woman from my own sapinda", "not sapindas of each other", "age of"),
        # "insanity" is said only inside the sub-list under "neither party-": not taken out of it
        ("can a man with insanity marry", "namely- neither party has a spouse living", "recurrent attacks"),
        # nothing only one condition says: the provision's first sentence, as before
        ("what are the conditions of a hindu marriage", "namely- neither party has a spouse living", "age of"),
    ],
)
def test_the_condition_asked_is_said_after_its_lead_in(hma5, question, says, never):
    said = rule_sentence(hma5, question=question)
    assert said.startswith("a marriage may be solemnized between any two Hindus"), said
    assert says in said, said
    assert never not in said, said
