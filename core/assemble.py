"""Assembling the answer (core.answer's last layer): the verified pieces -> an ``Answer``, with every
fixed notice its citations call for (superseded, omitted, struck down, overruled, a known source defect,
a holding's caveat, which code a date decides) and the conflict notice (issue 23): each disagreement the
answer touches is decided by core.conflicts as live, settled or none; a live one makes a conflict answer,
a settled one an ordinary answer that cites the settling judgment.

``Assembly`` is mixed into ``core.answer.AnswerPipeline``: it uses the pipeline's graph and verifier.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.acts import acts, display
from core.graph_queries import case_caveat, provision_titles
from core.language.templates import label, render
from core.on_point import interpreted
from core.stages import Answer, Citation, CitationStatus, Conflict, Draft, Evidence, LawItem, Step
from core.support import content_words, stems
from core.temporal import CodeChoice

MAX_CITATIONS = 6  # no answer cites more (issue 19): more than a person can act on
_DATE_NOTE = {"new": "code_applies.new", "old": "code_applies.old", "both": "code_applies.both"}


def _struck_by(c: Citation, judgment: str) -> bool:
    """A citation of a provision struck down by the very judgment whose holding the sentence states: the
    sentence says so ("Section 497 IPC ... is struck down"), which is what the verifier's status tells."""
    return c.status == CitationStatus.STRUCK_DOWN and any((r or {}).get("id") == judgment for r in c.related or [])


@dataclass
class Pieces:
    """The user-facing answer being assembled (its parts rendered: tags turned into citations)."""

    text: str
    checks: list[Citation]
    used: list[Evidence]
    draft: Draft
    summary: str = ""
    steps: list[Step] = field(default_factory=list)
    law: list[LawItem] = field(default_factory=list)
    model_id: str | None = None  # the model that wrote the short answer, when one did
    support_checked: bool = False  # its text passed the point-support check (a problem answer)
    meaning_rejected: list[str] = field(default_factory=list)  # why the model's short answer was not kept
    rule_first: bool = False  # the question asks a settled point itself: the settled rule leads (core.answer)


_DEVANAGARI_RUN = re.compile(r"[\u0900-\u097F]+")


def question_stems(question: str) -> set[str]:
    """The content stems a question speaks to, for deciding which disagreement it is about. A Hindi
    question is read through its English hint (the glossary terms it names, appended by ask()), not
    through content_words' expansion of each Hindi word: "जमानत" expands to every kind of bail
    (anticipatory, interim, default ...), so a question about a brother already arrested met the
    anticipatory-bail dispute on two words nobody asked about."""
    if _DEVANAGARI_RUN.search(question):
        question = _DEVANAGARI_RUN.sub(" ", question)
    return stems(content_words(question))


def struck_key(c: Citation) -> str:
    """The fixed notice for a struck-down provision: "only in part" when no judgment struck it down
    whole (Joseph Shine struck s.198(2) CrPC only as it applies to adultery: a bigamy complaint still
    rests on s.198)."""
    related = [r for r in c.related or [] if isinstance(r, dict)]
    if related and all((r.get("extent") or "full") != "full" for r in related):
        return "struck_down.part"
    return "struck_down"


def capped(checks: list, law: list, most: int = MAX_CITATIONS) -> list:
    """The answer's citations, at most ``most`` distinct authorities (issue 19: never more than six): those
    "The law" shows first, in its order, then the others in the order the text names them. A quoted source's
    own text names others in passing ("sections 64 to 71 of the Bharatiya Nyaya Sanhita" in BNSS s.193; the
    settling judgment's rule naming s.65B); they were verified with the text and stay in it, but the list of
    what the answer cites stops at six. Entries without a node (none reach here unverified) are kept, last.
    The list is in that same order, so it never puts first what the text names only in passing ("an
    anticipatory bail" answer listed BNS ss.65, 70, named in BNSS s.482(4)'s exception, before s.482)."""
    order = list(
        dict.fromkeys(
            [x.node_id for x in law if getattr(x, "node_id", None)] + [c.node_id for c in checks if c.node_id]
        )
    )
    rank = {nid: i for i, nid in enumerate(order[:most])}
    kept = [c for c in checks if not c.node_id or c.node_id in rank]
    return sorted(kept, key=lambda c: rank.get(c.node_id, most))


