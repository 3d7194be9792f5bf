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

from domain.concordance_metric import evaluate  # noqa: F401  (the metric; below loaders and this script)
from domain.paths import pack_dir
from graph_schema.loaders.concordance import GOLD_FILES, align, read_gold
from graph_schema.loaders.statutes import read_act_sections


def run(corpus_dir: Path, pack: Path) -> dict:
    out = {}
    for old, new in GOLD_FILES:
        o = [r for r in read_act_sections(corpus_dir, old) if r["text"] and not r.get("repealed")]
        n = [r for r in read_act_sections(corpus_dir, new) if r["text"]]
        out[f"{old}->{new}"] = evaluate(align(o, n)["pairs"], read_gold(pack, old, new)["pairs"])
    return out


def main(argv=None) -> int:
    from core.config import load_settings

    print(json.dumps(run(load_settings().corpus_dir, pack_dir()), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
