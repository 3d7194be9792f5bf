"""The sources an answer may rest on (core.answer's first layer after retrieval): a recognised problem's
material (core.material) and a direct question's provisions lead; each source is verified before any
composer sees it (bad law kept aside, off-point sources too), its unprovable sentences dropped; and at most
MAX_CITATIONS are kept (issue 19), in the order "The law" would show them.

``Sources`` is mixed into ``core.answer.AnswerPipeline``: it uses the pipeline's graph, retriever and verifier.
"""

from __future__ import annotations

import logging
import re

from core.assemble import MAX_CITATIONS, question_stems
from core.citations import extract, provision_ids
from core.graph_queries import provision_texts, qualify
from core.material import for_regime, problem_evidence
from core.stages import Citation, Evidence, ProblemMaterial
from core.temporal import CodeChoice
from core.verify import RelevanceContext

log = logging.getLogger(__name__)

_SENTENCE = re.compile(r"[^.!?।\n]+(?:[.!?।]+|\n|$)")
_HI_WORD = re.compile(r"[\u0900-\u097F]{2,}|\d{3,}")


def cites(name: str) -> bool:
    """Does a name read as a citation, the way the verifier's extractor reads it ("धारा 144", "अनुच्छेद 19")?"""
    return bool(extract(name))


def question_words(text: str, hint: str = "") -> set[str]:
    """The words a question speaks of, to rank what the citation cap keeps: English content stems (of
    the English hint for a Hindi question, as question_stems), plus the Hindi words and years as written
    ("बेटी", "पैतृक", "2005"); the glossary's expansion of one Hindi word ("संपत्ति": property,
    asset, affidavit, attachment ...) would make every provision share words with every question."""
    from core.support import HI_NAMING

    hi = {w for w in _HI_WORD.findall(text) if w not in HI_NAMING}
    return question_stems(text + " " + hint) | hi


def _cited_in(text: str) -> frozenset[str]:
    """What a text names that the answer would cite, as the citation extractor reads the answer: the
    sections and articles (core.citations.provision_ids) and the judgments by name ("Shreya Singhal v.
    Union of India", "State Vs Ram"), each key standing for one citation."""
    return frozenset(c.key for c in extract(text or "") if c.kind == "case" or (c.act and c.number))


def _gist_words(ev: Evidence, names: str = "") -> set[str]:
    """A provision's words as the question's are read (question_words): its gist and the names people
    call it by (the provision index: English, Hindi, Roman Hindi), as English stems and Hindi words."""
    return question_stems(f"{ev.gist_in('en')} {names}") | set(_HI_WORD.findall(f"{ev.gist_hi or ''} {names}"))


def _asked_of(m: ProblemMaterial, ev_of: dict[str, Evidence], asked: set[str], names: dict[str, str]) -> list[str]:
    """A problem's governing provisions whose gist or people-names share two of the question's words
    that most of the problem's provisions do not ("property" in succession says nothing of which),
    the most shared first: "a daughter's share in ancestral property" asks for HSA s.6."""
    words = {g: _gist_words(ev_of[g], names.get(g, "")) for g in m.governed_by if g in ev_of}
    common = {w for w in set().union(*words.values()) if 2 * sum(w in x for x in words.values()) > len(words)}
    shared = {g: len(asked & x - common) for g, x in words.items()}
    return sorted((g for g, n in shared.items() if n >= 2), key=lambda g: -shared[g])


