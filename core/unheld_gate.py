"""The gate for law the graph does not hold (issue 19): whether a question is about an Act NyayaPath does
not hold (POCSO, RTI, the Juvenile Justice Act ...), so that the Act is named and the person routed with no
citation, and, where a special Act governs a situation whatever held offence it names (a child victim, a
child accused), which pack problem leads. Run by ``core.retrieve.Retriever.retrieve``; the Acts and their
key terms are the provision index's (``core.provisions``, ``provision_names.json``: ``not_held``)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from core.direct import (
    DIRECT_MIN,
    DIRECT_UNASKED_MIN,
    LAW_ASKING,
    STRONG_MIN,
    Direct,
    acts_asked,
    entries_acts,
    says_section,
)
from core.problem_layer import ProblemData
from core.problems import MAX_PROBLEMS, ProblemInfo
from core.provisions import NEW_CODES, OLD_CODES, bare_numbers, named_ids
from core.stages import ProblemMatch
from core.unheld_negation import negation_lost

log = logging.getLogger(__name__)

# a question asking which law (Act) governs, as against whether something is allowed
_ASKS_WHICH_LAW = re.compile(
    r"\b(?:which|what|kaun\s?sa|kaun\s?si|konsa|konsi|kis|kya)\s+(?:\w+\s+){0,2}(?:law|laws|act|acts|kanoon|kanun|qanoon|"
    r"niyam)\b|(?:कौन|किस|क्या)\s*(?:सा|सी|से)?\s*(?:\S+\s+){0,2}(?:कानून|क़ानून|अधिनियम|एक्ट|नियम)",
    re.I,
)


# the forums of unheld Acts whose matter is civil: whether something is an offence is held criminal law's
CIVIL_ROUTES = frozenset(
    {"consumer_commission", "labour_commissioner", "civil_court", "rent_controller", "family_court"}
)


def unheld_hit(idx, question: str, hint: str = ""):
    """``ProvisionIndex.unheld_hit``, less a cue said only as the bare words of a phrase whose meaning hangs on
    a negation ("salary not given" said as "salary": ``core.unheld_negation``) where the question says no
    negation and none of the Act's subjects in key terms: "can my husband take my salary" is no unpaid wage."""
    hit = idx.unheld_hit(question, hint)
    if negation_lost(hit, question, hint):
        said = idx.terms.said(question + " " + hint)
        if not any(_subject_said(s, said) for s in hit.act.subjects):
            return None
    return hit


def held_answers(direct: Direct | None, question: str = "") -> bool:
    """A question that asks for the law (which section or article, the punishment, what a section says)
    and whose best held provision the scorer is sure of (core.direct.STRONG_MIN)."""
    if direct is None or direct.with_problem or not direct.primary:
        return False
    # the Constitution is held whole: an article the scorer finds well (DIRECT_UNASKED_MIN) is the law asked
    # for ("which article of the constitution forbids discrimination because of caste": Art. 15), not an
    # unheld Act its subject's words evoke; "which section applies if someone insults me by my caste" asks
    # for an Act's section, and the Atrocities Act is not held
    article = direct.primary[0].startswith("COI:") and not says_section(question)
    sure = DIRECT_UNASKED_MIN if article else STRONG_MIN
    return bool(set(direct.types) & LAW_ASKING) and direct.scores.get(direct.primary[0], 0.0) >= sure


def held_named(idx, direct: Direct | None, question: str, hint: str, hit) -> bool:
    """The question names held law in full: the people-name or heading of the provision the scorer puts
    first and is sure of (core.direct.STRONG_MIN), in two words or more, while the unheld Act was evoked
    only in the key terms of one of its subjects (``UnheldHit.by_terms``), none it governs whatever held
    law is named beside it (``Subject.over_offences``): "govt is taking my farm land for a highway, is
    right to property still there" asks of Art. 300A, though its words say the Land Acquisition Act's
    subject too."""
    if direct is None or direct.with_problem or not direct.primary:
        return False
    best = direct.primary[0]
    e = idx.entries.get(best)
    if (
        e is None
        or direct.scores.get(best, 0.0) < STRONG_MIN
        or _says_over(hit.act, idx.terms.said(question + " " + hint))
    ):
        return False
    said = idx._said(question, hint)
    return any(n.field in ("alias", "head") and len(n.toks) >= 2 and all(t in said for t in n.toks) for n in e.names)


