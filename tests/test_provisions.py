"""The provision index and direct questions about the law (issue 19), on the real graph.

Pack data is checked against the corpus (every named provision exists, with its source; the Acts
listed as not held are not Acts the graph holds); the index, the question types and the short
forms are table tests; the pipeline answers direct questions with the provision first, at most six
citations, the code in force first, and routes an Act the graph does not hold with none.
"""

from __future__ import annotations

import json
import re

import pytest

from core.provisions import index_for, is_situation, named_ids, question_types, toks
from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ pack data against the corpus
def test_every_named_provision_is_held_and_sourced(graph):
    ids = [r["id"] for r in PACK["provisions"]]
    held = {r[0] for r in graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id", {"ids": ids})}
    assert sorted(set(ids) - held) == []
    for r in PACK["provisions"]:
        assert r["source"] and r["kind"] in {"offence", "right", "remedy", "procedure", "rule", "duty"}, r["id"]
        assert r["en"], r["id"]


def test_names_speak_of_what_the_provision_says(graph):
    """Most people-names share a word with the provision's own heading or text (the rest are lay words
    the statute does not use: "mob lynching", "420"); a name that matched nothing would be a wrong id."""
    rows = {
        pid: (title or "") + " " + (text or "")
        for pid, title, text in graph.ro_query(
            "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.title, p.text",
            {"ids": [r["id"] for r in PACK["provisions"]]},
        )
    }
    share = [bool(set(toks(" ".join(r["en"]))) & set(toks(rows.get(r["id"], "")))) for r in PACK["provisions"]]
    assert sum(share) / len(share) >= 0.8


def test_unheld_acts_are_not_held_and_route_to_a_known_forum(graph):
    routes = {r for (r,) in graph.ro_query("MATCH (f:Forum) RETURN f.route")}
    held_names = {n.lower() for (n,) in graph.ro_query("MATCH (a:Act) RETURN a.name") if n}
    for a in PACK["not_held"]:
        assert a["route"] in routes, a["id"]
        assert a["name_en"].lower() not in held_names, a["id"]
        assert a["source"] and (a["cues_en"] and a["cues_hi"]), a["id"]


# ------------------------------------------------------------------ the index
INDEX = [  # (question, a provision that must be among the index's first three)
    ("which section punishes rioting", "BNS:191"),
    ("दंगा करने की सज़ा", "BNS:191"),
    ("danga karne par saza", "BNS:191"),
    ("punishment for attempt to murder under the new law", "BNS:109"),
    ("is bigamy a crime", "BNS:82"),
    ("दूसरी शादी करने पर सज़ा", "BNS:82"),
    ("double jeopardy in India", "COI:20"),
    ("what does the law say about hit and run", "BNS:106"),
    ("do police have to tell the grounds of arrest", "BNSS:47"),
    ("which article abolishes untouchability", "COI:17"),
    ("cheating and dishonestly inducing delivery of property", "BNS:318"),
]


@pytest.mark.parametrize("question,expected", INDEX)
def test_index_finds_the_provision_as_people_name_it(graph, question, expected):
    got = [m.id for m in index_for(graph).search(question)[:3]]
    assert expected in got, got


def test_old_code_heading_finds_the_new_code_section(graph):
    e = index_for(graph).entries["BNS:318"]
    assert "IPC:420" in e.old
    assert any(n.field == "old_head" for n in e.names)


TYPES = [
    ("Which section punishes mob lynching?", "which"),
    ("What is the punishment for attempt to murder?", "punishment"),
    ("IPC 420 ab kaunsa section hai", "renumbered"),
    ("चोरी की सज़ा किस धारा में है", "which"),
    ("What does Article 17 abolish?", "what_says"),
    ("What are my rights when the police arrest me?", "rights"),
    ("Is marital rape an offence?", "is_offence"),
    ("Can a person be tried twice for the same offence?", "is_offence"),
]


@pytest.mark.parametrize("question,kind", TYPES)
def test_question_types(question, kind):
    assert kind in question_types(question)


def test_everyday_situation_is_not_a_direct_question_type():
    assert not question_types("My husband hits me every night after drinking")
    assert is_situation("my son is booked under 109, how does he get bail")


NAMED = [
    ("IPC 420 ab kaunsa section hai", ["IPC:420"]),
    ("what is 498A IPC now", ["IPC:498A"]),
    ("what does article 21 say", ["COI:21"]),
    ("अनुच्छेद 17 क्या कहता है", ["COI:17"]),
    ("section 103 of BNS", ["BNS:103"]),
]


@pytest.mark.parametrize("question,ids", NAMED)
def test_short_forms_people_type(question, ids):
    assert named_ids(question) == ids


# ------------------------------------------------------------------ answers
@pytest.fixture(scope="module")
def pipeline(graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph)


def _cited(ans) -> list[str]:
    return list(dict.fromkeys(c.node_id for c in ans.citations if c.node_id))


DIRECT = [  # (question, the provision the answer must cite, the one its law must lead with)
    ("What is the punishment for attempt to murder under the new law?", "BNS:109", "BNS:109"),
    ("Which section punishes rioting?", "BNS:191", "BNS:191"),
    ("Can a person be tried twice for the same offence?", ("COI:20", "BNSS:337"), None),
    ("Can an accused be forced to give evidence against himself?", "COI:20", None),
    ("IPC 420 ab kaunsa section hai", "BNS:318", "BNS:318"),
    ("दंगा करने की सज़ा किस धारा में है?", "BNS:191", "BNS:191"),
]


@pytest.mark.parametrize("question,must,lead", DIRECT)
def test_direct_question_answered_with_its_provision(pipeline, question, must, lead):
    ans = pipeline.ask(question)
    assert ans.status.value == "answer", (ans.status, ans.answer[:300])
    cited = _cited(ans)
    assert set(must if isinstance(must, tuple) else (must,)) & set(cited), cited
    assert len(cited) <= 6
    if lead:
        assert ans.law and lead.split(":")[1] in ans.law[0].cite, [x.cite for x in ans.law]


def test_current_code_leads_without_a_date(pipeline):
    ans = pipeline.ask("Can a husband be punished for cruelty to his wife?")
    cited = _cited(ans)
    assert ans.status.value == "answer"
    assert cited and cited[0].startswith("BNS:"), cited
    assert "BNS:85" in cited or "BNS:86" in cited


def test_not_held_act_is_named_and_routed_with_no_citation(pipeline):
    ans = pipeline.ask("How do I file an RTI application to get information from a government office?")
    assert ans.status.value == "abstain"
    assert "Right to Information Act" in ans.answer
    assert not _cited(ans)


@pytest.mark.parametrize(
    "question",
    [
        "Is it legal for my son to stop paying for my food and medicine after taking my house?",
        "Can an accused be forced to give evidence against himself?",
        "kya police bina wajah bataye giraftar kar sakti hai",
        "क्या पत्नी को पति की संपत्ति में अधिकार है?",
    ],
)
def test_legal_questions_are_never_out_of_scope(pipeline, question):
    ans = pipeline.ask(question)
    assert not re.search(r"only help with questions about Indian law|भारतीय कानून से जुड़े सवालों", ans.answer)


def test_out_of_scope_stays_out(pipeline):
    ans = pipeline.ask("What is the capital of France?")
    assert ans.status.value == "abstain"


@pytest.mark.parametrize(
    "question",
    [
        "My husband beats me and has stopped giving me money for the children",
        "मेरे पति मारते हैं और घर से निकाल दिया, बच्चों का खर्चा भी नहीं देते",
        "police ne mere bete ko giraftar kiya hai, jamanat kaise milegi",
    ],
)
def test_everyday_answers_cite_at_most_six(pipeline, question):
    ans = pipeline.ask(question)
    assert len(_cited(ans)) <= 6, _cited(ans)
