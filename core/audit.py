"""Tamper-evident audit trail of answers, in SQLite.

Each row stores an event (canonical JSON), the previous row's hash and
hash = sha256(prev_hash + canonical_json). verify() recomputes the chain, so an
edited, deleted, reordered or inserted row breaks it. A meta row (event count
and head hash, written in the same transaction) also catches truncation of the
newest rows; to defend against someone rewriting the whole file, publish
head() elsewhere and pass it back as verify(expected_head=...).

Privacy: raw question text and audio hashes are dropped unless store_raw=True.
Writes are one IMMEDIATE transaction per event (WAL mode), serialised by a lock
within the process and by SQLite's write lock across processes. Any storage
failure (disk full, unwritable path) raises AuditUnavailable; callers still
answer and flag the answer "unrecorded".
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

GENESIS = "0" * 64

EVENT_FIELDS = frozenset(
    {
        "ts",
        "question_sha256",
        "language",
        "evidence_ids",
        "model_id",
        "prompt_sha256",
        "response_sha256",
        "verdict",
        "statuses",
        "timings_ms",
    }
)
RAW_FIELDS = frozenset({"question_text", "audio_sha"})

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_events (
    seq        INTEGER PRIMARY KEY,
    event_json TEXT NOT NULL,
    prev_hash  TEXT NOT NULL,
    hash       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class AuditUnavailable(RuntimeError):
    """The audit log cannot be written (disk full, read-only or missing path, corrupt file)."""


@dataclass(frozen=True)
class VerifyResult:
    ok: bool
    n_events: int
    problems: list[str] = field(default_factory=list)


def canonical_json(event: dict[str, Any]) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def chain_hash(prev_hash: str, event_json: str) -> str:
    return hashlib.sha256((prev_hash + event_json).encode("utf-8")).hexdigest()


class AuditLog:
    def __init__(
        self, path: str | Path, *, store_raw: bool = False, max_pages: int | None = None, busy_timeout_ms: int = 10_000
    ):
        """max_pages caps the database size (SQLite pages); beyond it appends raise AuditUnavailable."""
        self.path = Path(path)
        self.store_raw = store_raw
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(
                str(self.path), isolation_level=None, check_same_thread=False, timeout=busy_timeout_ms / 1000
            )
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
            self._db.executescript(_SCHEMA)
            if max_pages is not None:
                self._db.execute(f"PRAGMA max_page_count = {int(max_pages)}")
        except sqlite3.Error as e:
            raise AuditUnavailable(self._explain("open", e)) from e

    def _explain(self, op: str, e: sqlite3.Error) -> str:
        return (
            f"audit log unavailable ({op} {self.path}): {e}. The disk may be full or the path not writable; "
            "answers must be flagged 'unrecorded'."
        )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _prepare(self, event: dict[str, Any]) -> dict[str, Any]:
        unknown = set(event) - EVENT_FIELDS - RAW_FIELDS
        if unknown:
            raise ValueError(f"unknown audit event field(s): {', '.join(sorted(unknown))}")
        ev = {k: v for k, v in event.items() if k in EVENT_FIELDS or (self.store_raw and k in RAW_FIELDS)}
        ev.setdefault("ts", datetime.now(UTC).isoformat(timespec="milliseconds"))
        return ev

    def append(self, event: dict[str, Any]) -> str:
        """Append one event; returns its chain hash. Raises AuditUnavailable on storage failure."""
        ev_json = canonical_json(self._prepare(event))
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    row = self._db.execute("SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1").fetchone()
                    prev = row[0] if row else GENESIS
                    h = chain_hash(prev, ev_json)
                    self._db.execute(
                        "INSERT INTO audit_events (event_json, prev_hash, hash) VALUES (?, ?, ?)", (ev_json, prev, h)
                    )
                    self._db.execute(
                        "INSERT INTO audit_meta (key, value) VALUES ('n_events', '1') "
                        "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
                    )
                    self._db.execute(
                        "INSERT INTO audit_meta (key, value) VALUES ('head', ?) "
                        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                        (h,),
                    )
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise AuditUnavailable(self._explain("append to", e)) from e
        return h

    def head(self) -> str:
        """Hash of the newest event (GENESIS when empty)."""
        with self._lock:
            row = self._db.execute("SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1").fetchone()
        return row[0] if row else GENESIS

    def events(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT event_json FROM audit_events ORDER BY seq").fetchall()
        return [json.loads(r[0]) for r in rows]

    def verify(self, expected_head: str | None = None) -> VerifyResult:
        """Recompute the chain; report every break."""
        with self._lock:
            self._db.execute("BEGIN")  # one consistent snapshot
            try:
                rows = self._db.execute(
                    "SELECT seq, event_json, prev_hash, hash FROM audit_events ORDER BY seq"
                ).fetchall()
                meta = dict(self._db.execute("SELECT key, value FROM audit_meta").fetchall())
            finally:
                self._db.execute("COMMIT")
        problems: list[str] = []
        prev, last_seq = GENESIS, 0
        for seq, ev_json, prev_hash, h in rows:
            if seq != last_seq + 1:
                problems.append(f"row {seq}: sequence gap after row {last_seq} (row deleted or inserted)")
            if prev_hash != prev:
                problems.append(
                    f"row {seq}: prev_hash does not match the previous row (row deleted, reordered or inserted)"
                )
            try:
                if canonical_json(json.loads(ev_json)) != ev_json:
                    problems.append(f"row {seq}: event is not canonical JSON (edited)")
            except ValueError:
                problems.append(f"row {seq}: event is not valid JSON (edited)")
            if chain_hash(prev_hash, ev_json) != h:
                problems.append(f"row {seq}: hash does not match its content (edited)")
            prev, last_seq = h, seq
        n = len(rows)
        if str(n) != meta.get("n_events", "0"):
            problems.append(f"event count {n} != recorded count {meta.get('n_events', '0')} (rows deleted or inserted)")
        if prev != meta.get("head", GENESIS):
            problems.append(
                "last row's hash != recorded head (newest rows deleted, replaced or appended outside the log)"
            )
        if expected_head is not None and prev != expected_head:
            problems.append("head does not match the expected (externally anchored) head")
        return VerifyResult(ok=not problems, n_events=n, problems=problems)
