"""Settled points asked in words the earlier sets had little of (doctrine.json asks, Dec 6): each question is
answered with the settled notice, and the questions beside them that share their words are not. Questions written
for this test; on the real graph."""

from __future__ import annotations

import pytest

from evaluation.score import conflict_state

ROWS = [
    ("kya samlaingikta ab bhi apradh hai", "settled"),
    ("kya do ladkon ka aapas mein sambandh rakhna crime hai", "settled"),
    ("do ladkon ne mujhe maara, kya ye crime hai", "none"),
    ("can parliament change the constitution however it wants", "settled"),
    ("क्या संसद संविधान को जैसे चाहे बदल सकती है", "settled"),
    ("can parliament change fundamental rights by an amendment", "settled"),
    ("how is the constitution amended, what is the procedure", "none"),
    ("what are my fundamental rights if I am arrested", "none"),
]


@pytest.mark.parametrize("question,state", ROWS)
def test_the_settled_point_said_in_other_words(pipe, question, state):
    a = pipe.ask(question)
    assert conflict_state(a.to_json()) == state, (a.status, a.notices)
