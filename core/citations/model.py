"""The one value type the extractor produces."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Citation:
    """One legal citation found in a text.

    ``text == source[start:end]`` always holds.  For a list such as
    "Sections 302 and 34 IPC" one Citation is produced per number; the first
    span carries the heading ("Sections 302"), the last carries the act
    ("34 IPC"), middle ones cover just their number.
    """

    text: str
    start: int
    end: int
    kind: str  # "section" | "article" | "case"
    act: str | None
    number: str | None
    subsection: str | None
    case_name: str | None
    reporters: tuple[str, ...]
    key: str
    resolved_from: str | None = None  # None | "context" | "implied" (an Order/Rule: CPC) | "supra" | "ibid"
    raw_act: str | None = None