def article_states(idx, direct: Direct | None, question: str, hint: str, hit) -> bool:
    """Does a held article state in terms what the unheld Act's cue phrase asks, the Act not named as written?
    "is education free for kids by law" says "free education", a cue of the Right to Education Act whose
    title words it shares (``names_act``), and Art. 21A, which the scorer puts first, is known by "free
    education for children": the article answers, and ``beside`` names the Act beside it. Only a cue phrase
    counts, every word of it inside one people-name or the heading of the article: a subject said in key terms
    ("How many hours a day can a factory worker be made to work": the Factories Act's working hours; the
    nephew at work in a factory: the child labour law) keeps its Act, whatever article its words evoke."""
    if direct is None or direct.with_problem or not direct.primary or hit.by_terms:
        return False
    lead = direct.primary[0]
    if not lead.startswith("COI:") or direct.scores.get(lead, 0.0) < DIRECT_UNASKED_MIN:
        return False
    if idx._title_said(hit.act, question, hint):
        return False  # "RTE", "Right to Education Act" as written: the question is the Act's
    cue, e = set(hit.cue), idx.entries.get(lead)
    return e is not None and any(n.field in ("alias", "head") and cue <= set(n.toks) for n in e.names)


def held_offence_governs(idx, direct: Direct | None, question: str, hint: str, hit) -> bool:
    """A question that asks for an offence or its punishment ("which section", "what offence is that", "what
    is the punishment") whose best held provision (core.direct's scorer, at least DIRECT_MIN) is an offence
    that speaks to it, where the unheld Act was only evoked: by the key terms of one of its subjects (soft,
    ``UnheldHit.by_terms``: "her pregnancy was terminated without her agreeing" says the MTP Act's subject
    in words, and BNS s.89, causing miscarriage without the woman's consent, is the offence), or by words
    every one of which the offence's own names say, or by a cue phrase whose words are only scattered over the
    question (``_said_together``) ("driving after taking drugs": MVA s.185 names the drugs;
    "online material showing children in sexual acts": IT Act s.67B names the children and the sexual act,
    so it is no held offence beside POCSO's subject but that subject itself). Not when the question names
    the Act as written or asks which law or Act governs; a subject the Act governs whatever held offence is
    named beside it (``Subject.over_offences``) yields only to an offence whose names say all of it.
    A question whether something is an offence ("ये कितना बड़ा अपराध है", "is it a crime") asks for the
    held offence too where the unheld Act is one whose matter a civil forum decides (``CIVIL_ROUTES``: a
    consumer commission, a labour office, a civil or family court) and was evoked only in its subject's key
    terms: "दुकान पर नकली नोट चला दिया, ये कितना बड़ा अपराध है" says the Consumer Protection Act's fake
    goods at a shop, and BNS s.178-179 (counterfeit currency notes) is what is asked; "दहेज मांग रहे हैं, क्या
    ये अपराध है" stays the Dowry Prohibition Act's, a penal Act."""
    types = set(direct.types) if direct is not None else set()
    if direct is None or not direct.primary or not types & {"which", "punishment", "is_offence"}:
        return False
    if not types & {"which", "punishment"} and not (hit.by_terms and hit.act.route in CIVIL_ROUTES):
        return False
    if _ASKS_WHICH_LAW.search(question + " " + hint):
        return False
    if hit.names_act and idx._title_said(hit.act, question, hint):
        return False
    said = idx.terms.said(question + " " + hint)
    loose = hit.by_terms or not _said_together(hit.cue, question, hint)
    soft = loose and not hit.names_act and not _says_over(hit.act, said)
    cue = set(hit.cue)
    other = _other_matters(hit, said) if hit.by_terms else set()
    words = idx._said(question, hint)
    for pid in direct.primary:
        e = idx.entries.get(pid)
        if e is None or e.kind != "offence" or direct.scores.get(pid, 0.0) < DIRECT_MIN:
            continue
        heading = idx.terms.said(e.title)
        if any(t in other and not set(w) & words for t, w in heading.items()):
            # its heading names a matter that would have put the question under held law, in words the
            # question does not say: "दहेज मांगने पर कौन सी धारा" asks of a dowry demand, and BNS s.80
            # (dowry death) and s.85 (cruelty) are held law for a death or cruelty it does not tell ("her
            # pregnancy was terminated without her agreeing" says half of BNS s.89's "without consent")
            continue
        if _narrower(idx, hit, e, said, words):
            continue
        explained = idx.explained(pid, question, hint)
        if not hit.by_terms and max(cue, key=idx._w) not in explained:
            # a cue phrase said (if scattered) needs its weightiest word in the offence's names: "giving a
            # bribe to a government officer" says the Prevention of Corruption Act's cue, and BNS s.212
            # (false information to a public servant) shares only "government"
            continue
        if soft or cue <= explained:
            return True
    return False


