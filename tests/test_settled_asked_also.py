"""Arjun Panditrao Khotkar's point asked without the certificate (issue 23, doctrine.json ``asks_also``).

People rarely name the s.65B(4) IEA / s.63(4) BSA certificate: they ask whether the court will accept the
printout of an email, a screenshot of a chat, a CD or a pen-drive copy of a recording, or what more it needs.
Khotkar held that a copy of an electronic record is admitted only with that certificate (cases.json
holding_en), so such a question asks its point. The other set of groups says it: a copy by its everyday
name, the court or evidence, and whether it is accepted or enough. A question that only has a screenshot
in it (a threat to report, a phone stolen) does not. Questions here are written for these tests, not taken
from any evaluation set.
"""

from __future__ import annotations

import json

import pytest

from tests.support.settled import assert_says_only, doctrine_points, said_by

KHOTKAR = "CASE:arjun-panditrao-khotkar-2020"


SAYS = [
    ("My landlord's emails are my proof. Is a printout of them enough for the court?", KHOTKAR),
    ("Will the judge accept screenshots of the chats my sister sent me?", KHOTKAR),
    ("The video is on a CD now. Can I produce the CD copy as evidence?", KHOTKAR),
    ("चैट का स्क्रीनशॉट अदालत में सबूत माना जाएगा?", KHOTKAR),
    ("ईमेल का प्रिंटआउट कोर्ट में काफी है या कुछ और भी देना पड़ेगा?", KHOTKAR),
    ("recording ki copy pen drive mein hai, court mein saboot chalega kya?", KHOTKAR),
    ("email ka print out judge maanega kya saboot ke roop mein?", KHOTKAR),
    ("instagram post ka screenshot court mein saboot banega kya?", KHOTKAR),
    # a copy in the story, not asked of as evidence: no point
    ("He sent me threats on WhatsApp and I took screenshots. Is threatening someone a crime?", None),
    ("मेरा फोन चोरी हो गया, उसमें सारे स्क्रीनशॉट थे, FIR कैसे करूँ?", None),
    ("screenshot leke police ko complaint di hai, ab aage kya hoga?", None),
    # the statute's own text next to the point stays out (not_when)
    ("Which section covers a printout of an email being accepted as evidence in court?", None),
    ("Who signs the paper for a CD copy so the court will accept it?", None),
]


@pytest.mark.parametrize("q,by", SAYS, ids=[str(i) for i in range(len(SAYS))])
def test_khotkar_asked_without_the_certificate_and_the_stories_with_a_copy_in_them(q, by):
    said = said_by(q)
    assert said == ([by] if by else []), said


def test_asks_also_is_sourced_and_quotes_the_section():
    p = doctrine_points()[KHOTKAR]
    assert p["asks_also"] and p["asks_also_source"]
    assert all(len(groups) >= 3 for groups in p["asks_also"])  # a copy, the court, accepted: never fewer
    assert all(p.get("asks_also_source") for p in doctrine_points().values() if p.get("asks_also"))


def test_the_asks_also_source_quotes_the_corpus(corpus_dir):
    quoted = "printed on paper, stored, recorded or copied in optical or magnetic media"
    assert quoted in " ".join(doctrine_points()[KHOTKAR]["asks_also_source"].split())
    rows = json.loads((corpus_dir / "statutes/new_codes/bsa_sections_from_met4l.json").read_text(encoding="utf-8"))
    row = next(r for r in rows if str(r.get("section")) == "63")
    assert quoted in " ".join(str(row.get("text") or "").split())


# other points' lay words added beside (doctrine.json asks / requires): the verb form, the couple said plainly
LAY = [
    ("Could my husband's girlfriend be jailed for adultery?", "joseph-shine"),
    ("Is it legal for two men to live together as a couple?", "navtej"),
    ("ladki ladki ka rishta kya jurm hai?", "navtej"),
    ("Two men beat me up and I was jailed for fighting back. Is that legal?", None),
]


@pytest.mark.parametrize("q,by", LAY, ids=[str(i) for i in range(len(LAY))])
def test_lay_words_of_other_points(q, by):
    assert_says_only(q, by)
