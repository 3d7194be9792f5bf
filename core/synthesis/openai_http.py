"""HttpSynthesizer: any OpenAI-compatible ``POST {url}/v1/chat/completions`` server.

(llama.cpp's ``llama-server``, vLLM, Ollama's OpenAI endpoint, a hosted API.)

* ``timeout_s`` bounds the WHOLE call, retries included (a deadline, not per attempt).
* Connection errors, 5xx and 429 are retried at most ``retries`` times with a short backoff;
  4xx, malformed JSON, or a reply without ``choices[0].message.content`` are not.
* Every failure is raised as ``ModelUnavailable``.
* The API key comes from ``$NYAYAPATH_LLM_API_KEY`` (or ``api_key=``); it is sent as a Bearer
  token and never appears in errors, logs or ``repr``.
* The response is not streamed, so ``timings_ms["first_token"]`` is the time to the whole reply.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from core.stages import Draft, Evidence
from core.synthesis.base import ModelUnavailable
from core.synthesis.extractive import next_steps_block
from core.synthesis.prompt import (
    STOP,
    begin_draft,
    build_summary_messages,
    clean_response,
    has_next_step,
    sha256_json,
    sha256_text,
    source_map,
)
from core.synthesis.tags import is_refusal, normalize_tags

if TYPE_CHECKING:  # httpx is imported on first use: importing this module stays cheap
    import httpx

RETRY_STATUS = {429, 500, 502, 503, 504}


def chat_url(url: str) -> str:
    u = url.rstrip("/")
    if u.endswith("/chat/completions"):
        return u
    if u.endswith("/v1"):
        return u + "/chat/completions"
    return u + "/v1/chat/completions"


class HttpSynthesizer:
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
        self._api_key = api_key if api_key is not None else os.environ.get("NYAYAPATH_LLM_API_KEY") or None
        self._transport = transport
        self.last_stats: dict = {}

    def _with_next_step(self, text: str, evidence: list[Evidence], lang: str) -> str:
        """Small models often drop the 'What to do next:' line; append the deterministic one
        (tagged procedural steps from the evidence, or the fixed legal-aid line). Refusals stay as they are."""
        if not self.ensure_next_step or not text or is_refusal(text) or has_next_step(text):
            return text
        return text.rstrip() + "\n" + next_steps_block(evidence, lang)

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
        lang, messages, prompt_sha, refusal = begin_draft(
            question, evidence, lang, correction, guidance, "http", self.model_id
        )
        if refusal is not None:
            return refusal
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
        text, unknown = normalize_tags(clean_response(raw), len(evidence))
        text = self._with_next_step(text, evidence, lang)
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        self.last_stats = {"unknown_tags": unknown, "usage": usage, "attempts": self._attempts}
        return Draft(
            text=text,
            sources=source_map(evidence),
            backend="http",
            model_id=self.model_id,
            prompt_sha256=prompt_sha,
            response_sha256=sha256_text(raw),
            timings_ms={"first_token": ms, "generate": ms, "total": ms},
        )

    def summarize(
        self, question: str, facts: list[str], lang: str, *, correction: str | None = None, max_tokens: int = 120
    ) -> Draft:
        """The short answer from the verified facts (a small prompt; no sources, no tags)."""
        lang = "hi" if (lang or "").lower().startswith("hi") else "en"
        messages = build_summary_messages(question, facts, lang, correction=correction)
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
        raw, _ = self._post(body, t0 + self.timeout_s)
        ms = round((time.perf_counter() - t0) * 1000, 1)
        return Draft(
            text=clean_response(raw),
            sources={},
            backend="http",
            model_id=self.model_id,
            prompt_sha256=sha256_json(messages),
            response_sha256=sha256_text(raw),
            timings_ms={"first_token": ms, "generate": ms, "total": ms},
        )

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
