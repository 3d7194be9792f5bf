"""ExtractiveComposer: a deterministic answer built only from the evidence (no model).

Every sentence that states law carries an ``[Sn]`` tag and quotes or trims the source's own
words; nothing is paraphrased by a model. It is the fallback when no LLM is available and the
default for Hindi (the local 1.5B model writes poor Hindi; see ``prefer_extractive_for_hindi``).

English frames::

    Under [S1], <title>: <first sentence of the text>.
    The Supreme Court held in [S2] that <holding>.
    What to do next:
    1. <step name>: <first sentence> (time limit: <time_limit>) [S3]

Hindi frames use ``text_hi`` / ``name_hi`` (a step's Hindi description is its ``text_hi``) where
present and otherwise quote the English title verbatim::

    [S1] के अनुसार: "<English title>"।
    आगे क्या करें:
    1. <name_hi or name>: <text_hi> (समय-सीमा: <time_limit_hi>) [S3]

When the question was recognised as one or more problems of the pack (``problems``: their
``ProblemMaterial``), the answer is built from the problems' plain gists and steps, never from
statutory text (issue 11)::

    <the problem's gist: 2-3 plain sentences> [S1]
    What you can do now:
    1. <step>. Where: <forum>. Bring: <...>. Time limit: <...> [S2]
    Helplines: 181, 112
    The law:
    Under [S1]: <the one-line gist of the provision>.

In Hindi every part is Hindi (the pack's ``*_hi`` texts); a provision without a Hindi gist is
named, not described. The ``Draft`` carries the parts (``DraftParts``) as well as the text.

A ``correction`` that names tags (``"[S3] is not ..."``) drops those sources from the text
(the source map is unchanged), so a revision can deterministically fix a verifier complaint.
"""

from __future__ import annotations

import re
import time

from core.language.templates import render
from core.stages import Draft, DraftParts, Evidence, ProblemMaterial, Step
from core.synthesis.prompt import sha256_json, sha256_text, source_map
from core.synthesis.punishment_hi import hindi_punishment
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI

PROVISION_LABELS = {"Section", "Article", "Rule", "Clause", "Provision"}
CASE_LABELS = {"Case", "Judgment"}
STEP_LABELS = {"ProceduralEvent", "Step", "Procedure"}

_ABBREV = re.compile(
    r"\b(?:Sec|Secs|Ss|S|Art|Arts|No|Nos|Cl|Para|Paras|Sch|Ch|Vol|v|vs|u/s|i\.e|e\.g|viz|etc|Cr|"
    r"P\.C|Pvt|Ltd|Co|Govt|Dr|Mr|Mrs|Ms|Hon'ble|Smt|Shri|St|Jr|Sr|Dept|approx|Rs|Ors|Anr)\.$",
    re.IGNORECASE,
)
_SENT_END = re.compile(r"[.!?।](?=\s|$)")
_LOWER_FIRST = {
    "The",
    "A",
    "An",
    "It",
    "This",
    "That",
    "There",
    "Every",
    "Any",
    "No",
    "Such",
    "Where",
    "When",
    "If",
    "All",
    "Each",
    "Once",
    "Only",
    "Even",
    "Whoever",
    "Nobody",
    "Nothing",
}

FALLBACK_NEXT_EN = (
    "What to do next: keep copies of all your papers, and talk to a lawyer or your District "
    "Legal Services Authority (free legal aid helpline 15100)."
)
FALLBACK_NEXT_HI = (
    "आगे क्या करें: अपने सभी काग़ज़ों की प्रतियाँ सँभालकर रखें, और किसी वकील या अपने ज़िला विधिक "
    "सेवा प्राधिकरण से बात करें (मुफ़्त कानूनी सहायता हेल्पलाइन 15100)।"
)


def _clean(s: str) -> str:
    return " ".join((s or "").split())


