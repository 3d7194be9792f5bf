"""Citation reader: turn written legal text into text a TTS engine reads well.

``speakable("(2014) 8 SCC 273", "en")`` -> ``"twenty fourteen, volume 8, S C C, page 273"``.

Table-driven: each rule is a regex plus a replacement per language.  The output is meant
for TTS only; the screen keeps the written form.
"""

from __future__ import annotations

import re
from functools import lru_cache

from domain.acts import act_rows

from ._numbers import en_year

# Acronyms spelled out letter by letter in English speech.
_ACRONYMS_EN = [
    "BNSS",
    "BNS",
    "BSA",
    "IPC",
    "CrPC",
    "CRPC",
    "CPC",
    "IEA",
    "SCC",
    "SCR",
    "AIR",
    "FIR",
    "NI",
    "MV",
    "SC",
    "HC",
    "SLP",
    "PIL",
    "NALSA",
    "DLSA",
    "SLSA",
    "UAPA",
    "NDPS",
    "POCSO",
    "RTI",
    "CJI",
    "ACJM",
    "CJM",
    "JMFC",
    "IO",
    "SHO",
    "DCP",
    "SP",
]
# Acronyms read as words; not spelled out.
_WORD_ACRONYMS = {"POCSO": "Pocso", "NALSA": "Nalsa", "UAPA": "U A P A", "NDPS": "N D P S"}

_HI_LETTERS = {
    "A": "ए",
    "B": "बी",
    "C": "सी",
    "D": "डी",
    "E": "ई",
    "F": "एफ",
    "G": "जी",
    "H": "एच",
    "I": "आई",
    "J": "जे",
    "K": "के",
    "L": "एल",
    "M": "एम",
    "N": "एन",
    "O": "ओ",
    "P": "पी",
    "Q": "क्यू",
    "R": "आर",
    "S": "एस",
    "T": "टी",
    "U": "यू",
    "V": "वी",
    "W": "डब्ल्यू",
    "X": "एक्स",
    "Y": "वाई",
    "Z": "ज़ेड",
}

_REPORTERS = r"SCC\s*\(Cri\)|SCC\s*OnLine|SCC|SCR|SCALE|Scale|JT|Cri\s*LJ|CriLJ|ALD|Bom\s*LR|DLT|KLT|MLJ|All\s*LJ"


@lru_cache(maxsize=1)
def _hindi_act_names() -> dict[str, str]:
    """Latin act code/alias -> Devanagari short form (e.g. BNSS -> बीएनएसएस) from the act registry."""
    out: dict[str, str] = {}
    try:
        acts = act_rows()
    except (OSError, ValueError, KeyError):
        return out
    for act in acts:
        deva = [a for a in act.get("aliases", []) if re.search(r"[\u0900-\u097f]", a)]
        short = [a for a in deva if " " not in a and "." not in a]
        target = short[0] if short else (deva[0] if deva else None)
        if not target:
            continue
        for a in act.get("aliases", []):
            if re.fullmatch(r"[A-Za-z. ]+", a) and len(a.replace(".", "").replace(" ", "")) <= 5:
                out[a.replace(".", "").replace(" ", "").upper()] = target
    return out


def _spell_en(acr: str) -> str:
    if acr.upper() in _WORD_ACRONYMS:
        return _WORD_ACRONYMS[acr.upper()]
    return " ".join(acr.upper())


def _spell_hi(acr: str) -> str:
    acts = _hindi_act_names()
    if acr.upper() in acts:
        return acts[acr.upper()]
    return " ".join(_HI_LETTERS.get(c, c) for c in acr.upper() if c.isalpha())


def _year(y: str, lang: str) -> str:
    return en_year(int(y)) if lang == "en" else y


def _reporter(rep: str, lang: str) -> str:
    rep = re.sub(r"\s+", " ", rep.strip())
    if lang == "en":
        m = {
            "SCC (Cri)": "S C C criminal",
            "SCC OnLine": "S C C online",
            "Cri LJ": "criminal law journal",
            "CriLJ": "criminal law journal",
            "SCALE": "scale",
            "Scale": "scale",
        }.get(rep)
        return m or " ".join(_spell_en(w) if w.isupper() else w for w in rep.split())
    m = {"SCC (Cri)": "एस सी सी क्रिमिनल", "SCC OnLine": "एस सी सी ऑनलाइन"}.get(rep)
    return m or " ".join(_spell_hi(w) if w.isupper() else w for w in rep.split())


def _subdivisions(subs: str, lang: str, kind: str) -> str:
    """ "(1)(a)" after a section/article -> "sub-section 1 clause a" / "clause 1 sub-clause a"."""
    parts = re.findall(r"\(\s*([0-9A-Za-z]+)\s*\)", subs or "")
    if not parts:
        return ""
    if lang == "en":
        names = (
            ["sub-section", "clause", "sub-clause", "item"]
            if kind == "section"
            else ["clause", "sub-clause", "item", "item"]
        )
    else:
        names = ["उपधारा", "खंड", "उपखंड", "मद"] if kind == "section" else ["खंड", "उपखंड", "मद", "मद"]
    return " " + " ".join(f"{names[min(i, 3)]} {p}" for i, p in enumerate(parts))


