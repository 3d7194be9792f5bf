"""Apply schema.cypher: create every index the code relies on (idempotent)."""

from __future__ import annotations

from pathlib import Path

SCHEMA_FILE = Path(__file__).resolve().parent / "schema.cypher"


def statements(path: Path = SCHEMA_FILE) -> list[str]:
    lines = [
        ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.lstrip().startswith("//")
    ]
    return [s.strip() for s in " ".join(lines).split(";") if s.strip()]


def apply(store) -> int:
    """Create missing indexes; returns how many were created now."""
    created = 0
    for stmt in statements():
        try:
            store.query(stmt)
            created += 1
        except Exception as exc:  # FalkorDB: no IF NOT EXISTS for indexes
            if "already indexed" in str(exc).lower() or "already exists" in str(exc).lower():
                continue
            raise
    return created