def first_sentence(text: str, max_chars: int = 240) -> str:
    """The first sentence of ``text`` (abbreviation-aware), cut at a word boundary if too long.

    The result has no final full stop / danda; callers add their own.
    """
    t = _clean(text)
    # a leading sub-section marker "(1)", "(a)", or "1." is not part of the rule
    t = re.sub(r"^(?:\((?:\d{1,3}[A-Z]?|[a-z]{1,4})\)|\d{1,3}\.)\s+", "", t)
    if not t:
        return ""
    for m in _SENT_END.finditer(t):
        head = t[: m.start() + 1]
        # "Sec." "v." "No." or a single initial ("S.", "A.") are not sentence ends.
        last = head.rsplit(" ", 1)[-1]
        if _ABBREV.search(last) or re.fullmatch(r"\(?[A-Za-z]\.", last) or re.fullmatch(r"\(?\d+\.", last):
            continue
        t = head
        break
    t = t.rstrip()
    if len(t) > max_chars:
        cut = t[:max_chars]
        # prefer a clause boundary, then a word boundary
        for sep in ("; ", ", "):
            k = cut.rfind(sep)
            if k > max_chars * 0.5:
                cut = cut[:k]
                break
        else:
            k = cut.rfind(" ")
            if k > max_chars * 0.5:
                cut = cut[:k]
        t = cut.rstrip(" ,;:-") + " …"
    return t.rstrip(".।!? ").rstrip()


def gist_sentences(text: str) -> list[str]:
    """A pack gist's sentences (no final stop), abbreviation-aware."""
    out, t = [], _clean(text)
    while t and len(out) < 6:
        s = first_sentence(t, max_chars=10_000)
        if not s:
            break
        out.append(s)
        k = t.find(s) + len(s)
        t = t[k:].lstrip(".।!? ")
    return out


def title_of(ev: Evidence) -> str:
    """'BNS 103: Punishment for murder' -> 'Punishment for murder'; else the name itself."""
    name = _clean(ev.name)
    if ":" in name:
        head, tail = name.split(":", 1)
        if tail.strip() and len(head) <= 40:
            return tail.strip()
    return name or ev.cite_as or ev.node_id


def _lower_first(s: str) -> str:
    w = s.split(" ", 1)[0]
    if w in _LOWER_FIRST:
        return s[0].lower() + s[1:]
    return s


def _strip_held(s: str) -> str:
    return re.sub(r"^(?:held\s*[:\-–]\s*|(?:the\s+court\s+)?held\s+that\s+|that\s+)", "", s, flags=re.IGNORECASE)


def _court_of(ev: Evidence) -> str:
    court = _clean(ev.court)
    if court:
        return court if court.lower().startswith("the ") else f"the {court}"
    c = ev.cite_as or ""
    if re.search(r"\bSCC\b|\bSCR\b|\bAIR\s+\d{4}\s+SC\b|\bINSC\b|\(SC\)", c):
        return "the Supreme Court"
    return "the court"


def _court_hi(ev: Evidence) -> str:
    c = _clean(ev.court_hi)
    if c:
        return c
    return "सुप्रीम कोर्ट" if _court_of(ev) == "the Supreme Court" else "अदालत"


def _status_en(ev: Evidence) -> str:
    st = (ev.status or "verified").strip().lower()
    return "" if st in ("", "verified") else f" (status: {st.replace('_', ' ')})"


def _step_order(steps: list[tuple[int, Evidence]]) -> list[tuple[int, Evidence]]:
    """Steps in their flow's order; flows keep the order in which their first step came."""
    flows = list(dict.fromkeys(ev.flow or "" for _, ev in steps))
    return sorted(steps, key=lambda x: (flows.index(x[1].flow or ""), x[1].order is None, x[1].order or 0, x[0]))


def _dropped(correction: str | None) -> set[str]:
    if not correction:
        return set()
    return {f"S{n}" for n in re.findall(r"\[\s*S\s*(\d+)\s*\]", correction, flags=re.IGNORECASE)}


