"""The problem layer end to end (issue 10 §2-§4): the loader, recognition, problem-first retrieval,
and the relevance check, against the real graph and the real pack.

Recognition accuracy is measured two ways and each asserts a floor:
- leave-one-out over the pack's own phrasings, strict: a phrasing and its parallel versions in the
  other two languages are held out together, so nothing is recognised through its own translation;
- the everyday evaluation set (evaluation/datasets/everyday.jsonl), written from situations and not
  from the pack's phrasings: the gold problem must be among those recognised.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.problems import clauses, tokens, without_ask_tail
from core.retrieve import Retriever
from core.temporal import choose
from core.verify import Verifier

REPO = Path(__file__).resolve().parents[1]
EVERYDAY = REPO / "evaluation" / "datasets" / "everyday.jsonl"

# Floors under the figures measured when the recognizer was calibrated (see the module doc of
# core.problems); a change that loses more than a few points fails here.
LOO_STRICT_TOP1 = 0.60
LOO_STRICT_TOP3 = 0.85
EVERYDAY_RECOGNISED = 0.80
EVERYDAY_BY_LANG = {"en": 0.80, "hi": 0.75, "hinglish": 0.70}

OUT_OF_SCOPE = [
    "What is the capital of France?",
    "Who won the cricket world cup in 2011?",
    "Give me a recipe for paneer butter masala",
    "Write a Python function to sort a list",
    "How many planets are in the solar system?",
    "भारत की राजधानी क्या है?",
    "आज मौसम कैसा रहेगा?",
    "क्रिकेट विश्व कप 2011 किसने जीता?",
    "aaj ka mausam kaisa hai",
    "paneer butter masala kaise banate hain",
    "mujhe ek joke sunao",
]


# ------------------------------------------------------------------------------- recognition


def test_tokens_and_clauses():
    assert tokens("My husband beats me") == ["my", "husband", "beat", "me"]
    assert tokens("पति मारता") == tokens("पति मारते") == tokens("पति मारती")  # one stem for the inflections
    # a cue matches its other forms: "slaps me" the question's "slapped me", "haath uthata" "uthate"
    assert tokens("slaps me") == tokens("slapped me") == tokens("slapping me") == ["slap", "me"]
    assert tokens("hitting") == tokens("hits") == ["hit"] and tokens("called") == ["call"]
    assert tokens("haath uthata") == tokens("haath uthate") == ["haath", "utha"]
    assert tokens("maarta") == tokens("maarte") == tokens("maarti") == ["maar"]
    assert tokens("state") == ["state"]  # too short to be a verb ending
    assert clauses("my husband beats me and he took my salary") == ["my husband beats me", "he took my salary"]
    assert clauses("पति मारता है और मेरी तनख्वाह ले लेता है") == ["पति मारता है", "मेरी तनख्वाह ले लेता है"]


def test_leave_one_out_accuracy_floor(pack_index):
    res = pack_index.leave_one_out(strict=True)
    summary = {k: v for k, v in res.items() if k != "misses"}
    assert res["n"] >= 60 * 18, summary
    assert res["top1"] >= LOO_STRICT_TOP1, summary
    assert res["top3"] >= LOO_STRICT_TOP3, summary
    for lang in ("en", "hi", "hinglish"):
        assert res["by_lang"][lang]["top1"] >= LOO_STRICT_TOP1 - 0.1, summary
    loose = pack_index.leave_one_out(strict=False)
    assert loose["top1"] >= res["top1"]


@pytest.mark.parametrize("q", OUT_OF_SCOPE)
def test_out_of_scope_raises_no_problem(pack_index, q):
    assert pack_index.recognise(q) == [], q


@pytest.mark.parametrize(
    "q,expected",
    [
        ("My husband beats me and took my salary", {"PROB:domestic_violence", "PROB:maintenance_wife"}),
        ("पति मुझे मारता है और मेरी तनख्वाह छीन लेता है", {"PROB:domestic_violence", "PROB:maintenance_wife"}),
        ("My landlord is forcing me to vacate my rented room without notice", {"PROB:tenant_eviction"}),
        ("The police will not register my FIR about the theft of my bike", {"PROB:police_refuse_fir"}),
        ("I was hit by a car and injured, how do I get compensation?", {"PROB:road_accident_compensation"}),
        ("Someone is sharing my private photos online", {"PROB:intimate_images"}),
    ],
)
def test_recognises_everyday_questions(pack_index, q, expected):
    got = {m.id for m in pack_index.recognise(q)}
    assert expected <= got, (q, got)


@pytest.mark.parametrize(
    "q,expected,forbidden",
    [
        # drinking at home is not drink-driving: the drunk-driving cues need the vehicle
        ("मेरा पति शराब पीकर मुझे मारता है और घर से निकाल दिया", "PROB:domestic_violence", "PROB:drunk_driving"),
        # a religion named in passing is not a divorce: a second problem with none of its cues must
        # score nearly as high as the first
        ("मैं हिंदू हूँ और मेरी प्रेमिका ईसाई है, हम शादी कैसे करें?", "PROB:interfaith_marriage", "PROB:divorce_christian"),
        # a cue the first problem also has is not the second's own: "senior citizen" is the parents'
        # maintenance and an elderly person's arrest alike, and this question raises no arrest
        (
            "how does a senior citizen apply for maintenance from his children",
            "PROB:maintenance_parents",
            "PROB:elderly_summoned_or_arrested",
        ),
    ],
)
def test_a_neighbour_the_question_does_not_raise_stays_out(pack_index, q, expected, forbidden):
    got = [m.id for m in pack_index.recognise(q, "en" if q.isascii() else "hi")]
    assert got and got[0] == expected and forbidden not in got, (q, got)


def _everyday_rows():
    if not EVERYDAY.is_file():
        return []
    return [json.loads(x) for x in EVERYDAY.read_text(encoding="utf-8").splitlines() if x.strip()]


def test_everyday_recognition_floor(pack_index):
    rows = [r for r in _everyday_rows() if r["problems"] or r["out_of_scope"]]
    if len(rows) < 100:
        pytest.skip("the everyday evaluation set is not present")
    by_lang: dict[str, list[bool]] = {}
    false_alarms = 0
    for r in rows:
        got = {m.id for m in pack_index.recognise(r["question"], "hi" if r["lang"] != "en" else "en")}
        if r["out_of_scope"]:
            false_alarms += bool(got)
            continue
        by_lang.setdefault(r["lang"], []).append(bool(got & set(r["problems"])))
    hits = [x for v in by_lang.values() for x in v]
    rate = sum(hits) / len(hits)
    per = {lang: round(sum(v) / len(v), 3) for lang, v in by_lang.items()}
    assert rate >= EVERYDAY_RECOGNISED, (rate, per)
    for lang, floor in EVERYDAY_BY_LANG.items():
        assert per.get(lang, 1.0) >= floor, (lang, per)
    assert false_alarms == 0


# ------------------------------------------------------------------------------- the loader


def _mini_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    (pack / "problems").mkdir(parents=True)
    (pack / "routes.json").write_text(
        json.dumps(
            {
                "routes": [
                    {
                        "id": "police_station",
                        "name_en": "Police station",
                        "name_hi": "थाना",
                        "what_en": "x",
                        "what_hi": "x",
                        "source": "BNSS s.173",
                    },
                    {"id": "magistrate", "name_en": "Magistrate", "name_hi": "मजिस्ट्रेट", "source": "BNSS s.175"},
                ],
                "helplines": [{"number": "112", "name_en": "Emergency", "name_hi": "आपातकाल", "source": "MHA ERSS"}],
            }
        ),
        encoding="utf-8",
    )
    six = [f"phrase {i}" for i in range(6)]
    (pack / "problems" / "a.json").write_text(
        json.dumps(
            {
                "problems": [
                    {
                        "id": "PROB:one",
                        "title_en": "One",
                        "title_hi": "एक",
                        "gist_en": "g",
                        "gist_hi": "ग",
                        "phrasings": {"en": six, "hi": six, "hinglish": six[:3]},
                        "cues": {"en": ["one"]},
                        "governed_by": [
                            {"id": "BNS:103", "gist_en": "murder", "gist_hi": "हत्या", "source": "BNS s.103"},
                            {"id": "BNS:9999", "gist_en": "none", "source": "x"},
                        ],
                        "steps": [
                            {
                                "text_en": "go",
                                "where": "police_station",
                                "basis": ["BNS:103", "BNSS:9999"],
                                "source": "s",
                            }
                        ],
                        "where": ["police_station", "nowhere"],
                        "helplines": ["112", "999"],
                        "flow": "arrest",
                        "cases": ["CASE:known", "CASE:unknown"],
                        "related": ["PROB:two", "PROB:ghost"],
                        "must_not": ["NIA:138"],
                        "not_held": None,
                        "source": "test",
                    },
                    {
                        "id": "PROB:two",
                        "title_en": "Two",
                        "phrasings": {"en": six, "hi": six, "hinglish": six},
                        "governed_by": [],
                        "where": ["magistrate"],
                        "flow": "nonesuch",
                        "not_held": {"law_en": "a state law", "law_hi": "राज्य कानून", "route": "magistrate"},
                        "source": "t",
                    },
                    {"id": "PROB:one", "title_en": "duplicate"},
                    {"title_en": "no id"},
                ]
            }
        ),
        encoding="utf-8",
    )
    return pack


def test_loader_links_and_reports_defects(tmp_path):
    from graph_schema.batch import merge_nodes
    from graph_schema.context import IngestContext
    from graph_schema.loaders import problems as loader
    from tests.support.graph import open_tmp_store

    store = open_tmp_store(tmp_path / "g")
    try:
        merge_nodes(
            store,
            "Section",
            [
                {"id": "BNS:103", "act": "BNS", "number": "103", "title": "Murder"},
                {"id": "NIA:138", "act": "NIA", "number": "138", "title": "Cheque"},
            ],
            extra_labels=["Provision"],
        )
        merge_nodes(
            store,
            "ProceduralEvent",
            [
                {"id": "PROC:arrest:1", "flow": "arrest", "order": 1},
                {"id": "PROC:arrest:2", "flow": "arrest", "order": 2},
            ],
        )
        merge_nodes(
            store,
            "Case",
            [
                {
                    "id": "CASE:INSC-2000-1",
                    "name": "Known v. State",
                    "pack": True,
                    "aliases": ["CASE:known", "CASE:INSC-2000-1"],
                }
            ],
        )
        ctx = IngestContext(
            corpus_dir=tmp_path, cache_dir=tmp_path / "cache", pack_dir=_mini_pack(tmp_path), show_progress=False
        )
        routes, lines = loader.load_routes(store, ctx)
        assert routes == {"police_station", "magistrate"} and lines == {"112"}
        loader.load_problems(store, ctx, routes, lines)
        q = store.query
        assert q("MATCH (p:Problem) RETURN count(p)")[0][0] == 2
        assert q("MATCH (:Problem {id:'PROB:one'})-[r:GOVERNED_BY]->(s:Section) RETURN s.id, r.rank, r.gist_en") == [
            ["BNS:103", 1, "murder"]
        ]
        assert q("MATCH (:Problem {id:'PROB:one'})-[:ROUTES_TO]->(f:Forum) RETURN f.id") == [["FORUM:police_station"]]
        assert q("MATCH (:Problem {id:'PROB:one'})-[:FOLLOWS_FLOW]->(e) RETURN e.id") == [["PROC:arrest:1"]]
        assert q("MATCH (:Problem {id:'PROB:one'})-[:CONCERNS_CASE]->(c) RETURN c.id") == [["CASE:INSC-2000-1"]]
        assert q("MATCH (:Problem {id:'PROB:one'})-[:RELATED_TO]->(p) RETURN p.id") == [["PROB:two"]]
        assert q("MATCH (p:Problem {id:'PROB:two'}) RETURN p.not_held, p.not_held_route")[0] == [True, "magistrate"]
        defects = {
            (
                d["defect"],
                d.get("provision")
                or d.get("case")
                or d.get("route")
                or d.get("related")
                or d.get("helpline")
                or d.get("flow")
                or d.get("problem"),
            )
            for d in ctx.report.defects
            if d["source"] == "problems"
        }
        for want in [
            ("governing provision not in graph", "BNS:9999"),
            ("step basis not in graph", "BNSS:9999"),
            ("route unknown", "nowhere"),
            ("helpline unknown", "999"),
            ("case not in graph", "CASE:unknown"),
            ("related problem unknown", "PROB:ghost"),
            ("flow not in graph", "nonesuch"),
            ("duplicate problem id", "PROB:one"),
        ]:
            assert want in defects, (want, sorted(defects))
        assert any(d["defect"] == "too few phrasings" and d["lang"] == "hinglish" for d in ctx.report.defects)
        assert any(d["defect"] == "problem without id/title" for d in ctx.report.defects)
        # a second run replaces the layer: no duplicate edge, and a problem dropped from the pack is gone
        data = json.loads((ctx.pack_dir / "problems" / "a.json").read_text(encoding="utf-8"))
        data["problems"] = data["problems"][:1]
        (ctx.pack_dir / "problems" / "a.json").write_text(json.dumps(data), encoding="utf-8")
        loader.load_problems(store, ctx, routes, lines)
        assert q("MATCH (p:Problem) RETURN p.id") == [["PROB:one"]]
        assert q("MATCH (:Problem)-[r]->() RETURN count(r)")[0][0] == 4  # GOVERNED_BY ROUTES_TO FOLLOWS CONCERNS
    finally:
        store.close()


# --------------------------------------------------------------------- the real graph


@pytest.fixture(scope="module")
def problem_graph(graph):
    if not graph.ro_query("MATCH (p:Problem) RETURN count(p)")[0][0]:
        pytest.skip("this graph was built without the problem layer")
    return graph


@pytest.fixture(scope="module")
def retriever(problem_graph):
    return Retriever(problem_graph)


def test_the_graph_holds_the_layer(problem_graph):
    n = problem_graph.ro_query("MATCH (p:Problem) RETURN count(p)")[0][0]
    assert n >= 60
    gov = problem_graph.ro_query("MATCH (:Problem)-[r:GOVERNED_BY]->(:Provision) RETURN count(r)")[0][0]
    assert gov >= 2 * (n - 10)
    assert problem_graph.ro_query("MATCH (:Problem)-[:ROUTES_TO]->(:Forum) RETURN count(*)")[0][0] >= n


def _ids(got):
    return [e.node_id for e in got.evidence]


@pytest.mark.parametrize(
    "q,lang,problem,want,forbid",
    [
        (
            "My husband beats me and has thrown me out of the house. What can I do?",
            "en",
            "PROB:domestic_violence",
            {"PWDVA:"},
            {"NIA:138", "BNS:331"},
        ),
        (
            "पति रोज़ मारता है और घर से निकाल दिया है, मैं क्या करूँ?",
            "hi",
            "PROB:domestic_violence",
            {"PWDVA:"},
            {"NIA:138", "BNS:331"},
        ),
        (
            "My landlord is threatening to evict me from my rented flat",
            "en",
            "PROB:tenant_eviction",
            set(),
            {"NIA:138"},
        ),
        (
            "My ex-boyfriend is sharing my private photos online",
            "en",
            "PROB:intimate_images",
            {"BNS:77", "ITA:66E"},
            {"BNS:34"},
        ),
        (
            "The police refuse to register my FIR for the theft of my phone",
            "en",
            "PROB:police_refuse_fir",
            {"BNSS:173"},
            {"BSA:23"},
        ),
        (
            "I was injured in a road accident, how do I get compensation?",
            "en",
            "PROB:road_accident_compensation",
            {"MVA:"},
            set(),
        ),
    ],
)
def test_problem_first_retrieval(retriever, q, lang, problem, want, forbid):
    got = retriever.retrieve(q, lang, choose(q))
    assert got.in_scope
    assert problem in got.problem_ids, (q, got.problem_ids)
    ids = _ids(got)
    for w in want:
        assert any(i == w or (w.endswith(":") and i.startswith(w)) for i in ids), (w, ids)
    assert not (set(ids) & forbid), (ids, forbid)
    data = {m.id: m for m in got.material}[problem]
    assert data.where, data
    # every case that entered is linked to the problem or interprets a provision beside it
    provs = {e.node_id for e in got.evidence if e.is_provision}
    linked = {c["id"] for d in got.problem_data for c in d.cases}
    for e in got.evidence:
        if e.label == "Case":
            rows = retriever.graph.ro_query(
                "MATCH (c:Case {id: $id})-[:INTERPRETS]->(p:Provision) WHERE p.id IN $p RETURN count(p)",
                {"id": e.node_id, "p": sorted(provs)},
            )
            assert e.node_id in linked or rows[0][0], e.node_id


def test_governing_provisions_carry_their_gist(retriever):
    got = retriever.retrieve("My husband beats me every day", "en", choose("x"))
    gov = [e for e in got.evidence if e.problem == "PROB:domestic_violence" and e.gist]
    assert gov and all(e.is_provision for e in gov)


def test_not_held_problem_is_in_scope_and_cites_nothing_unprovable(retriever, problem_graph):
    q = "My employer has not paid my salary for three months"
    got = retriever.retrieve(q, "en", choose(q))
    assert "PROB:unpaid_wages" in got.problem_ids and got.in_scope
    d = {m.id: m for m in got.material}["PROB:unpaid_wages"]
    assert d.not_held_law and d.not_held_route and d.not_held_route.name
    v = Verifier(problem_graph)
    for e in got.evidence:
        if e.cite_as:
            assert all(c.severity != "error" for c in v.verify(e.cite_as).citations), e.cite_as


def test_old_matter_gets_the_old_code(retriever):
    q = "My husband beat me and demanded dowry in March 2023, the police did nothing"
    got = retriever.retrieve(q, "en", choose(q))
    codes = {e.act for e in got.evidence if e.is_provision}
    assert "BNS" not in codes and "BNSS" not in codes, codes


# ------------------------------------------------------------------------------ the answer


@pytest.fixture(scope="module")
def pipe(problem_graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(problem_graph, None)  # the extractive composer: no model


def test_answer_names_the_problems_and_the_right_law(pipe):
    r = pipe.ask("My husband beats me and has thrown me out of the house. What can I do?")
    j = r.to_json()
    assert any(p["id"] == "PROB:domestic_violence" for p in j["problems"])
    assert all(set(p) == {"id", "title", "score"} for p in j["problems"])
    ids = {c["node_id"] for c in j["citations"]}
    assert r.status in ("answer", "conflict"), (r.status, r.abstain_reason)
    assert any(i.startswith("PWDVA:") for i in ids if i), ids
    assert not ids & {"NIA:138", "BNS:331"}


def test_road_accident_is_in_scope(pipe):
    r = pipe.ask("I was hit by a truck and badly injured. How do I claim compensation?")
    assert r.status in ("answer", "conflict"), (r.status, r.abstain_reason)
    assert any(p.id == "PROB:road_accident_compensation" for p in r.problems)


# ------------------------------------------------------------------------------ the CLI


def _cli(built_graph, *args, stdin=None):
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir),
        "PYTHONPATH": str(REPO),
        "NYAYAPATH_LLM": "extractive",
        "NYAYAPATH_AUDIT_DB": str(built_graph.settings.data_dir / "cli-audit.db"),
    }
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        cwd=REPO,
    )


def test_cli_problems_json(built_graph, problem_graph):
    out = _cli(built_graph, "problems", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert len(rows) >= 60
    dv = {r["id"]: r for r in rows}["PROB:domestic_violence"]
    assert dv["governed_by"][0].startswith("PWDVA:") and dv["title"] and dv["phrasings"] >= 18
    assert any(r["not_held"] for r in rows)


def test_cli_ask_batch_json_lines_in_order(built_graph, problem_graph, tmp_path):
    batch = tmp_path / "q.txt"
    batch.write_text(
        "My husband beats me every day, what can I do?\n\n"
        + json.dumps({"id": "q2", "question": "पुलिस मेरी चोरी की एफआईआर नहीं लिख रही", "lang": "hi"})
        + "\n"
        + json.dumps({"id": "q3", "question": "What is the capital of France?"})
        + "\n"
        + "{not json\n",
        encoding="utf-8",
    )
    out = _cli(built_graph, "ask", "--batch", str(batch), "--json")
    lines = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
    assert len(lines) == 4, out.stderr[-2000:]
    assert out.returncode == 1  # one line could not be read
    first, second, third, bad = lines
    assert any(p["id"] == "PROB:domestic_violence" for p in first["problems"])
    assert second["id"] == "q2" and second["language"] == "hi"
    assert any(p["id"] == "PROB:police_refuse_fir" for p in second["problems"])
    assert third["id"] == "q3" and third["status"] == "abstain" and third["problems"] == []
    assert bad["status"] == "error" and bad["line"] == 5
    for r in lines[:3]:
        assert all(set(p) == {"id", "title", "score"} for p in r["problems"])


ASK_TAILS = [
    (
        "my neighbour says he will break my legs if I complain, what can I do under law",
        "my neighbour says he will break my legs if I complain",
    ),
    (
        "padosi keh raha hai shikayat ki to tangein tod dunga, main kya karun",
        "padosi keh raha hai shikayat ki to tangein tod dunga",
    ),
    ("पड़ोसी कहता है शिकायत की तो टाँगें तोड़ दूँगा, मैं क्या करूँ?", "पड़ोसी कहता है शिकायत की तो टाँगें तोड़ दूँगा"),
    ("what can I do", "what can I do"),  # nothing is left: the question stays as asked
    ("landlord keeps deposit, help me", "landlord keeps deposit, help me"),  # under four words left
]


@pytest.mark.parametrize("q,told", ASK_TAILS)
def test_a_closing_request_for_help_is_set_aside(q, told):
    assert without_ask_tail(q) == told


def test_a_story_is_recognised_without_its_closing_request(pack_index):
    # the threat alone is recognised; with ", what can I do under law" it had fallen below the threshold
    got = [
        m.id
        for m in pack_index.recognise(
            "my neighbour says he will break my legs if I complain to the police, what can I do under law", "en"
        )
    ]
    assert got and got[0] == "PROB:criminal_threats", got
