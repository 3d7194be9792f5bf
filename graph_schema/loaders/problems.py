"""The problem layer of the pack (packs/india/problems/*.json, routes.json) -> graph.

routes.json          Forum nodes {id:"FORUM:<route>", route, name_en, name_hi, what_en, what_hi, source}
                     and Helpline nodes {id:"HELPLINE:<number>", number, name_en, name_hi, source}
problems/<group>.json  Problem nodes and their edges:
    (:Problem)-[:GOVERNED_BY {rank, gist_en, gist_hi, source}]->(:Section|:Article)
    (:Problem)-[:ROUTES_TO {rank}]->(:Forum)                (the problem's `where`, in order)
    (:Problem)-[:FOLLOWS_FLOW {flow}]->(:ProceduralEvent)   (the first step of its flow)
    (:Problem)-[:CONCERNS_CASE]->(:Case)                    (pack case ids, merged ids resolved)
    (:Problem)-[:RELATED_TO]->(:Problem)

Runs after the pack loader (flows and pack cases must exist). Each run replaces the problem
layer: Problem nodes no longer in the pack are removed and every Problem's edges are rewritten,
so an edited pack never leaves a stale edge. Whatever cannot be linked (a provision, case,
flow, route, helpline or related problem the graph does not hold; a problem without id, title
or phrasings) is reported as a defect under source "problems", never fatal.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from domain.paths import PROBLEMS_DIR, ROUTES
from graph_schema.batch import merge_edges, merge_nodes
from graph_schema.loaders.pack import _as_list, _clean, node_labels

SRC = "problems"
LANGS = ("en", "hi", "hinglish")
MIN_PHRASINGS = 6
PROBLEM_EDGES = ("GOVERNED_BY", "ROUTES_TO", "FOLLOWS_FLOW", "CONCERNS_CASE", "RELATED_TO")


def forum_id(route: str) -> str:
    return f"FORUM:{route}"


def helpline_id(number: str) -> str:
    return f"HELPLINE:{number}"


def _read(ctx, path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        ctx.report.defect(SRC, "problem pack file unreadable", file=str(path.name), error=str(exc)[:200])
        return None


def problem_files(pack_dir: Path) -> list[Path]:
    d = Path(pack_dir) / PROBLEMS_DIR
    return sorted(d.glob("*.json")) if d.is_dir() else []


def read_problems(ctx) -> list[tuple[str, dict]]:
    """(group, problem dict) for every problem in the pack, in file order; bad entries reported."""
    out, seen = [], {}
    files = problem_files(ctx.pack_dir)
    if not files:
        ctx.report.defect(SRC, "no problem files", dir=str(Path(ctx.pack_dir) / PROBLEMS_DIR))
    for path in files:
        data = _read(ctx, path)
        if data is None:
            continue
        items = data.get("problems") if isinstance(data, dict) else None
        if not isinstance(items, list):
            ctx.report.defect(SRC, "problem file has no 'problems' list", file=path.name)
            continue
        for p in items:
            pid = p.get("id") if isinstance(p, dict) else None
            if not pid or not str(pid).startswith("PROB:") or not p.get("title_en"):
                ctx.report.defect(SRC, "problem without id/title", file=path.name, problem=str(p)[:120])
                continue
            if pid in seen:
                ctx.report.defect(SRC, "duplicate problem id", problem=pid, files=[seen[pid], path.name])
                continue
            seen[pid] = path.name
            out.append((path.stem, p))
    return out


def phrasings_of(p: dict) -> dict[str, list[str]]:
    ph = p.get("phrasings") or {}
    return {lang: [str(x).strip() for x in _as_list(ph.get(lang)) if str(x).strip()] for lang in LANGS}


def cues_of(p: dict, key: str = "cues") -> dict[str, list[str]]:
    """A problem's phrases per language: its cues, or (key "requires") the event it is about."""
    cu = p.get(key) or {}
    return {lang: [str(x).strip() for x in _as_list(cu.get(lang)) if str(x).strip()] for lang in LANGS}


# ---------------------------------------------------------------- routes