def next_steps_block(
    evidence: list[Evidence], lang: str = "en", *, max_steps: int = 5, sentence_chars: int = 240
) -> str:
    """The deterministic 'What to do next:' block (numbered, tagged steps from ProceduralEvent
    evidence, or the fixed legal-aid line when there are none)."""
    c = ExtractiveComposer(
        max_steps=max_steps, sentence_chars=sentence_chars, max_provisions=0, max_cases=0, max_other=0
    )
    items = list(enumerate(evidence, 1))
    steps = c._split(items)[2]
    if not steps:
        return FALLBACK_NEXT_HI if lang == "hi" else FALLBACK_NEXT_EN
    return c._compose_hi(steps) if lang == "hi" else c._compose_en(steps)


class ExtractiveComposer:
    """Deterministic, model-free synthesizer (see the module docstring)."""

    backend = "extractive"
    model_id = "extractive"
    prefer_extractive_for_hindi = True

    def __init__(
        self,
        *,
        max_provisions: int = 3,
        max_cases: int = 2,
        max_steps: int = 5,
        max_other: int = 1,
        sentence_chars: int = 240,
        echo_guidance: bool = False,
    ):
        self.max_provisions = max_provisions
        self.max_cases = max_cases
        self.max_steps = max_steps
        self.max_other = max_other
        self.sentence_chars = sentence_chars
        self.echo_guidance = echo_guidance

    # -- public ---------------------------------------------------------------------------
    def draft(
        self,
        question: str,
        evidence: list[Evidence],
        lang: str,
        *,
        correction: str | None = None,
        guidance: str | None = None,
        max_tokens: int = 256,
        problems: list[ProblemMaterial] | None = None,
        inline_drop: set[str] | None = None,
    ) -> Draft:
        """``problems``: the recognised problems' material (the answer of issue 11 is built from it).
        ``inline_drop``: tags ("S3") not to put after a sentence of the short answer or a step (the
        source stays in "The law"), for a sentence the point-support check did not accept."""
        t0 = time.perf_counter()
        lang = "hi" if (lang or "").lower().startswith("hi") else "en"
        drop = _dropped(correction)
        items = [(i, ev) for i, ev in enumerate(evidence, 1) if f"S{i}" not in drop]
        parts = None
        if problems:
            text, parts = self._compose_problems(items, problems, lang, inline_drop or set(), question)
        else:
            text = self._compose_hi(items) if lang == "hi" else self._compose_en(items)
            if text:
                parts = self._fallback_parts(items, lang)
        if not text:
            text, parts = (REFUSAL_HI if lang == "hi" else REFUSAL_EN), None
        if guidance and self.echo_guidance:
            text = f"{_clean(guidance)}\n{text}"
        ms = (time.perf_counter() - t0) * 1000
        payload = {
            "question": question,
            "lang": lang,
            "evidence": [e.node_id for e in evidence],
            "correction": correction,
            "guidance": guidance,
            "composer": "extractive-v2",
            "problems": [p.id for p in problems or []],
            "inline_drop": sorted(inline_drop or []),
        }
        return Draft(
            text=text,
            sources=source_map(evidence),
            backend="extractive",
            model_id=self.model_id,
            prompt_sha256=sha256_json(payload),
            response_sha256=sha256_text(text),
            timings_ms={"first_token": round(ms, 3), "generate": round(ms, 3)},
            parts=parts,
        )

    # -- the problem layer (issue 11) -------------------------------------------------------
    def _compose_problems(
        self, items, problems: list[ProblemMaterial], lang: str, inline_drop: set[str], question: str = ""
    ) -> tuple[str, DraftParts]:
        """Short answer from the problems' gists, steps from their steps, the law from the provisions
        that decide them (each with its one-line gist). No statutory text."""
        tag_of = {ev.node_id: i for i, ev in items}
        inline = {n: i for n, i in tag_of.items() if f"S{i}" not in inline_drop}
        ev_of = {ev.node_id: ev for _, ev in items}
        stop = "।" if lang == "hi" else "."

        summary: list[str] = []
        direct = [p for p in problems if p.id == DIRECT_ID]
        if direct:  # a question about the law itself: what each provision it is about says (issue 19)
            summary = _direct_summary(direct[0], inline, ev_of, lang, question)
            problems = [p for p in problems if p.id != DIRECT_ID]
        for _p, sents, lead in summary_plan(problems, ev_of, lang, taken=len(summary)):
            # the short answer's last sentence is cited to the provision it speaks of; when the six-citation
            # cap left that provision out, it carries no citation rather than the nearest kept one
            # ("Breaking a protection order is a crime" is s.31 DV Act, never s.12)
            if lead in inline:
                sents[-1] = f"{sents[-1]} [S{inline[lead]}]"
            summary += [x + stop for x in sents]

        steps: list[Step] = []
        lines: list[str] = []
        for p in problems:
            for st in p.steps:
                if len(steps) >= self.max_steps:
                    break
                basis = list(dict.fromkeys(f"S{tag_of[b]}" for b in st.basis if b in tag_of))[:2]
                tags = "".join(f"[{t}]" for t in basis if t not in inline_drop)
                text = _clean(st.text).rstrip(".।")
                # the provision that sets the step is cited after what it sets: the step, or its time limit
                segs = [text]
                if st.time_limit:
                    segs.append(render("answer.time_limit", lang, time_limit=_clean(st.time_limit).rstrip(".।")))
                if tags:
                    segs[-1] += f" {tags}"
                if st.where:
                    segs.append(render("answer.where", lang, where=st.where.name))
                if st.bring:
                    segs.append(render("answer.bring", lang, bring=_clean(st.bring).rstrip(".।")))
                lines.append(f"{len(steps) + 1}. " + f"{stop} ".join(segs) + stop)
                steps.append(
                    Step(
                        text=text + stop,
                        where=st.where.name if st.where else "",
                        where_id=st.where.id if st.where else "",
                        bring=_clean(st.bring),
                        time_limit=_clean(st.time_limit),
                        basis=basis,
                    )
                )
        out = [" ".join(summary)] if summary else []
        if lines:
            out += [render("answer.now", lang), *lines]
        else:  # no steps in the pack for it: the procedure flow's steps, else the legal-aid line
            flow = [x for x in items if x[1].label in STEP_LABELS]
            if flow:
                only = ExtractiveComposer(
                    max_steps=self.max_steps,
                    sentence_chars=self.sentence_chars,
                    max_provisions=0,
                    max_cases=0,
                    max_other=0,
                )
                out.append(only._compose_hi(flow) if lang == "hi" else only._compose_en(flow))
                steps = only._fallback_parts(items, lang).steps
            else:
                out.append(FALLBACK_NEXT_HI if lang == "hi" else FALLBACK_NEXT_EN)
        helplines = list(dict.fromkeys(h for p in problems for h in p.helplines))
        if helplines:
            out.append(render("answer.helplines", lang, numbers=", ".join(helplines)) + stop)

        law = self._law_ids(problems, tag_of)
        if direct:  # the provisions it is about first, then those of the problem; six at most
            first = [g for g in direct[0].governed_by if g in tag_of]
            law = list(dict.fromkeys(first + law))[:DIRECT_CAP]
        if law:
            out.append(render("answer.law", lang))
            for g in law:
                ev, i = ev_of[g], tag_of[g]
                gist = _clean(ev.gist_in(lang)).rstrip(".।")
                if lang == "hi":
                    out.append(f"[S{i}] के अनुसार: {gist}।" if gist else f"लागू कानून: [S{i}]।")
                else:
                    out.append(f"Under [S{i}]: {gist or title_of(ev)}.")
        if not summary and not law:
            return "", DraftParts()
        return "\n".join(out), DraftParts(summary=" ".join(summary), steps=steps, law=[tag_of[g] for g in law])

    @staticmethod
    def _law_ids(problems: list[ProblemMaterial], tag_of: dict[str, int], cap: int = 5, with_old: int = 2) -> list[str]:
        """The provisions "The law" shows: each problem's first before any problem's second (at most
        ``cap``); beside the first ``with_old`` of them, the old-code provisions they replaced."""
        primary: list[str] = []
        for k in range(max((len(p.governed_by) for p in problems), default=0)):
            for p in problems:
                if k < len(p.governed_by) and p.governed_by[k] in tag_of and p.governed_by[k] not in primary:
                    primary.append(p.governed_by[k])
        primary = primary[:cap]
        old = {g: o for p in problems for g, o in p.old_codes.items()}
        out: list[str] = []
        for n, g in enumerate(primary):
            out.append(g)
            if n < with_old:
                out += [o for o in old.get(g, []) if o in tag_of and o not in out and o not in primary]
        return out

    def _fallback_parts(self, items, lang: str) -> DraftParts:
        """The parts of an answer composed without a recognised problem: its procedure steps and the
        sources it quotes (no short answer: that needs a problem's gist)."""
        prov, cases, steps, _ = self._split(items)
        tag_of = {ev.node_id: i for i, ev in items}
        out = []
        for _, ev in steps:
            name = (_clean(ev.name_hi) if lang == "hi" else "") or title_of(ev)
            tl = _clean(ev.time_limit_hi) if lang == "hi" else _clean(ev.time_limit)
            out.append(
                Step(
                    text=name.rstrip(".।") + ("।" if lang == "hi" else "."),
                    time_limit=tl,
                    basis=[f"S{tag_of[b]}" for b in ev.basis if b in tag_of][:2],
                )
            )
        return DraftParts(steps=out, law=[i for i, _ in prov + cases])

    # -- English ----------------------------------------------------------------------------
    def _split(self, items):
        prov = [x for x in items if x[1].label in PROVISION_LABELS][: self.max_provisions]
        cases = [x for x in items if x[1].label in CASE_LABELS][: self.max_cases]
        steps = _step_order([x for x in items if x[1].label in STEP_LABELS])[: self.max_steps]
        used = {i for i, _ in prov + cases + steps}
        other = [
            x for x in items if x[0] not in used and x[1].label not in PROVISION_LABELS | CASE_LABELS | STEP_LABELS
        ][: self.max_other]
        return prov, cases, steps, other

    def _compose_en(self, items) -> str:
        prov, cases, steps, other = self._split(items)
        lines: list[str] = []
        for i, ev in prov:
            body = first_sentence(ev.text, self.sentence_chars)
            title = title_of(ev)
            s = f"Under [S{i}], {title}: {body}." if body else f"Under [S{i}]: {title}."
            lines.append(s[:-1] + _status_en(ev) + ".")
        for i, ev in cases:
            hold = _strip_held(first_sentence(ev.text, self.sentence_chars))
            if hold:
                s = f"{_court_of(ev)[0].upper()}{_court_of(ev)[1:]} held in [S{i}] that {_lower_first(hold)}."
            else:
                s = f"See the decision in [S{i}]: {title_of(ev)}."
            lines.append(s[:-1] + _status_en(ev) + ".")
        for i, ev in other:
            body = first_sentence(ev.text, self.sentence_chars)
            if body:
                lines.append(f"According to [S{i}], {title_of(ev)}: {body}.")
        if not (lines or steps):
            return ""
        out = " ".join(lines)
        if steps:
            nxt = ["What to do next:"]
            for k, (i, ev) in enumerate(steps, 1):
                name = title_of(ev)
                desc = first_sentence(ev.text, self.sentence_chars)
                s = f"{k}. {name}" + (f": {desc}" if desc and desc != name else "")
                tl = _clean(ev.time_limit)
                if tl:
                    s += f" (time limit: {tl})"
                nxt.append(f"{s} [S{i}].")
            out = (out + "\n" if out else "") + "\n".join(nxt)
        else:
            out += "\n" + FALLBACK_NEXT_EN
        return out

    # -- Hindi ------------------------------------------------------------------------------
    def _compose_hi(self, items) -> str:
        prov, cases, steps, other = self._split(items)
        lines: list[str] = []
        for i, ev in prov + other:
            hi = first_sentence(ev.text_hi, self.sentence_chars)
            name_hi = _clean(ev.name_hi)
            gist_hi = _clean(ev.gist_hi).rstrip("।")
            if hi:
                lines.append(f"[S{i}] के अनुसार: {hi}।")
            elif name_hi or gist_hi:
                lines.append(f"[S{i}] के अनुसार: {gist_hi or name_hi}।")
            else:  # no Hindi words for it: it is named, never described in English
                lines.append(f"लागू कानून: [S{i}]।")
        for i, ev in cases:
            hi = first_sentence(ev.text_hi, self.sentence_chars)
            if hi:
                lines.append(f"{_court_hi(ev)} ने [S{i}] में कहा: {hi}।")
            else:
                lines.append(f"{_court_hi(ev)} का फ़ैसला: [S{i}]।")
        if not (lines or steps):
            return ""
        out = " ".join(lines)
        if steps:
            nxt = ["आगे क्या करें:"]
            for k, (i, ev) in enumerate(steps, 1):
                desc = first_sentence(ev.text_hi, self.sentence_chars)
                name = _clean(ev.name_hi)
                if not name:  # no Hindi name: the Hindi description leads, else the English name quoted
                    name, desc = (desc, "") if desc else (f'"{title_of(ev)}"', "")
                s = f"{k}. {name}" + (f": {desc}" if desc else "")
                tl = _clean(ev.time_limit_hi)  # an English period is not put into a Hindi sentence
                if tl:
                    s += f" (समय-सीमा: {tl})"
                nxt.append(f"{s} [S{i}]।")
            out = (out + "\n" if out else "") + "\n".join(nxt)
        else:
            out += "\n" + FALLBACK_NEXT_HI
        return out


