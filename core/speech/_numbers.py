"""Number words in Hindi and English (parsing) and English words for numbers (reading).

Shared by :mod:`core.speech.normalize` (words -> digits) and :mod:`core.speech.reader`
(years -> "twenty fourteen").
"""

from __future__ import annotations

import unicodedata

from domain.text import EN_ONES, EN_TENS_WORDS
from domain.text import EN_TENS as _EN_TENS
from domain.text import EN_UNITS as _EN_UNITS

_HI_RAW = {
    0: "शून्य",
    1: "एक",
    2: "दो",
    3: "तीन",
    4: "चार",
    5: "पाँच पांच",
    6: "छह छः छे छै",
    7: "सात",
    8: "आठ",
    9: "नौ",
    10: "दस",
    11: "ग्यारह",
    12: "बारह",
    13: "तेरह",
    14: "चौदह",
    15: "पंद्रह पन्द्रह",
    16: "सोलह",
    17: "सत्रह",
    18: "अठारह",
    19: "उन्नीस",
    20: "बीस",
    21: "इक्कीस",
    22: "बाईस",
    23: "तेईस",
    24: "चौबीस",
    25: "पच्चीस",
    26: "छब्बीस",
    27: "सत्ताईस",
    28: "अट्ठाईस अठाईस",
    29: "उनतीस उन्तीस",
    30: "तीस",
    31: "इकतीस इकत्तीस",
    32: "बत्तीस",
    33: "तैंतीस तेंतीस",
    34: "चौंतीस चौतीस",
    35: "पैंतीस",
    36: "छत्तीस",
    37: "सैंतीस",
    38: "अड़तीस अडतीस",
    39: "उनतालीस उन्तालीस",
    40: "चालीस",
    41: "इकतालीस",
    42: "बयालीस",
    43: "तैंतालीस तैतालीस",
    44: "चवालीस चौवालीस",
    45: "पैंतालीस",
    46: "छियालीस",
    47: "सैंतालीस",
    48: "अड़तालीस",
    49: "उनचास",
    50: "पचास",
    51: "इक्यावन",
    52: "बावन",
    53: "तिरेपन तिरपन",
    54: "चौवन चव्वन",
    55: "पचपन",
    56: "छप्पन",
    57: "सत्तावन",
    58: "अट्ठावन अठावन",
    59: "उनसठ",
    60: "साठ",
    61: "इकसठ",
    62: "बासठ",
    63: "तिरसठ",
    64: "चौंसठ",
    65: "पैंसठ",
    66: "छियासठ",
    67: "सड़सठ सरसठ",
    68: "अड़सठ",
    69: "उनहत्तर",
    70: "सत्तर",
    71: "इकहत्तर",
    72: "बहत्तर",
    73: "तिहत्तर",
    74: "चौहत्तर",
    75: "पचहत्तर",
    76: "छिहत्तर",
    77: "सतहत्तर",
    78: "अठहत्तर",
    79: "उनासी उन्यासी",
    80: "अस्सी",
    81: "इक्यासी",
    82: "बयासी",
    83: "तिरासी",
    84: "चौरासी",
    85: "पचासी",
    86: "छियासी",
    87: "सत्तासी",
    88: "अट्ठासी",
    89: "नवासी",
    90: "नब्बे",
    91: "इक्यानबे इक्यानवे",
    92: "बानबे बानवे",
    93: "तिरानबे तिरानवे",
    94: "चौरानबे चौरानवे",
    95: "पंचानबे पंचानवे पिचानवे",
    96: "छियानबे छियानवे",
    97: "सत्तानबे सत्तानवे",
    98: "अट्ठानबे अट्ठानवे",
    99: "निन्यानबे निन्यानवे",
}
_HI_MULT_RAW = {100: "सौ सैकड़ा", 1000: "हज़ार हजार", 100_000: "लाख", 10_000_000: "करोड़ करोड"}
_HI_FRAC_RAW = {1.5: "डेढ़ डेढ", 2.5: "ढाई", 0.5: "साढ़े साढे"}  # साढ़े = "plus a half" before a multiplier


def hi_key(word: str) -> str:
    """Spelling-tolerant key for a Devanagari word: no nukta, chandrabindu -> anusvara."""
    w = unicodedata.normalize("NFD", word)
    w = w.replace("\u093c", "").replace("\u0901", "\u0902")
    return unicodedata.normalize("NFC", w)


HI_UNITS: dict[str, int] = {hi_key(v): n for n, vs in _HI_RAW.items() for v in vs.split()}
HI_MULT: dict[str, int] = {hi_key(v): n for n, vs in _HI_MULT_RAW.items() for v in vs.split()}
HI_FRAC: dict[str, float] = {hi_key(v): n for n, vs in _HI_FRAC_RAW.items() for v in vs.split()}

