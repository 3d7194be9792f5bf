"""First use: the default role model (e5+lex) never trains the e5 model silently inside an upload.
While the e5 role model is not trained on this machine, the lexical one is used and the result
says so (roles.model, a message, the CLI and clinic text); --train-roles asks for training."""

from __future__ import annotations

import json

import pytest

from graph_schema.intake import pipeline as P
from graph_schema.intake import roles as R
from tests.intake_support import CORPUS, build_valid, have_corpus

pytestmark = pytest.mark.skipif(not have_corpus(), reason="corpus judgments not available")


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    """A cache directory holding the lexical role model only (copied: training it costs minutes)."""
    lex = R.get_model(CORPUS, "lex")  # the machine's cache (trained there on first use)
    monkeypatch.setenv("NYAYAPATH_CACHE", str(tmp_path / "cache"))
    lex.save(R.model_path(CORPUS, "lex"))
    assert R.is_trained(CORPUS, "lex") and not R.is_trained(CORPUS, "e5")
    calls: list[str] = []
    real = R.get_model

    def spy(corpus_dir=None, features="e5", *a, **k):
        calls.append(features)
        if features != "lex":
            raise AssertionError(f"the {features} role model was asked for on first use")
        return real(corpus_dir, features, *a, **k)

    monkeypatch.setattr(R, "get_model", spy)
    return tmp_path / "cache", calls


def test_default_roles_degrade_to_the_lexical_model_with_a_note(fresh_cache):
    cache, calls = fresh_cache
    it = P.analyse(build_valid(1).encode(), "babu.txt", embed=False)
    rm = it.role_model
    assert calls == ["lex"]
    assert rm["features"] == "lex" and rm["requested"] == "e5+lex"
    assert "not trained" in rm["note"] and "--train-roles" in rm["note"] and rm["note"] in it.messages
    assert it.to_json()["roles"]["model"]["note"] == rm["note"]
    assert not [p.name for p in (cache / "intake").iterdir() if p.name.startswith("roles-e5")]
    # asking for the fast model is no degradation: no note
    fast = P.analyse(build_valid(1).encode(), "babu.txt", features="lex", embed=False)
    assert fast.role_model["requested"] == "lex" and "note" not in fast.role_model
    assert not any("not trained" in m for m in fast.messages)


def test_train_roles_asks_for_the_default_model(fresh_cache):
    assert R.choose_features("e5+lex", CORPUS, train=True) == ("e5+lex", None)
    feats, note = R.choose_features("e5", CORPUS)
    assert feats == "lex" and "e5 role model is not trained" in note
    with pytest.raises(AssertionError, match="e5\\+lex role model was asked for"):
        P.analyse(build_valid(1).encode(), "babu.txt", embed=False, train_roles=True)


def test_cli_and_clinic_name_the_model_used(fresh_cache, tmp_path, monkeypatch, capsys):
    import core.graphdb as G
    from app.cli import main
    from app.clinic import ClinicLogic, render

    def no_graph(*a, **k):
        raise G.GraphUnavailable("no graph in this test")

    monkeypatch.setattr(G, "open_store", no_graph)
    f = tmp_path / "babu.txt"
    f.write_text(build_valid(1), encoding="utf-8")
    assert main(["add-judgment", str(f), "--json", "--dry-run"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["roles"]["model"]["features"] == "lex" and "--train-roles" in out["roles"]["model"]["note"]
    assert main(["add-judgment", str(f), "--dry-run"]) == 0
    human = capsys.readouterr().out
    assert "lex model:" in human and "not the e5+lex model" in human and "--train-roles" in human
    assert main(["add-judgment", str(f), "--dry-run", "--fast", "--train-roles"]) == 2

    page = render(out | {"sentences": []})
    assert "Rhetorical roles (lex model)" in page and "Not the e5+lex model" in page and "--train-roles" in page
    assert page.count("--train-roles") == 1  # the note is shown once, beside the roles
    _, res, page = ClinicLogic().analyse(str(f))  # the clinic's default: degrades, says so
    assert res["roles"]["model"]["features"] == "lex" and "Not the e5+lex model" in page
