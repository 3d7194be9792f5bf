"""The problem layer as retrieval reads it (issue 10 §3): for each recognised problem, the provisions that
decide it (in rank order, each with its one-line gist, for the relevance gate), the cases linked to it, its
flow and the provisions it marks must_not; and the hits those give, with their real graph paths.

What the answer shows of a problem (gist, steps, forums, helplines, the law not held) is read once, as
``ProblemMaterial``, by core.material; ``Retrieved.material`` carries it to the answer.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from core.acts import display
from core.graph_queries import hop, label_of, node
from core.problems import ProblemInfo
from core.stages import Evidence, ProblemMatch

PROBLEM_PROVISIONS = 5  # governing provisions taken per recognised problem (most important first)


@dataclass
class ProblemData:
    """What retrieval needs of one recognised problem, in the person's language."""

    id: str
    title: str
    score: float
    gist: str = ""
    governed_by: list[dict] = field(default_factory=list)  # [{id, cite_as, rank, gist}] most important first
    flow: str | None = None
    cases: list[dict] = field(default_factory=list)  # [{id, name}] linked by CONCERNS_CASE
    must_not: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def _q(graph, cypher: str, **params):
    return graph.ro_query(cypher, params)


def read(graph, idx, problems: list[ProblemMatch], lang: str) -> list[ProblemData]:
    """What retrieval needs of each recognised problem (``idx``: the core.problems index)."""
    if not problems:
        return []
    ids = [p.id for p in problems]
    gov: dict[str, list[dict]] = defaultdict(list)
    for pid, nid, act, num, rank, g_en, g_hi in _q(
        graph,
        "UNWIND $ids AS i MATCH (p:Problem {id: i})-[r:GOVERNED_BY]->(n:Provision) "
        "RETURN p.id, n.id, n.act, n.number, r.rank, r.gist_en, r.gist_hi ORDER BY r.rank",
        ids=ids,
    ):
        gov[pid].append(
            {
                "id": nid,
                "cite_as": display(act, num),
                "rank": rank,
                "gist": (g_hi or g_en or "") if lang == "hi" else (g_en or ""),
            }
        )
    cases = defaultdict(list)
    for pid, cid, cname in _q(
        graph,
        "UNWIND $ids AS i MATCH (p:Problem {id: i})-[:CONCERNS_CASE]->(c:Case) RETURN p.id, c.id, c.name",
        ids=ids,
    ):
        cases[pid].append({"id": cid, "name": cname or cid})
    out = []
    for m in problems:
        info: ProblemInfo | None = idx.by_id.get(m.id)
        if info is None:
            continue
        out.append(
            ProblemData(
                id=m.id,
                title=m.title,
                score=m.score,
                gist=info.gist(lang),
                governed_by=gov.get(m.id, []),
                flow=info.flow,
                cases=cases.get(m.id, []),
                must_not=list(info.must_not),
            )
        )
    return out


def hits(data: list[ProblemData]) -> tuple[list, list]:
    """(provision hits, case hits) of the recognised problems, with their graph paths. Provisions are
    interleaved by rank, the better-recognised problem first: A1 A2 B1 A3 B2 C1 ..."""
    keyed, cases, seen = [], [], set()
    for k, d in enumerate(data):
        pnode = node(d.id, "Problem", d.title)
        for n, g in enumerate(d.governed_by[:PROBLEM_PROVISIONS], start=1):
            hit = (g["id"], hop(pnode, "GOVERNED_BY", node(g["id"], label_of(g["id"]), g["cite_as"])))
            keyed.append(((g.get("rank") or n) + k, k, n, hit))
        for c in d.cases:
            if c["id"] not in seen:
                seen.add(c["id"])
                cases.append((c["id"], hop(pnode, "CONCERNS_CASE", node(c["id"], "Case", c["name"]))))
    return [h for *_, h in sorted(keyed, key=lambda x: x[:3])], cases


def annotate(evidence: list[Evidence], pdata: list[ProblemData], pairs: dict[str, list[str]]) -> None:
    """A governing provision carries its plain gist and the problem it came through."""
    gist = {}
    for d in pdata:
        for g in d.governed_by:
            gist.setdefault(g["id"], (d.id, g["gist"]))
    for ev in evidence:
        hit = gist.get(ev.node_id)
        if hit is None and ev.is_provision:
            # the old code's counterpart of a governing provision speaks to the same point
            hit = next((gist[o] for o in pairs.get(ev.node_id, []) if o in gist), None)
            if hit is not None:
                ev.problem = hit[0]
                continue
        if hit is not None:
            ev.problem, ev.gist = hit[0], hit[1]
        elif ev.label == "Case":
            ev.problem = next((d.id for d in pdata if any(c["id"] == ev.node_id for c in d.cases)), None)
