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
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import date

from core.acts import acts, display
from core.citations import provision_ids
from core.drafts import offer_for
from core.language.detect import answer_script, detect_language
from core.language.templates import label, render
from core.material import build as build_material
from core.material import for_regime, problem_evidence
from core.retrieve import Retriever
from core.stages import (
    Answer,
    AnswerStatus,
    Conflict,
    Deadline,
    Draft,
    DraftParts,
    Evidence,
    EvidenceRef,
    LawItem,
    ProblemMaterial,
    Step,
    Withheld,
)
from core.support import content_words, stems
from core.synthesis import ExtractiveComposer, ModelUnavailable, first_sentence, is_refusal, normalize_tags
from core.synthesis.facts import summary_facts, unsupported_facts
from core.synthesis.meaning import check as meaning_check
from core.temporal import CodeChoice, choose
from core.verify import CitationCheck, RelevanceContext, Verifier

log = logging.getLogger(__name__)

LAW_AS_OF = "2024-12-31"
MAX_REVISIONS = 2
_TAG = re.compile(r"\[S(\d+)\]")
_INJECTION = re.compile(
    r"ignore (?:all |your |the |previous |above |prior )*(?:rules|instructions|prompt|guidelines)|"
    r"disregard (?:your|the|all) |system prompt|you are now|act as |pretend (?:to be|you)|jailbreak|"
    r"developer mode|\bcite\b.{0,40}\b(?:anyway|regardless|even if)|नियम(?:ों)? (?:को )?(?:भूल|अनदेखा)",
    re.I,
)
_SENTENCE = re.compile(r"[^.!?।\n]+(?:[.!?।]+|\n|$)")
FLAGGED = frozenset({"superseded", "omitted", "struck_down", "overruled", "conflict"})
MAX_CITATIONS = 6  # no answer cites more (issue 19): more than a person can act on


_LEAD_INS = {"under", "in", "see", "per", "by", "of", "as", "अनुसार", "तहत", "मामले", "देखें", "कानून:", "फ़ैसला:"}
_DATE_NOTE = {"new": "code_applies.new", "old": "code_applies.old", "both": "code_applies.both"}


@dataclass
class Pieces:
    """The user-facing answer being assembled (its parts rendered: tags turned into citations)."""

    text: str
    checks: list[CitationCheck]
    used: list[Evidence]
    draft: Draft
    summary: str = ""
    steps: list[Step] = field(default_factory=list)
    law: list[LawItem] = field(default_factory=list)
    model_id: str | None = None  # the model that wrote the short answer, when one did
    support_checked: bool = False  # its text passed the point-support check (a problem answer)
    meaning_rejected: list[str] = field(default_factory=list)  # why the model's short answer was not kept


_DEVANAGARI_RUN = re.compile(r"[\u0900-\u097F]+")


def _asked(question: str) -> set[str]:
    """The content stems a question speaks to, for deciding which disagreement it is about. A Hindi
    question is read through its English hint (the glossary terms it names, appended by ask()), not
    through content_words' expansion of each Hindi word: "जमानत" expands to every kind of bail
    (anticipatory, interim, default ...), so a question about a brother already arrested met the
    anticipatory-bail dispute on two words nobody asked about."""
    if _DEVANAGARI_RUN.search(question):
        question = _DEVANAGARI_RUN.sub(" ", question)
    return stems(content_words(question))


_HI_WORD = re.compile(r"[\u0900-\u097F]{2,}|\d{3,}")


def _question_words(text: str, hint: str = "") -> set[str]:
    """The words a question speaks of, to rank what the citation cap keeps: English content stems (of
    the English hint for a Hindi question, as _asked), plus the Hindi words and years as written
    ("बेटी", "पैतृक", "2005"); the glossary's expansion of one Hindi word ("संपत्ति": property,
    asset, affidavit, attachment ...) would make every provision share words with every question."""
    from core.support import HI_NAMING

    hi = {w for w in _HI_WORD.findall(text) if w not in HI_NAMING}
    return _asked(text + " " + hint) | hi


