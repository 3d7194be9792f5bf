"""Bhashini (ULCA) speech and translation provider over HTTP.

Flow per request (task = "asr" | "translation" | "tts"):
1. config call: POST BHASHINI_CONFIG_URL (getModelsPipeline) with headers
   userID + ulcaApiKey -> callbackUrl, inferenceApiKey {name, value} and the
   serviceId for the language pair. Cached per (task, src, tgt) for a TTL.
2. compute call: POST callbackUrl with header {name: value}.

Credentials come only from the environment (BHASHINI_USER_ID,
BHASHINI_API_KEY, BHASHINI_PIPELINE_ID, BHASHINI_CONFIG_URL) and are never
logged or put in exception messages. 5xx responses and timeouts are retried
with exponential backoff; 4xx are not. A circuit breaker stops calling a
failing service for a cooldown. FallbackTranslator / FallbackSpeech serve
from an offline provider when Bhashini is unconfigured or failing, and say
which path served.
"""

from __future__ import annotations

import base64
import binascii
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from core.config import bhashini_env
from core.language.providers import ProviderError, ProviderUnavailable, SpeechProvider
from core.language.translate import OfflineTranslator, TranslationResult, Translator

log = logging.getLogger(__name__)

DEFAULT_CONFIG_URL = "https://meity-auth.ulcacontrib.org/ulca/apis/v0/model/getModelsPipeline"


class BhashiniError(ProviderError):
    """Bhashini failed; message never contains credentials."""


class BhashiniHTTPError(BhashiniError):
    def __init__(self, stage: str, status: int):
        super().__init__(f"bhashini {stage} returned HTTP {status}")
        self.stage = stage
        self.status = status


class BhashiniTimeout(BhashiniError):
    pass


class BhashiniBadResponse(BhashiniError):
    pass


@dataclass(frozen=True)
class BhashiniConfig:
    user_id: str = field(repr=False)
    api_key: str = field(repr=False)
    pipeline_id: str
    config_url: str = DEFAULT_CONFIG_URL
    timeout_s: float = 10.0
    max_retries: int = 2  # extra attempts after the first, on 5xx/timeouts only
    backoff_s: float = 0.5
    cache_ttl_s: float = 3600.0

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> BhashiniConfig | None:
        """Config from the environment, or None when any credential is missing."""
        e = bhashini_env() if env is None else env
        user, key, pipe = (
            e.get(n, "").strip() for n in ("BHASHINI_USER_ID", "BHASHINI_API_KEY", "BHASHINI_PIPELINE_ID")
        )
        if not (user and key and pipe):
            return None
        url = e.get("BHASHINI_CONFIG_URL", "").strip() or DEFAULT_CONFIG_URL
        return cls(user_id=user, api_key=key, pipeline_id=pipe, config_url=url, **overrides)


