"""Which Whisper model directory to load: a leaf module (no speech imports), so that
:mod:`core.speech.legal_vocab` (the prompt's token count) and :mod:`core.speech.stt` (the
transcriber) both reach it without importing each other.

The model is Whisper base, assembled from installed packages by :func:`core.assets.ensure_model`,
unless ``$NYAYAPATH_WHISPER_MODEL`` (``Settings.whisper_model``) names a CTranslate2 Whisper
directory.  Nothing is ever downloaded.
"""

from __future__ import annotations

from pathlib import Path

MODEL_ENV = "NYAYAPATH_WHISPER_MODEL"


class ModelDirError(RuntimeError):
    """$NYAYAPATH_WHISPER_MODEL (or a model path given) is not a usable CTranslate2 Whisper dir."""


def resolve_model_dir(explicit: str | Path | None = None) -> Path:
    """The Whisper directory to load: ``explicit``, else ``$NYAYAPATH_WHISPER_MODEL``, else the
    assembled base model.  A directory that is not a CTranslate2 Whisper model is an error (never
    a model name to download)."""
    raw = explicit
    if raw is None:
        from core.config import load_settings

        raw = load_settings().whisper_model
    if raw is None:
        from core.assets import ensure_model

        return Path(ensure_model("whisper-base"))
    p = Path(raw).expanduser()
    if not p.is_dir():
        raise ModelDirError(
            f"{MODEL_ENV}='{raw}' is not a directory (a CTranslate2 Whisper model directory "
            "with model.bin, config.json and tokenizer.json is expected; nothing is downloaded)"
        )
    missing = [f for f in ("model.bin", "config.json") if not (p / f).is_file()]
    if not ((p / "tokenizer.json").is_file() or any(p.glob("vocabulary.*"))):
        missing.append("tokenizer.json or vocabulary.*")
    if missing:
        raise ModelDirError(f"{p} is not a CTranslate2 Whisper model directory: missing {', '.join(missing)}")
    return p