def _narrower(idx, hit, e, said: dict, words: set[str]) -> bool:
    """Does the held offence speak of the cue only within a matter that the Act's subject leaves to held law
    (``Subject.unless``) and the question does not say? Every name of BNS s.173 that says "rishwat" says
    "chunav" (bribery at elections), so "rishwat dena kaunsa apraadh hai" asks the Prevention of
    Corruption Act's question, not the election offence's."""
    unless = {t for s in hit.act.subjects for t in s.unless if t not in said}
    cue = set(hit.cue)
    naming = [n for n in e.names if cue & set(n.toks)]
    if bool(unless and naming) and all(unless & set(idx.terms.said(n.text)) for n in naming):
        return True
    return not hit.by_terms and _qualified(naming, cue, words)


def _qualified(naming: list, cue: set[str], words: set[str]) -> bool:
    """Does every people-name of the held offence that says the cue say it of a narrower matter, in words
    beside it none of which the question says? BNS s.250's names say "bribe" only of hiding a criminal
    ("अपराध छिपाने के लिए रिश्वत", "taking a bribe to hide a criminal"), so "रिश्वत लेने की सज़ा" asks the
    Prevention of Corruption Act's question; "driving after taking drugs" says "driving" of MVA s.185's
    names beside the drugs. ``words``: the question's stems (``ProvisionIndex._said``)."""
    named = [n for n in naming if n.field in ("alias", "head")]
    return bool(named) and all(set(n.toks) - cue and not (set(n.toks) - cue) & words for n in named)


def _other_matters(hit, said: dict) -> set[str]:
    """The key terms whose words would have put the question under held law instead (``Subject.unless``) of
    the subjects of the Act the question says in full, none of them said."""
    return {
        t
        for s in hit.act.subjects
        if all(x in said for x in s.terms) and not any(x in said for x in s.unless)
        for t in s.unless
    }


def _said_together(cue: tuple[str, ...], question: str, hint: str = "") -> bool:
    """Are a cue phrase's words said together, in its order (the cue matches by its words wherever they
    stand: "took my card details and money" says "cards for money", the Gambling Act's, only scattered)?"""
    from core.provisions import toks

    n = len(cue)
    for text in (question, hint):
        t = toks(text)
        if any(tuple(t[i : i + n]) == tuple(cue) for i in range(len(t) - n + 1)):
            return True
    return False


def _asks_in_held_act(idx, question: str) -> bool:
    """The question names an Act the graph holds (by family: "the new penal code" is the BNS's)."""
    held = {n.split(":", 1)[0] for n in idx.entries}
    return bool(entries_acts(acts_asked(question)) & held)


