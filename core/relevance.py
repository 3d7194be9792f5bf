"""The relevance gate (issue 10 §4): does a cited provision or case bear on the question at all?
Decided from the graph and from text similarity, never from a model: it bears on the question when
the question names it; when it is GOVERNED_BY-linked to a recognised problem, the predecessor or
successor of such a provision, a step basis of the problem's flow or of its own steps, or a provision a
linked case INTERPRETS; when it is a case linked to the problem (CONCERNS_CASE) or one that INTERPRETS a
governing provision or another relevant provision cited in the same text; or, failing all of
those, when its words (title and text, or a case's holding) or its embedding meet the question
closely enough. A provision a recognised problem marks `must_not` never bears on it unless the
question names it. What does not bear on the question is `off_point`.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from core.stages import CitationStatus
from core.support import content_words, stems

log = logging.getLogger(__name__)

# Cosine similarity (multilingual e5, question in query mode, provision in passage mode) at which a
# provision that nothing in the graph links to the question still counts as bearing on it. e5's
# similarities are compressed (measured: "punishment for murder" -> BNS 103 0.91, BNS 101 0.85,
# NI Act 138 0.80; "husband beats me and threw me out" -> BNS 85 0.84, BNS 331 0.84, PWDVA 17 0.78),
# so the bar is high and lexical overlap and the graph decide most cases.
EMB_STRONG = 0.87  # with a recognised problem
EMB_WEAK = 0.85  # with none
# the most of a fuller provision's question words (by the provision index's IDF) that a provision saying only
# part of them may say and still be beside the point (RelevanceChecker._within; measured Dec 6: MVA s.4 beside
# HMA s.5 for "the minimum age for marriage of a boy" 0.51, Art. 326 beside BNS s.173 0.38; Art. 39A beside
# BNSS s.341 for "free legal aid for an accused" 0.74, kept)
WITHIN_SHARE = 0.6


@dataclass
class RelevanceContext:
    """What the relevance check judges against: the question (and its English hint), and the
    problems recognised in it (core.problems)."""

    question: str
    problem_ids: list[str] = field(default_factory=list)
    hint: str = ""
    about: list[str] = field(default_factory=list)  # the provisions a question about the law is about (issue 19)
    # provisions the sources' own words name ("... does not apply to ... section 65 of the BNS" in BNSS
    # 482): quoted with their source, they bear on the question through it, unless the problem forbids them
    quoted: list[str] = field(default_factory=list)


_LINKED_Q = """
MATCH (p:Problem) WHERE p.id IN $ids
OPTIONAL MATCH (p)-[:GOVERNED_BY]->(g:Provision)
WITH p, collect(DISTINCT g.id) AS gov
OPTIONAL MATCH (p)-[:CONCERNS_CASE]->(c:Case)
WITH p, gov, collect(DISTINCT c.id) AS cases
OPTIONAL MATCH (p)-[:FOLLOWS_FLOW]->(e:ProceduralEvent)
OPTIONAL MATCH (x:ProceduralEvent {flow: e.flow})-[:GOVERNED_BY]->(b:Provision)
RETURN p.id, gov, cases, collect(DISTINCT b.id) AS basis, p.must_not, p.steps_json
"""


@dataclass
class _Links:
    provisions: set[str]
    cases: set[str]
    must_not: set[str]


def ranked(pdata: list) -> list[tuple[list[str], list[str]]]:
    """The recognised problems' data as must_not_of reads it: (governing provision ids, must_not), in rank order."""
    return [([str(g.get("id")) for g in d.governed_by], list(d.must_not)) for d in pdata]


def unstruck(problems: list, pdata: list) -> tuple[list, list]:
    """The problems recognised without any whose leading provision a problem recognised before it marks
    must_not: "is my landlord allowed to lock me out of the flat I rent" is a tenant's eviction, and the wife's
    right to reside (dv_residence, led by PWDVA s.17, which the tenant's problem marks must_not: it runs only
    against a husband or his relatives) that "lock me out" also evokes is no second problem of it."""
    gone: set[str] = set()
    for k, d in enumerate(pdata):
        lead = str(d.governed_by[0].get("id")) if d.governed_by else ""
        if k and lead in must_not_of(ranked(pdata[:k])):
            gone.add(d.id)
    if not gone:
        return problems, pdata
    return [p for p in problems if p.id not in gone], [d for d in pdata if d.id not in gone]