# the shared words (domain.text) and how speech also says them ("oh five", "fourty")
EN_UNITS = {**_EN_UNITS, "oh": 0, "o": 0, "nought": 0}
EN_TENS = {**_EN_TENS, "fourty": 40}
EN_MULT = {
    "hundred": 100,
    "thousand": 1000,
    "lakh": 100_000,
    "lakhs": 100_000,
    "crore": 10_000_000,
    "crores": 10_000_000,
    "million": 1_000_000,
}

DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")


def word_value(word: str) -> tuple[str, float] | None:
    """Classify one word: ("unit", n) | ("tens", n) | ("mult", n) | ("frac", x) | ("digits", n)."""
    w = word.strip().lower().translate(DEVANAGARI_DIGITS)
    if not w:
        return None
    if w.isdigit() and len(w) <= 6:
        return ("digits", int(w))
    if w in EN_UNITS:
        return ("unit", EN_UNITS[w])
    if w in EN_TENS:
        return ("tens", EN_TENS[w])
    if w in EN_MULT:
        return ("mult", EN_MULT[w])
    k = hi_key(w)
    if k in HI_UNITS:
        return ("unit", HI_UNITS[k])
    if k in HI_MULT:
        return ("mult", HI_MULT[k])
    if k in HI_FRAC:
        return ("frac", HI_FRAC[k])
    return None


def parse_number_words(words: list[str], *, concat: bool) -> tuple[int, int, bool] | None:
    """Parse the longest number phrase at the start of ``words``.

    Returns (value, words_consumed, used_multiplier) or None.  With ``concat`` (a legal
    reference context such as "section four thirty eight") groups without a multiplier are
    read digit-group-wise: "four thirty eight" -> 438, "one oh three" -> 103,
    "चार तीन आठ" -> 438.  Without it the phrase stops where a new group would start.
    """
    groups: list[int] = []
    total = 0.0  # completed thousand/lakh/crore parts
    hund = 0.0  # hundreds part
    grp = 0.0  # 0..99 group being built
    state = None  # None | "unit" | "tens" | "full" | "digits"
    used_mult = False
    pending_half = False
    have = False
    i = 0
    while i < len(words):
        wv = word_value(words[i])
        if wv is None:
            if words[i].lower() == "and" and have and i + 1 < len(words) and word_value(words[i + 1]):
                i += 1
                continue
            break
        kind, val = wv
        new_group = False
        if kind == "frac":
            if state is not None:
                new_group = True
            elif val == 0.5:
                pending_half = True
            else:
                grp, state = val, "full"
        elif kind == "mult":
            base = grp if state is not None else (0 if pending_half else 1)
            if pending_half:
                base += 0.5
                pending_half = False
            if val == 100:
                if hund:
                    break
                hund, grp, state = base * 100, 0, None
            else:
                total += (hund + base) * val if (hund or state is not None or base) else val
                hund, grp, state = 0, 0, None
            used_mult = True
        elif kind == "tens":
            if state is None:
                grp, state = val, "tens"
            else:
                new_group = True
        elif kind == "unit":
            if state is None:
                grp, state = val, "unit"
            elif state == "tens" and 0 < val < 10:
                grp, state = grp + val, "full"
            else:
                new_group = True
        elif kind == "digits":
            if state is None and not have:
                grp, state = val, "digits"
            else:
                new_group = True
        if new_group:
            if used_mult or not concat:
                break
            groups.append(int(grp))
            grp, state = val, ("tens" if kind == "tens" else "unit" if kind == "unit" else "digits")
        have = True
        i += 1
    if not have or (pending_half and not used_mult):
        return None
    if groups:
        groups.append(int(grp))
        return int("".join(str(g) for g in groups)), i, False
    return int(total + hund + grp), i, used_mult


def en_words(n: int) -> str:
    """English words for 0 <= n < 10**9 (no "and", no hyphens: TTS-friendly)."""
    if n < 20:
        return EN_ONES[n]
    if n < 100:
        return EN_TENS_WORDS[n // 10] + ("" if n % 10 == 0 else " " + EN_ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return EN_ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + en_words(rest))
    for size, name in ((1_000_000, "million"), (1000, "thousand")):
        if n >= size:
            rest = n % size
            return en_words(n // size) + " " + name + ("" if rest == 0 else " " + en_words(rest))
    raise ValueError(n)


def en_year(y: int) -> str:
    """How a year is said: 2014 -> "twenty fourteen", 2005 -> "two thousand five",
    1978 -> "nineteen seventy eight", 1905 -> "nineteen oh five", 1900 -> "nineteen hundred"."""
    if 2000 <= y <= 2009:
        return en_words(y)
    hi, lo = divmod(y, 100)
    if lo == 0:
        return en_words(hi) + " hundred"
    if lo < 10:
        return en_words(hi) + " oh " + en_words(lo)
    return en_words(hi) + " " + en_words(lo)
