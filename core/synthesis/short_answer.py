"""The short answer's sentences, which the extractive composer (core/synthesis/extractive.py) and the
pipeline (core.answer: the six-citation cap keeps what they cite) both read:

* a question about the law itself (issue 19; the material ``DIRECT_ID``): each provision it is about with what it
  punishes or provides (:func:`rule_sentence`: the punishing clause, else the first sentence of the clause that
  speaks most to the question), and the old-code provision it replaced, or that the new code dropped it;
* recognised problems (:func:`summary_plan`): the first two problems' gists, at most three sentences, and the
  governing provision the last sentence that held law supports speaks of (:func:`tag_at`).
"""

from __future__ import annotations

import re

from core.language.templates import render
from core.stages import Evidence, ProblemMaterial
from core.synthesis.punishment_hi import hindi_punishment
from core.synthesis.sentences import clean, first_sentence, gist_sentences, lower_first, title_of

_WORD = re.compile(r"[\w\u0900-\u0963\u0966-\u097f]+")

DIRECT_ID = "DIRECT"  # the material of a question about the law itself (core.answer builds it)
DIRECT_CAP = 6  # provisions an answer cites at most
CONDITION_CHARS = 120  # ... each with its condition ("whoever is guilty of rioting, being armed with ...") cut to this
PUNISHING_MAX = 3  # a punishment question is told each punishing clause of an offence when it has this many at most
_PUNISHED = re.compile(
    # "shall, without prejudice to any other provision of this Act, be punished with" (NI Act s.138)
    r"shall(?:,\s*without prejudice to [^,.;:]{1,60},)? be punish(?:ed|able) (?:with|by) ((?:[^.;:]|\.(?=\d))+?)"
    r"(?:[.;:]|,\s*(?:and|or) (?:if|where|when|whoever)\b|,?\s+and in (?:the )?case of\b|$)",
    re.I,
)


# the MV Act's form: one punishment for a first offence and another for a second (s.185 drunken driving);
# said with both conditions, never the first alone
_FIRST_OFFENCE = re.compile(
    r"shall be punish(?:ed|able) for (?:the |a )?first offence with ((?:[^.;:]|\.(?=\d))+?)[;.]\s*(?:and )?"
    r"for (?:a |the |any )?second or subsequent offence,?\s*\*?\s*with ((?:[^.;:]|\.(?=\d))+?)(?:[.;:]|$)",
    re.I,
)
# a question that asks what an offence is punished with, in English, Hindi or Roman Hindi
_ASKS_PUNISHMENT = re.compile(
    r"punish|penalt|sentence|how many years|jail term|imprisonment|सज़ा|सजा|दंड|कैद|क़ैद|saz?aa?\b|sajaa?\b|dand\b|kaid",
    re.I,
)

# a gist sentence that says its law is not held here ("The Dowry Prohibition Act, 1961 has further offences but
# this system does not hold its text"; "... जो इस प्रणाली में नहीं हैं"): no held provision supports it, so no
# source tag follows it
_NOT_HELD_HERE = re.compile(
    r"(?:this|the) (?:system|graph) does not hold|(?:is|are) not held (?:in|by) this (?:system|graph)|इस प्रणाली में नहीं",
    re.I,
)

_NUMBERED = re.compile(r"(?<![\w.])\d{1,3}[A-Z]?(?![\w.])")
# never at a cross-reference ("sub-section (1) of section 8", "clauses (1) and (2)")
_CLAUSE = re.compile(r"(?:^|(?<!section)(?<!sections)(?<!clause)(?<!clauses)\s)(?=\(\d+[A-Z]?\)\s)")
# a provision's exceptions are clauses of their own: "Exception 2.—Sexual intercourse ... by a man with his own
# wife ... is not rape" (BNS s.63) is what "is marital rape a crime" asks, not the definition before it
_EXCEPTION = re.compile(r"\s(?=Exception(?:\s+\d+)?\s*\.?\s*[—–-])")
# a definitions section with lettered clauses only ("(a) ... (f) 'domestic relationship' means ...", PWDVA
# s.2; "(i) ... (iii) the bridegroom has completed ...", HMA s.5): split at a letter or a small roman numeral
# that opens a clause, never at a cross-reference ("clause (a) of", "sub-section (1) of section 8")
_LETTERED = re.compile(r"(?:^|(?<!section)(?<!sections)(?<!clause)(?<!clauses)\s)(?=\((?:[a-z]|[ivx]{2,4})\)\s)")
# what a clause starts with: its number or letter, or "Exception N.—"
_PART_HEAD = re.compile(r"^[.—–-]*\s*(?:\(\d+[A-Z]?\)|\((?:[a-z]|[ivx]{2,4})\)|Exception(?:\s+\d+)?\s*\.?\s*[—–-])\s*")


