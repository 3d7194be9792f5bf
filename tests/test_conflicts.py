"""core.conflicts (issue 23): live / settled / none, decided by bench strength, date, RESOLVED_BY, OVERRULES
and amendments. Table tests on the pure rule, then the same rule on the real graph, then what the person
sees on the three anticipatory-bail questions of the issue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.conflicts import LIVE, NONE, SETTLED, Authority, Link, decide, from_graph

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"

# (name, a, b, links, known, expected state, expected settler id or None, expected how)
SC5_1980 = Authority("A5", "Five 1980", "SC", 5, "1980-04-09")
SC2_1995 = Authority("B2", "Two 1995", "SC", 2, "1995-12-11")
SC2_1996 = Authority("C2", "Two 1996", "SC", 2, "1996-05-01")
SC3_2014 = Authority("D3", "Three 2014", "SC", 3, "2014-09-18")
SC3_2018 = Authority("E3", "Three 2018", "SC", 3, "2018-01-30")
SCX_2000 = Authority("F?", "Unknown 2000", "SC", None, "2000-01-01")
SCY_2001 = Authority("G?", "Unknown 2001", "SC", None, "2001-01-01")
HC3_2019 = Authority("H3", "High Court 2019", "HC", 3, "2019-01-01")
CB5_2020 = Authority("Z5", "Constitution Bench 2020", "SC", 5, "2020-01-29")
SC3_2020 = Authority("Z3", "Three 2020", "SC", 3, "2020-07-14")
SC2_2021 = Authority("Y2", "Two 2021", "SC", 2, "2021-01-01")
SC5_1990 = Authority("X5", "Five 1990", "SC", 5, "1990-01-01")
ACT_2015 = Authority("AMEND-2015", "Amendment Act 2015", None, None, "2015-06-15", kind="amendment")
ACT_1990 = Authority("AMEND-1990", "Amendment Act 1990", None, None, "1990-06-15", kind="amendment")


def cw(a, b, issue="the point"):
    return Link("CONFLICTS_WITH", a.id, b.id, issue)


CASES = [
    ("no disagreement edge", SC3_2014, SC3_2018, [], {}, NONE, None, ""),
    ("only a CITES-like edge is no disagreement", SC3_2014, SC3_2018, [Link("CITES", "E3", "D3")], {}, NONE, None, ""),
    ("co-equal benches, nothing above: live", SC3_2014, SC3_2018, [cw(SC3_2018, SC3_2014)], {}, LIVE, None, ""),
    ("two unknown benches, nothing above: live", SCX_2000, SCY_2001, [cw(SCY_2001, SCX_2000)], {}, LIVE, None, ""),
    (
        "larger bench binds a smaller departing one",
        SC2_1995,
        SC5_1980,
        [cw(SC2_1995, SC5_1980)],
        {},
        SETTLED,
        "A5",
        "larger_bench",
    ),
    (
        "higher court binds a High Court",
        HC3_2019,
        SC2_1995,
        [cw(HC3_2019, SC2_1995)],
        {},
        SETTLED,
        "B2",
        "larger_bench",
    ),
    (
        "RESOLVED_BY a later Constitution Bench",
        SC2_1995,
        SC5_1980,
        [cw(SC2_1995, SC5_1980), Link("RESOLVED_BY", "B2", "Z5")],
        {"Z5": CB5_2020},
        SETTLED,
        "Z5",
        "resolved_by",
    ),
    (
        "a third judgment OVERRULES a side",
        SC3_2014,
        SC3_2018,
        [cw(SC3_2018, SC3_2014), Link("OVERRULES", "Z3", "E3")],
        {"Z3": SC3_2020},
        SETTLED,
        "Z3",
        "overruled",
    ),
    (
        "one side OVERRULES the other",
        SC3_2014,
        SC3_2018,
        [cw(SC3_2018, SC3_2014), Link("OVERRULES", "E3", "D3")],
        {},
        SETTLED,
        "E3",
        "overruled",
    ),
    (
        "an overruling alone is a disagreement the overruling bench settled",
        SC2_1995,
        SC3_2014,
        [Link("OVERRULES", "D3", "B2", "the point")],
        {},
        SETTLED,
        "D3",
        "overruled",
    ),
    (
        "a later co-equal bench that settles it counts",
        SC3_2014,
        SC3_2018,
        [cw(SC3_2018, SC3_2014), Link("RESOLVED_BY", "D3", "Z3")],
        {"Z3": SC3_2020},
        SETTLED,
        "Z3",
        "resolved_by",
    ),
    (
        "a smaller later bench cannot settle a 3-judge disagreement",
        SC3_2014,
        SC3_2018,
        [cw(SC3_2018, SC3_2014), Link("RESOLVED_BY", "D3", "Y2")],
        {"Y2": SC2_2021},
        LIVE,
        None,
        "",
    ),
    (
        "an earlier judgment cannot settle a later disagreement",
        SC3_2014,
        SC3_2018,
        [cw(SC3_2018, SC3_2014), Link("RESOLVED_BY", "D3", "X5")],
        {"X5": SC5_1990},
        LIVE,
        None,
        "",
    ),
    (
        "a High Court cannot settle a Supreme Court disagreement",
        SC2_1995,
        SC2_1996,
        [cw(SC2_1996, SC2_1995), Link("RESOLVED_BY", "B2", "H3")],
        {"H3": HC3_2019},
        LIVE,
        None,
        "",
    ),
    (
        "an amendment after both judgments settles it",
        SC2_1995,
        SC2_1996,
        [cw(SC2_1996, SC2_1995), Link("AMENDED_BY", "C2", "AMEND-2015")],
        {"AMEND-2015": ACT_2015},
        SETTLED,
        "AMEND-2015",
        "amendment",
    ),
    (
        "an amendment before the judgments does not",
        SC2_1995,
        SC2_1996,
        [cw(SC2_1996, SC2_1995), Link("AMENDED_BY", "C2", "AMEND-1990")],
        {"AMEND-1990": ACT_1990},
        LIVE,
        None,
        "",
    ),
    (
        "an explicit resolver wins over the larger-bench rule",
        SC2_1995,
        SC5_1980,
        [cw(SC2_1995, SC5_1980), Link("OVERRULES", "Z5", "B2")],
        {"Z5": CB5_2020},
        SETTLED,
        "Z5",
        "overruled",
    ),
    (
        "resolver with unknown bench and date is trusted (a curated, sourced edge)",
        SCX_2000,
        SCY_2001,
        [cw(SCY_2001, SCX_2000), Link("RESOLVED_BY", "F?", "Q")],
        {},
        SETTLED,
        "Q",
        "resolved_by",
    ),
]


@pytest.mark.parametrize("name,a,b,links,known,state,by,how", CASES, ids=[c[0] for c in CASES])
def test_decide_table(name, a, b, links, known, state, by, how):
    d = decide(a, b, links, known)
    assert d.state == state, (name, d.reasons)
    assert (d.settled_by.id if d.settled_by else None) == by
    assert d.how == how
    if state == LIVE:
        assert d.reasons  # says why nothing settles it


def test_decide_is_symmetric():
    for name, a, b, links, known, state, by, _ in CASES:
        d = decide(b, a, links, known)
        assert d.state == state, name
        assert (d.settled_by.id if d.settled_by else None) == by, name


# ------------------------------------------------------------------ the real graph
def _gid(graph, pack_id: str) -> str:
    rows = graph.ro_query("MATCH (c:Case) WHERE c.id = $a OR $a IN c.aliases RETURN c.id", {"a": pack_id})
    assert rows, pack_id
    return rows[0][0]


def _doctrine():
    return json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["edges"]


def test_every_disagreement_in_the_graph_is_decided_as_its_sources_say(graph):
    """Every CONFLICTS_WITH edge of doctrine.json: settled exactly when the pack records a RESOLVED_BY or
    OVERRULES for a side, or a larger bench on one side (bench strengths from cases.json)."""
    edges = _doctrine()
    resolved = {e["from"] for e in edges if e["rel"] == "RESOLVED_BY"} | {
        e["to"] for e in edges if e["rel"] == "OVERRULES"
    }
    conflicts = [e for e in edges if e["rel"] == "CONFLICTS_WITH"]
    assert conflicts
    for e in conflicts:
        d = from_graph(graph, _gid(graph, e["from"]), _gid(graph, e["to"]))
        expect = SETTLED if {e["from"], e["to"]} & resolved else LIVE
        assert d.state == expect, (e["from"], e["to"], d.reasons)
        if d.state == SETTLED:
            assert d.settled_by is not None and d.settled_by.bench, e  # the notice can name the bench


@pytest.mark.parametrize(
    "a,b,settler,year,bench",
    [
        ("CASE:salauddin-abdulsamad-shaikh-1995", "CASE:gurbaksh-singh-sibbia-1980", "Sushila Aggarwal", 2020, 5),
        ("CASE:siddharam-mhetre-2010", "CASE:salauddin-abdulsamad-shaikh-1995", "Sushila Aggarwal", 2020, 5),
        ("CASE:shafhi-mohammad-2018", "CASE:anvar-pv-2014", "Arjun Panditrao Khotkar", 2020, 3),
        ("CASE:tomaso-bruno-2015", "CASE:anvar-pv-2014", "Arjun Panditrao Khotkar", 2020, 3),
    ],
)
def test_settled_disputes_of_the_issue(graph, a, b, settler, year, bench):
    d = from_graph(graph, _gid(graph, a), _gid(graph, b))
    assert d.state == SETTLED
    assert settler in d.settled_by.name
    assert (d.settled_by.year, d.settled_by.bench) == (year, bench)
    # the bench the notice states is the one the pack's source records
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    pack = next(c for c in cases.values() if settler in c["name"])
    assert pack["bench_strength"] == bench and pack["year"] == year


def test_two_cases_without_an_edge_are_none(graph):
    d = from_graph(graph, _gid(graph, "CASE:maneka-gandhi-1978"), _gid(graph, "CASE:anvar-pv-2014"))
    assert d.state == NONE


# ------------------------------------------------------------------ what the person sees
ISSUE_QUESTIONS = [
    "Can I get anticipatory bail before I am arrested?",
    "Can anticipatory bail be granted without a time limit?",
    "अग्रिम जमानत के लिए कौन सी धारा है?",
]


@pytest.fixture(scope="module")
def pipe(graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph)


@pytest.mark.parametrize("q", ISSUE_QUESTIONS)
def test_settled_anticipatory_bail_is_an_answer_citing_sushila_and_bnss_482(pipe, graph, q):
    from core.verify import path_exists

    r = pipe.ask(q)
    assert r.status == "answer", (r.status, r.notices)
    assert r.conflict is None
    ids = {c.node_id for c in r.citations}
    assert "BNSS:482" in ids
    sushila = _gid(graph, "CASE:sushila-aggarwal-2020")
    assert sushila in ids
    assert not any(c.status == "conflict" for c in r.citations)
    settled = [n for n in r.notices if "Sushila Aggarwal" in n and ("2020" in n)]
    assert settled, r.notices
    assert r.summary and r.steps
    # both earlier cases are in the chain, by real edges to the settling judgment
    chained = {n["id"] for p in r.citation_chain for n in p[0::2]}
    assert sushila in chained and len(chained & {_gid(graph, "CASE:salauddin-abdulsamad-shaikh-1995")}) == 1
    assert all(path_exists(graph, p) for p in r.citation_chain)


# No disagreement the graph holds is live today (the corpus records none that nothing resolves), so the live
# answer is exercised on the graph as the law stood between Koli Chunilal Savji and Paparambaka Rosamma (two
# three-judge benches, 1999; corpus gm862001_converted/valid.json, Pradeep Bisoi paras 13-15) and Laxman (2002):
# the rule reads the graph's links without the Laxman ones.
LIVE_BEFORE_LAXMAN = [
    "Can a dying declaration be accepted when the doctor did not certify that the declarant was in a fit state of mind?",
    "kya doctor ke certificate ke bina dying declaration par court bharosa karegi?",
]


@pytest.mark.parametrize("q", LIVE_BEFORE_LAXMAN)
def test_a_live_disagreement_is_a_conflict_answer_with_both_sides_a_short_answer_and_steps(pipe, graph, monkeypatch, q):
    import core.conflicts as C

    laxman = _gid(graph, "CASE:laxman-2002")
    koli, rosamma = _gid(graph, "CASE:koli-chunilal-savji-1999"), _gid(graph, "CASE:paparambaka-rosamma-1999")
    real = C.decide
    monkeypatch.setattr(
        C,
        "decide",
        lambda a, b, links, known=None: real(a, b, [x for x in links if laxman not in (x.src, x.dst)], known),
    )
    assert C.from_graph(graph, koli, rosamma).state == LIVE
    r = pipe.ask(q)
    assert r.status == "conflict", (r.status, r.notices)
    assert r.summary and r.steps  # a conflict answer still says what the law says and what to do
    paths = r.to_json()["conflict"]["supporting_paths"]
    assert len(paths) == 2 and {p[0]["id"] for p in paths} == {koli, rosamma}  # both sides, each with its path
    told = " ".join(r.notices)
    assert "Koli Chunilal Savji" in told and "Paparambaka Rosamma" in told
    assert laxman not in {c.node_id for c in r.citations}


SETTLED_ELSEWHERE = [
    # (question, pack id of the settling judgment, a provision the answer must cite beside it)
    (
        "Our family land came from my grandfather. As a daughter, is my share the same as my brother's?",
        "CASE:vineeta-sharma-2020",
        "HSA:6",
    ),
    ("दादा की पुश्तैनी ज़मीन में क्या बेटी को बेटे जितना बराबर हिस्सा मिलता है?", "CASE:vineeta-sharma-2020", "HSA:6"),
    (
        "The house belongs to my husband's mother. Can I still claim a right of residence there under the DV Act?",
        "CASE:satish-chander-ahuja-2020",
        "PWDVA:17",
    ),
]


@pytest.mark.parametrize("q,settler,provision", SETTLED_ELSEWHERE)
def test_a_settled_point_of_another_act_is_answered_with_its_settling_judgment(pipe, graph, q, settler, provision):
    """Vineeta Sharma settled the daughter's coparcenary right (HSA s.6) and Satish Chander Ahuja the
    shared household (DV Act s.2(s), s.17). The coparcenary section, listed last of seven for the
    succession problem, used to fall to the six-citation cap, and the DV case interpreted no provision
    in the pack, so neither settled point was reported."""
    r = pipe.ask(q)
    assert r.status == "answer" and r.conflict is None, (r.status, r.notices)
    ids = {c.node_id for c in r.citations}
    assert provision in ids and _gid(graph, settler) in ids, ids
    assert len(ids) <= 6
    assert any(
        graph_name in n
        for n in r.notices
        for graph_name in [
            pipe.graph.ro_query("MATCH (c:Case {id: $id}) RETURN c.name", {"id": _gid(graph, settler)})[0][0]
        ]
    ), r.notices


@pytest.mark.parametrize(
    "q",
    ["मेरे पति को कल रात पुलिस ले गई, उन्हें जमानत पर कैसे छुड़ाएँ?", "My son is in jail since last week, how do we get him bail?"],
)
def test_a_regular_bail_question_is_not_told_about_anticipatory_bail(pipe, graph, q):
    """A person already arrested is not asking about anticipatory bail: the Sushila Aggarwal line
    (settled on anticipatory bail) is beside the point. A Hindi question met it through the glossary's
    expansion of "जमानत" into every kind of bail."""
    r = pipe.ask(q)
    assert r.status == "answer"
    assert _gid(graph, "CASE:sushila-aggarwal-2020") not in {c.node_id for c in r.citations}
    assert not any("Sushila" in n for n in r.notices) and "Sushila" not in (r.summary or "")


# ------------------------------------------------------------------ the labelled set
def test_conflicts_set_is_labelled_from_the_pack_and_keeps_an_untouched_part():
    from evaluation import DATASETS

    rows = [json.loads(x) for x in (DATASETS / "conflicts.jsonl").read_text(encoding="utf-8").splitlines() if x]
    assert len(rows) >= 60 and len({r["id"] for r in rows}) == len(rows)
    assert {r["lang"] for r in rows} == {"en", "hi", "hinglish"}
    assert {r["split"] for r in rows} == {"tune", "untouched"}
    pack = {c["id"] for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    edges = _doctrine()
    settles = {(e["from"], e["to"]) for e in edges if e["rel"] == "OVERRULES"} | {
        (e["to"], e["from"]) for e in edges if e["rel"] == "RESOLVED_BY"
    }
    for r in rows:
        assert r["expected"] in (LIVE, SETTLED, NONE) and r["source"], r["id"]
        if r["expected"] == SETTLED:
            assert r["settled_by"] in pack and r["sides"], r["id"]
            # the label rests on an edge of doctrine.json from the settling judgment to a side
            assert any((r["settled_by"], s) in settles for s in r["sides"]), r["id"]


def test_the_second_untouched_part_is_reported_on_its_own():
    """fresh21 and fresh22 (144 rows written blind, declared untouched before their first run) are untouched and
    reported apart from the first 60 untouched rows as well as with them; tune rows are in neither part."""
    from evaluation import DATASETS
    from evaluation import score as S

    rows = [json.loads(x) for x in (DATASETS / "conflicts.jsonl").read_text(encoding="utf-8").splitlines() if x]
    held2 = [r for r in rows if r.get("batch") in S.HELD2]
    assert len(held2) == 144 and {r["split"] for r in held2} == {"untouched"}
    assert {r["lang"] for r in held2} == {"en", "hi", "hinglish"}
    first = [r for r in rows if r["split"] == "untouched" and r.get("batch") not in S.HELD2]
    assert len(first) == 60 and "CF003" in {r["id"] for r in first}
    assert {S._part(r) for r in held2} == {"held2"} and {S._part(r) for r in first} == {"first"}
    assert S._part(next(r for r in rows if r["id"] == "CF001")) == ""
    scored = [
        {
            "id": "a",
            "lang": "en",
            "split": "untouched",
            "part": "held2",
            "expected": SETTLED,
            "shown": SETTLED,
            "status": "answer",
            "settled_ok": True,
            "live_ok": False,
        },
        {
            "id": "b",
            "lang": "hi",
            "split": "untouched",
            "part": "first",
            "expected": NONE,
            "shown": NONE,
            "status": "abstain",
            "settled_ok": False,
            "live_ok": False,
        },
        {
            "id": "c",
            "lang": "hi",
            "split": "tune",
            "part": "",
            "expected": SETTLED,
            "shown": NONE,
            "status": "answer",
            "settled_ok": False,
            "live_ok": False,
        },
    ]
    sm = S.conflicts_summary(scored)
    assert sm["untouched"]["n"] == 2 and sm["untouched:held2"]["n"] == 1 and sm["untouched:first"]["n"] == 1
    assert sm["untouched:held2"]["settled_answered_citing_settler"] == {"n": 1, "ok": 1, "rate": 1.0}
    assert [m["id"] for m in sm["misses"]] == ["c"]


def test_eval_conflicts_scores_states_on_real_answers(graph):
    """nyayapath eval --set conflicts on a slice (two settled rows of the issue, two with no dispute): the
    settled ones are shown settled and answered citing Sushila Aggarwal, the others are not conflicts."""
    from evaluation import DATASETS
    from evaluation import score as S
    from evaluation.run import eval_conflicts

    rows = [json.loads(x) for x in (DATASETS / "conflicts.jsonl").read_text(encoding="utf-8").splitlines() if x]
    pick = [r for r in rows if r["id"] in ("CF001", "CF002")] + [r for r in rows if r["expected"] == NONE][:2]
    out = eval_conflicts(graph, pick, quick=True, log=lambda *a: None, false_sets=(("everyday", 40),))
    sm = out["summary"]["all"]
    assert sm["n"] == 4
    assert sm["settled_answered_citing_settler"] == {"n": 2, "ok": 2, "rate": 1.0}
    assert sm["states"][SETTLED]["recall"] == 1.0
    assert sm["states"][LIVE]["n_shown"] == 0
    f = out["false_conflict"]["everyday"]
    assert f["n"] >= 2 and f["false_conflicts"] == 0, f["ids"]
    assert S.conflict_state({"status": "conflict"}) == LIVE
    assert (
        S.conflict_state({"status": "answer", "notices": ["Earlier judgments differed (A; B); settled by C."]})
        == SETTLED
    )
    assert S.conflict_state({"status": "abstain", "notices": []}) == NONE


def test_a_side_is_named_with_its_court_bench_and_year(graph):
    from core.conflicts import authority, side_words, when

    sibbia = authority(graph, _gid(graph, "CASE:gurbaksh-singh-sibbia-1980"))
    assert side_words(sibbia, "en") == "Gurbaksh Singh Sibbia v. State of Punjab: Supreme Court, 5-judge bench, 1980"
    assert "सुप्रीम कोर्ट" in side_words(sibbia, "hi") and "5 न्यायाधीशों की पीठ" in side_words(sibbia, "hi")
    sushila = authority(graph, _gid(graph, "CASE:sushila-aggarwal-2020"))
    assert when(sushila, "en") == "2020, 5-judge bench"
    salauddin = authority(graph, _gid(graph, "CASE:salauddin-abdulsamad-shaikh-1995"))
    assert salauddin.bench is None and "bench size not recorded" in side_words(salauddin, "en")  # never guessed


def test_a_settled_point_is_reported_only_to_the_question_on_that_point(pipe):
    """s.138 NI Act carries four settled points (jurisdiction, the s.139 presumption, a second
    dishonour, s.258 CrPC). The heading's own words ("dishonour of cheque") name the provision, not
    a point: asking by when to file the case is not the second-dishonour question."""
    r = pipe.ask("cheque bounce hua hai, court mein case kab tak daalna padta hai")
    assert r.status == "answer" and not any("MSR Leathers" in n for n in r.notices), r.notices
    r = pipe.ask("The cheque bounced twice. If I let the first notice lapse, can I prosecute on the second notice?")
    assert r.status == "answer" and any("MSR Leathers" in n for n in r.notices), r.notices


def test_a_settled_point_that_names_its_provision_stays_with_that_provision(pipe, graph):
    """Joseph Shine (adultery, s.497 IPC) also read s.198 CrPC, now BNSS 219 (who may complain of an
    offence against marriage). A bigamy answer cites BNSS 219; adultery is not its point."""
    r = pipe.ask("My husband secretly married another woman while we are still married. What can I do?")
    assert r.status == "answer"
    assert not any("Earlier judgments differed" in n and "Joseph Shine" in n for n in r.notices), r.notices
    # s.198 CrPC was struck down only as it applies to adultery: never "It cannot be enforced"
    struck = [n for n in r.notices if "Section 198 CrPC" in n and "struck down" in n]
    assert all("only in part" in n and "cannot be enforced" not in n for n in struck), struck


# ------------------------------------------------------------------ a settled point asked in its own words
def test_settled_points_are_read_from_the_graph_with_their_recorded_points(graph):
    """Every judgment that OVERRULES another or that a RESOLVED_BY edge points to is a settled point the
    probe can name, with the point its edges record and the settling judgment's holding."""
    from core.conflicts import settled_points

    got = {p.settler: p for p in settled_points(graph)}
    prr = got[_gid(graph, "CASE:p-ramachandra-rao-2002")]
    assert "outer time limit" in prr.point.lower() and "Raj Deo Sharma" in prr.holding
    sushila = got[_gid(graph, "CASE:sushila-aggarwal-2020")]
    assert "charge-sheet" in sushila.point
    # the words of the headings of what it interprets name the Act, not the point
    assert {"bail", "anticipatory"} & set(sushila.heads)


