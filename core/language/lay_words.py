"""Everyday Hindi and Roman-script Hindi words -> plain English words (issue 19).

    english_words(text)    the English words of the everyday words a Hindi/Hinglish text says,
                           in order of first appearance, no repeats

A Hindi or Hinglish question reaches the English provision index through its English hint
(core.answer AnswerPipeline._english_hint). The glossary gives the English of the legal terms a
question names; the lay words give it for the ordinary words around them ("almari ka taala tod ke"
-> receptacle, lock, break; "नकली" -> forged; "kirayedar" -> tenant), which alone gave the English
search nothing. They reach the search only (core.answer AnswerPipeline._search_hint, at most 12 words after
the glossary's terms; core.retrieve reads them for the full text, vectors and the provision scorer, while
problems, scope, the not-held gate and the settled-point check read the terms alone): wired into the
whole hint they had also met settled points the question is not about ("papa" -> father, "पुश्तैनी" ->
ancestral) and moved not-held questions. The list is pack data, graph_schema/packs/india/lay_words.json (its "_about" says how
it was written): {"words": [{"hi": [...], "rom": [...], "en": [...]}]}.

Matching is by whole words, a phrase before its words. A Devanagari word is folded (nukta off,
chandrabindu as anusvara) and a Roman one spelt one way (z=j, w=v, q=k, ph=f, long vowels short,
doubled letters single), so "zameen", "jamin" and "ज़मीन" meet "जमीन". A word not found as written
is read back from the plural/oblique endings Hindi puts on a noun (बच्चे, बच्चों -> बच्चा; gehne,
bachchon, adalaton, ladkiyon), only where what is left is three letters or more; a verb is listed as its
infinitive and its forms are read back to it ("छीनकर", "मारते", "तोड़ने", "maari" -> छीनना, मारना, तोड़ना,
maarna), but never a bare stem or a function word; forms that mean the verb only in a phrase are listed. A
causative said as its stem or perfect ("डरा रहा", "dara", "dikhaya") is read back to its infinitive (डराना,
darana, dikhana), and a phrase's last word too ("truck chala raha" meets "truck chalana"). An age under 18
("16 saal ka beta", "17 साल की लड़की") gives minor, child (``age_words``): the list reads words, not numbers.
A missing or malformed file gives no words (logged once), never a crash.
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from core.stop_words import HI_STOP, ROM_STOP
from domain import paths

log = logging.getLogger(__name__)

LAY_WORDS = "lay_words.json"
_TOKEN = re.compile(r"[\u0900-\u0963\u0966-\u097f]+|[a-z]+")
_DEVA = re.compile(r"[\u0900-\u097f]")
MAX_PHRASE = 4
# Devanagari endings read back to a head word: (ending, what the head word ends with instead)
_HI_ENDINGS = (("ियों", "ी"), ("ियां", "ी"), ("ाओं", "ा"), ("ों", "ा"), ("ों", ""), ("ें", ""), ("े", "ा"))
# Roman-script endings, on the folded spelling (doubled letters and long vowels already single)
_ROM_ENDINGS = (("iyon", "i"), ("iyan", "i"), ("iya", "i"), ("on", "a"), ("on", ""), ("en", ""), ("e", "a"), ("o", "a"))
# a verb's forms read back to its infinitive (stem + ना / na) where the list has that: without the absolutive,
# habitual, infinitive and perfect endings ("छीनकर", "मारते", "तोड़ने", "छीना", "maari"); never a function word
# ("था" + ना would be "थाना", police station), nor a bare stem ("रोक" is a bar as often as "stop", "हो चुका"
# is no payment: such forms are listed in the data where they mean the verb)
_HI_VERB = ("कर", "ते", "ती", "ता", "ने", "नी", "ें", "ा", "ी", "े", "ो")
_ROM_VERB = ("kar", "te", "ti", "ta", "ne", "ni", "a", "i", "e", "o")
# taken off; the stem then takes "ाना" / "ana"; the feminine perfect is written "ायी" or "ाई" ("गाड़ी चलाई")
_HI_CAUSATIVE = ("ाया", "ायी", "ाई", "ाये", "ाए", "ा")
_ROM_CAUSATIVE = ("aya", "ayi", "aye", "a")


def infinitives(token: str):
    """The infinitives a (folded) verb form may be of, most likely first: without the absolutive, habitual,
    infinitive and perfect endings + ना / na ("छीनकर", "मारते", "maari"); a causative's stem or perfect
    + ना / na ("डरा", "dara", "dikhaya" -> डराना, darana, dikhana). None for a function word."""
    if token in _STOP:
        return
    deva = bool(_DEVA.match(token))
    for end in _HI_VERB if deva else _ROM_VERB:
        stem = token[: len(token) - len(end)]
        if token.endswith(end) and len(stem) >= 3:
            yield stem + "ना" if deva else rom_fold(stem + "na")
    # a causative ("चलाना", "chalana", "dikhana") said as its stem ("चला रहा", "dara raha") or its perfect
    # ("दिखाया", "dikhaya"): the stem ends in the long a
    for end in _HI_CAUSATIVE if deva else _ROM_CAUSATIVE:
        stem = token[: len(token) - len(end)]
        if token.endswith(end) and len(stem) >= 3 - deva:
            yield stem + "ाना" if deva else stem + "ana"


def hi_fold(word: str) -> str:
    """A Devanagari word in one spelling: nukta off (the precomposed letters too), chandrabindu as anusvara."""
    w = unicodedata.normalize("NFD", word).replace("\u093c", "").replace("\u0901", "\u0902")
    return unicodedata.normalize("NFC", w)


def rom_fold(word: str) -> str:
    """A Roman-script word in one spelling: "zameen", "jamin" and "jameen" are one word."""
    w = word.lower()
    for a, b in (("ph", "f"), ("z", "j"), ("w", "v"), ("q", "k"), ("ee", "i"), ("oo", "u"), ("aa", "a")):
        w = w.replace(a, b)
    return re.sub(r"(.)\1+", r"\1", w)


# function words, folded as the text is: never read as a verb
_STOP = frozenset({*(hi_fold(w) for w in HI_STOP), *(rom_fold(w) for w in ROM_STOP)})


def fold(token: str) -> str:
    return hi_fold(token) if _DEVA.match(token) else rom_fold(token)


def _tokens(text: str) -> list[str]:
    return [fold(t) for t in _TOKEN.findall(text.lower().replace("-", " "))]


_ASKS_TEXT = re.compile(
    r"\b(?:kya|kyaa)\s+(?:likha|likhaa|likhi|likhe)\s+(?:hai|he|hain|hua|gaya)\b|"
    r"क्या\s+(?:लिखा|लिखी|लिखे)\s+(?:है|हैं|हुआ|गया)",
    re.I,
)


class LayWords:
    def __init__(self, words: list[dict]):
        self.entries, self.index = phrase_index(words, "en", ("hi", "rom"), _tokens)

    @classmethod
    def load(cls, path: Path | str | None = None) -> LayWords:
        return cls(read_words(Path(path) if path else paths.pack_file(LAY_WORDS)))

    def _word(self, token: str) -> int | None:
        """The entry of one word, as written or read back from a plural/oblique ending."""
        hit = self.index.get((token,))
        if hit is not None:
            return hit
        deva = bool(_DEVA.match(token))
        for end, head in _HI_ENDINGS if deva else _ROM_ENDINGS:
            stem = token[: -len(end)]
            if token.endswith(end) and len(stem) >= 3 - deva:
                hit = self.index.get((stem + head,))
                if hit is not None:
                    return hit
        for inf in infinitives(token):
            hit = self.index.get((inf,))
            if hit is not None:
                return hit
        return None

    def _phrase(self, key: tuple[str, ...]) -> int | None:
        """The entry of a phrase, as written or with its last word a verb's form read back to the infinitive
        ("truck chala raha" meets "truck chalana")."""
        hit = self.index.get(key)
        if hit is None:
            hit = next((h for inf in infinitives(key[-1]) if (h := self.index.get((*key[:-1], inf))) is not None), None)
        return hit

    def entries_in(self, text: str) -> list[int]:
        """The entries a text says, in order, no repeats: the longest phrase at each word first."""
        return longest_first(_tokens(text), lambda key: self._phrase(key) if len(key) > 1 else self._word(key[0]))

    def english_words(self, text: str, per_entry: int = 3) -> list[str]:
        """The English of the entries a text says, an age under 18 (age_words) first. "kya likha hai" (what
        is written, what a law says) asks for a text: it is no "record, writing", whose stem read Art. 32's
        name "writ" ("IPC 302 mein kya likha hai" cited the right to constitutional remedies)."""
        text = _ASKS_TEXT.sub(" ", text)
        words = [*age_words(text), *(w for e in self.entries_in(text) for w in self.entries[e][:per_entry])]
        return list(dict.fromkeys(words))


ADULT_AGE = 18
AGE_WORDS = ("minor", "child")  # the statutes' words for a person under ADULT_AGE
_NUM = r"(\d{1,2}|[\u0966-\u096f]{1,2})"
_YEARS = r"(?:saal|sal|saala|varsh|baras|years?|yrs?|साल|वर्ष|बरस)"
_PERSON = (
    r"(?:beta|bete|beti|ladka|ladke|ladki|larka|larke|larki|bacha|bachcha|baccha|bachchi|bacchi|bachi|bhai|behen|bahan|behan|"
    r"bhatija|bhatiji|bhanja|bhanji|pota|poti|chhatra|chatra|kishor|son|daughter|boy|girl|kid|child|student|"
    r"बेटा|बेटे|बेटी|लडका|लडके|लडकी|बच्चा|बच्ची|बच्चे|भाई|बहन|भतीजा|भतीजी|भांजा|भांजी|पोता|पोती|छात्र|छात्रा|किशोर)"
)
# a person's age as people say it: "16 saal ka beta", "17 sal ki ladki", "16 साल की बेटी", "15 year old",
# "a 16-year-old", "aged 15", "umar 16", "उम्र 16 साल" ("16 saal ki saza", "16 saal purana" are no age)
_AGE = re.compile(
    rf"{_NUM}\s*-?\s*{_YEARS}\s*-?\s*(?:old\b|(?:ka|ki|ke|का|की|के)\s+(?:umar|umr|age|उम्र|उमर|{_PERSON}))|"
    rf"(?:\baged?|\bage\s+of|\bum(?:a?r|ra)\b|उम्र|उमर)\s*(?:hai|है|of|:)?\s*{_NUM}(?!\s*(?:%|rs|rupees|lakh|din|days))",
    re.I,
)


def age_words(text: str) -> list[str]:
    """The statutes' words for a person under 18 (minor, child) when the text gives such an age ("mera 16 saal ka
    beta", "16 साल की लड़की", "my 17 year old son"): the lay words read words, not numbers."""
    for m in _AGE.finditer(hi_fold(text or "")):
        num = m.group(1) or m.group(2)
        n = int("".join(str(ord(c) - 0x966) if "\u0966" <= c <= "\u096f" else c for c in num))
        if 0 < n < ADULT_AGE:
            return list(AGE_WORDS)
    return []