def _best_clause(text: str, question: str) -> str:
    """The numbered clause of a provision that speaks most to the question (Art. 20(3) for "forced to give
    evidence against himself"); the whole text when it has none or nothing matches better."""
    best = _best_part(text, question)
    return text if best is text else _PART_HEAD.sub("", best)


def exception_asked(ev: Evidence, question: str) -> bool:
    """The clause of the provision the question speaks to is one of its exceptions ("is marital rape a
    crime": Exception 2 of BNS s.63, a man with his own wife is not rape)."""
    return _best_part(clean(ev.text or ""), question).startswith("Exception")


def _best_part(text: str, question: str) -> str:
    """_best_clause's clause as the text has it (its number or 'Exception N.—' first)."""
    parts = [e.strip() for p in _CLAUSE.split(text) if p for e in _EXCEPTION.split(p) if e.strip()]
    if len(parts) < 2 and not re.search(r"\bpunish", text, re.I):
        # no numbered clause: its lettered ones, if it has them and punishes nothing (MVA s.185's (a) and (b) are
        # two ways of one offence, whose punishment follows them both)
        parts = [p.strip() for p in _LETTERED.split(text) if p.strip()]
    if len(parts) < 2 or not question:
        return text
    from core.graph_queries import unqualify
    from core.language.lay_words import english_words
    from core.provisions import toks

    # a Hindi or Roman Hindi question's everyday words in English ("raat", "रात": night; "aurat": woman) pick
    # the clause as the English words do: BNSS s.43(5), not (3)'s "forcibly resists", for "kya police raat ko
    # aurat ko giraftar kar sakti hai"
    said = f"{question} {' '.join(english_words(question))}"
    asked = {w for w in toks(said) if w not in _NAMING_WORDS and not w.isdigit()}
    # a word and the statute's words for it are one thing asked ("woman": woman, women, female), counted once
    groups = {frozenset({a, *_said_as().get(a, ())}) for a in asked}
    # the Act's name the graph's text adds after a cross-reference ("under section 7 Senior Citizens Act") is
    # no word of the clause: it made MWPSC s.2's "Tribunal" clause answer "who is a senior citizen"
    words = [set(toks(unqualify(p))) for p in parts]
    # a word the question says is lacking ("without a warrant", "bina warrant ke") speaks for a clause only where
    # the clause says it is lacking too: BNSS s.185(1), a police officer's own search, for "kya police bina
    # warrant ke ghar ki talashi le sakti hai", not (5) on how the rules for search-warrants apply to it
    for w in _lacking(said):
        for p, x in zip(parts, words, strict=True):
            if w in x and not re.search(rf"\bwithout\s+(?:\S+\s+){{0,3}}{re.escape(w)}", p, re.I):
                x.discard(w)
    # a word every clause has ("arrest" in BNSS 43) says little of which clause is meant; the one only
    # clause (5) has ("sunset", or "night" read as it) says it
    weight = {g: 1.0 / max(1, sum(bool(g & x) for x in words)) for g in groups}
    everywhere = {g for g in groups if all(g & x for x in words)}
    best, best_n, best_len = text, 0.0, 0
    for p, x in zip(parts, words, strict=True):
        if _DENIES.search(_PART_HEAD.sub("", p)) and not any(g & x and not g & words[0] for g in groups):
            # a clause that takes the rule away ("No wife shall be entitled to ... maintenance ... if she is living
            # in adultery", BNSS s.144(4)) is said only when the question says what the rule does not
            # ("adultery"), never for "can a wife claim maintenance from her husband": read first, it answers no
            continue
        n = sum(weight[g] for g in groups if g & x)
        # the clause that defines the words asked ('"aggrieved person" means ...', PWDVA s.2(a)) says them
        # more nearly than one that only uses them ('"domestic incident report" means a report ... from an
        # aggrieved person', (e))
        term = set(toks(m.group(1))) if (m := _DEFINES.match(_PART_HEAD.sub("", p))) else set()
        if term and all(any(w in g for g in groups) for w in term):
            n += 1.0
        # of two clauses that say as much of the question, an exception or one half as long says it more nearly
        # ("husband ... wife": Exception 2 of BNS s.63, not the whole definition whose clause (iv) says "husband";
        # BNSS s.49(2), a woman searched by a woman, not (1)'s long list); else the earlier, the provision's rule
        # (BNSS s.144(1), who must maintain a wife, not (3), four words shorter, on breaking the order); a word
        # every clause has ("what is rape") picks none of them
        shorter = p.startswith("Exception") or 2 * len(x) <= best_len and not _under(p, best)
        tie = abs(n - best_n) <= 1e-9 and shorter and len(x) < best_len and any(g & x for g in groups - everywhere)
        if n > best_n + 1e-9 or tie:
            best, best_n, best_len = p, n, len(x)
    if best is not text and re.search(r"[—–:-]\s*$", best):
        # the words that open a list ("Every police officer while making an arrest shall—", BNSS s.36) say
        # nothing alone: the text from its start says them with the first item
        return text
    return best  # the whole text, as it is, when no clause speaks to the question


