"""The punishment of a provision that says "shall be punishable with" is said, and a first offence's
punishment never without the second's.

The MV Act and the IT Act write "shall be punishable with" (MV Act: 25 sections, IT Act: 5) where the BNS
writes "shall be punished with"; only the BNS form was read, so "what is the punishment for hacking" and "what
is the fine for driving without a licence" were answered with the provision's first words and no punishment.
MV Act s.185 punishes a first drunken-driving offence with six months and a second with two years: saying the
first alone would say the law more leniently than it is (invariant 3).
"""

from __future__ import annotations

import pytest

from core.stages import Evidence
from core.synthesis.short_answer import rule_sentence


def _ev(graph, node_id: str) -> Evidence:
    text = graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.text", {"id": node_id})[0][0]
    return Evidence(node_id=node_id, label="Section", name=node_id, text=text, cite_as=node_id)


@pytest.mark.parametrize(
    "node_id,q,says",
    [
        ("ITA:66", "what is the punishment for hacking a computer", ("punishable with", "three years")),
        ("MVA:181", "fine for driving without a licence", ("punishable with", "three months")),
        ("MVA:194D", "no helmet fine", ("punishable with", "one thousand rupees")),
        (
            "MVA:185",
            "what is the punishment for drunk driving",
            ("first offence", "six months", "second or subsequent offence", "two years"),
        ),
        # "shall, without prejudice to any other provision of this Act, be punished with"; the amending Act's
        # bracket "[a term which may be extended to two years’]" said without its marks
        (
            "NIA:138",
            "what is the punishment for cheque bounce",
            ("punishable with imprisonment for a term which may be extended to two years,", "twice the amount"),
        ),
    ],
)
def test_the_punishment_said_in_the_acts_own_form(graph, node_id, q, says):
    said = rule_sentence(_ev(graph, node_id), question=q)
    assert all(s in said for s in says), said


def test_a_second_offence_with_a_condition_of_its_own_is_not_cut_to_the_first():
    """MV Act s.184's second-offence punishment holds only within three years of the first: with no form that
    keeps both, the first offence's punishment is not said as the rule (the law's own words, with their condition,
    may be quoted)."""
    text = (
        "Whoever drives a motor vehicle at a speed or in a manner which is dangerous to the public shall be "
        "punishable for the first offence with imprisonment for a term which may extend to one year, and for "
        "any second or subsequent offence if committed within three years of the commission of a previous "
        "similar offence with imprisonment for a term which may extend to two years."
    )
    said = rule_sentence(Evidence(node_id="MVA:184", label="Section", name="x", text=text, cite_as="x"), question="")
    assert not said.startswith("punishable with"), said  # never "punishable with ... one year" as the rule
    assert "one year" not in said or "first offence" in said, said  # quoted, its condition is quoted with it


def test_the_cheque_punishment_is_said_in_hindi(graph):
    """NI Act s.138 in a Hindi answer: its two years and twice the cheque's amount, read in full."""
    from core.synthesis.punishment_hi import hindi_punishment

    said = rule_sentence(_ev(graph, "NIA:138"), max_chars=2000, question="चेक बाउंस की सज़ा कितनी है")
    assert hindi_punishment(said.removeprefix("punishable with ")) == (
        "2 वर्ष तक का कारावास, या चेक की राशि के दोगुने तक का जुर्माना, या दोनों"
    )
