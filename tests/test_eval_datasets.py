"""evaluation/datasets: schema, counts, provenance, and every gold node id present in the built graph."""

from __future__ import annotations

import json
import re

import pytest

from evaluation import DATASETS

STATUSES = {
    "verified",
    "superseded",
    "omitted",
    "struck_down",
    "overruled",
    "conflict",
    "unindexed",
    "unverified",
    "mismatch",
    "nonexistent",
    "unsupported",
    "unresolved",
}
VERDICTS = {"VALID", "INVALID", "CONFLICT", "OBSOLETE"}
_DEV = re.compile(r"[\u0900-\u097F]")


def _load(name):
    return [json.loads(line) for line in (DATASETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line]


@pytest.fixture(scope="module")
def citations():
    return _load("citations")


@pytest.fixture(scope="module")
def questions():
    return _load("questions")


@pytest.fixture(scope="module")
def spoken():
    return _load("spoken")


def test_readme_describes_every_file():
    readme = (DATASETS / "README.md").read_text(encoding="utf-8")
    for f in ("citations.jsonl", "questions.jsonl", "spoken.jsonl"):
        assert f in readme and (DATASETS / f).is_file()


def test_citations_schema_and_counts(citations):
    assert len(citations) >= 200
    ids = [r["id"] for r in citations]
    assert len(ids) == len(set(ids))
    for r in citations:
        assert set(r) >= {"id", "text", "lang", "expected_verdict", "expected", "source"}
        assert r["lang"] in ("en", "hi") and r["expected_verdict"] in VERDICTS and r["source"]
        assert r["expected"], r["id"]
        for e in r["expected"]:
            assert e["fragment"] in r["text"] and e["status"] in STATUSES
    kinds = {r["kind"] for r in citations}
    assert {
        "real_provision",
        "real_case",
        "fabricated",
        "superseded",
        "omitted",
        "struck_down",
        "overruled",
        "mismatch",
        "nonexistent",
        "unsupported",
        "conflict",
    } <= kinds
    hindi = [r for r in citations if r["lang"] == "hi"]
    assert len(hindi) >= 40 and all(_DEV.search(r["text"]) for r in hindi)
    assert any("धारा 302 आईपीसी" in r["text"] for r in citations)


def test_citation_gold_verdicts_follow_the_documented_rule(citations):
    from evaluation.build_datasets import gold_verdict

    for r in citations:
        assert gold_verdict(r["expected"]) == r["expected_verdict"], r["id"]


def test_questions_schema_and_counts(questions):
    by = lambda **kw: [q for q in questions if all(q.get(k) == v for k, v in kw.items())]  # noqa: E731
    assert len(by(lang="en")) >= 120 and len(by(lang="hi")) >= 60
    assert len(by(category="conflict")) + len(by(category="overruled")) >= 20
    assert len(by(category="out_of_scope")) >= 20 and all(
        q["expected"] == "abstain" for q in by(category="out_of_scope")
    )
    dated = by(category="date")
    assert len(dated) >= 20 and all(q["offence_date"] and q["expect_code"] in ("new", "old") for q in dated)
    assert all((q["offence_date"] >= "2024-07-01") == (q["expect_code"] == "new") for q in dated)
    assert len(by(category="procedure")) >= 20
    for q in questions:
        assert q["expected"] in ("answer", "abstain", "conflict")
        assert q["source"] and isinstance(q["gold"], list)
        if q["expected"] != "abstain":
            assert q["gold"], q["id"]


def test_procedure_flows_exist_in_the_pack(questions):
    from evaluation.question_bank import PACK

    flows = {f["id"] for f in json.loads((PACK / "procedures.json").read_text(encoding="utf-8"))["flows"]}
    assert {q["flow"] for q in questions if q["category"] == "procedure"} <= flows


def test_spoken_schema(spoken):
    assert len(spoken) >= 40
    assert {r["lang"] for r in spoken} == {"en", "hi"}
    assert sum(1 for r in spoken if r["perturb"]) >= 20
    for r in spoken:
        assert r["text"] and all(n in r["text"] for n in r["numbers"])
    assert not list(DATASETS.glob("*.wav")), "audio is synthesized at run time, never committed"


def test_every_gold_node_exists_in_the_graph(graph, questions):
    from evaluation.score import case_id_map

    canon = case_id_map(graph)
    missing = []
    for q in questions:
        for g in q["gold"]:
            nid = canon.get(g, g)
            label = "Case" if nid.startswith("CASE:") else "Provision"
            if not graph.ro_query(f"MATCH (n:{label} {{id: $id}}) RETURN count(n)", {"id": nid})[0][0]:
                missing.append((q["id"], g))
    assert not missing, missing
