"""Romanized Hindi (Hinglish) -> Devanagari, best effort.

Casual romanization is lossy ("thana" could be थना or थाना), so:
1. a small dictionary of common legal Hinglish words wins outright;
2. other words go through indic-transliteration (ITRANS) with two Hindi
   habits applied: a word-final "a"/"i" is usually long (mera -> मेरा,
   milegi -> मिलेगी), and a word-final consonant carries no halant
   (giraftar -> गिरफ्तर, not गिरफ्तर्).
The output is a search/display aid, never a legal text.
"""

from __future__ import annotations

import re

from indic_transliteration import sanscript

HALANT = "\u094d"
NUKTA = "\u093c"

# Common legal / everyday Hinglish words with their standard Devanagari.
LEGAL_HINGLISH: dict[str, str] = {
    "jamanat": "जमानत",
    "zamanat": "जमानत",
    "giraftar": "गिरफ्तार",
    "giraftaar": "गिरफ्तार",
    "griftar": "गिरफ्तार",
    "giraftari": "गिरफ्तारी",
    "giraftaari": "गिरफ्तारी",
    "thana": "थाना",
    "thaana": "थाना",
    "vakil": "वकील",
    "vakeel": "वकील",
    "wakil": "वकील",
    "talaq": "तलाक",
    "talak": "तलाक",
    "talaaq": "तलाक",
    "dahej": "दहेज",
    "adalat": "अदालत",
    "adaalat": "अदालत",
    "kanoon": "कानून",
    "kanun": "कानून",
    "police": "पुलिस",
    "pulis": "पुलिस",
    "shikayat": "शिकायत",
    "shikaayat": "शिकायत",
    "mukadma": "मुकदमा",
    "mukadama": "मुकदमा",
    "muqadma": "मुकदमा",
    "zameen": "ज़मीन",
    "jameen": "ज़मीन",
    "zamin": "ज़मीन",
    "kiraya": "किराया",
    "kirayedar": "किरायेदार",
    "naukri": "नौकरी",
    "tankhwah": "तनख्वाह",
    "gawah": "गवाह",
    "gavah": "गवाह",
    "saboot": "सबूत",
    "sabut": "सबूत",
    "saza": "सज़ा",
    "sazaa": "सज़ा",
    "jurmana": "जुर्माना",
    "hirasat": "हिरासत",
    "fir": "फिर",  # "then"; the acronym FIR is handled case-sensitively
    "phir": "फिर",
    "bail": "बेल",
    "court": "कोर्ट",
    "case": "केस",
    "nyay": "न्याय",
    "nyaya": "न्याय",
    "adhikar": "अधिकार",
    "shaadi": "शादी",
    "shadi": "शादी",
    "patni": "पत्नी",
    "pati": "पति",
    "bhai": "भाई",
    "mujhe": "मुझे",
    "kaise": "कैसे",
    "kya": "क्या",
    "hai": "है",
    "hain": "हैं",
    "nahi": "नहीं",
    "nahin": "नहीं",
    "mein": "में",
    "ki": "की",
    "ka": "का",
    "ke": "के",
    "ko": "को",
    "se": "से",
}

# Case-sensitive acronyms (all caps only, so Hinglish "fir" = "then" is not hit).
ACRONYMS: dict[str, str] = {
    "FIR": "एफआईआर",
    "SHO": "एसएचओ",
    "IPC": "आईपीसी",
    "BNS": "बीएनएस",
    "CrPC": "सीआरपीसी",
    "CRPC": "सीआरपीसी",
}

_TOKEN = re.compile(r"[A-Za-z]+|[^A-Za-z]+")
_CONSONANT_END = re.compile(r"[^aeiou]$")


def _itrans_word(word: str) -> str:
    w = word.lower()
    # Hindi habit: final short a/i are usually long vowels in speech.
    if len(w) > 1 and w.endswith("a") and not w.endswith("aa"):
        w = w + "a"
    elif len(w) > 1 and w.endswith("i") and not w.endswith("ii"):
        w = w + "i"
    out = sanscript.transliterate(w, sanscript.ITRANS, sanscript.DEVANAGARI)
    return clean_halants(out)


def clean_halants(text: str) -> str:
    """Drop halants that end a word (or the text) or sit next to non-letters."""
    text = re.sub(HALANT + r"(?=$|[^\u0900-\u097f])", "", text)
    text = re.sub(HALANT + r"{2,}", HALANT, text)
    return text


def transliterate_word(word: str) -> str:
    """One Latin word -> Devanagari; dictionary first, then ITRANS rules."""
    if word in ACRONYMS:
        return ACRONYMS[word]
    hit = LEGAL_HINGLISH.get(word.lower())
    if hit is not None:
        return hit
    return _itrans_word(word)


def to_devanagari(text: str) -> str:
    """Transliterate every Latin word in `text`; keep digits, punctuation and Devanagari."""
    return "".join(
        transliterate_word(tok) if tok[0].isascii() and tok[0].isalpha() else tok for tok in _TOKEN.findall(text)
    )
