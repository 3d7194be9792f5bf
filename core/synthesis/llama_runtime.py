"""The llama.cpp runtime of the local synthesizer: the GGUF file, the loaded model, its threads, its
prompt cache and its warm-up. What to ask the model and what to keep of its answer is synthesis policy
(core/synthesis/local.py, whose ``LocalLlamaSynthesizer`` is a :class:`LlamaModel`).

* The model path comes from, in order: the ``model_path`` argument, ``$NYAYAPATH_LLM_PATH``
  (core.config.llm_path), or ``core.assets.ensure_model(<the manifest's gguf entry>)``.
* The ``Llama`` object is loaded lazily, once per (path, settings) per process, and every call
  into it holds a lock (llama.cpp contexts are not thread-safe).
* The prompt is formatted with the model's own chat template and tokenized here, so every call
  knows exactly how many tokens went in, how many of them were already in the KV cache, and how
  many came out (``last_stats``; the benchmark prints them).
* The fixed part of a prompt (the system rules, and for ``draft`` the two worked examples) is
  evaluated once: llama.cpp keeps the KV of the last prompt and re-uses its longest common prefix,
  and a snapshot of the KV is kept per system prompt (``prefix_cache``), so switching between the
  short-answer prompt and the full-draft prompt restores the other one's prefix instead of
  evaluating it again. ``warmup()`` fills both.
* Generation streams token by token; when ``timeout_s`` of wall clock has passed the stream is
  closed (which stops llama.cpp) and ``ModelUnavailable("timed out ...")`` is raised. Prompt
  evaluation itself is one llama.cpp call and cannot be interrupted; with n_ctx=2048 it is
  bounded (a few seconds on 2 cores).

The model's thread count is decided here (:func:`thread_count`, then :func:`threads_now` on every call):
the ``n_threads`` argument, else $NYAYAPATH_LLM_THREADS (a number, or "auto", the default: 2, and 1 while
the load average is at or above cores + 2, a machine shared with other work). The other settings
(constructor arguments, else the environment through core.config.llama_env): ``n_threads_batch``
($NYAYAPATH_LLM_THREADS_BATCH, = n_threads), ``n_batch`` ($NYAYAPATH_LLM_BATCH, 512), ``flash_attn``
($NYAYAPATH_LLM_FLASH_ATTN, off), ``use_mmap`` ($NYAYAPATH_LLM_MMAP, on). docs/PERFORMANCE.md has the
measured effect of each.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from core.config import LlamaEnv, llama_env, llm_path
from core.stages import Evidence
from core.synthesis.base import ModelUnavailable
from core.synthesis.prompt import STOP, build_messages, build_summary_messages

DEFAULT_MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
WARMUP_TIMEOUT_S = 900.0

_LOAD_LOCK = threading.Lock()
_MODELS: dict[tuple, _Slot] = {}  # (path, settings...) -> the loaded model and its lock and KV snapshots


@dataclass
class _Slot:
    """One loaded model: its lock, its prompt formatter, and one KV snapshot per system prompt."""

    llm: object
    lock: threading.Lock
    formatter: object = None
    snapshots: dict[str, _Snapshot] = field(default_factory=dict)
    live: str | None = None  # the system prompt whose tokens are at the start of the KV now
    threads: tuple[int, int] | None = None  # (n_threads, n_threads_batch) set on the context now

    def __iter__(self):  # (llm, lock) = load_llama(...) keeps working
        return iter((self.llm, self.lock))


@dataclass
class _Snapshot:
    ids: list[int]
    data: bytes


# ------------------------------------------------------------------ the model file
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
    elif (configured := llm_path()) is not None:
        p = configured
    else:
        try:
            from core import assets
        except Exception as exc:  # pragma: no cover - assets is part of the repo
            raise ModelUnavailable(f"core.assets is not importable ({exc}); set NYAYAPATH_LLM_PATH") from exc
        try:
            p = Path(assets.ensure_model(name or gguf_model_name()))
        except Exception as exc:  # assets.ModelUnavailable, OSError, bad manifest...
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


# ------------------------------------------------------------------ loading, once per process
def load_llama(
    path: Path,
    *,
    n_ctx: int = 2048,
    n_threads: int = 2,
    seed: int = 0,
    n_threads_batch: int | None = None,
    n_batch: int = 512,
    flash_attn: bool = False,
    use_mmap: bool = True,
) -> _Slot:
    """Load (once per process and settings) and return the model's slot (unpacks as (Llama, lock))."""
    n_threads_batch = n_threads_batch or n_threads
    key = (str(Path(path).resolve()), n_ctx, n_threads, n_threads_batch, n_batch, flash_attn, use_mmap)
    with _LOAD_LOCK:
        hit = _MODELS.get(key)
        if hit is not None:
            return hit
        try:
            from llama_cpp import Llama
        except Exception as exc:
            raise ModelUnavailable(f"llama-cpp-python is not installed or broken: {exc}") from exc
        try:
            with _no_amx_repack():
                llm = Llama(
                    model_path=str(path),
                    n_ctx=n_ctx,
                    n_threads=n_threads,
                    n_threads_batch=n_threads_batch,
                    n_batch=n_batch,
                    flash_attn=flash_attn,
                    use_mmap=use_mmap,
                    seed=seed,
                    verbose=False,
                )
        except Exception as exc:  # ValueError "Failed to load model from file" on a corrupt file
            raise ModelUnavailable(f"LLM model failed to load from {path}: {exc}") from exc
        hit = _Slot(llm=llm, lock=threading.Lock(), formatter=_formatter(llm))
        _MODELS[key] = hit
        return hit