def read_words(p: Path, key: str = "words") -> list[dict]:
    """The "words" (or another list, ``key``) of a lay-word pack file; none (logged) when it is missing or
    malformed, never a crash."""
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        words = data["words"] if key == "words" else data.get(key, [])  # only "words" must be there
        return [w for w in words if isinstance(w, dict)] if isinstance(words, list) else []
    except FileNotFoundError:
        log.warning("lay words not found at %s; none used", p)
    except (OSError, ValueError, KeyError, TypeError) as e:
        log.warning("lay words at %s unreadable (%s); none used", p, type(e).__name__)
    return []


def phrase_index(words: list[dict], out: str, forms: tuple[str, ...], tokens, most: int | None = None):
    """(entries, index) of a lay-word list: each item's ``out`` words become one entry, and each of its
    ``forms`` phrases, read by ``tokens``, points at it (the first item to say a phrase keeps it; an item
    without words or forms, and a phrase of more than ``most`` words, is left out)."""
    entries: list[tuple[str, ...]] = []
    index: dict[tuple[str, ...], int] = {}
    for item in words:
        said = tuple(w for w in item.get(out) or () if isinstance(w, str) and w)
        phrases = [f for name in forms for f in item.get(name) or () if isinstance(f, str)]
        if not said or not phrases:
            continue
        entries.append(said)
        for f in phrases:
            key = tuple(tokens(f))
            if key and (most is None or len(key) <= most) and key not in index:
                index[key] = len(entries) - 1
    return entries, index


