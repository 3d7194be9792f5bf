"""Is a disagreement between judgments still live, settled, or no disagreement at all (issue 23)?

    decide(a, b, links) -> Decision            pure: the rules below, nothing read
    from_graph(graph, a_id, b_id) -> Decision  the same, the authorities and links read from the graph
    point_asked(graph, question, asked)        the settling judgment whose settled point the question
                                               itself asks about: by a judgment of its dispute named
                                               (core.named_precedent), else in its words (core.settled_points)

Three states:
  live     binding authorities disagree and nothing resolves it: no larger bench between them, no
           later judgment of at least their strength that settles it, no amendment;
  settled  a disagreement existed and something resolves it: a RESOLVED_BY edge to a later judgment,
           an OVERRULES edge (a third judgment overruling a side, or one side overruling the other),
           a larger bench on one side, or an amendment of the law;
  none     no disagreement (neither CONFLICTS_WITH nor OVERRULES between them).

Precedence is bench strength and date, within the court hierarchy (Supreme Court over a High Court):
a larger bench binds a smaller one, so the smaller bench that departed from it is per incuriam and the
larger bench's view stands; a later co-equal bench that ignored the earlier one is per incuriam too, but
which of two co-equal views a court must follow is exactly what a larger bench has to settle, so two
co-equal benches with nothing above them stay live. A resolving judgment counts only when it is not
weaker than the stronger side and not earlier than the later side (where the graph knows bench and date).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from functools import lru_cache

from core.citations import provision_ids as _named
from core.graph_queries import hop, label_of, node
from core.named_precedent import named_point
from core.script_words import script_of  # noqa: F401  (its callers read it here)

# the settled-point probe, split into core.settled_points; its callers read it here
from core.settled_points import (  # noqa: F401
    SettledPoint,
    _common,
    _is_head,
    _script_words,
    asks_struck,
    family,
    in_family,
    in_scope,
    says_point,
    settled_points,
)
from core.settled_points import point_asked as _point_in_words
from domain import paths

log = logging.getLogger(__name__)


def point_asked(graph, said: str, asked: set[str], embed=None, hint: str = "") -> SettledPoint | None:
    """The settled point the question asks: the one whose dispute it names a judgment of ("is K. Bhaskaran
    still good law"), else the one it asks in its own words (core.settled_points.point_asked)."""
    return named_point(graph, said, hint, embed) or _point_in_words(graph, said, asked, embed, hint)


LIVE, SETTLED, NONE = "live", "settled", "none"
_COURT_RANK = {"SC": 3, "HC": 2}  # anything else (a tribunal, a district court) ranks 1


@dataclass(frozen=True)
class Authority:
    """A judgment (or an amending Act) as precedence sees it."""

    id: str
    name: str = ""
    court: str | None = "SC"
    bench: int | None = None  # judges on the bench; None when the graph does not know
    date: str | None = None  # ISO date, or just the year
    kind: str = "case"  # "case" | "amendment"

    @property
    def year(self) -> int | None:
        return int(self.date[:4]) if self.date and self.date[:4].isdigit() else None

    @property
    def rank(self) -> int:
        return _COURT_RANK.get((self.court or "").upper(), 1)


@dataclass(frozen=True)
class Link:
    """An edge between judgments: CONFLICTS_WITH, RESOLVED_BY, OVERRULES (src overrules dst) or AMENDED_BY."""

    rel: str
    src: str
    dst: str
    issue: str = ""


@dataclass
class Decision:
    state: str
    a: Authority | None = None
    b: Authority | None = None
    settled_by: Authority | None = None
    how: str = ""  # "resolved_by" | "overruled" | "larger_bench" | "amendment" | "" (live/none)
    conflict_type: str = ""
    issue: str = ""
    reasons: list[str] = field(default_factory=list)


def _stronger(x: Authority, y: Authority) -> bool | None:
    """True when x binds y (higher court, or larger bench of the same court); None when unknown."""
    if x.rank != y.rank:
        return x.rank > y.rank
    if x.bench is None or y.bench is None:
        return None
    return x.bench > y.bench


def _can_settle(z: Authority, a: Authority, b: Authority) -> tuple[bool, str]:
    """Whether z may settle a disagreement between a and b: not weaker than the stronger side and not
    earlier than the later side. Unknown bench or date does not disqualify (the edge is curated, sourced)."""
    if z.kind == "amendment":
        later = max((y for y in (a.year, b.year) if y), default=None)
        return (not (z.year and later and z.year < later), "an amendment before both judgments cannot settle them")
    if z.rank < max(a.rank, b.rank):
        return False, f"{z.name or z.id} is a lower court than a side"
    strongest = max((x.bench for x in (a, b) if x.bench and x.rank == z.rank), default=None)
    if z.bench is not None and strongest is not None and z.bench < strongest:
        return False, f"{z.name or z.id} ({z.bench} judges) is a smaller bench than a side ({strongest})"
    later = max((x.date for x in (a, b) if x.date), default=None)
    if z.date and later and z.date[:10] < later[:10]:
        return False, f"{z.name or z.id} is earlier than the disagreement"
    return True, ""


def decide(a: Authority, b: Authority, links: list[Link], known: dict[str, Authority] | None = None) -> Decision:
    """The state of the disagreement between ``a`` and ``b`` given the edges around them. ``known``: the
    authorities the links name (a resolving judgment, an amendment), by id."""
    known = {**(known or {}), a.id: a, b.id: b}
    pair = {a.id, b.id}
    # a disagreement: one departs from the other (CONFLICTS_WITH), or one overruled the other
    clash = [x for x in links if x.rel in ("CONFLICTS_WITH", "OVERRULES") and {x.src, x.dst} == pair]
    if not clash:
        return Decision(NONE, a, b)
    issue = next((x.issue for x in clash if x.issue), "")
    reasons: list[str] = []

    def settled(z: Authority, how: str) -> Decision:
        return Decision(SETTLED, a, b, settled_by=z, how=how, issue=issue, reasons=reasons)

    # 1. a later judgment (or an amendment) that settles it: RESOLVED_BY / OVERRULES / AMENDED_BY
    candidates: list[tuple[str, str]] = []
    for x in links:
        if x.rel == "RESOLVED_BY" and x.src in pair and x.dst not in pair:
            candidates.append((x.dst, "resolved_by"))
        elif x.rel == "OVERRULES" and x.dst in pair and x.src not in pair:
            candidates.append((x.src, "overruled"))
        elif x.rel == "AMENDED_BY" and x.src in pair:
            candidates.append((x.dst, "amendment"))
    for zid, how in candidates:
        z = known.get(zid) or Authority(zid)
        ok, why = _can_settle(z, a, b)
        if ok:
            return settled(z, "amendment" if z.kind == "amendment" else how)
        reasons.append(why)
    # 2. one side overrules the other
    for x in links:
        if x.rel == "OVERRULES" and {x.src, x.dst} == pair:
            return settled(known[x.src], "overruled")
    # 3. a larger bench (or a higher court) on one side binds the other
    if _stronger(a, b):
        return settled(a, "larger_bench")
    if _stronger(b, a):
        return settled(b, "larger_bench")
    reasons.append("co-equal or unknown benches and nothing in the graph resolves it")
    return Decision(LIVE, a, b, issue=issue, reasons=reasons)


# ------------------------------------------------------------------ from the graph
@lru_cache(maxsize=1)
def _pack_benches() -> dict[str, int]:
    """Bench strength of the pack's cases, as the pack's cases.json records it (the data the graph is built
    from; the pack loader does not copy bench_strength onto the Case nodes), for graphs without it."""
    try:
        rows = json.loads(paths.pack_file(paths.CASES).read_text(encoding="utf-8"))["cases"]
    except (OSError, ValueError, KeyError):
        return {}
    return {r["id"]: int(r["bench_strength"]) for r in rows if r.get("bench_strength")}


def authority(graph, case_id: str) -> Authority | None:
    """A Case from the graph: court, bench (its property, else its DECIDED_BY judges, else the pack's
    record of it) and date."""
    rows = graph.ro_query(
        "MATCH (c:Case {id: $id}) OPTIONAL MATCH (c)-[:DECIDED_BY]->(j:Judge) "
        "RETURN c.name, c.court, c.bench_strength, c.date, c.year, count(j), c.aliases",
        {"id": case_id},
    )
    if not rows:
        return None
    name, court, bench, day, year, judges, aliases = rows[0]
    if not bench:
        packs = _pack_benches()
        bench = next((packs[i] for i in [case_id, *(aliases or [])] if i in packs), None) or (judges or None)
    return Authority(
        id=case_id,
        name=name or "",
        court=court or "SC",
        bench=int(bench) if bench else None,
        date=str(day) if day else (str(year) if year else None),
    )


_LINKS = (
    "UNWIND $ids AS i MATCH (c:Case {id: i})-[r:CONFLICTS_WITH|RESOLVED_BY|OVERRULES]-(o:Case) "
    "RETURN type(r), startNode(r).id, endNode(r).id, coalesce(r.issue, r.on_point, '')"
)


def from_graph(graph, a_id: str, b_id: str) -> Decision:
    """The state of the disagreement between two Cases, read from the graph."""
    a, b = authority(graph, a_id), authority(graph, b_id)
    if a is None or b is None:
        return Decision(NONE, a, b)
    links = [Link(rel, s, d, issue or "") for rel, s, d, issue in graph.ro_query(_LINKS, {"ids": [a_id, b_id]})]
    known = {}
    for x in links:
        for i in (x.src, x.dst):
            if i not in known and i not in (a_id, b_id):
                got = authority(graph, i)
                if got:
                    known[i] = got
    d = decide(a, b, links, known)
    if d.state != NONE:
        d.conflict_type = next(
            (
                t
                for (t,) in graph.ro_query(
                    "MATCH (x:Case)-[r:CONFLICTS_WITH]-(y:Case) WHERE x.id = $a AND y.id = $b RETURN r.conflict_type",
                    {"a": a_id, "b": b_id},
                )
                if t
            ),
            "coordinate_bench",
        )
    return d


# ------------------------------------------------------------------ what the person sees
def side_path(graph, case_id: str, conflict_path: list | None = None) -> list:
    """A side of a disagreement as a graph path: the Case, and the provision it interprets."""
    from core.acts import display

    rows = graph.ro_query(
        "MATCH (c:Case {id: $id}) OPTIONAL MATCH (c)-[:INTERPRETS]->(p:Provision) "
        "RETURN c.name, collect(p.id)[0], collect(p.title)[0]",
        {"id": case_id},
    )
    if not rows:
        return [n for n in (conflict_path or []) if n.get("id") == case_id]
    name, pid, ptitle = rows[0]
    case = node(case_id, "Case", name)
    if not pid:
        return [case]
    return hop(case, "INTERPRETS", node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {ptitle}"))


def settle_path(graph, d: Decision, side: Authority) -> list:
    """side -RESOLVED_BY-> the settling judgment, or the settling judgment -OVERRULES-> side: whichever edge
    the graph holds, so the path is real; [] when it holds neither."""
    z = d.settled_by
    if z is None or z.id == side.id or z.kind != "case":
        return []
    rows = graph.ro_query(
        "MATCH (s:Case {id: $s}), (z:Case {id: $z}) OPTIONAL MATCH (s)-[r1:RESOLVED_BY]->(z) "
        "OPTIONAL MATCH (z)-[r2:OVERRULES]->(s) RETURN count(r1) > 0, count(r2) > 0",
        {"s": side.id, "z": z.id},
    )
    if not rows:
        return []
    resolved, overruled = rows[0]
    earlier, settler = node(side.id, "Case", side.name), node(z.id, "Case", z.name)
    if resolved:
        return hop(earlier, "RESOLVED_BY", settler)
    if overruled:
        return hop(settler, "OVERRULES", earlier)
    return []


def bench_words(x: Authority, lang: str) -> str:
    from core.language.templates import render

    return render("conflict.bench_n", lang, bench=x.bench) if x.bench else render("conflict.bench_unknown", lang)


def when(x: Authority, lang: str) -> str:
    """ "2020, 5-judge bench" (or just the year when the bench is not recorded)."""
    from core.language.templates import render

    year = x.year or "?"
    return (
        render("conflict.bench", lang, year=year, bench=x.bench)
        if x.bench
        else render("conflict.year", lang, year=year)
    )


def side_words(x: Authority, lang: str) -> str:
    """ "Gurbaksh Singh Sibbia v. State of Punjab: Supreme Court, 5-judge bench, 1980"."""
    from core.language.templates import TemplateError, label, render

    try:
        court = label(f"court.{(x.court or 'SC').upper()}", lang)
    except TemplateError:
        court = x.court or ""
    return render(
        "conflict.side", lang, case=x.name or x.id, court=court, bench=bench_words(x, lang), year=x.year or "?"
    )


def settled_rule(graph, d: Decision, lang: str) -> str:
    """The settled rule in the settling judgment's own recorded holding (pack data with its source)."""
    from core.language.templates import render

    z = d.settled_by
    if z is None or z.kind != "case":
        return ""
    rows = graph.ro_query("MATCH (c:Case {id: $id}) RETURN c.holding, c.holding_hi", {"id": z.id})
    en, hi = rows[0] if rows else ("", "")
    rule = (hi if lang == "hi" else en) or en or ""
    if not rule:
        return ""
    return render("conflict.settled_rule", lang, by=z.name, rule=rule.strip())


# the disputes a settling judgment z settled: those it overruled, and each pair in conflict resolved by it
_OVERRULED = "MATCH (z)-[r:OVERRULES]->(x:Case) RETURN DISTINCT z.id, x.id, coalesce(r.on_point, '')"
_RESOLVED = (
    "MATCH (x:Case)-[:RESOLVED_BY]->(z) MATCH (x)-[k:CONFLICTS_WITH]-(y:Case) "
    "RETURN DISTINCT x.id, y.id, coalesce(k.issue, '')"
)


def disputes_of(graph, settler_id: str) -> list[tuple[str, str, str]]:
    """The disputes one judgment settled, as (a, b, the point) for ``from_graph``."""
    one = {"id": settler_id}
    return [
        *graph.ro_query("MATCH (z:Case {id: $id}) " + _OVERRULED, one),
        *graph.ro_query("MATCH (z:Case {id: $id}) " + _RESOLVED, one),
    ]


def disputes_on(graph, provision_ids: list[str], near: set[str] | None = None) -> list[tuple[str, str, str]]:
    """The settled disagreements whose settling judgment interprets a cited provision, its predecessor or
    its successor: an answer on the law of anticipatory bail (BNSS 482 / CrPC 438) meets the Sibbia /
    Salauddin line that Sushila Aggarwal settled even when retrieval found none of those cases. Only the
    settling judgment's own provisions count, so a question on regular bail does not. Triples
    (a, b, the point in dispute) for ``from_graph``; the caller keeps those the question is about.
    ``near``: ``neighbours`` of these provisions where the caller has read them already."""
    ids = sorted(neighbours(graph, provision_ids) if near is None else near)
    if not ids:
        return []
    overruled = graph.ro_query(
        "MATCH (z:Case)-[:INTERPRETS]->(p:Provision) WHERE p.id IN $ids " + _OVERRULED, {"ids": ids}
    )
    resolved = graph.ro_query(
        "MATCH (z:Case)-[:INTERPRETS]->(p:Provision) WHERE p.id IN $ids " + _RESOLVED, {"ids": ids}
    )
    # a point that names its provision ("Validity of Section 497 IPC (adultery)") is about that provision:
    # Joseph Shine also read s.198 CrPC (now BNSS 219, who may complain of an offence against marriage),
    # but a bigamy answer citing BNSS 219 is not about adultery
    return [(a, b, pt) for a, b, pt in [*overruled, *resolved] if not _named(pt) or _named(pt) & set(ids)]


def neighbours(graph, provision_ids: list[str]) -> set[str]:
    """The cited provisions with their predecessors and successors (REPLACED_BY either way)."""
    if not provision_ids:
        return set()
    rows = graph.ro_query(
        "UNWIND $ids AS i MATCH (p:Provision {id: i}) OPTIONAL MATCH (p)-[:REPLACED_BY]-(q:Provision) "
        "RETURN p.id, collect(q.id)",
        {"ids": sorted(set(provision_ids))},
    )
    return {i for pid, near in rows for i in [pid, *near] if i}
