"""Documents a person must send, drafted from verified law (issue 22).

    kinds()                                   -> the kinds, each with the facts it needs
    make(kind, facts, lang, graph, today)     -> Drafted (the document, or what is missing)
    core.drafts.render.write(doc, path)       -> .txt | .docx | .pdf

A document is a typed template (core.drafts.kinds) filled only from the person's facts, the graph and
fixed text: no model writes any of it. Every provision it cites is checked by the verifier for the
date that governs it (the event's date, or the filing date for a procedure) and a document whose
citation does not verify is not made. Dates are computed by core.deadlines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from core.drafts.fill import BLANK
from core.drafts.kinds import KINDS
from core.drafts.model import Document, DraftError, FactSpec, Kind, parse_amount

__all__ = ["DraftError", "Document", "Drafted", "kinds", "make", "offer_for", "validate"]


@dataclass
class Drafted:
    document: Document | None
    missing: list[dict] = field(default_factory=list)  # {name, prompt} for each required fact not given
    errors: list[str] = field(default_factory=list)  # citations that did not verify

    @property
    def ok(self) -> bool:
        return self.document is not None


def kinds() -> list[Kind]:
    return list(KINDS.values())


def get(kind: str) -> Kind:
    if kind not in KINDS:
        raise DraftError(f"unknown document kind {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind]


def offer_for(problem_ids) -> list[Kind]:
    """The documents an answer about these problems can offer ("Draft the notice")."""
    ids = set(problem_ids or ())
    return [k for k in KINDS.values() if ids & set(k.answers_problems)]


def _fact(spec: FactSpec, raw, today: date):
    from core.temporal import parse_day

    if spec.type == "date":
        if isinstance(raw, date):
            d = raw
        else:
            got = parse_day(str(raw), today)
            if got is None:
                raise DraftError(f"{spec.name}: not a date: {raw!r}")
            d = got[0]
        if d > today:
            raise DraftError(f"{spec.name}: the date {d.isoformat()} is in the future")
        if d.year < 1950:
            raise DraftError(f"{spec.name}: the date {d.isoformat()} is too far in the past")
        return d
    if spec.type == "amount":
        try:
            return parse_amount(raw)
        except DraftError as exc:
            raise DraftError(f"{spec.name}: {exc}") from None
    if spec.type == "choice":
        vals = raw if isinstance(raw, list) else [x.strip() for x in str(raw).split(",")]
        vals = [str(x).strip().lower() for x in vals if str(x).strip()]
        bad = [x for x in vals if x not in spec.choices]
        if bad or not vals:
            raise DraftError(f"{spec.name}: {', '.join(bad) or 'nothing'} is not one of {', '.join(spec.choices)}")
        if not spec.many and len(vals) > 1:
            raise DraftError(f"{spec.name}: choose one of {', '.join(spec.choices)}")
        return vals if spec.many else vals[0]
    text = " ".join(str(raw).split())
    if len(text) > 4000:
        raise DraftError(f"{spec.name}: too long ({len(text)} characters; at most 4000)")
    return text


def validate(kind: Kind, raw: dict, lang: str, today: date) -> tuple[dict, list[dict]]:
    """(the facts as typed values, the required facts missing). Bad values raise DraftError."""
    if not isinstance(raw, dict):
        raise DraftError("the facts must be a JSON object of name: value")
    known = {f.name for f in kind.facts}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DraftError(f"unknown fact(s) for {kind.id}: {', '.join(unknown)}")
    facts, missing = {}, []
    for spec in kind.facts:
        v = raw.get(spec.name)
        if v is None or (isinstance(v, str) and not v.strip()) or v == []:
            if spec.required:
                missing.append({"name": spec.name, "type": spec.type, "prompt": spec.prompt(lang)})
            continue
        facts[spec.name] = _fact(spec, v, today)
    return facts, missing


def _verify(graph, node_ids: tuple[str, ...], on: date, lang: str) -> tuple[list[dict], list[str]]:
    from core.stages import CitationStatus
    from core.verify import Verifier
    from domain.acts import display

    out, errors = [], []
    v = Verifier(graph)
    for nid in node_ids:
        act, num = nid.split(":", 1)
        cite = display(act, num)
        res = v.verify(cite, offence_date=on, check_support=False)
        c = res.citations[0] if res.citations else None
        status = c.status if c else CitationStatus.UNRESOLVED
        out.append({"node_id": nid, "cite": display(act, num, lang), "status": status, "note": c.note if c else ""})
        if status != CitationStatus.VERIFIED:
            errors.append(f"{cite}: {status}")
    return out, errors


def make(kind: str, raw: dict, lang: str, graph, today: date | None = None) -> Drafted:
    """The document of ``kind`` from the person's facts, or what is missing. Raises DraftError on bad facts."""
    from core.deadlines import compute
    from core.language.templates import render

    today = today or date.today()
    lang = "hi" if lang == "hi" else "en"
    k = get(kind)
    facts, missing = validate(k, raw, lang, today)
    if missing:
        return Drafted(None, missing)
    # the event the dates run from: a fact ("returned_on"), or the filing itself (today)
    event_day = facts.get(k.event_fact) if k.event_fact else (today if k.event else None)
    on = event_day if (k.date_basis == "event" and event_day) else today
    citations, errors = _verify(graph, k.cites, on, lang)
    if errors:
        return Drafted(None, [], errors)
    deadlines = [d.model_dump() for d in compute(k.event, event_day, lang)] if (k.event and event_day) else []
    parts = k.build(facts, lang, today)
    if deadlines:
        parts["cover"].insert(
            1,
            " ".join(f"{d['what']}: {d['due']}." for d in deadlines),
        )
    doc = Document(
        kind=k.id,
        lang=lang,
        title=k.title(lang),
        to=parts["to"],
        subject=parts["subject"],
        paragraphs=parts["paragraphs"],
        closing=parts["closing"],
        cover=parts["cover"],
        disclaimer=render("draft.disclaimer", lang),
        citations=citations,
        deadlines=deadlines,
        facts={n: (v.isoformat() if isinstance(v, date) else v) for n, v in facts.items()},
    )
    doc.placeholders = doc.body_text().count(BLANK)
    return Drafted(doc)
