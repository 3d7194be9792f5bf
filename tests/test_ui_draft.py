"""The Draft step in the real app and a real browser (issue 22): ask about a bounced cheque in Hindi (and
in English), open "Draft", see the amount and the date the question gave already in the form, fill
the facts still missing, make the draft, download the PDF, and look at it: the Hindi page is shaped
Devanagari (rasterised with pdftoppm), not boxes. DraftLogic's prefill and offer are tested directly."""

from __future__ import annotations

import shutil
import subprocess
import time
from datetime import date

import pytest

from tests.test_ui_browser import ARTIFACTS, WAIT_MS, _ask, _shot, app_url, browser, page  # noqa: F401

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

HI_Q = "मेरा 50000 रुपये का चेक 10 नवंबर को बाउंस हो गया, अब क्या करूँ?"
EN_Q = "The cheque of Rs 75,000 my tenant gave me bounced, the bank told me on 12 November. What now?"
# the facts the question did not give (row -> value); amount (row 7) and the bank's date (row 10) it did
FILL = {
    "hi": {0: "रमेश कुमार", 1: "12 गांधी नगर, जयपुर", 2: "सुरेश सिंह", 3: "45 एमजी रोड, जयपुर", 4: "004512",
           5: "2026-10-20", 6: "स्टेट बैंक, एमआई रोड", 8: "किराये का बकाया"},
    "en": {0: "Ramesh Kumar", 1: "12 Gandhi Nagar, Jaipur", 2: "Suresh Singh", 3: "45 MG Road, Jaipur", 4: "004512",
           5: "2026-10-20", 6: "State Bank of India", 8: "arrears of rent"},
}  # fmt: skip


def test_prefill_takes_the_amount_and_the_date_the_question_gives():
    from app.draft_ui import DraftLogic

    got = DraftLogic.prefill("cheque_notice", HI_Q, today=date(2026, 12, 2))
    assert got == {"amount": "50000", "returned_on": "2026-11-10"}
    got = DraftLogic.prefill("cheque_notice", EN_Q, today=date(2026, 12, 2))
    assert got == {"amount": "75000", "returned_on": "2026-11-12"}
    rows = DraftLogic.rows("cheque_notice", "hi", got)
    assert rows[7] == ["amount", "चेक की रकम (रुपये में) *", "75000"]


def _fill_cell(pg, row: int, value: str) -> None:
    cell = pg.locator(f"#np-draft-form [data-testid=cell-{row}-2]")
    cell.dblclick()
    box = cell.locator("input, textarea").first
    box.wait_for(state="visible", timeout=10_000)
    box.fill(value)
    box.press("Enter")
    time.sleep(0.2)


@pytest.mark.parametrize("lang", ["hi", "en"])
def test_draft_a_cheque_notice_in_the_browser(page, tmp_path, lang):  # noqa: F811
    page.click(f"#np-lang label:has-text('{'हिन्दी' if lang == 'hi' else 'English'}')")
    _ask(page, HI_Q if lang == "hi" else EN_Q)
    page.click("#np-draft button >> nth=0")  # open the Draft step
    page.wait_for_selector("#np-draft-form [data-testid=cell-10-2]", timeout=WAIT_MS)
    assert (
        "cheque" in page.locator("#np-draft-kind input").input_value().lower()
        or "चेक" in page.locator("#np-draft-kind input").input_value()
    )
    # what the question said is already there
    assert page.inner_text("#np-draft-form [data-testid=cell-7-2]").strip() == ("50000" if lang == "hi" else "75000")
    assert page.inner_text("#np-draft-form [data-testid=cell-10-2]").strip().startswith("2026-11-")
    # asking too early lists what is missing, and makes no file
    page.click("#np-draft-make")
    page.wait_for_selector("#np-draft-missing", timeout=WAIT_MS)
    assert page.locator("#np-draft-pdf a[href]").count() == 0
    for row, value in FILL[lang].items():
        _fill_cell(page, row, value)
    page.click("#np-draft-make")
    page.wait_for_selector("#np-draft-preview #np-draft-preview", timeout=WAIT_MS)
    preview = page.inner_text("#np-draft-preview")
    assert FILL[lang][2] in preview and "004512" in preview
    assert ("सत्यापित" if lang == "hi" else "verified") in preview or "verified" in preview
    link = page.wait_for_selector("#np-draft-pdf a[href]", timeout=WAIT_MS)
    pdf = page.request.get(link.get_attribute("href")).body()
    assert pdf[:5] == b"%PDF-"
    assert page.locator("#np-draft-docx a[href]").count() == 1
    _shot(page, f"ui-draft-{lang}")
    out = tmp_path / "draft.pdf"
    out.write_bytes(pdf)
    from pypdf import PdfReader

    text = PdfReader(str(out)).pages[0].extract_text()
    assert "004512" in text and "2026-12-" in text  # the computed notice deadline
    if shutil.which("pdftoppm"):
        ARTIFACTS.mkdir(exist_ok=True)
        png = ARTIFACTS / f"ui-draft-{lang}-pdf"
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-singlefile", str(out), str(png)], check=True)
        assert png.with_suffix(".png").stat().st_size > 10_000
    assert not page.page_errors, page.page_errors
