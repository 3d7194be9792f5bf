"""When a question's point stands over a recognised everyday problem's law (issue 19), for core.direct.

A situation is answered with its problem's own law and steps, unless the question asks one provision beyond
that law: ``_strong`` (a question of one clause naming it in full), ``_sure_beyond`` (the scorer sure of it,
the problems weak), ``_time_beyond`` (a time limit asked), ``_told_point`` (a story that asks one point, told
by a people-name in full beyond the problem's own law). core.direct._point and core.direct.about read them.
"""

from __future__ import annotations

import re

from core.problems import without_ask_tail
from core.provisions import TIME_LIMIT, toks

POINT_MIN = 0.7  # a question within a recognised problem's law about one point of it: the scorer's floor
TOLD_POINT_MIN = 0.88  # a point a story asks about (not a question alone): the scorer's floor
TOLD_POINT_NAME = 1.0  # ... and the idf mass (alias_full) of its people-name said in full
SURE_MIN = 0.85  # a provision beyond the problems' law the scorer is this sure of when they are only weakly recognised
SURE_MARGIN = 0.05  # ... and this far ahead of the next
SURE_SAME_ACT = 0.4  # ... and below this when the problem's own law is in the same Act
STRONG_MIN = 0.9  # a provision named in full that scores this is what a question asks, whatever problem it evokes
PROBLEM_FIRM = 0.6  # ... and a recognised problem below this score is only evoked: its steps do not come too


def _problem_law(rankings: dict) -> set[str]:
    """The provisions the recognised problems' own law holds (the "problem" ranking)."""
    return {n for n, _ in rankings.get("problem", [])}


_ASKS = re.compile(
    r"^\s*(?:can|could|is|are|does|do|will|would|should|must|what|how|when|who|whom|which|where|may|has|have)\b|"
    # "whats the legal effect", "hows that allowed": the question word typed without its apostrophe
    r"^\s*(?:what|how|who|where)['’]?s\b|"
    r"\?\s*$|^\s*(?:kya|kab|kaise|kitn\w*|kaun\w*)\b|\b(?:kya|kaise|kitn\w*)\s*(?:hai|hain|hoga|hogi|sakt\w*)?\s*\??$|"
    # "unka makaan ab kiska hoga", "जायदाद अब किसकी होगी": whose it is, asked last
    r"\bkis(?:ka|ki|ke|ko)\s+(?:hai|hain|hoga|hogi|honge|milega|milegi)\s*\??$|किस(?:का|की|के|को)\s+(?:है|होगा|होगी|होंगे|मिलेगा|मिलेगी)\s*[?।]?\s*$|"
    r"^\s*क्या|क्या\s*(?:है|हैं|होता\s+है|होती\s+है|होते\s+हैं)?\s*[?।]?\s*$|किसे\s+कहते|कैसे|कितन|कौन|\?\s*$|"
    # where one goes or files, asked with its verb ("केस कहाँ डालूँ", "आगे कहाँ जाऊँ", "case kahan karun"); "कहा" (said)
    # is no question
    r"(?:कहाँ|कहां)\s+(?:\S+\s+)?(?:डाल|जा|कर|दर्ज|फाइल|मिल|शिकायत|अपील)\S*\s*[?।]?\s*(?:[,;]|$)|"
    r"\bkahaa?n\s+(?:\w+\s+)?(?:daal|dal|ja|kar|darj|file|mil|shikayat|appeal)\w*\s*\??\s*(?:[,;]|$)|"
    # a question put after what happened, typed without its mark: "son left his old father at a railway
    # station and went away, is it a crime"
    r"[,;]\s*(?:is|are|can|could|does|will|would|should|must|may)\s+(?:it|this|that|he|she|they|i|we|a|an|the)\b[^,;.]*$|"
    # a tag question typed without its mark ("... isnt that required"), and "am i allowed to ..." after a story
    r"\b(?:isn|aren|doesn|don|wasn|can|won)['’]?t\s+(?:it|this|that|he|she|they|there)\b[^,;.]*$|"
    r"\bam\s+i\s+(?:allowed|permitted|entitled|required|supposed|liable)\b",
    re.I,
)


_CLAUSES = re.compile(r"[,;.।!?]+")
_ASK_WORD = re.compile(r"\bkya\b|क्या", re.I)


def _asks_within(question: str) -> bool:
    """A story that asks something in one of its clauses ("papa guzar gaye, kya ..."; "... am i allowed to ..."
    after what happened; "पेट से थीं, बाद में जो बच्चा पैदा हुआ क्या उसे भी हिस्सा मिलेगा"). A closing request for
    help in general asks no point ("मेरा पति रोज़ शराब पीकर मुझे मारता है, मैं क्या करूँ?" wants the violence
    problem's remedies, not BNS s.24 on offences done drunk that "शराब पीकर" names)."""
    q = without_ask_tail(question or "")
    return bool(_ASK_WORD.search(q)) or any(_ASKS.search(c) for c in _CLAUSES.split(q) if c.strip())


