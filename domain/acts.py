"""The act registry: every Act the pack knows, read once from the configured pack directory.

core.acts, core.citations, core.speech and graph_schema's statute loader all read it from
here (``registry()``), so a pack dir given by ``$NYAYAPATH_PACK_DIR`` (or passed explicitly)
changes what all of them see. Each path is read once per process (``read_count``).

``display(act, number, lang)`` renders a provision in a form the citation extractor reads
back: "Section 12 DV Act", "Order XXXIX Rule 1 CPC", "Article 113, Limitation Act Schedule",
"धारा 12 घरेलू हिंसा अधिनियम", "आदेश 39 नियम 1 CPC", "परिसीमा अधिनियम की अनुसूची का अनुच्छेद 113".
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path

from domain import paths
from domain.numbers import parse

NEW_CODES_FROM = date(2024, 7, 1)


@dataclass(frozen=True)
class Act:
    code: str
    name_en: str
    name_hi: str
    kind: str
    year: int
    aliases: tuple[str, ...]
    last_section: int
    in_force_from: date | None = None
    in_force_to: date | None = None
    replaced_by: str | None = None
    replaces: str | None = None
    domain: str | None = None
    short_en: str | None = None
    short_hi: str | None = None
    last_schedule_article: int | None = None  # Limitation Act Schedule: 137
    last_order: int | None = None  # CPC First Schedule: Order LI
    known_defects: tuple[dict, ...] = ()
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def repealed(self) -> bool:
        return self.in_force_to is not None

    def short(self, lang: str = "en") -> str:
        """The short name displays use; one the citation extractor reads back."""
        if self.kind == "constitution":
            return "संविधान" if lang == "hi" else "Constitution"
        if lang == "hi" and self.short_hi:
            return self.short_hi
        return self.short_en or self.code

    def defect(self, number: str) -> dict | None:
        """The known source defect recorded for one provision (acts.json ``known_defects``)."""
        return next((d for d in self.known_defects if number in d.get("provisions", ())), None)

    def name(self, lang: str = "en") -> str:
        return self.name_hi if lang == "hi" else self.name_en


def _d(s: str | None) -> date | None:
    return date.fromisoformat(s) if s else None


def _act(a: dict) -> Act:
    return Act(
        code=a["code"],
        name_en=a["name_en"],
        name_hi=a["name_hi"],
        kind=a.get("kind", "statute"),
        year=int(a["year"]),
        aliases=tuple(a.get("aliases") or ()),
        last_section=int(a["last_section"]),
        in_force_from=_d(a.get("in_force_from")),
        in_force_to=_d(a.get("in_force_to")),
        replaced_by=a.get("replaced_by"),
        replaces=a.get("replaces"),
        domain=a.get("domain"),
        short_en=a.get("short_en"),
        short_hi=a.get("short_hi"),
        last_schedule_article=a.get("last_schedule_article"),
        last_order=a.get("last_order"),
        known_defects=tuple(a.get("known_defects") or ()),
        raw=a,
    )


_lock = threading.Lock()
_reads: dict[str, int] = {}


@cache
def _load(path: str) -> tuple[tuple[dict, ...], dict[str, Act]]:
    with _lock:
        _reads[path] = _reads.get(path, 0) + 1
    rows = json.loads(Path(path).read_text(encoding="utf-8"))["acts"]
    return tuple(rows), {a["code"]: _act(a) for a in rows}


def acts_path(pack_dir: Path | str | None = None) -> Path:
    return Path(_resolved(str(paths.pack_file(paths.ACTS, pack_dir))))


@cache
def _resolved(path: str) -> str:
    """``path`` resolved once: the registry is asked for thousands of times an answer, and resolving a
    path is a file-system walk each time (a fifth of an answer's CPU in the profile, issue 24)."""
    return str(Path(path).resolve())


def registry(pack_dir: Path | str | None = None) -> dict[str, Act]:
    """code -> Act, in file order, from ``pack_dir`` or the configured pack directory."""
    return _load(str(acts_path(pack_dir)))[1]


def acts() -> dict[str, Act]:
    """The registry of the configured pack (asked for thousands of times an answer: the path is
    built only when the configured pack directory changes)."""
    return _configured(paths.pack_env())


@cache
def _configured(_pack_env: str | None) -> dict[str, Act]:
    return registry()


def act_rows(pack_dir: Path | str | None = None) -> list[dict]:
    """The raw acts.json rows (for the loader, which writes every field to the Act node)."""
    return [dict(r) for r in _load(str(acts_path(pack_dir)))[0]]


def read_count(pack_dir: Path | str | None = None) -> int:
    """How often acts.json at that path has been read in this process (1 after any use)."""
    return _reads.get(str(acts_path(pack_dir)), 0)


def clear_cache() -> None:
    """Forget what was read (tests that switch the pack directory)."""
    _load.cache_clear()


# ------------------------------------------------------------------------------ display
def display(act: str, number: str, lang: str = "en") -> str:
    """'BNS', '103' -> 'Section 103 BNS'; 'COI', '21' -> 'Article 21';
    'CPC', 'Order XXXIX Rule 1' -> 'Order XXXIX Rule 1 CPC';
    'LIMITATION', 'Schedule Article 113' -> 'Article 113, Limitation Act Schedule'."""
    a = acts().get(act)
    if a and a.kind == "constitution":
        return f"अनुच्छेद {number}" if lang == "hi" else f"Article {number}"
    code = a.short(lang) if a else act
    n = parse(number)
    if n.kind == "order_rule":
        comm_en, comm_hi = (" (Commercial)", " (वाणिज्यिक)") if n.commercial else ("", "")
        if lang == "hi":
            return f"आदेश {n.order_arabic}{comm_hi} नियम {n.primary} {code}"
        return f"Order {n.order_roman}{comm_en} Rule {n.primary} {code}"
    if n.kind == "schedule_article":
        if lang == "hi":
            return f"{code} की अनुसूची का अनुच्छेद {n.primary}"
        return f"Article {n.primary}, {code} Schedule"
    return f"धारा {number} {code}" if lang == "hi" else f"Section {number} {code}"
