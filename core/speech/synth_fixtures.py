"""Synthetic speech clips for tests and benchmarks: real TTS engines (piper for English,
espeak-ng for Hindi) -> PCM, re-encoded with PyAV into other containers, rates and
channel layouts.  Nothing here is used at serving time."""
from __future__ import annotations

import io

import numpy as np

EN_QUESTIONS = [
    ("What is the punishment for murder under section 103 BNS?", ["murder", "103"]),
    ("How do I get bail?", ["bail"]),
    ("Can the police arrest me without a warrant under section 35 BNSS?", ["police", "arrest", "35"]),
    ("What does Article 21 of the Constitution say?", ["article", "21", "constitution"]),
    ("My landlord will not return my deposit. What can I do?", ["landlord", "deposit"]),
    ("How do I file an FIR at the police station?", ["fir", "police"]),
    ("Is cheating punishable under section 318 of the Bharatiya Nyaya Sanhita?", ["cheating", "318"]),
    ("What is anticipatory bail under section 482?", ["bail", "482"]),
]
HI_QUESTIONS = [
    ("धारा 103 में हत्या की सजा क्या है?", ["103"]),
    ("मुझे जमानत कैसे मिलेगी?", ["जमानत"]),
    ("पुलिस ने मेरी एफआईआर दर्ज नहीं की, मैं क्या करूँ?", ["पुलिस"]),
]


def tts_pcm(speaker, text: str, lang: str) -> tuple[np.ndarray, int]:
    """int16 mono PCM and its sample rate (no citation expansion: the text is spoken as is)."""
    e = speaker.engine(lang)
    return e.pcm(text), e.sample_rate


def encode(pcm: np.ndarray, sr: int, fmt: str, *, rate: int | None = None, channels: int = 1) -> bytes:
    """Encode int16 mono PCM with PyAV into ``fmt`` (wav, flac, mp3, ogg, webm) at ``rate``."""
    import av

    rate = rate or sr
    codec = {"wav": "pcm_s16le", "flac": "flac", "mp3": "libmp3lame", "ogg": "libopus", "webm": "libopus",
             "opus": "libopus"}[fmt]
    if codec == "libopus" and rate not in (8000, 12000, 16000, 24000, 48000):
        rate = 48000
    layout = "stereo" if channels == 2 else "mono"
    data = pcm.astype(np.int16)
    if channels == 2:  # slightly different channels, as a real stereo recording would be
        right = (data.astype(np.int32) * 9 // 10).astype(np.int16)
        inter = np.empty(data.size * 2, dtype=np.int16)
        inter[0::2], inter[1::2] = data, right
        data = inter
    buf = io.BytesIO()
    with av.open(buf, mode="w", format={"ogg": "ogg", "webm": "webm", "opus": "ogg"}.get(fmt, fmt)) as out:
        stream = out.add_stream(codec, rate=rate)
        stream.layout = layout
        frame = av.AudioFrame.from_ndarray(data.reshape(1, -1), format="s16", layout=layout)
        frame.sample_rate = sr
        frame.pts = None
        resampler = av.AudioResampler(format=stream.format.name if stream.format else "s16", layout=layout, rate=rate)
        frames = resampler.resample(frame) + resampler.resample(None)
        for f in frames:
            f.pts = None
            for packet in stream.encode(f):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return buf.getvalue()


def tone(seconds: float, sr: int = 16000, freq: float = 220.0, amp: float = 0.3) -> np.ndarray:
    t = np.arange(int(seconds * sr)) / sr
    return (amp * 32767 * np.sin(2 * np.pi * freq * t)).astype(np.int16)
