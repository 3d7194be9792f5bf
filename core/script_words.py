"""The words of a Hindi or Roman-script Hindi question, as the settled-point probes read them (issue 23).

    script_of(said)        "hi" (Devanagari), "rom" (Roman-script Hindi) or "en"
    hi_words(text)         Devanagari content words, one spelling each (hi_key)
    rom_words(text)        Roman-script content words, one spelling each (rom_key)
    roman_key(word)        a Devanagari word as its Roman-script key ("जुर्म" -> "jurm")

core.conflicts (point_asked) and core.on_point (speaks_to) both read questions through these. A
Devanagari word also has a Roman key: the reviewed Roman renderings of a settled issue carry the lay
words people use beside the formal ones ("apradh (jurm, crime)"), so a Hindi question that says
"जुर्म" where the Hindi rendering says "अपराध" still meets the point.
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.stop_words import HI_STOP, ROM_STOP
from core.support import GENERIC, GENERIC_STEMS, HI_FUNCTION, _stem

DEVA = re.compile(r"[\u0900-\u0963\u0966-\u097F]+")
LATIN = re.compile(r"[a-z0-9]+")


def hi_key(w: str) -> str:
    """A Devanagari word in one spelling: no nukta, chandrabindu as anusvara, plural/oblique endings off."""
    w = w.replace("\u093c", "").replace("\u0901", "\u0902")
    for suf in ("ियों", "ियां", "ाओं", "ाएं", "ों", "ें", "ां"):
        if len(w) > len(suf) + 2 and w.endswith(suf):
            return w[: -len(suf)]
    return w


def rom_key(w: str) -> str:
    """A Roman-script word (Hindi or English) in one spelling: stemmed, z=j, w=v, long vowels short,
    doubled letters single, m before a consonant as n ("zamaanat", "jamanat"; "chargesheet";
    "samvidhan", the transliteration's "sanvidhan")."""
    w = _stem(w)
    for a, b in (("z", "j"), ("w", "v"), ("ph", "f"), ("q", "k"), ("ee", "i"), ("oo", "u"), ("aa", "a")):
        w = w.replace(a, b)
    w = re.sub(r"m(?=[bcdfghjklpqrstvxz])", "n", w)
    return re.sub(r"(.)\1+", r"\1", w)


def hi_words(text: str) -> set[str]:
    keys = {hi_key(w) for w in DEVA.findall(text) if w not in HI_FUNCTION and len(w) > 1}
    return keys - HI_STOP


def rom_words(text: str) -> set[str]:
    keys = {rom_key(w) for w in LATIN.findall(text.lower()) if w not in ROM_STOP and w not in GENERIC and len(w) > 2}
    return keys - GENERIC_STEMS


@lru_cache(maxsize=4096)
def roman_key(word: str) -> str:
    """A Devanagari word as its Roman-script key, through the app's own transliteration ("" for a
    function or question word, or when it cannot be read)."""
    from core.language.transliterate import to_roman

    try:
        keys = rom_words(to_roman(word))
    except Exception:  # the transliteration is a best-effort second reading
        return ""
    return next(iter(keys), "") if len(keys) == 1 else ""


def roman_text(text: str) -> str:
    """A text's Devanagari words in Roman script (Latin words kept)."""
    from core.language.transliterate import to_roman

    try:
        return to_roman(text)
    except Exception:
        return ""


def script_of(said: str) -> str:
    """ "hi" (Devanagari), "rom" (Roman-script Hindi) or "en"."""
    from core.language.detect import detect_language, is_roman_script

    if detect_language(said) != "hi":
        return "en"
    return "rom" if is_roman_script(said) else "hi"
