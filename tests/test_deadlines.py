"""Deadlines: date arithmetic rows, question detection, and every period checked against the law's text."""

from __future__ import annotations

import re
from datetime import date

import pytest

from core import deadlines
from core.deadlines import add_months, compute, detect, for_question

ROWS = [
    # event, date, (what contains, due) pairs
    ("cheque_dishonoured", "2025-03-03", [("demand notice", "2025-04-02"), ("Latest day to file", "2025-05-17")]),
    (
        "cheque_notice_received",
        "2025-03-10",
        [("drawer to pay", "2025-03-25"), ("Earliest", "2025-03-26"), ("Last day to file", "2025-04-25")],
    ),
    (
        "arrested",
        "2025-01-05",
        [("Magistrate", "2025-01-06"), ("less than 10 years", "2025-03-06"), ("10 years or more", "2025-04-05")],
    ),
    ("remanded", "2024-08-01", [("less than 10 years", "2024-09-30"), ("10 years or more", "2024-10-30")]),
    ("accident", "2025-08-31", [("Claims Tribunal", "2026-02-28")]),
    ("money_lent", "2024-02-29", [("civil suit", "2027-02-28")]),
    ("dv_application", "2025-06-01", [("First hearing", "2025-06-04"), ("decide", "2025-08-03")]),
    ("mutual_divorce_petition", "2025-01-31", [("Earliest", "2025-07-31"), ("Last day", "2026-07-31")]),
    ("senior_maintenance_notice", "2025-05-01", [("decide", "2025-07-30")]),
    ("conviction", "2025-05-01", [("High Court", "2025-06-30"), ("any other court", "2025-05-31")]),
    ("civil_decree", "2025-05-01", [("High Court", "2025-07-30"), ("any other court", "2025-05-31")]),
]


@pytest.mark.parametrize("event,day,expect", ROWS, ids=[r[0] for r in ROWS])
def test_dates(event, day, expect):
    got = compute(event, date.fromisoformat(day))
    for what, due in expect:
        match = [d for d in got if what in d.what]
        assert match, (what, [d.what for d in got])
        assert match[0].due == due, (what, match[0].due, due)


def test_arrest_date_picks_the_code():
    assert compute("arrested", date(2024, 6, 1))[0].basis == "CRPC:57"
    assert compute("arrested", date(2024, 7, 1))[0].basis == "BNSS:58"
    assert {d.basis for d in compute("remanded", date(2023, 1, 1))} == {"CRPC:167"}


def test_add_months_clamps_to_month_end():
    assert add_months(date(2025, 1, 31), 1) == date(2025, 2, 28)
    assert add_months(date(2024, 2, 29), 12) == date(2025, 2, 28)
    assert add_months(date(2025, 11, 15), 3) == date(2026, 2, 15)


def test_hindi_text_is_devanagari():
    for event in deadlines.EVENTS:
        for d in compute(event, date(2025, 3, 3), "hi"):
            latin = re.findall(r"[A-Za-z]{4,}", d.what + " " + d.note)
            assert not latin, (event, latin)


def test_unknown_event():
    with pytest.raises(deadlines.UnknownEvent):
        compute("moon_landing", date(2025, 1, 1))


@pytest.mark.parametrize(
    "question,event,day",
    [
        (
            "My cheque of Rs 50,000 bounced, the bank returned it unpaid on 3 March 2025. What now?",
            "cheque_dishonoured",
            "2025-03-03",
        ),
        ("मेरे भाई को 05/01/2025 को पुलिस ने गिरफ्तार किया", "arrested", "2025-01-05"),
        ("He was remanded to judicial custody on 2025-02-10, how long can they keep him?", "remanded", "2025-02-10"),
        ("mera accident 12-02-2025 ko hua tha, claim kab tak kar sakte hain", "accident", "2025-02-12"),
        ("I lent my friend money on 1 June 2023 and he is not returning it", "money_lent", "2023-06-01"),
    ],
)
def test_detect(question, event, day):
    assert detect(question) == (event, date.fromisoformat(day))


@pytest.mark.parametrize(
    "question",
    [
        "My cheque bounced, what can I do?",  # no date: nothing is computed
        "What is the punishment for theft on 3 March 2025?",  # a date but no event we compute
    ],
)
def test_detect_nothing(question):
    assert for_question(question) == []


# every period a rule uses must be written in the provision it names (title or text)
PERIOD_WORDS = {
    "NIA:138": ["thirty days", "fifteen days"],
    "NIA:142": ["one month", "sufficient cause"],
    "BNSS:58": ["twenty-four hours"],
    "CRPC:57": ["twenty-four hours"],
    "BNSS:187": ["sixty days", "ninety days", "ten years"],
    "CRPC:167": ["sixty days", "ninety days", "ten years"],
    "MVA:166": ["six months"],
    "LIMITATION:Schedule Article 19": ["three years", "when the loan is made"],
    "PWDVA:12": ["three days", "sixty days"],
    "HMA:13B": ["six months", "eighteen months"],
    "MWPSC:5": ["ninety days", "thirty days"],
    "LIMITATION:Schedule Article 115": ["sixty days", "thirty days"],
    "LIMITATION:Schedule Article 116": ["ninety days", "thirty days"],
    "LIMITATION:5": ["sufficient cause"],
    "LIMITATION:12": ["time requisite for obtaining a copy"],
    "LIMITATION:18": ["acknowledgment", "fresh period"],
}


def test_every_basis_is_declared():
    bases = {d.basis for e in deadlines.EVENTS for d in compute(e, date(2025, 3, 3))}
    bases |= {d.basis for d in compute("arrested", date(2023, 3, 3))}
    assert bases <= set(PERIOD_WORDS), bases - set(PERIOD_WORDS)


@pytest.mark.parametrize("node_id,words", sorted(PERIOD_WORDS.items()))
def test_periods_are_in_the_law(graph, node_id, words):
    rows = graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.title, p.text", {"id": node_id})
    assert rows, f"{node_id} is not in the graph"
    text = " ".join(x or "" for x in rows[0]).lower().replace("\n", " ")
    text = re.sub(r"\s+", " ", text)
    for w in words:
        assert w in text, (node_id, w)