class _FakeEmbed:
    """Vectors by keyword: the probe's meaning test without the model."""

    def __init__(self, key: str):
        self.key = key

    def _v(self, text):
        import numpy as np

        return np.array([1.0, 0.0] if self.key in text.lower() else [0.0, 1.0], dtype="float32")

    def embed_query(self, text):
        import numpy as np

        return np.array([1.0, 0.0], dtype="float32")

    def embed_passages(self, texts):
        import numpy as np

        return np.stack([self._v(t) for t in texts])


@pytest.mark.parametrize(
    "q,settler",
    [
        ("Is there an outer time limit after which a criminal case must be dropped?", "CASE:p-ramachandra-rao-2002"),
        ("Will my anticipatory bail end when the charge sheet is filed?", "CASE:sushila-aggarwal-2020"),
        # the Act's own words are not the point: a DV complaint question is not the shared-household one
        ("My husband hits me. Where can I file a complaint under the domestic violence law?", None),
        ("What is the time limit to file a cheque bounce complaint?", None),
    ],
)
def test_point_asked_needs_the_words_of_the_recorded_point(graph, q, settler):
    from core.assemble import question_stems
    from core.conflicts import point_asked

    key = {"CASE:p-ramachandra-rao-2002": "outer", "CASE:sushila-aggarwal-2020": "charge-sheet"}.get(settler, "@@")
    got = point_asked(graph, q, question_stems(q), embed=_FakeEmbed(key))
    assert (got.settler if got else None) == (_gid(graph, settler) if settler else None)


