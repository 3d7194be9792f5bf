"""The service asks Bhashini for speech recognition when it is configured, and falls back to the
offline Whisper path when Bhashini fails; tested against a real HTTP server on loopback."""

from __future__ import annotations

import threading
from http.server import ThreadingHTTPServer

import pytest

from app.service import Service
from core.speech.tts import Speaker
from tests.support.synth_fixtures import encode, tts_pcm
from tests.test_bhashini import PIPELINE, ULCA_KEY, USER_ID, FakeBhashini, _make_handler


@pytest.fixture(scope="module")
def bhashini():
    base: list[str] = []
    state = FakeBhashini()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(state, base))
    httpd.daemon_threads = True
    base.append(f"http://127.0.0.1:{httpd.server_address[1]}")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield state, base[0]
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def question_wav():
    pcm, sr = tts_pcm(Speaker(), "How can I get bail for my brother?", "en")
    return encode(pcm, sr, "wav")


@pytest.mark.slow
def test_bhashini_serves_then_whisper_takes_over(bhashini, question_wav, monkeypatch, built_graph):
    state, url = bhashini
    monkeypatch.setenv("BHASHINI_USER_ID", USER_ID)
    monkeypatch.setenv("BHASHINI_API_KEY", ULCA_KEY)
    monkeypatch.setenv("BHASHINI_PIPELINE_ID", PIPELINE)
    monkeypatch.setenv("BHASHINI_CONFIG_URL", url + "/config")
    svc = Service(built_graph.settings)

    state.set("config", "ok")
    state.set("compute", "ok")
    got = svc.transcribe(question_wav, language="hi")
    assert got.served_by == "bhashini" and got.text == "मुझे जमानत चाहिए"

    state.set("compute", "500")  # Bhashini down: the offline path answers, the user still gets a transcript
    got = svc.transcribe(question_wav, language="en")
    assert got.served_by == "whisper" and "bail" in got.text.lower()
    assert ULCA_KEY not in repr(got)


def test_unconfigured_bhashini_is_not_called(bhashini, monkeypatch, built_graph):
    state, _ = bhashini
    for k in ("BHASHINI_USER_ID", "BHASHINI_API_KEY", "BHASHINI_PIPELINE_ID"):
        monkeypatch.delenv(k, raising=False)
    with state.lock:
        state.requests.clear()
    svc = Service(built_graph.settings)
    got = svc.transcribe(b"", language="hi")
    assert got.error and got.code == "empty"
    assert state.count("config") == 0 and state.count("compute") == 0
