"""The verified material an answer to a recognised problem is built from (issue 11).

For each problem the question was recognised as (core.problems), in the person's language:
its plain gist, the provisions that decide it (the graph's (:Problem)-[:GOVERNED_BY]->
edges, each with its one-line gist), its steps with the forum each goes to, and its
helplines. Everything here was written into the pack with a source and loaded into the
graph; nothing is a model's text, and no statutory text is quoted.

``problem_evidence`` turns the deciding provisions (and the provisions the steps rest on)
into Evidence, so the answer cites and verifies them like any other source, with the
real graph path Problem -GOVERNED_BY-> Provision as their citation chain.
"""

from __future__ import annotations

import logging
import re
import threading

from core.acts import display
from core.graph_queries import hop, node
from core.language.templates import render
from core.stages import Evidence, Forum, MaterialStep, ProblemMatch, ProblemMaterial

log = logging.getLogger(__name__)

_GOVERNED = (
    "UNWIND $ids AS i MATCH (p:Problem {id: i})-[r:GOVERNED_BY]->(x) "
    "RETURN p.id, x.id, r.rank, r.gist_en, r.gist_hi ORDER BY p.id, r.rank"
)
# a gist that names a section of the new codes ("BNS s.65", "बीएनएस की धारा 65")
_NEW_CODE = re.compile(r"\b(?:BNS|BNSS|BSA)\b|बीएनएस|बीएनएसएस|बीएसए")
_FORUMS = "MATCH (f:Forum) RETURN f.route, f.name_en, f.name_hi, f.what_en, f.what_hi"
_HELPLINES = "MATCH (h:Helpline) RETURN h.number, h.name_en, h.name_hi"

_cache_lock = threading.Lock()
_cache: dict[int, tuple[dict, dict]] = {}


def _t(d: dict, key: str, lang: str) -> str:
    """The pack text ``key`` in ``lang`` (no other language is put in its place)."""
    return " ".join(str(d.get(f"{key}_{lang}") or "").split())


def _directory(graph) -> tuple[dict, dict]:
    """(route -> (name_en, name_hi, what_en, what_hi), number -> (name_en, name_hi)), read once per graph."""
    key = id(getattr(graph, "_store", graph))
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    try:
        forums = {r: (ne, nh, we, wh) for r, ne, nh, we, wh in graph.ro_query(_FORUMS)}
        lines = {str(n): (ne, nh) for n, ne, nh in graph.ro_query(_HELPLINES)}
    except Exception as exc:  # a graph without the problem layer
        log.warning("no forums/helplines in the graph: %s", exc)
        forums, lines = {}, {}
    with _cache_lock:
        _cache[key] = (forums, lines)
    return forums, lines


def forum(graph, route: str | None, lang: str) -> Forum | None:
    if not route:
        return None
    forums, _ = _directory(graph)
    ne, nh, we, wh = forums.get(route, (None, None, None, None))
    name = (nh if lang == "hi" else ne) or ""
    if not name:
        return None
    return Forum(id=route, name=name, what=(wh if lang == "hi" else we) or "")


def helpline(graph, number: str, lang: str) -> str:
    _, lines = _directory(graph)
    ne, nh = lines.get(str(number), (None, None))
    name = nh if lang == "hi" else ne
    return f"{number} ({name})" if name else str(number)


def build(graph, matches: list[ProblemMatch], lang: str, infos: dict | None = None) -> list[ProblemMaterial]:
    """The material of each recognised problem, best match first. ``infos``: id -> core.problems.ProblemInfo
    (default: the graph's problem index)."""
    if not matches:
        return []
    if infos is None:
        from core.problems import index_for

        infos = index_for(graph).by_id
    ids = [m.id for m in matches if m.id in infos]
    gov: dict[str, list[tuple[str, str, str]]] = {}
    for pid, gid, _, g_en, g_hi in graph.ro_query(_GOVERNED, {"ids": ids}):
        gov.setdefault(pid, []).append((gid, g_en or "", g_hi or ""))
    out = []
    for pid in ids:
        info = infos[pid]
        steps = []
        for st in info.steps or []:
            text = _t(st, "text", lang)
            if not text:
                continue
            steps.append(
                MaterialStep(
                    text=text,
                    where=forum(graph, st.get("where"), lang),
                    bring=_t(st, "bring", lang),
                    time_limit=_t(st, "time_limit", lang),
                    basis=list(st.get("basis") or []),
                    source=str(st.get("source") or ""),
                )
            )
        nh = info.not_held or {}
        out.append(
            ProblemMaterial(
                id=pid,
                title=info.title(lang),
                gist=(info.gist_hi if lang == "hi" else info.gist_en) or "",
                governed_by=[g for g, _, _ in gov.get(pid, [])],
                steps=steps,
                where=[f for f in (forum(graph, w, lang) for w in info.where or []) if f],
                helplines=[helpline(graph, h, lang) for h in info.helplines or []],
                not_held_law=str(nh.get("law_hi" if lang == "hi" else "law_en") or "") if nh else "",
                not_held_route=forum(graph, nh.get("route"), lang) if nh else None,
            )
        )
    return out


