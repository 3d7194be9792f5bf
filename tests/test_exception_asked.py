"""An exception the question asks is what the short answer says first (invariant 3).

"Is marital rape a crime in India" was answered with the opening of BNS s.63's definition of rape, and "can a
husband be punished for forcing sex on his wife" with s.64's ten years to life: both read as "yes". The law
(BNS s.63, Exception 2) says sexual intercourse by a man with his own wife, the wife not under eighteen, is not
rape. core.synthesis.short_answer reads a provision's exceptions as clauses of their own, and a provision
whose exception the question speaks to leads the short answer. Questions here are written for this test.
"""

from __future__ import annotations

import json
import re

import pytest

from core.stages import Evidence
from core.synthesis.short_answer import exception_asked, rule_sentence

S63 = (
    "A man is said to commit “rape” if he— (a) penetrates ... a woman ... under the circumstances falling under "
    "any of the following seven descriptions:— (i) against her will; (ii) without her consent; ... (iv) with her "
    "consent, when the man knows that he is not her husband ... Explanation 2.—Consent means an unequivocal "
    "voluntary agreement ... to participate in the specific sexual act. Exception 1.—A medical procedure or "
    "intervention shall not constitute rape. Exception 2.—Sexual intercourse or sexual acts by a man with his own "
    "wife, the wife not being under eighteen years of age, is not rape."
)


def _ev(text: str = S63) -> Evidence:
    return Evidence(node_id="BNS:63", label="Section", name="Section 63 BNS: Rape", text=text, cite_as="Section 63 BNS")


@pytest.mark.parametrize(
    "q,says,excepted",
    [
        ("is marital rape a crime in India", "own wife", True),
        ("can a husband be punished for forcing sex on his wife", "own wife", True),
        ("is it rape when a doctor does a medical procedure", "medical procedure", True),
        # a word every clause has picks no exception: the definition, as before
        ("what is rape", "said to commit", False),
    ],
)
def test_the_clause_asked_is_the_exception_when_the_question_speaks_to_it(q, says, excepted):
    assert says in rule_sentence(_ev(), question=q), q
    assert exception_asked(_ev(), q) is excepted


def test_the_exception_is_the_corpus_text(corpus_dir):
    rows = json.loads((corpus_dir / "statutes" / "new_codes" / "bns_sections_from_met4l.json").read_text("utf-8"))
    text = " ".join(next(r["text"] for r in rows if str(r["section"]) == "63").split())
    assert "by a man with his own wife, the wife not being under eighteen years of age, is not rape" in text


@pytest.mark.parametrize(
    "q",
    ["is marital rape a crime in India", "can a husband be punished for forcing sex on his wife"],
)
def test_the_answer_opens_with_the_exception(pipe, q):
    r = pipe.ask(q)
    first = re.split(r"(?<=\.)\s", r.summary, maxsplit=1)[0]
    assert "Section 63" in first and "own wife" in r.summary.split("Before 1 July")[0], r.summary[:300]
    assert "BNS:63" in {c.node_id for c in r.citations}
