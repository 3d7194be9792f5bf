"""Hinglish in, Hinglish out (issue 19): a question typed in Roman-script Hindi is answered in plain
ASCII Roman Hindi; Hindi in Devanagari stays Devanagari, English stays English; what is spoken
stays Devanagari for the Hindi voice."""

from __future__ import annotations

import re

import pytest

from core.language.detect import answer_script, is_roman_script
from core.language.transliterate import roman_word, schwa_delete, to_roman

DEVANAGARI = re.compile(r"[\u0900-\u097F]")


@pytest.mark.parametrize(
    "deva,roman",
    [
        ("धारा", "dhaara"),
        ("सज़ा", "saza"),
        ("कानून", "kaanoon"),
        ("करना", "karna"),
        ("करने", "karne"),
        ("जमानत", "jamaanat"),
        ("गिरफ़्तारी", "giraftaari"),
        ("अदालत", "adaalat"),
        ("शिकायत", "shikaayat"),
        ("अधिकार", "adhikaar"),
        ("मुकदमा", "mukadma"),
        ("पत्नी", "patni"),
        ("अनुच्छेद", "anuchhed"),
        ("संविधान", "sanvidhaan"),
        ("संबंध", "sambandh"),
        ("भारतीय", "bhaartiya"),
        ("सुरक्षा", "suraksha"),
        ("घरेलू", "gharelu"),
        ("मित्र", "mitra"),
        ("पड़ोसी", "padosi"),
        ("में", "mein"),
        ("नहीं", "nahin"),
        ("है", "hai"),
        ("की", "ki"),
    ],
)
def test_roman_words_read_as_people_type_them(deva, roman):
    assert roman_word(deva) == roman


def test_schwa_deletion_marks_the_dropped_vowel():
    assert schwa_delete("करना") == "कर्ना" and schwa_delete("न") == "न"


def test_sentences_keep_numbers_names_and_acronyms():
    assert to_roman("धारा 191 BNS के तहत सज़ा।") == "Dhaara 191 BNS ke tahat saza."
    assert to_roman("अनुच्छेद २१") == "Anuchhed 21"
    assert to_roman("Section 103 BNS") == "Section 103 BNS"


def test_every_hindi_template_becomes_plain_ascii():
    from core.language.templates import _T

    for key, texts in _T.items():
        out = to_roman(texts["hi"])
        assert all(c.isascii() for c in out if c.isalpha()), (key, out)  # no diacritics, no Devanagari


def test_answer_script_follows_the_question():
    assert is_roman_script("chori ki saza kya hai") and not is_roman_script("चोरी की सज़ा क्या है")
    assert answer_script("chori ki saza kya hai", "hi") == "roman"
    assert answer_script("चोरी की सज़ा क्या है", "hi") == "native"
    assert answer_script("what is the punishment for theft", "en") == "native"


# ------------------------------------------------------------------ the real pipeline
@pytest.fixture(scope="module")
def pipe(graph):
    from core.answer import AnswerPipeline
    from core.synthesis import ExtractiveComposer

    return AnswerPipeline(graph, ExtractiveComposer())


def _shown(r) -> str:
    return " ".join([r.answer, r.summary, *r.notices, r.disclaimer] + [x.cite + " " + x.gist for x in r.law])


def test_hinglish_question_is_answered_in_roman_hindi(pipe):
    r = pipe.ask("mere bhai ko police ne giraftar kiya, jamanat kaise milegi")
    assert r.language == "hi" and r.script == "roman"
    assert r.status in ("answer", "conflict")
    assert all(c.isascii() for c in _shown(r) if c.isalpha()), _shown(r)[:300]
    assert re.search(r"\b(dhaara|kaanoon|jamaanat|adhikaar)\b", _shown(r).lower())
    assert any((c.node_id or "").startswith(("BNSS:", "CRPC:")) for c in r.citations)
    # what is read aloud is still Hindi in Devanagari, for the Hindi voice
    from core.speech.spoken import spoken_text

    assert DEVANAGARI.search(r.spoken) and spoken_text(r) and DEVANAGARI.search(spoken_text(r))
    assert r.to_json()["script"] == "roman"


def test_hinglish_abstention_is_roman_too(pipe):
    r = pipe.ask("mujhe ek achha phone batao")
    assert r.status == "abstain" and not DEVANAGARI.search(r.answer + r.disclaimer)


def test_hindi_stays_devanagari_and_english_stays_english(pipe):
    hi = pipe.ask("मेरे भाई को पुलिस ने गिरफ्तार किया है, जमानत कैसे मिलेगी?")
    assert hi.language == "hi" and hi.script == "native" and DEVANAGARI.search(hi.answer) and not hi.spoken
    en = pipe.ask("My brother was arrested by the police. How can he get bail?")
    assert en.language == "en" and en.script == "native" and not DEVANAGARI.search(_shown(en))


def test_roman_runs_touch_only_devanagari():
    from core.language.transliterate import roman_runs

    html = '<b class="np-h">कानूनी हवाले</b> Section 48 BNS. the rest — सत्यापित'
    out = roman_runs(html)
    assert out.startswith('<b class="np-h">') and "Section 48 BNS. the rest" in out
    assert not any("\u0900" <= ch <= "\u097f" for ch in out)
