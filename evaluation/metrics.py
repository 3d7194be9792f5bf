"""Evaluation metrics: pure functions over plain data (no graph, no model), unit-tested.

Conventions: a metric over an empty population returns None (not 0), so a report can say
"not measured" instead of a misleading number.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence

OLD_CODES = frozenset({"IPC", "CRPC", "IEA"})
NEW_CODES = frozenset({"BNS", "BNSS", "BSA"})


def _ratio(num: float, den: float) -> float | None:
    return num / den if den else None


# ------------------------------------------------------------------ retrieval
def precision_at_k(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return sum(1 for x in ranked[:k] if x in gold) / k


def recall_at_k(ranked: Sequence[str], gold: set[str], k: int) -> float | None:
    if not gold:
        return None
    return len(set(ranked[:k]) & gold) / len(gold)


def hit_at_k(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return 1.0 if set(ranked[:k]) & gold else 0.0


def reciprocal_rank(ranked: Sequence[str], gold: set[str]) -> float:
    for i, x in enumerate(ranked, 1):
        if x in gold:
            return 1.0 / i
    return 0.0


def ndcg_at_k(ranked: Sequence[str], gold: set[str], k: int) -> float | None:
    """Binary-relevance NDCG@k."""
    if not gold:
        return None
    dcg = sum(1.0 / math.log2(i + 1) for i, x in enumerate(ranked[:k], 1) if x in gold)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(k, len(gold)) + 1))
    return dcg / ideal


def retrieval_scores(ranked: Sequence[str], gold: set[str]) -> dict[str, float | None]:
    ranked = list(dict.fromkeys(ranked))
    return {
        "p@1": precision_at_k(ranked, gold, 1),
        "p@3": precision_at_k(ranked, gold, 3),
        "p@5": precision_at_k(ranked, gold, 5),
        "r@5": recall_at_k(ranked, gold, 5),
        "hit@5": hit_at_k(ranked, gold, 5),
        "mrr": reciprocal_rank(ranked, gold),
        "ndcg@5": ndcg_at_k(ranked, gold, 5),
    }


def mean(xs: Sequence[float | None]) -> float | None:
    vals = [x for x in xs if x is not None]
    return sum(vals) / len(vals) if vals else None


def bootstrap_ci(
    values: Sequence[float | None],
    n_boot: int = 2000,
    alpha: float = 0.05,
    seed: int = 0,
    stat: Callable[[list[float]], float] | None = None,
) -> dict:
    """Percentile bootstrap CI of the mean (or `stat`) over per-item values."""
    vals = [float(v) for v in values if v is not None]
    if not vals:
        return {"mean": None, "lo": None, "hi": None, "n": 0}
    stat = stat or (lambda xs: sum(xs) / len(xs))
    rng = random.Random(seed)
    n = len(vals)
    boots = sorted(stat([vals[rng.randrange(n)] for _ in range(n)]) for _ in range(n_boot))
    lo = boots[int(math.floor(alpha / 2 * n_boot))]
    hi = boots[min(n_boot - 1, int(math.ceil((1 - alpha / 2) * n_boot)) - 1)]
    return {"mean": stat(vals), "lo": lo, "hi": hi, "n": n}


def paired_bootstrap(a: Sequence[float], b: Sequence[float], n_boot: int = 2000, seed: int = 0) -> dict:
    """Paired bootstrap on per-item differences a-b: mean diff, 95% CI, two-sided p-value
    (share of resampled mean differences on the other side of 0, doubled)."""
    pairs = [(float(x), float(y)) for x, y in zip(a, b) if x is not None and y is not None]
    if not pairs:
        return {"diff": None, "lo": None, "hi": None, "p": None, "n": 0}
    d = [x - y for x, y in pairs]
    n = len(d)
    obs = sum(d) / n
    rng = random.Random(seed)
    boots = sorted(sum(d[rng.randrange(n)] for _ in range(n)) / n for _ in range(n_boot))
    lo, hi = boots[int(0.025 * n_boot)], boots[int(0.975 * n_boot) - 1]
    if all(x == 0 for x in d):
        p = 1.0
    else:
        below = sum(1 for x in boots if x <= 0) / n_boot
        above = sum(1 for x in boots if x >= 0) / n_boot
        p = min(1.0, 2 * min(below, above))
    return {"diff": obs, "lo": lo, "hi": hi, "p": p, "n": n}


def mcnemar(a: Sequence[bool], b: Sequence[bool]) -> dict:
    """Exact McNemar (binomial sign test on discordant pairs): b01 = a wrong & b right, b10 = a right & b wrong."""
    b10 = sum(1 for x, y in zip(a, b) if x and not y)
    b01 = sum(1 for x, y in zip(a, b) if y and not x)
    n = b10 + b01
    if n == 0:
        return {"a_only": 0, "b_only": 0, "p": 1.0}
    k = min(b10, b01)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return {"a_only": b10, "b_only": b01, "p": min(1.0, 2 * tail)}


# ----------------------------------------------------------------- verifier
def confusion(gold: Sequence[str], pred: Sequence[str]) -> dict[str, dict[str, int]]:
    m: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for g, p in zip(gold, pred):
        m[g][p] += 1
    return {g: dict(row) for g, row in m.items()}


def per_class_accuracy(gold: Sequence[str], pred: Sequence[str]) -> dict[str, dict]:
    """Per gold class: n, correct, recall; plus precision of each predicted class."""
    out: dict[str, dict] = {}
    for cls in sorted(set(gold) | set(pred)):
        tp = sum(1 for g, p in zip(gold, pred) if g == cls and p == cls)
        n_gold = sum(1 for g in gold if g == cls)
        n_pred = sum(1 for p in pred if p == cls)
        out[cls] = {"n": n_gold, "correct": tp, "recall": _ratio(tp, n_gold), "precision": _ratio(tp, n_pred)}
    return out


def accuracy(gold: Sequence[str], pred: Sequence[str]) -> float | None:
    return _ratio(sum(1 for g, p in zip(gold, pred) if g == p), len(gold))


def match_fragments(text: str, expected: list[dict], checks: list[dict]) -> list[tuple[str, str]]:
    """Pair each gold fragment with the verifier check whose span overlaps it.
    Returns (gold status, predicted status or 'missed')."""
    out = []
    used: set[int] = set()
    for e in expected:
        s = text.find(e["fragment"])
        span = (s, s + len(e["fragment"]))
        best = None
        for i, c in enumerate(checks):
            if i in used:
                continue
            if c["start"] < span[1] and span[0] < c["end"]:
                best = i
                break
        if best is None:
            out.append((e["status"], "missed"))
        else:
            used.add(best)
            out.append((e["status"], checks[best]["status"]))
    return out


# --------------------------------------------------------------- answering
def abstention_pr(expected: Sequence[str], status: Sequence[str]) -> dict:
    """Abstention as the positive class: precision = right abstentions / all abstentions,
    recall = right abstentions / questions that should be abstained on."""
    tp = sum(1 for e, s in zip(expected, status) if e == "abstain" and s == "abstain")
    n_abst = sum(1 for s in status if s == "abstain")
    n_should = sum(1 for e in expected if e == "abstain")
    p, r = _ratio(tp, n_abst), _ratio(tp, n_should)
    f1 = 2 * p * r / (p + r) if p and r else (0.0 if p is not None and r is not None else None)
    return {"precision": p, "recall": r, "f1": f1, "tp": tp, "abstained": n_abst, "should": n_should}


def conflict_rates(expected: Sequence[str], status: Sequence[str]) -> dict:
    """Detection rate: conflict questions answered with status conflict.
    False-conflict rate: non-conflict, answered questions flagged as conflict."""
    hit = sum(1 for e, s in zip(expected, status) if e == "conflict" and s == "conflict")
    n_conf = sum(1 for e in expected if e == "conflict")
    false = sum(1 for e, s in zip(expected, status) if e != "conflict" and s == "conflict")
    n_non = sum(1 for e, s in zip(expected, status) if e != "conflict" and s in ("answer", "conflict"))
    return {
        "detection_rate": _ratio(hit, n_conf),
        "false_conflict_rate": _ratio(false, n_non),
        "detected": hit,
        "n_conflict": n_conf,
        "false": false,
        "n_other_answered": n_non,
    }


def grounding_accuracy(results: Sequence[dict]) -> float | None:
    """Share of the citations in returned answers (answer|conflict) that the graph verified or
    that the answer itself flags (any status whose severity is not 'error')."""
    n = ok = 0
    for r in results:
        if r.get("status") not in ("answer", "conflict"):
            continue
        for c in r.get("citations") or []:
            n += 1
            ok += c.get("severity") != "error"
    return _ratio(ok, n)


def hallucinated_precedent_rate(results: Sequence[dict], is_verified_case: Callable[[dict], bool]) -> dict:
    """Cases cited in returned answers that the verifier would not verify, over all cases cited.
    `is_verified_case(citation)` re-checks one case citation (e.g. Verifier(graph) on its text)."""
    n = bad = 0
    examples = []
    for r in results:
        if r.get("status") not in ("answer", "conflict"):
            continue
        for c in r.get("citations") or []:
            if c.get("kind") != "case":
                continue
            n += 1
            if not is_verified_case(c):
                bad += 1
                examples.append(c.get("text"))
    return {"rate": _ratio(bad, n) if n else 0.0, "cases_cited": n, "hallucinated": bad, "examples": examples[:10]}


def statute_freshness(items: Sequence[dict]) -> dict:
    """items: {"expect_code": "new"|"old", "status", "cited_acts": [codes]}. For answers on dates
    from 1 July 2024, the share citing a new code (BNS/BNSS/BSA) and none of the old; for dates
    before, the share citing the old code (the law then in force)."""
    out = {}
    for regime, want, avoid in (("new", NEW_CODES, OLD_CODES), ("old", OLD_CODES, frozenset())):
        pop = [i for i in items if i.get("expect_code") == regime and i.get("status") in ("answer", "conflict")]
        good = sum(
            1
            for i in pop
            if set(i.get("cited_acts") or []) & want
            and not (set(i.get("cited_acts") or []) & avoid and regime == "new")
        )
        out[regime] = {"rate": _ratio(good, len(pop)), "n": len(pop), "good": good}
    return out


def procedure_order(cited_steps: Sequence[str], flow: str) -> bool | None:
    """True if the PROC:<flow>:<n> steps cited appear in ascending order (None if fewer than 2)."""
    nums = []
    for s in cited_steps:
        m = re.fullmatch(r"PROC:(.+):(\d+)", s or "")
        if m and m.group(1) == flow:
            nums.append(int(m.group(2)))
    if len(nums) < 2:
        return None
    return all(a < b for a, b in zip(nums, nums[1:]))


def path_valid(
    path: Sequence[dict], edge_exists: Callable[[str, str, str], bool], node_exists: Callable[[str], bool]
) -> bool:
    """A citation-chain path [{id..},{rel},{id..},...] is valid if every node exists and every
    hop's relationship exists (either direction)."""
    nodes = [p for p in path if "id" in p]
    if not nodes or not all(node_exists(n["id"]) for n in nodes):
        return False
    for i in range(1, len(path) - 1):
        if "rel" in path[i]:
            a, b = path[i - 1].get("id"), path[i + 1].get("id")
            if a is None or b is None or not edge_exists(a, path[i]["rel"], b):
                return False
    return True


