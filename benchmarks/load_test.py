"""Load test of the real Gradio app on loopback.

Starts the app (app.ui.build_app around the real Service) in a child process on a free port,
then drives it with gradio_client the way the page does:

* text sessions: each session asks a question (/on_ask), waits for the card, asks the next;
* voice sessions: each uploads a pre-synthesized WAV question (/on_audio, Whisper), then asks
  the transcript (/on_ask).

Like the page, a session fetches the chain picture of each answer and nothing else it is sent
(``_client``; ``--gradio-downloads``: gradio_client's own download of every file, the client of the
runs before issue 24 §5, which took 0.6-0.8 of the two cores the server needed).

Everything is bounded: a fixed number of sessions, a wall-clock duration after which no new
request starts, and a per-request timeout. Reports throughput, p50/p95/max latency per kind,
errors (a request that raised, timed out, or produced the app's "internal error" card) and
queue rejections, and the peak RSS of the server process (psutil, its children included).

    python benchmarks/load_test.py                    # 20 text sessions + 5 voice, 120 s
    python benchmarks/load_test.py --text 6 --voice 0 --duration 20
    python benchmarks/load_test.py --llm local        # the local LLM instead of extractive
    python benchmarks/load_test.py --json
    python benchmarks/load_test.py --gradio-downloads  # figures comparable with the earlier runs

The extractive synthesizer is the default (NYAYAPATH_LLM=extractive in the server's
environment); --llm local|http hands the server whatever NYAYAPATH_LLM* you set.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "How do I get anticipatory bail?",
    "What is the punishment for murder?",
    "Can the police arrest me without a warrant?",
    "How do I file an FIR?",
    "What is the punishment for cheating under the Bharatiya Nyaya Sanhita?",
    "मुझे जमानत कैसे मिलेगी?",
    "What does Article 21 of the Constitution say?",
    "My landlord will not return my deposit. What can I do?",
    "Is there a time limit on anticipatory bail?",
    "What is the punishment for theft?",
]
VOICE = [
    "How do I get bail?",
    "What is the punishment for murder?",
    "Can the police arrest me without a warrant?",
    "How do I file an FIR at the police station?",
]
_STATUS = re.compile(r'class="np-card" data-status="([a-z_]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------ the server
SERVER_CODE = r"""
import os, sys, time
sys.path.insert(0, {root!r})
from app.ui import _warm, build_app
from app.service import Service
svc = Service()
t = time.perf_counter()
_warm(svc)                           # what ui.launch starts with: the graph and the indexes, before traffic
print("warm", round(time.perf_counter() - t, 1), flush=True)
demo = build_app(svc)
demo.launch(server_name="127.0.0.1", server_port={port}, ssr_mode=False, show_error=False, quiet=True,
            max_file_size=20 * 1024 * 1024, prevent_thread_lock=True)
print("ready", flush=True)
while True:
    time.sleep(3600)
