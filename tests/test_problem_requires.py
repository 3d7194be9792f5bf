"""A problem about an event is raised only when the question says the event.

A dowry death (BNS s.80) is the death of a woman; "my sister's in-laws are beating her for dowry" was
recognised as a dowry death, and the answer told the family to report the death at once and ask for a
post-mortem. The pack's ``requires`` (with ``requires_source``) lists the phrases of the event per language;
core.problems.ProblemIndex does not raise a problem whose event the question does not say. Questions here
are written for this test, not taken from any evaluation set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.problems import tokens

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"
DOWRY_DEATH, HARASSMENT = "PROB:dowry_death", "PROB:dowry_harassment"


@pytest.mark.parametrize(
    "q,first,never",
    [
        # beaten, harassed, threatened for dowry, alive: cruelty, never a death
        ("my sister's in-laws are beating her for dowry, what should we do", HARASSMENT, DOWRY_DEATH),
        ("meri behen ko sasural wale dahej ke liye maar rahe hain, kya karein", HARASSMENT, DOWRY_DEATH),
        ("मेरी बेटी को ससुराल वाले दहेज के लिए पीटते हैं, क्या करें", HARASSMENT, DOWRY_DEATH),
        ("husband's family keeps torturing my daughter for a car as dowry", HARASSMENT, DOWRY_DEATH),
        # a death said in any of the three ways people say it
        ("my sister died at her husband's house last week, they always wanted more dowry", DOWRY_DEATH, None),
        ("शादी के दो साल बाद ससुराल में बहन की मौत हो गई, वो दहेज मांगते थे", DOWRY_DEATH, None),
        ("beti ko sasural walon ne dahej ke liye jala diya", DOWRY_DEATH, None),
    ],
)
def test_a_dowry_death_needs_a_death(pack_index, q, first, never):
    got = [m.id for m in pack_index.recognise(q, "en" if q.isascii() else "hi")]
    assert got and got[0] == first, (q, got)
    assert never not in got, (q, got)


def _with_requires() -> list[dict]:
    return [
        p for f in sorted((PACK / "problems").glob("*.json")) for p in json.loads(f.read_text("utf-8"))["problems"]
        if p.get("requires")
    ]  # fmt: skip


def test_every_requirement_is_sourced_and_its_own_phrasings_say_it():
    """A problem's own phrasings (its training data) all say its event, else the pack contradicts itself."""
    problems = _with_requires()
    assert problems
    for p in problems:
        assert p.get("requires_source"), p["id"]
        needs = [tuple(tokens(x)) for lang in p["requires"].values() for x in lang]
        for lang, texts in p["phrasings"].items():
            for t in texts:
                toks = set(tokens(t))
                assert any(n and all(w in toks for w in n) for n in needs), (p["id"], lang, t)


def test_the_dowry_death_requirement_quotes_the_corpus(corpus_dir):
    """requires_source rests on BNS s.80(1): a dowry death is the death of a woman."""
    p = next(x for x in _with_requires() if x["id"] == DOWRY_DEATH)
    assert "BNS s.80(1)" in p["requires_source"] and "the death of a woman" in p["requires_source"]
    rows = json.loads((corpus_dir / "statutes" / "new_codes" / "bns_sections_from_met4l.json").read_text("utf-8"))
    text = " ".join(next(r["text"] for r in rows if str(r["section"]) == "80").split())
    assert "the death of a woman" in text


SENIOR, CHILD_ABUSE, WIFE = "PROB:senior_citizen_neglect", "PROB:child_sexual_abuse", "PROB:maintenance_wife"


@pytest.mark.parametrize(
    "q,first,never",
    [
        # a wife left by her husband is maintenance of a wife, not an elder abandoned by a child (MWPSC s.24),
        # and being alone with her children is no sexual offence against a child
        ("my dad walked out on my mom and stopped sending money, what can she do", WIFE, SENIOR),
        ("पति हमें छोड़कर चले गए, मैं बच्चों के साथ अकेली हूँ, क्या करूँ", None, CHILD_ABUSE),
        ("papa ghar chhod ke chale gaye, mummy ke paas kharche ke paise nahi", WIFE, SENIOR),
        # the elder and the child's wrong still said: each problem stays
        ("my son and his wife left my 75 year old mother at a railway station", SENIOR, None),
        ("buzurg pita ko bete ne ghar se nikaal ke sadak pe chhod diya", SENIOR, None),
        ("a man in our lane touches small children in a bad way, where do I report", CHILD_ABUSE, None),
    ],
)
def test_the_person_a_problem_is_about_must_be_said(pack_index, q, first, never):
    got = [m.id for m in pack_index.recognise(q, "en" if q.isascii() else "hi", told=True)]
    assert first is None or (got and got[0] == first), (q, got)
    assert never not in got, (q, got)


def test_the_senior_citizen_requirement_quotes_the_corpus(corpus_dir):
    """requires_source rests on MWPSC s.24: one 'having the care or protection of senior citizen' who leaves him."""
    p = next(x for x in _with_requires() if x["id"] == SENIOR)
    quoted = "having the care or protection of senior citizen"
    assert quoted in p["requires_source"]
    rows = json.loads((corpus_dir / "statutes" / "civil_family" / "mwpsc.json").read_text("utf-8"))
    assert quoted in " ".join(next(r["text"] for r in rows if str(r["section"]) == "24").split())