def _under(part: str, earlier: str) -> bool:
    """The clause works under the earlier one ("proceeding under sub-section (1)", BNSS s.185(2)): no nearer answer."""
    m = re.match(r"\((\d+[A-Z]?)\)", earlier)
    return bool(m) and f"sub-section ({m.group(1)})" in part


def _lacking(question: str) -> set[str]:
    """The words a question says are absent: "without a warrant", "bina warrant ke", "बिना वारंट"."""
    from core.language.lay_words import english_words
    from core.provisions import toks

    found = re.findall(r"\b(?:without|bina)\s+(?:(?:a|an|the|any|kisi)\s+)?(\w+)|बिना\s+(\S+)", question, re.I)
    return {t for pair in found for w in pair if w for t in toks(" ".join([w, *english_words(w)]))}


# a clause that denies or takes away what the provision gives: "No wife shall be entitled ...", "Nothing in this
# section shall apply ...", "... the Magistrate shall cancel the order" ("No person shall be deprived of his
# life", Art. 21, is a rule, not a clause taking one away)
_DENIES = re.compile(
    r"^No\s+(?:\w+\s+){1,4}shall\s+be\s+entitled|^Nothing\s+(?:contained\s+)?in\s+this\s+section|"
    r"\bshall\s+cancel\b|\bshall\s+not\s+be\s+entitled\b",
    re.I,
)

# a defined term at the head of a definitions clause: '“senior citizen” means', 'aggrieved person means'
_DEFINES = re.compile(r"^[“\"']?([^“”\"';,.()]{2,60}?)[”\"']?,?\s+(?:means|includes)\b")


# words that name a provision, not what it says ("IPC 420 ab kaunsa section hai" picks no clause)
_NAMING_WORDS = frozenset(
    "section sections dhara dhaara article articles act code law ipc bns bnss crpc bsa iea coi kaunsa konsa "
    "which what new old ab hai".split()
)

# a lay word and the word the statutes use for it (for choosing the clause a question is about)
_SAID_AS = {
    "night": ("sunset", "sunrise"),
    "nighttime": ("sunset", "sunrise"),
    "handcuff": ("handcuffs",),
    "handcuffs": ("handcuff",),
    "woman": ("women", "female"),
    "women": ("woman", "female"),
    "lady": ("woman", "female"),
    "marital": ("wife", "husband"),
    "sex": ("sexual",),
    "girl": ("bride",),
    "boy": ("bridegroom",),
    # "tried twice": BNSS s.337(1) "not be liable to be tried again", not (4)'s "subsequently charged"
    "twic": ("again",),
}


def _said_as() -> dict[str, frozenset[str]]:
    """_SAID_AS in the index's folded words (core.provisions.toks: "female" is "femal", "sunrise" "sunris"), as the
    clauses' words are compared."""
    global _said_as_folded
    if _said_as_folded is None:
        from core.provisions import toks

        _said_as_folded = {}
        for k, v in _SAID_AS.items():
            for f in toks(k) or [k]:
                _said_as_folded[f] = frozenset({t for w in v for t in toks(w)})
    return _said_as_folded


_said_as_folded: dict[str, frozenset[str]] | None = None