def struck_lead(direct, problems: list, pdata: list, firm: float, named: bool):
    """A question about the law (core.direct) whose leading provision a problem recognised at ``firm`` or above
    marks must_not is that problem's, not the law's: "can my landlord throw me out without going to court" is a
    tenant's eviction (the rent law, not held; the civil court's injunction), and the DV Act's right to reside
    (PWDVA s.17), which its words evoke, runs only against a husband or his relatives. The reviewed must_not
    of a problem the question surely tells outranks the scorer's reading of its words; a provision the
    question names (``named``) stays."""
    if direct is None or named or direct.with_problem or not direct.primary or not pdata:
        return direct
    sure = {p.id for p in problems if p.score >= firm}
    return None if direct.primary[0] in must_not_of(ranked([d for d in pdata if d.id in sure])) else direct


def must_not_of(problems: list[tuple[list[str], list[str]]]) -> set[str]:
    """What the recognised problems (in rank order: (governing provisions, must_not)) strike off the answer: a
    problem's must_not never strikes what a problem recognised before it is governed by. The dowry victim's
    problem marks anticipatory bail (BNSS s.482) off its point, and "my in-laws will file a dowry case
    against us, can we get anticipatory bail" is first the accused's anticipatory bail; the Special Marriage
    Act divorce still strikes the Hindu mutual-consent divorce (HMA s.13B) that a later problem brings."""
    out: set[str] = set()
    before: set[str] = set()
    for governed, must_not in problems:
        out |= set(must_not) - before
        before |= set(governed)
    return out


_CRIMINAL = frozenset({"BNS", "BNSS", "BSA", "IPC", "CRPC", "IEA"})


def _body(node_id: str) -> str:
    """The body of law a provision is of: its Act, the criminal codes old and new being one."""
    act = node_id.split(":", 1)[0]
    return "criminal" if act in _CRIMINAL else act


