"""A story the asker tells (issue 19): the problem it describes is recognised even when the classifier is not
sure, a section the story names leads the answer with the problem's steps after it, and one problem's
must_not does not strike the law of a problem recognised before it.

Questions written for this test in lay words (not the evaluation sets' wording), on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.relevance import must_not_of


@pytest.mark.parametrize(
    "rows,struck",
    [
        # the first problem's law survives a later problem's must_not
        ([(["BNSS:482"], []), (["BNS:85"], ["BNSS:482"])], set()),
        # a later problem's law is struck by an earlier problem's must_not
        ([(["SMA:28"], ["HMA:13B"]), (["HMA:13B"], [])], {"HMA:13B"}),
        # what no recognised problem governs is struck
        ([(["BNS:351"], ["NIA:138"])], {"NIA:138"}),
        ([], set()),
    ],
)
def test_must_not_of(rows, struck):
    assert must_not_of(rows) == struck


def test_a_told_story_is_recognised_below_the_threshold(graph):
    from core.direct import tells_situation
    from core.problems import index_for

    idx = index_for(graph)
    q = "मेरी बेटी बोल नहीं सकती, स्कूल वाले उसे दाख़िला नहीं दे रहे"
    assert tells_situation(q)
    assert idx.recognise(q, "hi") == []
    assert [m.id for m in idx.recognise(q, "hi", told=True)] == ["PROB:disability_rights"]
    # a question that asks for the law by name is not a told story
    assert not tells_situation("meri beti ke school admission ke liye kaunsi dhara hai")


@pytest.mark.parametrize(
    "q,named,problem",
    [
        ("my brother has been booked under section 318 BNS, how can he get bail", "BNS:318", "PROB:bail_regular"),
        ("मेरे पति पर धारा 109 BNS लगी है, उनकी जमानत कैसे होगी", "BNS:109", "PROB:bail_regular"),
    ],
)
def test_a_section_a_story_names_leads_with_the_problems_steps(pipe, q, named, problem):
    r = pipe.ask(q)
    assert r.status == "answer", r.answer
    ids = cited_ids(r)
    assert ids and ids[0] == named, ids
    assert problem in [m.id for m in r.problems]
    assert any(n.startswith("BNSS:4") for n in ids), ids  # the bail law comes with it


def test_the_accused_keeps_anticipatory_bail_beside_a_dowry_story(pipe):
    r = pipe.ask("my sister-in-law is threatening to put a dowry case on my parents, can they get anticipatory bail")
    assert r.status == "answer", r.answer
    ids = cited_ids(r)
    assert "BNSS:482" in ids, ids
    # the old section beside it does not repeat the new one's words about BNS sections
    assert "Section 438 CrPC: Replaced by Section 482 BNSS" in r.answer or "CRPC:438" not in ids, r.answer


@pytest.mark.parametrize(
    "q",
    [
        "If someone attacks me on the street, can I hit him back in self defence?",
        "Suppose robbers attack my shop, am I allowed to fight back?",
    ],
)
def test_a_case_put_is_asked_not_told(pipe, q):
    """'If someone attacks me, can I hit back' puts a case and asks the law (the right of private defence,
    BNS ss.34-44); it is not a story told of an assault, whose steps alone would answer it."""
    r = pipe.ask(q)
    assert r.status == "answer", r.answer
    ids = cited_ids(r)
    assert ids and ids[0].startswith("BNS:") and 34 <= int(ids[0].split(":")[1]) <= 44, ids
