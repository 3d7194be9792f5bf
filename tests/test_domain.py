"""domain/: the layer below core and graph_schema (act registry, ids, numbers, vocabulary, reporters).

Checks the layering by reading the import statements of every module, the registry's
read-once / configured-path behaviour in fresh interpreters, and the normal forms of numbers.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from domain import acts as registry
from domain import paths
from domain.ids import provision_id, split_provision_id
from domain.numbers import canonical_number, from_roman, leading_int, order_rule_number, parse, to_roman

REPO = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file, relative imports resolved to their package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    pkg = ".".join(path.relative_to(REPO).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if not node.level:
                out.append((node.lineno, node.module or ""))
                continue
            base = ".".join(pkg.split(".")[: len(pkg.split(".")) - node.level + 1])
            if node.module:
                out.append((node.lineno, f"{base}.{node.module}"))
            else:  # "from . import patterns"
                out += [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return out


def _violations(package: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for f in sorted((REPO / package).rglob("*.py")):
        for line, mod in _imports(f):
            if mod.split(".")[0] in forbidden:
                bad.append(f"{f.relative_to(REPO)}:{line} imports {mod}")
    return bad


# ---------------------------------------------------------------------------- layering
def test_core_never_imports_graph_schema():
    assert (REPO / "core").is_dir()
    assert not _violations("core", ("graph_schema",))


def test_domain_imports_nothing_above_it():
    files = list((REPO / "domain").rglob("*.py"))
    assert len(files) >= 8
    assert not _violations("domain", ("core", "graph_schema", "app", "evaluation"))


def test_the_import_scan_sees_imports():
    # the scan itself must find a known import, or the two tests above prove nothing
    assert any(m == "domain.acts" for _, m in _imports(REPO / "core" / "temporal.py"))
    assert any(m == "core.citations.patterns" for _, m in _imports(REPO / "core" / "citations" / "extract.py"))
    assert any(m == "graph_schema.batch" for _, m in _imports(REPO / "graph_schema" / "loaders" / "statutes.py"))


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module, docstrings left out (prose may name the pack's files)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_no_hard_coded_pack_path_in_core():
    hits = [
        f"{f.relative_to(REPO)}:{ln}"
        for f in (REPO / "core").rglob("*.py")
        for ln, v in _code_strings(f)
        if re.search(r"(?:^|/)packs(?:/|$)", v)
    ]
    assert not hits
    # the check sees a path where one is written
    assert _code_strings(REPO / "domain" / "paths.py") and any(
        v == "packs" for _, v in _code_strings(REPO / "domain" / "paths.py")
    )


def test_concordance_modules_do_not_import_each_other():
    eval_imports = {m for _, m in _imports(REPO / "graph_schema" / "concordance_eval.py")}
    loader_imports = {m for _, m in _imports(REPO / "graph_schema" / "loaders" / "concordance.py")}
    assert "graph_schema.concordance_eval" not in loader_imports
    assert "graph_schema.loaders.concordance" in eval_imports  # one direction only
    assert "domain.concordance_metric" in loader_imports


def test_one_vocabulary():
    from domain.vocab import NODE_LABELS, REL_TYPES
    from graph_schema import batch

    assert batch.NODE_LABELS is NODE_LABELS and batch.REL_TYPES is REL_TYPES
    assert {"Provision", "Problem", "Forum"} <= NODE_LABELS
    assert {"STRUCK_DOWN_BY", "GOVERNED_BY", "ROUTES_TO"} <= REL_TYPES


def test_one_reporter_grammar():
    assert not (REPO / "graph_schema" / "reporters.py").exists()
    assert not (REPO / "core" / "citations" / "reporters.py").exists()
    from domain.reporters import find_reporters, normalize_reporter

    for raw in ("(2017) 10 SCC 1", "AIR 1978 SC 597", "[1996] SUPP. 5 S.C.R. 582", "1962 AIR 1272", "2017 INSC 801"):
        key = normalize_reporter(raw)
        assert key and [h.key for h in find_reporters(f"as held in {raw}, the court")] == [key], raw


# ---------------------------------------------------------------------------- the registry
def _run(code: str, env: dict) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env={**os.environ, **env}, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


_EVERY_CONSUMER = """
import json
from domain import acts as R
from core import acts as core_acts
from core.citations import extract
from core.speech import normalize, reader
from graph_schema.loaders import statutes
keys = [c.key for c in extract("Section 7 of the Test Widgets Act applies, and Section 12 of the DV Act")]
a = core_acts.acts()
rows = statutes.read_acts()
aliases = {x.code for x in normalize._aliases()}
hindi = reader._hindi_act_names()
print(json.dumps({"keys": keys, "reads": R.read_count(), "core": sorted(a), "loader": [r["code"] for r in rows],
                  "speech": sorted(aliases), "reader_twa": hindi.get("TWA"),
                  "path": str(R.acts_path())}))
