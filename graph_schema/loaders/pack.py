"""The project's curated pack (graph_schema/packs/india/*.json) -> graph.

cases.json       landmark Case nodes (+ CiteKeys, INTERPRETS). A pack case whose reporter
                 citation already names a corpus case is merged INTO that node: the corpus
                 id is kept, the pack's name/holding win, and the pack id is kept in
                 `aliases`. Run after the cases loader.
doctrine.json    OVERRULES / STRUCK_DOWN_BY / CONFLICTS_WITH / ... edges
procedures.json  ProceduralEvent chains (PRECEDES, GOVERNED_BY) and trigger Terms (TRIGGERS)
glossary.json    Term nodes (DEFINED_IN)
A missing file, a missing endpoint or an unreadable citation is reported, never fatal.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path

from domain.ids import court_id, slug
from domain.reporters import normalize_reporter
from domain.vocab import REL_TYPES
from graph_schema.batch import merge_edges, merge_nodes
from graph_schema.loaders.cases import merge_citekeys

SRC = "pack"
CITATION_FIELDS = ("insc", "scc", "air", "scr")
DOCTRINE_RELS = {
    "OVERRULES",
    "STRUCK_DOWN_BY",
    "CONFLICTS_WITH",
    "RESOLVED_BY",
    "NARROWED_BY",
    "DISTINGUISHES",
    "INTERPRETS",
    "CITES",
}
PROVISION_LABELS = ("Section", "Article")


def _read(ctx, name: str):
    path = Path(ctx.pack_dir) / name
    if not path.is_file():
        ctx.report.defect(SRC, "pack file missing", file=name)
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        ctx.report.defect(SRC, "pack file is not valid JSON", file=name, error=str(exc))
        return None


def _as_list(v) -> list:
    if v is None or v == "":
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _clean(d: dict) -> dict:
    """FalkorDB properties cannot be null or nested maps; drop those, keep lists of scalars."""
    out = {}
    for k, v in d.items():
        if v is None or isinstance(v, dict):
            continue
        if isinstance(v, (list, tuple)):
            v = [x for x in v if isinstance(x, (str, int, float, bool))]
        out[k] = v
    return out


def node_labels(store, ids: list[str], labels=("Case", *PROVISION_LABELS)) -> dict[str, str]:
    """id -> the first of `labels` that has a node with that id (indexed lookups)."""
    out: dict[str, str] = {}
    ids = list(dict.fromkeys(i for i in ids if i))
    for label in labels:
        rest = [i for i in ids if i not in out]
        if not rest:
            break
        for i in range(0, len(rest), 1000):
            for (nid,) in store.query(
                f"UNWIND $ids AS i MATCH (n:{label} {{id: i}}) RETURN n.id", {"ids": rest[i : i + 1000]}
            ):
                out.setdefault(nid, label)
    return out


def resolve_keys(store, keys: list[str]) -> dict[str, str]:
    """CiteKey key -> Case id (first one when a key is, wrongly, shared)."""
    out: dict[str, str] = {}
    keys = list(dict.fromkeys(k for k in keys if k))
    for i in range(0, len(keys), 1000):
        for k, cid in store.query(
            "UNWIND $keys AS k MATCH (:CiteKey {key: k})-[:CITATION_OF]->(c:Case) RETURN k, c.id",
            {"keys": keys[i : i + 1000]},
        ):
            out.setdefault(k, cid)
    return out


def edges_by_label(store, rel: str, rows: list[dict], rep, where: str, src_label: str | None = None) -> int:
    """Write rel edges whose endpoints may be Case/Section/Article; report missing endpoints.
    `src_label` fixes the sources' label (pack nodes just written: Term, ProceduralEvent)."""
    labels = node_labels(store, ([] if src_label else [r["src"] for r in rows]) + [r["dst"] for r in rows])
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in rows:
        a, b = src_label or labels.get(r["src"]), labels.get(r["dst"])
        if not a or not b:
            rep.defect(
                SRC,
                "edge endpoint not in graph",
                where=where,
                rel=rel,
                src=r["src"],
                dst=r["dst"],
                missing=[x for x, lab in ((r["src"], a), (r["dst"], b)) if not lab],
            )
            continue
        groups[(a, b)].append(r)
    return sum(merge_edges(store, rel, g, a, b) for (a, b), g in groups.items())


