"""Settled points kept off other questions on their matter, and asked in words their asks lacked (issue 23,
Dec 7 batches fresh13 and fresh14). Other questions (doctrine.json ``other_asks``, sourced): whether two men may
marry and protection from threats are not Navtej Singh Johar's s.377; where to complain of a company's data leak
is the IT Act's (s.43A), not Puttaswamy's fundamental right; getting call records out of the phone company and
what a 65B certificate contains are not whether a copy needs it; which petition asks for an early hearing is not
whether a trial ends when a set period runs out; each is the point again when another clause of the question
asks the point itself (their rows are in tests/test_settled_other_asks.py, the sources below). Asked in new words: a brother's wife (bhabhi) and the house in a grandmother's or a
mother-in-law's name (Satish Chander Ahuja); which court has jurisdiction over a bounced cheque (Dashrath Rupsingh
Rathod); Section 497 IPC by number, whose validity is Joseph Shine's and not R.C. Cooper's. Questions are written
for these tests, not taken from any evaluation set."""

from __future__ import annotations

import pytest

from core.settled_points import in_scope, says_point
from tests.support.settled import pack_point

SATISH = "CASE:satish-chander-ahuja-2020"
DASHRATH = "CASE:dashrath-rupsingh-rathod-2014"
SHINE = "CASE:joseph-shine-2018"
COOPER = "CASE:rc-cooper-1970"

SAYS = [
    (SATISH, "Bhabhi puchh rahi hai: ghar dadi ke naam pe hai, bhaiya ka kuch nahi, kya woh wahan reh sakti hai?"),
    (SATISH, "My sister-in-law wants to keep living in our flat, which is in my father's name. Can she?"),
    (
        SATISH,
        "Woh apne pati ke saath uske chacha ke ghar mein rehti hai, chacha kehte hain ghar mera hai, nikal jao. Kya woh reh sakti hai?",
    ),
    (SATISH, "पति के मामा का मकान है, हम वहीं रहते थे, अब मामा कहते हैं निकल जाओ, क्या मैं वहाँ रह सकती हूँ?"),
    (SATISH, "After the fight my husband's mother says his father's house is hers alone and I must leave. Can I stay?"),
    (SATISH, "bahu ne case kiya hai, ghar mere naam pe hai, bete ka koi share nahi, kya bahu yahan reh sakti hai?"),
    (DASHRATH, "चेक बाउंस का केस किस सहर में होगा? चेक मैंने अपने बैंक में जमा किया था।"),
    (DASHRATH, "Cheque bounced. Which court has jurisdiction, the one in my town or in his?"),
    (
        DASHRATH,
        "His cheque on his Jaipur bank bounced in my Ajmer account. Can I file the 138 case in Ajmer or do I have to go to Jaipur?",
    ),
    (DASHRATH, "cheque mere khate me jama kiya tha, bounce ho gaya, case Indore me karu ya Bhopal jaana padega?"),
    (SHINE, "Is Section 497 IPC still constitutionally valid?"),
    (SHINE, "kya IPC ki dhara 497 ab bhi lagu hai?"),
]


@pytest.mark.parametrize("settler,question", SAYS)
def test_new_words_say_the_point(settler, question):
    p = pack_point(settler)
    assert says_point(p, question) and in_scope(p, question)


def test_a_named_ipc_section_s_validity_is_not_r_c_cooper_s_point():
    q = "Is Section 497 IPC valid under Articles 14 and 21 together?"
    assert not in_scope(pack_point(COOPER), q)
    assert says_point(pack_point(SHINE), q)


def test_a_stay_order_is_not_a_right_to_stay():
    assert not says_point(pack_point(SATISH), "My sister-in-law got a stay order on the sale of my father's house.")


@pytest.mark.parametrize(
    "path,quoted",
    [
        # marriage under the Special Marriage Act still speaks of the male and the female
        ("statutes/civil_family/sma.json", "the male has completed the age of twenty-one years and the female"),
        # the decision on same-sex marriage, not held in the graph
        ("cases/sc_index_1990_2025.csv", "SUPRIYO @ SUPRIYA CHAKRABORTY & ANR versus UNION OF INDIA"),
        # a company's data leak: compensation under the IT Act
        ("statutes/civil_family/ita.json", "Compensation for failure to protect data"),
        # what the 65B certificate contains is the section's own text
        ("statutes/old_codes/iea.json", "identifying the electronic record containing the statement"),
    ],
)
def test_the_law_the_other_matters_rest_on_says_so(corpus_dir, path, quoted):
    assert quoted in (corpus_dir / path).read_text(encoding="utf-8")
