"""No settled notice for a question that touches a settled point's provision but asks something else, and the
498A committee point read as settled (issue 23).

Each of the questions below met a settled point through a shared provision or word and got its "earlier
judgments differed; settled by" notice, a false one (helper H2, Dec 5):
  Joseph Shine      settled whether adultery is a crime (s.497 IPC); divorce on that ground (HMA s.13(1)(i))
                    is its civil side, on which no judgment differed: the point now needs a marriage AND a word
                    asking of a crime (``requires`` in two groups, core.settled_points._groups);
  P. Ramachandra Rao settled outer time limits of criminal trials; a divorce case pending for years is none;
  Vineeta Sharma    made a coparcener's daughter a coparcener; a daughter-in-law is none;
  Satish Chander Ahuja  settled whether a house of the in-laws (no title of the husband's) is a shared
                    household; a husband's own or rented house, or a live-in partner's, never was in dispute;
  Sushila Aggarwal  settled how long anticipatory bail lasts; which court ("kaunse court", a spelling the
                    not_when list lacked: not_when is now read in any Roman spelling, ``_loose``), the papers,
                    the fee and how long the court takes to decide are none.
Social Action Forum (3 judges) removed Rajesh Sharma's (2 judges) Family Welfare Committee screening of s.498A
complaints; doctrine.json held it only as NARROWED_BY, which no settled-point reader follows, so a question on
the committee got no notice. It is now an OVERRULES edge (partial) with its settled point, scoped to the
committee. Questions here are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from core.said_phrases import _loose
from core.settled_points import SettledPoint, _groups, _scopes, in_scope, says_any
from tests.support.settled import pack_point

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"
JOSEPH, PRR, VINEETA, SUSHILA, SATISH = (
    "CASE:joseph-shine-2018",
    "CASE:p-ramachandra-rao-2002",
    "CASE:vineeta-sharma-2020",
    "CASE:sushila-aggarwal-2020",
    "CASE:satish-chander-ahuja-2020",
)
SAF, RAJESH = "CASE:social-action-forum-2018", "CASE:rajesh-sharma-2017"


def _point(settler: str) -> SettledPoint:
    """The point's scope as the probe reads it: requires, not_when, and its other asks with the asks that
    may say the point beside them (core.settled_points._asked_beside)."""
    return pack_point(settler)


@pytest.mark.parametrize(
    "requires,groups",
    [
        (["a", "b"], (("a", "b"),)),  # one list: one group
        ([["a"], ["b", "c"]], (("a",), ("b", "c"))),  # a list of lists: every group
        (None, ()),
        ("a", (("a",),)),
    ],
)
def test_requires_is_read_as_groups(requires, groups):
    assert _groups(requires) == groups


@pytest.mark.parametrize(
    "text,phrases,loose,said",
    [
        ("agrim jamanat ke liye kaunse court mein?", ["kaunsi court"], True, True),
        ("agrim jamanat ke liye kaunse court mein?", ["kaunsi court"], False, False),
        ("konsa court sahi hai", ["kaun sa court", "kaunsa court"], True, True),
        ("zamaanat ka kaagaz", ["jamanat ka kagaz"], True, True),
        ("bahut din ho gaye", ["bahu"], True, False),  # a whole word still
        ("बहू का हिस्सा", ["बहू"], True, True),
    ],
)
def test_ruling_out_phrases_are_read_in_any_roman_spelling(text, phrases, loose, said):
    assert says_any(text, phrases, loose=loose) is said


def test_the_loose_spelling_drops_the_inflecting_vowel_of_longer_words_only():
    assert _loose(" kaunsi kaunse konsa ") == " kons kons kons "
    assert _loose(" do se ") == " do se "


# (settler, question, in scope): each point's scope on the questions that met it through a shared provision
SCOPE = [
    (
        JOSEPH,
        "My husband is having an affair. How long do I have to file for divorce on the ground of adultery?",
        False,
    ),
    (JOSEPH, "biwi ka kisi aur ke saath affair hai, kya main divorce le sakta hoon?", False),
    (JOSEPH, "पत्नी के व्यभिचार के आधार पर क्या पति तलाक ले सकता है?", False),
    (JOSEPH, "Is adultery by a married man still a crime?", True),
    (JOSEPH, "पत्नी के दूसरे आदमी से संबंध पर क्या उस आदमी को जेल हो सकती है?", True),
    (JOSEPH, "biwi ka chakkar hai, kya main us aadmi par case kar sakta hoon?", True),
    (PRR, "My divorce case has been pending for six years. Is there any limit after which it must end?", False),
    (PRR, "talaq ka case 7 saal se chal raha hai, kya koi time limit hai jiske baad case khatam ho?", False),
    (PRR, "मेरा तलाक का केस 8 साल से चल रहा है, क्या कोई समय सीमा है जिसके बाद केस खत्म हो?", False),
    (PRR, "The criminal trial against my uncle has gone on for ten years. Must it end after a fixed time?", True),
    (VINEETA, "Can a daughter-in-law claim a share in her father-in-law's ancestral property?", False),
    (VINEETA, "kya bahu ko sasur ki pushtaini zameen mein hissa milta hai?", False),
    (VINEETA, "Does a daughter get a share in her grandfather's ancestral land?", True),
    (SUSHILA, "agrim jamanat ke liye kaunse court mein apply karna hai?", False),
    (SUSHILA, "What documents do I need to apply for anticipatory bail?", False),
    (SUSHILA, "anticipatory bail ke liye kitni fees lagti hai?", False),
    (SUSHILA, "How long does it take to get anticipatory bail from the High Court?", False),
    (SUSHILA, "Does anticipatory bail end when the charge-sheet is filed?", True),
    (SATISH, "pati ghar se nikal raha hai, kya main police mein shikayat kar sakti hoon?", False),
    (SATISH, "My husband owns the flat and wants me out after our fight. Can I stay?", False),
    (SATISH, "My live-in partner is asking me to leave his house, do I have any right to stay?", False),
    (SATISH, "My mother-in-law wants me out of her flat after my husband died. Can I stay on?", True),
    (SATISH, "घर सास के नाम पर है, क्या वे मुझे निकाल सकती हैं?", True),
    (SATISH, "Can my wife claim residence in my parents' house, which is not in my name?", True),
    (SATISH, "ghar pati ke mata pita ke naam hai, kya bahu ko wahan se nikal sakte hain?", True),
    (SAF, "What is the punishment for cruelty to a wife under section 498A?", False),
    (SAF, "498A ka case jhootha hai, kya FIR quash ho sakti hai?", False),
    (SAF, "Must a 498A complaint first go to a family welfare committee before any arrest?", True),
    (SAF, "498A में क्या पहले परिवार कल्याण समिति जाँच करती है?", True),
]


@pytest.mark.parametrize("settler,q,on", SCOPE, ids=[str(i) for i in range(len(SCOPE))])
def test_a_question_on_the_same_provision_about_something_else_is_out_of_scope(settler, q, on):
    assert in_scope(_point(settler), q) is on


def _doctrine() -> dict:
    return json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))


def test_every_settled_tune_row_stays_in_its_settlers_scope():
    """The scope words rule out none of the settled questions of the conflicts set's tune part."""
    from evaluation import DATASETS

    scopes = _scopes()
    rows = [json.loads(x) for x in (DATASETS / "conflicts.jsonl").read_text(encoding="utf-8").splitlines() if x]
    for r in rows:
        if r["split"] == "tune" and r["expected"] == "settled" and r["settled_by"] in scopes:
            assert in_scope(_point(r["settled_by"]), r["question"]), r["id"]