def clause_punishments(ev: Evidence, question: str = "") -> list[tuple[str, str, str]]:
    """(clause, condition, punishment) of each punishing clause of an offence, when a question asks for the
    punishment and the offence punishes in two to PUNISHING_MAX clauses (BNS 191: "(2) whoever is guilty of
    rioting", two years; "(3) ... being armed with a deadly weapon", five); [] otherwise. The condition is the
    clause's own words before "shall be punished", elided past CONDITION_CHARS."""
    if not _ASKS_PUNISHMENT.search(question or "") or _NUMBERED.search(question or ""):
        # a question that names a section ("IPC 420 ki saza kya hai": BNS 318(4), seven years) is not told
        # every clause's punishment
        return []
    punishing = [p for p in _CLAUSE.split(clean(ev.text or "")) if p and _PUNISHED.search(p)]
    if not 1 < len(punishing) <= PUNISHING_MAX:
        return []
    out = []
    for p in punishing:
        mark = re.match(r"\s*\((\d+[A-Z]?)\)\s*", p)
        pm = _PUNISHED.search(p)
        who = clean(p[mark.end() if mark else 0 : pm.start()]).rstrip(" ,")
        if len(who) > CONDITION_CHARS:
            who = who[:CONDITION_CHARS].rsplit(" ", 1)[0].rstrip(",;") + " …"
        out.append((mark.group(1) if mark else "", who, " ".join(pm.group(1).split())))
    return out


def rule_sentence(ev: Evidence, max_chars: int = 220, question: str = "") -> str:
    """One plain sentence of what a provision punishes or provides, in its own words: the punishment
    clause of an offence ("punishable with imprisonment ... and fine"), else the first sentence of the
    clause that speaks most to the question."""
    whole = clean(ev.text or "")
    text = _best_clause(whole, question)
    # the clauses that punish: BNS 318 punishes cheating in (2), (3) and (4) with three, five and seven
    # years; unless the question picks one of them, no one punishment is "the" punishment ("IPC 420 ab
    # kaunsa section hai" is 318(4), seven years, not the first clause's three)
    punishing = [p for p in _CLAUSE.split(whole) if p and _PUNISHED.search(p)]
    m = _PUNISHED.search(text) if (text is not whole or len(punishing) <= 1) else None
    if m is None and len(punishing) == 1 and _ASKS_PUNISHMENT.search(question or ""):
        # "what is the punishment for theft": BNS 303's clause (1) defines theft and matches the question's
        # word, but the answer asked for is clause (2)'s punishment
        m = _PUNISHED.search(punishing[0])
    each = clause_punishments(ev, question)
    if m is None and each:
        # "what is the punishment for rioting": BNS 191 punishes in (2), two years, and in (3), armed with a
        # deadly weapon, five; no one of them is "the" punishment, so each clause is said in its own words
        return "; ".join(
            (f"under clause ({n}), " if n else "") + f"{lower_first(who)}: punishable with {pun}"
            for n, who, pun in each
        )
    twice = _FIRST_OFFENCE.search(text) if m is None else None
    if twice:
        first, second = (" ".join(x.split()) for x in twice.groups())
        return f"punishable for a first offence with {first}; for a second or subsequent offence, with {second}"
    if m:
        # an amending Act's brackets (and the closing quote it left, "two years’]") mark words, not words
        clause = re.sub(r"\b(years?|months?|days?)[’']", r"\1", " ".join(m.group(1).split()))
        clause = " ".join(clause.replace("[", " ").replace("]", " ").split()).replace(" ,", ",")
        if len(clause) > max_chars:
            cut = clause[:max_chars].rsplit(" ", 1)[0]
            clause = cut.rstrip(",;")
        return f"punishable with {clause}"
    listed = _listed_item(ev.text or "", question) if text is whole else None
    if listed:
        # "what is the age of marriage for a girl": HMA s.5 lists its conditions one to a line with no clause
        # numbers; the condition the question is about is said after the words that introduce the list
        lead, item = listed
        return f"{lower_first(lead.rstrip(' -—:'))} … {first_sentence(item, max_chars)}"
    # a definitions clause ends at its semicolon ("... 60 years or above;"), which the answer's full stop replaces
    return lower_first(first_sentence(text, max_chars).rstrip(".;,")) if text else ""


