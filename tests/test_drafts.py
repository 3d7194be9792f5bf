"""Drafted documents (issue 22) on the real graph: every kind in both languages as DOCX and PDF, opened
again and read (python-docx, pypdf); missing facts listed and no file; bad facts refused; every citation
verified for the facts' date; the Hindi PDF drawn as shaped Devanagari (rasterised, when poppler is
installed)."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date

import pytest

from core.drafts import DraftError, kinds, make, offer_for
from core.drafts.render import script_runs, write

TODAY = date(2026, 12, 2)

FACTS = {
    "cheque_notice": {
        "payee_name": "Ramesh Kumar",
        "payee_address": "12 Gandhi Nagar, Jaipur",
        "drawer_name": "Suresh Singh",
        "drawer_address": "45 MG Road, Jaipur",
        "cheque_number": "004512",
        "cheque_date": "2026-10-20",
        "bank_name": "State Bank of India, MI Road",
        "amount": "Rs. 1,50,000",
        "debt": "repayment of a hand loan",
        "reason": "funds insufficient",
        "returned_on": "2026-11-10",
    },
    "dv_application": {
        "aggrieved_name": "Sunita Devi",
        "aggrieved_address": "Ward 7, Patna",
        "respondent_name": "Rajesh Prasad",
        "relationship": "husband",
        "shared_household": "House 21, Kankarbagh, Patna",
        "incidents": "He beat me on 3 November 2026 and threw me out on 20 November 2026.",
        "reliefs": ["protection", "residence", "monetary"],
        "monthly_amount": 8000,
        "children": "Anu, 6",
        "court_place": "Patna",
    },
    "police_complaint": {
        "complainant_name": "Mohan Lal",
        "complainant_address": "Sector 4, Rohini, Delhi",
        "police_station": "Rohini North",
        "incident_date": "last Monday",
        "incident_place": "Rohini market",
        "what_happened": "My motorcycle DL8S 1234 was stolen from outside my shop.",
    },
    "senior_maintenance": {
        "applicant_name": "Kamla Bai",
        "age": "72",
        "applicant_address": "Village Rampur, Indore",
        "respondent_names": "Vijay and Ajay",
        "relationship": "sons",
        "neglect": "They took my house in 2025 and stopped giving money for food and medicine.",
        "monthly_amount": "6,000",
    },
    "legal_aid": {
        "applicant_name": "Farida Khan",
        "applicant_address": "Bandra East, Mumbai",
        "district": "Mumbai Suburban",
        "matter": "maintenance case against my husband",
        "ground": "woman",
    },
    "bail_application": {
        "accused_name": "Rahul Verma",
        "applicant_name": "Sarita Verma (mother)",
        "fir_number": "245/2026",
        "police_station": "Kotwali",
        "offences": "Section 303(2) BNS",
        "arrested_on": "2026-11-28",
        "offence_kind": "non_bailable",
        "grounds": "first offence, a student, the mother depends on him",
    },
}

# a fact each document must show, and the node ids it must cite
MUST = {
    "cheque_notice": ("Suresh Singh", "004512", {"NIA:138", "NIA:142"}),
    "dv_application": ("Sunita Devi", "Rajesh Prasad", {"PWDVA:12", "PWDVA:18", "PWDVA:19"}),
    "police_complaint": ("Mohan Lal", "Rohini North", {"BNSS:173", "BNSS:175"}),
    "senior_maintenance": ("Kamla Bai", "Vijay and Ajay", {"MWPSC:5", "MWPSC:9"}),
    "legal_aid": ("Farida Khan", "Mumbai Suburban", {"LSA:12", "LSA:13"}),
    "bail_application": ("Rahul Verma", "245/2026", {"BNSS:480", "BNSS:483"}),
}


def test_the_six_kinds_are_listed_with_their_facts():
    got = {k.id: k for k in kinds()}
    assert set(got) == set(FACTS)
    for k in got.values():
        assert k.facts and all(f.type in ("date", "amount", "text", "choice") for f in k.facts)
        assert all(f.prompt_en and f.prompt_hi for f in k.facts)
    assert {k.id for k in offer_for(["PROB:cheque_bounce"])} == {"cheque_notice"}


@pytest.mark.parametrize("lang", ["en", "hi"])
@pytest.mark.parametrize("kind", list(FACTS))
def test_every_kind_in_both_languages_as_docx_and_pdf(graph, tmp_path, kind, lang):
    from docx import Document as Docx
    from pypdf import PdfReader

    drafted = make(kind, FACTS[kind], lang, graph, TODAY)
    assert drafted.ok, (drafted.missing, drafted.errors)
    doc = drafted.document
    name, other, cites = MUST[kind]
    # every citation verified for the date that governs it, and the ones the document rests on present
    assert {c["node_id"] for c in doc.citations} >= cites
    assert all(c["status"] == "verified" for c in doc.citations), doc.citations
    assert doc.placeholders == doc.body_text().count("[ ........ ]")
    docx_path = write(doc, tmp_path / f"{kind}-{lang}.docx")
    text = "\n".join(p.text for p in Docx(str(docx_path)).paragraphs)
    assert name in text and other in text
    assert ("मसौदा" if lang == "hi" else "DRAFT") in text  # the fixed draft line
    for c in doc.citations:
        assert c["cite"] in text
    pdf_path = write(doc, tmp_path / f"{kind}-{lang}.pdf")
    pdf_text = "\n".join(page.extract_text() for page in PdfReader(str(pdf_path)).pages)
    assert name.split()[0] in pdf_text
    for d in doc.deadlines:
        assert d["due"] in text and d["due"] in pdf_text


def test_the_cheque_notice_computes_its_dates_from_the_bank_memo(graph):
    doc = make("cheque_notice", FACTS["cheque_notice"], "en", graph, TODAY).document
    due = {(d["basis"], d["due"]) for d in doc.deadlines}
    assert ("NIA:138", "2026-12-10") in due  # notice within 30 days of 10 November
    assert ("NIA:142", "2027-01-25") in due  # complaint: one month after the 15 days to pay
    assert "₹1,50,000" in doc.body_text()


def test_a_missing_required_fact_is_listed_and_nothing_is_made(graph):
    facts = dict(FACTS["cheque_notice"])
    del facts["drawer_address"], facts["returned_on"]
    drafted = make("cheque_notice", facts, "hi", graph, TODAY)
    assert not drafted.ok and [m["name"] for m in drafted.missing] == ["drawer_address", "returned_on"]
    assert drafted.missing[0]["prompt"] == "उनका पता (नोटिस वहीं जाएगा)"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"returned_on": "2099-01-01"}, "in the future"),
        ({"amount": "-500"}, "negative"),
        ({"amount": "a lot"}, "not an amount"),
        ({"cheque_date": "sometime"}, "not a date"),
        ({"nonsense": "x"}, "unknown fact"),
    ],
)
def test_bad_facts_are_refused_with_a_clear_reason(graph, change, message):
    with pytest.raises(DraftError, match=message):
        make("cheque_notice", {**FACTS["cheque_notice"], **change}, "en", graph, TODAY)
    with pytest.raises(DraftError, match="unknown document kind"):
        make("no_such_kind", {}, "en", graph, TODAY)


def test_script_runs_keep_devanagari_and_latin_apart():
    assert script_runs("धारा 138 NI Act, रकम ₹500") == [
        ("deva", "धारा 138 "),
        ("latin", "NI Act, "),
        ("deva", "रकम ₹500"),
    ]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) not installed")
def test_the_hindi_pdf_is_drawn_as_shaped_devanagari(graph, tmp_path):
    """Rasterise the Hindi PDF and compare the ink of a conjunct word drawn shaped (HarfBuzz) with the
    same word drawn unshaped: a font without the glyphs or a layout without shaping differs."""
    import numpy as np
    from fpdf import FPDF
    from PIL import Image

    from core.drafts.render import devanagari_font

    def ink(shaped: bool) -> np.ndarray:
        pdf = FPDF(format=(120, 30))
        pdf.set_auto_page_break(False)
        pdf.add_font("deva", "", str(devanagari_font()))
        pdf.set_text_shaping(shaped)
        pdf.add_page()
        pdf.set_font("deva", size=28)
        pdf.set_xy(5, 5)
        pdf.cell(text="न्यायालय")  # cell() and write() shape; text() never does
        p = tmp_path / f"w{int(shaped)}.pdf"
        pdf.output(str(p))
        subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", str(p), str(p.with_suffix(""))], check=True)
        return np.asarray(Image.open(p.with_suffix(".png")).convert("L")) < 128

    shaped, plain = ink(True), ink(False)
    assert shaped.sum() > 200 and (shaped != plain).sum() > 50  # shaping changes what is drawn
    # the document itself renders with shaping on, and its first page has Devanagari ink
    doc = make("cheque_notice", FACTS["cheque_notice"], "hi", graph, TODAY).document
    out = write(doc, tmp_path / "notice.pdf")
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(out), str(tmp_path / "page")], check=True)
    page = np.asarray(Image.open(tmp_path / "page.png").convert("L")) < 128
    assert page.sum() > 5000


def test_cli_draft_list_missing_and_write(built_graph, tmp_path):
    env = {"NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir), "NYAYAPATH_LLM": "extractive"}
    facts = tmp_path / "f.json"
    facts.write_text(json.dumps(FACTS["cheque_notice"]), encoding="utf-8")
    base = [".venv/bin/nyayapath", "draft"]
    import os

    run = lambda *a: subprocess.run([*base, *a], capture_output=True, text=True, env={**os.environ, **env})  # noqa: E731
    listed = json.loads(run("--list", "--json").stdout)
    assert {k["kind"] for k in listed} == set(FACTS) and listed[0]["facts"][0]["prompt"]["hi"]
    out = tmp_path / "n.docx"
    r = run("cheque_notice", "--facts", str(facts), "--out", str(out), "--json", "--lang", "hi")
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert out.exists() and {c["status"] for c in got["citations"]} == {"verified"} and got["deadlines"]
    partial = tmp_path / "p.json"
    partial.write_text(json.dumps({"payee_name": "A"}), encoding="utf-8")
    r = run("cheque_notice", "--facts", str(partial), "--out", str(tmp_path / "x.pdf"))
    assert r.returncode == 2 and "drawer_name" in r.stderr and not (tmp_path / "x.pdf").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    r = run("cheque_notice", "--facts", str(bad), "--out", str(tmp_path / "x.pdf"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "not readable JSON" in r.stderr
    r = run("cheque_notice", "--facts", str(facts), "--out", str(tmp_path / "x.odt"))
    assert r.returncode == 2 and "unknown output format" in r.stderr
