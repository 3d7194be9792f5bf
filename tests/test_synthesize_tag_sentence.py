"""A short answer's source tag follows the sentence it supports, never a sentence saying its law is not held.

In the Hindi answer to "is taunting for dowry a crime" the problem's gist ends "दहेज प्रतिषेध अधिनियम, 1961 में और
अपराध हैं, पर उसका पाठ इस प्रणाली में नहीं है" and the tag (a DV Act section) sat after it, as if the unheld Act
were the cited section. core.synthesis.short_answer.tag_at puts the tag after the last sentence held law
supports, and summary_plan chooses the provision for that sentence. Questions written for this test.
"""

from __future__ import annotations

import re

from core.synthesis.short_answer import tag_at


def test_tag_at_skips_the_not_held_sentences():
    sents = [
        "Cruelty by a husband or his relatives is an offence",
        "The Dowry Prohibition Act, 1961 has further offences but this system does not hold its text",
    ]
    assert tag_at(sents) == 0
    assert tag_at(["क्रूरता अपराध है", "यही घरेलू हिंसा भी है", "दहेज प्रतिषेध अधिनियम का पाठ इस प्रणाली में नहीं है"]) == 1
    assert tag_at(["Breaking a protection order is a crime"]) == 0
    assert tag_at(["Wage claims are decided under laws which this system does not hold"]) is None


_TAG = re.compile(r"\((?:धारा|अनुच्छेद|Section|Article) [^)]*\)")


def _tagged_sentences(summary: str) -> list[str]:
    return [s for s in re.split(r"(?<=[।.])\s+", summary) if _TAG.search(s)]


def test_the_hindi_dowry_answer_tags_a_held_sentence(pipe):
    r = pipe.ask("ससुराल वाले दहेज के लिए ताने देते हैं, मैं क्या करूँ?")
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    tagged = _tagged_sentences(r.summary)
    assert tagged, r.summary
    assert not [s for s in tagged if "इस प्रणाली में नहीं" in s], r.summary
    assert "इस प्रणाली में नहीं" in r.summary, r.summary  # the gist's unheld-Act sentence is there, untagged


def test_the_english_dowry_answer_tags_a_held_sentence(pipe):
    r = pipe.ask("my in-laws keep taunting me for more dowry, is that an offence?")
    tagged = _tagged_sentences(r.summary)
    assert tagged, r.summary
    assert not [s for s in tagged if "does not hold" in s], r.summary
