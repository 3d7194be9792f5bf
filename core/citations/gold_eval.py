"""Precision/recall of the extractor against InLegalNER gold spans (overlap match).

    python -m core.citations.gold_eval ../shared/corpus

Provisions: our section/article citations vs gold PROVISION entities.
Precedents: our case citations vs gold PRECEDENT entities.
A prediction is correct if it overlaps a gold span of its type; a gold span
is found if some prediction of the right type overlaps it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .extract import extract

NER_FILE = "InLegalNER_dev_from_spacy.jsonl"
_GROUPS = {"provision": ({"section", "article"}, "PROVISION"), "precedent": ({"case"}, "PRECEDENT")}


def _find_file(corpus_dir: str | Path) -> Path:
    p = Path(corpus_dir)
    for cand in (p, p / NER_FILE, p / "ner" / NER_FILE, p / "judgments" / "ner" / NER_FILE):
        if cand.is_file():
            return cand
    raise FileNotFoundError(f"{NER_FILE} not found under {p}")


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _any_overlap(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(_overlaps(span, s) for s in spans)


def evaluate_ner(corpus_dir: str | Path) -> dict:
    """{'provision': {...}, 'precedent': {...}, 'docs': n} with tp/fp/fn, precision, recall."""
    counts = {g: {"pred": 0, "pred_ok": 0, "gold": 0, "gold_found": 0} for g in _GROUPS}
    docs = 0
    with open(_find_file(corpus_dir), encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            docs += 1
            cits = extract(row["text"])
            for group, (kinds, label) in _GROUPS.items():
                pred = [(c.start, c.end) for c in cits if c.kind in kinds]
                gold = [(e["start"], e["end"]) for e in row["entities"] if e["label"] == label]
                c = counts[group]
                c["pred"] += len(pred)
                c["pred_ok"] += sum(_any_overlap(p, gold) for p in pred)
                c["gold"] += len(gold)
                c["gold_found"] += sum(_any_overlap(g, pred) for g in gold)
    out: dict = {"docs": docs}
    for group, c in counts.items():
        out[group] = dict(
            c,
            precision=c["pred_ok"] / c["pred"] if c["pred"] else 0.0,
            recall=c["gold_found"] / c["gold"] if c["gold"] else 0.0,
        )
    return out


if __name__ == "__main__":  # pragma: no cover
    res = evaluate_ner(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus")
    print(json.dumps(res, indent=2))
