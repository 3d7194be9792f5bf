"""A provision's operative sentence said in Hindi by fixed grammar (issue 19: "अनुच्छेद 17 क्या खत्म करता
है?" is told what Article 17 says, not only its heading).

The corpus holds the Acts in English only (/work/shared/corpus/README.md: "Not here, on purpose: ... Hindi text
of the Acts"), so a Hindi answer quotes the English sentence itself (core.synthesis.short_answer.quoted_rule)
and, where this module reads the sentence, says it in Hindi too. As in core.synthesis.punishment_hi, invariant 3
decides the design: a sentence is rendered only when a frame reads all of it and every phrase a frame leaves
open is one of the phrases below (or two of them joined by "or" / "and"); anything else gives None, and the
answer keeps the English words alone. No model is involved.

A frame is a clause type said the same way wherever it occurs ("X is abolished", "No person shall be deprived
of X except according to Y", "The State shall not deny to any person X"); a fixed sentence is one provision's
whole sentence, matched word for word, so that a change in the text it renders stops the rendering. The Hindi
words follow the official Hindi text of the Constitution where it has them (विधि, दैहिक स्वतंत्रता), with the
everyday word beside a learned one ("अस्पृश्यता (छुआछूत)"). Each English phrase is checked against the
corpus text of its provision (tests/test_clause_hi.py).
"""

from __future__ import annotations

import re

# phrase (lower case, as the provision writes it) -> Hindi, in the oblique form (every frame puts a postposition
# after its slot: "... से वंचित"); the source provision is named for each
_PHRASE: dict[str, str] = {
    "untouchability": "अस्पृश्यता (छुआछूत)",  # COI art. 17
    "his life": "उसके प्राण",  # COI art. 21
    "personal liberty": "दैहिक स्वतंत्रता",  # COI art. 21
    "procedure established by law": "विधि द्वारा स्थापित प्रक्रिया",  # COI art. 21
    "equality before the law": "विधि के समक्ष समता",  # COI art. 14
    "the equal protection of the laws": "विधियों के समान संरक्षण",  # COI art. 14
    "free and compulsory education": "निःशुल्क और अनिवार्य शिक्षा",  # COI art. 21A
    "employment": "नियोजन",  # COI art. 16(1)
    "appointment to any office under the state": "राज्य के अधीन किसी पद पर नियुक्ति",  # COI art. 16(1)
    "any factory": "किसी कारखाने",  # COI art. 24
    "mine": "खान",  # COI art. 24
}

_NUMBER_HI = {"six": "छह", "fourteen": "चौदह", "eighteen": "अठारह", "twenty-one": "इक्कीस"}


def _phrase(words: str) -> str | None:
    """A phrase of the table, or two of them joined by "or" / "and" ("his life or personal liberty")."""
    words = words.strip(" ,")
    if words in _PHRASE:
        return _PHRASE[words]
    for en, hi in ((" or ", " या "), (" and ", " और ")):
        if en in words:
            a, b = words.split(en, 1)
            x, y = _PHRASE.get(a.strip(" ,")), _PHRASE.get(b.strip(" ,"))
            if x and y:
                return f"{x}{hi}{y}"
    return None


def _number(word: str) -> str | None:
    return _NUMBER_HI.get(word) or (word if word.isdigit() else None)


