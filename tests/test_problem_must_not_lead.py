"""A problem's reviewed must_not outranks a reading of the question's words (invariant 2), and the glossary
meets a Hindi word whether or not it is typed with the nukta.

A tenant asking "can my landlord throw me out without going to court" was answered with the DV Act's right to
reside in a shared household (PWDVA s.17) alone: the direct path read "throw me out" and dropped the tenant's
problem it recognised, whose pack entry marks PWDVA s.17 must_not (the right runs against a husband or his
relatives: PWDVA ss.2(f), 2(q), 17(1)). "is my landlord allowed to lock me out of the flat I rent" kept the
tenant's problem but let the wife's residence problem (led by PWDVA s.17) stand second beside it. Now a direct
reading whose lead a surely recognised problem marks must_not yields to the problem
(core.relevance.struck_lead), and a problem led by what an earlier one marks must_not is dropped
(core.relevance.unstruck). A wife thrown out by her husband keeps PWDVA s.17.

"दहेज़" (with the nukta) and "दहेज" are one word; the glossary gave "Dowry" for the second only, so the
English hint, and with it the problem's recognition, differed with the spelling.

Questions written for this test, on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.language.translate import default_glossary


@pytest.mark.parametrize(
    "q",
    [
        "can my landlord throw me out without going to court",
        "is my landlord allowed to lock me out of the flat I rent",
        # "house owner" is how many tenants name the landlord (a cue of PROB:tenant_eviction since this stop)
        "can the house owner throw me out without a court order",
    ],
)
def test_a_tenant_is_not_answered_with_the_wifes_right_to_reside(pipe, q):
    r = pipe.ask(q)
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    cited = set(cited_ids(r))
    assert not cited & {"PWDVA:17", "PWDVA:19", "PWDVA:2"}, cited
    assert "CPC:Order XXXIX Rule 1" in cited, cited
    assert any("rent control" in n for n in r.notices), r.notices


def test_a_wife_thrown_out_keeps_the_right_to_reside(pipe):
    r = pipe.ask("my husband threw me out of the house, can he do that")
    assert r.status in ("answer", "conflict"), r.abstain_reason
    assert "PWDVA:17" in cited_ids(r)


@pytest.mark.parametrize(
    "with_nukta, without",
    [
        ("दहेज़ के लिए ताने", "दहेज के लिए ताने"),
        ("ज़मानत कैसे मिलेगी", "जमानत कैसे मिलेगी"),
    ],
)
def test_the_glossary_reads_a_word_with_or_without_the_nukta(with_nukta, without):
    g = default_glossary()
    found = [t.id for t in g.find(with_nukta)]
    assert found and found == [t.id for t in g.find(without)]


def test_a_dowry_taunt_spelt_with_the_nukta_is_answered_like_one_without(pipe):
    a = pipe.ask("ससुराल वाले दहेज़ के लिए ताने देते हैं, क्या करूँ")
    b = pipe.ask("ससुराल वाले दहेज के लिए ताने देते हैं, क्या करूँ")
    assert a.status == b.status == "answer", (a.abstain_reason, b.abstain_reason)
    assert "BNS:85" in cited_ids(a) and "BNS:85" in cited_ids(b)


def test_a_dowry_taunt_asked_as_a_crime_with_the_nukta_is_answered_with_cruelty(pipe):
    # the problem recogniser's embedding read "दहेज़" apart from "दहेज" (dowry_harassment 0.32 vs 0.50, under the
    # 0.35 threshold): the question without the nukta now scores too (core.problems)
    r = pipe.ask("दहेज़ के लिए ताने देना अपराध है?")
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    assert "BNS:85" in cited_ids(r)
