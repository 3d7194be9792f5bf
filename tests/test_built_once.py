"""core.graphdb.built_once: one index per live graph store, never another store's.

Keyed by ``id`` alone, a store made after another was collected could take the same ``id`` (CPython
reuses the freed memory at once) and be handed the collected store's index: in the full suite one
question about Article 17 abstained after a test with a small graph, while it passed alone."""

import gc
import threading

from core.graphdb import built_once


class _Store:
    def __init__(self, name: str):
        self.name = name


class _Graph:
    def __init__(self, store):
        self._store = store


def test_a_new_store_never_gets_a_collected_stores_index():
    cache, lock = {}, threading.Lock()
    seen_same_id = 0
    for i in range(50):
        store = _Store(f"s{i}")
        got = built_once(cache, lock, _Graph(store), lambda g: g._store.name)
        assert got == f"s{i}"
        before = id(store)
        del store
        gc.collect()
        again = _Store("next")
        seen_same_id += id(again) == before
        del again
    assert seen_same_id > 0, "CPython reused no id: the test did not exercise the case"


def test_one_build_per_live_store_shared_by_its_views():
    cache, lock = {}, threading.Lock()
    calls = []
    store = _Store("one")
    for _ in range(3):
        assert built_once(cache, lock, _Graph(store), lambda g: calls.append(1) or "idx") == "idx"
    assert len(calls) == 1


def test_a_collected_store_leaves_no_entry():
    cache, lock = {}, threading.Lock()
    store = _Store("gone")
    built_once(cache, lock, _Graph(store), lambda g: "idx")
    assert len(cache) == 1
    del store
    gc.collect()
    assert cache == {}


def test_a_store_without_weak_references_is_held_and_answered():
    cache, lock = {}, threading.Lock()
    store = {"plain": "dict"}  # a dict cannot be weakly referenced
    assert built_once(cache, lock, store, lambda g: "idx") == "idx"
    assert built_once(cache, lock, store, lambda g: "other") == "idx"
