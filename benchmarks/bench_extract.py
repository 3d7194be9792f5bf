"""Extraction throughput on real judgment text (prints MB/s; no asserts).

    python benchmarks/bench_extract.py [path/to/opennyai dev.json]

Texts are read from the shared corpus at run time; nothing is copied here.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.citations import extract  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "corpus" / "judgments" / "rhetorical_roles" / "opennyai_build" / "dev.json"


def load_texts(path: Path) -> list[str]:
    docs = json.loads(path.read_text(encoding="utf-8"))
    return [d["data"]["text"] for d in docs if d.get("data", {}).get("text")]


def bench(texts: list[str], repeats: int = 3) -> tuple[float, int, int]:
    """Best-of-``repeats`` seconds to extract every doc, bytes, citations found."""
    nbytes = sum(len(t.encode("utf-8")) for t in texts)
    best, found = float("inf"), 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        found = sum(len(extract(t)) for t in texts)
        best = min(best, time.perf_counter() - t0)
    return best, nbytes, found


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    texts = load_texts(path)
    secs, nbytes, found = bench(texts)
    print(
        f"per-document: {len(texts)} judgments, {nbytes / 1e6:.2f} MB, {found} citations, "
        f"{secs:.3f} s -> {nbytes / 1e6 / secs:.2f} MB/s"
    )
    joined = "\n\n".join(texts)
    secs, nbytes, found = bench([joined])
    print(f"one document: {nbytes / 1e6:.2f} MB, {found} citations, {secs:.3f} s -> {nbytes / 1e6 / secs:.2f} MB/s")
    by_kind: dict[str, int] = {}
    for c in extract(joined):
        by_kind[c.kind] = by_kind.get(c.kind, 0) + 1
    print("by kind:", by_kind)


if __name__ == "__main__":
    main()
