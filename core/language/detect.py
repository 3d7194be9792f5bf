"""Decide whether a user message is Hindi-intent ("hi") or English ("en").

Devanagari text is Hindi. Romanized Hindi ("Hinglish", e.g. "mujhe bail kaise
milegi") is also Hindi-intent: the user thinks in Hindi, so answers and notices
go back in Hindi. We spot it with a list of common romanized Hindi function
words; legal nouns alone ("bail", "FIR") are not enough because they are
English too.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Literal

Lang = Literal["hi", "en"]

DEVANAGARI_THRESHOLD = 0.3  # share of letters that are Devanagari to call it Hindi

# Common romanized Hindi words: pronouns, postpositions, auxiliaries, question
# words, frequent verbs. Chosen to rarely collide with English words.
HINGLISH_WORDS: frozenset[str] = frozenset(
    """
    mera meri mere mujhe mujhko main mein hum hamara hamari hamare humko hume humein
    tum tumhara tumhari aap aapka aapki aapke apna apni apne unka unki unke uska uski
    uske usko unko isko iska iski yeh ye woh wo voh vo kya kyu kyun kyon kaise kaisa
    kaisi kab kahan kaha kaun kitna kitni kitne kisne kisko kis
    hai hain hoon hun tha thi the hoga hogi hogaa honge hua hui hue ho raha rahi rahe
    gaya gayi gaye gya gyi kar karo karna karta karti karte kiya kiye karein kare
    sakta sakti sakte sakta milegi milega milta milti mila mili chahiye chahie
    nahi nahin nhi mat bhi aur lekin par ko ka ki ke se tak liye liya diya dena
    batao bataiye bataye bolo boliye bhai behen bahan pati patni beta beti
    ghar paisa paise kuch koi sab abhi jab tab agar toh phir baad pehle saath
    wala wali wale kyunki kripya madad chahta chahti hume
    karun karu karoon karoge karenge thik theek accha acha achha haan ji bahut zyada jyada
    giraftar giraftaar giraftari jamanat zamanat thana thaana vakil vakeel talaq talak dahej
    zameen jameen adalat kanoon kanun shikayat mukadma saza hirasat gawah
    kaunsa kaunsi kaunse konsa konsi konse kisi ab dhara dhaara sazaa saja kanoonan
    """.split()
)

# Tokens in HINGLISH_WORDS that are also English words; they only count when
# accompanied by unambiguous Hindi words.
_AMBIGUOUS: frozenset[str] = frozenset(
    {"main", "par", "to", "the", "mat", "bhi", "ho", "kar", "hum", "sab", "tab", "koi", "ye", "wo", "ab"}
)

_WORD = re.compile(r"[A-Za-z]+")
_DEVA_WORD = re.compile(r"[\u0900-\u0963\u0966-\u097f]+")


def _devanagari_ratio(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    deva = sum(1 for c in letters if "\u0900" <= c <= "\u097f")
    return deva / len(letters)


# English function words: a question that says them is English unless its Hindi evidence outweighs them
# ("my dowry case", "can I get talaq", "what is Lok Adalat"). Words that are Hindi too ("to", "the", "main")
# are in _AMBIGUOUS and count on neither side; "me" (Hindi "में": "kitne din me") is left out.
ENGLISH_WORDS: frozenset[str] = frozenset(
    """
    a an is are was were am be been being i my mine you your he him his she her it its we us our they them their
    what which who whom whose how when where why can could should would will shall may might must do does did done
    of in on at for with from by about into after before under over against between this that these those
    and or but not no yes if then than there here have has had get got any some all my please tell give
    """.split()
)
# Hindi words per word for the lexicon reading; measured safe between 1/4 and 1/3 (tests/test_detect_short.py)
LEXICON_SHARE = 0.3


@lru_cache(maxsize=4)
def _lexicon(pack: str) -> frozenset[str]:
    """Roman-script Hindi content words the pack itself vouches for, one spelling each (rom_fold): the
    Roman forms of the everyday lay words (pack lay_words.json; its test keeps English words out), and
    the glossary's Roman aliases that are the Roman reading of a Devanagari word the glossary or the lay
    words hold ("dahej", "maarpeet", "hatya"), less every word of a glossary term's English name
    ("Lok Adalat", "Talaq", "Stridhan" are names an English question uses too) or of its English
    definition, and less the English function words. A missing pack gives no words, never a crash."""
    from pathlib import Path

    from core.language.lay_words import rom_fold
    from core.language.transliterate import roman_word

    base = Path(pack)
    try:
        lay = json.loads((base / "lay_words.json").read_text(encoding="utf-8")).get("words") or []
        terms = json.loads((base / "glossary.json").read_text(encoding="utf-8")).get("terms") or []
    except (OSError, ValueError):
        return frozenset()
    out = {rom_fold(f) for e in lay for f in e.get("rom") or () if isinstance(f, str) and " " not in f.strip()}
    deva: set[str] = set()
    for e in lay:
        deva.update(w for h in e.get("hi") or () for w in _DEVA_WORD.findall(str(h)))
    english: set[str] = set()
    for t in terms:
        deva.update(_DEVA_WORD.findall(f"{t.get('hi', '')} {t.get('definition_hi', '')}"))
        english.update(w.lower() for w in _WORD.findall(f"{t.get('en', '')} {t.get('definition_en', '')}"))
    read = {rom_fold(roman_word(w)) for w in deva}
    for t in terms:
        for a in t.get("aliases") or ():
            for w in _WORD.findall(str(a).lower()):
                if len(w) > 2 and w not in english and rom_fold(w) in read:
                    out.add(rom_fold(w))
    out -= {rom_fold(w) for w in english | ENGLISH_WORDS}
    return frozenset(w for w in out if len(w) > 2)


@lru_cache(maxsize=4)
def _names(pack: str) -> frozenset[str]:
    """The words of the glossary terms' English names ("Lok Adalat", "Talaq", "Zero FIR"): an English
    question names them too, so they are evidence of neither language."""
    from pathlib import Path

    try:
        terms = json.loads((Path(pack) / "glossary.json").read_text(encoding="utf-8")).get("terms") or []
    except (OSError, ValueError):
        return frozenset()
    return frozenset(w.lower() for t in terms for w in _WORD.findall(str(t.get("en", ""))))


def hindi_lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """The Roman-script Hindi content words of the configured pack (see _lexicon) and the words of
    its glossary's English names (see _names)."""
    from domain import paths

    pack = str(paths.pack_dir())
    return _lexicon(pack), _names(pack)


