"""Where an answer's CPU goes in the app, without Gradio: the pipeline (what the CLI costs) against
what the app adds around it (``AppLogic._outcome``: the answer's JSON, the chain picture, the card
twice, the two files), and the graph server's own CPU.

Runs the load test's ten questions (``benchmarks/load_test.py`` QUESTIONS) through
``AppLogic.answer`` in one thread, a warm-up round first, then ``--rounds`` measured rounds, and
prints CPU seconds per answer for each part (this process's thread CPU time, and the redis-server's
CPU time from psutil), plus, with ``--cprofile FILE``, a cProfile of the measured rounds.

    NYAYAPATH_LLM=extractive python benchmarks/profile_app.py --rounds 3
    python benchmarks/profile_app.py --rounds 2 --cprofile /tmp/app.prof --top 40
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _server_cpu() -> float:
    """CPU seconds of the graph server processes (redis-server) this machine runs."""
    import psutil

    total = 0.0
    for p in psutil.process_iter(["name", "cmdline"]):
        try:
            if "redis-server" in " ".join(p.info["cmdline"] or []) or p.info["name"] == "redis-server":
                t = p.cpu_times()
                total += t.user + t.system
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return total


class _Timed:
    """Wraps a callable: adds its thread CPU time to ``bucket[name]``."""

    def __init__(self, fn, name: str, bucket: dict):
        self.fn, self.name, self.bucket = fn, name, bucket

    def __call__(self, *a, **kw):
        t = time.thread_time()
        try:
            return self.fn(*a, **kw)
        finally:
            self.bucket[self.name] = self.bucket.get(self.name, 0.0) + time.thread_time() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cprofile", default="")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    os.environ.setdefault("NYAYAPATH_LLM", "extractive")

    from load_test import QUESTIONS

    import app.card as card_mod
    import app.chain_image as chain_mod
    import app.ui as ui
    from app.service import Service

    svc = Service()
    svc.pipeline()
    logic = ui.AppLogic(svc)
    for q in QUESTIONS:  # warm: the spelling dictionary, the problem index, the read cache
        logic.answer(q)

    bucket: dict[str, float] = {}
    pipe = svc.pipeline()
    pipe.ask = _Timed(pipe.ask, "pipeline.ask", bucket)
    chain_mod.chain_png = _Timed(chain_mod.chain_png, "chain_png", bucket)
    ui.card_html = _Timed(card_mod.card_html, "card_html (x2)", bucket)
    logic._write = _Timed(logic._write, "write files", bucket)
    logic._outcome = _Timed(logic._outcome, "_outcome (all of the app's part)", bucket)

    prof = cProfile.Profile() if args.cprofile else None
    n = 0
    srv0, cpu0, wall0, proc0 = _server_cpu(), time.thread_time(), time.perf_counter(), time.process_time()
    if prof:
        prof.enable()
    for _ in range(args.rounds):
        for q in QUESTIONS:
            logic.answer(q)
            n += 1
    if prof:
        prof.disable()
    cpu, wall, srv = time.thread_time() - cpu0, time.perf_counter() - wall0, _server_cpu() - srv0
    proc = time.process_time() - proc0
    print(f"{n} answers; load {' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"  app process CPU  {cpu / n:.3f} s/answer (wall {wall / n:.3f} s/answer)")
    # every thread of the process: a library's own threads (OpenBLAS spinning after each small product
    # cost as much as the answer, issue 24) show here and not in the answering thread's CPU above
    print(f"  all its threads  {proc / n:.3f} s/answer")
    print(f"  graph server CPU {srv / n:.3f} s/answer")
    for k, v in sorted(bucket.items(), key=lambda kv: -kv[1]):
        print(f"  {k:36s} {v / n:.3f} s/answer")
    if prof:
        prof.dump_stats(args.cprofile)
        st = pstats.Stats(prof)
        st.sort_stats("cumulative").print_stats(args.top)
        st.sort_stats("tottime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
