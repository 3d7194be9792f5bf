"""The typed records that flow between the stages, and the one answer every consumer reads.

    question -> Transcript (voice) -> retrieve: Evidence, ProblemMatch -> synthesize: Draft
             -> verify: Citation -> assemble: Answer -> edges (CLI JSON, card, UI, speech, evaluation)

Statuses are enums inside the program and plain strings at the JSON edge: ``Answer.to_json()``
is the dict ``nyayapath ask --json`` prints (the keys it has always printed, plus summary, steps,
law, deadlines, problems and transcript). Nothing in core builds an answer dict by hand; each
outcome has its constructor: ``Answer.answered``, ``.conflicted``, ``.abstained``, ``.errored``,
``.clarify``.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Lang = Literal["en", "hi"]


class AnswerStatus(str, Enum):
    ANSWER = "answer"
    ABSTAIN = "abstain"
    CONFLICT = "conflict"
    ERROR = "error"
    CLARIFY = "clarify"

    def __str__(self) -> str:  # f"{status}" is the word, as in the JSON
        return self.value


class CitationStatus(str, Enum):
    """What the verifier found for one citation (core.verify)."""

    VERIFIED = "verified"
    SUPERSEDED = "superseded"
    OMITTED = "omitted"
    STRUCK_DOWN = "struck_down"
    OVERRULED = "overruled"
    CONFLICT = "conflict"
    UNINDEXED = "unindexed"
    UNVERIFIED = "unverified"
    MISMATCH = "mismatch"
    NONEXISTENT = "nonexistent"
    UNSUPPORTED = "unsupported"
    UNRESOLVED = "unresolved"
    OFF_POINT = "off_point"

    def __str__(self) -> str:
        return self.value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


# ----------------------------------------------------------------------------- retrieval
class Evidence(_Model):
    """One graph node the answer may rest on, with the path that led to it.

    One model for every kind; the fields of the other kinds stay empty. ``label`` says the kind:
    "Section" | "Article" (provisions), "Case", "ProceduralEvent" (a step of a procedure flow),
    "Step" (a step of a recognised problem), "Problem", "Term", "Passage".
    """

    # every kind
    node_id: str  # "BNS:103", "COI:21", "CASE:puttaswamy-2017", "PROC:arrest:2"
    label: str
    name: str  # display: "BNS 103: Punishment for murder" / the case name
    text: str = ""  # statutory text, holding, step description (may be truncated)
    text_hi: str = ""  # Hindi text where the pack has one (holdings, step descriptions)
    name_hi: str = ""  # Hindi name (a step's name, a provision's Hindi title)
    gist: str = ""  # one plain line of what it gives the person (problem layer)
    gist_hi: str = ""
    score: float = 0.0
    strategies: list[str] = Field(default_factory=list)  # which retrievers found it
    path: list[dict] = Field(default_factory=list)  # [{"id","label","name"},{"rel"},...] from an anchor
    cite_as: str = ""  # how an answer must cite it: "Section 103 BNS", "Article 21",
    #                                    "Maneka Gandhi v. Union of India (1978) 1 SCC 248"; "" for steps
    status: CitationStatus = CitationStatus.VERIFIED  # verifier status of cite_as, carried along
    note: str = ""
    problem: str | None = None  # the PROB: id it came through, when a problem was recognised

    # provisions (Section, Article)
    act: str | None = None  # "BNSS"
    number: str | None = None  # "482", "13B", "Order XXXIX Rule 1"
    title: str = ""  # the statute's own heading (English)
    omitted: bool = False
    text_outdated: bool = False  # the corpus text is not the law in force (acts.json known_defects: HSA s.6)
    repealed_code: bool = False  # an act of the old codes (IPC, CrPC, IEA)
    in_force_to: str | None = None  # ISO date the provision stopped applying, when known

    # cases
    year: int | str | None = None
    reporter: str | None = None  # "(1978) 1 SCC 248"
    court: str = ""  # "Supreme Court", "Delhi High Court" when the graph says
    court_hi: str = ""

    # steps (ProceduralEvent, Step)
    flow: str | None = None  # procedure flow id ("arrest", "bail"...)
    order: int | None = None  # position in the flow, 1-based
    time_limit: str = ""  # plain-language period ("24 hours")
    time_limit_hi: str = ""
    where: str = ""  # route id ("police_station", "magistrate"...)
    bring: str = ""
    bring_hi: str = ""
    basis: list[str] = Field(default_factory=list)  # provision node ids that set the step

    @field_validator(
        "text",
        "text_hi",
        "name_hi",
        "gist",
        "gist_hi",
        "cite_as",
        "note",
        "title",
        "court",
        "court_hi",
        "time_limit",
        "time_limit_hi",
        "where",
        "bring",
        "bring_hi",
        mode="before",
    )
    @classmethod
    def none_is_empty(cls, v):
        """The graph returns null for a property a node lacks: an empty string here."""
        return "" if v is None else v

    @property
    def is_provision(self) -> bool:
        return self.label in ("Section", "Article")

    def cite(self, lang: str = "en") -> str:
        """How the answer cites it in ``lang``: "धारा 482 BNSS" in Hindi, ``cite_as`` otherwise."""
        if lang == "hi" and self.act and self.number and self.is_provision:
            from core.acts import display

            return display(self.act, self.number, "hi")
        return self.cite_as

    def gist_in(self, lang: str) -> str:
        return (self.gist_hi if lang == "hi" else self.gist) or ""


class Draft(_Model):
    """What a synthesizer returns: prose with [S1]..[Sn] tags that map to evidence."""

    text: str
    sources: dict[str, str]  # "S1" -> node_id
    backend: str  # "local" | "http" | "extractive"
    model_id: str
    prompt_sha256: str = ""
    response_sha256: str = ""
    timings_ms: dict[str, Any] = Field(default_factory=dict)
    parts: DraftParts | None = None  # the answer's parts, when the composer built them


class DraftParts(_Model):
    """The parts of an answer a composer built (issue 11), with the same [Sn] tags as the text.

    ``law`` lists the sources the "The law" part shows, by their 1-based index in the evidence."""

    summary: str = ""
    steps: list[Step] = Field(default_factory=list)  # text with tags; basis: the tags ("S2")
    law: list[int] = Field(default_factory=list)


class ProblemMatch(_Model):
    """A problem of the pack (graph :Problem) the question was recognised as."""

    id: str  # "PROB:domestic_violence"
    title: str  # in the person's language
    score: float = 0.0


class Forum(_Model):
    """Where a person goes (graph :Forum, routes.json), named in the person's language."""

    id: str  # the route id: "protection_officer"
    name: str
    what: str = ""


