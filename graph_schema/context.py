"""What every loader receives: where the data is, where to report, how to show progress."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from graph_schema.report import IngestReport

PACK_DIR = Path(__file__).resolve().parent / "packs" / "india"


@dataclass
class IngestContext:
    corpus_dir: Path
    cache_dir: Path
    pack_dir: Path = PACK_DIR
    report: IngestReport = field(default_factory=IngestReport)
    show_progress: bool = True

    def progress(self, iterable, desc: str, total: int | None = None):
        """A tqdm progress bar on stderr (quiet when show_progress is False)."""
        from tqdm import tqdm

        return tqdm(iterable, desc=desc, total=total, disable=not self.show_progress,
                    file=sys.stderr, leave=False)
