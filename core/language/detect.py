"""Decide whether a user message is Hindi-intent ("hi") or English ("en").

Devanagari text is Hindi. Romanized Hindi ("Hinglish", e.g. "mujhe bail kaise
milegi") is also Hindi-intent: the user thinks in Hindi, so answers and notices
go back in Hindi. We spot it with a list of common romanized Hindi function
words; legal nouns alone ("bail", "FIR") are not enough because they are
English too.
"""

from __future__ import annotations

import re
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


def _devanagari_ratio(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    deva = sum(1 for c in letters if "\u0900" <= c <= "\u097f")
    return deva / len(letters)


def is_hinglish(text: str) -> bool:
    """True when `text` is romanized Hindi (Latin script, Hindi function words)."""
    words = [w.lower() for w in _WORD.findall(text)]
    if not words:
        return False
    hits = [w for w in words if w in HINGLISH_WORDS]
    strong = [w for w in hits if w not in _AMBIGUOUS]
    if not strong:
        return False
    # One- or two-word messages made only of unambiguous Hindi words ("jamanat").
    if len(words) <= 2 and len(strong) == len(words):
        return True
    # Otherwise two Hindi words (one unambiguous) and ~25% of the words, or 3+ unambiguous ones.
    return len(hits) >= 2 and (len(hits) / len(words) >= 0.25 or len(strong) >= 3)


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
