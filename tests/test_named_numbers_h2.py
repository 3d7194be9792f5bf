"""Questions that give a section number are answered with that provision and its new/old-code equivalent
(issue 19, core.numbered): an old number asked with "new section / naya number / नया नंबर", a bare number
in a criminal complaint ("323 ka case", "case under 354", "booked under 109"), a sub-section ("156(3)"),
and a number whose code a word after it gives ("438 ki bail", "27 wali recovery"). Questions that name a
BNS number directly keep answering with it. The questions are written for this test, as people type them."""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.numbered import asks_new_number, bare_numbers, read, sub_sections
from core.provisions import index_for, question_types


@pytest.mark.parametrize(
    "q, numbers, subs",
    [
        ("pados wale ne 323 ka case kiya hai", ["323"], {}),
        ("bhai pe 307 lagi hai", ["307"], {}),
        ("police ne 379 me fir likhi hai", ["379"], {}),
        ("धारा 323, 504 में केस दर्ज है", ["323", "504"], {}),
        ("u/s 323/504/506 ka case", ["323", "504", "506"], {}),
        ("what is the new section for 156(3) complaints", ["156"], {"156": "3"}),
        ("167 (2) default bail", ["167"], {"167": "2"}),
        # no section: a count, an amount, a year, a phone number, the Constitution's article
        ("mujhe 2 saal ka case chal raha hai", [], {}),
        ("1 lakh ka cheque bounce case", [], {}),
        ("the fir was registered in 2021", [], {}),
        ("100 number pe call kiya", [], {}),
        ("article 19(1)(a) kya hai", [], {}),
    ],
)
def test_the_numbers_a_question_gives(q, numbers, subs):
    assert bare_numbers(q) == numbers
    assert sub_sections(q) == subs


@pytest.mark.parametrize(
    "q, asks",
    [
        ("new section number for 498A", True),
        ("धारा 302 का नया नंबर क्या है", True),
        ("sakshya adhiniyam me 27 wali recovery ka naya number", True),
        ("what is the new section for 156(3) complaints", True),
        ("304बी अब कौन सी धारा है", True),
        ("pados wale ne 323 ka case kiya hai", False),
        ("what is the new punishment for murder", False),  # no number
        ("BNS 103 kya hai", False),
    ],
)
def test_a_new_number_asked(q, asks):
    assert asks_new_number(q) is asks
    assert ("renumbered" in question_types(q)) is asks or not asks


@pytest.mark.parametrize(
    "q, named, succ",
    [
        # the everyday problems' offence decides which code's 323 and 354 a complaint means
        ("pados wale ne 323 ka case kiya hai", {"IPC:323"}, {"BNS:115"}),
        ("police registered a case under 354 against him", {"IPC:354"}, {"BNS:74"}),
        # neither reading is an everyday offence: both (BNS s.109 attempt to murder; IPC s.109 abetment)
        ("booked under section 109", {"BNS:109", "IPC:109"}, {"BNS:49"}),
        # the question's words choose: hurt with a knife is IPC s.324 (BNS s.118), not BNS s.324 (mischief)
        ("case under 324 for hurting him with a knife", {"IPC:324"}, {"BNS:118"}),
        # a sub-section only CrPC s.156 has
        ("what is the new section for 156(3) complaints", {"CRPC:156"}, {"BNSS:175"}),
        # the new number asked: the number given is the old code's, whatever code the question names as target
        ("धारा 32 साक्ष्य अधिनियम का नया नंबर बीएसए में", {"IEA:32"}, {"BSA:26"}),
        ("sakshya adhiniyam me 27 wali recovery ka naya number", {"IEA:27"}, {"BSA:23"}),
        ("धारा 302 का नया नंबर क्या है", {"IPC:302"}, {"BNS:103"}),
        # a word after the number gives its code
        ("438 ki bail kaise milegi", {"CRPC:438"}, {"BNSS:482"}),
        # a list with its code after it
        ("booked under sections 323, 504 and 506 IPC", {"IPC:323", "IPC:504", "IPC:506"}, None),
        # a BNS number named directly stays the BNS's
        ("BNS 103 kya hai", {"BNS:103"}, set()),
    ],
)
def test_what_the_numbers_are(graph, q, named, succ):
    idx = index_for(graph)
    got = read(idx, q)
    assert got.named == named, got
    if succ is not None:
        assert got.succ == succ, got


# (question, ids every answer must cite, the first cited)
ASKED = [
    ("dowry death 304B new number in BNS", ["BNS:80", "IPC:304B"], "BNS:80"),
    ("धारा 302 का नया नंबर क्या है", ["BNS:103", "IPC:302"], "BNS:103"),
    ("new sectoin for ipc 354A sexual harrasment", ["BNS:75", "IPC:354A"], "BNS:75"),
    ("evidence act 65B certificate ka new section", ["BSA:63", "IEA:65B"], "BSA:63"),
    ("sakshya adhiniyam me 27 wali recovery ka naya number", ["BSA:23", "IEA:27"], "BSA:23"),
    ("what is the new section number for 498A", ["BNS:85", "IPC:498A"], "BNS:85"),
    ("धारा 32 साक्ष्य अधिनियम का नया नंबर बीएसए में बताइए", ["BSA:26", "IEA:32"], "BSA:26"),
    ("crpc 156(3) ka naya section kya hai", ["BNSS:175", "CRPC:156"], "BNSS:175"),
    ("bhai pe 307 ka case laga hai kya hoga", ["BNS:109", "IPC:307"], None),
    ("police ne 379 me fir likhi hai", ["BNS:303", "IPC:379"], "BNS:303"),
    ("mere bete par 323 ka case hua hai", ["BNS:115", "IPC:323"], "BNS:115"),
    ("case under 324 hurt with knife against my cousin, what is that offence now", ["BNS:118", "IPC:324"], "BNS:118"),
    ("my son is booked under 109, how does he get bail", ["BNS:109"], "BNS:109"),
    # a BNS number named directly
    ("BNS 103 kya hai", ["BNS:103"], "BNS:103"),
    ("what does section 318 of BNS say", ["BNS:318"], "BNS:318"),
    ("धारा 85 बीएनएस क्या है", ["BNS:85"], "BNS:85"),
]


@pytest.mark.parametrize("q, gold, first", ASKED, ids=[q[:40] for q, _, _ in ASKED])
def test_a_numbered_question_is_answered_with_that_provision(pipe, q, gold, first):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status in ("answer", "conflict"), (r.status, r.abstain_reason)
    assert set(gold) <= set(ids), ids
    if first:
        assert ids[0] == first, ids
    assert len(ids) <= 6, ids
