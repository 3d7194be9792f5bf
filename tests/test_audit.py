import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from core.audit import GENESIS, AuditLog, AuditUnavailable, canonical_json, chain_hash

ROOT = Path(__file__).resolve().parents[1]


def _event(i: int, **extra) -> dict:
    return {
        "ts": f"2025-01-01T00:00:{i:02d}Z",
        "question_sha256": f"{i:064x}",
        "language": "hi",
        "evidence_ids": [f"BNS:s{i}"],
        "model_id": "m1",
        "prompt_sha256": "p" * 64,
        "response_sha256": "r" * 64,
        "verdict": "answered",
        "statuses": ["in_force"],
        "timings_ms": {"total": i},
        **extra,
    }


@pytest.fixture
def log(tmp_path):
    a = AuditLog(tmp_path / "audit.db")
    for i in range(5):
        a.append(_event(i))
    yield a
    a.close()


def _raw(log: AuditLog) -> sqlite3.Connection:
    return sqlite3.connect(str(log.path), isolation_level=None)


def test_chain_and_head(log):
    r = log.verify()
    assert r.ok and r.n_events == 5 and r.problems == []
    rows = _raw(log).execute("SELECT event_json, prev_hash, hash FROM audit_events ORDER BY seq").fetchall()
    assert rows[0][1] == GENESIS
    for (ej, prev, h), nxt in zip(rows, rows[1:] + [None]):
        assert h == chain_hash(prev, ej)
        if nxt:
            assert nxt[1] == h
    assert log.head() == rows[-1][2]
    assert log.verify(expected_head=log.head()).ok
    h = log.append(_event(9))
    assert h == log.head() and not log.verify(expected_head=rows[-1][2]).ok


def test_wal_mode(log):
    assert _raw(log).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_detects_edit(log):
    db = _raw(log)
    ej = db.execute("SELECT event_json FROM audit_events WHERE seq = 3").fetchone()[0]
    ev = json.loads(ej)
    ev["verdict"] = "abstained"
    db.execute("UPDATE audit_events SET event_json = ? WHERE seq = 3", (canonical_json(ev),))
    r = log.verify()
    assert not r.ok and any("row 3" in p and "edited" in p for p in r.problems)


def test_detects_edit_with_rehashed_row(log):
    db = _raw(log)
    prev = db.execute("SELECT prev_hash FROM audit_events WHERE seq = 2").fetchone()[0]
    ej = canonical_json(_event(2, verdict="forged"))
    db.execute("UPDATE audit_events SET event_json = ?, hash = ? WHERE seq = 2", (ej, chain_hash(prev, ej)))
    r = log.verify()
    assert not r.ok and any(p.startswith("row 3: prev_hash") for p in r.problems)


def test_detects_delete_middle(log):
    _raw(log).execute("DELETE FROM audit_events WHERE seq = 2")
    r = log.verify()
    assert not r.ok and r.n_events == 4
    assert any("row 3" in p and "prev_hash" in p for p in r.problems)


def test_detects_delete_newest(log):
    _raw(log).execute("DELETE FROM audit_events WHERE seq = 5")
    r = log.verify()
    assert not r.ok and any("recorded head" in p for p in r.problems) and any("count" in p for p in r.problems)


def test_detects_reorder(log):
    db = _raw(log)
    a = db.execute("SELECT event_json, prev_hash, hash FROM audit_events WHERE seq = 2").fetchone()
    b = db.execute("SELECT event_json, prev_hash, hash FROM audit_events WHERE seq = 3").fetchone()
    db.execute("UPDATE audit_events SET event_json = ?, prev_hash = ?, hash = ? WHERE seq = 2", b)
    db.execute("UPDATE audit_events SET event_json = ?, prev_hash = ?, hash = ? WHERE seq = 3", a)
    r = log.verify()
    assert not r.ok and any("row 2" in p and "prev_hash" in p for p in r.problems)


