"""Benchmark the local LLM synthesizer: load time, first-token latency, tokens/s, peak RSS.

    python benchmarks/bench_llm.py [--runs 3] [--max-tokens 200] [--model-path X.gguf] [--lang en] [--json]
    python benchmarks/bench_llm.py --levers [--questions 2] [--reps 1] [--only before,facts,...] [--json]

``--levers``: the short answer (``summarize``, the default model path of issue 11) on the real material
the pipeline gives the model for everyday English questions (needs the graph), one setting changed at
a time from the previous settings, each config back to back on the same questions: tokens in / re-used
/ out and seconds (see docs/PERFORMANCE.md).

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

from core.stages import Evidence  # noqa: E402
from core.synthesis import LocalLlamaSynthesizer, ModelUnavailable, cited_tags  # noqa: E402

EVIDENCE = [
    Evidence(
        node_id="COI:22",
        label="Article",
        name="Article 22: Protection against arrest and detention",
        text="No person who is arrested shall be detained in custody without being informed, as soon as may be, "
        "of the grounds for such arrest, nor shall he be denied the right to consult, and to be defended by, "
        "a legal practitioner of his choice.",
        cite_as="Article 22(1)",
    ),
    Evidence(
        node_id="PROC:arrest:2",
        label="ProceduralEvent",
        name="Production before a Magistrate",
        text="Every person arrested must be produced before the nearest Magistrate within twenty-four hours of "
        "arrest, excluding the time needed for the journey.",
        cite_as="Article 22(2)",
    ),
    Evidence(
        node_id="CASE:dk-basu-1997",
        label="Case",
        name="D.K. Basu v. State of West Bengal",
        text="The police officer making an arrest must prepare a memo of arrest, signed by a witness and "
        "countersigned by the arrested person, and must inform a relative or friend of the arrest.",
        cite_as="D.K. Basu v. State of West Bengal (1997) 1 SCC 416",
    ),
]
QUESTIONS = [
    "The police arrested my brother last night. What are his rights?",
    "Can the police keep someone in the lock-up for three days without taking him to a judge?",
    "Do the police have to tell my family when they arrest me?",
    "Can I call a lawyer after I am arrested?",
]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def _facts_for(questions: list[dict]) -> list[tuple[str, list[str]]]:
    """The facts AnswerPipeline gives the model's summarize() for each question (the extractive pass)."""
    from core.answer import AnswerPipeline
    from evaluation.run import open_graph

    class Spy:
        model_id = "spy"
        prefer_extractive_for_hindi = True

        def __init__(self):
            self.facts = None

        def draft(self, *a, **k):
            raise ModelUnavailable("spy")

        def summarize(self, question, facts, lang, **k):
            self.facts = facts
            raise ModelUnavailable("spy")

    store, err = open_graph()
    if store is None:
        raise SystemExit(err)
    try:
        spy = Spy()
        pipe = AnswerPipeline(store.read_only(), spy)
        out = []
        for q in questions:
            spy.facts = None
            pipe.ask(q["question"], q["ask_lang"])
            if spy.facts:
                out.append((q["question"], spy.facts))
        return out
    finally:
        store.close()


# name, what changes from the previous config (attributes of LocalLlamaSynthesizer, or "cold")
LEVERS = [
    (
        "before",
        {"summary_fact_chars": 0, "summary_max_tokens": 120, "summary_sentences": 0, "cold": True},
        "all facts (~700 tokens), max_tokens 120, no sentence stop, system prompt evaluated each call",
    ),
    ("facts", {"summary_fact_chars": 1200}, "facts within 1,200 characters (the small prompt)"),
    ("length", {"summary_max_tokens": 96, "summary_sentences": 3}, "max_tokens 96 and stop after 3 sentences"),
    ("prefix", {"cold": False}, "system prompt's KV kept (live / restored snapshot)"),
    ("facts600", {"summary_fact_chars": 600}, "facts within 600 characters (short answer + first step)"),
    ("threads2", {"summary_fact_chars": 1200, "n_threads": 2, "n_threads_batch": 2}, "2 threads (the old default)"),
    (
        "flash_attn",
        {"n_threads": "base", "n_threads_batch": "base", "flash_attn": True},
        "flash attention on (reloads)",
    ),
]


