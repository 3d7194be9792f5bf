"""The answer path's caches (issue 24, under load): what they keep can never leak a caller's edit or
show another answer's picture."""

from __future__ import annotations

from app import chain_image
from core.graphdb import ReadOnlyGraph, _copied


class _Store:
    mode = "embedded"

    def __init__(self):
        self.calls = 0

    def ro_query(self, cypher, params=None, timeout_ms=None):
        self.calls += 1
        return [["BNS:103", {"title": "Punishment for murder", "aliases": ["murder"]}, 3, None]]


def test_a_remembered_read_is_a_copy_both_ways():
    store = _Store()
    g = ReadOnlyGraph(store)
    q = "MATCH (n {id: $id}) RETURN n.id, n.props, 3, null"
    first = g.ro_query(q, {"id": "BNS:103"})
    first[0][1]["title"] = "edited by a caller"
    first[0][1]["aliases"].append("x")
    second = g.ro_query(q, {"id": "BNS:103"})
    assert store.calls == 1
    assert second == [["BNS:103", {"title": "Punishment for murder", "aliases": ["murder"]}, 3, None]]
    second[0].append("more")
    assert g.ro_query(q, {"id": "BNS:103"})[0] == ["BNS:103", second[0][1], 3, None]


SEARCH = "CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score RETURN node.id, node.title, score"
VECTOR = "CALL db.idx.vector.queryNodes('Provision', 'embedding', 30, vecf32($v)) YIELD node, score RETURN node.id"


def test_a_search_is_remembered_by_its_words_and_handed_out_as_a_copy():
    store = _Store()
    g = ReadOnlyGraph(store)
    first = g.ro_query(SEARCH, {"q": "murder"})
    first[0][1]["title"] = "edited by a caller"
    assert g.ro_query(SEARCH, {"q": "murder"})[0][1]["title"] == "Punishment for murder"
    assert store.calls == 1
    g.ro_query(SEARCH, {"q": "theft"})  # other words: another search
    g.ro_query(VECTOR, {"v": [0.1, 0.2, 0.3]})
    g.ro_query(VECTOR, {"v": [0.1, 0.2, 0.3]})
    g.ro_query(VECTOR, {"v": [0.1, 0.2, 0.4]})
    assert store.calls == 4


def test_a_remembered_search_is_dropped_after_a_write_of_this_process_and_after_the_ttl(monkeypatch):
    from core import graphdb

    store = _Store()
    g = ReadOnlyGraph(store)
    g.ro_query(SEARCH, {"q": "murder"})
    monkeypatch.setattr(graphdb, "_writes", graphdb._writes + 1)  # what GraphStore.query does
    g.ro_query(SEARCH, {"q": "murder"})
    assert store.calls == 2
    now = graphdb.time.monotonic()
    monkeypatch.setattr(graphdb.time, "monotonic", lambda: now + ReadOnlyGraph._CACHE_TTL_S + 1)
    g.ro_query(SEARCH, {"q": "murder"})
    assert store.calls == 3


def test_searches_are_bounded_apart_and_never_push_out_the_node_reads(monkeypatch):
    monkeypatch.setattr(ReadOnlyGraph, "_SEARCH_MAX", 3)
    store = _Store()
    g = ReadOnlyGraph(store)
    read = "MATCH (n {id: $id}) RETURN n.id"
    g.ro_query(read, {"id": "BNS:103"})
    for i in range(10):
        g.ro_query(SEARCH, {"q": f"word{i}"})
    assert len(g._searches) == 3 and store.calls == 11
    g.ro_query(read, {"id": "BNS:103"})
    g.ro_query(SEARCH, {"q": "word9"})
    assert store.calls == 11
    g.ro_query(SEARCH, {"q": "word0"})  # the oldest search went
    assert store.calls == 12


def test_the_index_catalogue_is_never_remembered():
    store = _Store()
    g = ReadOnlyGraph(store)
    g.ro_query("CALL db.indexes() YIELD status RETURN status")
    g.ro_query("CALL db.indexes() YIELD status RETURN status")
    assert store.calls == 2


def test_copied_keeps_values_and_copies_what_is_not_plain():
    class Node:
        def __init__(self, props):
            self.properties = props

    node = Node({"id": "x"})
    rows = [[1, 2.5, "s", None, True, (1, [2])], {"k": [node]}]
    got = _copied(rows)
    assert got[0] == rows[0] and got[0] is not rows[0] and got[0][5][1] is not rows[0][5][1]
    assert got[1]["k"][0] is not node and got[1]["k"][0].properties == {"id": "x"}
    from collections import OrderedDict

    m = OrderedDict([("b", [1]), ("a", {"c": 2})])  # a graph map, as the FalkorDB client reads it
    got = _copied([m])[0]
    assert type(got) is OrderedDict and list(got) == ["b", "a"] and got == m
    assert got["b"] is not m["b"] and got["a"] is not m["a"]


