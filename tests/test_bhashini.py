"""Bhashini client against a real loopback HTTP server speaking the ULCA JSON shapes."""

import base64
import io
import json
import logging
import threading
import time
import wave
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from core.language.bhashini import (
    BhashiniBadResponse,
    BhashiniClient,
    BhashiniConfig,
    BhashiniHTTPError,
    BhashiniTimeout,
    CircuitBreaker,
    FallbackSpeech,
    FallbackTranslator,
)
from core.language.providers import ProviderUnavailable, SpeechProvider, TranslationProvider
from core.language.translate import Glossary, GlossaryTerm, OfflineTranslator

USER_ID = "user-7f3a"
ULCA_KEY = "ulca-SECRET-KEY-91c2"
INFER_KEY = "infer-SECRET-VALUE-55aa"
PIPELINE = "pipe-123"
CLIENT_TIMEOUT = 0.4


def _wav(seconds: float = 0.05) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"\x00\x00" * int(16000 * seconds))
    return buf.getvalue()


class FakeBhashini:
    """State shared with the handler: per-endpoint queues of modes (last one sticks)."""

    def __init__(self):
        self.modes = {"config": ["ok"], "compute": ["ok"]}
        self.requests: list[tuple[str, dict, dict]] = []
        self.lock = threading.Lock()

    def set(self, endpoint: str, *modes: str) -> None:
        with self.lock:
            self.modes[endpoint] = list(modes)

    def next_mode(self, endpoint: str) -> str:
        with self.lock:
            q = self.modes[endpoint]
            return q.pop(0) if len(q) > 1 else q[0]

    def count(self, endpoint: str) -> int:
        with self.lock:
            return sum(1 for e, _, _ in self.requests if e == endpoint)


def _make_handler(state: FakeBhashini, base_url: list[str]):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *a):  # keep test output quiet
            pass

        def _send(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            endpoint = {"/config": "config", "/compute": "compute"}.get(self.path)
            if endpoint is None:
                return self._send(404, b"{}")
            with state.lock:
                state.requests.append((endpoint, dict(self.headers), body))
            mode = state.next_mode(endpoint)
            if mode == "timeout":
                time.sleep(CLIENT_TIMEOUT * 2.5)
                return self._send(200, b"{}")
            if mode in ("401", "500", "503", "400"):
                return self._send(int(mode), json.dumps({"message": "nope"}).encode())
            if mode == "malformed":
                return self._send(200, b"{not json")
            if endpoint == "config":
                if self.headers.get("userID") != USER_ID or self.headers.get("ulcaApiKey") != ULCA_KEY:
                    return self._send(401, b"{}")
                return self._send(200, json.dumps(self._config(body, mode)).encode())
            if self.headers.get("Authorization") != INFER_KEY:
                return self._send(401, b"{}")
            return self._send(200, json.dumps(self._compute(body, mode)).encode())

        def _config(self, body, mode):
            task = body["pipelineTasks"][0]
            assert body["pipelineRequestConfig"]["pipelineId"] == PIPELINE
            if mode == "missing":
                return {"pipelineResponseConfig": []}
            lang = task["config"]["language"]
            return {
                "languages": [],
                "pipelineResponseConfig": [
                    {
                        "taskType": task["taskType"],
                        "config": [
                            {"serviceId": "other-service", "language": {"sourceLanguage": "ta"}},
                            {"serviceId": f"svc-{task['taskType']}-{lang['sourceLanguage']}", "language": lang},
                        ],
                    }
                ],
                "pipelineInferenceAPIEndPoint": {
                    "callbackUrl": base_url[0] + "/compute",
                    "inferenceApiKey": {"name": "Authorization", "value": INFER_KEY},
                },
            }

        def _compute(self, body, mode):
            task = body["pipelineTasks"][0]
            t, cfg = task["taskType"], task["config"]
            if mode == "missing":
                return {"pipelineResponse": [{"taskType": t}]}
            assert cfg["serviceId"].startswith(f"svc-{t}-")
            if t == "translation":
                src = body["inputData"]["input"][0]["source"]
                return {
                    "pipelineResponse": [
                        {
                            "taskType": t,
                            "output": [{"source": src, "target": f"[{cfg['language']['targetLanguage']}] {src}"}],
                        }
                    ]
                }
            if t == "asr":
                assert cfg["audioFormat"] == "wav" and cfg["samplingRate"] == 16000
                audio = base64.b64decode(body["inputData"]["audio"][0]["audioContent"])
                assert audio[:4] == b"RIFF"
                return {
                    "pipelineResponse": [
                        {
                            "taskType": t,
                            "output": [{"source": f"मुझे जमानत चाहिए ({len(audio)})"}]
                            if mode == "asr_bad"
                            else [{"target": "मुझे जमानत चाहिए"}],
                        }
                    ]
                }
            if t == "tts":
                assert cfg["gender"] in ("female", "male")
                return {
                    "pipelineResponse": [
                        {"taskType": t, "audio": [{"audioContent": base64.b64encode(_wav()).decode()}]}
                    ]
                }
            return {}

    return Handler


@pytest.fixture(scope="module")
def server():
    base: list[str] = []
    state = FakeBhashini()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(state, base))
    httpd.daemon_threads = True
    httpd.block_on_close = False
    base.append(f"http://127.0.0.1:{httpd.server_address[1]}")
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield state, base[0]
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def fake(server):
    state, url = server
    state.set("config", "ok")
    state.set("compute", "ok")
    with state.lock:
        state.requests.clear()
    return state, url