def longest_first(toks: list[str], entry_of, most: int = MAX_PHRASE) -> list[int]:
    """The entries a run of words says, in order, no repeats: at each word the longest phrase
    ``entry_of`` knows (a tuple of words -> an entry or None) first, then the words after it."""
    found: dict[int, None] = {}
    i = 0
    while i < len(toks):
        for n in range(min(most, len(toks) - i), 0, -1):
            hit = entry_of(tuple(toks[i : i + n]))
            if hit is not None:
                found.setdefault(hit, None)
                i += n
                break
        else:
            i += 1
    return list(found)


def cached_pack(cls, name: str):
    """``cls.load`` of a pack file, loaded once (again when the file changes)."""
    p = paths.pack_file(name)
    try:
        mtime = p.stat().st_mtime
    except OSError:
        mtime = -1.0
    return _loaded(cls, str(p), mtime)


@lru_cache(maxsize=4)
def _loaded(cls, path: str, mtime: float):
    return cls.load(path)


def default_lay_words() -> LayWords:
    """The pack's lay words, loaded once (again when the file changes)."""
    return cached_pack(LayWords, LAY_WORDS)


def english_words(text: str, per_entry: int = 3) -> list[str]:
    """The plain English words of the everyday Hindi/Hinglish words a text says ("almari ka taala
    tod ke" -> box, receptacle, lock, break, ...). An English text gets none: no Roman form in the
    list is an English word of the corpus (tests/test_lay_words.py), and the caller asks only for a
    question it reads as Hindi."""
    return default_lay_words().english_words(text, per_entry) if text else []
