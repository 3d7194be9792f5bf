"""The records of a drafted document: a kind of document and the facts it needs, the facts given, the document."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

FACT_TYPES = ("date", "amount", "text", "choice")


class DraftError(ValueError):
    """A fact that cannot be used (a future date, a negative amount, an unknown choice, an unknown kind)."""


@dataclass(frozen=True)
class FactSpec:
    name: str
    type: str  # date | amount | text | choice
    prompt_en: str
    prompt_hi: str
    required: bool = True
    choices: tuple[str, ...] = ()
    many: bool = False  # a choice that takes several values ("protection, residence")

    def prompt(self, lang: str) -> str:
        return self.prompt_hi if lang == "hi" else self.prompt_en

    def to_dict(self) -> dict:
        d = {
            "name": self.name,
            "type": self.type,
            "required": self.required,
            "prompt": {"en": self.prompt_en, "hi": self.prompt_hi},
        }
        if self.choices:
            d["choices"] = list(self.choices)
            d["many"] = self.many
        return d


@dataclass(frozen=True)
class Kind:
    id: str
    title_en: str
    title_hi: str
    facts: tuple[FactSpec, ...]
    cites: tuple[str, ...]  # node ids
    event: str | None  # the core.deadlines event its dates are computed from
    event_fact: str | None  # the fact that gives that event's date
    build: Callable  # (facts, lang, today) -> dict of the document's parts
    answers_problems: tuple[str, ...] = ()  # problem ids whose answer offers this document
    date_basis: str = "event"  # "event": citations checked for the event's date; "filing": for today

    def title(self, lang: str) -> str:
        return self.title_hi if lang == "hi" else self.title_en

    def to_dict(self) -> dict:
        return {
            "kind": self.id,
            "title": {"en": self.title_en, "hi": self.title_hi},
            "facts": [f.to_dict() for f in self.facts],
            "cites": list(self.cites),
        }


def F(name, type_, en, hi, required=True, choices=(), many=False) -> FactSpec:  # noqa: N802
    return FactSpec(name, type_, en, hi, required, tuple(choices), many)


def your_name(name: str) -> FactSpec:
    """The name of the person who sends the document, asked the same way in every kind."""
    return F(name, "text", "Your name", "आपका नाम")


def your_address(name: str) -> FactSpec:
    """The address of the person who sends the document."""
    return F(name, "text", "Your address", "आपका पता")


@dataclass
class Document:
    kind: str
    lang: str
    title: str
    to: list[str]  # the addressee's lines
    subject: str
    paragraphs: list[str]
    closing: list[str]  # signature block
    cover: list[str]  # the plain-language cover note: what, where, attach, by when, legal aid
    disclaimer: str
    citations: list[dict] = field(default_factory=list)  # {node_id, cite, status, note}
    deadlines: list[dict] = field(default_factory=list)  # core.stages.Deadline.model_dump() (from core.deadlines)
    facts: dict = field(default_factory=dict)  # the facts used, normalised
    placeholders: int = 0  # blanks the person must fill by hand ("[ ... ]"), counted

    def body_text(self) -> str:
        return "\n\n".join([self.title, "\n".join(self.to), self.subject, *self.paragraphs, "\n".join(self.closing)])

    def text(self) -> str:
        from core.language.templates import label

        cover = "\n".join(f"- {c}" for c in self.cover)
        return "\n\n".join(
            [
                self.disclaimer,
                self.body_text(),
                f"{label('draft.cover', self.lang)}\n{cover}",
            ]
        )

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "lang": self.lang,
            "title": self.title,
            "facts": self.facts,
            "citations": self.citations,
            "deadlines": self.deadlines,
            "placeholders": self.placeholders,
            "text": self.text(),
        }


_AMOUNT = re.compile(r"^\s*(?:rs\.?|inr|₹|रु\.?|रुपये)?\s*([0-9][0-9,]*(?:\.[0-9]{1,2})?)\s*(?:/-|rupees|रुपये)?\s*$", re.I)


def parse_amount(raw) -> float:
    """A money amount as people write it ("Rs. 50,000", "50000/-", 2500.5). Negative or unreadable: DraftError."""
    if isinstance(raw, bool):
        raise DraftError(f"not an amount: {raw!r}")
    if isinstance(raw, int | float):
        value = float(raw)
    else:
        text = str(raw).strip()
        if text.startswith("-"):
            raise DraftError(f"an amount cannot be negative: {raw!r}")
        m = _AMOUNT.match(text)
        if not m:
            raise DraftError(f"not an amount: {raw!r}")
        value = float(m.group(1).replace(",", ""))
    if value < 0:
        raise DraftError(f"an amount cannot be negative: {raw!r}")
    if value > 1e12:
        raise DraftError(f"an amount that large cannot be right: {raw!r}")
    return value


def fmt_amount(value: float, lang: str) -> str:
    """Indian grouping: 1,50,000."""
    whole = int(round(value))
    s = str(whole)
    if len(s) > 3:
        head, tail = s[:-3], s[-3:]
        groups = []
        while len(head) > 2:
            groups.insert(0, head[-2:])
            head = head[:-2]
        if head:
            groups.insert(0, head)
        s = ",".join(groups + [tail])
    paise = round((value - whole) * 100)
    s = f"{s}.{paise:02d}" if paise else s
    return f"₹{s}" if lang != "hi" else f"₹{s} (रुपये)"


def fmt_date(d: date, lang: str) -> str:
    months_en = "January February March April May June July August September October November December".split()
    months_hi = "जनवरी फ़रवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर".split()
    months = months_hi if lang == "hi" else months_en
    return f"{d.day} {months[d.month - 1]} {d.year}"
