"""A settled point said the way people say it (issue 23).

A person rarely says a settled point in its doctrinal words: "can my in-laws throw me out of their flat?"
is Satish Chander Ahuja's shared household, "apni jaan khatam karne ka haq" Gian Kaur's right to die,
"will the court assume I owed the money?" Rangappa's presumption of a debt. doctrine.json settled_points
``asks`` gives each point's parts as groups of everyday phrases in English, Hindi and Roman-script Hindi
(with ``asks_source``); a question says the point when it says a phrase of every group
(core.settled_points.says_point), and core.settled_points.point_asked names it when it is also the only
such point, in scope, and near in meaning. One part alone is every case of its field (a cheque and a loan:
any cheque case). Scope words (``not_when``, with ``scope_source``) keep a point off a question that asks
another matter: which court takes anticipatory bail is s.482(1) BNSS's own text, not Sushila Aggarwal's
point; a second marriage is bigamy, not Joseph Shine's adultery. Questions here are written for these tests.
"""

from __future__ import annotations

import json

import pytest

from core.settled_points import SettledPoint, in_scope, says_point
from tests.support.settled import PACK, assert_says_only, doctrine_points, pack_point

# (question, the one point it says, or None): English, Devanagari Hindi, Roman-script Hindi
SAYS = [
    ("The trial against my brother has been pending twelve years; will it be dropped for the delay?", "p-ramachandra"),
    ("मेरे पिताजी का आपराधिक मुकदमा पंद्रह साल से लंबित है, क्या देरी की वजह से वे बरी हो जाएंगे?", "p-ramachandra"),
    ("mukadma 10 saal se chal raha hai, kya itni deri par case band ho jata hai?", "p-ramachandra"),
    ("My mother-in-law owns the house. Can she evict me after my husband left?", "satish-chander"),
    ("ghar saas ke naam par hai, kya wo mujhe ghar se nikal sakti hai?", "satish-chander"),
    ("क्या ससुर अपने नाम वाले घर से बहू को निकाल सकते हैं?", "satish-chander"),
    ("Does the Constitution treat my privacy as a fundamental right?", "puttaswamy"),
    ("क्या निजता मेरा मौलिक अधिकार है?", "puttaswamy"),
    ("Can a man be sent to jail for having an affair with a married woman?", "joseph-shine"),
    ("pati ka kisi aur aurat se najayaz rishta hai, kya ye apradh hai?", "joseph-shine"),
    ("Can Parliament change anything it likes in the Constitution?", "kesavananda"),
    ("kya sansad samvidhan mein sanshodhan karke kuch bhi badal sakti hai?", "kesavananda"),
    ("Does a law curbing liberty need to satisfy Article 14 and Article 19 as well?", "rc-cooper"),
    ("Do I have a right to end my own life?", "gian-kaur"),
    ("क्या किसी को मरने का हक़ है?", "gian-kaur"),
    ("kya aatmhatya ka adhikar samvidhan deta hai?", "gian-kaur"),
    ("In a cheque case must the payee prove that I borrowed the money?", "rangappa"),
    ("चेक के केस में क्या अदालत मान लेती है कि कर्ज़ था?", "rangappa"),
    # one part of a point is its whole field: no point
    ("My in-laws beat me at home. What can I do?", None),
    ("What is the punishment for murder and how many years does the trial take?", None),
    ("My friend took a loan from me and his cheque bounced. What can I do?", None),
    ("चेक बाउंस केस में कौन से सबूत चाहिए?", None),
    ("Is my personal data protected under the IT Act?", None),
    ("How is the Constitution amended, and how many votes are needed?", None),
    ("pati ke marne ke baad patni ka property mein kya haq hai?", None),
    ("My son committed suicide due to harassment. Can I file a case?", None),
    ("Can I get a divorce because my wife is having an affair?", None),
    # another matter the point's scope words keep off
    ("pati ne dusri shadi kar li, kya use jail hogi?", None),
    ("The anticipatory bail hearing has been delayed for two years; will the case end?", None),
]


