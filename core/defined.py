"""A question that asks whether something is a defined thing: the provision that defines it (issue 19).

    thing_asked(question)         the X of "is this X" / "kya ye X hai" / "क्या यह X है", or ""
    defining(idx, question, hint)  the held provisions that define that X, the code in force first

"He slaps me and takes my salary, is that domestic violence?" tells a story (the domestic violence
problem, whose own law is the protection orders and the residence right) but asks one thing: whether
what happened is what the law calls domestic violence, and that is PWDVA s.3, which the problem's own
law does not hold. Which provision defines what is read from the provision index, not from a list:
a heading or people-name of the form "Definition of X", "Definitions of X", "X defined", "meaning of
X" or "X की परिभाषा" / "X का अर्थ" (BNS s.86 "Cruelty defined", PWDVA s.3 "Definition of domestic
violence"). The thing asked meets the thing defined when every word of the thing defined is said by
the X of the question or by its English (the glossary's terms and the lay words' English for X alone,
not for the story around it), and the X of the question says at most EXTRA_WORDS words beyond it.
"""

from __future__ import annotations

import re
import weakref

from core.provisions import code_order, toks

EXTRA_WORDS = 1  # words the thing asked may say beyond the thing defined ("is this mental cruelty")

_TAIL = r"(?:\s+(?:or\s+not|under\s.*|in\s+law|legally|as\s+per\s.*|by\s+law))?[\s?.!।]*$"
_ASKED = (
    # "is that domestic violence", "would this count as cruelty", "does it amount to stalking"
    re.compile(
        r"\b(?:is|was|isn'?t|wasn'?t|are|would|will|does|do|can)\s+(?:this|that|it|these|those|such\s+\w+)\s+"
        r"(?:also\s+|not\s+)?(?:be\s+)?(?:called|considered|counted|treated|count(?:s)?|amounts?)?\s*"
        r"(?:as\s+|to\s+)?(?:an?\s+|the\s+)?(?P<x>[^,;:.?!।]+?)" + _TAIL,
        re.I,
    ),
    # "kya ye gharelu hinsa hai", "kya yeh kroorta mani jayegi", "ye dahej utpidan hai kya"
    re.compile(
        r"\bkya\s+(?:ye|yeh|yah|yahi|aisa|isko|ise|is\s+ko)\s+(?:bhi\s+)?(?P<x>[^,;:.?!।]+?)\s+"
        r"(?:hai|hain|hoga|hogi|hota\s+hai|hoti\s+hai|mana\s+jayega|mani\s+jayegi|maana\s+jaega|kehlata\s+hai)\b",
        re.I,
    ),
    re.compile(r"\b(?:ye|yeh|yah)\s+(?P<x>[^,;:.?!।]+?)\s+(?:hai|hoga|hogi)\s+kya\b", re.I),
    # "क्या यह घरेलू हिंसा है", "क्या इसे क्रूरता माना जाएगा", "यह घरेलू हिंसा है क्या"
    re.compile(
        r"क्या\s+(?:यह|ये|यही|ऐसा|इसे|इसको)\s+(?:भी\s+)?(?P<x>[^,;:.?!।]+?)\s+"
        r"(?:है|हैं|होगा|होगी|होता\s+है|होती\s+है|माना\s+जाएगा|मानी\s+जाएगी|कहलाएगा|कहलाता\s+है)"
    ),
    re.compile(r"(?:यह|ये)\s+(?P<x>[^,;:.?!।]+?)\s+(?:है|होगा|होगी)\s+क्या"),
)
_ARTICLE = re.compile(r"^(?:an?|the|ek|एक)\s+", re.I)
# the thing a provision's heading or people-name says it defines
_DEFINES = (
    re.compile(r"^\s*definitions?\s+of\s+(?P<x>.+?)\s*\.?\s*$", re.I),
    re.compile(r"^\s*meaning\s+of\s+(?P<x>.+?)\s*\.?\s*$", re.I),
    re.compile(r"^\s*(?P<x>.+?)\s+defined\s*\.?\s*$", re.I),
    re.compile(r"^\s*(?P<x>.+?)\s+(?:की\s+परिभाषा|का\s+अर्थ)\s*$"),
)
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def thing_asked(question: str) -> str:
    """The X of "is this X" / "kya ye X hai" / "क्या यह X है" (the last such clause), or ""."""
    for rx in _ASKED:
        found = list(rx.finditer(question or ""))
        if found:
            x = _ARTICLE.sub("", found[-1].group("x").strip())
            return x if 0 < len(x.split()) <= 5 else ""
    return ""


def _defined(idx) -> list[tuple[str, frozenset[str]]]:
    """(provision id, the words of a thing it defines) for every held provision that defines one."""
    try:
        return _CACHE[idx]
    except (KeyError, TypeError):
        pass
    out = []
    for pid, e in idx.entries.items():
        for text in {e.title, *(n.text for n in e.names), *e.hi}:
            for rx in _DEFINES:
                m = rx.match(text.replace("“", "").replace("”", "").replace('"', ""))
                words = frozenset(toks(m.group("x"))) if m else frozenset()
                if words and not re.search(r"\d", m.group("x")):
                    out.append((pid, words))
    try:
        _CACHE[idx] = out
    except TypeError:  # an index that cannot be weakly referenced is read again next time
        pass
    return out


def _english(x: str) -> str:
    """The English of the thing asked alone: the glossary's terms and the lay words' English."""
    try:
        from core.language.lay_words import english_words
        from core.language.translate import default_glossary

        return " ".join([t.en for t in default_glossary().find(x)] + english_words(x))
    except Exception:  # an unreadable glossary or word list only costs the English
        return ""


def defining(idx, question: str, regime: str = "both") -> list[str]:
    """The held provisions that define what the question asks whether this is, the code in force first
    (the old code first when a date says it governs); [] when it asks no such thing or none defines it."""
    x = thing_asked(question)
    if not x:
        return []
    own, eng = set(toks(x)), set(toks(_english(x)))

    def meets(words: frozenset[str]) -> bool:
        beyond = [len(said - words) for said in (own, eng) if said and words <= said | own]
        return words <= own | eng and bool(beyond) and min(beyond) <= EXTRA_WORDS

    hits = [pid for pid, words in _defined(idx) if meets(words)]
    hits.sort(key=lambda p: code_order(p, old_first=regime == "old"))
    return list(dict.fromkeys(hits))