# ------------------------------------------------------------------- speech
def _edit_distance(a: Sequence, b: Sequence) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


_PUNCT = re.compile(r"[^\w\s\u0900-\u097F]")


def normalize_text(s: str) -> str:
    s = _PUNCT.sub(" ", (s or "").lower().replace("।", " "))
    return " ".join(s.split())


def wer(ref: str, hyp: str) -> float:
    r, h = normalize_text(ref).split(), normalize_text(hyp).split()
    if not r:
        return 0.0 if not h else 1.0
    return _edit_distance(r, h) / len(r)


def cer(ref: str, hyp: str) -> float:
    r, h = normalize_text(ref).replace(" ", ""), normalize_text(hyp).replace(" ", "")
    if not r:
        return 0.0 if not h else 1.0
    return _edit_distance(r, h) / len(r)


_DIGITS = re.compile(r"\d+[A-Z]?")


def number_accuracy(numbers: Sequence[str], hyp: str) -> float | None:
    """Share of the gold section/article numbers that appear as numbers in the transcript."""
    if not numbers:
        return None
    found = set(_DIGITS.findall(hyp or ""))
    return sum(1 for n in numbers if n in found) / len(numbers)


# -------------------------------------------------------------- extraction
def prf(tp: int, fp: int, fn: int) -> dict:
    p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    f1 = 2 * p * r / (p + r) if p and r else 0.0
    return {"precision": p, "recall": r, "f1": f1, "tp": tp, "fp": fp, "fn": fn}


