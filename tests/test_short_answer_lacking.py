"""A question that says something is lacking ("without a warrant", "bina warrant ke", "बिना वारंट") picks the
clause that gives the power without it, not one that only names the thing lacking; a short clause that works
"under sub-section (1)" is no nearer answer than sub-section (1) itself. Read from the corpus text of BNSS
s.185; questions written for this test."""

from __future__ import annotations

import pytest

from core.synthesis.short_answer import _lacking, _under, rule_sentence


@pytest.mark.parametrize(
    "question",
    [
        "kya police bina warrant ke ghar ki talashi le sakti hai",
        "can police search my house without a warrant",
        "क्या पुलिस बिना वारंट के घर की तलाशी ले सकती है",
        "police ne bina kisi warrant ke dukaan ki talashi li, kya ye sahi hai",
    ],
)
def test_a_search_without_a_warrant_is_the_officers_own_search(corpus_section, question):
    said = rule_sentence(corpus_section("BNSS", "185"), max_chars=400, question=question)
    assert "reasonable grounds for believing" in said, said
    assert "search-warrants" not in said, said


@pytest.mark.parametrize(
    "question,lacking",
    [
        ("can police arrest without a warrant", {"warrant"}),
        ("bina notice ke ghar khali karwa sakte hai", {"notic"}),
        ("what is the punishment for theft", set()),
    ],
)
def test_the_words_said_lacking(question, lacking):
    assert lacking <= _lacking(question) and (lacking or not _lacking(question))


def test_a_clause_under_sub_section_one():
    assert _under("A police officer proceeding under sub-section (1), shall ...", "(1) Whenever an officer ...")
    assert not _under("(3) The officer shall record ...", "(1) Whenever an officer ...")
