"""Direct questions about the law itself (issue 19): "punishment for murder", "IPC 420 is now which section".

``candidates`` gathers every provision the question may be about, with the features the learned scorer
reads (core.provision_rank); ``about`` decides whether the question is about the law at all and which
provisions it is about: primary (the code in force first unless a date says otherwise) and supporting
(old-code equivalents, then the next candidates). ``core.retrieve.Retriever.direct`` runs it over the
provision index (core.provisions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core import numbered
from core.citations.acts import acts_named
from core.defined import defining
from core.direct_beyond import (
    _ASKS,
    _CLAUSES,
    POINT_MIN,
    PROBLEM_FIRM,
    STRONG_MIN,  # noqa: F401  (core.unheld_gate reads it here)
    _asks_within,
    _problem_law,
    _strong,
    _sure_beyond,
    _time_beyond,
    _told_point,
)
from core.provision_rank import score as rank_score
from core.provisions import (
    NEW_CODES,
    OLD_CODES,
    is_situation,
    question_types,
    toks,
)
from core.stages import ProblemMatch
from core.temporal import CodeChoice

DIRECT_PRIMARY, DIRECT_SUPPORT = 3, 3  # provisions a direct answer names first, and beside them
DIRECT_MIN = 0.45  # scorer output the best provision needs for the question to be answered as about it
DIRECT_UNASKED_MIN = 0.7  # ... when nothing in the question asks for the law (no type, no section named)
DIRECT_SHARE = 0.75  # another provision is named first beside it when it scores this share of the best
DIRECT_SUPPORT_MIN = 0.6  # ... and is shown beside them (supporting) at this score and DIRECT_SUPPORT_SHARE of the best
DIRECT_SUPPORT_SHARE = 0.6
POINT_LEAD = 2  # a question's point within a problem's law (core.direct_beyond.POINT_MIN): at most this many lead
_GENERIC_HEADS = {"definitions", "definition", "short title, extent and commencement", "repeal and savings"}
LAW_ASKING = frozenset({"which", "punishment", "what_says", "renumbered"})  # types that ask for the law itself


def _generic(title: str) -> bool:
    """A heading every Act has ("Definitions", "Short title, extent and commencement"): it names no subject."""
    return title.strip().lower().rstrip(".") in _GENERIC_HEADS


@dataclass
class Direct:
    """A question about the law itself (issue 19): the provisions it is about, most likely first."""

    types: list[str]
    primary: list[str]  # at most DIRECT_PRIMARY, the code in force first unless a date says otherwise
    supporting: list[str]  # at most DIRECT_SUPPORT: old-code equivalents, then the next candidates
    equivalents: dict[str, list[str]] = field(default_factory=dict)  # primary id -> its old/new counterparts
    scores: dict[str, float] = field(default_factory=dict)
    with_problem: bool = False  # a situation that also asks for the law: the problem's steps come too

    @property
    def ids(self) -> list[str]:
        return list(dict.fromkeys(self.primary + self.supporting))


# "if someone attacks me, can I hit back", "agar koi ghar mein ghus aaye to kya main ...": a case put, not a story told
_HYPOTHETICAL = re.compile(r"^\s*(?:if|suppose|agar|yadi)\b|^\s*(?:अगर|यदि|मान लीजिए)", re.I)


# "can my father leave his share to one son by a will?", "kya mere pati mujhe ghar se nikal sakte hain": one
# clause opening with a modal asks what the law allows, whoever it is about
_MODAL_ASK = re.compile(r"^\s*(?:can|could|may|is|are|does|do|should|must)\b|^\s*kya\b|^\s*क्या", re.I)


def _told(question: str) -> bool:
    """The asker tells their own situation: speaks of themselves ("my", "mera", "मेरी") and does not put a case
    or ask, in one clause opening with a modal, what the law allows."""
    q = question or ""
    asked = _MODAL_ASK.search(q) and len([c for c in _CLAUSES.split(q) if c.strip()]) == 1
    return is_situation(q) and not _HYPOTHETICAL.search(q) and not asked


def _story(question: str) -> bool:
    """A story rather than a question about the law: nothing in it asks (``_ASKS``), or the asker tells their own
    situation (``_told``)."""
    return not _ASKS.search(question or "") or _told(question)


def tells_situation(question: str) -> bool:
    """The asker tells their own situation ("my", "mera", "मेरी") and asks for no law by name."""
    return is_situation(question) and not set(question_types(question)) & LAW_ASKING


def names_legal_relation(idx, text: str) -> bool:
    """The question speaks of a legal relation (the provision index's scope words); False when it cannot say."""
    try:
        return idx.names_legal_relation(text)
    except Exception:
        return False


# the old and the new code of one subject are one family: "under the BNS" asks what the IPC also had
_FAMILY = {"IPC": "BNS", "CRPC": "BNSS", "IEA": "BSA"}
_CONSTITUTION = re.compile(r"\bconstitution\b|\bsamvidhan\b|संविधान", re.I)


def _family(act: str) -> str:
    return _FAMILY.get(act, act)


def acts_asked(question: str) -> set[str]:
    """The Acts (by family) a question names: "under the Sakshya Adhiniyam" (BSA), "IT act me" (ITA),
    "constitution ke kis article" (COI)."""
    fams = {_family(a) for a in acts_named(question)}
    if _CONSTITUTION.search(question or ""):
        fams.add("COI")
    return fams


def candidates(idx, question: str, hint: str, rankings: dict) -> dict[str, dict]:
    """Every candidate provision of a direct question with the features core.provision_rank scores."""
    entries = idx.entries
    types = set(question_types(question))
    asked = acts_asked(question)
    found = idx.search(question, hint)
    matches = {m.id: m for m in found}
    index_rank = {m.id: 1.0 / (1.0 + r / 2.0) for r, m in enumerate(found)}

    def rr(name: str, n: int = 15) -> dict[str, float]:
        out: dict[str, float] = {}
        for r, (nid, _) in enumerate(rankings.get(name, [])[:n]):
            out.setdefault(nid, 1.0 / (1.0 + r / 3.0))
        return out

    ft, vec, nv = rr("fulltext"), rr("vector"), rr("names")
    gl = {n for n, _ in rankings.get("glossary", [])}
    # the sections the question's numbers are (core.numbered): named with their code, read as one, or bare
    nums = numbered.read(
        idx, question, hint, {n for n, _ in rankings.get("explicit", [])}, [n for n, _ in rankings.get("problem", [])]
    )
    named, bare, succ = nums.named, nums.bare, nums.succ
    prob = {n for n, _ in rankings.get("problem", [])[:6]}
    # a question that names its Act ("under the BSA can a person be convicted on an accomplice's word")
    # also brings that Act's best provisions by text and vectors, beyond the first few of every Act
    in_asked: set[str] = set()
    codes = entries_acts(asked)
    for name in ("fulltext", "vector", "names"):
        mine = [n for n, _ in rankings.get(name, [])[:40] if n.split(":", 1)[0] in codes]
        in_asked |= set(mine[:5])
    cands = (
        set(list(matches)[:20])
        | set(list(ft)[:8])
        | set(list(vec)[:8])
        | set(list(nv)[:8])
        | gl
        | named
        | succ
        | bare
        | prob
        | in_asked
    )
    out: dict[str, dict] = {}
    for nid in cands:
        e = entries.get(nid)
        m = matches.get(nid)
        # a "Definitions" section is a candidate only by name, or by a specific people-name of what it
        # defines said in full ("live-in relationship": PWDVA 2, domestic relationship), never by one
        # ordinary word it defines ("document", "woman")
        generic = e is not None and _generic(e.title)
        if e is None or (nid not in named and generic and not (m and m.alias_full >= 0.8)):
            continue
        kind = e.kind or ""
        kind_match = (
            ("punishment" in types or "is_offence" in types)
            and (kind == "offence" or e.title.lower().startswith("punish"))
        ) or ("rights" in types and (kind == "right" or e.act == "COI"))
        out[nid] = {
            "alias_cov": m.alias_cov if m else 0.0,
            "alias_full": min(2.0, m.alias_full) if m else 0.0,
            "head_cov": m.head_cov if m else 0.0,
            "head_full": float(bool(m) and m.head_cov >= 0.999),
            "index_rank": index_rank.get(nid, 0.0),
            "old_cov": m.old_cov if m else 0.0,
            "q_cov": m.q_cov if m else 0.0,
            # not scored (core.provision_rank reads only its FEATURES): what the unasked path checks
            "shared": float(m.shared) if m else 0.0,
            "q_words": float(m.q_words) if m else 0.0,
            "fulltext": ft.get(nid, 0.0),
            "vector": vec.get(nid, 0.0),
            "names_vec": nv.get(nid, 0.0),
            "glossary": float(nid in gl),
            "explicit": float(nid in named),
            "successor": float(nid in succ),
            "bare_number": float(nid in bare),
            "new_code": float(e.act in NEW_CODES),
            "old_code": float(e.act in OLD_CODES),
            "kind_match": float(bool(kind_match)),
            "problem": float(nid in prob),
            "article": float(e.act == "COI"),
            "act_asked": float(_family(e.act) in asked),
            "other_act": float(bool(asked) and _family(e.act) not in asked),
        }
    return out


def _said_by(idx, question: str, hint: str, chosen: list[str]) -> set[str]:
    """The question's words the chosen provisions' names say (core.provisions explained)."""
    return {t for n in chosen for t in idx.explained(n, question, hint)}


def _adds_nothing(idx, question: str, hint: str, n: str, chosen: list[str], said: set[str]) -> bool:
    """A next candidate of another Act than every chosen provision's, an Act the question does not name, whose
    names say no word of the question the chosen ones do not: "the man who owes me money lives in another
    city, in which court do i file" is CPC s.20; PWDVA s.27 (jurisdiction of a domestic violence case) says
    only "jurisdiction", "lives", "file", which s.20 says too, and is no law of this question. An article of the
    Constitution stays: it is the ground a statute's right stands on (Art. 39A beside legal aid at state expense)."""
    fam = _family(n.split(":", 1)[0])
    if fam == "COI" or fam in {_family(c.split(":", 1)[0]) for c in chosen} or fam in acts_asked(question):
        return False
    return not (idx.explained(n, question, hint) - said)


def entries_acts(fams: set[str]) -> set[str]:
    """The codes of the Acts in these families (BNS -> BNS and IPC)."""
    return set(fams) | {old for old, new in _FAMILY.items() if new in fams}


def _point(
    idx, question: str, types: list[str], feats: dict, scores: dict, rankings: dict, titles: str = "", hint: str = ""
) -> Direct | None:
    """A question inside a recognised problem's law that asks one point of it ("can the directors be
    prosecuted for the company's bounced cheque": NI Act s.141; "what counts as domestic violence":
    PWDVA s.3): the provisions the scorer finds best (at most POINT_LEAD) lead, the problem's law and
    steps after them. A story ("my husband beats me, what can I do" wants the problem's remedies first)
    has a point only as core.direct_beyond._told_point says; only provisions of an Act the problem's own law is in, and only ones
    named the way people name them (the index, not full text or vectors alone), in two words or more
    ("bail" alone names the bail problem, not a point of it). A provision outside the problem's own law
    must say a word of the question beyond the problem's title: "police arrest" (BNSS 35, "when police
    can arrest") is the arrest problem itself, not a point of it ("after sunset": BNSS 43)."""
    # a story that also asks ("bhai ne hi papa ka khoon kar diya, kya ab bhi usko jaydad me hissa milega":
    # HSA s.25, not the succession problem's shares) has a point only where one provision is told by a
    # people-name in full, beyond the problem's own law (_told_point)
    story = _story(question)
    if story and not _asks_within(question):
        return None
    own = _problem_law(rankings)
    acts = {n.split(":", 1)[0] for n in own}
    title = set(toks(titles))
    beyond = title | {t for n in own for t in idx.explained(n, question, hint)}
    ranked = sorted(scores, key=lambda n: (-scores[n], n))
    top = scores[ranked[0]]
    lead: list[str] = []
    for n in ranked:
        f = feats[n]
        if scores[n] < max(POINT_MIN, DIRECT_SHARE * top) or len(lead) == POINT_LEAD:
            break
        if (
            # a story's one point may lie in another Act than its problem's law when the scorer puts it first
            # and it is told in full (_told_point): "wife ne pati ka qatl kar diya, kya use pati ki jaydad
            # milegi" is HSA s.25 beside the murder problem
            (n.split(":", 1)[0] not in acts and not (story and n == ranked[0]))
            or max(f["alias_cov"], f["head_cov"]) < 0.5
            # a point is said in two words or more: one ("bail") is the problem itself, not a point of it,
            # unless that one word is a people-name said in full that the problem's title does not say ("a
            # will" in a question of Hindu succession: HSA s.30)
            or (f["shared"] < 2 and (f["alias_full"] <= 0 or not idx.explained(n, question, hint) - title))
            or (not f["problem"] and not idx.explained(n, _CODE_NAME.sub(" ", question), hint) - title)
            or (story and not _told_point(idx, question, hint, n, f, scores, own, beyond))
        ):
            continue
        lead.append(n)
    if not lead:
        return None
    return Direct(
        types=types, primary=lead, supporting=[], scores={n: round(scores[n], 4) for n in lead}, with_problem=True
    )


# the words that name a code itself ("under the new criminal procedure code") say no point of it: BNSS
# s.36, "procedure of arrest", is not what "where is bail before arrest in the criminal procedure code" asks
_CODE_NAME = re.compile(
    r"\b(?:(?:code\s+of\s+)?criminal\s+procedure(?:\s+code)?|(?:indian\s+)?penal\s+code|evidence\s+act|"
    r"nagarik\s+suraksha\s+sanhita|nyaya\s+sanhita|sakshya\s+adhiniyam)\b",
    re.I,
)
_ASKS_ARTICLE = re.compile(r"\barticles?\b|\banu?chh?e?d\b|अनुच्छेद", re.I)
_SAYS_SECTION = re.compile(r"\bsections?\b|\bdhara\b|धारा|\bsec\.|\bs\.\s?\d", re.I)


def says_section(question: str) -> bool:
    """The question asks for a section (of an Act), not an article."""
    return bool(_SAYS_SECTION.search(question or ""))


ARTICLE_ASKED = 0.9  # a section's score beside an article when the question asks for an article
DEFINITION_ASIDE = 0.8  # a Definitions section's score when the question does not ask what a word means
_MEANING = re.compile(
    r"\b(?:who|what)\s+(?:is|are)\s+(?:a|an|the)?\b|\bmeaning\b|\bmeans?\b|\bdefin\w*|\bwho\s+counts\b|"
    r"\bmatlab\b|\bkise\s+kehte\b|\bkaun\s+(?:hai|hota|hoti|hote)\b|\bkya\s+(?:hota|hoti)\s+hai\b|"
    r"किसे\s+कहते|मतलब|परिभाषा|कौन\s+(?:है|होता|होती)|क्या\s+(?:होता|होती)\s+है",
    re.I,
)


def _defined_first(types: list[str], defs: list[str], scores: dict, with_problem: bool) -> Direct:
    """The provision that defines what the question asks whether this is, alone first (core.defined)."""
    top = max(scores.values(), default=1.0)
    return Direct(
        types=types, primary=defs, supporting=[], scores={n: round(top, 4) for n in defs}, with_problem=with_problem
    )


HEADING_TOLD = 3  # a story that says all of one provision's heading in this many words or more tells that offence


def _heading_told(idx, question, hint, types, feats, scores, rankings, problems) -> Direct | None:
    """A story (no question) that says one provision's whole heading while the problems it evokes are weak
    (below PROBLEM_FIRM): "they are threatening my witness to lie in court or else they will harm his family"
    is BNS s.232 (threatening any person to give false evidence), before the criminal-threats problem's law.
    Its names say HEADING_TOLD words of the question itself, not of the search hint alone ("eyewitness"
    brings "oral direct evidence", BSA s.55's heading), one beyond the problems' titles; DIRECT_MIN; not
    one of the problems' own provisions."""
    if types or max(p.score for p in problems) >= PROBLEM_FIRM:
        return None
    title = set(toks(" ".join(p.title for p in problems)))
    told = {
        n: len(own)
        for n, f in feats.items()
        if f["head_full"] >= 1.0
        and scores[n] >= DIRECT_MIN
        and n not in _problem_law(rankings)
        and len(own := idx.explained(n, question)) >= HEADING_TOLD
        and own - title
    }
    # the heading said in the most words: "punishment for false evidence" (BNS s.229) is said in two of them
    ranked = sorted(told, key=lambda n: -told[n])
    if not ranked or (len(ranked) > 1 and told[ranked[1]] >= told[ranked[0]]):
        return None
    n = ranked[0]
    return Direct(types=types, primary=[n], supporting=[], scores={n: round(scores[n], 4)}, with_problem=True)


def about(
    idx, question: str, hint: str, rankings: dict, choice: CodeChoice | None, problems: list[ProblemMatch]
) -> Direct | None:
    """The provisions a question about the law is about, or None when it is not one (or none scores)."""
    types = question_types(question)
    if "how" in types and not names_legal_relation(idx, question + " " + hint):
        # "how can I lose weight fast" asks a way through life, not through the law
        types.remove("how")
    feats = candidates(idx, question, hint, rankings)
    if not feats:
        return None
    scores = {n: rank_score(f) for n, f in feats.items()}
    if _ASKS_ARTICLE.search(question) and not says_section(question):
        # "which article ...": the Constitution's article leads the Act's section on the same subject
        # ("बंधुआ मजदूरी पर रोक किस अनुच्छेद में": Art. 23 before BNS s.146, unlawful compulsory labour);
        # an article the scorer finds at all (DIRECT_MIN) leads every section, which keep their order
        # beside it ("which article says an arrested person goes before a magistrate in 24 hours": Art.
        # 22, then BNSS s.58)
        art = max((v for n, v in scores.items() if n.startswith("COI:")), default=0.0)
        sec = max((v for n, v in scores.items() if not n.startswith("COI:")), default=0.0)
        factor = ARTICLE_ASKED
        if art >= DIRECT_MIN and sec * ARTICLE_ASKED >= art:
            factor = 0.99 * art / sec
        scores = {n: s if n.startswith("COI:") else s * factor for n, s in scores.items()}
    if not _MEANING.search(question):
        # a Definitions section says what a word means: it leads only a question asking that ("who is a
        # senior citizen"), not "how does a senior citizen apply for maintenance" (MWPSC s.5)
        scores = {
            n: s * DEFINITION_ASIDE if (e := idx.entries.get(n)) and _generic(e.title) else s for n, s in scores.items()
        }
    named = [n for n, f in feats.items() if f["explicit"]]
    if "renumbered" in types:
        # "438 ab BNSS mein kya hai": the old code's section of a number said bare is the one named
        named += [
            n for n, f in feats.items() if f["bare_number"] and n.split(":", 1)[0] in OLD_CODES and n not in named
        ]
    law_asking = bool(set(types) & LAW_ASKING) or bool(named) or any(f["bare_number"] for f in feats.values())
    situation = _told(question)
    entries = idx.entries
    regime = choice.regime if choice and choice.event_date else "both"
    # "he slaps me and takes my salary, is that domestic violence": the provision that defines what the
    # question asks whether this is comes first (core.defined), the problem's law and steps after it
    defs = defining(idx, question, regime)[:1]
    if defs and problems and not law_asking:
        return _defined_first(types, defs, scores, bool(problems))
    if problems and not law_asking:
        # a situation: the problem's own law answers it, unless the question asks one point of that law
        point = _point(idx, question, types, feats, scores, rankings, " ".join(p.title for p in problems), hint)
        best = max(scores, key=lambda n: (scores[n], n))
        beyond = (
            _strong(idx, question, hint, best, feats, scores, rankings, problems)
            or _sure_beyond(idx, question, hint, best, types, scores, rankings, problems)
            or _time_beyond(question, best, scores, rankings, problems)
        )
        # a point a story tells (core.direct_beyond._told_point) that is also beyond weak problems answers
        # alone: "police wrote down my statement as a witness, must I sign" (BNSS s.181, summons at 0.3)
        told = not _ASKS.search(question or "") or situation
        if (point is not None and best in point.primary and not (told and beyond)) or not beyond:
            return point or _heading_told(idx, question, hint, types, feats, scores, rankings, problems)
        # or it names one provision in full, beyond what its problem is called ("can someone be convicted
        # on the evidence of an accomplice": BSA s.138, not the appeal problem it evokes)
        law_asking = True
        if max(p.score for p in problems) < PROBLEM_FIRM:
            problems = []
    if named and (types or not problems or situation):
        # what the question names is what it is about, whatever the scorer makes of its words (and in a
        # story that names a section, "my son is booked under section 109 BNS, how does he get bail", the
        # section leads and the problem's steps follow it): a
        # provision in force leads as named; a named old-code section leads with what replaced it
        # (unless a date keeps the old code), the named one beside it
        lead = max(scores.values()) + 1.0
        for n in named:
            e = entries.get(n)
            succ = e.new if e and n.split(":", 1)[0] in OLD_CODES and regime != "old" else []
            for s_id in succ:
                if s_id in scores:
                    scores[s_id] = max(scores[s_id], lead)
            scores[n] = max(scores[n], lead - (0.5 if succ else 0.0))
    ranked = sorted(scores, key=lambda n: (-scores[n], n))
    top = scores[ranked[0]]
    if defs and (top < DIRECT_MIN or not (types or law_asking)):
        return _defined_first(types, defs, scores, bool(problems) and situation)
    if top < DIRECT_MIN or not (types or law_asking or not problems):
        return None
    if not (types or law_asking):
        # nothing in the question asks for the law: only a provision it names the way people name it
        # (not one that full text or vectors happen to find) is what it is about
        # and the name must be most of what the question says, or a specific one, or the question
        # must speak of a legal relation: a people-name can rest on one ordinary word ("in camera"
        # -> camera, "section 144" -> 144) that an everyday question shares ("which smartphone has
        # the best camera", "the square root of 144"), while "stalking" or "mob lynching" alone
        # is a question about that law
        # one shared word decides only when it is the provision's whole heading ("is snatching a
        # crime"), all the question says ("stalking"), or a people-name said in full that is most of
        # the question ("fine for overspeeding"): "what is 144 divided by 12" shares one heading
        # word ("divided": BNSS 433, judges equally divided) and one people-name number ("section
        # 144": BNSS 163) with the law, and is arithmetic
        best = feats[ranked[0]]
        said = best["q_cov"] >= 0.5 or best["alias_full"] >= 1.0
        alone = (
            best.get("shared", 0.0) >= 2
            or best["head_full"] >= 1.0
            or best["q_cov"] >= 0.999
            or (best["alias_full"] > 0 and best["q_cov"] >= 0.5)
        )
        if (
            top < DIRECT_UNASKED_MIN
            or max(best["alias_cov"], best["head_cov"]) < 0.5
            or not alone
            or not (said or names_legal_relation(idx, question + " " + hint))
            # a story no problem was recognised in ("police took my son from home last night and are not
            # telling us anything"): one provision is what it is about only when its name is most of it
            or (situation and not said)
        ):
            return None
    chosen: list[str] = []
    for n in ranked:
        if scores[n] < max(DIRECT_MIN, DIRECT_SHARE * top) or len(chosen) >= DIRECT_PRIMARY:
            break
        code = n.split(":", 1)[0]
        e = entries.get(n)
        # the code in force today leads unless a date says the old one governs
        if regime != "old" and code in OLD_CODES and e and e.new and not feats[n]["explicit"]:
            n = sorted(e.new, key=lambda x: -scores.get(x, 0.0))[0]
        elif regime == "old" and code in NEW_CODES and e and e.old:
            n = sorted(e.old, key=lambda x: -scores.get(x, 0.0))[0]
        if n not in chosen:
            chosen.append(n)
    chosen = list(dict.fromkeys(defs + chosen))[:DIRECT_PRIMARY]
    renumbering = False
    if "renumbered" in types or (named and any(entries[x].new for x in named if x in entries)):
        # "IPC 420 is now which section": the successor leads, the named old section beside it
        succ = [n for n in ranked if feats.get(n, {}).get("successor")]
        # a new-code section named beside it leads it: "booked under 109" read both ways (core.numbered) is first
        # BNS s.109, the code a case is registered under today, then IPC s.109's successor (BNS s.49)
        now = [n for n in chosen if feats[n]["explicit"] and n.split(":", 1)[0] in NEW_CODES]
        if succ and regime != "old":
            chosen = list(dict.fromkeys(now + succ[:2] + chosen))[:DIRECT_PRIMARY]
        if succ and regime != "old" and "renumbered" in types:
            # "new section number for 498A" asks only what the number is now: its successors, and the
            # old section beside them (its equivalent), not what else the scorer finds (BNSS s.220)
            chosen = list(dict.fromkeys(succ + [n for n in chosen if n.split(":", 1)[0] not in OLD_CODES]))
            chosen = [n for n in chosen if n in succ or feats[n]["explicit"]][:DIRECT_PRIMARY]
            renumbering = True
    equivalents: dict[str, list[str]] = {}
    support: list[str] = []
    for n in chosen:
        e = entries.get(n)
        if not e:
            continue
        other = e.old if n.split(":", 1)[0] in NEW_CODES else e.new
        head = set(toks(e.title)) | set(toks(question))
        # the old section the question names ("IPC 420 ab kaunsa section hai") is the equivalent
        # shown, before the others the new section also replaced (IPC 415 beside BNS 318)
        # a punishment asked ("चोरी की सज़ा") is the old code's punishing section (IPC 379), not its
        # definition (IPC 378), when the new section holds both
        # and the words of the question come before the new section's heading: "the jail term for making fake
        # currency notes" is IPC 489A beside BNS s.178, not IPC 255 (Government stamps) that s.178 also replaced
        punish = "punishment" in types
        asked = set(toks(question))
        other = sorted(
            other,
            key=lambda o: (
                (
                    o not in named,
                    -(punish and entries[o].title.lower().startswith("punish")),
                    -len(asked & set(toks(entries[o].title))),
                    -len(head & set(toks(entries[o].title))),
                    o,
                )
                if o in entries
                else (o not in named, 0, 0, 0, o)
            ),
        )
        if other:
            equivalents[n] = other[:2]
            if regime == "both" or (regime == "new" and n.split(":", 1)[0] in OLD_CODES):
                support += [o for o in other[:1] if o not in chosen]
    said = _said_by(idx, question, hint, chosen)
    for n in [] if renumbering else ranked:
        if len(support) >= DIRECT_SUPPORT:
            break
        if n in chosen or n in support or scores[n] < max(DIRECT_SUPPORT_MIN, DIRECT_SUPPORT_SHARE * top):
            continue
        code = n.split(":", 1)[0]
        if regime == "new" and code in OLD_CODES or regime == "old" and code in NEW_CODES:
            continue
        if _adds_nothing(idx, question, hint, n, chosen, said):
            continue
        support.append(n)
    return Direct(
        types=types,
        primary=chosen,
        supporting=list(dict.fromkeys(support))[:DIRECT_SUPPORT],
        equivalents=equivalents,
        scores={n: round(scores[n], 4) for n in ranked[:12]},
        with_problem=bool(problems) and situation,
    )
