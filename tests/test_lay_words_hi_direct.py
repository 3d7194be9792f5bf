"""Hindi and Roman-Hindi lay words for direct questions about held law (issue 19; core.language.lay_words).

A direct question names the law in everyday words: "gaadi zabt" (the police may seize and detain a vehicle,
MV Act s.207), "dher laga diya" (obstruction in a public way, BNS s.285), "koi waaris nahi" (failure of
heirs, HSA s.29), "dobara vichar" (review, CPC Order XLVII), "kabza dene se rok" (resistance to the delivery
of possession, CPC Order XXI Rule 97). Each such entry of the pack names the provision it was written from
("src"), and its English words are words of that provision in the corpus (checked below).

A Roman word that means two things is kept only inside a phrase: "gali" is a lane and "gaali" abuse, and
the Roman spelling folds the two into one ("gali ke beech" is not an insult); "मिला" is "got/found" far
more often than "mixed" ("kagaz mila"), so only "मिला दिया" is adulteration. Questions here are written
for these tests, not taken from any evaluation set or training row.
"""

from __future__ import annotations

import json
import re

import pytest

from core.config import load_settings
from core.language.lay_words import LAY_WORDS, english_words
from domain import paths

WORDS = json.loads(paths.pack_file(LAY_WORDS).read_text(encoding="utf-8"))["words"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("पुलिस ने मेरी बाइक ज़ब्त कर ली", {"seize", "detain"}),
        ("challan na bharne par truck zabt ho gaya", {"seize"}),
        ("उसकी जमानत ज़ब्त हो गई", {"bond", "forfeited"}),
        ("mohalle ki sadak par malba pada hai", {"obstruction", "danger"}),
        ("दुकानदार ने फुटपाथ पर सामान का ढेर लगा दिया", {"obstruction", "way"}),
        ("chacha ka koi waaris nahi bacha", {"failure", "heirs"}),
        ("जिस आदमी का कोई वारिस नहीं, उसकी ज़मीन किसकी", {"failure", "heirs"}),
        ("waaris kaun hoga", {"heir"}),
        ("कोर्ट अपने आदेश पर दोबारा विचार कर सकता है", {"review"}),
        ("faisle par punarvichar ki arzi", {"review"}),
        ("decree ke baad bhi uska bhai kabza lene se rok raha hai", {"resistance", "possession"}),
        ("usne mujhe gaaliyan di", {"insult", "abuse"}),
        ("saas roz gaali deti hai", {"insult", "abuse"}),
        ("दूध में पानी मिला दिया", {"adulteration"}),
        ("doodh me paani mila diya", {"adulteration"}),
        ("दुकान में घुसे चोर को पीटा तो क्या मुझ पर केस बनेगा", {"private", "defence"}),
        ("kisi ne cold drink me nasha milakar behosh kar diya", {"administers", "stupefying"}),
    ],
)
def test_direct_words(text, expected):
    got = set(english_words(text))
    assert expected <= got, (text, got)


@pytest.mark.parametrize(
    "text, not_expected",
    [
        ("hamari gali me paani bhar gaya", {"insult", "abuse"}),  # a lane, not abuse
        ("galiyon me andhera rehta hai", {"insult", "abuse"}),
        ("मुझे बैंक का पत्र मिला", {"adulteration"}),  # got, not mixed
        ("नौकरी नहीं मिला", {"adulteration"}),
        ("dher saare kaagaz jama kiye", {"obstruction"}),  # "a heap of", not a heap in the way
        ("उसकी जमानत ज़ब्त हो गई", {"seize"}),  # the bond forfeited: the phrase, not its words
        ("beti waaris hai", {"failure"}),  # an heir there is
    ],
)
def test_words_that_mean_another_thing(text, not_expected):
    got = set(english_words(text))
    assert not (not_expected & got), (text, got)


# the corpus file of each Act a "src" names: (id prefix, file, the key of the heading, the key of the text)
_FILES = {
    "BNS": ("statutes/new_codes/bns_sections_from_met4l.json", "title", "text"),
    "BNSS": ("statutes/new_codes/bnss_sections_from_met4l.json", "title", "text"),
    "BSA": ("statutes/new_codes/bsa_sections_from_met4l.json", "title", "text"),
    "HSA": ("statutes/civil_family/hsa.json", "title", "text"),
    "MVA": ("statutes/old_codes/MVA.json", "title", "description"),
    "CPC": ("statutes/india_code_reprints/cpc_orders.json", "title", "text"),
}

SOURCED = [e for e in WORDS if "src" in e]


def _provision(corpus, src: str) -> str:
    act, section = src.split(":", 1)
    name, title, text = _FILES[act]
    for row in json.loads((corpus / name).read_text(encoding="utf-8")):
        if str(row.get("section")) == section:
            return f"{row.get(title) or ''} {row.get(text) or ''}".lower()
    raise AssertionError(f"{src} not in {name}")


def test_sourced_entries_are_there():
    assert len(SOURCED) >= 6
    assert all(e["src"].split(":", 1)[0] in _FILES for e in SOURCED)


@pytest.mark.parametrize("entry", SOURCED, ids=[e["src"] for e in SOURCED])
def test_english_words_are_the_provisions_own(entry):
    corpus = load_settings().corpus_dir
    if not (corpus / "statutes").is_dir():
        pytest.skip(f"corpus not found at {corpus}")
    words = set(re.findall(r"[a-z]+", _provision(corpus, entry["src"])))
    assert set(entry["en"]) <= words, (entry["src"], set(entry["en"]) - words)
