"""A question put after a story in a tag ("..., isnt that required") or as "am i allowed to ..." is read as a
question (core.direct_beyond._ASKS), so the provision it asks about can lead over the story's problem.
Pattern rows written for this test. (Asked through the real graph, "two men broke into our shop at night with
sticks, am i allowed to fight them off" still gets the hurt problem's law, not BNS s.35: no name of private
defence is said; the pattern is necessary, not sufficient.)"""

from __future__ import annotations

import pytest

from core.direct_beyond import _ASKS, _asks_within


@pytest.mark.parametrize(
    "text, asks",
    [
        ("the police kept my phone for a month, isnt that illegal", True),
        ("he took the loan in my name, doesn't that make him liable", True),
        ("my landlord entered my room when I was away, isn't it trespass", True),
        ("if a dog attacks my child am i allowed to kill it", True),
        ("the shop sold me a fake phone and am i entitled to my money back", True),
        ("I am a teacher and I wasn't paid for March", False),
        ("the tenant can't pay rent so he left the flat", False),
    ],
)
def test_tag_and_allowed_questions_ask(text, asks):
    assert _asks_within(text) is asks, text


def test_a_plain_story_still_asks_nothing():
    assert not _ASKS.search("my husband left home in 2019 and never came back")
