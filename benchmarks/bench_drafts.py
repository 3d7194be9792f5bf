"""Benchmark drafting (issue 22: a document in < 2 s on 2 cores): make (facts checked, citations
verified, dates computed) and each format written, every kind x language, cold and warm.

    python benchmarks/bench_drafts.py [--reps 3] [--json]

Needs the built graph ($NYAYAPATH_DATA_DIR). Prints the 1-minute load average beside the figures: take
them with the load under 1.5.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from core.config import load_settings
    from core.drafts import make
    from core.drafts.render import write
    from core.graphdb import open_store
    from tests.test_drafts import FACTS

    store = open_store(load_settings())
    graph = store.read_only()
    load0 = os.getloadavg()[0]
    rows = []
    out = Path(tempfile.mkdtemp(prefix="bench-drafts-"))
    for rep in range(args.reps):
        for kind, facts in FACTS.items():
            for lang in ("en", "hi"):
                t0 = time.perf_counter()
                doc = make(kind, facts, lang, graph, date(2026, 12, 2)).document
                t1 = time.perf_counter()
                times = {"make": t1 - t0}
                for ext in ("txt", "docx", "pdf"):
                    t = time.perf_counter()
                    write(doc, out / f"{kind}-{lang}.{ext}")
                    times[ext] = time.perf_counter() - t
                times["total"] = sum(times.values())
                rows.append(
                    {"rep": rep, "kind": kind, "lang": lang, **{k: round(v * 1000, 1) for k, v in times.items()}}
                )
    store.close()
    warm = [r for r in rows if r["rep"] > 0] or rows
    report = {
        "load_1min_start": round(load0, 2),
        "load_1min_end": round(os.getloadavg()[0], 2),
        "documents": len(rows),
        "cold_first_ms": rows[0]["total"],
        "warm_total_ms_p50": statistics.median(r["total"] for r in warm),
        "warm_total_ms_max": max(r["total"] for r in warm),
        "warm_pdf_ms_p50": statistics.median(r["pdf"] for r in warm),
        "warm_make_ms_p50": statistics.median(r["make"] for r in warm),
        "under_2s": sum(r["total"] < 2000 for r in rows),
    }
    if args.json:
        print(json.dumps({"summary": report, "rows": rows}, indent=2))
    else:
        for k, v in report.items():
            print(f"{k:22} {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
