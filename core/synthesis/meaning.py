"""Does a model's sentence say what the verified material says? (issue 24, invariant 3)

The fact check (``core.synthesis.facts``) makes sure a model adds no number, section or case; it cannot
see that "Yes, the police can refuse to register your FIR" says the opposite of "the police must
register an FIR". This check can. Each sentence the model writes is one claim, aligned to the material
sentence that best supports it (most shared content words), and kept only when the two agree on:

* **polarity**: an odd number of negation cues (not, no, never, cannot, without, नहीं, nahi ...) and of
  words that deny by their meaning (refuse, void, illegal, inadmissible, अवैध, इनकार ...);
* **modality**: permission (can, may, entitled, सकता, sakta ...) against duty (must, shall, has to,
  चाहिए, zaroori ...) against a plain statement;
* **condition**: the exception and condition cues (only, unless, except, save, if, within, केवल, सिवाय,
  agar ...) of the claim must all be in its source sentence, and the source's in the claim;
* **support**: most of the claim's content words are in its source (nothing is added).

A claim that fails any of these is rejected and the whole short answer falls back to the floor's: a
half-kept short answer could still lead with the wrong sentence. The model's own "Yes," / "No," opener
is never kept (it restates the question's wording, not the law): it is removed before the check, so an
inversion through the opener is impossible by construction. ``yes_no`` decides an opener from the
material alone, and only when a material sentence restates the question with the same modality and
conditions; otherwise there is none.

The check is deliberately stricter than meaning: a correct paraphrase that swaps "must register" for
"cannot refuse to register" is rejected too, and the verified floor's sentence stays. No model inside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.citations import provision_ids
from core.support import HI_FUNCTION, stems

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|[\u0900-\u0963\u0966-\u097f]+")
_SENTENCE = re.compile(r"[^.!?।\n]+(?:[.!?।]+|\n|$)")

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
_PERMISSION = frozenset(
    """
can may could might allowed permitted entitled eligible right rights option
सकता सकती सकते सकेगा सकेगी सकेंगे अधिकार हक़ हक हकदार पात्र
sakta sakti sakte sakenge adhikar haq hak hakdar
""".split()
)
_DUTY = frozenset(
    """
must shall should required require requires bound obliged obligation duty mandatory compulsory
need needs needed necessary
चाहिए ज़रूरी जरूरी अनिवार्य होगा होगी होंगे पड़ेगा पड़ेगी पडेगा कर्तव्य बाध्य
chahiye zaroori jaruri zaruri anivarya hoga hogi honge padega padegi
""".split()
)
# "cannot" denies a permission: negation and "can" at once
_CANNOT = frozenset({"cannot", "can't", "couldn't"})
# "has to", "have to", "had to" are duty; a lone "has" is not
_DUTY_PAIRS = re.compile(r"\b(?:has|have|had|ought|needs?)\s+to\b")
_CONDITION = {
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
# the model's own answer to a yes/no question, at the start of a sentence
_OPENER = re.compile(
    r"^\s*(?:yes|no|yeah|nope|haan|han|ha|ji haan|nahi|nahin|जी हाँ|जी हां|जी नहीं|हाँ|हां|नहीं)\s*(?:[,।.!:;—-]+\s*|$)",
    re.IGNORECASE,
)
_YES_NO_QUESTION = re.compile(
    r"^\s*(?:can|could|may|is|are|was|were|do|does|did|will|would|should|shall|must|has|have|kya|क्या)\b",
    re.IGNORECASE,
)

# conditions a claim must keep when its source has them (dropping one widens the rule)
RESTRICTIVE = frozenset({"only", "unless", "except", "if", "within"})

# at least this share of a claim's content stems must be in its source sentence
MIN_SUPPORT = 0.6


@dataclass(frozen=True)
class Claim:
    """What one sentence asserts, as far as polarity, modality and conditions go."""

    negated: bool
    modal: str  # "" | "may" | "must"
    conditions: frozenset[str] = field(default_factory=frozenset)

    def describe(self) -> str:
        mode = {"": "states", "may": "permits", "must": "requires"}[self.modal]
        pol = "not " if self.negated else ""
        cond = f" ({', '.join(sorted(self.conditions))})" if self.conditions else ""
        return f"{pol}{mode}{cond}"


@dataclass
class Alignment:
    sentence: str
    source: str
    support: float
    claim: Claim
    source_claim: Claim
    problem: str = ""  # "" when the sentence is kept


@dataclass
class MeaningVerdict:
    kept: bool
    text: str  # the model's text without its yes/no openers (what may be shown when kept)
    alignments: list[Alignment]

    @property
    def reasons(self) -> list[str]:
        return [a.problem for a in self.alignments if a.problem]


# one sentence, several claims: "X is void, and bigamy is punishable" is two
_CLAUSE = re.compile(
    r"\s*(?:;|:\s|,\s*(?:and|but|while|whereas)\s|\s(?:but|whereas)\s|,?\s(?:लेकिन|परंतु|किंतु|और)\s|,?\s(?:lekin|par|aur)\s)\s*"
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text or "") if s.strip() and _TOKEN.search(s.lower())]


def clauses(sentence: str) -> list[str]:
    """A sentence's claims: split where a second claim begins (;  :  , and  but  लेकिन ...)."""
    return [c.strip(" ,") for c in _CLAUSE.split(sentence or "") if c and _TOKEN.search(c.lower())]