def _evidence(words: list[str]) -> tuple[int, int, int]:
    """(unambiguous Hindi function words, Hindi words in all, English function words) of a Roman text."""
    from core.language.lay_words import rom_fold

    lex, names = hindi_lexicon()
    strong = hindi = english = 0
    for w in words:
        if w in names:
            continue
        if w in HINGLISH_WORDS:
            if w not in _AMBIGUOUS:
                strong += 1
                hindi += 1
        elif rom_fold(w) in lex:
            hindi += 1
        elif w in ENGLISH_WORDS:
            english += 1
    return strong, hindi, english


def _function_words_say(words: list[str]) -> bool:
    """The first reading: Hindi function words alone."""
    hits = [w for w in words if w in HINGLISH_WORDS]
    strong = [w for w in hits if w not in _AMBIGUOUS]
    if not strong:
        return False
    # One- or two-word messages made only of unambiguous Hindi words ("jamanat").
    if len(words) <= 2 and len(strong) == len(words):
        return True
    # Otherwise two Hindi words (one unambiguous) and ~25% of the words, or 3+ unambiguous ones.
    return len(hits) >= 2 and (len(hits) / len(words) >= 0.25 or len(strong) >= 3)


def is_hinglish(text: str) -> bool:
    """True when `text` is romanized Hindi (Latin script, Hindi function words). A short question
    whose function words alone do not decide ("maarpeet hui", "dahej hatya", "cheque bounce hua")
    is read with the pack's Roman Hindi content words as evidence too: Hindi when it says more Hindi
    words than English function words and its Hindi words are at least LEXICON_SHARE of its words. Words of a glossary
    term's English name count for neither language ("Lok Adalat", "my dowry case" stay English), and
    a question read as Hindi by its function words alone stays English when it says more English
    function words than Hindi words ("the thana refused my FIR")."""
    words = [w.lower() for w in _WORD.findall(text)]
    if not words:
        return False
    strong, hindi, english = _evidence(words)
    if _function_words_say(words):
        # ... unless English function words say more than the Hindi ("the thana refused my FIR")
        return english < hindi
    return hindi > english and hindi / len(words) >= LEXICON_SHARE


def is_roman_script(text: str) -> bool:
    """True when ``text`` is written in Latin letters (below the Devanagari share that makes it Hindi)."""
    return (
        bool(text) and any(c.isascii() and c.isalpha() for c in text) and _devanagari_ratio(text) < DEVANAGARI_THRESHOLD
    )


def answer_script(question: str, lang: str) -> Literal["native", "roman"]:
    """The script a Hindi answer is shown in (issue 19): "roman" when the question was typed in
    Roman-script Hindi (Hinglish), so the reply reads the way it was asked; "native" (Devanagari)
    for a Devanagari question; English answers are always "native"."""
    return "roman" if lang == "hi" and is_roman_script(question or "") else "native"


def detect_language(text: str) -> Lang:
    """Return "hi" for Devanagari or Hinglish text, else "en"."""
    if not text or not text.strip():
        return "en"
    if _devanagari_ratio(text) >= DEVANAGARI_THRESHOLD:
        return "hi"
    return "hi" if is_hinglish(text) else "en"
