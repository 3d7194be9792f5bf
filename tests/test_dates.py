"""Dates as people say them (issue 22): parse_day for facts, find_date for questions, and the answer's
deadlines when no year is given. Table tests against a fixed today."""

from __future__ import annotations

from datetime import date

import pytest

from core.deadlines import for_question
from core.temporal import find_date, parse_day

TODAY = date(2026, 12, 2)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2025-03-03", (date(2025, 3, 3), False)),
        ("3/3/2025", (date(2025, 3, 3), False)),
        ("3 March 2025", (date(2025, 3, 3), False)),
        ("10 november ko", (date(2026, 11, 10), True)),
        ("10 नवंबर को", (date(2026, 11, 10), True)),
        ("december 25 ko", (date(2025, 12, 25), True)),  # not yet this year: last year's
        ("25 december", (date(2025, 12, 25), True)),
        ("last Monday", (date(2026, 11, 30), False)),
        ("pichhle somvar", (date(2026, 11, 30), False)),
        ("last Wednesday", (date(2026, 11, 25), False)),  # today is Wednesday: the one before
        ("परसों", (date(2026, 11, 30), False)),
        ("parso", (date(2026, 11, 30), False)),
        ("kal", (date(2026, 12, 1), False)),
        ("yesterday", (date(2026, 12, 1), False)),
        ("5 din pehle", (date(2026, 11, 27), False)),
        ("5 दिन पहले", (date(2026, 11, 27), False)),
        ("today", (TODAY, False)),
        ("31 february", None),
        ("no date here", None),
    ],
)
def test_parse_day_reads_a_day_as_people_say_it(text, expected):
    assert parse_day(text, TODAY) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("mera cheque 10 november ko bounce ho gaya", date(2026, 11, 10)),
        ("section 5 may apply to me", None),  # "may" is not a month in a question
        ("woh 3 mar gaye", None),
        ("my cheque bounced on 3 March 2025", date(2025, 3, 3)),
    ],
)
def test_find_date_in_a_question(question, expected):
    assert find_date(question, TODAY) == expected


def test_a_hinglish_cheque_question_with_no_year_gets_its_dates_and_says_which_year():
    got = for_question("mera cheque 10 november ko bounce ho gaya, bank ne memo diya", "en", TODAY)
    assert got and got[0].basis == "NIA:138" and got[0].due == "2026-12-10"
    assert "No year was given" in got[0].note and "10.11.2026" in got[0].note
    assert "साल नहीं बताया गया" in for_question("चेक 10 नवंबर को बाउंस हो गया", "hi", TODAY)[0].note
