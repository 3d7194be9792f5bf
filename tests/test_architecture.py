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


# ------------------------------------------------------------------ no import cycles
GRAPH_PACKAGES = ("core", "app", "evaluation", "graph_schema", "domain", "tools")


def project_modules(root: Path, packages=GRAPH_PACKAGES) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's __init__)."""
    mods = {}
    for package in packages:
        for f in sorted((root / package).rglob("*.py")):
            parts = list(f.relative_to(root).with_suffix("").parts)
            is_pkg = parts[-1] == "__init__"
            mods[".".join(parts[:-1] if is_pkg else parts)] = (f, is_pkg)
    return mods


def import_graph(root: Path, packages=GRAPH_PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules it imports: every ``import`` and ``from ... import`` in the file,
    those inside functions included, relative names resolved; ``from pkg import name`` is an arrow to
    the submodule ``pkg.name`` where there is one, else to ``pkg``.  Importing ``a.b.c`` also runs
    ``a/__init__.py`` and ``a/b/__init__.py``; those implied arrows are left out, as every submodule
    has them and Python resolves them (the parent is already in sys.modules)."""
    mods = project_modules(root, packages)

    def resolve(name: str) -> str | None:
        parts = name.split(".")
        while parts:
            if ".".join(parts) in mods:
                return ".".join(parts)
            parts.pop()
        return None

    graph: dict[str, set[str]] = {m: set() for m in mods}
    for mod, (f, is_pkg) in mods.items():
        here = mod.split(".") if is_pkg else mod.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"), filename=str(f))):
            if isinstance(node, ast.Import):
                targets = [resolve(a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[: len(here) - node.level + 1] if node.level else [])
                full = ".".join(p for p in (base, node.module or "") if p)
                targets = [resolve(f"{full}.{a.name}") or resolve(full) for a in node.names]
            else:
                continue
            graph[mod] |= {t for t in targets if t and t != mod}
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm (iterative): the components of more than one module, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One cycle through the component's first module, as the path of imports (first == last)."""
    members, start = set(component), component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(f"{component} is not strongly connected")


def test_strongly_connected_finds_cycles_and_only_them():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a", "f"}, "f": {"e"}, "g": {"g"}}
    assert strongly_connected(g) == [["a", "b", "c"], ["e", "f"]]
    assert a_cycle(g, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def test_import_graph_reads_relative_and_deferred_imports(tmp_path):
    pkg = tmp_path / "core" / "sub"
    pkg.mkdir(parents=True)
    (tmp_path / "core" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("import os\n\ndef f():\n    from .b import thing\n    from .. import sub\n")
    (pkg / "b.py").write_text("from core.sub import a\nimport core.sub.a\nthing = 1\n")
    g = import_graph(tmp_path, ("core",))
    assert g["core.sub"] == {"core.sub.a"}
    assert g["core.sub.a"] == {"core.sub.b", "core.sub"}
    assert g["core.sub.b"] == {"core.sub.a"}
    assert strongly_connected(g) == [["core.sub", "core.sub.a", "core.sub.b"]]


def test_no_import_cycles():
    """No two project modules import each other, directly or round a loop (deferred imports too):
    a helper both need goes to a leaf module (core/speech/models.py, core/citations/casenames.py,
    evaluation/common.py) instead."""
    graph = import_graph(ROOT)
    assert {"core.verify", "core.support", "core.speech.stt", "evaluation.run"} <= set(graph)
    assert "core.support" in graph["core.verify"]  # the reader sees real arrows
    found = [" -> ".join(a_cycle(graph, comp)) for comp in strongly_connected(graph)]
    assert not found, "import cycles: " + "; ".join(found)


# ------------------------------------------------------------------ who reads the environment
ENV_PACKAGES = GRAPH_PACKAGES
ENV_ALLOWED = {
    "core/config.py": "the one home of configuration",
    "domain/paths.py": "$NYAYAPATH_PACK_DIR: domain imports nothing of the project, so not core.config",
}
_ENV_NAMES = {"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"}


def env_uses(path: Path) -> list[int]:
    """Lines that touch the process environment: ``<anything>.environ`` / ``.getenv`` (``os`` under
    any name) and ``from os import environ``/``getenv``."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr in _ENV_NAMES:
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "os" and {a.name for a in node.names} & _ENV_NAMES:
            lines.append(node.lineno)
    return sorted(lines)


def test_env_uses_sees_every_form(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        'import os\nimport os as o\nfrom os import getenv\n\n\ndef g():\n    return os.environ.get("A"), o.getenv("B")\n'
    )
    assert env_uses(f) == [3, 7, 7]
    f.write_text('import os\n\nx = os.path.join("environ", "getenv")\n')
    assert env_uses(f) == []


def test_only_config_reads_the_environment():
    found = {}
    for package in ENV_PACKAGES:
        for f in sorted((ROOT / package).rglob("*.py")):
            lines = env_uses(f)
            if lines:
                found[f.relative_to(ROOT).as_posix()] = lines
    assert "core/config.py" in found  # the scan sees the reads it should
    outside = {f: lines for f, lines in found.items() if f not in ENV_ALLOWED}
    assert not outside, f"read the environment through core.config, not here: {outside}"
    stale = sorted(set(ENV_ALLOWED) - set(found))
    assert not stale, f"these no longer touch the environment; take them off ENV_ALLOWED: {stale}"


def config_env_vars() -> set[str]:
    """Every variable name core/config.py (and domain/paths.py) mentions: its string constants that
    look like one (NYAYAPATH_DATA_DIR, FALKORDB_URL, BHASHINI_USER_ID, ...)."""
    import re

    names = set()
    for f in ("core/config.py", "domain/paths.py"):
        for node in ast.walk(ast.parse((ROOT / f).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"(NYAYAPATH|FALKORDB|BHASHINI)_[A-Z0-9_]+", node.value):
                    names.add(node.value)
    return names


def test_readme_lists_every_variable_config_reads():
    names = config_env_vars()
    assert {"NYAYAPATH_DATA_DIR", "FALKORDB_URL", "BHASHINI_API_KEY", "NYAYAPATH_PACK_DIR"} <= names
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Configuration (environment)", 1)[1].split("\n## ", 1)[0]
    missing = sorted(n for n in names if f"`{n}`" not in section)
    assert not missing, f"README's Configuration (environment) table lacks {missing}"


# ------------------------------------------------------------------ citation statuses are CitationStatus
STATUS_PACKAGES = ("core", "app")
STATUS_HOME = "core/stages.py"
# A string equal to a citation status that is not one: (file, value) -> why. Anything else compares or
# builds a status through core.stages.CitationStatus.
STATUS_WORDS_ALLOWED = {
    # the wording itself: notices named for the status they report, and each status's English word
    **{
        ("core/language/templates.py", s): "a template's name or a status's English word"
        for s in (
            "verified",
            "superseded",
            "omitted",
            "struck_down",
            "overruled",
            "conflict",
            "unindexed",
            "unverified",
            "mismatch",
            "nonexistent",
            "unsupported",
            "unresolved",
        )
    },
    ("core/assemble.py", "struck_down"): "struck_key() names the struck-down notice's template",
    ("core/conflicts.py", "overruled"): "how a disagreement was settled (Decision.how), a word of its own",
    ("core/retrieve.py", "conflict"): "the conflict probe: a retrieval strategy's name and timing key",
    ("core/verify.py", "conflict"): "a note's word for a disagreement the graph gives no type",
    ("app/card.py", "conflict"): "the answer's `conflict` field",
    ("app/ui.py", "conflict"): "the answer's `conflict` field",
    ("app/chain_image.py", "conflict"): "the word drawn for a disagreement with no type",
}
_TEMPLATE_CALLS = {"render", "label"}  # their first argument is a template key, not a status


def status_words(path: Path, values: set[str]) -> list[tuple[int, str]]:
    """(line, value) of each string constant equal to one of ``values``, less docstrings and the
    template keys given to render()/label()."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        elif isinstance(node, ast.Call) and node.args:
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name in _TEMPLATE_CALLS:
                skip |= {id(c) for c in ast.walk(node.args[0]) if isinstance(c, ast.Constant)}
    return sorted(
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in values and id(n) not in skip
    )


def test_status_words_skips_docstrings_and_template_keys(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        '"""verified"""\n\n\ndef g(c):\n    """superseded"""\n'
        '    if c.status == "verified":\n        return render("superseded" if c else "omitted", "en")\n'
        '    return {"off_point": 1}\n'
    )
    assert status_words(f, {"verified", "superseded", "omitted", "off_point"}) == [(6, "verified"), (8, "off_point")]


def test_citation_statuses_are_compared_as_citation_status():
    from core.stages import CitationStatus

    values = {s.value for s in CitationStatus}
    found = set()
    for package in STATUS_PACKAGES:
        for f in sorted((ROOT / package).rglob("*.py")):
            name = f.relative_to(ROOT).as_posix()
            if name != STATUS_HOME:
                found |= {(name, line, v) for line, v in status_words(f, values)}
    outside = sorted(x for x in found if x[::2] not in STATUS_WORDS_ALLOWED)
    assert not outside, f"a citation status as a string; use core.stages.CitationStatus: {outside}"
    stale = sorted(set(STATUS_WORDS_ALLOWED) - {x[::2] for x in found})
    assert not stale, f"these no longer occur; take them off STATUS_WORDS_ALLOWED: {stale}"


def test_at_most_two_long_core_modules_each_saying_why():
    """Issue 21: a module of core/ over 600 lines holds several layers unless it says why it must not
    be split; at most two may."""
    core = Path(__file__).resolve().parents[1] / "core"
    long = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in core.rglob("*.py")}
    long = {p: n for p, n in long.items() if n > 600}
    assert len(long) <= 2, sorted((str(p.relative_to(core)), n) for p, n in long.items())
    for p in long:
        head = p.read_text(encoding="utf-8")[:4000]
        assert "Over 600 lines because" in head, f"{p.relative_to(core)} is over 600 lines and does not say why"