def test_point_asked_needs_the_meaning_to_agree(graph):
    """The words alone do not name a settling judgment: its point must also be the nearest in meaning."""
    from core.assemble import question_stems
    from core.conflicts import point_asked

    q = "Is there an outer time limit after which a criminal case must be dropped?"
    assert point_asked(graph, q, question_stems(q), embed=_FakeEmbed("anticipatory")) is None


def test_a_trial_delay_question_met_by_the_limitation_act_is_told_the_settled_rule(pipe, graph):
    """Retrieval meets "outer time limit" with the Limitation Act; the point asked is P. Ramachandra
    Rao's (7 judges, 2002: no fixed outer limit ends a criminal trial; Raj Deo Sharma overruled)."""
    r = pipe.ask("Is there a fixed time limit for finishing a criminal trial?")
    assert r.status == "answer", (r.status, r.notices)
    prr = _gid(graph, "CASE:p-ramachandra-rao-2002")
    assert prr in {c.node_id for c in r.citations}
    assert any("Earlier judgments differed" in n and "P. Ramachandra Rao" in n and "7-judge" in n for n in r.notices)


def test_the_speedy_trial_dispute_is_between_raj_deo_sharma_and_antulay_settled_by_ramachandra_rao(graph, corpus_dir):
    """doctrine.json: Raj Deo Sharma (1998) fixed outer time limits for criminal trials, departing from
    the Constitution Bench in A.R. Antulay (five judges, 1991), which refused to fix any; the seven judges
    of P. Ramachandra Rao (2002) settled it, Antulay followed. The three judgments, their dates and
    neutral citations are in the corpus index; the settled notice names both earlier judgments, not the
    settling one as a side."""
    import csv

    rows = {r["neutral_citation"]: r for r in csv.DictReader((corpus_dir / "cases/sc_index_1990_2025.csv").open())}
    for insc, words, day in [
        ("1991 INSC 329", "ANTULAY", "10-12-1991"),
        ("1998 INSC 384", "RAJ DEO SHARMA", "08-10-1998"),
        ("2002 INSC 203", "RAMA CHANDRA RAO", "16-04-2002"),
    ]:
        assert words in rows[insc]["title"] and rows[insc]["date"] == day, insc
    edge = next(e for e in _doctrine() if e["rel"] == "CONFLICTS_WITH" and e["from"] == "CASE:raj-deo-sharma-1998")
    assert edge["to"] == "CASE:ar-antulay-1991" and "P. Ramachandra Rao" in edge["source"]
    d = from_graph(graph, _gid(graph, "CASE:raj-deo-sharma-1998"), _gid(graph, "CASE:ar-antulay-1991"))
    assert d.state == SETTLED and d.how in ("resolved_by", "overruled")
    assert d.settled_by.id == _gid(graph, "CASE:p-ramachandra-rao-2002") and d.settled_by.bench == 7


