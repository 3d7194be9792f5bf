"""`nyayapath bench`: latency and throughput figures (no asserts).

    main(as_json=False, quick=False) -> exit code

* text questions: per-stage p50/p95 (retrieve, synthesize+verify, total) with the extractive
  composer, and with the local GGUF model after one warm-up question (fewer in --quick);
* voice questions (if speech works): STT, answer, first audio out, total;
* ingest throughput: a fresh full ingest into a temporary directory (skipped in --quick);
* verifier throughput: a ~300-word answer with 10 citations (p50), and extraction MB/s;
* graph point-lookup and 2-hop query rates.
Peak RSS is reported after each part (ru_maxrss is the process high-water mark).
"""
from __future__ import annotations

import json
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

TEXT_QUESTIONS = [
    ("What is the punishment for murder?", "en"), ("My son was arrested yesterday. What happens next?", "en"),
    ("How do I apply for anticipatory bail?", "en"), ("My cheque bounced. What should I do next?", "en"),
    ("Is ADM Jabalpur still good law?", "en"), ("What does Article 21 protect?", "en"),
    ("मेरी जमानत अर्जी खारिज हो गई। आगे क्या करूं?", "hi"), ("चोरी की सज़ा क्या है?", "hi"),
    ("The police refused to register my FIR. What can I do now?", "en"),
    ("Is a Section 65B certificate mandatory for electronic evidence?", "en"),
]
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
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))], 1)


def _stages(samples: list[dict], keys: tuple[str, ...]) -> dict:
    return {k: {"p50": _pct([s[k] for s in samples if s.get(k) is not None], 0.5),
                "p95": _pct([s[k] for s in samples if s.get(k) is not None], 0.95),
                "n": sum(1 for s in samples if s.get(k) is not None)} for k in keys}


def bench_text(graph, quick: bool, log) -> dict:
    from core.answer import AnswerPipeline
    from core.synthesis import ModelUnavailable, make_synthesizer

    out = {}
    qs = TEXT_QUESTIONS[:4] if quick else TEXT_QUESTIONS
    pipe = AnswerPipeline(graph, None)
    pipe.ask("What is bail?", "en")  # warm caches (embedder, glossary)
    samples = []
    for q, lang in qs:
        r = pipe.ask(q, lang)
        t = r["timings_ms"]
        samples.append({"retrieve": t.get("retrieve"), "synthesize_verify": t.get("synthesize_verify"),
                        "total": t.get("total"), "status": r["status"]})
    out["extractive"] = _stages(samples, ("retrieve", "synthesize_verify", "total"))
    out["extractive"]["peak_rss_mb"] = _rss_mb()
    log(f"text/extractive: {out['extractive']['total']}")
    try:
        synth = make_synthesizer("local")
        pipe = AnswerPipeline(graph, synth)
        t0 = time.perf_counter()
        pipe.ask("What is the punishment for theft?", "en")  # warm-up: model load + prefix
        warm = round((time.perf_counter() - t0) * 1000, 1)
        samples = []
        for q, lang in [x for x in qs if x[1] == "en"][: (2 if quick else 5)]:
            r = pipe.ask(q, lang)
            t = r["timings_ms"]
            samples.append({"retrieve": t.get("retrieve"), "synthesize_verify": t.get("synthesize_verify"),
                            "total": t.get("total"), "status": r["status"]})
        out["local_llm"] = _stages(samples, ("retrieve", "synthesize_verify", "total"))
        out["local_llm"].update(warmup_ms=warm, model=getattr(synth, "model_id", "?"), peak_rss_mb=_rss_mb(),
                                statuses=[s["status"] for s in samples])
        log(f"text/local: {out['local_llm']['total']}")
    except (ModelUnavailable, Exception) as exc:  # a missing model is a figure too
        out["local_llm"] = {"skipped": f"{type(exc).__name__}: {exc}"[:300]}
    return out


