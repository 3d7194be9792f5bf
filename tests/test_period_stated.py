"""The period a provision states is said in the short answer (issue 19, core.synthesis.short_answer.periods):
a Limitation Act Schedule article's period column and the time it runs from, in English, Hindi and Roman
Hindi, read from the graph's own text of the article (never model prose). Wordings written for this test."""

from __future__ import annotations

import re

import pytest

from core.language.templates import render
from core.stages import Evidence
from core.synthesis.short_answer import period_sentence, periods


def _art(period: str, start: str, desc: str = "For something.") -> Evidence:
    text = f"Description: {desc}\nPeriod of limitation: {period}\nTime from which period begins to run: {start}"
    return Evidence(node_id="LIMITATION:Schedule Article 9", label="Section", name="Article 9: x", text=text)


@pytest.mark.parametrize(
    "period, start, spans, when",
    [
        ("Thirty days.", "The date of the decree.", [(30, "day")], "the date of the decree"),
        ("Three years.", "When the right to sue accrues.", [(3, "year")], "when the right to sue accrues"),
        ("One year.", "When the plaintiff is acquitted.", [(1, "year")], "when the plaintiff is acquitted"),
        ("Twelve years.", "When possession becomes adverse.", [(12, "year")], "when possession becomes adverse"),
        ("[Sixty days].", "The date of the order.", [(60, "day")], "the date of the order"),
        # one period per clause of the article: the periods alone, the start left to the article
        (
            "Ninety days. Thirty days.",
            "The date of the decree. The date of the decree.",
            [(90, "day"), (30, "day")],
            "",
        ),
        ("Three years. Three years.", "When it accrues. When it is owed.", [(3, "year")], ""),
    ],
)
def test_schedule_columns(period, start, spans, when):
    assert periods(_art(period, start)) == (spans, when)


def test_the_sentence_in_each_language():
    ev = _art("Thirty days.", "The date of the decree.")
    assert period_sentence(ev, "[S2]", "en") == "Time limit under [S2]: 30 days, counted from the date of the decree."
    hi = period_sentence(ev, "[S2]", "hi")
    assert hi.startswith("[S2] के अनुसार समय-सीमा: 30 दिन") and "decree" not in hi
    assert period_sentence(_art("One year.", "x"), "[S1]", "hi").startswith("[S1] के अनुसार समय-सीमा: 1 साल")
    two = period_sentence(_art("Ninety days. Thirty days.", "a. b."), "[S3]", "en")
    assert two == render("direct.period_stated", "en", provision="[S3]", period="90 days or 30 days")


def test_another_provision_only_when_the_question_asks_by_when():
    ev = Evidence(
        node_id="X:1",
        label="Section",
        name="X 1: y",
        text="(1) The defendant shall, within thirty days from the service of summons, present a written reply.",
    )
    assert periods(ev, "how many days do I get to file my reply") == ([(30, "day")], "")
    assert periods(ev, "what must the defendant file") == ([], "")
    assert period_sentence(ev, "[S1]", "hi", "जवाब कितने दिन में देना है") == "[S1] के अनुसार समय-सीमा: 30 दिन।"


def test_no_period_no_sentence():
    ev = Evidence(node_id="X:2", label="Section", name="X 2: y", text="Whoever commits theft shall be punished.")
    assert period_sentence(ev, "[S1]", "en", "time limit for theft") == ""


# ------------------------------------------------------------------ the real graph and pipeline
def test_the_graph_text_of_article_123_gives_thirty_days(graph):
    from core.graph_queries import evidence_of

    ev = evidence_of(graph, ["LIMITATION:Schedule Article 123"])["LIMITATION:Schedule Article 123"]
    spans, when = periods(ev)
    assert spans == [(30, "day")] and when.startswith("the date of the decree")


@pytest.fixture(scope="module")
def pipe(graph):
    from core.answer import AnswerPipeline
    from core.synthesis import ExtractiveComposer

    return AnswerPipeline(graph, ExtractiveComposer())


def test_the_answer_says_the_period_in_three_languages(pipe):
    en = pipe.ask("within how many days must I apply to set aside an ex parte decree")
    assert "LIMITATION:Schedule Article 123" in {c.node_id for c in en.citations}
    assert re.search(r"Time limit under .*: 30 days, counted from the date of the decree", en.summary)
    hi = pipe.ask("एकतरफा डिक्री रद्द करवाने की अर्ज़ी कितने दिन में")
    assert "समय-सीमा: 30 दिन" in hi.summary and hi.script == "native"


def test_roman_hindi_question_gets_the_period_in_roman_hindi(pipe):
    r = pipe.ask("ekpakshiya decree radd karne ki arzi kitne din me deni hoti hai")
    assert r.language == "hi" and r.script == "roman"
    assert "LIMITATION:Schedule Article 123" in {c.node_id for c in r.citations}
    assert "samay-seema: 30 din" in r.summary.lower()
