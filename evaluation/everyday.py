"""Everyday problems: does the answer carry the law that governs the person's problem, and none that
a legal-aid lawyer would call wrong? (issue 10 §6)

Data: evaluation/datasets/everyday.jsonl, questions written from situations (not from the pack's
phrasings), in English, Hindi and Hinglish. Each row names the problems it raises, `must` (any one
of these governing provisions among the verified citations counts; "ACT:*" means any provision of
that Act), `must_not` (provisions or holdings that are wrong for it), and whether the governing law
is one the graph does not hold (`not_held`) or the question is outside Indian law (`out_of_scope`).

Per system (full, and the BM25 / vector baselines in the same run) and per language:
- right_law: answerable rows whose verified citations include a `must` provision;
- wrong_law: rows whose answer shows a `must_not` authority, or a case holding that is neither linked
  to an expected problem (CONCERNS_CASE) nor interprets a provision cited in the same answer;
- fabricated: citations the graph cannot prove (nonexistent, unverified, unindexed, mismatch);
- problem_top1 / problem_any: the recognised problems against the expected ones (full system);
- not_held_routed: not-held rows answered without a forbidden citation and with the problem recognised;
- out_of_scope_abstain: out-of-scope rows the system declined.
"""

from __future__ import annotations

import time
from collections import defaultdict

FABRICATED = {"nonexistent", "unverified", "unindexed", "mismatch"}
LANGS = ("en", "hi", "hinglish")


def _matches(node_id: str | None, wanted: list[str]) -> bool:
    if not node_id:
        return False
    for w in wanted:
        if w.endswith(":*") and node_id.startswith(w[:-1]):
            return True
        if node_id == w:
            return True
    return False


def linked_cases(graph, problem_ids: list[str]) -> set[str]:
    if not problem_ids:
        return set()
    try:
        rows = graph.ro_query(
            "UNWIND $ids AS i MATCH (:Problem {id: i})-[:CONCERNS_CASE]->(c:Case) RETURN c.id", {"ids": problem_ids}
        )
    except Exception:  # a graph without the problem layer links no case
        return set()
    return {r[0] for r in rows}


def interpreted_by(graph, case_ids: list[str]) -> dict[str, set[str]]:
    if not case_ids:
        return {}
    rows = graph.ro_query(
        "UNWIND $ids AS i MATCH (c:Case {id: i})-[:INTERPRETS]->(p:Provision) RETURN c.id, p.id", {"ids": case_ids}
    )
    out: dict[str, set[str]] = defaultdict(set)
    for c, p in rows:
        out[c].add(p)
    return out


def score_row(graph, q: dict, res: dict) -> dict:
    cits = res.get("citations") or []
    shown = [c for c in cits if c.get("status") not in FABRICATED and c.get("node_id")]
    verified = [c["node_id"] for c in shown if c.get("status") in ("verified", "superseded", "conflict")]
    shown_ids = [c["node_id"] for c in shown]
    forbidden = [n for n in shown_ids if _matches(n, q["must_not"])]
    cases = [n for n in shown_ids if n.startswith("CASE:")]
    unlinked: list[str] = []
    if cases:
        ok = linked_cases(graph, q["problems"])
        interp = interpreted_by(graph, cases)
        provs = {n for n in shown_ids if not n.startswith("CASE:")}
        unlinked = [
            c for c in cases if c not in ok and not (interp.get(c, set()) & provs) and not _matches(c, q["must"])
        ]
    recognised = [p.get("id") for p in (res.get("problems") or [])]
    answerable = not q["out_of_scope"] and not q["not_held"] and bool(q["must"])
    return {
        "id": q["id"],
        "lang": q["lang"],
        "status": res.get("status"),
        "answerable": answerable,
        "right": answerable and any(_matches(n, q["must"]) for n in verified),
        "wrong": bool(forbidden or unlinked),
        "forbidden": forbidden,
        "unlinked_cases": unlinked,
        "fabricated": [c.get("text") for c in cits if c.get("status") in FABRICATED and res.get("status") != "abstain"],
        "top1": bool(q["problems"]) and bool(recognised) and recognised[0] in q["problems"],
        "any": bool(q["problems"]) and bool(set(recognised) & set(q["problems"])),
        "has_problems": bool(q["problems"]),
        "not_held": q["not_held"],
        "not_held_ok": q["not_held"] and not forbidden and bool(set(recognised) & set(q["problems"])),
        "out_of_scope": q["out_of_scope"],
        "abstained": res.get("status") in ("abstain", "clarify"),
        "cited": shown_ids[:12],
        "n_citations": len(set(shown_ids)) if res.get("status") in ("answer", "conflict") else None,
    }


def _rate(rows: list[dict], key: str, where) -> dict:
    pool = [r for r in rows if where(r)]
    hit = sum(1 for r in pool if r[key])
    return {"rate": round(hit / len(pool), 4) if pool else None, "n": len(pool), "hits": hit}


def _citations(rows: list[dict]) -> dict:
    """Distinct citations per answered question (issue 19: at most six in any answer, fewer on average)."""
    n = [r["n_citations"] for r in rows if r.get("n_citations") is not None]
    return {
        "answers": len(n),
        "mean": round(sum(n) / len(n), 2) if n else None,
        "max": max(n) if n else None,
        "over_6": sum(1 for x in n if x > 6),
    }


def summarize(scored: list[dict]) -> dict:
    def block(rows):
        return {
            "n": len(rows),
            "right_law": _rate(rows, "right", lambda r: r["answerable"]),
            "wrong_law": _rate(rows, "wrong", lambda r: not r["out_of_scope"]),
            "fabricated_answers": _rate([dict(r, fab=bool(r["fabricated"])) for r in rows], "fab", lambda r: True),
            "problem_top1": _rate(rows, "top1", lambda r: r["has_problems"]),
            "problem_any": _rate(rows, "any", lambda r: r["has_problems"]),
            "not_held_routed": _rate(rows, "not_held_ok", lambda r: r["not_held"]),
            "out_of_scope_abstain": _rate(rows, "abstained", lambda r: r["out_of_scope"]),
            "citations": _citations(rows),
        }

    out = {"all": block(scored)}
    for lang in LANGS:
        out[lang] = block([r for r in scored if r["lang"] == lang])
    return out


def eval_everyday(graph, rows: list[dict], baselines: bool = True, log=print) -> dict:
    from core.verify import Verifier
    from evaluation.common import answer_all, eval_synth, systems_for
    from evaluation.score import case_id_map

    backend, synth = eval_synth()
    verifier = Verifier(graph)
    canon = case_id_map(graph)  # pack case ids -> the corpus ids they were merged into
    rows = [
        dict(q, must=[canon.get(x, x) for x in q["must"]], must_not=[canon.get(x, x) for x in q["must_not"]])
        for q in rows
    ]
    systems, notes = systems_for(graph, backend, synth, baselines)
    per_system, failures, misses = {}, [], []
    for name, system in systems.items():
        t0 = time.perf_counter()
        results = answer_all(name, system, rows, verifier, failures)
        scored = [score_row(graph, q, res) for q, res in zip(rows, results)]
        per_system[name] = summarize(scored)
        per_system[name]["seconds"] = round(time.perf_counter() - t0, 1)
        if name == "full":
            misses = [s for s in scored if (s["answerable"] and not s["right"]) or s["wrong"] or s["fabricated"]]
        log(f"  everyday/{name}: {len(rows)} in {per_system[name]['seconds']} s")
    return {
        "synthesizer": backend,
        "n": len(rows),
        "systems": per_system,
        "notes": notes,
        "errors": failures[:20],
        "full_system_misses": misses[:120],
    }
