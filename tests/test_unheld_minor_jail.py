"""Whether a child can be jailed is the Juvenile Justice Act's matter, which the graph does not hold: named and
routed, no held law cited ('kya nabalig ko jail bheja ja sakta hai' was answered with the Motor Vehicles Act's
s.199A, a guardian's liability for a juvenile's driving). Questions written for this test; on the real graph."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question",
    [
        "kya nabalig ko jail bheja ja sakta hai",
        "क्या नाबालिग को जेल हो सकती है?",
        "can a minor go to jail in india for theft",
    ],
)
def test_a_child_in_jail_names_the_juvenile_justice_act(pipe, question):
    a = pipe.ask(question)
    assert not [c.node_id for c in a.citations if c.node_id], [c.node_id for c in a.citations]
    assert "Juvenile Justice" in a.answer or "किशोर न्याय" in a.answer, a.answer[:300]
