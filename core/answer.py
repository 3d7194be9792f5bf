"""Question -> a typed ``core.stages.Answer``: an answer with its proof, an honest abstention,
or a conflict notice.

retrieve -> synthesize -> render [Sn] tags as citations -> verify -> revise (at most
twice) -> the extractive composer -> abstain. The last step before returning checks
the final text once more: no citation leaves here unless the graph verified it or
the answer itself flags it (superseded, omitted, partly struck down, in conflict).
Every legal-status sentence comes from core.language.templates, never from a model.

When the question is recognised as a problem of the pack (core.problems), the answer is
built from that problem's material (core.material), issue 11: a short answer from its
plain gist, numbered steps (where to go, what to bring, the time limit, the provision that
sets it), and the law (each provision with its one-line gist; its text only behind "show
text"), all in the person's language, for the code the date decides. The extractive
composer builds all of it; a model, when configured, writes only the short answer from
the same material in a small prompt and is held to it (core.synthesis.facts). Without a
recognised problem the answer is composed as before.

This module is the orchestration and the final check; its layers are mixed into ``AnswerPipeline``:
core.sources (what the answer may cite, verified and capped), core.compose (drafting, [Sn] rendering, the
model's short answer) and core.assemble (pieces -> Answer, notices, the conflict notice).
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
import unicodedata
from datetime import date

from core.assemble import Assembly, _struck_by
from core.compose import Composition
from core.drafts import offer_for
from core.language.abbreviations import expanded
from core.language.detect import answer_script, detect_language
from core.language.spelling import corrected
from core.language.templates import render
from core.retrieve import Retriever
from core.sources import Sources, question_words
from core.stages import (
    Answer,
    AnswerStatus,
    Citation,
    CitationStatus,
    Deadline,
    Draft,
    EvidenceRef,
    Withheld,
)
from core.synthesis import ExtractiveComposer
from core.temporal import choose
from core.verify import RelevanceContext, Verifier

log = logging.getLogger(__name__)

LAW_AS_OF = "2024-12-31"
SEARCH_LAY_WORDS = 12  # everyday words (core.language.lay_words) whose English the search reads beside the terms
_INJECTION = re.compile(
    r"ignore (?:all |your |the |previous |above |prior )*(?:rules|instructions|prompt|guidelines)|"
    r"disregard (?:your|the|all) |system prompt|you are now|act as |pretend (?:to be|you)|jailbreak|"
    r"developer mode|\bcite\b.{0,40}\b(?:anyway|regardless|even if)|नियम(?:ों)? (?:को )?(?:भूल|अनदेखा)",
    re.I,
)
# bad law a notice names on purpose ("X was overruled by Y"): flagged, not withheld
FLAGGED = frozenset(
    {
        CitationStatus.SUPERSEDED,
        CitationStatus.OMITTED,
        CitationStatus.STRUCK_DOWN,
        CitationStatus.OVERRULED,
        CitationStatus.CONFLICT,
    }
)


def _told_struck(text: str, c: Citation, cites: list[Citation]) -> bool:
    """A provision cited as struck down on a line that also cites the judgment that struck it down: the
    settled rule says so ("The law as Joseph Shine v. Union of India settled it: Section 497 IPC (adultery)
    is struck down ..."), which is the flag the verifier's status asks for, not law stated as in force."""
    if c.status != CitationStatus.STRUCK_DOWN:
        return False
    lo = text.rfind("\n", 0, c.start) + 1
    hi = text.find("\n", c.end)
    hi = len(text) if hi < 0 else hi
    return any(x.severity != "error" and lo <= x.start < hi and _struck_by(c, x.node_id) for x in cites)


def clean_question(raw: str, limit: int) -> tuple[str, str | None, bool]:
    """(text, error template key or None, truncated?)."""
    if raw is None:
        return "", "input.empty", False
    text = unicodedata.normalize("NFC", raw.replace("\x00", " "))
    bad = sum(
        1 for ch in text if (unicodedata.category(ch) in ("Cc", "Co", "Cs") and ch not in "\n\t\r") or ch == "\ufffd"
    )
    if text.strip() and bad / max(1, len(text)) > 0.05:
        return "", "input.binary", False
    text = " ".join(text.split())
    if not text:
        return "", "input.empty", False
    if len(text) > limit:
        return text[:limit], None, True
    return text, None, False


def _strip_injection(text: str) -> str:
    """Drop every sentence that carries an instruction to the assistant, and any citation it asks for."""
    parts = re.split(r"(?<=[.?!।])\s+|\s+(?:and|but|then|और|फिर)\s+", text)
    return " ".join(p for p in parts if p and not _INJECTION.search(p) and not re.search(r"\bcite\b", p, re.I))


def sha256(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


class AnswerPipeline(Sources, Composition, Assembly):
    def __init__(
        self,
        graph,
        synthesizer=None,
        *,
        retriever: Retriever | None = None,
        verifier: Verifier | None = None,
        audit=None,
        max_chars: int = 2000,
        hindi_extractive: bool = True,
    ):
        self.graph = graph
        self.retriever = retriever or Retriever(graph)
        self.verifier = verifier or Verifier(graph)
        self.synth = synthesizer
        self.extractive = ExtractiveComposer()
        self.audit = audit
        self.max_chars = max_chars
        self.hindi_extractive = hindi_extractive

    # ------------------------------------------------------------------ entry
    def ask(self, question: str, lang: str = "auto", offence_date: date | None = None) -> Answer:
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        text, err, truncated = clean_question(question, self.max_chars)
        out_lang = lang if lang in ("en", "hi") else (detect_language(text) if text else "en")
        if err:
            return self._finish(self._abstain(err, out_lang), question, out_lang, [], None, timings, t0)
        notices = [render("input.too_long", out_lang, limit=self.max_chars)] if truncated else []
        injection = bool(_INJECTION.search(text))
        if injection:
            text = _strip_injection(text)
            if not text:
                return self._finish(
                    self._abstain("abstain.injection", out_lang, notices), question, out_lang, [], None, timings, t0
                )
        typed = text
        ping = getattr(self.graph, "ping", None)
        if ping is not None:  # the graph is there (a remembered read would not tell)
            ping()
        # abbreviations typed in capitals ("AB" for anticipatory bail) spelt out and misspelt legal words
        # ("antcipatory bail") corrected for the search; the record keeps what was typed
        text = corrected(self.graph, expanded(text))
        choice = choose(text, offence_date)

        t = time.perf_counter()
        hint = self._english_hint(text) if out_lang == "hi" else ""
        # the search also reads the English of the everyday words around the terms; what the answer must
        # bear on (relevance, settled points) reads the terms alone
        search = self._search_hint(text, hint, out_lang)
        got = self.retriever.retrieve(text, out_lang, choice, english_hint=hint, search_hint=search)
        timings["retrieve"] = round((time.perf_counter() - t) * 1000, 1)
        timings.update({f"retrieve.{k}": v for k, v in got.timings_ms.items()})
        matches = list(getattr(got, "problems", None) or [])
        # what every citation must bear on (core.verify: off_point): the question and its problems
        direct = getattr(got, "direct", None)
        # what every citation must bear on (the provisions a question about the law is about always do)
        relevance = RelevanceContext(text, [m.id for m in matches], hint, about=list(direct.ids) if direct else [])
        t = time.perf_counter()
        material, found = self._material(list(getattr(got, "material", None) or []), got.evidence, choice)
        timings["material"] = round((time.perf_counter() - t) * 1000, 1)
        # a provision the pack's own material names in passing (a governing provision's gist: "marry
        # under the Hindu Marriage Act with the rites of either side (s.7)") bears on the problem by
        # the pack's review; judged off the point, it withheld the whole answer
        named = self._material_mentions(material, found)
        relevance.about = list(dict.fromkeys([*relevance.about, *sorted(named)]))
        relevance.quoted = sorted(self._source_mentions(found))

        def finish(answer, evidence, draft=None, **kw):
            answer.problems = matches
            if answer.status in (AnswerStatus.ANSWER, AnswerStatus.CONFLICT):
                # the document this problem needs, to draft in the app (core.drafts, issue 22)
                answer.documents = [k.id for k in offer_for([m.id for m in matches])]
            return self._finish(answer, typed, out_lang, evidence, draft, timings, t0, **kw)

        # the settled point the question asks (core.conflicts.point_asked): a question on it is on held law
        # whatever else the search took it for (an unheld Act's word, nothing found, "not about the law")
        point = None if injection else self._point_asked(text, hint)
        nh = getattr(got, "not_held", None)
        if nh and point is None:
            # an Act the graph does not hold (POCSO, RTI, ...): name it and route the person, cite nothing;
            # the retriever has already let a recognised problem with held law keep a question that only
            # tells a situation (core.retrieve Retriever._not_held). A problem recognised beside the Act whose
            # law is held is not what the answer is about ("same-sex marriage" is no inter-faith court
            # marriage); one whose own law is not held either (a consumer complaint: the CPA) names the matter
            held_law = {m.id for m in material if m.governed_by and not m.not_held_law}
            matches = [p for p in matches if p.id not in held_law]
            return finish(self._not_held_act(nh, out_lang, notices), [])
        if nh:
            # a settled point of held law asked in a matter of an unheld Act ("caught with ganja, can he get
            # anticipatory bail"): the point is answered from its judgment's law alone, what the search found
            # beside it set aside, and the unheld Act named (fixed template)
            notices.append(self._unheld_beside(nh, out_lang))
        elif getattr(got, "unheld_beside", None):
            # held procedure (bail, arrest) in a matter of an unheld Act: the Act named beside it
            notices.append(self._unheld_beside(got.unheld_beside, out_lang))
        if direct is not None:
            material, found = self._direct_material(direct, material, found, out_lang)
        held = [m for m in material if m.governed_by]
        if material and not held and material[0].not_held_law and point is None:
            # the law that decides it is not in the graph: say so, and where to go (fixed templates)
            m = material[0]
            if not m.not_held_route:
                return finish(self._abstain("abstain.no_evidence", out_lang, notices), found)
            return finish(
                Answer.abstained(
                    "abstain.not_held",
                    out_lang,
                    notices=notices,
                    message=render("abstain.not_held", out_lang, law=m.not_held_law, route=m.not_held_route.name),
                ),
                found,
            )
        in_scope = got.in_scope or bool(held)
        if point is None and (not in_scope or not found):
            key = (
                "abstain.injection"
                if injection
                else ("abstain.out_of_scope" if not in_scope else "abstain.no_evidence")
            )
            return finish(self._abstain(key, out_lang, notices), found)

        evidence, flagged = self._screen(found, choice, relevance)
        # a settling judgment found among the sources is the place kept for it (core.assemble._settles)
        reserve, settlers = self._settles(evidence, text, hint)
        kept: list = []
        rest: list = []
        for e in evidence:
            (kept if e.cite_as and e.node_id in settlers else rest).append(e)
        evidence = (
            self._cap_citations(
                rest,
                held,
                reserve=reserve,
                lang=out_lang,
                asked=question_words(text, hint),
                names=self._names_of(evidence),
                question=text,
            )
            + kept
        )
        before = len(notices)
        flag_refs = self._flag_named(flagged, out_lang, notices)
        named_status = notices[before:]  # the status of bad law the question names (fixed templates)
        # a question naming a judgment of the point's dispute asks whether it is still the law: the rule leads
        rule_first = point is not None and self._named(text, hint, point)
        if point is not None:
            # the judgment that settled the point the question asks bears on it: cited beside provisions it
            # reads ("security ke liye diya cheque ..." with NI ss.138-139 and Rangappa), the final check
            # judged it off the point and withheld the whole answer
            # and so do the provisions it reads, which its settled rule names ("Section 377 IPC is
            # unconstitutional to the extent ...", Navtej Singh Johar)
            relevance.about = list(dict.fromkeys([*relevance.about, point.settler, *self._read_by(point)]))
        if point is not None and (nh or not self._reads(point, evidence)):
            # the question asks a point the Supreme Court settled and nothing found is the law that judgment
            # reads: the provisions it interprets are the answer's law, the judgment beside them, and what
            # was found instead is beside the point ("my criminal trial has gone on for nine years, can the
            # court just end it" had the Limitation Schedule's appeal periods lead over P. Ramachandra Rao)
            seeded = self._settled_seed(point, relevance)
            if seeded:
                evidence, held, matches, rule_first = seeded, [], [], True
        if not evidence and named_status and not injection:
            # "what does section 66A of the IT Act say": the named law's status, not "no law found" beside it
            return finish(self._abstain("abstain.named_not_in_force", out_lang, notices), found, refs=flag_refs)
        if not evidence:
            key = "abstain.injection" if injection else "abstain.no_evidence"
            return finish(self._abstain(key, out_lang, notices), found)
        guidance = self._code_note(choice, evidence, out_lang)
        t = time.perf_counter()
        pieces, reason = self._compose(text, evidence, out_lang, guidance, choice, timings, held, relevance=relevance)
        timings["synthesize_verify"] = round((time.perf_counter() - t) * 1000, 1)
        if pieces is None:
            return finish(self._abstain(reason, out_lang, notices), evidence)
        pieces.rule_first = rule_first

        for m in held:  # part of the law that decides it is not held: say so (fixed template)
            if m.not_held_law and m.not_held_route:
                notices.append(render("not_held", out_lang, law=m.not_held_law, route=m.not_held_route.name))
        result, refs = self._assemble(
            pieces, evidence, got, out_lang, guidance, notices, text + " " + hint, text, lead=named_status
        )
        result.deadlines = self._deadlines(text, out_lang)
        return finish(
            result,
            evidence,
            pieces.draft,
            refs=refs + flag_refs,
            event_date=choice.event_date,
            support=pieces.support_checked or pieces.draft.backend != "extractive",
            model_id=pieces.model_id,
            relevance=relevance,
        )

    def _point_asked(self, text: str, hint: str):
        """The settled point the question asks in its own words (core.conflicts.point_asked), or None."""
        from core import conflicts as C
        from core.assemble import question_stems

        try:
            return C.point_asked(self.graph, text, question_stems(f"{text} {hint}"), hint=hint)
        except Exception:  # the settled lead is an aid: without it the answer is what was found
            log.exception("settled point not read")
            return None

    def _named(self, text: str, hint: str, point) -> bool:
        """The question names a judgment of the point's dispute (core.named_precedent: "is K. Bhaskaran still
        good law")."""
        from core.named_precedent import named_point

        try:
            return getattr(named_point(self.graph, text, hint), "settler", None) == point.settler
        except Exception:
            log.exception("judgment names not read")
            return False

    def _read_by(self, point) -> list[str]:
        """The provisions the settling judgment of the point asked interprets ([] when unknown)."""
        from core.on_point import interpreted

        try:
            return interpreted(self.graph, point.settler)
        except Exception:
            log.exception("interpreted provisions unavailable")
            return []

    def _reads(self, point, evidence: list) -> bool:
        """Some provision of the evidence is one the settling judgment interprets (or its equivalent in the
        other code: CrPC s.438 read by Sushila Aggarwal is BNSS s.482): what was found is the law the point is
        on, and it stays. A judgment that records none reads whatever was found. Provisions are compared, not
        Acts: BNS s.68 found for "is adultery still a crime" is not the IPC s.497 Joseph Shine reads, nor is
        Article 56 (the President's term), found for "mera case 9 saal se chal raha hai, kya court ise khatam
        kar sakta hai", the Article 21 P. Ramachandra Rao reads. (A question on another provision of the same
        Act, "can papa leave his share to one son by will", HSA s.30, asks no point of Vineeta Sharma's:
        doctrine.json's exclusions keep core.conflicts.point_asked from naming it.) What leads decides: "is
        adultery a crime in india" found BNS s.68 first and CrPC s.198, which Joseph Shine also reads, fifth,
        and led with sexual intercourse by a person in authority. The first two: "cheque bounce case me ... samjhauta karke
        case khatam kar sakte hain" found NI s.147 (compounding) first and s.138 next, and asks no point of the judgment
        on stopping a cheque trial midway that its words "case khatam kar" recall. Or the law of a problem recognised: the
        cheque-bounce problem's s.138, third behind s.147 and s.92, keeps "... samjhauta karke case band kar sakte hain"."""
        from core.on_point import interpreted

        try:
            own = set(interpreted(self.graph, point.settler, equivalents=True))
        except Exception:
            log.exception("interpreted provisions unavailable")
            return True
        return not own or any(e.node_id in own and (i < 2 or e.problem) for i, e in enumerate(evidence))

    def _settled_seed(self, point, relevance: RelevanceContext) -> list:
        """The provisions a settling judgment interprets, when the question asks its settled point itself
        (core.conflicts.point_asked) and nothing retrieval found that survived the relevance screen is the law
        that judgment reads: "my case has dragged on for nine years, can the court drop it" meets no
        provision's words, or the Limitation Act's words on delay, but it is P. Ramachandra Rao's point (no
        outer time limit; Article 21 read case by case), and abstaining on, or answering beside, a question the
        Supreme Court answered is the wrong honest outcome. The code in force first, at most three; they
        become what the answer is about, so the screen keeps them."""
        from core.on_point import interpreted
        from core.provisions import code_order

        try:
            ids = interpreted(self.graph, point.settler)
            ids.sort(key=code_order)
            found = self.retriever.details(ids)
        except Exception:  # the seed is an aid: without it the question keeps what was found
            log.exception("settled seed unavailable")
            return []
        seeded = [found[i] for i in ids if i in found][:3]
        relevance.about = list(dict.fromkeys([*relevance.about, *(e.node_id for e in seeded)]))
        return seeded

    @staticmethod
    def _deadlines(question: str, lang: str) -> list[Deadline]:
        """The dates that matter when the question gives one (core.deadlines: date arithmetic, each with
        the provision that sets it)."""
        try:
            from core.deadlines import for_question

            return for_question(question, lang)  # core.stages.Deadline already
        except Exception:  # a date the rules cannot read costs only the table
            log.exception("deadlines not computed")
            return []

    def _unheld_law(self, nh: dict, lang: str) -> dict:
        """An unheld Act's name in the asker's language and where to go (its forum, else the DLSA, else the
        helpline): what both not-held templates say."""
        from core.material import forum

        place = forum(self.graph, nh.get("route"), lang) or forum(self.graph, "dlsa", lang)
        law = nh.get("name_hi" if lang == "hi" else "name_en") or nh.get("name_en") or ""
        return {"law": law, "route": (place.name if place else "") or "15100"}

    def _unheld_beside(self, nh: dict, lang: str) -> str:
        """The fixed notice that the main law of the matter (an Act the graph does not hold) was not checked."""
        return render("not_held", lang, **self._unheld_law(nh, lang))

    def _not_held_act(self, nh: dict, lang: str, notices: list[str]) -> Answer:
        """The fixed bilingual notice for a question about an Act the graph does not hold (issue 19)."""
        message = render("abstain.not_held", lang, **self._unheld_law(nh, lang))
        return Answer.abstained("abstain.not_held", lang, notices=notices, message=message)

    # -------------------------------------------------------------- composing

    # ------------------------------------------------------------- assembling

    @staticmethod
    def _abstain(key: str, lang: str, notices: list[str] | None = None) -> Answer:
        return Answer.abstained(key, lang, notices=notices or [])

    @staticmethod
    def _english_hint(text: str) -> str:
        """English words for a Hindi/Hinglish question, so both languages meet the same law: the English
        term of each glossary term the question names ("Arrest Bail"). Words, never term ids: the hint is
        searched and embedded. The terms alone, not their definitions: on the 57 Hindi questions of
        evaluation/datasets/questions.jsonl (full graph, vectors on) the terms gave hit@5 0.895 / MRR 0.782,
        the old term ids 0.895 / 0.771, terms with their definitions 0.86 / 0.722 (a definition's words pull
        in provisions that merely share them)."""
        from core.language.translate import default_glossary

        try:
            return " ".join(t.en for t in default_glossary().find(text))
        except Exception:  # an unreadable glossary only costs the hint
            return ""

    @staticmethod
    def _search_hint(text: str, hint: str, lang: str = "hi", most: int = SEARCH_LAY_WORDS) -> str:
        """The hint the search reads. A Hindi/Hinglish question: the glossary's terms, then the English of
        the everyday words it says (core.language.lay_words: "almari ka taala tod ke" -> receptacle, lock,
        break), at most ``most`` of them. An English question: the question itself, then the statutes'
        words for the everyday words it says (core.language.lay_words_en: "makes kids beg" -> begging;
        at most lay_words_en.SEARCH_MOST), or nothing when it says none. Only the search: the lay words'
        kinship and property words ("bete" -> son, "पुश्तैनी" -> ancestral) would otherwise meet a
        settled point the question is not about (tests/test_on_point.py)."""
        try:
            if lang != "hi":
                from core.language.lay_words_en import SEARCH_MOST, statute_words

                extra = statute_words(text)[:SEARCH_MOST]
                return " ".join([text, *extra]) if extra else ""
            from core.language.lay_words import english_words

            said = set(hint.lower().split())
            extra = [w for w in english_words(text) if w.lower() not in said][:most]
        except Exception:  # an unreadable word list only costs the extra words
            return "" if lang != "hi" else hint
        return " ".join([hint, *extra]).strip()

    # ------------------------------------------------------------------ finish
    def _finish(
        self,
        result: Answer,
        question: str,
        lang: str,
        evidence,
        draft: Draft | None,
        timings: dict,
        t0: float,
        *,
        refs=(),
        event_date: date | None = None,
        support: bool = True,
        model_id: str | None = None,
        relevance: RelevanceContext | None = None,
    ) -> Answer:
        """``refs``: the authorities the notices name; ``support``: whether the point-support check
        applies to the text (not to the extractive composer's quotations)."""
        # Last line of defence: the whole user-visible text is verified once more.
        if result.status is not AnswerStatus.ABSTAIN:
            final = self.verifier.verify(
                result.answer, offence_date=event_date, check_support=support, context=relevance
            )
            told = [c for c in final.citations if _told_struck(result.answer, c, final.citations)]
            blocked = [c for c in final.citations if c.severity == "error" and c not in told]
            for c in result.citations:  # shown with its struck-down status beside the judgment: a flag
                if c.severity == "error" and any(c.node_id == t.node_id for t in told):
                    c.severity = "warning"
            for ref in refs:
                # a notice names bad law on purpose ("X was overruled by Y"): that is the flag the
                # invariant asks for; what must still exist in the graph is every authority it names
                blocked += [
                    c
                    for c in self.verifier.verify(ref, check_support=False).citations
                    if c.severity == "error" and c.status not in FLAGGED
                ]
            if blocked:
                result = self._abstain("abstain.unverifiable", lang)
                result.withheld = [Withheld(text=c.text, status=c.status) for c in blocked]
        result.language = lang
        result.disclaimer = render("disclaimer", lang)
        result.law_as_of = LAW_AS_OF
        result.law_as_of_note = render("law_as_of", lang, date=LAW_AS_OF)
        if answer_script(question, lang) == "roman":  # typed in Roman-script Hindi: answered in it (issue 19)
            self._romanize(result)
        result.evidence = [EvidenceRef.of(e) for e in evidence]
        result.model_id = model_id or (draft.model_id if draft else None)
        timings["total"] = round((time.perf_counter() - t0) * 1000, 1)
        result.timings_ms = timings
        result.recorded = self._record(result, question, lang, evidence, draft)
        if not result.recorded and self.audit is not None:
            result.notices.append(render("unrecorded", lang))
        return result

    @staticmethod
    def _romanize(result: Answer) -> None:
        """The verified Devanagari answer shown in Roman script; what is spoken stays Devanagari, so
        the Hindi voice reads Hindi (core.speech.spoken)."""
        from core.language.transliterate import romanize_answer
        from core.speech.spoken import spoken_text

        result.spoken = spoken_text(result)
        romanize_answer(result)

    def _record(self, result: Answer, question, lang, evidence, draft) -> bool:
        if self.audit is None:
            return False
        event = {
            "question_sha256": sha256(question or ""),
            "language": lang,
            "evidence_ids": [e.node_id for e in evidence],
            "model_id": result.model_id,
            "prompt_sha256": draft.prompt_sha256 if draft else None,
            "response_sha256": draft.response_sha256 if draft else sha256(result.answer),
            "verdict": result.status.value,
            "statuses": [c.status.value for c in result.citations],
            "timings_ms": result.timings_ms,
        }
        if getattr(self.audit, "store_raw", False):
            event["question_text"] = question
        try:
            self.audit.append(event)
            return True
        except Exception:  # AuditUnavailable or disk trouble: answer anyway, flagged unrecorded
            return False
