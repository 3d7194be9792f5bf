"""A settled point asked while retrieval leads with other law: the law the settling judgment reads leads the
answer (core.answer AnswerPipeline._reads looks at what leads, not at any provision found). "is adultery a
crime in india" found BNS s.68 (sexual intercourse by a person in authority) first and CrPC s.198, which Joseph
Shine also reads, fifth, and its first sentence was BNS s.68's punishment. Questions written for this test; on
the real graph."""

from __future__ import annotations

import pytest

from evaluation.score import conflict_state

JOSEPH_SHINE = "CASE:INSC-2018-898"

ROWS = [
    # (question, the law that must lead or be cited, law that must not be cited)
    ("is adultery a crime in india", {JOSEPH_SHINE, "IPC:497"}, {"BNS:68", "BNS:24"}),
    ("is adultery still a crime", {JOSEPH_SHINE, "IPC:497"}, {"BNS:68"}),
    ("Can I get anticipatory bail before I am arrested?", {"BNSS:482", "CASE:INSC-2020-106"}, set()),
]


@pytest.mark.parametrize("question,cited,not_cited", ROWS)
def test_the_settled_law_leads(pipe, question, cited, not_cited):
    a = pipe.ask(question)
    ids = [c.node_id for c in a.citations if c.node_id]
    assert a.status == "answer" and conflict_state(a.to_json()) == "settled", (a.status, a.notices)
    assert cited <= set(ids), ids
    assert not not_cited & set(ids), ids
    assert not any(n in (a.summary or "").split(".")[0] for n in ("Section 68 BNS", "Section 24 BNS"))


def test_words_of_a_point_beside_another_provision_keep_that_provision(pipe):
    """Compounding a cheque case (NI s.147) found first and s.138 second: the words "case khatam kar" recall the
    judgment on stopping a cheque trial midway, but what was found is the law asked, and it stays."""
    a = pipe.ask(
        "cheque bounce case me woh paise dene ko tayaar hai, kya hum aapas me samjhauta karke case khatam kar sakte hain"
    )
    assert "NIA:147" in [c.node_id for c in a.citations if c.node_id]