def claim(sentence: str) -> Claim:
    low = (sentence or "").lower().replace("’", "'")
    toks = _TOKEN.findall(low)
    neg = sum(1 for t in toks if t in NEGATION or t.endswith("n't")) + sum(1 for t in toks if t in DENIAL)
    duty = any(t in _DUTY for t in toks) or bool(_DUTY_PAIRS.search(low))
    perm = any(t in _PERMISSION or t in _CANNOT for t in toks)
    modal = "must" if duty else ("may" if perm else "")
    conds = frozenset(_CONDITION[t] for t in toks if t in _CONDITION)
    return Claim(negated=neg % 2 == 1, modal=modal, conditions=conds)


def strip_opener(sentence: str) -> str:
    """The sentence without a leading "Yes," / "No," / "हाँ," ... (never decided by the model). Only an
    opener set off by punctuation: "No woman shall be arrested" keeps its "No"."""
    out = _OPENER.sub("", sentence or "", count=1).strip()
    return out[:1].upper() + out[1:] if out and out[0].isascii() else out


_CUES = NEGATION | DENIAL | _PERMISSION | _DUTY | _CANNOT | frozenset(_CONDITION) | {"yes", "haan", "हाँ", "हां"}


# words that carry no claim: articles, pronouns, auxiliaries, prepositions (English, Roman Hindi)
_FUNCTION = frozenset(
    """
a an the and or of to in on at for by with as is are am be been being was were will would this that these
those it its he she they you your yours his her him their them my me i we our us do does did done there
here then than so such any some from into onto about also just very what which who whom whose how why
get gets got under upon per
ka ki ke ko mein me se par aur ya ne hai hain tha thi the ho hona hota hoti hote kya koi kuch yeh ye woh
wo is us
""".split()
)


# the name of an Act ("the Dowry Prohibition Act, 1961") names a law, it asserts nothing: a claim that
# only shares an Act's name with a sentence is not supported by it
_ACT_NAME = re.compile(r"\b(?:[A-Z][A-Za-z()]*\s+){1,7}(?:Act|Sanhita|Adhiniyam|Code)\b(?:,?\s+\d{4})?")


def _stems(text: str) -> set[str]:
    """The content stems of a claim (every word but function words and Act names), without the cue
    words whose agreement is checked on its own. No glossary mapping: "punishable" counts, unlike in
    retrieval."""
    text = _ACT_NAME.sub(" ", text or "")
    toks = _TOKEN.findall(text.lower().replace("’", "'"))
    words = {t for t in toks if t not in _FUNCTION and t not in HI_FUNCTION and len(t) > 1}
    return stems(words) - stems(_CUES)


