"""Ways people ask about held law that the direct path must read (issue 19): "kaunsa case banta hai" asks
which offence the facts make; "makaan ab kiska hoga" asks whose a thing is by law; "lives in another city"
is where someone lives, not a live-in relationship; "knowing it to be stolen" is BNS s.317(2)'s own words.

Questions written for this test in lay words (not the evaluation sets' or the training rows' wording).
"""

from __future__ import annotations

import json

import pytest

from core.language.lay_words_en import statute_words
from core.provisions import index_for, question_types
from domain import paths


@pytest.mark.parametrize(
    "q,kind",
    [
        ("padosi ne meri gaadi ka sheesha tod diya, uspe konsa case banta hai", "which"),
        ("dukandaar ne nakli dawai bechi, kaun sa case lagega", "which"),
        ("उसने मेरा फोन छीन लिया, उस पर कौन सा केस बनता है", "which"),
        ("dada ji ke guzarne ke baad unki zameen kiski hogi", "rights"),
        ("पति के बाद फ्लैट किसका होगा", "rights"),
    ],
)
def test_a_question_form_is_read(q, kind):
    assert kind in question_types(q)


@pytest.mark.parametrize(
    "q",
    [
        "mera case kaunsa court me chal raha hai",  # which court hears it: no offence asked
        "ye kiska phone hai",  # whose phone this is: nothing asked of the law
    ],
)
def test_an_everyday_sentence_is_no_question_form(q):
    assert not {"which", "rights"} & set(question_types(q))


def test_where_someone_lives_is_no_live_in_relationship():
    assert "domestic" not in statute_words("my tenant lives in another town now and stopped paying rent")
    assert "domestic" not in statute_words("I live in Pune with my parents")
    # a live-in relationship said as people say it still reaches the statute's words
    assert "domestic" in statute_words("we were in a live-in for five years and he threw me out")
    assert "domestic" in statute_words("my live-in partner took my salary")


def test_knowing_it_to_be_stolen_is_the_sections_own_words(corpus_dir):
    bns = json.loads((corpus_dir / "statutes" / "new_codes" / "bns_sections_from_met4l.json").read_text("utf-8"))
    rows = bns if isinstance(bns, list) else bns.get("sections", [])
    s317 = next(r for r in rows if str(r.get("section")) == "317")
    assert "knowing or having reason to believe the same to be stolen property" in s317["text"]
    pack = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
    names = {r["id"]: r for r in pack["provisions"]}
    assert "knowing it to be stolen" in names["BNS:317"]["en"]


def test_the_index_finds_receiving_by_knowing_it_stolen(graph):
    got = [m.id for m in index_for(graph).search("can I be jailed for keeping a watch I knew was stolen")[:3]]
    assert "BNS:317" in got, got


def test_a_court_throwing_out_a_case_is_no_eviction_from_home():
    # "threw me out" reaches the shared household only said of a home
    assert "residence" not in statute_words("the judge threw out my suit because it was filed late")
    assert "residence" in statute_words("my in-laws threw me out of the house after my husband died")


def test_keeping_what_one_found_is_misappropriation():
    assert "misappropriation" in statute_words("my neighbour found and kept a purse that fell from my bag")