def bench_voice(graph, quick: bool, log) -> dict:
    try:
        from core.answer import AnswerPipeline
        from core.speech.stt import Transcriber
        from core.speech.tts import Speaker
        from evaluation.make_spoken import SR, to_16k

        speaker, stt = Speaker(), Transcriber()
        pipe = AnswerPipeline(graph, None)
        pcm, sr = speaker.pcm("What is bail?", "en")
        stt.transcribe(to_16k(pcm, sr), language="en")  # load the model
    except Exception as exc:
        return {"skipped": f"speech unavailable: {type(exc).__name__}: {exc}"[:300]}
    qs = [("My son was arrested yesterday. What are his rights?", "en"), ("चोरी की सज़ा क्या है?", "hi"),
          ("How do I apply for anticipatory bail?", "en")][: 1 if quick else 3]
    samples = []
    for text, lang in qs:
        pcm, sr = speaker.pcm(text, lang)
        audio = to_16k(pcm, sr)
        t0 = time.perf_counter()
        tr = stt.transcribe(audio, language="auto")
        t1 = time.perf_counter()
        r = pipe.ask(tr.text, tr.language)
        t2 = time.perf_counter()
        first = next(iter(speaker.iter_sentences(r["answer"], r.get("language", lang))), None)
        t3 = time.perf_counter()
        samples.append({"stt": (t1 - t0) * 1000, "answer": (t2 - t1) * 1000, "first_audio": (t3 - t2) * 1000,
                        "total_to_first_audio": (t3 - t0) * 1000, "audio_s": round(audio.size / SR, 2),
                        "heard": tr.text, "got_audio": first is not None})
    out = _stages(samples, ("stt", "answer", "first_audio", "total_to_first_audio"))
    out["samples"] = [{k: v for k, v in s.items() if k in ("heard", "audio_s", "got_audio")} for s in samples]
    out["peak_rss_mb"] = _rss_mb()
    log(f"voice: {out['total_to_first_audio']}")
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
    out = {"words": len(VERIFY_TEXT.split()), "citations": n_cits, "p50_ms": _pct(times, 0.5),
           "p95_ms": _pct(times, 0.95)}
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
    out["extraction"] = {"mb": round(size / 1e6, 3), "seconds": round(secs, 2),
                         "mb_per_s": round(size / 1e6 / secs, 3) if secs else None, "citations": found}
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
    legal = ("MATCH (c:Case {id: $id})-[:INTERPRETS|CITES|OVERRULES|CONFLICTS_WITH|RESOLVED_BY|NARROWED_BY]-(x)"
             "-[:INTERPRETS|REPLACED_BY|CITES|OVERRULES|CONFLICTS_WITH|RESOLVED_BY|STRUCK_DOWN_BY]-(y) "
             "RETURN count(DISTINCT y)")
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
    out = {"seconds": round(secs, 1), "nodes": nodes, "relationships": rels,
           "nodes_per_s": round(nodes / secs, 1), "rels_per_s": round(rels / secs, 1),
           "steps_s": rep.get("metrics", {}).get("timings_s"), "note": "embeddings from the on-disk cache if present"}
    log(f"ingest: {out['seconds']} s")
    return out


def run(graph, quick: bool = False, log=print) -> dict:
    out = {"quick": quick, "cpu_note": "figures from the machine this ran on; 2 shared cores in development"}
    for name, fn in (("graph", lambda: bench_graph(graph, quick, log)), ("verifier", lambda: bench_verifier(graph, log)),
                     ("text", lambda: bench_text(graph, quick, log)), ("voice", lambda: bench_voice(graph, quick, log))):
        try:
            out[name] = fn()
        except Exception as exc:
            out[name] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    if not quick:
        try:
            out["ingest"] = bench_ingest(log)
        except Exception as exc:
            out["ingest"] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    out["peak_rss_mb"] = _rss_mb()
    return out


def _human(res: dict) -> str:
    L = ["NyayaPath benchmark" + (" (quick)" if res["quick"] else "")]
    t = res.get("text", {})
    for k in ("extractive", "local_llm"):
        v = t.get(k) or {}
        if "skipped" in v or "error" in v:
            L.append(f"text/{k}: {v.get('skipped') or v.get('error')}")
        elif v:
            L.append(f"text/{k}: " + ", ".join(f"{s} p50 {v[s]['p50']} / p95 {v[s]['p95']} ms"
                                              for s in ("retrieve", "synthesize_verify", "total"))
                     + f"; peak RSS {v.get('peak_rss_mb')} MB" + (f"; warm-up {v['warmup_ms']} ms" if "warmup_ms" in v else ""))
    v = res.get("voice", {})
    if "skipped" in v or "error" in v:
        L.append(f"voice: {v.get('skipped') or v.get('error')}")
    elif v:
        L.append("voice: " + ", ".join(f"{s} p50 {v[s]['p50']} ms" for s in ("stt", "answer", "first_audio",
                                                                              "total_to_first_audio")))
    v = res.get("verifier", {})
    if "p50_ms" in v:
        L.append(f"verifier: {v['words']} words / {v['citations']} citations: p50 {v['p50_ms']} ms, "
                 f"p95 {v['p95_ms']} ms; extraction {v['extraction']['mb_per_s']} MB/s")
    g = res.get("graph", {})
    if "point_lookups_per_s" in g:
        L.append(f"graph: {g['point_lookups_per_s']} point lookups/s, {g['two_hop_legal_per_s']} 2-hop (legal edges)/s, "
                 f"{g['two_hop_any_edge_per_s']} 2-hop (any edge, via the Court hub)/s")
    i = res.get("ingest")
    if i:
        L.append(f"ingest: {i.get('seconds')} s, {i.get('nodes_per_s')} nodes/s, {i.get('rels_per_s')} rels/s"
                 if "seconds" in i else f"ingest: {i}")
    L.append(f"peak RSS {res['peak_rss_mb']} MB")
    return "\n".join(L)


def main(as_json: bool = False, quick: bool = False) -> int:
    from evaluation.runner import EXIT_UNAVAILABLE, _open_graph

    store, err = _open_graph()
    if store is None:
        print(err, file=sys.stderr)
        return EXIT_UNAVAILABLE
    log = (lambda *a: print(*a, file=sys.stderr))
    try:
        res = run(store.read_only(), quick, log)
    finally:
        store.close()
    print(json.dumps(res, ensure_ascii=False, indent=2, default=str) if as_json else _human(res))
    return 0