def _amx_advertised() -> bool:
    """The CPU says it has AMX tiles (/proc/cpuinfo flag amx_tile)."""
    try:
        return "amx_tile" in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


@contextmanager
def _no_amx_repack():
    """On a CPU that advertises AMX, the model is loaded without llama.cpp's extra weight buffers (the AMX and
    repacked layouts, ``use_extra_bufts``): in a virtual machine that advertises AMX (a Sapphire Rapids Xeon, Dec
    6), the first decode with them died with SIGSEGV, a plain completion included, and the whole LLM test process
    with it. Llama() reads its model parameters from ``llama_model_default_params`` while it loads; they are
    changed for that call only (under _LOAD_LOCK)."""
    if not _amx_advertised():
        yield
        return
    import llama_cpp.llama as llama_module

    lib = llama_module.llama_cpp
    default = lib.llama_model_default_params

    def params():
        p = default()
        if hasattr(p, "use_extra_bufts"):
            p.use_extra_bufts = False
        return p

    lib.llama_model_default_params = params
    try:
        yield
    finally:
        lib.llama_model_default_params = default


def _formatter(llm):
    """The model's own chat template (what ``create_chat_completion`` would use), or ChatML."""
    template = (getattr(llm, "metadata", None) or {}).get("tokenizer.chat_template")
    if not template:
        return None
    try:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        model = llm._model
        eos_id, bos_id = model.token_eos(), model.token_bos()
        eos = model.token_get_text(eos_id) if eos_id != -1 else ""
        bos = model.token_get_text(bos_id) if bos_id != -1 else ""
        return Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos, stop_token_ids=[eos_id])
    except Exception:  # an odd template: fall back to ChatML, which Qwen uses
        return None


def unload_all() -> None:
    """Drop every cached model (tests, memory pressure)."""
    with _LOAD_LOCK:
        for slot in _MODELS.values():
            with slot.lock:
                slot.snapshots.clear()
                close = getattr(slot.llm, "close", None)
                if close:
                    try:
                        close()
                    except Exception:
                        pass
        _MODELS.clear()


atexit.register(unload_all)  # free llama.cpp objects before interpreter teardown (avoids __del__ noise)


# ------------------------------------------------------------------ the thread count
def thread_count(n_threads: int | str | None, n_threads_batch: int | None, env: LlamaEnv) -> tuple[bool, int, int]:
    """(auto, n_threads, n_threads_batch) the model is loaded with. The argument beats
    $NYAYAPATH_LLM_THREADS; "auto" (the default) is 2 threads (the cores, if fewer), lowered per call by
    :func:`threads_now` while the machine is busy."""
    raw = n_threads or env.threads or "auto"
    auto = str(raw).strip().lower() == "auto"
    cores = os.cpu_count() or 1
    n = min(2, cores) if auto else int(raw)
    n_batch_threads = int(n_threads_batch or (n if env.threads_batch is None else env.threads_batch))
    return auto, n, n_batch_threads


def threads_now(auto: bool, n_threads: int, n_threads_batch: int) -> tuple[int, int]:
    """(n_threads, n_threads_batch) for this call. "auto": one thread when the machine is busier than
    its cores even without this model's own threads (1-minute load average >= cores + n_threads):
    llama.cpp's threads wait for each other at every layer, and one that is not scheduled stalls the
    rest (measured: 8x slower generation with 2 threads than with 1 at load 14 on 2 cores)."""
    if not auto:
        return n_threads, n_threads_batch
    try:
        busy = os.getloadavg()[0] >= (os.cpu_count() or 1) + n_threads
    except OSError:
        busy = False
    return (1, 1) if busy else (n_threads, n_threads_batch)


