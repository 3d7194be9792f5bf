"""Post-processing of Whisper transcripts for legal questions.

* Hindi number words -> digits ("चार सौ अड़तीस" -> 438); English digit-group readings
  after a legal keyword ("section four thirty eight" -> "section 438").
* Devanagari digits -> ASCII digits.
* Romanized Hindi -> Devanagari, only when the language is Hindi and the text is mostly
  romanized Hindi (not English): see :func:`romanized_to_devanagari`.
* Fuzzy correction of act names against the act registry's aliases (domain.acts)
  ("Baratiraya Sanjita" -> "Bharatiya Nyaya Sanhita"), and spelled-out acronyms
  ("bee en es es" -> "BNSS").
* The numbers and dates heard, for the "I heard: ..." line (:mod:`core.speech.heard`).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from domain.acts import act_rows
from domain.text import MONTHS_EN, MONTHS_HI, MONTHS_HI_VARIANTS

from ._numbers import DEVANAGARI_DIGITS, hi_key, parse_number_words, word_value
from .heard import heard_line

LEGAL_KEYWORDS_EN = {
    "section",
    "sections",
    "sec",
    "article",
    "articles",
    "rule",
    "order",
    "clause",
    "schedule",
    "chapter",
    "s",
    "u/s",
    "number",
    "no",
}
LEGAL_KEYWORDS_HI = {
    hi_key(w)
    for w in [
        "धारा",
        "धाराएं",
        "धाराओं",
        "दफा",
        "दफ़ा",
        "अनुच्छेद",
        "सेक्शन",
        "आर्टिकल",
        "नियम",
        "आदेश",
        "खंड",
        "उपधारा",
        "अध्याय",
        "अनुसूची",
        "नंबर",
        "संख्या",
    ]
}
LEGAL_KEYWORDS_HI_SPEC = {hi_key(w) for w in ["धारा", "दफा", "दफ़ा", "सेक्शन", "अनुच्छेद", "आर्टिकल"]}

_MONTH_RE = "|".join([m.capitalize() for m in MONTHS_EN] + [*MONTHS_EN, *MONTHS_HI, *MONTHS_HI_VARIANTS])

# letter names as Whisper writes them when someone spells an acronym
_LETTER_NAMES = {
    "a": "A",
    "ay": "A",
    "ei": "A",
    "b": "B",
    "bee": "B",
    "be": "B",
    "bi": "B",
    "c": "C",
    "see": "C",
    "sea": "C",
    "si": "C",
    "d": "D",
    "dee": "D",
    "e": "E",
    "ee": "E",
    "f": "F",
    "ef": "F",
    "eff": "F",
    "i": "I",
    "eye": "I",
    "aye": "I",
    "n": "N",
    "en": "N",
    "enn": "N",
    "p": "P",
    "pee": "P",
    "pea": "P",
    "pe": "P",
    "r": "R",
    "are": "R",
    "ar": "R",
    "s": "S",
    "es": "S",
    "ess": "S",
    "as": "S",
    "m": "M",
    "em": "M",
    "v": "V",
    "vee": "V",
    # Devanagari letter names
    "बी": "B",
    "एन": "N",
    "एस": "S",
    "आई": "I",
    "पी": "P",
    "सी": "C",
    "आर": "R",
    "ए": "A",
    "एफ": "F",
    "ई": "E",
    "डी": "D",
    "एम": "M",
    "वी": "V",
}
_KNOWN_ACRONYMS = {"BNS", "BNSS", "BSA", "IPC", "CRPC", "CPC", "IEA", "FIR", "NI", "MV"}
_DISPLAY_ACRONYM = {"CRPC": "CrPC"}

_COMMON_EN = set(
    """a an the is are was were be been of to in on for at by with from and or not no yes