def load_routes(store, ctx) -> tuple[set[str], set[str]]:
    """Forum and Helpline nodes; returns (route ids, helpline numbers) that exist."""
    path = Path(ctx.pack_dir) / ROUTES
    if not path.is_file():
        ctx.report.defect(SRC, "routes file missing", file=ROUTES)
        return set(), set()
    data = _read(ctx, path) or {}
    forums, lines = [], []
    for r in data.get("routes") or []:
        rid = r.get("id")
        if not rid or not r.get("name_en"):
            ctx.report.defect(SRC, "route without id/name", route=str(r)[:120])
            continue
        forums.append(
            _clean(
                {
                    "id": forum_id(rid),
                    "route": rid,
                    "name": r["name_en"],
                    "name_en": r["name_en"],
                    "name_hi": r.get("name_hi"),
                    "what_en": r.get("what_en"),
                    "what_hi": r.get("what_hi"),
                    "source": r.get("source") or "pack:routes.json",
                }
            )
        )
    for h in data.get("helplines") or []:
        num = str(h.get("number") or "").strip()
        if not num or not h.get("name_en"):
            ctx.report.defect(SRC, "helpline without number/name", helpline=str(h)[:120])
            continue
        lines.append(
            _clean(
                {
                    "id": helpline_id(num),
                    "number": num,
                    "name": h["name_en"],
                    "name_en": h["name_en"],
                    "name_hi": h.get("name_hi"),
                    "source": h.get("source") or "pack:routes.json",
                }
            )
        )
    merge_nodes(store, "Forum", forums)
    merge_nodes(store, "Helpline", lines)
    ctx.report.add("Forum", len(forums))
    ctx.report.add("Helpline", len(lines))
    return {f["route"] for f in forums}, {h["number"] for h in lines}


# ---------------------------------------------------------------- problems


def _first_steps(store, flows: list[str]) -> dict[str, str]:
    if not flows:
        return {}
    rows = store.query("UNWIND $f AS f MATCH (e:ProceduralEvent {flow: f}) RETURN f, e.id, e.order", {"f": flows})
    best: dict[str, tuple] = {}
    for f, eid, order in rows:
        if f not in best or (order or 0) < best[f][1]:
            best[f] = (eid, order or 0)
    return {f: v[0] for f, v in best.items()}


def _case_ids(store, ids: list[str]) -> dict[str, str]:
    """Pack case id (or graph id) -> graph Case id; pack cases merged into corpus cases keep
    their pack id in `aliases`."""
    ids = list(dict.fromkeys(ids))
    if not ids:
        return {}
    out = {cid: cid for (cid,) in store.query("UNWIND $ids AS i MATCH (c:Case {id: i}) RETURN c.id", {"ids": ids})}
    rest = [i for i in ids if i not in out]
    if rest:
        for cid, aliases in store.query("MATCH (c:Case) WHERE c.pack = true RETURN c.id, c.aliases"):
            for a in aliases or []:
                if a in rest:
                    out.setdefault(a, cid)
    return out