class CircuitBreaker:
    """closed -> open after `threshold` consecutive failures; half-open after `cooldown_s`
    (one trial call); a trial success closes it, a trial failure re-opens it."""

    def __init__(self, threshold: int = 3, cooldown_s: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.threshold = threshold
        self.cooldown_s = cooldown_s
        self._clock = clock
        self._lock = threading.Lock()
        self._failures = 0
        self._opened_at: float | None = None
        self._trial_out = False

    @property
    def state(self) -> str:
        with self._lock:
            return self._state()

    def _state(self) -> str:
        if self._opened_at is None:
            return "closed"
        return "half_open" if self._clock() - self._opened_at >= self.cooldown_s else "open"

    def allow(self) -> bool:
        with self._lock:
            s = self._state()
            if s == "closed":
                return True
            if s == "half_open" and not self._trial_out:
                self._trial_out = True
                return True
            return False

    def record_success(self) -> None:
        with self._lock:
            self._failures = 0
            self._opened_at = None
            self._trial_out = False

    def record_failure(self) -> None:
        with self._lock:
            self._failures += 1
            if self._trial_out or self._failures >= self.threshold:
                self._opened_at = self._clock()
            self._trial_out = False


@dataclass(frozen=True)
class _Service:
    callback_url: str
    key_name: str
    key_value: str = field(repr=False)
    service_id: str
    fetched_at: float


def _lang(src: str, tgt: str | None) -> dict[str, str]:
    return {"sourceLanguage": src} | ({"targetLanguage": tgt} if tgt else {})


class BhashiniClient:
    """Speech + translation via Bhashini. Implements SpeechProvider and TranslationProvider."""

    name = "bhashini"

    def __init__(
        self,
        config: BhashiniConfig,
        *,
        http: httpx.Client | None = None,
        breaker: CircuitBreaker | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.config = config
        self._http = http or httpx.Client()
        self.breaker = breaker or CircuitBreaker()
        self._clock = clock
        self._sleep = sleep
        self._cache: dict[tuple[str, str, str | None], _Service] = {}
        self._cache_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"BhashiniClient(config_url={self.config.config_url!r}, breaker={self.breaker.state!r})"

    # ---------- HTTP ----------

    def _post(self, stage: str, url: str, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
        attempts = self.config.max_retries + 1
        for attempt in range(attempts):
            last = attempt == attempts - 1
            try:
                resp = self._http.post(url, json=body, headers=headers, timeout=self.config.timeout_s)
            except httpx.TimeoutException:
                log.warning("bhashini %s timed out (attempt %d/%d)", stage, attempt + 1, attempts)
                if last:
                    raise BhashiniTimeout(f"bhashini {stage} timed out after {attempts} attempt(s)") from None
            except httpx.TransportError as e:
                log.warning(
                    "bhashini %s transport error %s (attempt %d/%d)", stage, type(e).__name__, attempt + 1, attempts
                )
                if last:
                    raise BhashiniError(f"bhashini {stage} unreachable: {type(e).__name__}") from None
            else:
                if resp.status_code >= 500:
                    log.warning("bhashini %s HTTP %d (attempt %d/%d)", stage, resp.status_code, attempt + 1, attempts)
                    if last:
                        raise BhashiniHTTPError(stage, resp.status_code)
                elif resp.status_code >= 400:
                    log.warning("bhashini %s HTTP %d (not retried)", stage, resp.status_code)
                    raise BhashiniHTTPError(stage, resp.status_code)
                else:
                    try:
                        data = resp.json()
                    except ValueError:
                        raise BhashiniBadResponse(f"bhashini {stage} returned malformed JSON") from None
                    if not isinstance(data, dict):
                        raise BhashiniBadResponse(f"bhashini {stage} returned a non-object JSON body")
                    return data
            self._sleep(self.config.backoff_s * (2**attempt))
        raise AssertionError("unreachable")

    # ---------- config ----------

    def _service(self, task: str, src: str, tgt: str | None) -> _Service:
        key = (task, src, tgt)
        with self._cache_lock:
            hit = self._cache.get(key)
            if hit is not None and self._clock() - hit.fetched_at < self.config.cache_ttl_s:
                return hit
        body = {
            "pipelineTasks": [{"taskType": task, "config": {"language": _lang(src, tgt)}}],
            "pipelineRequestConfig": {"pipelineId": self.config.pipeline_id},
        }
        headers = {"userID": self.config.user_id, "ulcaApiKey": self.config.api_key}
        data = self._post("config", self.config.config_url, body, headers)
        try:
            endpoint = data["pipelineInferenceAPIEndPoint"]
            url = endpoint["callbackUrl"]
            name = endpoint["inferenceApiKey"]["name"]
            value = endpoint["inferenceApiKey"]["value"]
            configs = next(c for c in data["pipelineResponseConfig"] if c.get("taskType", task) == task)["config"]
            chosen = next((c for c in configs if c.get("language") == _lang(src, tgt)), configs[0])
            service_id = chosen["serviceId"]
        except (KeyError, IndexError, TypeError, StopIteration, AttributeError):
            raise BhashiniBadResponse("bhashini config response is missing required fields") from None
        if not all(isinstance(v, str) and v for v in (url, name, value, service_id)):
            raise BhashiniBadResponse("bhashini config response has empty or non-string fields")
        svc = _Service(url, name, value, service_id, self._clock())
        with self._cache_lock:
            self._cache[key] = svc
        log.info("bhashini config cached for %s %s->%s (service %s)", task, src, tgt or "-", service_id)
        return svc

    def invalidate_cache(self) -> None:
        with self._cache_lock:
            self._cache.clear()

    # ---------- compute ----------

    def _compute(
        self, task: str, src: str, tgt: str | None, extra: dict[str, Any], input_data: dict[str, Any]
    ) -> dict[str, Any]:
        if not self.breaker.allow():
            raise ProviderUnavailable("bhashini circuit breaker is open")
        try:
            svc = self._service(task, src, tgt)
            body = {
                "pipelineTasks": [
                    {"taskType": task, "config": {"language": _lang(src, tgt), "serviceId": svc.service_id, **extra}}
                ],
                "inputData": input_data,
            }
            try:
                data = self._post("compute", svc.callback_url, body, {svc.key_name: svc.key_value})
            except BhashiniHTTPError as e:
                if e.status in (401, 403, 404):  # stale callback/key: refetch config next time
                    self.invalidate_cache()
                raise
            out = data["pipelineResponse"][0]
        except (KeyError, IndexError, TypeError):
            self.breaker.record_failure()
            raise BhashiniBadResponse("bhashini compute response is missing pipelineResponse") from None
        except BhashiniError:
            self.breaker.record_failure()
            raise
        if not isinstance(out, dict):
            self.breaker.record_failure()
            raise BhashiniBadResponse("bhashini compute response has a malformed pipelineResponse")
        self.breaker.record_success()
        return out

    def _target(self, out: dict[str, Any], task: str) -> str:
        try:
            text = out["output"][0]["target"]
        except (KeyError, IndexError, TypeError):
            raise BhashiniBadResponse(f"bhashini {task} response has no output target") from None
        if not isinstance(text, str):
            raise BhashiniBadResponse(f"bhashini {task} output target is not text")
        return text

    def translate(self, text: str, src: str, tgt: str) -> str:
        out = self._compute("translation", src, tgt, {}, {"input": [{"source": text}]})
        return self._target(out, "translation")

    def asr(self, audio_bytes: bytes, lang: str, *, audio_format: str = "wav", sampling_rate: int = 16000) -> str:
        audio = {"audio": [{"audioContent": base64.b64encode(audio_bytes).decode("ascii")}]}
        out = self._compute("asr", lang, None, {"audioFormat": audio_format, "samplingRate": sampling_rate}, audio)
        return self._target(out, "asr")

    def tts(self, text: str, lang: str, *, gender: str = "female") -> bytes:
        out = self._compute("tts", lang, None, {"gender": gender}, {"input": [{"source": text}]})
        try:
            wav = base64.b64decode(out["audio"][0]["audioContent"], validate=True)
        except (KeyError, IndexError, TypeError, binascii.Error, ValueError):
            raise BhashiniBadResponse("bhashini tts response has no valid base64 audioContent") from None
        if not (wav[:4] == b"RIFF" and wav[8:12] == b"WAVE"):
            raise BhashiniBadResponse("bhashini tts audio is not a WAV file")
        return wav


# ---------- fallbacks ----------


@dataclass(frozen=True)
class Served[T]:
    value: T
    served_by: str  # "bhashini" or the fallback's name
    reason: str = ""  # why the fallback served; empty when Bhashini served


def _why(e: Exception) -> str:
    return f"{type(e).__name__}: {e}"


class FallbackTranslator:
    """Bhashini first; the offline (glossary) translator when unconfigured or failing."""

    name = "fallback"

    def __init__(self, primary: BhashiniClient | None, fallback: Translator | None = None):
        self.primary = primary
        self.fallback = fallback or OfflineTranslator()

    @classmethod
    def from_env(cls, fallback: Translator | None = None, **client_kwargs: Any) -> FallbackTranslator:
        cfg = BhashiniConfig.from_env()
        return cls(BhashiniClient(cfg, **client_kwargs) if cfg else None, fallback)

    def translate(self, text: str, src: str, tgt: str) -> TranslationResult:
        if src == tgt:
            return TranslationResult(text, translated=True, served_by="identity")
        if self.primary is None:
            reason = "bhashini not configured"
        else:
            try:
                return TranslationResult(self.primary.translate(text, src, tgt), translated=True, served_by="bhashini")
            except ProviderError as e:
                reason = _why(e)
        log.info("translation served offline: %s", reason)
        r = self.fallback.translate(text, src, tgt)
        if isinstance(r, TranslationResult):
            return TranslationResult(
                str(r), translated=r.translated, served_by=r.served_by, terms=r.terms, reason=reason
            )
        return TranslationResult(
            r, translated=True, served_by=getattr(self.fallback, "name", "fallback"), reason=reason
        )


class FallbackSpeech:
    """Bhashini first; an offline SpeechProvider (if given) when unconfigured or failing."""

    name = "fallback"

    def __init__(self, primary: BhashiniClient | None, fallback: SpeechProvider | None = None):
        self.primary = primary
        self.fallback = fallback

    @classmethod
    def from_env(cls, fallback: SpeechProvider | None = None, **client_kwargs: Any) -> FallbackSpeech:
        cfg = BhashiniConfig.from_env()
        return cls(BhashiniClient(cfg, **client_kwargs) if cfg else None, fallback)

    def _serve(self, op: str, *args: Any) -> Served[Any]:
        if self.primary is None:
            reason = "bhashini not configured"
        else:
            try:
                return Served(getattr(self.primary, op)(*args), "bhashini")
            except ProviderError as e:
                reason = _why(e)
        if self.fallback is None:
            raise ProviderUnavailable(f"no speech provider for {op}: {reason}")
        log.info("%s served offline: %s", op, reason)
        return Served(getattr(self.fallback, op)(*args), getattr(self.fallback, "name", "offline"), reason)

    def asr_served(self, audio_bytes: bytes, lang: str) -> Served[str]:
        return self._serve("asr", audio_bytes, lang)

    def tts_served(self, text: str, lang: str) -> Served[bytes]:
        return self._serve("tts", text, lang)

    def asr(self, audio_bytes: bytes, lang: str) -> str:
        return self.asr_served(audio_bytes, lang).value

    def tts(self, text: str, lang: str) -> bytes:
        return self.tts_served(text, lang).value
