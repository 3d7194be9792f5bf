"""Graph access for answering: the named read queries the answer's layers share, and the one way a
citation-chain path is written (``node`` and ``hop``, checked real by core.verify.path_exists).

Every query is read-only and parameterized; ``graph`` is anything with ``ro_query`` (core.graphdb).
"""

from __future__ import annotations

from collections import defaultdict

from core.acts import acts, display
from core.citations import extract
from core.stages import Evidence


def _q(graph, cypher: str, **params):
    return graph.ro_query(cypher, params)


# ------------------------------------------------------------------ citation-chain paths
def node(node_id: str, label: str | None = None, name: str = "") -> dict:
    """One node of a citation chain: {"id", "label", "name"}; the label read from the id when not given."""
    return {"id": node_id, "label": label or label_of(node_id), "name": name}


def hop(a: dict, rel: str, b: dict) -> list[dict]:
    """One edge of a citation chain, a -rel-> b, as the answer's ``citation_chain`` carries it."""
    return [a, {"rel": rel}, b]


def label_of(node_id: str) -> str:
    prefix = node_id.split(":", 1)[0]
    return {
        "CASE": "Case",
        "PROC": "ProceduralEvent",
        "TERM": "Term",
        "ACT": "Act",
        "DOC": "Passage",
        "PROB": "Problem",
        "FORUM": "Forum",
    }.get(prefix, "Article" if prefix == "COI" else "Section")


def qualify(text: str, act: str | None) -> str:
    """'... under section 5 ...' in BNS text -> '... under section 5 BNS ...' so it can be verified."""
    if not text or not act or act not in acts():
        return text
    short = acts()[act].short()
    out, last = [], 0
    for c in extract(text):
        if c.kind == "section" and c.act is None and c.number:
            out.append(text[last : c.end] + f" {short}")
            last = c.end
    return "".join(out) + text[last:]


_unqualify_re = None


def unqualify(text: str) -> str:
    """What :func:`qualify` wrote taken out: the short name of a registered Act right after a section number
    ("under section 7 Senior Citizens Act" -> "under section 7"), to compare a text with the graph's own."""
    global _unqualify_re
    if _unqualify_re is None:
        import re

        shorts = sorted({a.short() for a in acts().values()} - {""}, key=len, reverse=True)
        _unqualify_re = re.compile(
            r"(?:(?<=\d)|(?<=\d[A-Z])|(?<=\)))\s+(?:" + "|".join(re.escape(x) for x in shorts) + r")\b"
        )
    return _unqualify_re.sub("", text or "")


# ------------------------------------------------------------------ named reads
def case_caveat(graph, case_id: str) -> tuple[str | None, str | None] | None:
    """The pack's fixed caveat on a holding, (English, Hindi); None when the case is not in the graph."""
    rows = graph.ro_query("MATCH (c:Case {id: $id}) RETURN c.caveat_en, c.caveat_hi", {"id": case_id})
    return tuple(rows[0]) if rows else None


def provision_titles(graph, ids) -> list[str | None]:
    """The headings of these provisions."""
    return [
        t for (t,) in graph.ro_query("MATCH (p:Provision) WHERE p.id IN $ids RETURN p.title", {"ids": sorted(set(ids))})
    ]


def provision_texts(graph, ids: list[str]) -> dict[str, str]:
    """id -> the whole text of each provision."""
    return dict(graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.text", {"ids": ids}))


def evidence_of(graph, ids: list[str]) -> dict[str, Evidence]:
    """The graph's nodes as Evidence: provisions (text qualified with their act), case holdings, procedure steps."""
    by_label = defaultdict(list)
    for i in ids:
        by_label[label_of(i)].append(i)
    out: dict[str, Evidence] = {}
    prov = by_label["Section"] + by_label["Article"]
    if prov:
        for pid, act, num, title, text, omitted, outdated in _q(
            graph,
            "UNWIND $ids AS i MATCH (p:Provision {id: i}) "
            "RETURN p.id, p.act, p.number, p.title, p.text, p.omitted, p.text_outdated",
            ids=prov,
        ):
            a = acts().get(act)
            out[pid] = Evidence(
                node_id=pid,
                label=label_of(pid),
                name=f"{display(act, num)}: {title}",
                text=qualify((text or "")[:1200], act),
                cite_as=display(act, num),
                act=act,
                number=num,
                title=title,
                omitted=bool(omitted),
                text_outdated=bool(outdated),
                repealed_code=bool(a and a.repealed),
            )
    if by_label["Case"]:
        for cid, name, holding, holding_hi, scc, air, scr, neutral, year in _q(
            graph,
            "UNWIND $ids AS i MATCH (c:Case {id: i}) "
            "RETURN c.id, c.name, c.holding, c.holding_hi, c.scc, c.air, c.scr, c.neutral, c.year",
            ids=by_label["Case"],
        ):
            reporter = scc or air or scr or neutral
            out[cid] = Evidence(
                node_id=cid,
                label="Case",
                name=name,
                text=holding or "",
                text_hi=holding_hi or "",
                cite_as=f"{name} {reporter}" if reporter else name,
                year=year,
                reporter=reporter,
            )
    if by_label["ProceduralEvent"]:
        for sid, name, name_hi, desc, desc_hi, limit, limit_hi, flow, order, basis in _q(
            graph,
            "UNWIND $ids AS i MATCH (e:ProceduralEvent {id: i}) OPTIONAL MATCH (e)-[:GOVERNED_BY]->(p:Provision) "
            "RETURN e.id, e.name, e.name_hi, e.description, e.description_hi, e.time_limit, e.time_limit_hi, "
            "e.flow, e.order, collect(p.id)",
            ids=by_label["ProceduralEvent"],
        ):
            basis_act = basis[0].split(":", 1)[0] if basis else None
            out[sid] = Evidence(
                node_id=sid,
                label="ProceduralEvent",
                name=name or sid,
                text=qualify(desc or "", basis_act),
                text_hi=desc_hi or "",
                cite_as="",
                name_hi=name_hi,
                time_limit=limit,
                time_limit_hi=limit_hi,
                flow=flow,
                order=order,
                basis=basis,
            )
    return out
