"""`nyayapath eval`: run the evaluation sets against the built graph and write a report.

    main(set_name="all", as_json=False, quick=False) -> exit code

Sets: citations (verifier vs gold statuses), questions (full system vs vector-only and
BM25-only RAG baselines), spoken (TTS -> noise/speed -> STT), ner (extractor vs InLegalNER
gold). Reports go to reports/eval-<timestamp>.json|.md with PNG plots beside them.

Synthesizer for the answer sets: $NYAYAPATH_EVAL_SYNTH, default "extractive" (deterministic;
the full system answers in ~0.3-0.6 s p50 on 2 cores, the whole run takes ~10 min, --quick
under a minute when the box is not shared). "local" runs the GGUF model for the English
answers (Hindi stays extractive): measured p50 33 s, p95 60 s a question after a 65 s
warm-up on 2 cores, so --quick (54 questions x 3 systems) takes ~1.5 h and the full set
~6 h; run it overnight, or point NYAYAPATH_EVAL_SYNTH=http at a faster server.
"""
from __future__ import annotations

import json
import os
import sys
import time
import traceback
from datetime import date, datetime
from pathlib import Path

from evaluation import DATASET_VERSION, DATASETS
from evaluation import metrics as M

REPO = Path(__file__).resolve().parents[1]
SETS = ("citations", "questions", "spoken", "ner")
EXIT_UNAVAILABLE = 3
RETRIEVAL_KEYS = ("p@1", "p@3", "p@5", "r@5", "hit@5", "mrr", "ndcg@5")


def load_jsonl(name: str) -> list[dict]:
    path = DATASETS / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def quick_subset(rows: list[dict], every: int, key: str = "category") -> list[dict]:
    """Every n-th row within each category/kind, so every stratum stays represented."""
    seen: dict = {}
    out = []
    for r in rows:
        k = r.get(key)
        seen[k] = seen.get(k, -1) + 1
        if seen[k] % every == 0:
            out.append(r)
    return out


# ------------------------------------------------------------------ citations
def eval_citations(graph, rows: list[dict]) -> dict:
    from core.verify import Verifier

    v = Verifier(graph)
    gold_s, pred_s, gold_v, pred_v, per_row = [], [], [], [], []
    t0 = time.perf_counter()
    for r in rows:
        d = date.fromisoformat(r["offence_date"]) if r.get("offence_date") else None
        try:
            res = v.verify(r["text"], offence_date=d)
            checks = [c.to_dict() for c in res.citations]
            verdict = res.verdict
        except Exception as exc:  # a crash is a result too
            checks, verdict = [], f"ERROR:{type(exc).__name__}"
        pairs = M.match_fragments(r["text"], r["expected"], checks)
        for g, p in pairs:
            gold_s.append(g)
            pred_s.append(p)
        gold_v.append(r["expected_verdict"])
        pred_v.append(verdict)
        per_row.append({"id": r["id"], "kind": r["kind"], "lang": r["lang"], "verdict": verdict,
                        "expected_verdict": r["expected_verdict"], "pairs": pairs,
                        "ok": verdict == r["expected_verdict"] and all(g == p for g, p in pairs),
                        "text": r["text"], "notes": [c.get("note", "") for c in checks][:3]})
    secs = time.perf_counter() - t0
    by_lang = {}
    for lang in ("en", "hi"):
        sub = [x for x in per_row if x["lang"] == lang]
        g = [p[0] for x in sub for p in x["pairs"]]
        p = [p[1] for x in sub for p in x["pairs"]]
        by_lang[lang] = {"n_rows": len(sub), "status_accuracy": M.accuracy(g, p),
                         "verdict_accuracy": M.accuracy([x["expected_verdict"] for x in sub], [x["verdict"] for x in sub])}
    return {
        "n_rows": len(rows), "n_citations": len(gold_s), "seconds": round(secs, 2),
        "status_accuracy": M.accuracy(gold_s, pred_s),
        "status_accuracy_ci": M.bootstrap_ci([float(g == p) for g, p in zip(gold_s, pred_s)]),
        "verdict_accuracy": M.accuracy(gold_v, pred_v),
        "per_status": M.per_class_accuracy(gold_s, pred_s),
        "confusion": M.confusion(gold_s, pred_s),
        "verdict_confusion": M.confusion(gold_v, pred_v),
        "by_lang": by_lang,
        "failures": [x for x in per_row if not x["ok"]][:60],
    }


