"""Is a disagreement between judgments still live, settled, or no disagreement at all (issue 23)?

    decide(a, b, links) -> Decision            pure: the rules below, nothing read
    from_graph(graph, a_id, b_id) -> Decision  the same, the authorities and links read from the graph
    point_asked(graph, question, asked)        the settling judgment whose settled point the question
                                               itself asks about, when no cited provision led to it

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
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from core.acts import acts
from core.citations import provision_ids as _named
from core.graph_queries import hop, label_of, node
from core.graphdb import built_once
from core.script_words import DEVA, LATIN, hi_words, rom_key, rom_words, roman_key, roman_text, script_of
from core.support import GENERIC_STEMS, _hindi_map, _stem, content_words, stems
from domain import paths

log = logging.getLogger(__name__)

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


# ------------------------------------------------------------------ the point a question asks about
# A question can ask the settled point itself in words that lead retrieval to none of the provisions the
# settling judgment interprets ("is there an outer time limit after which a criminal case must be
# dropped?" meets the Limitation Act, not Article 21, yet it is P. Ramachandra Rao's point). The probe
# names the settling judgment only when two tests agree, each from the graph's own records:
#   words    content words of the question in the point, none a word of the headings or Act names of what
#            the judgment interprets (they name the Act, not the point: "domestic violence", "घर").
#            English: PROBE_WORDS word families (a stem's first six letters: "presume" is "presumption",
#            "consenting" "consensual") in the recorded point (OVERRULES on_point, RESOLVED_BY /
#            CONFLICTS_WITH issue) or the Roman renderings' English words ("gay", "relationship"), and as
#            many in its holding. Hindi and Roman-script Hindi: PROBE_WORDS_HI
#            of the question's own words in the reviewed renderings of the issue in its script (doctrine.json
#            settled_points -> settled_issue_hi / _rom), its Roman words ("65B") and English hint also
#            against the recorded point; a word of the issues of three or more points ("bounce") not counted.
#            A Devanagari word also meets the Roman renderings in Roman script (core.script_words: they give
#            the lay words beside the formal ones, "apradh (jurm, crime)"), and a Roman one the Hindi
#            renderings transliterated; each word of the question counts once. A word a rendering glosses
#            with heading words, or that glosses them ("sanshodhan (amendment)"), is a heading word too; the
#            heading of a provision the judgment struck down (s.497 IPC) is its point and counts.
#            (Hindi words against the Hindi holding fired on "which Article holds the right to life and
#            personal liberty?": a holding restates the right; a rendering of the issue asks the point.)
#   meaning  its texts and renderings are the nearest of all settled points to the question (multilingual
#            e5), at least PROBE_SIM near (PROBE_SIM_HI on two words alone).
# Apart from both: a question that names a provision the judgment struck down whole, with a word asking
# whether it is an offence ("is adultery still a crime?"), asks its point (``asks_struck``).
# English with renderings and word families, on the 458 English tune questions of conflicts, everyday and
# statutes: the words test held on the nearest point for 8 settled questions and for no other; e5 with
# the renderings puts the settled ones nearer (0.86-0.92) than without.
# core.assemble quotes its holding only where the relevance gate will let it (a recognised problem links
# it, it interprets a cited provision, or the question's words meet its holding); elsewhere the fixed
# notice names and cites it. English, measured on 1,020 questions (tune parts; untouched never read): e5
# alone cannot tell a settled question from an everyday one (0.851 against 0.883), words alone fire on Act
# names; together they fired on no everyday or statutes question. Hindi and Hinglish, on the 328 tune
# questions of both sets and 38 of ours (tests/test_conflicts.py): 28 of ours named, two others, each
# asking the point itself ("is privacy a fundamental right?" in Hindi, a daughter's equal share).
PROBE_WORDS = 3
PROBE_SIM = 0.87
PROBE_SIM_HI = 0.885
PROBE_WORDS_HI = 2
# one word of a Hindi or Hinglish question on the point where the meaning is nearly a rendering's own
# ("क्या संसद संविधान में कुछ भी बदल सकती है, मौलिक अधिकार भी खत्म कर सकती है?", 0.95 to Kesavananda's;
# Parliament, the Constitution and fundamental rights are heading and Act words). On the Hindi and
# Hinglish tune questions of conflicts, everyday and statutes, all at 0.93 or nearer asked a settled point;
# the nearest other was 0.90
PROBE_SIM_ONE = 0.93


@dataclass(frozen=True)
class SettledPoint:
    """A settling judgment as the probe reads it."""

    settler: str
    point: str  # its recorded points, joined
    holding: str
    holding_hi: str
    heads: frozenset  # stems of the headings of the provisions it interprets
    issue_hi: tuple = ()  # the issue as people ask it in Devanagari Hindi (doctrine.json, reviewed)
    issue_rom: tuple = ()  # ... and in Roman-script Hindi
    acts: frozenset = frozenset()  # the words of the names of the Acts it interprets, both scripts
    hi_rom: tuple = ()  # the Hindi renderings in Roman script (their formal words: "vayask", "sahmati")
    lay: tuple = ()  # the lay names of the provisions it interprets, three scripts ("live in relationship")
    struck: tuple = ()  # the headings and lay names of the provisions it struck down whole ("Adultery")

    @property
    def rom_texts(self) -> tuple:
        """Its Roman-script texts: the Roman renderings, the recorded point, the Hindi ones transliterated."""
        return (*self.issue_rom, self.point, *self.hi_rom)


_points: dict[int, list] = {}
_points_lock = threading.Lock()


_STRUCK = "MATCH (p:Provision)-[:STRUCK_DOWN_BY]->(:Case {id: $id}) RETURN p.title"
_STRUCK_WHOLE = (
    "MATCH (p:Provision)-[r:STRUCK_DOWN_BY]->(:Case {id: $id}) WHERE r.extent = 'full' "
    "RETURN p.title, p.names_en, p.names_hi, p.names_rom"
)


def _listed(x) -> list:
    """A property that is one name or a list of them, as a list."""
    return [n for n in (x if isinstance(x, (list, tuple)) else [x]) if n]


def settled_points(graph) -> list[SettledPoint]:
    """Every judgment that settled a dispute the graph records and is still the last word on it (read once
    per store): one since overruled (Suresh Kumar Koushal, by Navtej Singh Johar) or restated by a later
    judgment (Anvar P.V. RESOLVED_BY Arjun Panditrao Khotkar) leaves the point to that later one."""

    def build(g) -> list[SettledPoint]:
        rows = g.ro_query("MATCH (z:Case)-[r:OVERRULES]->(:Case) RETURN z.id, coalesce(r.on_point, '')") + g.ro_query(
            "MATCH (x:Case)-[:RESOLVED_BY]->(z:Case) OPTIONAL MATCH (x)-[k:CONFLICTS_WITH]-(:Case) "
            "RETURN z.id, coalesce(k.issue, '')"
        )
        points: dict[str, list[str]] = {}
        for zid, pt in rows:
            points.setdefault(zid, [])
            if pt and pt not in points[zid]:
                points[zid].append(pt)
        out = []
        later = {i for (i,) in g.ro_query("MATCH (z:Case)-[:RESOLVED_BY]->(:Case) RETURN DISTINCT z.id")}
        later |= {i for (i,) in g.ro_query("MATCH (:Case)-[:OVERRULES]->(z:Case) RETURN DISTINCT z.id")}
        for zid, pts in sorted(points.items()):
            got = g.ro_query(
                "MATCH (z:Case {id: $id}) OPTIONAL MATCH (z)-[:INTERPRETS]->(p:Provision) RETURN z.holding, "
                "z.holding_hi, collect(p.title), z.settled_issue_hi, z.settled_issue_rom, collect(DISTINCT p.act), "
                "collect(coalesce(p.names_en, []) + coalesce(p.names_hi, []) + coalesce(p.names_rom, []))",
                {"id": zid},
            )
            if not got or zid in later:
                continue
            holding, holding_hi, titles, hi, rom, act_ids, lay = got[0]
            # a provision it struck down is not the law it names but its point: whether that is still law
            gone = {t for (t,) in g.ro_query(_STRUCK, {"id": zid})}
            h = frozenset(stems(content_words(" ".join(str(t or "") for t in titles if t not in gone))))
            named = [x for a in act_ids or [] if (x := acts().get(a))]
            hindi = " ".join(x.name_hi for x in named)
            names = hi_words(hindi) | rom_words(roman_text(hindi)) | rom_words(" ".join(x.name_en for x in named))
            pt = (zid, " ".join(pts), holding or "", holding_hi or "", h, tuple(hi or ()), tuple(rom or ()))
            lay = tuple(dict.fromkeys(str(n) for ns in lay or [] for n in ns or [] if n))
            whole = tuple(
                dict.fromkeys(str(n) for ns in g.ro_query(_STRUCK_WHOLE, {"id": zid}) for x in ns for n in _listed(x))
            )
            out.append(SettledPoint(*pt, frozenset(names), tuple(roman_text(x) for x in hi or ()), lay, whole))
        return out

    return built_once(_points, _points_lock, graph, build)


_BROAD = frozenset({"right", "protect", "protection"})  # heading words every right shares


def _is_head(word: str, p: SettledPoint) -> bool:
    """A Hindi word the glossary gives mostly as heading words of what the judgment interprets: not the point."""
    means = stems(_hindi_map().get(word, ())) - GENERIC_STEMS - _BROAD
    return bool(means) and 2 * len(means & p.heads) >= len(means)  # mostly heading words ("घर": shared household)


def _common(points: list[SettledPoint]) -> set[str]:
    """Words of the issues of three or more settled points (cheque "bounce"): they name a field, not a point."""
    seen = Counter(w for p in points for w in hi_words(" ".join(p.issue_hi)) | rom_words(" ".join(p.rom_texts)))
    return {w for w, n in seen.items() if n >= 3}


_GLOSS = re.compile(r"([a-z][a-z ]*?)\s*\(([^()]+)\)")


@lru_cache(maxsize=256)
def _glosses(texts: tuple) -> tuple:
    """(words, their gloss) pairs of the Roman renderings, "sanshodhan (amendment)", "parliament (sansad)":
    as many words before the bracket as the gloss's first part has, at most three."""
    out = []
    for text in texts:
        for before, inside in _GLOSS.findall(text.lower()):
            k = min(3, len(inside.split(",")[0].split()) or 1)
            out.append((frozenset(rom_words(" ".join(before.split()[-k:]))), frozenset(rom_words(inside))))
    return tuple(out)


