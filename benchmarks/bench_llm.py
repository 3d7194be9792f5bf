"""Benchmark the local LLM synthesizer: load time, first-token latency, tokens/s, peak RSS.

    python benchmarks/bench_llm.py [--runs 3] [--max-tokens 200] [--model-path X.gguf] [--lang en] [--json]

Run 1 is "cold" (the whole prompt is evaluated); later runs change only the question, so
llama-cpp-python reuses the cached KV of the shared prefix (system prompt + examples + sources)
and first-token latency drops. Both are reported.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.evidence import Evidence  # noqa: E402
from core.synthesize import LocalLlamaSynthesizer, ModelUnavailable, cited_tags  # noqa: E402

EVIDENCE = [
    Evidence(node_id="COI:22", label="Article", name="Article 22: Protection against arrest and detention",
             text="No person who is arrested shall be detained in custody without being informed, as soon as may be, "
                  "of the grounds for such arrest, nor shall he be denied the right to consult, and to be defended by, "
                  "a legal practitioner of his choice.", cite_as="Article 22(1)"),
    Evidence(node_id="PROC:arrest:2", label="ProceduralEvent", name="Production before a Magistrate",
             text="Every person arrested must be produced before the nearest Magistrate within twenty-four hours of "
                  "arrest, excluding the time needed for the journey.", cite_as="Article 22(2)"),
    Evidence(node_id="CASE:dk-basu-1997", label="Case", name="D.K. Basu v. State of West Bengal",
             text="The police officer making an arrest must prepare a memo of arrest, signed by a witness and "
                  "countersigned by the arrested person, and must inform a relative or friend of the arrest.",
             cite_as="D.K. Basu v. State of West Bengal (1997) 1 SCC 416"),
]
QUESTIONS = [
    "The police arrested my brother last night. What are his rights?",
    "Can the police keep someone in the lock-up for three days without taking him to a judge?",
    "Do the police have to tell my family when they arrest me?",
    "Can I call a lawyer after I am arrested?",
]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0   # Linux: KiB


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-tokens", type=int, default=200)
    ap.add_argument("--model-path", default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lang", default="en", choices=["en", "hi"])
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    a = ap.parse_args(argv)

    rss0 = peak_rss_mb()
    s = LocalLlamaSynthesizer(a.model_path, n_threads=a.threads, timeout_s=600)
    t0 = time.perf_counter()
    try:
        s.load()
    except ModelUnavailable as exc:
        print(f"model unavailable: {exc}", file=sys.stderr)
        return 2
    load_s = time.perf_counter() - t0
    runs = []
    for i in range(a.runs):
        q = QUESTIONS[i % len(QUESTIONS)]
        d = s.draft(q, EVIDENCE, a.lang, max_tokens=a.max_tokens)
        st = s.last_stats
        runs.append({"run": i + 1, "first_token_ms": d.timings_ms["first_token"],
                     "generate_ms": d.timings_ms["generate"], "tokens": st["completion_tokens"],
                     "tok_s": round(st["tokens_per_s"] or 0.0, 2), "prompt_tokens": s.last_prompt_tokens,
                     "tags": cited_tags(d.text), "unknown_tags": st["unknown_tags"]})
        if not a.json:
            r = runs[-1]
            print(f"run {r['run']}: first token {r['first_token_ms']:7.0f} ms | {r['tokens']:3d} tokens in "
                  f"{r['generate_ms']:6.0f} ms = {r['tok_s']:5.1f} tok/s | prompt {r['prompt_tokens']} tok | "
                  f"tags {r['tags']} unknown {r['unknown_tags']}")
    out = {
        "model_id": s.model_id, "model_path": str(s.model_path), "threads": a.threads, "lang": a.lang,
        "load_s": round(load_s, 2),
        "first_token_ms_cold": runs[0]["first_token_ms"] if runs else None,
        "first_token_ms_warm_median": statistics.median(r["first_token_ms"] for r in runs[1:]) if len(runs) > 1 else None,
        "tok_s_median": statistics.median(r["tok_s"] for r in runs) if runs else None,
        "peak_rss_mb": round(peak_rss_mb(), 1), "rss_before_load_mb": round(rss0, 1), "runs": runs,
    }
    if a.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(f"model {out['model_id']} ({a.threads} threads), load {out['load_s']} s")
        print(f"first token: cold {out['first_token_ms_cold']} ms, warm median {out['first_token_ms_warm_median']} ms")
        print(f"tokens/s (median): {out['tok_s_median']}")
        print(f"peak RSS: {out['peak_rss_mb']} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