# ---------------------------------------------------------------- cases


def load_cases(store, ctx) -> dict[str, str]:
    """Returns pack case id -> graph case id."""
    rep = ctx.report
    data = _read(ctx, "cases.json")
    if not data:
        return {}
    cases = data.get("cases") or []
    parsed = []
    for c in cases:
        pid = c.get("id")
        if not pid or not str(pid).startswith("CASE:") or not c.get("name"):
            rep.defect(SRC, "pack case without id/name", case=str(c)[:120])
            continue
        keys = []
        for fld in CITATION_FIELDS:
            for raw in _as_list((c.get("citations") or {}).get(fld)):
                key = normalize_reporter(str(raw))
                if key:
                    keys.append(key)
                else:
                    rep.defect(SRC, "unrecognised reporter citation", case=pid, field=fld, citation=raw)
        parsed.append((c, list(dict.fromkeys(keys))))
    known = resolve_keys(store, [k for _, ks in parsed for k in ks])
    dates = (
        dict(
            store.query(
                "UNWIND $ids AS i MATCH (c:Case {id: i}) RETURN c.id, c.date", {"ids": sorted(set(known.values()))}
            )
        )
        if known
        else {}
    )
    mapping: dict[str, str] = {}
    rows, ck_rows, interprets = [], [], []
    claimed: dict[str, str] = {}
    for c, keys in parsed:
        pid = c["id"]
        targets = list(dict.fromkeys(known[k] for k in keys if k in known))
        if len(targets) > 1:
            # the pack's citations name two different graph cases (e.g. two orders sharing one
            # neutral citation): prefer the one decided on the pack's date, else the INSC one
            same_day = [t for t in targets if dates.get(t) and dates.get(t) == c.get("date")]
            insc = [known[k] for k in keys if k.startswith("INSC:") and k in known]
            chosen = (same_day if len(same_day) == 1 else insc)[:1] or targets[:1]
            rep.defect(
                SRC, "pack case citations resolve to different cases", case=pid, targets=targets, chosen=chosen[0]
            )
            targets = chosen
        elif targets and c.get("date") and dates.get(targets[0]) and dates[targets[0]] != c["date"]:
            rep.defect(
                SRC,
                "pack case date differs from the corpus case it merges into",
                case=pid,
                target=targets[0],
                pack_date=c["date"],
                corpus_date=dates[targets[0]],
            )
        gid = targets[0] if targets else pid
        mapping[pid] = gid
        cit = c.get("citations") or {}
        row = {
            "id": gid,
            "name": c["name"],
            "short_names": _as_list(c.get("short_names")),
            "date": c.get("date"),
            "year": c.get("year"),
            "court": c.get("court"),
            "holding": c.get("holding_en"),
            "holding_hi": c.get("holding_hi"),
            "topics": _as_list(c.get("topics")),
            "source": c.get("source") or "pack:cases.json",
            "aliases": sorted({pid, gid}),
            "pack": True,
            # a holding that is no longer the whole law since 1 July 2024 carries its caveat, shown beside it
            "caveat_en": (c.get("caveat") or {}).get("en"),
            "caveat_hi": (c.get("caveat") or {}).get("hi"),
            "caveat_source": (c.get("caveat") or {}).get("source"),
        }
        for fld in CITATION_FIELDS:
            vals = [str(v) for v in _as_list(cit.get(fld))]
            if vals and fld != "insc":
                row[fld] = vals[0] if len(vals) == 1 else vals
            elif vals:
                row["neutral"] = vals[0]
        rows.append(_clean(row))
        for k in keys:
            if k in known and known[k] != gid:
                rep.defect(
                    SRC, "CiteKey already points at another case; left unchanged", key=k, existing=known[k], case=pid
                )
                continue
            if claimed.get(k, gid) != gid:
                rep.defect(SRC, "two pack cases share a citation", key=k, cases=[claimed[k], pid])
                continue
            claimed[k] = gid
            ck_rows.append({"key": k, "case": gid})
        for sec in _as_list(c.get("interprets")):
            interprets.append({"src": gid, "dst": str(sec), "props": {"source": "pack:cases.json"}})
    merge_nodes(store, "Case", rows)
    merge_citekeys(store, ck_rows)
    courts = [{"src": r["id"], "dst": court_id(r["court"])} for r in rows if r.get("court")]
    if courts:
        present = {
            cid
            for (cid,) in store.query(
                "UNWIND $ids AS i MATCH (c:Court {id: i}) RETURN c.id", {"ids": sorted({c["dst"] for c in courts})}
            )
        }
        for missing in sorted({c["dst"] for c in courts} - present):
            rep.defect(SRC, "pack case court not in graph", court=missing)
        merge_edges(store, "DECIDED_IN", [c for c in courts if c["dst"] in present], "Case", "Court")
    merged = sum(1 for p, g in mapping.items() if p != g)
    n_int = edges_by_label(store, "INTERPRETS", interprets, rep, "cases.json interprets") if interprets else 0
    rep.add("Case (pack)", len(rows))
    rep.metrics.setdefault(SRC, {}).update(
        {"cases": len(rows), "merged_into_corpus": merged, "citekeys": len(ck_rows), "interprets": n_int}
    )
    return mapping


