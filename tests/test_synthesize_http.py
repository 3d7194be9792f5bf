"""HttpSynthesizer against a REAL HTTP server on 127.0.0.1 speaking OpenAI chat-completions JSON."""

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from core.stages import Evidence
from core.synthesis import HttpSynthesizer, ModelUnavailable, Synthesizer, make_synthesizer

EVIDENCE = [
    Evidence(
        node_id="COI:21",
        label="Article",
        name="Article 21: Protection of life and personal liberty",
        text="No person shall be deprived of his life or personal liberty except according to procedure "
        "established by law.",
        cite_as="Article 21",
    ),
    Evidence(
        node_id="PROC:arrest:2",
        label="ProceduralEvent",
        name="Production before a Magistrate",
        text="The arrested person must be produced before the nearest Magistrate within 24 hours.",
        time_limit="24 hours",
    ),
]
ANSWER = (
    "You cannot be held without a lawful procedure (S1). You must be taken to a magistrate [S 2].\n"
    "What to do next: ask to see a magistrate within 24 hours [S2]."
)


def completion(content: str) -> bytes:
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "test-model",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }
    ).encode()


class Server:
    """Each request pops the next scripted action: ("ok", text) | ("status", code) | ("sleep", s)
    | ("raw", bytes). The last action repeats."""

    def __init__(self):
        self.script: list[tuple] = [("ok", ANSWER)]
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                outer.requests.append({"path": self.path, "headers": dict(self.headers), "json": json.loads(body)})
                action = outer.script.pop(0) if len(outer.script) > 1 else outer.script[0]
                kind, arg = action
                if kind == "sleep":
                    time.sleep(arg)
                    kind, arg = "ok", ANSWER
                if kind == "status":
                    payload, code = b'{"error": {"message": "boom"}}', arg
                elif kind == "raw":
                    payload, code = arg, 200
                else:
                    payload, code = completion(arg), 200
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def synth(server, **kw) -> HttpSynthesizer:
    kw.setdefault("timeout_s", 5.0)
    kw.setdefault("backoff_s", 0.01)
    return HttpSynthesizer(server.url, "test-model", **kw)