def subject_first(
    provision_index, problem_index, question: str, hint: str, problems: list[ProblemMatch], lang: str
) -> tuple[list[ProblemMatch], ProblemInfo | None]:
    """A situation whose subject an unheld special Act governs whatever held offence it names (pack
    subjects marked '!', ``Subject.over_offences``: a child victim of a sexual act, POCSO; a child accused
    of an offence, the Juvenile Justice Act) is answered first as the pack problem for that Act (the one
    whose ``not_held`` law is that Act), beside the held problems recognised with it: "मेरे 16 साल के बेटे
    ने चोरी की" is the child's problem first and theft second, not theft alone. Only when a problem was
    recognised: with none, the not-held gate (``not_held``) names the Act and routes the person. The other
    way round, such a problem recognised beside another one stays only when the question says the Act's
    subject ("my 25 year old son was caught for theft" is no child's case).
    Returns the problems and the problem put first (None when the rule does not apply). The indexes are
    passed as the retriever's getters: they are built only when a problem was recognised."""
    if not problems:
        return problems, None
    try:
        idx, pindex = provision_index(), problem_index()
        owned = _special_owners(idx, pindex)
        said = idx.terms.said(question + " " + hint)

        def says(act) -> bool:
            return _says_over(act, said)

        hit = unheld_hit(idx, question, hint)
        # the first problem recognised stays too, unless a special Act owns it whose subject the question does
        # not say while it says another unheld Act's ("a 12 year old works at the dhaba": child labour, not
        # the child victim's problem that "child" evoked)
        other = hit is not None and not hit.blocked_by
        problems = [
            p
            for k, p in enumerate(problems)
            if p.id not in owned or says(owned[p.id]) or (k == 0 and not (other and owned[p.id].id != hit.act.id))
        ]
        if hit is None or hit.blocked_by or not says(hit.act):
            return problems, None
        owner = next((pindex.by_id[pid] for pid, u in owned.items() if u.id == hit.act.id), None)
    except Exception:  # the index is an aid: without it the problems stand as recognised
        log.exception("subject rule unavailable")
        return problems, None
    if owner is None:
        return problems, None
    first = ProblemMatch(id=owner.id, title=owner.title(lang), score=max(p.score for p in problems))
    rest = [p for p in problems if p.id != owner.id]
    return [first, *rest][:MAX_PROBLEMS], owner


@dataclass(frozen=True)
class Owners:
    """What the gate reads of the pack problems' own not-held law, per problem id (``owners``): ``forum``,
    the unheld Acts it names whose forum is the one the problem's notice sends the person to
    (``_lead_owned``); ``special``, the unheld special Act (one with a '!' subject) it names (``_governs_over``);
    ``told``, the word stems of each of its phrasings (``_claims``)."""

    forum: dict = field(default_factory=dict)
    special: dict = field(default_factory=dict)
    told: dict = field(default_factory=dict)


def owners(idx, pindex) -> Owners:
    """The problems' own unheld Acts (``Owners``), passed to ``not_held`` by the retriever, so that the gate
    reads them whatever ran before it (they were read from what ``subject_first`` had left on the index)."""
    return Owners(forum=_tables(idx, pindex)[1], special=_special_owners(idx, pindex), told=_told(idx, pindex))


def _told(idx, pindex) -> dict:
    """Problem id -> the word stems (``core.provisions.toks``) of each of its phrasings, kept on the provision
    index per problem index."""
    from core.provisions import toks

    key = id(pindex)
    cached = getattr(idx, "_problem_told", None)
    if cached is None or cached[0] != key:
        told = {p.id: [frozenset(toks(t)) for ph in p.phrasings.values() for t in ph] for p in pindex.problems}
        cached = (key, told)
        idx._problem_told = cached
    return cached[1]


def _claims(idx, hit, question: str, hint: str, pdata: list[ProblemData], told: dict) -> bool:
    """Does the first problem recognised tell, in one of its own phrasings, the situation whose words named the
    unheld Act only by the common word its short name is ("electricity", the Electricity Act's), the Act's
    title not said as written? "a landlord cut off my electricity to force me out" is the tenant's eviction
    ("Owner cut the electricity and water to force us to leave"), whose notice names the rent law, not a
    matter of the Electricity Act."""
    if not (pdata and hit.names_act) or idx._title_said(hit.act, question, hint, by_id=False):
        return False
    cue = set(hit.cue)
    return any(cue <= said for said in told.get(pdata[0].id, []))


def _owners(idx, pindex) -> dict:
    """Problem id -> the unheld Acts its own ``not_held`` law names (the defective-goods problem: the
    Consumer Protection Act; unpaid wages: the wage code)."""
    return _tables(idx, pindex)[0]


