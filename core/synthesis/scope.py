"""What a sentence restricts, and the words the meaning check reads (issue 24; core.synthesis.meaning).

A rule stated more broadly than its source is a misstatement, as an inversion is: "there is no right of
private defence" is not what "there is no right of private defence,— (a) against an act which does not
reasonably cause the apprehension of death ..." says. :func:`restrictions` reads the restrictions of a
material sentence (qualifying clauses, enumerated limbs, relative restrictions, provisos, and their Hindi
and Roman Hindi forms) with what each restricts; :func:`dropped_restriction` says which one a claim draws
on without carrying it. The negation, modality and condition words the claim reading compares live here
too, beside the function words: both readers share them (a leaf, so that meaning imports it, never the
reverse). Deterministic; no model inside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.support import HI_FUNCTION, stems

TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|[\u0900-\u0963\u0966-\u097f]+")


# a word that negates what follows, in English, Hindi and Roman Hindi
NEGATION = frozenset(
    """
not no never cannot can't won't don't doesn't didn't isn't aren't wasn't weren't shouldn't mustn't
needn't couldn't wouldn't hasn't haven't neither nor none nothing nobody without n't
नहीं नही न मत बिना कभी-नहीं nahi nahin nhi nai mat bina
""".split()
)
# words that deny by their meaning: "refuse to register" says what "not register" says
DENIAL = frozenset(
    """
refuse refuses refused refusing refusal deny denies denied denying void invalid illegal unlawful
prohibited prohibits prohibit barred bars forbidden forbids inadmissible unconstitutional abolished
abolishes abolish struck nullity exempt exempted immune immunity cease ceases
इनकार इंकार अवैध शून्य वर्जित मना निषिद्ध प्रतिबंधित अमान्य गैरकानूनी ग़ैरक़ानूनी समाप्त
inkar avaidh varjit mana amanya gairkanooni
""".split()
)
PERMISSION = frozenset(
    """
can may could might allowed permitted entitled eligible right rights option
सकता सकती सकते सकेगा सकेगी सकेंगे अधिकार हक़ हक हकदार पात्र
sakta sakti sakte sakenge adhikar haq hak hakdar
""".split()
)
DUTY = frozenset(
    """
must shall should required require requires bound obliged obligation duty mandatory compulsory
need needs needed necessary
चाहिए ज़रूरी जरूरी अनिवार्य होगा होगी होंगे पड़ेगा पड़ेगी पडेगा कर्तव्य बाध्य
chahiye zaroori jaruri zaruri anivarya hoga hogi honge padega padegi
""".split()
)
# "cannot" denies a permission: negation and "can" at once
CANNOT = frozenset({"cannot", "can't", "couldn't"})
# "has to", "have to", "had to" are duty; a lone "has" is not
DUTY_PAIRS = re.compile(r"\b(?:has|have|had|ought|needs?)\s+to\b")
CONDITION = {
    "only": "only",
    "solely": "only",
    "केवल": "only",
    "सिर्फ": "only",
    "सिर्फ़": "only",
    "ही": "only",
    "sirf": "only",
    "keval": "only",
    "unless": "unless",
    "except": "except",
    "excepting": "except",
    "save": "except",
    "सिवाय": "except",
    "अलावा": "except",
    "siway": "except",
    "siwaay": "except",
    "if": "if",
    "provided": "if",
    "अगर": "if",
    "यदि": "if",
    "जब": "if",
    "agar": "if",
    "yadi": "if",
    "within": "within",
    "भीतर": "within",
    "अंदर": "within",
    "andar": "within",
    "after": "after",
    "बाद": "after",
    "baad": "after",
    "before": "before",
    "पहले": "before",
    "pehle": "before",
}

CUES = NEGATION | DENIAL | PERMISSION | DUTY | CANNOT | frozenset(CONDITION) | {"yes", "haan", "हाँ", "हां"}


# words that carry no claim: articles, pronouns, auxiliaries, prepositions (English, Roman Hindi)
FUNCTION = frozenset(
    """
