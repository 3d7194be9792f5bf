"""A question that names a section the index cannot answer directly (struck down, no successor: IPC s.497,
IPC s.377) is about that section, through the real graph: the answer cites it or the judgment that struck it
down and says so, and never a provision that vectors or full text happen to find (before this, "what was
section 497 ipc" cited CrPC s.338, the release of a detained lunatic). Questions written for this test."""

from __future__ import annotations

import pytest
from answer_support import cited_ids


@pytest.mark.parametrize(
    "question, allowed, must",
    [
        ("what was section 497 ipc", {"IPC:497", "CRPC:198", "CASE:"}, "Section 497 IPC was struck down"),
        ("what is section 377 ipc", {"IPC:377", "CASE:"}, "Section 377 IPC was struck down"),
        ("is section 66A of IT act still valid", {"ITA:66A", "CASE:"}, "Section 66A IT Act was struck down"),
    ],
)
def test_a_named_struck_section_is_what_is_answered(pipe, question, allowed, must):
    r = pipe.ask(question)
    cited = cited_ids(r)
    stray = [c for c in cited if not any(c == a or (a.endswith(":") and c.startswith(a)) for a in allowed)]
    assert not stray, (question, cited)
    said = " ".join(str(n) for n in r.to_json().get("notices") or []) + " " + r.answer
    assert must in said, (question, said[:600])


@pytest.mark.parametrize(
    "question, opens",
    [
        # the status of the law the question names is the first sentence a person reads, from the fixed
        # templates, before any holding ("adultery can still be a civil ground for divorce") or heading
        ("what was section 497 ipc", "Section 497 IPC was struck down"),
        ("is section 377 ipc still valid", "Section 377 IPC was struck down only in part"),
        ("IPC 309 abhi bhi lagu hai kya", "Dhaara 309 IPC ko kaanoon se hata diya gaya hai"),
    ],
)
def test_the_named_law_s_status_opens_the_short_answer(pipe, question, opens):
    r = pipe.ask(question)
    assert r.status == "answer", (question, r.status, r.abstain_reason)
    assert (r.summary or "").startswith(opens), (question, r.summary)


@pytest.mark.parametrize(
    "question, says",
    [
        ("what does section 66A of the IT Act say", "Section 66A IT Act was struck down"),
        ("IPC 497 kya tha", "dhaara 497 IPC ko radd kar diya hai"),
    ],
)
def test_only_bad_law_found_is_said_not_no_law_found(pipe, question, says):
    """Nothing but the struck-down provision the question names was found: the abstention says its status
    (fixed template abstain.named_not_in_force), not "I could not find a law" beside a notice that the
    court struck it down."""
    r = pipe.ask(question)
    assert r.status == "abstain" and r.abstain_reason == "abstain.named_not_in_force", (question, r.abstain_reason)
    assert any(says in str(n) for n in r.notices), (question, r.notices)  # the status, in the notice
    assert not cited_ids(r)
