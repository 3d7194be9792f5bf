"""Everyday English words and phrases -> the statutes' own words (issue 19).

    statute_words(text)    the statutes' words for the everyday words an English text says, in order
                           of first appearance, no repeats, none the text already says

An English question put in everyday words often misses the provision whose heading says the same
thing in the statute's words: "got her pregnancy terminated without her agreeing" is the BNS's
"causing miscarriage without woman's consent", "makes kids beg" is "employing a child for begging",
"hiding a wanted man" is "harbouring an offender", "partner in crime" an "accomplice". The list says,
for each statutory term, the plain words people use for it. Like the Hindi lay words
(core.language.lay_words), the words reach the search only (core.answer AnswerPipeline._search_hint,
a capped number of them): problems, scope, the not-held gate and the settled-point check read the
question alone. The list is pack data, graph_schema/packs/india/lay_words_en.json (its "_about" says
how it was written): {"words": [{"say": [...], "law": [...]}]}.

Matching is by whole words, the longest phrase first. Both the list and the text are folded the same
way: lower case, the words that only point at someone ("my", "her", "a", "the", ...) left out so "picks
my pocket" meets "pick pocket", and a simple ending fold (-s, -es, -ies, -ing, -ed, a final -e, a final
doubled letter), so "begging", "begs" and "beg" are one word. The pack's "apart" list gives the words
said apart in one question that together mean one thing ("bought ... from ... stolen": receiving stolen
property, not theft). A missing or malformed file gives no words (logged once), never a crash.
"""

from __future__ import annotations

import re
from pathlib import Path

from core.language.lay_words import age_words, cached_pack, longest_first, phrase_index, read_words
from domain import paths

LAY_WORDS_EN = "lay_words_en.json"
MAX_PHRASE = 5
SEARCH_MOST = 8  # statute words the search reads beside an English question (core.answer AnswerPipeline._search_hint)
_TOKEN = re.compile(r"[a-z]+")
# words that only point at someone or something: left out of both the list and the text, so a phrase
# meets its words whoever they are about ("snatch my phone", "snatches phones")
_POINTERS = frozenset(
    """a an the my his her their our your its me him them us i he she they we you it this that these those
    s some someone somebody mine hers theirs ours yours""".split()
)
# (ending, what the word ends with instead): the first that fits is taken off, where 3+ letters are left
_ENDINGS = (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""))


SPEED_WORDS = ("driving", "excessive", "speed")  # the statute's words for driving over a speed limit
# a speed as people say it: "doing 130", "at 120 kmph", "90 km per hour", "the board says 80"
_SPEED = re.compile(
    r"\b(?:doing|(?:going|driving|drove|driven|riding|rode)\s+at)\s+\d{2,3}\b(?!\s*(?:%|rupees|rs|years?|days?|hours?|"
    r"minutes?|times?|push|kg|people|percent))|"
    r"\b\d{2,3}\s*(?:km/?h|kmph|kmh|kms?\s+(?:per|an)\s+hour)\b|\b(?:board|sign)\s+(?:says|said|shows)\s+\d{2,3}\b",
    re.I,
)


def speed_words(text: str) -> list[str]:
    """The statute's words for speeding when a text gives a speed ("caught doing 130 on the highway")."""
    return list(SPEED_WORDS) if _SPEED.search(text or "") else []


def _kept(word: str, end: str) -> bool:
    """An ending that is part of the word: "pass", "speed"."""
    return (end == "s" and word.endswith("ss")) or (end == "ed" and word.endswith("eed"))


def en_fold(word: str) -> str:
    """One spelling for a word's simple forms: "snatches", "snatching", "snatched" -> "snatch"; "begging",
    "begs" -> "beg"; "uses", "used", "using" -> "us". The same fold reads the list and the text, so only
    that both meet matters, not that the result is a word."""
    w = word.lower()
    for end, head in _ENDINGS:
        if w.endswith(end) and len(w) - len(end) + len(head) >= 3 and not _kept(w, end):
            w = w[: -len(end)] + head
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou":
        w = w[:-1]
    return w


def _tokens(text: str) -> list[str]:
    words = _TOKEN.findall((text or "").lower().replace("'", " ").replace("\u2019", " ").replace("-", " "))
    return [en_fold(w) for w in words if w not in _POINTERS]


class EnglishLayWords:
    def __init__(self, words: list[dict], apart: list[dict] | None = None):
        self.entries, self.index = phrase_index(words, "law", ("say",), _tokens, MAX_PHRASE)
        # words said apart in one question ("bought" ... "stolen"): (their folded words, the law words, the
        # law words of single words they stand instead of)
        self.apart: list[tuple[frozenset[str], tuple[str, ...], frozenset[str]]] = []
        for item in apart or ():
            law = tuple(w for w in item.get("law") or () if isinstance(w, str) and w)
            over = frozenset(w for w in item.get("instead_of") or () if isinstance(w, str))
            for f in item.get("say") or ():
                key = frozenset(_tokens(f)) if isinstance(f, str) else frozenset()
                if law and len(key) > 1:
                    self.apart.append((key, law, over))

    @classmethod
    def load(cls, path: Path | str | None = None) -> EnglishLayWords:
        p = Path(path) if path else paths.pack_file(LAY_WORDS_EN)
        return cls(read_words(p), read_words(p, "apart"))

    def entries_in(self, text: str) -> list[int]:
        """The entries a text says, in order, no repeats: the longest phrase at each word first."""
        return longest_first(_tokens(text), self.index.get, MAX_PHRASE)

    def statute_words(self, text: str) -> list[str]:
        """The entries' statute words, but those the text says as written ("beg" still gives "begging":
        the provision index folds words its own way). Words said apart that together mean one thing come
        first, and the words of the single words they stand instead of are left out: "I bought a phone and
        the police say it was stolen" is receiving stolen property, not theft. An age under 18 ("my 16
        year old son") gives minor, child (core.language.lay_words.age_words); a speed ("doing 130"), the words of
        speeding (speed_words)."""
        said = set(_TOKEN.findall((text or "").lower()))
        folded = set(_tokens(text))
        apart = [(law, over) for key, law, over in self.apart if key <= folded]
        over = {w for _, o in apart for w in o}
        words = [
            *(w for law, _ in apart for w in law),
            *age_words(text),
            *speed_words(text),
            *(w for e in self.entries_in(text) for w in self.entries[e] if w not in over),
        ]
        return [w for w in dict.fromkeys(words) if w not in said]


def default_english_lay_words() -> EnglishLayWords:
    """The pack's English lay words, loaded once (again when the file changes)."""
    return cached_pack(EnglishLayWords, LAY_WORDS_EN)


def statute_words(text: str) -> list[str]:
    """The statutes' words for the everyday words an English text says ("makes kids beg" -> employing,
    child, begging), none the text already says."""
    return default_english_lay_words().statute_words(text) if text else []
