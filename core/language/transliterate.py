"""Romanized Hindi (Hinglish) <-> Devanagari, best effort.

To Devanagari (``to_devanagari``, a search aid for a Hinglish question):

Casual romanization is lossy ("thana" could be थना or थाना), so:
1. a small dictionary of common legal Hinglish words wins outright;
2. other words go through indic-transliteration (ITRANS) with two Hindi
   habits applied: a word-final "a"/"i" is usually long (mera -> मेरा,
   milegi -> मिलेगी), and a word-final consonant carries no halant
   (giraftar -> गिरफ्तर, not गिरफ्तर्).
The output is a search/display aid, never a legal text.

To Roman script (``to_roman``, issue 19: a question typed in Roman-script Hindi is answered in
Roman-script Hindi): the Hindi answer, built and verified in Devanagari, is shown in the plain
ASCII Roman Hindi people type ("dhaara 191 BNS ke tahat saza"), not in a scholarly scheme with
diacritics ("dhārā"). Each Devanagari word gets Hindi's schwa deletion first (the inherent "a" a
speaker drops: करना -> karna, not karanaa; कानून -> kaanoon), marked with a halant, then goes
through indic-transliteration's ITRANS, whose case-coded letters are folded to lower-case ASCII
(A -> aa, T -> t, Sh -> sh, M -> n/m); a few function words whose spelling people agree on are
taken from a table (में mein, है hai, नहीं nahin). Latin words, digits and names stay as written.
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


# ---------------------------------------------------------------------------- Devanagari -> Roman
_VIRAMA = "\u094d"
_NUKTA_CH = "\u093c"
_MATRAS = frozenset(chr(c) for c in range(0x093E, 0x094D)) | {"\u0962", "\u0963"}
_MODS = frozenset({"\u0901", "\u0902", "\u0903"})  # chandrabindu, anusvara, visarga
_INDEP = frozenset(chr(c) for c in range(0x0904, 0x0915)) | {"\u0960", "\u0961", "\u0972"}
_SEMIVOWEL_END = frozenset("यरव")  # a final cluster ending in these keeps its "a": मित्र, वाक्य
_DEVA_RUN = re.compile(r"[\u0900-\u0963\u0966-\u097f]+")
_DEVA_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

# Function words whose Roman spelling is settled by use, not by rule (क्यों kyon, not kyo.n).
ROMAN_WORDS: dict[str, str] = {
    "में": "mein",
    "मैं": "main",
    "है": "hai",
    "हैं": "hain",
    "नहीं": "nahin",
    "यह": "yah",
    "वह": "vah",
    "ये": "ye",
    "वे": "ve",
    "और": "aur",
    "हूँ": "hoon",
    "हूं": "hoon",
    "क्यों": "kyon",
    "कहाँ": "kahan",
    "कहां": "kahan",
    "यहाँ": "yahan",
    "वहाँ": "vahan",
    "एवं": "evam",
    "कृपया": "kripya",
    "लिए": "liye",
    "लिये": "liye",
    "दिए": "diye",
    "किए": "kiye",
    "गए": "gaye",
    "गई": "gayi",
    "चाहिए": "chahiye",
    "एक्ट": "Act",
    "सेक्शन": "section",
}

# Acronyms spelt out in Devanagari go back to the letters people know (बीएनएस -> BNS, not beeenaes).
ROMAN_ACRONYMS: dict[str, str] = {v: k for k, v in ACRONYMS.items() if k != "CRPC"} | {
    "बीएनएसएस": "BNSS",
    "बीएसए": "BSA",
    "सीआरपीसी": "CrPC",
    "डीएलएसए": "DLSA",
    "नालसा": "NALSA",
    "एनसीआर": "NCR",
    "ओटीपी": "OTP",
    "आईटी": "IT",
    "एसपी": "SP",
    "सीसीटीवी": "CCTV",
    "एमवी": "MV",
    "एनआई": "NI",
    "डीवी": "DV",
}

# ITRANS letters -> plain ASCII, longest first ("chCh" before "Ch", ".Dh" before "Dh").
_ITRANS_PLAIN = (
    ("chCh", "chh"),
    ("Ch", "chh"),
    ("RRi", "ri"),
    ("RRI", "ri"),
    ("LLi", "li"),
    (".Dh", "rh"),
    (".D", "d"),
    (".N", "n"),
    (".h", ""),
    (".a", ""),
    ("~N", "n"),
    ("~n", "n"),
    ("GY", "gy"),
    ("Sh", "sh"),
    ("Th", "th"),
    ("Dh", "dh"),
    ("A", "aa"),
    ("I", "ii"),
    ("U", "uu"),
    ("T", "t"),
    ("D", "d"),
    ("N", "n"),
    ("H", "h"),
    ("K", "kh"),
    ("G", "g"),
    ("q", "k"),
    ("x", "ksh"),
)


def _units(word: str) -> list[dict]:
    """A Devanagari word as syllable units: onset consonants, its vowel, trailing marks."""
    units: list[dict] = []
    i, n = 0, len(word)
    while i < n:
        ch = word[i]
        if ch in _INDEP:
            u = {"onset": [], "vowel": ch, "schwa": False, "mods": ""}
            i += 1
        elif "\u0915" <= ch <= "\u0939" or "\u0958" <= ch <= "\u095f":
            onset = []
            while i < n and ("\u0915" <= word[i] <= "\u0939" or "\u0958" <= word[i] <= "\u095f"):
                c = word[i]
                i += 1
                if i < n and word[i] == _NUKTA_CH:
                    c += _NUKTA_CH
                    i += 1
                onset.append(c)
                if i < n and word[i] == _VIRAMA and i + 1 < n and "\u0915" <= word[i + 1] <= "\u095f":
                    i += 1  # a conjunct: the next consonant joins this onset
                    continue
                break
            u = {"onset": onset, "vowel": "", "schwa": True, "mods": ""}
            if i < n and word[i] in _MATRAS:
                u["vowel"], u["schwa"] = word[i], False
                i += 1
            elif i < n and word[i] == _VIRAMA:
                u["vowel"], u["schwa"] = _VIRAMA, False
                i += 1
        else:  # a stray mark: keep it with the unit before
            if units:
                units[-1]["mods"] += ch
            i += 1
            continue
        while i < n and word[i] in _MODS:
            u["mods"] += word[i]
            i += 1
        units.append(u)
    return units


def _deleted(u: dict) -> bool:
    return u["vowel"] == _VIRAMA


def _has_vowel(u: dict) -> bool:
    return not _deleted(u)


def schwa_delete(word: str) -> str:
    """Mark the inherent vowels a Hindi speaker drops with a halant (करना -> कर्ना, कानून -> कानून्).

    The rule of thumb of Hindi schwa syncope: a word-final inherent "a" goes (not in a one-syllable
    word, nor after a cluster ending in य/र/व: मित्र), and, right to left, an inherent "a" between a
    vowelled syllable and a single consonant that carries a vowel goes (V C a C V), never two in a row."""
    units = _units(word)
    if len(units) < 2:
        return word
    last = units[-1]
    if last["schwa"] and not last["mods"] and last["onset"]:
        if len(last["onset"]) == 1 or last["onset"][-1] not in _SEMIVOWEL_END:
            last["vowel"], last["schwa"] = _VIRAMA, False
    i = len(units) - 2
    while i >= 1:
        u, prev, nxt = units[i], units[i - 1], units[i + 1]
        if (
            u["schwa"]
            and not u["mods"]
            and u["onset"]
            and _has_vowel(prev)
            and len(nxt["onset"]) == 1
            and _has_vowel(nxt)
        ):
            u["vowel"], u["schwa"] = _VIRAMA, False
            i -= 2
            continue
        i -= 1
    return "".join(_VIRAMA.join(u["onset"]) + u["vowel"] + u["mods"] for u in units)


def _plain(itrans: str) -> str:
    out = itrans
    for a, b in _ITRANS_PLAIN:
        out = out.replace(a, b)
    out = out.replace("M", "\x01")  # anusvara: m before a labial, else n
    out = re.sub("\x01(?=[pbm])", "m", out).replace("\x01", "n")
    out = re.sub(r"[^a-z]", "", out.lower())
    # spelling habits of typed Hindi
    out = re.sub(r"eey$", "iya", out.replace("ii", "ee").replace("uu", "oo"))  # भारतीय -> bhaartiya
    out = re.sub(r"aa$", "a", out)  # धारा -> dhaara, सज़ा -> saza
    out = re.sub(r"ee$", "i", out)  # की -> ki, पत्नी -> patni
    out = re.sub(r"oo$", "u", out)  # घरेलू -> gharelu
    out = out.replace("pht", "ft")  # गिरफ्तार -> giraftaar, मुफ्त -> muft
    out = re.sub(r"ie$", "iye", out)  # ज़रिए -> zariye
    out = re.sub(r"ae(n?)$", r"aye\1", out)  # बताए -> bataaye, जाएँ -> jaayen
    return out


def roman_word(word: str) -> str:
    """One Devanagari word -> plain ASCII Roman Hindi."""
    if word in ROMAN_ACRONYMS:
        return ROMAN_ACRONYMS[word]
    # कॉल -> कोल, ऑडियो -> ओडियो, candra e -> e
    word = word.replace("\u0949", "\u094b").replace("\u0911", "\u0913").replace("\u0945", "\u0947")
    if word in ROMAN_WORDS:
        return ROMAN_WORDS[word]
    itrans = sanscript.transliterate(schwa_delete(word), sanscript.DEVANAGARI, sanscript.ITRANS)
    return _plain(itrans) or word


def to_roman(text: str) -> str:
    """Devanagari in ``text`` -> plain ASCII Roman Hindi; Latin words, digits and punctuation kept.
    "धारा 191 BNS के तहत सज़ा।" -> "Dhaara 191 BNS ke tahat saza." (sentences start upper-case)."""
    if not text or not _DEVA_RUN.search(text):
        return text
    out = _DEVA_RUN.sub(lambda m: roman_word(m.group()), text.translate(_DEVA_DIGITS))
    out = out.replace("\u0964\u0964", ".").replace("\u0964", ".").replace("\u0965", ".")
    out = re.sub(r"(^|[.!?]\s+|\n\s*)([a-z])", lambda m: m.group(1) + m.group(2).upper(), out)
    return out


def roman_runs(text: str) -> str:
    """Only the Devanagari runs of ``text`` in Roman Hindi, nothing else touched (no sentence casing):
    for markup whose fixed labels are Hindi around a romanized answer (app/card.py)."""
    if not text or not _DEVA_RUN.search(text):
        return text
    out = _DEVA_RUN.sub(lambda m: roman_word(m.group()), text.translate(_DEVA_DIGITS))
    return out.replace("\u0964\u0964", ".").replace("\u0964", ".").replace("\u0965", ".")


def romanize_answer(result) -> None:
    """Show a Hindi ``core.stages.Answer`` in Roman script, in place: every text a person reads
    (answer, short answer, steps, law, deadlines, notices, disclaimer, the citations as written),
    once the Devanagari has been verified. Node ids, acts, numbers and statuses are untouched, and
    ``result.spoken`` (set by the caller) keeps the Devanagari for the Hindi voice."""
    r = to_roman
    result.answer = r(result.answer)
    result.summary = r(result.summary)
    result.notices = [r(n) for n in result.notices]
    result.disclaimer = r(result.disclaimer)
    if result.law_as_of_note:
        result.law_as_of_note = r(result.law_as_of_note)
    result.steps = [
        s.model_copy(
            update={
                "text": r(s.text),
                "where": r(s.where),
                "bring": r(s.bring),
                "time_limit": r(s.time_limit),
                "basis": [r(b) for b in s.basis],
            }
        )
        for s in result.steps
    ]
    result.law = [x.model_copy(update={"cite": r(x.cite), "gist": r(x.gist), "text": r(x.text)}) for x in result.law]
    result.deadlines = [d.model_copy(update={"what": r(d.what), "note": r(d.note)}) for d in result.deadlines]
    result.citations = [c.model_copy(update={"text": r(c.text)}) for c in result.citations]
    result.withheld = [w.model_copy(update={"text": r(w.text)}) for w in result.withheld]
    result.script = "roman"
