"""Questions next to a settled point get no settled notice; the point itself still does (issue 23).

Sushila Aggarwal (2020, five judges) settled how long anticipatory bail, once granted, lasts: not a fixed
period, not ending with the charge-sheet or the summons. A question that names anticipatory bail and a word
of time but asks something beside it (bail after the application was rejected, default bail, the conditions
s.482(2) BNSS lists, cancelling bail at a complainant's instance, applying before any FIR, an interim order
while the application is heard) is not that point: doctrine.json settled_points not_when, with its
scope_source. And one ordinary word (the "house" of Satish Chander Ahuja's holding, the "filed" of
Sushila Aggarwal's) does not make a question the point (core.on_point.subject). Questions here are written
for these tests, in English, Hindi and Roman-script Hindi.
"""

from __future__ import annotations

import json

import pytest

from core.settled_points import in_scope, says_point, scope_only
from core.support import stems
from tests.support.settled import PACK, pack_point

SUSHILA = "CASE:sushila-aggarwal-2020"
SATISH = "CASE:satish-chander-ahuja-2020"


# (question, says the point): the point itself, then the questions next to it
ANTICIPATORY = [
    ("Does anticipatory bail come to an end once the chargesheet is filed?", True),
    ("Can the court give anticipatory bail only for a few weeks?", True),
    ("The bail I got before my arrest: does it last till the end of the trial?", True),
    ("क्या अग्रिम जमानत चार्जशीट दाखिल होने पर खत्म हो जाती है?", True),
    ("agrim jamanat kab tak chalti hai, chargesheet aane ke baad regular bail leni padegi kya?", True),
    ("My anticipatory bail was rejected last week; can I apply for regular bail now?", False),
    ("His anticipatory bail plea failed and he was arrested; 90 days on, can he get default bail?", False),
    ("As a condition of anticipatory bail, can the court ask me to surrender my passport?", False),
    ("The complainant wants my anticipatory bail cancelled since I met a witness; how long does that take?", False),
    ("No FIR has been registered yet; can I apply for anticipatory bail and how long will it last?", False),
    ("अग्रिम जमानत की अर्जी खारिज हो गई, अब नियमित जमानत कैसे मिलेगी?", False),
    ("अग्रिम जमानत की अर्जी पर अगली तारीख तक गिरफ्तारी पर रोक है, उसके बाद क्या होगा?", False),
    ("agrim jamanat ke saath har hafte thane mein haazri ki shart lagayi hai, kya yeh sahi hai?", False),
    ("complainant meri agrim jamanat radd karwana chahta hai, kya yeh kuch mahine mein ho jayega?", False),
]


@pytest.mark.parametrize("q,on", ANTICIPATORY, ids=[str(i) for i in range(len(ANTICIPATORY))])
def test_only_the_duration_of_anticipatory_bail_is_sushila_aggarwals_point(q, on):
    p = pack_point(SUSHILA)
    assert (says_point(p, q) and in_scope(p, q)) is on


def test_the_questions_next_to_the_point_rest_on_the_sections_own_text(corpus_dir):
    """The scope_source names the sections that answer the questions next to the point, and their text in
    the corpus says what it says they say."""
    entry = next(
        p
        for p in json.loads((PACK / "doctrine.json").read_text(encoding="utf-8"))["settled_points"]
        if p["settler"] == SUSHILA
    )
    for s in ("s.187", "s.480", "s.482(2)", "s.483(3)", "s.482(1)"):
        assert s in entry["scope_source"], s
    rows = json.loads((corpus_dir / "statutes/new_codes/bnss_sections_from_met4l.json").read_text(encoding="utf-8"))
    bnss = {r["section"]: r["text"] for r in (rows if isinstance(rows, list) else rows["sections"])}
    assert "not leave India without the previous permission of the Court" in bnss["482"]
    assert "available for interrogation by a police officer" in bnss["482"]
    assert "reason to believe that he may be arrested" in bnss["482"]
    assert "be arrested and commit him to custody" in bnss["483"]
    assert "ninety days" in bnss["187"] and "sixty days" in bnss["187"]