_LIST_LEAD = re.compile(r"(?:namely|following)\W{0,3}[-—:]+\s*$", re.I)
_ITEM_TAIL = re.compile(r"\s*[;,.]?\s*(?:\b(?:or|and))?\s*$", re.I)


def _listed_item(raw: str, question: str) -> tuple[str, str] | None:
    """(the words that introduce a list, the listed item the question is about) of a provision that lists its
    conditions one to a line with no clause numbers ("... the following conditions are fulfilled, namely-" and a
    line each); None when it has no such list or no item says a word of the question that no other item says.
    An item under a sub-list ("neither party-" / "is incapable ...; or") is never taken from its lead-in."""
    lines = [x.strip() for x in raw.split("\n") if x.strip()]
    if len(lines) < 3 or not _LIST_LEAD.search(lines[0]) or not question:
        return None
    tops = [
        b
        for a, b in zip(lines, lines[1:], strict=False)
        if (a is lines[0] or a.endswith(";")) and not b.endswith(("-", "—", ":"))
    ]
    if len(tops) < 2:
        return None
    from core.provisions import toks

    asked = {w for w in toks(question) if w not in _NAMING_WORDS and not w.isdigit()}
    groups = {frozenset({a, *_said_as().get(a, ())}) for a in asked}
    words = [set(toks(x)) for x in lines[1:]]
    # a word only one line says picks it ("age": the bridegroom's and the bride's ages); "marriage", on every
    # line, picks none
    only = [g for g in groups if sum(bool(g & x) for x in words) == 1]
    hits = [b for b in tops if any(g & set(toks(b)) for g in only)]
    if len(hits) != 1:
        return None
    return lines[0], _ITEM_TAIL.sub("", hits[0])


_RESIDUARY = re.compile(r"for which no period of limitation is provided elsewhere", re.I)
# the columns of a Limitation Act Schedule article as the graph's text of it holds them
_PERIOD_COLUMN = re.compile(r"Period of limitation:\s*(?P<p>[^\n]+)", re.I)
_FROM_COLUMN = re.compile(r"Time from which period begins to run:\s*(?P<f>[^\n]+)", re.I)
_TO_TWENTY = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
_NUMBER_WORDS = dict(zip(f"{_TO_TWENTY}seventeen eighteen nineteen twenty".split(), range(21)))
_NUMBER_WORDS |= {"thirty": 30, "forty": 40, "forty-five": 45, "sixty": 60, "ninety": 90, "hundred": 100}
_SPAN = re.compile(
    r"\b(?P<n>\d{1,3}|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")\s+"
    r"(?P<u>days?|months?|years?)\b",
    re.I,
)
_WITHIN = re.compile(r"\bwithin\s+(?:a\s+period\s+of\s+)?(?P<span>\w+(?:-\w+)?\s+(?:days?|months?|years?))\b", re.I)
_UNIT_HI = {"day": ("दिन", "दिन"), "month": ("महीना", "महीने"), "year": ("साल", "साल")}
# a question that asks by when (core.provisions.TIME_LIMIT and the words of core.direct._TIME_ASKED)
_ASKS_TIME = re.compile(
    r"\btime\s*limit|\bdeadline|\blimitation|\bhow\s+(?:long|many\s+(?:days|months|years))|\bwithin\s+how|"
    r"\bby\s+when|\bkitne\s+(?:din|mahine|saal)|\bkab\s+tak|\bsamay\s*seema|\bmiyaad|\bmiyad|"
    r"कितने\s+(?:दिन|महीने|साल)|कब\s+तक|समय\s*-?\s*सीमा|मियाद|अवधि",
    re.I,
)


def _spans(text: str) -> list[tuple[int, str]]:
    """(number, unit) of each period a column or clause states ("Thirty days. Sixty days." -> 30 day, 60 day)."""
    out = []
    for m in _SPAN.finditer(text or ""):
        n = m.group("n").lower()
        k = int(n) if n.isdigit() else _NUMBER_WORDS[n]
        out.append((k, m.group("u").lower().rstrip("s")))
    return list(dict.fromkeys(out))


def _said(spans: list[tuple[int, str]], lang: str) -> str:
    """ "30 days" / "30 दिन"; several periods (by the clause of the article that applies) joined by "or"."""
    if lang == "hi":
        return " या ".join(f"{n} {_UNIT_HI[u][n != 1]}" for n, u in spans)
    return " or ".join(f"{n} {u}{'s' if n != 1 else ''}" for n, u in spans)