# (frame over the whole sentence, lower case; the Hindi, its {slots} filled from the frame's groups)
_FRAMES: list[tuple[re.Pattern[str], str]] = [
    # COI art. 17
    (
        re.compile(r"(?P<x>[\w\s-]+?) is abolished and its practice in any form is forbidden"),
        "{x} का अंत किया जाता है और उसका किसी भी रूप में आचरण निषिद्ध है",
    ),
    (re.compile(r"(?P<x>[\w\s-]+?) is abolished"), "{x} का अंत किया जाता है"),
    # COI art. 21
    (
        re.compile(r"no person shall be deprived of (?P<x>[\w\s-]+?) except according to (?P<y>[\w\s-]+)"),
        "किसी व्यक्ति को {x} से {y} के अनुसार ही वंचित किया जाएगा, अन्यथा नहीं",
    ),
    # COI art. 14
    (
        re.compile(r"the state shall not deny to any person (?P<x>[\w\s-]+?) within the territory of india"),
        "राज्य भारत के राज्यक्षेत्र में किसी व्यक्ति को {x} से वंचित नहीं करेगा",
    ),
    (re.compile(r"the state shall not deny to any person (?P<x>[\w\s-]+)"), "राज्य किसी व्यक्ति को {x} से वंचित नहीं करेगा"),
    # COI art. 16(1)
    (
        re.compile(r"there shall be equality of opportunity for all citizens in matters relating to (?P<x>[\w\s-]+)"),
        "{x} से जुड़े विषयों में सभी नागरिकों के लिए अवसर की समता होगी",
    ),
    # COI art. 21A
    (
        re.compile(
            r"the state shall provide (?P<x>[\w\s-]+?) to all children of the age of (?P<a>[\w-]+) to (?P<b>[\w-]+)"
            r" years in such manner as the state may, by law, determine"
        ),
        "राज्य {a} से {b} वर्ष तक की आयु के सभी बालकों को {x} देगा, उस रीति से जो राज्य विधि बनाकर तय करे",
    ),
    # COI art. 24
    (
        re.compile(
            r"no child below the age of (?P<a>[\w-]+) years shall be employed to work in (?P<x>[\w\s-]+?)"
            r" or engaged in any other hazardous employment"
        ),
        "{a} वर्ष से कम आयु के किसी बालक को {x} में काम करने के लिए नियोजित नहीं किया जाएगा, "
        "न किसी अन्य परिसंकटमय (ख़तरनाक) नियोजन में लगाया जाएगा",
    ),
]
_NUMBER_SLOTS = {"a", "b"}

# one provision's whole sentence (lower case, word for word) -> its Hindi
_FIXED: dict[str, str] = {
    # COI art. 20(2)
    "no person shall be prosecuted and punished for the same offence more than once": (
        "किसी व्यक्ति को एक ही अपराध के लिए एक से अधिक बार अभियोजित और दंडित नहीं किया जाएगा"
    ),
    # COI art. 20(3)
    "no person accused of any offence shall be compelled to be a witness against himself": (
        "किसी अपराध के अभियुक्त किसी व्यक्ति को स्वयं अपने विरुद्ध गवाह बनने के लिए बाध्य नहीं किया जाएगा"
    ),
    # BSA s.23(1)
    "no confession made to a police officer shall be proved as against a person accused of any offence": (
        "पुलिस अधिकारी के सामने की गई कोई संस्वीकृति (इकबालिया बयान) किसी अपराध के अभियुक्त व्यक्ति के विरुद्ध साबित नहीं की जाएगी"
    ),
    # BNSS s.47(1)
    "every police officer or other person arresting any person without warrant shall forthwith communicate to "
    "him full particulars of the offence for which he is arrested or other grounds for such arrest": (
        "बिना वारंट किसी व्यक्ति को गिरफ्तार करने वाला हर पुलिस अधिकारी या अन्य व्यक्ति उसे तुरंत उस अपराध का पूरा "
        "ब्योरा, जिसके लिए वह गिरफ्तार किया गया है, या ऐसी गिरफ्तारी के दूसरे आधार बताएगा"
    ),
    # HSA s.14(1)
    "any property possessed by a female hindu, whether acquired before or after the commencement of this act, "
    "shall be held by her as full owner thereof and not as a limited owner": (
        "किसी हिंदू महिला के कब्ज़े की कोई भी संपत्ति, चाहे इस अधिनियम के लागू होने से पहले मिली हो या बाद में, "
        "उसकी पूर्ण स्वामी के रूप में होगी, सीमित स्वामी के रूप में नहीं"
    ),
}


def _norm(sentence: str) -> str:
    """Lower case, quotation marks and the closing full stop dropped, white space single."""
    s = (sentence or "").replace("“", "").replace("”", "").replace('"', "").replace("‘", "").replace("’", "'")
    return " ".join(s.lower().split()).rstrip(" .;:")


def hindi_rule(sentence: str) -> str | None:
    """The Hindi words for a provision's whole English operative sentence, or None unless every word of it is
    read (a sentence cut short, "… ", is never rendered: its rest is unread)."""
    if not sentence or sentence.rstrip().endswith("…"):
        return None
    s = _norm(sentence)
    if s in _FIXED:
        return _FIXED[s]
    for pat, hi in _FRAMES:
        m = pat.fullmatch(s)
        if not m:
            continue
        said = {}
        for k, v in m.groupdict().items():
            said[k] = _number(v) if k in _NUMBER_SLOTS else _phrase(v)
        if all(said.values()):
            return hi.format(**said)
    return None