# ------------------------------------------------------------------ settled points in three languages
def _settled_points_pack():
    return json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["settled_points"]


def test_each_last_word_on_a_settled_dispute_has_reviewed_hindi_and_roman_renderings_of_its_issue():
    """doctrine.json settled_points: every judgment that settled a recorded dispute (OVERRULES from it,
    RESOLVED_BY to it) and is still the last word (neither overruled since nor itself RESOLVED_BY a later
    one) has its issue in Devanagari and in Roman-script Hindi, with the judgment it comes from."""
    import re

    edges = _doctrine()
    settlers = {e["from"] for e in edges if e["rel"] == "OVERRULES"} | {
        e["to"] for e in edges if e["rel"] == "RESOLVED_BY"
    }
    superseded = {e["to"] for e in edges if e["rel"] == "OVERRULES"} | {
        e["from"] for e in edges if e["rel"] == "RESOLVED_BY"
    }
    points = _settled_points_pack()
    assert [p["settler"] for p in points] == list(dict.fromkeys(p["settler"] for p in points))
    assert {p["settler"] for p in points} == settlers - superseded
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    for p in points:
        name = cases[p["settler"]]["name"]
        first = [w for w in name.split(" v. ")[0].replace(":", " ").split() if len(w) >= 4 and w[0].isupper()]
        assert any(w in p["source"] for w in first), (p["settler"], p["source"])  # the judgment it comes from
        assert p["issue_hi"] and p["issue_rom"], p["settler"]
        for hi in p["issue_hi"]:
            letters = [c for c in hi if c.isalpha()]
            deva = sum("\u0900" <= c <= "\u097f" for c in letters)
            assert deva / len(letters) > 0.85, hi  # Devanagari, a section number ("65B") aside
        for rom in p["issue_rom"]:
            assert rom.isascii() and re.search(r"\b(kya|ka|ki|ke|mein)\b", rom), rom