# ------------------------------------------------------------------ questions
def _synth():
    from core.synthesis import make_synthesizer

    backend = os.environ.get("NYAYAPATH_EVAL_SYNTH", "extractive")
    return backend, make_synthesizer(backend)


def _label_citations(verifier, answer: str, offence_date) -> list[dict]:
    if not answer:
        return []
    return [c.to_dict() for c in verifier.verify(answer, offence_date=offence_date).citations]


def _case_checker(verifier):
    cache: dict[str, bool] = {}

    def ok(c: dict) -> bool:
        t = c.get("text") or ""
        if t not in cache:
            res = verifier.verify(t)
            cache[t] = bool(res.citations) and all(x.severity != "error" for x in res.citations)
        return cache[t]
    return ok


def _path_checker(graph):
    from core.retrieve import label_of

    node_cache: dict[str, bool] = {}
    edge_cache: dict[tuple, bool] = {}

    def node_exists(nid: str) -> bool:
        if nid not in node_cache:
            lab = label_of(nid)
            lab = "Provision" if lab in ("Section", "Article") else lab
            node_cache[nid] = bool(graph.ro_query(f"MATCH (n:{lab} {{id: $id}}) RETURN count(n)", {"id": nid})[0][0])
        return node_cache[nid]

    def edge_exists(a: str, rel: str, b: str) -> bool:
        key = (a, rel, b)
        if key not in edge_cache:
            if not rel.replace("_", "").isalnum():
                edge_cache[key] = False
            else:
                la, lb = label_of(a), label_of(b)
                la = "Provision" if la in ("Section", "Article") else la
                lb = "Provision" if lb in ("Section", "Article") else lb
                edge_cache[key] = bool(graph.ro_query(
                    f"MATCH (x:{la} {{id: $a}})-[r:{rel}]-(y:{lb} {{id: $b}}) RETURN count(r)", {"a": a, "b": b})[0][0])
        return edge_cache[key]
    return node_exists, edge_exists


def case_id_map(graph) -> dict[str, str]:
    """Pack case id -> graph node id (a pack case merged into a corpus case keeps its pack id
    among the node's aliases)."""
    out = {}
    for cid, aliases in graph.ro_query("MATCH (c:Case) WHERE c.pack = true RETURN c.id, c.aliases"):
        for a in aliases or []:
            if isinstance(a, str) and a.startswith("CASE:"):
                out[a] = cid
    return out


def _cited_nodes(res: dict) -> list[str]:
    return [c["node_id"] for c in res.get("citations") or [] if c.get("node_id")]


def _score_question(q: dict, res: dict) -> dict:
    gold = set(q["gold"])
    ranked = [e["id"] for e in res.get("evidence") or []]
    cited = _cited_nodes(res)
    s = {"id": q["id"], "category": q["category"], "lang": q["lang"], "expected": q["expected"],
         "status": res.get("status"), "outcome_ok": res.get("status") == q["expected"],
         "ranked": ranked[:10], "cited": cited,
         "cited_acts": sorted({c.get("act") for c in res.get("citations") or [] if c.get("act")}),
         "n_citations": len(res.get("citations") or []),
         "n_bad_citations": sum(1 for c in res.get("citations") or [] if c.get("severity") == "error"),
         "answer_cites_gold": bool(set(cited) & gold) if gold else None,
         "ms": (res.get("timings_ms") or {}).get("total"),
         "abstain_reason": res.get("abstain_reason"), "withheld": res.get("withheld")}
    if gold:
        s.update(M.retrieval_scores(ranked, gold))
    if q.get("expect_code"):
        s["expect_code"] = q["expect_code"]
    if q.get("flow"):
        steps = []
        for path in res.get("citation_chain") or []:
            ids = [p.get("id") for p in path if "id" in p]
            if ids and str(ids[-1]).startswith("PROC:"):
                steps.append(ids[-1])
        s["steps"] = steps
        s["flow_ok"] = any(st.split(":")[1] == q["flow"] for st in steps + [e for e in ranked if e.startswith("PROC:")])
        s["order_ok"] = M.procedure_order(steps, q["flow"])
    return s


