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
