"""The English lay-word bridge (issue 19): everyday English words and phrases -> the statutes' own
words, for the search of an English question (core.language.lay_words_en, read by core.answer
AnswerPipeline._search_hint). The wordings here are written for these tests, not taken from any
evaluation set."""

from __future__ import annotations

import json
import re

import pytest
from answer_support import cited_ids
from test_lay_words import corpus_words  # noqa: F401  (the corpus statutes' words, one fixture)

from core.answer import AnswerPipeline
from core.language.lay_words_en import (
    LAY_WORDS_EN,
    SEARCH_MOST,
    EnglishLayWords,
    default_english_lay_words,
    en_fold,
    statute_words,
)
from domain import paths

PACK = json.loads(paths.pack_file(LAY_WORDS_EN).read_text(encoding="utf-8"))
WORDS = PACK["words"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("they make small kids beg near the temple", {"begging", "child"}),  # "beg" said: "begging" still given
        ("small gangs pick pockets on buses", {"petty", "organised", "theft"}),
        ("he picked my pocket", {"petty", "organised", "theft"}),  # "my" skipped, -ed folded
        ("someone snatched my phone", {"snatching"}),
        ("he passes fake notes at the market", {"using", "genuine", "counterfeit"}),  # the phrase first
        ("the man was hiding a wanted man", {"harbouring", "offender"}),
        ("my neighbour keeps a wanted man hidden in his house", {"harbouring", "offender"}),  # not "absconding"
        ("her pregnancy was terminated", {"miscarriage"}),
        ("what if someone makes a woman miscarry", {"miscarriage"}),
        ("the milkman adds water and chemicals to the milk", {"adulteration", "food"}),
        ("can the state take my land without paying", {"deprived", "property"}),
        ("he got her pregnancy terminated without her agreeing", {"miscarriage", "consent"}),
        ("my partner in crime", {"accomplice"}),
        ("he used a fake degree", {"forged", "document", "genuine"}),
        ("my cheque bounced", {"dishonour", "insufficiency"}),
        ("talking on the mobile phone while driving", {"handheld", "communications", "devices"}),
        ("does the constitution protect wildlife", {"environment", "forests", "wild", "life"}),
        # BSA s.24 (confession of one of several tried jointly), HSA s.21 (simultaneous deaths), HSA s.28
        # (disease, defect or deformity no bar), CPC O.XXVI r.9 (commissions for local investigations),
        # Constitution Arts. 129/215 (courts of record, power to punish for contempt of itself)
        ("the two brothers were tried together for the dacoity", {"jointly", "trial"}),
        ("a husband and wife died in the same accident", {"simultaneous", "deaths"}),
        ("can a lame son inherit from his mother", {"defect", "deformity"}),
        ("the judge sent a court commissioner for spot inspection", {"commissions", "local", "investigations"}),
        ("can the supreme court punish for contempt", {"record"}),
        # Limitation Act Sch. Arts. 64/65, possession of immovable property (twelve years)
        ("someone has occupied my land, what is the time limit to sue", {"possession", "immovable", "property"}),
    ],
)
def test_real_words(text, expected):
    got = set(statute_words(text))
    assert expected <= got, (text, got)


def test_a_word_the_text_says_is_not_repeated():
    assert "cheque" not in statute_words("my cheque bounced")


def test_a_phrase_before_its_words():
    lw = EnglishLayWords(
        [
            {"say": ["fake notes"], "law": ["counterfeit"]},
            {"say": ["fake"], "law": ["false"]},
            {"say": ["notes"], "law": ["x"]},
        ]
    )
    assert lw.statute_words("he gave fake notes") == ["counterfeit"]
    assert lw.statute_words("a fake letter") == ["false"]


@pytest.mark.parametrize(
    "forms",
    [
        ("beg", "begs", "begging", "begged"),
        ("snatch", "snatches", "snatched", "snatching"),
        ("kidnap", "kidnaps", "kidnapped", "kidnapping"),
        ("pass", "passes", "passed", "passing"),
        ("threaten", "threatens", "threatened", "threatening"),
        ("party", "parties"),
        ("speed", "speeding"),
        ("abuse", "abused", "abuses", "abusing"),
    ],
)
def test_simple_endings_fold_to_one_word(forms):
    assert len({en_fold(f) for f in forms}) == 1, {f: en_fold(f) for f in forms}


def test_words_that_only_point_at_someone_are_skipped():
    lw = EnglishLayWords([{"say": ["snatch phone"], "law": ["snatching"]}])
    for text in ("they snatched my phone", "he snatches phones", "snatched her phone"):
        assert lw.statute_words(text) == ["snatching"], text


