"""Access to the FalkorDB graph: embedded (falkordblite) by default, a server when FALKORDB_URL is set.

GraphStore.query may write and is used by ingestion only. ReadOnlyGraph exposes
ro_query alone; the verifier and the retriever are handed one of those.
All Cypher here takes parameters; no caller builds a query from user text.

Several processes may use one embedded database (one data dir) at once: the first starts the
server, the others attach to it through its socket, and the last one to close shuts it down.
Start, attach and shutdown happen under an exclusive file lock (db_dir/.server.lock, waited
for at most LOCK_TIMEOUT_S); every process using the server holds a shared lock on
db_dir/.users.lock, so "am I the last user?" is asked of the kernel, which also drops the locks
of a process that dies.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import fcntl
import json
import logging
import shutil
import tempfile
import threading
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any

from core.config import Settings, load_settings

log = logging.getLogger(__name__)


LOCK_TIMEOUT_S = 120.0  # another process starting or stopping the embedded server


class GraphUnavailable(RuntimeError):
    """The graph database cannot be reached or started."""


class GraphNotBuilt(RuntimeError):
    """The database is up but holds no graph of that name yet (`nyayapath ingest` builds it)."""


class GraphStore:
    def __init__(self, graph, closer, mode: str, timeout_ms: int):
        self._graph = graph
        self._closer = closer
        self.mode = mode
        self.timeout_ms = timeout_ms
        self._lock = threading.Lock()

    def query(self, cypher: str, params: dict | None = None, timeout_ms: int | None = None) -> list[list[Any]]:
        global _writes
        try:
            return self._run(self._graph.query, cypher, params, timeout_ms or 0)
        finally:
            _writes += 1  # whatever it wrote, no remembered read of this process outlives it

    def ro_query(self, cypher: str, params: dict | None = None, timeout_ms: int | None = None) -> list[list[Any]]:
        return self._run(self._graph.ro_query, cypher, params, timeout_ms or self.timeout_ms)

    def _run(self, fn, cypher, params, timeout_ms):
        try:
            res = fn(cypher, params or {}, timeout=timeout_ms or None)
        except (ConnectionError, OSError) as exc:
            raise GraphUnavailable(f"graph database unreachable: {exc}") from exc
        except Exception as exc:
            # redis-py's ConnectionError is not the builtin one; its subclasses include
            # BusyLoadingError (a restarted server still loading its data), AuthenticationError
            # and MaxConnectionsError -- all "the graph is unavailable", not a bad query.
            if _is_redis_unavailable(exc):
                raise GraphUnavailable(f"graph database unreachable: {exc}") from exc
            if "empty key" in str(exc):  # "Invalid graph operation on empty key": no such graph
                raise GraphNotBuilt("the knowledge graph is not built yet") from exc
            if "procedure" in str(exc).lower() and "db.idx" in cypher and not getattr(self, "_retrying", False):
                # a server that restarted is rebuilding its indexes: wait for them once, then retry
                self._retrying = True
                try:
                    self.wait_ready(timeout_s=60)
                    res = fn(cypher, params or {}, timeout=timeout_ms or None)
                finally:
                    self._retrying = False
                return res.result_set
            raise
        return res.result_set

    def wait_ready(self, timeout_s: float = 120.0) -> float:
        """Block until every index is OPERATIONAL and return the seconds waited.

        FalkorDB rebuilds indexes in the background after loading a persisted graph;
        until then full-text and vector queries silently return nothing, which would
        turn into false abstentions.
        """
        t0 = time.monotonic()
        while True:
            try:
                rows = self.ro_query("CALL db.indexes() YIELD status RETURN status")
            except GraphUnavailable:
                raise
            except Exception:  # an empty graph may have no index catalogue yet
                return time.monotonic() - t0
            if all(str(st).upper() == "OPERATIONAL" for (st,) in rows):
                return time.monotonic() - t0
            if time.monotonic() - t0 > timeout_s:
                raise GraphUnavailable(f"graph indexes still building after {timeout_s:.0f} s")
            time.sleep(0.1)

    def compact(self, timeout_s: float = 120.0) -> float:
        """Embedded mode: rewrite the append-only file as one snapshot (BGREWRITEAOF) and wait for it; the
        seconds taken (0 for a server by FALKORDB_URL, which keeps its own files). The embedded server
        replays that file at every start: after a day of ingests it held 56 MB of writes on an empty base
        and every open (each CLI call, the app's start) took 9.4 s. Ingest calls it when it is done."""
        if self.mode != "embedded":
            return 0.0
        client = self._graph.client
        t0 = time.monotonic()
        try:
            client.execute_command("BGREWRITEAOF")
        except Exception as exc:  # one already running is waited for below; anything else costs only speed
            if "progress" not in str(exc).lower():
                log.warning("append-only file not rewritten: %s", exc)
                return 0.0
        while True:
            info = client.info("persistence")
            if not int(info.get("aof_rewrite_in_progress", 0)) and not int(info.get("aof_rewrite_scheduled", 0)):
                return time.monotonic() - t0
            if time.monotonic() - t0 > timeout_s:
                log.warning("append-only file rewrite still running after %.0f s", timeout_s)
                return time.monotonic() - t0
            time.sleep(0.1)

    def read_only(self) -> ReadOnlyGraph:
        return ReadOnlyGraph(self)

    def close(self) -> None:
        if self._closer is not None:
            closer, self._closer = self._closer, None
            closer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_writes = 0  # writes made through any GraphStore of this process; a remembered read older than one is dropped


class ReadOnlyGraph:
    """The only face of the graph that answering code sees: GRAPH.RO_QUERY, with a timeout.

    Reads keyed by node ids (a provision's status, a case's court and bench, a conflict edge) are
    remembered: one answer asks the same few nodes about 50 times over (the verifier checks each
    citation of each draft and sentence), and popular provisions recur across questions. Searches
    (full-text and vector indexes, ``db.idx``) are remembered apart, keyed by the query and its
    parameters (the words searched for, the question's vector), in a smaller store of their own so
    that the many different questions of a busy hour never push the node reads out: the same
    question asked again (and the popular ones are, issue 24) costs the graph server nothing, about
    eight searches an answer. The index catalogue (``db.indexes``, whose status changes while a
    restarted server rebuilds) is never remembered. A remembered read or search is dropped after any
    write of this process (ingest, the clinic's add-judgment) and after ``_CACHE_TTL_S``, which
    bounds how long a write by another process sharing the database goes unseen."""

    _CACHE_TTL_S = 30.0
    _CACHE_MAX = 4096
    _SEARCH_MAX = 512  # a vector search's key holds its 384 numbers: about 12 kB each, 6 MB in all

    def __init__(self, store: GraphStore):
        self._store = store
        self.mode = store.mode
        self._cache: OrderedDict = OrderedDict()
        self._searches: OrderedDict = OrderedDict()
        self._cache_lock = threading.Lock()

    def ping(self) -> None:
        """One read the caches never answer (about 0.2 ms): an answer starts with it, so a graph that
        went away is told to the person as "not available, try again" even when every read of the
        question is still remembered, never answered from memory as if nothing were wrong."""
        self._store.ro_query("RETURN 1")

    def ro_query(self, cypher: str, params: dict | None = None, timeout_ms: int | None = None) -> list[list[Any]]:
        key = _cache_key(cypher, params)
        if key is None:
            return self._store.ro_query(cypher, params, timeout_ms)
        cache, most = (self._searches, self._SEARCH_MAX) if _is_search(cypher) else (self._cache, self._CACHE_MAX)
        now = time.monotonic()
        with self._cache_lock:
            hit = cache.get(key)
            if hit is not None and hit[0] == _writes and now - hit[1] < self._CACHE_TTL_S:
                cache.move_to_end(key)
                return _copied(hit[2])
        generation = _writes
        rows = self._store.ro_query(cypher, params, timeout_ms)
        with self._cache_lock:
            cache[key] = (generation, now, _copied(rows))
            cache.move_to_end(key)
            while len(cache) > most:
                cache.popitem(last=False)
        return rows


_ATOMS = (str, int, float, bool, type(None), bytes)


def _copied(value):
    """A deep copy of a result set, kept or handed out, so no caller's edit reaches the cache.

    Rows are lists of plain values (strings, numbers, lists and maps of them) nearly always, and
    ``copy.deepcopy``'s memo bookkeeping made it cost more than the cached read saved (about 20 ms
    an answer, ``benchmarks/profile_app.py``); anything else (a node, an edge, a path) still goes
    through ``copy.deepcopy``."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list:
        return [_copied(v) for v in value]
    if t is dict:
        return {k: _copied(v) for k, v in value.items()}
    if t is OrderedDict:  # a map the graph returns (FalkorDB's client reads maps into these)
        return OrderedDict((k, _copied(v)) for k, v in value.items())
    if t is tuple:
        return tuple(_copied(v) for v in value)
    return copy.deepcopy(value)


def built_once(cache: dict, lock: threading.Lock, graph, build):
    """``build(graph)`` once per graph store, kept in ``cache`` (every ReadOnlyGraph of one store
    shares it): the indexes answering builds from the whole graph (problems, provision names, the
    spelling dictionary) take a second or more each.

    An entry holds a weak reference to its store and is dropped when that store is collected: keyed
    by ``id`` alone, a store built after another was collected (the tests build many small graphs)
    can take the same ``id`` and be answered from the other graph's index, which made one full-suite
    question abstain that passed alone. A store that cannot be weakly referenced is held strongly, so
    its ``id`` is never reused while its entry lives."""
    store = getattr(graph, "_store", graph)
    key = id(store)
    with lock:
        got = cache.get(key)
        if got is not None and got[0]() is store:
            return got[1]
        value = build(graph)
        try:
            ref = weakref.ref(store, _dropper(cache, lock, key))
        except TypeError:
            ref = _Held(store)
        cache[key] = (ref, value)
        return value


class _Held:
    """A strong stand-in for ``weakref.ref`` (same call shape)."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def __call__(self):
        return self._obj


def _dropper(cache: dict, lock: threading.Lock, key: int):
    def drop(ref) -> None:
        # a collector run can fire this while another thread holds ``lock``: never wait on it
        if lock.acquire(blocking=False):
            try:
                if cache.get(key, (None,))[0] is ref:
                    del cache[key]
            finally:
                lock.release()

    return drop


def _is_search(cypher: str) -> bool:
    return "db.idx" in cypher


def _cache_key(cypher: str, params: dict | None):
    """The key a read or a search is remembered under, or None for a read that is not remembered
    (the index catalogue; parameters that cannot be a key)."""
    if "db.indexes" in cypher:
        return None
    try:
        frozen = tuple(sorted((k, _frozen(v)) for k, v in (params or {}).items()))
        hash(frozen)
    except TypeError:
        return None
    return cypher, frozen


def _frozen(value):
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def _is_redis_unavailable(exc: Exception) -> bool:
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeout
    except ImportError:  # pragma: no cover - redis comes with both clients
        return False
    return isinstance(exc, (RedisConnectionError, RedisTimeout))


@contextlib.contextmanager
def _exclusive(path: Path, timeout_s: float):
    """Hold an exclusive flock on ``path``, waiting at most ``timeout_s`` for it."""
    fh = open(path, "a+")
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise GraphUnavailable(
                        f"another process kept the embedded graph database in {path.parent} starting or "
                        f"stopping for over {timeout_s:.0f} s"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        fh.close()  # closing the file drops the lock


class _EmbeddedServer:
    """This process's use of the embedded server in ``db_dir`` (see the module docstring)."""

    def __init__(self, db_dir: Path, lock_timeout_s: float):
        self.db_dir = db_dir
        self.lock_timeout_s = lock_timeout_s
        self.db = None
        self._users = None
        self._mutex = threading.Lock()

    def open(self):
        from redislite.falkordb_client import FalkorDB

        self.db_dir.mkdir(parents=True, exist_ok=True)
        with _exclusive(self.db_dir / ".server.lock", self.lock_timeout_s):
            users = open(self.db_dir / ".users.lock", "a+")  # held until close()
            try:
                # never waits: only a process holding .server.lock takes .users.lock exclusively
                fcntl.flock(users, fcntl.LOCK_SH)
                # redislite attaches to the server its registry (graph.rdb.settings) names when that
                # one is running, else starts one; under the lock no other process is halfway through
                self.db = FalkorDB(
                    str(self.db_dir / "graph.rdb"), serverconfig={"appendonly": "yes", "dir": str(self.db_dir)}
                )
            except BaseException:
                users.close()
                raise
            self._users = users
        return self.db

    def close(self) -> None:
        with self._mutex:
            db, users, self.db, self._users = self.db, self._users, None, None
        if db is None:
            return
        client = db.client
        try:
            with _exclusive(self.db_dir / ".server.lock", self.lock_timeout_s):
                try:
                    fcntl.flock(users, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    last = True
                except BlockingIOError:
                    last = False
                if last:
                    client.connection_pool.disconnect()
                    db.close()  # redislite: SHUTDOWN (the append-only file is synced), wait for exit
                    _remove_stale_registry(self.db_dir)
                else:
                    _detach(client)
        except GraphUnavailable:
            log.warning("could not lock %s to stop the embedded server; leaving it running", self.db_dir)
            _detach(client)
        finally:
            users.close()

    def __del__(self):  # a store dropped without close(): still stop the server only if last
        try:
            self.close()
        except Exception:
            pass


def _detach(client) -> None:
    """Disconnect without stopping the server others still use: redislite would shut it down at
    close, exit or garbage collection if it counted too few connections, so it is told of no pid."""
    client.pidfile = None
    client.connection_pool.disconnect()


def _remove_stale_registry(db_dir: Path) -> None:
    """After the last user stopped the server: drop redislite's registry of it and the temporary
    directory (socket, config, log) that the process which started it would have removed."""
    reg = db_dir / "graph.rdb.settings"
    try:
        pidfile = Path(json.loads(reg.read_text())["pidfile"])
    except (OSError, ValueError, KeyError, TypeError):
        return
    if pidfile.exists():  # redis removes its pid file on a clean shutdown: still running
        return
    reg.unlink(missing_ok=True)
    run_dir = pidfile.parent
    if run_dir.parent == Path(tempfile.gettempdir()) and (run_dir / "redis.config").is_file():
        shutil.rmtree(run_dir, ignore_errors=True)


def _close_at_exit(ref) -> None:
    store = ref()
    if store is not None:
        store.close()


def preload_driver() -> None:
    """Import falkordblite's client now, in the calling thread. On its first import it takes site-packages off
    sys.path for a moment (to load the Python falkordb driver past its own falkordb.so), and a thread that
    imports anything in that moment fails: the app's warm-up thread opening the graph while the main thread
    imported gradio stopped the app at start ("No module named 'PIL'", "... 'httpx2'"). Call it before
    starting threads."""
    with contextlib.suppress(ImportError):
        import redislite.falkordb_client  # noqa: F401


def _open_embedded(db_dir: Path, graph_name: str, timeout_ms: int) -> GraphStore:
    try:
        import redislite.falkordb_client  # noqa: F401
    except ImportError as exc:  # pragma: no cover - install problem
        raise GraphUnavailable("falkordblite is not installed") from exc
    server = _EmbeddedServer(db_dir, LOCK_TIMEOUT_S)
    try:
        db = server.open()
    except GraphUnavailable:
        raise
    except Exception as exc:
        raise GraphUnavailable(f"could not start the embedded graph database in {db_dir}: {exc}") from exc
    store = GraphStore(db.select_graph(graph_name), server.close, "embedded", timeout_ms)
    # a process that exits without closing still stops the server if it is the last user, under the lock
    atexit.register(_close_at_exit, weakref.ref(store))
    return store


def _open_server(url: str, graph_name: str, timeout_ms: int) -> GraphStore:
    from falkordb import FalkorDB

    try:
        db = FalkorDB.from_url(url)
        db.connection.ping()
    except Exception as exc:
        raise GraphUnavailable(f"graph server at {_redact(url)} unreachable: {exc}") from exc

    def closer():
        db.connection.close()

    return GraphStore(db.select_graph(graph_name), closer, "server", timeout_ms)


def _redact(url: str) -> str:
    # never echo a password from the URL into logs or errors
    if "@" in url:
        scheme, rest = url.split("://", 1) if "://" in url else ("", url)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url


def open_store(settings: Settings | None = None, wait: bool = True) -> GraphStore:
    """Open the graph; by default wait until its indexes can answer queries."""
    s = settings or load_settings()
    if s.falkordb_url:
        store = _open_server(s.falkordb_url, s.graph_name, s.query_timeout_ms)
    else:
        store = _open_embedded(s.db_dir, s.graph_name, s.query_timeout_ms)
    if wait:
        try:
            store.wait_ready()
        except Exception:
            store.close()
            raise
    return store
