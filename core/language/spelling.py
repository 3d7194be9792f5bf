"""Misspelt words of a typed question, corrected for the search: "antcipatory bail" -> "anticipatory bail".

People type legal words as they hear them ("antcipatory", "maintainance", "harrasment", "divorse").
A misspelt word finds nothing in the full-text index and nothing in the problem cues, so the answer
goes to the nearest problem that the rest of the question matches ("bail" -> regular bail).

A correction can only produce a legal term: a word of the provisions' headings, the glossary's terms
and aliases, the problems' phrasings and cues (which also hold the Roman Hindi people type) and the
names people use for provisions. A word is left as typed when the graph's English knows it (those
and the provisions' texts, case names and holdings, definitions, gists) or it is an everyday word of
the speech recogniser's own vocabulary (``everyday_words``: "my case has dragged on" is not
"drugged", which had sent a question about a slow trial to the narcotics law), or knows it without its
ending ("stories" of "story": an ordinary word is not a misspelt "stores"); when it is shorter than
``MIN_LEN`` letters (short words are too close to too many others); or when no term of the same
first letter is within one or two edits (``difflib`` similarity >= ``CUTOFF``). Among several
terms, the most frequent wins. Devanagari
is left as it is. The answer still shows the question as it was typed; only the search reads the
corrected words.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter, defaultdict
from difflib import get_close_matches

from core.graphdb import built_once

MIN_LEN = 7
CUTOFF = 0.85
_LATIN = re.compile(r"[A-Za-z]+")

# the words a correction may produce: how the law names things (headings, glossary, problem cues and
# phrasings, the names people use for provisions)
_TERMS_Q = (
    "MATCH (p:Provision) RETURN p.title",
    "MATCH (t:Term) RETURN t.en, t.aliases_text",
    "MATCH (p:Problem) RETURN p.title_en, p.phrasings_text, p.cues_text",
    "MATCH (p:Provision) WHERE p.names_en IS NOT NULL RETURN p.names_en, p.names_rom",
)
# the words known to be right, never corrected: all of the graph's English besides
_KNOWN_Q = (
    "MATCH (p:Provision) RETURN p.text",
    "MATCH (c:Case) RETURN c.name, c.holding",
    "MATCH (t:Term) RETURN t.definition",
    "MATCH (p:Problem) RETURN p.gist_en",
)


def _words(texts) -> Counter:
    counts: Counter = Counter()
    for t in texts:
        if t:
            counts.update(w.lower() for w in _LATIN.findall(str(t)))
    return counts


def everyday_words(model_dir=None) -> frozenset[str]:
    """The whole words of the Whisper tokenizer's vocabulary (its tokens that begin a word and are all
    letters: about 30,000 everyday words, "dragged", "landlord", "cheated"), read from the speech model
    the project already ships (core.speech.models; nothing is downloaded). Misspellings are not whole
    tokens ("antcipatory", "maintainance", "harrasment" are split into pieces), so they are still
    corrected. Empty when the model or its tokenizer cannot be read: the graph's English alone then
    decides, as before."""
    try:
        from pathlib import Path

        if model_dir is None:
            from core.speech.models import resolve_model_dir

            model_dir = resolve_model_dir()
        vocab = json.loads((Path(model_dir) / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    except Exception:  # no speech model here: the graph's English alone
        return frozenset()
    return frozenset(t[1:].lower() for t in vocab if t.startswith("\u0120") and t[1:].isascii() and t[1:].isalpha())


class Speller:
    """Corrects Latin-script words to legal terms (see the module docstring)."""

    def __init__(self, counts: Counter, known: set[str] | frozenset[str] = frozenset()):
        self.counts = counts  # the terms a correction may produce, with their frequency
        self.known = set(known) | set(counts)
        self._by_first: dict[str, list[str]] = defaultdict(list)
        for w in counts:
            if len(w) >= MIN_LEN - 2:
                self._by_first[w[0]].append(w)

    @classmethod
    def from_texts(cls, terms, known=()) -> Speller:
        return cls(_words(terms), set(_words(known)))

    def _is_known(self, lw: str) -> bool:
        """Known as it is, or as the plural or inflection of a known word ("stories" of "story")."""
        if lw in self.known:
            return True
        forms = [lw[:-3] + "y", lw[:-1], lw[:-2], lw[:-3], lw[:-3] + "e", lw[:-2] + "e"]
        return any(f in self.known for f in forms if len(f) > 3)

    def word(self, w: str) -> str | None:
        """The legal term ``w`` misspells, or None (known, short, or nothing close)."""
        lw = w.lower()
        if len(lw) < MIN_LEN or self._is_known(lw):
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
    """The speller of ``graph``'s dictionary, built once per graph store (about a second)."""

    def build(g) -> Speller:
        def read(queries):
            out = []
            for q in queries:
                for row in g.ro_query(q):
                    out.extend(row)
            return out

        sp = Speller.from_texts(read(_TERMS_Q), read(_KNOWN_Q))
        sp.known |= everyday_words()
        return sp

    return built_once(_spellers, _lock, graph, build)


def corrected(graph, text: str) -> str:
    """``text`` as the search should read it (misspelt words corrected); ``text`` itself when the
    dictionary cannot be read."""
    try:
        return speller_for(graph).correct(text)
    except Exception:  # a spelling aid never stops an answer
        return text
