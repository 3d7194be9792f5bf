"""The synthetic-voice speech set (issue 13): deterministic clips generated at run time into the
cache, the perturbations do what they say, and the evaluation scores real Whisper output."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from evaluation import speech_synth as T
from evaluation.speech_questions import EN, HI


def test_the_set_has_40_plus_questions_per_language_and_every_condition():
    assert len(EN) >= 40 and len(HI) >= 40
    rows = T.rows()
    for lang in ("en", "hi"):
        mine = [r for r in rows if r["lang"] == lang and r["engine"] == "espeak"]
        assert len(mine) >= 80
        assert {r["condition"] for r in mine} == {"clean", "noise", "phone"}
        assert len({r["rate"] for r in mine}) == 2
        # every speed meets every condition
        assert {(r["rate"], r["condition"]) for r in mine} == {
            (a, c) for a in T.VOICES[lang][1] for c in ("clean", "noise", "phone")
        }
    assert len({r["id"] for r in rows}) == len(rows)
    quick = T.rows(quick=True)
    assert 0 < len(quick) < len(rows) / 4


def test_clips_are_deterministic_and_cached(tmp_path, monkeypatch):
    r = next(x for x in T.rows() if x["lang"] == "hi" and x["condition"] == "noise")
    digests = []
    for run in ("a", "b"):
        monkeypatch.setenv("NYAYAPATH_CACHE", str(tmp_path / run))
        x = T.clip_audio(r)
        digests.append(hashlib.sha1(x.tobytes()).hexdigest())
        assert list((tmp_path / run / "speech_synth").glob("*.npy"))
    assert digests[0] == digests[1]  # two fresh generations, the same samples
    assert x.dtype == np.float32 and x.size > T.SR  # real speech, at 16 kHz


def test_telephone_band_and_noise():
    rng = np.random.default_rng(0)
    x = rng.normal(0, 0.1, T.SR * 2).astype(np.float32)
    y = T.telephone(x)
    spec = np.abs(np.fft.rfft(y)) ** 2
    f = np.fft.rfftfreq(y.size, 1 / T.SR)
    assert spec[f > 4200].sum() < 0.01 * spec[(f > 300) & (f < 3400)].sum()
    assert spec[f < 200].sum() < 0.05 * spec[(f > 300) & (f < 3400)].sum()
    t = np.arange(T.SR) / T.SR
    s = (0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    n = T.add_noise(s, 15.0, seed=1) - s
    assert 10 * np.log10(np.mean(s**2) / np.mean(n**2)) == pytest.approx(15.0, abs=0.5)
    assert np.array_equal(T.add_noise(s, 15.0, seed=1), T.add_noise(s, 15.0, seed=1))


@pytest.mark.slow
def test_evaluate_a_few_clips_with_real_whisper(tmp_path, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_CACHE", str(tmp_path))
    picked = [r for r in T.rows() if r["id"] in ("en03-espeak185-clean", "en03-piper-clean", "hi17-espeak165-clean")]
    monkeypatch.setattr(T, "rows", lambda quick=False: picked)
    rep = T.evaluate(None)
    assert rep["n"] == 3
    g = rep["groups"]
    assert {"en:all", "hi:all"} <= set(g)
    piper = next(c for c in rep["clips"] if c["engine"] == "piper")
    # "How do I get anticipatory bail under section 482 of the BNSS?" (piper): the number and act are heard
    assert piper["numbers"] == 1.0 and piper["acts"] == 1.0, piper["hyp"]
    assert 0.0 <= g["en:all"]["wer"] <= 1.0
    assert any(line.startswith("| en:all") for line in T.markdown(rep))
