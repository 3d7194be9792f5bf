"""Synthesis: evidence -> a draft answer whose every claim carries an [Sn] source tag.

One interface (:class:`Synthesizer`), three backends:

* ``"local"``: :class:`LocalLlamaSynthesizer` (llama-cpp-python, the manifest's GGUF model);
* ``"http"``: :class:`HttpSynthesizer` (any OpenAI-compatible chat-completions server);
* ``"extractive"``: :class:`ExtractiveComposer` (no model; deterministic; used for Hindi by default).

Hindi: the local 1.5B model writes poor Hindi, so model backends expose
``prefer_extractive_for_hindi`` (True for local, False for http); the pipeline should route
``lang == "hi"`` to the ExtractiveComposer when the chosen backend prefers it.
"""

from __future__ import annotations

from core.config import llm_model, llm_url
from core.synthesis.base import ModelUnavailable, Synthesizer
from core.synthesis.extractive import ExtractiveComposer
from core.synthesis.llama_runtime import gguf_model_name, resolve_model_path, unload_all
from core.synthesis.local import LocalLlamaSynthesizer
from core.synthesis.openai_http import HttpSynthesizer
from core.synthesis.prompt import build_messages, source_map
from core.synthesis.sentences import first_sentence
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI, cited_tags, is_refusal, normalize_tags

BACKENDS = ("local", "http", "extractive")


def make_synthesizer(
    backend: str = "local",
    *,
    url: str | None = None,
    model: str | None = None,
    timeout_s: float = 60.0,
    n_threads: int | str | None = None,
    **kw,
) -> Synthesizer:
    """Build a synthesizer.

    * ``local``: ``model`` is a path to a .gguf file (else ``$NYAYAPATH_LLM_PATH``, else the
      manifest's GGUF model via ``core.assets.ensure_model``). Nothing loads until the first draft.
    * ``http``: ``url`` (else ``$NYAYAPATH_LLM_URL``) and ``model`` (else ``$NYAYAPATH_LLM_MODEL``).
    * ``extractive``: no arguments needed.
    Extra keyword arguments go to the backend's constructor.
    """
    b = (backend or "local").strip().lower()
    if b == "local":
        return LocalLlamaSynthesizer(model, timeout_s=timeout_s, n_threads=n_threads, **kw)
    if b == "http":
        url = url or llm_url()
        if not url:
            raise ModelUnavailable("http backend needs a url (NYAYAPATH_LLM_URL)")
        return HttpSynthesizer(url, model or llm_model(), timeout_s=timeout_s, **kw)
    if b == "extractive":
        return ExtractiveComposer(**kw)
    raise ValueError(f"unknown synthesizer backend {backend!r}; choose one of {', '.join(BACKENDS)}")


__all__ = [
    "BACKENDS",
    "ExtractiveComposer",
    "HttpSynthesizer",
    "LocalLlamaSynthesizer",
    "ModelUnavailable",
    "REFUSAL_EN",
    "REFUSAL_HI",
    "Synthesizer",
    "build_messages",
    "cited_tags",
    "first_sentence",
    "gguf_model_name",
    "is_refusal",
    "make_synthesizer",
    "normalize_tags",
    "resolve_model_path",
    "source_map",
    "unload_all",
]
