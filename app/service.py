"""One process-wide service: the graph, the answering pipeline, speech in and out, the audit log.

The CLI and the web app both talk to this. ``ask`` returns a typed ``core.stages.Answer``
(JSON only at the edges: the CLI prints ``Answer.to_json()``); transcription returns a typed
``core.stages.Transcript``. No public method raises on bad input: errors come back as a status with a fixed
message, so the app keeps serving whatever a user sends.
"""

from __future__ import annotations

import logging
import threading
from datetime import date

from core.config import Settings, load_settings
from core.graphdb import GraphUnavailable, open_store, preload_driver
from core.language.templates import render
from core.speech.spoken import spoken_text
from core.stages import Answer, Transcript

log = logging.getLogger(__name__)

_lock = threading.Lock()
_service: Service | None = None


class Service:
    def __init__(self, settings: Settings | None = None, *, synthesizer=None, audit=None):
        one_blas_thread()
        preload_driver()  # before any thread of ours imports (core.graphdb.preload_driver)
        self.settings = settings or load_settings()
        self._store = None
        self._pipeline = None
        self._synth = synthesizer
        self._audit = audit
        self._stt = None
        self._tts = None
        self._bhashini = None  # None: not looked up yet; False: not configured
        self._init_lock = threading.Lock()
        # one lock per engine that is not thread-safe; retrieval and verification run concurrently
        self._model_lock = threading.Lock()  # the LLM
        self._stt_lock = threading.Lock()  # Whisper
        self._tts_lock = threading.Lock()  # piper / espeak-ng

    # ---------------------------------------------------------------- parts
    def pipeline(self):
        with self._init_lock:
            if self._pipeline is None:
                from core.answer import AnswerPipeline

                self._store = open_store(self.settings)
                synth = _Serialized(self._synthesizer(), self._model_lock)
                self._pipeline = AnswerPipeline(
                    self._store.read_only(), synth, audit=self._audit_log(), max_chars=self.settings.max_question_chars
                )
                self._warm(synth)
            return self._pipeline

    def warm(self) -> None:
        """Open the graph and build, before anyone waits on it, what the first questions would build
        under their wait: the spelling dictionary, the provision and problem indexes, the problems'
        vectors, the Hindi and Roman-script modules (about 2.5 s of CPU; under load the first 25 typed
        answers took 9-12 s against 7 s after, issue 24). The questions of ``WARM_QUESTIONS`` are
        answered once by the extractive composer and recorded nowhere: they are no one's questions,
        so they stay out of the audit log, and no model is asked."""
        from core.answer import AnswerPipeline
        from core.language.spelling import speller_for

        pipe = self.pipeline()
        speller_for(pipe.graph)
        trial = AnswerPipeline(
            pipe.graph, None, retriever=pipe.retriever, verifier=pipe.verifier, audit=None, max_chars=pipe.max_chars
        )
        for question in WARM_QUESTIONS:
            trial.ask(question)

    def _warm(self, synth) -> None:
        """Read the model's fixed prompt once, in the background, so the first question is not slow."""
        warm = getattr(synth, "warmup", None)
        if callable(warm) and not getattr(self, "_warming", None):

            def run():
                try:
                    with self._model_lock:
                        warm()
                except Exception as exc:  # a model that cannot load is reported when a question comes
                    log.warning("model warm-up failed: %s", exc)

            self._warming = threading.Thread(target=run, name="llm-warmup", daemon=True)
            self._warming.start()

    def _synthesizer(self):
        if self._synth is not None:
            return self._synth
        from core.synthesis import make_synthesizer

        backend = self.settings.llm_backend
        try:
            return make_synthesizer(
                backend, url=self.settings.llm_url, model=self.settings.llm_model, timeout_s=self.settings.llm_timeout_s
            )
        except Exception as exc:  # misconfigured backend: answer extractively rather than not at all
            log.warning("LLM backend %r unavailable (%s); using the extractive composer", backend, exc)
            return make_synthesizer("extractive")

    def _audit_log(self):
        if self._audit is not None:
            return self._audit
        from core.audit import AuditLog

        try:
            self.settings.audit_db.parent.mkdir(parents=True, exist_ok=True)
            return AuditLog(self.settings.audit_db, store_raw=self.settings.store_raw)
        except Exception as exc:
            log.warning("audit log unavailable: %s", exc)
            return _BrokenAudit(str(exc))

    # ------------------------------------------------------------------ API
    def ask(self, question: str, lang: str = "auto", offence_date: date | None = None) -> Answer:
        lang = _choice(lang)
        if lang is None:
            return _service_error("language.unsupported", "en", "unsupported language choice")
        try:
            pipe = self.pipeline()
            return pipe.ask(question, lang=lang, offence_date=offence_date)
        except GraphUnavailable as exc:
            # The next question reopens the store, so a restarted server is picked up again.
            # "Not available, try again" -- not "no law answers this", which would be untrue.
            self._reset()
            return _service_error("abstain.model_unavailable", lang, f"graph unavailable: {exc}")
        except Exception as exc:  # never let one question take the service down
            log.exception("ask failed")
            return _service_error("abstain.unverifiable", lang, f"{type(exc).__name__}")

    def ask_stream(self, question: str, lang: str = "auto", offence_date: date | None = None):
        """Yield ``(Answer, final)``: the verified extractive answer at once, then, where a model is
        configured and writes the short answer, the pipeline's final answer (``core.streaming``).
        Failures end the stream with the same fixed messages as :meth:`ask`."""
        from core.streaming import ask_stream

        lang = _choice(lang)
        if lang is None:
            yield _service_error("language.unsupported", "en", "unsupported language choice"), True
            return
        shown = None
        try:
            pipe = self.pipeline()
            for ev in ask_stream(pipe, question, lang, offence_date):
                if ev.get("event") == "answer":
                    shown = ev["answer"]
                    yield shown, bool(ev["final"])
        except GraphUnavailable as exc:
            self._reset()
            yield _service_error("abstain.model_unavailable", lang, f"graph unavailable: {exc}"), True
        except Exception as exc:
            log.exception("ask failed")
            if shown is not None:  # the model's pass failed: the verified answer already shown stands
                yield shown, True
            else:
                yield _service_error("abstain.unverifiable", lang, f"{type(exc).__name__}"), True

    def transcribe(self, audio: bytes, language: str = "auto") -> Transcript:
        from core.speech.audio import AudioError
        from core.speech.stt import ModelDirError

        language = _choice(language)
        if language is None:
            return Transcript.failed("language.unsupported", render("language.unsupported", "en"))
        try:
            if self._stt is None:
                from core.speech.stt import Transcriber

                self._stt = Transcriber(cpu_threads=STT_THREADS, decoder_threads=STT_DECODER_THREADS)
            remote = self._bhashini_asr(audio, language)
            if remote is not None:
                return remote
            with self._stt_lock:
                return self._stt.transcribe(audio, language=language if language in ("hi", "en") else "auto")
        except AudioError as exc:
            lang = language if language in ("hi", "en") else "en"
            return Transcript.failed(exc.code, exc.user_message(lang))
        except ModelDirError as exc:  # $NYAYAPATH_WHISPER_MODEL points at something that is not a model
            lang = language if language in ("hi", "en") else "en"
            log.error("speech model unusable: %s", exc)
            return Transcript.failed("stt_unavailable", render("speech.unavailable", lang), str(exc))
        except Exception as exc:
            log.exception("transcription failed")
            return Transcript.failed(type(exc).__name__, render("audio.corrupt", "en"))

    def _bhashini_asr(self, audio: bytes, language: str) -> Transcript | None:
        """Bhashini ASR when it is configured (keys in the environment) and the language is chosen;
        None means: use the offline Whisper path (unconfigured, auto language, or Bhashini failing)."""
        from core.language.bhashini import BhashiniClient, BhashiniConfig
        from core.language.providers import ProviderError
        from core.speech.audio import load_audio, to_wav_bytes
        from core.speech.heard import transcript
        from core.speech.normalize import normalize_transcript

        if language not in ("hi", "en"):
            return None
        if self._bhashini is None:
            cfg = BhashiniConfig.from_env()
            self._bhashini = BhashiniClient(cfg) if cfg else False
        if not self._bhashini:
            return None
        dec = load_audio(audio)  # the same caps and clear errors as the offline path, before any upload
        try:
            text = self._bhashini.asr(to_wav_bytes(dec.samples, 16000), language)
        except ProviderError as exc:
            log.info("Bhashini ASR failed (%s); using Whisper", type(exc).__name__)
            return None
        return transcript(
            normalize_transcript(text, language),
            language,
            served_by="bhashini",
            warnings=list(dec.warnings),
            duration_s=len(dec.samples) / 16000,
            raw_text=text,
        )

    def speak(self, result: Answer) -> bytes | None:
        """WAV of the spoken summary of the answer; None if no voice can speak."""
        try:
            if self._tts is None:
                from core.speech.tts import Speaker

                self._tts = Speaker()
            lang = result.language
            with self._tts_lock:
                return self._tts.synthesize(spoken_text(result), lang)
        except Exception:
            log.exception("speech synthesis failed")
            return None

    def speak_sentences(self, result: Answer):
        if self._tts is None:
            from core.speech.tts import Speaker

            self._tts = Speaker()
        lang = result.language
        yield from self._tts.iter_sentences(spoken_text(result), lang)

    def _reset(self) -> None:
        with self._init_lock:
            if self._store is not None:
                try:
                    self._store.close()
                except Exception:
                    pass
            self._store, self._pipeline = None, None

    def close(self) -> None:
        self._reset()


