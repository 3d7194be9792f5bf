"""Issue 20: prompt words nobody said, caught by a second pass that cannot echo them (pure parts).

The model runs are in tests/test_speech_real.py and `nyayapath eval --set speech_real`; here the
confirmation rule and the per-source figures, on words and rows written out."""

from __future__ import annotations

from core.speech.echo import _prompt_vocab, heard_in, needs_confirming, touches_prompt, unconfirmed
from core.speech.stt import CONFIRM, FUNCTION_WORD_PROMPTS, LEGACY_PROMPTS
from evaluation import speech_real as R
from evaluation import speech_score as S

PROMPT = LEGACY_PROMPTS["hi"]


def test_the_confirming_pass_has_no_content_word_to_echo():
    assert CONFIRM["hi"].prompt == "fw"
    assert _prompt_vocab(FUNCTION_WORD_PROMPTS["hi"]) == []
    assert S.prompt_words(FUNCTION_WORD_PROMPTS["hi"]) == []


# (transcript word, touches the legal prompt): what the scorer would count as a leak if unsaid
TOUCHES = [
    ("जमानत", True),
    ("ज़मानत", True),
    ("न्याय", True),
    ("न्यायालय", True),  # contains a prompt word: a leak if nobody said it
    ("संहिता", True),
    ("आच्छेद", True),  # a cut-off "अनुच्छेद"
    ("भारत", True),  # the head of "भारतीय"
    ("क्या", False),  # similarity 0.75 to "न्याय": not a piece of it
    ("सरकार", False),
    ("मंत्री", False),
    ("है", False),
]


def test_touches_prompt_agrees_with_the_leak_scorer():
    pw = _prompt_vocab(PROMPT)
    spw = S.prompt_words(PROMPT)
    for word, want in TOUCHES:
        assert touches_prompt(word, pw) is want, word
        # every word the scorer would count as a leak is one this check sends to confirmation
        if any(S.is_prompt_fragment(S.asr_normalize(word), p) for p in spw):
            assert touches_prompt(word, pw), word


def test_unconfirmed_prompt_words_go_said_ones_stay():
    # the news sentence with a legal word Whisper wrote from its prompt; the function-word pass
    # heard the sentence without it
    text = "मुख्यमंत्री ने भारतीय न्याय संहिता सम्मेलन को संबोधित किया"
    other = "मुख्यमंत्री ने भारतीय सम्मेलन को संबोधित किया"
    kept, gone = unconfirmed(text, PROMPT, other)
    assert gone == ["न्याय", "संहिता"] and kept == "मुख्यमंत्री ने भारतीय सम्मेलन को संबोधित किया"
    # a legal question: the other pass hears "जमानत" too (spelt differently), so it stays
    kept, gone = unconfirmed("मुझे जमानत कैसे मिलेगी", PROMPT, "मुझे ज़मानत कैसे मिलेगी")
    assert gone == [] and kept == "मुझे जमानत कैसे मिलेगी"
    assert heard_in("धारा", ["दारा"]) and not heard_in("धारा", ["सरकार"])
    assert needs_confirming("मुझे जमानत चाहिए", PROMPT) == ["जमानत"] and needs_confirming("", PROMPT) == []


def test_leaks_after_confirmation_are_zero_on_the_measured_defects():
    """The defects seen on the real clips (issue 15/20), replayed: after confirmation against a pass
    that did not hear them, the scorer finds no leak."""
    cases = [
        ("कुछ और कहा गया", "कुछ और कहा आच्छेद", "कुछ और कहा गया"),
        ("वह घर गया", "वह घर गया जमानत", "वह घर गया"),
        ("रीवा संभाग के कार्यकर्ता", "रीवा संभाग न्याय के कार्यकर्ता", "रीवा संभाग के कार्यकर्ता"),
    ]
    for ref, hyp, other in cases:
        kept, _ = unconfirmed(hyp, PROMPT, other)
        assert S.leaks(ref, kept, PROMPT) == [], (hyp, kept)


def test_per_source_figures():
    def row(lang, source, ref, raw):
        return {
            "lang": lang,
            "source": source,
            "ref": ref,
            "raw": raw,
            "leaks": S.leaks(ref, raw, PROMPT),
            "near_empty": S.near_empty(ref, raw),
            "script": S.script_of(raw),
        }

    per = [
        row("hi", "real news", "वह घर गया", "वह घर गया जमानत"),
        row("hi", "real news", "एक दो तीन चार पांच", "एक"),
        row("hi", "synthetic espeak125 clean", "मुझे जमानत चाहिए", "मुझे जमानत चाहिए"),
        row("hi", "synthetic espeak125 clean", "मुझे जमानत चाहिए", "مجھے ضمانت چاہیے"),
    ]
    src = R.by_source(per)
    news, voice = src["hi: real news"], src["hi: synthetic espeak125 clean"]
    assert news["n"] == 2 and news["leaks"] == 1 and news["leaked_words"] == ["जमानत"]
    assert news["near_empty_rate"] == 0.5 and news["wrong_script_rate"] == 0.0
    assert voice["leaks"] == 0 and voice["wrong_script_rate"] == 0.5
    assert R.source_of({"engine": "espeak", "rate": 125, "condition": "noise"}) == "synthetic espeak125 noise"
    assert R.source_of({"subset": "CMU ARCTIC axb (Indian English)"}) == "real CMU ARCTIC axb (Indian English)"
    lines = R.markdown({"n": 0, "by_source": src})
    assert any("synthetic espeak125 clean" in x for x in lines)
