"""The everyday-problems evaluation set: its size per language, its gold against the graph and the pack,
and that it was written from situations, not copied from the pack's own phrasings."""

from __future__ import annotations

import json
import re
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from evaluation.everyday import _matches, score_row, summarize

DATA = Path(__file__).resolve().parents[1] / "evaluation" / "datasets" / "everyday.jsonl"
PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india" / "problems"
ROWS = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]


def test_size_and_languages():
    n = Counter(r["lang"] for r in ROWS)
    assert len(ROWS) >= 200 and n["hi"] >= 70 and n["hinglish"] >= 40, n
    assert len({r["id"] for r in ROWS}) == len(ROWS)
    assert len({r["question"] for r in ROWS}) == len(ROWS)


def test_rows_are_well_formed():
    for r in ROWS:
        assert set(r) == {"id", "lang", "question", "problems", "must", "must_not", "not_held", "out_of_scope"}, r["id"]
        assert not (set(r["must"]) & set(r["must_not"])), r["id"]
        if r["out_of_scope"]:
            assert not r["problems"] and not r["must"]
        elif r["not_held"]:
            assert r["problems"] and r["must_not"]
        else:
            assert r["problems"] and r["must"] and r["must_not"], r["id"]
        if r["lang"] == "hi":
            assert re.search(r"[\u0900-\u097F]", r["question"])
        else:
            assert not re.search(r"[\u0900-\u097F]", r["question"]), r["id"]


def test_problem_ids_are_in_the_pack():
    if not PACK.is_dir() or not list(PACK.glob("*.json")):
        pytest.skip("problem pack not present")
    ids = {p["id"] for f in PACK.glob("*.json") for p in json.loads(f.read_text(encoding="utf-8"))["problems"]}
    missing = {p for r in ROWS for p in r["problems"]} - ids
    assert not missing, sorted(missing)


def test_not_copied_from_the_pack_phrasings():
    if not PACK.is_dir() or not list(PACK.glob("*.json")):
        pytest.skip("problem pack not present")
    phrasings = [
        s.lower()
        for f in PACK.glob("*.json")
        for p in json.loads(f.read_text(encoding="utf-8"))["problems"]
        for group in p.get("phrasings", {}).values()
        for s in group
    ]
    close = []
    for r in ROWS:
        q = r["question"].lower()
        best = max((SequenceMatcher(None, q, s).ratio() for s in phrasings), default=0)
        if best > 0.9:
            close.append((r["id"], round(best, 2)))
    assert not close, close


def test_gold_authorities_exist_in_the_graph(graph):
    ids = {a for r in ROWS for a in r["must"] + r["must_not"]}
    acts = {a[:-2] for a in ids if a.endswith(":*")}
    for code in acts:
        assert graph.ro_query("MATCH (p:Provision {act: $a}) RETURN count(p)", {"a": code})[0][0], code
    from evaluation.score import case_id_map

    canon = case_id_map(graph)  # a pack case merged into a corpus case answers to the corpus id
    exact = sorted(canon.get(a, a) for a in ids if not a.endswith(":*"))
    found = {
        r[0]
        for label in ("Provision", "Case")
        for r in graph.ro_query(f"UNWIND $ids AS i MATCH (n:{label} {{id: i}}) RETURN n.id", {"ids": exact})
    }
    assert not set(exact) - found, sorted(set(exact) - found)


def test_scoring_rules(graph):
    q = {
        "id": "X",
        "lang": "en",
        "problems": ["PROB:cheque_bounce"],
        "must": ["NIA:138"],
        "must_not": ["BNS:303"],
        "not_held": False,
        "out_of_scope": False,
    }
    good = {
        "status": "answer",
        "citations": [{"node_id": "NIA:138", "status": "verified", "text": "s"}],
        "problems": [{"id": "PROB:cheque_bounce"}],
    }
    bad = {
        "status": "answer",
        "citations": [
            {"node_id": "BNS:303", "status": "verified", "text": "s"},
            {"node_id": "CASE:kesavananda-bharati-1973", "status": "verified"},
        ],
    }
    g, b = score_row(graph, q, good), score_row(graph, q, bad)
    assert g["right"] and not g["wrong"] and g["top1"]
    assert not b["right"] and b["wrong"] and b["forbidden"] == ["BNS:303"]
    assert b["unlinked_cases"] == ["CASE:kesavananda-bharati-1973"]
    s = summarize([g, b])
    assert s["all"]["right_law"]["rate"] == 0.5 and s["en"]["wrong_law"]["hits"] == 1
    assert _matches("RPWD:3", ["RPWD:*"]) and not _matches("RPWD:3", ["RPW:*"])