# ---------------------------------------------------------------- doctrine


def load_doctrine(store, ctx, mapping: dict[str, str]) -> None:
    rep = ctx.report
    data = _read(ctx, "doctrine.json")
    if not data:
        return
    by_rel: dict[str, list[dict]] = defaultdict(list)
    for e in data.get("edges") or []:
        rel = e.get("rel")
        if rel not in DOCTRINE_RELS or rel not in REL_TYPES:
            rep.defect(SRC, "unknown doctrine relation", edge=str(e)[:160])
            continue
        src, dst = e.get("from"), e.get("to")
        if not src or not dst:
            rep.defect(SRC, "doctrine edge without endpoints", edge=str(e)[:160])
            continue
        props = _clean(dict(e.get("props") or {}))
        props["source"] = e.get("source") or "pack:doctrine.json"
        by_rel[rel].append({"src": mapping.get(src, src), "dst": mapping.get(dst, dst), "props": props})
    total = 0
    for rel, rows in by_rel.items():
        total += edges_by_label(store, rel, rows, rep, "doctrine.json")
    rep.metrics.setdefault(SRC, {})["doctrine_edges"] = total
    rep.metrics[SRC]["settled_points"] = load_settled_points(store, rep, data.get("settled_points") or [], mapping)


def load_settled_points(store, rep, points: list[dict], mapping: dict[str, str]) -> int:
    """The issue each settling judgment settled, as people ask it in Hindi and Roman-script Hindi
    (doctrine.json ``settled_points``), onto that Case: settled_issue_hi, settled_issue_rom,
    settled_issue_source (read by core.conflicts.point_asked). An entry without both renderings, a
    source or its Case in the graph is reported and skipped."""
    rows = []
    for p in points:
        hi, rom = _as_list(p.get("issue_hi")), _as_list(p.get("issue_rom"))
        if not (p.get("settler") and hi and rom and p.get("source")):
            rep.defect(SRC, "settled point without settler, renderings or source", point=str(p)[:160])
            continue
        rows.append(
            {
                "id": mapping.get(p["settler"], p["settler"]),
                "hi": [str(x) for x in hi],
                "rom": [str(x) for x in rom],
                "source": str(p["source"]),
            }
        )
    if not rows:
        return 0
    got = store.query(
        "UNWIND $rows AS row MATCH (c:Case {id: row.id}) SET c.settled_issue_hi = row.hi, "
        "c.settled_issue_rom = row.rom, c.settled_issue_source = row.source RETURN collect(c.id)",
        {"rows": rows},
    )
    written = set(got[0][0]) if got and got[0] else set()
    for r in rows:
        if r["id"] not in written:
            rep.defect(SRC, "settled point's judgment not in graph", settler=r["id"])
    return len(written)


# ---------------------------------------------------------------- glossary + procedures


