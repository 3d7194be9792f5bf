"""The not-held gate reads the problems' own unheld Acts from what the retriever passes it (issue 19,
core.unheld_gate.owners), not from a table subject_first happened to leave on the provision index: the
gate is the same whatever ran before it. Wordings written for this test."""

from __future__ import annotations

import pytest

from core import unheld_gate


@pytest.fixture(scope="module")
def indexes(graph):
    from core.problems import index_for
    from core.provisions import ProvisionIndex

    return ProvisionIndex.from_graph(graph), index_for(graph)


def test_owners_are_read_without_subject_first(indexes):
    idx, pindex = indexes
    assert getattr(idx, "_problem_owners", None) is None  # a fresh index: nothing left on it
    owned = unheld_gate.owners(idx, pindex)
    assert owned.forum and owned.special
    assert any(u.id == "UNHELD:CPA" for acts in owned.forum.values() for u in acts)
    # the same tables subject_first reads
    assert owned.special == unheld_gate._special_owners(idx, pindex)
    assert owned.forum == unheld_gate._tables(idx, pindex)[1]


def test_no_problem_needs_no_owners(indexes):
    idx, _ = indexes
    assert unheld_gate.Owners().forum == {} and unheld_gate.Owners().special == {}


@pytest.fixture
def pipe(graph):
    from core.answer import AnswerPipeline
    from core.synthesis import ExtractiveComposer

    return AnswerPipeline(graph, ExtractiveComposer())


def test_the_gate_does_not_depend_on_subject_first_running_first(pipe, graph, monkeypatch):
    from core.provisions import ProvisionIndex

    q = "the fridge I bought two weeks ago stopped cooling and the shop refuses to replace it"
    before = pipe.ask(q)
    # a fresh provision index, and subject_first leaving nothing on it: the gate still reads the owners
    pipe.retriever._pindex = ProvisionIndex.from_graph(graph)
    monkeypatch.setattr(unheld_gate, "subject_first", lambda pi, pr, q, h, problems, lang: (problems, None))
    after = pipe.ask(q)
    assert before.abstain_reason == after.abstain_reason == "abstain.not_held", (
        before.answer[:160],
        after.answer[:160],
    )
    assert getattr(pipe.retriever._pindex, "_special_owners", None) is not None  # read by the gate itself