_WORD = re.compile(r"[\w\u0900-\u0963\u0966-\u097f]+")

DIRECT_ID = "DIRECT"  # the material of a question about the law itself (core.answer builds it)
DIRECT_CAP = 6  # provisions an answer cites at most
_PUNISHED = re.compile(
    r"shall be punished (?:with|by) ((?:[^.;:]|\.(?=\d))+?)"
    r"(?:[.;:]|,\s*(?:and|or) (?:if|where|when|whoever)\b|,?\s+and in (?:the )?case of\b|$)",
    re.I,
)


# a question that asks what an offence is punished with, in English, Hindi or Roman Hindi
_ASKS_PUNISHMENT = re.compile(
    r"punish|penalt|sentence|how many years|jail term|imprisonment|सज़ा|सजा|दंड|कैद|क़ैद|saz?aa?\b|sajaa?\b|dand\b|kaid",
    re.I,
)

_CLAUSE = re.compile(r"(?:^|\s)(?=\(\d+[A-Z]?\)\s)")


def _best_clause(text: str, question: str) -> str:
    """The numbered clause of a provision that speaks most to the question (Art. 20(3) for "forced to give
    evidence against himself"); the whole text when it has none or nothing matches better."""
    parts = [p.strip() for p in _CLAUSE.split(text) if p and p.strip()]
    if len(parts) < 2 or not question:
        return text
    from core.provisions import toks

    asked = {w for w in toks(question) if w not in _NAMING_WORDS and not w.isdigit()}
    asked |= {w for a in asked for w in _SAID_AS.get(a, ())}
    words = [set(toks(p)) for p in parts]
    # a word every clause has ("arrest" in BNSS 43) says little of which clause is meant; the one only
    # clause (5) has ("woman", with "night" read as its "sunset") says it
    weight = {w: 1.0 / max(1, sum(w in x for x in words)) for w in asked}
    best, best_n = text, 0.0
    for p, x in zip(parts, words, strict=True):
        n = sum(weight[w] for w in asked & x)
        if n > best_n + 1e-9:
            best, best_n = p, n
    if best is text:  # no clause speaks to the question: the whole text, as it is
        return text
    return re.sub(r"^\(\d+[A-Z]?\)\s*", "", best)


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
}