class MaterialStep(_Model):
    """One step of a recognised problem (the pack's steps), in the person's language."""

    text: str
    where: Forum | None = None
    bring: str = ""
    time_limit: str = ""
    basis: list[str] = Field(default_factory=list)  # provision node ids that set it
    source: str = ""


class ProblemMaterial(_Model):
    """What the composer needs of one recognised problem, in the person's language: the verified
    material the short answer, the steps and the law are built from (never statutory text)."""

    id: str
    title: str
    gist: str = ""
    governed_by: list[str] = Field(default_factory=list)  # provision node ids, most important first
    old_codes: dict[str, list[str]] = Field(default_factory=dict)  # new-code id -> the old-code ids it replaced,
    #                                    shown beside it when no date says which code applies
    steps: list[MaterialStep] = Field(default_factory=list)
    where: list[Forum] = Field(default_factory=list)
    helplines: list[str] = Field(default_factory=list)
    not_held_law: str = ""  # the law that decides it when the graph does not hold it
    not_held_route: Forum | None = None
    # the governing provision the short answer's last gist sentence speaks of, decided over all the
    # evidence before the six-citation cap (core.answer), so a sentence whose provision was capped
    # out is cited to nothing rather than to the nearest kept one; keyed by how many gist sentences
    # the short answer uses (a direct question's own lines leave fewer), since the last sentence differs
    said_by: dict[int, str] = Field(default_factory=dict)

    def quoted_leads(self) -> list[str]:
        """The provisions a direct question's short answer says in their own words: its first three, less the
        old-code sections beside their successors (never quoted; core.synthesis.short_answer.direct_summary, and
        the six-citation cap in core.sources, which counts what those words name)."""
        olds = {o for v in self.old_codes.values() for o in v}
        return [g for g in self.governed_by[:3] if g not in olds]