@pytest.mark.parametrize("q,by", SAYS, ids=[str(i) for i in range(len(SAYS))])
def test_a_question_says_the_point_in_everyday_words_and_only_that_point(q, by):
    assert_says_only(q, by)


def test_hindi_is_read_with_or_without_the_nukta_and_either_composition():
    p = pack_point("CASE:gian-kaur-1996")
    decomposed = "क्या अपनी जान ख\u093cत्म करने का हक\u093c है?"
    precomposed = "क्या अपनी जान \u0959त्म करने का हक\u093c है?"
    plain = "क्या अपनी जान खत्म करने का हक है?"
    assert says_point(p, decomposed) and says_point(p, precomposed) and says_point(p, plain)


def test_a_point_without_asks_says_nothing():
    assert not says_point(SettledPoint("CASE:x", "", "", "", frozenset()), "Is privacy a fundamental right?")


@pytest.mark.parametrize(
    "q,on",
    [
        ("anticipatory bail ki arzi kis court mein deni hoti hai?", False),
        ("अग्रिम जमानत के लिए किस अदालत में आवेदन करें?", False),
        ("Where do I apply for anticipatory bail?", False),
        ("Does anticipatory bail end when the charge-sheet is filed?", True),
        ("Which section gives anticipatory bail?", True),
    ],
)
def test_the_forum_of_anticipatory_bail_is_the_provisions_text_not_the_settled_point(q, on):
    assert in_scope(pack_point("CASE:sushila-aggarwal-2020"), q) is on


def test_every_asks_entry_is_sourced_and_every_group_has_phrases():
    points = list(doctrine_points().values())
    asked = [p for p in points if p.get("asks")]
    assert len(asked) >= 8
    for p in asked:
        assert "holding" in p.get("asks_source", "") and "evaluation" in p["asks_source"], p["settler"]
        assert all(isinstance(g, list) and g and all(isinstance(x, str) and x.strip() for x in g) for g in p["asks"])
    for p in points:
        if p.get("not_when") or p.get("requires"):
            assert p.get("scope_source"), p["settler"]


def test_the_forum_scope_cites_the_provisions_text_in_the_corpus(corpus_dir):
    """The scope source quotes s.482(1) BNSS; the corpus text says it."""
    point = doctrine_points()["CASE:sushila-aggarwal-2020"]
    quoted = "may apply to the High Court or the Court of Session"
    assert quoted in point["scope_source"]
    rows = json.loads((corpus_dir / "statutes" / "new_codes" / "bnss_sections_from_met4l.json").read_text("utf-8"))
    assert quoted in next(r["text"] for r in rows if str(r["section"]) == "482")


@pytest.mark.parametrize(
    "q,named",
    [
        ("My husband's parents own the flat we lived in. Can they throw me out now?", "satish-chander"),
        ("kya insaan ko apni jaan khatam karne ka haq hai?", "gian-kaur"),
        ("क्या संसद संविधान में संशोधन करके कुछ भी बदल सकती है?", "kesavananda"),
        ("My in-laws beat me at home. What can I do?", None),
        # two points' words said (the cheque given "long back" and the court "automatically" assuming recall
        # P. Ramachandra Rao's): the one near in meaning is asked
        (
            "he misused my blank cheque given as security long back and filed a bounce case, does the court "
            "automatically assume I owed him money?",
            "rangappa",
        ),
        # a loan with no cheque: near labelled questions on a cheque presented twice ("too late to file"), but a
        # cheque's point needs a cheque (doctrine.json requires)
        ("My cousin took a loan from me in 2020 and gave nothing in writing. Can I still file a case?", None),
    ],
)
def test_the_probe_names_the_point_said_in_everyday_words(graph, q, named):
    from core.assemble import question_stems
    from core.settled_points import point_asked

    got = point_asked(graph, q, question_stems(q))
    if named is None:
        assert got is None, got.settler
    else:
        aliases = {got.settler} | set(_aliases(graph, got.settler)) if got else set()
        assert any(named in a for a in aliases), got and got.settler


