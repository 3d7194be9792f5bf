"""The legal-vocabulary prompt is built from the pack (acts registry, problem cues) and fits
Whisper's prompt budget (issue 13)."""

from __future__ import annotations

import json
import shutil

import pytest

from core.speech import legal_vocab as V
from core.speech.models import resolve_model_dir
from core.speech.stt import MAX_LENGTH, MAX_NEW_TOKENS, MAX_PROMPT, Decoding, Transcriber
from domain import paths
from domain.acts import registry


@pytest.fixture(scope="module")
def model_dir():
    return resolve_model_dir(None)


def test_act_terms_come_from_the_registry():
    terms = {t["code"]: t for t in V.act_terms()}
    assert set(terms) == set(registry())
    assert terms["BNS"]["name_en"] == "Bharatiya Nyaya Sanhita" and terms["BNS"]["short_en"] == "BNS"
    assert terms["BNS"]["name_hi"] == "भारतीय न्याय संहिता" and terms["BNS"]["short_hi"] == "बीएनएस"
    assert terms["COI"]["short_en"] == ""  # nobody says "COI"


def test_cues_come_from_the_problem_files():
    cues = V.cue_terms("en")
    files = list((paths.pack_dir() / paths.PROBLEMS_DIR).glob("*.json"))
    if not files:
        pytest.skip("no problem files in the pack yet")
    every = {
        c
        for f in files
        for p in json.loads(f.read_text(encoding="utf-8"))["problems"]
        for c in (p.get("cues") or {}).get("en", [])
    }
    assert cues and set(cues) <= every


@pytest.mark.parametrize("lang,budget", [("en", 120), ("en", 190), ("hi", 120), ("hi", 180)])
def test_prompt_fits_the_budget_and_keeps_the_core_acts(model_dir, lang, budget):
    p = V.build_prompt(lang, budget, model_dir=model_dir)
    n = V.count_tokens(p, model_dir)
    assert 0 < n <= budget <= MAX_PROMPT
    assert n + MAX_NEW_TOKENS[lang] + 8 <= MAX_LENGTH or budget > MAX_LENGTH - MAX_NEW_TOKENS[lang] - 8
    if lang == "en":
        assert "Bharatiya Nyaya Sanhita (BNS)" in p and "Bharatiya Nagarik Suraksha Sanhita (BNSS)" in p
    else:
        assert "भारतीय न्याय संहिता" in p and "धारा" in p
        assert not any("a" <= c.lower() <= "z" for c in p)  # all Devanagari: it steers the script


def test_transcriber_clamps_the_prompt_to_leave_room_for_the_answer(model_dir):
    tr = Transcriber()
    p = tr.prompt_text("hi", Decoding(prompt="vocab", prompt_tokens=400))
    assert V.count_tokens(p, model_dir) <= MAX_LENGTH - MAX_NEW_TOKENS["hi"] - 8


def test_a_new_act_in_the_pack_reaches_the_prompt(tmp_path, model_dir):
    pack = tmp_path / "pack"
    shutil.copytree(paths.pack_dir(), pack)
    acts = json.loads((pack / paths.ACTS).read_text(encoding="utf-8"))
    new = dict(
        acts["acts"][0],
        code="ZZA",
        name_en="Zebra Zone Adhiniyam, 2030",
        name_hi="ज़ेबरा क्षेत्र अधिनियम, 2030",
        aliases=["ZZA", "Zebra Zone Adhiniyam"],
        short_en=None,
        short_hi=None,
    )
    acts["acts"].insert(0, new)
    (pack / paths.ACTS).write_text(json.dumps(acts, ensure_ascii=False), encoding="utf-8")
    items = V.prompt_items("en", pack)
    assert "Zebra Zone Adhiniyam (ZZA)" in items
