"""A provision named inside another provision's quoted words is not a claim about it (core.support
SupportChecker._quoted_by_another): Limitation Act s.3 opens "Subject to the provisions contained in sections 4 to
24 (inclusive)", and the answer that quoted it read as citing s.24 for a point s.24 does not make; the problem's
answer was withheld and the bare fallback ("Description: ...") shown. On the real graph."""

from __future__ import annotations

import pytest

from core.support import SupportChecker

QUOTE = (
    "Under Section 3 Limitation Act (Bar of limitation): Subject to the provisions contained in sections 4 "
    "Limitation Act to 24 Limitation Act (inclusive), every suit instituted, appeal preferred, and application made "
    "after the prescribed period shall be dismissed …."
)


def test_a_provision_named_in_another_ones_quoted_words_is_no_claim(graph):
    assert SupportChecker(graph).check(QUOTE, "24 Limitation Act", "LIMITATION:24", "LIMITATION") is None


@pytest.mark.parametrize(
    "sentence",
    [
        # the same words, not quoted from a provision cited beside it: still a claim about s.24
        "Under Section 24 Limitation Act, every suit instituted after the prescribed period shall be dismissed.",
        # s.3 cited beside it, but the words are not s.3's own
        "Under Section 3 Limitation Act and section 24 Limitation Act, every suit instituted after the prescribed "
        "period is dismissed, whatever the reason for the delay.",
    ],
)
def test_words_that_are_not_the_other_ones_own_stay_a_claim(graph, sentence):
    assert SupportChecker(graph).check(sentence, "Section 24 Limitation Act", "LIMITATION:24", "LIMITATION")


def test_the_time_limit_to_get_land_back_is_answered_with_its_periods(pipe):
    a = pipe.ask("someone has occupied my land, what is the time limit to sue")
    assert a.status == "answer"
    assert "12 years" in a.summary, a.summary
    # the residuary Art. 113 (three years) is said after Art. 65 (possession of land, twelve)
    assert "3 years" not in a.summary or a.summary.index("12 years") < a.summary.index("3 years"), a.summary
