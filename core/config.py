"""Runtime configuration, read from environment variables with sensible defaults.

Every knob a deployment may need lives here so that the rest of the code never
reads os.environ directly (tests/test_architecture.py checks it; domain/paths.py reads
$NYAYAPATH_PACK_DIR itself, since domain imports nothing of the project).  Most values are
fields of :class:`Settings` (``load_settings()``); a few are small functions read on every
call by code that needs only that one value (:func:`cache_dir`, :func:`corpus_dir`,
:func:`voices_dir`, :func:`glossary_path`, :func:`bhashini_env`, the model server's :func:`llm_url`,
:func:`llm_model`, :func:`llm_api_key`, and the local model's :func:`llm_path` and :func:`llama_env`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from domain.paths import pack_dir as _pack_dir

REPO_ROOT = Path(__file__).resolve().parents[1]


def _default_corpus() -> Path:
    # The corpus sits beside the checkout (../shared/corpus); fall back to the
    # working directory's sibling for installed copies.
    for base in (REPO_ROOT, Path.cwd()):
        cand = base.parent / "shared" / "corpus"
        if cand.is_dir():
            return cand
    return REPO_ROOT.parent / "shared" / "corpus"


def _env_path(name: str, default: Path) -> Path:
    raw = os.environ.get(name)
    return Path(raw).expanduser() if raw else default


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    try:
        return float(raw) if raw else default
    except ValueError:
        raise ValueError(f"{name} must be a number, got {raw!r}") from None


def cache_dir() -> Path:
    """$NYAYAPATH_CACHE, else ~/.cache/nyayapath (core.assets builds models there)."""
    return _env_path("NYAYAPATH_CACHE", Path.home() / ".cache" / "nyayapath")


def corpus_dir() -> Path:
    """$NYAYAPATH_CORPUS, else the shared corpus beside the checkout."""
    return _env_path("NYAYAPATH_CORPUS", _default_corpus())


def voices_dir() -> Path | None:
    """$NYAYAPATH_VOICES: a directory of extra piper voices searched after voices/ (None: unset)."""
    raw = os.environ.get("NYAYAPATH_VOICES")
    return Path(raw) if raw else None


def glossary_path(default: Path) -> Path:
    """$NYAYAPATH_GLOSSARY, else ``default`` (the pack's glossary.json; core.language.translate)."""
    return Path(os.environ.get("NYAYAPATH_GLOSSARY", default))


BHASHINI_ENV = ("BHASHINI_USER_ID", "BHASHINI_API_KEY", "BHASHINI_PIPELINE_ID", "BHASHINI_CONFIG_URL")


def bhashini_env() -> dict[str, str]:
    """The Bhashini credentials and config URL that are set (core.language.bhashini.BhashiniConfig)."""
    return {name: os.environ[name] for name in BHASHINI_ENV if name in os.environ}


def llm_url() -> str | None:
    """$NYAYAPATH_LLM_URL: the OpenAI-compatible server of the ``http`` synthesizer (None: unset)."""
    return os.environ.get("NYAYAPATH_LLM_URL") or None


def llm_model() -> str | None:
    """$NYAYAPATH_LLM_MODEL: the model name sent to that server (None: unset)."""
    return os.environ.get("NYAYAPATH_LLM_MODEL") or None


def llm_api_key() -> str | None:
    """$NYAYAPATH_LLM_API_KEY: the server's Bearer token (None: unset). Never logged or shown."""
    return os.environ.get("NYAYAPATH_LLM_API_KEY") or None


def llm_path() -> Path | None:
    """$NYAYAPATH_LLM_PATH: the local model's .gguf file (None: the manifest's GGUF model)."""
    raw = os.environ.get("NYAYAPATH_LLM_PATH")
    return Path(raw).expanduser() if raw else None


def _env_int(name: str, default: int | None) -> int | None:
    raw = os.environ.get(name)
    try:
        return int(raw) if raw else default
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {raw!r}") from None


def _env_bool(name: str, default: bool | None) -> bool | None:
    raw = (os.environ.get(name) or "").strip().lower()
    return default if not raw else raw in ("1", "true", "yes", "on")


@dataclass(frozen=True)
class LlamaEnv:
    """What the environment sets for the local GGUF model (core.synthesis.llama_runtime); None: unset,
    the constructor argument or the runtime's default decides. docs/PERFORMANCE.md has the measured
    effect of each."""

    threads: str | None  # $NYAYAPATH_LLM_THREADS: a number, or "auto" (the default)
    threads_batch: int | None  # $NYAYAPATH_LLM_THREADS_BATCH (= threads)
    batch: int | None  # $NYAYAPATH_LLM_BATCH (512)
    flash_attn: bool | None  # $NYAYAPATH_LLM_FLASH_ATTN (off)
    use_mmap: bool | None  # $NYAYAPATH_LLM_MMAP (on)


def llama_env() -> LlamaEnv:
    """The local model's settings from the environment, read on every call (each synthesizer built)."""
    return LlamaEnv(
        threads=os.environ.get("NYAYAPATH_LLM_THREADS") or None,
        threads_batch=_env_int("NYAYAPATH_LLM_THREADS_BATCH", None),
        batch=_env_int("NYAYAPATH_LLM_BATCH", None),
        flash_attn=_env_bool("NYAYAPATH_LLM_FLASH_ATTN", None),
        use_mmap=_env_bool("NYAYAPATH_LLM_MMAP", None),
    )


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    corpus_dir: Path
    cache_dir: Path
    falkordb_url: str | None = field(repr=False)  # may carry a password
    graph_name: str
    query_timeout_ms: int
    llm_backend: str  # "local" | "http" | "extractive"
    llm_url: str | None
    llm_model: str | None
    llm_timeout_s: float
    max_question_chars: int
    audit_path: Path | None  # None: audit.sqlite3 in data_dir
    store_raw: bool
    extra: dict = field(default_factory=dict)
    pack_dir: Path = field(default_factory=_pack_dir)  # $NYAYAPATH_PACK_DIR or the India pack (domain.paths)
    # $NYAYAPATH_WHISPER_MODEL: a CTranslate2 Whisper directory used instead of the shipped base
    # model (core.speech.models.resolve_model_dir checks it; nothing is downloaded). None: base.
    whisper_model: Path | None = None
    # $NYAYAPATH_SPEECH_EVAL: the real recorded speech clips for `nyayapath eval` (manifest.jsonl).
    speech_eval_dir: Path | None = None
    # $NYAYAPATH_EVAL_SYNTH: the synthesizer `nyayapath eval` answers with (evaluation.common.eval_synth).
    eval_synth: str = "extractive"

    @property
    def db_dir(self) -> Path:
        return self.data_dir / "falkordb"

    @property
    def audit_db(self) -> Path:
        return self.audit_path or self.data_dir / "audit.sqlite3"


def quiet_gradio() -> None:
    """Gradio sends usage analytics unless GRADIO_ANALYTICS_ENABLED is set before it is imported;
    nothing here may reach the internet (the app's only write to the environment)."""
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")


def load_settings() -> Settings:
    data_dir = _env_path("NYAYAPATH_DATA_DIR", REPO_ROOT / "data")
    return Settings(
        data_dir=data_dir,
        corpus_dir=corpus_dir(),
        cache_dir=cache_dir(),
        falkordb_url=os.environ.get("FALKORDB_URL") or None,
        graph_name=os.environ.get("NYAYAPATH_GRAPH", "nyayapath"),
        query_timeout_ms=int(_env_float("NYAYAPATH_QUERY_TIMEOUT_MS", 2000)),
        # the verified extractive floor is the default answer: the local model's short answer is shown
        # only when asked for (NYAYAPATH_LLM=local), and even then only what the meaning check keeps
        # (core/synthesis/meaning.py); issue 24 step 0: its headline contradicted the law in 9 of 28
        llm_backend=os.environ.get("NYAYAPATH_LLM", "extractive"),
        llm_url=llm_url(),
        llm_model=llm_model(),
        llm_timeout_s=_env_float("NYAYAPATH_LLM_TIMEOUT_S", 60.0),
        max_question_chars=int(_env_float("NYAYAPATH_MAX_QUESTION_CHARS", 2000)),
        audit_path=Path(os.environ["NYAYAPATH_AUDIT_DB"]) if os.environ.get("NYAYAPATH_AUDIT_DB") else None,
        store_raw=os.environ.get("NYAYAPATH_STORE_RAW", "") in ("1", "true", "yes"),
        whisper_model=_env_path("NYAYAPATH_WHISPER_MODEL", None) if os.environ.get("NYAYAPATH_WHISPER_MODEL") else None,
        speech_eval_dir=_env_path("NYAYAPATH_SPEECH_EVAL", None) if os.environ.get("NYAYAPATH_SPEECH_EVAL") else None,
        eval_synth=os.environ.get("NYAYAPATH_EVAL_SYNTH", "extractive"),
    )
