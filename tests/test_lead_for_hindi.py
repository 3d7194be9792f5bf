"""The provision a Hindi gist sentence is tagged with is the one whose Hindi gist shares its words
(core.synthesis.short_answer._lead_for, _words reading Devanagari words beside their English glosses): before,
a sentence shared at most one glossed word with any provision and was tagged with the one listed first. Gists
from the problem pack itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.synthesis.short_answer import _lead_for, gist_sentences

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india" / "problems"


class _Gist:
    def __init__(self, hi: str):
        self.hi = hi

    def gist_in(self, lang: str) -> str:
        return self.hi


def _problem(pid: str) -> dict:
    for f in sorted(PACK.glob("*.json")):
        for p in json.loads(f.read_text(encoding="utf-8"))["problems"]:
            if p["id"] == pid:
                return p
    raise KeyError(pid)


@pytest.mark.parametrize(
    "pid,starts,lead",
    [
        ("PROB:hindu_succession", "हर बेटी", "HSA:10"),
        ("PROB:adverse_possession", "सरकार के मुक़दमों", "LIMITATION:Schedule Article 112"),
        ("PROB:property_injunction", "स्टे न मानने", "CPC:Order XXXIX Rule 2A"),
        ("PROB:custodial_violence", "पुलिस के सामने", "BSA:23"),
        ("PROB:dowry_death", "अगर किसी महिला", "BNS:80"),
    ],
)
def test_a_hindi_sentence_is_tagged_with_the_provision_it_speaks_of(pid, starts, lead):
    p = _problem(pid)
    sentence = next(s for s in gist_sentences(p["gist_hi"]) if s.startswith(starts))
    ev_of = {g["id"]: _Gist(g.get("gist_hi", "")) for g in p["governed_by"]}
    assert _lead_for(sentence, list(ev_of), ev_of, "hi") == lead