CHAIN = [
    [
        {"id": "BNSS:482", "label": "Section", "name": "Section 482 BNSS"},
        {"rel": "INTERPRETS"},
        {"id": "case:sushila", "label": "Case", "name": "Sushila Aggarwal v. State"},
    ]
]


def test_the_chain_picture_is_drawn_once_per_content(monkeypatch):
    drawn = []
    real = chain_image._draw_png

    def counting(*a):
        drawn.append(a)
        return real(*a)

    monkeypatch.setattr(chain_image, "_draw_png", counting)
    monkeypatch.setattr(chain_image, "_DRAWN", type(chain_image._DRAWN)())
    a = chain_image.chain_png(CHAIN)
    b = chain_image.chain_png([list(CHAIN[0])])  # equal content, another object
    assert a == b and a.startswith(b"\x89PNG") and len(drawn) == 1
    other = chain_image.chain_png(CHAIN, lang="hi")
    assert other != a and len(drawn) == 2
    assert chain_image.chain_png([]) is None and chain_image.chain_png([]) is None and len(drawn) == 3


def test_the_kept_pictures_are_bounded(monkeypatch):
    monkeypatch.setattr(chain_image, "_DRAWN", type(chain_image._DRAWN)())
    monkeypatch.setattr(chain_image, "_DRAWN_MAX", 3)
    monkeypatch.setattr(chain_image, "_draw_png", lambda *a: b"png" + repr(a).encode())
    for i in range(5):
        chain_image.chain_png([[{"id": f"n{i}", "label": "Section", "name": str(i)}]])
    assert len(chain_image._DRAWN) == 3


# ------------------------------------------------------------------ scheduling under load (issue 24)
def test_the_apps_whisper_encodes_on_two_threads_and_decodes_on_one(monkeypatch):
    import core.speech.stt as stt_mod
    from app import service
    from core.stages import Transcript

    seen = {}

    class FakeTranscriber:
        def __init__(self, cpu_threads=2, decoder_threads=1, **kw):
            seen["threads"] = (cpu_threads, decoder_threads)

        def transcribe(self, audio, language="auto"):
            return Transcript.failed("test", "heard nothing")

    monkeypatch.setattr(stt_mod, "Transcriber", FakeTranscriber)
    assert service.Service().transcribe(b"RIFF....", "en").code == "test"
    # the split `nyayapath bench` measures (core.speech.stt.Transcriber's defaults)
    assert seen["threads"] == (service.STT_THREADS, service.STT_DECODER_THREADS) == (2, 1)


def test_old_files_are_pruned_at_most_once_a_minute(tmp_path, monkeypatch):
    import os
    import time

    from app import ui

    logic = ui.AppLogic(service=object(), out_dir=tmp_path)
    old = tmp_path / "old.html"
    old.write_text("x")
    os.utime(old, (time.time() - ui._KEEP_FILES_S - 10,) * 2)
    kept = logic._write(".html", "card")
    assert not old.exists() and os.path.exists(kept)
    old.write_text("x")
    os.utime(old, (time.time() - ui._KEEP_FILES_S - 10,) * 2)
    logic._write(".html", "card")
    assert old.exists()  # within the minute: the folder is not looked through again
    clock = time.time() + ui._PRUNE_EVERY_S + 1
    monkeypatch.setattr(ui.time, "time", lambda: clock)
    logic._write(".html", "card")
    assert not old.exists()


def test_the_apps_openblas_computes_in_one_thread():
    """Its second thread spun after every small product, as much CPU as the answer (issue 24)."""
    import ctypes
    from pathlib import Path

    import numpy

    from app import service

    told = service.one_blas_thread()
    root = Path(numpy.__file__).parent
    libs = sorted((root.parent / "numpy.libs").glob("*openblas*")) + sorted(root.glob(".libs/*openblas*"))
    getters = [
        getattr(ctypes.CDLL(str(p)), n.replace("set_", "get_"), None) for p in libs for n in service._BLAS_SET_THREADS
    ]
    getters = [g for g in getters if g is not None]
    assert told == bool(getters)
    for get in getters:
        assert get() == 1
    a = numpy.arange(12.0).reshape(3, 4)
    assert (a @ a.T)[2, 2] == sum(x * x for x in range(8, 12))  # still computes