class Sources:
    """What the answer may cite, verified and capped (mixed into core.answer.AnswerPipeline)."""

    def _material(
        self, material: list[ProblemMaterial], found: list[Evidence], choice: CodeChoice
    ) -> tuple[list[ProblemMaterial], list[Evidence]]:
        """The recognised problems' material (read by retrieval: ``Retrieved.material``), for the code that
        applies (the date decides; without one both codes), and the evidence with their deciding provisions
        first; no material (today's answer from what retrieval found) when the graph has no problem layer."""
        if not material:
            return [], found
        try:
            material, same = for_regime(self.graph, material, choice.regime if choice.event_date else "both")
            return material, problem_evidence(self.graph, self.retriever, material, found, same)
        except Exception:  # the problem layer is an aid: without it the answer is built as before
            log.exception("problem material unavailable")
            return [], found

    def _direct_material(self, direct, material: list[ProblemMaterial], found: list[Evidence], lang: str):
        """A question about the law itself (issue 19): the provisions it is about lead the answer as one
        more piece of material (core.synthesis.extractive DIRECT_ID), each with its Hindi name from the
        provision index; a situation that also asks for the law keeps its problem's material after it."""
        from core.provisions import index_for as provision_index
        from core.synthesis.short_answer import DIRECT_ID

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
            if lang == "hi" and not ev.gist_hi and e is not None:
                # a people-name that is itself a citation ("धारा 144" for BNSS s.163, "धारा 144 का उल्लंघन"
                # for BNS s.223) is no gist: the verifier reads it as a section of its own, off the point
                ev.gist_hi = next((h for h in getattr(e, "hi", None) or () if not cites(h)), "")
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
        question: str = "",
    ) -> list[Evidence]:
        """At most ``cap`` citations in the answer (issue 19: at most six in any answer): the provisions
        that the gists and steps name in passing ("not for BNS s.65") and ``reserve`` places (a settling
        judgment the conflict check will cite) are counted first, and the citable sources fill the rest:
        the provisions "The law" would show first (each problem's first, then the provision its short
        answer's last sentence speaks of and those the question asks for (_asked_of), then each problem's
        second, ..., the old-code ones beside the first two), then what the steps rest on, then the rest in
        rank order."""
        from core.synthesis.short_answer import DIRECT_ID, summary_plan

        citable = [e for e in evidence if e.cite_as]
        steps = set().union(*[provision_ids(st.text) for m in material for st in m.steps])
        # a problem's own summary is its short answer, and what it names is cited: "the heavier BNS
        # punishment for a driver who escapes, section 106(2), was not brought into force" (hit and run)
        steps |= set().union(*[_cited_in(m.gist) for m in material])
        # a procedure's steps are shown in their own words too ("not for BNS s.65 or s.70(2)"), with their
        # time limits ("30 days to other courts (Limitation Act, Art. 115)")
        steps |= set().union(
            *[
                provision_ids(f"{e.text} {e.time_limit} {e.time_limit_hi}")
                for e in evidence
                if not e.cite_as and e.label == "ProceduralEvent"
            ]
        )
        # what a gist names in passing is cited with it: provisions, and judgments by name ("Shreya
        # Singhal v. Union of India" in the IT Act s.79 gist), each counted as one citation
        passing = {e.node_id: _cited_in(e.gist) for e in citable}
        # and what its heading names, shown beside it ("Compensation to be in addition to fine under
        # section 326A or section 376D of Indian Penal Code": CrPC s.357B)
        # (read in its own Act, as the verifier reads it: "document described in section 337 or section 338"
        # in BNS s.339's heading is BNS ss.337 and 338)
        for e in citable:
            passing[e.node_id] |= _cited_in(qualify(e.title or "", e.act)) - {e.node_id}
        if not material:
            # with no problem and no direct question the answer quotes each source's first sentence
            # (core.synthesis.extractive), and what that sentence names is cited too ("in addition to
            # the fine under section 326A, … or section 376DB of the Indian Penal Code": CrPC s.357B)
            from core.synthesis.sentences import first_sentence

            for e in citable:
                passing[e.node_id] |= _cited_in(qualify(first_sentence(e.text or ""), e.act)) - {e.node_id}
        # a direct question's short answer quotes each lead's rule in its own words (English and Roman
        # script), and what that sentence names is cited too: "in contravention of section 3 or section 4"
        if lang != "hi":
            from core.synthesis.short_answer import rule_sentence

            # an old-code section beside its successor is never quoted: what its text names took the cap from it
            # ("154(1) crpc FIR ka naya section" lost CrPC s.154)
            leads = {g for m in material if m.id == DIRECT_ID for g in m.quoted_leads()}
            for e in citable:
                if e.node_id in leads:
                    # read in the lead's own Act, as the verifier reads it ("... of section 18 MV …", cut
                    # before "Act", is still MV Act s.18)
                    said = qualify(rule_sentence(e, question=question), e.act)
                    passing[e.node_id] |= provision_ids(said) - {e.node_id}
        if len({e.node_id for e in citable} | steps | set().union(*passing.values())) + reserve <= cap:
            return evidence
        order: list[str] = []
        ev_of = {e.node_id: e for e in citable}
        for m in material:
            m.said_by = {}
        # a direct question's lines (how many is decided after the cap) leave the gists three sentences,
        # two or one: each count's last sentence has its provision; the likeliest count's is kept first
        likely_taken = 1 if any(m.id == DIRECT_ID for m in material) else 0
        likely: dict[str, str] = {}
        for taken in (0, 1, 2):
            for m, sents, lead in summary_plan(material, ev_of, lang, taken=taken):
                if lead and len(sents) not in m.said_by:
                    m.said_by[len(sents)] = lead
                if lead and taken == likely_taken:
                    likely[m.id] = lead
        for k in range(max((len(m.governed_by) for m in material), default=0)):
            for m in material:
                if k < len(m.governed_by):
                    g = m.governed_by[k]
                    order.append(g)
                    if k < 2:
                        order += [o for olds in [m.old_codes.get(g, [])] for o in olds[:1]]
                if k == 0:  # what its short answer and the question speak of, before the next problem
                    order += [likely[m.id]] if m.id in likely else []
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
        ids = [e.node_id for e in evidence if e.label in ("Section", "Article") and len(e.text or "") >= 1000]
        if not ids:
            return
        try:
            rows = provision_texts(self.graph, ids)
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

    @staticmethod
    def _source_mentions(found: list[Evidence]) -> set[str]:
        """The provisions the sources' own texts name (a provision's text, a procedure step's), less
        the sources themselves: an answer that quotes a source quotes these names with it."""
        ids = {e.node_id for e in found}
        texts = [t for e in found for t in (e.text, e.gist, e.time_limit, e.bring) if t]
        return set().union(*(provision_ids(t) for t in texts)) - ids if texts else set()

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
        checked: list[tuple[Evidence, Citation]] = []
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