def test_detects_insert(log):
    db = _raw(log)
    db.execute("UPDATE audit_events SET seq = -seq WHERE seq >= 3")
    db.execute("UPDATE audit_events SET seq = 1 - seq WHERE seq < 0")  # -3 -> 4, ... : room at seq 3
    prev = db.execute("SELECT hash FROM audit_events WHERE seq = 2").fetchone()[0]
    ej = canonical_json(_event(42, verdict="inserted"))
    db.execute(
        "INSERT INTO audit_events (seq, event_json, prev_hash, hash) VALUES (3, ?, ?, ?)",
        (ej, prev, chain_hash(prev, ej)),
    )  # a well-formed forged row
    r = log.verify()
    assert not r.ok and r.n_events == 6 and any("row 4" in p and "prev_hash" in p for p in r.problems)


def test_raw_text_off_by_default(tmp_path):
    with AuditLog(tmp_path / "a.db") as a:
        a.append(_event(1, question_text="मेरा भाई गिरफ्तार हुआ", audio_sha="a" * 64))
        stored = _raw(a).execute("SELECT event_json FROM audit_events").fetchone()[0]
        assert "question_text" not in stored and "गिरफ्तार" not in stored and "audio_sha" not in stored
        assert a.verify().ok
    with AuditLog(tmp_path / "b.db", store_raw=True) as b:
        b.append(_event(1, question_text="मेरा भाई गिरफ्तार हुआ", audio_sha="a" * 64))
        ev = b.events()[0]
        assert ev["question_text"] == "मेरा भाई गिरफ्तार हुआ" and ev["audio_sha"] == "a" * 64


def test_rejects_unknown_fields_and_fills_ts(tmp_path):
    with AuditLog(tmp_path / "a.db") as a:
        with pytest.raises(ValueError, match="answer_text"):
            a.append({"verdict": "x", "answer_text": "secret"})
        a.append({"verdict": "x"})
        assert a.events()[0]["ts"].endswith("+00:00")


def test_reopen_continues_chain(tmp_path):
    p = tmp_path / "a.db"
    with AuditLog(p) as a:
        a.append(_event(1))
        h = a.head()
    with AuditLog(p) as a:
        assert a.head() == h
        a.append(_event(2))
        assert a.verify().ok and a.verify().n_events == 2


def test_concurrent_threads(tmp_path):
    p = tmp_path / "a.db"
    shared = AuditLog(p)
    errors: list[BaseException] = []

    def worker(n: int, own: bool) -> None:
        a = AuditLog(p) if own else shared  # both a shared instance and separate connections
        try:
            for i in range(25):
                a.append(_event(i % 60, model_id=f"t{n}"))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
        finally:
            if own:
                a.close()

    threads = [threading.Thread(target=worker, args=(n, n % 2 == 0)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors
    r = shared.verify()
    assert r.ok, r.problems
    assert r.n_events == 200
    shared.close()


def test_concurrent_processes(tmp_path):
    p = tmp_path / "a.db"
    AuditLog(p).close()
    code = (
        "import sys; from core.audit import AuditLog\n"
        "a = AuditLog(sys.argv[1])\n"
        "for i in range(30): a.append({'verdict': 'p' + sys.argv[2], 'timings_ms': {'i': i}})\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(p), str(k)], cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
        for k in range(3)
    ]
    assert all(pr.wait(60) == 0 for pr in procs)
    with AuditLog(p) as a:
        r = a.verify()
        assert r.ok and r.n_events == 90


def test_disk_full_raises_audit_unavailable_and_chain_survives(tmp_path):
    p = tmp_path / "a.db"
    with AuditLog(p) as a:
        a.append(_event(0))
        pages = _raw(a).execute("PRAGMA page_count").fetchone()[0]
    a = AuditLog(p, max_pages=pages + 2)  # real SQLITE_FULL once the cap is hit
    with pytest.raises(AuditUnavailable, match="unrecorded") as ei:
        for i in range(1, 200):
            a.append(_event(i % 60, evidence_ids=["x" * 2000] * 4))
    assert "full" in str(ei.value)
    r = a.verify()
    assert r.ok, r.problems  # failed appends rolled back cleanly
    a.close()


def test_unwritable_path_raises_audit_unavailable(tmp_path):
    with pytest.raises(AuditUnavailable):
        AuditLog(tmp_path)  # a directory, not a database file
    with pytest.raises(AuditUnavailable):
        AuditLog(tmp_path / "missing-dir" / "a.db")