def test_the_loader_writes_the_renderings_onto_the_settling_case(graph):
    for p in _settled_points_pack():
        rows = graph.ro_query(
            "MATCH (c:Case {id: $id}) RETURN c.settled_issue_hi, c.settled_issue_rom, c.settled_issue_source",
            {"id": _gid(graph, p["settler"])},
        )
        assert rows and rows[0] == [p["issue_hi"], p["issue_rom"], p["source"]], p["settler"]


def test_a_superseded_settler_leaves_the_point_to_the_later_judgment(graph):
    """Suresh Kumar Koushal (overruled by Navtej Singh Johar) and Anvar P.V. (restated by Arjun Panditrao
    Khotkar) settle nothing today: the probe names the later judgment."""
    from core.conflicts import settled_points

    got = {p.settler for p in settled_points(graph)}
    assert _gid(graph, "CASE:suresh-kumar-koushal-2013") not in got
    assert _gid(graph, "CASE:anvar-pv-2014") not in got
    assert {_gid(graph, "CASE:navtej-singh-johar-2018"), _gid(graph, "CASE:arjun-panditrao-khotkar-2020")} <= got


def test_hindi_and_roman_words_are_read_in_one_spelling_and_act_words_do_not_count(graph):
    from core.conflicts import _is_head, _script_words, settled_points
    from core.script_words import hi_key as _hi_key
    from core.script_words import rom_key as _rom_key

    assert _rom_key("zamaanat") == _rom_key("jamanat") and _rom_key("chargesheet") == _rom_key("chargeshit")
    assert _hi_key("ज़मानत") == "जमानत" and _hi_key("महीनों") == "महीन"
    satish = next(p for p in settled_points(graph) if p.settler == _gid(graph, "CASE:satish-chander-ahuja-2020"))
    assert _is_head("घर", satish)  # "shared household": the heading of s.17, not the point
    # the Act's own name ("घरेलू हिंसा") is not the point either
    assert not _script_words(satish, "घरेलू हिंसा से सुरक्षा का आदेश", "", "hi")
    assert {"सास", "बहू"} <= _script_words(satish, "सास के मकान में बहू रह सकती है?", "", "hi")


