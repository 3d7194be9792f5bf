"""The direct-question scorer's training questions (core/provision_training.jsonl) against the graph.

Every row is well formed (a unique id, a language, a train/dev split, at least one gold id), and every
gold id is a provision the graph holds: a gold id the graph lacks could never be ranked, and would
train the scorer against every candidate it does get.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "core" / "provision_training.jsonl"
ROWS = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]


def test_rows_are_well_formed():
    ids = [r["id"] for r in ROWS]
    assert len(ids) == len(set(ids))
    for r in ROWS:
        assert r["lang"] in {"en", "hi", "hinglish"}, r["id"]
        assert r["split"] in {"train", "dev"}, r["id"]
        assert r["question"].strip(), r["id"]
        assert r["gold"] and len(r["gold"]) == len(set(r["gold"])), r["id"]
    questions = [" ".join(r["question"].lower().split()) for r in ROWS]
    assert len(questions) == len(set(questions))


def test_every_gold_id_is_held(graph):
    gold = sorted({g for r in ROWS for g in r["gold"]})
    held = {row[0] for row in graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id", {"ids": gold})}
    missing = {r["id"]: [g for g in r["gold"] if g not in held] for r in ROWS if set(r["gold"]) - held}
    assert missing == {}
