"""Synthesize the spoken set at run time (no audio is committed).

    python -m evaluation.make_spoken [OUT_DIR]      # writes WAVs for listening, optional

Each row of datasets/spoken.jsonl is spoken by the project's TTS (core.speech.tts.Speaker:
piper "joe" for English, espeak-ng "hi" for Hindi), resampled to 16 kHz float32, then
perturbed with numpy: white noise at a given SNR (dB) and/or a speed change (resampling,
which also shifts pitch, like a fast or slow talker on a cheap phone). A fixed seed per
row makes every run hear the same audio.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import numpy as np

SR = 16_000


def to_16k(pcm: np.ndarray, sr: int) -> np.ndarray:
    x = pcm.astype(np.float32)
    if pcm.dtype == np.int16:
        x /= 32768.0
    if sr == SR or x.size == 0:
        return x
    n = int(round(x.size * SR / sr))
    return np.interp(np.linspace(0, x.size - 1, n), np.arange(x.size), x).astype(np.float32)


def change_speed(x: np.ndarray, speed: float) -> np.ndarray:
    """speed > 1 is faster (shorter)."""
    if speed == 1.0 or x.size == 0:
        return x
    n = max(1, int(round(x.size / speed)))
    return np.interp(np.linspace(0, x.size - 1, n), np.arange(x.size), x).astype(np.float32)


def add_noise(x: np.ndarray, snr_db: float, rng: np.random.Generator) -> np.ndarray:
    if x.size == 0:
        return x
    p_sig = float(np.mean(x**2)) or 1e-8
    p_noise = p_sig / (10 ** (snr_db / 10))
    return np.clip(x + rng.normal(0, np.sqrt(p_noise), x.size).astype(np.float32), -1, 1)


def perturb(x: np.ndarray, spec: dict, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if spec.get("speed"):
        x = change_speed(x, float(spec["speed"]))
    if spec.get("noise_snr_db") is not None:
        x = add_noise(x, float(spec["noise_snr_db"]), rng)
    # half a second of silence each side, as a phone recording would have
    pad = np.zeros(SR // 2, dtype=np.float32)
    return np.concatenate([pad, x, pad])


def synthesize_rows(rows: list[dict], speaker=None) -> list[tuple[np.ndarray, dict]]:
    from core.speech.tts import Speaker

    speaker = speaker or Speaker(read_citations=True)
    out = []
    for r in rows:
        pcm, sr = speaker.pcm(r["text"], r["lang"])
        x = perturb(to_16k(pcm, sr), r.get("perturb") or {}, zlib.crc32(r["id"].encode()))
        out.append((x, {"seconds": round(x.size / SR, 2), "engine": speaker.engine_name(r["lang"])}))
    return out


def main(out_dir: str | None = None) -> int:  # pragma: no cover - a listening aid
    from core.speech.audio import to_wav_bytes
    from evaluation import DATASETS

    rows = [json.loads(line) for line in (DATASETS / "spoken.jsonl").read_text(encoding="utf-8").splitlines() if line]
    out = Path(out_dir or "reports/spoken")
    out.mkdir(parents=True, exist_ok=True)
    for r, (x, info) in zip(rows, synthesize_rows(rows)):
        (out / f"{r['id']}.wav").write_bytes(to_wav_bytes((x * 32767).astype(np.int16), SR))
        print(r["id"], info, r["text"])
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
