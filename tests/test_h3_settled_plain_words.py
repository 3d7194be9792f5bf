"""Settled points asked in plain words (issue 23, doctrine.json ``asks_also``).

P. Ramachandra Rao (2002) 4 SCC 578 held that no outer limit of time can be fixed for a criminal trial
(cases.json holding_en): asking how long a criminal case may go on, or drag on, is asking that point.
R.C. Cooper (1970) 1 SCC 248, the Bank Nationalisation case (cases.json short_names), held that a law is
tested by its direct effect on the rights it touches, not only by its object: asked without naming
Articles 14 and 19, by the case's everyday name or by the effect test itself, it is that point. The
pack point the tests build (tests/support/settled.py ``pack_point``) reads every ``asks_also`` set, as
the probe does. Questions here are written for these tests, not taken from any evaluation set.
"""

from __future__ import annotations

import json

import pytest

from core.citations import provision_ids
from tests.support.settled import PACK, assert_says_only, doctrine_points, pack_point

RAO = "p-ramachandra-rao"
COOPER = "rc-cooper"

SAYS = [
    # how long a criminal trial may go on
    ("How long is a criminal case allowed to drag on in India?", RAO),
    ("The criminal trial against my husband started in 2016. Until when can it continue?", RAO),
    ("आपराधिक मुकदमा आखिर कितने साल चल सकता है?", RAO),
    ("mera criminal case aur kitne saal chalega, iski koi had hai?", RAO),
    # the same words of another proceeding: not this point
    ("How long can a divorce case go on in the family court?", None),
    ("zameen ka case kitne saal chalega civil court mein?", None),
    ("How long can the police keep someone in custody before the trial?", None),
    ("property dispute ka mukadma kab tak chalega?", None),
    # R.C. Cooper by its everyday name, and the effect test
    ("What was decided in the bank nationalisation case about fundamental rights?", COOPER),
    ("बैंक राष्ट्रीयकरण के फ़ैसले में कोर्ट ने क्या कहा था?", COOPER),
    ("Is a law tested only by its object, or by how it affects my fundamental rights?", COOPER),
    ("kya kanoon ko uske uddeshya se parkha jata hai ya adhikaron par asar se?", COOPER),
    # a right or a law by itself: not the effect test
    ("What are my fundamental rights under Article 19?", None),
    ("Does Article 14 mean everyone is equal before the law?", None),
    ("What is the effect of the new criminal laws on old cases?", None),
    # Kesavananda Bharati's holding by its everyday name (cases.json holding_en: the basic structure)
    ("संविधान के मूल ढांचे का सिद्धांत क्या कहता है?", "kesavananda"),
    ("The basic structure of our building is cracked. Can I sue the builder?", None),
]


@pytest.mark.parametrize("q,by", SAYS, ids=[str(i) for i in range(len(SAYS))])
def test_plain_words_say_the_settled_point_and_other_proceedings_do_not(q, by):
    assert_says_only(q, by)


def test_pack_point_reads_every_asks_also_set():
    """The support's pack point is the probe's: a point's other sets of groups are read too (Khotkar's copy
    of an electronic record named by its everyday name, without the certificate)."""
    for settler, row in doctrine_points().items():
        assert len(pack_point(settler).asks_also) == len(row.get("asks_also") or []), settler
    assert_says_only("Will the judge accept a screenshot of the chat as evidence?", "khotkar")


def test_new_sets_carry_their_source():
    for settler in ("CASE:p-ramachandra-rao-2002", "CASE:rc-cooper-1970", "CASE:kesavananda-bharati-1973"):
        row = doctrine_points()[settler]
        assert row["asks_also"] and "holding" in row["asks_also_source"], settler


def test_cooper_is_the_bank_nationalisation_case_in_the_pack():
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    assert "Bank Nationalisation case" in cases["CASE:rc-cooper-1970"]["short_names"]
    assert "effect" in cases["CASE:rc-cooper-1970"]["holding_en"]


def test_mp_sharma_dispute_names_its_provisions_as_the_judgments_read_them(corpus_dir):
    """M.P. Sharma (Article 20(3)) and Puttaswamy (Article 21; also 14 and 19) read no provision in common:
    the recorded point names Articles 20 and 21, so a question naming Article 14 does not reach it
    (core.conflicts.disputes_on), and both Articles are in the corpus's Constitution."""
    doctrine = json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))
    edge = next(
        e for e in doctrine["edges"] if e["from"] == "CASE:puttaswamy-2017" and e["to"] == "CASE:mp-sharma-1954"
    )
    assert provision_ids(edge["props"]["on_point"]) == {"COI:20", "COI:21"}
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    assert "COI:20" in cases["CASE:mp-sharma-1954"]["interprets"]
    assert "COI:21" in cases["CASE:puttaswamy-2017"]["interprets"]
    rows = json.loads((corpus_dir / "constitution" / "constitution.json").read_text(encoding="utf-8"))
    arts = {str(a["article"]) for a in rows}
    assert {"20", "21"} <= arts