# Asked by Service.warm, never by anyone: an English, a Hindi and a Roman-script Hindi question, none of
# them a question of benchmarks/load_test.py (a warm-up must not flatter the figures it is judged by).
WARM_QUESTIONS = (
    "My employer has not paid my wages for three months. What can I do?",
    "पुलिस मेरी शिकायत दर्ज नहीं कर रही है, मैं क्या करूँ?",
    "kya mera makaan malik bina notice ke mujhe nikal sakta hai",
)

# Whisper's CTranslate2 threads in the app: the encoder on two, the decoder on one (core.speech.stt's
# Transcriber defaults, which `nyayapath bench` measures). The 30 s-window encoder is large matrix
# products that a second thread shortens (370 vs 541 ms a clip); the token-by-token decoder on two threads
# only spins (919 vs 591 ms). Under load (benchmarks/load_test.py, 20 typed and 5 spoken sessions on 2
# cores, load 0.13 before, Dec 5): all on one thread, 626 typed answers a minute, p95 2.40 s,
# transcription p50 2.46 s, p95 4.11 s; with this split, 595 a minute, p95 2.36 s, transcription p50
# 2.12 s, p95 4.41 s (load 0.13 and 1.37 before). Before the
# one-encoding-per-question change a two-thread decode took half a core and starved the typed sessions,
# which is why the app had run Whisper on one thread.
STT_THREADS = 2
STT_DECODER_THREADS = 1


