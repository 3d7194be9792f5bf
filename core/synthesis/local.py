"""LocalLlamaSynthesizer: the GGUF model through llama-cpp-python, fully offline.

* The model path comes from, in order: the ``model_path`` argument, ``$NYAYAPATH_LLM_PATH``,
  or ``core.assets.ensure_model(<the manifest's gguf entry>)``.
* The ``Llama`` object is loaded lazily, once per (path, n_ctx, n_threads) per process, and
  every call into it holds a lock (llama.cpp contexts are not thread-safe).
* Generation streams token by token; when ``timeout_s`` of wall clock has passed the stream is
  closed (which stops llama.cpp) and ``ModelUnavailable("timed out ...")`` is raised. Prompt
  evaluation itself is one llama.cpp call and cannot be interrupted; with n_ctx=2048 it is
  bounded (a few seconds on 2 cores).
* ``prefer_extractive_for_hindi = True``: the 1.5B model's Hindi is poor, so the pipeline is
  expected to use the ExtractiveComposer for ``lang == "hi"`` unless configured otherwise.
  Called with ``lang="hi"`` this backend still works (it asks for simple Hindi).
"""
from __future__ import annotations

import atexit
import json
import os
import threading
import time
from pathlib import Path

from core.evidence import Draft, Evidence
from core.synthesis.base import ModelUnavailable
from core.synthesis.extractive import next_steps_block
from core.synthesis.prompt import STOP, begin_draft, build_messages, clean_response, has_next_step, sha256_json, sha256_text, source_map
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI, is_refusal, normalize_tags

DEFAULT_MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"

_LOAD_LOCK = threading.Lock()
_MODELS: dict[tuple, tuple[object, threading.Lock]] = {}   # (path, n_ctx, n_threads) -> (Llama, lock)


def gguf_model_name(manifest_path: Path | None = None) -> str:
    """The name of the (first) GGUF model in models/manifest.json, or the default."""
    try:
        from core import assets
        man = assets.load_manifest(manifest_path)
        for name, spec in man.get("models", {}).items():
            if spec.get("format") == "gguf":
                return name
    except Exception:
        pass
    return DEFAULT_MODEL_NAME


def resolve_model_path(model_path: str | os.PathLike | None = None, name: str | None = None) -> Path:
    """Find the GGUF file; raise ModelUnavailable if it is missing or not a GGUF file."""
    if model_path:
        p = Path(model_path).expanduser()
    elif os.environ.get("NYAYAPATH_LLM_PATH"):
        p = Path(os.environ["NYAYAPATH_LLM_PATH"]).expanduser()
    else:
        try:
            from core import assets
        except Exception as exc:  # pragma: no cover - assets is part of the repo
            raise ModelUnavailable(f"core.assets is not importable ({exc}); set NYAYAPATH_LLM_PATH") from exc
        try:
            p = Path(assets.ensure_model(name or gguf_model_name()))
        except Exception as exc:   # assets.ModelUnavailable, OSError, bad manifest...
            raise ModelUnavailable(f"LLM model unavailable: {exc}") from exc
    if not p.is_file():
        raise ModelUnavailable(f"LLM model file not found: {p}")
    try:
        with open(p, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise ModelUnavailable(f"LLM model file unreadable: {p} ({exc})") from exc
    if magic != b"GGUF":
        raise ModelUnavailable(f"LLM model file is not a GGUF file (corrupt?): {p}")
    return p


def load_llama(path: Path, *, n_ctx: int = 2048, n_threads: int = 2, seed: int = 0):
    """Load (once per process) and return (Llama, lock)."""
    key = (str(Path(path).resolve()), n_ctx, n_threads)
    with _LOAD_LOCK:
        hit = _MODELS.get(key)
        if hit is not None:
            return hit
        try:
            from llama_cpp import Llama
        except Exception as exc:
            raise ModelUnavailable(f"llama-cpp-python is not installed or broken: {exc}") from exc
        try:
            llm = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=n_threads, seed=seed, verbose=False)
        except Exception as exc:   # ValueError "Failed to load model from file" on a corrupt file
            raise ModelUnavailable(f"LLM model failed to load from {path}: {exc}") from exc
        hit = (llm, threading.Lock())
        _MODELS[key] = hit
        return hit


def unload_all() -> None:
    """Drop every cached model (tests, memory pressure)."""
    with _LOAD_LOCK:
        for llm, lock in _MODELS.values():
            with lock:
                close = getattr(llm, "close", None)
                if close:
                    try:
                        close()
                    except Exception:
                        pass
        _MODELS.clear()


atexit.register(unload_all)   # free llama.cpp objects before interpreter teardown (avoids __del__ noise)