def _aliases(graph, case_id):
    from core.settled_points import _aliases as aliases

    return aliases(graph, case_id)


# ------------------------------------------------------------------ dying declarations (Laxman, 2002)
LAXMAN = "CASE:laxman-2002"


@pytest.mark.parametrize(
    "q,on",
    [
        ("The doctor did not certify that my father was conscious. Is his dying declaration still valid?", True),
        ("डॉक्टर के प्रमाणपत्र के बिना क्या मृत्युकालिक कथन माना जाएगा?", True),
        ("marne se pehle ka bayan, doctor ne fitness nahi likhi, kya chalega?", True),
        ("Which section of the BSA covers a dying declaration?", False),
        ("मरने से पहले दिया गया बयान किस धारा में है?", False),
        ("Who can record a dying declaration?", False),
    ],
)
def test_the_dying_declaration_point_needs_the_doctors_certificate_asked(q, on):
    """Laxman settled only whether a declaration without a doctor's certificate of fitness can be accepted;
    the section that makes it relevant (s.26(a) BSA) was never in dispute (doctrine.json scope_source)."""
    assert in_scope(pack_point(LAXMAN), q) is on
    assert says_point(pack_point(LAXMAN), q) is on


def test_the_dying_declaration_dispute_is_sourced_from_the_corpus(corpus_dir):
    """Two three-judge benches differed and a Constitution Bench resolved it: the cases and the edges say so,
    each with the corpus judgment that records it, and the index holds the three judgments."""
    cases = {c["id"]: c for c in json.loads((PACK / "cases.json").read_text(encoding="utf-8"))["cases"]}
    doctrine = json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))
    rosamma, koli, laxman = (
        cases["CASE:paparambaka-rosamma-1999"],
        cases["CASE:koli-chunilal-savji-1999"],
        cases[LAXMAN],
    )
    assert (rosamma["bench_strength"], koli["bench_strength"], laxman["bench_strength"]) == (3, 3, 5)
    edges = {(e["from"], e["rel"], e["to"]) for e in doctrine["edges"]}
    assert (koli["id"], "CONFLICTS_WITH", rosamma["id"]) in edges
    assert (rosamma["id"], "RESOLVED_BY", LAXMAN) in edges and (LAXMAN, "OVERRULES", rosamma["id"]) in edges
    index = (corpus_dir / "cases" / "sc_index_1990_2025.csv").read_text(encoding="utf-8")
    for c in (rosamma, koli, laxman):
        assert c["citations"]["insc"] in index and c["citations"]["scr"] in index
    doc = json.loads(
        (corpus_dir / "judgments/rhetorical_roles/opennyai_build/gm862001_converted/valid.json").read_text("utf-8")
    )
    text = " ".join(s for d in doc for s in d["segments"])
    assert "constituted to resolve the conflict between two Three-Judge Bench" in text
    assert "we affirm the law laid down by this Court in Koli Chuni" in text


def test_the_graph_reports_the_dying_declaration_dispute_settled(graph):
    from core.conflicts import SETTLED, from_graph
    from core.settled_points import _aliases as aliases

    ids = {}
    for pack_id in ("CASE:paparambaka-rosamma-1999", "CASE:koli-chunilal-savji-1999", LAXMAN):
        got = graph.ro_query("MATCH (c:Case) WHERE c.id = $id OR $id IN c.aliases RETURN c.id", {"id": pack_id})
        assert got, pack_id
        ids[pack_id] = got[0][0]
    d = from_graph(graph, ids["CASE:koli-chunilal-savji-1999"], ids["CASE:paparambaka-rosamma-1999"])
    assert d.state == SETTLED
    assert LAXMAN in {d.settled_by.id, *aliases(graph, d.settled_by.id)}
