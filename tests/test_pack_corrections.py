"""Issue 10 §7: corrections to the India pack, checked against the pack files and the statute corpus.

Pure data; the corpus checks skip when the corpus is absent (same index as test_problems_pack).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_problems_pack import DEVANAGARI, corpus_dir, corpus_index, missing_numbers, provision_key

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"


def _load(name: str):
    return json.loads((PACK / name).read_text(encoding="utf-8"))


FLOWS = {f["id"]: f for f in _load("procedures.json")["flows"]}
STEPS = [s for f in FLOWS.values() for s in f["steps"]]
TERMS = {t["id"]: t for t in _load("glossary.json")["terms"]}
EDGES = _load("doctrine.json")["edges"]
CASES = {c["id"]: c for c in _load("cases.json")["cases"]}


@pytest.fixture(scope="module")
def corpus() -> dict[str, str]:
    if corpus_dir() is None:
        pytest.skip("corpus not found")
    return corpus_index()


def _steps_with(basis: str) -> list[dict]:
    return [s for s in STEPS if basis in s["basis"]]


def test_anticipatory_bail_bar_covers_all_of_bns_65_and_70_2(corpus):
    text = corpus[provision_key("BNSS:482")]
    assert "section 65 and sub-section (2) of section 70" in text
    bar = [s for s in FLOWS["anticipatory-bail"]["steps"] if "482(4)" in s["source"]]
    assert bar, "no step for BNSS s.482(4)"
    d = bar[0]["description_en"].lower()
    assert "sixteen" in d and "twelve" in d and "eighteen" in d, d
    assert "सोलह" in bar[0]["description_hi"] and "बारह" in bar[0]["description_hi"]
    bns65 = corpus[provision_key("BNS:65")].lower()
    assert "under sixteen years" in bns65 and "under twelve years" in bns65
    assert "under eighteen years" in corpus[provision_key("BNS:70")].lower()


def test_bailable_and_summons_case_clauses(corpus):
    bnss2 = corpus[provision_key("BNSS:2")]
    assert re.search(r"\(c\)\s*“bailable offence”", bnss2)
    assert re.search(r"\(x\)\s*“summons-case”", bnss2)
    assert "2(1)(c)" in TERMS["TERM:bailable-offence"]["source"]
    assert "2(1)(c)" in TERMS["TERM:non-bailable-offence"]["source"]
    assert "2(1)(x)" in TERMS["TERM:summons-case"]["source"]
    assert "2(1)(c)" in next(s for s in FLOWS["bail"]["steps"] if "BNSS:2" in s["basis"])["source"]
    blob = json.dumps([FLOWS, TERMS], ensure_ascii=False)
    assert not re.search(r"BNSS s\.2\(1\)\((?:b|w)\)", blob)


def test_bail_flow_follows_bnss_480_and_479(corpus):
    assert "if such person is a child or is a woman" in corpus[provision_key("BNSS:480")]
    bail = FLOWS["bail"]["steps"]
    assert not any(re.search(r"under 16|under sixteen", s["description_en"], re.I) for s in bail)
    assert any("child" in s["description_en"] for s in bail if "BNSS:480" in s["basis"])
    s479 = next(s for s in bail if "BNSS:479" in s["basis"])
    assert "more than one offence" in s479["description_en"] and "479(2)" in s479["source"]
    assert "more than one offence or in multiple cases" in corpus[provision_key("BNSS:479")]


@pytest.mark.parametrize(
    "basis,words",
    [
        ("BNSS:35", ("sixty", "three years", "Deputy Superintendent")),
        ("BNSS:37", ("designated police officer", "control room")),
        ("BNSS:179", ("sixty", "fifteen", "reside")),
        ("BNSS:514", ("six months", "one year", "three years")),
        ("BNSS:173", ("woman police officer", "videographed")),
    ],
)
def test_new_procedure_facts(basis, words, corpus):
    text = " ".join(s["name_en"] + " " + s["description_en"] for s in _steps_with(basis))
    for w in words:
        assert w.lower() in text.lower(), (basis, w)
    src = corpus[provision_key(basis)].lower()
    for w in words:
        assert w.split()[0].lower() in src, (basis, w)


def test_bns_106_2_not_in_force(corpus):
    """One home for the fact: the act registry's known_defects (the verifier turns it into a notice)."""
    acts = json.loads((PACK / "acts.json").read_text(encoding="utf-8"))["acts"]
    bns = next(a for a in acts if a["code"] == "BNS")
    item = next(d for d in bns["known_defects"] if d["id"] == "bns106_2_not_in_force")
    assert item["provisions"] == ["106"] and "S.O. 850(E)" in item["source"]
    assert "(2) Whoever causes death" in corpus[provision_key("BNS:106")]
    assert not missing_numbers(item["note_en"].replace("1 July 2024", ""), [corpus[provision_key("BNS:106")]])
    term = TERMS["TERM:hit-and-run"]
    assert "not been brought into force" in term["definition_en"] and "S.O. 850(E)" in term["source"]


def test_conflicts_with_edges_run_forward_and_do_not_repeat_overrules():
    over = {frozenset((e["from"], e["to"])) for e in EDGES if e["rel"] == "OVERRULES"}
    for e in EDGES:
        if e["rel"] != "CONFLICTS_WITH":
            continue
        a, b = CASES[e["from"]], CASES[e["to"]]
        if a.get("year") and b.get("year"):
            assert a["year"] >= b["year"], ("CONFLICTS_WITH must run from the later case", e["from"], e["to"])
        assert frozenset((e["from"], e["to"])) not in over, ("duplicates OVERRULES", e["from"], e["to"])


def test_caveats_on_holdings_no_longer_the_whole_law(corpus):
    for cid in ("CASE:lalita-kumari-2013", "CASE:navtej-singh-johar-2018"):
        cav = CASES[cid].get("caveat")
        assert isinstance(cav, dict) and cav["en"].strip() and DEVANAGARI.search(cav["hi"]) and cav["source"].strip(), (
            cid
        )
    lk = CASES["CASE:lalita-kumari-2013"]["caveat"]["en"]
    assert not missing_numbers(lk.replace("1 July 2024", ""), [corpus[provision_key("BNSS:173")]])
    assert "173(3)" in lk
    assert "377" in CASES["CASE:navtej-singh-johar-2018"]["caveat"]["en"]
    bns = [v for k, v in corpus.items() if k.startswith("BNS:")]
    assert not any("against the order of nature" in t for t in bns), "BNS now has an IPC 377 counterpart?"
