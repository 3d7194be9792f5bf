"""Two vectors for every Provision (Section/Article): n.embedding = vecf32(e5("title. first ~120 chars"))
and n.names_embedding = vecf32(e5("title; the names people use for it")), the second from the pack's
names in English, Hindi and Roman Hindi (graph_schema.loaders.provision_names, which runs before this
step), so a question in lay words or in Hindi meets the provision by what it is called as well as by
what its text says (issue 19).

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


def names_text(title: str | None, *names: list[str] | None) -> str:
    """What a provision is called: its heading, then each people-name once, in the pack's order."""
    parts = [(title or "").strip(), *(" ".join(str(n).split()) for ns in names for n in (ns or []))]
    return "; ".join(dict.fromkeys(p for p in parts if p))


def _write(store, prop: str, ids: list[str], vecs) -> None:
    for i in range(0, len(ids), _WRITE_BATCH):
        store.query(
            f"UNWIND $rows AS row MATCH (n:Provision {{id: row.id}}) SET n.{prop} = vecf32(row.vec)",
            {
                "rows": [
                    {"id": pid, "vec": [float(x) for x in v]}
                    for pid, v in zip(ids[i : i + _WRITE_BATCH], vecs[i : i + _WRITE_BATCH])
                ]
            },
        )


def load(store, ctx, only_acts: tuple[str, ...] | None = None) -> None:
    from core.embed import Embedder

    t0 = time.perf_counter()
    rows = store.query(
        "MATCH (n:Provision) RETURN n.id, n.act, n.title, n.text, n.names_en, n.names_hi, n.names_rom ORDER BY n.id"
    )
    if only_acts:
        rows = [r for r in rows if r[1] in only_acts]
    ids = [r[0] for r in rows]
    texts = [embed_text(r[2], r[3]) for r in rows]
    emb = Embedder(ctx.cache_dir)
    t1 = time.perf_counter()
    vecs = emb.embed_passages(texts, progress=lambda it: ctx.progress(it, desc="embeddings"))
    named = [(r[0], names_text(r[2], r[4], r[5], r[6])) for r in rows]
    named = [(pid, t) for pid, t in named if t]
    name_vecs = emb.embed_passages([t for _, t in named], progress=lambda it: ctx.progress(it, desc="name vectors"))
    t2 = time.perf_counter()
    _write(store, "embedding", ids, vecs)
    _write(store, "names_embedding", [pid for pid, _ in named], name_vecs)
    t3 = time.perf_counter()
    empty = [pid for pid, t in zip(ids, texts) if not t]
    for pid in empty:
        ctx.report.defect("embeddings", "nothing_to_embed", id=pid)
    ctx.report.add("embedding", len(ids))
    ctx.report.metrics["embeddings"] = {
        "provisions": len(ids),
        "named": len(named),
        "computed": emb.misses,
        "cached": emb.hits,
        "embed_s": round(t2 - t1, 2),
        "write_s": round(t3 - t2, 2),
        "total_s": round(t3 - t0, 2),
        "per_vector_ms": round(1000 * (t2 - t1) / max(1, emb.misses), 1) if emb.misses else None,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