def _gist_words(ev: Evidence, names: str = "") -> set[str]:
    """A provision's words as the question's are read (_question_words): its gist and the names people
    call it by (the provision index: English, Hindi, Roman Hindi), as English stems and Hindi words."""
    return _asked(f"{ev.gist_in('en')} {names}") | set(_HI_WORD.findall(f"{ev.gist_hi or ''} {names}"))


def _asked_of(m: ProblemMaterial, ev_of: dict[str, Evidence], asked: set[str], names: dict[str, str]) -> list[str]:
    """A problem's governing provisions whose gist or people-names share two of the question's words
    that most of the problem's provisions do not ("property" in succession says nothing of which),
    the most shared first: "a daughter's share in ancestral property" asks for HSA s.6."""
    words = {g: _gist_words(ev_of[g], names.get(g, "")) for g in m.governed_by if g in ev_of}
    common = {w for w in set().union(*words.values()) if 2 * sum(w in x for x in words.values()) > len(words)}
    shared = {g: len(asked & x - common) for g, x in words.items()}
    return sorted((g for g, n in shared.items() if n >= 2), key=lambda g: -shared[g])


def _struck_key(c: CitationCheck) -> str:
    """The fixed notice for a struck-down provision: "only in part" when no judgment struck it down
    whole (Joseph Shine struck s.198(2) CrPC only as it applies to adultery: a bigamy complaint still
    rests on s.198)."""
    related = [r for r in c.related or [] if isinstance(r, dict)]
    if related and all((r.get("extent") or "full") != "full" for r in related):
        return "struck_down.part"
    return "struck_down"


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


