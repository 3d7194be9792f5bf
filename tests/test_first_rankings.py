"""The scorer is trained on the candidates the app scores (issue 19).

tools/train_provision_rank.py computes each training question's candidates through
Retriever.first_rankings; retrieve() gives the scorer the rankings of its own first wave, built from the
question and the search hint (the statutes' words for an English question's everyday words, the glossary
terms and lay words of a Hindi one). first_rankings must build exactly those rankings from the same
hints: before, it ran a subset of the strategies on the question alone, so the English rows were trained
on features the app never computes. Questions written for this test, on the real graph.
"""

from __future__ import annotations

import pytest

from core.answer import AnswerPipeline
from core.retrieve import Retriever

QUESTIONS = [
    ("en", "a partner in crime turned witness, can the court convict on his word alone"),
    ("en", "what is the fine for riding a bike without a helmet"),
    ("hi", "meri biwi ko maintenance kitna milega agar main alag rehta hoon"),
]


@pytest.mark.parametrize("lang,question", QUESTIONS)
def test_first_rankings_are_what_retrieve_scores(graph, lang, question, monkeypatch):
    retriever = Retriever(graph)
    hint = AnswerPipeline._english_hint(question) if lang == "hi" else ""
    search = AnswerPipeline._search_hint(question, hint, lang) or hint
    seen = {}
    real = Retriever.direct

    def spy(self, q, h, rankings, choice, problems):
        seen["hint"] = h
        seen["cands"] = self.direct_candidates(q, h, rankings)
        return real(self, q, h, rankings, choice, problems)

    monkeypatch.setattr(Retriever, "direct", spy)
    retriever.retrieve(question, lang, None, english_hint=hint, search_hint=search)
    rankings, _ = retriever.first_rankings(question, lang, hint, search)
    assert seen["hint"] == search
    assert retriever.direct_candidates(question, search, rankings) == seen["cands"]
