"""Speech to text with faster-whisper (Whisper base, CTranslate2 int8, CPU).

``Transcriber().transcribe(audio, language="auto"|"hi"|"en") -> Transcript``.

* The model is assembled from installed packages by :func:`core.assets.ensure_model` and
  loaded lazily on first use (about 1 s).
* Language detection is restricted to Hindi and English: Whisper's language probabilities
  are computed once on the first 30 s and only ``hi`` (+ ``ur``, the same spoken language
  written in another script) and ``en`` are compared.
* A legal-vocabulary initial prompt per language steers spelling (and, for Hindi, the
  Devanagari script); ``condition_on_previous_text=False``, a token cap per window, and a
  repetition filter stop the loops Whisper base falls into on synthetic or noisy speech.
* The text is normalised (:mod:`core.speech.normalize`): number words -> digits, act names
  corrected; ``heard_numbers`` lists the numbers/dates for an "I heard: ..." line.
"""
from __future__ import annotations

import re
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from .audio import SAMPLE_RATE, AudioError, load_audio
from .normalize import normalize_transcript

PROMPTS = {
    "en": "Section, BNS, BNSS, IPC, CrPC, bail, FIR, Article 21.",
    "hi": "धारा, जमानत, एफआईआर, भारतीय न्याय संहिता, अनुच्छेद।",
}
MAX_NEW_TOKENS = {"en": 160, "hi": 250}
_ARABIC = re.compile(r"[\u0600-\u06ff]")
_DEVANAGARI = re.compile(r"[\u0900-\u097f]")


@dataclass
class Transcript:
    text: str                                   # normalised text
    language: str                               # "hi" or "en"
    duration_s: float
    segments: list[dict] = field(default_factory=list)    # {"start", "end", "text"}
    heard_numbers: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    raw_text: str = ""                           # Whisper's text before normalisation
    language_probs: dict[str, float] = field(default_factory=dict)
    acts: list[str] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)

    def heard_line(self) -> str:
        items = list(self.heard_numbers) + [a for a in self.acts if a not in " ".join(self.heard_numbers)]
        if not items:
            return ""
        return ("मैंने सुना: " if self.language == "hi" else "I heard: ") + ", ".join(items)

    def to_dict(self) -> dict:
        return asdict(self)


def collapse_repeats(text: str, *, min_repeats: int = 3, max_ngram: int = 8) -> tuple[str, bool]:
    """Cut Whisper loops: an n-gram (1..max_ngram words) repeated ``min_repeats``+ times in
    a row is kept once.  Also collapses a character run like "ाााााा"."""
    changed = False
    words = text.split()
    n = 1
    while n <= max_ngram:
        i, out = 0, []
        while i < len(words):
            gram = words[i:i + n]
            reps = 1
            while len(gram) == n and words[i + reps * n:i + (reps + 1) * n] == gram:
                reps += 1
            limit = min_repeats if n > 1 else max(min_repeats, 4)
            if reps >= limit and len(gram) == n:
                out.extend(gram)
                i += reps * n
                changed = True
            else:
                out.append(words[i])
                i += 1
        words = out
        n += 1
    result = " ".join(words)
    r2 = re.sub(r"(.{1,4}?)\1{7,}", r"\1", result)
    return r2, changed or r2 != result


