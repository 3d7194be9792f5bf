"""An answer as it becomes ready, for the UI and for voice: ``ask_stream(pipeline, question, lang)``.

Events (dicts), in order:

* ``{"event": "progress", "stage": "search", "message": ...}`` at once;
* ``{"event": "answer", "answer": Answer, "final": bool}``: the extractive answer (short answer from
  the problems' gists, steps, law, notices), built and verified by the pipeline exactly as
  ``AnswerPipeline.ask`` does without a model: the floor, shown (and spoken) while the model works;
* when a model is configured for the language: ``{"event": "progress", "stage": "refine", ...}``, then
  ``{"event": "answer", "answer": Answer, "final": True}`` from ``AnswerPipeline.ask`` with the model
  (its short answer checked against the same material, revised or dropped as that method decides).

Nothing unverified is ever sent: every ``answer`` event is a finished ``Answer`` of the pipeline, and
the model's raw tokens stay inside it. The second pass re-uses the first pass's retrieval (no second
search), so it costs the model's short answer and the checks only.

Voice: ``speak_first(ask_stream(...), speaker)`` speaks the first verified answer sentence by sentence.

Why not stream the model's own tokens: a sentence of the short answer can only be checked against the
material when it is complete, and a later sentence that fails the check sends the whole short answer
back for revision (``AnswerPipeline._model_summary``), so showing its first sentence early would show
text the answer may not keep. The extractive answer is ready seconds earlier and is verified; the UI
shows it at once and replaces the short answer when the model's version is verified.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from datetime import date

from core.language.templates import render
from core.stages import AnswerStatus


class _OnceRetriever:
    """The pipeline's retriever, remembering the last result so the second pass does not search again."""

    def __init__(self, inner):
        self._inner = inner
        self._lock = threading.Lock()
        self._key = None
        self._got = None

    def retrieve(self, *args, **kwargs):
        key = repr((args, sorted(kwargs.items())))
        with self._lock:
            if key == self._key:
                return copy.deepcopy(self._got)
        got = self._inner.retrieve(*args, **kwargs)
        with self._lock:
            self._key, self._got = key, copy.deepcopy(got)
        return got

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _has_model(pipe) -> bool:
    """A model that may write the short answer is configured (not none, not the extractive composer,
    which the service hands the pipeline wrapped)."""
    return getattr(getattr(pipe, "synth", None), "backend", "extractive") != "extractive"


def _uses_model(pipe, lang: str) -> bool:
    return _has_model(pipe) and pipe._synth_for(lang).backend != "extractive"


def ask_stream(pipe, question: str, lang: str = "auto", offence_date: date | None = None) -> Iterator[dict]:
    """Yield progress and verified answers for ``question`` (see the module docstring)."""
    first_lang = lang if lang in ("en", "hi") else "en"
    yield {"event": "progress", "stage": "search", "message": render("progress.search", first_lang)}
    if not _has_model(pipe):  # the floor is the answer: one pass, no copy of the retrieval to keep
        yield {"event": "answer", "answer": pipe.ask(question, lang, offence_date), "final": True}
        return
    retriever = _OnceRetriever(pipe.retriever)
    floor = copy.copy(pipe)
    floor.retriever, floor.synth = retriever, None
    first = floor.ask(question, lang, offence_date)
    # the model can change the answer only where it writes one: an answer, or an extractive draft that
    # did not verify (the model's own draft may); not an out-of-scope question, an injection, law not held...
    refine = _uses_model(pipe, first.language) and (
        first.status in (AnswerStatus.ANSWER, AnswerStatus.CONFLICT) or first.abstain_reason == "abstain.unverifiable"
    )
    yield {"event": "answer", "answer": first, "final": not refine}
    if not refine:
        return
    yield {"event": "progress", "stage": "refine", "message": render("progress.refine", first.language)}
    model = copy.copy(pipe)
    model.retriever = retriever
    yield {"event": "answer", "answer": model.ask(question, lang, offence_date), "final": True}


def speak_first(events: Iterator[dict], speaker) -> Iterator[bytes]:
    """Voice: one WAV per sentence of the first verified answer's spoken text (the short answer and the
    steps, ``core.speech.spoken.spoken_text``), the first ready after one sentence of TTS. The stream is
    closed after the first answer: a spoken answer cannot be swapped halfway, so the model's refinement is
    for the screen, not for the ear."""
    from core.speech.spoken import spoken_text

    for ev in events:
        if ev.get("event") == "answer":
            ans = ev["answer"]
            close = getattr(events, "close", None)
            if close:
                close()
            yield from speaker.iter_sentences(spoken_text(ans), ans.language)
            return


def final_answer(events: Iterator[dict]):
    """The last answer of an event stream (for callers that only want the result)."""
    last = None
    for ev in events:
        if ev.get("event") == "answer":
            last = ev["answer"]
    return last
