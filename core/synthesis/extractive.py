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
from core.stages import CitationStatus, Draft, DraftParts, Evidence, ProblemMaterial, Step
from core.synthesis.base import answer_lang
from core.synthesis.prompt import sha256_json, sha256_text, source_map
from core.synthesis.sentences import clean, first_sentence, lower_first, title_of
from core.synthesis.short_answer import DIRECT_CAP, DIRECT_ID, direct_summary, rule_sentence, summary_plan, tag_at
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI

PROVISION_LABELS = {"Section", "Article", "Rule", "Clause", "Provision"}
CASE_LABELS = {"Case", "Judgment"}
STEP_LABELS = {"ProceduralEvent", "Step", "Procedure"}


FALLBACK_NEXT_EN = (
    "What to do next: keep copies of all your papers, and talk to a lawyer or your District "
    "Legal Services Authority (free legal aid helpline 15100)."
)
FALLBACK_NEXT_HI = (
    "आगे क्या करें: अपने सभी काग़ज़ों की प्रतियाँ सँभालकर रखें, और किसी वकील या अपने ज़िला विधिक "
    "सेवा प्राधिकरण से बात करें (मुफ़्त कानूनी सहायता हेल्पलाइन 15100)।"
)


def _strip_held(s: str) -> str:
    return re.sub(r"^(?:held\s*[:\-–]\s*|(?:the\s+court\s+)?held\s+that\s+|that\s+)", "", s, flags=re.IGNORECASE)


def _court_of(ev: Evidence) -> str:
    court = clean(ev.court)
    if court:
        return court if court.lower().startswith("the ") else f"the {court}"
    c = ev.cite_as or ""
    if re.search(r"\bSCC\b|\bSCR\b|\bAIR\s+\d{4}\s+SC\b|\bINSC\b|\(SC\)", c):
        return "the Supreme Court"
    return "the court"


def _court_hi(ev: Evidence) -> str:
    c = clean(ev.court_hi)
    if c:
        return c
    return "सुप्रीम कोर्ट" if _court_of(ev) == "the Supreme Court" else "अदालत"