def test_a_hindi_word_meets_the_lay_word_of_the_roman_rendering_once(graph):
    """The Roman renderings give the lay words beside the formal ones ("apradh (jurm, crime)"): a Devanagari
    question that says "जुर्म" where the Hindi rendering says "अपराध" meets the point through its Roman
    spelling, each of its words counted once; function words and numbers never count."""
    from core.conflicts import _script_words, settled_points
    from core.script_words import hi_words, rom_key, rom_words, roman_key

    assert roman_key("जुर्म") == rom_key("jurm") and roman_key("संविधान") == rom_key("samvidhan")
    assert not hi_words("क्या दो इसके किसी आता") and not rom_words("kya do iske kisi aata")
    points = {p.settler: p for p in settled_points(graph)}
    navtej = points[_gid(graph, "CASE:navtej-singh-johar-2018")]
    assert not {"बालिग", "जुर्म"} & hi_words(" ".join(navtej.issue_hi[:1]))  # the formal rendering says neither
    assert {"बालिग", "जुर्म"} <= _script_words(navtej, "क्या बालिग औरतों का आपसी संबंध जुर्म है?", "", "hi")
    joseph = points[_gid(graph, "CASE:joseph-shine-2018")]
    # "व्यभिचार" is in both renderings of the point, Hindi and Roman: one word of the question, counted once
    assert _script_words(joseph, "व्यभिचार", "", "hi") == {"व्यभिचार"}


