"""Idempotent batched writes: UNWIND rows, MERGE on id, SET properties.

Labels and relationship types are identifiers, not parameters, in Cypher; they are
checked against the schema's closed vocabulary before being placed in a query, and
every value travels as a parameter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from domain.vocab import NODE_LABELS, REL_TYPES  # noqa: F401  (the one vocabulary; re-exported)

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
BATCH = 500


def _label(label: str) -> str:
    if label not in NODE_LABELS:
        raise ValueError(f"unknown node label {label!r}")
    return label


def _rel(rel: str) -> str:
    if rel not in REL_TYPES:
        raise ValueError(f"unknown relationship type {rel!r}")
    return rel


def _chunks(rows: Sequence[dict], size: int = BATCH) -> Iterable[Sequence[dict]]:
    for i in range(0, len(rows), size):
        yield rows[i : i + size]


def merge_nodes(store, label: str, rows: Sequence[dict], extra_labels: Sequence[str] = (), key: str = "id") -> int:
    """MERGE (n:label {key: row[key]}) SET n += row (minus vector fields handled by caller)."""
    if not _IDENT.match(key):
        raise ValueError(key)
    labels = ":".join([_label(label), *(_label(x) for x in extra_labels)])
    q = f"UNWIND $rows AS row MERGE (n:{_label(label)} {{{key}: row.{key}}}) SET n += row" + (
        f", n:{labels}" if extra_labels else ""
    )
    n = 0
    for chunk in _chunks(list(rows)):
        store.query(q, {"rows": list(chunk)})
        n += len(chunk)
    return n


def merge_edges(store, rel: str, rows: Sequence[dict], from_label: str, to_label: str) -> int:
    """rows: {"src": id, "dst": id, "props": {...}}. Missing endpoints are skipped by MATCH;
    the number actually written is returned so callers can report dangling references."""
    q = (
        f"UNWIND $rows AS row MATCH (a:{_label(from_label)} {{id: row.src}}) "
        f"MATCH (b:{_label(to_label)} {{id: row.dst}}) "
        f"MERGE (a)-[r:{_rel(rel)}]->(b) SET r += row.props RETURN count(r)"
    )
    written = 0
    for chunk in _chunks([{"src": r["src"], "dst": r["dst"], "props": r.get("props") or {}} for r in rows]):
        res = store.query(q, {"rows": list(chunk)})
        written += res[0][0] if res else 0
    return written