class RelevanceChecker:
    """Marks the citations of a text that do not bear on the question `off_point` (see the module doc)."""

    def __init__(self, graph, embed_query=None):
        self.graph = graph
        self._embed = embed_query
        self._links: OrderedDict[tuple, _Links] = OrderedDict()
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ graph
    def links(self, problem_ids) -> _Links:
        key = tuple(dict.fromkeys(problem_ids or ()))  # in rank order: must_not_of reads it
        with self._lock:
            hit = self._links.get(key)
        if hit is not None:
            return hit
        provs, cases, must_not, order = set(), set(), set(), []
        if key:
            rows = self.graph.ro_query(_LINKED_Q, {"ids": list(key)})
            for _pid, gov, pcases, basis, mn, steps in sorted(rows, key=lambda r: key.index(r[0])):
                provs |= set(gov or []) | set(basis or [])
                order.append((gov or [], mn or []))
                try:  # what the problem's own steps rest on
                    provs |= {b for st in json.loads(steps or "[]") for b in st.get("basis") or []}
                except (ValueError, AttributeError, TypeError):
                    pass
                cases |= set(pcases or [])
            must_not = must_not_of(order)
            gov_all = sorted(provs)
            if gov_all:
                # old <-> new counterparts of the governing provisions
                for (nid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (a:Section {id: i})-[:REPLACED_BY]-(b:Section) RETURN DISTINCT b.id",
                    {"ids": gov_all},
                ):
                    provs.add(nid)
                # cases that interpret a governing provision speak to the problem's law
                for (cid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (c:Case)-[:INTERPRETS]->(p:Provision {id: i}) RETURN DISTINCT c.id",
                    {"ids": gov_all},
                ):
                    cases.add(cid)
            if cases:
                # what a linked case interprets
                for (nid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (c:Case {id: i})-[:INTERPRETS]->(p:Provision) RETURN DISTINCT p.id",
                    {"ids": sorted(set(cases))},
                ):
                    provs.add(nid)
        out = _Links(provs - must_not, cases, must_not)
        with self._lock:
            self._links[key] = out
            while len(self._links) > 64:
                self._links.popitem(last=False)
        return out

    # ------------------------------------------------------------- similarity
    def _embedder(self):
        if self._embed is None:
            try:
                from core.embed import embed_query

                self._embed = embed_query
            except Exception as exc:  # lexical similarity still decides
                log.warning("relevance check without embeddings: %s", exc)
                self._embed = False
        return self._embed or None

    def _question_vec(self, ctx: RelevanceContext):
        embed = self._embedder()
        if embed is None:
            return None
        try:
            import numpy as np

            v = np.asarray(embed(ctx.question), dtype="float32")
            n = float(np.linalg.norm(v))
            return v / n if n else None
        except Exception as exc:
            log.warning("question not embedded: %s", exc)
            return None

    def _provision_sim(self, node_id: str, qvec) -> float | None:
        if qvec is None:
            return None
        import numpy as np

        rows = self.graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.embedding", {"id": node_id})
        vec = rows[0][0] if rows else None
        if vec is None:
            return None
        v = np.asarray(list(vec), dtype="float32")
        n = float(np.linalg.norm(v))
        return float(v @ qvec / n) if n and v.shape == qvec.shape else None

    # ------------------------------------------------------------------ judge
    def judge(self, checks, ctx: RelevanceContext) -> None:
        """Set status off_point (severity error) on every real provision or case in `checks` that does not
        bear on the question. Checks already in error are left as they are."""
        from core.citations import extract

        live = [c for c in checks if c.node_id and c.severity != "error" and c.status != CitationStatus.OFF_POINT]
        if not live:
            return
        links = self.links(ctx.problem_ids)
        named = set()
        for cit in extract(ctx.question):
            if cit.kind != "case" and cit.act and cit.number:
                named.add(f"{cit.act}:{cit.number}")
        q_tokens = {t for t in re.findall(r"[a-z]+", ctx.question.lower()) if len(t) > 2}
        asked = stems(content_words(f"{ctx.question} {ctx.hint}"))
        problem_mode = bool(ctx.problem_ids)
        qvec = None
        texts = self._texts([c.node_id for c in live])
        good_provisions: set[str] = set()
        # provisions first: a case may be relevant through a provision cited beside it
        order = sorted(live, key=lambda c: c.kind == "case")
        undecided = []
        beside = self._within(live, ctx, named)
        for c in order:
            nid = c.node_id
            is_case = c.kind == "case"
            if nid in beside:
                verdict = False
            elif nid in named or nid in ctx.about or (is_case and self._named_case(c.title or "", q_tokens)):
                verdict = True
            elif nid in links.must_not:
                verdict = False
            elif nid in ctx.quoted:
                verdict = True
            elif (nid in links.cases) if is_case else (nid in links.provisions):
                verdict = True
            elif is_case and self._interprets(nid, good_provisions | links.provisions):
                verdict = True
            else:
                verdict = None
            if verdict is None:
                undecided.append(c)
            elif verdict and not is_case:
                good_provisions.add(nid)
            if verdict is False:
                self._off(c, ctx)
        for c in undecided:
            nid = c.node_id
            if c.kind != "case" and self._neighbour(nid, good_provisions):
                continue
            if not asked:
                continue  # a question with no content word cannot be judged on words
            head, body = texts.get(nid, (set(), set()))
            if c.kind == "case":
                near = len(asked & body) >= (3 if problem_mode else 2)
            elif problem_mode:
                near = bool(asked & head) and len(asked & (head | body)) >= 2
            else:
                near = bool(asked & head) or len(asked & body) >= 2
            if not near and c.kind != "case":
                if qvec is None:
                    qvec = self._question_vec(ctx)
                sim = self._provision_sim(nid, qvec)
                near = sim is not None and sim >= (EMB_STRONG if problem_mode else EMB_WEAK)
            if not near:
                self._off(c, ctx)

    def _within(self, live, ctx: RelevanceContext, named: set[str]) -> set[str]:
        """The provisions a question about the law is about only by a part of what another one it is about
        says: "what is the minimum age for marriage of a boy" is HMA s.5 (minimum, age, marriage), and the MV
        Act's age to drive (s.4) says only "minimum age" of it; "वोट के बदले पैसे" is bribery at elections
        (BNS s.173: vote, in exchange, money), and Art. 326 (adult suffrage) says only "vote". One whose
        question words (core.provisions ProvisionIndex.explained) are all among another's, which says more
        of the question, is beside its point when it is of another body of law (another Act; the criminal
        codes, old and new, are one: the presumption of a dowry death, BSA s.118, works with the offence, BNS
        s.80, and says less of the question by its names alone), its own text says none of the words it
        lacks (Art. 22 for "produced before a magistrate within 24 hours" says "magistrate" and "hours", beside
        BNSS s.58), and what it says weighs at most WITHIN_SHARE of the fuller one's (Art. 39A's "free legal
        aid" is most of "free legal aid for an accused", beside BNSS s.341). A provision the question names or a source
        quotes stays, and so does the other code's counterpart of the fuller one (BNS s.173 and IPC s.171E).
        A question in which a problem is recognised is judged by the problem's law, not here."""
        if ctx.problem_ids:
            return set()
        pool = [c.node_id for c in live if c.kind != "case" and (c.node_id in ctx.about or c.node_id in named)]
        pool = list(dict.fromkeys(pool))
        if len(pool) < 2:
            return set()
        try:
            from core.provisions import index_for, toks

            idx = index_for(self.graph)
            said = {n: idx.explained(n, ctx.question, ctx.hint) for n in pool}
        except Exception as exc:  # the index is an aid: without it the about list stands
            log.warning("relevance check without the provision index: %s", exc)
            return set()
        # the direct path's first provision is the question's point: never struck as part of another's (the
        # hit-and-run offence, BNS s.106, beside the MV Act's speeding; Art. 161 beside BNSS s.473 for a
        # Governor's pardon; BNS s.82 beside HMA s.17 for a Hindu's bigamy all lost their law so)
        first = ctx.about[0] if ctx.about else None
        # a question that asks a time limit asks what only the Limitation Act's Schedule states: "ek-tarfa decree
        # hatwane ki arzi kitne din me" is CPC O.IX r.13 and Art. 123's thirty days, not the rule alone
        from core.direct_beyond import asks_time

        periods = asks_time(ctx.question)
        from core.graph_queries import provision_texts

        # each text read once, for what it names (_referred) and for its own words
        texts = {
            k: (v or "")[:4000] for k, v in provision_texts(self.graph, [*pool, *([first] if first else [])]).items()
        }
        out = set()
        for p in pool:
            if p in named or p in ctx.quoted or not said[p] or p == first:
                continue
            if periods and p.startswith("LIMITATION:Schedule"):
                continue
            fuller = {q for q in pool if said[p] < said[q] and _body(q) != _body(p)}
            if not fuller or self._neighbour(p, fuller) or self._referred(p, fuller | {first} - {None}, texts):
                continue
            own = set(toks(texts.get(p, "")))
            mass = sum(idx._w(t) for t in said[p])
            if all(
                not (said[q] - said[p]) & own and mass <= WITHIN_SHARE * sum(idx._w(t) for t in said[q]) for q in fuller
            ):
                out.add(p)
        return out

    def _referred(self, node_id: str, provisions: set[str], texts: dict[str, str]) -> bool:
        """One of ``provisions`` (a fuller one, or the question's point, the direct path's first) names this
        provision in its text, or the old-code section it replaced: HMA s.17 makes a Hindu's bigamy punishable
        by "sections 494 and 495 of the Indian Penal Code", so BNS s.82, which replaced s.494, is the punishment
        the question asks, not a part of what HMA s.11 (void marriages) says."""
        from core.citations.extract import provision_ids

        refs = {r for q in provisions for r in provision_ids(texts.get(q, ""))}
        return node_id in refs or self._neighbour(node_id, refs)

    def _texts(self, ids: list[str]) -> dict[str, tuple[set, set]]:
        out = {}
        prov = [i for i in ids if not i.startswith("CASE:")]
        case = [i for i in ids if i.startswith("CASE:")]
        if prov:
            for pid, title, text in self.graph.ro_query(
                "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.title, p.text", {"ids": prov}
            ):
                out[pid] = (stems(content_words(title or "")), stems(content_words((text or "")[:1500])))
        if case:
            for cid, holding in self.graph.ro_query(
                "UNWIND $ids AS i MATCH (c:Case {id: i}) RETURN c.id, c.holding", {"ids": case}
            ):
                out[cid] = (set(), stems(content_words(holding or "")))
        return out

    @staticmethod
    def _named_case(title: str, q_tokens: set[str]) -> bool:
        from core.citations.casenames import name_tokens

        toks = {t for t in name_tokens(title) if len(t) > 3}
        return bool(toks) and len(toks & q_tokens) / len(toks) >= 0.5

    def _interprets(self, case_id: str, provisions: set[str]) -> bool:
        if not provisions:
            return False
        rows = self.graph.ro_query(
            "MATCH (c:Case {id: $id})-[:INTERPRETS]->(p:Provision) WHERE p.id IN $p RETURN count(p)",
            {"id": case_id, "p": sorted(provisions)},
        )
        return bool(rows and rows[0][0])

    def _neighbour(self, node_id: str, provisions: set[str]) -> bool:
        if not provisions:
            return False
        rows = self.graph.ro_query(
            "MATCH (a:Section {id: $id})-[:REPLACED_BY]-(b:Section) WHERE b.id IN $p RETURN count(b)",
            {"id": node_id, "p": sorted(provisions)},
        )
        return bool(rows and rows[0][0])

    @staticmethod
    def _off(c, ctx: RelevanceContext) -> None:
        was = c.status
        what = c.title or c.text
        c.status, c.severity = CitationStatus.OFF_POINT, "error"
        c.note = (
            f"{c.text} is real law ({what}), but it does not bear on this question"
            + (" or the problem it raises" if ctx.problem_ids else "")
            + f"; it is not cited. (Its own status: {was}.)"
        )