def load_problems(store, ctx, routes: set[str], helplines: set[str]) -> None:
    rep = ctx.report
    items = read_problems(ctx)
    pids = [p["id"] for _, p in items]
    # replace the layer: no stale edge or removed problem survives a re-ingest
    store.query("MATCH (p:Problem) WHERE NOT p.id IN $ids DETACH DELETE p", {"ids": pids})
    store.query("MATCH (p:Problem)-[r:GOVERNED_BY|ROUTES_TO|FOLLOWS_FLOW|CONCERNS_CASE|RELATED_TO]->() DELETE r")

    provision_refs = []
    for _, p in items:
        provision_refs += [str(g.get("id")) for g in _as_list(p.get("governed_by")) if isinstance(g, dict)]
        provision_refs += [str(x) for x in _as_list(p.get("must_not"))]
        for st in _as_list(p.get("steps")):
            if isinstance(st, dict):
                provision_refs += [str(b) for b in _as_list(st.get("basis"))]
    prov_label = node_labels(store, provision_refs, labels=("Section", "Article"))
    flows = sorted({str(p["flow"]) for _, p in items if p.get("flow")})
    first = _first_steps(store, flows)
    cases = _case_ids(
        store,
        [str(c) for _, p in items for c in _as_list(p.get("cases"))]
        + [str(x) for _, p in items for x in _as_list(p.get("must_not")) if str(x).startswith("CASE:")],
    )

    rows, governed, routes_to, follows, concerns, related = [], [], [], [], [], []
    for group, p in items:
        pid = p["id"]
        ph, cu = phrasings_of(p), cues_of(p)
        for lang in LANGS:
            if len(ph[lang]) < MIN_PHRASINGS:
                rep.defect(SRC, "too few phrasings", problem=pid, lang=lang, n=len(ph[lang]), need=MIN_PHRASINGS)
        for k, g in enumerate(_as_list(p.get("governed_by")), start=1):
            tid = str(g.get("id")) if isinstance(g, dict) else ""
            lab = prov_label.get(tid)
            if not lab:
                rep.defect(SRC, "governing provision not in graph", problem=pid, provision=tid or str(g)[:80])
                continue
            governed.append(
                (
                    lab,
                    {
                        "src": pid,
                        "dst": tid,
                        "props": _clean(
                            {
                                "rank": k,
                                "gist_en": g.get("gist_en"),
                                "gist_hi": g.get("gist_hi"),
                                "source": g.get("source") or p.get("source") or "pack:problems",
                            }
                        ),
                    },
                )
            )
        where = [str(w) for w in _as_list(p.get("where"))]
        steps = []
        for n, st in enumerate(_as_list(p.get("steps")), start=1):
            if not isinstance(st, dict) or not (st.get("text_en") or st.get("text_hi")):
                rep.defect(SRC, "step without text", problem=pid, step=n)
                continue
            for b in _as_list(st.get("basis")):
                if str(b) not in prov_label:
                    rep.defect(SRC, "step basis not in graph", problem=pid, step=n, provision=str(b))
            w = st.get("where")
            if w and w not in routes:
                rep.defect(SRC, "step route unknown", problem=pid, step=n, route=w)
            steps.append(
                {
                    k: st.get(k)
                    for k in (
                        "text_en",
                        "text_hi",
                        "where",
                        "bring_en",
                        "bring_hi",
                        "time_limit_en",
                        "time_limit_hi",
                        "source",
                    )
                }
                | {"basis": [str(b) for b in _as_list(st.get("basis")) if str(b) in prov_label], "order": n}
            )
        for k, w in enumerate(where, start=1):
            if w not in routes:
                rep.defect(SRC, "route unknown", problem=pid, route=w)
                continue
            routes_to.append({"src": pid, "dst": forum_id(w), "props": {"rank": k}})
        lines = [str(h) for h in _as_list(p.get("helplines"))]
        for h in lines:
            if h not in helplines:
                rep.defect(SRC, "helpline unknown", problem=pid, helpline=h)
        flow = p.get("flow")
        if flow:
            if flow in first:
                follows.append({"src": pid, "dst": first[flow], "props": {"flow": flow}})
            else:
                rep.defect(SRC, "flow not in graph", problem=pid, flow=flow)
        for c in _as_list(p.get("cases")):
            if str(c) in cases:
                concerns.append({"src": pid, "dst": cases[str(c)], "props": {"pack_id": str(c)}})
            else:
                rep.defect(SRC, "case not in graph", problem=pid, case=str(c))
        for r in _as_list(p.get("related")):
            if str(r) in pids and str(r) != pid:
                related.append({"src": pid, "dst": str(r)})
            else:
                rep.defect(SRC, "related problem unknown", problem=pid, related=str(r))
        must_not = []
        for x in (str(x) for x in _as_list(p.get("must_not"))):
            if x.startswith("CASE:"):
                if x not in cases:
                    rep.defect(SRC, "must_not case not in graph", problem=pid, case=x)
                must_not.append(cases.get(x, x))  # the graph id a merged pack case lives under
            else:
                if x not in prov_label:
                    rep.defect(SRC, "must_not provision not in graph", problem=pid, provision=x)
                must_not.append(x)
        nh = p.get("not_held") if isinstance(p.get("not_held"), dict) else None
        if p.get("not_held") and not nh:
            rep.defect(SRC, "not_held is not an object", problem=pid)
        if nh and nh.get("route") and nh["route"] not in routes:
            rep.defect(SRC, "not_held route unknown", problem=pid, route=nh["route"])
        rows.append(
            _clean(
                {
                    "id": pid,
                    "name": p["title_en"],
                    "group": group,
                    "title_en": p.get("title_en"),
                    "title_hi": p.get("title_hi"),
                    "gist_en": p.get("gist_en"),
                    "gist_hi": p.get("gist_hi"),
                    "phrasings_text": " \n ".join(x for lang in LANGS for x in ph[lang]),
                    "phrasings_json": json.dumps(ph, ensure_ascii=False),
                    "cues_text": " \n ".join(x for lang in LANGS for x in cu[lang]),
                    "cues_json": json.dumps(cu, ensure_ascii=False),
                    "requires_json": json.dumps(cues_of(p, "requires"), ensure_ascii=False)
                    if p.get("requires")
                    else None,
                    "not_held": bool(nh),
                    "not_held_law_en": (nh or {}).get("law_en"),
                    "not_held_law_hi": (nh or {}).get("law_hi"),
                    "not_held_route": (nh or {}).get("route"),
                    "helplines": [h for h in lines if h in helplines],
                    "where": [w for w in where if w in routes],
                    "steps_json": json.dumps(steps, ensure_ascii=False),
                    "must_not": must_not,
                    "flow": flow,
                    "source": p.get("source") or "pack:problems",
                }
            )
        )
    merge_nodes(store, "Problem", rows)
    by_label: dict[str, list[dict]] = {}
    for lab, row in governed:
        by_label.setdefault(lab, []).append(row)
    n_gov = sum(merge_edges(store, "GOVERNED_BY", g, "Problem", lab) for lab, g in by_label.items())
    n_rt = merge_edges(store, "ROUTES_TO", routes_to, "Problem", "Forum")
    n_fl = merge_edges(store, "FOLLOWS_FLOW", follows, "Problem", "ProceduralEvent")
    n_cc = merge_edges(store, "CONCERNS_CASE", concerns, "Problem", "Case")
    n_rel = merge_edges(store, "RELATED_TO", related, "Problem", "Problem")
    rep.add("Problem", len(rows))
    rep.metrics.setdefault(SRC, {}).update(
        {
            "problems": len(rows),
            "not_held": sum(1 for r in rows if r.get("not_held")),
            "governed_by": n_gov,
            "routes_to": n_rt,
            "follows_flow": n_fl,
            "concerns_case": n_cc,
            "related_to": n_rel,
            "phrasings": sum(len(phrasings_of(p)[lang]) for _, p in items for lang in LANGS),
        }
    )


def warm_recognizer(store, ctx) -> None:
    """Embed every phrasing once now (cached under ctx.cache_dir), so the first question is not slow."""
    try:
        from core.problems import ProblemIndex

        t = time.perf_counter()
        idx = ProblemIndex.from_graph(store, cache_dir=ctx.cache_dir)
        n = idx.ensure_vectors()
        ctx.report.metrics.setdefault(SRC, {}).update(
            {
                "phrasing_vectors": n,
                "phrasing_vectors_computed": idx.computed,
                "phrasing_embed_s": round(time.perf_counter() - t, 2),
            }
        )
    except Exception as exc:  # no model here: recognition embeds on first use instead
        ctx.report.defect(SRC, "phrasing embeddings not warmed", error=f"{type(exc).__name__}: {exc}"[:200])


def load(store, ctx) -> None:
    t0 = time.perf_counter()
    routes, helplines = load_routes(store, ctx)
    load_problems(store, ctx, routes, helplines)
    warm_recognizer(store, ctx)
    ctx.report.metrics.setdefault(SRC, {})["seconds"] = round(time.perf_counter() - t0, 2)
