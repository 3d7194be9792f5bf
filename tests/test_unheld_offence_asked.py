"""Whether something is an offence, asked beside an unheld civil Act its words only evoke (issue 19).

"दुकान पर नकली नोट चला दिया, ये कितना बड़ा अपराध है" says the Consumer Protection Act's subject (fake goods,
a shop) in its key terms, yet asks whether passing a counterfeit note is an offence: BNS ss.178-180
(counterfeiting, using as genuine, possessing counterfeit currency-notes; checked in
../shared/corpus/statutes/new_codes/bns_sections_from_met4l.json) answer it (core.unheld_gate
held_offence_governs, CIVIL_ROUTES). An unheld penal Act keeps such a question: a dowry demand asked
"is it a crime" stays the Dowry Prohibition Act's. Written for this test in our own words, not from any
evaluation set or the pack's lay words.
"""

from __future__ import annotations

import json

import pytest
from answer_support import cited_ids

from core.unheld_gate import CIVIL_ROUTES
from domain import paths

COUNTERFEIT = ("BNS:178", "BNS:179", "BNS:180")

HELD = [
    ("सब्ज़ी वाले की दुकान पर किसी ने नकली नोट दे कर सामान ले लिया, क्या ये अपराध है", COUNTERFEIT),
]


@pytest.mark.parametrize("q,gold", HELD)
def test_offence_asked_beside_a_civil_act_is_answered_from_held_law(pipe, q, gold):
    r = pipe.ask(q)
    assert r.status in ("answer", "conflict") and r.abstain_reason != "abstain.not_held", (r.status, r.answer[:160])
    assert set(gold) & set(cited_ids(r)), cited_ids(r)


def test_a_penal_act_keeps_the_offence_question(pipe):
    r = pipe.ask("रिश्ता तय होते ही लड़के वाले दहेज में गाड़ी मांग रहे हैं, क्या ये अपराध है")
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held" and not cited_ids(r), r.answer[:160]


def test_civil_routes_are_routes_of_the_pack():
    pack = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
    routes = {a.get("route") for a in pack["not_held"]}
    assert CIVIL_ROUTES <= routes
    assert "police_station" not in CIVIL_ROUTES


# A bribe to a public servant is the Prevention of Corruption Act's (not held); the held offences that
# share a word with it are narrower: BNS s.212 is false information to a public servant, BNS ss.170-173
# are bribery at elections (checked in ../shared/corpus/statutes/new_codes/bns_sections_from_met4l.json).
# Written for this test, not from any evaluation set.
BRIBE_TO_OFFICIAL = [
    "what is the punishment for giving a bribe to a government officer",
    "rishwat dena kaunsa apraadh hai",
]


@pytest.mark.parametrize("q", BRIBE_TO_OFFICIAL)
def test_a_bribe_to_an_official_names_the_corruption_act(pipe, q):
    r = pipe.ask(q)
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held", (r.status, cited_ids(r))
    assert not cited_ids(r)
    assert "Prevention of Corruption" in r.answer or "Corruption" in r.answer or "भ्रष्टाचार" in r.answer, r.answer[:200]


def test_a_bribe_at_an_election_keeps_the_held_offence(pipe):
    r = pipe.ask("punishment for bribing voters at election")
    assert r.status == "answer" and {"BNS:170", "BNS:173"} & set(cited_ids(r)), cited_ids(r)