def _told_point(idx, question: str, hint: str, n: str, f: dict, scores: dict, own: set[str], beyond: set[str]) -> bool:
    """A provision a story asks about, over the problem it tells: the scorer sure of it (TOLD_POINT_MIN), one
    of its people-names said in full (TOLD_POINT_NAME: "murderer disqualified", "offences by companies"),
    not one of the problems' own provisions, and saying a word of the question that neither the problems'
    titles nor their own provisions' names say ("khoon" beside the succession problem's shares; "directors"
    beside the bounced cheque's s.138). "My husband beats me, what can I do" names no such provision: the
    problem's remedies answer it."""
    return (
        scores[n] >= TOLD_POINT_MIN
        and f["alias_full"] >= TOLD_POINT_NAME
        and n not in own
        and bool(idx.explained(n, question, hint) - beyond)
    )


def _sure_beyond(
    idx, question: str, hint: str, best: str, types: list[str], scores: dict, rankings: dict, problems
) -> bool:
    """A question (it has a type) whose best provision the scorer is sure of (SURE_MIN) while the problems
    it evokes are only weakly recognised (below PROBLEM_FIRM) and do not hold that provision: "police
    wrote down my statement as a witness, must I sign it" (BNSS s.181, not the summons problem it evokes
    at 0.3); "police seized my car in a case, how do I get it back" (BNSS s.497, not theft)."""
    # a problem whose own law is in the same Act is outranked only when barely evoked: "can I claim a right
    # to stay in my in-laws' house under the domestic violence law" is the residence problem (0.50), not
    # PWDVA s.3 that "domestic violence" names
    own = _problem_law(rankings)
    same_act = best.split(":", 1)[0] in {n.split(":", 1)[0] for n in own}
    if (
        not types
        or scores[best] < SURE_MIN
        or max(p.score for p in problems) >= (SURE_SAME_ACT if same_act else PROBLEM_FIRM)
    ):
        return False
    # and sure of that one: the Act a question names lifts all its provisions alike ("a right of residence
    # under the DV Act": ss.27 and 19 at 0.88 and 0.87 are not what it asks, s.17 is)
    second = max((v for n, v in scores.items() if n != best), default=0.0)
    if scores[best] - second < SURE_MARGIN or best in own:
        return False
    # and its names say a word of the question that the problems' titles do not
    title = set(toks(" ".join(p.title for p in problems)))
    return bool(idx.explained(best, question, hint) - title)


# a time limit asked ("by when must I sue for malicious prosecution", "jawab dava kitne din me", "मियाद"): the
# period is a point of law that a problem's steps do not give
_TIME_ASKED = re.compile(
    TIME_LIMIT + r"|\btime\s+limits?\b|\bdeadline\b|\bhow\s+(?:long|many\s+(?:days|months|years))\b|"
    r"\blimitation\s+period\b|\bkab\s+tak\b|\bsamay\s+seema\b|समय\s*सीमा|कब\s+तक",
    re.I,
)


def asks_time(question: str) -> bool:
    """The question asks a time limit ("kitne din me", "by when", "time limit", "मियाद")."""
    return bool(_TIME_ASKED.search(question or ""))


def _time_beyond(question: str, best: str, scores: dict, rankings: dict, problems) -> bool:
    """A time limit is asked and the scorer finds a provision (POINT_MIN) outside the problems' own law, while
    they are only evoked (below PROBLEM_FIRM): "time limit and procedure for a mercy petition" (BNSS s.472,
    not the appeal problem); "by when must I sue for malicious prosecution" (Limitation Schedule Art. 74)."""
    return (
        bool(_TIME_ASKED.search(question or ""))
        and scores[best] >= POINT_MIN
        and best not in _problem_law(rankings)
        and max(p.score for p in problems) < PROBLEM_FIRM
    )


def _strong(idx, question: str, hint: str, best: str, feats: dict, scores: dict, rankings: dict, problems) -> bool:
    """The best provision (`best`, the scorer's first) is what the question asks though a problem was recognised: a question of one
    clause (not a story), a people-name or heading of it said in full in two words or more, the scorer sure of it
    (STRONG_MIN), not one of the problem's own provisions, and a word of the question its names say that
    the problems' titles do not."""
    if not _ASKS.search(question or "") or len([c for c in _CLAUSES.split(question) if c.strip()]) > 1:
        # a story before the question ("a car hit my mother and drove away, will we get compensation?")
        # is the problem's, whatever one provision's name the question says
        return False
    f = feats[best]
    if scores[best] < STRONG_MIN or max(f["alias_cov"], f["head_cov"]) < 0.999 or f["shared"] < 2:
        return False
    if best in _problem_law(rankings):
        return False
    title = set(toks(" ".join(p.title for p in problems)))
    return bool(idx.explained(best, question, hint) - title) and _named_in_full(idx, question, best)


def _named_in_full(idx, question: str, pid: str) -> bool:
    """The question names the provision in full by its own words or a legal term it names (the glossary's),
    not only through the English of its everyday words (the search hint's lay words): "पति की जायदाद में
    पत्नी का कितना हक" gives the hint "husband property wife right", whose "property" and "right" are no
    "right to property" (Art. 300A) the question says."""
    try:
        from core.language.translate import default_glossary

        terms = " ".join(t.en for t in default_glossary().find(question))
    except Exception:  # an unreadable glossary: the question's own words alone
        terms = ""
    m = next((m for m in idx.search(question, terms, limit=400) if m.id == pid), None)
    return m is not None and max(m.alias_cov, m.head_cov) >= 0.999
