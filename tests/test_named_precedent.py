"""A question that names a judgment of a settled dispute (the one overruled, one resolved, or the settling one)
asks whether it is still the law: the answer is the settled point's, with the fixed settled notice and the
settling judgment cited (core.named_precedent, issue 23). Before, "Is K. Bhaskaran still good law ..." was
answered with NI Act s.6 (the definition of a cheque), and "Suresh Kumar Koushal ka faisla ab bhi lagu hai
kya?" with BNS s.15 (a judge's act). A question on the judgment's own facts (its bench, its year) asks no point.
A one-word name that is also a person's ("Laxman") counts only beside a
word that says a judgment; names that describe ("habeas corpus case") and judgments two steps away ("Afzal
Guru", Navjot Sandhu, overruled by Anvar P.V.) are not read. A name written in Devanagari is read by its
consonants beside a judgment word ("फुलावती वाला फैसला"). Questions written for this test."""

from __future__ import annotations

import pytest

from core.named_precedent import _name_forms, _skeleton, named_point

ASKED = [
    ("Is K. Bhaskaran still good law on where a cheque case is filed?", "CASE:INSC-2014-514"),
    ("Suresh Kumar Koushal ka faisla ab bhi lagu hai kya?", "CASE:INSC-2018-790"),
    (
        "A.K. Gopalan read each fundamental right on its own; do courts still test a law that way?",
        "CASE:rc-cooper-1970",
    ),
    ("my lawyer keeps quoting the Salauddin case, does anticipatory bail still have to be for a fixed time?",
     "CASE:INSC-2020-106"),
    # named in Devanagari, with the matter in the question's own words
    ("बेटी के हिस्से पर फुलावती वाला फैसला अब भी लागू है क्या?", "CASE:INSC-2020-487"),
    ("चेक बाउंस केस कहाँ दायर हो, इस पर भास्करन वाला फैसला अब भी मान्य है?", "CASE:INSC-2014-514"),
    ("समलैंगिक संबंधों पर कौशल केस अब भी लागू है क्या?", "CASE:INSC-2018-790"),
]  # fmt: skip

NOT_ASKED = [
    "Laxman ne mujhe 50000 ka cheque diya tha jo bounce ho gaya, case kaise karu?",
    "Afzal Guru ko kab faansi hui thi?",
    "mere bhai ke liye habeas corpus case file karna hai, kaise karein?",
    "Is K. Bhaskaran or Suresh Kumar Koushal the older judgment?",  # two disputes named: neither point
    # the judgment's own facts, not whether it is still the law
    "How many judges decided the K. Bhaskaran case and in which year?",
    "Which year was the Golak Nath case decided, and what is prospective overruling?",
    # a person's name in Devanagari, and a judgment's own facts
    "मेरे भाई प्रकाश केस लड़ रहे हैं, क्या करें?",
    "रंगप्पा केस कितने जजों ने सुना?",
]


@pytest.mark.parametrize("q,settler", ASKED)
def test_a_judgment_named_asks_its_settled_point(graph, q, settler):
    p = named_point(graph, q)
    assert p is not None and p.settler == settler, p


@pytest.mark.parametrize("q", NOT_ASKED)
def test_a_name_that_is_not_a_judgment_of_one_dispute_asks_nothing(graph, q):
    assert named_point(graph, q) is None


def test_descriptive_names_are_left_out():
    assert _name_forms("Habeas Corpus case") == set()
    assert _name_forms("Section 377 case") == set()
    assert ("k", "bhaskaran") in _name_forms("K. Bhaskaran v. Sankaran Vaidhyan Balan")


@pytest.mark.parametrize(
    "english,transliterated",
    [("phulavati", "fulavti"), ("bhaskaran", "bhaskran"), ("koushal", "kaushal"), ("laxman", "lakshman")],
)
def test_a_name_and_its_transliteration_share_their_consonants(english, transliterated):
    assert _skeleton(english) == _skeleton(transliterated)


@pytest.mark.parametrize("q,settler", ASKED[:2])
def test_the_answer_gives_the_settled_notice_and_cites_the_settler(pipe, q, settler):
    r = pipe.ask(q)
    assert r.status == "answer", r.answer[:200]
    assert settler in {c.node_id for c in r.citations}
    assert any("settled by" in n or "तय कर दिया" in n or "tay kar diya" in n for n in r.notices), r.notices