class Assembly:
    """Pieces -> Answer, notices and conflicts (mixed into core.answer.AnswerPipeline)."""

    @staticmethod
    def _flag_named(flagged: list, lang: str, notices: list[str]) -> list[str]:
        """Bad law the question itself named ("is Section 497 IPC valid?") is not cited as authority,
        but the user is told its status, from the fixed templates. Returns the authorities named."""
        refs: list[str] = []
        for ev, c in flagged:
            if c is None or "explicit" not in ev.strategies:
                continue
            other = (c.related or [{}])[0].get("name", "")
            this = display(ev.act, ev.number, lang) if ev.act and ev.number else ev.cite_as
            if c.status == CitationStatus.STRUCK_DOWN and other:
                notices.append(render(struck_key(c), lang, provision=this, case=other))
            elif c.status == CitationStatus.OVERRULED and other:
                notices.append(render("overruled", lang, case=c.title or ev.name, by=other))
            else:
                continue
            refs += [this, other]
        return refs

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
        row = case_caveat(self.graph, case_id)
        if not row:
            return ""
        en, hi = row
        return (hi if lang == "hi" else en) or en or ""

    def _assemble(
        self, pieces: Pieces, evidence, got, lang, guidance, notices, question: str, said: str = "", lead=()
    ) -> tuple[Answer, list[str]]:
        """The answer and every authority its notices name (each is verified on its own at the end).
        ``question``: the question with its English hint; ``said``: the question alone; ``lead``: the
        status notices of bad law the question names (``_flag_named``), which open the short answer."""
        notices = list(notices)
        if guidance:
            notices.append(guidance)
        refs: list[str] = []  # every authority a notice names; each is verified on its own at the end
        seen = set()
        named = {e.node_id for e in pieces.used if "explicit" in e.strategies}  # provisions the question names
        # "what was section 497 ipc": the first sentence a person reads is the named law's status, from the
        # fixed template, before any holding ("adultery can still be a ground for divorce"), even when no
        # short answer was composed
        named_status = bool(lead)
        lead = list(lead)
        for c in pieces.checks:
            if c.node_id in seen:
                continue
            seen.add(c.node_id)
            this = display(c.act, c.number, lang) if c.kind != "case" else c.title
            if c.status == CitationStatus.SUPERSEDED and c.current:
                succ = [display(*x.strip().split(":", 1), lang) for x in c.current.split(",")]
                notices.append(render("superseded", lang, old=this, new=", ".join(succ)))
                refs += [this, *succ]
            elif c.status == CitationStatus.OMITTED:
                notices.append(render("omitted", lang, old=this))
                refs.append(this)
                if c.node_id in named:  # "IPC 309 abhi bhi lagu hai kya": not "the applicable law: s.309"
                    lead.append(notices[-1])
            elif c.status == CitationStatus.STRUCK_DOWN:
                case = (c.related or [{}])[0].get("name", "")
                notices.append(render(struck_key(c), lang, provision=this, case=case))
                refs += [this, case]
                if c.node_id in named:  # "is section 377 ipc still valid": its status is the first thing said
                    lead.append(notices[-1])
            elif c.status == CitationStatus.OVERRULED:
                by = (c.related or [{}])[0].get("name", "")
                notices.append(render("overruled", lang, case=c.title, by=by))
                refs += [c.title, by]
            if c.notice:  # a known defect of the source text (HSA s.6 pre-2005): fixed notice
                notices.append(render(c.notice, lang))
            if c.kind == "case" and c.node_id:
                caveat = self._caveat(c.node_id, lang)
                if caveat:  # a holding that is no longer the whole law since 1 July 2024 (Lalita Kumari)
                    notices.append(render("case.caveat", lang, case=c.title, caveat=caveat))
                    refs.append(c.title)
        if lead and (pieces.summary or named_status) and not any(x in (pieces.summary or "") for x in lead):
            pieces.summary = " ".join([*dict.fromkeys(lead), pieces.summary or ""]).strip()
        settled_chain: list = []  # issue 23: settled disagreements put both earlier cases in the chain
        conflict = self._conflict(pieces, got, lang, notices, refs, question, settled_chain, said=said)
        chain = [e.path for e in pieces.used if e.path] + settled_chain
        parts = {
            "citations": capped(pieces.checks, pieces.law),
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
        self,
        pieces: Pieces,
        got,
        lang,
        notices,
        refs: list[str],
        question: str,
        chain: list | None = None,
        said: str = "",
    ) -> Conflict | None:
        """Issue 23: each disagreement the answer touches is decided by core.conflicts as live, settled or
        none. Live: the conflict notice, both sides with their paths, court and bench, what it means, and
        a short answer and steps. Settled: an ordinary answer that states the settled rule, cites the
        settling judgment and says in one fixed line that earlier judgments differed; both earlier cases
        go into the chain. ``chain`` receives those paths."""
        from core import conflicts as C

        flagged = [c for c in pieces.checks if c.status == CitationStatus.CONFLICT]
        # a disagreement among the authorities the graph found for this question is reported even when
        # the answer does not quote either side: the user must not be told one side silently
        # but only when the question is about the point they disagree on (or the answer quotes a side)
        used = {e.node_id for e in pieces.used}
        found = {e.node_id for e in got.evidence}
        asked = question_stems(question)
        relevant = [
            c
            for c in got.conflicts
            if c["a"] in used
            or c["b"] in used
            or ((c["a"] in found or c["b"] in found) and len(asked & stems(content_words(c.get("issue") or ""))) >= 2)
        ]
        pairs = [(c["a"], c["b"], c.get("path") or []) for c in relevant]
        # a disagreement a later bench settled
        overruled = [c for c in pieces.checks if c.status == CitationStatus.OVERRULED]
        for f in flagged + overruled:
            for other in f.related or []:
                if other.get("id"):
                    pairs.append((f.node_id, other["id"], []))
        cited = [c.node_id for c in pieces.checks if c.kind != "case" and c.node_id]
        # a settled dispute whose settling judgment interprets a cited provision: the law on that provision
        # is what the settling judgment says, when the disagreement was about that provision and the
        # question speaks to its point (core.on_point: the recorded point alone lost a third of the settled
        # questions of conflicts.jsonl, lay words rarely meet it; the reviewed renderings of the issue and
        # what the holding adds to the statute's words meet them). Where the cited provisions' settling
        # judgments settled several different points (Article 21 is interpreted by many), the point shares
        # two words with the question: production within 24 hours is not the speedy-trial line of cases.
        hint = question[len(said) :].strip() if said and question.startswith(said) else ""
        pairs += [(a, b, []) for a, b in self._settled_on(cited, asked, said or question, hint)]
        # a dispute met only through a side retrieval found and the question's words of its issue, which
        # may be no more than the provision's own name ("electronic record", s.65B), is reported settled
        # only when the question speaks to the settled point itself (core.on_point), as a cited provision's is
        unquoted_sides = {frozenset((c["a"], c["b"])) for c in relevant if c["a"] not in used and c["b"] not in used}
        decisions, seen, unquoted = [], set(), set()
        for a, b, path in pairs:
            if frozenset((a, b)) in seen or not a or not b:
                continue
            d = C.from_graph(self.graph, a, b)
            if frozenset((a, b)) in unquoted_sides and d.state == C.SETTLED:
                if not self._on_point(d.settled_by.id, said or question, asked, hint):
                    continue  # not marked seen: the provision route may still reach it on its point
            seen.add(frozenset((a, b)))
            if d.state != C.NONE:
                decisions.append((d, path))
        reached = {d.settled_by.id for d, _ in decisions if d.state == C.SETTLED}
        if not decisions or reached:
            # no cited provision or found case led to a dispute, or only to settled ones, but the question asks
            # a settled point itself (core.conflicts.point_asked): the judgment that settled it is the answer's
            # law too, and a point a cited provision led to that is not the one asked is beside it ("पत्नी के
            # दूसरे आदमी से संबंध हैं ... व्यभिचार का आपराधिक मुकदमा", Joseph Shine's point, found Article 21 and
            # was told P. Ramachandra Rao's speedy-trial rule)
            linked = [e.node_id for e in got.evidence if "problem_case" in (e.strategies or [])]
            problems = [m.id for m in getattr(got, "problems", None) or []]
            pairs, bears = self._point_pairs(question, said, linked, problems, cited, gated=None)
            asked_for = [d for d in (C.from_graph(self.graph, a, b) for a, b in pairs) if d.state == C.SETTLED]
            if asked_for and reached and asked_for[0].settled_by.id not in reached:
                decisions = [(d, p) for d, p in decisions if d.state != C.SETTLED]
            elif reached:
                asked_for = []
            for d in asked_for:
                decisions.append((d, []))
                if not bears:  # the relevance gate would find its holding off the point: cited by the notice
                    unquoted.add(d.settled_by.id)
        live = [(d, p) for d, p in decisions if d.state == C.LIVE]
        settled = [d for d, _ in decisions if d.state == C.SETTLED]
        self._settled(
            pieces,
            settled,
            lang,
            notices,
            refs,
            chain if chain is not None else [],
            live=bool(live),
            cited=cited,
            unquoted=unquoted,
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
        self, pieces: Pieces, settled, lang, notices, refs: list[str], chain: list, live: bool, cited=(), unquoted=()
    ) -> None:
        """A settled disagreement: the fixed one-line notice, the settled rule with the settling judgment
        cited (verified here like any citation), both earlier cases in the chain; the sides' own
        'conflict' status gives way to what settled them. ``unquoted``: settling judgments whose holding
        is not quoted into the text (the relevance gate judges a Hindi question's words against an English
        holding through the glossary alone): cited from the fixed notice that names them."""
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
            if room and rule and z.id not in unquoted and z.id not in {c.node_id for c in pieces.checks}:
                extra = self.verifier.verify(rule, check_support=False).citations
                # only a sentence whose every citation verifies is added, the settling judgment among them
                # and no other authority than those the answer already cites: the final check judges each
                # against the question, and a new one it finds off the point would withhold the answer
                known = {c.node_id for c in pieces.checks} | {z.id} | C.neighbours(self.graph, list(cited))
                if pieces.rule_first:
                    # the question asks the point itself: the provisions the judgment reads are its law ("is
                    # adultery still a crime" -> "Section 497 IPC ... is struck down", Joseph Shine)
                    known |= set(interpreted(self.graph, z.id))
                if (
                    any(c.node_id == z.id for c in extra)
                    and all(c.severity != "error" or _struck_by(c, z.id) for c in extra)
                    and all(c.node_id in known for c in extra)
                ):
                    for c in extra:
                        if _struck_by(c, z.id):  # shown with its struck-down status: a flag, not law in force
                            c.severity = "warning"
                    first = pieces.rule_first and not live
                    pieces.text = f"{rule}\n{pieces.text}" if first else f"{pieces.text}\n{rule}"
                    pieces.checks = [*pieces.checks, *extra]
                    if pieces.summary and not live:
                        pieces.summary = f"{rule} {pieces.summary}" if first else f"{pieces.summary} {rule}"
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
                ] or self._named_in(notices[-1], z)
                if named and named[0].severity != "error":
                    pieces.checks = [*pieces.checks, named[0]]
                    gist = (rule.split(": ", 1)[-1] if rule else "") or z.name
                    pieces.law = [*pieces.law, LawItem(cite=z.name, gist=gist, node_id=z.id)]
            if not live:
                ids = {x.id for x in sides}
                for c in pieces.checks:
                    if c.status == CitationStatus.CONFLICT and c.node_id in ids:
                        c.status = CitationStatus.VERIFIED
                        c.note = render(
                            "conflict.settled", "en", a=names[0], b=names[-1], by=z.name, detail=C.when(z, "en")
                        )

    def _named_in(self, notice: str, z) -> list:
        """The settling judgment checked by the name the notice gives it, where the citation reader does not
        read that name as a case ("In Re: Expeditious Trial of Cases under Section 138 ...", no "v."):
        verified against the graph by name like any case citation; [] when it is not found there."""
        from core.citations import Citation as Mention
        from core.citations.resolve import case_key

        at = notice.find(z.name) if z.name else -1
        if at < 0:
            return []
        m = Mention(z.name, at, at + len(z.name), "case", None, None, None, z.name, (), case_key((), z.name))
        got = self.verifier.check(m, notice)
        return [got] if got.node_id == z.id else []

    def _settled_on(
        self, provision_ids: list[str], asked: set[str], said: str = "", hint: str = ""
    ) -> list[tuple[str, str]]:
        """The settled disagreements on these provisions the answer should report: each about a cited
        provision, on a point the question speaks to (core.on_point; ``said``: the question as typed,
        ``hint``: its English hint). Where their settling judgments settled several different points
        (Article 21 is interpreted by many), the point must also share two words with the question: a
        question on production within 24 hours is not about the speedy-trial line of cases."""
        from core import conflicts as C
        from core import on_point as O

        near = C.neighbours(self.graph, provision_ids)  # read once: the disputes and the sides' provisions
        disputes = C.disputes_on(self.graph, provision_ids, near)
        # most provisions lead to no settled dispute (``_settles`` asks of each one on every answer)
        found = O.about_cited(self.graph, disputes, near) if disputes else []
        if not found:
            return []
        by = {(a, b): getattr(C.from_graph(self.graph, a, b).settled_by, "id", None) for a, b, _ in found}
        reached = set(by.values()) - {None}
        if len(reached) > 1:
            # two shared words, one of them not of the provisions' own headings ("dishonour of cheque",
            # s.138 NI Act): those name the provision, not the point, so a Hinglish filing-time question
            # whose English hint is "Dishonour of cheque" is not the second-dishonour question
            heads = provision_titles(self.graph, provision_ids)
            common = C.family(stems(content_words(" ".join(str(t or "") for t in heads))))
            # by word family: "presume" is the point's "presumption" (s.139 NI Act)
            shared = {pt: C.in_family(asked, stems(content_words(pt))) for _, _, pt in found}
            # a Hindi or Hinglish question says it in its own words: those of the point's renderings count
            # (core.on_point.speaks_to, heading words and the other points' words left out)
            own = self._own_words(found, by, said, asked, hint) if C.script_of(said) != "en" else {}
            found = [
                (a, b, pt)
                for a, b, pt in found
                if (len(shared[pt]) >= 2 and C.family(shared[pt]) - common) or len(own.get(by[(a, b)], ())) >= 2
            ]
        # the settled point is the question's: a word of it that names neither the law nor another point
        # these provisions lead to
        points = {p.settler: p for p in C.settled_points(self.graph) if p.settler in reached}
        left = {by[(a, b)] for a, b, _ in found if by.get((a, b))}
        said = said or " ".join(sorted(asked))
        # naming the disputed provision asks its settled point too, where the point's scope words let it be
        # the question's (a dying declaration's s.32 IEA is Laxman's point only with the doctor's certificate)
        named = {by[x] for x in O.named_disputes(self.graph, found, said) if by.get(x)}
        on = {z for z in named if z not in points or C.in_scope(points[z], said, hint)} | {
            z
            for z, p in points.items()
            if z in left and O.speaks_to(self.graph, p, said, asked, hint, [o for o in points.values() if o is not p])
        }
        return [(a, b) for a, b, _ in found if by.get((a, b)) in on]

    def _on_point(self, settler: str, said: str, asked: set[str], hint: str) -> bool:
        """The question speaks to the point this judgment settled (core.on_point.speaks_to, or
        core.conflicts.point_asked names it); True where no settled point is recorded for it."""
        from core import conflicts as C
        from core import on_point as O

        points = {p.settler: p for p in C.settled_points(self.graph)}
        if settler not in points:
            return True
        p = points[settler]
        if O.speaks_to(self.graph, p, said, asked, hint):
            return True
        z = C.point_asked(self.graph, said, asked, hint=hint)
        return getattr(z, "settler", None) == settler

    def _own_words(self, found, by: dict, said: str, asked: set[str], hint: str) -> dict[str, set[str]]:
        """For each settling judgment these disputes reach, the question's words that speak to its point."""
        from core import conflicts as C
        from core import on_point as O

        reached = {by.get((a, b)) for a, b, _ in found} - {None}
        points = {p.settler: p for p in C.settled_points(self.graph) if p.settler in reached}
        return {
            z: O.speaks_to(self.graph, p, said, asked, hint, [o for o in points.values() if o is not p])
            for z, p in points.items()
        }

    def _point_pairs(
        self, question: str, said: str, linked=(), problems=(), cited=(), gated: bool | None = True
    ) -> tuple[list[tuple[str, str]], bool]:
        """The disputes settled by the judgment whose settled point the question asks about, if any
        (core.conflicts.point_asked, in the question's own language), and whether the relevance gate will
        let its holding be quoted (core.relevance): retrieval found it as a recognised problem's case
        (``linked``), a recognised problem links it (``problems``: its cases, and those interpreting its
        governing provisions), it interprets a provision the answer cites (``cited``) or a problem's, or the
        question's words as the gate reads them meet its holding (three with a problem, two without).
        ``gated``: no disputes when the gate would not let it be quoted; None: so for an English question
        only (the gate reads a Hindi question's words through the glossary alone, so a point recognised in
        Hindi is cited from the notice instead)."""
        from core import conflicts as C

        said = said or question
        hint = question[len(said) :].strip() if question.startswith(said) else ""
        z = C.point_asked(self.graph, said, question_stems(question), hint=hint)
        if z is None:
            return [], False
        gate = stems(content_words(question))
        links = self.verifier.relevance.links(list(problems)) if problems else None
        near = len(gate & stems(content_words(z.holding))) >= (3 if problems else 2)
        known = set(linked) | (links.cases if links else set())
        provisions = set(cited) | (links.provisions if links else set())
        bears = near or z.settler in known or self.verifier.relevance._interprets(z.settler, provisions)
        if C.script_of(said) == "en":  # English keeps the gate measured on the everyday and statutes sets
            bears = (
                z.settler in set(linked)
                or not gate
                or len(gate & stems(content_words(z.holding))) >= 3
                or C.asks_struck(z, said)  # it asks whether what the judgment struck down is an offence
                or C.says_point(z, said)  # it says the point as people say it (doctrine.json asks)
                # it names a judgment of the point's dispute ("is K. Bhaskaran still good law")
                or getattr(C.named_point(self.graph, said, hint), "settler", None) == z.settler
            )
        if gated is None:
            gated = C.script_of(said) == "en"
        if gated and not bears:
            return [], False
        return [(a, b) for a, b, _ in C.disputes_of(self.graph, z.settler)], bears

    def _settles(self, evidence: list[Evidence], question: str, hint: str) -> tuple[int, set[str]]:
        """(1, ...) when a settling judgment will be cited beside these sources (a place is kept for it), with
        the settling judgments retrieval already found among them: each is that place, kept out of the cap's
        ranking (counted there as well as reserved, it lost its place to the provisions: "My mother-in-law
        owns the house ... DV Act" cited DV Act ss.2, 27, 28 and the sections s.28's text names, not
        Satish Chander Ahuja). The answer cites fewer provisions than retrieval found: with all of them,
        several settled points meet (Article 21 brings three) and each must then share two words with the
        question, so each provision is also tried as if it alone were cited (a 65B question beside Article 21
        keeps Arjun Panditrao's place)."""
        from core import conflicts as C

        ids = [e.node_id for e in evidence if e.cite_as and e.label in ("Section", "Article")]
        try:
            asked = question_stems(question + " " + hint)
            found = [e.node_id for e in evidence if "problem_case" in (e.strategies or [])]
            problems = sorted({e.problem for e in evidence if e.problem})
            each = list(dict.fromkeys(ids))  # one provision alone is the first question asked again
            pairs = self._settled_on(ids, asked, question, hint)
            for i in each if len(each) > 1 and not pairs else ():
                pairs = pairs or self._settled_on([i], asked, question, hint)
            pairs = pairs or self._point_pairs(question + " " + hint, question, found, problems, ids, gated=None)[0]
            if not pairs:
                return 0, set()
            settlers = {getattr(C.from_graph(self.graph, a, b).settled_by, "id", None) for a, b in pairs}
            return 1, settlers & {e.node_id for e in evidence if e.cite_as}
        except Exception:  # the conflict probe is best effort; the cap still holds
            return 0, set()