def one_blas_thread() -> bool:
    """Have numpy's OpenBLAS compute in the calling thread alone; True when it was told.

    An answer's matrix products are small (the problems' scores, the question's vector against the
    problems'): OpenBLAS's second thread did no useful share of them, but after each one it waited for
    more work by spinning, 0.068 s of CPU an answer against the 0.073 s the answer itself took
    (``benchmarks/profile_app.py`` questions, issue 24); with one thread an answer took 0.059 s in all.
    The thread count is set through OpenBLAS's own call, as threadpoolctl does, on the library numpy
    loaded: the environment (``OPENBLAS_NUM_THREADS``) is read once, when numpy is first imported,
    which in the app may come before any of our code runs. A numpy without OpenBLAS, or one whose
    library is named otherwise, is left as it is."""
    global _BLAS_TOLD
    if _BLAS_TOLD is not None:
        return _BLAS_TOLD
    _BLAS_TOLD = False
    try:
        import ctypes
        from pathlib import Path

        import numpy

        root = Path(numpy.__file__).parent
        for lib_path in sorted((root.parent / "numpy.libs").glob("*openblas*")) + sorted(root.glob(".libs/*openblas*")):
            lib = ctypes.CDLL(str(lib_path))  # the library numpy already loaded: the same handle
            for name in _BLAS_SET_THREADS:
                fn = getattr(lib, name, None)
                if fn is not None:
                    fn(ctypes.c_int(1))
                    _BLAS_TOLD = True
                    return True
    except Exception as exc:  # no numpy, no such library: nothing spins that we could stop
        log.debug("OpenBLAS thread count left as it is: %s", exc)
    return _BLAS_TOLD


_BLAS_TOLD: bool | None = None
_BLAS_SET_THREADS = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


class _Serialized:
    """A synthesizer whose drafts take turns: llama.cpp is not thread-safe."""

    def __init__(self, inner, lock: threading.Lock):
        self._inner = inner
        self._lock = lock
        if inner.backend != "extractive":  # only a model writes a short answer (the composer's summarize is None)

            def summarize(*args, **kwargs):
                with lock:
                    return inner.summarize(*args, **kwargs)

            self.summarize = summarize

    def draft(self, *args, **kwargs):
        with self._lock:
            return self._inner.draft(*args, **kwargs)

    def warmup(self):
        fn = getattr(self._inner, "warmup", None)
        return fn() if callable(fn) else None

    def __getattr__(self, name):
        return getattr(self._inner, name)


class _BrokenAudit:
    """Stands in when the audit database cannot even be opened: every append fails loudly."""

    store_raw = False

    def __init__(self, why: str):
        self.why = why

    def append(self, event):
        raise RuntimeError(self.why)


def _choice(lang) -> str | None:
    """The user's language choice: "auto", "en" or "hi"; None for anything else (asked for a
    language we cannot serve, the user gets language.unsupported rather than a silent guess)."""
    if lang is None:
        return "auto"
    if not isinstance(lang, str):
        return None
    lang = lang.strip().lower() or "auto"
    return lang if lang in ("auto", "en", "hi") else None


def _service_error(key: str, lang: str, detail: str) -> Answer:
    """The service could not answer (no graph, a bug): the fixed text of ``key``, no law stated."""
    return Answer.abstained(key, lang if lang in ("en", "hi") else "en", error=detail)


def get_service() -> Service:
    global _service
    with _lock:
        if _service is None:
            _service = Service()
        return _service
