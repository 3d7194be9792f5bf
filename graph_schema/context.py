"""What every loader receives: where the data is, where to report, how to show progress."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from domain import paths
from graph_schema.report import IngestReport

PACK_DIR = paths.DEFAULT_PACK_DIR  # the India pack; IngestContext defaults to the configured one


@dataclass
class IngestContext:
    corpus_dir: Path
    cache_dir: Path
    pack_dir: Path = field(default_factory=paths.pack_dir)  # $NYAYAPATH_PACK_DIR or the India pack
    report: IngestReport = field(default_factory=IngestReport)
    show_progress: bool = True

    def progress(self, iterable, desc: str, total: int | None = None):
        """A tqdm progress bar on stderr (quiet when show_progress is False)."""
        from tqdm import tqdm

        return tqdm(iterable, desc=desc, total=total, disable=not self.show_progress, file=sys.stderr, leave=False)
