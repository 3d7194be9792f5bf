"""decode_audio: formats, rates, stereo, and every kind of bad upload (PyAV, no models)."""

import io
import time
import wave

import numpy as np
import pytest

from core.speech.audio import AudioError, decode_audio, load_audio, to_wav_bytes
from tests.support.synth_fixtures import encode, tone

SR = 16000


def _speechlike(seconds=2.0, sr=22050):
    """A voiced, amplitude-modulated signal (no TTS needed for decoder tests)."""
    t = np.arange(int(seconds * sr)) / sr
    env = 0.5 * (1 + np.sin(2 * np.pi * 3 * t))
    sig = env * (0.4 * np.sin(2 * np.pi * 180 * t) + 0.2 * np.sin(2 * np.pi * 360 * t))
    return (sig * 32767 * 0.8).astype(np.int16), sr


@pytest.mark.parametrize(
    "fmt,rate,channels",
    [
        ("wav", 22050, 1),
        ("wav", 8000, 2),
        ("wav", 48000, 2),
        ("flac", 44100, 1),
        ("flac", 8000, 2),
        ("mp3", 22050, 1),
        ("mp3", 48000, 2),
        ("mp3", 8000, 1),
        ("ogg", 22050, 2),
        ("ogg", 8000, 1),
        ("webm", 48000, 1),
        ("webm", 8000, 2),
        ("webm", 22050, 2),
    ],
)
def test_formats_rates_stereo(fmt, rate, channels):
    pcm, sr = _speechlike(2.0)
    data = encode(pcm, sr, fmt, rate=rate, channels=channels)
    out = decode_audio(data)
    assert out.dtype == np.float32 and out.ndim == 1
    assert abs(out.shape[0] / SR - 2.0) < 0.15, out.shape[0] / SR
    assert 0.05 < float(np.sqrt(np.mean(out**2))) < 0.6
    assert np.max(np.abs(out)) <= 1.0


def test_path_input(tmp_path):
    pcm, sr = _speechlike(1.0)
    p = tmp_path / "q.wav"
    p.write_bytes(to_wav_bytes(pcm, sr))
    assert abs(decode_audio(p).shape[0] - SR) < 200
    assert abs(decode_audio(str(p)).shape[0] - SR) < 200


@pytest.mark.parametrize(
    "data,code",
    [
        (b"", "empty"),
        (b"This is a text file, not audio.\n" * 50, "corrupt"),
        (bytes(np.random.default_rng(0).integers(0, 256, 50_000, dtype=np.uint8)), "corrupt"),
        (b"RIFF\x24\x00\x00\x00WAVEfmt ", "corrupt"),
    ],
)
def test_bad_bytes(data, code):
    with pytest.raises(AudioError) as ei:
        decode_audio(data)
    assert ei.value.code == code
    assert ei.value.message and ei.value.user_message("hi")


def test_text_file_path(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("Section 103 BNS\n" * 100)
    with pytest.raises(AudioError) as ei:
        decode_audio(p)
    assert ei.value.code == "corrupt"


def test_missing_path(tmp_path):
    with pytest.raises(AudioError) as ei:
        decode_audio(tmp_path / "nope.wav")
    assert ei.value.code == "not_found"


def test_url_string_is_not_fetched():
    with pytest.raises(AudioError) as ei:
        decode_audio("http://127.0.0.1:9/x.wav")
    assert ei.value.code == "not_found"


def test_too_short():
    with pytest.raises(AudioError) as ei:
        decode_audio(to_wav_bytes(tone(0.2), SR))
    assert ei.value.code == "too_short"


@pytest.mark.parametrize(
    "pcm", [np.zeros(3 * SR, dtype=np.int16), (np.random.default_rng(1).normal(0, 20, 3 * SR)).astype(np.int16)]
)
def test_silent(pcm):
    with pytest.raises(AudioError) as ei:
        decode_audio(to_wav_bytes(pcm, SR))
    assert ei.value.code == "silent"


def test_ten_minutes_rejected_fast_or_truncated():
    data = encode(tone(600.0, 8000), 8000, "wav")  # 9.6 MB, below the size cap
    t0 = time.perf_counter()
    with pytest.raises(AudioError) as ei:
        decode_audio(data, max_seconds=120)
    assert ei.value.code == "too_long"
    assert time.perf_counter() - t0 < 5.0
    d = load_audio(data, max_seconds=120, truncate=True)
    assert d.samples.shape[0] == 120 * SR
    assert d.warnings and "120" in d.warnings[0]


def test_huge_upload_rejected_before_decoding(monkeypatch, tmp_path):
    import av

    def boom(*a, **k):
        raise AssertionError("decoder must not run")

    monkeypatch.setattr(av, "open", boom)
    with pytest.raises(AudioError) as ei:
        decode_audio(b"\0" * 25_000_001)
    assert ei.value.code == "too_large" and "25 MB" in ei.value.message
    big = tmp_path / "big.wav"
    with open(big, "wb") as f:
        f.truncate(30_000_000)  # sparse file
    with pytest.raises(AudioError) as ei:
        decode_audio(big)
    assert ei.value.code == "too_large"


def test_wav_bytes_roundtrip():
    pcm, sr = _speechlike(0.5)
    with wave.open(io.BytesIO(to_wav_bytes(pcm, sr))) as w:
        assert w.getframerate() == sr and w.getnchannels() == 1 and w.getsampwidth() == 2
        assert w.getnframes() == pcm.size
