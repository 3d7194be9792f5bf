"""Decode an uploaded or recorded audio clip into float32 mono 16 kHz samples (PyAV).

Policy (documented choices):

* The size cap is checked **before** anything is decoded (``len(bytes)`` or ``stat()``).
* Too long: :func:`decode_audio` **rejects** clips longer than ``max_seconds`` with
  ``AudioError("too_long")`` -- a legal question cut in the middle is worse than a clear
  request to ask it in shorter parts.  Decoding stops as soon as the limit is passed, so
  a 10-minute file costs only ``max_seconds`` of decoding.  Callers that prefer to keep the
  start (e.g. a dictated statement) use :func:`load_audio` with ``truncate=True``, which
  returns the first ``max_seconds`` and a warning.
* Paths are opened by us as files (never handed to FFmpeg as URLs), so a string such as
  ``"http://..."`` or ``"concat:..."`` cannot make FFmpeg fetch anything.
"""

from __future__ import annotations

import io
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

SAMPLE_RATE = 16_000
MIN_SECONDS = 0.3
SILENCE_RMS = 0.003  # about -50 dBFS; quiet speech recorded on a phone is ~0.02-0.1
SILENCE_PEAK = 0.01

_MESSAGES = {
    "empty": (
        "The recording is empty. Please record your question again.",
        "रिकॉर्डिंग खाली है। कृपया अपना सवाल फिर से रिकॉर्ड करें।",
    ),
    "too_large": (
        "The audio file is too large ({size_mb:.1f} MB; the limit is {limit_mb:.0f} MB). "
        "Please send a shorter recording.",
        "ऑडियो फ़ाइल बहुत बड़ी है ({size_mb:.1f} MB; सीमा {limit_mb:.0f} MB है)। कृपया छोटी रिकॉर्डिंग भेजें।",
    ),
    "corrupt": (
        "This file could not be read as audio. Please record again or send a WAV, MP3, OGG, WebM or FLAC file.",
        "इस फ़ाइल को ऑडियो के रूप में पढ़ा नहीं जा सका। कृपया फिर से रिकॉर्ड करें या WAV, MP3, OGG, WebM या FLAC फ़ाइल भेजें।",
    ),
    "too_long": (
        "The recording is longer than {limit_s:.0f} seconds. Please ask your question in a "
        "shorter recording (you can send several).",
        "रिकॉर्डिंग {limit_s:.0f} सेकंड से लंबी है। कृपया अपना सवाल छोटी रिकॉर्डिंग में पूछें (आप कई भेज सकते हैं)।",
    ),
    "too_short": (
        "The recording is too short to understand. Please hold the button and speak your full question.",
        "रिकॉर्डिंग समझने के लिए बहुत छोटी है। कृपया बटन दबाकर अपना पूरा सवाल बोलें।",
    ),
    "silent": (
        "I could not hear any speech in the recording. Please check your microphone and speak a little louder.",
        "रिकॉर्डिंग में कोई आवाज़ सुनाई नहीं दी। कृपया माइक्रोफ़ोन जाँचें और थोड़ा ज़ोर से बोलें।",
    ),
    "not_found": ("The audio file was not found.", "ऑडियो फ़ाइल नहीं मिली।"),
}


class AudioError(ValueError):
    """A clip that cannot be used. ``code`` is stable (for UIs/tests); ``message`` is
    user-facing English; ``message_hi`` the same in Hindi."""

    def __init__(self, code: str, message: str | None = None, **fmt):
        en, hi = _MESSAGES.get(code, (message or code, message or code))
        self.code = code
        self.message = message or en.format(**fmt)
        self.message_hi = hi.format(**fmt) if code in _MESSAGES else self.message
        super().__init__(f"{code}: {self.message}")

    def user_message(self, lang: str = "en") -> str:
        return self.message_hi if lang == "hi" else self.message


@dataclass
class DecodedAudio:
    samples: np.ndarray  # float32 mono 16 kHz, range [-1, 1]
    sample_rate: int = SAMPLE_RATE
    duration_s: float = 0.0
    source_format: str = ""
    source_rate: int = 0
    source_channels: int = 0
    rms: float = 0.0
    warnings: list[str] = field(default_factory=list)


def _source(data: bytes | bytearray | memoryview | str | os.PathLike, max_bytes: int):
    if isinstance(data, (bytes, bytearray, memoryview)):
        n = len(data)
        if n == 0:
            raise AudioError("empty")
        if n > max_bytes:
            raise AudioError("too_large", size_mb=n / 1e6, limit_mb=max_bytes / 1e6)
        return io.BytesIO(bytes(data))
    p = Path(data)
    try:
        st = p.stat()
    except OSError:
        raise AudioError("not_found") from None
    if not p.is_file():
        raise AudioError("not_found")
    if st.st_size == 0:
        raise AudioError("empty")
    if st.st_size > max_bytes:
        raise AudioError("too_large", size_mb=st.st_size / 1e6, limit_mb=max_bytes / 1e6)
    return open(p, "rb")


