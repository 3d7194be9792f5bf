"""The `nyayapath` command as users and other tools call it, in its own process, on the built graph."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


@pytest.fixture(scope="module")
def run(built_graph):
    env = {
        **os.environ,
        "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir),
        "NYAYAPATH_LLM": "extractive",
        "NYAYAPATH_AUDIT_DB": str(built_graph.settings.data_dir / "cli-audit.sqlite3"),
    }
    env.pop("FALKORDB_URL", None)

    def _run(*args, stdin: bytes | None = None, timeout=300):
        return subprocess.run(
            [sys.executable, "-m", "app.cli", *args], input=stdin, capture_output=True, env=env, timeout=timeout
        )

    return _run


def test_graph_stats_json(run):
    out = run("graph", "stats", "--json")
    assert out.returncode == 0, out.stderr.decode()
    st = json.loads(out.stdout)
    assert set(st) == {"nodes", "relationships", "sections_by_act"}
    by_act = st["sections_by_act"]
    assert (by_act["BNS"], by_act["BNSS"], by_act["BSA"]) == (358, 531, 170)
    assert by_act["IPC"] >= 511 and by_act["CRPC"] >= 484 and by_act["IEA"] >= 167 and by_act["COI"] >= 460
    for label in (
        "Act",
        "Section",
        "Article",
        "Case",
        "Judge",
        "Court",
        "LegalIssue",
        "Rule",
        "Argument",
        "ProceduralEvent",
        "Outcome",
        "Passage",
        "Term",
    ):
        assert st["nodes"].get(label, 0) > 0, label
    for rel in (
        "PART_OF",
        "REPLACED_BY",
        "CITES",
        "OVERRULES",
        "DISTINGUISHES",
        "CONFLICTS_WITH",
        "RESOLVED_BY",
        "NARROWED_BY",
        "APPLIES_RULE",
        "SUPPORTS_ARGUMENT",
        "INTERPRETS",
        "TRIGGERS",
        "PRECEDES",
        "RESULTS_IN",
        "DECIDED_BY",
        "DECIDED_IN",
        "HAS_PASSAGE",
        "STRUCK_DOWN_BY",
    ):
        assert st["relationships"].get(rel, 0) > 0, rel


def test_ask_json(run):
    out = run("ask", "How do I get anticipatory bail?", "--json", "--lang", "en")
    assert out.returncode == 0, out.stderr.decode()
    r = json.loads(out.stdout)
    for key in (
        "status",
        "answer",
        "language",
        "citations",
        "citation_chain",
        "conflict",
        "abstain_reason",
        "disclaimer",
        "law_as_of",
        "timings_ms",
    ):
        assert key in r
    assert r["status"] in ("answer", "conflict")
    assert any(c["node_id"] == "BNSS:482" for c in r["citations"])


# What `nyayapath ask --json` printed before the answer became a typed model (commit 33c6fe1): every
# key, and each value's shape. The typed Answer may add keys, never drop or reshape these.
OLD_KEYS = {
    "status": str,
    "answer": str,
    "notices": list,
    "citations": list,
    "citation_chain": list,
    "conflict": (dict, type(None)),
    "abstain_reason": (str, type(None)),
    "language": str,
    "disclaimer": str,
    "law_as_of": str,
    "law_as_of_note": str,
    "evidence": list,
    "model_id": (str, type(None)),
    "timings_ms": dict,
    "recorded": bool,
}
OLD_CITATION_KEYS = {
    "text",
    "start",
    "end",
    "kind",
    "act",
    "number",
    "case_name",
    "reporter",
    "status",
    "severity",
    "node_id",
    "title",
    "current",
    "note",
    "key",
    "related",
}
OLD_EVIDENCE_KEYS = {"id", "label", "name", "score", "strategies"}


@pytest.mark.parametrize(
    "question",
    [
        "How do I get anticipatory bail?",
        "Is there a time limit on anticipatory bail?",
        "What is the capital of France?",
    ],
)
def test_ask_json_is_a_superset_of_the_old_contract(run, question):
    out = run("ask", question, "--json", "--lang", "en")
    assert out.returncode == 0, out.stderr.decode()
    r = json.loads(out.stdout)
    for key, shape in OLD_KEYS.items():
        assert isinstance(r[key], shape), (key, r[key])
    assert r["status"] in ("answer", "conflict", "abstain")
    for c in r["citations"]:
        assert OLD_CITATION_KEYS <= set(c) and isinstance(c["status"], str) and isinstance(c["start"], int)
    for e in r["evidence"]:
        assert set(e) == OLD_EVIDENCE_KEYS and isinstance(e["score"], float)
    for path in r["citation_chain"]:
        assert all(set(n) <= {"id", "label", "name"} or set(n) == {"rel"} for n in path)
    if r["conflict"] is not None:
        assert {"conflict_type", "supporting_paths", "resolution", "confidence"} <= set(r["conflict"])
    if r["status"] == "abstain":
        assert r["abstain_reason"] == "abstain.out_of_scope" and r["citations"] == []
    else:
        assert r["abstain_reason"] is None and r["citations"]
    # the new keys of the typed answer
    assert isinstance(r["summary"], str) and isinstance(r["problems"], list) and r["transcript"] is None
    for key in ("steps", "law", "deadlines"):
        assert isinstance(r[key], list)
    assert all(isinstance(t, (int, float)) for t in r["timings_ms"].values())


def test_ask_with_offence_date_and_hindi(run):
    out = run("ask", "हत्या की सज़ा क्या है?", "--json", "--offence-date", "2023-05-01")
    r = json.loads(out.stdout)
    assert r["language"] == "hi"
    assert any(c["node_id"] == "IPC:302" for c in r["citations"])


def test_ask_reads_invalid_utf8_from_stdin(run):
    out = run("ask", "-", "--json", stdin=b"\xff\xfe\xfa bail \x80\x81")
    assert out.returncode == 0, out.stderr.decode()
    assert json.loads(out.stdout)["status"] in ("answer", "abstain", "conflict")


def test_verify_human_output(run):
    out = run("verify", "Section 302 IPC and Section 999 BNS")
    text = out.stdout.decode()
    assert "verdict: INVALID" in text and "superseded" in text and "nonexistent" in text


def test_bad_date_is_a_usage_error(run):
    out = run("verify", "Section 5 BNS", "--offence-date", "yesterday")
    assert out.returncode == 2 and b"YYYY-MM-DD" in out.stderr


def test_missing_graph_is_a_clear_error(tmp_path):
    env = {**os.environ, "NYAYAPATH_DATA_DIR": str(tmp_path), "FALKORDB_URL": "redis://127.0.0.1:1"}
    out = subprocess.run([sys.executable, "-m", "app.cli", "graph", "stats"], capture_output=True, env=env, timeout=60)
    assert out.returncode == 3 and b"unreachable" in out.stderr


def test_audit_commands(run):
    run("ask", "What is bail?", "--json")
    head = run("audit", "head")
    assert head.returncode == 0 and len(head.stdout.strip()) == 64
    ver = run("audit", "verify", "--json")
    assert ver.returncode == 0 and json.loads(ver.stdout)["ok"] is True
