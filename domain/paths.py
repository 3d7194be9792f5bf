"""Where the jurisdiction pack lives, and the name of every file in it.

The pack directory is ``$NYAYAPATH_PACK_DIR`` when set, else the India pack shipped with
graph_schema (``graph_schema/packs/india``). core.config exposes the same value as
``Settings.pack_dir``; nothing else hard-codes a pack path.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PACK_DIR = REPO_ROOT / "graph_schema" / "packs" / "india"
PACK_ENV = "NYAYAPATH_PACK_DIR"

# file names inside a pack
ACTS = "acts.json"
CASES = "cases.json"
DOCTRINE = "doctrine.json"
GLOSSARY = "glossary.json"
PROCEDURES = "procedures.json"
ROUTES = "routes.json"
PROBLEMS_DIR = "problems"
CONCORDANCE_FIXES = "concordance_fixes.json"
PROVISION_NAMES = "provision_names.json"  # how people name held provisions; Acts not held (issue 19)
CONCORDANCE_GOLD = {("CRPC", "BNSS"): "crpc_bnss_gold.json", ("IEA", "BSA"): "iea_bsa_gold.json"}


def pack_env() -> str | None:
    """``$NYAYAPATH_PACK_DIR`` as set (read on every call; None when unset)."""
    return os.environ.get(PACK_ENV)


def pack_dir() -> Path:
    """The configured pack directory (read from the environment on every call)."""
    raw = pack_env()
    return Path(raw).expanduser() if raw else DEFAULT_PACK_DIR


def pack_file(name: str, base: Path | str | None = None) -> Path:
    """Path of one pack file, in ``base`` or the configured pack directory."""
    return Path(base if base is not None else pack_dir()) / name
