"""Provident fund deducted and not deposited is the EPF Act's matter, which the graph does not hold: the Act is named
and the person routed, not answered as a claim for unpaid wages under the wage laws (PROB:unpaid_wages not_when);
unpaid salary itself stays the wage problem. On the real graph; questions written for this test."""

from __future__ import annotations

import pytest

from core.problems import recognise


@pytest.mark.parametrize(
    "question",
    [
        "my company deducts pf every month but it never shows in my epf account",
        "malik salary se pf kaat leta hai par jama nahi karta",
        "कंपनी वेतन से पीएफ काटती है पर जमा नहीं करती",
    ],
)
def test_pf_not_deposited_names_the_epf_act(pipe, question):
    a = pipe.ask(question)
    assert a.status == "abstain" and not [c for c in a.citations if c.node_id], (a.status, a.citations)
    assert "Provident" in a.answer or "भविष्य निधि" in a.answer or "bhavishy" in a.answer.lower(), a.answer


@pytest.mark.parametrize(
    "question",
    ["my employer has not paid my salary for three months", "thekedaar ne do mahine ki mazdoori nahi di"],
)
def test_unpaid_salary_stays_the_wage_problem(graph, question):
    found = recognise(graph, question)
    assert found and found[0].id == "PROB:unpaid_wages", found
