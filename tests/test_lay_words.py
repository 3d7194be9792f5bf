"""The lay-word bridge (issue 19): everyday Hindi / Roman-script Hindi words -> plain English words
for the English hint of a Hindi question (core.language.lay_words; not yet wired into
core.answer AnswerPipeline._english_hint, see the module's docstring)."""

from __future__ import annotations

import json
import re

import pytest

from core.config import load_settings
from core.language.lay_words import LAY_WORDS, LayWords, default_lay_words, english_words, hi_fold, rom_fold
from core.language.translate import default_glossary
from core.script_words import HI_STOP, ROM_STOP
from core.support import HI_FUNCTION, ROMAN_FUNCTION
from domain import paths

PACK = json.loads(paths.pack_file(LAY_WORDS).read_text(encoding="utf-8"))
WORDS = PACK["words"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("almari ka taala tod ke gehne nikal liye", {"receptacle", "lock", "break", "ornaments"}),
        ("नकली वसीयत", {"forged"}),
        ("kirayedar ghar khali nahi kar raha", {"tenant", "vacate", "eviction"}),  # "ghar khali": the phrase
        ("rajyapal", {"governor"}),
        ("doodh me paani milana", {"food", "water", "adulteration"}),
        ("पति ने थप्पड़ मारा", {"husband", "assault"}),
        ("बच्चों की देखभाल", {"child", "care"}),  # plural oblique -ों read back to बच्चा
        ("gehne chori ho gaye", {"ornaments"}),  # -e read back to gehna
        ("ladkiyon ke school", {"daughter"}),  # -iyon read back to ladki
        ("zameen", {"land"}),
        ("jamin", {"land"}),  # one word however it is spelt
        ("ज़मीन", {"land"}),
        ("ज़मीन", {"land"}),  # precomposed nukta letter
        ("sharab peekar hungama", {"alcohol", "drunk", "nuisance"}),
        ("maar diya", {"hurt", "kill"}),  # the phrase before its words ("maar diya" is also "hit": not murder)
        ("jaan se maar dala", {"kill", "death"}),
        ("maa-baap", {"parents"}),
        ("अपराध की सज़ा क्या है", {"punishment"}),  # Devanagari सज़ा (the glossary holds only Roman "saza")
        ("appeal chalne tak saza rok", {"pending", "suspension"}),
        ("गलती का बाद में पता चला", {"discovered"}),
        ("maike me reh rahi hoon", {"resides"}),
        ("अदालत का आदेश तोड़ा", {"breach"}),
        ("bhai ka hissa pehle khareed sakte", {"preferential"}),
        ("यह शादी मान्य है या शून्य", {"valid", "void"}),
        ("mamere bhai se shadi", {"sapinda", "prohibited"}),
        ("police wala bankar paise liye", {"personation"}),
        ("नासमझ बच्चा", {"immature"}),
        ("photo delete kar diya", {"deletes"}),
        ("app block kar diya", {"blocking"}),
        ("scooter par teen savari", {"pillion"}),
        ("दस साल की बच्ची", {"year"}),
        ("faisle ke khilaf", {"judgment"}),
        ("ekatarfa decree", {"ex", "parte"}),  # the Roman spelling with the a of eka
        ("darkhast di", {"application"}),  # -e of faisla, which the glossary reads only as written
        # Roman "pita" is a father (पिता) as often as beaten (पीटा): each only in a phrase that tells which
        ("kya betiyon ka pita ki sampatti mein haq hai", {"father", "daughter"}),
        ("mujhe pita gaya", {"hurt"}),
        ("kitne ghante mein magistrate ke saamne", {"hours"}),
        ("क्या आरोपी को चुप रहने का अधिकार है", {"compelled", "witness"}),
    ],
)
def test_real_words(text, expected):
    got = set(english_words(text))
    assert expected <= got, (text, got)


@pytest.mark.parametrize(
    "text",
    [
        "My husband beats me, what can I do?",
        "Sir, my landlord will not return the security deposit",
        "What is the punishment for theft under the BNS?",
        "Can the police arrest me without a warrant at night?",
        "My employer has not paid my salary for three months",
        "Someone forged my father's will and sold the land",
        "The bank froze my account after a cheque bounced",
        "Is it legal to keep a pet dog in a rented flat?",
        "Pooja and Aman had a love marriage; her family threatens them",
        "A truck hit my car on the highway and the driver ran away",
    ],
)
def test_english_questions_get_nothing(text):
    assert english_words(text) == []