@pytest.fixture
def http():
    with httpx.Client(trust_env=False) as c:
        yield c


def _client(url, http, **kw) -> BhashiniClient:
    cfg = BhashiniConfig(
        user_id=USER_ID,
        api_key=ULCA_KEY,
        pipeline_id=PIPELINE,
        config_url=url + "/config",
        timeout_s=CLIENT_TIMEOUT,
        max_retries=kw.pop("max_retries", 2),
        backoff_s=0.01,
        cache_ttl_s=kw.pop("ttl", 60.0),
    )
    return BhashiniClient(cfg, http=http, breaker=kw.pop("breaker", CircuitBreaker(threshold=3, cooldown_s=0.3)), **kw)


# ---------- happy paths ----------


def test_translate_asr_tts_ok_and_shapes(fake, http):
    state, url = fake
    c = _client(url, http)
    assert isinstance(c, TranslationProvider) and isinstance(c, SpeechProvider)
    assert c.translate("How do I get bail?", "en", "hi") == "[hi] How do I get bail?"
    assert c.asr(_wav(), "hi") == "मुझे जमानत चाहिए"
    wav = c.tts("जमानत", "hi")
    assert wav[:4] == b"RIFF" and wave.open(io.BytesIO(wav)).getframerate() == 16000

    endpoint, headers, body = state.requests[0]
    assert endpoint == "config" and headers["userID"] == USER_ID and headers["ulcaApiKey"] == ULCA_KEY
    assert body["pipelineTasks"][0] == {
        "taskType": "translation",
        "config": {"language": {"sourceLanguage": "en", "targetLanguage": "hi"}},
    }
    endpoint, headers, body = state.requests[1]
    assert endpoint == "compute" and headers["Authorization"] == INFER_KEY
    assert body["pipelineTasks"][0]["config"]["serviceId"] == "svc-translation-en"
    assert body["inputData"] == {"input": [{"source": "How do I get bail?"}]}
    asr_cfg = [b for e, _, b in state.requests if e == "config"][1]["pipelineTasks"][0]["config"]
    assert asr_cfg == {"language": {"sourceLanguage": "hi"}}


def test_config_is_cached_per_task_and_language_with_ttl(fake, http):
    state, url = fake
    now = [1000.0]
    c = _client(url, http, ttl=10.0, clock=lambda: now[0])
    for _ in range(3):
        c.translate("a", "en", "hi")
    assert state.count("config") == 1 and state.count("compute") == 3
    c.translate("a", "hi", "en")  # different language pair -> new config call
    assert state.count("config") == 2
    now[0] += 11
    c.translate("a", "en", "hi")  # TTL expired
    assert state.count("config") == 3


# ---------- failures ----------


def test_401_not_retried(fake, http):
    state, url = fake
    state.set("config", "401")
    c = _client(url, http)
    with pytest.raises(BhashiniHTTPError) as ei:
        c.translate("a", "en", "hi")
    assert ei.value.status == 401 and state.count("config") == 1