class Transcriber:
    """Lazily loaded Whisper base (int8, CPU).  Thread-safe (one decode at a time)."""

    def __init__(self, model_path: str | Path | None = None, *, beam_size: int = 1,
                 cpu_threads: int = 2, compute_type: str = "int8", vad_filter: bool = True,
                 max_seconds: float = 120.0):
        self._model_path = model_path
        self.beam_size = beam_size
        self.cpu_threads = cpu_threads
        self.compute_type = compute_type
        self.vad_filter = vad_filter
        self.max_seconds = max_seconds
        self._model = None
        self._lock = threading.Lock()
        self.load_ms: float | None = None

    @property
    def model(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    t0 = time.perf_counter()
                    from faster_whisper import WhisperModel

                    path = self._model_path
                    if path is None:
                        from core.assets import ensure_model

                        path = ensure_model("whisper-base")
                    self._model = WhisperModel(str(path), device="cpu", compute_type=self.compute_type,
                                               cpu_threads=self.cpu_threads, num_workers=1)
                    self.load_ms = (time.perf_counter() - t0) * 1000
        return self._model

    def detect_language(self, audio: np.ndarray) -> tuple[str, dict[str, float]]:
        """Pick "hi" or "en" from Whisper's probabilities on the first 30 s."""
        clip = audio[: 30 * SAMPLE_RATE]
        _, _, all_probs = self.model.detect_language(audio=clip, vad_filter=False)
        probs = dict(all_probs or [])
        hi = probs.get("hi", 0.0) + probs.get("ur", 0.0)
        en = probs.get("en", 0.0)
        top = {k: round(v, 4) for k, v in sorted(probs.items(), key=lambda kv: -kv[1])[:5]}
        top.update({"hi": round(probs.get("hi", 0.0), 4), "ur": round(probs.get("ur", 0.0), 4),
                    "en": round(en, 4)})
        return ("hi" if hi > en else "en"), top

    def transcribe(self, audio, language: str = "auto", *, beam_size: int | None = None,
                   initial_prompt: str | None = None) -> Transcript:
        """Transcribe ``audio`` (float32 16 kHz array, or bytes/path decoded with PyAV)."""
        timings: dict[str, float] = {}
        warnings: list[str] = []
        t0 = time.perf_counter()
        if isinstance(audio, np.ndarray):
            samples = np.ascontiguousarray(audio, dtype=np.float32).reshape(-1)
        else:
            dec = load_audio(audio, max_seconds=self.max_seconds)
            samples = dec.samples
            warnings.extend(dec.warnings)
            timings["decode"] = (time.perf_counter() - t0) * 1000
        duration = samples.shape[0] / SAMPLE_RATE
        if samples.shape[0] < int(0.3 * SAMPLE_RATE):
            raise AudioError("too_short")
        if self._model is None:
            t = time.perf_counter()
            _ = self.model
            timings["load"] = (time.perf_counter() - t) * 1000

        lang = (language or "auto").lower()
        probs: dict[str, float] = {}
        if lang not in ("hi", "en"):
            t = time.perf_counter()
            with self._lock:
                lang, probs = self.detect_language(samples)
            timings["detect"] = (time.perf_counter() - t) * 1000

        t = time.perf_counter()
        with self._lock:
            seg_iter, info = self.model.transcribe(
                samples, language=lang, task="transcribe", beam_size=beam_size or self.beam_size,
                best_of=1, temperature=[0.0, 0.4], compression_ratio_threshold=2.4,
                condition_on_previous_text=False, initial_prompt=initial_prompt or PROMPTS[lang],
                vad_filter=self.vad_filter, vad_parameters={"min_silence_duration_ms": 500},
                max_new_tokens=MAX_NEW_TOKENS[lang], without_timestamps=False,
                repetition_penalty=1.05, no_repeat_ngram_size=0, suppress_blank=True,
            )
            segments = []
            for s in seg_iter:
                txt, looped = collapse_repeats(s.text.strip())
                if looped and "repetition" not in " ".join(warnings):
                    warnings.append("repetition: the recogniser repeated itself; repeats were removed")
                if txt and PROMPTS[lang].strip(" .।") in txt:   # prompt echoed back
                    txt = txt.replace(PROMPTS[lang].strip(" .।"), "").strip()
                if txt:
                    segments.append({"start": round(s.start, 2), "end": round(s.end, 2), "text": txt})
        timings["transcribe"] = (time.perf_counter() - t) * 1000

        raw = " ".join(s["text"] for s in segments).strip()
        raw, looped = collapse_repeats(raw)
        if looped and not any(w.startswith("repetition") for w in warnings):
            warnings.append("repetition: the recogniser repeated itself; repeats were removed")
        if not raw:
            warnings.append("no_speech: no words were recognised")
        if lang == "hi" and raw and _ARABIC.search(raw) and not _DEVANAGARI.search(raw):
            warnings.append("script: the Hindi transcript came out in Urdu script")

        t = time.perf_counter()
        norm = normalize_transcript(raw, lang)
        timings["normalize"] = (time.perf_counter() - t) * 1000
        timings["total"] = (time.perf_counter() - t0) * 1000
        return Transcript(
            text=norm.text, language=lang, duration_s=round(duration, 3), segments=segments,
            heard_numbers=norm.heard, warnings=warnings,
            timings_ms={k: round(v, 1) for k, v in timings.items()}, raw_text=raw,
            language_probs=probs, acts=norm.acts, corrections=norm.corrections,
        )
