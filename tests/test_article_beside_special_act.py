"""Whether the Constitution allows or gives something is answered with the article, the special Act that works
it out named beside it (issue 19).

"my 12 year old nephew is working in a firecracker factory, is that even allowed" abstained as the Child Labour
Act's, which the graph does not hold, though Art. 24 (no child below fourteen employed in a factory, mine or
hazardous employment) says it in terms and the Constitution is held whole. "is that even allowed" was not
read as asking whether the law allows it (an adverb between "is that" and "allowed"), and an article was held
to answer only "which article" questions. Now a yes/no question whose best provision is an article the scorer
is sure of (DIRECT_UNASKED_MIN) is answered with it (core.unheld_gate.held_answers), and the fixed not-held
notice names the special Act beside it (core.unheld_gate.beside). A question asking which law governs names
the Act, whether it routes or answers with the article beside the notice.

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


def test_a_child_in_a_factory_is_answered_with_article_24_and_the_child_labour_act_named(pipe):
    r = pipe.ask("my 12 year old nephew is working in a firecracker factory, is that even allowed")
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    assert cited_ids(r)[0] == "COI:24", cited_ids(r)
    assert any("Child" in n and "Labour" in n for n in r.notices), r.notices


def test_free_schooling_in_hindi_is_answered_with_article_21a(pipe):
    r = pipe.ask("क्या सरकारी स्कूल में पढ़ाई मुफ़्त है कानून के हिसाब से")
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    assert "COI:21A" in cited_ids(r)


@pytest.mark.parametrize(
    "q", ["which act bans child labour in shops and dhabas", "which law stops children being made to work"]
)
def test_asking_which_law_governs_child_labour_names_the_act(pipe, q):
    r = pipe.ask(q)
    text = r.answer + " ".join(r.notices)
    assert "Child and Adolescent Labour" in text, (r.status, r.answer[:200], r.notices)
    assert r.status == "abstain" or r.notices