def _status_en(ev: Evidence) -> str:
    st = ev.status or CitationStatus.VERIFIED
    return "" if st == CitationStatus.VERIFIED else f" (status: {str(st).replace('_', ' ')})"


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
        lang = answer_lang(lang)
        drop = _dropped(correction)
        items = [(i, ev) for i, ev in enumerate(evidence, 1) if f"S{i}" not in drop]
        parts = None
        if problems:
            text, parts = self._compose_problems(items, problems, lang, inline_drop or set(), question)
        else:
            text = self._compose_hi(items) if lang == "hi" else self._compose_en(items)
            if text:
                parts = self._fallback_parts(items, lang, question)
        if not text:
            text, parts = (REFUSAL_HI if lang == "hi" else REFUSAL_EN), None
        if guidance and self.echo_guidance:
            text = f"{clean(guidance)}\n{text}"
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

    def summarize(
        self,
        question: str,
        facts: list[str],
        lang: str,
        *,
        correction: str | None = None,
        max_tokens: int | None = None,
    ) -> None:
        """No short answer of its own: the composer's draft already has one (from the problems' gists),
        and only a model may rewrite it (core.synthesis.base.Synthesizer.summarize)."""
        return None

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
            summary = direct_summary(direct[0], inline, ev_of, lang, question)
            problems = [p for p in problems if p.id != DIRECT_ID]
        for _p, sents, lead in summary_plan(problems, ev_of, lang, taken=len(summary)):
            # the short answer's last sentence is cited to the provision it speaks of; when the six-citation
            # cap left that provision out, it carries no citation rather than the nearest kept one
            # ("Breaking a protection order is a crime" is s.31 DV Act, never s.12)
            # ... placed after the sentence it supports, never after one saying its law is not held here
            if lead in inline and (at := tag_at(sents)) is not None:
                sents[at] = f"{sents[at]} [S{inline[lead]}]"
            summary += [x + stop for x in sents]

        steps: list[Step] = []
        lines: list[str] = []
        for p in problems:
            for st in p.steps:
                if len(steps) >= self.max_steps:
                    break
                basis = list(dict.fromkeys(f"S{tag_of[b]}" for b in st.basis if b in tag_of))[:2]
                tags = "".join(f"[{t}]" for t in basis if t not in inline_drop)
                text = clean(st.text).rstrip(".।")
                # the provision that sets the step is cited after what it sets: the step, or its time limit
                segs = [text]
                if st.time_limit:
                    segs.append(render("answer.time_limit", lang, time_limit=clean(st.time_limit).rstrip(".।")))
                if tags:
                    segs[-1] += f" {tags}"
                if st.where:
                    segs.append(render("answer.where", lang, where=st.where.name))
                if st.bring:
                    segs.append(render("answer.bring", lang, bring=clean(st.bring).rstrip(".।")))
                lines.append(f"{len(steps) + 1}. " + f"{stop} ".join(segs) + stop)
                steps.append(
                    Step(
                        text=text + stop,
                        where=st.where.name if st.where else "",
                        where_id=st.where.id if st.where else "",
                        bring=clean(st.bring),
                        time_limit=clean(st.time_limit),
                        basis=basis,
                    )
                )
        out = [" ".join(summary)] if summary else []
        if lines:
            out += [render("answer.now", lang), *lines]
        else:  # no steps in the pack for it: the procedure flow's steps, else the legal-aid line
            flow = [x for x in items if x[1].label in STEP_LABELS]
            if direct and not problems and not any(set(direct[0].governed_by) & set(ev.basis) for _, ev in flow):
                # a question about the law itself with no problem recognised: a procedure's steps only when
                # one rests on a provision it is about ("police wrote down my statement, must I sign it",
                # BNSS s.181, is no chargesheet question: its steps on rape investigations were beside it)
                flow = []
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
                gist = clean(ev.gist_in(lang)).rstrip(".।")
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

    def _fallback_parts(self, items, lang: str, question: str = "") -> DraftParts:
        """The parts of an answer composed without a recognised problem: its procedure steps, the sources
        it quotes, and a short answer that says what the first provision is about (its one-line gist, else
        in English its words on the question: the clause asked of a definitions section, "who is an aggrieved
        person" PWDVA s.2(a), not its heading "Definitions"), as the law list does: every answer carries a
        short answer (issue 24)."""
        prov, cases, steps, _ = self._split(items)
        tag_of = {ev.node_id: i for i, ev in items}
        summary = ""
        if prov:
            i, ev = prov[0]
            gist = clean(ev.gist_in(lang)).rstrip(".।")
            if lang == "hi":
                summary = f"[S{i}] के अनुसार: {gist}।" if gist else f"लागू कानून: [S{i}]।"
            else:
                head = title_of(ev).rstrip(".")
                rule = "" if gist else rule_sentence(ev, question=question)
                summary = (
                    render("direct.about", "en", provision=f"[S{i}] ({head})", what=rule)
                    if rule
                    else f"Under [S{i}]: {gist or head}."
                )
        out = []
        for _, ev in steps:
            name = (clean(ev.name_hi) if lang == "hi" else "") or title_of(ev)
            tl = clean(ev.time_limit_hi) if lang == "hi" else clean(ev.time_limit)
            out.append(
                Step(
                    text=name.rstrip(".।") + ("।" if lang == "hi" else "."),
                    time_limit=tl,
                    basis=[f"S{tag_of[b]}" for b in ev.basis if b in tag_of][:2],
                )
            )
        return DraftParts(summary=summary, steps=out, law=[i for i, _ in prov + cases])

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
                s = f"{_court_of(ev)[0].upper()}{_court_of(ev)[1:]} held in [S{i}] that {lower_first(hold)}."
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
                tl = clean(ev.time_limit)
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
            name_hi = clean(ev.name_hi)
            gist_hi = clean(ev.gist_hi).rstrip("।")
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
                name = clean(ev.name_hi)
                if not name:  # no Hindi name: the Hindi description leads, else the English name quoted
                    name, desc = (desc, "") if desc else (f'"{title_of(ev)}"', "")
                s = f"{k}. {name}" + (f": {desc}" if desc else "")
                tl = clean(ev.time_limit_hi)  # an English period is not put into a Hindi sentence
                if tl:
                    s += f" (समय-सीमा: {tl})"
                nxt.append(f"{s} [S{i}]।")
            out = (out + "\n" if out else "") + "\n".join(nxt)
        else:
            out += "\n" + FALLBACK_NEXT_HI
        return out