def _tables(idx, pindex) -> tuple[dict, dict]:
    """``_owners``' table and, beside it, per problem the Acts whose forum is the one the problem's notice
    sends the person to (``_lead_owned``), kept on the provision index per problem index."""
    key = id(pindex)
    cached = getattr(idx, "_problem_owners", None)
    if cached is None or cached[0] != key:
        owners, forum = {}, {}
        for p in pindex.problems:
            acts = [u for u in idx.unheld if p.not_held and idx._title_said(u, p.not_held.get("law_en") or "")]
            if acts:
                owners[p.id] = acts
                forum[p.id] = [u for u in acts if u.route == (p.not_held.get("route") or "dlsa")]
        cached = (key, owners, forum)
        idx._problem_owners = cached
    return cached[1], cached[2]


def _special_owners(idx, pindex) -> dict:
    """Problem id -> the unheld special Act (one with a '!' subject) its ``not_held`` law names (kept on
    the provision index, per problem index)."""
    key = id(pindex)
    cached = getattr(idx, "_special_owners", None)
    if cached is None or cached[0] != key:
        owners = {
            pid: u
            for pid, acts in _owners(idx, pindex).items()
            for u in acts
            if any(s.over_offences for s in u.subjects)
        }
        cached = (key, owners)
        idx._special_owners = cached
    return cached[1]


def _says_over(act, said: dict) -> bool:
    """Do the key terms said (``Terms.said``) say a subject of the Act that it governs whatever held offence
    is named beside it (``Subject.over_offences``)?"""
    return any(s.over_offences and _subject_said(s, said) for s in act.subjects)


def _subject_said(s, said: dict) -> bool:
    """Do the key terms said (``Terms.said``) say the Act's subject ``s`` in full, none of its ``unless``?"""
    return all(t in said for t in s.terms) and not any(t in said for t in s.unless)


def _says_own_matter(act, said: dict) -> bool:
    """Do the key terms said (``Terms.said``) say, beside the subject the Act governs whatever held offence is
    named with it, another of its subjects in full: its own matter ("use bal sudhar grih bhejenge ya jail",
    the Juvenile Justice Act's homes), not only the act the held law also speaks of (theft by a child)?"""
    return any(not s.over_offences and _subject_said(s, said) for s in act.subjects) and _says_over(act, said)


def _half_over(act, said: dict) -> bool:
    """A subject the Act governs whatever held offence is named beside it, one of whose key terms is said
    and none of the words that put it under held law."""
    return any(
        s.over_offences and any(t in said for t in s.terms) and not any(t in said for t in s.unless)
        for s in act.subjects
    )


def _asks_punishment(question: str) -> bool:
    """The question asks what punishment the law sets ("how many years in jail", "kitni saza"): it asks for
    the law that sets it, as "which law applies" does, whatever everyday problem its words evoke."""
    from core.provisions import question_types

    return "punishment" in question_types(question)


def _governs_over(idx, hit, text: str, pdata: list[ProblemData], special: dict) -> bool:
    """An Act that governs whatever held offence is named beside its subject (``Subject.over_offences``: a
    caste insult is an atrocity under the SC/ST Act, whatever hurt or abuse the words also evoke), said in
    its key terms, or in part beside a cue phrase of the Act said in full ("will a 16 year old who stabbed
    someone be tried like an adult": a minor's age and the Juvenile Justice Act's own matter), and owning
    none of the problems recognised (those put it first: ``subject_first``; ``special``: ``Owners.special``)."""
    act, said = hit.act, idx.terms.said(text)
    if not (_says_over(act, said) or (not hit.by_terms and len(hit.cue) >= 2 and _half_over(act, said))):
        return False
    return not any(special.get(d.id) is not None and special[d.id].id == act.id for d in pdata)


def displaced(
    owner: ProblemInfo, problems: list[ProblemMatch], pdata: list[ProblemData]
) -> tuple[list[ProblemMatch], list[ProblemData]]:
    """Beside the problem a special Act's subject put first, a problem whose leading provision that
    problem marks must_not is dropped with all its law: for a child victim, the sections on a woman's
    modesty (sexual harassment, stalking) are beside the point; theft beside a child accused stays."""
    bad = set(owner.must_not)
    gone = {d.id for d in pdata if d.id != owner.id and d.governed_by and d.governed_by[0]["id"] in bad}
    if not gone:
        return problems, pdata
    return [p for p in problems if p.id not in gone], [d for d in pdata if d.id not in gone]


