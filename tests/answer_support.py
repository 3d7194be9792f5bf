"""Shared helper of the tests that ask the real pipeline (the `pipe` fixture is in conftest.py)."""

from __future__ import annotations


def cited_ids(answer) -> list[str]:
    """The node ids an answer cites, each once, in the order shown."""
    return list(dict.fromkeys(c.node_id for c in answer.citations if c.node_id))