class Transcript(_Model):
    """What was heard from a spoken question: made by speech (core.speech.heard, for Whisper and
    Bhashini alike), carried by the answer, rendered by the UI and the CLI.

    The first fields are what the answer's JSON carries; the rest say how it was heard (shown by
    ``nyayapath transcribe`` through :meth:`to_json`, left out of the answer's JSON). A recording
    that could not be transcribed is a Transcript with ``error`` (a fixed message) and ``code``."""

    text: str
    language: Lang | str = "en"
    corrections: list[Any] = Field(default_factory=list)  # (heard, read as) pairs of the normaliser
    heard: str = ""  # the "I heard: ..." line, empty when nothing needs checking
    confidence: float | None = None  # mean word probability of the pass kept (Whisper)
    warnings: list[str] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    # how it was heard (not in the answer's JSON)
    served_by: str = Field("whisper", exclude=True)  # "whisper" | "bhashini"
    duration_s: float = Field(0.0, exclude=True)
    raw_text: str = Field("", exclude=True)  # the recogniser's text (echoes and loops removed), before normalising
    heard_numbers: list[str] = Field(default_factory=list, exclude=True)
    acts: list[str] = Field(default_factory=list, exclude=True)
    segments: list[dict] = Field(default_factory=list, exclude=True)  # {"start", "end", "text", ...}
    language_probs: dict[str, float] = Field(default_factory=dict, exclude=True)
    removed: list[str] = Field(default_factory=list, exclude=True)  # prompt echoes taken out
    retries: list[str] = Field(default_factory=list, exclude=True)  # "near_empty" / "script": a second pass ran
    decoding: str = Field("", exclude=True)  # the settings of the pass kept
    speech_s: float = Field(0.0, exclude=True)  # detected speech (VAD)
    error: str | None = Field(None, exclude=True)  # a fixed message: nothing could be transcribed
    code: str | None = Field(None, exclude=True)  # why ("empty", "too_short", "stt_unavailable", ...)
    detail: str = Field("", exclude=True)

    @classmethod
    def failed(cls, code: str, message: str, detail: str = "") -> Transcript:
        return cls(text="", error=message, code=code, detail=detail)

    def problems(self) -> list[str]:
        """Warning codes that mean "what I heard may be wrong" (for the clarify decision)."""
        codes = [w.split(":", 1)[0] for w in self.warnings]
        return [c for c in codes if c in ("near_empty", "script", "no_speech")]

    def to_json(self) -> dict:
        """What ``nyayapath transcribe --json`` prints (an error: the message and its code)."""
        if self.error:
            return {"error": self.error, "code": self.code, "text": ""} | (
                {"detail": self.detail} if self.detail else {}
            )
        return {
            "text": self.text,
            "language": self.language,
            "heard": self.heard,
            "served_by": self.served_by,
            "warnings": list(self.warnings),
            "duration_s": self.duration_s,
            "timings_ms": dict(self.timings_ms),
            "corrections": [list(c) for c in self.corrections],
            "acts": list(self.acts),
            "numbers": list(self.heard_numbers),
            "problems": self.problems(),
            "removed": list(self.removed),
            "retries": list(self.retries),
            "raw_text": self.raw_text,
            "decoding": self.decoding,
            "speech_s": self.speech_s,
            "confidence": self.confidence,
        }


