"""A short, bounded load test of the real Gradio app on loopback (benchmarks/load_test.py is the
full one): concurrent text sessions get cards and never an internal error, and the queue applies
back-pressure -- requests beyond max_size are turned away, not crashed on -- and keeps serving."""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from tests.support.falkor_server import free_port

gr_client = pytest.importorskip("gradio_client")

_STATUS = re.compile(r'class="np-card" data-status="([a-z_]+)"')
QUESTIONS = [
    "How do I get anticipatory bail?",
    "What is the punishment for murder?",
    "How do I file an FIR?",
    "मुझे जमानत कैसे मिलेगी?",
    "Can the police arrest me without a warrant?",
    "What is the capital of France?",
]


def _launch(service):
    from app.ui import build_app

    demo = build_app(service)
    port = free_port()
    demo.launch(
        server_name="127.0.0.1",
        server_port=port,
        prevent_thread_lock=True,
        quiet=True,
        ssr_mode=False,
        show_error=False,
        max_file_size=20 * 1024 * 1024,
    )
    return demo, f"http://127.0.0.1:{port}/"


def _card_status(out) -> str:
    m = _STATUS.search(out[1] if isinstance(out, (list, tuple)) and len(out) > 1 else "")
    return m.group(1) if m else "no-card"


@pytest.fixture(scope="module")
def real_app(built_graph, tmp_path_factory):
    from app.service import Service
    from core.synthesis import ExtractiveComposer

    s = replace(
        built_graph.settings, llm_backend="extractive", audit_path=tmp_path_factory.mktemp("audit") / "audit.sqlite3"
    )
    svc = Service(s, synthesizer=ExtractiveComposer())
    svc.pipeline()
    demo, url = _launch(svc)
    yield url
    demo.close()


def test_six_concurrent_text_sessions_no_errors(real_app):
    from gradio_client import Client

    deadline = time.monotonic() + 20
    results: list[tuple[str, float]] = []
    lock = threading.Lock()

    def session(i: int) -> None:
        client = Client(real_app, verbose=False)
        n = 0
        while time.monotonic() < deadline and n < 10:
            t = time.perf_counter()
            try:
                out = client.submit(QUESTIONS[(i + n) % len(QUESTIONS)], "auto", "", "", api_name="/on_ask").result(
                    timeout=120
                )
                status = _card_status(out)
            except Exception as exc:  # noqa: BLE001 - counted as an error below
                status = f"exception:{type(exc).__name__}:{exc}"[:200]
            with lock:
                results.append((status, time.perf_counter() - t))
            n += 1

    threads = [threading.Thread(target=session, args=(i,)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(200)
    assert not any(th.is_alive() for th in threads)
    statuses = [s for s, _ in results]
    assert len(results) >= 6, results
    bad = [s for s in statuses if s not in ("answer", "conflict", "abstain")]
    assert not bad, bad


class _SlowService:
    """Stands in for the Service so the queue, not the law, is what is measured."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.calls = 0
        self._lock = threading.Lock()

    def ask(self, question, lang="auto", offence_date=None):
        with self._lock:
            self.calls += 1
        time.sleep(self.seconds)
        from core.stages import Answer

        return Answer.abstained("abstain.no_evidence", "en", law_as_of="2024-12-31")

    def transcribe(self, audio, language="auto"):
        from core.stages import Transcript

        return Transcript.failed("empty", "no")

    def speak(self, result):
        return None

    def pipeline(self):
        return None


def test_queue_applies_back_pressure_and_keeps_serving():
    from gradio_client import Client

    from app.ui import QUEUE_CONCURRENCY, QUEUE_MAX_SIZE

    svc = _SlowService(1.0)
    demo, url = _launch(svc)
    try:
        client = Client(url, verbose=False)
        n = QUEUE_MAX_SIZE + 16
        jobs = [client.submit(f"question {i}", "en", "", "", api_name="/on_ask") for i in range(n)]

        def outcome(job):
            try:
                return _card_status(job.result(timeout=120))
            except Exception as exc:  # noqa: BLE001
                return f"rejected:{exc}"

        with ThreadPoolExecutor(8) as ex:
            outcomes = list(ex.map(outcome, jobs))
        served = [o for o in outcomes if o == "abstain"]
        rejected = [o for o in outcomes if o.startswith("rejected")]
        assert len(served) + len(rejected) == n, outcomes
        assert rejected, "more requests than max_size were all accepted: no back-pressure"
        assert all("queue" in r.lower() and "full" in r.lower() for r in rejected), rejected[:3]
        assert len(served) >= QUEUE_MAX_SIZE, (len(served), len(rejected))
        assert svc.calls == len(served)
        # and the app still answers afterwards
        assert _card_status(client.predict("after the burst", "en", "", "", api_name="/on_ask")) == "abstain"
        assert QUEUE_CONCURRENCY >= 1
    finally:
        demo.close()


def test_oversized_upload_refused_by_the_server():
    """The web server itself refuses an upload over max_file_size before any handler sees it."""
    import httpx

    svc = _SlowService(0.0)
    demo, url = _launch(svc)
    try:
        big = b"\0" * (21 * 1024 * 1024)
        r = httpx.post(url + "gradio_api/upload", files={"files": ("huge.wav", big, "audio/wav")}, timeout=60)
        assert r.status_code in (400, 413), (r.status_code, r.text[:200])
        small = httpx.post(
            url + "gradio_api/upload", files={"files": ("ok.wav", b"RIFF" + bytes(100), "audio/wav")}, timeout=60
        )
        assert small.status_code == 200
    finally:
        demo.close()