# ------------------------------------------------------------------ one model, as a synthesizer uses it
class LlamaModel:
    """The GGUF model with its settings: loads on first use, tokenizes with the model's chat template,
    keeps the KV of each system prompt, and streams a completion under a wall-clock timeout."""

    def __init__(
        self,
        model_path: str | os.PathLike | None = None,
        *,
        model_name: str | None = None,
        timeout_s: float = 60.0,
        n_threads: int | str | None = None,
        n_ctx: int = 2048,
        seed: int = 0,
        temperature: float = 0.1,
        n_threads_batch: int | None = None,
        n_batch: int | None = None,
        flash_attn: bool | None = None,
        use_mmap: bool | None = None,
        prefix_cache: bool = True,
    ):
        env = llama_env()
        self._model_path = model_path
        self.model_name = model_name or gguf_model_name()
        self.timeout_s = float(timeout_s)
        self.auto_threads, self.n_threads, self.n_threads_batch = thread_count(n_threads, n_threads_batch, env)
        self.n_batch = int(n_batch or (512 if env.batch is None else env.batch))
        self.flash_attn = bool((env.flash_attn or False) if flash_attn is None else flash_attn)
        self.use_mmap = bool((True if env.use_mmap is None else env.use_mmap) if use_mmap is None else use_mmap)
        self.n_ctx = int(n_ctx)
        self.seed = int(seed)
        self.temperature = float(temperature)
        self.prefix_cache = prefix_cache
        self.last_prompt_tokens: int | None = None
        self.model_path: Path | None = None
        self._slot: _Slot | None = None

    # llama and its lock, for callers of the previous attributes
    @property
    def _llm(self):
        return self._slot.llm if self._slot else None

    @property
    def _lock(self):
        return self._slot.lock if self._slot else None

    def settings(self) -> dict:
        return {
            "timeout_s": self.timeout_s,
            "n_threads": "auto" if self.auto_threads else self.n_threads,
            "n_threads_batch": self.n_threads_batch,
            "n_batch": self.n_batch,
            "flash_attn": self.flash_attn,
            "use_mmap": self.use_mmap,
            "n_ctx": self.n_ctx,
            "prefix_cache": self.prefix_cache,
        }

    def load(self) -> None:
        """Resolve and load the model now (otherwise done on the first draft)."""
        if self._slot is None:
            path = resolve_model_path(self._model_path, self.model_name)
            self.model_path = path
            self._slot = load_llama(
                path,
                n_ctx=self.n_ctx,
                n_threads=self.n_threads,
                seed=self.seed,
                n_threads_batch=self.n_threads_batch,
                n_batch=self.n_batch,
                flash_attn=self.flash_attn,
                use_mmap=self.use_mmap,
            )

    def warmup(self, langs: tuple[str, ...] = ("en",)) -> float:
        """Load the model and evaluate the fixed prompt prefixes (the full-draft rules and examples, then
        the short-answer rules, which the default path uses, so they stay live) so the first real question
        pays only for its own material. Returns seconds spent."""
        t0 = time.perf_counter()
        self.load()
        dummy = [Evidence(node_id="warmup", label="Passage", name="warmup", text="warmup")]
        for lang in langs:
            for msgs in (build_messages("warmup", dummy, lang), build_summary_messages("warmup", ["warmup"], lang)):
                # no user is waiting for the warm-up: a loaded machine may take minutes, that is fine
                for _ in self._stream(msgs, 1, timeout_s=max(self.timeout_s, WARMUP_TIMEOUT_S)):
                    pass
        return time.perf_counter() - t0

    # ------------------------------------------------------------------ prompt
    def prompt_tokens(self, messages: list[dict]) -> list[int]:
        """The exact tokens the model reads for ``messages`` (its chat template, then its tokenizer)."""
        self.load()
        fmt = self._slot.formatter
        if fmt is not None:
            res = fmt(messages=messages)
            text, add_bos = res.prompt, not res.added_special
        else:
            text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
            text, add_bos = text + "<|im_start|>assistant\n", False
        return self._llm.tokenize(text.encode("utf-8"), add_bos=add_bos, special=True)

    def _threads_now(self) -> tuple[int, int]:
        return threads_now(self.auto_threads, self.n_threads, self.n_threads_batch)

    def _set_threads(self, llm) -> tuple[int, int]:
        want = self._threads_now()
        if self._slot.threads != want:
            if self._slot.threads is not None or want != (self.n_threads, self.n_threads_batch):
                import llama_cpp

                llama_cpp.llama_set_n_threads(llm._ctx.ctx, want[0], want[1])
            self._slot.threads = want
        return want

    # --------------------------------------------------------------- KV prefix
    def _use_prefix(self, key: str) -> str:
        """Put the KV of the system prompt ``key`` at the start of the context (llama.cpp then evaluates
        only what follows the longest common prefix). Returns how: live, restored, cold."""
        slot = self._slot
        if slot.live == key or not self.prefix_cache:
            return "live" if slot.live == key else "cold"
        llm = slot.llm
        if slot.live is not None and slot.live not in slot.snapshots and llm.n_tokens:
            slot.snapshots[slot.live] = _save_kv(llm)
        snap = slot.snapshots.get(key)
        if snap is None:
            return "cold"
        _load_kv(llm, snap)
        return "restored"

    # -------------------------------------------------------------- generation
    def _stream(
        self,
        messages: list[dict],
        max_tokens: int,
        *,
        stats: dict | None = None,
        tokens: list[int] | None = None,
        timeout_s: float | None = None,
    ) -> Iterator[str]:
        """Yield the model's text pieces; fill ``stats`` (tokens in/reused/out, timings, finish) when done.
        Holds the model lock from the first piece until the generator is finished or closed."""
        assert self._slot is not None
        stats = {} if stats is None else stats
        llm, lock = self._slot.llm, self._slot.lock
        # llama.cpp keeps one context: calls must not overlap. Time spent waiting for the lock
        # counts against the timeout (a user waiting is a user waiting).
        timeout_s = self.timeout_s if timeout_s is None else timeout_s
        t_start = time.perf_counter()
        deadline = t_start + timeout_s
        tokens = tokens if tokens is not None else self.prompt_tokens(messages)
        if not lock.acquire(timeout=max(0.0, timeout_s)):
            raise ModelUnavailable(f"timed out after {timeout_s:.0f}s waiting for the model")
        t0 = time.perf_counter()
        t_first = None
        n_out = 0
        finish = None
        stream = None
        try:
            key = messages[0]["content"] if messages and messages[0].get("role") == "system" else ""
            how = self._use_prefix(key)
            live = llm.input_ids[: llm.n_tokens].tolist() if llm.n_tokens else []
            reused = _common_prefix(live, tokens)
            threads = self._set_threads(llm)
            stats.update(prompt_tokens=len(tokens), reused_tokens=reused, prefix=how, threads=threads[0])
            self.last_prompt_tokens = len(tokens)
            stream = llm.create_completion(
                prompt=tokens,
                max_tokens=max_tokens,
                temperature=self.temperature,
                seed=self.seed,
                stop=STOP,
                stream=True,
            )
            for chunk in stream:
                choice = chunk["choices"][0]
                finish = choice.get("finish_reason") or finish
                piece = choice.get("text")
                if piece:
                    if t_first is None:
                        t_first = time.perf_counter()
                    n_out += 1
                    yield piece
                if time.perf_counter() > deadline:
                    raise ModelUnavailable(f"timed out after {timeout_s:.0f}s generating")
            self._slot.live = key
        except (ModelUnavailable, GeneratorExit):
            self._slot.live = key if stream is not None else self._slot.live
            raise
        except Exception as exc:  # llama.cpp errors (context overflow, decode failure)
            self._slot.live = None
            raise ModelUnavailable(f"local LLM failed: {exc}") from exc
        finally:
            if stream is not None:
                close = getattr(stream, "close", None)
                if close:
                    try:
                        close()
                    except Exception:
                        pass
            t_end = time.perf_counter()
            lock.release()
            first = (t_first or t_end) - t0
            gen = t_end - (t_first or t_end)
            stats.update(
                completion_tokens=n_out,
                finish=finish or ("cut" if n_out else None),
                tokens_per_s=round(n_out / gen, 2) if gen > 0 and n_out > 1 else None,
                timings={
                    "wait": round((t0 - t_start) * 1000, 1),
                    "first_token": round(first * 1000, 1),
                    "generate": round(gen * 1000, 1),
                    "total": round((t_end - t_start) * 1000, 1),
                },
            )


