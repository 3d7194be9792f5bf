"""A settled notice only where the question's facts are the settled point's (issue 23).

Vineeta Sharma settled a daughter's right as a coparcener in coparcenary property (HSA s.6, as substituted
in 2005); the father's own, self-acquired property devolves under s.8, where no judgment differed. So a
daughter's share question gets the "earlier judgments differed; settled by" notice only when it is about
coparcenary, joint family or ancestral property, never when it says the property is self-acquired.
The words are pack data (doctrine.json settled_points: requires / not_when / scope_source), read at run
time (core.settled_points.in_scope); the provision route (core.on_point.speaks_to) and the point route
(core.settled_points.point_asked) both ask it. Questions here are written for these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.settled_points import SettledPoint, _scopes, in_scope, says_any
from tests.support.settled import pack_point

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"
VINEETA = "CASE:vineeta-sharma-2020"


def _vineeta() -> SettledPoint:
    return pack_point(VINEETA)


# (question, on point): English, Devanagari Hindi, Roman-script Hindi
SCOPE = [
    ("Does a married daughter get an equal share in her grandfather's ancestral land?", True),
    ("Is a daughter a coparcener in the joint family property like her brother?", True),
    ("My father died in 1998; can I claim my share of the HUF property after the 2005 amendment?", True),
    ("My father died without a will; how much of the flat he owned do I get as his daughter?", False),
    ("Papa bought the plot himself from his salary. What is the daughter's share now that he has died?", False),
    ("My father's house is self-acquired. Do I get a share equal to my brothers?", False),
    ("क्या शादीशुदा बेटी को दादा की पुश्तैनी ज़मीन में हिस्सा मिलता है?", True),
    ("क्या बेटी भी संयुक्त परिवार की संपत्ति में सहदायिक है?", True),
    ("पिताजी ने बिना वसीयत के मकान छोड़ा, बेटी का कितना हिस्सा है?", False),
    ("पिता की स्वअर्जित संपत्ति में बेटी का क्या हक है?", False),
    ("पिता ने खुद की कमाई से दुकान खरीदी थी, उसमें बेटी का हिस्सा कितना है?", False),
    ("beti ko paitrik sampatti mein bhai ke barabar hissa milega kya?", True),
    ("kya beti janm se hi coparcener hoti hai?", True),
    ("papa ka flat tha, will nahi banayi, beti ko kitna milega?", False),
    ("papa ne apni kamai se zameen li thi, ab beti ka kya haq hai?", False),
    ("pitaji ki khud ki kamai wali property mein shaadishuda beti ka hissa?", False),
]


@pytest.mark.parametrize("q,on", SCOPE, ids=[f"{i}" for i in range(len(SCOPE))])
def test_the_coparcenary_notice_is_on_point_only_for_coparcenary_property(q, on):
    assert in_scope(_vineeta(), q) is on


def test_a_point_without_scope_words_is_in_scope_for_any_question():
    p = SettledPoint("CASE:x", "", "", "", frozenset())
    assert in_scope(p, "anything at all") and in_scope(p, "पिता की स्वअर्जित संपत्ति")


@pytest.mark.parametrize(
    "text,phrases,said",
    [
        ("Is a daughter a co-parcener?", ["co parcen*"], True),  # the hyphen is a space
        ("daughters as coparceners", ["coparcen*"], True),
        ("Self-Acquired property", ["self acquired"], True),
        ("ज़मीन पैतृक है।", ["पैतृक"], True),  # the danda ends the word
        ("ख़ुद की कमाई", ["खुद की कमाई"], True),  # read without the nukta
        ("the grandfathers", ["grandfather"], False),  # a phrase without "*" is a whole word
        ("himselfish", ["himself"], False),
    ],
)
def test_says_any_reads_whole_words_in_either_script(text, phrases, said):
    assert says_any(text, phrases) is said


def test_scope_words_carry_their_source_and_rest_on_the_corpus(corpus_dir):
    """Every settled point with scope words says where they come from; Vineeta Sharma's rest on the text
    of HSA s.6 (coparcenary property) and s.8 (a male Hindu's property on intestacy) in the corpus."""
    points = json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["settled_points"]
    scoped = [p for p in points if p.get("requires") or p.get("not_when")]
    assert scoped and all(p.get("scope_source") for p in scoped)
    v = next(p for p in scoped if p["settler"] == VINEETA)
    assert "s.6" in v["scope_source"] and "s.8" in v["scope_source"]
    hsa = {s["section"]: s for s in json.loads((corpus_dir / "statutes/civil_family/hsa.json").read_text())}
    assert "coparcenary property" in hsa["6"]["title"].lower()
    assert "coparcenary" in hsa["6"]["text"].lower()
    assert "dying intestate" in hsa["8"]["text"] and "coparcen" not in hsa["8"]["text"].lower()


SETTLED_ASKED = [
    "My late father's ancestral house: is a daughter a coparcener there like her brother?",
    "क्या बेटी को पैतृक संपत्ति में जन्म से हिस्सा मिलता है, चाहे पिता 2005 से पहले गुज़र गए हों?",
    "beti ko pushtaini ghar mein bhai jitna hissa milega kya, papa 2005 se pehle nahi rahe?",
]
OWN_PROPERTY = [
    "Father died intestate. What is his daughter's share in the self-acquired house he left?",
    "पिता बिना वसीयत के गुज़रे, उनके खुद खरीदे मकान में बेटी का कितना हिस्सा है?",
    "papa ne khud ki kamai se flat liya tha, will nahi hai, beti ka hissa kitna?",
]


@pytest.mark.parametrize("q", SETTLED_ASKED)
def test_a_coparcenary_question_gets_the_vineeta_sharma_notice(pipe, graph, q):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    ids = {c.node_id for c in r.citations}
    got = graph.ro_query("MATCH (c:Case) WHERE c.id = $id OR $id IN c.aliases RETURN c.id", {"id": VINEETA})
    assert r.status == "answer" and conflict_state(r.to_json()) == "settled", (r.status, r.notices)
    assert got and got[0][0] in ids, sorted(ids)


@pytest.mark.parametrize("q", OWN_PROPERTY)
def test_a_self_acquired_property_question_gets_no_settled_notice(pipe, q):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    assert r.status == "answer" and conflict_state(r.to_json()) == "none", (r.status, r.notices)


# ------------------------------------------------------------------ English wordings of the issues
SATISH = "CASE:satish-chander-ahuja-2020"


def test_every_settled_point_has_sourced_english_wordings():
    """The English probe reads the issue as people ask it (doctrine.json issue_en), not only the terse
    recorded point; each entry says where its wordings come from (the settling judgment's holding)."""
    points = json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["settled_points"]
    for p in points:
        assert p.get("issue_en") and all(isinstance(x, str) and x.strip() for x in p["issue_en"]), p["settler"]
        assert "holding" in p.get("issue_en_source", ""), p["settler"]
    assert _scopes()[SATISH][2] == tuple(next(p for p in points if p["settler"] == SATISH)["issue_en"])


def _point(graph, pack_id):
    from core.settled_points import settled_points

    return next(p for p in settled_points(graph) if p.settler == pack_id or pack_id in _aliases_of(graph, p))


def _aliases_of(graph, p):
    from core.settled_points import _aliases

    return _aliases(graph, p.settler)


def test_the_english_words_test_reads_the_wordings_but_not_words_many_points_share(graph):
    """An in-laws' house question meets Satish Chander Ahuja's wordings (it shared one word with the
    recorded point, 'house'); a word of two or more points' wordings ('complaint', 'filed', 'right') never
    counts, so a cheque question's words do not make it the territorial-jurisdiction point."""
    from core.assemble import question_stems
    from core.settled_points import _by_words, _common_en, settled_points

    every = settled_points(graph)
    common = _common_en(every)
    assert {"compla", "filed", "right", "cheque"} <= common
    p = _point(graph, SATISH)
    q = "I lived with my husband in the house his father owns; can the in-laws throw me out or may I claim to live on?"
    assert len(_by_words(p, question_stems(q), common)) >= 3
    assert len(_by_words(p, question_stems(q))) >= len(_by_words(p, question_stems(q), common))
    assert not _by_words(p, question_stems("My landlord wants the flat back; how much notice must he give me?"), common)
