"""Two rules of the answer's law (issues 19 and 23), on the real graph:
- a question that asks a point the Supreme Court settled is answered from the provisions the settling
  judgment interprets, with the judgment, even when nothing retrieval found bears on it
  (core.answer AnswerPipeline._settled_seed);
- an answer lists at most six distinct authorities, those "The law" shows first and in its order
  (core.assemble.capped), even when a quoted source names more in passing: an anticipatory bail answer
  listed BNS ss.65 and 70 (named in BNSS s.482(4)'s exception, corpus statutes/new_codes/
  bnss_sections_from_met4l.json) before s.482 itself, which "The law" shows first."""

from types import SimpleNamespace as NS

import pytest

from core.assemble import MAX_CITATIONS, capped


def _c(node_id):
    return NS(node_id=node_id)


@pytest.mark.parametrize(
    "checks, law, kept",
    [
        # the law shown first, in its order, then what the text names, six at most
        (["B:1", "A:1", "A:2", "A:3", "A:4", "A:5", "A:6"], ["A:1", "B:1"], ["A:1", "B:1", "A:2", "A:3", "A:4", "A:5"]),
        # repeats of one authority are one authority
        (["A:1", "A:1", "A:2", "A:1"], ["A:1"], ["A:1", "A:1", "A:1", "A:2"]),
        # a settling judgment the law shows stays though the text names six others first
        (
            ["P:1", "P:2", "P:3", "P:4", "P:5", "P:6", "CASE:z"],
            ["P:1", "CASE:z"],
            ["P:1", "CASE:z", "P:2", "P:3", "P:4", "P:5"],
        ),
        # an entry without a node is kept, last
        ([None, "A:1"], [], ["A:1", None]),
    ],
)
def test_an_answer_lists_at_most_six_authorities_the_law_shown_first(checks, law, kept):
    got = capped([_c(x) for x in checks], [NS(node_id=x) for x in law])
    assert [c.node_id for c in got] == kept
    assert len({c.node_id for c in got if c.node_id}) <= MAX_CITATIONS


@pytest.fixture(scope="module")
def pipe(graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph, None)


def test_a_settled_point_asked_in_everyday_words_is_answered_with_its_judgment(pipe):
    # P. Ramachandra Rao (2002, seven judges): no outer time limit after which a criminal trial ends itself
    a = pipe.ask(
        "My criminal trial has gone on for nine years. Can I ask the court to drop it because it took too long?", "en"
    )
    assert a.status == "answer", a.answer
    cited = {c.node_id for c in a.citations}
    assert "CASE:INSC-2002-203" in cited, cited
    assert any("P. Ramachandra Rao" in n for n in a.notices), a.notices


@pytest.mark.parametrize(
    "question, lang",
    [
        # found first: the Limitation Schedule's appeal periods (Art. 115), said as the short answer's
        # first sentence ("Time limit ...: 30 days or 60 days"), beside the point of a nine-year trial
        ("my criminal trial has gone on for nine years, can the court just end it", "en"),
        # found first: the Limitation Act's problem (delay in filing a suit or appeal)
        ("Does a long delay in my criminal trial mean the court must end it?", "en"),
        ("आपराधिक मुकदमा नौ साल से चल रहा है, क्या अदालत इसे खत्म कर सकती है", "hi"),
        # found first: another article of the Constitution (Art. 56, the President's term; Art. 32), which
        # counted as "the law the judgment reads" while Acts were compared whole
        ("mera case 9 saal se chal raha hai, kya court ise khatam kar sakta hai", "hi"),
        ("my case has been going on for nine years, can the court end it", "en"),
    ],
)
def test_a_settled_point_leads_over_law_found_beside_it(pipe, question, lang):
    a = pipe.ask(question, lang)
    assert a.status == "answer", a.answer
    cited = {c.node_id for c in a.citations if c.node_id}
    assert "CASE:INSC-2002-203" in cited and "COI:21" in cited, cited
    assert not any(c.startswith("LIMITATION:") for c in cited), cited
    # the settled rule is the first thing read, in the asker's script
    first = a.answer.splitlines()[0]
    assert "P. Ramachandra Rao" in first, first
    assert ("कानून" in first or "kaanoon" in first) == (lang == "hi"), first
    assert not any(c.startswith("COI:") and c != "COI:21" for c in cited), cited


def test_a_question_already_on_the_judgments_law_keeps_what_was_found(pipe):
    # Sushila Aggarwal reads CrPC s.438; the answer found BNSS s.482, its successor: nothing is replaced
    a = pipe.ask("Can anticipatory bail be granted without a time limit?", "en")
    cited = {c.node_id for c in a.citations if c.node_id}
    assert "BNSS:482" in cited, cited
    assert a.status == "answer", a.answer


