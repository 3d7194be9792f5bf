"""HttpSynthesizer: any OpenAI-compatible ``POST {url}/v1/chat/completions`` server.

(llama.cpp's ``llama-server``, vLLM, Ollama's OpenAI endpoint, a hosted API.)

* ``timeout_s`` bounds the WHOLE call, retries included (a deadline, not per attempt).
* Connection errors, 5xx and 429 are retried at most ``retries`` times with a short backoff;
  4xx, malformed JSON, or a reply without ``choices[0].message.content`` are not.
* Every failure is raised as ``ModelUnavailable``.
* The API key comes from ``$NYAYAPATH_LLM_API_KEY`` (core.config.llm_api_key; or ``api_key=``); it is sent as a Bearer
  token and never appears in errors, logs or ``repr``.
* The response is not streamed, so ``timings_ms["first_token"]`` is the time to the whole reply.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from core.config import llm_api_key
from core.stages import Draft, Evidence
from core.synthesis.backend import ModelBackend
from core.synthesis.base import ModelUnavailable, answer_lang
from core.synthesis.prompt import STOP, build_summary_messages, clean_response

if TYPE_CHECKING:  # httpx is imported on first use: importing this module stays cheap
    import httpx

RETRY_STATUS = {429, 500, 502, 503, 504}
SUMMARY_MAX_TOKENS = 120


def chat_url(url: str) -> str:
    u = url.rstrip("/")
    if u.endswith("/chat/completions"):
        return u
    if u.endswith("/v1"):
        return u + "/chat/completions"
    return u + "/v1/chat/completions"


class HttpSynthesizer(ModelBackend):
    backend = "http"

    def __init__(
        self,
        url: str,
        model: str | None = None,
        *,
        timeout_s: float = 60.0,
        retries: int = 2,
        backoff_s: float = 0.25,
        api_key: str | None = None,
        temperature: float = 0.1,
        seed: int = 0,
        prefer_extractive_for_hindi: bool = False,
        ensure_next_step: bool = True,
        transport: httpx.BaseTransport | None = None,
    ):
        if not url:
            raise ValueError("HttpSynthesizer needs a url (NYAYAPATH_LLM_URL)")
        self.url = chat_url(url)
        self.model = model or "default"
        self.model_id = f"http:{self.model}"
        self.timeout_s = float(timeout_s)
        self.retries = max(0, int(retries))
        self.backoff_s = float(backoff_s)
        self.temperature = float(temperature)
        self.seed = int(seed)
        self.prefer_extractive_for_hindi = prefer_extractive_for_hindi
        self.ensure_next_step = ensure_next_step
        self._api_key = api_key if api_key is not None else llm_api_key()
        self._transport = transport
        self.last_stats: dict = {}

    def __repr__(self) -> str:
        return f"HttpSynthesizer(url={self.url!r}, model={self.model!r}, key={'set' if self._api_key else 'unset'})"

    def _headers(self) -> dict:
        h = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            h["Authorization"] = f"Bearer {self._api_key}"
        return h

    def draft(
        self,
        question: str,
        evidence: list[Evidence],
        lang: str,
        *,
        correction: str | None = None,
        guidance: str | None = None,
        max_tokens: int = 256,
    ) -> Draft:
        lang, messages, prompt_sha, refusal = self._begin(question, evidence, lang, correction, guidance)
        if refusal is not None:
            return refusal
        raw, data, timings = self._complete(messages, max_tokens)
        draft, unknown = self._finish(raw, evidence, lang, prompt_sha, timings)
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        self.last_stats = {"unknown_tags": unknown, "usage": usage, "attempts": self._attempts}
        return draft

    def summarize(
        self,
        question: str,
        facts: list[str],
        lang: str,
        *,
        correction: str | None = None,
        max_tokens: int | None = None,
    ) -> Draft:
        """The short answer from the verified facts (a small prompt; no sources, no tags)."""
        messages = build_summary_messages(question, facts, answer_lang(lang), correction=correction)
        raw, _, timings = self._complete(messages, SUMMARY_MAX_TOKENS if max_tokens is None else max_tokens)
        return self._summary(clean_response(raw), raw, messages, timings)

    def _complete(self, messages: list[dict], max_tokens: int) -> tuple[str, dict, dict]:
        """One chat completion (retried within the deadline): (the reply's text, the whole reply, timings)."""
        body = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": self.temperature,
            "seed": self.seed,
            "stop": STOP[:4],
            "stream": False,
        }
        t0 = time.perf_counter()
        raw, data = self._post(body, t0 + self.timeout_s)
        ms = round((time.perf_counter() - t0) * 1000, 1)
        return raw, data, {"first_token": ms, "generate": ms, "total": ms}

    def _post(self, body: dict, deadline: float) -> tuple[str, dict]:
        import httpx

        last = "no attempt made"
        self._attempts = 0
        with httpx.Client(transport=self._transport, follow_redirects=False) as client:
            for attempt in range(self.retries + 1):
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise ModelUnavailable(f"timed out after {self.timeout_s:.1f}s ({last})")
                self._attempts = attempt + 1
                try:
                    r = client.post(self.url, json=body, headers=self._headers(), timeout=httpx.Timeout(left))
                except httpx.TimeoutException:
                    raise ModelUnavailable(f"timed out after {self.timeout_s:.1f}s waiting for {self.url}") from None
                except httpx.TransportError as exc:  # refused, reset, DNS...
                    last = f"connection error: {type(exc).__name__}"
                else:
                    if r.status_code == 200:
                        return self._parse(r)
                    last = f"HTTP {r.status_code}"
                    if r.status_code not in RETRY_STATUS:
                        raise ModelUnavailable(f"LLM server {self.url} answered {last}")
                if attempt < self.retries:
                    pause = min(self.backoff_s * (2**attempt), max(0.0, deadline - time.perf_counter()))
                    time.sleep(pause)
        raise ModelUnavailable(f"LLM server {self.url} failed after {self.retries + 1} attempts ({last})")

    def _parse(self, r: httpx.Response) -> tuple[str, dict]:
        try:
            data = r.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ModelUnavailable(f"LLM server {self.url} sent a malformed chat-completions reply") from None
        if not isinstance(content, str):
            raise ModelUnavailable(f"LLM server {self.url} sent a reply without text content")
        return content, data