what how why when where who which can could should would will shall do does did my me i you your he she
they we it this that there here have has had get got bail police court case law under section article
punishment murder theft arrest lawyer help please tell about if after before against file complaint
act rights right legal aid free station judge magistrate notice""".split()
)


@dataclass
class NormalizedText:
    text: str
    heard: list[str] = field(default_factory=list)  # numbers and dates, as shown to the user
    acts: list[str] = field(default_factory=list)  # act codes mentioned (BNS, BNSS, ...)
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (heard, corrected)

    def heard_line(self, lang: str = "en") -> str:
        return heard_line(lang, self.heard, self.acts, self.corrections)  # core.speech.heard


# --------------------------------------------------------------------------- acts
@dataclass(frozen=True)
class _Alias:
    code: str
    alias: str
    key: str
    canonical: str


def _phon(s: str) -> str:
    """Rough phonetic key for Latin transcriptions of Indian act names."""
    s = unicodedata.normalize("NFKD", s.lower())
    s = "".join(c for c in s if c.isalnum() or "\u0900" <= c <= "\u097f")
    if re.search(r"[\u0900-\u097f]", s):
        return hi_key(s)
    for a, b in (
        ("sh", "s"),
        ("bh", "b"),
        ("dh", "d"),
        ("th", "t"),
        ("kh", "k"),
        ("gh", "g"),
        ("ph", "f"),
        ("ch", "c"),
        ("jh", "j"),
        ("w", "v"),
        ("z", "j"),
        ("ee", "i"),
        ("oo", "u"),
        ("y", "i"),
        ("q", "k"),
    ):
        s = s.replace(a, b)
    s = re.sub(r"(.)\1+", r"\1", s)
    return s


@lru_cache(maxsize=4)
def _aliases(path: str | None = None) -> tuple[_Alias, ...]:
    """Every alias of the registry (of the configured pack, or of the pack dir ``path``)."""
    acts = act_rows(path)
    out = []
    for act in acts:
        name = re.sub(r",\s*\d{4}$", "", act["name_en"])
        name_hi = re.sub(r",\s*\d{4}$", "", act.get("name_hi", ""))
        for a in act.get("aliases", []):
            is_hi = bool(re.search(r"[\u0900-\u097f]", a))
            canonical = a if is_hi else (name if len(a.split()) >= 2 else a)
            if is_hi and len(a.split()) >= 2 and name_hi:
                canonical = a
            out.append(_Alias(act["code"], a, _phon(a), canonical))
    return tuple(out)


def _alias_for_code(code: str) -> str:
    return _DISPLAY_ACRONYM.get(code, code)


def _fix_spelled_acronyms(text: str, corrections: list) -> str:
    """ "bee en es es" / "B N S S" / "B.N.S.S." / "बी एन एस एस" -> BNSS (only known acronyms)."""
    tokens = re.findall(r"\S+", text)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        best = None
        j, letters = i, ""
        while j < len(tokens) and j - i < 6:
            raw = tokens[j]
            w = raw.lower().strip(".,?!।")
            if w in _LETTER_NAMES:
                letters += _LETTER_NAMES[w]
            elif re.fullmatch(r"(?:[a-z]\.){2,}[a-z]?\.?", w):
                letters += w.replace(".", "").upper()
            else:
                break
            j += 1
            if letters in _KNOWN_ACRONYMS and j - i >= 2:
                best = (j, letters, raw[len(raw.rstrip(".,?!।")) :])
        if best and not (best[0] - i == 1):
            j, letters, trail = best
            heard = " ".join(tokens[i:j])
            fixed = _alias_for_code(letters) + (trail if trail != "." or j == len(tokens) else "")
            if heard != fixed:
                corrections.append((heard, fixed))
            out.append(fixed)
            i = j
            continue
        # single dotted token "B.N.S.S." -> BNSS
        m = re.fullmatch(r"((?:[A-Za-z]\.){2,}[A-Za-z]?\.?)([,?!।]?)", tokens[i])
        if m and m.group(1).replace(".", "").upper() in _KNOWN_ACRONYMS:
            code = m.group(1).replace(".", "").upper()
            out.append(_alias_for_code(code) + m.group(2))
            i += 1
            continue
        out.append(tokens[i])
        i += 1
    return " ".join(out)


def _fix_act_names(text: str, corrections: list, acts: list, threshold: float = 0.74) -> str:
    aliases = _aliases()
    multi = [a for a in aliases if len(a.alias.split()) >= 2 or len(a.key) >= 9]
    tokens = list(re.finditer(r"[^\s,?!।;:()]+", text))
    matches = []  # (score, start_tok, end_tok, alias)
    for i in range(len(tokens)):
        for n in range(1, 5):
            if i + n > len(tokens):
                break
            span = text[tokens[i].start() : tokens[i + n - 1].end()]
            key = _phon(span)
            if len(key) < 6:
                continue
            for a in multi:
                if abs(len(a.key) - len(key)) > max(4, 0.35 * len(a.key)):
                    continue
                # part of a name said as is ("divorce" of "Divorce Act", "घरेलू हिंसा" of
                # "घरेलू हिंसा एक्ट") is not a mishearing of the whole name
                if len(key) < len(a.key) and (a.key.startswith(key) or a.key.endswith(key)):
                    continue
                sm = difflib.SequenceMatcher(None, key, a.key)
                if sm.real_quick_ratio() < threshold or sm.quick_ratio() < threshold:
                    continue
                r = sm.ratio()
                # the first sound must agree, except in a long span heard almost right
                # ("Maratiya Nyaya Sanhita" for Bharatiya Nyaya Sanhita)
                if r >= threshold and (key[:1] == a.key[:1] or (n >= 3 and r >= 0.86)):
                    matches.append((r * len(a.key) ** 0.5, r, i, i + n, a))
    # a longer alias heard nearly right beats a shorter one heard exactly inside it
    matches.sort(key=lambda m: (-m[0], -m[1]))
    taken: set[int] = set()
    chosen = []
    for _, r, s, e, a in matches:
        if any(k in taken for k in range(s, e)):
            continue
        taken.update(range(s, e))
        chosen.append((s, e, a, r))
    for s, e, a, r in sorted(chosen, key=lambda c: -c[0]):
        start, end = tokens[s].start(), tokens[e - 1].end()
        heard = text[start:end]
        if a.code not in acts:
            acts.append(a.code)
        if r >= 0.999 or _phon(heard) == _phon(a.canonical):
            continue
        corrections.append((heard, a.canonical))
        text = text[:start] + a.canonical + text[end:]
    # short codes written plainly (every code of the registry, Latin and Devanagari)
    names = _code_names()
    for m in re.finditer(r"[A-Za-z\u0900-\u097f.]+", text):
        code = names.get(m.group(0).strip(".")) or names.get(m.group(0))
        if code and code not in acts:
            acts.append(code)
    return text


@lru_cache(maxsize=4)
def _code_names_for(path: str | None) -> dict[str, str]:
    """Written short forms -> act code: "BNSS", "CrPC", "HMA", "बीएनएसएस", "आईपीसी" (registry)."""
    out: dict[str, str] = {}
    for act in act_rows(path):
        code = act["code"]
        forms = [code, act.get("short_en") or ""] + list(act.get("aliases") or [])
        for f in forms:
            f = (f or "").strip()
            if not f or " " in f or "." in f:
                continue
            if re.fullmatch(r"[A-Z][A-Za-z]{1,5}", f) and sum(c.isupper() for c in f) >= 2:
                out[f] = code
                out[f.upper()] = code
            elif (
                re.fullmatch(r"[\u0900-\u097f]{3,12}", f)
                and len(f) <= 10
                and f.endswith(("एस", "सी", "ए", "एसए", "पीसी", "एसएस"))
            ):
                out[f] = code
    return out


def _code_names() -> dict[str, str]:
    return _code_names_for(None)


# Codes people say in questions, and how Whisper mangles them ("DGNSS", "BNSS." ...).
_SPOKEN_CODES = ("BNSS", "BNS", "BSA", "IPC", "CRPC", "CPC")
_CODE_CONTEXT = {"section", "sections", "sec", "under", "act", "article", "धारा", "दफा", "तहत"}


def _fix_code_typos(text: str, corrections: list) -> str:
    """An unknown all-capitals token next to a legal word or a number, one edit from a code
    people say ("BMS" -> BNS), or sharing its last three letters with one letter more or
    fewer ("DGNSS" -> BNSS), is read as that code.  Ambiguous tokens are left alone."""
    names = _code_names()
    tokens = re.findall(r"\S+", text)
    out = []
    for i, tok in enumerate(tokens):
        m = re.fullmatch(r"([A-Z]{3,6})([.,?!।]?)", tok)
        if not m or m.group(1) in names or m.group(1).lower() in _COMMON_EN:
            out.append(tok)
            continue
        word = m.group(1)
        near = [t.strip(".,?!।").lower() for t in tokens[max(0, i - 3) : i] + tokens[i + 1 : i + 2]]
        if not any(w in _CODE_CONTEXT or w.isdigit() or re.fullmatch(r"\d+[a-z]?", w) for w in near):
            out.append(tok)
            continue
        cands = []
        for code in _SPOKEN_CODES:
            d = _levenshtein(word, code)
            if d <= 1 or (len(code) >= 4 and abs(len(word) - len(code)) <= 1 and word[-3:] == code[-3:] and d <= 2):
                cands.append((d, code))
        cands.sort()
        if cands and (len(cands) == 1 or cands[0][0] < cands[1][0]):
            fixed = _alias_for_code(cands[0][1])
            corrections.append((word, fixed))
            out.append(fixed + m.group(2))
        else:
            out.append(tok)
    return " ".join(out)


def _levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


_TERM_MIN = 0.8


def _fix_legal_terms(text: str, lang: str, corrections: list) -> str:
    """A two-to-four word span heard nearly as a glossary term, sharing at least one word
    with it, is read as the term ("anticipated bail" -> "anticipatory bail")."""
    from .legal_vocab import legal_lexicon

    terms = legal_lexicon(lang)
    if not terms:
        return text
    by_len: dict[int, list[tuple[str, str, set]]] = {}
    for t in terms:
        words = t.split()
        if 2 <= len(words) <= 4:
            by_len.setdefault(len(words), []).append((t, _phon(t), [_phon(w) for w in words]))
    tokens = list(re.finditer(r"[^\s,?!।;:()]+", text))
    repl = []
    taken: set[int] = set()
    for n in (4, 3, 2):
        for i in range(len(tokens) - n + 1):
            if any(k in taken for k in range(i, i + n)):
                continue
            span = text[tokens[i].start() : tokens[i + n - 1].end()]
            key = _phon(span)
            if len(key) < 8:
                continue
            span_words = [_phon(tokens[k].group(0)) for k in range(i, i + n)]
            best = None
            for term, tkey, twords in by_len.get(n, []):
                if key == tkey:
                    best = None
                    break
                # word by word: one the same, every other one close ("anticipated" ~ "anticipatory")
                same = sum(a == b for a, b in zip(span_words, twords))
                if not same or any(
                    a != b and difflib.SequenceMatcher(None, a, b).ratio() < 0.7 for a, b in zip(span_words, twords)
                ):
                    continue
                sm = difflib.SequenceMatcher(None, key, tkey)
                if sm.quick_ratio() < _TERM_MIN:
                    continue
                r = sm.ratio()
                if r >= _TERM_MIN and (best is None or r > best[0]):
                    best = (r, term)
            if best:
                taken.update(range(i, i + n))
                term = best[1]
                if span[:1].islower() and term[:1].isupper() and not term.split()[0].isupper():
                    term = term[:1].lower() + term[1:]
                repl.append((tokens[i].start(), tokens[i + n - 1].end(), span, term))
    for start, end, span, term in sorted(repl, key=lambda x: -x[0]):
        corrections.append((span, term))
        text = text[:start] + term + text[end:]
    return text


# --------------------------------------------------------------------------- numbers
def _convert_numbers(text: str, heard: list[str]) -> str:
    text = text.translate(DEVANAGARI_DIGITS)
    # "four thirty-eight" -> "four thirty eight"
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", text, flags=re.I)
    tokens = re.findall(r"\S+", text)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        core = [t.strip(",.?!।;:()") for t in tokens[i : i + 12]]
        prev = out[-1].strip(",.?!।;:()").lower() if out else ""
        legal = prev in LEGAL_KEYWORDS_EN or hi_key(prev) in LEGAL_KEYWORDS_HI
        # do not swallow a trailing word that carries punctuation mid-phrase
        parsed = parse_number_words(core, concat=legal) if core and word_value(core[0]) else None
        if parsed:
            value, used, has_mult = parsed
            # stop at punctuation inside the phrase
            for k in range(used - 1):
                if re.search(r"[,.?!।;:]$", tokens[i + k]):
                    used = k + 1
                    value, used, has_mult = parse_number_words(core[:used], concat=legal) or (None, 0, False)
                    break
            words = core[:used]
            is_words = any(not w.isdigit() for w in words)
            hindi = any(re.search(r"[\u0900-\u097f]", w) for w in words)
            english_word = any(re.fullmatch(r"[A-Za-z]+", w) for w in words)
            convert = (
                value is not None
                and is_words
                and (legal or has_mult or (hindi and value >= 10) or (english_word and legal))
            )
            if english_word and not legal and not has_mult:
                convert = False
            if english_word and has_mult and not legal:
                convert = True
            if value is not None and (convert or not is_words):
                trail = tokens[i + used - 1][len(tokens[i + used - 1].rstrip(",.?!।;:)")) :]
                lead = tokens[i][: len(tokens[i]) - len(tokens[i].lstrip("("))]
                out.append(f"{lead}{value}{trail}")
                i += used
                continue
        out.append(tokens[i])
        i += 1
    return " ".join(out)


_DATE_RES = [
    re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(" + _MONTH_RE + r"),?\s+(\d{4})\b"),
    re.compile(r"\b(" + _MONTH_RE + r")\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b"),
    re.compile(r"\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})\b"),
    re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(" + _MONTH_RE + r")\b"),
]


def _collect_heard(text: str) -> list[str]:
    heard: list[str] = []
    spans: list[tuple[int, int]] = []
    for rx in _DATE_RES:
        for m in rx.finditer(text):
            if any(s <= m.start() < e for s, e in spans):
                continue
            spans.append((m.start(), m.end()))
            heard.append((m.start(), m.group(0).rstrip(",")))
    kw = r"(?:[Ss]ections?|[Ss]ec\.?|[Aa]rticles?|[Rr]ule|[Oo]rder|धारा|धाराओं|दफा|दफ़ा|अनुच्छेद|सेक्शन|आर्टिकल)"
    for m in re.finditer(r"(?:(" + kw + r")\s+)?(₹\s?)?(\d[\d,]*(?:\.\d+)?(?:\s?\(\s?\w{1,3}\s?\))*)", text):
        if any(s <= m.start(3) < e for s, e in spans):
            continue
        val = m.group(0).strip()
        heard.append((m.start(), val))
    return [v for _, v in sorted(heard)]


# --------------------------------------------------------------------------- transliteration
def romanized_to_devanagari(text: str) -> str:
    """Transliterate romanized Hindi words to Devanagari (ITRANS-ish), keeping English
    words, acronyms and digits.  Used only when the transcript language is Hindi."""
    try:
        from indic_transliteration import sanscript
    except ImportError:  # pragma: no cover - dependency is declared
        return text
    out = []
    for tok in re.findall(r"\S+|\s+", text):
        core = tok.strip(",.?!;:")
        if (
            not core
            or not re.fullmatch(r"[A-Za-z]+", core)
            or core.isupper()
            or core.lower() in _COMMON_EN
            or len(core) < 2
        ):
            out.append(tok)
            continue
        w = core.lower()
        w = re.sub(r"ee", "ii", w)
        w = re.sub(r"oo", "uu", w)
        w = re.sub(r"a$", "aa", w) if len(w) > 2 and w.endswith("aa") is False and w[-2] not in "aeiou" and False else w
        dev = sanscript.transliterate(w, sanscript.ITRANS, sanscript.DEVANAGARI)
        dev = dev.rstrip("\u094d")  # stray final halant
        out.append(tok.replace(core, dev))
    return "".join(out)


def _mostly_romanized_hindi(text: str) -> bool:
    words = re.findall(r"[A-Za-z]+", text)
    if len(words) < 2 or re.search(r"[\u0900-\u097f]", text):
        return False
    english = sum(1 for w in words if w.lower() in _COMMON_EN or w.isupper())
    return english / len(words) < 0.4


# --------------------------------------------------------------------------- entry point
_HUNDREDS = re.compile(r"(?i)\b(sections?|sec\.?|s\.|धारा)(\s+)([1-9])00([1-9])\b")


def _fix_hundreds(text: str, corrections: list) -> str:
    """Whisper writes "one hundred three" as "1003"; no act we hold has a section 1000 or above,
    so "Section 1003" is read as 103 (and shown in the "I heard" line for the user to check)."""

    def repl(m: re.Match) -> str:
        fixed = f"{m.group(1)}{m.group(2)}{m.group(3)}0{m.group(4)}"
        corrections.append((m.group(0), fixed))
        return fixed

    return _HUNDREDS.sub(repl, text)


def normalize_transcript(text: str, lang: str = "en", *, transliterate: bool = True) -> NormalizedText:
    """Normalise a transcript; ``lang`` is the transcript language ("en" or "hi")."""
    corrections: list[tuple[str, str]] = []
    acts: list[str] = []
    s = unicodedata.normalize("NFC", text or "").strip()
    s = re.sub(r"\s+", " ", s)
    if lang == "hi" and transliterate and _mostly_romanized_hindi(s):
        t = romanized_to_devanagari(s)
        if t != s:
            corrections.append((s, t))
            s = t
    s = re.sub(r"(?<=\d)(BNSS|BNS|BSA|IPC|CrPC|CPC)\b", r" \1", s)  # "35BNSS" -> "35 BNSS"
    s = _fix_spelled_acronyms(s, corrections)
    s = _convert_numbers(s, [])
    s = _fix_hundreds(s, corrections)
    s = _fix_code_typos(s, corrections)
    s = _fix_act_names(s, corrections, acts)
    s = _fix_legal_terms(s, lang if lang in ("en", "hi") else "en", corrections)
    heard = _collect_heard(s)
    return NormalizedText(text=s, heard=heard, acts=acts, corrections=corrections)