def periods(ev: Evidence, question: str = "") -> tuple[list[tuple[int, str]], str]:
    """The periods a provision states and the time from which they run, from the graph's own text of it:
    a Limitation Act Schedule article's period column and its third column (one period: its time is said;
    one per clause of the article: the periods alone, each said once); a provision of another Act only when the
    question asks by when and its clause that speaks most to the question says "within N days" (the time
    it runs from is then in that clause). ([], "") when it states none."""
    text = ev.text or ""
    col = _PERIOD_COLUMN.search(text)
    if col:
        spans = _spans(col.group("p"))
        start = _FROM_COLUMN.search(text)
        one = len(_SPAN.findall(col.group("p"))) == 1  # one period, not one per clause of the article
        when = clean(start.group("f")).rstrip(". ") if start and one else ""
        return spans, lower_first(when) if when else ""
    if not _ASKS_TIME.search(question or ""):
        return [], ""
    clause = _best_clause(clean(text), question)
    spans = [s for m in _WITHIN.finditer(clause) for s in _spans(m.group("span"))]
    return (spans[:2], "") if spans else ([], "")


def period_sentence(ev: Evidence, provision: str, lang: str, question: str = "") -> str:
    """The short answer's sentence of the period a provision states (core.language.templates "direct.period"),
    or "" when it states none."""
    spans, start = periods(ev, question)
    if not spans:
        return ""
    if start:
        return render("direct.period", lang, provision=provision, period=_said(spans, lang), start=start)
    return render("direct.period_stated", lang, provision=provision, period=_said(spans, lang))


def _hindi_punishment_line(ev: Evidence, question: str) -> str:
    """The short answer's Hindi sentence of the punishment a provision states (core.synthesis.punishment_hi),
    each punishing clause's when it punishes in several; "" when the grammar does not read all of it."""
    each = clause_punishments(ev, question)
    if each:  # each punishing clause's punishment, the clause named (its condition is in the law's text)
        said = [render("direct.clause", "hi", clause=n, what=h) for n, _, pun in each if (h := hindi_punishment(pun))]
        return render("direct.punishments", "hi", what="; ".join(said)) if len(said) == len(each) else ""
    rule = rule_sentence(ev, max_chars=2000, question=question)
    said = hindi_punishment(rule.removeprefix("punishable with ")) if rule.startswith("punishable") else None
    return render("direct.punishment", "hi", what=said) if said else ""


QUOTE_CHARS = 220  # the law's English words a Hindi answer quotes, cut at a word past this
QUOTE_MIN_CHARS = 80  # a quote cut shorter than this ("While disposing of an application under ... of …") says nothing
HEADING_CHARS = 60  # a Hindi heading longer than this is a sentence of its own before the quote
_QUOTE_MARKS = str.maketrans({"“": "‘", "”": "’", '"': "'"})


def quoted_rule(ev: Evidence, question: str = "", max_chars: int = QUOTE_CHARS) -> str:
    """The provision's operative words (:func:`rule_sentence`) exactly as its text writes them, for a Hindi answer
    to quote: its own capitals and quotation marks (said ‘single’ inside the answer's quote), cut with " …" where
    rule_sentence cuts, and before anything in it that reads as a citation of its own ("section 12 DV Act"); a
    punishment the rule says in its own frame ("punishable with ...") is quoted from "shall be punished";
    "" when the words are not found in the text as they stand."""
    from core.citations import extract

    text = clean(ev.text or "")
    rule = rule_sentence(ev, max_chars=max_chars, question=question)
    if rule.startswith(("punishable", "under clause")):
        said = _plain(rule.removeprefix("punishable with "))[:40]
        # the punishing clause rule_sentence said (BNS 318 punishes in three; the question picked one)
        m = next((m for m in _PUNISHED.finditer(text) if _plain(m.group(1)).startswith(said)), None)
        rule = f"… {text[m.start() : m.end(1)]}" if m and rule.startswith("punishable with") else ""
        if rule and len(rule) > max_chars + 2:
            rule = rule[: max_chars + 2].rsplit(" ", 1)[0].rstrip(",;") + " …"
    pieces = [x for x in rule.split("…")]
    found = []
    end = -1  # where the last quoted words end in the text
    for x in pieces:
        x = x.strip()
        at = text.lower().find(x.lower()) if x else -1
        if x and at < 0:
            return ""
        found.append(text[at : at + len(x)] if x else "")
        end = at + len(x) if x else -1
    said = " … ".join(found).strip().rstrip(".;:,")
    if end >= 0 and not said.endswith("…") and text[end:].strip()[:1] not in ("", ".", ";", ":"):
        # the sentence goes on past the words quoted ("... is not required under sub-section"): say so
        said += " …"
    cite = [c.start for c in extract(said)]
    if cite:
        # cut before the first citation, at a word: the provision it names ("section 58 BNSS") would be cited
        # by the answer beside the point asked; what is left before it must still say something
        said = said[: cite[0]].rsplit(" ", 1)[0].rstrip(" ,;(") + " …"
        if len(said) < QUOTE_MIN_CHARS:
            return ""
    return said.translate(_QUOTE_MARKS)


