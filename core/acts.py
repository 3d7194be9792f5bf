"""The act registry from the jurisdiction pack: codes, names, last sections, dates in force."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

ACTS_FILE = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india" / "acts.json"
NEW_CODES_FROM = date(2024, 7, 1)


@dataclass(frozen=True)
class Act:
    code: str
    name_en: str
    name_hi: str
    kind: str
    last_section: int
    in_force_from: date | None
    in_force_to: date | None
    replaced_by: str | None
    replaces: str | None

    @property
    def repealed(self) -> bool:
        return self.in_force_to is not None

    def short(self, lang: str = "en") -> str:
        if self.kind == "constitution":
            return "संविधान" if lang == "hi" else "Constitution"
        # forms the citation extractor reads back, so displayed citations verify
        return {"CRPC": "CrPC", "NIA": "NI Act", "MVA": "MV Act", "IDA": "Divorce Act"}.get(self.code, self.code)


def _d(s: str | None) -> date | None:
    return date.fromisoformat(s) if s else None


@lru_cache(maxsize=1)
def acts() -> dict[str, Act]:
    raw = json.loads(ACTS_FILE.read_text(encoding="utf-8"))["acts"]
    return {a["code"]: Act(a["code"], a["name_en"], a["name_hi"], a["kind"], int(a["last_section"]),
                           _d(a.get("in_force_from")), _d(a.get("in_force_to")),
                           a.get("replaced_by"), a.get("replaces")) for a in raw}


def display(act: str, number: str, lang: str = "en") -> str:
    """'BNS', '103' -> 'Section 103 BNS'; 'COI', '21' -> 'Article 21'."""
    a = acts().get(act)
    if a and a.kind == "constitution":
        return f"अनुच्छेद {number}" if lang == "hi" else f"Article {number}"
    code = a.short() if a else act
    return f"धारा {number} {code}" if lang == "hi" else f"Section {number} {code}"