a an the and or of to in on at for by with as is are am be been being was were will would this that these
those it its he she they you your yours his her him their them my me i we our us do does did done there
here then than so such any some from into onto about also just very what which who whom whose how why
get gets got under upon per
ka ki ke ko mein me se par aur ya ne hai hain tha thi the ho hona hota hoti hote kya koi kuch yeh ye woh
wo is us
""".split()
)


# --- restrictions: a rule stated more broadly than its source ------------------------------------------
#
# "there is no right of private defence,— (a) against an act which does not reasonably cause the
# apprehension of death ..." does not say "there is no right of private defence". A source sentence
# restricts what it states by a qualifying clause (against ..., in respect of ..., where / when / if ...,
# in the case of ..., except / save / unless ..., only ..., within ..., subject to ...), an enumerated limb
# ((a), (b), (i) ...), a relative restriction ("Acts against which there is no right ...": only of those
# acts) and their Hindi and Roman Hindi forms (अगर, जब, केवल, ... के सिवा, ... के विरुद्ध, ... के मामले में;
# agar, jab, sirf, ... ke siwa, ... ke khilaf). A claim that draws on a restricted rule must carry the
# restriction's own content words (those not in the rest of the sentence), at least half of them, or of
# one alternative when the restriction is a list of short alternatives ("if you are a woman or child, a
# member of a Scheduled Caste or Tribe, ...": "a woman is entitled ..." narrows the rule, which is true).

# a restriction that runs forward from its cue (English subordinators and prepositions, Hindi and Roman
# Hindi subordinators); the longest cue at a place is taken
FWD_CUES = tuple(
    tuple(c.split())
    for c in """
against|in respect of|in relation to|in the case of|in case of|in cases of|for the purposes of|for the purpose of
where|wherever|when|whenever|if|unless|except|excepting|save|only|solely|provided|subject to|within
other than|until|so long as|as long as|on condition|who|which|whose|without|as a|as an
यदि|अगर|जब|जब तक|जहाँ|जहां|केवल|सिर्फ|सिर्फ़|सिवाय|बशर्ते|परंतु|परन्तु|तभी
agar|yadi|jab|jab tak|jahan|jahaan|sirf|keval|kewal|basharte|tabhi|बिना|bina
""".replace("\n", "|").split("|")
    if c.strip()
)
# a Hindi or Roman Hindi postposition: the restriction is the phrase before it ("असाधारण परिस्थितियों के सिवा")
_BACK_CUES = tuple(
    tuple(c.split())
    for c in """
के सिवा|के सिवाय|के अलावा|को छोड़कर|छोड़कर|के विरुद्ध|के विरूद्ध|के खिलाफ|के ख़िलाफ़|के मामले में|के मामलों में
की दशा में|की स्थिति में|के संबंध में|के सम्बन्ध में|के भीतर|के अंदर|के अधीन|की शर्त पर
ke siwa|ke siwaay|ke siwai|ke siva|ke sivaay|ke alawa|ke alaava|ko chhodkar|chhodkar|ke khilaf|ke khilaaf
ke viruddh|ke mamle mein|ke maamle mein|ke mamle me|ke maamle me|ki dasha mein|ki sthiti mein|ke sambandh mein
ke bheetar|ke bhitar|ke andar|ke adheen|ki shart par|के रूप में|ke roop mein|ke rup mein|ke roop me|ke rup me
वाला|वाली|वाले|vaala|vaali|vaale|wala|wali|wale
""".replace("\n", "|").split("|")
    if c.strip()
)
# "X against which ...", "X in respect of whom ...": the restriction is X
_RELATIVE = frozenset("which whom whose जिस जिसके जिसकी जिन जिनके जिनकी jis jiske jiski jin jinke".split())
# what a leading restriction ends at when no comma does ("अगर ... तो ...", "jab ... tab ...")
_THEN = frozenset("तो तब to tab".split())
_HINDI_LEADS = frozenset("यदि अगर जब agar yadi jab".split())
LIMB = re.compile(r"\((?:[a-h]|[ivx]{1,4})\)")
RTOK = re.compile(
    r"\((?:[a-h]|[ivx]{1,4})\)(?=\s|$)|[a-z]+(?:'[a-z]+)?|[\u0900-\u0963\u0966-\u097f]+|\d+|[,;:।()\[\]—–]"
)
_HARD_STOP = frozenset(";:।()[]")
# a word that opens a leading restriction's clause in a longer sentence ("..., and if ..., the court ...")
_JOINS = frozenset("and or but then aur ya lekin और या लेकिन".split())
# "you" stands for the person a restriction names ("against the person accused" -> "against you")
_SECOND_PERSON = frozenset(
    "you your yours yourself aap aapko aapka aapki aapke tum tumhe tumhara आप आपको आपका आपकी आपके तुम तुम्हें".split()
)
_PERSON = frozenset(
    "person persons accused individual anyone party parties व्यक्ति आरोपी अभियुक्त vyakti aaropi abhiyukt".split()
)
# words a restriction may hold that carry none of its content ("the Family Court where there is one")
_EMPTY = frozenset(
    """one ones whatever such said same certain person persons individual people anyone someone व्यक्ति vyakti