def _plain(words: str) -> str:
    """Words as rule_sentence says a punishment: an amending Act's brackets gone, white space single."""
    return " ".join(re.sub(r"[\[\]’']", " ", words).split()).replace(" ,", ",").lower()


def hindi_rule_lines(ev: Evidence, provision: str, what: str, question: str = "", quote: bool = True) -> list[str]:
    """A Hindi short answer's sentences of what a provision says: the rule in Hindi where fixed grammar reads
    its whole sentence (core.synthesis.clause_hi) and then its English words, else its heading and its English
    words ("जीवन का अधिकार: अनुच्छेद 21 के अंग्रेज़ी पाठ में लिखा है: “No person shall ...”।"); without
    ``quote`` (a second provision: the answer stays short) the Hindi rule alone. [] when neither can be said."""
    from core.synthesis.clause_hi import hindi_rule

    rule = rule_sentence(ev, max_chars=2000, question=question)
    said = None if rule.startswith(("punishable", "under clause")) else hindi_rule(rule)
    words = quoted_rule(ev, question) if quote else ""
    if said:
        lines = [render("direct.about", "hi", provision=provision, what=said)]
        return lines + ([render("direct.law_text", "hi", text=words)] if words else [])
    if not words:
        return []
    if what and len(what) <= HEADING_CHARS:
        return [render("direct.about_text", "hi", provision=provision, what=what, text=words)]
    if what:
        return [
            render("direct.about", "hi", provision=provision, what=what),
            render("direct.law_text", "hi", text=words),
        ]
    return [render("direct.about_text_bare", "hi", provision=provision, text=words)]


def direct_summary(p: ProblemMaterial, tag_of: dict, ev_of: dict, lang: str, question: str = "") -> list[str]:
    """The short answer to a question about the law: each provision it is about (at most three) with
    what it punishes or provides, and the code it replaced when it replaced one."""
    out: list[str] = []
    first = p.quoted_leads()
    # a residuary article ("Any suit for which no period of limitation is provided elsewhere in this Schedule",
    # Limitation Act Art. 113: three years) is said after a specific one beside it (Art. 65, possession of land:
    # twelve): the first period a person reads is the one for their suit
    first = sorted(first, key=lambda g: g in ev_of and bool(_RESIDUARY.search(ev_of[g].text or "")))
    if lang != "hi":
        # an exception the question asks is said first: "can a husband be punished for forcing sex on his wife"
        # opens with Exception 2 of BNS s.63, not with the punishment for rape (s.64) that it excepts
        first = sorted(first, key=lambda g: g not in ev_of or not exception_asked(ev_of[g], question))
    for g in first:
        if g not in tag_of:
            continue
        ev, i = ev_of[g], tag_of[g]
        period = period_sentence(ev, f"[S{i}]", lang, question)
        if lang == "hi":
            what = clean(ev.gist_hi).rstrip("।")
            about = render("direct.about", "hi", provision=f"[S{i}]", what=what) if what else f"लागू कानून: [S{i}]।"
            punished = _hindi_punishment_line(ev, question)
            if punished or period:
                # the punishment in fixed Hindi words, or a Schedule article's period: the heading, then that
                out += [about, *([punished] if punished else [])]
            else:  # what the provision says: in Hindi where fixed grammar reads it, and in its English words
                # the law's English words for the first provision said only: the answer stays short
                # never the words of a text the law no longer has (HSA s.6 before 2005): its gist says so
                quote = not out and not ev.text_outdated
                out += hindi_rule_lines(ev, f"[S{i}]", what, question, quote=quote) or [about]
            if period:
                out.append(period)
        elif period and _PERIOD_COLUMN.search(ev.text or ""):
            # a Schedule article: its period and the time it runs from, in place of its description's first line
            out.append(period)
        else:
            rule = clean(ev.gist).rstrip(".") if ev.text_outdated and ev.gist else rule_sentence(ev, question=question)
            head = title_of(ev).rstrip(".")
            out.append(
                render("direct.about", "en", provision=f"[S{i}] ({head})", what=rule)
                if rule
                else f"Under [S{i}]: {head}."
            )
            if period and not _SPAN.search(rule):
                out.append(period)
        olds = [o for o in p.old_codes.get(g, []) if o in tag_of][:1]
        if olds:
            out.append(render("direct.replaced", lang, old=f"[S{tag_of[olds[0]]}]"))
        elif ev.omitted and ev.repealed_code:  # dropped by the new code (IPC s.309): its first sentence is old law
            out.append(render("direct.dropped", lang))
        if len(out) >= 4:
            break
    return out


