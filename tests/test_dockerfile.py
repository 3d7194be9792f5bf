"""The Space's Dockerfile, checked for the facts a deployment depends on (Docker cannot run here).

The Dockerfile is parsed as Docker reads it (line continuations, comments, exec and shell forms,
ENV in both forms, COPY flags) and every RUN is split into its shell commands, so the checks
are on commands and arguments, not on substrings of the file.
"""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
_OPERATORS = {"&&", "||", ";", "|", "&"}
_REDIRECTS = {">", ">>", "<", ">&", "&>"}


@dataclass
class Command:
    """One simple shell command of a RUN: leading VAR=value assignments, then argv."""

    env: dict[str, str]
    argv: list[str]

    def has(self, *prefix: str) -> bool:
        return self.argv[: len(prefix)] == list(prefix)


@dataclass
class Instruction:
    keyword: str  # FROM, RUN, COPY ... (upper case)
    raw: str  # the arguments as written, continuations joined
    flags: dict[str, str] = field(default_factory=dict)  # --chown=user:user ...
    args: list[str] = field(default_factory=list)  # shell words or the exec-form list
    exec_form: bool = False

    def commands(self) -> list[Command]:
        """A RUN's simple shell commands (split at &&, ||, ;, |, &), redirections dropped."""
        if self.exec_form:
            return [Command({}, list(self.args))]
        lex = shlex.shlex(self.raw, posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        out, words = [], []
        for tok in [*lex, "&&"]:
            if tok not in _OPERATORS:
                words.append(tok)
                continue
            argv, env = [], {}
            k = 0
            while k < len(words):
                w = words[k]
                if w in _REDIRECTS:  # "> /dev/null", "2>&1": the operator and its target
                    if argv and argv[-1].isdigit():
                        argv.pop()
                    k += 2
                    continue
                if not argv and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", w):
                    name, _, value = w.partition("=")
                    env[name] = value
                else:
                    argv.append(w)
                k += 1
            if argv:
                out.append(Command(env, argv))
            words = []
        return out


def logical_lines(text: str) -> list[str]:
    """Docker's reading: comment lines dropped (also inside a continuation), a trailing
    backslash joins the next line."""
    out, buf = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#") or (not line and not buf):
            continue
        if line.endswith("\\"):
            buf += line[:-1] + " "
            continue
        buf += line
        if buf.strip():
            out.append(buf.strip())
        buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


def parse(text: str) -> list[Instruction]:
    out = []
    for line in logical_lines(text):
        keyword, _, rest = line.partition(" ")
        ins = Instruction(keyword.upper(), rest.strip())
        body = ins.raw
        if ins.keyword in ("COPY", "ADD", "RUN", "FROM"):
            while body.startswith("--"):
                flag, _, body = body.partition(" ")
                name, _, value = flag[2:].partition("=")
                ins.flags[name] = value
                body = body.strip()
        if body.startswith("[") and ins.keyword in ("RUN", "CMD", "ENTRYPOINT", "COPY", "ADD", "SHELL"):
            try:
                ins.args, ins.exec_form = json.loads(body), True
            except ValueError:
                ins.args = shlex.split(body)
        else:
            ins.args = shlex.split(body) if ins.keyword != "RUN" else []
        ins.raw = body if ins.keyword == "RUN" else ins.raw
        out.append(ins)
    return out


def env_of(ins: list[Instruction]) -> dict[str, str]:
    env: dict[str, str] = {}
    for i in ins:
        if i.keyword != "ENV":
            continue
        if i.args and "=" in i.args[0]:
            for tok in i.args:
                name, _, val = tok.partition("=")
                env[name] = val
        elif i.args:  # legacy form: ENV NAME value with spaces
            env[i.args[0]] = " ".join(i.args[1:])
    return env


def run_commands(ins: list[Instruction]) -> list[tuple[int, Command]]:
    """(instruction index, command) for every command of every RUN, in order."""
    return [(n, c) for n, i in enumerate(ins) if i.keyword == "RUN" for c in i.commands()]


def find(ins, pred) -> int:
    for n, i in enumerate(ins):
        if pred(i):
            return n
    raise AssertionError("instruction not found")


def find_command(ins, pred) -> tuple[int, Command]:
    for n, c in run_commands(ins):
        if pred(c):
            return n, c
    raise AssertionError("command not found in any RUN")


def _option(argv: list[str], *names: str) -> str | None:
    for k, a in enumerate(argv):
        for name in names:
            if a == name and k + 1 < len(argv):
                return argv[k + 1]
            if a.startswith(name + "="):
                return a.split("=", 1)[1]
    return None


@pytest.fixture(scope="module")
def ins() -> list[Instruction]:
    return parse(DOCKERFILE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the parser itself
def test_parser_reads_continuations_comments_forms_and_commands():
    text = """# syntax comment
FROM python:3.12-slim AS base
ENV A=1 \\
    # a comment inside a continuation
    B="two words"
ENV LEGACY some value
COPY --chown=u:u src ./dst/
RUN X=1 apt-get install -y foo \\
    && rm -rf /var/lib/apt/lists/* > /dev/null; echo "a && b" | tee f
CMD ["serve", "--port", "1"]
"""
    ins = parse(text)
    assert [i.keyword for i in ins] == ["FROM", "ENV", "ENV", "COPY", "RUN", "CMD"]
    assert ins[0].args == ["python:3.12-slim", "AS", "base"]
    assert env_of(ins) == {"A": "1", "B": "two words", "LEGACY": "some value"}
    assert ins[3].flags == {"chown": "u:u"} and ins[3].args == ["src", "./dst/"]
    cmds = ins[4].commands()
    assert [c.argv for c in cmds] == [
        ["apt-get", "install", "-y", "foo"],
        ["rm", "-rf", "/var/lib/apt/lists/*"],
        ["echo", "a && b"],
        ["tee", "f"],
    ]
    assert cmds[0].env == {"X": "1"}
    assert ins[5].exec_form and ins[5].args == ["serve", "--port", "1"]


# ------------------------------------------------------------------ the Dockerfile
def test_base_image_is_python_312_slim(ins):
    froms = [i for i in ins if i.keyword == "FROM"]
    assert len(froms) == 1
    assert re.fullmatch(r"python:3\.12(\.\d+)?-slim(-\w+)?", froms[0].args[0]), froms[0].args


def test_runs_as_non_root_uid_1000(ins):
    users = [i.args[0] for i in ins if i.keyword == "USER"]
    assert users and users[-1] not in ("root", "0")
    _, useradd = find_command(ins, lambda c: c.has("useradd"))
    assert _option(useradd.argv, "--uid", "-u") == "1000"
    assert useradd.argv[-1] == users[-1], "the runtime USER is the one created with uid 1000"
    # everything after the last USER runs unprivileged: the image serves as that user
    last_user = max(n for n, i in enumerate(ins) if i.keyword == "USER")
    assert find(ins, lambda i: i.keyword == "CMD") > last_user


def test_exposes_7860_and_serves_there(ins):
    assert [i.args for i in ins if i.keyword == "EXPOSE"] == [["7860"]]
    cmd = [i for i in ins if i.keyword == "CMD"][-1]
    assert cmd.exec_form, "exec form: signals reach the server, no shell in between"
    assert cmd.args == ["nyayapath", "serve", "--host", "0.0.0.0", "--port", "7860"]
    from app.cli import build_parser

    args = build_parser().parse_args(cmd.args[1:])
    assert (args.cmd, args.host, args.port) == ("serve", "0.0.0.0", 7860)


def test_graph_is_built_at_build_time_from_the_copied_corpus(ins):
    env = env_of(ins)
    assert env["NYAYAPATH_CORPUS"] == "/data/corpus"
    assert "CORPUS_DIR" in {i.args[0].split("=")[0] for i in ins if i.keyword == "ARG"}
    i_copy = find(ins, lambda i: i.keyword == "COPY" and i.args[-1] == "/data/corpus")
    assert ins[i_copy].args[:-1] == ["${CORPUS_DIR}"]
    i_pip, _ = find_command(ins, lambda c: c.has("pip", "install", "."))
    i_ingest, ingest = find_command(ins, lambda c: c.has("nyayapath", "ingest"))
    assert i_pip < i_ingest and i_copy < i_ingest
    assert "--quiet" in ingest.argv
    i_user = find(ins, lambda i: i.keyword == "USER")
    assert i_user < i_ingest, "the graph must be built by (and owned by) the runtime user"
    assert find(ins, lambda i: i.keyword == "CMD") > i_ingest


def test_build_needs_and_no_forbidden_steps(ins):
    installs = [c for _, c in run_commands(ins) if c.has("apt-get", "install")]
    packages = {a for c in installs for a in c.argv[2:] if not a.startswith("-")}
    assert {"build-essential", "cmake"} <= packages
    assert "ffmpeg" not in packages  # PyAV wheels bundle it
    find_command(ins, lambda c: c.has("rm", "-rf", "/var/lib/apt/lists/*"))
    assert not [c for _, c in run_commands(ins) if c.has("playwright", "install")]
    _, pip = find_command(ins, lambda c: c.has("pip", "install", "."))
    assert "-DGGML_NATIVE=OFF" in pip.env.get("CMAKE_ARGS", "").split()  # built on one CPU, run on another
    env = env_of(ins)
    assert env.get("GRADIO_ANALYTICS_ENABLED") == "False"
    # the data the app writes (graph, audit log, model cache) lives where the user may write
    assert env["NYAYAPATH_DATA_DIR"].startswith("/data/") and env["NYAYAPATH_CACHE"].startswith("/data/")
    _, chown = find_command(ins, lambda c: c.has("chown", "-R", "user:user"))
    assert "/data" in chown.argv[3:]


def test_every_copied_source_exists_and_is_packaged(ins):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = set()
    for i in ins:
        if i.keyword != "COPY":
            continue
        assert i.flags.get("chown") == "user:user", i.raw
        for src in i.args[:-1]:
            if "$" in src:
                continue
            copied.add(src)
            if src != "README.md":  # README.md is the Space card (the lead's file)
                assert (ROOT / src).exists(), src
    assert packages <= copied, f"packages not copied into the image: {packages - copied}"
    assert "pyproject.toml" in copied


def test_dockerignore_keeps_local_state_out():
    lines = {
        ln.strip() for ln in (ROOT / ".dockerignore").read_text().splitlines() if ln.strip() and not ln.startswith("#")
    }
    for must in (".venv", "data", ".git", "test-artifacts"):
        assert must in lines, must
    assert "corpus" not in lines and "app" not in lines and "core" not in lines
