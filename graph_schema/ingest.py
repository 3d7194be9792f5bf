"""`nyayapath ingest`: build the whole graph from a corpus directory and the project's pack.

Order matters: acts and provisions first (everything else points at them), then
concordance, cases, the pack (which may merge into corpus cases), the problem layer
(which links to the pack's flows and cases), judgments
(which resolve citations against both), and embeddings last.
"""

from __future__ import annotations

import importlib
import resource
import time
from pathlib import Path

from graph_schema import schema
from graph_schema.context import IngestContext

STEPS = ("statutes", "concordance", "cases", "pack", "problems", "provision_names", "judgments", "embeddings")


def run(store, ctx: IngestContext, steps: tuple[str, ...] = STEPS) -> dict:
    if not Path(ctx.corpus_dir).is_dir():
        raise FileNotFoundError(f"corpus directory not found: {ctx.corpus_dir} (set NYAYAPATH_CORPUS or pass --corpus)")
    t0 = time.perf_counter()
    timings = {}
    schema.apply(store)
    for name in steps:
        t = time.perf_counter()
        module = importlib.import_module(f"graph_schema.loaders.{name}")
        try:
            module.load(store, ctx)
        except Exception as exc:  # a broken source is reported; the rest of the graph still loads
            ctx.report.defect(name, "loader failed", error=f"{type(exc).__name__}: {exc}")
        timings[name] = round(time.perf_counter() - t, 2)
    compact = getattr(store, "compact", None)
    if callable(compact):  # the embedded server replays its append-only file at every start: one snapshot
        timings["compact"] = round(compact(), 2)
    ctx.report.metrics["timings_s"] = timings
    ctx.report.metrics["wall_s"] = round(time.perf_counter() - t0, 2)
    ctx.report.metrics["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return ctx.report.to_dict()


def stats(graph) -> dict:
    """{"nodes": {label: n}, "relationships": {type: n}, "sections_by_act": {code: n}}."""
    nodes = {}
    for (label,) in graph.ro_query("CALL db.labels() YIELD label RETURN label"):
        nodes[label] = graph.ro_query(f"MATCH (n:`{label}`) RETURN count(n)")[0][0] if label.isidentifier() else 0
    rels = {}
    for (rel,) in graph.ro_query("CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType"):
        rels[rel] = graph.ro_query(f"MATCH ()-[r:`{rel}`]->() RETURN count(r)")[0][0] if rel.isidentifier() else 0
    by_act = {act: n for act, n in graph.ro_query("MATCH (s:Section) RETURN s.act, count(s) ORDER BY s.act")}
    by_act["COI"] = graph.ro_query("MATCH (a:Article) RETURN count(a)")[0][0]
    return {"nodes": nodes, "relationships": rels, "sections_by_act": by_act}
