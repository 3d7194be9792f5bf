"""What an ingestion run did and what it found wrong in the data (reported, never fatal)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class IngestReport:
    counts: Counter = field(default_factory=Counter)
    defects: list[dict] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)

    def defect(self, source: str, what: str, **detail) -> None:
        self.defects.append({"source": source, "defect": what, **detail})

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n

    def to_dict(self) -> dict:
        by_source = Counter(d["source"] for d in self.defects)
        return {
            "counts": dict(self.counts),
            "defects_by_source": dict(by_source),
            "defects": self.defects,
            "metrics": self.metrics,
        }