def count_by(items: Sequence[dict], key: str) -> dict:
    return dict(Counter(i.get(key) for i in items))


# ------------------------------------------------------------ direct law (statutes set)
def full_hit(cited: Sequence[str], gold: Sequence[str]) -> bool | None:
    """Every gold provision is among ``cited`` (None when there is no gold)."""
    return set(gold) <= set(cited) if gold else None


def first_hit(first: str | None, gold: Sequence[str]) -> bool | None:
    """The first provision shown is one of the gold ones (None when there is no gold)."""
    return (first in set(gold)) if gold else None


def _fold(s: str) -> str:
    return re.sub(r"[^a-z0-9\u0900-\u097f]+", "", (s or "").lower())


def names_any(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` names any of ``names`` (case, spaces and punctuation ignored): does an
    abstention say which Act would govern ("POCSO", "Right to Information Act", "सूचना का अधिकार")?"""
    t = _fold(text)
    return any(_fold(n) and _fold(n) in t for n in names)


def rate(flags: Sequence[bool | None]) -> dict:
    """{"rate", "hits", "n"} over the flags that are not None (rate None on an empty population)."""
    vals = [bool(f) for f in flags if f is not None]
    hits = sum(vals)
    return {"rate": round(hits / len(vals), 4) if vals else None, "hits": hits, "n": len(vals)}
