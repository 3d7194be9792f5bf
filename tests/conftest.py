"""Shared fixtures: one real embedded FalkorDB, built once per test session from the real corpus."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

from core.config import load_settings  # noqa: E402


def pytest_runtest_logstart(nodeid, location):
    # names each test in test-artifacts/pytest-warnings.log (pyproject: log_file), so a warning logged
    # there (a fallback taken silently) is read against the test that was running
    import logging

    logging.getLogger("tests.run").warning("start %s", nodeid)


def pytest_configure(config):
    # scripts/run_tests.sh runs these in a pytest process of their own: llama.cpp (with its OpenMP
    # runtime) never shares a process with CTranslate2's vendored OpenMP runtime or onnxruntime, which
    # the speech tests load. CI once died with SIGSEGV in two llama.cpp compute threads at once,
    # right after the speech tests; the app's default answer path never loads the model.
    config.addinivalue_line("markers", "llm: loads the local GGUF model (llama.cpp)")


@dataclass
class BuiltGraph:
    store: object
    report: dict
    settings: object

    @property
    def ro(self):
        return self.store.read_only()


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    d = load_settings().corpus_dir
    if not d.is_dir():
        pytest.skip(f"corpus not found at {d} (set NYAYAPATH_CORPUS)")
    return d


@pytest.fixture(scope="session")
def built_graph(tmp_path_factory, corpus_dir):
    from core.graphdb import open_store
    from graph_schema import ingest
    from graph_schema.context import IngestContext

    # NYAYAPATH_TEST_GRAPH_DIR: reuse a graph already built there (a developer's speed-up);
    # CI leaves it unset and builds from the corpus.
    reuse = os.environ.get("NYAYAPATH_TEST_GRAPH_DIR")
    data_dir = Path(reuse) if reuse else tmp_path_factory.mktemp("graph")
    settings = replace(load_settings(), data_dir=data_dir, falkordb_url=None, corpus_dir=corpus_dir)
    store = open_store(settings)
    if reuse and (data_dir / "falkordb").is_dir() and store.ro_query("MATCH (s:Section) RETURN count(s)")[0][0]:
        report = {"reused": True}
    else:
        ctx = IngestContext(corpus_dir=corpus_dir, cache_dir=settings.cache_dir, show_progress=False)
        report = ingest.run(store, ctx)
    yield BuiltGraph(store, report, settings)
    store.close()


@pytest.fixture(scope="session")
def graph(built_graph):
    """The read-only face of the built graph (what the verifier and retriever get)."""
    return built_graph.ro


@pytest.fixture(scope="module")
def pipe(graph):
    """The answer pipeline on the built graph with its default composer (a test file may define its own)."""
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph)


@pytest.fixture(scope="session")
def pack_index():
    """The problem recogniser over the pack files as they are, built once for every test file that reads it
    (a graph may hold an older copy of the pack; these tests check the files)."""
    from core.problems import ProblemIndex, read_pack

    problems = read_pack()
    if len(problems) < 10:
        pytest.skip("the problem pack is not present")
    index = ProblemIndex(problems)
    index.ensure_vectors()
    return index


_SECTION_FILES = {
    "BNSS": "statutes/new_codes/bnss_sections_from_met4l.json",
    "BNS": "statutes/new_codes/bns_sections_from_met4l.json",
    "HMA": "statutes/civil_family/hma.json",
    "MWPSC": "statutes/civil_family/mwpsc.json",
    "PWDVA": "statutes/civil_family/pwdva.json",
}


@pytest.fixture(scope="session")
def corpus_section(corpus_dir):
    """corpus_section(act, number) -> the section as an Evidence, its text read from the corpus file itself (no
    graph), for the tests of what the short answer says of a provision's own words."""
    import json
    from functools import cache

    from core.stages import Evidence

    @cache
    def rows(act: str) -> tuple:
        return tuple(json.loads((corpus_dir / _SECTION_FILES[act]).read_text(encoding="utf-8")))

    def section(act: str, number: str) -> Evidence:
        row = next(r for r in rows(act) if str(r["section"]) == number)
        return Evidence(
            node_id=f"{act}:{number}", label="Section", name=f"{act} {number}", act=act, number=number, text=row["text"]
        )

    return section