# ----------------------------------------------------------------------------- the answer
class Citation(_Model):
    """One citation and what the verifier found: made by core.verify (one per authority a text cites),
    judged off-point by core.relevance, carried into the ``Answer`` and rendered by the card."""

    text: str
    start: int = 0
    end: int = 0
    kind: str = ""  # "section" | "article" | "case" ...
    act: str | None = None
    number: str | None = None
    case_name: str | None = None
    reporter: str | None = None
    status: CitationStatus
    severity: str = ""  # "ok" | "warning" | "error"
    node_id: str | None = None
    title: str | None = None
    current: str | None = None  # the successor(s) of a superseded provision: "BNSS:482"
    note: str = ""
    key: str = ""
    related: list[dict] = Field(default_factory=list)  # the other side of a conflict, the overruling case...
    notice: str | None = None  # template key of a known source defect (core.language.templates), e.g. "hsa6_pre2005"

    @classmethod
    def of(cls, check: Citation | dict) -> Citation:
        """A citation, or its dict (``to_dict`` or a saved answer's JSON) read back."""
        return check if isinstance(check, Citation) else cls.model_validate(check)

    def to_dict(self) -> dict:
        """The verifier's report of this citation (the evaluation writes it): statuses as enums."""
        return self.model_dump()


class Conflict(_Model):
    conflict_type: str
    supporting_paths: list[list[dict]]
    resolution: dict | None = None  # {"id", "name"} of the case that settled it
    confidence: str = "low"


class Step(_Model):
    """One thing the person can do now (issue 11: 'What you can do now')."""

    text: str
    where: str = ""  # where to go, in the person's language
    where_id: str = ""  # the route id ("protection_officer")
    bring: str = ""
    time_limit: str = ""
    basis: list[str] = Field(default_factory=list)  # how the provisions that set it are cited


class LawItem(_Model):
    """One provision or case the answer rests on: a plain one-line gist, the text behind 'show text'."""

    cite: str  # "Section 482 BNSS" / "धारा 482 BNSS"
    gist: str = ""
    text: str = ""  # statutory text / holding, shown only on request
    status: CitationStatus = CitationStatus.VERIFIED
    node_id: str | None = None


class Deadline(_Model):
    """A date that matters, computed by core.deadlines from a date the question gives."""

    what: str
    due: str  # YYYY-MM-DD
    basis: str = ""  # the provision that sets it (node id, "NIA:138")
    note: str = ""
    kind: str = "by"  # "by" (last day), "from" (earliest day), "on" (expected date)


class EvidenceRef(_Model):
    """What the answer shows of each piece of evidence (ids for the evaluation, names for people)."""

    id: str
    label: str
    name: str
    score: float = 0.0
    strategies: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, e: Evidence) -> EvidenceRef:
        return cls(id=e.node_id, label=e.label, name=e.name, score=e.score, strategies=list(e.strategies))


class Withheld(_Model):
    text: str
    status: CitationStatus | str


def _disclaimer(lang: str) -> str:
    from core.language.templates import render

    return render("disclaimer", lang)


def _lang(lang: str | None) -> str:
    return "hi" if lang == "hi" else "en"


