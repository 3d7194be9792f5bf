"""Writes core/settled_examples.jsonl, the questions core.settled_examples compares a new question with.

Settled questions: the tune part of evaluation/datasets/conflicts.jsonl, labelled with the judgment that
settled the point each asks. No question of an untouched part is taken, whichever set's tune part it is also
in. Questions on the same law that ask no settled point: that file's tune "none" rows, the tune part of
statutes.jsonl and the training batch core/provision_training.jsonl (each a question about the law, none
labelled for a settled disagreement). The everyday set stays out: it measures what the bank adds where
nobody asks a settled point.

    .venv/bin/python tools/build_settled_examples.py
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATASETS = ROOT / "evaluation" / "datasets"
OUT = ROOT / "core" / "settled_examples.jsonl"


def _rows(path: Path):
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def build() -> list[dict]:
    # a question of a tune part that is also in another set's untouched part stays out (CF645 is ST505)
    untouched = {
        r["question"]
        for name in ("conflicts", "statutes")
        for r in _rows(DATASETS / f"{name}.jsonl")
        if r.get("split") == "untouched"
    }
    out = []
    for r in _rows(DATASETS / "conflicts.jsonl"):
        if r.get("split") != "tune" or r["question"] in untouched:
            continue
        settler = r.get("settled_by") if r.get("expected") == "settled" else None
        out.append({"q": r["question"], "settler": settler, "from": r["id"]})
    for r in _rows(DATASETS / "statutes.jsonl"):
        if r.get("split") == "tune" and r["question"] not in untouched:
            out.append({"q": r["question"], "settler": None, "from": r["id"]})
    for r in _rows(ROOT / "core" / "provision_training.jsonl"):
        if r["question"] not in untouched:
            out.append({"q": r["question"], "settler": None, "from": r["id"]})
    return out


if __name__ == "__main__":
    rows = build()
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} questions, {sum(1 for r in rows if r['settler'])} settled -> {OUT.relative_to(ROOT)}")