# (pack id of the settling judgment, a question of ours in English, Hindi or Roman-script Hindi)
SETTLED_THREE_LANGUAGES = [
    ("CASE:sushila-aggarwal-2020", "Can anticipatory bail be cut off when the charge-sheet comes?"),
    ("CASE:sushila-aggarwal-2020", "क्या अग्रिम जमानत कुछ महीनों के लिए ही मिलती है?"),
    ("CASE:sushila-aggarwal-2020", "क्या आरोप पत्र आने के बाद अग्रिम जमानत रद्द मानी जाएगी?"),
    (
        "CASE:arjun-panditrao-khotkar-2020",
        "Can a pen drive copy of a video be proved in court without a Section 65B certificate?",
    ),
    ("CASE:arjun-panditrao-khotkar-2020", "क्या फोन की कॉल रिकॉर्डिंग बिना प्रमाणपत्र के अदालत में सबूत बन सकती है?"),
    ("CASE:arjun-panditrao-khotkar-2020", "bina 65B certificate ke CCTV video court mein manega kya?"),
    ("CASE:arjun-panditrao-khotkar-2020", "pen drive ki video copy ke sath certificate dena zaroori hai kya?"),
    (
        "CASE:vineeta-sharma-2020",
        "My father passed away in 1998; as a daughter am I a coparcener in our joint family property?",
    ),
    ("CASE:vineeta-sharma-2020", "क्या बेटी भी बेटे की तरह जन्म से पुश्तैनी संपत्ति की हिस्सेदार होती है?"),
    ("CASE:vineeta-sharma-2020", "papa 2003 mein guzar gaye, kya meri behen ko pushtaini zameen mein hissa milega?"),
    ("CASE:vineeta-sharma-2020", "kya beti ko bhi bete ki tarah janm se coparcenary hak milta hai?"),
    ("CASE:p-ramachandra-rao-2002", "मेरा केस 10 साल से चल रहा है, क्या इतनी देरी पर मुकदमा अपने आप खत्म हो जाएगा?"),
    ("CASE:p-ramachandra-rao-2002", "क्या आपराधिक मुकदमे के लिए कोई अधिकतम समय सीमा तय है?"),
    ("CASE:p-ramachandra-rao-2002", "case 8 saal se chal raha hai, kya time limit ke baad trial band ho jata hai?"),
    ("CASE:p-ramachandra-rao-2002", "criminal trial khatam karne ki koi maximum samay seema hai kya?"),
    ("CASE:satish-chander-ahuja-2020", "क्या सास के नाम वाले मकान से बहू को घरेलू हिंसा कानून में निकाला जा सकता है?"),
    ("CASE:satish-chander-ahuja-2020", "ससुर के मकान में पति का हिस्सा नहीं है, क्या मैं वहाँ रहने का हक मांग सकती हूँ?"),
    ("CASE:satish-chander-ahuja-2020", "sasur ka ghar hai pati ka nahi, kya bahu wahan rehne ka haq maang sakti hai?"),
    ("CASE:puttaswamy-2017", "Is privacy a fundamental right in India?"),
    ("CASE:puttaswamy-2017", "क्या निजता का अधिकार मौलिक अधिकार है?"),
    ("CASE:navtej-singh-johar-2018", "क्या भारत में समलैंगिक संबंध अपराध है?"),
    ("CASE:kesavananda-bharati-1973", "Can Parliament amend the basic structure of the Constitution?"),
    ("CASE:kesavananda-bharati-1973", "क्या संसद संविधान का मूल ढांचा बदल सकती है?"),
    ("CASE:gian-kaur-1996", "Does Article 21 include a right to die?"),
    ("CASE:gian-kaur-1996", "क्या मरने का अधिकार भी जीवन के अधिकार में आता है?"),
    ("CASE:dashrath-rupsingh-rathod-2014", "cheque bounce ka case kis shehar ki court mein file karein?"),
    (
        "CASE:msr-leathers-2012",
        "My cheque bounced a second time after I did not act on the first notice; can I prosecute on the second notice?",
    ),
    ("CASE:msr-leathers-2012", "चेक दोबारा बाउंस हुआ, क्या दूसरे नोटिस पर केस कर सकते हैं?"),
    ("CASE:msr-leathers-2012", "cheque doosri baar bounce hua, kya doosre notice par case ho sakta hai?"),
    ("CASE:rangappa-2010", "In a cheque bounce case, does the court presume there was a legally enforceable debt?"),
    ("CASE:puttaswamy-2017", "kya privacy mera fundamental right hai?"),
    ("CASE:kesavananda-bharati-1973", "kya parliament samvidhan ka basic structure badal sakti hai?"),
    ("CASE:gian-kaur-1996", "kya right to die article 21 mein aata hai?"),
    ("CASE:rangappa-2010", "cheque bounce mein kya court maan leti hai ki karz tha?"),
    ("CASE:sushila-aggarwal-2020", "agrim zamanat kitne din tak valid rehti hai, kya case khatam hone tak?"),
    # a Hindi question on a cheque point the answer's provisions share with three others (core.assemble
    # counts the words of the point's renderings there); a judgment the notice names without "v."
    ("CASE:rangappa-2010", "क्या चेक बाउंस में माना जाता है कि कर्ज़ था?"),
    ("CASE:in-re-expeditious-trial-ni-2021", "kya cheque bounce case magistrate section 258 se rok sakta hai?"),
    ("CASE:navtej-singh-johar-2018", "क्या दो बालिग औरतों का आपसी रज़ामंदी से रिश्ता जुर्म है?"),
    ("CASE:joseph-shine-2018", "biwi ka kisi aur aadmi se affair hai, kya us aadmi ko saza ho sakti hai?"),
    ("CASE:joseph-shine-2018", "क्या शादी के बाहर संबंध रखना अब भी अपराध है?"),
    # the heading of a provision struck down whole, asked of as an offence (core.conflicts.asks_struck)
    ("CASE:joseph-shine-2018", "Is adultery still a criminal offence in India?"),
    ("CASE:joseph-shine-2018", "kya adultery ab crime hai?"),
    # word families: "presumed" is the point's "presumption" (s.139 NI Act)
    ("CASE:rangappa-2010", "Is it presumed that a bounced cheque was issued to pay off a debt?"),
]
# ours that are not yet answered with the settling judgment: kept, so the figure stays honest
_MISS = "not yet recognised (words or e5 nearness short of the probe's bars) or retrieval leads elsewhere"
# answered with their settling judgment since (Dec 5: English issue wordings, the scorer's Act features)
SETTLED_SINCE = [
    ("CASE:satish-chander-ahuja-2020", "saas ke naam ke ghar mein kya main DV act ke tahat reh sakti hoon?"),
    (
        "CASE:satish-chander-ahuja-2020",
        "My mother-in-law owns the house we lived in. Can I claim a right to live there under the DV Act?",
    ),
    ("CASE:navtej-singh-johar-2018", "Is consensual sex between two adult men a crime in India?"),
    # (Dec 6: these four passed as xpassed since the asks and the settler's kept place; now held to it)
    (
        "CASE:p-ramachandra-rao-2002",
        "My criminal case has dragged on for twelve years. Must the trial be closed after a fixed number of years?",
    ),
    ("CASE:navtej-singh-johar-2018", "Is a gay relationship between consenting adults a criminal offence?"),
    ("CASE:navtej-singh-johar-2018", "kya gay hona India mein jurm hai?"),
    ("CASE:vineeta-sharma-2020", "मेरे पिता 1999 में गुज़र गए, क्या मुझे दादा की ज़मीन में भाई के बराबर हिस्सा मिलेगा?"),
]
SETTLED_NOT_YET = [
    ("CASE:dashrath-rupsingh-rathod-2014", "चेक बाउंस का केस किस शहर की अदालत में करें?"),
]
# questions with no disagreement behind them that touch the same provisions: no settled notice, no conflict
NONE_SAME_PROVISIONS = [
    "My father died without a will; how is his self-acquired house divided?",
    "Under which Article can I approach the High Court for a writ?",
    "How do I get a protection order under the DV Act?",
    "What is the punishment for cheque bounce?",
    "Can the police arrest me without a warrant?",
    "घरेलू हिंसा में सुरक्षा आदेश कैसे मिलेगा?",
    "चेक बाउंस की सज़ा क्या है?",
    "जीवन और व्यक्तिगत स्वतंत्रता का अधिकार किस अनुच्छेद में है?",
    "पति की मृत्यु के बाद पत्नी को संपत्ति में कितना हिस्सा मिलता है?",
    "पुलिस ने मेरे भाई को गिरफ्तार कर लिया है, नियमित जमानत कैसे मिलेगी?",
    "mera pati maarta hai, protection order kaise milega?",
    "cheque bounce ki saza kitni hai?",
    "chargesheet file hui ya nahi kaise pata karein?",
    "papa ne apni kamai se ghar banaya tha, will nahi hai, ab kisko milega?",
    "mujhe police ne bina warrant pakda, mere kya adhikar hain?",
    # the settled point is the crime of adultery, not adultery as a ground of divorce
    "biwi ka kisi aur se affair hai, kya isse talaak mil sakta hai?",
    "Can I get a divorce because my wife committed adultery?",
    "आत्महत्या के लिए उकसाने की सज़ा क्या है?",
]