def align(sentence: str, material: list[str]) -> Alignment:
    """The material sentence that best supports ``sentence``, and whether the two agree."""
    mine = _stems(sentence)
    best, best_support = "", 0.0
    for src in material:
        theirs = _stems(src)
        if not mine or not theirs:
            continue
        support = len(mine & theirs) / len(mine)
        if support > best_support:
            best, best_support = src, support
    c = claim(sentence)
    sc = claim(best) if best else Claim(False, "")
    a = Alignment(sentence, best, round(best_support, 3), c, sc)
    if not mine:
        a.problem = "makes no claim the material can support"
    elif best_support < MIN_SUPPORT:
        a.problem = f"adds a claim: only {best_support:.0%} of its words are in the material"
    elif c.negated != sc.negated:
        a.problem = f"inverts the rule: the material {sc.describe()}, the sentence {c.describe()}"
    elif c.modal != sc.modal:
        a.problem = f"changes the modality: the material {sc.describe()}, the sentence {c.describe()}"
    elif not c.conditions <= sc.conditions or (sc.conditions & RESTRICTIVE) - c.conditions:
        a.problem = f"changes the condition: the material {sc.describe()}, the sentence {c.describe()}"
    return a


_CITE_PREFIX = re.compile(r"^[^:]{0,40}\d[^:]{0,30}:\s")


def material_sentences(facts: list[str]) -> list[str]:
    out: list[str] = []
    for f in facts:
        # "Section 303 BNS: Theft is ..." -> the gist (the citation before it makes no claim)
        m = _CITE_PREFIX.match(f)
        body = f[m.end() :] if m else f
        for sent in sentences(body) or [body]:
            out.extend(clauses(sent) or [sent])
    return out


def material_units(facts: list[str]) -> list[tuple[str, frozenset[str]]]:
    """Each material claim with the provisions it is stated of: those its sentence names and the one
    its fact is headed by ("Section 303 BNS: ...")."""
    out: list[tuple[str, frozenset[str]]] = []
    for f in facts:
        m = _CITE_PREFIX.match(f)
        head = provision_ids(f[: m.end()]) if m else frozenset()
        body = f[m.end() :] if m else f
        for sent in sentences(body) or [body]:
            of = head | provision_ids(sent)
            out.extend((c, of) for c in (clauses(sent) or [sent]))
    return out


def check(text: str, facts: list[str]) -> MeaningVerdict:
    """Keep ``text`` (the model's short answer) only when every sentence says what the material says.

    A sentence that names a provision is aligned only to material stated of that provision: "Under
    Section 438 CrPC, a person can apply ..." where the material says "Under Section 482 BNSS ... Before
    1 July 2024 this was the law of Section 438 CrPC" states the rule of the wrong (replaced) provision."""
    units = material_units(facts)
    material = [u for u, _ in units]
    parts = [strip_opener(s) for s in sentences(text)]
    parts = [p for p in parts if p]
    alignments = []
    for p in parts:
        named = provision_ids(p)
        of = [u for u, prov in units if named <= prov] if named else material
        for c in clauses(p) or [p]:
            a = align(c, of)
            if named and not of:
                a.problem = "names a provision the material states no rule of: " + ", ".join(sorted(named))
            alignments.append(a)
    kept = bool(alignments) and not any(a.problem for a in alignments)
    return MeaningVerdict(kept=kept, text=" ".join(parts), alignments=alignments)


def is_yes_no(question: str) -> bool:
    return bool(_YES_NO_QUESTION.search(question or "")) or (question or "").strip().endswith(" kya?")


def yes_no(question: str, facts: list[str]) -> str | None:
    """ "yes" / "no" when a material claim restates the question (every content word of it, the same
    modality and conditions) and settles it by its polarity; None when the material does not settle it
    ("Is a second marriage valid?" against "... is void": "valid" is not in the material, so None)."""
    if not is_yes_no(question):
        return None
    q = claim(question)
    qs = _stems(question)
    if len(qs) < 2:
        return None
    votes = set()
    for src in material_sentences(facts):
        theirs = _stems(src)
        if not qs <= theirs:
            continue
        sc = claim(src)
        if sc.modal != q.modal or sc.conditions != q.conditions:
            continue
        votes.add("yes" if sc.negated == q.negated else "no")
    return votes.pop() if len(votes) == 1 else None