_NUM = r"\d+[A-Z]?"
_SUBS = r"(?:\s?\(\s*[0-9A-Za-z]{1,4}\s*\))*"
_ACT_AFTER = (
    r"(?:\s*,?\s*(?:of\s+(?:the\s+)?)?(?P<act>BNSS|BNS|BSA|IPC|Cr\.?\s?P\.?C|CRPC|CPC|IEA|NI\s+Act|MV\s+Act)\b)?"
)

_SECTION_RE = re.compile(
    r"\b(?P<kw>[Ss]ections?|[Ss]ecs?\.|[Ss]s\.|[Ss]\.|u/s\.?|U/S\.?|धारा(?:ओं)?|दफा)\s*(?P<num>"
    + _NUM
    + r")(?P<subs>"
    + _SUBS
    + r")"
    r"(?P<more>(?:\s*(?:,|and|or|&|r/w|read with|से|और|तथा)\s*(?:" + _NUM + r")" + _SUBS + r")*)" + _ACT_AFTER
)
_ARTICLE_RE = re.compile(
    r"\b(?P<kw>[Aa]rticles?|[Aa]rts?\.|अनुच्छेद)\s*(?P<num>" + _NUM + r")(?P<subs>" + _SUBS + r")"
    r"(?P<more>(?:\s*(?:,|and|or|&|और|तथा)\s*(?:" + _NUM + r")" + _SUBS + r")*)"
)
# (2014) 8 SCC 273 ;  [1950] SCR 88 ;  2023 SCC OnLine SC 123 ; AIR 1978 SC 597
_SCC_RE = re.compile(
    r"[\(\[](?P<year>1[89]\d\d|20\d\d)[\)\]]\s*(?:(?P<vol>\d{1,3})\s+)?(?P<rep>" + _REPORTERS + r")\s+(?P<page>\d{1,5})"
)
_ONLINE_RE = re.compile(r"\b(?P<year>1[89]\d\d|20\d\d)\s+SCC\s*OnLine\s+(?P<court>[A-Z][A-Za-z]*)\s+(?P<page>\d{1,6})")
_AIR_RE = re.compile(r"\bAIR\s+(?P<year>1[89]\d\d|20\d\d)\s+(?P<court>[A-Z][A-Za-z]*)\s+(?P<page>\d{1,5})")
_TAG_RE = re.compile(r"\s*\[(?:S\d+)(?:\s*[,;]\s*S\d+)*\]")
_CASE_V_RE = re.compile(r"(?<=\w)\s+(?:v\.|vs\.?|V\.|Vs\.?)\s+(?=[A-Z\u0900-\u097f])")
_RUPEE_RE = re.compile(r"(?:₹|\bRs\.?|\bINR)\s?(?P<amt>\d[\d,]*(?:\.\d+)?)")


def _act_name(act: str | None, lang: str) -> str:
    if not act:
        return ""
    code = re.sub(r"[.\s]", "", act).upper().replace("ACT", "")
    if lang == "en":
        if code in ("NI", "MV"):
            return f" of the {_spell_en(code)} Act"
        return f" of the {_spell_en(code)}"
    if code in ("NI", "MV"):
        return " " + _spell_hi(code) + " एक्ट"
    return " " + _spell_hi(code)


def _more(more: str, lang: str, kind: str) -> str:
    if not more:
        return ""
    out = []
    for sep, num, subs in re.findall(r"\s*(,|and|or|&|r/w|read with|से|और|तथा)\s*(" + _NUM + r")(" + _SUBS + r")", more):
        if lang == "en":
            word = {",": ",", "&": " and", "r/w": " read with"}.get(sep, " " + sep)
        else:
            word = {",": ",", "&": " और", "and": " और", "or": " या", "r/w": " सहपठित", "read with": " सहपठित"}.get(
                sep, " " + sep
            )
        out.append(f"{word} {num}{_subdivisions(subs, lang, kind)}")
    return "".join(out)


def _section(m: re.Match, lang: str) -> str:
    kw = m.group("kw").lower()
    plural = bool(m.group("more")) or kw.startswith("ss.") or kw == "sections" or kw == "धाराओं"
    if lang == "en":
        head = "under section" if kw.startswith("u/s") else "sections" if plural else "section"
    else:
        head = "धारा" if not kw.startswith("धाराओं") else "धाराओं"
        if kw.startswith("u/s"):
            head = "धारा"
    return (
        f"{head} {m.group('num')}{_subdivisions(m.group('subs'), lang, 'section')}"
        f"{_more(m.group('more'), lang, 'section')}{_act_name(m.group('act'), lang)}"
    )