"""


def test_registry_read_once_from_the_configured_pack_dir(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    data = json.loads((paths.DEFAULT_PACK_DIR / paths.ACTS).read_text(encoding="utf-8"))
    data["acts"].append(
        {
            "code": "TWA",
            "kind": "statute",
            "name_en": "Test Widgets Act, 2099",
            "name_hi": "परीक्षण विजेट अधिनियम, 2099",
            "year": 2099,
            "aliases": ["Test Widgets Act", "TWA", "टीडब्ल्यूए"],
            "last_section": 9,
        }
    )
    (pack / paths.ACTS).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    got = _run(_EVERY_CONSUMER, {paths.PACK_ENV: str(pack)})
    # every consumer (extractor, core.acts, the statute loader, both speech modules) sees the pack ...
    assert got["keys"] == ["TWA:7", "PWDVA:12"]
    assert "TWA" in got["core"] and "TWA" in got["loader"] and "TWA" in got["speech"]
    assert got["reader_twa"] == "टीडब्ल्यूए"
    assert got["path"] == str((pack / paths.ACTS).resolve())
    # ... and the file was read once for all of them
    assert got["reads"] == 1


def test_registry_default_is_the_india_pack():
    env = {k: v for k, v in os.environ.items() if k != paths.PACK_ENV}
    out = subprocess.run(
        [sys.executable, "-c", _EVERY_CONSUMER], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["path"] == str((paths.DEFAULT_PACK_DIR / paths.ACTS).resolve())
    assert got["keys"] == ["?:7", "PWDVA:12"] or got["keys"] == ["PWDVA:12"]
    assert got["reads"] == 1 and "TWA" not in got["core"]


def test_config_exposes_the_pack_dir(monkeypatch, tmp_path):
    from core.config import load_settings

    monkeypatch.setenv(paths.PACK_ENV, str(tmp_path))
    assert load_settings().pack_dir == tmp_path
    monkeypatch.delenv(paths.PACK_ENV)
    assert load_settings().pack_dir == paths.DEFAULT_PACK_DIR


def test_registry_entries():
    reg = registry.registry()
    for code in (
        "LSA",
        "LIMITATION",
        "PWDVA",
        "HMA",
        "MWPSC",
        "ITA",
        "HSA",
        "SMA",
        "POA",
        "RPWD",
        "MEDIATION",
        "CCA",
        "CFA",
    ):
        a = reg[code]
        assert a.name_en and a.name_hi and a.year and a.aliases and a.last_section, code
        assert a.raw.get("in_force_source") and a.raw.get("text_source"), code
        assert a.short("en") in a.aliases and a.short("hi") in a.aliases, code
    assert reg["LIMITATION"].last_schedule_article == 137 and reg["CPC"].last_order == 51
    assert reg["HSA"].defect("6")["template"] == "hsa6_pre2005"
    assert reg["HSA"].defect("23")["flag"] == "omitted" and reg["HSA"].defect("5") is None


# ---------------------------------------------------------------------------- numbers and ids
NUMBERS = [
    ("498a", "498A"),
    ("498-A", "498A"),
    ("21A.", "21A"),
    ("239 A A", "239AA"),
    ("१०३", "103"),
    (65, "65"),
    ("Order XXXIX Rule 1", "Order XXXIX Rule 1"),
    ("order 39 rule 1", "Order XXXIX Rule 1"),
    ("O. XXXIX R. 1", "Order XXXIX Rule 1"),
    ("Order 21 Rule 46-I", "Order XXI Rule 46I"),
    ("Order 13A Rule 3", "Order XIIIA Rule 3"),
    ("Order XI (Commercial) Rule 1", "Order XI (Commercial) Rule 1"),
    ("Order LI Rule 1", "Order LI Rule 1"),
    ("Schedule Article 113", "Schedule Article 113"),
    ("schedule article 58", "Schedule Article 58"),
]


@pytest.mark.parametrize("raw,canonical", NUMBERS)
def test_canonical_number(raw, canonical):
    assert canonical_number(raw) == canonical


def test_roman_round_trip():
    for n in range(1, 60):
        assert from_roman(to_roman(n)) == n
    with pytest.raises(ValueError):
        from_roman("IIII")
    with pytest.raises(ValueError):
        order_rule_number("IIII", "1")


def test_ids():
    assert provision_id("pwdva", "12") == "PWDVA:12"
    assert provision_id("CPC", "order 39 rule 1") == "CPC:Order XXXIX Rule 1"
    assert provision_id("LIMITATION", "Schedule Article 113") == "LIMITATION:Schedule Article 113"
    assert split_provision_id("CPC:Order XXXIX Rule 1") == ("CPC", "Order XXXIX Rule 1")
    assert leading_int("498A") == 498 and leading_int("Order XXXIX Rule 1") is None
    assert parse("Order XXI Rule 46I").order == 21 and parse("Schedule Article 113").primary == "113"