def _settled_by(pipe, graph, q: str, settler: str) -> tuple[bool, object]:
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    js = r.to_json()
    ok = (
        r.status == "answer"
        and r.conflict is None
        and not any(c.status == "conflict" for c in r.citations)  # no conflict badge on any citation
        and _gid(graph, settler) in {c.node_id for c in r.citations}
        and conflict_state(js) == SETTLED
    )
    return ok, (r.status, [c.node_id for c in r.citations], r.notices)


@pytest.mark.parametrize("settler,q", SETTLED_THREE_LANGUAGES + SETTLED_SINCE)
def test_a_settled_point_asked_in_any_of_three_languages_is_answered_with_its_settling_judgment(
    pipe, graph, settler, q
):
    ok, got = _settled_by(pipe, graph, q, settler)
    assert ok, got


@pytest.mark.parametrize("settler,q", SETTLED_NOT_YET)
@pytest.mark.xfail(reason=_MISS, strict=False)
def test_settled_questions_not_yet_answered_with_their_settling_judgment(pipe, graph, settler, q):
    ok, got = _settled_by(pipe, graph, q, settler)
    assert ok, got


@pytest.mark.parametrize("q", NONE_SAME_PROVISIONS)
def test_a_question_on_the_same_provisions_with_no_disagreement_shows_none(pipe, q):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    assert r.status != "conflict" and conflict_state(r.to_json()) == NONE, (r.status, r.notices)


def test_the_settled_points_loader_reports_an_entry_without_renderings_or_its_case():
    from graph_schema.loaders.pack import load_settled_points

    class Rep:
        defects: list = []

        def defect(self, src, what, **kw):
            self.defects.append(what)

    class Store:
        def query(self, q, params):
            assert "SET c.settled_issue_hi" in q
            return [[[r["id"] for r in params["rows"] if r["id"] != "CASE:missing"]]]

    rep = Rep()
    points = [
        {"settler": "CASE:a", "issue_hi": ["क्या?"], "issue_rom": ["kya?"], "source": "A v. B"},
        {"settler": "CASE:b", "issue_hi": ["क्या?"], "source": "B v. C"},  # no Roman rendering
        {"settler": "CASE:missing", "issue_hi": ["क्या?"], "issue_rom": ["kya?"], "source": "C v. D"},
    ]
    assert load_settled_points(Store(), rep, points, {"CASE:a": "CASE:INSC-1"}) == 1
    assert rep.defects == [
        "settled point without settler, renderings or source",
        "settled point's judgment not in graph",
    ]


def test_word_families_meet_a_verb_and_its_noun_but_not_a_shorter_word():
    from core.conflicts import family, in_family
    from core.support import stems

    assert family(stems({"presume"})) == family(stems({"presumption"}))
    assert family(stems({"consenting"})) == family(stems({"consensual"}))
    assert not family(stems({"adult"})) & family(stems({"adultery"}))
    assert in_family(stems({"presume", "debt", "cheque"}), stems({"presumption", "debt"})) == stems({"presume", "debt"})


@pytest.mark.parametrize(
    "q,asks",
    [
        ("Is adultery still a crime in India?", True),
        ("What is the punishment for adultery?", True),
        ("kya adultery ab bhi jurm hai?", True),
        ("Can I get a divorce because my wife committed adultery?", False),  # a ground of divorce, not an offence
        ("Is cheating on a spouse a crime?", False),  # names no heading of what was struck down
    ],
)
def test_a_question_asks_the_point_of_a_provision_struck_down_whole_when_it_asks_of_it_as_an_offence(q, asks):
    from core.conflicts import SettledPoint, asks_struck

    p = SettledPoint("CASE:x", "Validity of Section 497 IPC", "", "", frozenset(), struck=("Adultery",))
    assert asks_struck(p, q) is asks
    assert not asks_struck(SettledPoint("CASE:y", "", "", "", frozenset()), q)


@pytest.mark.parametrize(
    "a,b,same",
    [
        ("दूसरी", "दूसरे", True),  # gender and case endings of one adjective
        ("दूसरा", "दूसरी", True),
        ("पुराना", "पुराने", True),
        ("दो", "दे", False),  # too short to fold
        ("नोटिस", "नोट", False),  # only a final vowel sign goes
    ],
)
def test_a_hindi_word_meets_the_rendering_in_another_gender_or_case(a, b, same):
    from core.settled_points import fold

    assert (fold(a) == fold(b)) is same


def test_a_hindi_second_dishonour_question_in_its_own_inflection_is_told_msr_leathers(pipe, graph):
    """The rendering says "दूसरे अनादर"; people say "दूसरी बार बाउंस": one word more on the point, so the
    probe names MSR Leathers (measured on the 252 Devanagari tune questions of conflicts, everyday and
    statutes: this was the only question whose state changed)."""
    ok, got = _settled_by(
        pipe, graph, "क्या वही चेक दूसरी बार बाउंस होने पर नया नोटिस भेजकर मुकदमा किया जा सकता है?", "CASE:msr-leathers-2012"
    )
    assert ok, got