"""


class Server:
    def __init__(self, port: int, env: dict, log_path: Path):
        self.port = port
        self.env = env
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None
        self.peak_rss = 0
        self._stop = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout_s: float = 300) -> float:
        t0 = time.perf_counter()
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER_CODE.format(root=str(ROOT), port=self.port)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=self.env,
            cwd=str(ROOT),
        )
        while time.perf_counter() - t0 < timeout_s:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited; see {self.log_path}:\n{self.log_path.read_text()[-3000:]}")
            if "ready" in self.log_path.read_text():
                threading.Thread(target=self._sample, daemon=True).start()
                return time.perf_counter() - t0
            time.sleep(0.5)
        raise RuntimeError("server did not become ready")

    def rss(self) -> int:
        import psutil

        try:
            p = psutil.Process(self.proc.pid)
            procs = [p, *p.children(recursive=True)]
            return sum(x.memory_info().rss for x in procs if x.is_running())
        except Exception:
            return 0

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak_rss = max(self.peak_rss, self.rss())
            time.sleep(0.25)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        self._stop.set()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        try:
            self._log.close()
        except Exception:
            pass


# ------------------------------------------------------------------------------ the clients
@dataclass
class Sample:
    kind: str  # "text" | "voice_transcribe" | "voice_ask"
    ok: bool
    latency_s: float
    status: str = ""  # card status or error class
    detail: str = ""
    started: float = 0.0  # time.monotonic() when the request was sent


@dataclass
class Run:
    samples: list[Sample] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, s: Sample) -> None:
        with self.lock:
            self.samples.append(s)


def _card_status(html: str) -> str:
    m = _STATUS.search(html or "")
    return m.group(1) if m else ""


def _client(url: str, gradio_downloads: bool = False):
    """A client that fetches what the page fetches, no more: gradio_client's own downloads fetch every
    file of every message (the chain picture and the card's download), each through a new HTTP client
    with a new TLS context (even on plain http), and with them the load-test client spent 0.6-0.8 of
    the machine's two cores, most of it there (issue 24, py-spy), CPU the server under test then
    lacked. ``_ask`` fetches the chain picture the page shows, once, on the session's one kept-alive
    connection; the card's download is fetched by a page only when someone clicks it.
    ``gradio_downloads``: the earlier client (``--gradio-downloads``), for figures comparable with
    the runs made with it."""
    from gradio_client import Client

    if gradio_downloads:
        return Client(url, verbose=False)
    import httpx

    client = Client(url, verbose=False, download_files=False, ssl_verify=False)
    client.np_http = httpx.Client(base_url=url, timeout=60)
    return client


_PICTURES = [0]  # chain pictures fetched, as the page fetches them
_PICTURES_LOCK = threading.Lock()


def _file_url(client, value) -> str | None:
    """Where the page fetches a file output from: its URL, else the server's file route (as gradio_client)."""
    if not isinstance(value, dict):
        return None
    if value.get("url"):
        return value["url"]
    return f"{client.src_prefixed}file={value['path']}" if value.get("path") else None


def _ask(client, question: str, timeout_s: float) -> tuple[bool, str, str]:
    job = client.submit(question, "auto", "", "", api_name="/on_ask")
    job.result(timeout=timeout_s)
    outs = [o for o in job.outputs() if isinstance(o, (list, tuple)) and len(o) > 2]
    # the card is the last output that carries one: a final answer that shows the same card as the
    # verified one already shown sends only a status update (issue 24)
    cards = [o for o in outs if isinstance(o[1], str)]
    out = cards[-1][1] if cards else ""
    status = _card_status(out)
    if status not in ("answer", "conflict", "abstain"):
        return False, status or "no-card", str(out)[:300]
    picture = _file_url(client, cards[-1][2]) if getattr(client, "np_http", None) is not None else None
    if picture:  # the chain picture the page shows
        got = client.np_http.get(picture)
        if got.status_code != 200 or not got.content.startswith(b"\x89PNG"):
            return False, "chain-picture", f"{got.status_code} {picture}"
        with _PICTURES_LOCK:
            _PICTURES[0] += 1
    return True, status, ""


def text_session(
    url: str, idx: int, deadline: float, run: Run, timeout_s: float, max_requests: int, gradio_downloads: bool = False
) -> None:
    client = _client(url, gradio_downloads)
    n = 0
    while time.monotonic() < deadline and n < max_requests:
        q = QUESTIONS[(idx + n) % len(QUESTIONS)]
        t, started = time.perf_counter(), time.monotonic()
        try:
            ok, status, detail = _ask(client, q, timeout_s)
        except Exception as exc:  # a timeout, a rejected job, a dropped connection
            ok, status, detail = False, type(exc).__name__, str(exc)[:300]
        run.add(Sample("text", ok, time.perf_counter() - t, status, detail, started))
        n += 1


def voice_session(
    url: str,
    idx: int,
    wavs: list[Path],
    deadline: float,
    run: Run,
    timeout_s: float,
    max_requests: int,
    gradio_downloads: bool = False,
) -> None:
    from gradio_client import handle_file

    client = _client(url, gradio_downloads)
    n = 0
    while time.monotonic() < deadline and n < max_requests:
        wav = wavs[(idx + n) % len(wavs)]
        t = time.perf_counter()
        transcript = ""
        try:
            out = client.submit(handle_file(str(wav)), "auto", api_name="/on_audio").result(timeout=timeout_s)
            transcript = out[0] if isinstance(out, (list, tuple)) and isinstance(out[0], str) else ""
            ok = bool(transcript.strip())
            run.add(
                Sample(
                    "voice_transcribe",
                    ok,
                    time.perf_counter() - t,
                    "heard" if ok else "no-text",
                    "" if ok else str(out)[:300],
                )
            )
        except Exception as exc:
            run.add(Sample("voice_transcribe", False, time.perf_counter() - t, type(exc).__name__, str(exc)[:300]))
        if transcript.strip() and time.monotonic() < deadline:
            t = time.perf_counter()
            try:
                ok, status, detail = _ask(client, transcript, timeout_s)
            except Exception as exc:
                ok, status, detail = False, type(exc).__name__, str(exc)[:300]
            run.add(Sample("voice_ask", ok, time.perf_counter() - t, status, detail))
        n += 1


def synthesize_wavs(out_dir: Path) -> list[Path]:
    from core.speech.audio import to_wav_bytes
    from core.speech.tts import Speaker
    from tests.support.synth_fixtures import tts_pcm

    sp = Speaker(read_citations=False)
    paths = []
    for i, text in enumerate(VOICE):
        pcm, sr = tts_pcm(sp, text, "en")
        p = out_dir / f"q{i}.wav"
        p.write_bytes(to_wav_bytes(pcm, sr))
        paths.append(p)
    return paths


# ------------------------------------------------------------------------------ report
def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def timeline(run: Run, t0: float, step_s: float = 10.0) -> list[dict]:
    """Typed answers by the ``step_s`` window they were sent in: a slow start (indexes built by the
    first questions) shows in the first window, not spread over the run's p95."""
    rows: dict[int, list[float]] = {}
    for s in run.samples:
        if s.kind == "text" and s.ok:
            rows.setdefault(int((s.started - t0) // step_s), []).append(s.latency_s)
    return [
        {"from_s": int(k * step_s), "n": len(v), "p50_s": round(_pct(v, 0.5), 2), "max_s": round(max(v), 2)}
        for k, v in sorted(rows.items())
    ]


def summarize(run: Run, wall_s: float, server: Server, args, t0: float = 0.0) -> dict:
    kinds = {}
    for kind in ("text", "voice_transcribe", "voice_ask"):
        ss = [s for s in run.samples if s.kind == kind]
        if not ss:
            continue
        lat = [s.latency_s for s in ss if s.ok]
        statuses: dict[str, int] = {}
        for s in ss:
            statuses[s.status] = statuses.get(s.status, 0) + 1
        kinds[kind] = {
            "requests": len(ss),
            "ok": len(lat),
            "errors": len(ss) - len(lat),
            "throughput_per_min": round(len(lat) / wall_s * 60, 2),
            "p50_s": round(_pct(lat, 0.5), 2),
            "p95_s": round(_pct(lat, 0.95), 2),
            "max_s": round(max(lat), 2) if lat else None,
            "statuses": statuses,
            "error_examples": [s.detail for s in ss if not s.ok][:3],
        }
    total_ok = sum(k["ok"] for k in kinds.values())
    return {
        "config": {
            "text_sessions": args.text,
            "voice_sessions": args.voice,
            "duration_s": args.duration,
            "llm": args.llm,
            "cpus": os.cpu_count(),
            "client": "gradio_client downloads" if args.gradio_downloads else "page-like (chain picture only)",
        },
        "wall_s": round(wall_s, 1),
        "completed": total_ok,
        "errors": sum(k["errors"] for k in kinds.values()),
        "throughput_per_s": round(total_ok / wall_s, 3),
        "kinds": kinds,
        "server_peak_rss_mb": round(server.peak_rss / 2**20, 1),
        "server_alive_after": server.alive(),
        "text_by_send_time": timeline(run, t0),
        "chain_pictures_fetched": _PICTURES[0],
    }


def print_report(rep: dict) -> None:
    c = rep["config"]
    print(
        f"load test: {c['text_sessions']} text + {c['voice_sessions']} voice sessions, {c['duration_s']} s, "
        f"synthesizer {c['llm']}, {c['cpus']} CPUs, client {c['client']}"
    )
    print(
        f"wall {rep['wall_s']} s; completed {rep['completed']}; errors {rep['errors']}; "
        f"throughput {rep['throughput_per_s']}/s; server peak RSS {rep['server_peak_rss_mb']} MB; "
        f"server alive after: {rep['server_alive_after']}; chain pictures fetched {rep['chain_pictures_fetched']}"
    )
    for kind, k in rep["kinds"].items():
        print(
            f"  {kind:17s} n={k['requests']:4d} ok={k['ok']:4d} err={k['errors']:3d} "
            f"{k['throughput_per_min']:6.2f}/min p50 {k['p50_s']:6.2f} s p95 {k['p95_s']:6.2f} s "
            f"max {k['max_s']} s  {k['statuses']}"
        )
        for e in k["error_examples"]:
            print(f"      error: {e}")
    print(
        "  text by send time: "
        + "; ".join(f"{w['from_s']}s n={w['n']} p50 {w['p50_s']} max {w['max_s']}" for w in rep["text_by_send_time"])
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--text", type=int, default=20, help="concurrent text sessions")
    ap.add_argument("--voice", type=int, default=5, help="concurrent voice sessions")
    ap.add_argument("--duration", type=float, default=120, help="seconds during which new requests start")
    ap.add_argument("--max-requests", type=int, default=200, help="per session, an upper bound")
    ap.add_argument("--timeout", type=float, default=300, help="per request, seconds")
    ap.add_argument("--llm", choices=["extractive", "local", "http"], default="extractive")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--gradio-downloads",
        action="store_true",
        help="the earlier client: gradio_client downloads every file (0.6-0.8 core of the machine)",
    )
    args = ap.parse_args(argv)

    env = {**os.environ, "NYAYAPATH_LLM": args.llm, "GRADIO_ANALYTICS_ENABLED": "False"}
    env.setdefault("NYAYAPATH_AUDIT_DB", str(Path(tempfile.mkdtemp(prefix="nyaya-load-")) / "audit.sqlite3"))
    work = Path(tempfile.mkdtemp(prefix="nyaya-load-"))
    wavs = synthesize_wavs(work) if args.voice else []
    server = Server(free_port(), env, work / "server.log")
    start_s = server.start()
    if not args.json:
        print(f"server ready in {start_s:.1f} s on {server.url} (log {server.log_path})")
    run = Run()
    try:
        t0 = time.monotonic()
        deadline = t0 + args.duration
        threads = [
            threading.Thread(
                target=text_session,
                args=(server.url, i, deadline, run, args.timeout, args.max_requests, args.gradio_downloads),
                daemon=True,
            )
            for i in range(args.text)
        ]
        threads += [
            threading.Thread(
                target=voice_session,
                args=(server.url, i, wavs, deadline, run, args.timeout, args.max_requests, args.gradio_downloads),
                daemon=True,
            )
            for i in range(args.voice)
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join(args.duration + args.timeout + 60)
        wall = time.monotonic() - t0
        rep = summarize(run, wall, server, args, t0)
    finally:
        server.stop()
    if args.json:
        print(json.dumps(rep, ensure_ascii=False, indent=2))
    else:
        print_report(rep)
    return 0 if rep["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