class AnswerPipeline:
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
        choice = choose(text, offence_date)

        t = time.perf_counter()
        hint = self._english_hint(text) if out_lang == "hi" else ""
        got = self.retriever.retrieve(text, out_lang, choice, english_hint=hint)
        timings["retrieve"] = round((time.perf_counter() - t) * 1000, 1)
        timings.update({f"retrieve.{k}": v for k, v in got.timings_ms.items()})
        matches = list(getattr(got, "problems", None) or [])
        # what every citation must bear on (core.verify: off_point): the question and its problems
        direct = getattr(got, "direct", None)
        # what every citation must bear on (the provisions a question about the law is about always do)
        relevance = RelevanceContext(text, [m.id for m in matches], hint, about=list(direct.ids) if direct else [])
        t = time.perf_counter()
        material, found = self._material(matches, out_lang, got.evidence, choice)
        timings["material"] = round((time.perf_counter() - t) * 1000, 1)
        # a provision the pack's own material names in passing (a governing provision's gist: "marry
        # under the Hindu Marriage Act with the rites of either side (s.7)") bears on the problem by
        # the pack's review; judged off the point, it withheld the whole answer
        named = self._material_mentions(material, found)
        relevance.about = list(dict.fromkeys([*relevance.about, *sorted(named)]))

        def finish(answer, evidence, draft=None, **kw):
            answer.problems = matches
            if answer.status in (AnswerStatus.ANSWER, AnswerStatus.CONFLICT):
                # the document this problem needs, to draft in the app (core.drafts, issue 22)
                answer.documents = [k.id for k in offer_for([m.id for m in matches])]
            return self._finish(answer, text, out_lang, evidence, draft, timings, t0, **kw)

        nh = getattr(got, "not_held", None)
        if nh:
            # an Act the graph does not hold (POCSO, RTI, ...): name it and route the person, cite nothing;
            # the retriever has already let a recognised problem with held law keep a question that only
            # tells a situation (core.retrieve Retriever._not_held)
            return finish(self._not_held_act(nh, out_lang, notices), [])
        if direct is not None:
            material, found = self._direct_material(direct, material, found, out_lang)
        held = [m for m in material if m.governed_by]
        if material and not held and material[0].not_held_law:
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
        if not in_scope or not found:
            key = (
                "abstain.injection"
                if injection
                else ("abstain.out_of_scope" if not in_scope else "abstain.no_evidence")
            )
            return finish(self._abstain(key, out_lang, notices), found)

        evidence, flagged = self._screen(found, choice, relevance)
        evidence = self._cap_citations(
            evidence,
            held,
            reserve=self._settles(evidence, text, hint),
            lang=out_lang,
            asked=_question_words(text, hint),
            names=self._names_of(evidence),
        )
        flag_refs = self._flag_named(flagged, out_lang, notices)
        if not evidence:
            key = "abstain.injection" if injection else "abstain.no_evidence"
            return finish(self._abstain(key, out_lang, notices), found)
        guidance = self._code_note(choice, evidence, out_lang)
        t = time.perf_counter()
        pieces, reason = self._compose(text, evidence, out_lang, guidance, choice, timings, held, relevance=relevance)
        timings["synthesize_verify"] = round((time.perf_counter() - t) * 1000, 1)
        if pieces is None:
            return finish(self._abstain(reason, out_lang, notices), evidence)

        for m in held:  # part of the law that decides it is not held: say so (fixed template)
            if m.not_held_law and m.not_held_route:
                notices.append(render("not_held", out_lang, law=m.not_held_law, route=m.not_held_route.name))
        result, refs = self._assemble(pieces, evidence, got, out_lang, guidance, notices, text + " " + hint)
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

    def _material(
        self, matches, lang: str, found: list[Evidence], choice: CodeChoice
    ) -> tuple[list[ProblemMaterial], list[Evidence]]:
        """The recognised problems' material, for the code that applies (the date decides; without one
        both codes), and the evidence with their deciding provisions first; no material (today's answer
        from what retrieval found) when the graph has no problem layer."""
        if not matches:
            return [], found
        try:
            material = build_material(self.graph, matches, lang)
            material, same = for_regime(self.graph, material, choice.regime if choice.event_date else "both")
            return material, problem_evidence(self.graph, self.retriever, material, found, same)
        except Exception:  # the problem layer is an aid: without it the answer is built as before
            log.exception("problem material unavailable")
            return [], found

    def _not_held_act(self, nh: dict, lang: str, notices: list[str]) -> Answer:
        """The fixed bilingual notice for a question about an Act the graph does not hold (issue 19)."""
        from core.material import forum

        place = forum(self.graph, nh.get("route"), lang) or forum(self.graph, "dlsa", lang)
        law = nh.get("name_hi" if lang == "hi" else "name_en") or nh.get("name_en") or ""
        route = place.name if place else ""
        return Answer.abstained(
            "abstain.not_held",
            lang,
            notices=notices,
            message=render("abstain.not_held", lang, law=law, route=route or "15100"),
        )

    def _direct_material(self, direct, material: list[ProblemMaterial], found: list[Evidence], lang: str):
        """A question about the law itself (issue 19): the provisions it is about lead the answer as one
        more piece of material (core.synthesis.extractive DIRECT_ID), each with its Hindi name from the
        provision index; a situation that also asks for the law keeps its problem's material after it."""
        from core.provisions import index_for as provision_index
        from core.synthesis.extractive import DIRECT_ID

        by_id = {e.node_id: e for e in found}
        ids = [n for n in direct.ids if n in by_id]
        if not ids:
            return material, found
        try:
            entries = provision_index(self.graph).entries
        except Exception:  # names are an aid
            entries = {}
        self._full_text([by_id[n] for n in ids if n in direct.primary])
        for n in ids:
            ev = by_id[n]
            e = entries.get(n)
            if lang == "hi" and not ev.gist_hi and e is not None and getattr(e, "hi", None):
                ev.gist_hi = e.hi[0]
            if "index" not in ev.strategies:
                ev.strategies = [*ev.strategies, "index"]
        olds = {p: [o for o in eq if o in ids] for p, eq in direct.equivalents.items() if p in direct.primary}
        dm = ProblemMaterial(id=DIRECT_ID, title="", governed_by=ids, old_codes={p: o for p, o in olds.items() if o})
        lead = [by_id[n] for n in ids]
        rest = [e for e in found if e.node_id not in set(ids)]
        return [dm, *material], lead + rest

    @staticmethod
    def _cap_citations(
        evidence: list[Evidence],
        material: list[ProblemMaterial],
        cap: int = MAX_CITATIONS,
        reserve: int = 0,
        lang: str = "en",
        asked: set[str] | None = None,
        names: dict[str, str] | None = None,
    ) -> list[Evidence]:
        """At most ``cap`` citations in the answer (issue 19: at most six in any answer): the provisions
        that the gists and steps name in passing ("not for BNS s.65") and ``reserve`` places (a settling
        judgment the conflict check will cite) are counted first, and the citable sources fill the rest:
        the provisions "The law" would show first (each problem's first, then the provision its short
        answer's last sentence speaks of and those the question asks for (_asked_of), then each problem's
        second, ..., the old-code ones beside the first two), then what the steps rest on, then the rest in
        rank order."""
        from core.synthesis.extractive import summary_plan

        citable = [e for e in evidence if e.cite_as]
        steps = set().union(*[provision_ids(st.text) for m in material for st in m.steps])
        passing = {e.node_id: provision_ids(e.gist) for e in citable}
        if len({e.node_id for e in citable} | steps | set().union(*passing.values())) + reserve <= cap:
            return evidence
        order: list[str] = []
        ev_of = {e.node_id: e for e in citable}
        for m, _, lead in summary_plan(material, ev_of, lang):
            m.said_by = lead
        for k in range(max((len(m.governed_by) for m in material), default=0)):
            for m in material:
                if k < len(m.governed_by):
                    g = m.governed_by[k]
                    order.append(g)
                    if k < 2:
                        order += [o for olds in [m.old_codes.get(g, [])] for o in olds[:1]]
                if k == 0:  # what its short answer and the question speak of, before the next problem
                    order += [m.said_by] if m.said_by else []
                    order += _asked_of(m, ev_of, asked or set(), names or {})
        order += [b for m in material for st in m.steps for b in st.basis]
        rank = {n: i for i, n in enumerate(dict.fromkeys(order))}
        pos = {id(e): i for i, e in enumerate(evidence)}
        keep: set[int] = set()
        cited = set(steps)
        for e in sorted(citable, key=lambda e: (rank.get(e.node_id, len(rank)), pos[id(e)])):
            more = cited | {e.node_id} | passing[e.node_id]
            if len(more) + reserve <= cap or not keep:
                keep.add(id(e))
                cited = more
        return [e for e in evidence if not e.cite_as or id(e) in keep]

    def _full_text(self, evidence: list[Evidence]) -> None:
        """The whole text of the provisions a question about the law is about: retrieval keeps the first
        1,200 characters, and BNS 303's punishment is in its clause (2), after five explanations and the
        illustrations of clause (1)."""
        from core.retrieve import qualify

        ids = [e.node_id for e in evidence if e.label in ("Section", "Article") and len(e.text or "") >= 1000]
        if not ids:
            return
        try:
            rows = dict(
                self.graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.text", {"ids": ids})
            )
        except Exception:  # the short text still answers
            log.exception("full provision text unavailable")
            return
        for e in evidence:
            full = rows.get(e.node_id)
            if full and len(full) > len(e.text or ""):
                e.text = qualify(full, e.act)

    @staticmethod
    def _material_mentions(material: list[ProblemMaterial], found: list[Evidence]) -> set[str]:
        """The provisions the recognised problems' gists, steps and governing provisions' gists name."""
        governed = {g for m in material for g in m.governed_by}
        texts = [m.gist for m in material] + [st.text for m in material for st in m.steps]
        texts += [e.gist for e in found if e.node_id in governed and e.gist]
        return set().union(*(provision_ids(t) for t in texts)) if texts else set()

    def _names_of(self, evidence: list[Evidence]) -> dict[str, str]:
        """The names people use for each cited provision (core.provisions, from the pack), as one text."""
        try:
            from core.provisions import index_for as provision_index

            entries = provision_index(self.graph).entries
        except Exception:  # names are an aid to the cap's order
            return {}
        out = {}
        for e in evidence:
            x = entries.get(e.node_id)
            if x is not None:
                out[e.node_id] = " ".join([*(n.text for n in x.names), *x.hi])
        return out

    def _screen(
        self, evidence: list[Evidence], choice: CodeChoice, relevance: RelevanceContext | None = None
    ) -> tuple[list[Evidence], list]:
        """Verify each source before a model sees it: what the graph says is bad law is not offered as
        authority (it is kept aside, and the answer flags it when the question named it). With a
        `relevance` context, a source that does not bear on the question (off_point, judged over all the
        sources together) is kept aside too, so no composer leans on it."""
        keep, flagged = [], []
        checked: list[tuple[Evidence, CitationCheck]] = []
        for ev in evidence:
            if not ev.cite_as:
                keep.append(ev)
                continue
            checks = self.verifier.verify(ev.cite_as, offence_date=choice.event_date).citations
            c = checks[0] if checks else None
            if c is None or c.severity == "error":
                flagged.append((ev, c))
                continue
            checked.append((ev, c))
        if relevance is not None and checked:
            self.verifier.relevance.judge([c for _, c in checked], relevance)
        for ev, c in checked:
            if c.severity == "error":
                flagged.append((ev, c))
                continue
            ev.status, ev.note = c.status, c.note
            ev.text = self._provable(ev.text, choice)
            ev.text_hi = self._provable(ev.text_hi, choice)
            keep.append(ev)
        # the order the retriever ranked them in
        rank = {id(e): n for n, e in enumerate(evidence)}
        return sorted(keep, key=lambda e: rank[id(e)]), flagged

    @staticmethod
    def _flag_named(flagged: list, lang: str, notices: list[str]) -> list[str]:
        """Bad law the question itself named ("is Section 497 IPC valid?") is not cited as authority,
        but the user is told its status, from the fixed templates. Returns the authorities named."""
        refs: list[str] = []
        for ev, c in flagged:
            if c is None or "explicit" not in ev.strategies:
                continue
            other = (c.related or [{}])[0].get("name", "")
            if c.status == "struck_down" and other:
                notices.append(render(_struck_key(c), lang, provision=ev.cite_as, case=other))
            elif c.status == "overruled" and other:
                notices.append(render("overruled", lang, case=c.title or ev.name, by=other))
            else:
                continue
            refs += [ev.cite_as, other]
        return refs

    def _provable(self, text: str, choice: CodeChoice) -> str:
        """Drop the sentences of a source text that cite what the graph cannot prove (an act we do not
        hold, a number it lacks), so no synthesizer can repeat them."""
        if not text:
            return text
        bad = [
            c
            for c in self.verifier.verify(text, offence_date=choice.event_date, check_support=False).citations
            if c.severity == "error"
        ]
        if not bad:
            return text
        out = []
        for m in _SENTENCE.finditer(text):
            if not any(c.start < m.end() and c.end > m.start() for c in bad):
                out.append(m.group())
        return " ".join(s.strip() for s in out if s.strip())

    # -------------------------------------------------------------- composing
    def _synth_for(self, lang: str):
        if self.synth is None:
            return self.extractive
        if lang == "hi" and self.hindi_extractive and getattr(self.synth, "prefer_extractive_for_hindi", True):
            return self.extractive
        return self.synth

    @staticmethod
    def _for_model(evidence: list[Evidence]) -> list[Evidence]:
        """A small model reads a short prompt best (and fast): the top provisions, a case, two steps."""
        provs = [e for e in evidence if e.label in ("Section", "Article")][:4]
        cases = [e for e in evidence if e.label == "Case"][:1]
        steps = [e for e in evidence if e.label == "ProceduralEvent"][:2]
        keep = {id(e) for e in provs + cases + steps}
        return [e for e in evidence if id(e) in keep]

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

    # ------------------------------------------------------------- assembling
    def _code_note(self, choice: CodeChoice, evidence: list[Evidence], lang: str) -> str | None:
        codes = {e.act for e in evidence if e.act}
        pairs = [(o, n) for o, n in (("IPC", "BNS"), ("CRPC", "BNSS"), ("IEA", "BSA")) if {o, n} & codes]
        if not pairs:
            return None
        old = ", ".join(acts()[o].name_en if lang == "en" else acts()[o].name_hi for o, _ in pairs)
        new = ", ".join(acts()[n].name_en if lang == "en" else acts()[n].name_hi for _, n in pairs)
        day = label("date.new_codes", lang)
        regime = choice.regime if choice.event_date else "both"  # only a date can say which applies
        note = render(_DATE_NOTE[regime], lang, date=day, old=old, new=new)
        if getattr(choice, "pending", False) and ("CRPC", "BNSS") in pairs:
            # BNSS s.531(2)(a): proceedings pending on 1 July 2024 continue under the CrPC
            note += " " + render(
                "code_applies.pending", lang, old=acts()["CRPC"].name(lang), new=acts()["BNSS"].name(lang)
            )
        return note

    def _caveat(self, case_id: str, lang: str) -> str:
        """The pack's fixed caveat on a holding (sourced data, never model prose), in the answer's language."""
        rows = self.graph.ro_query("MATCH (c:Case {id: $id}) RETURN c.caveat_en, c.caveat_hi", {"id": case_id})
        if not rows:
            return ""
        en, hi = rows[0]
        return (hi if lang == "hi" else en) or en or ""

    def _assemble(
        self, pieces: Pieces, evidence, got, lang, guidance, notices, question: str
    ) -> tuple[Answer, list[str]]:
        """The answer and every authority its notices name (each is verified on its own at the end)."""
        notices = list(notices)
        if guidance:
            notices.append(guidance)
        refs: list[str] = []  # every authority a notice names; each is verified on its own at the end
        seen = set()
        for c in pieces.checks:
            if c.node_id in seen:
                continue
            seen.add(c.node_id)
            this = display(c.act, c.number, lang) if c.kind != "case" else c.title
            if c.status == "superseded" and c.current:
                succ = [display(*x.strip().split(":", 1), lang) for x in c.current.split(",")]
                notices.append(render("superseded", lang, old=this, new=", ".join(succ)))
                refs += [this, *succ]
            elif c.status == "omitted":
                notices.append(render("omitted", lang, old=this))
                refs.append(this)
            elif c.status == "struck_down":
                case = (c.related or [{}])[0].get("name", "")
                notices.append(render(_struck_key(c), lang, provision=this, case=case))
                refs += [this, case]
            elif c.status == "overruled":
                by = (c.related or [{}])[0].get("name", "")
                notices.append(render("overruled", lang, case=c.title, by=by))
                refs += [c.title, by]
            if getattr(c, "notice", None):  # a known defect of the source text (HSA s.6 pre-2005): fixed notice
                notices.append(render(c.notice, lang))
            if c.kind == "case" and c.node_id:
                caveat = self._caveat(c.node_id, lang)
                if caveat:  # a holding that is no longer the whole law since 1 July 2024 (Lalita Kumari)
                    notices.append(render("case.caveat", lang, case=c.title, caveat=caveat))
                    refs.append(c.title)
        settled_chain: list = []  # issue 23: settled disagreements put both earlier cases in the chain
        conflict = self._conflict(pieces, got, lang, notices, refs, question, settled_chain)
        chain = [e.path for e in pieces.used if e.path] + settled_chain
        parts = {
            "citations": pieces.checks,
            "citation_chain": chain,
            "notices": notices,
            "summary": pieces.summary,
            "steps": pieces.steps,
            "law": pieces.law,
        }
        answer = (
            Answer.conflicted(pieces.text, lang, conflict, **parts)
            if conflict
            else Answer.answered(pieces.text, lang, **parts)
        )
        return answer, [r for r in refs if r]

    def _conflict(
        self, pieces: Pieces, got, lang, notices, refs: list[str], question: str, chain: list | None = None
    ) -> Conflict | None:
        """Issue 23: each disagreement the answer touches is decided by core.conflicts as live, settled or
        none. Live: the conflict notice, both sides with their paths, court and bench, what it means, and
        a short answer and steps. Settled: an ordinary answer that states the settled rule, cites the
        settling judgment and says in one fixed line that earlier judgments differed; both earlier cases
        go into the chain. ``chain`` receives those paths."""
        from core import conflicts as C

        flagged = [c for c in pieces.checks if c.status == "conflict"]
        # a disagreement among the authorities the graph found for this question is reported even when
        # the answer does not quote either side: the user must not be told one side silently
        # but only when the question is about the point they disagree on (or the answer quotes a side)
        used = {e.node_id for e in pieces.used}
        found = {e.node_id for e in got.evidence}
        asked = _asked(question)
        relevant = [
            c
            for c in got.conflicts
            if c["a"] in used
            or c["b"] in used
            or ((c["a"] in found or c["b"] in found) and len(asked & stems(content_words(c.get("issue") or ""))) >= 2)
        ]
        pairs = [(c["a"], c["b"], c.get("path") or []) for c in relevant]
        overruled = [c for c in pieces.checks if c.status == "overruled"]  # a disagreement a later bench settled
        for f in flagged + overruled:
            for other in f.related or []:
                if other.get("id"):
                    pairs.append((f.node_id, other["id"], []))
        cited = [c.node_id for c in pieces.checks if c.kind != "case" and c.node_id]
        # a settled dispute whose settling judgment interprets a cited provision: the law on that provision
        # is what the settling judgment says (a filter on the question's words was tried: on conflicts.jsonl
        # it lost a third of the settled questions, lay words rarely meet the recorded point)
        # Where the cited provisions' settling judgments settled several different points (Article 21 is
        # interpreted by many), only a point the question speaks to counts: a question on production
        # within 24 hours is not about the speedy-trial line of cases. One settled point is kept as is.
        pairs += [(a, b, []) for a, b in self._settled_on(cited, asked)]
        decisions, seen = [], set()
        for a, b, path in pairs:
            if frozenset((a, b)) in seen or not a or not b:
                continue
            seen.add(frozenset((a, b)))
            d = C.from_graph(self.graph, a, b)
            if d.state != C.NONE:
                decisions.append((d, path))
        live = [(d, p) for d, p in decisions if d.state == C.LIVE]
        settled = [d for d, _ in decisions if d.state == C.SETTLED]
        self._settled(
            pieces, settled, lang, notices, refs, chain if chain is not None else [], live=bool(live), cited=cited
        )
        if not live:
            return None
        d, path = live[0]
        path_a, path_b = C.side_path(self.graph, d.a.id, path), C.side_path(self.graph, d.b.id, path)
        refs += [d.a.name, d.b.name]
        notices.append(
            render(
                "conflict.notice",
                lang,
                a=C.side_words(d.a, lang),
                b=C.side_words(d.b, lang),
                conflict_type=(d.conflict_type or "coordinate_bench").replace("_", " "),
                resolution=None,
            )
        )
        notices.append(render("conflict.meaning", lang))
        if not pieces.summary:  # every conflict answer carries a short answer and steps
            pieces.summary = render("conflict.short", lang)
        pieces.steps = [
            *pieces.steps,
            Step(text=render("conflict.step_lawyer", lang)),
            Step(text=render("conflict.step_court", lang)),
        ]
        return Conflict(
            conflict_type=d.conflict_type or "coordinate_bench", supporting_paths=[path_a, path_b], confidence="low"
        )

    def _settled(
        self, pieces: Pieces, settled, lang, notices, refs: list[str], chain: list, live: bool, cited=()
    ) -> None:
        """A settled disagreement: the fixed one-line notice, the settled rule with the settling judgment
        cited (verified here like any citation), both earlier cases in the chain; the sides' own
        'conflict' status gives way to what settled them."""
        from core import conflicts as C

        by_resolver: dict[str, list] = {}
        for d in settled:
            by_resolver.setdefault(d.settled_by.id, []).append(d)
        for group in by_resolver.values():
            d = group[0]
            z = d.settled_by
            sides = list(dict.fromkeys(x for g in group for x in (g.a, g.b) if x.id != z.id))
            names = [x.name for x in sides][:2]
            if len(names) < 2:  # one judgment overruled by the other: the disagreement was between those two
                names = [*names, z.name] if names else [d.a.name, d.b.name]
            notices.append(
                render(
                    "conflict.settled",
                    lang,
                    a=names[0],
                    b=names[-1] if len(names) > 1 else names[0],
                    by=z.name,
                    detail=C.when(z, lang),
                )
            )
            refs += [*names, z.name]
            for x in sides:
                p = C.settle_path(self.graph, d, x)
                if len(p) > 1 and p not in chain:
                    chain.append(p)
            rule = C.settled_rule(self.graph, d, lang)
            before = len(pieces.checks)
            # at most six citations in any answer (issue 19): with six already, the notice stays, uncited
            room = len({c.node_id for c in pieces.checks if c.node_id} - {z.id}) < MAX_CITATIONS
            if room and rule and z.id not in {c.node_id for c in pieces.checks}:
                extra = self.verifier.verify(rule, check_support=False).citations
                # only a sentence whose every citation verifies is added, the settling judgment among them
                # and no other authority than those the answer already cites: the final check judges each
                # against the question, and a new one it finds off the point would withhold the answer
                known = {c.node_id for c in pieces.checks} | {z.id} | C.neighbours(self.graph, list(cited))
                if (
                    any(c.node_id == z.id for c in extra)
                    and all(c.severity != "error" for c in extra)
                    and all(c.node_id in known for c in extra)
                ):
                    pieces.text = f"{pieces.text}\n{rule}"
                    pieces.checks = [*pieces.checks, *extra]
                    if pieces.summary and not live:
                        pieces.summary = f"{pieces.summary} {rule}"
                    pieces.law = [
                        *pieces.law,
                        LawItem(cite=z.name, gist=rule, node_id=z.id),
                    ]
            if (
                room
                and len(pieces.checks) == before
                and z.kind == "case"
                and z.id not in {c.node_id for c in pieces.checks}
            ):
                # the holding sentence could not be added (a citation in it does not verify here): the
                # settling judgment is still cited, from the fixed notice that names it, its holding its gist
                named = [
                    c for c in self.verifier.verify(notices[-1], check_support=False).citations if c.node_id == z.id
                ]
                if named and named[0].severity != "error":
                    pieces.checks = [*pieces.checks, named[0]]
                    gist = (rule.split(": ", 1)[-1] if rule else "") or z.name
                    pieces.law = [*pieces.law, LawItem(cite=z.name, gist=gist, node_id=z.id)]
            if not live:
                ids = {x.id for x in sides}
                for c in pieces.checks:
                    if c.status == "conflict" and c.node_id in ids:
                        c.status = "verified"
                        c.note = render(
                            "conflict.settled", "en", a=names[0], b=names[-1], by=z.name, detail=C.when(z, "en")
                        )

    def _settled_on(self, provision_ids: list[str], asked: set[str]) -> list[tuple[str, str]]:
        """The settled disagreements on these provisions the answer should report. Where their settling
        judgments settled several different points (Article 21 is interpreted by many), only a point the
        question speaks to counts: a question on production within 24 hours is not about the speedy-trial
        line of cases. A single settled point is kept as it is."""
        from core import conflicts as C

        found = C.disputes_on(self.graph, provision_ids)
        by = {(a, b): getattr(C.from_graph(self.graph, a, b).settled_by, "id", None) for a, b, _ in found}
        if len(set(by.values()) - {None}) > 1:
            # two shared words, one of them not of the provisions' own headings ("dishonour of cheque",
            # s.138 NI Act): those name the provision, not the point, so a Hinglish filing-time question
            # whose English hint is "Dishonour of cheque" is not the second-dishonour question
            heads = self.graph.ro_query(
                "MATCH (p:Provision) WHERE p.id IN $ids RETURN p.title", {"ids": sorted(set(provision_ids))}
            )
            common = stems(content_words(" ".join(str(t or "") for (t,) in heads)))
            shared = {pt: asked & stems(content_words(pt)) for _, _, pt in found}
            found = [(a, b, pt) for a, b, pt in found if len(shared[pt]) >= 2 and shared[pt] - common]
        return [(a, b) for a, b, _ in found if by.get((a, b))]

    def _settles(self, evidence: list[Evidence], question: str, hint: str) -> int:
        """1 when a settling judgment will be cited beside these sources (a place is kept for it)."""
        ids = [e.node_id for e in evidence if e.cite_as and e.label in ("Section", "Article")]
        try:
            return int(bool(self._settled_on(ids, _asked(question + " " + hint))))
        except Exception:  # the conflict probe is best effort; the cap still holds
            return 0

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
            blocked = [c for c in final.citations if c.severity == "error"]
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
