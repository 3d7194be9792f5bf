"""Which code governs a pending matter (issue 10 s.7): BNSS s.531(2)(a) keeps an investigation,
inquiry, trial, appeal or application pending on 1 July 2024 under the CrPC."""

from __future__ import annotations

import pytest

from core.language.templates import render
from core.temporal import choose

# (question, regime, pending)
ROWS = [
    ("My brother was arrested in March 2023 and the trial is pending since then. Can he get bail?", "old", True),
    ("The FIR was filed in 2023 and the investigation is still going on", "old", True),
    ("मेरा मुकदमा 2022 से चल रहा है, जमानत कैसे मिलेगी?", "old", True),
    ("mere bhai ka case 2023 se chal raha hai", "old", True),
    ("pending case from 2021", "old", True),
    ("I was arrested in 2023", "old", False),  # nothing is said to be pending
    ("murder in 2025, trial pending", "new", False),  # began after 1 July 2024
    ("What is the punishment for theft?", "both", False),
]


@pytest.mark.parametrize("question,regime,pending", ROWS, ids=[r[0][:40] for r in ROWS])
def test_pending_matter(question, regime, pending):
    c = choose(question)
    assert (c.regime, c.pending) == (regime, pending)


def test_pending_notice_names_bnss_531_in_both_languages():
    en = render(
        "code_applies.pending",
        "en",
        old="Code of Criminal Procedure, 1973",
        new="Bharatiya Nagarik Suraksha Sanhita, 2023",
    )
    assert "Section 531(2)(a) BNSS" in en and "1 July 2024" in en
    hi = render("code_applies.pending", "hi", old="दंड प्रक्रिया संहिता", new="भारतीय नागरिक सुरक्षा संहिता")
    assert "531(2)(क)" in hi and "1 जुलाई 2024" in hi


def test_bnss_531_says_so(corpus_dir):
    from graph_schema.loaders.statutes import read_act_sections

    s531 = next(r for r in read_act_sections(corpus_dir, "BNSS") if r["number"] == "531")["text"]
    assert "appeal, application, trial, inquiry or investigation pending" in s531
    assert "in accordance with the provisions of the Code of Criminal Procedure, 1973" in s531