def test_ok(server, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_LLM_API_KEY", "sk-secret-123")
    s = synth(server)
    assert isinstance(s, Synthesizer)
    d = s.draft(
        "Can the police keep me locked up?",
        EVIDENCE,
        "en",
        guidance="Use the new code.",
        correction="[S3] is not in the sources",
    )
    assert d.text == (
        "You cannot be held without a lawful procedure [S1]. You must be taken to a magistrate [S2].\n"
        "What to do next: ask to see a magistrate within 24 hours [S2]."
    )
    assert d.sources == {"S1": "COI:21", "S2": "PROC:arrest:2"}
    assert d.backend == "http" and d.model_id == "http:test-model"
    assert len(d.prompt_sha256) == 64 and len(d.response_sha256) == 64
    assert d.timings_ms["first_token"] > 0 and d.timings_ms["generate"] > 0
    [req] = server.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["Authorization"] == "Bearer sk-secret-123"
    body = req["json"]
    assert body["model"] == "test-model" and body["stream"] is False and body["max_tokens"] == 256
    user = body["messages"][-1]["content"]
    assert "[S1] Article 21 — Article 21: Protection of life and personal liberty: No person" in user
    assert "[S2] Production before a Magistrate: The arrested person" in user
    assert "Note: Use the new code." in user and "[S3] is not in the sources" in user
    assert "sk-secret" not in repr(s)
    assert s.last_stats["usage"]["completion_tokens"] == 20


def test_prompt_hash_is_of_the_messages_sent(server):
    import hashlib

    d = synth(server).draft("q", EVIDENCE, "en")
    msgs = server.requests[0]["json"]["messages"]
    sent = json.dumps(msgs, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert d.prompt_sha256 == hashlib.sha256(sent.encode()).hexdigest()
    assert d.response_sha256 == hashlib.sha256(ANSWER.encode()).hexdigest()


def test_500_then_ok_retries(server):
    server.script = [("status", 500), ("status", 503), ("ok", ANSWER)]
    s = synth(server, retries=2)
    d = s.draft("q", EVIDENCE, "en")
    assert "[S1]" in d.text
    assert len(server.requests) == 3 and s.last_stats["attempts"] == 3


def test_500_forever_gives_up(server):
    server.script = [("status", 500)]
    with pytest.raises(ModelUnavailable, match="3 attempts.*HTTP 500"):
        synth(server, retries=2).draft("q", EVIDENCE, "en")
    assert len(server.requests) == 3


def test_4xx_is_not_retried(server, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_LLM_API_KEY", "sk-secret-456")
    server.script = [("status", 401)]
    with pytest.raises(ModelUnavailable, match="HTTP 401") as ei:
        synth(server).draft("q", EVIDENCE, "en")
    assert len(server.requests) == 1
    assert "sk-secret" not in str(ei.value)


def test_timeout(server):
    server.script = [("sleep", 3.0)]
    t0 = time.perf_counter()
    with pytest.raises(ModelUnavailable, match="timed out"):
        synth(server, timeout_s=0.5).draft("q", EVIDENCE, "en")
    assert time.perf_counter() - t0 < 2.0


@pytest.mark.parametrize(
    "payload",
    [
        b"this is not json",
        b'{"choices": []}',
        b'{"choices": [{"message": {}}]}',
        b'{"choices": [{"message": {"content": null}}]}',
        b"[1, 2, 3]",
    ],
)
def test_malformed_json(server, payload):
    server.script = [("raw", payload)]
    with pytest.raises(ModelUnavailable, match="malformed|without text"):
        synth(server).draft("q", EVIDENCE, "en")
    assert len(server.requests) == 1


def test_connection_refused():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    s = HttpSynthesizer(f"http://127.0.0.1:{port}", "m", timeout_s=3.0, retries=1, backoff_s=0.01)
    with pytest.raises(ModelUnavailable, match="2 attempts.*connection error"):
        s.draft("q", EVIDENCE, "en")


def test_url_forms(server):
    for url in (server.url + "/", server.url + "/v1", server.url + "/v1/chat/completions"):
        HttpSynthesizer(url, "m", timeout_s=5).draft("q", EVIDENCE, "en")
    assert [r["path"] for r in server.requests] == ["/v1/chat/completions"] * 3


def test_factory(server, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_LLM_URL", server.url)
    monkeypatch.setenv("NYAYAPATH_LLM_MODEL", "env-model")
    s = make_synthesizer("http", timeout_s=5)
    assert s.model_id == "http:env-model" and s.prefer_extractive_for_hindi is False
    assert "[S2]" in s.draft("q", EVIDENCE, "en").text
    monkeypatch.delenv("NYAYAPATH_LLM_URL")
    with pytest.raises(ModelUnavailable):
        make_synthesizer("http")


def test_no_evidence_does_not_call_server(server):
    d = synth(server).draft("q", [], "en")
    assert server.requests == [] and d.sources == {}


def test_unknown_tags_reported(server):
    server.script = [("ok", "Something [S1, S5].")]
    s = synth(server)
    d = s.draft("q", EVIDENCE, "en")
    assert d.text.startswith("Something [S1][S5].\n") and s.last_stats["unknown_tags"] == ["S5"]


def test_missing_next_step_is_appended_from_evidence(server):
    server.script = [("ok", "You must be taken to a magistrate [S2].")]
    d = synth(server).draft("q", EVIDENCE, "en")
    assert d.text == (
        "You must be taken to a magistrate [S2].\nWhat to do next:\n1. Production before a Magistrate: "
        "The arrested person must be produced before the nearest Magistrate within 24 hours "
        "(time limit: 24 hours) [S2]."
    )
    d = synth(server, ensure_next_step=False).draft("q", EVIDENCE, "en")
    assert d.text == "You must be taken to a magistrate [S2]."
    d = synth(server).draft("q", EVIDENCE[:1], "en")  # no procedural step: fixed legal-aid line
    assert d.text.endswith("(free legal aid helpline 15100).")


@pytest.mark.parametrize(
    "reply",
    [
        "I cannot answer this from the given sources.",
        "Bail is possible [S1].\n**What to do next:** apply [S1].",
        "Bail is possible [S1].\nNext steps: apply [S1].",
    ],
)
def test_refusal_or_existing_next_step_left_alone(server, reply):
    server.script = [("ok", reply)]
    assert synth(server).draft("q", EVIDENCE, "en").text == reply