def _words(text: str) -> set[str]:
    """Content stems ('the', 'not', 'when' carry no subject), Devanagari ones too (a Hindi sentence shared one gloss)."""
    from core.problems import tokens
    from core.stop_words import HI_STOP
    from core.support import content_words, stems

    deva = [w for w in re.findall(r"[\u0900-\u097F]+", text or "") if w not in HI_STOP and not _HI_FUNCTION.match(w)]
    # (_HI_FUNCTION: postpositions, auxiliaries, pronouns a gist has and HI_STOP, a question's words, lacks)
    return stems(content_words(text or "")) | set(tokens(" ".join(deva)))


_HI_FUNCTION = re.compile(r"^(?:का|के|की|को|में|से|पर|है|हैं|था|थी|थे|और|या|तो|जब|हर|एक|उस|उसे|इस|ने|भी|न|नहीं|हो|कर)$")


def _lead_for(sentence: str, governed: list[str], ev_of: dict, lang: str) -> str | None:
    """Of the provisions that govern a problem, the one a short-answer sentence speaks of (most
    words shared with its gist), so that the citation after a sentence about an injunction is the
    injunction rule, not the legal-aid section listed first; ties and no overlap keep the pack's
    order (most important first). Another provision must share at least two words to take the
    sentence from the first: one shared word ("need") is how 'The protection need not end when the
    charge-sheet is filed' went to the bailable-bail section."""
    if not governed:
        return None
    said = _words(sentence)
    best, best_n = governed[0], 1
    for g in governed:
        ev = ev_of.get(g)
        n = len(said & _words(ev.gist_in(lang) if ev is not None else ""))
        if n > best_n:
            best, best_n = g, n
    return best


def tag_at(sents: list[str]) -> int | None:
    """Which of a gist's sentences carries its source tag: the last one held law supports, never a sentence
    saying that its law is not held here (the tag after "... इस प्रणाली में नहीं है" read as if the unheld Act
    were the cited section); None when every sentence says so."""
    for i in range(len(sents) - 1, -1, -1):
        if not _NOT_HELD_HERE.search(sents[i]):
            return i
    return None


def summary_plan(
    problems: list[ProblemMaterial], ev_of: dict, lang: str, taken: int = 0
) -> list[tuple[ProblemMaterial, list[str], str | None]]:
    """The problem sentences of the short answer (at most three in all, ``taken`` already used by a
    direct question's lines; the first two problems' gists) and the governing provision their last
    sentence held law supports (:func:`tag_at`) speaks of among those in ``ev_of`` (most content words
    shared with its gist; ties and no overlap: the problem's first). The six-citation cap keeps that
    provision (core.answer) and records it in ``said_by`` by the number of sentences used, so the composer
    cites the sentence to it or to nothing: never the provision another sentence was decided for."""
    out = []
    n = taken
    for p in [p for p in problems if p.id != DIRECT_ID][:2]:
        sents = gist_sentences(p.gist)[: max(1, 3 - n)]
        if not sents:
            continue
        # decided before the cap, over all the evidence, when the cap ran
        at = tag_at(sents)
        governed = [g for g in p.governed_by if g in ev_of]
        lead = None if at is None else p.said_by.get(len(sents)) or _lead_for(sents[at], governed, ev_of, lang)
        out.append((p, sents, lead))
        n += len(sents)
        if n >= 3:
            break
    return out