def test_short_words_are_not_read_back():
    lw = LayWords([{"hi": [], "rom": ["kaa"], "en": ["crow"]}, {"hi": ["काम"], "rom": [], "en": ["work"]}])
    assert lw.english_words("ke") == []  # "ke" is not "ka" read back: too short
    assert lw.english_words("के") == []
    assert lw.english_words("कामों") == ["work"]


def test_missing_or_broken_file_gives_nothing(tmp_path):
    assert LayWords.load(tmp_path / "none.json").english_words("ghar") == []
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert LayWords.load(bad).english_words("ghar") == []


def test_pack_shape():
    assert PACK["_about"]
    assert 550 <= len(WORDS) <= 900
    for e in WORDS:
        # "src": the provision an entry was written from (tests/test_lay_words_hi_direct.py checks its words)
        assert {"hi", "rom", "en"} <= set(e) <= {"hi", "rom", "en", "src"}, e
        assert e["hi"] or e["rom"], e
        assert 1 <= len(e["en"]) <= 3, e
        assert all(re.fullmatch(r"[a-z]+", w) for w in e["en"]), e
        assert all(not re.search(r"[A-Za-z]", w) for w in e["hi"]), e
        assert all(re.fullmatch(r"[a-z][a-z -]*", w) for w in e["rom"]), e


def test_each_form_means_one_thing():
    seen: dict[tuple[str, ...], list[str]] = {}
    for e in WORDS:
        for f in (*e["hi"], *e["rom"]):
            key = tuple(hi_fold(t) if re.match(r"[\u0900-\u097f]", t) else rom_fold(t) for t in f.split())
            assert seen.setdefault(key, e["en"]) == e["en"], (f, seen[key], e["en"])


def test_no_function_words():
    stop = HI_FUNCTION | HI_STOP | ROM_STOP | ROMAN_FUNCTION
    bad = [f for e in WORDS for f in (*e["hi"], *e["rom"]) if f in stop]
    assert not bad


def test_glossary_forms_are_left_to_the_glossary():
    g = default_glossary()
    bad = [f for e in WORDS for f in (*e["hi"], *e["rom"]) if g.lookup(f) is not None]
    assert not bad


@pytest.fixture(scope="module")
def corpus_words() -> set[str]:
    d = load_settings().corpus_dir
    files = sorted((d / "statutes").rglob("*.json")) + [d / "constitution" / "constitution.json"]
    if not (d / "statutes").is_dir():
        pytest.skip(f"corpus not found at {d}")
    out: set[str] = set()
    for f in files:
        if f.is_file():
            out.update(re.findall(r"[a-z]+", f.read_text(encoding="utf-8", errors="ignore").lower()))
    return out


def test_english_targets_are_corpus_or_glossary_words(corpus_words):
    glossary = {
        w
        for t in default_glossary().terms
        for w in re.findall(r"[a-z]+", f"{t.en} {t.extra.get('definition_en', '')}".lower())
    }
    missing = sorted({w for e in WORDS for w in e["en"] if w not in corpus_words | glossary})
    assert not missing


def test_roman_forms_are_not_english_words(corpus_words):
    bad = [f for e in WORDS for f in e["rom"] if " " not in f and f in corpus_words]
    assert not bad


def test_loaded_once():
    assert default_lay_words() is default_lay_words()


@pytest.mark.parametrize(
    "text,asked,recorded",
    [
        # "kya likha hai" asks what a law says: no "record, writing" (its stem read Art. 32's "writ")
        ("section 85 BNS mein kya likha hai", False, False),
        ("संविधान के अनुच्छेद 21 में क्या लिखा है", False, False),
        # a record written or refused is still one
        ("thanedar ne FIR nahi likhi", True, True),
        ("मेरी शिकायत में गलत बात लिखी", True, True),
    ],
)
def test_what_is_written_asks_for_a_text_not_a_record(text, asked, recorded):
    got = english_words(text)
    assert ("record" in got) is recorded, (text, got)
    assert ("writing" in got) is asked, (text, got)


def test_a_father_is_not_a_beating():
    """ "pita ki sampatti" (a father's property) read "pita" as beaten and cited BNS s.115 (hurt)."""
    assert not {"hurt", "assault"} & set(english_words("kya betiyon ka pita ki sampatti mein haq hai"))
