"""The Space's Dockerfile, checked for the facts a deployment depends on (Docker cannot run here)."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs: comments dropped, backslash continuations joined."""
    out: list[tuple[str, str]] = []
    buf = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not buf and (not line or line.startswith("#")):
            continue
        if buf and line.startswith("#"):
            continue
        if line.endswith("\\"):
            buf += line[:-1].strip() + " "
            continue
        buf += line
        if buf.strip():
            word, _, rest = buf.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
        buf = ""
    if buf.strip():
        word, _, rest = buf.strip().partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


@pytest.fixture(scope="module")
def ins() -> list[tuple[str, str]]:
    return instructions(DOCKERFILE.read_text(encoding="utf-8"))


def _index(ins, pred) -> int:
    for i, (k, v) in enumerate(ins):
        if pred(k, v):
            return i
    raise AssertionError("instruction not found")


def _env(ins) -> dict[str, str]:
    env = {}
    for k, v in ins:
        if k == "ENV":
            for tok in shlex.split(v):
                if "=" in tok:
                    name, _, val = tok.partition("=")
                    env[name] = val
    return env


def test_base_image_is_python_312_slim(ins):
    froms = [v for k, v in ins if k == "FROM"]
    assert len(froms) == 1
    assert re.fullmatch(r"python:3\.12(\.\d+)?-slim(-\w+)?", froms[0].split()[0]), froms


def test_runs_as_non_root_uid_1000(ins):
    users = [v for k, v in ins if k == "USER"]
    assert users and users[-1] not in ("root", "0")
    created = " ".join(v for k, v in ins if k == "RUN")
    assert re.search(rf"useradd\b[^&]*--uid 1000\b[^&]*\b{re.escape(users[-1])}\b", created)
    # everything after the last USER runs unprivileged: the final stage serves as that user
    last_user = max(i for i, (k, _) in enumerate(ins) if k == "USER")
    assert _index(ins, lambda k, v: k == "CMD") > last_user


def test_exposes_7860_and_serves_there(ins):
    assert [v for k, v in ins if k == "EXPOSE"] == ["7860"]
    cmd = json.loads([v for k, v in ins if k == "CMD"][-1])
    assert cmd == ["nyayapath", "serve", "--host", "0.0.0.0", "--port", "7860"]
    from app.cli import build_parser

    args = build_parser().parse_args(cmd[1:])
    assert (args.cmd, args.host, args.port) == ("serve", "0.0.0.0", 7860)


def test_graph_is_built_at_build_time_from_the_copied_corpus(ins):
    env = _env(ins)
    assert env["NYAYAPATH_CORPUS"] == "/data/corpus"
    args = {v.split("=")[0] for k, v in ins if k == "ARG"}
    assert "CORPUS_DIR" in args
    i_copy = _index(ins, lambda k, v: k == "COPY" and v.split()[-1] == "/data/corpus")
    assert "${CORPUS_DIR}" in ins[i_copy][1]
    i_pip = _index(ins, lambda k, v: k == "RUN" and re.search(r"\bpip install \.(\s|$)", v))
    i_ingest = _index(ins, lambda k, v: k == "RUN" and "nyayapath ingest" in v)
    assert i_pip < i_ingest and i_copy < i_ingest
    assert "--quiet" in ins[i_ingest][1]
    i_user = _index(ins, lambda k, v: k == "USER")
    assert i_user < i_ingest, "the graph must be built by (and owned by) the runtime user"
    assert _index(ins, lambda k, v: k == "CMD") > i_ingest


def test_build_needs_and_no_forbidden_steps(ins):
    runs = " ".join(v for k, v in ins if k == "RUN")
    for pkg in ("build-essential", "cmake"):
        assert re.search(rf"apt-get install[^&]*\b{pkg}\b", runs), pkg
    assert "rm -rf /var/lib/apt/lists" in runs
    assert "ffmpeg" not in runs                 # PyAV wheels bundle it
    assert "playwright install" not in runs
    assert "GGML_NATIVE=OFF" in runs            # built on one CPU, run on another
    env = _env(ins)
    assert env.get("GRADIO_ANALYTICS_ENABLED") == "False"
    # the data the app writes (graph, audit log, model cache) lives where the user may write
    assert env["NYAYAPATH_DATA_DIR"].startswith("/data/") and env["NYAYAPATH_CACHE"].startswith("/data/")
    assert re.search(r"chown -R user:user /data\b", runs)


def test_every_copied_source_exists_and_is_packaged(ins):
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = set()
    for k, v in ins:
        if k != "COPY":
            continue
        parts = [p for p in v.split() if not p.startswith("--")]
        for src in parts[:-1]:
            if "$" in src:
                continue
            copied.add(src)
            if src != "README.md":          # README.md is the Space card (the lead's file)
                assert (ROOT / src).exists(), src
    assert packages <= copied, f"packages not copied into the image: {packages - copied}"
    assert "pyproject.toml" in copied


def test_dockerignore_keeps_local_state_out():
    lines = {ln.strip() for ln in (ROOT / ".dockerignore").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")}
    for must in (".venv", "data", ".git", "test-artifacts"):
        assert must in lines, must
    assert "corpus" not in lines and "app" not in lines and "core" not in lines
