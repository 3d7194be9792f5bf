"""`nyayapath bench`: latency and throughput figures (no asserts).

    main(as_json=False, quick=False, parts=None) -> exit code      (parts: "text,voice", ...)

* text: ~14 everyday questions (evaluation/datasets/everyday.jsonl: English, Hindi, Hinglish; 4 in
  --quick), each answered back to back by the extractive composer and by the local GGUF model (the
  default), p50/p95/max. For the model, through ``core.streaming``: the first answer (verified,
  extractive) and the final one (the model's short answer, checked), with its tokens in/out;
* voice: first audio after the speaker stops (STT + answer + the first spoken sentence), both systems,
  overall and per language of the question (10 piper-spoken everyday questions, 2 in --quick);
* ingest throughput: a fresh full ingest into a temporary directory (skipped in --quick);
* verifier throughput: a ~300-word answer with 10 citations (p50), and extraction MB/s;
* graph point-lookup and 2-hop query rates.
Peak RSS is reported after each part (ru_maxrss is the process high-water mark), and the load average
at the start and end: on a shared machine the figures move with it (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import json
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

EVERYDAY = Path(__file__).resolve().parent / "datasets" / "everyday.jsonl"
# ~14 everyday questions: English, Hindi and Hinglish, each about a different problem, in file order
QUOTA = {"en": 6, "hi": 5, "hinglish": 3}
QUICK_QUOTA = {"en": 2, "hi": 1, "hinglish": 1}
# 10 spoken questions (4 English, 4 Hindi, 2 Hinglish in the Hindi voice): with 3 the p50 was one English clip
VOICE_QUOTA = {"en": 4, "hi": 4, "hinglish": 2}
QUICK_VOICE_QUOTA = {"en": 1, "hi": 1}


def everyday_questions(quota: dict[str, int] | None = None) -> list[dict]:
    """The bench questions: answerable everyday questions (not out of scope, law held), one per problem,
    spread evenly over each language's rows in the file (a fixed set: family, police, cyber, road...)."""
    quota = quota or QUOTA
    pools: dict[str, list[dict]] = {}
    seen = set()
    for line in EVERYDAY.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        lang = r.get("lang")
        if lang not in quota or r.get("out_of_scope") or r.get("not_held") or not r.get("problems"):
            continue
        if (lang, r["problems"][0]) in seen:
            continue
        seen.add((lang, r["problems"][0]))
        pools.setdefault(lang, []).append(r)
    out = []
    for lang, n in quota.items():
        pool = pools.get(lang, [])
        for i in range(min(n, len(pool))):
            r = pool[i * len(pool) // n]
            out.append(
                {
                    "id": r["id"],
                    "lang": lang,
                    "question": r["question"],
                    "problem": r["problems"][0],
                    "ask_lang": {"en": "en", "hi": "hi"}.get(lang, "auto"),
                }
            )
    return out


VERIFY_TEXT = (
    "Murder is punished under Section 103 BNS, which replaced Section 302 IPC for acts done on or after "
    "1 July 2024. A person arrested without a warrant must be told the grounds of arrest under Section 47 BNSS "
    "and produced before a Magistrate within twenty-four hours, as Article 22 of the Constitution requires. "
    "The Supreme Court in Arnesh Kumar v. State of Bihar (2014) 8 SCC 273 held that arrest is not routine "
    "in offences punishable with up to seven years, and in D.K. Basu v. State of West Bengal (1997) 1 SCC 416 "
    "laid down the arrest memo and the right to inform a relative. Anticipatory bail lies under Section 482 "
    "BNSS; Sushila Aggarwal v. State (NCT of Delhi) (2020) 5 SCC 1 held that it need not be limited in time. "
    "Personal liberty under Article 21 may be taken away only by a procedure that is just, fair and reasonable, "
    "as Maneka Gandhi v. Union of India (1978) 1 SCC 248 explains. Electronic records need the certificate of "
    "Section 63 BSA. The accused may also ask for default bail when the investigation is not completed in time, "
    "and must be given free legal aid when he cannot afford a lawyer. A complaint about a dishonoured cheque is "
    "filed under Section 138 of the NI Act within one month of the cause of action. Each of these rights can be "
    "enforced in the High Court, and the court will look at the facts of each case, the conduct of the police, "
    "the seriousness of the offence, the chance that the accused will flee, and whether witnesses may be "
    "influenced before deciding whether to grant relief to the person who has approached it for help."
)


def _rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _pct(xs: list[float], q: float) -> float | None:
    """Percentile with linear interpolation between the nearest ranks (p50 of an even count is the mean
    of the middle two; p95 of 14 samples lies between the 13th and the 14th)."""
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return round(xs[lo] + (xs[hi] - xs[lo]) * (pos - lo), 1)


def _dist(xs: list[float]) -> dict:
    xs = [x for x in xs if x is not None]
    return {"p50": _pct(xs, 0.5), "p95": _pct(xs, 0.95), "max": round(max(xs), 1) if xs else None, "n": len(xs)}


def _stages(samples: list[dict], keys: tuple[str, ...]) -> dict:
    return {k: _dist([s.get(k) for s in samples]) for k in keys}


def _cpu() -> float:
    """CPU seconds this process has used (all its threads; not the FalkorDB server's): on a shared machine
    the wall clock moves with the load, the CPU time much less."""
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def _forget_question() -> None:
    """Drop the embedder's per-question cache, so that whichever system answers a question second does not
    get its embedding for free (A/B fairness; the on-disk passage cache stays, as in production)."""
    try:
        from core.embed import default_embedder

        default_embedder()._queries.clear()
    except Exception:
        pass


def _load() -> list[float]:
    try:
        import os

        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


class _Counting:
    """The model, recording the statistics of every call (tokens in / re-used / out, timings)."""

    def __init__(self, inner):
        self._inner = inner
        self.calls: list[dict] = []

    def _rec(self, kind: str, fn, *a, **k):
        try:
            return fn(*a, **k)
        finally:
            st = dict(getattr(self._inner, "last_stats", {}) or {})
            self.calls.append(
                {
                    "kind": kind,
                    "correction": (k.get("correction") or "")[:200] or None,
                    **{
                        x: st.get(x)
                        for x in (
                            "prompt_tokens",
                            "reused_tokens",
                            "completion_tokens",
                            "first_token",
                            "generate",
                            "total",
                            "threads",
                            "prefix",
                            "finish",
                        )
                    },
                }
            )

    def draft(self, *a, **k):
        return self._rec("draft", self._inner.draft, *a, **k)

    def summarize(self, *a, **k):
        return self._rec("summary", self._inner.summarize, *a, **k)

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _model_figures(calls: list[dict]) -> dict:
    def tot(k):
        return sum(c.get(k) or 0 for c in calls)

    return {
        "model_calls": len(calls),
        "tokens_in": tot("prompt_tokens"),
        "tokens_reused": tot("reused_tokens"),
        "tokens_out": tot("completion_tokens"),
        "model_ms": round(tot("total"), 1),
        "threads": sorted({c.get("threads") for c in calls if c.get("threads")}),
    }


def bench_text(graph, quick: bool, log, synth=None) -> dict:
    """The everyday questions, each answered by the extractive composer and by the local model, back to
    back (A/B per question, so load changes hit both). For the model, through ``core.streaming``: the
    first (extractive, verified) answer and the final one with the model's short answer."""
    from core.answer import AnswerPipeline
    from core.streaming import ask_stream

    qs = everyday_questions(QUICK_QUOTA if quick else QUOTA)
    out: dict = {"questions": [q["id"] for q in qs], "loadavg_start": _load()}
    pipe_x = AnswerPipeline(graph, None)
    t0 = time.perf_counter()
    pipe_x.ask("What is bail?", "en")  # warm caches (embedder, glossary, problem vectors); not counted
    out["warm_caches_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    pipe_m, counting, model_err = None, None, None
    try:
        from core.synthesis import make_synthesizer

        synth = synth or make_synthesizer("local")
        counting = _Counting(synth)
        t0 = time.perf_counter()
        synth.warmup()
        out["model_warmup_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        out["model"] = getattr(synth, "model_id", "?")
        out["model_settings"] = synth.settings() if callable(getattr(synth, "settings", None)) else {}
        pipe_m = AnswerPipeline(graph, counting)
    except Exception as exc:  # a missing model is a figure too
        model_err = f"{type(exc).__name__}: {exc}"[:300]
    rows = []
    for n, q in enumerate(qs):
        row = {"id": q["id"], "lang": q["lang"]}

        def extractive(q=q, row=row):
            _forget_question()
            t, c = time.perf_counter(), _cpu()
            a = pipe_x.ask(q["question"], q["ask_lang"])
            row["extractive_ms"] = round((time.perf_counter() - t) * 1000, 1)
            row["extractive_cpu_s"] = round(_cpu() - c, 2)
            row["extractive_status"] = a.status.value
            row["retrieve_ms"] = a.timings_ms.get("retrieve")
            subs = sorted(((k, v) for k, v in a.timings_ms.items() if k.startswith("retrieve.")), key=lambda kv: -kv[1])
            row["retrieve_top"] = dict(subs[:3])

        def local(q=q, row=row):
            _forget_question()
            counting.calls.clear()
            t, c = time.perf_counter(), _cpu()
            first = final = ans = None
            for ev in ask_stream(pipe_m, q["question"], q["ask_lang"]):
                if ev["event"] == "answer":
                    ms = round((time.perf_counter() - t) * 1000, 1)
                    first = first or ms
                    final, ans = ms, ev["answer"]
            row.update(
                local_first_ms=first,
                local_final_ms=final,
                local_status=ans.status.value,
                local_cpu_s=round(_cpu() - c, 2),
                model_text_kept=bool(counting.calls) and ans.model_id == getattr(counting, "model_id", None),
                summary_revisions=ans.timings_ms.get("summary.revisions"),
                corrections=[c["correction"] for c in counting.calls if c.get("correction")],
                **_model_figures(counting.calls),
            )

        # back to back, the order alternating per question (whatever warms up helps each side equally)
        order = [extractive] + ([local] if pipe_m is not None else [])
        for fn in order if n % 2 == 0 else order[::-1]:
            fn()
        row["loadavg"] = _load()[:1]
        rows.append(row)
        log(
            f"text {q['id']} {q['lang']}: extractive {row['extractive_ms']:.0f} ms"
            + (
                f", local first {row['local_first_ms']:.0f} / final {row['local_final_ms']:.0f} ms, "
                f"{row['model_calls']} model call(s), {row['tokens_in']} tokens in ({row['tokens_reused']} re-used), "
                f"{row['tokens_out']} out"
                if pipe_m is not None
                else ""
            )
            + f"; load {row['loadavg']}"
        )
    out["rows"] = rows
    out["extractive"] = {
        "total": _dist([r["extractive_ms"] for r in rows]),
        "retrieve": _dist([r["retrieve_ms"] for r in rows]),
        "cpu_s_p50": _pct([r["extractive_cpu_s"] for r in rows], 0.5),
    }
    if pipe_m is not None:
        modeled = [r for r in rows if r["model_calls"]]
        out["local_llm"] = {
            "first_answer": _dist([r["local_first_ms"] for r in rows]),
            "final_answer": _dist([r["local_final_ms"] for r in rows]),
            "final_answer_model_used": _dist([r["local_final_ms"] for r in modeled]),
            "model_only": _dist([r["model_ms"] for r in modeled]),
            "cpu_s_p50": _pct([r["local_cpu_s"] for r in modeled], 0.5),
            "tokens_in_p50": _pct([r["tokens_in"] for r in modeled], 0.5),
            "tokens_out_p50": _pct([r["tokens_out"] for r in modeled], 0.5),
            "questions_with_model": len(modeled),
            "model_text_kept": sum(1 for r in modeled if r["model_text_kept"]),
            "model_calls_p50": _pct([r["model_calls"] for r in modeled], 0.5),
        }
    else:
        out["local_llm"] = {"skipped": model_err}
    out["loadavg_end"] = _load()
    out["peak_rss_mb"] = _rss_mb()
    return out


def bench_voice(graph, quick: bool, log, synth=None) -> dict:
    """First audio after the speaker stops: STT + answer + the first spoken sentence (TTS), for the
    extractive composer and for the local model through ``core.streaming`` (which speaks its first,
    verified answer: the model's refinement arrives later and is shown, not spoken). Whisper, piper and
    each answer pipeline answer one question before the clock starts, as ``serve`` warms them at start
    (the first question after start is the text part's figure). Reported overall and per language of
    the question (``by_lang``), with Whisper's own split (``stt_parts``: language check with the shared
    encoder pass, decode, retries)."""
    try:
        from core.answer import AnswerPipeline
        from core.speech.stt import Transcriber
        from core.speech.tts import Speaker
        from core.streaming import ask_stream, speak_first
        from evaluation.make_spoken import SR, to_16k

        speaker, stt = Speaker(), Transcriber()
        pcm, sr = speaker.pcm("What is bail?", "en")
        stt.transcribe(to_16k(pcm, sr), language="en")  # load the model
        speaker.pcm("जमानत क्या है?", "hi")
    except Exception as exc:
        return {"skipped": f"speech unavailable: {type(exc).__name__}: {exc}"[:300]}
    pipes = {"extractive": AnswerPipeline(graph, None)}
    if synth is not None:
        pipes["local_llm"] = AnswerPipeline(graph, synth)
    for pipe in pipes.values():  # warm, as serve does at start (a question outside the sample)
        events = ask_stream(pipe, "What is bail?", "en")
        next(ev for ev in events if ev["event"] == "answer")
        events.close()
    qs = everyday_questions(QUICK_VOICE_QUOTA if quick else VOICE_QUOTA)
    samples: dict[str, list[dict]] = {k: [] for k in pipes}
    for q in qs:
        pcm, sr = speaker.pcm(q["question"], q["lang"])
        audio = to_16k(pcm, sr)
        names = list(pipes) if len(samples[next(iter(pipes))]) % 2 == 0 else list(pipes)[::-1]
        for name in names:  # back to back, alternating: the same clip through both
            pipe = pipes[name]
            _forget_question()
            t0, c0 = time.perf_counter(), _cpu()
            tr = stt.transcribe(audio, language="auto")
            t1 = time.perf_counter()
            events = ask_stream(pipe, tr.text, tr.language)
            ans = next(ev["answer"] for ev in events if ev["event"] == "answer")  # the first verified answer
            t2 = time.perf_counter()
            first = next(speak_first(iter([{"event": "answer", "answer": ans}]), speaker), None)
            events.close()
            t3 = time.perf_counter()
            tm = tr.timings_ms or {}
            samples[name].append(
                {
                    "id": q["id"],
                    "lang": q["lang"],
                    "stt": (t1 - t0) * 1000,
                    "answer": (t2 - t1) * 1000,
                    "first_sentence_tts": (t3 - t2) * 1000,
                    "first_audio": (t3 - t0) * 1000,
                    "stt_detect": tm.get("detect"),
                    "stt_decode": tm.get("transcribe"),
                    "stt_retries": sum(v for k, v in tm.items() if k.startswith("retry_") or k == "confirm"),
                    "cpu_s": round(_cpu() - c0, 2),
                    "audio_s": round(audio.size / SR, 2),
                    "heard": tr.text,
                    "heard_lang": tr.language,
                    "retries": list(tr.retries or []),
                    "got_audio": first is not None,
                }
            )
            log(
                f"voice {q['id']} [{q['lang']}] {name}: first audio {(t3 - t0) * 1000:.0f} ms (stt {(t1 - t0) * 1000:.0f}"
                f" = {tm}, answer {(t2 - t1) * 1000:.0f}, tts {(t3 - t2) * 1000:.0f})"
            )
    stages = ("stt", "answer", "first_sentence_tts", "first_audio")
    out = {
        name: {
            **_stages(s, stages),
            "stt_parts": _stages(s, ("stt_detect", "stt_decode", "stt_retries")),
            "by_lang": {
                lang: _stages([x for x in s if x["lang"] == lang], ("first_audio", "stt"))
                for lang in dict.fromkeys(x["lang"] for x in s)
            },
            "cpu_s_p50": _pct([x["cpu_s"] for x in s], 0.5),
        }
        for name, s in samples.items()
    }
    keep = ("id", "lang", "heard", "heard_lang", "audio_s", "retries", "got_audio")
    out["samples"] = {name: [{k: v for k, v in x.items() if k in keep} for x in s] for name, s in samples.items()}
    out["peak_rss_mb"] = _rss_mb()
    out["loadavg_end"] = _load()
    return out


def bench_verifier(graph, log) -> dict:
    from core.citations import extract
    from core.verify import Verifier

    v = Verifier(graph)
    n_cits = len(extract(VERIFY_TEXT))
    v.verify(VERIFY_TEXT)
    times = []
    for _ in range(10):
        t = time.perf_counter()
        v.verify(VERIFY_TEXT)
        times.append((time.perf_counter() - t) * 1000)
    out = {
        "words": len(VERIFY_TEXT.split()),
        "citations": n_cits,
        "p50_ms": _pct(times, 0.5),
        "p95_ms": _pct(times, 0.95),
    }
    # extraction throughput over the NER corpus texts (or the answer repeated)
    from core.config import load_settings

    texts = []
    f = load_settings().corpus_dir / "judgments" / "ner" / "InLegalNER_dev_from_spacy.jsonl"
    if f.is_file():
        texts = [json.loads(line)["text"] for line in f.read_text(encoding="utf-8").splitlines()[:600] if line]
    texts = texts or [VERIFY_TEXT] * 200
    size = sum(len(t.encode("utf-8")) for t in texts)
    t = time.perf_counter()
    found = sum(len(extract(x)) for x in texts)
    secs = time.perf_counter() - t
    out["extraction"] = {
        "mb": round(size / 1e6, 3),
        "seconds": round(secs, 2),
        "mb_per_s": round(size / 1e6 / secs, 3) if secs else None,
        "citations": found,
    }
    log(f"verifier: {out['p50_ms']} ms p50; extraction {out['extraction']['mb_per_s']} MB/s")
    return out


def bench_graph(graph, quick: bool, log) -> dict:
    ids = [r[0] for r in graph.ro_query("MATCH (p:Provision) RETURN p.id ORDER BY p.id LIMIT 2000")]
    ids = ids[:: max(1, len(ids) // (100 if quick else 400))]
    t = time.perf_counter()
    for i in ids:
        graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.title", {"id": i})
    point = len(ids) / (time.perf_counter() - t)
    cases = [r[0] for r in graph.ro_query("MATCH (c:Case) WHERE c.holding IS NOT NULL RETURN c.id")]
    # 2 hops over the legal edges the retriever walks (case -> provision -> its old/new pair or other
    # interpreting cases); the "any edge" figure goes through the Court hub (27k DECIDED_IN edges)
    legal = (
        "MATCH (c:Case {id: $id})-[:INTERPRETS|CITES|OVERRULES|CONFLICTS_WITH|RESOLVED_BY|NARROWED_BY]-(x)"
        "-[:INTERPRETS|REPLACED_BY|CITES|OVERRULES|CONFLICTS_WITH|RESOLVED_BY|STRUCK_DOWN_BY]-(y) "
        "RETURN count(DISTINCT y)"
    )
    anyedge = "MATCH (c:Case {id: $id})-[]-(x)-[]-(y) RETURN count(DISTINCT y)"
    rates = {}
    for name, q in (("two_hop_legal_per_s", legal), ("two_hop_any_edge_per_s", anyedge)):
        t = time.perf_counter()
        for c in cases:
            graph.ro_query(q, {"id": c})
        rates[name] = round(len(cases) / (time.perf_counter() - t), 1) if cases else None
    out = {"point_lookups_per_s": round(point, 1), "n_point": len(ids), **rates, "n_two_hop": len(cases)}
    log(f"graph: {out}")
    return out


def bench_ingest(log) -> dict:
    from core.config import load_settings
    from core.graphdb import open_store
    from graph_schema import ingest
    from graph_schema.context import IngestContext

    s = load_settings()
    with tempfile.TemporaryDirectory(prefix="nyaya-bench-") as tmp:
        settings = replace(s, data_dir=Path(tmp), falkordb_url=None)
        store = open_store(settings)
        try:
            ctx = IngestContext(corpus_dir=s.corpus_dir, cache_dir=s.cache_dir, show_progress=False)
            t = time.perf_counter()
            rep = ingest.run(store, ctx)
            secs = time.perf_counter() - t
            st = ingest.stats(store.read_only())
        finally:
            store.close()
    nodes, rels = sum(st["nodes"].values()), sum(st["relationships"].values())
    out = {
        "seconds": round(secs, 1),
        "nodes": nodes,
        "relationships": rels,
        "nodes_per_s": round(nodes / secs, 1),
        "rels_per_s": round(rels / secs, 1),
        "steps_s": rep.get("metrics", {}).get("timings_s"),
        "note": "embeddings from the on-disk cache if present",
    }
    log(f"ingest: {out['seconds']} s")
    return out


PARTS = ("graph", "verifier", "text", "voice", "ingest")


def run(graph, quick: bool = False, log=print, parts: tuple[str, ...] | None = None) -> dict:
    parts = tuple(parts or PARTS)
    out = {
        "quick": quick,
        "parts": list(parts),
        "loadavg_start": _load(),
        "cpus": _cpus(),
        "cpu_note": "figures from the machine this ran on (2 cores in development, shared: see loadavg)",
    }
    synth = None
    if "text" in parts or "voice" in parts:
        try:
            from core.config import load_settings
            from core.synthesis import make_synthesizer

            # the deployment's timeout ($NYAYAPATH_LLM_TIMEOUT_S): past it the answer falls back to extractive
            synth = make_synthesizer("local", timeout_s=load_settings().llm_timeout_s)
            synth.load()
        except Exception as exc:
            log(f"local model unavailable: {exc}")
            synth = None
    steps = (
        ("graph", lambda: bench_graph(graph, quick, log)),
        ("verifier", lambda: bench_verifier(graph, log)),
        ("text", lambda: bench_text(graph, quick, log, synth)),
        ("voice", lambda: bench_voice(graph, quick, log, synth)),
    )
    for name, fn in steps:
        if name not in parts:
            continue
        try:
            out[name] = fn()
        except Exception as exc:
            out[name] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    if not quick and "ingest" in parts:
        try:
            out["ingest"] = bench_ingest(log)
        except Exception as exc:
            out["ingest"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    out["loadavg_end"] = _load()
    out["peak_rss_mb"] = _rss_mb()
    return out


def _cpus() -> int | None:
    import os

    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count()


def _ms(d: dict | None) -> str:
    if not d or d.get("p50") is None:
        return "n/a"
    return f"p50 {d['p50'] / 1000:.1f} s / p95 {d['p95'] / 1000:.1f} s / max {d['max'] / 1000:.1f} s (n={d['n']})"


def _human(res: dict) -> str:
    L = [
        "NyayaPath benchmark"
        + (" (quick)" if res["quick"] else "")
        + f"  [{res.get('cpus')} cores, load average {res.get('loadavg_start')} -> {res.get('loadavg_end')}]"
    ]
    t = res.get("text", {})
    if "error" in t:
        L.append(f"text: {t['error']}")
    elif t:
        L.append(f"text ({len(t.get('questions', []))} everyday questions, en/hi/hinglish):")
        L.append(
            f"  extractive              total {_ms(t['extractive']['total'])}; retrieve {_ms(t['extractive']['retrieve'])}; "
            f"CPU p50 {t['extractive'].get('cpu_s_p50')} s"
        )
        m = t.get("local_llm") or {}
        if "skipped" in m:
            L.append(f"  local model: {m['skipped']}")
        elif m:
            L.append(f"  local model, first answer (verified extractive, streamed)  {_ms(m['first_answer'])}")
            L.append(f"  local model, final answer (model's short answer checked)   {_ms(m['final_answer'])}")
            L.append(
                f"    where the model ran ({m['questions_with_model']} questions, p50 {m['model_calls_p50']} calls; "
                f"its text kept in {m['model_text_kept']}): final {_ms(m['final_answer_model_used'])}; model alone "
                f"{_ms(m['model_only'])}; CPU p50 {m.get('cpu_s_p50')} s; tokens in p50 {m['tokens_in_p50']}, "
                f"out p50 {m['tokens_out_p50']}"
            )
            L.append(
                f"    model {t.get('model')} {t.get('model_settings')}; load + warm-up {t.get('model_warmup_ms')} ms"
            )
        L.append(f"  peak RSS {t.get('peak_rss_mb')} MB")
    v = res.get("voice", {})
    if "skipped" in v or "error" in v:
        L.append(f"voice: {v.get('skipped') or v.get('error')}")
    elif v:
        for k in ("extractive", "local_llm"):
            if k in v:
                x = v[k]
                L.append(
                    f"voice/{k}: first audio {_ms(x['first_audio'])} (stt p50 {x['stt']['p50']} ms, answer p50 "
                    f"{x['answer']['p50']} ms, first sentence TTS p50 {x['first_sentence_tts']['p50']} ms; "
                    f"CPU p50 {x.get('cpu_s_p50')} s)"
                )
                for lang, d in (x.get("by_lang") or {}).items():
                    L.append(f"    {lang}: first audio {_ms(d['first_audio'])}; stt {_ms(d['stt'])}")
        L.append(f"  peak RSS {v.get('peak_rss_mb')} MB")
    v = res.get("verifier", {})
    if "p50_ms" in v:
        L.append(
            f"verifier: {v['words']} words / {v['citations']} citations: p50 {v['p50_ms']} ms, "
            f"p95 {v['p95_ms']} ms; extraction {v['extraction']['mb_per_s']} MB/s"
        )
    g = res.get("graph", {})
    if "point_lookups_per_s" in g:
        L.append(
            f"graph: {g['point_lookups_per_s']} point lookups/s, {g['two_hop_legal_per_s']} 2-hop (legal edges)/s, "
            f"{g['two_hop_any_edge_per_s']} 2-hop (any edge, via the Court hub)/s"
        )
    i = res.get("ingest")
    if i:
        L.append(
            f"ingest: {i.get('seconds')} s, {i.get('nodes_per_s')} nodes/s, {i.get('rels_per_s')} rels/s"
            if "seconds" in i
            else f"ingest: {i}"
        )
    L.append(f"peak RSS {res['peak_rss_mb']} MB")
    return "\n".join(L)


def main(as_json: bool = False, quick: bool = False, parts: str | None = None) -> int:
    from evaluation.run import EXIT_UNAVAILABLE, open_graph

    store, err = open_graph()
    if store is None:
        print(err, file=sys.stderr)
        return EXIT_UNAVAILABLE

    def log(*a):
        print(*a, file=sys.stderr, flush=True)

    chosen = tuple(p.strip() for p in parts.split(",") if p.strip()) if parts else None
    bad = [p for p in chosen or () if p not in PARTS]
    if bad:
        print(f"unknown bench part(s) {', '.join(bad)}; choose from {', '.join(PARTS)}", file=sys.stderr)
        store.close()
        return 2
    try:
        res = run(store.read_only(), quick, log, chosen)
    finally:
        store.close()
    print(json.dumps(res, ensure_ascii=False, indent=2, default=str) if as_json else _human(res))
    return 0
