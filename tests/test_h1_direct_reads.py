"""What the direct path reads in everyday questions about held law (issue 19): an age under 18 is a minor
("16 saal ka beta", "a 13-year-old"); words said apart that together mean receiving stolen property
("bought it from a stranger ... it was stolen"), not theft; a causative verb said as its stem or perfect
("dara raha", "dikhaya") read back to its infinitive, also as the last word of a phrase ("truck chala raha");
and a next provision of another Act that says nothing of the question the first one does not say is not
shown beside it (core.direct._adds_nothing).

Questions written for this test in lay words (not the training or evaluation sets' wording), on the real
graph. The law, read in the corpus: BNS s.317 "Whoever dishonestly receives or retains any stolen property,
knowing or having reason to believe the same to be stolen property" (statutes/new_codes); MVA s.199A
"Offences by juveniles" (statutes/old_codes/MVA.json); HSA s.14 "shall be held by her as full owner thereof
and not as a limited owner" (statutes/civil_family/hsa.json); CPC s.20 "where the defendants ... actually
and voluntarily resides" (statutes/old_codes/cpc.json).
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.language.lay_words import LayWords, age_words, infinitives
from core.language.lay_words_en import EnglishLayWords, speed_words, statute_words


@pytest.mark.parametrize(
    "text, minor",
    [
        ("meri 15 saal ki beti school nahi jaati", True),
        ("uska 17 sal ka ladka", True),
        ("14 साल के बेटे को", True),
        ("१३ साल की लड़की", True),
        ("a 12-year-old boy was hired", True),
        ("my nephew, 16 years old, was caught", True),
        ("he is aged 15", True),
        ("uski umar 16 saal hai", True),
        ("mera 25 saal ka beta", False),  # grown up
        ("is jurm me 10 saal ki saza hai", False),  # a sentence, not an age
        ("20 saal purana makaan", False),  # an old house
        ("we lived there for 16 years", False),  # a span of time
        ("see page 16 of the deed", False),
    ],
)
def test_an_age_under_eighteen_is_a_minor(text, minor):
    assert bool(age_words(text)) is minor
    if minor:
        assert age_words(text) == ["minor", "child"]


def test_an_age_reaches_both_searches():
    assert statute_words("my 16 year old daughter drove the car")[:2] == ["minor", "child"]


APART = EnglishLayWords(
    [{"say": ["stolen"], "law": ["theft"]}],
    [{"say": ["bought from stolen"], "law": ["receiving", "stolen", "property"], "instead_of": ["theft"]}],
)


@pytest.mark.parametrize(
    "text, words",
    [
        # the asker bought what turns out stolen: receiving, and not theft
        ("i bought a used scooter from a stranger and it turns out it was stolen", ["receiving", "property"]),
        # the asker was robbed: theft
        ("my scooter was stolen last night", ["theft"]),
        ("someone stole it", []),  # "stole" is not the list's word here
    ],
)
def test_words_said_apart_stand_instead_of_their_single_words(text, words):
    assert APART.statute_words(text) == words


def test_the_packs_receiving_words():
    got = statute_words("my uncle purchased a phone from a man at the station and police now say it was stolen")
    assert "receiving" in got and "theft" not in got
    assert "theft" in statute_words("my phone was stolen at the station")


@pytest.mark.parametrize(
    "form, infinitive",
    [("dara", "darana"), ("chala", "chalana"), ("dikhaya", "dikhana"), ("डरा", "डराना"), ("दिखाया", "दिखाना")],
)
def test_a_causative_form_reads_back_to_its_infinitive(form, infinitive):
    assert infinitive in list(infinitives(form))


def test_no_infinitive_of_a_function_word():
    assert list(infinitives("tha")) == [] and list(infinitives("था")) == []


CAUSATIVE = LayWords(
    [
        {"rom": ["darana"], "hi": ["डराना"], "en": ["threat"]},
        {"rom": ["truck chalana"], "hi": ["ट्रक चलाना"], "en": ["driving"]},
    ]
)


@pytest.mark.parametrize(
    "text, words",
    [
        ("wo sabko dara raha tha", ["threat"]),
        ("usne mujhe daraya", ["threat"]),
        ("वो सबको डरा रहा था", ["threat"]),
        ("bhai truck chala raha tha", ["driving"]),
        ("भाई ट्रक चला रहा था", ["driving"]),
    ],
)
def test_a_causative_is_read_alone_and_at_a_phrases_end(text, words):
    assert CAUSATIVE.english_words(text) == words


# (question, the provision it asks about, a provision that must not be cited)
ASKED = [
    (
        "my cousin purchased a used bike from a stranger and now police say it was stolen, is he in trouble",
        "BNS:317",
        None,
    ),
    ("meri 15 saal ki beti scooty le ke nikli aur police ne rok liya, kya mujhe saza hogi", "MVA:199A", None),
    (
        "दादी को उनके भाई ने मकान दिया था, ताऊ कहते हैं वो सिर्फ़ जीते जी इस्तेमाल कर सकती हैं, क्या ये सही है",
        "HSA:14",
        None,
    ),
    (
        "the person who took a loan from me lives in another town, in which court should i file my suit",
        "CPC:20",
        "PWDVA:27",
    ),
    ("ek car wala highway pe zigzag chala raha tha, kaunsa case banta hai", "MVA:184", None),
]


@pytest.mark.parametrize("q,point,not_cited", ASKED, ids=[p for _, p, _ in ASKED])
def test_the_provision_asked_leads(pipe, q, point, not_cited):
    ids = cited_ids(pipe.ask(q))
    # the point first, nothing off it, at most six provisions
    assert ids[:1] == [point] and not_cited not in ids and len(set(ids)) <= 6, ids


@pytest.mark.parametrize(
    "text, asks",
    [
        ("दहेज का केस कहाँ दर्ज करूँ", True),  # where to file: asked
        ("फैसले से खुश नहीं हूँ, अब कहाँ जाऊँ", True),
        ("maintenance ka case kahan file karun", True),
        ("usne kaha ki wo case karega", False),  # "kaha": he said
        ("mera bhai kahan gaya pata nahi", False),  # where someone went: nothing asked of the law
    ],
)
def test_where_to_go_or_file_is_asked(text, asks):
    from core.direct_beyond import _ASKS

    assert bool(_ASKS.search(text)) is asks


@pytest.mark.parametrize(
    "text, speeding",
    [
        ("the cops stopped me doing 140 on the expressway", True),
        ("he was driving at 95 kmph near a school", True),
        ("the sign said 60 and i was well over it", True),
        ("i am doing 12 hours of overtime a day", False),  # hours of work
        ("at 10 in the morning the police came", False),  # a time of day
        ("he got 10 years for it", False),  # a sentence
    ],
)
def test_a_speed_said_is_speeding(text, speeding):
    assert bool(speed_words(text)) is speeding
    if speeding:
        assert {"excessive", "speed"} <= set(statute_words(text))
