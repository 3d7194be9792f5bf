"""Resolution of what a citation refers to: act from context, supra, ibid."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .normalize import name_key
from .patterns import PARAGRAPH_BREAK_RE


@dataclass(frozen=True)
class ActMention:
    start: int
    end: int
    code: str | None  # None: an act we do not know ("Prevention of Corruption Act")
    raw: str


class ActContext:
    """Nearest preceding act mention within the same paragraph."""

    def __init__(self, text: str, mentions: list[ActMention], default_act: str | None):
        self.mentions = sorted(mentions, key=lambda m: m.start)
        self.ends = [m.end for m in self.mentions]
        self.breaks = [m.end() for m in PARAGRAPH_BREAK_RE.finditer(text)]
        self.default_act = default_act

    def act_before(self, pos: int) -> tuple[str | None, str | None]:
        """(code, raw) of the act governing a bare provision at ``pos``."""
        i = bisect.bisect_right(self.breaks, pos)
        para_start = self.breaks[i - 1] if i else 0
        j = bisect.bisect_right(self.ends, pos) - 1
        while j >= 0 and self.mentions[j].start >= para_start:
            m = self.mentions[j]
            if m.code != "COI":  # the Constitution has articles, not sections
                return m.code, m.raw
            j -= 1
        if self.default_act:
            return self.default_act, None
        return None, None


_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def _words(name: str) -> list[str]:
    return _WORD.findall(name.lower())


def name_matches(short: str, full: str) -> bool:
    """'Maneka Gandhi' matches 'Maneka Gandhi v. Union of India' (as a word run)."""
    s, f = _words(short), _words(full)
    if not s or len(s) > len(f):
        return False
    n = len(s)
    return any(f[i : i + n] == s for i in range(len(f) - n + 1))


class Antecedents:
    """Earlier case citations, indexed by the words of their names.

    Lookup cost is bounded (MAX_LOOKBACK candidates), so resolving every
    "supra" in a long judgment stays linear.
    """

    MAX_LOOKBACK = 64

    def __init__(self) -> None:
        self.by_word: dict[str, list[tuple[object, list[str]]]] = {}

    def add(self, cit) -> None:
        if not cit.case_name or cit.resolved_from is not None:
            return
        words = _words(cit.case_name)
        for w in set(words):
            self.by_word.setdefault(w, []).append((cit, words))

    def find(self, short: str):
        """Most recent earlier case whose name contains ``short``; reported ones preferred."""
        s = _words(short)
        if not s:
            return None
        best_unreported = None
        n = len(s)
        for cit, f in reversed(self.by_word.get(s[0], [])[-self.MAX_LOOKBACK :]):
            if any(f[i : i + n] == s for i in range(len(f) - n + 1)):
                if cit.reporters:
                    return cit
                best_unreported = best_unreported or cit
        return best_unreported


def case_key(reporters: tuple[str, ...], name: str | None) -> str:
    if reporters:
        return reporters[0]
    return name_key(name or "")
