"""Any question about a held law finds that law (issue 19): kinds of question the provision scorer's train rows
missed, found by helper H2 on Dec 6 and fixed in the pack's names (provision_names.json) and the Roman fold.

- Drugging someone to rob them ("नशे की दवा मिलाकर बेहोश किया", zeharkhurani) is BNS s.123, not theft alone,
  and "नशे ... सामान" scattered over the story is no NDPS question.
- An attempt at theft ("chori ki koshish", "attempted theft") is BNS s.62: theft has no attempt section of its own.
- Parents who leave their newborn are BNS s.93 (the father or mother of a child under twelve), not the Senior
  Citizens Act's abandonment; "sadak kinare" (roadside) is not "kinnar" (the Transgender Persons Act).
- A blind, deaf or mentally ill heir inherits (HSA s.28); HSA s.29's names no longer read as "heir property"
  once "no" is left out, so every inheritance question does not lead with escheat.
- An adult marrying without the father's permission is HMA s.5 (no condition is a parent's consent).
- A child born during a marriage is presumed the husband's (BSA s.116), not cruelty.
- Roman Hindi verbs in -a fold to one stem: "chala raha", "chalana", "chalaya", "chalakar".

Sources (checked against the corpus below, test_sources_say_it): BNS ss.62, 93, 123, statutes/new_codes/
bns_sections_from_met4l.json; BSA s.116, statutes/new_codes/bsa_sections_from_met4l.json; HSA ss.28-29,
statutes/civil_family/hsa.json; HMA s.5, statutes/civil_family/hma.json. Every question here is written for this
test in our own words, not from any evaluation or training set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from answer_support import cited_ids

from core.provisions import toks

# (question, provisions of which one at least must be cited, provisions that must not be)
HELD = [
    (
        "someone mixed a drug in my tea on the train and took my bag when I passed out, which section",
        {"BNS:123"},
        set(),
    ),
    ("ट्रेन में किसी ने नशे की दवा मिलाकर बेहोश किया और पर्स ले गया, कौन सी धारा लगेगी", {"BNS:123"}, set()),
    ("what is the punishment for attempted theft", {"BNS:62"}, set()),
    ("chori ki koshish karne par kitni saza hoti hai", {"BNS:62"}, set()),
    # the attempt section is beside a plain question on theft's punishment
    ("what is the punishment for theft", {"BNS:303"}, {"BNS:62"}),
    ("चोरी की सज़ा किस धारा में है", {"BNS:303"}, {"BNS:62"}),
    ("parents left their newborn baby by the road, which offence is it", {"BNS:93"}, set()),
    ("sadak kinare maa baap ne naya bachcha chhod diya, ye kaunsa jurm hai", {"BNS:93"}, set()),
    ("my sister is blind, relatives say she gets no share in dads property, is that right", {"HSA:28"}, {"HSA:29"}),
    ("can a girl of 20 marry without her father's permission", {"HMA:5"}, {"BNSS:49"}),
    ("is a child born to a married woman presumed to be her husband's", {"BSA:116"}, {"IPC:498A", "BNS:85"}),
]


@pytest.mark.parametrize("question,want,never", HELD, ids=[q[:50] for q, _, _ in HELD])
def test_direct_question_finds_its_law(pipe, question, want, never):
    a = pipe.ask(question)
    ids = set(cited_ids(a))
    assert a.status.value != "abstain", (question, a.abstain_reason)
    assert ids & want, (question, sorted(ids))
    assert not ids & never, (question, sorted(ids))


def test_roman_verb_forms_fold_together():
    stem = set(toks("gaadi chalana"))
    for said in ("gaadi chala raha tha", "gaadi chalane ki umar", "gaadi chalayi", "gaadi chalakar", "gaadi chalate"):
        assert stem <= set(toks(said)), said
    assert toks("hatwana") == toks("hatwane") == toks("hatwaya")
    # a noun in -ana whose stem would be a stop word keeps its ending: "jurmana" (a fine) is no "jurm"
    assert toks("jurmana") == toks("jurmane") and toks("jurmana")
    assert toks("challan") != toks("chalana")


def test_names_do_not_hang_on_a_left_out_negation():
    """A people-name that says only common words once "no" / "nahi" are left out is said by questions that
    mean the opposite ("no legal heir to the property" read as heir + property)."""
    root = Path(__file__).resolve().parents[1]
    data = json.loads((root / "graph_schema/packs/india/provision_names.json").read_text(encoding="utf-8"))
    names = {p["id"]: p for p in data["provisions"]}
    for n in names["HSA:29"]["en"] + names["HSA:29"]["hi"] + names["HSA:29"]["rom"]:
        assert set(toks(n)) not in ({"heir", "property"}, {"sarkar", "property"}), n
    assert {"kinnar"}.isdisjoint(data["not_held_terms"]["terms"]["transgender"]["rom"])


def _corpus() -> Path:
    return Path(os.environ.get("NYAYAPATH_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus")


def _section(path: str, number: str) -> str:
    rows = json.loads((_corpus() / path).read_text(encoding="utf-8"))
    rows = rows if isinstance(rows, list) else rows.get("sections", [])
    row = next(r for r in rows if str(r.get("section") or r.get("number")) == number)
    return (str(row.get("title", "")) + " " + str(row.get("text", ""))).lower()


@pytest.mark.parametrize(
    "path,number,words",
    [
        ("statutes/new_codes/bns_sections_from_met4l.json", "62", ["attempt", "no express provision"]),
        ("statutes/new_codes/bns_sections_from_met4l.json", "93", ["father or mother", "twelve", "abandon"]),
        ("statutes/new_codes/bns_sections_from_met4l.json", "123", ["stupefying", "intent"]),
        ("statutes/new_codes/bsa_sections_from_met4l.json", "116", ["born during", "valid marriage", "legitimate"]),
        ("statutes/civil_family/hsa.json", "28", ["disease, defect or deformity", "disqualified"]),
        ("statutes/civil_family/hsa.json", "29", ["no heir", "devolve on the government"]),
        ("statutes/civil_family/hma.json", "6", ["repealed"]),
    ],
)
def test_sources_say_it(path, number, words):
    if not (_corpus() / path).is_file():
        pytest.skip("corpus not present")
    text = " ".join(_section(path, number).split())
    for w in words:
        assert w in text, (path, number, w)


def test_hindi_feminine_perfect_of_a_causative_reads_back():
    """ "गाड़ी चलाई" (drove, feminine perfect written -ाई) is "गाड़ी चलाना" as "गाड़ी चलायी" is."""
    from core.language.lay_words import english_words

    assert "driving" in english_words("शराब पीकर गाड़ी चलाई")
    assert english_words("गाड़ी चलाई") == english_words("गाड़ी चलायी")
