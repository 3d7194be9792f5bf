"""The provision index: every held provision the way people name it (issue 19).

People ask about the law directly ("which section punishes rioting", "दंगा की सज़ा", "IPC 420 ab kaunsa
section hai", "can a person be tried twice for the same offence?"). This index knows, for every
Section and Article the graph holds:

- its heading (marginal note) and, for the Constitution, the article's title (corpus, via the graph);
- for a renumbered offence, the old code's heading and number beside the new one (the IPC -> BNS,
  CrPC -> BNSS, IEA -> BSA REPLACED_BY edges): "cheating and dishonestly inducing delivery of
  property" finds BNS 318 as well as IPC 420;
- the names people use in plain English, Hindi and Roman Hindi, and the provision's kind (offence,
  right, remedy, procedure, rule, duty): reviewed pack data (packs/india/provision_names.json, each
  entry with its source), written into the graph by graph_schema/loaders/provision_names.py;
- the Acts the graph does NOT hold (POCSO, RTI, Consumer Protection, ...), with the words that name
  them and where to go, so such a question is routed without citing unrelated held law;
- the words that name a legal relation (rights, police, court, marriage, property, ...), so the scope
  gate never refuses a legal question.

Matching is over word stems (core.problems.tokens: English suffixes, romanised Hindi verb endings,
Devanagari suffixes; nukta and chandrabindu folded), weighted by inverse document frequency over all
names, so a rare word ("rioting", "दंगा", "bigamy") counts for more than a common one ("person"). The
features it computes per candidate are what core.retrieve's learned scorer (core.provision_scorer)
ranks with, beside full text, vectors, glossary and concordance.

Over 600 lines because the index, the not-held routing and the scope gate read the same names with
the same stemmed, IDF-weighted matcher; split apart, each would rebuild or import the other's tables.
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from core.graphdb import built_once
from core.numbered import (  # noqa: F401  (read here by core.direct, core.unheld_gate and the tests)
    NEW_CODES,
    OLD_CODES,
    asks_new_number,
    bare_codes,
    bare_numbers,
    latin_suffixes,
    named_ids,
)
from core.problems import tokens as _stem_tokens

log = logging.getLogger(__name__)


def code_order(node_id: str, old_first: bool = False) -> tuple[bool, str]:
    """Sort key: the code in force first (BNS before IPC), or the old code first when the facts are old."""
    return (node_id.split(":", 1)[0] in (NEW_CODES if old_first else OLD_CODES), node_id)


# words that say what kind of question it is, or carry no topic: never matched as a provision's name
_STOP = """
a an the of to in on for by with from at as or and is are was were be been being it its this that these those
what which who whom whose when where why how can could shall should will would may might must do does did done
i me my mine we our you your he him his she her they them their there here any some all no not yes if then than
so such about under into over against between during after before per also only very just get got give given
section sections article articles act acts law laws legal code codes provision provisions clause sub chapter
punishment punish punished punishable penalty offence offences offense crime crimes illegal say says said mean
means meaning defined definition deal deals dealt cover covers covered apply applies applicable new old now today
bns bnss bsa ipc crpc iea coi constitution india indian person someone somebody anyone thing things case cases
kya hai hain ka ki ke ko se me mein mai par pe aur ya bhi nahi nahin na kaun kaunsa kaunsi konsa konsi kis kisi
kab kaise kyun kitna kitni kitne tak wala wali wale hota hoti hote hua hui hue ho karna karne kare karo kiya
diya liya gaya gayi jata jati jate sakta sakti sakte chahiye batao bataiye bataye dhara dharaa anuchhed saza saja
sazaa dand jurm apradh kanoon kanun qanoon ab abhi naya nayi naye purana purani
क्या है हैं का की के को से में पर और या भी नहीं न कौन कौनसी कौनसा कौन-सी कौन-सा किस किसी कब कैसे क्यों कितना
कितनी कितने तक वाला वाली वाले होता होती होते हुआ हुई हुए हो करना करने करे करो किया दिया लिया गया गई जाता जाती
जाते सकता सकती सकते चाहिए बताइए बताओ बताएं धारा धाराएं अनुच्छेद सज़ा सजा दंड अपराध कानून क़ानून अब नया नई नए पुराना
पुरानी यह वह इस उस इसके उसके कोई कुछ सब अगर तो
"""

_FOLD = str.maketrans({"\u093c": None, "\u0901": "\u0902"})  # nukta dropped, chandrabindu as anusvara


# "will" is a stop word as a verb, but "make a will", "his will", "apni will" is the testament: said so, it is
# the word the law of wills is named by (HSA s.30; its Roman Hindi name "vasiyat"); "died without a will" is
# the law of intestate succession, not of wills
_NO_WILL = re.compile(r"\b(?:without\s+(?:a\s+|any\s+)?|no\s+)will\b")
# "against her will", "without their will" is consent, not a testament
_WILL_NOUN = re.compile(
    r"(?<!against )(?<!without )\b(a|my|his|her|the|their|your|own|by|ki|apni|apna|meri|mera|unki|uski|"
    r"(?:grand)?(?:mother|father|dad|mom|husband|wife|uncle|aunt)['’]s)\s+will\b"  # "husbands will not pay": no
)


# "my husband was killed in an accident", "got killed": someone died, and no one the story names killed them;
# the killer's words (HSA s.25, murderer disqualified: "killer's share") are for "my brother killed our
# father" and "was killed by my brother", whose agent is said
_KILLED_PASSIVE = re.compile(r"\b(?:was|were|got|get|gets|been|is|are)\s+killed\b(?!\s+by\b)")
_MURDERED_PASSIVE = re.compile(r"\b(?:was|were|got|been|is|are)\s+murdered\b(?!\s+by\b)")
_KILLED_IN = re.compile(
    r"\bkilled(?=\s+in\s+(?:an?\s+|the\s+)?(?:road\s+|car\s+|bike\s+|bus\s+|train\s+)?(?:accident|crash))"
)
# "papa ka murder ho gaya", "पिता की हत्या हो गई": it happened to him, and no killer is said ("bhai ne ... kar diya")
_KILLING_HAPPENED = re.compile(r"\b(?:murder|khoon|khun|qatl|katl|qatal|hatya)\s+ho\s+(?:gaya|gayi|gai|gya|gyi)\b")
_KILLING_HAPPENED_HI = re.compile(r"(?:हत्या|कत्ल|खून|मर्डर)\s+(?:हो\s+(?:गया|गई|गयी)|हुई|हुआ)")
# "khoon ka rishta", "खून का रिश्ता" is kinship (a blood relation), no killing
_BLOOD_KIN = re.compile(
    r"\b(?:khoon|khun)\s+(?:ka|ke|ki)\s+(?:rishta|rishte|rishtedar|sambandh)\b|खून\s+(?:का|के|की)\s+(?:रिश्त|संबंध)[\u0900-\u097f]*"
)


def _no_killer(text: str) -> str:
    """A death the story tells with no killer in it (HSA s.25's names are for "my brother killed our father")."""
    text = _KILLED_IN.sub("died", _KILLED_PASSIVE.sub("died", text))
    text = _KILLING_HAPPENED.sub("maut ho gayi", _MURDERED_PASSIVE.sub("died by murder", text))
    return _BLOOD_KIN.sub("blood relation", _KILLING_HAPPENED_HI.sub("मृत्यु हो गई", text))


def norm(text: str) -> str:
    text = unicodedata.normalize("NFC", text or "").lower().translate(_FOLD)
    text = _no_killer(text)
    return _WILL_NOUN.sub(r"\1 vasiyat", _NO_WILL.sub("intestate", text))


STOP = frozenset(_stem_tokens(norm(_STOP))) | frozenset(norm(_STOP).split())


_ROMAN_ENDING = re.compile(r"(?:iyon|iyan|yon|on|[aei]+)$")
# a verb in -a ("chala", "bata", "dikha") as its infinitive, oblique infinitive, perfect or absolutive ("chalana",
# "chalane", "chalaya", "chalaye", "chalayi", "chalakar"; "hatwana", "hatwaya"): the stem the verb's other
# forms fold to ("chala raha", "chalate" -> "chal"), so "gaadi chala raha tha" says the names' "gaadi chalana"
_ROMAN_VERB = re.compile(r"(?<=a)(?:na|ne|ya|ye|yi|kar)$")


def _roman_fold(t: str) -> str:
    """Roman Hindi inflects by its last vowel ("uksana", "uksane"; "batayi", "bataya"; "banana", "banane") and
    its oblique plural ("ladki", "ladkiyon"): a Latin word keeps its first four letters or more without
    that ending, in names and questions alike (English words fold the same way on both sides). A verb in -a
    is first read back to that -a (``_ROMAN_VERB``), three letters before it or more, unless what is left is a
    stop word ("jurmana", a fine, is no form of "jurm")."""
    if not t.isascii():
        return t
    v = _ROMAN_VERB.search(t)
    if v and v.start() >= 4:
        verb = _vowel_fold(t[: v.start()])
        if verb not in STOP:
            return verb
    return _vowel_fold(t)


def _vowel_fold(t: str) -> str:
    m = _ROMAN_ENDING.search(t)
    return t[: m.start()] if m and m.start() >= 4 else t


# the verb the stemmer leaves apart from its noun ("marry" -> "marry", "marriage" -> "marriag"): "can I marry without
# my parents' consent" asks the law of marriage (HMA s.5), which the names call "marriage". Not "married" ("marr"):
# "a child born while they were married" is no child marriage (the not-held Act's cue {child, marriage})
_FAMILY = {"marry": "marriag", "remarry": "remarriag"}


def toks(text: str) -> list[str]:
    """Content stems of a text (both scripts), without question words or generic legal words."""
    out = (_roman_fold(t) for t in _stem_tokens(norm(text).replace("-", " ")) if t not in STOP and len(t) > 1)
    return [_FAMILY.get(t, t) for t in out if t not in STOP]


# ---------------------------------------------------------------- question types
# the words that ask a time limit, as the "how" type reads them (core.direct._TIME_ASKED adds its own)
TIME_LIMIT = (
    r"\bwithin\s+how\b|\bby\s+when\b|\bkitne\s+(?:din|dino|mahine|saal|samay)\b|"
    r"कितने\s+(?:दिन|दिनों|महीने|साल|समय)|मियाद"
)
_TYPES: list[tuple[str, re.Pattern]] = [
    (
        "renumbered",
        re.compile(
            r"\b(?:ipc|crpc|cr\.?p\.?c|evidence act|iea)\b.{0,40}\b(?:now|new|bns|bnss|bsa|ab|naya|nayi|badal|replaced|"
            r"became|equivalent|corresponding)\b|\b(?:now|new|ab|naya|nayi)\b.{0,30}\b(?:ipc|crpc)\b|"
            r"(?:आईपीसी|सीआरपीसी|साक्ष्य अधिनियम|दंड संहिता|दंड प्रक्रिया संहिता).{0,40}(?:अब|नई|नया|नए|बीएनएस|बीएसए)|"
            r"\b(?:ipc|crpc|evidence act)\b.{0,40}\bnumber\b|"
            # "438 ab BNSS mein kya hai": an old number, and the new code it is asked in
            r"(?<![\w/.-])\d{1,3}[a-z]?\s+(?:ab|now|is\s+now)\b.{0,25}\b(?:bns|bnss|bsa)\b",
            re.I,
        ),
    ),
    (
        "punishment",
        re.compile(
            r"\b(?:punish\w*|penalty|sentence for|jail for|saza|saja|sazaa|dand|how many years|kitne saal)\b|"
            # "what is the jail term", "the fine for talking on the phone while driving", "what happens to
            # someone who ...": the consequence the law sets is asked
            r"\b(?:jail|prison)\s+(?:term|time)\b|\bimprisonment\b|\bfine\s+(?:for|under)\b|\bwhat\s+is\s+the\s+fine\b|"
            r"\bwhat\s+happens\s+to\s+(?:a\s+|the\s+)?(?:someone|somebody|anyone|person|people|man|woman|him|her|them)\s+who\b|"
            r"\bjurmana\b|सज़ा|सजा|दंड|कितने साल|जेल|जुर्माना|कारावास|"
            # "kitna bada jurm hai", "यह कितना बड़ा अपराध है": how grave the law makes it, i.e. its punishment
            r"\bkitn[aie]\s+bad[aie]\s+(?:jurm|apradh|aparadh|crime|offence)\b|कितना\s+बड़ा\s+(?:अपराध|जुर्म)",
            re.I,
        ),
    ),
    (
        "which",
        re.compile(
            r"\b(?:which|what|kaun\s?sa|kaun\s?si|konsa|konsi|kis)\s+(?:section|article|dhara|anuchhed|law|act|provision|"
            r"sections|articles|offence|offense|crime|apradh|jurm|remedy|remedies|upay)\b|"
            r"\b(?:section|article|dhara)\s+(?:kaun|konsa|kaunsi|konsi|kya)\b|\b(?:upay|remedy)\s+(?:kya|hai)\b|"
            r"\b(?:which|what)\s+(?:\w+\s+){1,2}(?:offence|offense|crime)s?\b|"
            # "which BNS section applies", "what IT Act provision"; "is there a separate offence"; "the rule
            # for ...", "का नियम", "ka pravdhan": the law itself is asked
            r"\bwhich\s+(?:\w+\s+){1,2}(?:section|sections|article|articles|provision|provisions|law|act)\b|"
            r"\bis\s+there\s+(?:a|an|any)\s+(?:\w+\s+)?(?:offence|offense|crime|law|section|provision|rule)\b|"
            r"\b(?:rule|provision|law)s?\s+(?:for|on|about|against)\b|\b(?:ka|ke|ki)\s+(?:niyam|pravdhan|pravadhan|pravdhaan)\b|"
            r"(?:का|के|की)\s+(?:नियम|प्रावधान)|"
            r"\b(?:section|dhara)\s+(?:for|lagegi|lagti|lagta|lagega|lagi|laga)\b|"
            # "uspe kaunsa case banta hai", "कौन सा केस बनता है": which offence the facts make (a case is the charge)
            r"\b(?:kaun\s?sa|konsa)\s+(?:case|mukadma|mukadama)\s+(?:hota|banta|banega|lagta|lagega|darj)\b|"
            r"कौन\s*सा\s+(?:केस|मुकदमा|मुक़दमा)\s+(?:होता|बनता|बनेगा|लगता|लगेगा|दर्ज)|"
            r"किस\s*(?:धारा|अनुच्छेद|कानून|क़ानून)|कौन\s*(?:सी|सा|से)?\s*(?:धारा|अनुच्छेद|कानून|अपराध|जुर्म|उपाय)|"
            r"धारा\s*(?:कौन|क्या)|क्या\s+उपाय|"
            # "samvidhan me kahan likhi hai", "कानून में कहाँ लिखा है", "where is it written": the place in the law;
            # "review karwane ka section", "दहेज की धारा": the section of a thing
            r"\bkaha?n\s+likh[aie]\b|कहा[ँं]\s+लिख|\bwhere\s+(?:in\s+the\s+law|is\s+(?:it|this|that)\s+written)\b|"
            r"\b(?:ka|ki|ke)\s+(?:section|dhara|dafa)\b(?!\s*\d)|(?:का|की|के)\s+(?:धारा|दफ़ा|दफा)(?![\s\d]*\d)|"
            # "samvidhan me iske khilaf kya likha hai", "कानून में क्या लिखा है": what the law itself says
            r"\b(?:samvidhan|kanoon|kanun|qanoon|law)\s+(?:me|mein|main)\b.{0,30}\bkya\s+likh[aie]\b|"
            r"(?:संविधान|कानून|क़ानून)\s+में.{0,30}क्या\s+लिख",
            re.I,
        ),
    ),
    (
        "what_says",
        re.compile(
            r"\bwhat (?:does|is)\s+(?:section|article|s\.|art\.)\s*\d|\b(?:section|article|dhara|anuchhed)\s*\d+\w*\b.{0,40}"
            r"\b(?:say|says|provide|provides|mean|means|about|kya hai|kya kehti|kya kahta|abolish\w*)\b|"
            r"(?:धारा|अनुच्छेद)\s*\d+\w*.{0,30}(?:क्या|किस बारे)",
            re.I,
        ),
    ),
    (
        # "how do I get an ex parte decree set aside", "appeal kaise karein": a way through the law is asked
        "how",
        re.compile(
            r"^\s*how\b|\bhow\s+(?:do|does|can|to|should|much|long|many\s+(?:days|months|years))\b|\bkaise\b|कैसे|"
            # a time limit: "within how many days", "kitne din me", "कितने समय में", "by when must I"
            + TIME_LIMIT
            + r"|\btime\s+limit\b",
            re.I,
        ),
    ),
    (
        "rights",
        re.compile(
            r"\b(?:my rights|rights of|right to|rights when|what rights|adhikar|haq|hak)\b|अधिकार|हक़|हक|"
            # "unka makaan ab kiska hoga", "जायदाद किसकी होगी": whose the thing is by law (who has the right to it)
            r"\bkis(?:ka|ki|ke)\s+(?:hoga|hogi|honge)\b|किस(?:का|की|के)\s+(?:होगा|होगी|होंगे)",
            re.I,
        ),
    ),
    (
        "is_offence",
        re.compile(
            r"\bis (?:it |this |that )?(?:even |really |actually |legally )?(?:a |an )?(?:crime|offence|offense|illegal|legal|"
            r"punishable|allowed|permitted)\b|"
            # "is education free for kids by law", "kanoon ke hisaab se": what the law itself gives or forbids
            r"\b(?:by|under the|according to(?: the)?|as per(?: the)?) law\b|\bkanoo?n ke (?:hisaab|hisab|mutabik)\b|"
            r"कानून के (?:हिसाब|मुताबिक|अनुसार)|"
            # "is that valid service", "is it lawful": whether the law accepts what was done ("the licence is
            # valid till 2030" asks nothing)
            r"\bis (?:it|this|that) (?:legally )?(?:valid|lawful|unlawful)\b|"
            r"\b(?:crime|offence|illegal|jurm|apradh|gairkanooni|gair kanooni)\s+(?:hai|he)\b|"
            # "kya ye galat hai", "galat hai kya", "क्या यह गलत है": whether the law forbids it
            # and "kya ye sahi hai", "क्या ये सही है", "is that true": whether what was done is right in law
            r"\bkya\s+(?:ye|yeh|yah|ise|aisa|unka|uska)\s+(?:\w+\s+){0,2}(?:galat|sahi|sahee|theek|thik)\b|"
            r"\b(?:galat|sahi)\s+(?:hai|he)\s+kya\b|"
            r"क्या\s+(?:ये|यह|ऐसा)\s+(?:\S+\s+){0,2}(?:गलत|ग़लत|सही|ठीक)|(?:गलत|ग़लत|सही)\s+है\s+क्या|"
            r"\bis (?:it|this|that) (?:true|right|correct)\b|"
            # "what can she do", "how can I" ask what to do, not whether the law allows it
            r"(?<!what )(?<!how )\bcan (?:a|an|the|my|someone|police|i|he|she|they|one|person|accused|husband|wife|his|her|"
            r"their|we|you)\b|"
            r"^\s*(?:can|may)\s+\w|(?<!what )(?<!where )(?<!how )\b(?:must|should) (?:i|we|he|she|a|an|the|my)\b|\bdo (?:i|we) (?:have|need) to\b|"
            r"\bis it (?:compulsory|mandatory|necessary)\b|\b(?:zaroori|jaroori|zaruri|jaruri)\s+(?:hai|tha|thi|hota)\b|"
            r"(?:ज़रूरी|जरूरी)\s+(?:है|था|थी|होता)|"
            # "... milta hai kya", "फ़ैसला अंतिम होता है क्या": a yes-or-no question about what the law gives or makes
            r"\b(?:milta|milti|milte|milega|milegi|hota|hoti|hote|banta|banti)\s+(?:hai\s+|hain\s+|he\s+)?kya\b|"
            r"(?:मिलता|मिलती|मिलते|मिलेगा|मिलेगी|होता|होती|होते|बनता|बनती)\s+(?:है\s+|हैं\s+)?क्या|"
            # a duty asked: "is a son bound to look after his parents", "kya beta ... bound hai", "बाध्य है"
            r"\b(?:bound|obliged|obligated|liable)\s+(?:to|hai|hain|he|for)\b|\b(?:duty|zimmedari|jimmedari)\b|"
            r"ज़िम्मेदारी|जिम्मेदारी|बाध्य|"
            r"\bis\b.{0,60}\b(?:a|an)\s+(?:crime|offence|offense)\b|"
            r"अपराध है|जुर्म है|गैरकानूनी|ग़ैरक़ानूनी|क्या .{0,80}सकत|"
            # Roman Hindi asks "can ..." as "kya ... sakte hain" or "... sakte hain kya"
            r"\bkya\b.{0,80}\bsakt[aei]\w*|\bsakt[aei]\w*\s+(?:hai|hain|hoon|hun|hu|ho)?\s*kya\b",
            re.I,
        ),
    ),
]
# a person telling their own situation (then a problem's steps are wanted too)
_SITUATION = re.compile(
    r"\b(?:my|mine|me|i am|i was|i have|i got|we|our|mera|meri|mere|mujhe|hum|hamara|hamari|humko|maine)\b|"
    r"मेरा|मेरी|मेरे|मुझे|मैं|मैंने|हम|हमारा|हमारी|हमें",
    re.I,
)

# "how many years" / "kitne saal" asks a sentence only beside the words of one; beside a suit, an appeal or
# ownership it asks a time limit ("udhaar diye paise ka case kitne saal tak kar sakte hain": Limitation
# Schedule Art. 19; "after how many years does someone get ownership by adverse possession": Art. 65)
_YEARS = re.compile(r"\bhow many years\b|\bkitne saal\b|कितने साल", re.I)
_SENTENCE = re.compile(
    r"\b(?:punish\w*|penalty|sentence|jail|prison|imprison\w*|saza|saja|sazaa|dand|fine|jurmana|offen[cs]e|crime|"
    r"apradh|jurm)\b|सज़ा|सजा|दंड|जेल|जुर्माना|कारावास|कैद|अपराध|जुर्म",
    re.I,
)

_CIVIL = re.compile(
    r"\b(?:case|suit|sue|appeal|claim|daava|dava|dawa|mukadma|mukadama|malik\w*|owner\w*|possession|kabza|kabja|"
    r"decree|execution|limitation|arzi|application|petition|file|filing)\b|मुकदम|केस|दावा|अपील|कब्ज़|कब्ज|मालिक|डिक्री|"
    r"अर्ज़ी|अर्जी|याचिका",
    re.I,
)


def question_types(question: str) -> list[str]:
    """The direct-question types a question has, in order (empty: not a direct question)."""
    q = question or ""
    types = [name for name, rx in _TYPES if rx.search(q)]
    if "renumbered" not in types and asks_new_number(q):  # "new section number for 498A" (core.numbered)
        types.insert(0, "renumbered")
    if "punishment" in types and "how" in types and _YEARS.search(q) and _CIVIL.search(q) and not _SENTENCE.search(q):
        types.remove("punishment")
    return types


def is_situation(question: str) -> bool:
    return bool(_SITUATION.search(question or ""))


# ---------------------------------------------------------------- the index
# words that carry no subject of their own in a name ("settling a case": a, case is the subject)
_FUNCTION = frozenset(
    "a an the of to in on for by with at from and or is are who what my your his her its their "
    "ka ki ke ko se me mein par aur".split()
)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+|[\u0900-\u097f]+", norm(text)))


def _said_words(text: str) -> set[str]:
    """The words of a text, as written and as their stems."""
    words = _words(text)
    return words | {_roman_fold(t) for t in _stem_tokens(" ".join(words))}


@lru_cache(maxsize=16384)
def _name_forms(name: str) -> tuple[frozenset[str], ...]:
    """Each word of a name but its function words, as written and as its stems (names are fixed: once each)."""
    return tuple(frozenset({w} | {_roman_fold(t) for t in _stem_tokens(w)}) for w in sorted(_words(name) - _FUNCTION))


def _said_in_full(name: str, stems: set[str]) -> bool:
    """Every word of a name but its function words is said (as written, or as its stem); `stems`: _said_words()."""
    return all(forms & stems for forms in _name_forms(name))


@dataclass
class Name:
    toks: tuple[str, ...]
    field: str  # head | alias | old_head | new_head
    text: str


@dataclass
class Entry:
    id: str
    act: str
    number: str
    title: str
    kind: str = ""
    names: list[Name] = field(default_factory=list)
    hi: list[str] = field(default_factory=list)  # its Hindi names (pack), the first shown in a Hindi answer
    old: list[str] = field(default_factory=list)  # old-code ids it replaced
    new: list[str] = field(default_factory=list)  # new-code ids that replaced it
    subs: frozenset[str] = frozenset()  # its sub-sections' numbers, "156(3)" (core.numbered)


@dataclass
class Unheld:
    """An Act the graph does not hold. ``name_en`` / ``name_hi`` are what an answer shows: the short title
    with the name people know it by (``known_as``, Latin script in both languages: "Arms Act", "POCSO
    Act", "RERA") when the title does not say it already; ``title_en`` / ``title_hi`` the short title
    alone. ``decisive``: the cues that by themselves take a question out of every held Act (a Christian's
    succession is not the Hindu Succession Act's, s.2), so they outrank a recognised problem."""

    id: str
    name_en: str
    name_hi: str
    route: str
    cues: list[tuple[str, ...]]
    source: str = ""
    title_en: str = ""
    title_hi: str = ""
    known_as: str = ""
    decisive: list[tuple[str, ...]] = field(default_factory=list)
    subjects: list[Subject] = field(default_factory=list)

    def name(self, lang: str) -> str:
        return self.name_hi if lang == "hi" else self.name_en

    def decides(self, cue) -> bool:
        """Is the cue said one of the decisive ones (whatever order its words came in)?"""
        return any(frozenset(cue) == frozenset(d) for d in self.decisive)


@dataclass(frozen=True)
class Subject:
    """What an unheld Act governs, as key terms rather than phrases: every term in ``terms`` said in
    any of its forms ("child" as child, minor, nabalig, बच्ची, ...; "sexual" as sexual, molest*, छेड़छाड़,
    galat harkat, ...) and none of ``unless`` (the words that put the question under held law: a dowry
    demand *with a beating* is cruelty, BNS s.85). ``over_offences``: the Act governs whatever held
    offence is named beside it (a child accused of theft is dealt with under the Juvenile Justice Act; a
    caste insult with a beating is an atrocity), so a held offence's people-name does not outrank it.
    Written in the pack as "child sexual", "dowry give_take -violence", "underage child_offender !";
    the terms themselves are the pack's ``not_held_terms``."""

    terms: tuple[str, ...]
    unless: tuple[str, ...] = ()
    over_offences: bool = False

    @classmethod
    def parse(cls, text: str) -> Subject:
        words = text.split()
        return cls(
            tuple(w for w in words if w[0] not in "-!"),
            tuple(w[1:] for w in words if w.startswith("-")),
            "!" in words,
        )


@dataclass
class Match:
    """One candidate provision and the index's features for it."""

    id: str
    alias_cov: float = 0.0  # best share (idf-weighted) of one of its people-names that the question says
    alias_full: float = 0.0  # idf mass of the most specific people-name the question says in full
    head_cov: float = 0.0  # share of its heading the question says
    old_cov: float = 0.0  # share of the old / new code counterpart's heading the question says
    q_cov: float = 0.0  # share of the question's words its names explain
    kind: str = ""
    shared: int = 0  # how many of the question's content words its names explain
    q_words: int = 0  # how many content words the question has (numbers included)

    @property
    def index_score(self) -> float:
        return max(self.alias_cov, self.head_cov, 0.8 * self.old_cov) * (0.5 + 0.5 * self.q_cov)


# ---------------------------------------------------------------- key terms of the unheld Acts
_WORD = re.compile(r"[a-z]+|[\u0900-\u097f]+")
_LATIN_FOLD = (("chh", "ch"), ("sh", "s"), ("ph", "f"), ("ck", "k"), ("x", "ks"), ("w", "v"), ("z", "j"), ("q", "k"))
_DEVA_FOLD = str.maketrans({"ी": "ि", "ू": "ु", "ॉ": "ो", "ं": None, "ँ": None, "ष": "श", "ण": "न"})


def skeleton(word: str) -> str:
    """A spelling-folded key of one word, so the ways people write it compare equal. Roman Hindi has no
    fixed spelling ("bachcha", "bacha", "bachha"; "shoshan", "soshan"; "zameen", "jamin"; "poxo",
    "pokso"): aspirates, doubled letters, long vowels and the last vowel (an inflection: "bachche",
    "bachchi") are folded; English misspellings that double or drop a letter ("harrassment") fold the
    same way. In Devanagari vowel length, nasalisation, ष/श and ण/न are folded ("शोषण", "शोषन")."""
    if word.isascii():
        w = word.replace("ee", "i").replace("oo", "u").replace("y", "i")
        for a, b in _LATIN_FOLD:
            w = w.replace(a, b)
        w = re.sub(r"(?<=[bcdgjkpt])h", "", w)
        w = re.sub(r"(.)\1+", r"\1", w)
        return re.sub(r"(?<=...)[aeiou]+$", "", w)
    stems = _stem_tokens(word.translate(_DEVA_FOLD))
    return stems[0] if stems else word


def _near(a: str, b: str) -> bool:
    """One letter added, dropped, changed or two swapped (a typed word of six letters or more)."""
    if abs(len(a) - len(b)) > 1 or a[0] != b[0]:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        i, j = (diff + [0, 0])[:2]
        return len(diff) == 1 or (len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1 :]


# an age under 18 said in numbers ("my 15 year old son", "14 saal ki ladki", "उम्र 12 साल"): the pack word
# "#under18" in a term's words
_AGE = re.compile(
    r"(?<!\d)(\d{1,2})\s*-?\s*(?:years?|yrs?|yr|saal|sal|varsh|बरस|साल|वर्ष)(?![a-z])|"
    r"\b(?:aged?|umar|umr|umra|उम्र)\s*(?:of\s*|is\s*|hai\s*|है\s*)?(\d{1,2})(?!\d)"
)
UNDER_18 = "#under18"


# a number of years that is a span of time, not an age: "after 7 years", "for 12 years", "7 saal se", "5 साल बाद"
_SPAN_BEFORE = re.compile(r"\b(?:after|for|since|within|in|last|past|over|from|till|until|pichhle|pichle|पिछले)\s*$")
_SPAN_AFTER = re.compile(
    r"^\s*(?:ago|back|later|se|pehle|pahle|baad|bad|tak|ho|hue|से|पहले|बाद|तक|हो|हुए)(?![\w\u0900-\u097f])"
)


def states_minor_age(text: str) -> bool:
    """Does the text give someone's age as under 18 in numbers? A span of years is no age ("I resigned after
    7 years", "10 saal se kaam kar raha hoon")."""
    t = norm(text)
    return any(
        int(m.group(1) or m.group(2)) < 18
        and not (m.group(1) and (_SPAN_BEFORE.search(t[: m.start()]) or _SPAN_AFTER.match(t[m.end() :])))
        for m in _AGE.finditer(t)
    )


class Terms:
    """The key terms of the unheld Acts' subjects (pack ``not_held_terms``): each a name ("child",
    "sexual", "firearm") with its words in English, Hindi and Roman Hindi. A word matches a word of the
    question written the same, with the same stem, with the same spelling skeleton (``skeleton``), one
    typing slip away (six letters or more, Latin script), or, written with a final "*", as a prefix
    ("molest*": molests, molested, molestation). A word of several ("public authority", "touch*
    inappropriat*") needs each, in its order, at most ``GAP`` words apart. ``#under18`` stands for an age
    under 18 given in numbers ("my 15 year old son")."""

    GAP = 2

    def __init__(self, lexicon: dict[str, list[str]]):
        self.entries: dict[str, list[tuple[int, ...]]] = {}
        self.exact: dict[str, set[int]] = defaultdict(set)  # a key of a word -> its pattern ids
        self.prefix: list[tuple[str, str, int]] = []  # (prefix, its skeleton, pattern id)
        self.long: dict[str, list[tuple[str, int]]] = defaultdict(list)  # first letter -> (word, id), 6+ letters
        self.minor_age: set[str] = set()  # the terms an age under 18 says
        n = 0
        for name, words in lexicon.items():
            entries = []
            for w in words:
                if w.strip() == UNDER_18:
                    self.minor_age.add(name)
                    continue
                ids = []
                for part in norm(w).replace("-", " ").split():
                    star = part.endswith("*")
                    part = part.rstrip("*")
                    if not part:
                        continue
                    if star:
                        self.prefix.append((part, skeleton(part) if len(part) >= 4 else part, n))
                    else:
                        self.exact[part].add(n)
                        # a stem or skeleton of a listed word, not the word itself, only when long enough to
                        # stay apart from common words ("मैना" -> "मै", the first person)
                        for key in self._keys(part) - {part}:
                            if len(key.lstrip("~")) >= (4 if part.isascii() else 3):
                                self.exact[key].add(n)
                        if part.isascii() and len(part) >= 6:
                            self.long[part[0]].append((part, n))
                    ids.append(n)
                    n += 1
                if ids:
                    entries.append(tuple(ids))
            self.entries[name] = entries

    @staticmethod
    def _keys(word: str) -> set[str]:
        keys = {word, *_stem_tokens(word)}
        sk = skeleton(word)
        if len(sk) >= 4:  # a shorter skeleton is shared by unrelated words ("bike", "bhikh")
            keys.add("~" + sk)
        return keys

    def said(self, text: str) -> dict[str, tuple[str, ...]]:
        """Each term the text says, with the stems of the words that say it."""
        words = _WORD.findall(norm(text))
        where: dict[int, list[int]] = defaultdict(list)  # pattern id -> the positions of the words it matches
        seen: dict[str, set[int]] = {}
        for pos, w in enumerate(words):
            found = seen.get(w)
            if found is None:
                found = set().union(*(self.exact.get(k, ()) for k in self._keys(w)))
                w_sk = skeleton(w)
                for p, sk, i in self.prefix:
                    if w.startswith(p) or (len(sk) >= 4 and w_sk.startswith(sk)):
                        found.add(i)
                if not found and w.isascii() and len(w) >= 6:
                    found = {i for c, i in self.long.get(w[0], ()) if _near(w, c)}
                seen[w] = found
            for i in found:
                where[i].append(pos)
        out = {}
        for name, entries in self.entries.items():
            for ids in entries:
                if all(i in where for i in ids):
                    at = self._in_order(ids, where)
                    if at is not None:
                        out[name] = tuple(dict.fromkeys(t for p in at for t in (toks(words[p]) or [words[p]])))
                        break
        if self.minor_age and states_minor_age(text):
            for name in self.minor_age:
                out.setdefault(name, ("minor",))
        return out

    def _in_order(self, ids: tuple[int, ...], where: dict[int, list[int]]) -> list[int] | None:
        """Positions of the words of one entry, in its order and at most GAP words apart, or None."""
        for start in where[ids[0]]:
            at = [start]
            for i in ids[1:]:
                nxt = next((p for p in where[i] if at[-1] < p <= at[-1] + 1 + self.GAP), None)
                if nxt is None:
                    break
                at.append(nxt)
            else:
                return at
        return None


# a sub-section as the text opens it ("(3) Any Magistrate ..."), not as it refers to one ("sub-section (3) of")
_SUBSECTION = re.compile(r"(?<![\w-])(?<!sub-section )\((\d{1,2}[A-Z]?)\)\s+(?=[A-Z])")


class ProvisionIndex:
    everyday: frozenset[str] = frozenset()

    def __init__(
        self, entries: dict[str, Entry], unheld: list[Unheld], legal_words: set[str], terms: Terms | None = None
    ):
        self.entries = entries
        self.unheld = unheld
        self.legal_words = legal_words
        self.terms = terms or Terms({})
        self.postings: dict[str, set[str]] = defaultdict(set)
        for e in entries.values():
            for n in e.names:
                for t in n.toks:
                    self.postings[t].add(e.id)
        total = max(1, len(entries))
        self.idf = {t: math.log(1 + total / len(ids)) for t, ids in self.postings.items()}
        self._max_idf = math.log(1 + total)

    # ------------------------------------------------------------- reading
    @classmethod
    def from_graph(cls, graph) -> ProvisionIndex:
        rows = graph.ro_query(
            "MATCH (p:Provision) RETURN p.id, p.act, p.number, p.title, p.names_en, p.names_hi, p.names_rom, "
            "p.names_kind, p.omitted, p.text"
        )
        entries: dict[str, Entry] = {}
        named = False
        for pid, act, num, title, n_en, n_hi, n_rom, kind, omitted, text in rows:
            if not pid or "repealed" in (title or "").lower():
                continue
            if omitted and not (n_en or n_hi or n_rom):
                # a provision removed with no successor is found only where the pack names it for people: "is
                # attempted suicide a crime" is IPC s.309, which the BNS dropped; its notice says so (core.verify)
                continue
            e = Entry(
                id=pid, act=act or pid.split(":", 1)[0], number=str(num or pid.split(":", 1)[-1]), title=title or ""
            )
            e.kind = kind or ""
            e.subs = frozenset(_SUBSECTION.findall(text or ""))
            e.hi = list(n_hi or [])
            if title:
                e.names.append(Name(tuple(toks(title)), "head", title))
            for alias in [*(n_en or []), *(n_hi or []), *(n_rom or [])]:
                named = True
                e.names.append(Name(tuple(toks(alias)), "alias", alias))
            entries[pid] = e
        if not named:  # a graph built before the names loader: the pack file itself
            _names_from_pack(entries)
        titles = {pid: e.title for pid, e in entries.items()}
        for a, b in graph.ro_query("MATCH (a:Section)-[:REPLACED_BY]->(b:Section) RETURN a.id, b.id"):
            if a in entries and b in entries:
                entries[b].old.append(a)
                entries[a].new.append(b)
                if titles.get(a):
                    entries[b].names.append(Name(tuple(toks(titles[a])), "old_head", titles[a]))
                if titles.get(b):
                    entries[a].names.append(Name(tuple(toks(titles[b])), "new_head", titles[b]))
        for e in entries.values():
            e.names = [n for n in e.names if n.toks]
        idx = cls(entries, *_unheld_from_graph(graph))
        # the provisions the everyday problems are governed by: the offences people are charged with (core.numbered)
        idx.everyday = frozenset(
            r[0] for r in graph.ro_query("MATCH (:Problem)-[:GOVERNED_BY]->(x) RETURN DISTINCT x.id")
        )
        return idx

    # ------------------------------------------------------------- matching
    def _w(self, t: str) -> float:
        return self.idf.get(t, self._max_idf)

    def search(self, question: str, hint: str = "", limit: int = 25) -> list[Match]:
        """Candidates whose names the question speaks to, best index score first."""
        q = set(toks(question)) | set(toks(hint))
        if not q:
            return []
        said = _said_words(question + " " + hint)
        q_mass = sum(self._w(t) for t in q)
        cand: set[str] = set()
        for t in q:
            ids = self.postings.get(t)
            if ids and len(ids) <= 400:
                cand |= ids
        out = []
        for pid in cand:
            e = self.entries[pid]
            m = Match(id=pid, kind=e.kind)
            explained = set()
            for n in e.names:
                mass = sum(self._w(t) for t in n.toks)
                hit = [t for t in n.toks if t in q]
                if not hit or not mass:
                    continue
                cov = sum(self._w(t) for t in hit) / mass
                if n.field == "alias" and len(n.toks) == 1 and not _said_in_full(n.text, said):
                    # a name of several words that keeps one content word ("settling a case" -> settle,
                    # "all india services" -> services) is half said by that word alone: "settle anywhere
                    # in India" is no compromise of a case
                    cov *= 0.5
                if n.field == "alias":
                    m.alias_cov = max(m.alias_cov, cov)
                    if cov >= 0.999:
                        m.alias_full = max(m.alias_full, mass / 10.0)
                elif n.field == "head":
                    m.head_cov = max(m.head_cov, cov)
                else:
                    m.old_cov = max(m.old_cov, cov)
                explained |= set(hit)
            m.q_cov = sum(self._w(t) for t in explained) / q_mass if q_mass else 0.0
            m.shared, m.q_words = len(explained), len(q)
            if m.index_score > 0.05:
                out.append(m)
        out.sort(key=lambda m: (-(m.index_score + 0.3 * m.alias_full), m.id))
        return out[:limit]

    def explained(self, pid: str, question: str, hint: str = "") -> set[str]:
        """The question's content words that the provision's names (heading, people-names, the other
        code's heading) say, leaving out the words every legal text shares ("procedure" of "the criminal
        procedure code", "provided")."""
        from core.support import GENERIC, GENERIC_STEMS, _stem

        e = self.entries.get(pid)
        if e is None:
            return set()
        q = {t for t in set(toks(question)) | set(toks(hint)) if not (t in GENERIC or _stem(t) in GENERIC_STEMS)}
        return {t for n in e.names for t in n.toks if t in q}

    def _said(self, question: str, hint: str = "") -> set[str]:
        text = norm(question + " " + hint)
        return set(toks(text)) | _words(text)

    def _mass(self, stems) -> float:
        return sum(self._w(t) for t in stems) / 10.0

    def unheld_hit(self, question: str, hint: str = "") -> UnheldHit | None:
        """The Act the graph does not hold that the question speaks of: its most specific cue said in full
        (idf mass) that no held provision's name said in full outranks.

        A held people-name or heading outranks a cue when it says the same thing or more (its words include
        all the cue's: "adulteration of drugs" over "drugs", "right to education" over the same words); a
        people-name about something else altogether (no word shared) outranks it when it weighs more. A
        held name whose words are all inside the cue, or that shares a word with it and adds another
        ("void marriage" beside "child marriage"), does not: "cruelty" is part of "cruelty to animals",
        "talaq" of "teen talaq", "sexual harassment" of "sexual harassment at the workplace"."""
        q = self._said(question, hint)
        said: list[tuple[float, tuple[str, ...], Unheld]] = []
        for u in self.unheld:
            for cue in u.cues:
                if cue and all(t in q for t in cue):
                    said.append((self._mass(cue), cue, u))
        soft = self._subjects_said(question, hint)
        if not said and not soft:
            return None
        # the most specific first, whether a cue phrase or the subject's key terms said it
        ranked = sorted(
            [(*x, False, False) for x in said] + [(m, c, u, True, over) for m, c, u, over in soft],
            key=lambda x: (-x[0], x[2].id, x[3]),
        )
        held: list[tuple[frozenset[str], float, str]] = []  # held people-names said in full
        cand: set[str] = set()
        for t in q:
            ids = self.postings.get(t)
            if ids and len(ids) <= 400:
                cand |= ids
        for pid in cand:
            for n in self.entries[pid].names:
                if n.field in ("alias", "head") and n.toks and all(t in q for t in n.toks):
                    held.append((frozenset(n.toks), self._mass(n.toks), pid, n.field == "alias"))
        # the Act is named when any of the words the question said for it names it (a subject said at more
        # length may come first: "tried as an adult" before "juvenile justice board")
        # Key terms of a subject that happen to be words of the title ("christian" and "marriage" said of
        # a Hindu-Christian couple) name the Act only when the question says its name as a phrase.
        named = {
            u.id
            for _, cue, u, by_terms, _ in ranked
            if (self._names_act(u, frozenset(cue)) and (not by_terms or self._title_said(u, question, hint)))
            or u.decides(cue)
        }
        first = None
        for mass, cue, u, by_terms, over_offences in ranked:
            c = frozenset(cue)
            # a heading outranks only by saying the cue and more ("adulteration of drugs" over "drugs"); a
            # subject said in key terms yields to a held people-name about something else half its weight,
            # unless the Act governs the held offence named beside it (Subject.over_offences)
            yields = SOFT_YIELD * mass if by_terms else mass
            over = next(
                (
                    pid
                    for a, m, pid, alias in held
                    if not a < c
                    and (
                        c <= a
                        or (
                            alias
                            and not a & c
                            and m > yields
                            and not (over_offences and self.entries[pid].kind == "offence")
                        )
                    )
                ),
                "",
            )
            hit = UnheldHit(
                u,
                cue,
                mass,
                blocked_by=over,
                names_act=u.id in named,
                by_terms=by_terms,
            )
            if not over:
                return hit
            first = first or hit
        return first

    def _subjects_said(self, question: str, hint: str = "") -> list[tuple[float, tuple[str, ...], Unheld, bool]]:
        """The unheld Acts whose subject the question says in key terms (``Subject``, ``Terms``), the
        most terms and then the heaviest first: the words it said for them are the cue."""
        said = self.terms.said(question + " " + hint)
        if not said:
            return []
        out = []
        for u in self.unheld:
            best = None
            for sub in u.subjects:
                if all(t in said for t in sub.terms) and not any(t in said for t in sub.unless):
                    cue = tuple(dict.fromkeys(w for t in sub.terms for w in said[t]))
                    got = (len(sub.terms), self._mass(cue), cue, sub.over_offences)
                    best = max(best, got) if best else got
            if best:
                out.append((best, u))
        out.sort(key=lambda x: (-x[0][0], -x[0][1], x[1].id))
        return [(mass, cue, u, over) for (_, mass, cue, over), u in out]

    def _names_act(self, u: Unheld, cue: frozenset[str]) -> bool:
        """Does the cue name the Act itself (its short name or acronym: "pocso", "juvenile justice",
        "dowry prohibition", "right to information") rather than a situation it governs? (A cue in
        ``Unheld.decisive`` counts as naming it: see ``unheld_hit``.) Only the short title's words and
        acronyms count, not the rest of the name people know it by ("Triple Talaq Act" is no acronym: "teen
        talaq" beside a beating is still the held law's question)."""
        title_en, title_hi = u.title_en or u.name_en, u.title_hi or u.name_hi
        short = set(toks(u.id.split(":", 1)[-1].replace("_", " ")))  # UNHELD:POCSO, UNHELD:COPYRIGHT
        short |= {t for m in re.findall(r"\(([A-Z/]+)\)", title_en) for t in toks(m.replace("/", " "))}
        short |= {t for w in re.findall(r"\b[A-Z][A-Z/]+\b", u.known_as) for t in toks(w.replace("/", " "))}
        words = set(toks(title_en)) | set(toks(title_hi)) | short
        return len(cue & words) >= 2 or bool(cue & short)

    @staticmethod
    def _title_said(u: Unheld, question: str, hint: str = "", by_id: bool = True) -> bool:
        """Does the question (or its English hint) say the Act's name or acronym as written: "Christian
        Marriage Act", "POCSO", "भारतीय ईसाई विवाह अधिनियम"? ``by_id``: the word its id is counts too
        ("gratuity", "contract"), which is also the Act's subject."""
        text = " ".join(norm(question + " " + hint).split())
        names = {u.title_en or u.name_en, u.title_hi or u.name_hi, u.known_as}
        if by_id:
            names.add(u.id.split(":", 1)[-1].replace("_", " "))
        names |= set(re.findall(r"\(([A-Z/]+)\)", u.title_en or u.name_en))
        for name in filter(None, names):
            bare = re.sub(r",?\s*\d{4}\s*$", "", norm(name)).strip()
            bare = re.sub(r"^the\s+", "", bare)
            if len(bare) >= 3 and re.search(r"(?<![\w\u0900-\u097f])" + re.escape(" ".join(bare.split())), text):
                return True
        return False

    def not_held(self, question: str, hint: str = "") -> Unheld | None:
        """The Act the question names that the graph does not hold (see ``unheld_hit``), or None."""
        hit = self.unheld_hit(question, hint)
        return hit.act if hit is not None and not hit.blocked_by else None

    def names_legal_relation(self, question: str) -> bool:
        """Does the question name a legal relation (rights, police, court, marriage, property, ...) or ask
        for law (a section, an Act, a fine, a punishment)? Ambiguous words count only in a legal frame."""
        text = norm(question)
        words = set(re.findall(r"[a-z]+|[\u0900-\u097f\-]+", text))
        if words & self.legal_words or set(_stem_tokens(text)) & self.legal_words:
            return True
        return bool(_ASKS_LAW.search(text))


@dataclass
class UnheldHit:
    """An unheld Act a question speaks of: the cue it said, its weight, and what (if anything) held says
    more specifically."""

    act: Unheld
    cue: tuple[str, ...]
    mass: float
    blocked_by: str = ""  # a held provision whose people-name outranks the cue
    names_act: bool = False  # the cue is the Act's own name or acronym
    by_terms: bool = False  # said in the key terms of the Act's subject, not in one of its cue phrases


# a subject said in key terms (not a cue phrase) yields to a held people-name about something else that
# weighs this share of it: "my neighbour's son beat my child and touched her" is hurt first
SOFT_YIELD = 0.5


# words that ask for law, in a legal frame where the word alone is ambiguous ("fine", "act", "case", "will")
_TRAFFIC = (
    r"(?:driv\w*|vehicle|car|bike|scooter|motorcycle|truck|auto|traffic|signal|speed\w*|overspeed\w*|helmet|"
    r"seat ?belt|licen[cs]e|insurance|uninsured|parking|number plate|pollution|puc|drunk|red light|lane)"
)
_ASKS_LAW = re.compile(
    r"\b(?:section|sections|sec|dhara|dharaa|anuchhed|ipc|bns|bnss|crpc|u/s)\b|धारा|अनुच्छेद|"
    r"\barticles?\s*\d|\b(?:which|what|kaun\s?sa|kaun\s?si|konsa|konsi)\s+articles?\b|\barticles? of the constitution\b|"
    r"\b(?:which|what|kaun\s?sa|kaun\s?si|konsa|konsi|any|under|under the|is there a|is there any)\s+(?:\w+\s+)?"
    r"(?:act|acts|law|laws|kanoon|kanun|qanoon|adhiniyam|provision|provisions)\b"
    r"(?!\s+of\s+(?:physics|motion|gravity|thermodynamics|nature|averages|attraction))|"
    r"\b[a-z]+ act,? (?:18|19|20)\d\d\b|\bact (?:says|say|provides|allows|covers|applies)\b|"
    r"\bfine[sd]?\s+(?:for|of|on|under|if|when|amount)\b|\bfine\b.{0,40}"
    + _TRAFFIC
    + r"|"
    + _TRAFFIC
    + r".{0,40}\bfine[sd]?\b|"
    r"\b(?:penalt\w*|challan\w*|jurmana|jurmaana|fined|punish\w*|saza|sazaa|saja|offen[cs]e\w*|crimes?|criminal|"
    r"jurm|apradh|illegal\w*|unlawful\w*|lawful\w*|legally|illegally|licen[cs]e[ds]?|permit|fir|bail|jamanat|"
    r"court|courts|police|lawyer|vakil|wakil|eviction|evict\w*|summons|warrant|affidavit|lawsuit|probate|"
    r"chargesheet|charge ?sheet|anticipatory|accused|arrest\w*|custody|prosecut\w*|convict\w*|acquit\w*)\b|"
    r"\bis (?:it|this|that|there)\s+(?:\w+\s+)?(?:legal|allowed|permitted|lawful)\b|\blegal\s+(?:age|right|action|notice|"
    r"aid|help|advice|heir|remedy|procedure|status|limit)\b|\b(?:file|filed|filing|register|registered|lodge|lodged)\s+"
    r"(?:a |an )?(?:case|complaint|fir)\b|\bcase\s+(?:against|filed|registered|under)\b|"
    r"\b(?:khilaf|khilaaf|jhoot\w*|jhut\w*|farzi|fake|false)\s+case\b|\bcase\s+(?:darj|dar?z|ho gaya|kar diya|laga\w*)\b|"
    r"(?:झूठ\S*|फर्जी|फ़र्ज़ी|खिलाफ|ख़िलाफ़)\s+(?:केस|मुकदमा|मुक़दमा)|"
    r"\b(?:make|made|write|wrote|written|registered|without|no|his|her|my|father'?s?|mother'?s?)\s+(?:a\s+)?will\b"
    r"(?!\s+(?:be|not|win|i|he|she|they|it|you|we|get|go|come|have|give|take|rain|play|happen|start|end))|"
    r"जुर्माना|जुरमाना|चालान|सजा|दंड|अपराध|जुर्म|गैरकानूनी|कानून|कानूनी|अधिनियम|एक्ट|लाइसेंस|एफआईआर|जमानत|अदालत|"
    r"पुलिस|वकील|मुकदमा|केस दर्ज|\bcheque\w*\b.{0,30}\bbounc\w*|\b(?:gift|sale|will|lease|title|partition) deed\b",
    re.I,
)

# a question asking which law governs, or whether something is allowed (not only what to do)
_ASKS_FOR_LAW = re.compile(
    r"\b(?:which|what|any|kaun\s?sa|kaun\s?si|konsa|konsi|kis)\s+(?:\w+\s+){0,2}(?:section|sections|article|law|laws|act|"
    r"acts|kanoon|kanun|qanoon|dhara|provision|provisions)\b|\b(?:the|a|any)\s+law\s+(?:say|says|require|requires|allow|"
    r"allows|provide|provides|on|for|against)\b|\b(?:is|are)\s+(?:it|this|that|they|both|such)?\s*(?:\w+\s+){0,5}?"
    r"(?:legal|illegal|allowed|permitted|valid|lawful|a crime|an offence|an offense|punishable|compulsory|mandatory)\b|"
    r"\b(?:jurm|apradh|illegal|gairkanooni|gair kanooni|legal)\s+(?:hai|he|hain)\b|\b(?:punishment|penalty|saza|sazaa|"
    r"saja|fine)\s+(?:for|of|on|kya)\b|\bchahiye kya\b|\bwhat(?:'s| is| are) the (?:punishment|penalty|fine|sentence)\b|"
    r"\b(?:section|sections|dhara|article)\s+(?:for|of|on|under)\b|\blegally\b|"
    r"(?<!what )\bcan (?:a|an|the|my|someone|police|i|he|she|they|one|person|anyone|employer|company|school)\b(?! do\b)|"
    r"(?:कौन|किस)\s*(?:सा|सी|से)?\s*(?:\S+\s+){0,2}(?:कानून|क़ानून|धारा|अधिनियम|एक्ट)|(?:अपराध|जुर्म|गैरकानूनी|ग़ैरक़ानूनी)\s+(?:है|हैं)|"
    r"(?:सज़ा|सजा|दंड|जुर्माना)\s+(?:क्या|कितनी|होती)|अनिवार्य",
    re.I,
)


def asks_for_law(question: str) -> bool:
    """Does the question ask which law governs, or whether something is legal, a crime or required ("which
    law applies", "is that allowed", "kya ye jurm hai", "कौन सा कानून लगेगा") rather than only what to do?"""
    return bool(_ASKS_FOR_LAW.search(norm(question)))


def _names_from_pack(entries: dict[str, Entry]) -> None:
    from domain import paths

    path = paths.pack_file(paths.PROVISION_NAMES)
    if not path.is_file():
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        log.warning("provision names unreadable: %s", path)
        return
    for r in data.get("provisions") or []:
        e = entries.get(r.get("id"))
        if e is None:
            continue
        e.kind = r.get("kind") or e.kind
        e.hi = list(r.get("hi") or [])
        for alias in [*(r.get("en") or []), *(r.get("hi") or []), *(r.get("rom") or [])]:
            e.names.append(Name(tuple(toks(alias)), "alias", alias))


def _fold(text: str) -> str:
    return re.sub(r"[\W_]+", "", norm(text))


def shown_name(title: str, known_as: str) -> str:
    """The short title with the name people know the Act by, unless the title says it already:
    "Arms Act, 1959" + "Arms Act" -> itself; "आयुध अधिनियम, 1959" + "Arms Act" -> "आयुध अधिनियम, 1959
    (Arms Act)"; "Real Estate (Regulation and Development) Act, 2016" + "RERA" -> "... 2016 (RERA)"."""
    if not known_as or _fold(known_as) in _fold(title):
        return title
    last = re.search(r"\(([^()]+)\)$", title)
    if last and len(last.group(1).split()) <= 2:  # "... 2012 (पॉक्सो)" -> "... 2012 (पॉक्सो, POCSO)"
        return f"{title[: last.end(1)]}, {known_as})"
    return f"{title} ({known_as})"


def _cue_list(a: dict, key: str) -> list[tuple[str, ...]]:
    return [t for t in (tuple(toks(c)) for lang in ("en", "hi", "rom") for c in a.get(f"{key}_{lang}") or []) if t]


def _unheld_rows(data: dict) -> tuple[list[Unheld], set[str], Terms]:
    unheld = []
    for a in data.get("not_held") or []:
        if not (a.get("id") and a.get("name_en")):
            continue
        title_en, title_hi = a["name_en"], a.get("name_hi") or a["name_en"]
        known = str(a.get("known_as") or "")
        decisive = _cue_list(a, "decisive")
        unheld.append(
            Unheld(
                id=a["id"],
                name_en=shown_name(title_en, known),
                name_hi=shown_name(title_hi, known),
                route=a.get("route") or "dlsa",
                cues=list(dict.fromkeys(_cue_list(a, "cues") + decisive)),
                source=a.get("source") or "",
                title_en=title_en,
                title_hi=title_hi,
                known_as=known,
                decisive=decisive,
                subjects=[Subject.parse(x) for x in a.get("subjects") or [] if x.strip()],
            )
        )
    lex = data.get("legal_relations") or {}
    words = [*(lex.get("en") or []), *(lex.get("hi") or []), *(lex.get("rom") or [])]
    legal = {norm(w) for w in words} | {t for w in words for t in _stem_tokens(norm(w))}
    terms = (data.get("not_held_terms") or {}).get("terms") or {}
    lexicon = {k: [w for lang in ("en", "hi", "rom") for w in v.get(lang) or []] for k, v in terms.items()}
    return unheld, legal, Terms(lexicon)


def _unheld_from_graph(graph) -> tuple[list[Unheld], set[str], Terms]:
    try:
        rows = graph.ro_query(
            "MATCH (u:UnheldAct) RETURN u.id, u.name_en, u.name_hi, u.route, u.cues_en, u.cues_hi, u.cues_rom, "
            "u.source, u.known_as, u.decisive_en, u.decisive_hi, u.decisive_rom, u.subjects"
        )
        lex = graph.ro_query(
            "MATCH (l:Lexicon {id: 'LEXICON:legal_relations'}) RETURN l.words_en, l.words_hi, l.words_rom"
        )
        terms = graph.ro_query(
            "MATCH (l:Lexicon) WHERE l.id STARTS WITH $p RETURN l.id, l.words_en, l.words_hi, l.words_rom",
            {"p": TERM_PREFIX},
        )
    except Exception:  # a graph without these labels
        rows, lex, terms = [], [], []
    if rows or lex:
        data = {
            "not_held": [
                {
                    "id": i,
                    "name_en": ne,
                    "name_hi": nh,
                    "route": r,
                    "cues_en": ce,
                    "cues_hi": ch,
                    "cues_rom": cr,
                    "source": s,
                    "known_as": k,
                    "decisive_en": de,
                    "decisive_hi": dh,
                    "decisive_rom": dr,
                    "subjects": sub,
                }
                for i, ne, nh, r, ce, ch, cr, s, k, de, dh, dr, sub in rows
            ],
            "legal_relations": {"en": lex[0][0], "hi": lex[0][1], "rom": lex[0][2]} if lex else {},
            "not_held_terms": {
                "terms": {i[len(TERM_PREFIX) :]: {"en": en, "hi": hi, "rom": rom} for i, en, hi, rom in terms}
            },
        }
        return _unheld_rows(data)
    from domain import paths

    path = paths.pack_file(paths.PROVISION_NAMES)
    try:
        return _unheld_rows(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else _unheld_rows({})
    except ValueError:
        return _unheld_rows({})


# the Lexicon nodes of the unheld Acts' key terms (written by graph_schema/loaders/provision_names.py)
TERM_PREFIX = "LEXICON:term:"

_lock = threading.Lock()
_cache: dict[int, ProvisionIndex] = {}


def index_for(graph) -> ProvisionIndex:
    """The index of a graph, built once per graph store (about a second)."""
    return built_once(_cache, _lock, graph, ProvisionIndex.from_graph)