def test_500_then_ok_retries(fake, http):
    state, url = fake
    state.set("compute", "500", "503", "ok")
    c = _client(url, http, max_retries=2)
    assert c.translate("x", "en", "hi") == "[hi] x"
    assert state.count("compute") == 3


def test_500_exhausts_retries(fake, http):
    state, url = fake
    state.set("compute", "500")
    c = _client(url, http, max_retries=1)
    with pytest.raises(BhashiniHTTPError) as ei:
        c.translate("x", "en", "hi")
    assert ei.value.status == 500 and state.count("compute") == 2


def test_timeout_is_bounded(fake, http):
    state, url = fake
    state.set("compute", "timeout", "ok")
    c = _client(url, http, max_retries=1)
    t0 = time.monotonic()
    assert c.translate("x", "en", "hi") == "[hi] x"  # first attempt times out, retry serves
    state.set("compute", "timeout")
    with pytest.raises(BhashiniTimeout):
        c.translate("x", "en", "hi")
    assert time.monotonic() - t0 < CLIENT_TIMEOUT * 3 + 1.5


@pytest.mark.parametrize(
    "endpoint,mode", [("config", "malformed"), ("compute", "malformed"), ("config", "missing"), ("compute", "missing")]
)
def test_bad_responses(fake, http, endpoint, mode):
    state, url = fake
    state.set(endpoint, mode)
    c = _client(url, http)
    with pytest.raises(BhashiniBadResponse):
        c.translate("x", "en", "hi")
    assert state.count(endpoint) == 1  # a bad 200 body is not retried


def test_tts_missing_audio_is_bad_response(fake, http):
    state, url = fake
    state.set("compute", "missing")
    with pytest.raises(BhashiniBadResponse):
        _client(url, http).tts("x", "hi")


# ---------- circuit breaker ----------


def test_circuit_breaker_opens_then_half_opens(fake, http):
    state, url = fake
    state.set("compute", "500")
    c = _client(url, http, max_retries=0, breaker=CircuitBreaker(threshold=2, cooldown_s=0.3))
    for _ in range(2):
        with pytest.raises(BhashiniHTTPError):
            c.translate("x", "en", "hi")
    assert c.breaker.state == "open"
    n = state.count("compute")
    with pytest.raises(ProviderUnavailable):
        c.translate("x", "en", "hi")
    assert state.count("compute") == n  # open circuit: no request sent
    time.sleep(0.35)
    assert c.breaker.state == "half_open"
    with pytest.raises(BhashiniHTTPError):  # trial fails -> open again
        c.translate("x", "en", "hi")
    assert c.breaker.state == "open"
    time.sleep(0.35)
    state.set("compute", "ok")
    assert c.translate("x", "en", "hi") == "[hi] x"  # trial succeeds -> closed
    assert c.breaker.state == "closed"


def test_breaker_unit_half_open_single_trial():
    now = [0.0]
    b = CircuitBreaker(threshold=1, cooldown_s=5, clock=lambda: now[0])
    b.record_failure()
    assert not b.allow()
    now[0] = 5
    assert b.allow() and not b.allow()  # one trial at a time
    b.record_success()
    assert b.state == "closed" and b.allow()


# ---------- fallback ----------


class OfflineSpeech:
    name = "offline-speech"

    def asr(self, audio_bytes: bytes, lang: str) -> str:
        return "offline transcript"

    def tts(self, text: str, lang: str) -> bytes:
        return _wav()


def _glossary():
    return Glossary([GlossaryTerm("bail", "bail", "जमानत", ("jamanat",))])


def test_fallback_translator_unconfigured(monkeypatch):
    for n in ("BHASHINI_USER_ID", "BHASHINI_API_KEY", "BHASHINI_PIPELINE_ID"):
        monkeypatch.delenv(n, raising=False)
    ft = FallbackTranslator.from_env(OfflineTranslator(_glossary()))
    r = ft.translate("bail", "en", "hi")
    assert r == "जमानत" and r.served_by == "glossary" and r.reason == "bhashini not configured"
    r = ft.translate("a long sentence", "en", "hi")
    assert r == "a long sentence" and not r.translated