def load_glossary(store, ctx) -> set[str]:
    rep = ctx.report
    data = _read(ctx, "glossary.json")
    if not data:
        return set()
    rows, defined = [], []
    for t in data.get("terms") or []:
        tid = t.get("id")
        if not tid or not t.get("en"):
            rep.defect(SRC, "glossary term without id/en", term=str(t)[:120])
            continue
        aliases = [str(a) for a in _as_list(t.get("aliases"))]
        rows.append(
            _clean(
                {
                    "id": tid,
                    "name": t["en"],
                    "en": t["en"],
                    "hi": t.get("hi"),
                    "aliases": aliases,
                    "aliases_text": " ".join(aliases),
                    "definition": t.get("definition_en"),
                    "definition_hi": t.get("definition_hi"),
                    "source": t.get("source") or "pack:glossary.json",
                }
            )
        )
        for sec in _as_list(t.get("sections")):
            defined.append({"src": tid, "dst": str(sec)})
    merge_nodes(store, "Term", rows)
    n = edges_by_label(store, "DEFINED_IN", defined, rep, "glossary", src_label="Term")
    rep.add("Term", len(rows))
    rep.metrics.setdefault(SRC, {}).update({"terms": len(rows), "defined_in": n})
    return {r["id"] for r in rows}


def load_procedures(store, ctx, term_ids: set[str]) -> None:
    rep = ctx.report
    data = _read(ctx, "procedures.json")
    if not data:
        return
    events, precedes, governed, triggers, new_terms = [], [], [], [], []
    for flow in data.get("flows") or []:
        fid = flow.get("id")
        steps = flow.get("steps") or []
        if not fid or not steps:
            rep.defect(SRC, "procedure flow without id/steps", flow=str(flow)[:120])
            continue
        prev = None
        for n, st in enumerate(steps, start=1):
            sid = st.get("id") or f"PROC:{fid}:{n}"
            events.append(
                _clean(
                    {
                        "id": sid,
                        "flow": fid,
                        "flow_name": flow.get("name_en"),
                        "flow_name_hi": flow.get("name_hi"),
                        "order": n,
                        "name": st.get("name_en"),
                        "name_hi": st.get("name_hi"),
                        "time_limit": st.get("time_limit"),
                        "description": st.get("description_en"),
                        "description_hi": st.get("description_hi"),
                        "basis": [str(b) for b in _as_list(st.get("basis"))],
                        "source": st.get("source") or "pack:procedures.json",
                    }
                )
            )
            if prev:
                precedes.append({"src": prev, "dst": sid})
            prev = sid
            for b in _as_list(st.get("basis")):
                governed.append({"src": sid, "dst": str(b)})
        first = steps[0].get("id") or f"PROC:{fid}:1"
        for trig in _as_list(flow.get("triggers")):
            trig = str(trig)
            tid = trig if trig.startswith("TERM:") else f"TERM:{slug(trig)}"
            if tid not in term_ids:
                if trig.startswith("TERM:"):
                    rep.defect(SRC, "procedure trigger term not in glossary", flow=fid, term=trig)
                    continue
                new_terms.append(
                    {
                        "id": tid,
                        "name": trig,
                        "en": trig,
                        "aliases_text": trig,
                        "source": "pack:procedures.json trigger",
                    }
                )
                term_ids = term_ids | {tid}
            if not any(t["src"] == tid and t["dst"] == first for t in triggers):
                triggers.append({"src": tid, "dst": first, "props": {"flow": fid}})
    merge_nodes(store, "ProceduralEvent", events)
    if new_terms:
        merge_nodes(store, "Term", new_terms)
    n_prec = merge_edges(store, "PRECEDES", precedes, "ProceduralEvent", "ProceduralEvent")
    n_trig = merge_edges(store, "TRIGGERS", triggers, "Term", "ProceduralEvent")
    n_gov = edges_by_label(store, "GOVERNED_BY", governed, rep, "procedures", src_label="ProceduralEvent")
    rep.add("ProceduralEvent", len(events))
    rep.metrics.setdefault(SRC, {}).update(
        {
            "procedural_events": len(events),
            "precedes": n_prec,
            "triggers": n_trig,
            "governed_by": n_gov,
            "trigger_terms_created": len(new_terms),
        }
    )


def load(store, ctx) -> None:
    t0 = time.perf_counter()
    mapping = load_cases(store, ctx)
    load_doctrine(store, ctx, mapping)
    terms = load_glossary(store, ctx)
    load_procedures(store, ctx, terms)
    ctx.report.metrics.setdefault(SRC, {})["seconds"] = round(time.perf_counter() - t0, 2)
