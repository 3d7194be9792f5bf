"""'Custody' said of the police or a court's custody of an arrested person is not a child's custody
(PROB:child_custody's not_when, graph_schema/packs/india/problems/family_civil.json): before, "can police beat
someone in custody" cited HMA s.26 (custody of children in matrimonial cases) beside the custodial-violence
law. A child's custody asked in the same words is still the child's. Questions written for this test."""

from __future__ import annotations

import pytest
from answer_support import cited_ids


@pytest.mark.parametrize(
    "question",
    [
        "can police beat someone in custody",
        "my brother was tortured in custody by the police, what can we do",
        "पुलिस हिरासत में मार सकती है क्या",
        "police custody mein maar peet karna jurm hai kya",
    ],
)
def test_police_custody_is_not_child_custody(pipe, question):
    r = pipe.ask(question)
    cited = cited_ids(r)
    assert r.status == "answer", (question, r.status)
    assert not {"HMA:26", "PWDVA:21", "SMA:38"} & set(cited), (question, cited)
    assert "PROB:child_custody" not in (r.to_json().get("problems") or []), question


@pytest.mark.parametrize(
    "question",
    [
        "my husband took my child and I want custody",
        "bachche ki custody kaise milegi talaq ke baad",
        "my child is in custody of my mother in law, how do i get her back",
    ],
)
def test_a_child_s_custody_is_still_answered(pipe, question):
    r = pipe.ask(question)
    cited = cited_ids(r)
    assert {"HMA:26", "PWDVA:21"} & set(cited), (question, cited)
