"""`nyayapath eval`: run the evaluation sets against the built graph and write a report.

    main(set_name="all", as_json=False, quick=False) -> exit code
    run(graph, set_name, quick) -> the report dict (no files written)

Sets: citations (verifier vs gold statuses), questions (full system vs vector-only and
BM25-only RAG baselines), spoken (TTS -> noise/speed -> STT), ner (extractor vs InLegalNER
gold). This module runs the systems; evaluation.score turns their output into numbers and
evaluation.report writes reports/eval-<timestamp>.json|.md with PNG plots beside them.

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
from datetime import datetime
from pathlib import Path

from evaluation import DATASET_VERSION, DATASETS
from evaluation import report as R
from evaluation import score as S
from evaluation.common import answer_all, eval_synth, offence_date, systems_for

REPO = Path(__file__).resolve().parents[1]
SETS = (
    "citations",
    "questions",
    "everyday",
    "statutes",
    "conflicts",
    "model_words",
    "spoken",
    "speech_real",
    "speech_synth",
    "ner",
    "intake",
)
EXIT_UNAVAILABLE = 3


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
    per_row = []
    t0 = time.perf_counter()
    for r in rows:
        try:
            res = v.verify(r["text"], offence_date=offence_date(r))
            checks = [c.to_dict() for c in res.citations]
            verdict = res.verdict
        except Exception as exc:  # a crash is a result too
            checks, verdict = [], f"ERROR:{type(exc).__name__}"
        per_row.append(S.citation_row(r, checks, verdict))
    return S.citations_summary(per_row, time.perf_counter() - t0)


# ------------------------------------------------------------------ questions
def eval_questions(graph, rows: list[dict], baselines: bool = True, log=print) -> dict:
    from core.verify import Verifier

    backend, synth = eval_synth()
    verifier = Verifier(graph)
    canon = S.case_id_map(graph)
    rows = [dict(q, gold=[canon.get(g, g) for g in q["gold"]]) for q in rows]
    systems, notes = systems_for(graph, backend, synth, baselines)
    ok_case = S.case_checker(verifier)
    node_exists, edge_exists = S.path_checker(graph)
    per_system: dict[str, dict] = {}
    scored_all: dict[str, list[dict]] = {}
    failures: list[dict] = []
    for name, system in systems.items():
        t0 = time.perf_counter()
        results = answer_all(name, system, rows, verifier, failures)
        scored = [S.score_question(q, res) for q, res in zip(rows, results)]
        summ = S.summarize_questions(scored, results, ok_case)
        summ["seconds"] = round(time.perf_counter() - t0, 1)
        if name == "full":
            summ["path_validity"] = S.path_validity(results, node_exists, edge_exists)
        per_system[name] = summ
        scored_all[name] = scored
        log(f"  questions/{name}: {len(rows)} in {summ['seconds']} s")
    return {
        "synthesizer": backend,
        "n": len(rows),
        "systems": per_system,
        "significance": S.significance(scored_all),
        "notes": notes,
        "errors": failures[:20],
        "full_system_misses": S.full_system_misses(scored_all["full"], rows)[:80],
        "per_question": S.per_question(scored_all),
    }


# ------------------------------------------------------------------ statutes
def eval_statutes(graph, rows: list[dict], baselines: bool = True, log=print) -> dict:
    """Direct questions about the law (issue 19): the full system beside the BM25 and vector baselines,
    in one run, scored by evaluation.score.statute_row (full hit, first provision, abstention, not-held
    routing, citations per answer), for the tune and untouched parts, per language and per Act."""
    backend, synth = eval_synth()
    from core.verify import Verifier

    verifier = Verifier(graph)
    load_start = _load_avg()
    systems, notes = systems_for(graph, backend, synth, baselines)
    per_system, failures, misses, per_q = {}, [], [], {}
    for name, system in systems.items():
        t0 = time.perf_counter()
        results = answer_all(name, system, rows, verifier, failures)
        scored = [S.statute_row(q, res) for q, res in zip(rows, results)]
        per_system[name] = S.statutes_summary(scored)
        per_system[name]["seconds"] = round(time.perf_counter() - t0, 1)
        per_q[name] = {s["id"]: [s["full_hit"], s["full_hit@6"], s["status"]] for s in scored}
        if name == "full":
            misses = S.statute_misses(scored)
        log(f"  statutes/{name}: {len(rows)} in {per_system[name]['seconds']} s")
    return {
        "synthesizer": backend,
        "n": len(rows),
        "n_untouched": sum(1 for r in rows if r["split"] == "untouched"),
        "load_avg": {"start": load_start, "end": _load_avg()},
        "systems": per_system,
        "notes": notes,
        "errors": failures[:20],
        "full_system_misses": misses,
        "per_question": per_q,
    }


# ------------------------------------------------------------------ conflicts (issue 23)
def _ask_lang(lang: str) -> str:
    return lang if lang in ("en", "hi") else "auto"  # Hinglish is detected, as a person would type it


def eval_conflicts(
    graph, rows: list[dict], quick: bool = False, log=print, false_sets=(("everyday", 4), ("statutes", 10))
) -> dict:
    """The labelled conflicts set (live / settled / none, evaluation/datasets/conflicts.jsonl): precision and
    recall per state, settled questions answered citing the settling judgment, live ones flagged with both
    sides; and the false-conflict rate on the everyday and direct-law sets (every 4th / 10th row per
    language with --quick; the direct-law set is skipped when absent)."""
    from core.answer import AnswerPipeline

    pipe = AnswerPipeline(graph)
    canon = S.case_id_map(graph)
    load_start = _load_avg()

    def answer(q: dict) -> dict:
        try:
            return pipe.ask(q["question"], _ask_lang(q.get("lang", "auto")), offence_date(q)).to_json()
        except Exception as exc:
            return {"status": "error", "error": f"{type(exc).__name__}: {exc}", "notices": [], "citations": []}

    t0 = time.perf_counter()
    scored = [S.conflict_row(q, answer(q), canon) for q in rows]
    out = {
        "n": len(rows),
        "summary": S.conflicts_summary(scored),
        "seconds": {"conflicts": round(time.perf_counter() - t0, 1)},
    }
    log(f"  conflicts: {len(rows)} in {out['seconds']['conflicts']} s")
    out["false_conflict"] = {}
    for name, every in false_sets:  # (set, every n-th row per language with --quick)
        if not (DATASETS / f"{name}.jsonl").exists():
            continue
        others = load_jsonl(name)
        others = quick_subset(others, every, "lang") if quick else others
        t = time.perf_counter()
        results = [answer(q) for q in others]
        out["false_conflict"][name] = S.false_conflicts([q["id"] for q in others], results)
        out["seconds"][name] = round(time.perf_counter() - t, 1)
        log(f"  conflicts/false on {name}: {len(others)} in {out['seconds'][name]} s")
    out["load_avg"] = {"start": load_start, "end": _load_avg()}
    return out


def _load_avg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


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
            hyp = stt.transcribe(audio, language=row["lang"]).text
        except Exception as exc:
            hyp = ""
            info = dict(info, error=f"{type(exc).__name__}: {exc}")
        per.append(S.spoken_row(row, hyp, info))
    return S.spoken_summary(per, time.perf_counter() - t0)


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


class _Defects:
    """Counts the spans the judgment readers drop (missing sources are not spans)."""

    def __init__(self):
        self.dropped = 0

    def defect(self, source, message, **kw):
        if not message.startswith("judgment source"):
            self.dropped += 1


def _role_coverage(corpus_dir: Path) -> dict:
    """The gold rhetorical roles as the judgments loader reads and maps them (see score.role_coverage)."""
    try:
        from graph_schema.loaders import judgments as J
    except Exception as exc:
        return {"skipped": f"{type(exc).__name__}: {exc}"}
    rep = _Defects()
    try:
        docs = J.read_judgments(corpus_dir, rep)
    except Exception as exc:
        return {"skipped": f"judgment readers failed: {type(exc).__name__}: {exc}"}
    return S.role_coverage(docs, J.irac_tag, rep.dropped)


# ------------------------------------------------------------------ running
def open_graph():
    """(store, None) for a built graph, else (None, why not)."""
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
    report = {
        "timestamp": datetime.now().strftime("%Y%m%d-%H%M%S"),
        "dataset_version": DATASET_VERSION,
        "quick": quick,
        "graph": getattr(graph, "mode", "?"),
        "sets": {},
    }
    t0 = time.perf_counter()
    for name in names:
        t = time.perf_counter()
        if name == "citations":
            rows = load_jsonl("citations")
            report["sets"]["citations"] = eval_citations(graph, quick_subset(rows, 3, "kind") if quick else rows)
        elif name == "questions":
            rows = load_jsonl("questions")
            report["sets"]["questions"] = eval_questions(graph, quick_subset(rows, 4) if quick else rows, log=log)
        elif name == "everyday":
            from evaluation.everyday import eval_everyday

            rows = load_jsonl("everyday")
            report["sets"]["everyday"] = eval_everyday(graph, quick_subset(rows, 4, "lang") if quick else rows, log=log)
        elif name == "statutes":  # direct questions about the law, held and not held (issue 19)
            rows = load_jsonl("statutes")
            report["sets"]["statutes"] = eval_statutes(graph, quick_subset(rows, 5, "lang") if quick else rows, log=log)
        elif name == "conflicts":  # live / settled / none, and false conflicts elsewhere (issue 23)
            report["sets"]["conflicts"] = eval_conflicts(graph, load_jsonl("conflicts"), quick, log=log)
        elif name == "model_words":  # the local model's short answers against the law (issue 24)
            from evaluation.model_words import score as score_model_words

            report["sets"]["model_words"] = score_model_words()
        elif name == "spoken":
            rows = load_jsonl("spoken")
            report["sets"]["spoken"] = eval_spoken(graph, rows[::10] if quick else rows, log=log)
        elif name == "speech_real":  # real recorded speech, ../shared/speech_eval (issue 15)
            from evaluation.speech_real import evaluate as eval_speech_real

            report["sets"]["speech_real"] = eval_speech_real(limit=6 if quick else None)
        elif name == "speech_synth":  # espeak-ng/piper voices, speeds, noise, telephone (issue 13)
            from evaluation.speech_synth import evaluate as eval_speech_synth

            report["sets"]["speech_synth"] = eval_speech_synth(graph, quick=quick)
        elif name == "ner":
            report["sets"]["ner"] = eval_ner(corpus_dir or load_settings().corpus_dir, quick)
        elif name == "intake":  # add-judgment: metadata, roles, resolution, time (issue 14)
            from evaluation.intake_eval import eval_intake

            report["sets"]["intake"] = eval_intake(graph, corpus_dir or load_settings().corpus_dir, quick, log=log)
        log(f"{name}: {time.perf_counter() - t:.1f} s")
    report["seconds"] = round(time.perf_counter() - t0, 1)
    return report


def main(set_name: str = "all", as_json: bool = False, quick: bool = False) -> int:
    store, err = open_graph()
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
    stem = R.write(report, REPO / "reports")
    summary = {"report": str(stem.with_suffix(".json")), "seconds": report["seconds"], **R.headline(report)}
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, indent=2, default=str))
    else:
        print(R.markdown(report, []))
        print(f"report: {stem.with_suffix('.md')}")
    return 0