def _summarize(scored: list[dict], results: list[dict], verifier_ok) -> dict:
    answered = [s for s in scored if s["gold"]] if False else [s for s in scored if s.get("mrr") is not None]
    out = {"n": len(scored)}
    for k in RETRIEVAL_KEYS:
        out[k] = M.bootstrap_ci([s.get(k) for s in answered])
    out["outcome_accuracy"] = M.mean([float(s["outcome_ok"]) for s in scored])
    out["abstention"] = M.abstention_pr([s["expected"] for s in scored], [s["status"] for s in scored])
    oos = [s for s in scored if s["category"] == "out_of_scope"]
    out["oos_abstention_recall"] = M.mean([float(s["status"] == "abstain") for s in oos])
    out["false_abstention_rate"] = M.mean([float(s["status"] == "abstain") for s in scored if s["expected"] != "abstain"])
    out["conflict"] = M.conflict_rates([s["expected"] for s in scored], [s["status"] for s in scored])
    out["grounding_accuracy"] = M.grounding_accuracy(results)
    out["hallucinated_precedent"] = M.hallucinated_precedent_rate(results, verifier_ok)
    out["answers_with_bad_citation_rate"] = M.mean(
        [float(s["n_bad_citations"] > 0) for s in scored if s["status"] in ("answer", "conflict")])
    out["answer_cites_gold"] = M.mean([float(s["answer_cites_gold"]) for s in scored
                                       if s["answer_cites_gold"] is not None and s["status"] in ("answer", "conflict")])
    out["statute_freshness"] = M.statute_freshness([s for s in scored if s.get("expect_code")])
    proc = [s for s in scored if "order_ok" in s]
    out["procedure"] = {"n": len(proc), "flow_found": M.mean([float(s["flow_ok"]) for s in proc]),
                        "steps_in_order": M.mean([float(s["order_ok"]) for s in proc if s["order_ok"] is not None]),
                        "n_with_steps": sum(1 for s in proc if s["order_ok"] is not None)}
    ms = sorted(s["ms"] for s in scored if s.get("ms") is not None)
    out["latency_ms"] = {"p50": ms[len(ms) // 2] if ms else None, "p95": ms[int(len(ms) * 0.95) - 1] if ms else None}
    by_lang = {}
    for lang in ("en", "hi"):
        sub = [s for s in answered if s["lang"] == lang]
        by_lang[lang] = {"n": len(sub), "hit@5": M.mean([s["hit@5"] for s in sub]), "mrr": M.mean([s["mrr"] for s in sub])}
    out["by_lang"] = by_lang
    by_cat = {}
    for cat in sorted({s["category"] for s in scored}):
        sub = [s for s in scored if s["category"] == cat]
        by_cat[cat] = {"n": len(sub), "outcome_accuracy": M.mean([float(s["outcome_ok"]) for s in sub]),
                       "hit@5": M.mean([s.get("hit@5") for s in sub])}
    out["by_category"] = by_cat
    return out


def eval_questions(graph, rows: list[dict], baselines: bool = True, log=print) -> dict:
    from core.answer import AnswerPipeline
    from core.verify import Verifier

    from evaluation.baselines import BM25RAG, VectorRAG

    backend, synth = _synth()
    verifier = Verifier(graph)
    canon = case_id_map(graph)
    rows = [dict(q, gold=[canon.get(g, g) for g in q["gold"]]) for q in rows]
    systems = {"full": AnswerPipeline(graph, None if backend == "extractive" else synth)}
    notes = {}
    if baselines:
        systems["bm25"] = BM25RAG(graph, synth)
        vec = VectorRAG(graph, synth)
        if vec.available:
            systems["vector"] = vec
        else:
            notes["vector"] = "no Provision embeddings in this graph (ingest with embeddings to run it)"
    ok_case = _case_checker(verifier)
    node_exists, edge_exists = _path_checker(graph)
    per_system: dict[str, dict] = {}
    scored_all: dict[str, list[dict]] = {}
    failures = []
    for name, system in systems.items():
        t0 = time.perf_counter()
        scored, results = [], []
        n_paths = n_valid = 0
        bad_paths = []
        for q in rows:
            d = date.fromisoformat(q["offence_date"]) if q.get("offence_date") else None
            try:
                res = system.ask(q["question"], q["lang"], d)
            except Exception as exc:
                res = {"status": "error", "answer": "", "citations": [], "evidence": [], "citation_chain": [],
                       "error": f"{type(exc).__name__}: {exc}"}
                failures.append({"system": name, "id": q["id"], "error": res["error"],
                                 "trace": traceback.format_exc()[-600:]})
            if name != "full":  # label the baseline's citations after the fact (no gating)
                res["citations"] = _label_citations(verifier, res.get("answer", ""), d)
            else:
                paths = list(res.get("citation_chain") or [])
                if res.get("conflict"):
                    paths += [p for p in res["conflict"].get("supporting_paths") or [] if p]
                for p in paths:
                    n_paths += 1
                    if M.path_valid(p, edge_exists, node_exists):
                        n_valid += 1
                    elif len(bad_paths) < 10:
                        bad_paths.append(p)
            results.append(res)
            s = _score_question(q, res)
            s["question"] = q["question"]
            s["answer"] = (res.get("answer") or "")[:300]
            scored.append(s)
        summ = _summarize(scored, results, ok_case)
        summ["seconds"] = round(time.perf_counter() - t0, 1)
        if name == "full":
            summ["path_validity"] = {"rate": (n_valid / n_paths) if n_paths else None, "paths": n_paths,
                                     "invalid_examples": bad_paths}
        per_system[name] = summ
        scored_all[name] = scored
        log(f"  questions/{name}: {len(rows)} in {summ['seconds']} s")
    sig = {}
    full = scored_all["full"]
    for name in systems:
        if name == "full":
            continue
        other = scored_all[name]
        with_gold = [i for i, s in enumerate(full) if s.get("hit@5") is not None]
        answered = [i for i in range(len(full))]
        sig[f"full_vs_{name}"] = {
            "hit@5_paired_bootstrap": M.paired_bootstrap([full[i]["hit@5"] for i in with_gold],
                                                         [other[i]["hit@5"] for i in with_gold]),
            "mrr_paired_bootstrap": M.paired_bootstrap([full[i]["mrr"] for i in with_gold],
                                                       [other[i]["mrr"] for i in with_gold]),
            "hit@5_mcnemar": M.mcnemar([bool(full[i]["hit@5"]) for i in with_gold],
                                       [bool(other[i]["hit@5"]) for i in with_gold]),
            "outcome_mcnemar": M.mcnemar([full[i]["outcome_ok"] for i in answered],
                                         [other[i]["outcome_ok"] for i in answered]),
            "bad_citation_paired_bootstrap": M.paired_bootstrap(
                [float(full[i]["n_bad_citations"] > 0) for i in answered],
                [float(other[i]["n_bad_citations"] > 0) for i in answered]),
        }
    misses = [{"id": s["id"], "question": s["question"], "status": s["status"], "expected": s["expected"],
               "abstain_reason": s["abstain_reason"], "withheld": s["withheld"],
               "top5": s["ranked"][:5], "gold": next(q["gold"] for q in rows if q["id"] == s["id"])}
              for s in full if not s["outcome_ok"] or (s.get("hit@5") == 0.0)]
    return {"synthesizer": backend, "n": len(rows), "systems": per_system, "significance": sig,
            "notes": notes, "errors": failures[:20], "full_system_misses": misses[:80],
            "per_question": {k: [{x: s.get(x) for x in ("id", "status", "hit@5", "mrr", "n_bad_citations")}
                                 for s in v] for k, v in scored_all.items()}}


# ------------------------------------------------------------------ spoken
def eval_spoken(graph, rows: list[dict], log=print) -> dict:
    from evaluation.make_spoken import synthesize_rows

    try:
        from core.speech.stt import Transcriber
        stt = Transcriber()
        clips = synthesize_rows(rows)
    except Exception as exc:
        return {"skipped": f"speech unavailable: {type(exc).__name__}: {exc}"}
    per = []
    t0 = time.perf_counter()
    for row, (audio, info) in zip(rows, clips):
        try:
            tr = stt.transcribe(audio, language=row["lang"])
            hyp = tr.text
        except Exception as exc:
            hyp = ""
            info = dict(info, error=f"{type(exc).__name__}: {exc}")
        per.append({"id": row["id"], "lang": row["lang"], "perturb": row["perturb"], "ref": row["text"], "hyp": hyp,
                    "wer": M.wer(row["text"], hyp), "cer": M.cer(row["text"], hyp),
                    "numbers": M.number_accuracy(row["numbers"], hyp), **info})
    out = {"n": len(per), "seconds": round(time.perf_counter() - t0, 1)}
    for lang in ("en", "hi"):
        sub = [p for p in per if p["lang"] == lang]
        out[lang] = {"n": len(sub), "wer": M.bootstrap_ci([p["wer"] for p in sub]),
                     "cer": M.bootstrap_ci([p["cer"] for p in sub]),
                     "number_accuracy": M.mean([p["numbers"] for p in sub])}
    by_p = {}
    for p in per:
        k = json.dumps(p["perturb"], sort_keys=True) if p["perturb"] else "clean"
        by_p.setdefault(k, []).append(p["wer"])
    out["wer_by_perturbation"] = {k: M.mean(v) for k, v in by_p.items()}
    out["worst"] = sorted(per, key=lambda p: -p["wer"])[:8]
    return out


# ------------------------------------------------------------------ ner
def eval_ner(corpus_dir: Path, quick: bool = False) -> dict:
    from core.citations.gold_eval import evaluate_ner

    t0 = time.perf_counter()
    try:
        res = evaluate_ner(corpus_dir)
    except FileNotFoundError as exc:
        return {"skipped": str(exc)}
    res["seconds"] = round(time.perf_counter() - t0, 1)
    res["roles"] = _role_coverage(corpus_dir)
    return res


def _role_coverage(corpus_dir: Path) -> dict:
    """How much of the gold rhetorical-role annotation the judgments loader turns into IRAC
    nodes: spans read (vs dropped as defects), share of spans/characters whose role maps to an
    IRAC part, and share of judgments that get at least an Issue / a Rule / an Outcome."""
    try:
        from graph_schema.loaders import judgments as J
    except Exception as exc:
        return {"skipped": f"{type(exc).__name__}: {exc}"}
    from collections import Counter

    class _Rep:
        def __init__(self):
            self.defects = 0

        def defect(self, *a, **k):
            self.defects += 1

    rep = _Rep()
    base = Path(corpus_dir) / J.RR
    docs = []
    for fn, path in ((J.read_build_dev, base / "opennyai_build" / "dev.json"),
                     (J.read_build_valid, base / "opennyai_build" / "gm862001_converted" / "valid.json"),
                     (J.read_lawai, base / "lawai_sc50" / "data" / "text")):
        if path.exists():
            try:
                docs += fn(path, rep)
            except Exception as exc:
                return {"skipped": f"reader {fn.__name__} failed: {type(exc).__name__}: {exc}"}
    spans = [s for d in docs for s in d["spans"]]
    if not spans:
        return {"skipped": "no rhetorical-role files found"}
    roles = Counter(s["role"] for s in spans)
    irac = set(J.IRAC)
    chars = sum(s["end"] - s["start"] for s in spans)
    irac_chars = sum(s["end"] - s["start"] for s in spans if s["role"] in irac)
    parts = {tag: sum(1 for d in docs if any(J.IRAC.get(s["role"], ("", ""))[1] == tag for s in d["spans"])) / len(docs)
             for tag in ("ISSUE", "RULE", "ARG", "OUTCOME")}
    return {"docs": len(docs), "spans": len(spans), "defects_dropped": rep.defects,
            "irac_span_share": sum(n for r, n in roles.items() if r in irac) / len(spans),
            "irac_char_share": irac_chars / chars if chars else None,
            "coverage": sum(n for r, n in roles.items() if r in irac) / len(spans),
            "docs_with": parts, "roles": dict(roles.most_common()),
            "unmapped_roles": sorted(r for r in roles if r not in irac)}


# ------------------------------------------------------------------ report
def _fmt(x, pct=True) -> str:
    if x is None:
        return "n/a"
    if isinstance(x, dict) and "mean" in x:
        if x["mean"] is None:
            return "n/a"
        return f"{_fmt(x['mean'], pct)} [{_fmt(x['lo'], pct)}, {_fmt(x['hi'], pct)}]"
    if isinstance(x, float):
        return f"{x * 100:.1f}%" if pct else f"{x:.3f}"
    return str(x)


def _plots(report: dict, stem: Path) -> list[str]:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except Exception:
        return []
    files = []
    q = report["sets"].get("questions")
    if q and "systems" in q:
        names = list(q["systems"])
        keys = ["p@1", "hit@5", "r@5", "mrr", "ndcg@5"]
        fig, ax = plt.subplots(figsize=(8, 4))
        w = 0.8 / len(names)
        for i, n in enumerate(names):
            vals = [q["systems"][n][k]["mean"] or 0 for k in keys]
            lo = [v - (q["systems"][n][k]["lo"] or 0) for v, k in zip(vals, keys)]
            hi = [(q["systems"][n][k]["hi"] or 0) - v for v, k in zip(vals, keys)]
            ax.bar(np.arange(len(keys)) + i * w, vals, w, yerr=[lo, hi], label=n, capsize=3)
        ax.set_xticks(np.arange(len(keys)) + w * (len(names) - 1) / 2, keys)
        ax.set_ylim(0, 1)
        ax.set_title("Retrieval (95% bootstrap CI)")
        ax.legend()
        fig.tight_layout()
        f = stem.with_name(stem.name + "-retrieval.png")
        fig.savefig(f, dpi=100)
        plt.close(fig)
        files.append(f.name)
    c = report["sets"].get("citations")
    if c and c.get("confusion"):
        gold = sorted(c["confusion"])
        pred = sorted({p for row in c["confusion"].values() for p in row})
        mat = np.array([[c["confusion"][g].get(p, 0) for p in pred] for g in gold])
        fig, ax = plt.subplots(figsize=(9, 6))
        ax.imshow(mat, cmap="Blues")
        ax.set_xticks(range(len(pred)), pred, rotation=60, ha="right")
        ax.set_yticks(range(len(gold)), gold)
        for i in range(len(gold)):
            for j in range(len(pred)):
                if mat[i, j]:
                    ax.text(j, i, int(mat[i, j]), ha="center", va="center", fontsize=8)
        ax.set_xlabel("verifier")
        ax.set_ylabel("gold")
        ax.set_title("Verifier status confusion")
        fig.tight_layout()
        f = stem.with_name(stem.name + "-verifier-confusion.png")
        fig.savefig(f, dpi=100)
        plt.close(fig)
        files.append(f.name)
    return files


def _markdown(report: dict, plots: list[str]) -> str:
    L = [f"# NyayaPath evaluation {report['timestamp']}", "",
         f"datasets {report['dataset_version']}, quick={report['quick']}, graph: {report['graph']}", ""]
    c = report["sets"].get("citations")
    if c:
        L += ["## Verifier (citations.jsonl)", "",
              f"rows {c['n_rows']}, citations {c['n_citations']}, {c['seconds']} s", "",
              f"- status accuracy: {_fmt(c['status_accuracy_ci'])}",
              f"- verdict accuracy: {_fmt(c['verdict_accuracy'])}",
              f"- English / Hindi status accuracy: {_fmt(c['by_lang']['en']['status_accuracy'])} / "
              f"{_fmt(c['by_lang']['hi']['status_accuracy'])}", "",
              "| gold status | n | recall | precision |", "|---|---|---|---|"]
        for k, v in c["per_status"].items():
            L.append(f"| {k} | {v['n']} | {_fmt(v['recall'])} | {_fmt(v['precision'])} |")
        L.append("")
    q = report["sets"].get("questions")
    if q and "systems" in q:
        L += ["## Questions (questions.jsonl)", "", f"synthesizer: {q['synthesizer']}, questions {q['n']}", "",
              "| metric | " + " | ".join(q["systems"]) + " |", "|---|" + "---|" * len(q["systems"])]
        rows = [(k, lambda s, k=k: _fmt(s[k])) for k in RETRIEVAL_KEYS]
        rows += [("outcome accuracy", lambda s: _fmt(s["outcome_accuracy"])),
                 ("abstention precision", lambda s: _fmt(s["abstention"]["precision"])),
                 ("abstention recall", lambda s: _fmt(s["abstention"]["recall"])),
                 ("out-of-scope abstention", lambda s: _fmt(s["oos_abstention_recall"])),
                 ("false abstention", lambda s: _fmt(s["false_abstention_rate"])),
                 ("conflict detection", lambda s: _fmt(s["conflict"]["detection_rate"])),
                 ("false conflict", lambda s: _fmt(s["conflict"]["false_conflict_rate"])),
                 ("grounding accuracy", lambda s: _fmt(s["grounding_accuracy"])),
                 ("hallucinated precedent rate", lambda s: _fmt(s["hallucinated_precedent"]["rate"])),
                 ("answers with an unprovable citation", lambda s: _fmt(s["answers_with_bad_citation_rate"])),
                 ("answer cites a gold authority", lambda s: _fmt(s["answer_cites_gold"])),
                 ("freshness (post-2024 -> new code)", lambda s: _fmt(s["statute_freshness"]["new"]["rate"])),
                 ("pre-2024 -> old code", lambda s: _fmt(s["statute_freshness"]["old"]["rate"])),
                 ("procedure flow found", lambda s: _fmt(s["procedure"]["flow_found"])),
                 ("procedure steps in order", lambda s: _fmt(s["procedure"]["steps_in_order"])),
                 ("latency p50 / p95 ms", lambda s: f"{s['latency_ms']['p50']} / {s['latency_ms']['p95']}"),
                 ("path validity", lambda s: _fmt((s.get("path_validity") or {}).get("rate")))]
        for label, fn in rows:
            L.append(f"| {label} | " + " | ".join(fn(s) for s in q["systems"].values()) + " |")
        L += ["", "Paired tests (full minus baseline):", ""]
        for k, v in q["significance"].items():
            h = v["hit@5_paired_bootstrap"]
            b = v["bad_citation_paired_bootstrap"]
            L.append(f"- {k}: hit@5 diff {_fmt(h['diff'])} [{_fmt(h['lo'])}, {_fmt(h['hi'])}] p={h['p']:.4f}; "
                     f"McNemar hit@5 p={v['hit@5_mcnemar']['p']:.4g}; answers-with-bad-citation diff "
                     f"{_fmt(b['diff'])} p={b['p']:.4f}")
        for k, v in q.get("notes", {}).items():
            L.append(f"- note {k}: {v}")
        L.append("")
    s = report["sets"].get("spoken")
    if s:
        L += ["## Spoken (spoken.jsonl, synthesized at run time)", ""]
        if "skipped" in s:
            L.append(f"skipped: {s['skipped']}")
        else:
            for lang in ("en", "hi"):
                L.append(f"- {lang}: n={s[lang]['n']} WER {_fmt(s[lang]['wer'])}, CER {_fmt(s[lang]['cer'])}, "
                         f"section-number accuracy {_fmt(s[lang]['number_accuracy'])}")
            L.append(f"- WER by perturbation: " + ", ".join(f"{k}: {_fmt(v)}" for k, v in s["wer_by_perturbation"].items()))
        L.append("")
    n = report["sets"].get("ner")
    if n:
        L += ["## Extractor vs InLegalNER gold", ""]
        if "skipped" in n:
            L.append(f"skipped: {n['skipped']}")
        else:
            for g in ("provision", "precedent"):
                L.append(f"- {g}: precision {_fmt(n[g]['precision'])}, recall {_fmt(n[g]['recall'])} "
                         f"(gold {n[g]['gold']}, predicted {n[g]['pred']})")
            r = n.get("roles") or {}
            L.append(f"- rhetorical roles -> IRAC coverage: {_fmt(r.get('coverage'))} {r.get('skipped', '')}")
        L.append("")
    for p in plots:
        L.append(f"![{p}]({p})")
    return "\n".join(L) + "\n"


def _open_graph():
    from core.graphdb import GraphUnavailable, open_store

    try:
        store = open_store()
    except GraphUnavailable as exc:
        return None, f"graph unavailable: {exc}"
    try:
        n = store.ro_query("MATCH (s:Section) RETURN count(s)")[0][0]
    except Exception:
        n = 0
    if not n:
        store.close()
        return None, "the graph is empty: run `nyayapath ingest` first"
    return store, None


def run(graph, set_name: str = "all", quick: bool = False, corpus_dir: Path | None = None, log=print) -> dict:
    """Run the sets on an open read-only graph and return the report dict (no files written)."""
    from core.config import load_settings

    names = SETS if set_name == "all" else (set_name,)
    if any(n not in SETS for n in names):
        raise ValueError(f"unknown set {set_name!r}; choose one of all, {', '.join(SETS)}")
    report = {"timestamp": datetime.now().strftime("%Y%m%d-%H%M%S"), "dataset_version": DATASET_VERSION,
              "quick": quick, "graph": getattr(graph, "mode", "?"), "sets": {}}
    t0 = time.perf_counter()
    for name in names:
        t = time.perf_counter()
        if name == "citations":
            rows = load_jsonl("citations")
            report["sets"]["citations"] = eval_citations(graph, quick_subset(rows, 3, "kind") if quick else rows)
        elif name == "questions":
            rows = load_jsonl("questions")
            report["sets"]["questions"] = eval_questions(graph, quick_subset(rows, 4) if quick else rows, log=log)
        elif name == "spoken":
            rows = load_jsonl("spoken")
            report["sets"]["spoken"] = eval_spoken(graph, rows[::10] if quick else rows, log=log)
        elif name == "ner":
            report["sets"]["ner"] = eval_ner(corpus_dir or load_settings().corpus_dir, quick)
        log(f"{name}: {time.perf_counter() - t:.1f} s")
    report["seconds"] = round(time.perf_counter() - t0, 1)
    return report


def headline(report: dict) -> dict:
    h = {}
    c = report["sets"].get("citations")
    if c:
        h["verifier_status_accuracy"] = c["status_accuracy"]
        h["verifier_verdict_accuracy"] = c["verdict_accuracy"]
    q = report["sets"].get("questions")
    if q and "systems" in q:
        for name, s in q["systems"].items():
            h[f"{name}.hit@5"] = s["hit@5"]["mean"]
            h[f"{name}.mrr"] = s["mrr"]["mean"]
            h[f"{name}.hallucinated_precedent_rate"] = s["hallucinated_precedent"]["rate"]
            h[f"{name}.answers_with_bad_citation"] = s["answers_with_bad_citation_rate"]
        h["full.oos_abstention_recall"] = q["systems"]["full"]["oos_abstention_recall"]
        h["full.conflict_detection"] = q["systems"]["full"]["conflict"]["detection_rate"]
    s = report["sets"].get("spoken")
    if s and "en" in s:
        h["stt_wer_en"] = s["en"]["wer"]["mean"]
        h["stt_wer_hi"] = s["hi"]["wer"]["mean"]
    n = report["sets"].get("ner")
    if n and "provision" in n:
        h["ner_provision_f"] = (n["provision"]["precision"], n["provision"]["recall"])
    return h


def main(set_name: str = "all", as_json: bool = False, quick: bool = False) -> int:
    store, err = _open_graph()
    if store is None:
        print(err, file=sys.stderr)
        return EXIT_UNAVAILABLE
    log = (lambda *a: print(*a, file=sys.stderr)) if as_json else print
    try:
        report = run(store.read_only(), set_name, quick, log=log)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    finally:
        store.close()
    out_dir = REPO / "reports"
    out_dir.mkdir(exist_ok=True)
    stem = out_dir / f"eval-{report['timestamp']}"
    plots = _plots(report, stem)
    stem.with_suffix(".json").write_text(json.dumps(report, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    stem.with_suffix(".md").write_text(_markdown(report, plots), encoding="utf-8")
    summary = {"report": str(stem.with_suffix(".json")), "seconds": report["seconds"], **headline(report)}
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, indent=2, default=str))
    else:
        print(_markdown(report, []))
        print(f"report: {stem.with_suffix('.md')}")
    return 0