offence offences अपराध apraadh apradh
कर करे करें सकने सकता सकती जाता जाती जाते गया गई गए हुआ हुई हुए दिया दी दिए लिए होने रहा रही
kar kare karen karne sakne gaya gayi gaye hua hui hue diya di diye liye hone raha rahi jata jaata jati jaati apna apni apne
section sections article articles clause dhara dhaara धारा अनुच्छेद anuchhed bns bnss bsa ipc crpc iea cpc""".split()
)
_ALT = frozenset({"or", "ya", "या", "अथवा", ","})
RESTRICTION_CARRIED = 0.5  # share of a restriction's own content words (of one alternative) a claim must carry


@dataclass(frozen=True)
class Restriction:
    """One restriction of a material sentence: its words, where it stands and what it restricts."""

    text: str  # the restricting words, as in the source (lower case)
    start: int  # its span over the sentence's tokens
    end: int
    scope: tuple[int, int]  # the tokens it restricts: a claim drawing on any of them must carry it
    own: frozenset[str]  # its content stems that the rest of the sentence does not have
    alternatives: tuple[frozenset[str], ...]  # a list's alternatives or examples (each own stems), else (own,)
    whole: bool  # nothing of the sentence is outside its restrictions ("When right of ... extends to causing death")


def _word(tok: str) -> bool:
    return tok[0].isalpha() or "\u0900" <= tok[0] <= "\u097f"


def _content(tok: str) -> bool:
    return (
        _word(tok)
        and len(tok) > 1
        and tok not in FUNCTION
        and tok not in HI_FUNCTION
        and tok not in CUES
        and tok not in _EMPTY
        and tok not in _RESTRICT_WORDS
    )


def _stem(word: str) -> str:
    return next(iter(stems({word})))


def match(toks: list[str], i: int, cues: tuple[tuple[str, ...], ...]) -> int:
    """The length of the longest cue at ``toks[i]`` (0: none)."""
    best = 0
    for c in cues:
        if len(c) > best and tuple(toks[i : i + len(c)]) == c:
            best = len(c)
    return best


_RESTRICT_WORDS = frozenset(w for c in FWD_CUES + _BACK_CUES for w in c) - {
    *"in of to the as for के की को में ke ki ko mein me".split()
}
_EXAMPLE = (("such", "as"), ("like",), ("including",), ("for", "example"), ("for", "instance"), ("जैसे",), ("jaise",))
_SET_OFF = frozenset(",—–")
_SHORT = frozenset({"without", "bina", "बिना", "as"})  # a restriction of the few words after it


def _cues(toks: list[str]) -> list[tuple[int, int, str]]:
    """Where restrictions begin: (start, end of the cue, kind), kind "limb", "fwd", "back" (a
    postposition: the phrase before it) or "rel" (a preposition and a relative: the antecedent)."""
    out: list[tuple[int, int, str]] = []
    i, n = 0, len(toks)
    while i < n:
        if LIMB.fullmatch(toks[i]):
            k = match(toks, i + 1, FWD_CUES)
            out.append((i, i + 1 + k, "limb"))
            i += 1 + k
            continue
        k = match(toks, i, _BACK_CUES)
        if k:
            out.append((i, i + k, "back"))
            i += k
            continue
        k = match(toks, i, FWD_CUES)
        if k and not (i and (toks[i - 1], toks[i]) in (("not", "only"), ("such", "as"))):
            rel = int(i + k < n and toks[i + k] in _RELATIVE and toks[i] not in _RELATIVE)
            out.append((i, i + k + rel, "rel" if rel else "fwd"))
            i += k + rel
            continue
        i += 1
    # consecutive cues are one restriction ("save where", "par tabhi jab")
    merged: list[tuple[int, int, str]] = []
    for s, e, kind in out:
        if merged and merged[-1][1] == s and kind in ("fwd", "limb") and merged[-1][2] in ("fwd", "limb"):
            merged[-1] = (merged[-1][0], e, merged[-1][2])
        else:
            merged.append((s, e, kind))
    return merged


def restrictions(source: str) -> tuple[list[Restriction], list[str]]:
    """The restrictions of one material sentence (a claim of the material), and its tokens.

    * a leading restriction ("If X, Y"; "Save in exceptional circumstances, no woman ..."; "agar X to
      Y") runs to its comma (or "तो" / "to") and restricts the rest of the clause;
    * a trailing one ("Y, unless X"; "Y when X"; a limb "(a) X") runs to the next restriction or the
      clause's end; set off by a comma or dash, or a limb, it restricts the whole clause before it,
      otherwise the phrase it is attached to (back to the last comma: "..., the interim claim to be
      decided within 60 days" restricts the interim claim, not the allowance before it);
    * a Hindi or Roman Hindi postposition ("असाधारण परिस्थितियों के सिवा", "30 din ke bheetar") is the
      phrase before it (up to four words), and a relative's antecedent ("Acts against which ...") is
      the words before the preposition; either restricts the whole clause."""
    toks = RTOK.findall((source or "").lower().replace("’", "'"))
    n = len(toks)
    first = next((j for j, t in enumerate(toks) if _word(t)), 0)
    found: list[tuple[int, int, tuple[int, int]]] = []  # (start, end, scope)
    cues = _cues(toks)
    lead_end = -1
    then = _bare_condition(toks, first, cues)
    if then:
        # "Apraadh zamaanti ho to ...", "अपराध ज़मानती हो तो ...": a condition without अगर / agar
        found.append((first, then, (first, n)))
        lead_end = then
    for idx, (s, e, kind) in enumerate(cues):
        if s < lead_end:
            continue  # inside a leading restriction: part of it ("If a husband neglects a wife who ...")
        if kind in ("back", "rel"):
            j, taken = s, 0
            while j > 0 and taken < 4 and _word(toks[j - 1]) and not any(fs <= j - 1 < fe for fs, fe, _ in found):
                j -= 1
                taken += 1
            found.append((j, s if kind == "rel" else e, (0, n)))
            continue
        nxt = next((cs for cs, _, ck in cues[idx + 1 :] if ck in ("fwd", "limb", "rel")), n)
        end = e
        while end < n and toks[end] not in _HARD_STOP:
            end += 1
        if kind == "limb":
            # an enumerated limb is all of it, up to the next limb: "(a) against an act which does not
            # reasonably cause the apprehension of death ..., if done ... by a public servant ..."
            end = min(end, next((cs for cs, _, ck in cues[idx + 1 :] if ck == "limb"), n))
            lead_end = end
            found.append((s, end, (0, end)))
            continue
        if toks[s] in _SHORT:
            # "without a warrant", "bina vaarant", "as a witness", "without an order from a Magistrate":
            # the noun after it (and what "of" / "from" attach to it), not a clause
            found.append((s, _noun_end(toks, e, end), (0, n)))
            continue
        before = toks[s - 1] if s > 0 else ""
        joined = before in _JOINS or (before == "," and s > 1 and toks[s - 2] in _JOINS)
        if kind == "fwd" and (s == first or joined):
            for m in range(e, end):
                stop = toks[m] == "," or (toks[m] in _THEN and toks[s] in _HINDI_LEADS)
                if stop and any(_word(x) for x in toks[m + 1 : end]):
                    end = m
                    break
            lead_end = end
            found.append((s, end, (s, n)))
            continue
        end = min(end, nxt)
        if kind == "limb" or before in _SET_OFF:
            scope_start = 0
            if before in _SET_OFF and kind != "limb":
                # set off by commas, it ends at the next one: "The court presumes, unless the contrary is
                # proved, that the cheque ..." (what follows is the clause again)
                end = next(
                    (m for m in range(e, end) if toks[m] == "," and any(_word(x) for x in toks[m + 1 : end])), end
                )
        else:
            commas = [m for m in range(first, s) if toks[m] in _SET_OFF or toks[m] in _HARD_STOP]
            scope_start = commas[-1] + 1 if commas else 0
        found.append((s, end, (scope_start, end)))
    inside = {j for s, e, _ in found for j in range(s, e)}
    head = {_stem(t) for j, t in enumerate(toks) if j not in inside and _content(t)}
    out: list[Restriction] = []
    for s, e, scope in found:
        words = toks[s:e]
        own = frozenset(_stem(t) for t in words if _content(t)) - head
        alternatives: tuple[frozenset[str], ...] = (own,)
        alts = _pieces(words, head, _ALT) if any(t in _OR for t in words) else []
        if len(alts) >= 3 and all(len(a) <= 4 for a in alts):
            alternatives = tuple(alts)  # "a woman or child, a member of a Scheduled Caste or Tribe, ..."
        examples = _examples(words, head)
        if examples:
            # "when the information discloses a cognizable offence such as theft": a claim of the example
            # ("for a theft") states a narrower case of the rule, which is true
            main = own - frozenset().union(*examples)
            alternatives = (main, *examples) if main else tuple(examples)
        out.append(Restriction(" ".join(words), s, e, scope, own, alternatives, whole=not head))
    return out, toks


_OR = frozenset({"or", "ya", "या", "अथवा"})
# Roman Hindi's own words: "to" is "then" only in a Roman Hindi sentence
_ROMAN_HINDI = frozenset("ke ki ka ko hai hain mein se ho hon ne par nahin nahi bhi".split())


def _bare_condition(toks: list[str], first: int, cues: list[tuple[int, int, str]]) -> int:
    """Where a Hindi or Roman Hindi condition that opens the sentence without a cue ends (at its "तो" /
    "to"), 0 when there is none."""
    if cues and cues[0][0] == first:
        return 0  # it has a cue ("agar ... to ..."): read as such
    roman = sum(t in _ROMAN_HINDI for t in toks) >= 2
    for m in range(first + 1, len(toks)):
        if toks[m] in _HARD_STOP or toks[m] == ",":
            return 0
        if (toks[m] == "तो" or (roman and toks[m] == "to")) and any(_word(x) for x in toks[m + 1 :]):
            return m
    return 0


def _pieces(words: list[str], head: set[str], seps: frozenset[str]) -> list[frozenset[str]]:
    out: list[frozenset[str]] = []
    piece: set[str] = set()
    for t in [*words, ","]:
        if t in seps:
            if piece:
                out.append(frozenset(piece))
            piece = set()
        elif _content(t) and _stem(t) not in head:
            piece.add(_stem(t))
    return out


def _examples(words: list[str], head: set[str]) -> list[frozenset[str]]:
    """The own stems of each example a restriction gives ("such as theft, cheating"), one set each."""
    out: list[frozenset[str]] = []
    i = 0
    while i < len(words):
        k = match(words, i, _EXAMPLE)
        if not k:
            i += 1
            continue
        i += k
        j = i
        while j < len(words) and words[j] not in _HARD_STOP and not match(words, j, _EXAMPLE):
            j += 1
        out.extend(_pieces(words[i:j], head, _ALT | {"and", "aur", "और"}))
        i = j
    return out


def dropped_restriction(claim_text: str, source: str) -> str:
    """The restriction of ``source`` that ``claim_text`` draws on but does not carry ("" when none): a
    rule stated more broadly than its source is a misstatement, as an inversion is. The claim draws on
    a restriction when one of its content words is in the restriction's scope; it carries it when it has
    at least half of the restriction's own content words (of one alternative, for a list or examples),
    "you" standing for a person the restriction names ("against the person accused" -> "against you")."""
    if not source:
        return ""
    rs, toks = restrictions(source)
    if not rs:
        return ""
    claim_toks = RTOK.findall((claim_text or "").lower().replace("’", "'"))
    mine = {_stem(t) for t in claim_toks if _content(t)}
    you = any(t in _SECOND_PERSON for t in claim_toks)
    conditional = bool(_cues(claim_toks))
    drawn = [j for j, t in enumerate(toks) if _content(t) and _stem(t) in mine]
    for r in rs:
        if not any(r.scope[0] <= j < r.scope[1] for j in drawn):
            continue
        if r.whole and not conditional:
            return r.text  # the source states the rule only when ...; the claim states it always
        if not r.own:
            continue
        have = mine | (stems(_PERSON) if you and len(r.alternatives) == 1 else set())
        if not any(alt and len(alt & have) >= RESTRICTION_CARRIED * len(alt) for alt in r.alternatives):
            return r.text
    return ""


_ATTACH = frozenset("of from by ke ki ka के की का".split())


def _noun_end(toks: list[str], i: int, limit: int) -> int:
    """The end of the noun phrase that starts at ``toks[i]``: to its first content word, and on through
    "of" / "from" ("an order from a Magistrate")."""
    while i < limit and _word(toks[i]) and not _content(toks[i]):
        i += 1
    if i >= limit or not _content(toks[i]):
        return i
    i += 1
    while i + 1 < limit and toks[i] in _ATTACH:
        j = i + 1
        while j < limit and _word(toks[j]) and not _content(toks[j]) and toks[j] not in _ATTACH:
            j += 1
        if j < limit and _content(toks[j]):
            i = j + 1
        else:
            break
    return i


def opening_restriction(clause: str) -> str:
    """The restriction a clause opens with ("If the offence is bailable", "असाधारण परिस्थितियों के
    सिवा"), "" when it opens with none."""
    rs, toks = restrictions(clause)
    first = next((j for j, t in enumerate(toks) if _word(t)), 0)
    return next((r.text for r in rs if r.start == first and r.scope[1] == len(toks) and not r.whole), "")
