"""The intake end to end without the graph: PDF text layer, scans, bad inputs, caps, metadata."""

from __future__ import annotations

import pytest

from graph_schema.intake import pipeline as P
from graph_schema.intake.errors import IntakeError
from graph_schema.intake.pdf import read_pdf
from tests.intake_support import CORPUS, NER, build_dev, build_valid, have_corpus, make_pdf, paginate

pytestmark = pytest.mark.skipif(not have_corpus(), reason="corpus judgments not available")


def analyse(data: bytes, name: str = "t.txt"):
    return P.analyse(data, name, features="lex", embed=False)


def test_pdf_text_layer_of_a_real_judgment():
    text = build_valid(1)  # Babu v. State of Karnataka, Karnataka High Court (Gulbarga), 22 Feb 2013
    pdf = make_pdf(paginate(text, header="Crl.A. No.3532/2012"))
    got = read_pdf(pdf, P.MAX_PAGES)
    assert got.pages == got.pages_read >= 3 and got.chars_per_page > 1000
    it = analyse(pdf, "babu.pdf")
    md = it.metadata
    assert it.kind == "pdf" and it.cleaning["removed"]["page_numbers"] >= 3
    assert md.court_code == "HC-KARNATAKA"
    assert [j.name for j in md.judges] == ["Anand Byrareddy"]
    assert md.decision_date.value == "2013-02-22" and md.decision_date.confidence >= 0.9
    assert md.case_number.value.upper() == "CRIMINAL APPEAL NO.3532 OF 2012"
    assert md.petitioners()[0].name == "Babu" and md.respondents()[0].name == "State of Karnataka"
    assert {"IPC:498A", "IPC:306"} <= {s["key"] for s in md.sections}
    assert it.signals["is_judgment"] and len(it.passages) >= 3
    assert set(it.roles[:3]) == {"PREAMBLE"} and "PREAMBLE" not in it.roles[-3:]


def test_blank_page_pdf_is_refused_as_a_scan():
    pdf = make_pdf([[], [], []])
    with pytest.raises(IntakeError) as exc:
        read_pdf(pdf, P.MAX_PAGES)
    assert exc.value.code == "scanned_pdf" and "no text layer" in exc.value.message
    res = P.add_judgment("scan.pdf", data=pdf, features="lex")
    assert res["status"] == "refused" and res["code"] == "scanned_pdf"


def test_a_500_page_pdf_is_capped_with_a_message():
    text = build_valid(1)
    pages = paginate(text, header="Crl.A. No.3532/2012")
    pdf = make_pdf((pages * (500 // len(pages) + 1))[:500])
    it = analyse(pdf, "long.pdf")
    assert it.cleaning["pages"] == 500 and it.cleaning["pages_read"] == P.MAX_PAGES
    assert any(m.startswith(f"capped: read the first {P.MAX_PAGES} of 500 pages") for m in it.messages)
    assert len(it.text) <= P.MAX_CHARS


def test_a_huge_text_file_is_capped():
    text = build_valid(1)
    data = ("\n\n".join([text] * (P.MAX_CHARS // len(text) + 3))).encode()
    it = analyse(data, "huge.txt")
    assert len(it.text) <= P.MAX_CHARS and any("capped: kept the first" in m for m in it.messages)


@pytest.mark.parametrize(
    "data,code", [(b"", "empty"), (b"   \n\n \t\n", "empty"), (bytes(range(256)) * 40, "not_text")]
)
def test_empty_and_binary_files_are_refused(data, code):
    res = P.add_judgment("x.txt", data=data, features="lex")
    assert res == {"status": "refused", "code": code, "message": res["message"]} and res["message"]


def test_non_judgment_documents_are_refused():
    statute = (CORPUS / "statutes" / "new_codes").glob("*.md")
    md_file = next(iter(sorted(statute)), None)
    docs = [(CORPUS / "README.md").read_bytes()]
    if md_file:
        docs.append(md_file.read_bytes()[:60000])  # the enacted text of a new code: law, not a judgment
    for data in docs:
        with pytest.raises(IntakeError) as exc:
            analyse(data, "doc.md")
        assert exc.value.code == "not_judgment" and "does not read as a judgment" in exc.value.message


def test_supreme_court_report_metadata_from_the_corpus():
    it = analyse(build_dev(0).encode(), "cit-v-chuni-lal.txt")
    md = it.metadata
    # the facts below are printed in this judgment's own preamble (opennyai_build/dev.json)
    assert md.court_code == "SC" and md.decision_date.value == "1961-05-05"
    assert md.title.value.startswith("Commissioner of Income") and "Chuni Lal Moonga Ram" in md.title.value
    assert [j.name for j in md.judges] == ["S.K. Das", "M. Hidayatullah", "J.C. Shah"]
    assert md.bench_size.value == 3 and any(j.author for j in md.judges)
    assert {r["key"] for r in md.reporter_citations} == {"SCR:1962:2:823", "AIR:1962:SC:1272"}
    assert all(r["confidence"] >= 0.9 for r in md.reporter_citations)
    assert any(a["name"].startswith("Excess Profits Tax Act") for a in md.acts)
    names = [c["name"] or "" for c in md.cases_cited]
    assert any("Karamchand Premchand" in n for n in names)


def test_metadata_fields_against_inlegalner_gold():
    if not NER.is_file():
        pytest.skip("InLegalNER gold not available")
    from evaluation.intake_eval import eval_metadata

    res = eval_metadata(CORPUS, limit=400)["fields"]
    # measured on the full file: court 0.91/0.88, judges 0.97/0.84, provisions 0.72/0.74, statutes 0.79/0.90
    assert res["court"]["precision"] >= 0.8 and res["court"]["recall"] >= 0.75
    assert res["judges"]["precision"] >= 0.85 and res["judges"]["recall"] >= 0.7
    assert res["petitioners"]["precision"] >= 0.7 and res["respondents"]["precision"] >= 0.7
    assert res["statutes"]["recall"] >= 0.75 and res["provisions"]["recall"] >= 0.6


def test_json_lists_fields_with_confidences():
    it = analyse(build_dev(0).encode())
    out = it.to_json(sentences=True)
    md = out["metadata"]
    for k in ("title", "court", "decision_date", "bench_size"):
        assert set(md[k]) == {"value", "confidence", "how"} and 0 < md[k]["confidence"] <= 1
    assert len(out["sentences"]) == len(it.sentences)
    assert all(0 <= s["confidence"] <= 1 for s in out["sentences"])
