"""Structure-aware passages: about TARGET_WORDS words, with overlap, never across regions.

A passage grows sentence by sentence inside one region; once it holds MIN_WORDS it closes at the
first paragraph end or change of rhetorical role, and at TARGET_WORDS it closes at the next
sentence end (never past MAX_WORDS unless one sentence is longer). The next passage of the same
region starts with the last sentences of the previous one (at most OVERLAP_WORDS words). Each
passage carries the role most of its words have, and that role's share.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

TARGET_WORDS = 250
MIN_WORDS = 150
MAX_WORDS = 350
OVERLAP_WORDS = 50


@dataclass
class Passage:
    n: int
    region: str
    role: str
    role_share: float
    start: int
    end: int
    text: str
    words: int
    sentences: tuple[int, int]  # [first, last] sentence index, inclusive

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "region": self.region,
            "role": self.role,
            "role_share": self.role_share,
            "start": self.start,
            "end": self.end,
            "words": self.words,
            "text": self.text,
        }


def _words(s: str) -> int:
    return len(s.split())


def build_passages(text: str, sents: list, roles: list[str]) -> list[Passage]:
    """sents: regions.Sentence list in text order; roles: one per sentence."""
    out: list[Passage] = []
    i, n = 0, len(sents)
    while i < n:
        region = sents[i].region
        j = i
        while j < n and sents[j].region == region:
            j += 1
        out += _region_passages(text, sents, roles, i, j, len(out))
        i = j
    return out


def _region_passages(text, sents, roles, lo, hi, n0) -> list[Passage]:
    out: list[Passage] = []
    start = lo
    while start < hi:
        words, k = 0, start
        while k < hi:
            w = _words(sents[k].text)
            if words and words + w > MAX_WORDS:
                break
            words += w
            k += 1
            if k < hi and words >= MIN_WORDS:
                para_end = sents[k].paragraph != sents[k - 1].paragraph
                role_change = roles[k] != roles[k - 1]
                if para_end or role_change or words >= TARGET_WORDS:
                    break
        out.append(_make(text, sents, roles, start, k, sents[start].region, n0 + len(out) + 1))
        if k >= hi:
            break
        # overlap: the last sentences of this passage (at most OVERLAP_WORDS), never the whole of it
        back, ow = k, 0
        while back - 1 > start and ow + _words(sents[back - 1].text) <= OVERLAP_WORDS:
            back -= 1
            ow += _words(sents[back].text)
        start = back if back < k else k
    return out


def _make(text, sents, roles, a, b, region, n) -> Passage:
    seg = sents[a:b]
    weight = Counter()
    for s, r in zip(seg, roles[a:b]):
        weight[r] += max(1, _words(s.text))
    role, w = weight.most_common(1)[0]
    body = " ".join(text[seg[0].start : seg[-1].end].split())
    return Passage(
        n, region, role, round(w / sum(weight.values()), 2), seg[0].start, seg[-1].end, body, _words(body), (a, b - 1)
    )
