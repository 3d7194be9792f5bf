"""`nyayapath deadlines` and `nyayapath legal-aid`: the JSON shapes other tools rely on."""

from __future__ import annotations

import json

from app.cli import main


def _json(capsys, argv):
    rc = main(argv)
    return rc, json.loads(capsys.readouterr().out) if rc == 0 else None


def test_deadlines_json(capsys):
    rc, rows = _json(capsys, ["deadlines", "--event", "cheque_dishonoured", "--date", "2025-03-03", "--json"])
    assert rc == 0
    assert all(set(r) == {"what", "due", "basis", "note"} for r in rows)
    assert rows[0] == {**rows[0], "due": "2025-04-02", "basis": "NIA:138"}


def test_deadlines_with_notice_received(capsys):
    rc, rows = _json(
        capsys,
        [
            "deadlines",
            "--event",
            "cheque_dishonoured",
            "--date",
            "2025-03-03",
            "--notice-received",
            "2025-03-10",
            "--json",
        ],
    )
    assert rc == 0 and rows[-1]["due"] == "2025-04-25"


def test_deadlines_list_and_errors(capsys):
    rc, rows = _json(capsys, ["deadlines", "--list", "--json"])
    assert rc == 0 and {"cheque_dishonoured", "arrested", "remanded", "accident", "money_lent"} <= {
        r["event"] for r in rows
    }
    assert main(["deadlines", "--event", "nope", "--date", "2025-01-01"]) == 2
    assert "unknown event" in capsys.readouterr().err
    assert main(["deadlines", "--event", "accident", "--date", "01/02/2025"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err
    assert main(["deadlines"]) == 2


def test_legal_aid_json(capsys):
    rc, out = _json(capsys, ["legal-aid", "--woman", "--json"])
    assert rc == 0 and out["eligible"] is True and "LSA 12(c)" in out["basis"]
    assert set(out) == {"eligible", "basis", "apply_to", "note"}
    rc, out = _json(capsys, ["legal-aid", "--income", "200000", "--json"])
    assert out["eligible"] == "depends"
    rc, out = _json(capsys, ["legal-aid", "--income", "5000", "--lang", "hi", "--json"])
    assert out["eligible"] is True and "हक़दार" in out["note"]
    assert main(["legal-aid", "--income", "-5"]) == 2
