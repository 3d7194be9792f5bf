"""Source tags: canonical form ``[S1]``, normalisation of the model's variants, refusal text."""

from __future__ import annotations

import re

# One source reference inside a bracket group: "S1", "s 2", "S-3", "Source 4", "S1-S3" (a range).
_REF = r"(?:s(?:ource)?\s*[-#]?\s*\d{1,3})"
_RANGE = rf"{_REF}(?:\s*[-–—]\s*(?:s(?:ource)?\s*)?\d{{1,3}})?"
_SEP = r"\s*(?:,|;|/|&|\band\b|\bor\b)?\s*"
# A bracket group that holds ONLY source references, e.g. "[S1, S2]", "(S 1)", "[s1-s3]", "【S1】".
_GROUP = re.compile(
    rf"(?P<open>[\[(【])\s*(?P<body>{_RANGE}(?:{_SEP}{_RANGE})*)\s*(?P<close>[\])】])",
    re.IGNORECASE,
)
_NUM_OR_RANGE = re.compile(
    r"s(?:ource)?\s*[-#]?\s*(\d{1,3})(?:\s*[-–—]\s*(?:s(?:ource)?\s*)?(\d{1,3}))?", re.IGNORECASE
)
_CANON = re.compile(r"\[S(\d+)\]")
_PAIRS = {"[": "]", "(": ")", "【": "】"}
_MAX_RANGE = 20

REFUSAL_EN = "I cannot answer this from the given sources."
REFUSAL_HI = "दिए गए स्रोतों से इस सवाल का जवाब नहीं दिया जा सकता।"


def normalize_tags(text: str, n_sources: int) -> tuple[str, list[str]]:
    """Rewrite every source-reference variant to canonical ``[S1][S2]`` tags.

    Handles ``[S 1]``, ``(S1)``, ``[s1]``, ``[S1, S2]``, ``[S1 and S2]``, ``[S1-S3]``
    (a range), ``[Source 2]`` and ``【S1】``. Only bracket groups that contain nothing but
    source references are rewritten, so prose such as "(see S1 form)" is left alone.

    Returns the rewritten text and the tags (canonical, e.g. ``"S7"``, in order of first
    appearance, without duplicates) whose number is 0 or greater than ``n_sources``.
    Unknown tags are KEPT in the text so the verifier can name them in its correction.
    """

    def repl(m: re.Match) -> str:
        if _PAIRS[m.group("open")] != m.group("close"):
            return m.group(0)
        nums: list[int] = []
        for a, b in _NUM_OR_RANGE.findall(m.group("body")):
            lo = int(a)
            hi = int(b) if b else lo
            if hi < lo or hi - lo > _MAX_RANGE:
                hi = lo
            for k in range(lo, hi + 1):
                if k not in nums:
                    nums.append(k)
        return "".join(f"[S{k}]" for k in nums)

    out = _GROUP.sub(repl, text)
    # "[S1] [S2]" -> "[S1][S2]"
    out = re.sub(r"(\[S\d+\])[ \t]+(?=\[S\d+\])", r"\1", out)
    unknown: list[str] = []
    for m in _CANON.finditer(out):
        k = int(m.group(1))
        if (k < 1 or k > n_sources) and f"S{k}" not in unknown:
            unknown.append(f"S{k}")
    return out, unknown


def cited_tags(text: str) -> list[str]:
    """Canonical tags present in ``text`` (after normalisation), in order, without duplicates."""
    seen: list[str] = []
    for m in _CANON.finditer(text):
        t = f"S{m.group(1)}"
        if t not in seen:
            seen.append(t)
    return seen


def is_refusal(text: str) -> bool:
    """True if a draft is the model's refusal (the fixed sentence the prompt teaches)."""
    t = " ".join(text.split()).lower()
    return REFUSAL_EN.lower().rstrip(".") in t or REFUSAL_HI.rstrip("।") in text
