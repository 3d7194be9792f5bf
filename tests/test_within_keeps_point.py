"""The relevance gate's "only a part of another one" rule (core.relevance RelevanceChecker._within) keeps what the
question's point is: the provision the point provision itself applies (HMA s.17 applies IPC s.494, now BNS s.82),
and, for a question that asks a time limit, the Limitation Schedule article that states it. Questions written for
this test; on the real graph."""

from __future__ import annotations

import pytest

from tests.answer_support import cited_ids


@pytest.mark.parametrize(
    "question,must",
    [
        # HMA s.17 voids a Hindu's second marriage and applies "sections 494 and 495 of the Indian Penal Code":
        # BNS s.82 was struck as a part of what HMA s.11 (void marriages) says
        ("हिंदू पति ने पहली पत्नी के रहते दूसरी शादी कर ली, हिंदू विवाह अधिनियम में इसकी क्या सज़ा है", {"HMA:17", "BNS:82"}),
        # the thirty days of Art. 123 were struck as a part of what CPC O.IX r.13 says
        (
            "ex parte decree ko set aside karwane ki application kitne din mein deni hoti hai",
            {"LIMITATION:Schedule Article 123"},
        ),
        ("within how many days can I apply to set aside an ex parte decree", {"LIMITATION:Schedule Article 123"}),
    ],
)
def test_the_gate_keeps_what_the_point_is(pipe, question, must):
    a = pipe.ask(question)
    assert a.status == "answer", a.status
    assert must <= set(cited_ids(a)), cited_ids(a)