@pytest.mark.parametrize(
    "text",
    [
        "What is the punishment for theft under the BNS?",
        "What does Article 21 of the Constitution say?",
        "Is there a separate offence for that?",  # "separate" is no separation
        "under which section do police record statements of witnesses",  # "record" is no electronic record
        "Can I stay in the house?",  # "stay" is no stay order
        "The following is my question",
    ],
)
def test_plain_legal_questions_get_nothing(text):
    assert statute_words(text) == [], statute_words(text)


def test_a_cousin_is_no_prohibited_relationship_unless_married():
    # "cousin" alone said HMA s.3's prohibited relationship and sapindas into any question about a cousin
    # ("my cousin was arrested", "cops told my cousin ..."); marrying a cousin still says them
    assert not {"prohibited", "sapindas"} & set(statute_words("my cousin was arrested by the police last night"))
    assert {"prohibited", "sapindas"} <= set(statute_words("can a hindu marry his first cousin"))


def test_missing_or_broken_file_gives_nothing(tmp_path):
    assert EnglishLayWords.load(tmp_path / "none.json").statute_words("makes kids beg") == []
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert EnglishLayWords.load(bad).statute_words("makes kids beg") == []
    assert EnglishLayWords.load(tmp_path / "none.json").statute_words("") == []


def test_pack_shape():
    assert PACK["_about"]
    assert 300 <= len(WORDS) <= 1000
    for e in WORDS:
        assert set(e) == {"say", "law"}, e
        assert e["say"] and 1 <= len(e["law"]) <= 5, e
        assert all(re.fullmatch(r"[a-z]+", w) for w in e["law"]), e
        assert all(re.fullmatch(r"[a-z][a-z' -]*", f) for f in e["say"]), e  # no numbers, no ids


def test_each_form_means_one_thing():
    seen: dict[tuple[str, ...], list[str]] = {}
    lw = default_english_lay_words()
    for e in WORDS:
        for f in e["say"]:
            key = tuple(lw_tokens(f))
            assert key, f
            assert seen.setdefault(key, e["law"]) == e["law"], (f, seen[key], e["law"])
    assert len(lw.entries) == len(WORDS)


def lw_tokens(text: str) -> list[str]:
    from core.language.lay_words_en import _tokens

    return _tokens(text)


def test_statute_words_are_words_of_the_held_statutes(corpus_words):  # noqa: F811  (the fixture imported above)
    missing = sorted({w for e in WORDS for w in e["law"] if w not in corpus_words})
    assert not missing


def test_loaded_once():
    assert default_english_lay_words() is default_english_lay_words()


def test_search_hint_of_an_english_question():
    q = "a gang of boys pick pockets on buses"
    hint = AnswerPipeline._search_hint(q, "", "en")
    assert hint.startswith(q) and "petty" in hint.split()
    assert len(hint.split()) - len(q.split()) <= SEARCH_MOST
    assert AnswerPipeline._search_hint("What does section 303 of the BNS say?", "", "en") == ""


def test_search_hint_of_a_hindi_question_is_unchanged():
    hint = AnswerPipeline._search_hint("almari ka taala tod ke gehne nikal liye", "Theft", "hi")
    assert hint.startswith("Theft") and "lock" in hint.split()


@pytest.mark.parametrize(
    "q, cited",
    [
        # the statute says "petty organised crime"; without the lay words this met gang rape (BNS s.70)
        ("some boys pick pockets on buses in a small gang, which offence is that", "BNS:112"),
        # "using as genuine a forged document"; without them, counterfeit currency (BNS s.179)
        ("my cousin got a bank job with a fake degree, which section punishes using it", "BNS:340"),
    ],
)
def test_an_everyday_english_wording_reaches_its_provision(pipe, q, cited):
    r = pipe.ask(q)
    assert r.status == "answer", r.answer
    assert cited in cited_ids(r), cited_ids(r)


@pytest.mark.parametrize(
    "text",
    ["they left their aged mother alone at a temple and went away", "our aged father has nobody to feed him"],
)
def test_an_aged_parent_is_a_senior_citizen(text):
    """'aged' is said where 'old' is: the question reached MWPSC only as 'old mother' and was answered with the
    place of worship (BNS s.298) for 'temple'."""
    assert {"senior", "citizen"} <= set(statute_words(text)) or {"senior", "citizens"} <= set(statute_words(text))
