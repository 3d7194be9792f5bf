"""How good is the derived CrPC->BNSS / IEA->BSA mapping? Precision, recall, accuracy@1
against the hand-verified gold lists (packs/india/*_gold.json).

Gold pairs whose old section is absent from the corpus ("source_missing": true) cannot be
derived from text and are left out of the figures (they still become "pack" edges).

  python -m graph_schema.concordance_eval        # prints the figures as JSON
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from graph_schema.loaders.statutes import norm_number


def evaluate(pred_pairs, gold_pairs) -> dict:
    """pred_pairs: [(old, new, score, rank)] (rank 1 = best target); gold_pairs: [{old, new, ...}]."""
    gold = {(norm_number(g["old"]), norm_number(g["new"])) for g in gold_pairs if not g.get("source_missing")}
    gold_olds = {o for o, _ in gold}
    pred = {(norm_number(o), norm_number(n)) for o, n, *_ in pred_pairs if norm_number(o) in gold_olds}
    top1 = {norm_number(o): norm_number(n) for o, n, _s, rank in pred_pairs if rank == 1}
    tp = len(pred & gold)
    acc1 = sum(1 for o in gold_olds if (o, top1.get(o)) in gold) / max(1, len(gold_olds))
    errors = sorted(f"{o}->{n}" for o, n in pred - gold)
    missed = sorted(f"{o}->{n}" for o, n in gold - pred)
    return {"precision": round(tp / max(1, len(pred)), 4), "recall": round(tp / max(1, len(gold)), 4),
            "accuracy_at_1": round(acc1, 4), "gold": len(gold), "predicted_for_gold": len(pred),
            "wrong": errors, "missed": missed, "derived_total": len(pred_pairs)}


def run(corpus_dir: Path, pack_dir: Path) -> dict:
    from graph_schema.loaders.concordance import GOLD_FILES, align, read_gold
    from graph_schema.loaders.statutes import read_act_sections

    out = {}
    for old, new in GOLD_FILES:
        o = [r for r in read_act_sections(corpus_dir, old) if r["text"] and not r.get("repealed")]
        n = [r for r in read_act_sections(corpus_dir, new) if r["text"]]
        out[f"{old}->{new}"] = evaluate(align(o, n)["pairs"], read_gold(pack_dir, old, new)["pairs"])
    return out


def main(argv=None) -> int:
    from core.config import load_settings
    from graph_schema.context import PACK_DIR

    print(json.dumps(run(load_settings().corpus_dir, PACK_DIR), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
