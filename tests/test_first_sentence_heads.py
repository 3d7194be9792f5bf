"""A section an amending Act inserted opens with its own number and heading in the amendment's bracket ("[129.
Wearing of protective headgear.--Every person ..."); 74 held provisions (MV Act, CPC) do. The answer quoted
"[129" as the rule of MV Act s.129. The first sentence is the rule's own words (core.synthesis.sentences)."""

from __future__ import annotations

import pytest

from core.synthesis.sentences import first_sentence


@pytest.mark.parametrize(
    "text,first",
    [
        (
            "[129. Wearing of protective headgear.--Every person driving a motor cycle shall wear headgear. More.",
            "Every person driving a motor cycle shall wear headgear",
        ),
        ("[192A. Using vehicle without permit-- (1) Whoever drives a vehicle shall be punishable.", "Whoever drives"),
        ("[2B.Promotion of innovation.-- Notwithstanding anything in this Act, it may be exempted.", "Notwithstanding"),
        ("[(1) In every inquiry the proceedings shall continue from day to day.", "In every inquiry"),
        # no inserted head: unchanged
        ("(1) Whoever commits theft shall be punished. (2) More.", "Whoever commits theft"),
        ("[Repealed by the A. O. 1950]", "[Repealed"),
    ],
)
def test_the_first_sentence_is_the_rules_own_words(text, first):
    assert first_sentence(text, 400).startswith(first)


def test_every_inserted_head_in_the_graph_is_dropped(graph):
    import re

    rows = graph.ro_query("MATCH (p:Provision) WHERE p.text STARTS WITH '[' RETURN p.id, p.text")
    inserted = [(pid, t) for pid, t in rows if re.match(r"^\[\d+[A-Z]*\.", t)]
    assert len(inserted) >= 50
    assert [pid for pid, t in inserted if first_sentence(t, 200).startswith("[")] == []
