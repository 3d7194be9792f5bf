"""The six-citation cap does not spend places on what an old-code section's text names: the short answer never
quotes it beside its successor (core.sources, direct_summary), so "154(1) crpc FIR ka naya section" keeps CrPC
s.154 itself. On the real graph; questions written for this test."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "question,ids",
    [
        ("154(1) crpc FIR ka naya section", {"BNSS:173", "CRPC:154"}),
        ("IPC 420 ab kaunsa section hai", {"BNS:318", "IPC:420"}),
    ],
)
def test_the_old_section_stays_beside_its_successor(pipe, question, ids):
    a = pipe.ask(question)
    cited = {c.node_id for c in a.citations if c.node_id}
    assert ids <= cited, cited
