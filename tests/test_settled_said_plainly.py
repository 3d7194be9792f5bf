"""Settled points said plainly, in the three ways people type them (issue 23).

doctrine.json settled_points ``asks``: Vineeta Sharma's point is a daughter's share beside her brothers in the
family's property ("the land", "khandani zameen"), said with neither "coparcener" nor the 2005 amendment;
Arjun Panditrao Khotkar's an electronic record, the certificate and whether the court takes it; Gian Kaur's
the taking of one's own life claimed as a right, in any order ("khudkushi karne ka adhikar"); Laxman's a
statement made before death; Joseph Shine's a police case against the other man. ``requires`` keeps Dashrath
Rupsingh Rathod's point (where a cheque complaint lies) to a question that asks a place. R.C. Cooper's English
wordings count toward its meaning where its groups are all said (core.settled_points._near). Questions here
are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

import json

import pytest

from core.settled_points import in_scope
from tests.support.settled import assert_says_only, doctrine_points, pack_point

SAID = [
    # a daughter's share in the family's (ancestral) property
    ("Our ancestral farm was never partitioned. Can my sister claim an equal share with my brothers?", "vineeta"),
    ("दादाजी की पुश्तैनी जायदाद में क्या बहन को भी भाइयों के बराबर हिस्सा मिलेगा?", "vineeta"),
    ("khandani makaan mein beti ka hissa banta hai kya, pitaji to pehle hi guzar gaye?", "vineeta"),
    # an electronic record, the certificate, and the court taking it
    ("Will the judge accept a printout of my emails without any certificate?", "arjun-panditrao"),
    ("कॉल की रिकॉर्डिंग के साथ प्रमाणपत्र नहीं है, क्या अदालत उसे सबूत मानेगी?", "arjun-panditrao"),
    ("cctv footage bina certificate ke saboot mein chalegi kya?", "arjun-panditrao"),
    # taking one's own life, claimed as a right
    ("Is killing myself something the Constitution gives me a right to?", "gian-kaur"),
    ("क्या आत्महत्या करना किसी का मौलिक अधिकार है?", "gian-kaur"),
    ("khudkushi karne ka adhikar kanoon deta hai kya?", "gian-kaur"),
    # a statement before death, without the doctor's word on fitness
    (
        "My mother told the police what happened before she died; no doctor certified she was fit. Is that statement valid?",
        "laxman",
    ),
    # a police case against the other man
    ("meri patni ka kisi dusre aadmi se chakkar hai, kya us par fir ho sakti hai?", "joseph-shine"),
    # the house is the in-laws', not the husband's
    ("My father-in-law says the flat is his and wants to evict me. Can he?", "satish-chander"),
    # the same fields, another question: no point
    ("What is the share of a widow in her husband's self-acquired house?", None),
    ("Who signs the certificate for a company's computer records?", None),
    ("My son committed suicide after harassment. What are my rights?", None),
    ("आत्महत्या के लिए उकसाने की सज़ा क्या है?", None),
    ("Who may record a statement of a dying person?", None),
    ("pati ka kisi aur se affair hai, kya talaq mil sakta hai?", None),
    ("My in-laws took my jewellery. How do I get it back?", None),
    ("bhai ne papa ki khud ki kamai wali property bech di, kya main rok sakti hoon?", None),
]


@pytest.mark.parametrize("q,by", SAID, ids=[str(i) for i in range(len(SAID))])
def test_a_point_said_plainly_names_that_point_and_no_other(q, by):
    assert_says_only(q, by)


DASHRATH = "CASE:dashrath-rupsingh-rathod-2014"


@pytest.mark.parametrize(
    "q,on",
    [
        ("In which city's court do I file my cheque bounce complaint?", True),
        ("चेक बाउंस का केस कहाँ दायर करूँ?", True),
        ("cheque bounce ka case kis shahar ki court mein hoga?", True),
        ("My bank is in Pune and theirs in Delhi: can I file the cheque case in Pune?", True),
        ("एक ही चेक दूसरी बार लौटा, क्या नए नोटिस पर मुकदमा हो सकता है?", False),
        ("Does the court presume a debt when a cheque bounces?", False),
    ],
)
def test_where_a_cheque_complaint_lies_is_the_point_only_when_a_place_is_asked(q, on):
    assert in_scope(pack_point(DASHRATH), q) is on


def test_the_place_scope_cites_the_amended_section_in_the_corpus(corpus_dir):
    """The scope source rests on s.142(2) NI Act as amended (the payee's bank branch); the corpus reprint says it."""
    point = doctrine_points()[DASHRATH]
    assert "s.142(2)" in point["scope_source"] and "nia_current.json" in point["scope_source"]
    rows = json.loads((corpus_dir / "statutes" / "india_code_reprints" / "nia_current.json").read_text("utf-8"))
    rows = rows if isinstance(rows, list) else rows["sections"]
    text = next(r["text"] for r in rows if str(r["section"]) == "142")
    assert "branch of the bank where the payee" in " ".join(text.split())


def test_a_point_said_in_all_its_groups_is_near_with_its_english_wordings(graph):
    """R.C. Cooper's recorded texts are one line each; with its English wordings a question that says every
    group is near enough (the words and e5 must still agree)."""
    from core.assemble import question_stems
    from core.settled_points import _aliases, point_asked

    q = "If a law curtails my liberty, is passing Article 21 enough, or must it also meet Articles 14 and 19?"
    got = point_asked(graph, q, question_stems(q))
    assert got is not None and any("rc-cooper" in a for a in {got.settler, *_aliases(graph, got.settler)})
