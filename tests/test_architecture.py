"""The import arrows of docs/ARCHITECTURE.md, checked on the source (every import, also those
inside functions): domain imports none of the project; core never imports graph_schema, app,
evaluation or tests; graph_schema never imports app or evaluation; nothing shipped imports tests."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = {"domain", "core", "graph_schema", "app", "evaluation", "tests", "benchmarks", "tools"}
FORBIDDEN = {
    "domain": PROJECT - {"domain"},
    "core": {"graph_schema", "app", "evaluation", "tests", "benchmarks", "tools"},
    "graph_schema": {"app", "evaluation", "tests", "benchmarks", "tools"},
    "app": {"tests", "benchmarks", "tools"},
    "evaluation": {"tests", "benchmarks", "tools"},
}


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_imported_packages_reads_function_level_imports(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import os\n\ndef g():\n    from graph_schema.batch import merge_nodes\n    import app.cli\n")
    assert imported_packages(f) == {"os", "graph_schema", "app"}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layering(package):
    if not (ROOT / package).is_dir():
        pytest.skip(f"{package}/ not in this checkout")
    bad = []
    for f in sorted((ROOT / package).rglob("*.py")):
        wrong = imported_packages(f) & FORBIDDEN[package]
        if wrong:
            bad.append((str(f.relative_to(ROOT)), sorted(wrong)))
    assert not bad, bad


def test_one_import_path_per_module():
    """No module re-exports another under a second name (as core/synthesize.py once did)."""
    stars = []
    for package in ("domain", "core", "graph_schema", "app", "evaluation"):
        for f in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
                    stars.append(str(f.relative_to(ROOT)))
    assert not stars, stars
