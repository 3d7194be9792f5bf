"""What is read aloud is a short, whole-sentence part of the verified card, never more."""

from __future__ import annotations

import re

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


def test_a_hindi_answer_does_not_read_the_english_quote_with_the_hindi_voice():
    text = "अभिव्यक्ति की स्वतंत्रता: अनुच्छेद 19 के अंग्रेज़ी पाठ में लिखा है: “All citizens shall have the right— (a) to freedom of speech. (b) to assemble …”। दूसरा वाक्य।"
    s = spoken_text(Answer.answered(text, "hi", summary=text))
    assert "citizens" not in s and "assemble" not in s
    assert s.startswith("अभिव्यक्ति की स्वतंत्रता: अनुच्छेद 19 के अंग्रेज़ी पाठ में लिखा है — यह पाठ स्क्रीन पर लिखा है।")
    assert s.endswith("दूसरा वाक्य।")
    quoted_hindi = "धारा 2 में “घरेलू संबंध” की परिभाषा है।"  # a Hindi quote is read as it is
    assert spoken_text(Answer.answered(quoted_hindi, "hi", summary=quoted_hindi)) == quoted_hindi
    english = "The English text of Article 19 says: “All citizens shall have the right”."
    assert "All citizens" in spoken_text(Answer.answered(english, "en", summary=english))


@pytest.mark.parametrize("q", ["अनुच्छेद 19 क्या कहता है", "article 19 kya kehta hai"])
def test_hindi_and_hinglish_answers_point_to_the_screen_for_the_law_s_english_words(graph, q):
    r = AnswerPipeline(graph, ExtractiveComposer()).ask(q)
    shown = r.summary or r.answer
    assert "“" in shown  # the card quotes the English text of Article 19
    spoken = r.spoken or spoken_text(r)
    assert "यह पाठ स्क्रीन पर लिखा है" in spoken
    assert not re.search(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+ [A-Za-z]+", spoken), spoken
