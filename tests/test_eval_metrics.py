"""evaluation.metrics: every metric against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from evaluation import metrics as M

RANKED = ["A", "X", "B", "Y", "Z", "C"]
GOLD = {"A", "B", "C"}


def test_precision_recall_hit():
    assert M.precision_at_k(RANKED, GOLD, 1) == 1.0
    assert M.precision_at_k(RANKED, GOLD, 3) == pytest.approx(2 / 3)
    assert M.precision_at_k(RANKED, GOLD, 5) == pytest.approx(2 / 5)
    assert M.recall_at_k(RANKED, GOLD, 5) == pytest.approx(2 / 3)
    assert M.recall_at_k(RANKED, set(), 5) is None
    assert M.hit_at_k(["X", "Y"], GOLD, 5) == 0.0
    assert M.hit_at_k(RANKED, GOLD, 1) == 1.0


def test_mrr_and_ndcg():
    assert M.reciprocal_rank(["X", "Y", "B"], GOLD) == pytest.approx(1 / 3)
    assert M.reciprocal_rank(["X"], GOLD) == 0.0
    # hits at ranks 1 and 3: DCG = 1 + 1/log2(4) = 1.5; ideal (3 gold, k=5) = 1 + 1/log2(3) + 1/2
    ideal = 1 + 1 / math.log2(3) + 0.5
    assert M.ndcg_at_k(RANKED, GOLD, 5) == pytest.approx(1.5 / ideal)
    assert M.ndcg_at_k(["A"], {"A"}, 5) == 1.0
    assert M.ndcg_at_k(RANKED, set(), 5) is None


def test_retrieval_scores_dedupes_ranking():
    s = M.retrieval_scores(["A", "A", "B"], {"B"})
    assert s["p@1"] == 0.0 and s["mrr"] == 0.5 and s["hit@5"] == 1.0


def test_bootstrap_ci_brackets_the_mean():
    ci = M.bootstrap_ci([0, 1, 1, 1, 0, 1, 1, 1, 1, 1], n_boot=500)
    assert ci["mean"] == pytest.approx(0.8)
    assert ci["lo"] <= 0.8 <= ci["hi"] and ci["n"] == 10
    assert M.bootstrap_ci([1.0, 1.0, 1.0])["lo"] == 1.0
    assert M.bootstrap_ci([None, None])["mean"] is None


def test_paired_bootstrap_and_mcnemar():
    a = [1, 1, 1, 1, 1, 1, 1, 1, 0, 1]
    b = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    r = M.paired_bootstrap(a, b, n_boot=1000)
    assert r["diff"] == pytest.approx(0.8) and r["p"] < 0.01 and r["lo"] > 0
    assert M.paired_bootstrap([1, 0], [1, 0])["p"] == 1.0
    # 8 discordant pairs all one way: exact two-sided p = 2 * (1/2)^8
    m = M.mcnemar([bool(x) for x in a], [bool(x) for x in b])
    assert (m["a_only"], m["b_only"]) == (8, 0)
    assert m["p"] == pytest.approx(2 / 256)
    # 3 vs 1 discordant: p = 2 * (C(4,0)+C(4,1)) / 16 = 10/16
    m = M.mcnemar([True, True, True, False, True], [False, False, False, True, True])
    assert m["p"] == pytest.approx(10 / 16)


def test_confusion_and_per_class():
    gold = ["verified", "verified", "overruled", "superseded"]
    pred = ["verified", "unsupported", "overruled", "unsupported"]
    c = M.confusion(gold, pred)
    assert c == {
        "verified": {"verified": 1, "unsupported": 1},
        "overruled": {"overruled": 1},
        "superseded": {"unsupported": 1},
    }
    per = M.per_class_accuracy(gold, pred)
    assert per["verified"]["recall"] == 0.5 and per["verified"]["precision"] == 1.0
    assert per["unsupported"]["n"] == 0 and per["unsupported"]["precision"] == 0.0
    assert M.accuracy(gold, pred) == 0.5


def test_match_fragments_by_span_overlap():
    text = "Under Section 103 BNS and Article 21."
    checks = [{"start": 6, "end": 21, "status": "verified"}]
    got = M.match_fragments(
        text,
        [{"fragment": "Section 103 BNS", "status": "verified"}, {"fragment": "Article 21", "status": "verified"}],
        checks,
    )
    assert got == [("verified", "verified"), ("verified", "missed")]


def test_abstention_and_conflict_rates():
    expected = ["abstain", "abstain", "answer", "answer", "conflict", "conflict"]
    status = ["abstain", "answer", "abstain", "answer", "conflict", "answer"]
    a = M.abstention_pr(expected, status)
    assert a["precision"] == 0.5 and a["recall"] == 0.5 and a["f1"] == 0.5
    c = M.conflict_rates(expected, status)
    assert c["detection_rate"] == 0.5
    # answered non-conflict questions: #2 (answer) and #4 (answer) -> none flagged
    assert c["false_conflict_rate"] == 0.0 and c["n_other_answered"] == 2
    c2 = M.conflict_rates(["answer", "answer"], ["conflict", "answer"])
    assert c2["false_conflict_rate"] == 0.5 and c2["detection_rate"] is None


def test_grounding_and_hallucinated_precedents():
    results = [
        {
            "status": "answer",
            "citations": [
                {"kind": "section", "severity": "ok"},
                {"kind": "case", "severity": "ok", "text": "Real v. Case"},
            ],
        },
        {"status": "answer", "citations": [{"kind": "case", "severity": "error", "text": "Fake v. Case"}]},
        {"status": "abstain", "citations": [{"kind": "case", "severity": "error", "text": "Ignored v. X"}]},
    ]
    assert M.grounding_accuracy(results) == pytest.approx(2 / 3)
    h = M.hallucinated_precedent_rate(results, lambda c: c["text"] != "Fake v. Case")
    assert h["rate"] == 0.5 and h["cases_cited"] == 2 and h["examples"] == ["Fake v. Case"]
    assert M.hallucinated_precedent_rate([], lambda c: True)["rate"] == 0.0


def test_statute_freshness():
    items = [
        {"expect_code": "new", "status": "answer", "cited_acts": ["BNS"]},
        {"expect_code": "new", "status": "answer", "cited_acts": ["BNS", "IPC"]},
        {"expect_code": "new", "status": "abstain", "cited_acts": []},
        {"expect_code": "old", "status": "answer", "cited_acts": ["IPC", "BNS"]},
        {"expect_code": "old", "status": "answer", "cited_acts": ["BNS"]},
    ]
    f = M.statute_freshness(items)
    assert f["new"] == {"rate": 0.5, "n": 2, "good": 1}
    assert f["old"] == {"rate": 0.5, "n": 2, "good": 1}


def test_procedure_order_and_paths():
    assert M.procedure_order(["PROC:arrest:1", "PROC:arrest:4", "PROC:arrest:8"], "arrest") is True
    assert M.procedure_order(["PROC:arrest:4", "PROC:arrest:2"], "arrest") is False
    assert M.procedure_order(["PROC:arrest:4", "PROC:fir:1"], "arrest") is None
    nodes = {"A", "B", "C"}
    edges = {("A", "R", "B")}
    ok_node = nodes.__contains__
    ok_edge = lambda a, r, b: (a, r, b) in edges or (b, r, a) in edges  # noqa: E731
    assert M.path_valid([{"id": "A"}, {"rel": "R"}, {"id": "B"}], ok_edge, ok_node)
    assert M.path_valid([{"id": "B"}, {"rel": "R"}, {"id": "A"}], ok_edge, ok_node)
    assert not M.path_valid([{"id": "A"}, {"rel": "R"}, {"id": "C"}], ok_edge, ok_node)
    assert not M.path_valid([{"id": "Q"}], ok_edge, ok_node)
    assert M.path_valid([{"id": "C"}], ok_edge, ok_node)


def test_wer_cer_numbers():
    assert M.wer("what is section 103", "what is section 103") == 0.0
    # one substitution + one deletion over 4 reference words
    assert M.wer("what is section 103", "what was section") == 0.5
    assert M.cer("abcd", "abed") == 0.25
    assert M.wer("हत्या की सज़ा क्या है?", "हत्या की सजा क्या है") == pytest.approx(1 / 5)
    assert M.number_accuracy(["103", "21"], "section 103 and article 12") == 0.5
    assert M.number_accuracy([], "x") is None


def test_prf():
    r = M.prf(8, 2, 4)
    assert r["precision"] == 0.8 and r["recall"] == pytest.approx(8 / 12)
    assert r["f1"] == pytest.approx(2 * 0.8 * (8 / 12) / (0.8 + 8 / 12))
