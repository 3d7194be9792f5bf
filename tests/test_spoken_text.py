"""What is read aloud is a short, whole-sentence part of the verified card, never more."""

from __future__ import annotations

import pytest

from core.answer import AnswerPipeline
from core.citations import extract
from core.speech.spoken import spoken_text
from core.stages import Answer
from core.synthesis import ExtractiveComposer
from core.verify import Verifier


def test_sentences_are_whole_and_citations_unbroken():
    r = Answer.answered(
        "See Maneka Gandhi v. Union of India (1978) 1 SCC 248. The court may set conditions. Third.",
        "en",
        notices=["Section 438 CrPC has been replaced by Section 482 BNSS from 1 July 2024. More text."],
    )
    s = spoken_text(r)
    assert "Maneka Gandhi v. Union of India (1978) 1 SCC 248." in s
    assert "Third" not in s and "More text" not in s
    assert s.endswith("1 July 2024.")


def test_long_answers_are_capped():
    r = Answer.answered("A sentence about bail under Section 480 BNSS. " * 50, "en", notices=["x " * 500])
    assert len(spoken_text(r)) <= 700


@pytest.mark.parametrize(
    "q",
    [
        "How do I get anticipatory bail?",
        "What is the punishment for murder?",
        "मेरे भाई को पुलिस ने गिरफ्तार किया है, जमानत कैसे मिलेगी?",
    ],
)
def test_speech_cites_only_what_the_card_verified(graph, q):
    r = AnswerPipeline(graph, ExtractiveComposer()).ask(q)
    spoken = spoken_text(r)
    assert spoken
    shown = {c.node_id for c in r.citations}
    notice_keys = {c.key for n in r.notices for c in extract(n)}
    for c in extract(spoken):
        assert c.key in notice_keys or any(c.key == x or (x or "").endswith(c.key.split(":")[-1]) for x in shown), c
    for c in Verifier(graph).verify(spoken, check_support=False).citations:  # support was checked on the card
        assert c.severity != "error", (c.text, c.status)
