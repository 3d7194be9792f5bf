"""core.language.spelling on the real graph's dictionary: misspelt legal words corrected for the
search, known words (English, Roman Hindi, names) and Devanagari left alone."""

import pytest

from core.language.spelling import Speller, speller_for


@pytest.fixture(scope="module")
def speller(graph):
    return speller_for(graph)


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("antcipatory bail", "anticipatory bail"),
        ("wife maintainance kitna milega", "wife maintenance kitna milega"),
        ("dowry harrasment by in-laws", "dowry harassment by in-laws"),
        ("is a daughter a coparcner", "is a daughter a coparcener"),
        ("landlord is threatning me", "landlord is threatening me"),
    ],
)
def test_misspelt_legal_words_are_corrected(speller, typed, expected):
    assert speller.correct(typed) == expected


@pytest.mark.parametrize(
    "typed",
    [
        "sexual harassment at workplace complaint",
        "ghar se nikaal diya sasural walon ne, kya karun",
        "mujhe apne husband se talaaq chahiye",
        "पति ने घर से निकाल दिया",
        "Can the police arest me",  # short words are too close to too many others: left as typed
        "What did Puttaswamy decide about privacy?",
        "A local leader is spreading false stories about me",  # "stories" is "story" + ending, not "stores"
        # everyday words the graph's English lacks: not "drugged" (the narcotics law), "pulling", "snatched"
        "My case has dragged on for nine years, can the court drop it?",
        "a candidate paid voters before polling",
        "I caught a chain snatcher myself",
    ],
)
def test_known_short_and_devanagari_words_are_left_alone(speller, typed):
    assert speller.correct(typed) == typed


def test_the_most_frequent_close_word_wins_and_case_is_not_kept():
    sp = Speller.from_texts(["maintenance " * 5, "maintainer"], known=["story"])
    assert sp.word("stories") is None
    assert sp.word("maintainance") == "maintenance"
    assert sp.word("maintenance") is None


def test_the_answer_searches_the_corrected_words_and_records_what_was_typed(graph):
    from core.answer import AnswerPipeline

    ans = AnswerPipeline(graph, None).ask("Can I get antcipatory bail before the police arrest me?", "en")
    assert "PROB:bail_anticipatory" in [m.id for m in ans.problems]
    assert "BNSS:482" in [c.node_id for c in ans.citations]


def test_everyday_words_come_from_the_shipped_speech_vocabulary_and_exclude_misspellings():
    from core.language.spelling import everyday_words

    words = everyday_words()
    assert {"dragged", "landlord", "cheated", "polling"} <= words
    assert not {"antcipatory", "maintainance", "harrasment", "coparcner", "drugged"} & words
    assert everyday_words("/nonexistent/model") == frozenset()  # no model: the graph's English alone