def _glossed(p: SettledPoint, heads: set[str]) -> set[str]:
    """Roman words a rendering glosses with heading words, or that gloss them: they name the law as the
    heading does ("sanshodhan (amendment)" of Article 368, "Power of Parliament to amend ...")."""
    out = set()
    for a, b in _glosses(p.issue_rom):
        out |= (a if a and b and b <= heads else set()) | (b if a and b and a <= heads else set())
    return out


def _script_words(p: SettledPoint, said: str, hint: str, script: str, common=frozenset()) -> set[str]:
    """The words test of a Hindi or Roman-script question (see above), ``common``: the words of many points.
    A Devanagari word counts once, when it meets the Hindi rendering or, in Roman script, the Roman one
    ("जुर्म" is the Roman rendering's "jurm" where the Hindi one says "अपराध")."""
    texts = p.rom_texts
    heads = {rom_key(h) for h in p.heads - _BROAD} | p.acts
    glossed = _glossed(p, heads)  # in either script: "संशोधन" is "sanshodhan (amendment)"
    heads |= glossed | set(common)  # and a glossary word of them
    heads |= {rom_key(w) for w in LATIN.findall(" ".join((said, *texts)).lower()) if _is_head(w, p)}
    roman = {w for x in texts for w in rom_words(x)} - heads
    latin = rom_words(f"{said} {hint}") & roman
    if script != "hi":
        return latin
    point = {w for x in p.issue_hi for w in hi_words(x) if roman_key(w) not in glossed} - p.acts - set(common)
    said_words = hi_words(" ".join(w for w in DEVA.findall(said) if not _is_head(w, p)))
    return {w for w in said_words if w in point or roman_key(w) in roman} | latin


