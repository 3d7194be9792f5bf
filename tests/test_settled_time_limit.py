"""Issue 23: P. Ramachandra Rao's settled point (no outer time limit ends a criminal trial) stated from the
judgment's conclusions, and two word rules of the settled-point probe: the light verb "जाने" is no word of
a point, and the English hint does not count again a term a Hindi question said."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path

import pytest

from core.script_words import HI_STOP, ROM_STOP, hi_words
from core.settled_points import SettledPoint, _once, fold

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"
PRR = "CASE:p-ramachandra-rao-2002"


def _pack(name: str):
    return json.loads((PACK / name).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the pack: sourced, from the judgment
def test_the_time_limit_point_is_stated_from_the_judgment_and_sourced(corpus_dir):
    """The holding restates the seven judges' conclusions (no court is bound to end a trial and acquit or
    discharge for lapse of time; Raj Deo Sharma's closing of the prosecution evidence after two or three
    years not good law; delay weighed by Antulay's factors); the wordings say where they come from, and
    the judgments they name are rows of the corpus index."""
    case = next(c for c in _pack("cases.json")["cases"] if c["id"] == PRR)
    for words in ("acquit or discharge", "prosecution evidence", "Antulay", "Raj Deo Sharma", "Article 21"):
        assert words in case["holding_en"], words
    assert case["holding_hi"] and "बरी" in case["holding_hi"]
    point = next(p for p in _pack("doctrine.json")["settled_points"] if p["settler"] == PRR)
    assert len(point["issue_en"]) >= 5 and len(point["issue_hi"]) == len(point["issue_rom"]) >= 4
    assert "2002 INSC 203" in point["issue_en_source"] and "not in the corpus" in point["issue_en_source"]
    with (corpus_dir / "cases" / "sc_index_1990_2025.csv").open(encoding="utf-8") as f:
        rows = {r[4]: r for r in csv.reader(f) if len(r) > 4}
    assert "RAMA CHANDRA RAO" in rows["2002 INSC 203"][1] and rows["2002 INSC 203"][2] == "16-04-2002"
    assert "RAJ DEO SHARMA" in rows["1998 INSC 384"][1] and "ANTULAY" in rows["1991 INSC 329"][1]


# ------------------------------------------------------------------ word rules (pure)
@pytest.mark.parametrize(
    "text,absent,present",
    [
        ("क्या तय अवधि बीत जाने पर अभियोजन खत्म हो जाता है?", "जाने", "अवधि"),
        ("अपनी जान लेने का हक़", "", "जान"),
    ],
)
def test_the_light_verb_is_no_word_of_a_point(text, absent, present):
    """ "बीत जाने पर" (once it has passed): "जाने" folded is "जान" (life), which made a question on ending
    one's own life meet the speedy-trial point."""
    words = hi_words(text)
    assert present in words
    if absent:
        assert absent not in words and fold(absent) == "जान"
    assert {"जाने", "जाना"} <= HI_STOP and {"jane", "jaane"} <= ROM_STOP


_POINT = SettledPoint(
    "Z",
    "Fixed outer time limits for concluding criminal trials",
    "",
    "",
    frozenset(),
    issue_rom=("kya court koi fixed outer time limit (samay seema) tay kar sakti hai?",),
)


@pytest.mark.parametrize(
    "words,kept",
    [
        ({"समय", "सीमा", "limit"}, 2),  # said in Hindi, the English hint's "limitation" is no further word
        ({"समय", "सीमा", "अभियोजन"}, 3),  # the Hindi words themselves all count
        ({"time", "limit"}, 2),  # a Roman-script question's own words are left as they are
        (set(), 0),
    ],
)
def test_the_hint_does_not_count_a_term_said_in_hindi_again(words, kept):
    assert len(_once(_POINT, set(words))) == kept


def test_without_a_gloss_nothing_is_merged():
    p = replace(_POINT, issue_rom=("kya court koi fixed outer time limit tay kar sakti hai?",))
    assert _once(p, {"समय", "सीमा", "limit"}) == {"समय", "सीमा", "limit"}


# ------------------------------------------------------------------ on the graph
def _gid(graph, pack_id):
    got = graph.ro_query(
        "MATCH (c:Case) WHERE c.id = $id OR $id IN coalesce(c.aliases, []) RETURN c.id", {"id": pack_id}
    )
    return got[0][0] if got else None


def test_the_loaded_point_carries_the_fuller_statement(graph):
    from core.settled_points import settled_points

    p = next(x for x in settled_points(graph) if x.settler == _gid(graph, PRR))
    assert "acquit or discharge" in p.holding and p.holding_hi
    assert len(p.issue_hi) >= 4 and any("गवाह" in x for x in p.issue_hi)


@pytest.mark.parametrize(
    "q,hint,named",
    [
        # the judgment's own question, in words of its conclusions
        (
            "Will a criminal trial end and the accused be discharged just because years have passed since the charge?",
            "",
            True,
        ),
        # a limitation for reporting an offence is not the trial's outer limit
        ("चोरी की रिपोर्ट कितने साल तक लिखवा सकते हैं, कोई समय सीमा है क्या?", "offence limitation period", False),
    ],
)
def test_the_probe_reads_the_point_and_not_a_limitation_question(graph, q, hint, named):
    from core.assemble import question_stems
    from core.settled_points import point_asked

    got = point_asked(graph, q, question_stems(f"{q} {hint}".strip()), hint=hint)
    assert (got is not None and got.settler == _gid(graph, PRR)) is named, got and got.settler
