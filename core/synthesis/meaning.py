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
* **support**: most of the claim's content words are in its source (nothing is added);
* **scope**: a claim may not state a rule more broadly than its source. When the best-supporting
  sentence restricts what the claim draws on (a qualifying clause: against ..., in respect of ...,
  where / when / if ..., in the case of ..., except / save / unless / only ..., within ..., subject to
  ..., without ..., who / which ...; an enumerated limb "(a) ..."; "Acts against which ..."; a proviso
  or "but only if ..." clause after it; their Hindi and Roman Hindi forms: अगर, जब, केवल, ... के सिवा,
  ... के विरुद्ध; agar, jab, tabhi jab, ... ke bheetar), the claim must carry that restriction's own
  content words (``core.synthesis.scope``). "There is no right of private defence" drawn from "there
  is no right of private defence,— (a) against an act which does not reasonably cause ..." is rejected
  as an inversion is: a dropped condition is a misstatement.

A claim that fails any of these is rejected and the whole short answer falls back to the floor's: a
half-kept short answer could still lead with the wrong sentence. The model's own "Yes," / "No," opener
is never kept (it restates the question's wording, not the law): it is removed before the check, so an
inversion through the opener is impossible by construction. ``yes_no`` decides an opener from the
material alone, and only when a material sentence restates the question with the same modality and
conditions and the question keeps its restrictions; otherwise there is none.

The check is deliberately stricter than meaning: a correct paraphrase that swaps "must register" for
"cannot refuse to register" is rejected too, and the verified floor's sentence stays. No model inside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.citations import provision_ids
from core.support import HI_FUNCTION, stems
from core.synthesis.scope import (
    CANNOT,
    CONDITION,
    CUES,
    DENIAL,
    DUTY,
    DUTY_PAIRS,
    FUNCTION,
    FWD_CUES,
    LIMB,
    NEGATION,
    PERMISSION,
    RTOK,
    TOKEN,
    dropped_restriction,
    match,
    opening_restriction,
)

_SENTENCE = re.compile(r"[^.!?।\n]+(?:[.!?।]+|\n|$)")
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
    return [s.strip() for s in _SENTENCE.findall(text or "") if s.strip() and TOKEN.search(s.lower())]


def clauses(sentence: str) -> list[str]:
    """A sentence's claims: split where a second claim begins (;  :  , and  but  लेकिन ...)."""
    return [c.strip(" ,") for c in _CLAUSE.split(sentence or "") if c and TOKEN.search(c.lower())]


def claim(sentence: str) -> Claim:
    low = (sentence or "").lower().replace("’", "'")
    toks = TOKEN.findall(low)
    neg = sum(1 for t in toks if t in NEGATION or t.endswith("n't")) + sum(1 for t in toks if t in DENIAL)
    duty = any(t in DUTY for t in toks) or bool(DUTY_PAIRS.search(low))
    perm = any(t in PERMISSION or t in CANNOT for t in toks)
    modal = "must" if duty else ("may" if perm else "")
    conds = frozenset(CONDITION[t] for t in toks if t in CONDITION)
    return Claim(negated=neg % 2 == 1, modal=modal, conditions=conds)


def strip_opener(sentence: str) -> str:
    """The sentence without a leading "Yes," / "No," / "हाँ," ... (never decided by the model). Only an
    opener set off by punctuation: "No woman shall be arrested" keeps its "No"."""
    out = _OPENER.sub("", sentence or "", count=1).strip()
    return out[:1].upper() + out[1:] if out and out[0].isascii() else out


# the name of an Act ("the Dowry Prohibition Act, 1961") names a law, it asserts nothing: a claim that
# only shares an Act's name with a sentence is not supported by it
_ACT_NAME = re.compile(r"\b(?:[A-Z][A-Za-z()]*\s+){1,7}(?:Act|Sanhita|Adhiniyam|Code)\b(?:,?\s+\d{4})?")


def _stems(text: str) -> set[str]:
    """The content stems of a claim (every word but function words and Act names), without the cue
    words whose agreement is checked on its own. No glossary mapping: "punishable" counts, unlike in
    retrieval."""
    text = _ACT_NAME.sub(" ", text or "")
    toks = TOKEN.findall(text.lower().replace("’", "'"))
    words = {t for t in toks if t not in FUNCTION and t not in HI_FUNCTION and len(t) > 1}
    return stems(words) - stems(CUES)


def align(
    sentence: str, material: list[str], contexts: dict[str, list[str]] | None = None, carried: str = ""
) -> Alignment:
    """The material sentence that best supports ``sentence``, and whether the two agree. ``contexts``:
    each material clause as its sentences restrict it (:func:`material_contexts`: "..., but only if ...",
    "If X, ...; ..."), which a claim of it must carry; ``carried``: the claim read the same way."""
    mine = _stems(sentence)
    best, best_support = "", 0.0
    tied: list[str] = []  # every material sentence that supports it as well as the best
    for src in material:
        theirs = _stems(src)
        if not mine or not theirs:
            continue
        support = len(mine & theirs) / len(mine)
        if support > best_support + 1e-9:
            best, best_support, tied = src, support, [src]
        elif best and abs(support - best_support) <= 1e-9:
            tied.append(src)
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
    elif _condition_changed(c, sc):
        a.problem = f"changes the condition: the material {sc.describe()}, the sentence {c.describe()}"
    else:
        # a rule stated more broadly than its source: the restriction of the best-supporting sentence that
        # the claim draws on must be in it. Where sentences support it equally, one that says the same
        # (polarity, modality, conditions) and that it drops nothing of is enough: "the accused must be
        # told the grounds of arrest" is what "A person being arrested must be told ... the grounds" says,
        # whatever "The person arrested without warrant must be told ..." restricts
        lost = ""
        for src in tied:
            same = claim(src)
            if (same.negated, same.modal) != (c.negated, c.modal) or _condition_changed(c, same):
                continue
            # the clause as each sentence that holds it restricts it
            dropped = [dropped_restriction(carried or sentence, ctx) for ctx in (contexts or {}).get(src, [src])]
            if not all(dropped):
                lost = ""
                break
            if not lost:
                lost, a.source = dropped[0], src
        if lost:
            a.problem = f"drops the restriction: the material says it {_short(lost)}, the sentence always"
    return a


def _condition_changed(c: Claim, sc: Claim) -> bool:
    return not c.conditions <= sc.conditions or bool((sc.conditions & RESTRICTIVE) - c.conditions)


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n].rsplit(" ", 1)[0] + " ..."


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