def test_the_committee_point_rests_on_an_overruling_edge_and_the_corpus_index(corpus_dir):
    """Social Action Forum (3 judges) over Rajesh Sharma (2 judges): an OVERRULES edge beside the NARROWED_BY
    one, both judgments in the corpus index with the neutral citations the source gives."""
    d = _doctrine()
    edge = next(e for e in d["edges"] if e["rel"] == "OVERRULES" and e["from"] == SAF and e["to"] == RAJESH)
    assert edge["props"]["extent"] == "partial" and "Family Welfare Committee" in edge["props"]["on_point"]
    assert any(e["rel"] == "NARROWED_BY" and e["from"] == RAJESH and e["to"] == SAF for e in d["edges"])
    point = next(p for p in d["settled_points"] if p["settler"] == SAF)
    assert point["source"] and point["scope_source"] and point["asks_source"] and point["issue_hi"]
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    assert cases[SAF]["bench_strength"] > cases[RAJESH]["bench_strength"]
    assert "Family Welfare Committee" in cases[SAF]["holding_en"]
    with (corpus_dir / "cases" / "sc_index_1990_2025.csv").open(encoding="utf-8") as f:
        index = {row[4]: row[1] for row in csv.reader(f) if len(row) > 4}
    assert "SOCIAL ACTION FORUM" in index["2018 INSC 820"] and "RAJESH SHARMA" in index["2017 INSC 683"]


def test_the_divorce_ground_the_adultery_scope_rests_on_is_in_the_corpus(corpus_dir):
    hma = {s["section"]: s for s in json.loads((corpus_dir / "statutes/civil_family/hma.json").read_text("utf-8"))}
    assert "voluntary sexual inter-course with any person other than his or her spouse" in hma["13"]["text"]
    point = next(p for p in _doctrine()["settled_points"] if p["settler"] == JOSEPH)
    assert "voluntary sexual inter-course with any person other than his or her spouse" in point["scope_source"]
    assert len(point["requires"]) == 2


FALSE_NOTICE = [
    "My husband is having an affair. How long do I have to file for divorce on the ground of adultery?",
    "My divorce case on the ground of adultery has been pending for six years. Is there any limit after which it must end?",
    "talaq ka case 7 saal se chal raha hai, kya koi time limit hai jiske baad case khatam ho jaye?",
    "agrim jamanat ke liye kaunse court mein apply karna hai?",
    "What documents do I need to apply for anticipatory bail?",
    "Can a daughter-in-law claim a share in her father-in-law's ancestral property?",
    "What is the maximum punishment for cruelty to a wife under section 498A?",
    "pati ghar se nikal raha hai, kya main police mein shikayat kar sakti hoon?",
    "My live-in partner is asking me to leave his house, do I have any right to stay?",
]
SETTLED = [
    (
        "My in-laws say a 498A complaint must first go to a family welfare committee and no one can be arrested "
        "till it reports. Is that still the law?",
        SAF,
    ),
    ("498A ke case mein pehle family welfare committee report degi tabhi arrest hoga, kya ab bhi aisa hai?", SAF),
]


@pytest.mark.parametrize("q", FALSE_NOTICE, ids=[str(i) for i in range(len(FALSE_NOTICE))])
def test_no_settled_notice_beside_the_point(pipe, q):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    assert r.status != "conflict" and conflict_state(r.to_json()) == "none", (r.status, r.notices)


@pytest.mark.parametrize("q,by", SETTLED, ids=[str(i) for i in range(len(SETTLED))])
def test_the_committee_question_is_settled_by_social_action_forum(pipe, graph, q, by):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    got = graph.ro_query("MATCH (c:Case) WHERE c.id = $id OR $id IN c.aliases RETURN c.id", {"id": by})
    assert r.status == "answer" and conflict_state(r.to_json()) == "settled", (r.status, r.notices)
    assert got and got[0][0] in {c.node_id for c in r.citations}
