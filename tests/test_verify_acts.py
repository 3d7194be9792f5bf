"""The verifier on the civil, family and procedure Acts (issue 10 s.1, s.5): one row per behaviour,
against the real graph built from the corpus."""

from __future__ import annotations

import json

import pytest

from core.language.templates import render
from core.verify import Verifier, defect_notices

# (text, expected verdict, [(citation text fragment, status, node_id or None, current or None)])
CASES = [
    (
        "A woman can apply to the Magistrate for relief under Section 12 of the DV Act.",
        "VALID",
        [("12", "verified", "PWDVA:12", None)],
    ),
    ("Section 12(1) PWDVA: an application to the Magistrate.", "VALID", [("12", "verified", "PWDVA:12", None)]),
    (
        "घरेलू हिंसा अधिनियम की धारा 12 के तहत मजिस्ट्रेट को आवेदन दिया जा सकता है।",
        "VALID",
        [("12", "verified", "PWDVA:12", None)],
    ),
    ("A divorce by mutual consent is granted under Section 13B HMA.", "VALID", [("13B", "verified", "HMA:13B", None)]),
    (
        "Violation of privacy is punished under Section 66E of the IT Act.",
        "VALID",
        [("66E", "verified", "ITA:66E", None)],
    ),
    ("Section 66A of the IT Act punishes offensive messages.", "INVALID", [("66A", "struck_down", "ITA:66A", None)]),
    (
        "A temporary injunction may be granted under Order XXXIX Rule 1 CPC.",
        "VALID",
        [("XXXIX", "verified", "CPC:Order XXXIX Rule 1", None)],
    ),
    (
        "A temporary injunction may be granted under Order 39 Rule 1 of the CPC.",
        "VALID",
        [("39", "verified", "CPC:Order XXXIX Rule 1", None)],
    ),
    (
        "A temporary injunction may be granted under O. XXXIX R. 1 CPC.",
        "VALID",
        [("XXXIX", "verified", "CPC:Order XXXIX Rule 1", None)],
    ),
    (
        "आदेश 39 नियम 1 CPC के तहत अस्थायी निषेधाज्ञा मिल सकती है।",
        "VALID",
        [("39", "verified", "CPC:Order XXXIX Rule 1", None)],
    ),
    ("Order LX Rule 1 CPC says so.", "INVALID", [("LX", "nonexistent", None, None)]),
    ("Order XXXIX Rule 99 CPC says so.", "INVALID", [("XXXIX", "unindexed", None, None)]),
    (
        "A suit for which no period is provided elsewhere has three years under Article 113 of the Limitation Act.",
        "VALID",
        [("113", "verified", "LIMITATION:Schedule Article 113", None)],
    ),
    (
        "Article 113 of the Schedule to the Limitation Act gives three years when the right to sue accrues.",
        "VALID",
        [("113", "verified", "LIMITATION:Schedule Article 113", None)],
    ),
    (
        "परिसीमा अधिनियम की अनुसूची का अनुच्छेद 113 तीन वर्ष देता है।",
        "VALID",
        [("113", "verified", "LIMITATION:Schedule Article 113", None)],
    ),
    ("Article 200 of the Limitation Act says so.", "INVALID", [("200", "nonexistent", None, None)]),
    (
        "Delay in an appeal can be condoned for sufficient cause under Section 5 of the Limitation Act.",
        "VALID",
        [("5", "verified", "LIMITATION:5", None)],
    ),
    ("Section 113 of the Limitation Act says so.", "INVALID", [("113", "nonexistent", None, None)]),
    (
        "A tribunal can order maintenance for senior citizens under Section 9 of the Senior Citizens Act.",
        "VALID",
        [("9", "verified", "MWPSC:9", None)],
    ),
    (
        "Free legal services are for the persons listed in Section 12 of the Legal Services Authorities Act.",
        "VALID",
        [("12", "verified", "LSA:12", None)],
    ),
    (
        "The court may release an offender on probation of good conduct under Section 4 of the Probation of "
        "Offenders Act.",
        "VALID",
        [("4", "verified", "POA:4", None)],
    ),
    (
        "The police officer shall issue a notice of appearance under Section 41A CrPC.",
        "OBSOLETE",
        [("41A", "superseded", "CRPC:41A", "BNSS:35")],
    ),
    (
        "The court may order interim compensation under Section 143A of the NI Act.",
        "VALID",
        [("143A", "verified", "NIA:143A", None)],
    ),
    ("Section 2 of the NI Act repealed older enactments.", "OBSOLETE", [("2", "omitted", "NIA:2", None)]),
    (
        "Section 23 of the Hindu Succession Act is a special provision respecting dwelling houses.",
        "OBSOLETE",
        [("23", "omitted", "HSA:23", None)],
    ),
    (
        "A coparcener's interest in Mitakshara coparcenary property devolves under Section 6 of the Hindu "
        "Succession Act.",
        "VALID",
        [("6", "verified", "HSA:6", None)],
    ),
]


