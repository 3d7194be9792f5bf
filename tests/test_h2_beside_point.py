"""No citation beside the point (invariant 2), found by hand on Dec 6 (helper H2).

- A provision a question about the law is about only through part of what another one it is about says is
  beside its point (core.relevance RelevanceChecker._within): "the minimum age for marriage of a boy" is HMA
  s.5 (the bridegroom twenty-one), and the MV Act's age to drive (s.4) shares only "minimum age"; money for
  votes is bribery at elections (BNS s.173), and Art. 326 (adult suffrage) shares only "vote".
- "can I marry without my parents' consent" meets the law of marriage (HMA s.5 by its pack names; the Special
  Marriage Act's conditions, s.4, for "get married"), not "without ... consent" alone (BNS s.89, causing
  miscarriage without the woman's consent). "married" is not folded into "marriage": a child born while the
  parents were married is no child marriage (the Prohibition of Child Marriage Act is not held).
- A passport kept back by an employer is the Passports Act's, which the graph does not hold: the Act is named
  and the person routed, with no citation (provision_names.json: not_held, UNHELD:PASSPORT).

Sources (checked against the corpus below, test_sources_say_it): HMA s.5 (conditions for a Hindu marriage,
clause (iii): the bridegroom twenty-one, the bride eighteen) and s.6 (guardianship in marriage, repealed by Act 2
of 1978), statutes/civil_family/hma.json; BNS s.173 (punishment for bribery), statutes/new_codes/
bns_sections_from_met4l.json; Constitution Art. 326, constitution/constitution.json. Every question here is
written for this test in our own words, not from any evaluation or training set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from answer_support import cited_ids

MISCARRIAGE = {"BNS:89", "IPC:313"}

# (question, a provision that must be cited, provisions that must not be)
HELD = [
    # marrying without the parents' consent: the conditions of a Hindu marriage, no miscarriage section
    ("can I marry without my parents consent at 19", "HMA:5", MISCARRIAGE),
    ("I am 23, can I get married without my parents consent", {"HMA:5", "SMA:4"}, MISCARRIAGE),
    ("is my parents consent needed for my marriage if I am 22", "HMA:5", MISCARRIAGE),
    # the age of marriage: HMA s.5, not the age to drive
    ("what is the minimum age for marriage of a boy", "HMA:5", {"MVA:4", "MVA:18"}),
    ("what is the minimum legal age of marriage for a girl", "HMA:5", {"MVA:4", "MVA:18"}),
    ("लड़के की शादी की न्यूनतम उम्र क्या है", "HMA:5", {"MVA:4", "MVA:18"}),
    # money for votes: bribery at elections, not the right to vote
    ("वोट के बदले पैसे", "BNS:173", {"COI:326"}),
    ("वोट के बदले पैसे देना कौन सा अपराध है", "BNS:173", {"COI:326"}),
    ("vote dene ke badle paise lena kaunsa jurm hai", "BNS:173", {"COI:326"}),
    pytest.param(
        "is giving money in exchange for votes a crime",
        "BNS:173",
        {"COI:326", "NIA:5"},
        id="money-in-exchange-for-votes",
        marks=pytest.mark.xfail(
            strict=False,
            reason="the scorer leads with NI Act s.5 ('bill of exchange') on the one word 'exchange'; a word of a "
            "longer term said alone (core.direct / core.provision_rank), not the relevance gate",
        ),
    ),
]

# (question, words of the unheld Act that must be named)
NOT_HELD = [
    ("can my employer keep my passport", "Passports Act"),
    ("my company has taken my passport and will not give it back, what can I do", "Passports Act"),
    ("मालिक ने मेरा पासपोर्ट रख लिया है, वापस नहीं दे रहा", "पासपोर्ट अधिनियम"),
]


def _said(r) -> str:
    return f"{r.status} {r.abstain_reason} {cited_ids(r)} {r.answer[:160]!r}"


@pytest.mark.parametrize("q,gold,never", HELD)
def test_only_the_law_of_the_point_is_cited(pipe, q, gold, never):
    r = pipe.ask(q)
    golds = gold if isinstance(gold, set) else {gold}  # any one of them
    assert r.status in ("answer", "conflict") and golds & set(cited_ids(r)), _said(r)
    assert not set(cited_ids(r)) & never, _said(r)


@pytest.mark.parametrize("q,act", NOT_HELD)
def test_a_kept_passport_is_routed_to_the_passports_act(pipe, q, act):
    r = pipe.ask(q)
    assert (r.status, r.abstain_reason, cited_ids(r)) == ("abstain", "abstain.not_held", []), _said(r)
    assert act.lower() in f"{r.answer} {r.spoken or ''}".lower(), _said(r)


def test_marry_is_marriage_but_married_is_not():
    from core.provisions import toks

    assert toks("marry") == toks("marriage") and toks("remarry") == toks("remarriage")
    assert toks("married") != toks("marriage")


def test_a_child_born_in_a_marriage_is_no_child_marriage(pipe):
    r = pipe.ask("my husband says the child born while we were married is not his, can he deny it")
    assert r.status == "answer" and "BSA:116" in cited_ids(r), _said(r)  # the presumption of legitimacy


def test_sources_say_it():
    corpus = Path(os.environ.get("NYAYAPATH_CORPUS", "/work/shared/corpus"))
    hma = corpus / "statutes/civil_family/hma.json"
    if not hma.is_file():
        pytest.skip("corpus not found")
    sec = {str(s["section"]): s for s in json.loads(hma.read_text(encoding="utf-8"))}
    assert "bridegroom has completed the age of twenty-one years" in sec["5"]["text"]
    assert "the bride, the age of eighteen years" in sec["5"]["text"]
    assert "consent of" not in sec["5"]["text"].lower()  # no parent's or guardian's consent among the conditions
    assert sec["6"]["title"] == "Guardianship in marriage" and "Repealed" in sec["6"]["text"]
    bns = json.loads((corpus / "statutes/new_codes/bns_sections_from_met4l.json").read_text(encoding="utf-8"))
    rows = bns if isinstance(bns, list) else bns.get("sections", [])
    s173 = [s for s in rows if str(s.get("section") or s.get("number")) == "173"]
    assert s173 and "bribery" in json.dumps(s173[0]).lower()
    statutes = corpus / "statutes"
    assert not [p for p in statutes.rglob("*") if "passport" in p.name.lower()]
