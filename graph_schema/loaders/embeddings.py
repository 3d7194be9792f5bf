"""Vector for every Provision (Section/Article): n.embedding = vecf32(e5("title. first ~400 chars")).

Runs last. Vectors come from core.embed with the on-disk cache in ctx.cache_dir, so a
re-ingest of an unchanged corpus spends no model time. Writes are batched UNWINDs.
Figures (seconds, vectors computed vs cached, peak RSS) go to ctx.report.metrics["embeddings"].
"""

from __future__ import annotations

import resource
import time

EMBED_CHARS = 120
_WRITE_BATCH = 250


def embed_text(title: str | None, text: str | None) -> str:
    title = (title or "").strip()
    body = " ".join((text or "").split())[:EMBED_CHARS]
    return f"{title}. {body}".strip(" .") if body else title


def load(store, ctx, only_acts: tuple[str, ...] | None = None) -> None:
    from core.embed import Embedder

    t0 = time.perf_counter()
    rows = store.query("MATCH (n:Provision) RETURN n.id, n.act, n.title, n.text ORDER BY n.id")
    if only_acts:
        rows = [r for r in rows if r[1] in only_acts]
    ids = [r[0] for r in rows]
    texts = [embed_text(r[2], r[3]) for r in rows]
    emb = Embedder(ctx.cache_dir)
    t1 = time.perf_counter()
    vecs = emb.embed_passages(texts, progress=lambda it: ctx.progress(it, desc="embeddings"))
    t2 = time.perf_counter()
    for i in range(0, len(ids), _WRITE_BATCH):
        store.query(
            "UNWIND $rows AS row MATCH (n:Provision {id: row.id}) SET n.embedding = vecf32(row.vec)",
            {
                "rows": [
                    {"id": pid, "vec": [float(x) for x in v]}
                    for pid, v in zip(ids[i : i + _WRITE_BATCH], vecs[i : i + _WRITE_BATCH])
                ]
            },
        )
    t3 = time.perf_counter()
    empty = [pid for pid, t in zip(ids, texts) if not t]
    for pid in empty:
        ctx.report.defect("embeddings", "nothing_to_embed", id=pid)
    ctx.report.add("embedding", len(ids))
    ctx.report.metrics["embeddings"] = {
        "provisions": len(ids),
        "computed": emb.misses,
        "cached": emb.hits,
        "embed_s": round(t2 - t1, 2),
        "write_s": round(t3 - t2, 2),
        "total_s": round(t3 - t0, 2),
        "per_vector_ms": round(1000 * (t2 - t1) / max(1, emb.misses), 1) if emb.misses else None,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