@pytest.fixture(scope="module")
def verifier(graph):
    return Verifier(graph)


@pytest.mark.parametrize("text,verdict,expected", CASES, ids=[c[0][:45] for c in CASES])
def test_verify_table(verifier, text, verdict, expected):
    res = verifier.verify(text)
    assert res.verdict == verdict, res.to_dict()
    for frag, status, node_id, current in expected:
        match = [c for c in res.citations if frag in c.text]
        assert match, (frag, res.to_dict())
        c = match[0]
        assert c.status == status, c.to_dict()
        if node_id:
            assert c.node_id == node_id
        if current:
            assert current in (c.current or "")
        assert text[c.start : c.end] == c.text


def test_schedule_article_json(verifier):
    res = json.loads(
        json.dumps(verifier.verify("Article 113 of the Limitation Act applies.", check_support=False).to_dict())
    )
    c = res["citations"][0]
    assert (c["number"], c["act"], c["kind"], c["status"]) == (
        "Schedule Article 113",
        "LIMITATION",
        "article",
        "verified",
    )
    assert c["node_id"] == "LIMITATION:Schedule Article 113" and "Constitution" not in (c["title"] or "")


def test_order_rule_json(verifier):
    c = verifier.verify("Order 39 Rule 1 of the CPC applies.", check_support=False).to_dict()["citations"][0]
    assert (c["number"], c["act"], c["status"]) == ("Order XXXIX Rule 1", "CPC", "verified")


def test_hsa6_carries_the_fixed_notice(verifier):
    res = verifier.verify("Section 6 of the Hindu Succession Act.", check_support=False)
    c = res.citations[0]
    assert (c.status, c.notice) == ("verified", "hsa6_pre2005") and "2005" in c.note
    assert defect_notices(res.citations, "en") == [render("hsa6_pre2005", "en")]
    assert defect_notices(res.citations, "hi") == [render("hsa6_pre2005", "hi")]
    other = verifier.verify("Section 8 of the Hindu Succession Act.", check_support=False).citations[0]
    assert other.status == "verified" and other.notice is None


def test_struck_down_names_shreya_singhal(verifier):
    c = verifier.verify("Section 66A of the IT Act.", check_support=False).citations[0]
    assert c.status == "struck_down" and "Shreya Singhal" in c.note


def test_limitation_section_beyond_32_points_to_the_schedule(verifier):
    c = verifier.verify("Section 113 of the Limitation Act.", check_support=False).citations[0]
    assert c.status == "nonexistent" and "Article 113, Limitation Act Schedule" in c.note


def test_omitted_names_the_amending_act(verifier):
    c = verifier.verify("Section 24 of the Hindu Succession Act.", check_support=False).citations[0]
    assert c.status == "omitted" and "Hindu Succession (Amendment) Act, 2005" in c.note
