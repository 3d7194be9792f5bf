"""Free legal aid eligibility (LSA ss.12-13): table rows, and the clauses checked against the Act's text."""

from __future__ import annotations

import re

import pytest

from core.legal_aid import CRITERIA, INCOME_FLOOR, check

ROWS = [
    ({"woman": True}, True, ["LSA 12(c)", "LSA 13"]),
    ({"child": True, "income": 500000}, True, ["LSA 12(c)", "LSA 13"]),
    ({"sc_st": True, "disability": True}, True, ["LSA 12(a)", "LSA 12(d)", "LSA 13"]),
    ({"custody": True}, True, ["LSA 12(g)", "LSA 13"]),
    ({"industrial_workman": True}, True, ["LSA 12(f)", "LSA 13"]),
    ({"disaster_victim": True}, True, ["LSA 12(e)", "LSA 13"]),
    ({"trafficking": True}, True, ["LSA 12(b)", "LSA 13"]),
    ({"income": 8000}, True, ["LSA 12(h)", "LSA 13"]),
    ({"income": 11000, "supreme_court": True}, True, ["LSA 12(h)", "LSA 13"]),
    ({"income": 11000}, "depends", ["LSA 12(h)"]),  # above the Act's floor: the State's ceiling decides
    ({"income": 300000}, "depends", ["LSA 12(h)"]),
    ({}, "depends", ["LSA 12"]),
]


@pytest.mark.parametrize("flags,eligible,basis", ROWS)
def test_rows(flags, eligible, basis):
    got = check(**flags)
    assert got.eligible == eligible
    assert got.basis == basis
    assert any("15100" in p["where"] for p in got.apply_to)


def test_depends_says_states_differ_in_both_languages():
    en, hi = check(income=50000), check(income=50000, lang="hi")
    assert "differ" in en.note and "State" in en.note
    assert "राज्य" in hi.note and not re.search(r"[A-Za-z]{4,}", hi.note.replace("DLSA", ""))


def test_supreme_court_case_goes_to_its_committee_first():
    assert check(woman=True, supreme_court=True).apply_to[0]["basis"] == "LSA 3A"


def test_negative_income_is_an_error():
    with pytest.raises(ValueError):
        check(income=-1)


def test_clauses_match_the_act(graph):
    text = graph.ro_query("MATCH (p:Provision {id: 'LSA:12'}) RETURN p.text")[0][0]
    words = {
        "a": "Scheduled Caste",
        "b": "trafficking",
        "c": "a woman or a child",
        "d": "disability",
        "e": "mass disaster",
        "f": "industrial workman",
        "g": "in custody",
    }
    for _, (clause, _, _) in CRITERIA.items():
        m = re.search(rf"\({clause}\)(.*?)(?:\n|$)", text)
        assert m and words[clause] in m.group(1), clause
    assert "rupees nine thousand" in text and "rupees twelve thousand" in text
    assert INCOME_FLOOR == {"other": 9000, "supreme_court": 12000}
    s13 = graph.ro_query("MATCH (p:Provision {id: 'LSA:13'}) RETURN p.text")[0][0]
    assert "prima facie case" in s13.replace("aprima", "a prima") and "affidavit" in s13
    for sid in ("3A", "8A", "9", "11A"):
        assert graph.ro_query("MATCH (p:Provision {id: $id}) RETURN count(p)", {"id": f"LSA:{sid}"})[0][0] == 1
