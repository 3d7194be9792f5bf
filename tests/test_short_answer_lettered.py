"""A definitions section with lettered clauses only (PWDVA s.2): the short answer says the clause the question
is about, never the section's opening words; a cross-reference ("sub-section (1) of section 8") is no clause of
its own. Read from the corpus text itself; questions written for this test."""

from __future__ import annotations

import pytest

from core.stages import Evidence
from core.synthesis.short_answer import _CLAUSE, _LETTERED, rule_sentence


@pytest.fixture(scope="module")
def dv2(corpus_section) -> Evidence:
    return corpus_section("PWDVA", "2")


@pytest.mark.parametrize(
    "question,starts",
    [
        ("is it legal to live together without marriage, live in relationship", "domestic relationship means"),
        ("kya live-in relationship legal hai", "domestic relationship means"),
        ("who counts as a child under the domestic violence law", "child means any person below the age"),
        ("what is a protection officer", "Protection Officer means an officer appointed"),
    ],
)
def test_the_lettered_clause_asked_is_said(dv2, question, starts):
    said = rule_sentence(dv2, question=question)
    assert said.startswith(starts), said
    assert not said.startswith("in this Act"), said


@pytest.mark.parametrize(
    "text,parts",
    [
        ("(1) Whoever does it. (2) Under sub-section (1) of section 8 he is liable.", 2),
        ("the officer appointed under sub-section (1) of section 8; (o) the order", 1),
    ],
)
def test_a_cross_reference_is_no_numbered_clause(text, parts):
    assert len([p for p in _CLAUSE.split(text) if p.strip()]) == parts


@pytest.mark.parametrize(
    "text,parts",
    [
        ("In this Act,— (a) one means x; (b) two means y; (iii) three", 4),
        ("under clause (a) of section 2 and sections (b) of it", 1),
    ],
)
def test_lettered_clauses_split_but_not_at_a_cross_reference(text, parts):
    assert len([p for p in _LETTERED.split(text) if p.strip()]) == parts


@pytest.mark.parametrize(
    "question",
    ["Can a person be tried twice for the same offence?", "can they try me twice for one offence after acquittal"],
)
def test_tried_twice_is_the_rule_not_its_exception(corpus_section, question):
    """BNSS s.337: clause (1), no second trial for the same offence; never clause (4)'s 'may ... be subsequently
    charged', which read as a yes."""
    ev = corpus_section("BNSS", "337")
    said = rule_sentence(ev, question=question)
    assert "subsequently charged" not in said and "afterwards tried" not in said, said
    assert said.startswith(("a person who has once been tried", "a person discharged")), said


@pytest.mark.parametrize(
    "question,starts",
    [
        # (a) defines the words asked; (e) only uses them ("... from an aggrieved person") and is shorter
        ("who is an aggrieved person under DV act", "aggrieved person means any woman"),
        ("what does aggrieved person mean in the domestic violence law", "aggrieved person means any woman"),
    ],
)
def test_the_clause_that_defines_the_words_asked_is_said(dv2, question, starts):
    said = rule_sentence(dv2, question=question)
    assert said.startswith(starts), said


def test_an_act_name_written_after_a_cross_reference_is_no_word_of_the_clause(corpus_section):
    """MWPSC s.2 as the answer quotes it, cross-references qualified with the Act's name (core.graph_queries.
    qualify): "(j) Tribunal means the Maintenance Tribunal constituted under section 7 Senior Citizens Act" is
    not what "who is a senior citizen" asks; (h) is, and its closing semicolon is not said."""
    from core.graph_queries import qualify

    ev = corpus_section("MWPSC", "2")
    ev = ev.model_copy(update={"text": qualify(ev.text, "MWPSC")})
    said = rule_sentence(ev, question="who is a senior citizen")
    assert "senior citizen” means any person" in said and "60 years" in said, said
    assert not said.endswith(";"), said


@pytest.mark.parametrize(
    "question",
    [
        "kya police raat ko aurat ko giraftar kar sakti hai",
        "क्या पुलिस रात में महिला को गिरफ्तार कर सकती है",
        "can police arrest a woman at night",
    ],
)
def test_hindi_and_roman_hindi_words_pick_the_clause_as_english_ones_do(corpus_section, question):
    """BNSS s.43: clause (5), no woman arrested after sunset, is what "raat" / "रात" (night) asks; the Roman
    Hindi question quoted clause (3), "If such person forcibly resists"."""
    ev = corpus_section("BNSS", "43")
    said = rule_sentence(ev, question=question)
    assert "sunset" in said and "forcibly resists" not in said, said


@pytest.fixture(scope="module")
def bnss144(corpus_section) -> Evidence:
    return corpus_section("BNSS", "144")


@pytest.mark.parametrize(
    "question",
    [
        "can a wife claim maintenance from her husband",
        "which section gives maintenance to a wife",
        "पत्नी भरण पोषण के लिए कौन सी धारा",
        "biwi ko kharcha kis dhara mein milta hai",
    ],
)
def test_a_clause_that_takes_the_rule_away_is_not_the_answer_to_the_rule(bnss144, question):
    """BNSS s.144(4), "No wife shall be entitled to receive an allowance ... if she is living in adultery", read
    first, answers "can a wife claim maintenance" with a no; (1), who must maintain a wife, is the rule asked."""
    said = rule_sentence(bnss144, question=question)
    assert said.lower().startswith("if any person having sufficient means neglects or refuses to maintain"), said


def test_the_clause_that_takes_the_rule_away_when_the_question_says_its_condition(bnss144):
    said = rule_sentence(bnss144, question="can a wife living in adultery get maintenance")
    assert said.lower().startswith("no wife shall be entitled") and "adultery" in said, said


@pytest.mark.parametrize(
    "question", ["is a woman allowed to be searched by a male officer", "can a lady be frisked by policemen"]
)
def test_the_statutes_word_for_a_lay_word_is_read_in_its_folded_form(corpus_section, question):
    """BNSS s.49(2), a female searched only by another female: "woman" is said "female" there, which the index
    folds to "femal"; unfolded, the question picked (1), a search of an arrested person."""
    ev = corpus_section("BNSS", "49")
    said = rule_sentence(ev, question=question)
    assert said.startswith("Whenever it is necessary to cause a female to be searched"), said


def test_the_words_that_open_a_list_are_never_said_alone(corpus_section):
    """BNSS s.36 opens "Every police officer while making an arrest shall—" and lists (a) to (d): the short answer
    read "every police officer while making an arrest shall—." and stopped."""
    ev = corpus_section("BNSS", "36")
    said = rule_sentence(ev, question="what must the police do while making an arrest")
    assert "(a) bear an accurate" in said, said