# (word, stands for a point alone): the legal subject, then words every field of the statute book uses
SUBJECT = [
    ("anticipatory", True),
    ("coparcener", True),
    ("privacy", True),
    ("adultery", True),
    ("house", False),
    ("filed", False),
    ("trial", False),
    ("copy", False),
    ("certificate", False),
]


@pytest.mark.parametrize("word,alone", SUBJECT, ids=[w for w, _ in SUBJECT])
def test_one_word_stands_for_a_point_only_as_its_legal_subject(graph, word, alone):
    from core.on_point import subject

    (stem,) = stems([word])
    assert subject(graph, stem) is alone


# (question, the settled notice): what the person sees
SEEN = [
    ("Does anticipatory bail come to an end once the chargesheet is filed?", "settled"),
    ("My anticipatory bail was rejected last week and I was arrested; can I apply for regular bail now?", "none"),
    ("When granting anticipatory bail, can the court tell me to surrender my passport?", "none"),
    ("अग्रिम जमानत की अर्जी खारिज हो गई और पुलिस ने पकड़ लिया, अब नियमित जमानत कैसे मिलेगी?", "none"),
    ("क्या गिरफ्तारी से पहले मिली जमानत चार्जशीट आने पर खत्म हो जाती है?", "settled"),
    ("agrim jamanat ke saath court ne har hafte thane mein haazri ki shart lagayi hai, kya aisa ho sakta hai?", "none"),
    ("agrim jamanat case khatam hone tak chalti hai ya kuch mahino ke liye hi milti hai?", "settled"),
]


@pytest.mark.parametrize("q,state", SEEN, ids=[str(i) for i in range(len(SEEN))])
def test_what_the_person_sees(pipe, q, state):
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    assert r.status == "answer" and conflict_state(r.to_json()) == state, (r.status, r.notices)


# (question, its words toward the point, only the point's facts): Satish Chander Ahuja's point needs the
# in-laws (its requires words) but asks whether the wife may live on in their house
SCOPE_ONLY = [
    ("सास-ससुर घर में रोज़ मारपीट करते हैं, क्या मजिस्ट्रेट रोक लगा सकता है?", {"सास", "ससुर"}, True),
    ("sasural wale roz maarte hain, kya court rok sakti hai?", {"sasural"}, True),
    ("सास-ससुर अपने मकान से निकाल रहे हैं, क्या मैं वहाँ रह सकती हूँ?", {"सास", "ससुर", "रह"}, False),
    ("My in-laws own the house and want to throw me out; can they?", {"law"}, False),  # says the point
]


@pytest.mark.parametrize("q,words,only", SCOPE_ONLY, ids=[str(i) for i in range(len(SCOPE_ONLY))])
def test_the_points_facts_alone_are_not_its_question(q, words, only):
    assert scope_only(pack_point(SATISH), words, q) is only


# (question, speaks to Satish Chander Ahuja's point): "house" is the one word toward it in both
HOUSE = [
    ("Can I claim residence in my mother-in-law's house when my husband does not own it?", True),
    ("My mother-in-law and sister-in-law beat me in their house; can the magistrate stop them?", False),
]


@pytest.mark.parametrize("q,on", HOUSE, ids=["the right to reside named", "violence in their house"])
def test_one_ordinary_word_speaks_to_a_point_only_beside_its_matter(graph, q, on):
    from core.assemble import question_stems
    from core.on_point import speaks_to
    from core.settled_points import _aliases, settled_points

    p = next(x for x in settled_points(graph) if SATISH in (x.settler, *_aliases(graph, x.settler)))
    assert bool(speaks_to(graph, p, q, question_stems(q))) is on


def test_an_ordinary_heading_word_names_no_matter(graph):
    """ "record" heads s.65B ("electronic record") but every field of the statute book uses it: a question on
    recording a call, whose one word toward Arjun Panditrao Khotkar's point is "without", is not that point."""
    from core.assemble import question_stems
    from core.on_point import speaks_to
    from core.settled_points import _aliases, settled_points

    arjun = "CASE:arjun-panditrao-khotkar-2020"
    p = next(x for x in settled_points(graph) if arjun in (x.settler, *_aliases(graph, x.settler)))
    q = "May I secretly record a phone call with my boss without telling him?"
    assert not speaks_to(graph, p, q, question_stems(q))