FAMILY = 6  # letters of a stem that name its word family


def family(words) -> set[str]:
    """Word families: each stem cut to its first FAMILY letters, so a verb meets its noun ("presume",
    "presumption"; "consent", "consensual"), and a shorter stem stays whole ("adult" is not "adultery")."""
    return {w[:FAMILY] for w in words}


def in_family(asked: set[str], words: set[str]) -> set[str]:
    """The stems of ``asked`` of a family of ``words``."""
    kin = family(words)
    return {w for w in asked if w[:FAMILY] in kin}


def _by_words(p: SettledPoint, asked: set[str]) -> set[str]:
    """The English words test: the recorded point and the renderings as people ask it (their English words:
    "gay", "consent", "relationship") share PROBE_WORDS families with the question that name neither what
    the judgment interprets nor its Acts, and the holding as many. The question's words on the point, or
    none where the test fails."""
    point = stems(content_words(" ".join((p.point, *p.issue_rom))))
    heads = family(p.heads)
    on_point = {w for w in in_family(asked, point) if w[:FAMILY] not in heads and rom_key(w) not in p.acts}
    held = len(in_family(asked, stems(content_words(p.holding)))) >= PROBE_WORDS
    return on_point if held and len(on_point) >= PROBE_WORDS else set()


def _nearest(
    points: list[SettledPoint], question: str, embed=None, renderings=False
) -> tuple[SettledPoint | None, float]:
    """The settled point nearest the question in meaning, and how near; (None, 0) without embeddings.
    ``renderings``: the Hindi and Roman renderings of each issue count as its texts too."""
    try:
        import numpy as np

        if embed is None:
            from core.embed import default_embedder

            embed = default_embedder()
        q = np.asarray(embed.embed_query(question), dtype="float32")
        best, sim = None, 0.0
        for p in points:
            texts = [
                t for t in (p.point, p.holding, p.holding_hi, *(p.issue_hi + p.issue_rom if renderings else ())) if t
            ]
            if not texts:
                continue
            v = np.asarray(embed.embed_passages(texts), dtype="float32")
            s = float(np.max(v @ q) / (np.linalg.norm(q) or 1.0))
            if s > sim:
                best, sim = p, s
        return best, sim
    except Exception as exc:  # no embeddings: the probe says nothing
        log.warning("settled-point probe without embeddings: %s", exc)
        return None, 0.0


