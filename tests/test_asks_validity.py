"""A question whether the law accepts what was done ("is that valid service", "is it lawful") asks the law
itself (issue 19): core.provisions.question_types gives it the is_offence type, as it gives "is it legal",
so a provision the scorer ranks first is answered as a direct question. Wordings written for this test."""

from __future__ import annotations

import pytest

from core.provisions import question_types


@pytest.mark.parametrize(
    "question",
    [
        "the summons was pasted on my door while I was away, is that valid service",
        "my landlord cut the water to make me leave, is it lawful",
        "the bank sold my pledged gold without telling me, is this unlawful",
    ],
)
def test_a_validity_question_asks_the_law(question):
    assert "is_offence" in question_types(question)


def test_valid_inside_another_phrase_asks_nothing_new():
    assert question_types("my licence is valid till 2030") == []