class Answer(_Model):
    """The answer, with its proof, an honest abstention, a conflict notice, or an error."""

    status: AnswerStatus
    answer: str
    summary: str = ""  # 2-3 plain sentences in the person's language
    steps: list[Step] = Field(default_factory=list)
    law: list[LawItem] = Field(default_factory=list)
    deadlines: list[Deadline] = Field(default_factory=list)
    notices: list[str] = Field(default_factory=list)  # fixed-template legal-status sentences
    citations: list[Citation] = Field(default_factory=list)
    citation_chain: list[list[dict]] = Field(default_factory=list)
    conflict: Conflict | None = None
    abstain_reason: str | None = None  # the template key (or UI reason) of an abstention or error
    withheld: list[Withheld] = Field(default_factory=list)  # what the last check refused to show
    language: Lang = "en"
    # "roman": a Hindi answer shown in Roman-script Hindi, for a question typed that way (issue 19)
    script: Literal["native", "roman"] = "native"
    spoken: str = ""  # what is read aloud when it differs from what is shown (a romanized answer's Devanagari)
    disclaimer: str = ""
    law_as_of: str | None = None
    law_as_of_note: str | None = None
    evidence: list[EvidenceRef] = Field(default_factory=list)
    model_id: str | None = None
    timings_ms: dict[str, float] = Field(default_factory=dict)
    recorded: bool = False  # written to the audit chain
    problems: list[ProblemMatch] = Field(default_factory=list)
    documents: list[str] = Field(default_factory=list)  # the documents its problems need (core.drafts kinds)
    transcript: Transcript | None = None
    error: str | None = None  # an internal detail for logs and tests, never shown as law

    # ------------------------------------------------------------- constructors
    @classmethod
    def answered(cls, text: str, lang: str, *, citations=(), citation_chain=(), notices=(), **fields) -> Answer:
        return cls(
            status=AnswerStatus.ANSWER,
            answer=text,
            language=_lang(lang),
            citations=[Citation.of(c) for c in citations],
            citation_chain=list(citation_chain),
            notices=list(notices),
            disclaimer=fields.pop("disclaimer", None) or _disclaimer(_lang(lang)),
            **fields,
        )

    @classmethod
    def conflicted(cls, text: str, lang: str, conflict: Conflict | dict, **fields) -> Answer:
        a = cls.answered(text, lang, **fields)
        a.conflict = conflict if isinstance(conflict, Conflict) else Conflict.model_validate(conflict)
        a.status = AnswerStatus.CONFLICT
        return a

    @classmethod
    def abstained(cls, reason: str, lang: str, *, message: str | None = None, notices=(), **fields) -> Answer:
        """``reason`` is a template key ("abstain.no_evidence"); its fixed text is the answer unless
        ``message`` gives another fixed text (a UI message)."""
        from core.language.templates import render

        lang = _lang(lang)
        return cls(
            status=AnswerStatus.ABSTAIN,
            answer=message if message is not None else render(reason, lang),
            abstain_reason=reason,
            language=lang,
            notices=list(notices),
            disclaimer=fields.pop("disclaimer", None) or _disclaimer(lang),
            **fields,
        )

    @classmethod
    def errored(cls, message: str, lang: str, *, reason: str = "error", error: str | None = None, **fields) -> Answer:
        """Something failed while answering; ``message`` is a fixed user-facing text."""
        lang = _lang(lang)
        return cls(
            status=AnswerStatus.ERROR,
            answer=message,
            abstain_reason=reason,
            language=lang,
            error=error,
            disclaimer=fields.pop("disclaimer", None) or _disclaimer(lang),
            **fields,
        )

    @classmethod
    def clarify(cls, message: str, lang: str, *, reason: str = "clarify", notices=(), **fields) -> Answer:
        """The question needs one more fact before it can be answered; ``message`` is a fixed text."""
        lang = _lang(lang)
        return cls(
            status=AnswerStatus.CLARIFY,
            answer=message,
            abstain_reason=reason,
            language=lang,
            notices=list(notices),
            disclaimer=fields.pop("disclaimer", None) or _disclaimer(lang),
            **fields,
        )

    # -------------------------------------------------------------------- edges
    @property
    def answered_ok(self) -> bool:
        """An answer that states law (answer or conflict)."""
        return self.status in (AnswerStatus.ANSWER, AnswerStatus.CONFLICT)

    def to_json(self) -> dict:
        """The JSON-ready dict (what ``nyayapath ask --json`` prints): statuses as strings."""
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: dict) -> Answer:
        """A saved answer back (a dict that ``to_json`` produced)."""
        return cls.model_validate(data)


# The keys `nyayapath ask --json` printed before the answer was typed (the compatibility contract).
LEGACY_JSON_KEYS = frozenset(
    {
        "status",
        "answer",
        "notices",
        "citations",
        "citation_chain",
        "conflict",
        "abstain_reason",
        "language",
        "disclaimer",
        "law_as_of",
        "law_as_of_note",
        "evidence",
        "model_id",
        "timings_ms",
        "recorded",
    }
)

for _m in (Draft, DraftParts):  # they name models defined further down
    _m.model_rebuild()

__all__ = [
    "Answer",
    "AnswerStatus",
    "Citation",
    "CitationStatus",
    "Conflict",
    "Deadline",
    "Draft",
    "DraftParts",
    "Evidence",
    "EvidenceRef",
    "Forum",
    "LEGACY_JSON_KEYS",
    "LawItem",
    "MaterialStep",
    "ProblemMatch",
    "ProblemMaterial",
    "Step",
    "Transcript",
    "Withheld",
]
