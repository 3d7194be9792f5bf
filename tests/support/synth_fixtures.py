"""Synthetic speech clips for tests and benchmarks: real TTS engines (piper for English,
espeak-ng for Hindi) -> PCM, re-encoded with PyAV into other containers, rates and
channel layouts.  Nothing here is used at serving time.

The clips are the same on every run and machine. Piper's voice noise (noise_scale,
noise_w_scale of its SynthesisConfig) is drawn by onnxruntime's random ops, whose seed is
taken at session start (a different one in every process) and whose state every call
advances; its CPU kernels also sum in an order that depends on the thread count. So each
clip is spoken by a fresh session seeded with SEED on one thread: the same text gives the
same samples whatever was spoken before it (measured: identical across processes; 1 and 2
threads agree, 4 do not). espeak-ng's samples depend on everything the library spoke before
in the same process (measured: repeating one sentence never gives the same samples twice, even
after espeak_ng_SetRandSeed and srand), so each espeak clip is spoken by a fresh process, as
its first utterance.
"""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np

SEED = 20241231
_SEED_LOCK = threading.Lock()
ROOT = Path(__file__).resolve().parents[2]

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
    """int16 mono PCM and its sample rate, reproducible (see the module docstring); the text is
    spoken as is, without citation expansion."""
    from core.speech.tts import PiperEngine

    e = speaker.engine(lang)
    if isinstance(e, PiperEngine):
        return _piper_pcm(str(e.model_path), str(e.config_path or f"{e.model_path}.json"), text).copy(), e.sample_rate
    return _espeak_pcm(e.voice_name, e.rate_wpm, text).copy(), e.sample_rate


@functools.lru_cache(maxsize=64)
def _espeak_pcm(voice: str, rate_wpm: int, text: str) -> np.ndarray:
    code = (
        "import sys; from core.speech.tts import EspeakEngine; "
        "sys.stdout.buffer.write(EspeakEngine(sys.argv[1], int(sys.argv[2])).pcm(sys.argv[3]).tobytes())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, voice, str(rate_wpm), text], cwd=ROOT, capture_output=True, timeout=300
    )
    if out.returncode:
        raise RuntimeError(f"espeak-ng clip failed: {out.stderr.decode(errors='replace')[-2000:]}")
    return np.frombuffer(out.stdout, dtype=np.int16)


@functools.lru_cache(maxsize=64)
def _piper_pcm(model_path: str, config_path: str, text: str) -> np.ndarray:
    import onnxruntime as ort
    from piper import PiperVoice
    from piper.config import PiperConfig

    config = PiperConfig.from_dict(json.loads(Path(config_path).read_text(encoding="utf-8")))
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    with _SEED_LOCK:  # the seed is process-wide and read when the session is created
        ort.set_seed(SEED)
        session = ort.InferenceSession(model_path, sess_options=opts, providers=["CPUExecutionProvider"])
    chunks = [c.audio_int16_array for c in PiperVoice(session=session, config=config).synthesize(text)]
    return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)


def encode(pcm: np.ndarray, sr: int, fmt: str, *, rate: int | None = None, channels: int = 1) -> bytes:
    """Encode int16 mono PCM with PyAV into ``fmt`` (wav, flac, mp3, ogg, webm) at ``rate``."""
    import av

    rate = rate or sr
    codec = {
        "wav": "pcm_s16le",
        "flac": "flac",
        "mp3": "libmp3lame",
        "ogg": "libopus",
        "webm": "libopus",
        "opus": "libopus",
    }[fmt]
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
