"""Access to the FalkorDB graph: embedded (falkordblite) by default, a server when FALKORDB_URL is set.

GraphStore.query may write and is used by ingestion only. ReadOnlyGraph exposes
ro_query alone; the verifier and the retriever are handed one of those.
All Cypher here takes parameters; no caller builds a query from user text.
"""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from core.config import Settings, load_settings

log = logging.getLogger(__name__)


class GraphUnavailable(RuntimeError):
    """The graph database cannot be reached or started."""


class GraphStore:
    def __init__(self, graph, closer, mode: str, timeout_ms: int):
        self._graph = graph
        self._closer = closer
        self.mode = mode
        self.timeout_ms = timeout_ms
        self._lock = threading.Lock()

    def query(self, cypher: str, params: dict | None = None, timeout_ms: int | None = None) -> list[list[Any]]:
        return self._run(self._graph.query, cypher, params, timeout_ms or 0)

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

    def read_only(self) -> "ReadOnlyGraph":
        return ReadOnlyGraph(self)

    def close(self) -> None:
        if self._closer is not None:
            closer, self._closer = self._closer, None
            closer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ReadOnlyGraph:
    """The only face of the graph that answering code sees: GRAPH.RO_QUERY, with a timeout."""

    def __init__(self, store: GraphStore):
        self._store = store
        self.mode = store.mode

    def ro_query(self, cypher: str, params: dict | None = None, timeout_ms: int | None = None) -> list[list[Any]]:
        return self._store.ro_query(cypher, params, timeout_ms)


def _is_redis_unavailable(exc: Exception) -> bool:
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeout
    except ImportError:  # pragma: no cover - redis comes with both clients
        return False
    return isinstance(exc, (RedisConnectionError, RedisTimeout))


def _open_embedded(db_dir: Path, graph_name: str, timeout_ms: int) -> GraphStore:
    try:
        from redislite.falkordb_client import FalkorDB
    except ImportError as exc:  # pragma: no cover - install problem
        raise GraphUnavailable("falkordblite is not installed") from exc
    db_dir.mkdir(parents=True, exist_ok=True)
    try:
        db = FalkorDB(str(db_dir / "graph.rdb"), serverconfig={"appendonly": "yes", "dir": str(db_dir)})
    except Exception as exc:
        raise GraphUnavailable(f"could not start the embedded graph database in {db_dir}: {exc}") from exc

    def closer():
        try:
            db.client.connection_pool.disconnect()
        finally:
            db.close()

    return GraphStore(db.select_graph(graph_name), closer, "embedded", timeout_ms)


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
