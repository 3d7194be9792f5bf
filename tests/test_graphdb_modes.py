"""Both ways of reaching the graph: embedded falkordblite and a FalkorDB server (FALKORDB_URL)."""

from __future__ import annotations

import subprocess
from dataclasses import replace

import pytest
import redis

from core.config import load_settings
from core.graphdb import GraphUnavailable, open_store
from graph_schema import schema
from graph_schema.batch import merge_nodes
from tests.support.falkor_server import FalkorServer, free_port


def _fill(store):
    schema.apply(store)
    merge_nodes(
        store,
        "Section",
        [{"id": "BNS:103", "act": "BNS", "number": "103", "title": "Punishment for murder"}],
        extra_labels=("Provision",),
    )


def test_server_mode_reads_writes_and_is_read_only_for_answers(tmp_path):
    srv = FalkorServer(tmp_path / "srv").start()
    try:
        settings = replace(load_settings(), falkordb_url=srv.url, graph_name="modes")
        with open_store(settings) as store:
            assert store.mode == "server"
            _fill(store)
            ro = store.read_only()
            assert ro.ro_query("MATCH (s:Section {id: $id}) RETURN s.title", {"id": "BNS:103"}) == [
                ["Punishment for murder"]
            ]
            with pytest.raises(Exception, match="(?i)read-only|ro_query"):
                ro.ro_query("CREATE (:Section {id: 'X:1'})")
    finally:
        srv.stop()


def test_server_user_limited_to_ro_query_cannot_write(tmp_path):
    """Production posture: the answering side connects as a user allowed only GRAPH.RO_QUERY."""
    srv = FalkorServer(tmp_path / "srv").start()
    try:
        admin = redis.Redis(host="127.0.0.1", port=srv.port)
        admin.execute_command(
            "ACL",
            "SETUSER",
            "reader",
            "on",
            ">readerpw",
            "~*",
            "resetchannels",
            "-@all",
            "+GRAPH.RO_QUERY",
            "+PING",
            "+INFO",
        )  # INFO and PING: the client handshake
        with open_store(replace(load_settings(), falkordb_url=srv.url, graph_name="acl")) as store:
            _fill(store)
        reader = replace(
            load_settings(), falkordb_url=f"redis://reader:readerpw@127.0.0.1:{srv.port}", graph_name="acl"
        )
        with open_store(reader, wait=False) as store:
            assert store.ro_query("MATCH (s:Section) RETURN count(s)") == [[1]]
            with pytest.raises(Exception, match="(?i)no permissions|noperm"):
                store.query("CREATE (:Section {id: 'X:1'})")
            with pytest.raises(Exception, match="(?i)read-only|ro_query"):
                store.ro_query("MATCH (s:Section) DELETE s")
        assert admin.execute_command("GRAPH.RO_QUERY", "acl", "MATCH (s:Section) RETURN count(s)")[1] == [[1]]
    finally:
        srv.stop()


def test_unreachable_server_is_a_clear_error():
    settings = replace(load_settings(), falkordb_url=f"redis://127.0.0.1:{free_port()}")
    with pytest.raises(GraphUnavailable, match="unreachable"):
        open_store(settings)


def test_server_password_never_in_the_error():
    settings = replace(load_settings(), falkordb_url=f"redis://u:s3cretpw@127.0.0.1:{free_port()}")
    with pytest.raises(GraphUnavailable) as exc:
        open_store(settings)
    assert "s3cretpw" not in str(exc.value)


def test_embedded_persists_and_leaves_no_server_running(tmp_path):
    settings = replace(load_settings(), data_dir=tmp_path, falkordb_url=None)
    with open_store(settings) as store:
        _fill(store)
    assert (tmp_path / "falkordb" / "appendonlydir").is_dir()  # append-only file on
    left = subprocess.run(["pgrep", "-f", str(tmp_path / "falkordb")], capture_output=True, text=True).stdout
    assert left.strip() == ""
    with open_store(settings) as store:
        assert store.ro_query("MATCH (s:Section {id: 'BNS:103'}) RETURN s.title") == [["Punishment for murder"]]


def test_compact_leaves_one_snapshot_and_the_data(tmp_path):
    """The embedded server replays its append-only file at every start; compact() (ingest's last step)
    folds the writes into the snapshot it starts from, and nothing written is lost."""
    settings = replace(load_settings(), data_dir=tmp_path, falkordb_url=None)
    with open_store(settings) as store:
        _fill(store)
        incr = sum(f.stat().st_size for f in (tmp_path / "falkordb" / "appendonlydir").glob("*.incr.aof"))
        assert incr > 0
        assert store.compact() >= 0.0
        aof = tmp_path / "falkordb" / "appendonlydir"
        assert sum(f.stat().st_size for f in aof.glob("*.incr.aof")) == 0
        assert sum(f.stat().st_size for f in aof.glob("*.base.rdb")) > 0
    with open_store(settings) as store:
        assert store.ro_query("MATCH (s:Section {id: 'BNS:103'}) RETURN s.title") == [["Punishment for murder"]]


def test_embedded_survives_kill_9(tmp_path):
    """Writes acknowledged before a kill -9 of the embedded server are there after restart."""
    settings = replace(load_settings(), data_dir=tmp_path, falkordb_url=None)
    store = open_store(settings)
    _fill(store)
    pids = subprocess.run(["pgrep", "-f", "redis-server"], capture_output=True, text=True).stdout.split()
    mine = [
        p
        for p in pids
        if str(tmp_path) in open(f"/proc/{p}/cmdline").read().replace("\0", " ") or _uses_dir(p, tmp_path)
    ]
    assert mine, "embedded server process not found"
    for p in mine:
        subprocess.run(["kill", "-9", p], check=True)
    try:
        store.close()
    except Exception:
        pass
    with open_store(settings) as again:
        assert again.ro_query("MATCH (s:Section {id: 'BNS:103'}) RETURN s.title") == [["Punishment for murder"]]


def _uses_dir(pid: str, d) -> bool:
    try:
        import os

        return os.readlink(f"/proc/{pid}/cwd").startswith(str(d))
    except OSError:
        return False
