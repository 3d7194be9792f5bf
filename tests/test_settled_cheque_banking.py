"""Dashrath Rupsingh Rathod settled where a cheque-bounce complaint lies; a question on where to deposit a cheque
asks of no case, complaint or court, and gets no notice of that dispute (doctrine.json ``requires``, second group).
Questions written for this test; on the real graph."""

from __future__ import annotations

import pytest

from evaluation.score import conflict_state


@pytest.mark.parametrize(
    "question,state",
    [
        ("cheque kahan jama karna hai", "none"),
        ("where should I deposit a cheque", "none"),
        ("चेक किस बैंक शाखा में जमा करूं", "none"),
        ("my cheque bounced, in which city's court do I file the complaint, mine or his?", "settled"),
        ("cheque bounce ka mukadma kahan hoga, mera bank Pune mein hai", "settled"),
    ],
)
def test_a_banking_question_is_no_jurisdiction_dispute(pipe, question, state):
    a = pipe.ask(question)
    assert conflict_state(a.to_json()) == state, (a.status, a.notices)
