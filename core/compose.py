"""Composing the answer (core.answer's middle layer): the extractive composer drafts from the verified
sources (a recognised problem's material first); the draft's [Sn] tags are rendered as citations and the
whole text verified; a model, when configured, may only rewrite the short answer, held to the same material
(facts, meaning, citations) and revised at most MAX_REVISIONS times, else the extractive one stays.

``Composition`` is mixed into ``core.answer.AnswerPipeline``: it uses the pipeline's synthesizers and verifier.
"""

from __future__ import annotations

import logging
import re
import time

from core.assemble import Pieces
from core.stages import Draft, DraftParts, Evidence, LawItem, ProblemMaterial
from core.support import content_words, stems
from core.synthesis import ModelUnavailable, first_sentence, is_refusal, normalize_tags
from core.synthesis.facts import summary_facts, unsupported_facts
from core.synthesis.meaning import check as meaning_check
from core.temporal import CodeChoice
from core.verify import RelevanceContext

log = logging.getLogger(__name__)

MAX_REVISIONS = 2
_TAG = re.compile(r"\[S(\d+)\]")
_LEAD_INS = {"under", "in", "see", "per", "by", "of", "as", "अनुसार", "तहत", "मामले", "देखें", "कानून:", "फ़ैसला:"}


class Composition:
    """Draft, render and check the answer's text (mixed into core.answer.AnswerPipeline)."""

    def _synth_for(self, lang: str):
        if self.synth is None:
            return self.extractive
        if lang == "hi" and self.hindi_extractive and getattr(self.synth, "prefer_extractive_for_hindi", True):
            return self.extractive
        return self.synth

    def _compose(
        self,
        question,
        evidence,
        lang,
        guidance,
        choice,
        timings,
        material: list[ProblemMaterial] = (),
        relevance: RelevanceContext | None = None,
    ) -> tuple[Pieces | None, str]:
        if material:
            pieces = self._compose_problems(
                question, evidence, lang, guidance, choice, timings, material, relevance=relevance
            )
            if pieces is not None:
                return pieces, ""
            # the problem's own material did not verify: answer as without it
        # one answer shape for every question (issue 24): the extractive composer builds the answer from
        # the verified evidence; a model, when configured, may only rewrite its short answer (checked
        # for facts and meaning by _model_summary). The model's full drafts are gone: they had no
        # steps, took 7-14 s and their first sentence was never checked for what it asserts.
        t = time.perf_counter()
        draft = self.extractive.draft(question, evidence, lang, guidance=guidance)
        timings["draft0"] = round((time.perf_counter() - t) * 1000, 1)
        pieces, _ = self._check_draft(draft, evidence, lang, choice, relevance)
        if pieces is None:
            # nothing survived verification: say so
            return None, "abstain.unverifiable"
        synth = self._synth_for(lang)
        if pieces.summary and synth.backend != "extractive":
            t = time.perf_counter()
            self._model_summary(synth, question, pieces, evidence, lang, choice, timings, relevance)
            timings["summary.model"] = round((time.perf_counter() - t) * 1000, 1)
        return pieces, ""

    def _compose_problems(
        self,
        question,
        evidence,
        lang,
        guidance,
        choice,
        timings,
        material: list[ProblemMaterial],
        relevance: RelevanceContext | None = None,
    ) -> Pieces | None:
        """The answer of issue 11 from the problems' material: the extractive composer builds all of it;
        a model, when one is configured, may write only the short answer (checked, else kept extractive)."""
        t = time.perf_counter()
        inline, drop = set(), ""
        for _ in range(3):
            draft = self.extractive.draft(
                question,
                evidence,
                lang,
                guidance=guidance,
                problems=material,
                inline_drop=inline,
                correction=drop or None,
            )
            pieces, _ = self._check_draft(draft, evidence, lang, choice, relevance)
            if pieces is None:
                return None
            # the pack's plain sentences are not the statute's words: each still has to pass the
            # point-support check beside the provision it cites; one that does not loses that citation
            # (a sentence of the short answer or a step first, then the source itself)
            refused = {
                c.node_id
                for c in self.verifier.verify(pieces.text, offence_date=choice.event_date, context=relevance).citations
                if c.severity == "error"
            }
            if not refused:
                break
            tags = {f"S{i}" for i, e in enumerate(evidence, 1) if e.node_id in refused}
            if not tags:
                # refused provisions that are no source here: the next draft would be this one again
                return None
            drop += " ".join(f"[{t}]" for t in sorted(tags & inline))
            inline |= tags
        else:
            return None
        timings["draft.problem"] = round((time.perf_counter() - t) * 1000, 1)
        pieces.support_checked = True
        synth = self._synth_for(lang)
        if synth.backend != "extractive":
            t = time.perf_counter()
            self._model_summary(synth, question, pieces, evidence, lang, choice, timings, relevance)
            timings["summary.model"] = round((time.perf_counter() - t) * 1000, 1)
        return pieces

    def _model_summary(
        self,
        synth,
        question,
        pieces: Pieces,
        evidence,
        lang,
        choice,
        timings,
        relevance: RelevanceContext | None = None,
    ) -> None:
        """Let the model write the short answer from the same verified material (small prompt). Every
        number, section and case it writes must be in that material, and every citation must verify;
        otherwise it is told what was wrong (at most MAX_REVISIONS times), then the extractive one stays."""
        facts = summary_facts(pieces, lang)
        correction = None
        for n in range(1 + MAX_REVISIONS):
            try:
                d = synth.summarize(question, facts, lang, correction=correction)
            except ModelUnavailable:
                timings["model_error"] = timings.get("model_error", 0) + 1
                return
            text = " ".join((d.text or "").split())
            if not text or is_refusal(text):
                return
            bad = ["write no [S1] tags, only plain sentences"] if _TAG.search(text) else []
            bad += unsupported_facts(text, "\n".join(facts))
            if len(stems(content_words(text)) & stems(content_words(" ".join(facts)))) < 3:
                bad.append("the short answer does not speak of the facts")
            new_text = pieces.text.replace(pieces.summary, text, 1) if pieces.summary else f"{text}\n{pieces.text}"
            result = self.verifier.verify(new_text, offence_date=choice.event_date, context=relevance)
            bad += [f"{c.text}: {c.status}" for c in result.citations if c.severity == "error"]
            if not bad:
                # says what the material says (polarity, modality, conditions), sentence by sentence;
                # otherwise the floor's short answer stays: an inverted rule is never revised into view
                said = meaning_check(text, facts)
                timings["summary.meaning_kept"] = 1.0 if said.kept else 0.0
                if not said.kept:
                    log.info("model short answer rejected: %s", "; ".join(said.reasons))
                    pieces.meaning_rejected = said.reasons
                    return
                text = said.text
                new_text = pieces.text.replace(pieces.summary, text, 1) if pieces.summary else f"{text}\n{pieces.text}"
                result = self.verifier.verify(new_text, offence_date=choice.event_date, context=relevance)
                if any(c.severity == "error" for c in result.citations):
                    return
                pieces.text, pieces.summary, pieces.checks = new_text, text, result.citations
                pieces.model_id = d.model_id
                timings["summary.revisions"] = n
                return
            correction = "; ".join(bad)[:400]

    def _check_draft(
        self,
        draft: Draft,
        evidence: list[Evidence],
        lang: str,
        choice: CodeChoice,
        relevance: RelevanceContext | None = None,
    ):
        text, unknown = normalize_tags(draft.text, len(evidence))
        problems = [f"[{t}] is not one of the sources; cite only [S1]..[S{len(evidence)}]" for t in unknown]
        used_idx = sorted({int(m) for m in _TAG.findall(text) if 1 <= int(m) <= len(evidence)})
        if not used_idx:
            problems.append("the answer cites no source; every claim needs an [Sn] tag")
        if problems:
            return None, problems
        rendered = self._render(text, evidence, lang)
        # the extractive composer only quotes each source beside its own tag: the point-support check
        # is for prose a model wrote
        support = draft.backend != "extractive"
        result = self.verifier.verify(
            rendered, offence_date=choice.event_date, check_support=support, context=relevance
        )
        bad = [c for c in result.citations if c.severity == "error"]
        if not result.citations:
            return None, ["the answer cites no law"]
        if bad:
            return None, [f"{c.text}: {c.status}" + (f" ({c.note})" if c.note else "") for c in bad]
        used = [evidence[i - 1] for i in used_idx]
        pieces = Pieces(text=rendered, checks=result.citations, used=used, draft=draft)
        self._render_parts(pieces, draft.parts, evidence, used, lang)
        return pieces, []

    def _render_parts(
        self, pieces: Pieces, parts: DraftParts | None, evidence: list[Evidence], used: list[Evidence], lang: str
    ) -> None:
        """The short answer, the steps and the law of the answer, their tags turned into citations."""

        def cite(tag: str) -> str:
            k = int(tag.lstrip("S")) if tag.lstrip("S").isdigit() else 0
            return evidence[k - 1].cite(lang) if 1 <= k <= len(evidence) else ""

        if parts is None:  # a model's draft: the law is what it cites
            law = [e for e in used if e.cite_as and e.label in ("Section", "Article", "Case")]
        else:
            pieces.summary = self._render(parts.summary, evidence, lang) if parts.summary else ""
            pieces.steps = [
                s.model_copy(
                    update={"text": self._render(s.text, evidence, lang), "basis": [c for c in map(cite, s.basis) if c]}
                )
                for s in parts.steps
            ]
            law = [evidence[i - 1] for i in parts.law if 1 <= i <= len(evidence)]
        pieces.law = [self._law_item(e, lang) for e in {e.node_id: e for e in law}.values()]

    @staticmethod
    def _law_item(ev: Evidence, lang: str) -> LawItem:
        """One source of the answer: its plain one-line gist; its own text only behind "show text"."""
        if ev.label == "Case":
            gist = first_sentence(ev.text_hi if lang == "hi" else ev.text, 200)
        else:
            gist = ev.gist_in(lang) or ("" if lang == "hi" else ev.title)
        return LawItem(
            cite=ev.cite(lang),
            gist=gist,
            text=(ev.text_hi if lang == "hi" else "") or ev.text,
            status=ev.status,
            node_id=ev.node_id,
        )

    @staticmethod
    def _render(text: str, evidence: list[Evidence], lang: str = "en") -> str:
        """[S2] -> (Section 482 BNSS), in Hindi (धारा 482 BNSS); a source with nothing to cite (a procedure
        step) keeps no tag."""

        def repl(m):
            ev = evidence[int(m.group(1)) - 1]
            if not ev.cite_as:
                return ""
            cite = ev.cite(lang)
            before = text[max(0, m.start() - 12) : m.start()].lower().split()
            after = text[m.end() : m.end() + 6].split()
            if (before and before[-1] in _LEAD_INS) or (after and after[0] in ("के", "में", "की")):
                return cite  # "Under [S1], ..." -> "Under Section 482 BNSS, ..."
            return f" ({cite})"  # "... bail [S1]." -> "... bail (Section 482 BNSS)."

        out = _TAG.sub(repl, text)
        out = re.sub(r"\s+([.,;:।])", r"\1", out)
        return re.sub(r"[ \t]{2,}", " ", out).strip()
