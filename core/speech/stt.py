"""Speech to text with faster-whisper (CTranslate2, int8, CPU).

``Transcriber().transcribe(audio, language="auto"|"hi"|"en") -> Transcript``.

* The model is Whisper base, assembled from installed packages by :func:`core.assets.ensure_model`,
  unless ``$NYAYAPATH_WHISPER_MODEL`` names a CTranslate2 Whisper directory (a larger model or a
  Hindi fine-tune a deployment has): :func:`core.speech.models.resolve_model_dir`.  Nothing is ever downloaded.
* Language detection is restricted to Hindi and English (``hi`` + ``ur``, the same spoken
  language in another script, against ``en``) on the first 30 s of the speech the VAD keeps (one
  encoder pass, shared with the decode).
* Decoding settings per language (:data:`DECODING`) were chosen by measurement on real
  recordings (benchmarks/bench_speech_real.py; figures in the README).
* After decoding, three checks (each measured on real Hindi, see the README):
  - prompt echo: words of the decoding prompt that were not said (a cut-off "आच्छेद" of
    "अनुच्छेद", a lone "जमानत" at the end) are removed, fuzzily (:func:`strip_echo`);
  - near-empty: far fewer words than the speech's length implies -> decoded again with the
    retry settings, and the fuller result kept;
  - script: Hindi that came out in Urdu or Latin script -> decoded again with a Devanagari
    prompt; if that fails too, a warning for the "I heard" line.
* The text is normalised (:mod:`core.speech.normalize`): number words -> digits, act names
  corrected; the result is a :class:`core.stages.Transcript` (:mod:`core.speech.heard`), whose
  ``heard`` is the "I heard: ..." line the user checks.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from core.stages import Transcript

from .audio import SAMPLE_RATE, AudioError, load_audio
from .decoding import CONFIRM, DECODING, NEAR_EMPTY_RATIO, RETRY, WORDS_PER_S, Decoding  # noqa: F401
from .echo import _strip_echo_text, collapse_repeats, needs_confirming, strip_echo, unconfirmed
from .heard import transcript
from .models import ModelDirError, resolve_model_dir  # noqa: F401  (ModelDirError: app.service catches it from here)
from .normalize import normalize_transcript

MAX_LENGTH = 448  # Whisper's decoder context
MAX_PROMPT = MAX_LENGTH // 2 - 1  # faster-whisper keeps at most this many prompt tokens
MAX_NEW_TOKENS = {"en": 160, "hi": 250}

# The prompts used before issue 15 (kept for the benchmark's "current settings" row).
LEGACY_PROMPTS = {
    "en": "Section, BNS, BNSS, IPC, CrPC, bail, FIR, Article 21.",
    "hi": "धारा, जमानत, एफआईआर, भारतीय न्याय संहिता, अनुच्छेद।",
}
# A greeting that steers Hindi to Devanagari (measured: its "मेरा" slips into 23% of outputs).
SCRIPT_PROMPTS = {"hi": "नमस्ते, मेरा एक सवाल है।"}
# The Hindi prompt that cannot leak a content word: function words only.  It keeps Whisper in
# Devanagari (0% Urdu/Latin on the real clips, against 85% with no prompt) and, unlike any
# prompt with legal words, puts no word into a transcript that the speaker did not say.
FUNCTION_WORD_PROMPTS = {"hi": "है, के, में, और, की, को, से।"}

_ARABIC = re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]")
_DEVANAGARI = re.compile(r"[\u0900-\u097f]")
_LATIN = re.compile(r"[A-Za-z]")


# --------------------------------------------------------------------------- decoding settings
# in core.speech.decoding: the settings per language, the retries, the near-empty floor


# --------------------------------------------------------------------------- text checks
def script_of(text: str) -> str:
    """ "devanagari", "arabic", "latin", "mixed" or "none": the script of 80%+ of the letters."""
    counts = {
        "devanagari": len(_DEVANAGARI.findall(text or "")),
        "arabic": len(_ARABIC.findall(text or "")),
        "latin": len(_LATIN.findall(text or "")),
    }
    total = sum(counts.values())
    if not total:
        return "none"
    name, n = max(counts.items(), key=lambda kv: kv[1])
    return name if n >= 0.8 * total else "mixed"


# A segment after the first whose average log-probability is under -1 and whose no-speech
# probability is over 0.3 is text Whisper made up from the trailing silence (measured on piper
# and espeak questions with the long legal prompt and beam 5: "Thank you very much." at
# lp -1.26 / nsp 0.53, a "like and subscribe" tail at -1.54 / 0.49; the questions themselves
# at -0.05 .. -0.30 / 0.00 .. 0.01).
TAIL_MAX_LOGPROB = -1.0
TAIL_MIN_NO_SPEECH = 0.3


# --------------------------------------------------------------------------- one pass
@dataclass
class Pass:
    decoding: Decoding
    prompt: str
    segments: list[dict]
    text: str  # after loop collapse and echo removal
    removed: list[str]
    tail: list[str]
    looped: bool
    speech_s: float
    ms: float
    cpu_ms: float
    confidence: float | None

    def n_words(self) -> int:
        return len(self.text.split())


class Transcriber:
    """Lazily loaded Whisper (int8, CPU).  Thread-safe (one decode at a time).  The encoder runs on
    ``cpu_threads``, the decoder on ``decoder_threads`` (a second copy of the model when fewer), and
    one question's passes share one encoder output."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        *,
        beam_size: int | None = None,
        cpu_threads: int = 2,
        decoder_threads: int | None = 1,
        compute_type: str = "int8",
        vad_filter: bool | None = None,
        max_seconds: float = 120.0,
        decoding: dict[str, Decoding] | None = None,
        retry: bool = True,
    ):
        self._model_path = model_path
        self.cpu_threads = cpu_threads
        # The encoder (one 30 s window of large matrix products) gains from a second thread; the
        # token-by-token decoder (small products, a sync per layer) loses from it on 2 shared cores.
        # Measured (issue 24, load 1.2-1.6): encode 370 ms on 2 threads / 541 on 1; decode 919 / 591
        # ms a clip; 11 real clips twice through transcribe: 16.6-16.8 s on 2 threads, 14.0-14.4 s on
        # 1, 14.0 s split; bench voice STT p50 0.93 / 0.95 / 0.80 s. So with cpu_threads > decoder_threads
        # a second copy of the model (+113 MB, +0.2 s load) decodes on decoder_threads, fed by the
        # first's encoder output; the text is the same (22 of 22 clips).
        self.decoder_threads = decoder_threads
        self.compute_type = compute_type
        self.max_seconds = max_seconds
        self.retry = retry
        self.decoding = dict(decoding or DECODING)
        if beam_size is not None:
            self.decoding = {k: v.but(beam_size=beam_size) for k, v in self.decoding.items()}
        if vad_filter is not None:
            self.decoding = {k: v.but(vad=vad_filter) for k, v in self.decoding.items()}
        self._model = None
        self._model_dir: Path | None = None
        self._lock = threading.RLock()
        self._prompts: dict[tuple, str] = {}
        self._speech_memo: dict[tuple, tuple[np.ndarray, list[dict]]] = {}
        self._encoded: dict[bytes, object] = {}
        self.encoder_runs = 0  # Whisper encoder passes actually run (shared ones counted once)
        self.load_ms: float | None = None

    @property
    def beam_size(self) -> int:
        return self.decoding["en"].beam_size

    @property
    def model_dir(self) -> Path:
        if self._model_dir is None:
            self._model_dir = resolve_model_dir(self._model_path)
        return self._model_dir

    @property
    def model(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    t0 = time.perf_counter()
                    model = self._load(self.cpu_threads)
                    encode = model.encode
                    if self.decoder_threads and self.decoder_threads < self.cpu_threads:
                        # the decoder on fewer threads, fed by the encoder of the model above (see __init__)
                        encode, model = model.encode, self._load(self.decoder_threads)
                    self._share_encoder(model, encode)
                    self._model = model
                    self.load_ms = (time.perf_counter() - t0) * 1000
        return self._model

    def _load(self, threads: int):
        from faster_whisper import WhisperModel

        return WhisperModel(
            str(self.model_dir),
            device="cpu",
            compute_type=self.compute_type,
            cpu_threads=threads,
            num_workers=1,
            local_files_only=True,
        )

    # ---------------------------------------------------------------- one encoding per audio
    # Whisper encodes a padded 30 s window whatever the audio's length: 0.3 s of CPU for base on two
    # threads, as much as decoding a short English question.  The language check, the decode and any
    # retry or confirming pass of one question see the same speech, so they share one VAD run and one
    # encoder output (the decoders' input is the same tensor, so what they write cannot change).
    _KEEP = 2  # encodings / VAD results kept: the current audio (and the raw one when a pass has no VAD)

    def _share_encoder(self, model, encode) -> None:
        def shared(features):
            arr = np.ascontiguousarray(features)
            key = hashlib.blake2b(arr.tobytes(), digest_size=16).digest() + str(arr.shape).encode()
            out = self._encoded.get(key)
            if out is None:
                out = encode(features)
                self.encoder_runs += 1
                while len(self._encoded) >= self._KEEP:
                    self._encoded.pop(next(iter(self._encoded)))
                self._encoded[key] = out
            return out

        model.encode = shared  # faster-whisper's generate_segments and detect_language call self.encode

    def speech_of(self, samples: np.ndarray, dec: Decoding) -> tuple[np.ndarray, list[dict]]:
        """The speech faster-whisper's VAD keeps with ``dec``'s settings (the chunks joined) and its
        chunks, computed once per audio and settings."""
        from faster_whisper.vad import VadOptions, collect_chunks, get_speech_timestamps

        key = (
            hashlib.blake2b(samples.tobytes(), digest_size=16).digest(),
            samples.shape[0],
            dec.vad_threshold,
            dec.vad_min_silence_ms,
            dec.vad_speech_pad_ms,
        )
        hit = self._speech_memo.get(key)
        if hit is None:
            opts = VadOptions(
                threshold=dec.vad_threshold,
                min_silence_duration_ms=dec.vad_min_silence_ms,
                speech_pad_ms=dec.vad_speech_pad_ms,
            )
            chunks = get_speech_timestamps(samples, opts)
            pieces, _ = collect_chunks(samples, chunks)
            hit = (np.concatenate(pieces).astype(np.float32, copy=False), chunks)
            while len(self._speech_memo) >= self._KEEP:
                self._speech_memo.pop(next(iter(self._speech_memo)))
            self._speech_memo[key] = hit
        return hit

    def forget_audio(self) -> None:
        """Drop the shared VAD result and encoder output (after a question: they are 3 MB)."""
        self._speech_memo.clear()
        self._encoded.clear()

    # ---------------------------------------------------------------- prompts
    def prompt_text(self, lang: str, dec: Decoding) -> str:
        """The initial prompt ``dec`` asks for, in ``lang`` (built once per setting)."""
        key = (lang, dec.prompt, dec.prompt_tokens)
        if key not in self._prompts:
            if dec.prompt == "vocab":
                from .legal_vocab import build_prompt

                budget = min(dec.prompt_tokens, MAX_PROMPT, MAX_LENGTH - MAX_NEW_TOKENS[lang] - 8)
                text = build_prompt(lang, budget, model_dir=self.model_dir)
            elif dec.prompt == "legacy":
                text = LEGACY_PROMPTS[lang]
            elif dec.prompt == "script":
                text = SCRIPT_PROMPTS.get(lang, "")
            elif dec.prompt == "fw":
                text = FUNCTION_WORD_PROMPTS.get(lang, "")
            else:
                text = dec.prompt
            self._prompts[key] = text
        return self._prompts[key]

    def _n_tokens(self, text: str) -> int:
        if not text:
            return 0
        return len(self.model.hf_tokenizer.encode(" " + text.strip(), add_special_tokens=False).ids)

    # ---------------------------------------------------------------- language
    def detect_language(self, audio: np.ndarray, dec: Decoding | None = None) -> tuple[str, dict[str, float]]:
        """Pick "hi" or "en" from Whisper's probabilities on the first 30 s of the speech the VAD keeps
        (``dec``'s settings, the default decoding's if none): the window the decoder then reads, so the
        encoder runs once for both."""
        from faster_whisper.audio import pad_or_trim

        dec = dec or self.decoding.get("en") or Decoding()
        clip = self.speech_of(audio, dec)[0] if dec.vad else audio
        if clip.shape[0] < int(0.3 * SAMPLE_RATE):  # the VAD heard nothing: the raw audio
            clip = audio
        model = self.model
        feats = model.feature_extractor(clip)
        # the first window exactly as faster-whisper's decoder cuts it (its last frame dropped)
        enc = model.encode(pad_or_trim(feats[:, : max(1, feats.shape[-1] - 1)]))
        probs = {tok[2:-2]: p for tok, p in model.model.detect_language(enc)[0]}
        hi = probs.get("hi", 0.0) + probs.get("ur", 0.0)
        en = probs.get("en", 0.0)
        top = {k: round(v, 4) for k, v in sorted(probs.items(), key=lambda kv: -kv[1])[:5]}
        top.update({"hi": round(probs.get("hi", 0.0), 4), "ur": round(probs.get("ur", 0.0), 4), "en": round(en, 4)})
        return ("hi" if hi > en else "en"), top

    @staticmethod
    def speech_seconds(samples: np.ndarray, dec: Decoding | None = None) -> float:
        """Seconds of speech the VAD finds (the near-empty check's yardstick)."""
        from faster_whisper.vad import VadOptions, get_speech_timestamps

        dec = dec or Decoding()
        opts = VadOptions(threshold=dec.vad_threshold, min_silence_duration_ms=dec.vad_min_silence_ms, speech_pad_ms=0)
        return sum(c["end"] - c["start"] for c in get_speech_timestamps(samples, opts)) / SAMPLE_RATE

    # ---------------------------------------------------------------- decoding
    def decode(self, samples: np.ndarray, lang: str, dec: Decoding, *, prompt: str | None = None) -> Pass:
        """One Whisper pass with settings ``dec``; echoes of its prompt and loops removed."""
        from faster_whisper.transcribe import restore_speech_timestamps

        prompt = self.prompt_text(lang, dec) if prompt is None else prompt
        hot = dec.hotwords
        used = self._n_tokens(prompt) + self._n_tokens(hot) + 6
        max_new = max(32, min(MAX_NEW_TOKENS[lang], MAX_LENGTH - used))
        t0, c0 = time.perf_counter(), time.process_time()
        with self._lock:
            # the VAD run once per audio (speech_of), so the encoder sees the same window every pass
            audio, chunks = self.speech_of(samples, dec) if dec.vad else (samples, [])
            seg_iter, info = self.model.transcribe(
                audio,
                language=lang,
                task="transcribe",
                beam_size=dec.beam_size,
                best_of=1,
                temperature=list(dec.temperatures),
                compression_ratio_threshold=2.4,
                condition_on_previous_text=dec.condition_on_previous_text,
                initial_prompt=prompt or None,
                hotwords=hot or None,
                vad_filter=False,
                max_new_tokens=max_new,
                without_timestamps=not dec.timestamps,
                word_timestamps=dec.word_timestamps,
                repetition_penalty=dec.repetition_penalty,
                no_repeat_ngram_size=0,
                suppress_blank=True,
            )
            raw_segments = list(seg_iter)
            if chunks:
                raw_segments = list(restore_speech_timestamps(raw_segments, chunks, SAMPLE_RATE))
        ms = (time.perf_counter() - t0) * 1000
        cpu_ms = (time.process_time() - c0) * 1000
        echo_src = " ".join(x for x in (prompt, hot) if x)
        segments, removed, tail, looped, probs = [], [], [], False, []
        for s in raw_segments:
            if segments and s.avg_logprob < TAIL_MAX_LOGPROB and s.no_speech_prob > TAIL_MIN_NO_SPEECH:
                # a segment after the question that Whisper made up from the trailing silence
                # ("Thank you very much.", "please don't forget to like and subscribe")
                tail.append(s.text.strip())
                continue
            if s.words:
                words = [
                    {"word": w.word, "probability": w.probability, "start": w.start, "end": w.end} for w in s.words
                ]
                kept, gone = strip_echo(words, echo_src, lang)
                txt = "".join(w["word"] for w in kept).strip()
                probs += [w["probability"] for w in kept]
            else:
                txt, gone = _strip_echo_text(s.text.strip(), echo_src, lang)
            removed += gone
            txt, lp = collapse_repeats(txt)
            looped = looped or lp
            if txt:
                segments.append(
                    {
                        "start": round(s.start, 2),
                        "end": round(s.end, 2),
                        "text": txt,
                        "avg_logprob": round(s.avg_logprob, 3),
                        "temperature": s.temperature,
                        "no_speech_prob": round(s.no_speech_prob, 3),
                        "words": [
                            [w.word, round(w.start, 2), round(w.end, 2), round(w.probability, 3)]
                            for w in (s.words or [])
                        ],
                    }
                )
        text = " ".join(s["text"] for s in segments).strip()
        text, lp = collapse_repeats(text)
        looped = looped or lp
        speech = audio.shape[0] / SAMPLE_RATE if dec.vad else 0.0
        return Pass(
            decoding=dec,
            prompt=echo_src,
            segments=segments,
            text=text,
            removed=removed,
            tail=tail,
            looped=looped,
            speech_s=speech,
            ms=ms,
            cpu_ms=cpu_ms,
            confidence=round(float(np.mean(probs)), 3) if probs else None,
        )

    @staticmethod
    def check(text: str, lang: str, speech_s: float) -> list[str]:
        """Problem codes of a pass: "near_empty" (words < 40% of what ``speech_s`` seconds of
        speech would hold at the floor rate) and, in Hindi, "script" (Urdu or Latin letters)."""
        out = []
        expected = speech_s * WORDS_PER_S.get(lang, 1.5)
        if expected >= 2 and len(text.split()) < NEAR_EMPTY_RATIO * expected:
            out.append("near_empty")
        if (
            lang == "hi"
            and script_of(text) in ("arabic", "latin", "mixed")
            and (_ARABIC.search(text) or len(_LATIN.findall(text)) > len(_DEVANAGARI.findall(text)))
        ):
            out.append("script")
        return out

    def confirm(self, samples: np.ndarray, lang: str, kept: Pass, speech: float, timings: dict) -> Pass:
        """Issue 20: a word of the legal prompt in the middle of a sentence cannot be told from speech
        by its letters, so it stands only if a pass decoded with function words only (:data:`CONFIRM`,
        which cannot echo a legal word) hears it too (:func:`core.speech.echo.unconfirmed`). A result
        that is still near-empty after the retries is replaced by that pass when it is fuller and in
        Devanagari. The extra pass runs only when there is a prompt word to confirm or too few words."""
        alt = CONFIRM[lang]
        doubt = needs_confirming(kept.text, kept.prompt)
        empty = "near_empty" in self.check(kept.text, lang, speech)
        if kept.decoding == alt or not (doubt or empty):
            return kept
        other = self.decode(samples, lang, alt)
        timings["confirm"] = other.ms
        if doubt:
            text, gone = unconfirmed(kept.text, kept.prompt, other.text)
            if gone:
                kept = dataclasses.replace(kept, text=text, removed=kept.removed + gone)
        if (
            "near_empty" in self.check(kept.text, lang, speech)
            and other.n_words() > kept.n_words()
            and "script" not in self.check(other.text, lang, speech)
        ):
            kept = other
        return kept

    # ---------------------------------------------------------------- entry point
    def transcribe(
        self,
        audio,
        language: str = "auto",
        *,
        beam_size: int | None = None,
        initial_prompt: str | None = None,
        decoding: Decoding | None = None,
    ) -> Transcript:
        """Transcribe ``audio`` (float32 16 kHz array, or bytes/path decoded with PyAV)."""
        timings: dict[str, float] = {}
        warnings: list[str] = []
        t0 = time.perf_counter()
        if isinstance(audio, np.ndarray):
            samples = np.ascontiguousarray(audio, dtype=np.float32).reshape(-1)
        else:
            dec_audio = load_audio(audio, max_seconds=self.max_seconds)
            samples = dec_audio.samples
            warnings.extend(dec_audio.warnings)
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
                lang, probs = self.detect_language(samples, decoding)
            timings["detect"] = (time.perf_counter() - t) * 1000

        dec = decoding or self.decoding[lang]
        if beam_size is not None:
            dec = dec.but(beam_size=beam_size)
        if initial_prompt is not None:
            dec = dec.but(prompt=initial_prompt)
        t = time.perf_counter()
        first = self.decode(samples, lang, dec)
        timings["transcribe"] = first.ms
        speech = first.speech_s if dec.vad else 0.0
        if not speech:
            speech = self.speech_seconds(samples, dec)
        kept, retries = first, []
        problems = self.check(first.text, lang, speech)
        if problems and self.retry:
            for code in problems:
                alt = RETRY.get(lang, {}).get(code)
                if alt is None or alt == kept.decoding:
                    continue
                second = self.decode(samples, lang, alt)
                retries.append(code)
                timings[f"retry_{code}"] = second.ms
                now = self.check(second.text, lang, speech)
                better = len(now) < len(self.check(kept.text, lang, speech)) or (
                    code == "near_empty"
                    and "near_empty" in now
                    and second.n_words() > kept.n_words()
                    and "script" not in now
                )
                if better:
                    kept = second
                if code not in now:
                    break
        if self.retry and lang in CONFIRM:
            kept = self.confirm(samples, lang, kept, speech, timings)
        with self._lock:
            self.forget_audio()
        timings["stt_total"] = (time.perf_counter() - t) * 1000
        raw = kept.text
        if kept.looped:
            warnings.append("repetition: the recogniser repeated itself; repeats were removed")
        if kept.removed:
            warnings.append(
                "echo: words of the recogniser's prompt that were not said were removed: " + ", ".join(kept.removed[:5])
            )
        if kept.tail:
            warnings.append(
                "tail: text the recogniser made up after the question was removed: " + " | ".join(kept.tail[:2])
            )
        final = self.check(raw, lang, speech)
        if not raw:
            warnings.append("no_speech: no words were recognised")
        elif "near_empty" in final:
            warnings.append(f"near_empty: only {len(raw.split())} words were recognised in {speech:.1f} s of speech")
        if "script" in final:
            sc = script_of(raw)
            what = "Urdu" if _ARABIC.search(raw) else "Latin" if sc == "latin" else "mixed"
            warnings.append(f"script: the Hindi transcript came out in {what} script")

        t = time.perf_counter()
        norm = normalize_transcript(raw, lang)
        timings["normalize"] = (time.perf_counter() - t) * 1000
        timings["total"] = (time.perf_counter() - t0) * 1000
        return transcript(
            norm,
            lang,
            served_by="whisper",
            duration_s=round(duration, 3),
            segments=[{k: v for k, v in s.items() if k != "words"} for s in kept.segments],
            warnings=warnings,
            timings_ms={k: round(v, 1) for k, v in timings.items()},
            raw_text=raw,
            language_probs=probs,
            removed=kept.removed,
            retries=retries,
            decoding=kept.decoding.name,
            speech_s=round(speech, 2),
            confidence=kept.confidence,
        )


def leak_words_for(lang: str, transcriber: Transcriber | None = None) -> str:
    """The prompt text whose words count as leaks when scoring ``lang`` (every prompt the
    default and retry settings may use)."""
    tr = transcriber or _default_for_prompts()
    decs = [tr.decoding.get(lang, DECODING[lang])] + list(RETRY.get(lang, {}).values())
    return " ".join(dict.fromkeys(x for d in decs for x in (tr.prompt_text(lang, d), d.hotwords) if x))


_PROMPT_TR: Transcriber | None = None


def _default_for_prompts() -> Transcriber:
    global _PROMPT_TR
    if _PROMPT_TR is None:
        _PROMPT_TR = Transcriber()
    return _PROMPT_TR