class LocalLlamaSynthesizer:
    backend = "local"

    def __init__(self, model_path: str | os.PathLike | None = None, *, model_name: str | None = None,
                 timeout_s: float = 60.0, n_threads: int = 2, n_ctx: int = 2048, seed: int = 0,
                 temperature: float = 0.1, prefer_extractive_for_hindi: bool = True, ensure_next_step: bool = True):
        self._model_path = model_path
        self.model_name = model_name or gguf_model_name()
        self.model_id = self.model_name
        self.timeout_s = float(timeout_s)
        self.n_threads = int(n_threads)
        self.n_ctx = int(n_ctx)
        self.seed = int(seed)
        self.temperature = float(temperature)
        self.prefer_extractive_for_hindi = prefer_extractive_for_hindi
        self.ensure_next_step = ensure_next_step
        self.last_stats: dict = {}
        self.last_prompt_tokens: int | None = None
        self.model_path: Path | None = None
        self._llm = None
        self._lock: threading.Lock | None = None

    def load(self) -> None:
        """Resolve and load the model now (otherwise done on the first draft)."""
        if self._llm is None:
            path = resolve_model_path(self._model_path, self.model_name)
            self.model_path = path
            self._llm, self._lock = load_llama(path, n_ctx=self.n_ctx, n_threads=self.n_threads, seed=self.seed)

    def warmup(self) -> float:
        """Load the model and evaluate the fixed prompt prefix (system rules + the two examples)
        so the first real question only pays for its own sources. Returns seconds spent."""
        t0 = time.perf_counter()
        self.load()
        dummy = [Evidence(node_id="warmup", label="Passage", name="warmup", text="warmup")]
        msgs = build_messages("warmup", dummy, "en")
        with self._lock:
            try:
                self._llm.create_chat_completion(messages=msgs, max_tokens=1, temperature=0.0, seed=self.seed)
            except Exception as exc:
                raise ModelUnavailable(f"local LLM failed during warm-up: {exc}") from exc
        return time.perf_counter() - t0

    def draft(self, question: str, evidence: list[Evidence], lang: str, *, correction: str | None = None,
              guidance: str | None = None, max_tokens: int = 256) -> Draft:
        lang, messages, prompt_sha, refusal = begin_draft(question, evidence, lang, correction, guidance,
                                                          "local", self.model_id)
        if refusal is not None:
            return refusal
        self.load()
        messages = self._fit(messages, question, evidence, lang, correction, guidance, max_tokens)
        prompt_sha = sha256_json(messages)
        raw, timings, n_tokens = self._generate(messages, max_tokens)
        text, unknown = normalize_tags(clean_response(raw), len(evidence))
        text = self._with_next_step(text, evidence, lang)
        self.last_stats = {"completion_tokens": n_tokens, "unknown_tags": unknown,
                           "tokens_per_s": (n_tokens / (timings["generate"] / 1000.0))
                           if timings.get("generate") else None, **timings}
        return Draft(text=text, sources=source_map(evidence), backend="local", model_id=self.model_id,
                     prompt_sha256=prompt_sha, response_sha256=sha256_text(raw), timings_ms=timings)

    def _count(self, messages: list[dict]) -> int:
        n = 0
        for m in messages:
            n += len(self._llm.tokenize(m["content"].encode("utf-8"), add_bos=False, special=False)) + 5
        return n + 3

    def _fit(self, messages, question, evidence, lang, correction, guidance, max_tokens):
        """Shorten the source excerpts until prompt + answer fit in n_ctx."""
        budget = self.n_ctx - max_tokens - 8
        for chars in (None, 300, 200, 120, 60):
            if chars is not None:
                messages = build_messages(question, evidence, lang, correction=correction,
                                          guidance=guidance, source_chars=chars)
            n = self._count(messages)   # tokenize reads only the vocab: no context lock needed
            if n <= budget:
                self.last_prompt_tokens = n
                return messages
        raise ModelUnavailable(f"prompt does not fit the model context ({n} tokens > {budget}); "
                               "pass fewer sources")

    def _generate(self, messages: list[dict], max_tokens: int) -> tuple[str, dict, int]:
        assert self._llm is not None and self._lock is not None
        # llama.cpp keeps one context: calls must not overlap. Time spent waiting for the lock
        # counts against the timeout (a user waiting is a user waiting).
        t_start = time.perf_counter()
        deadline = t_start + self.timeout_s
        if not self._lock.acquire(timeout=max(0.0, self.timeout_s)):
            raise ModelUnavailable(f"timed out after {self.timeout_s:.0f}s waiting for the model")
        try:
            t0 = time.perf_counter()
            pieces: list[str] = []
            t_first = None
            n_chunks = 0
            stream = self._llm.create_chat_completion(
                messages=messages, max_tokens=max_tokens, temperature=self.temperature, seed=self.seed,
                stop=STOP, stream=True)
            try:
                for chunk in stream:
                    delta = chunk["choices"][0].get("delta", {}).get("content")
                    if delta:
                        if t_first is None:
                            t_first = time.perf_counter()
                        pieces.append(delta)
                        n_chunks += 1
                    if time.perf_counter() > deadline:
                        raise ModelUnavailable(f"timed out after {self.timeout_s:.0f}s generating")
            finally:
                close = getattr(stream, "close", None)
                if close:
                    close()
            t_end = time.perf_counter()
            raw = "".join(pieces)
            try:
                n_tokens = len(self._llm.tokenize(raw.encode("utf-8"), add_bos=False, special=False)) if raw else 0
            except Exception:
                n_tokens = n_chunks
        except ModelUnavailable:
            raise
        except Exception as exc:   # llama.cpp errors (context overflow, decode failure)
            raise ModelUnavailable(f"local LLM failed: {exc}") from exc
        finally:
            self._lock.release()
        first = (t_first or t_end) - t0
        timings = {"first_token": round(first * 1000, 1), "generate": round((t_end - (t_first or t_end)) * 1000, 1),
                   "total": round((t_end - t_start) * 1000, 1)}
        return raw, timings, n_tokens

    def _with_next_step(self, text: str, evidence: list[Evidence], lang: str) -> str:
        """Small models often drop the 'What to do next:' line; append the deterministic one
        (tagged procedural steps from the evidence, or the fixed legal-aid line). Refusals stay as they are."""
        if not self.ensure_next_step or not text or is_refusal(text) or has_next_step(text):
            return text
        return text.rstrip() + "\n" + next_steps_block(evidence, lang)

    def __repr__(self) -> str:  # never shows anything secret; there is nothing secret here
        return f"LocalLlamaSynthesizer(model_id={self.model_id!r}, n_threads={self.n_threads})"


def messages_json(messages: list[dict]) -> str:
    return json.dumps(messages, ensure_ascii=False, indent=1)
