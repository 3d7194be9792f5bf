"""Held procedure in a matter of an Act the graph does not hold names that Act beside the answer (invariant 3).

"my son was caught with ganja, how does he get bail" is answered from the bail law (BNSS ss.478-483), which is
held and the same whatever the offence; the offence and its own bail conditions are the NDPS Act's, which the
graph does not hold. The answer said nothing of it, as if the held bail sections were the whole law. It now
keeps the held procedure and adds the fixed not-held notice naming the Act (core.unheld_gate.beside). A
substantive problem gets no such notice for an Act its words only mention: "he takes drugs and beats me" is the
DV Act's.

Questions written for this test, on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

_NDPS = ("Narcotic Drugs", "स्वापक", "svaapak")
_BAIL = {"BNSS:478", "BNSS:479", "BNSS:480", "BNSS:482", "BNSS:483"}


def _names_ndps(r) -> bool:
    return any(any(w in n for w in _NDPS) for n in r.notices)


@pytest.mark.parametrize(
    "q",
    [
        "the police picked up my nephew with some charas, how can we get him out on bail",
        "my son got caught with ganja and is in the lock-up, will he get bail",
        "भतीजे को पुलिस ने स्मैक के साथ पकड़ा है, ज़मानत कैसे होगी",
        "bhai ko ganja rakhne pe pakad liya, bail kaise karwayein",
    ],
)
def test_bail_in_a_drugs_case_names_the_ndps_act_beside_the_bail_law(pipe, q):
    r = pipe.ask(q)
    assert r.status in ("answer", "conflict"), (r.abstain_reason, r.answer[:200])
    assert _BAIL & set(cited_ids(r)), cited_ids(r)
    assert _names_ndps(r), r.notices


@pytest.mark.parametrize(
    "q",
    [
        "my husband comes home on drugs and hits me every night",
        "police arrested my brother yesterday, what are his rights",
        "can my father get anticipatory bail in a land cheating case",
    ],
)
def test_no_unheld_act_is_named_beside_law_that_governs_it(pipe, q):
    r = pipe.ask(q)
    assert r.status in ("answer", "conflict"), (r.abstain_reason, r.answer[:200])
    assert not _names_ndps(r), r.notices
    assert not any("not among my verified sources" in n for n in r.notices), r.notices
