"""Security: user text is data (Cypher injection changes nothing), secrets never leave the process
in logs or responses, answering code reaches the graph read-only, the extractor and verifier
survive pathological input quickly, uploads are size-capped before anything is decoded."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import threading
from dataclasses import replace
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.service import Service
from core.citations import extract
from core.config import load_settings
from core.graphdb import ReadOnlyGraph, open_store
from core.retrieve import Retriever
from core.synthesis import ExtractiveComposer
from core.temporal import choose
from core.verify import Verifier
from tests.support.falkor_server import FalkorServer, free_port

INJECTIONS = [
    "bail'}) MATCH (n) DETACH DELETE n //",
    "Section 103 BNS\"}) CREATE (:Section {id: 'BNS:999', title: 'pwned'}) RETURN 1 //",
    "murder') WITH 1 AS x MATCH (s:Section) SET s.title = 'pwned' //",
    "x` ]->() DELETE r; MATCH (n) DELETE n",
    "$id }) CALL db.idx.fulltext.drop('Provision') //",
    "anticipatory bail\n}) MERGE (c:Case {id: 'CASE:evil'}) //",
    "Article 21 /* */ UNION MATCH (n) DETACH DELETE n RETURN 1",
    "धारा 103'}) DETACH DELETE n //",
    "GRAPH.DELETE nyayapath",
    "CALL dbms.security.createUser('x','y') YIELD * RETURN *",
]


def _fingerprint(graph) -> tuple:
    nodes = graph.ro_query("MATCH (n) RETURN count(n)")[0][0]
    rels = graph.ro_query("MATCH ()-[r]->() RETURN count(r)")[0][0]
    labels = sorted(r[0] for r in graph.ro_query("CALL db.labels() YIELD label RETURN label"))
    indexes = graph.ro_query("CALL db.indexes() YIELD label, properties RETURN count(label)")[0][0]
    titles = graph.ro_query("MATCH (s:Section) WHERE s.title = 'pwned' RETURN count(s)")[0][0]
    evil = graph.ro_query("MATCH (n) WHERE n.id IN ['BNS:999', 'CASE:evil'] RETURN count(n)")[0][0]
    return nodes, rels, tuple(labels), indexes, titles, evil


@pytest.fixture(scope="module")
def before(graph):
    fp = _fingerprint(graph)
    assert fp[0] > 100_000 and fp[-2:] == (0, 0)
    return fp


# ----------------------------------------------------------------------------- Cypher injection
def test_injection_through_retrieval_and_verifier(graph, before):
    r, v = Retriever(graph), Verifier(graph)
    for text in INJECTIONS:
        got = r.retrieve(text, "en", choose(text, None))
        assert isinstance(got.evidence, list)
        res = v.verify(text)
        assert all(c.node_id != "BNS:999" for c in res.citations)
    assert _fingerprint(graph) == before


def test_injection_through_service_ask(built_graph, graph, before, tmp_path):
    svc = Service(replace(built_graph.settings, audit_path=tmp_path / "a.sqlite3"), synthesizer=ExtractiveComposer())
    for text in INJECTIONS[:4]:
        res = svc.ask(text)
        assert res.status in ("answer", "conflict", "abstain") and res.answer
        assert "pwned" not in json.dumps(res.to_json()) and all(c.node_id != "BNS:999" for c in res.citations)
    assert _fingerprint(graph) == before


def test_injection_through_verify_cli(built_graph, graph, before, tmp_path):
    env = {
        "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir),
        "PYTHONPATH": str(Path(__file__).parents[1]),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "NYAYAPATH_AUDIT_DB": str(tmp_path / "a.sqlite3"),
    }
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "verify", "-", "--json"],
        input="\n".join(INJECTIONS),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    res = json.loads(out.stdout)
    assert res["verdict"] and all(c["node_id"] != "BNS:999" for c in res["citations"])
    assert _fingerprint(graph) == before


# ----------------------------------------------------------------------------- secrets
PW, BH_KEY, LLM_KEY = "falkor-PW-7f3a9c", "bhashini-KEY-51e0d2", "llm-KEY-c0ffee42"


def _no_secret(*blobs: str) -> None:
    text = "\n".join(blobs)
    for secret in (PW, BH_KEY, LLM_KEY):
        assert secret not in text, secret


def test_no_secret_in_logs_or_responses_when_the_graph_is_down(monkeypatch, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("FALKORDB_URL", f"redis://reader:{PW}@127.0.0.1:{free_port()}")
    monkeypatch.setenv("BHASHINI_USER_ID", "uid-sec")
    monkeypatch.setenv("BHASHINI_API_KEY", BH_KEY)
    monkeypatch.setenv("BHASHINI_PIPELINE_ID", "pipe")
    monkeypatch.setenv("NYAYAPATH_LLM", "http")
    monkeypatch.setenv("NYAYAPATH_LLM_URL", f"http://127.0.0.1:{free_port()}")
    monkeypatch.setenv("NYAYAPATH_LLM_API_KEY", LLM_KEY)
    monkeypatch.setenv("NYAYAPATH_DATA_DIR", str(tmp_path))
    svc = Service(load_settings())
    results = [svc.ask("How do I get bail?"), svc.ask("मुझे जमानत कैसे मिलेगी?", lang="hi")]
    assert all(r.status == "abstain" for r in results)
    _no_secret(caplog.text, json.dumps([r.to_json() for r in results], ensure_ascii=False, default=str))


def test_settings_repr_hides_the_graph_password(monkeypatch):
    monkeypatch.setenv("FALKORDB_URL", f"redis://reader:{PW}@127.0.0.1:6379")
    _no_secret(repr(load_settings()), str(load_settings()))


def test_no_password_leaks_from_a_live_then_dead_server(tmp_path, caplog):
    """Server with a password: answers while up; once killed, the error the service returns
    (and anything it logs) names the host, never the password."""
    from graph_schema import schema
    from graph_schema.batch import merge_nodes

    caplog.set_level(logging.DEBUG)
    srv = FalkorServer(tmp_path / "srv", password=PW).start()
    try:
        url = f"redis://:{PW}@127.0.0.1:{srv.port}"
        s = replace(
            load_settings(), falkordb_url=url, graph_name="sec", data_dir=tmp_path, audit_path=tmp_path / "a.sqlite3"
        )
        with open_store(s) as store:
            schema.apply(store)
            merge_nodes(
                store,
                "Section",
                [{"id": "BNS:103", "act": "BNS", "number": "103", "title": "Punishment for murder"}],
                extra_labels=("Provision",),
            )
        svc = Service(s, synthesizer=ExtractiveComposer())
        up = svc.ask("What is the punishment under Section 103 BNS?")
        srv.kill()
        down = svc.ask("What is the punishment under Section 103 BNS?")
        wrong = Service(
            replace(s, falkordb_url=f"redis://:{PW}x@127.0.0.1:{free_port()}"), synthesizer=ExtractiveComposer()
        ).ask("bail")
    finally:
        srv.stop()
    assert down.status == "abstain" and "unreachable" in down.error
    _no_secret(caplog.text, json.dumps([r.to_json() for r in (up, down, wrong)], ensure_ascii=False, default=str))


class _KeyCheckingModel(BaseHTTPRequestHandler):
    seen_auth: list[str] = []

    def do_POST(self):  # noqa: N802
        type(self).seen_auth.append(self.headers.get("Authorization", ""))
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(500)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *a):
        pass


def test_llm_key_only_in_the_authorization_header(built_graph, tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.DEBUG)
    monkeypatch.setenv("NYAYAPATH_LLM_API_KEY", LLM_KEY)
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _KeyCheckingModel)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        s = replace(
            built_graph.settings,
            llm_backend="http",
            llm_url=f"http://127.0.0.1:{srv.server_port}",
            llm_model="m",
            llm_timeout_s=5,
            audit_path=tmp_path / "a.sqlite3",
        )
        svc = Service(s)
        r = svc.ask("What is the punishment for murder?")
    finally:
        srv.shutdown()
        srv.server_close()
    assert r.model_id in ("extractive", None)
    assert _KeyCheckingModel.seen_auth and all(a == f"Bearer {LLM_KEY}" for a in _KeyCheckingModel.seen_auth)
    assert LLM_KEY not in repr(svc._synthesizer())
    _no_secret(caplog.text, json.dumps(r.to_json(), ensure_ascii=False, default=str))


# ----------------------------------------------------------------------------- read-only access
WRITES = [
    "CREATE (:Section {id: 'X:1'})",
    "MERGE (c:Case {id: 'CASE:evil'}) RETURN c",
    "MATCH (s:Section {id: 'BNS:103'}) SET s.title = 'pwned'",
    "MATCH (s:Section {id: 'BNS:103'}) DETACH DELETE s",
    "MATCH (s:Section {id: 'BNS:103'}) REMOVE s.title",
    "CREATE INDEX FOR (n:Evil) ON (n.id)",
    "CALL db.idx.fulltext.drop('Provision')",
]


def test_answering_code_gets_only_a_read_only_graph(built_graph, graph, before, tmp_path):
    public = {n for n in dir(ReadOnlyGraph) if not n.startswith("_")} | {
        n for n in vars(graph) if not n.startswith("_")
    }
    assert public == {"ro_query", "ping", "mode"}  # ping: a read the caches never answer
    svc = Service(replace(built_graph.settings, audit_path=tmp_path / "a.sqlite3"), synthesizer=ExtractiveComposer())
    pipe = svc.pipeline()
    for holder in (pipe, pipe.retriever, pipe.verifier):
        assert isinstance(holder.graph, ReadOnlyGraph), type(holder.graph)
    import redis

    for cypher in WRITES:
        with pytest.raises(redis.exceptions.ResponseError):  # FalkorDB refuses a write through GRAPH.RO_QUERY
            graph.ro_query(cypher)
    assert _fingerprint(graph) == before
    assert graph.ro_query("MATCH (s:Section {id: 'BNS:103'}) RETURN s.title")[0][0] != "pwned"


# ----------------------------------------------------------------------------- pathological input
# tests/test_citations_property.py covers arbitrary unicode, legal-looking text and linear time on
# adversarial megabytes, without a deadline. Added here: a per-example deadline on alphabets built
# to stress the patterns (nested brackets, digit runs, dots, combining marks, bidi and zero-width
# characters, Devanagari digits) and the verifier on the same input against the real graph.
PATHO = st.lists(
    st.sampled_from(
        [
            "(",
            ")",
            "[",
            "]",
            "1",
            "9",
            "0",
            ".",
            " ",
            "v.",
            " v ",
            "s.",
            "S.",
            "Sec",
            "§",
            "/",
            "-",
            "—",
            ":",
            "\u200d",
            "\u200c",
            "\u202e",
            "\u0301",
            "\u094d",
            "\u093c",
            "१",
            "९",
            "धारा",
            "अनुच्छेद",
            "IPC",
            "BNS",
            "AIR",
            "SCC",
            "SC",
            "(1978)",
            "r/w",
            "&",
            "and",
            ",",
            "\n",
            "\t",
            "\ufffd",
            "A",
            "Z",
            "ˀ",
        ]
    ),
    max_size=300,
).map("".join)


@settings(
    max_examples=200,
    deadline=timedelta(milliseconds=500),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(PATHO)
def test_extractor_pathological_input_fast_and_valid(text):
    for c in extract(text):
        assert 0 <= c.start < c.end <= len(text) and text[c.start : c.end] == c.text


@settings(
    max_examples=40,
    deadline=timedelta(seconds=3),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(PATHO)
def test_verifier_pathological_input_never_raises(graph, text):
    res = Verifier(graph).verify(text)
    assert res.verdict
    for c in res.citations:
        assert c.status


# ----------------------------------------------------------------------------- uploads
def test_ui_upload_size_capped_before_reading(tmp_path):
    """The page's handler checks the file's size on disk before reading or decoding it."""
    from app.ui import MAX_AUDIO_BYTES, AppLogic

    class _Never:
        def transcribe(self, *a, **k):
            raise AssertionError("decoded an oversized upload")

    big = tmp_path / "huge.webm"
    with open(big, "wb") as f:  # sparse: no 30 MB actually written
        f.truncate(MAX_AUDIO_BYTES + 10 * 1024 * 1024)
    got = AppLogic(_Never(), out_dir=tmp_path / "out").transcribe(str(big), "en")
    assert got["message"] and "too large" in got["message"] and got["text"] == ""