# a clause split off by one of these words, or a proviso after a colon, and led by a restriction, only
# restricts the clause before it: "... is an offence punishable with up to two years, but only if it was
# presented within six months ..."; "... jurmaana ya donon, par tabhi jab chek ..."
_ADVERSATIVE = frozenset("but lekin par parantu kintu लेकिन परंतु परन्तु किंतु किन्तु".split())
_PROVISO = frozenset("provided except save unless only subject परन्तु परंतु बशर्ते basharte sirf keval tabhi तभी केवल".split())


def _clauses_with_context(sentence: str) -> list[tuple[str, str]]:
    """Each clause of a sentence with what restricts it there: the condition the sentence opens with
    (or a clause joined to it by "and" / "और"), itself, and the clauses after it that only restrict it."""
    text = sentence or ""
    pieces: list[tuple[str, str]] = []  # (separator before it, clause)
    pos, sep = 0, ""
    for m in _CLAUSE.finditer(text):
        pieces.append((sep, text[pos : m.start()]))
        sep, pos = m.group(), m.end()
    pieces.append((sep, text[pos:]))
    pieces = [(sp.strip(" ,").lower(), c.strip(" ,")) for sp, c in pieces if c and TOKEN.search(c.lower())]
    # a condition that opens the sentence holds for all of it: "If the offence is bailable, say you are
    # ready to give bail; the police must release you on bail" (not: the police must always release you);
    # one that opens a clause holds for the clauses joined to it by "and" ("असाधारण परिस्थितियों के सिवा
    # किसी महिला को सूर्यास्त के बाद और सूर्योदय से पहले गिरफ्तार नहीं किया जाता")
    leads = [opening_restriction(c) for _sp, c in pieces]
    out: list[tuple[str, str]] = []
    held: list[str] = []
    for i, (sp, c) in enumerate(pieces):
        if i and sp in (";", ":"):
            held = [leads[0]] if leads[0] else []
        ctx = ", ".join([*held, c])
        if leads[i]:
            held.append(leads[i])
        for nsp, nxt in pieces[i + 1 :]:
            toks = RTOK.findall(nxt.lower())
            led = bool(toks) and (bool(match(toks, 0, FWD_CUES)) or bool(LIMB.fullmatch(toks[0])))
            if led and (nsp in _ADVERSATIVE or (nsp == ":" and toks[0] in _PROVISO)):
                ctx += ", " + nxt
            else:
                break
        out.append((c, ctx))
    return out


def material_contexts(facts: list[str]) -> dict[str, list[str]]:
    """Each material clause -> itself with what restricts it, once for each sentence it is in."""
    out: dict[str, list[str]] = {}
    for f in facts:
        m = _CITE_PREFIX.match(f)
        body = f[m.end() :] if m else f
        for sent in sentences(body) or [body]:
            for c, ctx in _clauses_with_context(sent):
                if ctx not in out.setdefault(c, []):
                    out[c].append(ctx)
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
    contexts = material_contexts(facts)
    parts = [strip_opener(s) for s in sentences(text)]
    parts = [p for p in parts if p]
    alignments = []
    for p in parts:
        named = provision_ids(p)
        of = [u for u, prov in units if named <= prov] if named else material
        for c, ctx in _clauses_with_context(p) or [(p, p)]:
            a = align(c, of, contexts, ctx)
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
    contexts = material_contexts(facts)
    for src in material_sentences(facts):
        theirs = _stems(src)
        if not qs <= theirs:
            continue
        sc = claim(src)
        if sc.modal != q.modal or sc.conditions != q.conditions:
            continue
        if all(dropped_restriction(question, ctx) for ctx in contexts.get(src, [src])):
            continue  # the material says it only of a narrower case than the question asks
        votes.add("yes" if sc.negated == q.negated else "no")
    return votes.pop() if len(votes) == 1 else None
