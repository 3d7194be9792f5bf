"""Whether the law allows or gives something is a yes/no law question; child labour is named as the Act that
governs it (issue 19).

"is that even allowed" was not read as asking whether the law allows it (an adverb between "is that" and
"allowed"), nor "by law" / "कानून के हिसाब से" as asking what the law gives: now both are yes/no law questions
(core.provisions.question_types), so "क्या सरकारी स्कूल में पढ़ाई मुफ़्त है कानून के हिसाब से" is answered with
Art. 21A. A child at work in a factory names the Child and Adolescent Labour Act, which the graph does not hold:
routed, or beside Art. 24 by the fixed notice where the article is asked for (core.unheld_gate.beside names the
special Act beside a Constitution lead, even when only its subject's key terms evoked it). An article is not
given as the answer to a yes/no question about an unheld Act's matter: "how many hours a day can a factory
worker be made to work" matched Art. 24 (factory, work) at 0.93 though Art. 24 is about children, so that was
tried and left.

Questions written for this test, on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.provisions import question_types


@pytest.mark.parametrize(
    "q",
    [
        "my 12 year old nephew is working in a firecracker factory, is that even allowed",
        "is it really legal for a dhaba to employ a boy of eleven",
        "is education free for children by law",
        "कानून के हिसाब से क्या सरकारी स्कूल में पढ़ाई मुफ़्त है",
    ],
)
def test_asking_whether_the_law_allows_it_is_a_yes_no_law_question(q):
    assert "is_offence" in question_types(q)


@pytest.mark.parametrize(
    "q",
    [
        "my 12 year old nephew is working in a firecracker factory, is that even allowed",
        "which act bans child labour in shops and dhabas",
        "which law stops children being made to work",
    ],
)
def test_a_child_at_work_names_the_child_labour_act(pipe, q):
    r = pipe.ask(q)
    text = r.answer + " ".join(r.notices)
    assert "Child and Adolescent Labour" in text, (r.status, r.answer[:200], r.notices)
    assert r.status == "abstain" or r.notices
    assert set(cited_ids(r)) <= {"COI:24", "COI:23"}, cited_ids(r)


def test_adult_working_hours_are_not_answered_with_the_childrens_article(pipe):
    r = pipe.ask("How many hours a day can a factory worker be made to work?")
    assert "COI:24" not in cited_ids(r), cited_ids(r)


def test_free_schooling_in_hindi_is_answered_with_article_21a(pipe):
    r = pipe.ask("क्या सरकारी स्कूल में पढ़ाई मुफ़्त है कानून के हिसाब से")
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    assert "COI:21A" in cited_ids(r)