def not_held(
    idx,
    question: str,
    hint: str,
    pdata: list[ProblemData],
    rankings: dict,
    owner: ProblemInfo | None = None,
    direct: Direct | None = None,
    owned: Owners | None = None,
) -> dict | None:
    """The Act the question is about when the graph does not hold it (POCSO, RTI, ...): its words name
    the Act's subject and no held provision's people-name says more (ProvisionIndex.unheld_hit).
    Never when the question names a held provision. A recognised everyday problem with held law
    keeps the question unless the question asks which law governs or whether something is allowed
    ("which law covers ...", "is that allowed", "kya ye jurm hai") or names the unheld Act itself
    ("POCSO", "juvenile justice board"): then the Act that decides it is named and the person routed
    rather than answered with held sections that do not govern it; so too an Act that governs whatever held
    offence is named beside its subject (a caste insult: the SC/ST Act) and owns none of the problems. When a special Act's subject put its own
    pack problem first (``subject_first``), that problem names the Act by the fixed not-held notice beside
    what held law rightly says of the act itself, recognised as another problem with it, so there only
    naming the Act or asking which law governs routes without citations ("can the police keep my 16 year
    old son" keeps the arrest law beside the notice); recognised alone, the notice leads. A first problem
    whose own not-held law is the Act asked about (``_lead_owned``) keeps no question with its held law.
    A question that asks for an offence or its punishment keeps the held offence that speaks to it over an
    Act its words only evoke (``held_offence_governs``); one asking the punishment, like one asking which
    law applies, is the unheld Act's when no held offence does, whatever problem its words evoke.
    ``owned``: the problems' own unheld Acts (``owners``; none needed when no problem was recognised)."""
    from core.provisions import asks_for_law

    owned = owned or Owners()
    if rankings.get("explicit"):
        return None
    if any(n in idx.entries for n in named_ids(question)):
        return None
    hit = unheld_hit(idx, question, hint)
    if hit is None or hit.blocked_by:
        return None
    if hit.by_terms and any(f"{a}:{n}" in idx.entries for n in bare_numbers(question) for a in NEW_CODES | OLD_CODES):
        # an unheld Act's subject evoked only by its key terms ("copy", "video") beside a held section's
        # number said bare ("a pen drive copy of a video without a Section 65B certificate": the
        # evidence law's electronic-record certificate) is not that Act's question
        return None
    which = _ASKS_WHICH_LAW.search(question + " " + hint)
    act, own = _lead_owned(idx, question, hint, hit, pdata, owned.forum)
    # a cue phrase whose words are only scattered over the question ("got my debit card number and then my
    # money was gone" says "cards for money") does not take a recognised problem's question for its Act
    asked = asks_for_law(question + " " + hint) or _asks_punishment(question)
    asked = asked and (hit.by_terms or _said_together(hit.cue, question, hint))
    if (
        any(d.governed_by for d in pdata)
        and not own
        and not ((hit.names_act and not _claims(idx, hit, question, hint, pdata, owned.told)) or which or asked)
        and not _governs_over(idx, hit, question + " " + hint, pdata, owned.special)
    ):
        return None
    if _asks_in_held_act(idx, question) and not idx._title_said(hit.act, question, hint, by_id=False):
        # "is a contract made over email valid under the information technology act", "under the new penal
        # code what happens to ...": the question asks in a held Act, whatever unheld Act its words evoke
        return None
    if held_offence_governs(idx, direct, question, hint, hit):
        return None
    if hit.by_terms and not (hit.names_act or which) and held_named(idx, direct, question, hint, hit):
        return None
    if article_states(idx, direct, question, hint, hit):
        return None
    if not (hit.names_act or which) and held_answers(direct, question):
        # "which article stops discrimination on the basis of caste" asks for held law (Art. 15) that
        # names it in full, not for the unheld Act about caste atrocities its words also evoke
        return None
    if owner is not None and pdata and pdata[0].id == owner.id and pdata[0].governed_by:
        # the special Act's own problem leads; held law stays beside its notice only where another problem
        # recognised with it brings the held law of the act itself (theft by a child, a child's rape and
        # the FIR): alone, its held law (rape of a girl, free treatment) would answer "the van driver did
        # something wrong with my 10 year old son" as if it governed, and the notice leads instead
        if any(d.governed_by for d in pdata[1:]) and not (
            hit.names_act or which or _says_own_matter(hit.act, idx.terms.said(question + " " + hint))
        ):
            return None
    return _named(act)


