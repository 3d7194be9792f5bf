"""Train the direct-question scorer (core.provision_rank) on the project's own training questions.

    flock /tmp/nyaya-cpu.lock .venv/bin/python tools/train_provision_rank.py [--write]

Reads core/provision_training.jsonl (questions written for training, in English, Hindi and
Hinglish, each with the provisions it is about; never an evaluation set), computes every candidate's
features through the real retriever on the graph at $NYAYAPATH_DATA_DIR, fits the logistic regression
on the "train" rows and reports, on the "dev" rows it never saw, hit@1 / all gold in the top 6 for the
learned weights, the hand weights and the index alone. ``--write`` stores the weights and those
figures in core/provision_rank.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core import provision_rank as R  # noqa: E402

DATA = ROOT / "core" / "provision_training.jsonl"


def rows() -> list[dict]:
    return [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]


def features(retriever, row: dict) -> dict[str, dict]:
    from core.answer import AnswerPipeline
    from core.language.detect import detect_language
    from core.language.spelling import corrected

    # as the app reads it (core.answer.AnswerPipeline.ask): spelling corrected; an English question asked in
    # English, a Roman-script Hindi one detected as Hindi with the English hint of its glossary terms; the
    # search reads the question with the statutes' words for its everyday words (_search_hint), as
    # retrieve() gives them to the scorer
    q = corrected(retriever.graph, row["question"])
    lang = "en" if row["lang"] == "en" else detect_language(q)
    hint = AnswerPipeline._english_hint(q) if lang == "hi" else ""
    search = AnswerPipeline._search_hint(q, hint, lang) or hint
    rankings, _ = retriever.first_rankings(q, lang, hint, search)
    return retriever.direct_candidates(q, search, rankings)


def evaluate(data: list[tuple[dict, dict]], w: np.ndarray) -> dict:
    top1 = full = 0
    for row, feats in data:
        if not feats:
            continue
        ranked = sorted(feats, key=lambda n: -float(R.vector(feats[n]) @ w))
        gold = set(row["gold"])
        top1 += ranked[0] in gold
        full += gold <= set(ranked[:6])
    n = max(1, len(data))
    return {"n": len(data), "hit@1": round(top1 / n, 3), "all_gold@6": round(full / n, 3)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--l2", type=float, default=0.01, help="the L2 penalty of the fit (core.provision_rank.train)")
    ap.add_argument("--features", help="a JSON file: read the features from it when it exists, else write them there")
    args = ap.parse_args()
    store = None
    cache = Path(args.features) if args.features else None
    if cache and cache.is_file():
        feats = json.loads(cache.read_text(encoding="utf-8"))
        data = [(r, feats[r["id"]]) for r in rows() if r["id"] in feats]
    else:
        from core.graphdb import open_store
        from core.retrieve import Retriever

        store = open_store()
        retriever = Retriever(store)
        t = time.perf_counter()
        data = [(r, features(retriever, r)) for r in rows()]
        print(f"features for {len(data)} questions in {time.perf_counter() - t:.1f}s", file=sys.stderr)
        if cache:
            cache.write_text(json.dumps({r["id"]: f for r, f in data}), encoding="utf-8")
    train = [(r, f) for r, f in data if r.get("split") != "dev"]
    dev = [(r, f) for r, f in data if r.get("split") == "dev"]
    x, y = [], []
    for row, feats in train:
        for n, f in feats.items():
            x.append(R.vector(f))
            y.append(1.0 if n in row["gold"] else 0.0)
    w = R.train(np.array(x), np.array(y), l2=args.l2)
    hand = np.array([R.HAND[f] for f in R.FEATURES])
    index_only = np.array([1.0 if f in ("alias_cov", "head_cov", "q_cov", "alias_full") else 0.0 for f in R.FEATURES])
    report = {
        "learned": {"train": evaluate(train, w), "dev": evaluate(dev, w)},
        "hand": {"train": evaluate(train, hand), "dev": evaluate(dev, hand)},
        # the weights the app runs now, on the same features: a refit is kept only when it does better
        "stored": {"train": evaluate(train, R.weights()), "dev": evaluate(dev, R.weights())},
        "index_only": {"dev": evaluate(dev, index_only)},
        "candidates": len(y),
        "positives": int(sum(y)),
    }
    print(json.dumps(report, indent=1))
    if args.write:
        R.WEIGHTS_FILE.write_text(
            json.dumps(
                {
                    "_about": "Logistic-regression weights of core.provision_rank, trained by "
                    "tools/train_provision_rank.py on core/provision_training.jsonl (train split); "
                    "figures on its dev split, which training never saw.",
                    "weights": {f: round(float(v), 4) for f, v in zip(R.FEATURES, w)},
                    "figures": report,
                },
                indent=1,
            )
            + "\n",
            encoding="utf-8",
        )
    for row, feats in dev:
        ranked = sorted(feats, key=lambda n: -float(R.vector(feats[n]) @ w))[:4]
        if not set(row["gold"]) <= set(ranked[:6]) or ranked[:1] and ranked[0] not in row["gold"]:
            probs = [(n, round(float(1 / (1 + np.exp(-(R.vector(feats[n]) @ w)))), 2)) for n in ranked]
            print("dev miss:", row["question"], row["gold"], probs, file=sys.stderr)
    if store is not None:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