# words that ask whether something is an offence, in the three scripts
_OFFENCE = frozenset(
    _stem(w)
    for w in """crime crimes criminal offence offences offense punish punished punishable punishment jail prison
    illegal prosecute prosecuted prosecution apradh aparadh jurm juram saja saza sajaa sazaa gairkanuni gairkanooni
    अपराध आपराधिक जुर्म सजा दंड जेल गैरकानूनी""".split()
)
_PHRASE = re.compile(r"[a-z0-9]+|[\u0900-\u097F]+")


def _said_words(text: str) -> list[str]:
    return [_stem(w) for w in _PHRASE.findall(text.lower().replace("\u093c", ""))]


def asks_struck(p: SettledPoint, said: str) -> bool:
    """The question names, by its heading or a lay name, a provision the judgment struck down whole and
    asks of it as an offence ("is adultery still a crime?"): whether that is still law is the judgment's
    point. A question naming it otherwise (adultery as a ground for divorce) does not ask that."""
    if not p.struck:
        return False
    words = _said_words(said)
    if not _OFFENCE.intersection(words):
        return False
    for name in p.struck:
        n = _said_words(name)
        if n and any(words[i : i + len(n)] == n for i in range(len(words) - len(n) + 1)):
            return True
    return False


def point_asked(graph, said: str, asked: set[str], embed=None, hint: str = "") -> SettledPoint | None:
    """The settling judgment whose settled point the question itself asks about (see above), or None.
    ``said``: the question as typed (corrected); ``asked``: its content stems with ``hint``, the English hint."""
    every = settled_points(graph)
    struck = [p for p in every if asks_struck(p, said)]
    if len(struck) == 1:
        return struck[0]
    script = script_of(said)
    if script == "en":
        words = {p.settler: _by_words(p, asked) for p in every}
    else:
        common = _common(every)
        words = {p.settler: _script_words(p, said, hint, script, common) for p in every if p.issue_hi}
    words = {k: w for k, w in words.items() if len(w) >= (PROBE_WORDS if script == "en" else 1)}
    if not words:
        return None
    best, sim = _nearest(every, said, embed, renderings=True)
    if best is None or best.settler not in words:
        return None
    # two words of a short Hindi question need the meaning nearer than three do, one word nearer still
    n = len(words[best.settler])
    return (
        best
        if sim >= (PROBE_SIM if n >= PROBE_WORDS else PROBE_SIM_HI if n >= PROBE_WORDS_HI else PROBE_SIM_ONE)
        else None
    )
