"""A provision the sources' own words name is quoted with its source, not judged off the point.

BNSS 482's procedure names BNS s.65 and s.70(2) (the cases where anticipatory bail is barred);
Article 359 names Articles 20 and 21; a criminal-appeal step names the Limitation Act's Article 115.
Judged as NyayaPath's own citations, they were "off point" and the whole answer was withheld
(issue 19: abstention on held law). A problem's must_not list still wins over a quotation."""

import pytest

from core.answer import AnswerPipeline
from core.relevance import RelevanceContext


@pytest.fixture(scope="module")
def pipe(graph):
    return AnswerPipeline(graph, None)


@pytest.mark.parametrize(
    "question, gold",
    [
        pytest.param(
            "Under the new criminal procedure code, where is bail before arrest provided for?",
            "BNSS:482",
            marks=pytest.mark.xfail(
                strict=False,
                reason="cites BNSS ss.36/478 in the full run only (Dec 6, 8266196 and 61d86f4; passes alone and "
                "with its neighbours): an order-dependent state, cause not found",
            ),
        ),
        ("Which article of the Constitution deals with a national emergency?", "COI:352"),
        ("which section of the civil procedure code gives the high court power of revision", "CPC:115"),
    ],
)
def test_a_source_that_names_other_provisions_is_answered(pipe, question, gold):
    ans = pipe.ask(question, "en")
    assert ans.status.value == "answer", (ans.status, ans.abstain_reason)
    ids = [c.node_id for c in ans.citations]
    assert gold in ids, ids
    assert all(c.status.value != "off_point" for c in ans.citations)


def test_a_tenant_locked_out_is_not_told_about_the_domestic_violence_act(pipe):
    ans = pipe.ask("My landlord changed the locks on my rented room while I was at work. What can I do?", "en")
    ids = {c.node_id for c in ans.citations}
    assert "PROB:dv_residence" not in {m.id for m in ans.problems}
    assert not {i for i in ids if i.startswith("PWDVA:")}, ids


def test_a_problem_must_not_still_wins_over_a_quotation(graph):
    from core.verify import Verifier

    # BNS 331 (house-breaking) is on dv_residence's must_not list: quoted or not, it is off the point there
    ctx = RelevanceContext("my husband threw me out of the matrimonial home", ["PROB:dv_residence"], quoted=["BNS:331"])
    got = Verifier(graph).verify("House-breaking is punished under Section 331 BNS.", context=ctx)
    assert [c.status.value for c in got.citations] == ["off_point"]