def gists(graph, material: list[ProblemMaterial]) -> dict[str, tuple[str, str, str]]:
    """provision id -> (problem id, gist_en, gist_hi) of the first problem it decides."""
    out: dict[str, tuple[str, str, str]] = {}
    rows = graph.ro_query(_GOVERNED, {"ids": [m.id for m in material]})
    order = {m.id: k for k, m in enumerate(material)}
    for pid, gid, _, g_en, g_hi in sorted(rows, key=lambda r: (order.get(r[0], 99), r[2] or 0)):
        out.setdefault(gid, (pid, g_en or "", g_hi or ""))
    return out


_PAIRS = (
    "UNWIND $ids AS i MATCH (o:Section)-[r:REPLACED_BY]->(n:Section {id: i}) "
    "RETURN n.id, o.id, r.relation ORDER BY n.id, o.id"
)
NEW_CODES = ("BNS", "BNSS", "BSA")


def for_regime(
    graph, material: list[ProblemMaterial], regime: str
) -> tuple[list[ProblemMaterial], dict[str, tuple[str, str]]]:
    """The material for the law that applies (core.temporal's regime): "new" as the pack gives it (the new
    codes); "old" (events before 1 July 2024) each new-code provision replaced by the old-code one(s) it
    replaced; "both" (no date) the old one beside the new one. Returns the material and, for each old
    provision, old id -> (the new id that replaced it, the concordance relation: "direct" is one to one)."""
    ids = sorted(
        {
            g
            for m in material
            for g in [*m.governed_by, *[b for st in m.steps for b in st.basis]]
            if g.split(":", 1)[0] in NEW_CODES
        }
    )
    if regime == "new" or not ids:
        return material, {}
    olds: dict[str, list[str]] = {}
    same: dict[str, tuple[str, str]] = {}
    for new, old, rel in graph.ro_query(_PAIRS, {"ids": ids}):
        olds.setdefault(new, []).append(old)
        if old not in same or rel == "direct":
            same[old] = (new, rel or "")

    def swap(lst: list[str], keep_new: bool) -> list[str]:
        out = []
        for g in lst:
            if g in olds:
                out += ([g] if keep_new else []) + olds[g][:2]
            else:
                out.append(g)
        return list(dict.fromkeys(out))

    if regime == "both":  # the new code leads; the old one it replaced is shown beside it
        return [
            m.model_copy(update={"old_codes": {g: olds[g][:2] for g in m.governed_by if g in olds}}) for m in material
        ], same
    out = [
        m.model_copy(
            update={
                "governed_by": swap(m.governed_by, False),
                "steps": [st.model_copy(update={"basis": swap(st.basis, False)}) for st in m.steps],
            }
        )
        for m in material
    ]
    return out, same


def problem_evidence(
    graph,
    retriever,
    material: list[ProblemMaterial],
    found: list[Evidence],
    same: dict[str, tuple[str, str]] | None = None,
) -> list[Evidence]:
    """The sources of a problem answer, in the order the composer reads them: the provisions that decide
    each problem (rank order), those its steps rest on, then what retrieval found. A provision retrieval
    also found keeps its score and strategies and gains the gist."""
    by_id = {e.node_id: e for e in found}
    wanted = list(
        dict.fromkeys(
            [g for m in material for g in m.governed_by]
            + [o for m in material for olds in m.old_codes.values() for o in olds]
            + [b for m in material for st in m.steps for b in st.basis]
        )
    )
    missing = [i for i in wanted if i not in by_id]
    fetched = retriever.details(missing) if missing else {}
    g = gists(graph, material)
    same = same or {}
    titles = {m.id: m.title for m in material}
    out = []
    for nid in wanted:
        ev = by_id.get(nid) or fetched.get(nid)
        if ev is None:
            continue
        here = node(nid, ev.label, ev.name)
        if nid in g:
            pid, g_en, g_hi = g[nid]
            ev.gist, ev.gist_hi, ev.problem = g_en, g_hi, pid
            if nid not in by_id or not ev.path:
                ev.path = hop(node(pid, "Problem", titles.get(pid, pid)), "GOVERNED_BY", here)
        elif nid in same and same[nid][0] in g:  # an old provision a deciding one replaced
            new, rel = same[nid]
            pid, g_en, g_hi = g[new]
            replaced_en = render("law.replaced", "en", new=display(*new.split(":", 1)))
            replaced_hi = render("law.replaced", "hi", new=display(*new.split(":", 1), "hi"))
            if rel == "direct":  # one to one: it speaks to the same point, unless the gist names the new
                # code's sections (BNSS s.482's "not for accusations under BNS s.65 or s.70(2)" is not what
                # CrPC s.438 says: it named IPC sections); then only what replaced it is said
                ev.gist = replaced_en if _NEW_CODE.search(g_en or "") else g_en
                ev.gist_hi = replaced_hi if _NEW_CODE.search(g_hi or "") else g_hi
            else:  # merged or split: only what replaced it is said, from the fixed template
                ev.gist, ev.gist_hi = replaced_en, replaced_hi
            ev.problem = pid
            if nid not in by_id or not ev.path:
                ev.path = hop(here, "REPLACED_BY", node(new, "Section", display(*new.split(":", 1))))
        elif not ev.path:
            ev.path = [here]
        if ev.problem and "problem" not in ev.strategies:
            ev.strategies = [*ev.strategies, "problem"]
        out.append(ev)
    seen = {e.node_id for e in out}
    return out + [e for e in found if e.node_id not in seen]