def _lead_owned(idx, question: str, hint: str, hit, pdata: list[ProblemData], forum: dict) -> tuple:
    """The Act to name, and whether the first problem recognised is that Act's own (its ``not_held`` law
    is the Act and sends the person to the Act's forum: the defective-goods problem, the Consumer
    Protection Act and the Consumer Commission; a deposit owed by a landlord is a money claim in the
    civil court, whose held procedure answers it, whatever the rent law says). Such a problem's held law
    (free legal aid, a time limit, a saving clause) is only what stands beside the law that decides it,
    and keeps no question about that law's subject from its notice: "the dealer will not replace my
    faulty scooter" is the Consumer Protection Act's. When the question also says the subject of the
    first problem's own Act, that Act is the one named ("the minimum wage a factory must pay" is the wage
    code's, though "factory" says the Factories Act too). ``forum``: ``Owners.forum``."""
    acts = {u.id: u for u in forum.get(pdata[0].id, [])} if pdata else {}
    if not acts:
        return hit.act, False
    # its subject said, with none of the words that put the question under held law ("dowry" beside a
    # beating is cruelty, BNS s.85: Subject.unless), or the Act named
    said = {u.id for _, _, u, _ in idx._subjects_said(question, hint)}
    if hit.act.id in acts and (hit.act.id in said or hit.names_act):
        return hit.act, True
    other = next((u for uid, u in acts.items() if uid in said), None)
    if other is not None and not hit.names_act:
        return other, True
    return hit.act, False


_PROCEDURE_ACTS = frozenset({"BNSS", "CRPC", "COI"})  # arrest, bail, FIR, remand: the same whatever the offence


def beside(idx, question: str, hint: str, pdata: list[ProblemData], rankings: dict, direct: Direct | None = None):
    """The unheld Act to name beside a held answer that ``not_held`` let keep the question: the law that leads
    the answer (the first recognised problem's first governing provision, else the direct answer's first) is
    procedure (BNSS, CrPC, the Constitution: arrest, bail, remand), the same whatever the offence, and the
    question says, in so many words, the subject of an Act the graph does not hold ("my son is caught with
    ganja, can he get anticipatory bail": the bail law is held, the NDPS Act that makes the offence and adds
    its own bail conditions is not). The answer keeps its held procedure and says, by the fixed not-held
    notice, that the main law of the matter was not checked. Substantive law leading (violence at home,
    cheating) gets no notice for an Act its words only mention ("he takes drugs and beats me" is the DV
    Act's). Returns {id, name_en, name_hi, route} or None."""
    if rankings.get("explicit"):
        return None
    hit = unheld_hit(idx, question, hint)
    if hit is not None and not hit.blocked_by and hit.act.decides(hit.cue):
        # a fact that by itself takes the question out of every held Act, asked in a held one ("can a same-sex
        # couple register their marriage under the Special Marriage Act"): the held Act's answer keeps the
        # question and the notice says the law that decides it was not checked, whatever leads
        return _named(hit.act)
    if direct is not None and direct.primary and not direct.with_problem:
        # a direct answer not tied to a problem displaces the problems (core.retrieve.Retriever.retrieve)
        lead = direct.primary[0]
    elif pdata and pdata[0].governed_by:
        lead = str(pdata[0].governed_by[0].get("id") or "")
    else:
        return None
    if lead.split(":", 1)[0] not in _PROCEDURE_ACTS or any(n in idx.entries for n in named_ids(question)):
        return None
    if hit is None or not (hit.names_act or _said_together(hit.cue, question, hint)):
        return None
    if hit.by_terms and not lead.startswith("COI:"):
        # an article stands beside the special Act that works it out, whichever words evoked the Act (Art.
        # 24 and the Child Labour Act, Art. 21A and the Right to Education Act); procedure only beside an
        # Act whose cue phrase is said
        return None
    return _named(hit.act)


def _named(act) -> dict:
    """An unheld Act as the answer names it: {id, name_en, name_hi, route} (the not-held templates read it)."""
    return {"id": act.id, "name_en": act.name_en, "name_hi": act.name_hi, "route": act.route}
