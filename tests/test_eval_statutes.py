"""The direct-law evaluation set (issue 19): its integrity against the real graph, its shares and
splits, the scorer on hand-made answers and on a small real run beside the baselines."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from evaluation import metrics as M
from evaluation import score as S

DATA = Path(__file__).resolve().parents[1] / "evaluation" / "datasets" / "statutes.jsonl"
ROWS = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]
HELD = [r for r in ROWS if r["held"]]
NOT_HELD = [r for r in ROWS if not r["held"]]
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
ACTS = {"BNS", "BNSS", "BSA", "COI", "ITA", "MVA", "NIA", "PWDVA", "HMA", "HSA", "LSA", "MWPSC", "LIMITATION", "CPC"}
TYPES = {"which", "punishment", "is_offence", "what_says", "old_to_new", "rights", "mixed", "not_held"}


# ------------------------------------------------------------------ the data set
def test_sizes_splits_and_language_shares():
    assert len(HELD) >= 400 and len(NOT_HELD) >= 40
    assert len({r["id"] for r in ROWS}) == len(ROWS)
    assert len({r["question"] for r in ROWS}) == len(ROWS)
    split = Counter((r["held"], r["split"]) for r in ROWS)
    assert set(r["split"] for r in ROWS) == {"tune", "untouched"}
    assert split[(True, "untouched")] >= 100 and split[(False, "untouched")] >= 8, split
    langs = Counter(r["lang"] for r in ROWS)
    assert set(langs) == {"en", "hi", "hinglish"}
    assert (langs["hi"] + langs["hinglish"]) / len(ROWS) >= 0.35, langs
    assert langs["hi"] >= 100 and langs["hinglish"] >= 100, langs
    # every language and the not-held questions are in the untouched part too
    un = Counter(r["lang"] for r in HELD if r["split"] == "untouched")
    assert min(un.values()) >= 20, un


def test_rows_are_well_formed():
    for r in ROWS:
        assert r["type"] in TYPES and r["lang"] in ("en", "hi", "hinglish"), r["id"]
        if r["lang"] == "hi":
            assert DEVANAGARI.search(r["question"]), r["id"]
        else:
            assert not DEVANAGARI.search(r["question"]), r["id"]
        if r["held"]:
            assert 1 <= len(r["gold"]) <= 3 and r["act"] == r["gold"][0].split(":")[0], r["id"]
            assert r["type"] != "not_held"
        else:
            assert r["type"] == "not_held" and r["gold"] == [] and r["governing_act"] and r["act_names"], r["id"]


def test_the_set_spans_the_held_acts_and_the_question_types():
    assert {r["act"] for r in HELD} == ACTS
    per_act = Counter(r["act"] for r in HELD)
    assert min(per_act.values()) >= 10, per_act
    assert {r["type"] for r in ROWS} == TYPES
    assert sum(1 for r in HELD if not r["act_named"]) >= 200  # most name no Act, as people ask


def test_questions_quoted_in_the_issue_are_never_untouched():
    quoted = {"Can a person be tried twice for the same offence?", "दंगा करने की सज़ा किस धारा में है?"}
    assert all(r["split"] == "tune" for r in ROWS if r["question"] in quoted)


def test_every_gold_provision_exists_in_the_graph(graph):
    gold = sorted({g for r in HELD for g in r["gold"]})
    rows = graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id", {"ids": gold})
    missing = set(gold) - {x[0] for x in rows}
    assert not missing, sorted(missing)


def test_not_held_acts_are_not_in_the_graph(graph):
    from domain.acts import registry

    codes = {c for (c,) in graph.ro_query("MATCH (a:Act) RETURN a.code")}
    reg = registry()
    assert codes and codes <= set(reg)

    def fold(n):
        return re.sub(r"[^a-z]", "", re.sub(r",?\s*\d{4}$", "", n or "").lower())

    held = {fold(reg[c].name_en) for c in codes} | {fold(a) for c in codes for a in reg[c].aliases}
    for r in NOT_HELD:
        assert not ({fold(r["governing_act"]), fold(r["act_names"][1])} & held - {""}), r["governing_act"]


# ------------------------------------------------------------------ the scorer
def _cit(nid, status="verified"):
    return {"node_id": nid, "status": status, "text": nid}


Q = {"id": "T1", "split": "untouched", "lang": "en", "type": "which", "held": True, "act": "BNS", "question": "q"}
NH = {
    "id": "T2",
    "split": "tune",
    "lang": "hi",
    "type": "not_held",
    "held": False,
    "act": None,
    "gold": [],
    "act_names": ["POCSO", "लैंगिक अपराधों से बालकों का संरक्षण"],
    "question": "q",
}


@pytest.mark.parametrize(
    "gold,res,full,first,any_,at6",
    [
        # both gold verified, first law item gold
        (
            ["COI:20", "BNSS:337"],
            {
                "status": "answer",
                "citations": [_cit("COI:20"), _cit("BNSS:337")],
                "law": [{"node_id": "COI:20"}],
                "evidence": [{"id": "BNSS:337"}, {"id": "COI:20"}],
            },
            True,
            True,
            True,
            True,
        ),
        # one of two cited: no full hit; the first provision shown is the first verified citation
        (
            ["COI:20", "BNSS:337"],
            {"status": "answer", "citations": [_cit("BNSS:337"), _cit("BNS:103")], "evidence": [{"id": "COI:20"}]},
            False,
            True,
            True,
            False,
        ),
        # a fabricated citation does not count, a superseded one does; a case is never the first provision
        (
            ["BNS:303"],
            {
                "status": "answer",
                "citations": [_cit("CASE:x"), _cit("BNS:303", "unverified"), _cit("BNS:303", "superseded")],
                "law": [{"node_id": "CASE:x"}],
                "evidence": [{"id": f"BNS:{n}"} for n in (1, 2, 3, 4, 5, 6, 303)],
            },
            True,
            True,
            True,
            False,
        ),
        # an abstention hits nothing
        (
            ["BNS:191"],
            {"status": "abstain", "abstain_reason": "abstain.no_evidence", "citations": []},
            False,
            False,
            False,
            False,
        ),
    ],
)
def test_statute_row_table(gold, res, full, first, any_, at6):
    s = S.statute_row(dict(Q, gold=gold), res)
    assert (s["full_hit"], s["first_hit"], s["any_hit"], s["full_hit@6"]) == (full, first, any_, at6)


def test_not_held_routing_needs_abstention_no_citation_and_the_act_named():
    named = {"status": "abstain", "answer": "NyayaPath does not hold the text of the POCSO Act.", "citations": []}
    assert S.statute_row(NH, named)["not_held_routed"]
    # the Act named in Hindi counts, also once shown in Roman script
    from core.language.transliterate import to_roman

    hi = {"status": "abstain", "answer": "लैंगिक अपराधों से बालकों का संरक्षण अधिनियम का पाठ नहीं है", "citations": []}
    assert S.statute_row(NH, hi)["not_held_routed"]
    assert S.statute_row(NH, dict(hi, answer=to_roman(hi["answer"])))["not_held_routed"]
    assert not S.statute_row(NH, dict(named, answer="I could not find a law."))["not_held_routed"]
    assert not S.statute_row(NH, dict(named, citations=[_cit("BNS:74")]))["not_held_routed"]
    assert not S.statute_row(NH, dict(named, status="answer"))["not_held_routed"]
    oos = S.statute_row(NH, {"status": "abstain", "abstain_reason": "abstain.out_of_scope", "citations": []})
    assert oos["refused_out_of_scope"] and not oos["not_held_routed"]


def test_summary_counts_citations_of_answers_only_and_splits():
    rows = [
        S.statute_row(
            dict(Q, gold=["BNS:1"]), {"status": "answer", "citations": [_cit(f"BNS:{i}") for i in range(1, 8)]}
        ),
        S.statute_row(dict(Q, gold=["BNS:9"], split="tune", lang="hi"), {"status": "abstain", "citations": []}),
    ]
    out = S.statutes_summary(rows)
    assert out["all"]["citations"] == {"mean": 7.0, "max": 7, "over_6": 1, "answers": 1}
    assert out["untouched"]["full_hit"] == {"rate": 1.0, "hits": 1, "n": 1}
    assert out["tune"]["abstain_held"]["rate"] == 1.0
    assert out["all"]["by_lang"]["hi"]["full_hit"]["rate"] == 0.0
    assert out["all"]["by_act"]["BNS"]["full_hit"]["n"] == 2


def test_metrics_helpers():
    assert M.full_hit(["a", "b"], ["a"]) and not M.full_hit(["a"], ["a", "b"]) and M.full_hit([], []) is None
    assert M.names_any("the Right to Information Act, 2005", ["right to information act"])
    assert M.rate([True, None, False]) == {"rate": 0.5, "hits": 1, "n": 2}


# ------------------------------------------------------------------ a small real run
def test_a_real_run_beside_the_baselines(graph):
    from evaluation.report import statutes_markdown
    from evaluation.run import eval_statutes

    pick = [
        next(r for r in HELD if r["lang"] == lang and r["split"] == "untouched") for lang in ("en", "hi", "hinglish")
    ] + NOT_HELD[:1]
    out = eval_statutes(graph, pick, log=lambda *a: None)
    assert {"full", "bm25"} <= set(out["systems"]) and out["n"] == 4 and not out["errors"]
    for name, per in out["systems"].items():
        flags = [v[0] for v in out["per_question"][name].values() if v[0] is not None]
        assert per["all"]["full_hit"]["hits"] == sum(flags) and per["all"]["full_hit"]["n"] == 3
        assert per["untouched"]["n"] == sum(1 for r in pick if r["split"] == "untouched")
    md = "\n".join(statutes_markdown(out))
    assert "full hit@6" in md and "hinglish" in md and "untouched" in md