def _article(m: re.Match, lang: str) -> str:
    plural = bool(m.group("more")) or m.group("kw").lower() in ("articles", "arts.")
    head = ("Articles" if plural else "Article") if lang == "en" else "अनुच्छेद"
    return f"{head} {m.group('num')}{_subdivisions(m.group('subs'), lang, 'article')}{_more(m.group('more'), lang, 'article')}"


def _scc(m: re.Match, lang: str) -> str:
    y, vol, rep, page = m.group("year"), m.group("vol"), m.group("rep"), m.group("page")
    if lang == "en":
        return f"{_year(y, lang)}, " + (f"volume {vol}, " if vol else "") + f"{_reporter(rep, lang)}, page {page}"
    return f"सन {y}, " + (f"भाग {vol}, " if vol else "") + f"{_reporter(rep, lang)}, पृष्ठ {page}"


def _online(m: re.Match, lang: str) -> str:
    y, court, page = m.group("year"), m.group("court"), m.group("page")
    if lang == "en":
        return f"{_year(y, lang)}, S C C online, {_spell_en(court) if court.isupper() else court}, {page}"
    return f"सन {y}, एस सी सी ऑनलाइन, {_spell_hi(court) if court.isupper() else court}, {page}"


def _air(m: re.Match, lang: str) -> str:
    y, court, page = m.group("year"), m.group("court"), m.group("page")
    if lang == "en":
        return f"A I R {_year(y, lang)}, {_spell_en(court) if court.isupper() else court}, page {page}"
    return f"ए आई आर सन {y}, {_spell_hi(court) if court.isupper() else court}, पृष्ठ {page}"


_SIMPLE_EN = [
    (re.compile(r"\be\.g\.", re.I), "for example"),
    (re.compile(r"\bi\.e\.", re.I), "that is"),
    (re.compile(r"\betc\."), "etcetera"),
    (re.compile(r"\bNo\.\s*(?=\d)"), "number "),
    (re.compile(r"\br/w\b"), "read with"),
    (re.compile(r"\bSch\.\s*"), "Schedule "),
    (re.compile(r"\bCl\.\s*"), "clause "),
    (re.compile(r"\bw\.e\.f\.", re.I), "with effect from"),
    (re.compile(r"\s&\s"), " and "),
]
_SIMPLE_HI = [
    (re.compile(r"\bSection\b|\bसेक्शन\b"), "धारा"),
    (re.compile(r"\bArticle\b"), "अनुच्छेद"),
    (re.compile(r"\bNo\.\s*(?=\d)"), "संख्या "),
    (re.compile(r"\s&\s"), " और "),
    (re.compile(r"\bv/s\b"), "बनाम"),
]


def speakable(text: str, lang: str = "en") -> str:
    """Rewrite ``text`` (answer with citations) for speech in ``lang`` ("en" or "hi")."""
    lang = "hi" if str(lang).lower().startswith("hi") else "en"
    s = _TAG_RE.sub("", text)
    s = re.sub(r"\[\d{1,2}\]", "", s)  # [1] style footnotes
    s = re.sub(r"[*_`#]+", "", s)  # markdown emphasis / headings
    s = re.sub(r"https?://\S+", "", s)
    s = _SCC_RE.sub(lambda m: _scc(m, lang), s)
    s = _ONLINE_RE.sub(lambda m: _online(m, lang), s)
    s = _AIR_RE.sub(lambda m: _air(m, lang), s)
    s = _SECTION_RE.sub(lambda m: _section(m, lang), s)
    s = _ARTICLE_RE.sub(lambda m: _article(m, lang), s)
    s = _CASE_V_RE.sub(" versus " if lang == "en" else " बनाम ", s)
    if lang == "en":
        s = _RUPEE_RE.sub(lambda m: f"{m.group('amt')} rupees", s)
        for rx, rep in _SIMPLE_EN:
            s = rx.sub(rep, s)
        acr = "|".join(sorted((re.escape(a) for a in _ACRONYMS_EN), key=len, reverse=True))
        s = re.sub(r"\b(?:" + acr + r")\b", lambda m: _spell_en(m.group(0)), s)
        s = re.sub(r"\bCr\.\s?P\.\s?C\.?", "C R P C", s)
    else:
        s = _RUPEE_RE.sub(lambda m: f"{m.group('amt')} रुपये", s)
        for rx, rep in _SIMPLE_HI:
            s = rx.sub(rep, s)
        s = re.sub(r"\bCr\.\s?P\.\s?C\.?", _spell_hi("CRPC"), s)
        s = re.sub(r"\b(?:[A-Z]{2,6}|CrPC)\b", lambda m: _spell_hi(m.group(0)), s)
    s = re.sub(r"\s+([,.;:!?।])", r"\1", s)
    s = re.sub(r"\(\s*\)", "", s)
    s = re.sub(r"[ \t]+", " ", s).strip()
    return s
