"""The whole ingestion as `nyayapath ingest` runs it: counts, defects reported, idempotent."""

from __future__ import annotations

from graph_schema import ingest
from graph_schema.context import IngestContext


def test_full_build_counts_and_defects(built_graph):
    st = ingest.stats(built_graph.ro)
    assert st["sections_by_act"]["BNS"] == 358
    assert st["sections_by_act"]["BNSS"] == 531
    assert st["sections_by_act"]["BSA"] == 170
    assert st["nodes"]["Term"] >= 300
    rep = built_graph.report
    if not rep.get("reused"):
        assert rep["defects"], "known corpus defects must be reported"
        assert not [d for d in rep["defects"] if d["defect"] == "loader failed"], rep["defects"]
        assert rep["metrics"]["concordance"]["CRPC->BNSS"]["precision"] >= 0.9
        assert rep["metrics"]["concordance"]["IEA->BSA"]["precision"] >= 0.9


def test_every_provision_has_an_embedding(built_graph):
    missing = built_graph.ro.ro_query("MATCH (p:Provision) WHERE p.embedding IS NULL AND p.text <> '' RETURN count(p)")[
        0
    ][0]
    assert missing == 0


def test_second_run_changes_no_count(built_graph):
    before = ingest.stats(built_graph.ro)
    ctx = IngestContext(
        corpus_dir=built_graph.settings.corpus_dir, cache_dir=built_graph.settings.cache_dir, show_progress=False
    )
    report = ingest.run(built_graph.store, ctx)
    assert not [d for d in report["defects"] if d["defect"] == "loader failed"]
    assert ingest.stats(built_graph.ro) == before
