"""What the model backends (core/synthesis/local.py, core/synthesis/openai_http.py) share: the preamble
of ``draft()`` (the language, the messages and their hash, and the fixed refusal, without a model call,
when there is no evidence at all), the finish of a draft (tags normalised, the deterministic next-step
line, the Draft) and the Draft of a short answer."""

from __future__ import annotations

from core.stages import Draft, Evidence
from core.synthesis.base import answer_lang
from core.synthesis.extractive import next_steps_block
from core.synthesis.prompt import build_messages, clean_response, has_next_step, sha256_json, sha256_text, source_map
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI, is_refusal, normalize_tags


class ModelBackend:
    """The shared steps of a synthesizer that asks a model; a backend sets ``backend``, ``model_id``
    and ``ensure_next_step`` and does the asking."""

    backend: str
    model_id: str
    ensure_next_step: bool = True

    def _begin(
        self, question: str, evidence: list[Evidence], lang: str, correction: str | None, guidance: str | None
    ) -> tuple[str, list[dict], str, Draft | None]:
        """(lang, messages, prompt_sha256, the refusal Draft when there is no evidence, else None)."""
        lang = answer_lang(lang)
        messages = build_messages(question, evidence, lang, correction=correction, guidance=guidance)
        prompt_sha = sha256_json(messages)
        if evidence:
            return lang, messages, prompt_sha, None
        text = REFUSAL_HI if lang == "hi" else REFUSAL_EN
        return lang, messages, prompt_sha, self._draft(text, text, {}, prompt_sha, {})

    def _finish(
        self, raw: str, evidence: list[Evidence], lang: str, prompt_sha: str, timings: dict
    ) -> tuple[Draft, list]:
        """The Draft of the model's reply ``raw`` and the tags it wrote that name no source."""
        text, unknown = normalize_tags(clean_response(raw), len(evidence))
        text = self._with_next_step(text, evidence, lang)
        return self._draft(text, raw, source_map(evidence), prompt_sha, timings), unknown

    def _summary(self, text: str, raw: str, messages: list[dict], timings: dict) -> Draft:
        """The Draft of a short answer (no sources)."""
        return self._draft(text, raw, {}, sha256_json(messages), timings)

    def _draft(self, text: str, raw: str, sources: dict, prompt_sha: str, timings: dict) -> Draft:
        return Draft(
            text=text,
            sources=sources,
            backend=self.backend,
            model_id=self.model_id,
            prompt_sha256=prompt_sha,
            response_sha256=sha256_text(raw),
            timings_ms=timings,
        )

    def _with_next_step(self, text: str, evidence: list[Evidence], lang: str) -> str:
        """Small models often drop the 'What to do next:' line; append the deterministic one
        (tagged procedural steps from the evidence, or the fixed legal-aid line). Refusals stay as they are."""
        if not self.ensure_next_step or not text or is_refusal(text) or has_next_step(text):
            return text
        return text.rstrip() + "\n" + next_steps_block(evidence, lang)