def rule_sentence(ev: Evidence, max_chars: int = 220, question: str = "") -> str:
    """One plain sentence of what a provision punishes or provides, in its own words: the punishment
    clause of an offence ("punishable with imprisonment ... and fine"), else the first sentence of the
    clause that speaks most to the question."""
    whole = _clean(ev.text or "")
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
    if m:
        clause = " ".join(m.group(1).split())
        if len(clause) > max_chars:
            cut = clause[:max_chars].rsplit(" ", 1)[0]
            clause = cut.rstrip(",;")
        return f"punishable with {clause}"
    return _lower_first(first_sentence(text, max_chars).rstrip(".")) if text else ""


def _direct_summary(p: ProblemMaterial, tag_of: dict, ev_of: dict, lang: str, question: str = "") -> list[str]:
    """The short answer to a question about the law: each provision it is about (at most three) with
    what it punishes or provides, and the code it replaced when it replaced one."""
    out: list[str] = []
    for g in p.governed_by[:3]:
        if g not in tag_of or g in {o for v in p.old_codes.values() for o in v}:
            continue
        ev, i = ev_of[g], tag_of[g]
        if lang == "hi":
            what = _clean(ev.gist_hi).rstrip("।")
            out.append(render("direct.about", "hi", provision=f"[S{i}]", what=what) if what else f"लागू कानून: [S{i}]।")
            rule = rule_sentence(ev, max_chars=2000, question=question)
            said = hindi_punishment(rule.removeprefix("punishable with ")) if rule.startswith("punishable") else None
            if said:
                out.append(render("direct.punishment", "hi", what=said))
        else:
            rule = rule_sentence(ev, question=question)
            head = title_of(ev).rstrip(".")
            out.append(
                render("direct.about", "en", provision=f"[S{i}] ({head})", what=rule)
                if rule
                else f"Under [S{i}]: {head}."
            )
        olds = [o for o in p.old_codes.get(g, []) if o in tag_of][:1]
        if olds:
            out.append(render("direct.replaced", lang, old=f"[S{tag_of[olds[0]]}]"))
        if len(out) >= 4:
            break
    return out


def _words(text: str) -> set[str]:
    """Content stems (function words such as 'the', 'not', 'when' carry no subject)."""
    from core.support import content_words, stems

    return stems(content_words(text or ""))


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


def summary_plan(
    problems: list[ProblemMaterial], ev_of: dict, lang: str, taken: int = 0
) -> list[tuple[ProblemMaterial, list[str], str | None]]:
    """The problem sentences of the short answer (at most three in all, ``taken`` already used by a
    direct question's lines; the first two problems' gists) and the governing provision their last
    sentence speaks of among those in ``ev_of`` (most content words shared with its gist; ties and no
    overlap: the problem's first). The six-citation cap keeps that provision (core.answer) and
    records it in ``said_by``, so the composer cites the sentence to it or to nothing."""
    out = []
    n = taken
    for p in [p for p in problems if p.id != DIRECT_ID][:2]:
        sents = gist_sentences(p.gist)[: max(1, 3 - n)]
        if not sents:
            continue
        # decided before the cap, over all the evidence, when the cap ran
        lead = p.said_by or _lead_for(sents[-1], [g for g in p.governed_by if g in ev_of], ev_of, lang)
        out.append((p, sents, lead))
        n += len(sents)
        if n >= 3:
            break
    return out