def test_fallback_translator_from_env_uses_bhashini(fake, http, monkeypatch):
    state, url = fake
    monkeypatch.setenv("BHASHINI_USER_ID", USER_ID)
    monkeypatch.setenv("BHASHINI_API_KEY", ULCA_KEY)
    monkeypatch.setenv("BHASHINI_PIPELINE_ID", PIPELINE)
    monkeypatch.setenv("BHASHINI_CONFIG_URL", url + "/config")
    ft = FallbackTranslator.from_env(OfflineTranslator(_glossary()), http=http)
    assert ft.primary is not None and ft.primary.config.config_url == url + "/config"
    r = ft.translate("bail", "en", "hi")
    assert r == "[hi] bail" and r.served_by == "bhashini" and r.translated and r.reason == ""


def test_fallback_serves_when_bhashini_fails_and_breaker_opens(fake, http):
    state, url = fake
    state.set("compute", "500")
    c = _client(url, http, max_retries=0, breaker=CircuitBreaker(threshold=2, cooldown_s=60))
    ft = FallbackTranslator(c, OfflineTranslator(_glossary()))
    results = [ft.translate("bail", "en", "hi") for _ in range(4)]
    assert all(r == "जमानत" and r.served_by == "glossary" for r in results)
    assert "HTTP 500" in results[0].reason
    assert "circuit breaker is open" in results[-1].reason
    assert state.count("compute") == 2  # breaker stopped further calls


def test_fallback_speech(fake, http):
    state, url = fake
    fs = FallbackSpeech(_client(url, http), OfflineSpeech())
    s = fs.asr_served(_wav(), "hi")
    assert s.value == "मुझे जमानत चाहिए" and s.served_by == "bhashini"
    state.set("compute", "401")
    s = fs.asr_served(_wav(), "hi")
    assert s.value == "offline transcript" and s.served_by == "offline-speech" and "401" in s.reason
    assert fs.tts("x", "hi")[:4] == b"RIFF"
    with pytest.raises(ProviderUnavailable):
        FallbackSpeech(None, None).asr(b"", "hi")
    assert FallbackSpeech(None, OfflineSpeech()).tts_served("x", "hi").reason == "bhashini not configured"


# ---------- secrets ----------


def test_keys_never_logged_or_in_errors(fake, http, caplog):
    state, url = fake
    caplog.set_level(logging.DEBUG)
    c = _client(url, http, max_retries=1)
    errors = [repr(c), repr(c.config)]
    c.translate("x", "en", "hi")
    for endpoint, mode in [
        ("compute", "500"),
        ("compute", "timeout"),
        ("config", "401"),
        ("compute", "malformed"),
        ("config", "missing"),
    ]:
        state.set("config", "ok")
        state.set("compute", "ok")
        state.set(endpoint, mode)
        c.invalidate_cache()
        try:
            c.translate("x", "en", "hi")
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e) + str(e) + repr(e.__cause__) + repr(e.__context__))
    state.set("compute", "500")
    ft = FallbackTranslator(c, OfflineTranslator(Glossary([])))
    errors.append(ft.translate("x", "en", "hi").reason)
    text = caplog.text + "\n".join(errors)
    assert "bhashini" in caplog.text  # logging did happen
    for secret in (ULCA_KEY, INFER_KEY, USER_ID):
        assert secret not in text


def test_config_from_env(monkeypatch):
    env = {
        "BHASHINI_USER_ID": "uid-XYZ",
        "BHASHINI_API_KEY": "key-QQQ",
        "BHASHINI_PIPELINE_ID": "p",
        "BHASHINI_CONFIG_URL": "http://127.0.0.1:1/cfg",
    }
    cfg = BhashiniConfig.from_env(env)
    assert cfg.config_url == "http://127.0.0.1:1/cfg" and "key-QQQ" not in repr(cfg) and "uid-XYZ" not in repr(cfg)
    assert BhashiniConfig.from_env({**env, "BHASHINI_API_KEY": ""}) is None
    assert BhashiniConfig.from_env({k: v for k, v in env.items() if k != "BHASHINI_CONFIG_URL"}).config_url.endswith(
        "getModelsPipeline"
    )
