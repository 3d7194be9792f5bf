"""What the answer-set evaluations share (evaluation.run's questions, statutes and conflicts sets,
evaluation.everyday's everyday set): the synthesizer chosen, the systems compared, and every
question put through one system.  A leaf of the evaluation package: it imports no other
evaluation module at import time, so run.py and everyday.py both use it without importing
each other.
"""

from __future__ import annotations

import traceback
from datetime import date


def offence_date(row: dict) -> date | None:
    return date.fromisoformat(row["offence_date"]) if row.get("offence_date") else None


def eval_synth():
    """(backend name, synthesizer) for the answer sets: ``Settings.eval_synth``
    ($NYAYAPATH_EVAL_SYNTH, default "extractive")."""
    from core.config import load_settings
    from core.synthesis import make_synthesizer

    backend = load_settings().eval_synth
    return backend, make_synthesizer(backend)


def label_citations(verifier, answer: str, offence_date) -> list[dict]:
    if not answer:
        return []
    return [c.to_dict() for c in verifier.verify(answer, offence_date=offence_date).citations]


def systems_for(graph, backend: str, synth, baselines: bool) -> tuple[dict, dict]:
    from core.answer import AnswerPipeline
    from evaluation.baselines import BM25RAG, VectorRAG

    systems = {"full": AnswerPipeline(graph, None if backend == "extractive" else synth)}
    notes = {}
    if baselines:
        systems["bm25"] = BM25RAG(graph, synth)
        vec = VectorRAG(graph, synth)
        if vec.available:
            systems["vector"] = vec
        else:
            notes["vector"] = "no Provision embeddings in this graph (ingest with embeddings to run it)"
    return systems, notes


def answer_all(name: str, system, rows: list[dict], verifier, failures: list[dict]) -> list[dict]:
    """Every question through one system; a crash becomes an error result (and a failure entry)."""
    results = []
    for q in rows:
        d = offence_date(q)
        try:
            res = system.ask(q["question"], q["lang"], d).to_json()  # the evaluation reads the JSON edge
        except Exception as exc:
            res = {
                "status": "error",
                "answer": "",
                "citations": [],
                "evidence": [],
                "citation_chain": [],
                "error": f"{type(exc).__name__}: {exc}",
            }
            failures.append(
                {"system": name, "id": q["id"], "error": res["error"], "trace": traceback.format_exc()[-600:]}
            )
        if name != "full":  # label the baseline's citations after the fact (no gating)
            res["citations"] = label_citations(verifier, res.get("answer", ""), d)
        results.append(res)
    return results
