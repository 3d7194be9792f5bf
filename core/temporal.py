"""Which code governs: the date of the offence or event decides IPC/CrPC/IEA vs BNS/BNSS/BSA."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from domain.acts import NEW_CODES_FROM
from domain.text import MONTHS_EN, MONTHS_HI

_MONTHS = {m: i for i, m in enumerate(MONTHS_EN, 1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS.update({m: i for i, m in enumerate(MONTHS_HI, 1)})
_MONTHS.update({"सितम्बर": 9, "नवम्बर": 11, "दिसम्बर": 12})  # not the other spellings of domain.text

_FULL_MONTHS = frozenset(m for m in _MONTHS if (len(m) > 3 or not m.isascii()) and m != "may")

_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DMY = re.compile(r"\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b")
# "10 november", "10 नवंबर को", "november 10": a day and month with no year (the most recent past one)
_D_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9}|[\u0900-\u097F]{2,8})\b(?!,?\s+\d{4})")
_MONTH_D = re.compile(r"\b([A-Za-z]{3,9})\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s+\d{4})(?!\s*[:/.-]?\d)")
_D_MONTH_Y = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9}|[\u0900-\u097F]{2,8}),?\s+(\d{4})\b")
_MONTH_Y = re.compile(r"\b([A-Za-z]{3,9}|[\u0900-\u097F]{2,8}),?\s+(\d{4})\b")
_YEAR_CTX = re.compile(
    r"(?:\bin|\bsince|\bduring|\byear|\bfrom|साल|वर्ष|सन्)\s+(\d{4})\b"
    r"|\b(\d{4})\s+(?:में|को|से|(?:se|mein|me|main)\b)",
    re.I,
)
_RELATIVE = [
    (re.compile(r"\b(today|aaj)\b|आज", re.I), 0),
    (re.compile(r"\b(yesterday|kal raat|last night)\b|कल रात|बीती रात", re.I), 1),
    (re.compile(r"\b(last week|pichhle hafte)\b|पिछले हफ्ते|पिछले सप्ताह", re.I), 7),
    (re.compile(r"\b(last month|pichhle mahine)\b|पिछले महीने", re.I), 30),
    (re.compile(r"\b(last year|pichhle saal)\b|पिछले साल|पिछले वर्ष", re.I), 365),
]


# a date with its year, as written: (pattern, builder), tried in this order
_FULL_DATES = (
    (_ISO, lambda m: date(int(m[1]), int(m[2]), int(m[3]))),
    (_DMY, lambda m: date(int(m[3]), int(m[2]), int(m[1]))),
    (_D_MONTH_Y, lambda m: date(int(m[3]), _MONTHS[m[2].lower()], int(m[1]))),
)

_WEEKDAYS = {
    **{d: i for i, d in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())},
    **{d: i for i, d in enumerate("somvar mangalvar budhvar guruvar shukravar shanivar ravivar".split())},
    **{d: i for i, d in enumerate("सोमवार मंगलवार बुधवार गुरुवार शुक्रवार शनिवार रविवार".split())},
}
_LAST_WEEKDAY = re.compile(
    r"\b(?:last|pichhle|pichle|pichla)\s+(" + "|".join(d for d in _WEEKDAYS if d.isascii()) + r")\b"
    r"|(?:पिछले|पिछला|बीते)\s+(" + "|".join(d for d in _WEEKDAYS if not d.isascii()) + r")",
    re.I,
)
_DAYS_AGO = re.compile(r"\b(\d{1,3})\s+(?:days?\s+ago|din\s+(?:pehle|pahle|phle))\b|(\d{1,3})\s+दिन\s+पहले", re.I)
# said of the past: "parso" is the day before yesterday, "kal" yesterday
_PAST_DAYS = [
    (re.compile(r"\b(?:day before yesterday|parso|parson|parsoon)\b|परसों|परसो", re.I), 2),
    (re.compile(r"\b(?:yesterday|kal)\b|(?<![\u0900-\u097F])कल(?![\u0900-\u097F])", re.I), 1),
    (re.compile(r"\b(?:today|aaj)\b|(?<![\u0900-\u097F])आज(?![\u0900-\u097F])", re.I), 0),
]


def _past_day_month(day: int, month: int, today: date) -> date | None:
    for year in (today.year, today.year - 1):
        try:
            d = date(year, month, day)
        except ValueError:
            continue
        if d <= today:
            return d
    return None


def parse_day(text: str, today: date | None = None) -> tuple[date, bool] | None:
    """One day as people say it, for a fact or an event: "2025-03-03", "3/3/2025", "3 March 2025", and
    without a year "10 november ko", "november 10" (the most recent past one: ``(day, True)`` says the
    year was assumed), "last Monday", "pichhle somvar", "परसों" / "parso" (the day before yesterday),
    "kal" / "yesterday", "5 din pehle", "today". None when no day is said."""
    today = today or date.today()
    text = text or ""
    for rx, builder in _FULL_DATES:
        for m in rx.finditer(text):
            try:
                return builder(m), False
            except (KeyError, ValueError):
                continue
    for rx, di, mi in ((_D_MONTH, 1, 2), (_MONTH_D, 2, 1)):
        for m in rx.finditer(text):
            month = _MONTHS.get(m[mi].lower())
            if month and 1 <= int(m[di]) <= 31:
                d = _past_day_month(int(m[di]), month, today)
                if d:
                    return d, True
    m = _LAST_WEEKDAY.search(text)
    if m:
        wd = _WEEKDAYS[(m[1] or m[2]).lower()]
        back = (today.weekday() - wd) % 7 or 7
        return today - timedelta(days=back), False
    m = _DAYS_AGO.search(text)
    if m:
        return today - timedelta(days=int(m[1] or m[2])), False
    for rx, days in _PAST_DAYS:
        if rx.search(text):
            return today - timedelta(days=days), False
    return None


_NEW_LAW = re.compile(
    r"\b(new (?:law|laws|code|codes|criminal laws?)|naye? (?:kanoon|kanun)|under (?:the )?(?:bns|bnss|bsa))\b"
    r"|नए? कानून|नया कानून|नई संहिता",
    re.I,
)
_OLD_LAW = re.compile(r"\b(old (?:law|laws|code|codes)|purane? (?:kanoon|kanun))\b|पुराने? कानून", re.I)


# A proceeding the question says is already under way ("the trial is pending since 2022",
# "मुकदमा 2023 से चल रहा है"): BNSS s.531(2)(a) keeps proceedings pending on 1 July 2024 under the CrPC.
_PROCEEDING = (
    r"(?:case|trial|investigation|inquiry|enquiry|appeal|application|bail plea|proceedings?|fir|"
    r"mukadma|mukadama|muqadma|kes|sunvai|jaanch|janch|मुकदमा|मुक़दमा|केस|जाँच|जांच|अपील|सुनवाई|कार्यवाही|आवेदन|एफआईआर)"
)
_PENDING = re.compile(
    rf"(?:{_PROCEEDING}\W+(?:\w+\W+){{0,6}}?(?:is|are|has been|have been|was|were|still|abhi)?\s*(?:pending|going on|ongoing|"
    rf"running|chal rah[aiey]|lambit)\b)|(?:pending|ongoing)\s+{_PROCEEDING}"
    rf"|{_PROCEEDING}\s+(?:\S+\s+){{0,6}}?(?:लंबित|चल रहा|चल रही|चल रहे)",
    re.I,
)


@dataclass(frozen=True)
class CodeChoice:
    regime: str  # "new" | "old" | "both"
    event_date: date | None
    source: str  # "given" | "question" | "none"
    pending: bool = False  # a proceeding already pending on 1 July 2024: the CrPC governs it (BNSS s.531(2)(a))


def find_date(question: str, today: date | None = None) -> date | None:
    """The first date the question states, or a relative one ("yesterday")."""
    today = today or date.today()
    for rx, builder in (*_FULL_DATES, (_MONTH_Y, lambda m: date(int(m[2]), _MONTHS[m[1].lower()], 1))):
        for m in rx.finditer(question):
            try:
                d = builder(m)
            except (KeyError, ValueError):
                continue
            if 1860 <= d.year <= today.year + 1:
                return d
    for m in _D_MONTH.finditer(question):  # "10 november ko": the most recent past 10 November
        word = m[2].lower()
        # a full month name only: "5 may apply", "3 mar gaye" and "10 dec" are not read as dates here
        if word in _FULL_MONTHS and 1 <= int(m[1]) <= 31 and (d := _past_day_month(int(m[1]), _MONTHS[word], today)):
            return d
    m = _YEAR_CTX.search(question)
    if m:
        y = int(m.group(1) or m.group(2))
        if 1860 <= y <= today.year:
            # a bare year straddling the change (2024) is not enough to decide
            return None if y == NEW_CODES_FROM.year else date(y, 6, 30)
    for rx, days in _RELATIVE:
        if rx.search(question):
            return today - timedelta(days=days)
    return None


def year_assumed(question: str, today: date | None = None) -> bool:
    """True when the date the question gives has no year ("10 november"): the answer says which year."""
    got = parse_day(question, today)
    return bool(got and got[1])


def choose(question: str, offence_date: date | None = None, today: date | None = None) -> CodeChoice:
    if offence_date:
        d, src = offence_date, "given"
    else:
        d, src = find_date(question, today), "question"
        if d is None:
            # "under the new law" asks for the code in force now; "the old law" for the repealed one
            if _NEW_LAW.search(question):
                return CodeChoice("new", None, "question")
            if _OLD_LAW.search(question):
                return CodeChoice("old", None, "question")
            return CodeChoice("both", None, "none")
    pending = d < NEW_CODES_FROM and bool(_PENDING.search(question))
    return CodeChoice("new" if d >= NEW_CODES_FROM else "old", d, src, pending)
