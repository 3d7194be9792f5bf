"""Scoring for `nyayapath eval`: turns what the systems returned (evaluation.run) into the
report's numbers. Per-item scores and per-set summaries; the metrics themselves are the pure
functions of evaluation.metrics. Graph look-ups here are read-only (gold id mapping, path checks).
"""

from __future__ import annotations

import json

from evaluation import metrics as M

RETRIEVAL_KEYS = ("p@1", "p@3", "p@5", "r@5", "hit@5", "mrr", "ndcg@5")


# ------------------------------------------------------------------ citations
def citation_row(r: dict, checks: list[dict], verdict: str) -> dict:
    """One citations.jsonl row against the verifier's checks of its text."""
    pairs = M.match_fragments(r["text"], r["expected"], checks)
    return {
        "id": r["id"],
        "kind": r["kind"],
        "lang": r["lang"],
        "verdict": verdict,
        "expected_verdict": r["expected_verdict"],
        "pairs": pairs,
        "ok": verdict == r["expected_verdict"] and all(g == p for g, p in pairs),
        "text": r["text"],
        "notes": [c.get("note", "") for c in checks][:3],
    }


def citations_summary(per_row: list[dict], seconds: float) -> dict:
    gold_s = [g for x in per_row for g, _ in x["pairs"]]
    pred_s = [p for x in per_row for _, p in x["pairs"]]
    gold_v = [x["expected_verdict"] for x in per_row]
    pred_v = [x["verdict"] for x in per_row]
    by_lang = {}
    for lang in ("en", "hi"):
        sub = [x for x in per_row if x["lang"] == lang]
        g = [p[0] for x in sub for p in x["pairs"]]
        p = [p[1] for x in sub for p in x["pairs"]]
        by_lang[lang] = {
            "n_rows": len(sub),
            "status_accuracy": M.accuracy(g, p),
            "verdict_accuracy": M.accuracy([x["expected_verdict"] for x in sub], [x["verdict"] for x in sub]),
        }
    return {
        "n_rows": len(per_row),
        "n_citations": len(gold_s),
        "seconds": round(seconds, 2),
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
def case_id_map(graph) -> dict[str, str]:
    """Pack case id -> graph node id (a pack case merged into a corpus case keeps its pack id
    among the node's aliases)."""
    out = {}
    for cid, aliases in graph.ro_query("MATCH (c:Case) WHERE c.pack = true RETURN c.id, c.aliases"):
        for a in aliases or []:
            if isinstance(a, str) and a.startswith("CASE:"):
                out[a] = cid
    return out


def case_checker(verifier):
    """c -> True when the verifier proves the case citation c["text"] (cached)."""
    cache: dict[str, bool] = {}

    def ok(c: dict) -> bool:
        t = c.get("text") or ""
        if t not in cache:
            res = verifier.verify(t)
            cache[t] = bool(res.citations) and all(x.severity != "error" for x in res.citations)
        return cache[t]

    return ok


def path_checker(graph):
    """(node_exists(id), edge_exists(a, rel, b)), cached, for checking citation chains."""
    from core.graph_queries import label_of

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
                edge_cache[key] = bool(
                    graph.ro_query(
                        f"MATCH (x:{la} {{id: $a}})-[r:{rel}]-(y:{lb} {{id: $b}}) RETURN count(r)", {"a": a, "b": b}
                    )[0][0]
                )
        return edge_cache[key]

    return node_exists, edge_exists


def path_validity(results: list[dict], node_exists, edge_exists) -> dict:
    """Share of the citation chains (and conflict paths) that are real paths in the graph."""
    n_paths = n_valid = 0
    bad_paths = []
    for res in results:
        paths = list(res.get("citation_chain") or [])
        if res.get("conflict"):
            paths += [p for p in res["conflict"].get("supporting_paths") or [] if p]
        for p in paths:
            n_paths += 1
            if M.path_valid(p, edge_exists, node_exists):
                n_valid += 1
            elif len(bad_paths) < 10:
                bad_paths.append(p)
    return {"rate": (n_valid / n_paths) if n_paths else None, "paths": n_paths, "invalid_examples": bad_paths}


def _cited_nodes(res: dict) -> list[str]:
    return [c["node_id"] for c in res.get("citations") or [] if c.get("node_id")]


def score_question(q: dict, res: dict) -> dict:
    """One questions.jsonl row against one system's answer."""
    gold = set(q["gold"])
    ranked = [e["id"] for e in res.get("evidence") or []]
    cited = _cited_nodes(res)
    s = {
        "id": q["id"],
        "category": q["category"],
        "lang": q["lang"],
        "expected": q["expected"],
        "status": res.get("status"),
        "outcome_ok": res.get("status") == q["expected"],
        "ranked": ranked[:10],
        "cited": cited,
        "cited_acts": sorted({c.get("act") for c in res.get("citations") or [] if c.get("act")}),
        "n_citations": len(res.get("citations") or []),
        "n_bad_citations": sum(1 for c in res.get("citations") or [] if c.get("severity") == "error"),
        "answer_cites_gold": bool(set(cited) & gold) if gold else None,
        "ms": (res.get("timings_ms") or {}).get("total"),
        "abstain_reason": res.get("abstain_reason"),
        "withheld": res.get("withheld"),
    }
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
    s["question"] = q["question"]
    s["answer"] = (res.get("answer") or "")[:300]
    return s


def summarize_questions(scored: list[dict], results: list[dict], verifier_ok) -> dict:
    """One system's figures over the question set."""
    answered = [s for s in scored if s.get("mrr") is not None]
    out = {"n": len(scored)}
    for k in RETRIEVAL_KEYS:
        out[k] = M.bootstrap_ci([s.get(k) for s in answered])
    out["outcome_accuracy"] = M.mean([float(s["outcome_ok"]) for s in scored])
    out["abstention"] = M.abstention_pr([s["expected"] for s in scored], [s["status"] for s in scored])
    oos = [s for s in scored if s["category"] == "out_of_scope"]
    out["oos_abstention_recall"] = M.mean([float(s["status"] == "abstain") for s in oos])
    out["false_abstention_rate"] = M.mean(
        [float(s["status"] == "abstain") for s in scored if s["expected"] != "abstain"]
    )
    out["conflict"] = M.conflict_rates([s["expected"] for s in scored], [s["status"] for s in scored])
    out["grounding_accuracy"] = M.grounding_accuracy(results)
    out["hallucinated_precedent"] = M.hallucinated_precedent_rate(results, verifier_ok)
    out["answers_with_bad_citation_rate"] = M.mean(
        [float(s["n_bad_citations"] > 0) for s in scored if s["status"] in ("answer", "conflict")]
    )
    out["answer_cites_gold"] = M.mean(
        [
            float(s["answer_cites_gold"])
            for s in scored
            if s["answer_cites_gold"] is not None and s["status"] in ("answer", "conflict")
        ]
    )
    out["statute_freshness"] = M.statute_freshness([s for s in scored if s.get("expect_code")])
    proc = [s for s in scored if "order_ok" in s]
    out["procedure"] = {
        "n": len(proc),
        "flow_found": M.mean([float(s["flow_ok"]) for s in proc]),
        "steps_in_order": M.mean([float(s["order_ok"]) for s in proc if s["order_ok"] is not None]),
        "n_with_steps": sum(1 for s in proc if s["order_ok"] is not None),
    }
    ms = sorted(s["ms"] for s in scored if s.get("ms") is not None)
    out["latency_ms"] = {"p50": ms[len(ms) // 2] if ms else None, "p95": ms[int(len(ms) * 0.95) - 1] if ms else None}
    by_lang = {}
    for lang in ("en", "hi"):
        sub = [s for s in answered if s["lang"] == lang]
        by_lang[lang] = {
            "n": len(sub),
            "hit@5": M.mean([s["hit@5"] for s in sub]),
            "mrr": M.mean([s["mrr"] for s in sub]),
        }
    out["by_lang"] = by_lang
    by_cat = {}
    for cat in sorted({s["category"] for s in scored}):
        sub = [s for s in scored if s["category"] == cat]
        by_cat[cat] = {
            "n": len(sub),
            "outcome_accuracy": M.mean([float(s["outcome_ok"]) for s in sub]),
            "hit@5": M.mean([s.get("hit@5") for s in sub]),
        }
    out["by_category"] = by_cat
    return out


def significance(scored_all: dict[str, list[dict]]) -> dict:
    """Paired tests of the full system against each baseline, question by question."""
    sig = {}
    full = scored_all["full"]
    with_gold = [i for i, s in enumerate(full) if s.get("hit@5") is not None]
    answered = range(len(full))
    for name, other in scored_all.items():
        if name == "full":
            continue
        sig[f"full_vs_{name}"] = {
            "hit@5_paired_bootstrap": M.paired_bootstrap(
                [full[i]["hit@5"] for i in with_gold], [other[i]["hit@5"] for i in with_gold]
            ),
            "mrr_paired_bootstrap": M.paired_bootstrap(
                [full[i]["mrr"] for i in with_gold], [other[i]["mrr"] for i in with_gold]
            ),
            "hit@5_mcnemar": M.mcnemar(
                [bool(full[i]["hit@5"]) for i in with_gold], [bool(other[i]["hit@5"]) for i in with_gold]
            ),
            "outcome_mcnemar": M.mcnemar(
                [full[i]["outcome_ok"] for i in answered], [other[i]["outcome_ok"] for i in answered]
            ),
            "bad_citation_paired_bootstrap": M.paired_bootstrap(
                [float(full[i]["n_bad_citations"] > 0) for i in answered],
                [float(other[i]["n_bad_citations"] > 0) for i in answered],
            ),
        }
    return sig


def full_system_misses(full: list[dict], rows: list[dict]) -> list[dict]:
    gold: dict[str, list] = {}
    for q in rows:
        gold.setdefault(q["id"], q["gold"])
    return [
        {
            "id": s["id"],
            "question": s["question"],
            "status": s["status"],
            "expected": s["expected"],
            "abstain_reason": s["abstain_reason"],
            "withheld": s["withheld"],
            "top5": s["ranked"][:5],
            "gold": gold[s["id"]],
        }
        for s in full
        if not s["outcome_ok"] or (s.get("hit@5") == 0.0)
    ]


def per_question(scored_all: dict[str, list[dict]]) -> dict:
    return {
        k: [{x: s.get(x) for x in ("id", "status", "hit@5", "mrr", "n_bad_citations")} for s in v]
        for k, v in scored_all.items()
    }


# ------------------------------------------------------------------ spoken
def spoken_row(row: dict, hyp: str, info: dict) -> dict:
    return {
        "id": row["id"],
        "lang": row["lang"],
        "perturb": row["perturb"],
        "ref": row["text"],
        "hyp": hyp,
        "wer": M.wer(row["text"], hyp),
        "cer": M.cer(row["text"], hyp),
        "numbers": M.number_accuracy(row["numbers"], hyp),
        **info,
    }


def spoken_summary(per: list[dict], seconds: float) -> dict:
    out = {"n": len(per), "seconds": round(seconds, 1)}
    for lang in ("en", "hi"):
        sub = [p for p in per if p["lang"] == lang]
        out[lang] = {
            "n": len(sub),
            "wer": M.bootstrap_ci([p["wer"] for p in sub]),
            "cer": M.bootstrap_ci([p["cer"] for p in sub]),
            "number_accuracy": M.mean([p["numbers"] for p in sub]),
        }
    by_p = {}
    for p in per:
        k = json.dumps(p["perturb"], sort_keys=True) if p["perturb"] else "clean"
        by_p.setdefault(k, []).append(p["wer"])
    out["wer_by_perturbation"] = {k: M.mean(v) for k, v in by_p.items()}
    out["worst"] = sorted(per, key=lambda p: -p["wer"])[:8]
    return out


# ------------------------------------------------------------------ ner (rhetorical roles)
def role_coverage(docs: list[dict], irac_tag, defects_dropped: int) -> dict:
    """How much of the gold rhetorical-role annotation becomes IRAC nodes: share of spans and
    characters whose role maps to an IRAC part, and share of judgments that get an Issue /
    a Rule / an Argument / an Outcome. ``irac_tag(role)`` is the loader's mapping."""
    from collections import Counter

    spans = [s for d in docs for s in d["spans"]]
    if not spans:
        return {"skipped": "no rhetorical-role files found"}
    roles = Counter(s["role"] for s in spans)
    irac = {r for r in roles if irac_tag(r) is not None}
    chars = sum(s["end"] - s["start"] for s in spans)
    irac_chars = sum(s["end"] - s["start"] for s in spans if s["role"] in irac)
    parts = {
        tag: sum(1 for d in docs if any(irac_tag(s["role"]) == tag for s in d["spans"])) / len(docs)
        for tag in ("ISSUE", "RULE", "ARG", "OUTCOME")
    }
    return {
        "docs": len(docs),
        "spans": len(spans),
        "defects_dropped": defects_dropped,
        "irac_span_share": sum(n for r, n in roles.items() if r in irac) / len(spans),
        "irac_char_share": irac_chars / chars if chars else None,
        "coverage": sum(n for r, n in roles.items() if r in irac) / len(spans),
        "docs_with": parts,
        "roles": dict(roles.most_common()),
        "unmapped_roles": sorted(r for r in roles if r not in irac),
    }


# ------------------------------------------------------------------ statutes (direct law, issue 19)
STATUTE_FAB = frozenset({"nonexistent", "unverified", "unindexed", "mismatch"})
STATUTE_OK = frozenset({"verified", "superseded", "conflict"})
STATUTE_K = 6  # the cap: at most 6 citations in any answer, so BM25 is read at its top 6
STATUTE_LANGS = ("en", "hi", "hinglish")


def _first_provision(res: dict, verified: list[str]) -> str | None:
    """The first provision the answer shows: the first of its law items (the card's order), else the
    first verified citation; cases are not provisions."""
    for item in res.get("law") or []:
        nid = item.get("node_id") if isinstance(item, dict) else None
        if nid and not nid.startswith("CASE:"):
            return nid
    return next((n for n in verified if not n.startswith("CASE:")), None)


def _shown_text(res: dict) -> str:
    parts = [res.get("answer") or "", res.get("summary") or ""] + list(res.get("notices") or [])
    return " ".join(parts)


def statute_row(q: dict, res: dict) -> dict:
    """One statutes.jsonl row against one system's answer (its JSON edge)."""
    from core.language.transliterate import to_roman

    cits = res.get("citations") or []
    shown = [c for c in cits if c.get("status") not in STATUTE_FAB and c.get("node_id")]
    verified = list(dict.fromkeys(c["node_id"] for c in shown if c.get("status") in STATUTE_OK))
    ranked = list(dict.fromkeys(e["id"] for e in res.get("evidence") or [] if e.get("id")))
    gold = q.get("gold") or []
    status = res.get("status")
    abstained = status in ("abstain", "clarify")
    n_cit = len({c.get("node_id") or c.get("text") for c in cits})
    names = list(q.get("act_names") or [])
    names += [to_roman(n) for n in names if any("\u0900" <= ch <= "\u097f" for ch in n)]
    first = _first_provision(res, verified)
    return {
        "id": q["id"],
        "split": q["split"],
        "lang": q["lang"],
        "type": q["type"],
        "act": q.get("act") or "not_held",
        "held": q["held"],
        "status": status,
        "abstain_reason": res.get("abstain_reason"),
        "full_hit": M.full_hit(verified, gold) if q["held"] else None,
        "any_hit": bool(set(verified) & set(gold)) if q["held"] else None,
        "first_hit": M.first_hit(first, gold) if q["held"] else None,
        "full_hit@6": M.full_hit(ranked[:STATUTE_K], gold) if q["held"] else None,
        "hit@6": bool(set(ranked[:STATUTE_K]) & set(gold)) if q["held"] else None,
        "abstained": abstained,
        "refused_out_of_scope": status == "abstain" and res.get("abstain_reason") == "abstain.out_of_scope",
        "n_citations": n_cit,
        "answered": status in ("answer", "conflict"),
        "with_steps": bool(res.get("steps")),
        "with_summary": bool((res.get("summary") or "").strip()),
        "act_named": M.names_any(_shown_text(res), names) if not q["held"] else None,
        "not_held_routed": (abstained and n_cit == 0 and M.names_any(_shown_text(res), names))
        if not q["held"]
        else None,
        "script": res.get("script", "native"),
        "ms": (res.get("timings_ms") or {}).get("total"),
        "first": first,
        "cited": verified[:8],
        "gold": gold,
        "question": q["question"],
    }


def _statute_block(rows: list[dict]) -> dict:
    held = [r for r in rows if r["held"]]
    nh = [r for r in rows if not r["held"]]
    answered = [r["n_citations"] for r in rows if r["answered"]]
    ms = sorted(r["ms"] for r in rows if r.get("ms") is not None)
    mixed = [r for r in held if r["type"] == "mixed"]
    return {
        "n": len(rows),
        "n_held": len(held),
        "full_hit": M.rate([r["full_hit"] for r in held]),
        "first_hit": M.rate([r["first_hit"] for r in held]),
        "any_hit": M.rate([r["any_hit"] for r in held]),
        "full_hit@6": M.rate([r["full_hit@6"] for r in held]),
        "hit@6": M.rate([r["hit@6"] for r in held]),
        "abstain_held": M.rate([r["abstained"] for r in held]),
        "refused_out_of_scope": sum(r["refused_out_of_scope"] for r in rows),
        "citations": {
            "mean": round(sum(answered) / len(answered), 2) if answered else None,
            "max": max(answered) if answered else None,
            "over_6": sum(1 for n in answered if n > STATUTE_K),
            "answers": len(answered),
        },
        "not_held": {
            "n": len(nh),
            "routed": M.rate([r["not_held_routed"] for r in nh]),
            "abstained": M.rate([r["abstained"] for r in nh]),
            "zero_citations": M.rate([r["n_citations"] == 0 for r in nh]),
            "act_named": M.rate([r["act_named"] for r in nh]),
        },
        "mixed_with_steps": M.rate([r["with_steps"] and r["full_hit"] for r in mixed]),
        # issue 24: every answer to a direct question carries a short answer
        "answered_with_summary": M.rate([r.get("with_summary") for r in held if r["answered"]]),
        "latency_ms": {
            "p50": ms[len(ms) // 2] if ms else None,
            "p95": ms[max(0, int(len(ms) * 0.95) - 1)] if ms else None,
        },
    }


def statutes_summary(scored: list[dict]) -> dict:
    """One system's figures: all, tune and untouched; each per language and per Act."""
    out = {}
    for split in ("all", "tune", "untouched"):
        rows = scored if split == "all" else [r for r in scored if r["split"] == split]
        block = _statute_block(rows)
        block["by_lang"] = {lang: _statute_block([r for r in rows if r["lang"] == lang]) for lang in STATUTE_LANGS}
        acts = sorted({r["act"] for r in rows if r["held"]})
        block["by_act"] = {
            a: {
                k: v
                for k, v in _statute_block([r for r in rows if r["act"] == a]).items()
                if k in ("n", "full_hit", "first_hit", "full_hit@6", "abstain_held")
            }
            for a in acts
        }
        block["by_type"] = {
            t: {k: v for k, v in _statute_block([r for r in rows if r["type"] == t]).items() if k in ("n", "full_hit")}
            for t in sorted({r["type"] for r in rows if r["held"]})
        }
        out[split] = block
    return out


def statute_misses(scored: list[dict], limit: int = 150) -> list[dict]:
    keys = (
        "id",
        "split",
        "lang",
        "act",
        "status",
        "abstain_reason",
        "first",
        "cited",
        "gold",
        "n_citations",
        "question",
    )
    bad = [r for r in scored if (r["held"] and not r["full_hit"]) or (not r["held"] and not r["not_held_routed"])]
    return [{k: r[k] for k in keys} for r in bad[:limit]]


# ------------------------------------------------------------------ conflicts (issue 23)
# the batches of the conflicts set's second untouched part: written blind (by writers who never saw the code or
# the sets), labelled, and declared untouched before their first run (evaluation/datasets/README)
HELD2 = frozenset({"fresh21", "fresh22"})
SETTLED_MARKS = ("Earlier judgments differed", "पहले के फ़ैसलों में मतभेद")


def _settled_marks() -> tuple[str, ...]:
    """The fixed settled notice's opening in English, Hindi and the Roman Hindi a Hinglish question gets."""
    from core.language.transliterate import to_roman

    return (*SETTLED_MARKS, to_roman(SETTLED_MARKS[1]))


def conflict_state(res: dict) -> str:
    """The state the system showed: live (status conflict), settled (an answer with the fixed
    'earlier judgments differed; settled by X' notice), none (anything else)."""
    if res.get("status") == "conflict":
        return "live"
    if res.get("status") == "answer" and any(
        any(m.lower() in (n or "").lower() for m in _settled_marks()) for n in res.get("notices") or []
    ):
        return "settled"
    return "none"


def _part(q: dict) -> str:
    """Which untouched part a row is in: the first 60 rows ("first"), or a later part written blind and
    declared untouched before it was ever run (its batch, fresh21 and fresh22: "held-out 2"); "" for tune."""
    if q.get("split") != "untouched":
        return ""
    return "held2" if q.get("batch") in HELD2 else "first"


def conflict_row(q: dict, res: dict, canon: dict) -> dict:
    """One labelled question: the state shown, and the done-criteria checks of issue 23 (a settled question
    answered with its settling case cited; a live one flagged with both sides)."""
    cited = {canon.get(c.get("node_id"), c.get("node_id")) for c in res.get("citations") or []}
    by = canon.get(q.get("settled_by"), q.get("settled_by"))
    paths = (res.get("conflict") or {}).get("supporting_paths") or []
    sides = {canon.get(s, s) for s in q.get("sides") or []}
    in_paths = {n.get("id") for p in paths for n in p[0::2] if isinstance(n, dict)}
    return {
        "id": q["id"],
        "lang": q["lang"],
        "split": q.get("split", "tune"),
        "part": _part(q),
        "expected": q["expected"],
        "shown": conflict_state(res),
        "status": res.get("status"),
        "settled_ok": res.get("status") == "answer" and bool(by) and by in cited,
        "live_ok": res.get("status") == "conflict" and len(paths) == 2 and len(sides & in_paths) >= 2,
    }


def conflicts_summary(scored: list[dict]) -> dict:
    """Precision and recall per state, and the done criteria, for all rows, tune and untouched apart."""

    def block(rows: list[dict]) -> dict:
        out = {"n": len(rows), "states": {}}
        for st in ("live", "settled", "none"):
            tp = sum(1 for r in rows if r["expected"] == st and r["shown"] == st)
            shown = sum(1 for r in rows if r["shown"] == st)
            gold = sum(1 for r in rows if r["expected"] == st)
            out["states"][st] = {
                "n_gold": gold,
                "n_shown": shown,
                "precision": M._ratio(tp, shown),
                "recall": M._ratio(tp, gold),
            }
        settled = [r for r in rows if r["expected"] == "settled"]
        live = [r for r in rows if r["expected"] == "live"]
        out["settled_answered_citing_settler"] = {
            "n": len(settled),
            "ok": sum(r["settled_ok"] for r in settled),
            "rate": M._ratio(sum(r["settled_ok"] for r in settled), len(settled)),
        }
        out["live_flagged_with_both_sides"] = {
            "n": len(live),
            "ok": sum(r["live_ok"] for r in live),
            "rate": M._ratio(sum(r["live_ok"] for r in live), len(live)),
        }
        out["status"] = {s: sum(1 for r in rows if r["status"] == s) for s in sorted({r["status"] for r in rows})}
        return out

    res = {"all": block(scored)}
    for split in ("tune", "untouched"):
        res[split] = block([r for r in scored if r["split"] == split])
    for part in ("first", "held2"):  # the untouched parts, each reported on its own as well
        res[f"untouched:{part}"] = block([r for r in scored if r.get("part") == part])
    for lang in sorted({r["lang"] for r in scored}):
        res[f"lang:{lang}"] = block([r for r in scored if r["lang"] == lang])
    res["misses"] = [
        {k: r[k] for k in ("id", "lang", "split", "expected", "shown", "status")}
        for r in scored
        if r["shown"] != r["expected"] or (r["expected"] == "settled" and not r["settled_ok"])
    ]
    return res


def false_conflicts(ids: list[str], results: list[dict]) -> dict:
    """Questions with no disagreement behind them (the everyday and direct-law sets) shown as a conflict."""
    answered = [r for r in results if r.get("status") in ("answer", "conflict")]
    bad = [i for i, r in zip(ids, results) if r.get("status") == "conflict"]
    return {
        "n": len(results),
        "answered": len(answered),
        "false_conflicts": len(bad),
        "rate": M._ratio(len(bad), len(answered)),
        "ids": bad[:30],
    }
