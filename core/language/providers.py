"""Interfaces for speech and translation back-ends (Bhashini, offline models)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class ProviderError(Exception):
    """A provider failed to serve a request (bad response, HTTP error, timeout)."""


class ProviderUnavailable(ProviderError):
    """The provider is not configured or its circuit breaker is open."""


@runtime_checkable
class SpeechProvider(Protocol):
    name: str

    def asr(self, audio_bytes: bytes, lang: str) -> str:
        """Speech (WAV bytes) -> text in `lang`."""
        ...

    def tts(self, text: str, lang: str) -> bytes:
        """Text in `lang` -> WAV bytes."""
        ...


@runtime_checkable
class TranslationProvider(Protocol):
    name: str

    def translate(self, text: str, src: str, tgt: str) -> str:
        """Translate `text` from `src` to `tgt` (ISO 639-1 codes, e.g. "hi", "en")."""
        ...