def levers(a) -> dict:
    import os

    from core import synthesis as local_mod  # LocalLlamaSynthesizer, unload_all
    from evaluation.bench import everyday_questions

    qs = [q for q in everyday_questions({"en": max(a.questions, 1) * 3}) if q["lang"] == "en"]
    material = _facts_for(qs)[: a.questions]
    if not material:
        raise SystemExit("no question reached the model's short answer (is the problem layer in the graph?)")
    base_threads = a.threads
    s = local_mod.LocalLlamaSynthesizer(a.model_path, n_threads=base_threads, timeout_s=3600)
    s.load()
    s.warmup()
    only = set(a.only.split(",")) if a.only else None
    state = {"cold": False}
    table = []
    for name, change, what in LEVERS:
        for k, v in change.items():
            v = base_threads if v == "base" else v
            if k == "cold":
                state["cold"] = v
                s.prefix_cache = not v
            elif k == "flash_attn":
                if only and name not in only:
                    continue
                local_mod.unload_all()
                s = local_mod.LocalLlamaSynthesizer(
                    a.model_path,
                    n_threads=base_threads,
                    timeout_s=3600,
                    flash_attn=v,
                    summary_fact_chars=s.summary_fact_chars,
                    summary_max_tokens=s.summary_max_tokens,
                    summary_sentences=s.summary_sentences,
                )
                s.load()
                s.warmup()
            else:
                setattr(s, k, v)
        if only and name not in only:
            continue
        runs = []
        for _ in range(a.reps):
            for q, facts in material:
                if state["cold"]:
                    s._llm.reset()
                    s._slot.live = None
                la = os.getloadavg()[0]
                d = s.summarize(q, facts, "en")
                st = s.last_stats
                runs.append(
                    {
                        "total_ms": st["total"],
                        "first_token_ms": st["first_token"],
                        "tokens_in": st["prompt_tokens"],
                        "reused": st["reused_tokens"],
                        "tokens_out": st["completion_tokens"],
                        "threads": st.get("threads"),
                        "load": round(la, 1),
                        "text": d.text,
                    }
                )
        row = {
            "lever": name,
            "change": what,
            "settings": {**s.settings(), "cold_system_prompt": state["cold"]},
            "p50_s": round(statistics.median(r["total_ms"] for r in runs) / 1000, 2),
            "max_s": round(max(r["total_ms"] for r in runs) / 1000, 2),
            "first_token_p50_s": round(statistics.median(r["first_token_ms"] for r in runs) / 1000, 2),
            "tokens_in_p50": statistics.median(r["tokens_in"] for r in runs),
            "evaluated_p50": statistics.median(r["tokens_in"] - r["reused"] for r in runs),
            "tokens_out_p50": statistics.median(r["tokens_out"] for r in runs),
            "load_p50": statistics.median(r["load"] for r in runs),
            "runs": runs,
        }
        table.append(row)
        print(
            f"{name:10s} p50 {row['p50_s']:7.1f} s  max {row['max_s']:7.1f} s  first token {row['first_token_p50_s']:6.1f} s  "
            f"tokens in {row['tokens_in_p50']:5.0f} (evaluated {row['evaluated_p50']:4.0f}) out {row['tokens_out_p50']:4.0f}  "
            f"threads {runs[0]['threads']}  load {row['load_p50']}  | {what}",
            file=sys.stderr,
            flush=True,
        )
    return {
        "questions": [q for q, _ in material],
        "reps": a.reps,
        "table": table,
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-tokens", type=int, default=200)
    ap.add_argument("--model-path", default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lang", default="en", choices=["en", "hi"])
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument("--levers", action="store_true", help="the lever-by-lever table for the short answer")
    ap.add_argument("--questions", type=int, default=2)
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--only", default=None, help="comma-separated lever names to measure (the rest are applied)")
    a = ap.parse_args(argv)
    if a.levers:
        out = levers(a)
        print(
            json.dumps(out, ensure_ascii=False, indent=1)
            if a.json
            else "\n".join(
                f"{r['lever']}: p50 {r['p50_s']} s, tokens in {r['tokens_in_p50']} out {r['tokens_out_p50']}"
                for r in out["table"]
            )
        )
        return 0

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
        runs.append(
            {
                "run": i + 1,
                "first_token_ms": d.timings_ms["first_token"],
                "generate_ms": d.timings_ms["generate"],
                "tokens": st["completion_tokens"],
                "tok_s": round(st["tokens_per_s"] or 0.0, 2),
                "prompt_tokens": s.last_prompt_tokens,
                "tags": cited_tags(d.text),
                "unknown_tags": st["unknown_tags"],
            }
        )
        if not a.json:
            r = runs[-1]
            print(
                f"run {r['run']}: first token {r['first_token_ms']:7.0f} ms | {r['tokens']:3d} tokens in "
                f"{r['generate_ms']:6.0f} ms = {r['tok_s']:5.1f} tok/s | prompt {r['prompt_tokens']} tok | "
                f"tags {r['tags']} unknown {r['unknown_tags']}"
            )
    out = {
        "model_id": s.model_id,
        "model_path": str(s.model_path),
        "threads": a.threads,
        "lang": a.lang,
        "load_s": round(load_s, 2),
        "first_token_ms_cold": runs[0]["first_token_ms"] if runs else None,
        "first_token_ms_warm_median": statistics.median(r["first_token_ms"] for r in runs[1:])
        if len(runs) > 1
        else None,
        "tok_s_median": statistics.median(r["tok_s"] for r in runs) if runs else None,
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "rss_before_load_mb": round(rss0, 1),
        "runs": runs,
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