def load_audio(
    data,
    *,
    max_bytes: int = 25_000_000,
    max_seconds: float = 120.0,
    truncate: bool = False,
    min_seconds: float = MIN_SECONDS,
    check_silence: bool = True,
) -> DecodedAudio:
    """Decode ``data`` (bytes or a path) to :class:`DecodedAudio`; see module docstring."""
    import av  # PyAV; imported lazily so the module imports without it

    fh = _source(data, max_bytes)
    max_samples = int(math.ceil(max_seconds * SAMPLE_RATE))
    chunks: list[np.ndarray] = []
    total = 0
    warnings: list[str] = []
    too_long = False
    try:
        try:
            container = av.open(fh, mode="r", metadata_errors="ignore")
        except Exception as exc:  # av.error.InvalidDataError and friends
            raise AudioError("corrupt") from exc
        with container:
            streams = container.streams.audio
            if not streams:
                raise AudioError("corrupt")
            stream = streams[0]
            fmt = container.format.name if container.format else ""
            src_rate = stream.codec_context.sample_rate or 0
            src_ch = stream.codec_context.channels or 0
            resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
            decode_errors = 0
            try:
                for packet in container.demux(stream):
                    try:
                        frames = packet.decode()
                    except (av.error.InvalidDataError, ValueError):
                        decode_errors += 1
                        if decode_errors > 20:
                            raise
                        continue
                    for frame in frames:
                        for out in resampler.resample(frame):
                            arr = out.to_ndarray().reshape(-1)
                            chunks.append(arr)
                            total += arr.shape[0]
                    if total > max_samples:
                        too_long = True
                        break
                if not too_long:
                    for out in resampler.resample(None):
                        arr = out.to_ndarray().reshape(-1)
                        chunks.append(arr)
                        total += arr.shape[0]
            except AudioError:
                raise
            except Exception as exc:
                if total == 0:
                    raise AudioError("corrupt") from exc
                warnings.append("The end of the recording was damaged and was skipped.")
            if decode_errors and total:
                warnings.append("Parts of the recording were damaged and were skipped.")
    finally:
        fh.close()

    if total == 0:
        raise AudioError("corrupt")
    samples = np.concatenate(chunks).astype(np.float32, copy=False)
    if too_long or samples.shape[0] > max_samples:
        if not truncate:
            raise AudioError("too_long", limit_s=max_seconds)
        samples = samples[:max_samples]
        warnings.append(f"Only the first {max_seconds:.0f} seconds of the recording were used.")
    np.clip(samples, -1.0, 1.0, out=samples)
    if not np.all(np.isfinite(samples)):
        raise AudioError("corrupt")
    duration = samples.shape[0] / SAMPLE_RATE
    if duration < min_seconds:
        raise AudioError("too_short")
    rms = float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) if samples.size else 0.0
    if check_silence:
        # RMS over the loudest 0.5 s window so a short question in a long quiet clip passes.
        win = SAMPLE_RATE // 2
        if samples.shape[0] > win:
            sq = np.square(samples, dtype=np.float64)
            c = np.concatenate([[0.0], np.cumsum(sq)])
            loud = float(np.sqrt(np.max(c[win:] - c[:-win]) / win))
        else:
            loud = rms
        if loud < SILENCE_RMS or float(np.max(np.abs(samples))) < SILENCE_PEAK:
            raise AudioError("silent")
    return DecodedAudio(
        samples=samples,
        duration_s=duration,
        source_format=fmt,
        source_rate=src_rate,
        source_channels=src_ch,
        rms=rms,
        warnings=warnings,
    )


def decode_audio(data: bytes | str | Path, *, max_bytes: int = 25_000_000, max_seconds: float = 120.0) -> np.ndarray:
    """Decode wav/webm/ogg/mp3/flac/... (any rate, mono or stereo) to float32 mono 16 kHz.

    Raises :class:`AudioError` with code ``empty``, ``too_large`` (checked before decoding),
    ``corrupt``, ``too_long`` (> ``max_seconds``; use ``load_audio(truncate=True)`` to keep
    the start instead), ``too_short`` (< 0.3 s) or ``silent``.
    """
    return load_audio(data, max_bytes=max_bytes, max_seconds=max_seconds).samples


def to_wav_bytes(samples: np.ndarray, sample_rate: int) -> bytes:
    """float32 [-1, 1] or int16 samples -> 16-bit PCM mono WAV bytes."""
    import wave

    if samples.dtype != np.int16:
        samples = (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(int(sample_rate))
        w.writeframes(samples.astype("<i2").tobytes())
    return buf.getvalue()
