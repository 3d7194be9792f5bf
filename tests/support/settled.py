"""What the settled-point tests share (tests/test_settled_asks.py, test_settled_lay_words.py,
test_settled_said_plainly.py): a pack point built from doctrine.json's asks and scope words alone (no graph),
which points a question says, the assertion that it says exactly the one expected, and the pack's points."""

from __future__ import annotations

import json
from pathlib import Path

from core.settled_points import SettledPoint, _asked_also, _asked_as, _other_asks, _scopes, in_scope, says_point

PACK = Path(__file__).resolve().parents[2] / "graph_schema" / "packs" / "india"


def pack_point(pack_id: str) -> SettledPoint:
    """A point as the probe reads the pack: its scope, English wordings, asks, every asks_also set and other asks."""
    requires, not_when, issue_en = _scopes().get(pack_id, ((), (), ()))
    return SettledPoint(
        pack_id, "", "", "", frozenset(), requires=requires, not_when=not_when, issue_en=issue_en,
        asks=_asked_as().get(pack_id, ()), asks_also=_asked_also().get(pack_id, ()),
        other_asks=_other_asks().get(pack_id, ()),
    )  # fmt: skip


def said_by(q: str) -> list[str]:
    """Every pack point the question says and is in scope of."""
    return [z for z in _asked_as() if says_point(pack_point(z), q) and in_scope(pack_point(z), q)]


def assert_says_only(q: str, by: str | None) -> None:
    """The question says no point (by None) or exactly one, whose id contains ``by``."""
    said = said_by(q)
    if by is None:
        assert said == [], said
    else:
        assert len(said) == 1 and by in said[0], said


def doctrine_points() -> dict[str, dict]:
    """doctrine.json's settled points by settler id."""
    rows = json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["settled_points"]
    return {p["settler"]: p for p in rows}
