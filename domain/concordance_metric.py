"""How good is a derived old->new code mapping? Precision, recall and accuracy@1 against gold pairs.

Gold pairs whose old section is absent from the corpus ("source_missing": true) cannot be
derived from text and are left out of the figures. Pure: the concordance loader
(graph_schema.loaders.concordance) and the evaluation script (graph_schema.concordance_eval)
both call it, and neither imports the other for it.
"""

from __future__ import annotations

from domain.numbers import section_number


def evaluate(pred_pairs, gold_pairs) -> dict:
    """pred_pairs: [(old, new, score, rank)] (rank 1 = best target); gold_pairs: [{old, new, ...}]."""
    n = section_number
    gold = {(n(g["old"]), n(g["new"])) for g in gold_pairs if not g.get("source_missing")}
    gold_olds = {o for o, _ in gold}
    pred = {(n(o), n(nw)) for o, nw, *_ in pred_pairs if n(o) in gold_olds}
    top1 = {n(o): n(nw) for o, nw, _s, rank in pred_pairs if rank == 1}
    tp = len(pred & gold)
    acc1 = sum(1 for o in gold_olds if (o, top1.get(o)) in gold) / max(1, len(gold_olds))
    errors = sorted(f"{o}->{nw}" for o, nw in pred - gold)
    missed = sorted(f"{o}->{nw}" for o, nw in gold - pred)
    return {
        "precision": round(tp / max(1, len(pred)), 4),
        "recall": round(tp / max(1, len(gold)), 4),
        "accuracy_at_1": round(acc1, 4),
        "gold": len(gold),
        "predicted_for_gold": len(pred),
        "wrong": errors,
        "missed": missed,
        "derived_total": len(pred_pairs),
    }
