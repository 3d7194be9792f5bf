"""A provision whose corpus text is not the law in force (acts.json known_defects: HSA s.6 is the text from before
the 2005 amendment) is never quoted as the rule in the short answer: its reviewed gist says what the law is now.
Before, "can a daughter claim share in father's property" opened with s.6's old survivorship words. On the real
graph; questions written for this test."""

from __future__ import annotations

import pytest

OLD_WORDS = ("when a male Hindu dies after the commencement", "When a male Hindu dies after the commencement")


@pytest.mark.parametrize(
    "question",
    [
        "can a daughter claim share in father's property",
        "क्या बेटी को पिता की संपत्ति में हिस्सा मिलता है",
        "do married daughters have a right in ancestral property",
    ],
)
def test_the_old_text_is_not_said_as_the_rule(pipe, question):
    a = pipe.ask(question)
    ids = [c.node_id for c in a.citations if c.node_id]
    assert a.status == "answer" and "HSA:6" in ids, (a.status, ids)
    assert not any(w in (a.summary or "") for w in OLD_WORDS), a.summary
    assert "2005" in a.summary, a.summary


def test_the_flag_reaches_the_evidence(graph):
    from core.graph_queries import evidence_of

    ev = evidence_of(graph, ["HSA:6", "HSA:8"])
    assert ev["HSA:6"].text_outdated and not ev["HSA:8"].text_outdated
