"""Misspelt words of a typed question, corrected for the search: "antcipatory bail" -> "anticipatory bail".

People type legal words as they hear them ("antcipatory", "maintainance", "harrasment", "divorse").
A misspelt word finds nothing in the full-text index and nothing in the problem cues, so the answer
goes to the nearest problem that the rest of the question matches ("bail" -> regular bail).

The dictionary is the graph's own English: provision titles and texts, case names and holdings, the
glossary's terms, aliases and definitions, and the problems' phrasings, cues and gists (which also
hold the Roman Hindi people type, so "chahiye" is a known word, not a misspelling). A word is
corrected only when it is not in that dictionary, is at least ``MIN_LEN`` letters long (short words
are too close to too many others) and has a dictionary word of the same first letter within one or
two edits (``difflib`` similarity >= ``CUTOFF``); among several, the most frequent wins. Devanagari
is left as it is. The answer still shows the question as it was typed; only the search reads the
corrected words.
"""

from __future__ import annotations

import re
import threading
from collections import Counter, defaultdict
from difflib import get_close_matches

MIN_LEN = 7
CUTOFF = 0.85
_LATIN = re.compile(r"[A-Za-z]+")

_TEXTS_Q = (
    "MATCH (p:Provision) RETURN p.title, p.text",
    "MATCH (c:Case) RETURN c.name, c.holding",
    "MATCH (t:Term) RETURN t.en, t.aliases_text, t.definition",
    "MATCH (p:Problem) RETURN p.title_en, p.gist_en, p.phrasings_text, p.cues_text",
)


class Speller:
    """Corrects Latin-script words against a word-frequency dictionary (see the module docstring)."""

    def __init__(self, counts: Counter):
        self.counts = counts
        self._by_first: dict[str, list[str]] = defaultdict(list)
        for w in counts:
            if len(w) >= MIN_LEN - 2:
                self._by_first[w[0]].append(w)

    @classmethod
    def from_texts(cls, texts) -> Speller:
        counts: Counter = Counter()
        for t in texts:
            if t:
                counts.update(w.lower() for w in _LATIN.findall(str(t)))
        return cls(counts)

    def word(self, w: str) -> str | None:
        """The dictionary word ``w`` misspells, or None (known, short, or nothing close)."""
        lw = w.lower()
        if len(lw) < MIN_LEN or lw in self.counts:
            return None
        near = [c for c in self._by_first.get(lw[0], ()) if abs(len(c) - len(lw)) <= 2]
        got = get_close_matches(lw, near, n=3, cutoff=CUTOFF)
        if not got:
            return None
        return max(got, key=lambda c: (self.counts[c], c == got[0]))

    def correct(self, text: str) -> str:
        """``text`` with each misspelt Latin-script word replaced by its dictionary word."""

        def fix(m: re.Match) -> str:
            got = self.word(m.group(0))
            return got if got is not None else m.group(0)

        return _LATIN.sub(fix, text or "")


_lock = threading.Lock()
_spellers: dict[int, Speller] = {}


def speller_for(graph) -> Speller:
    """The speller of ``graph``'s dictionary, built once per graph (about a second)."""
    key = id(graph)
    with _lock:
        got = _spellers.get(key)
    if got is not None:
        return got
    texts = []
    for q in _TEXTS_Q:
        for row in graph.ro_query(q):
            texts.extend(row)
    got = Speller.from_texts(texts)
    with _lock:
        _spellers[key] = got
    return got


def corrected(graph, text: str) -> str:
    """``text`` as the search should read it (misspelt words corrected); ``text`` itself when the
    dictionary cannot be read."""
    try:
        return speller_for(graph).correct(text)
    except Exception:  # a spelling aid never stops an answer
        return text
