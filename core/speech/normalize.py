"""Post-processing of Whisper transcripts for legal questions.

* Hindi number words -> digits ("चार सौ अड़तीस" -> 438); English digit-group readings
  after a legal keyword ("section four thirty eight" -> "section 438").
* Devanagari digits -> ASCII digits.
* Romanized Hindi -> Devanagari, only when the language is Hindi and the text is mostly
  romanized Hindi (not English): see :func:`romanized_to_devanagari`.
* Fuzzy correction of act names against graph_schema/packs/india/acts.json aliases
  ("Baratiraya Sanjita" -> "Bharatiya Nyaya Sanhita"), and spelled-out acronyms
  ("bee en es es" -> "BNSS").
* The numbers and dates heard, for an "I heard: ..." line shown to the user.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ._numbers import DEVANAGARI_DIGITS, hi_key, parse_number_words, word_value

_ACTS_JSON = Path(__file__).resolve().parents[2] / "graph_schema" / "packs" / "india" / "acts.json"

LEGAL_KEYWORDS_EN = {"section", "sections", "sec", "article", "articles", "rule", "order", "clause",
                     "schedule", "chapter", "s", "u/s", "number", "no"}
LEGAL_KEYWORDS_HI = {hi_key(w) for w in ["धारा", "धाराएं", "धाराओं", "दफा", "दफ़ा", "अनुच्छेद", "सेक्शन", "आर्टिकल",
                                          "नियम", "आदेश", "खंड", "उपधारा", "अध्याय", "अनुसूची", "नंबर", "संख्या"]}
LEGAL_KEYWORDS_HI_SPEC = {hi_key(w) for w in ["धारा", "दफा", "दफ़ा", "सेक्शन", "अनुच्छेद", "आर्टिकल"]}

_MONTHS_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december"]
_MONTHS_HI = ["जनवरी", "फरवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर",
              "नवंबर", "दिसंबर"]
_MONTH_RE = "|".join([m.capitalize() for m in _MONTHS_EN] + _MONTHS_EN + _MONTHS_HI + ["फ़रवरी", "सितम्बर", "अक्तूबर", "नवम्बर", "दिसम्बर"])

# letter names as Whisper writes them when someone spells an acronym
_LETTER_NAMES = {
    "a": "A", "ay": "A", "ei": "A", "b": "B", "bee": "B", "be": "B", "bi": "B", "c": "C", "see": "C", "sea": "C",
    "si": "C", "d": "D", "dee": "D", "e": "E", "ee": "E", "f": "F", "ef": "F", "eff": "F", "i": "I", "eye": "I",
    "aye": "I", "n": "N", "en": "N", "enn": "N", "p": "P", "pee": "P", "pea": "P", "pe": "P", "r": "R", "are": "R",
    "ar": "R", "s": "S", "es": "S", "ess": "S", "as": "S", "m": "M", "em": "M", "v": "V", "vee": "V",
    # Devanagari letter names
    "बी": "B", "एन": "N", "एस": "S", "आई": "I", "पी": "P", "सी": "C", "आर": "R", "ए": "A", "एफ": "F",
    "ई": "E", "डी": "D", "एम": "M", "वी": "V",
}
_KNOWN_ACRONYMS = {"BNS", "BNSS", "BSA", "IPC", "CRPC", "CPC", "IEA", "FIR", "NI", "MV"}
_DISPLAY_ACRONYM = {"CRPC": "CrPC"}

_COMMON_EN = set("""a an the is are was were be been of to in on for at by with from and or not no yes
what how why when where who which can could should would will shall do does did my me i you your he she
they we it this that there here have has had get got bail police court case law under section article
punishment murder theft arrest lawyer help please tell about if after before against file complaint
act rights right legal aid free station judge magistrate notice""".split())


@dataclass
class NormalizedText:
    text: str
    heard: list[str] = field(default_factory=list)          # numbers and dates, as shown to the user
    acts: list[str] = field(default_factory=list)           # act codes mentioned (BNS, BNSS, ...)
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (heard, corrected)

    def heard_line(self, lang: str = "en") -> str:
        items = self.heard + [a for a in self.acts if a not in " ".join(self.heard)]
        if not items:
            return ""
        return ("मैंने सुना: " if lang == "hi" else "I heard: ") + ", ".join(items)


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
    for a, b in (("sh", "s"), ("bh", "b"), ("dh", "d"), ("th", "t"), ("kh", "k"), ("gh", "g"),
                 ("ph", "f"), ("ch", "c"), ("jh", "j"), ("w", "v"), ("z", "j"), ("ee", "i"),
                 ("oo", "u"), ("y", "i"), ("q", "k")):
        s = s.replace(a, b)
    s = re.sub(r"(.)\1+", r"\1", s)
    return s


@lru_cache(maxsize=4)
def _aliases(path: str = str(_ACTS_JSON)) -> tuple[_Alias, ...]:
    acts = json.loads(Path(path).read_text(encoding="utf-8"))["acts"]
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
    """"bee en es es" / "B N S S" / "B.N.S.S." / "बी एन एस एस" -> BNSS (only known acronyms)."""
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
                best = (j, letters, raw[len(raw.rstrip(".,?!।")):])
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
            span = text[tokens[i].start():tokens[i + n - 1].end()]
            key = _phon(span)
            if len(key) < 6:
                continue
            for a in multi:
                if abs(len(a.key) - len(key)) > max(4, 0.35 * len(a.key)):
                    continue
                sm = difflib.SequenceMatcher(None, key, a.key)
                if sm.real_quick_ratio() < threshold or sm.quick_ratio() < threshold:
                    continue
                r = sm.ratio()
                if r >= threshold and key[:1] == a.key[:1]:
                    matches.append((r, len(a.key), i, i + n, a))
    matches.sort(key=lambda m: (-m[0], -m[1]))
    taken: set[int] = set()
    chosen = []
    for r, _, s, e, a in matches:
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
    # short codes written plainly
    for m in re.finditer(r"\b(BNSS|BNS|BSA|IPC|CrPC|CRPC|CPC|IEA)\b|(बीएनएसएस|बीएनएस|बीएसए|आईपीसी|सीआरपीसी|सीपीसी)", text):
        code = {"बीएनएसएस": "BNSS", "बीएनएस": "BNS", "बीएसए": "BSA", "आईपीसी": "IPC",
                "सीआरपीसी": "CRPC", "सीपीसी": "CPC"}.get(m.group(0), m.group(0).upper())
        if code not in acts:
            acts.append(code)
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
        core = [t.strip(",.?!।;:()") for t in tokens[i:i + 12]]
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
            convert = value is not None and is_words and (
                legal or has_mult or (hindi and value >= 10) or (english_word and legal))
            if english_word and not legal and not has_mult:
                convert = False
            if english_word and has_mult and not legal:
                convert = True
            if value is not None and (convert or not is_words):
                trail = tokens[i + used - 1][len(tokens[i + used - 1].rstrip(",.?!।;:)")):]
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
        if (not core or not re.fullmatch(r"[A-Za-z]+", core) or core.isupper() or core.lower() in _COMMON_EN
                or len(core) < 2):
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
    s = re.sub(r"(?<=\d)(BNSS|BNS|BSA|IPC|CrPC|CPC)\b", r" \1", s)   # "35BNSS" -> "35 BNSS"
    s = _fix_spelled_acronyms(s, corrections)
    s = _convert_numbers(s, [])
    s = _fix_hundreds(s, corrections)
    s = _fix_act_names(s, corrections, acts)
    heard = _collect_heard(s)
    return NormalizedText(text=s, heard=heard, acts=acts, corrections=corrections)