def _common_prefix(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _save_kv(llm) -> _Snapshot:
    """The context's KV (llama_state_get_data) and the tokens it holds. Unlike ``Llama.save_state`` this
    does not copy the logits buffer (hundreds of MB at n_batch=512 x 152k vocab), which sampling does
    not need: the restored prefix is always followed by at least one token to evaluate."""
    import llama_cpp

    size = llama_cpp.llama_state_get_size(llm._ctx.ctx)
    buf = (ctypes.c_uint8 * int(size))()
    n = llama_cpp.llama_state_get_data(llm._ctx.ctx, buf, size)
    return _Snapshot(ids=llm.input_ids[: llm.n_tokens].tolist(), data=bytes(buf[: int(n)]))


def _load_kv(llm, snap: _Snapshot) -> None:
    import llama_cpp

    buf = (ctypes.c_uint8 * len(snap.data)).from_buffer_copy(snap.data)
    if llama_cpp.llama_state_set_data(llm._ctx.ctx, buf, len(snap.data)) != len(snap.data):
        raise RuntimeError("failed to restore the KV snapshot")
    llm.input_ids[: len(snap.ids)] = snap.ids
    llm.n_tokens = len(snap.ids)
    llm._requires_eval = True  # the logits are not restored: the next prompt token must be evaluated