def test_a_quoted_source_naming_many_sections_still_gives_six_citations_at_most(pipe):
    a = pipe.ask("tell me the law on filing a charge-sheet", "en")
    assert a.status == "answer"
    ids = {c.node_id for c in a.citations if c.node_id}
    assert "BNSS:193" in ids
    assert len(ids) <= MAX_CITATIONS, ids


@pytest.mark.parametrize(
    "question, lang, settler, struck",
    [
        # found first: BNS s.68 (intercourse by a person in authority, 5 to 10 years) said as the first
        # sentence, an IPC provision counting as "the law Joseph Shine reads" while Acts were compared whole
        ("is adultery still a crime in India", "en", "CASE:INSC-2018-898", "IPC:497"),
        ("kya shaadi ke baad kisi aur se sambandh rakhna apradh hai", "hi", "CASE:INSC-2018-898", "IPC:497"),
        # the settled rule names s.377 IPC, which the final check judged off the point and withheld all
        ("is homosexuality a crime", "en", "CASE:INSC-2018-790", "IPC:377"),
    ],
)
def test_a_struck_down_offence_asked_about_is_answered_with_the_judgment_that_struck_it(
    pipe, question, lang, settler, struck
):
    a = pipe.ask(question, lang)
    assert a.status == "answer", (a.abstain_reason, a.withheld)
    cited = {c.node_id for c in a.citations if c.node_id}
    assert {settler, struck} <= cited, cited
    assert not any(c.startswith("BNS:") for c in cited), cited
    first = a.answer.splitlines()[0]
    assert "struck down" in first or "unconstitutional" in first or "asanvaidhaanik" in first, first
    # the struck-down section is shown with that status, never as law in force
    assert all(c.status == "struck_down" for c in a.citations if c.node_id == struck)


def test_a_struck_down_section_passes_the_final_check_only_beside_the_judgment_that_struck_it():
    from core.answer import _told_struck
    from core.stages import Citation, CitationStatus

    text = "The law as Joseph Shine settled it: Section 497 IPC is struck down.\nUnder Section 497 IPC: ..."
    js = Citation(text="Joseph Shine", start=11, end=23, status=CitationStatus.VERIFIED, severity="ok", node_id="J")
    on_line = Citation(
        text="Section 497 IPC",
        start=text.index("Section 497"),
        end=text.index("Section 497") + 15,
        status=CitationStatus.STRUCK_DOWN,
        severity="error",
        node_id="IPC:497",
        related=[{"id": "J", "name": "Joseph Shine"}],
    )
    later = on_line.model_copy(update={"start": text.rindex("Section 497"), "end": text.rindex("Section 497") + 15})
    cites = [js, on_line, later]
    assert _told_struck(text, on_line, cites)
    assert not _told_struck(text, later, cites)  # a line of its own states it as law: still withheld
    other = on_line.model_copy(update={"related": [{"id": "K"}]})
    assert not _told_struck(text, other, cites)  # struck down by a judgment the answer does not cite


@pytest.mark.parametrize(
    "question, lang, settler",
    [
        # read as out of scope before the settled point was read (Vineeta Sharma: a daughter is a coparcener
        # by birth, whether or not her father was alive on 9 September 2005)
        (
            "The ancestral fields were never divided among us. Dad died back in 1999 and now my brothers tell "
            "my sister she has no share. Can they do that?",
            "en",
            "CASE:INSC-2020-487",
        ),
    ],
)
def test_a_settled_point_is_answered_before_any_abstention(pipe, question, lang, settler):
    a = pipe.ask(question, lang)
    assert a.status == "answer", (a.abstain_reason, a.answer)
    assert settler in {c.node_id for c in a.citations}


@pytest.mark.parametrize(
    "q",
    [
        "My son fears he will be arrested in a false case. How can he get anticipatory bail?",
        "jhoothe mukadme mein bete ki giraftari ho sakti hai, agrim zamanat kaise lein",
    ],
)
def test_the_citations_follow_the_law_shown(pipe, q):
    """The citations list puts first what "The law" shows first; what a quoted text names in passing
    (BNS ss.65, 70 in s.482(4)) comes after it."""
    a = pipe.ask(q)
    cited = list(dict.fromkeys(c.node_id for c in a.citations if c.node_id))
    law = [x.node_id for x in a.law if x.node_id]
    assert a.status in ("answer", "conflict") and law, (a.status, a.answer[:160])
    assert cited[: len(law)] == law[: len(cited)], (cited, law)
    assert cited[0] == "BNSS:482", cited
