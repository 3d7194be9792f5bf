"""The settled point asked the way labelled questions asked it (core.settled_examples): the nearest of the
project's own labelled questions names a settled point, which core.settled_points.point_asked takes only
within the point's scope words and with a word of the point said or its texts nearest. Questions written for
this test or from a fresh batch written without reading the code; on the real graph and real embeddings."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from core import settled_examples as X
from core import settled_points as SP
from core.assemble import question_stems
from core.embed import default_embedder
from evaluation.score import conflict_state

_spec = importlib.util.spec_from_file_location(
    "build_settled_examples", Path(__file__).resolve().parents[1] / "tools" / "build_settled_examples.py"
)
builder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(builder)
DATASETS, OUT, build = builder.DATASETS, builder.OUT, builder.build

JOSEPH_SHINE = "CASE:INSC-2018-898"
RAMACHANDRA_RAO = "CASE:INSC-2002-203"
ADULTERY_HI = "बीवी का किसी और मर्द से चक्कर चल रहा है, क्या मैं उस मर्द के खिलाफ व्यभिचार का आपराधिक केस कर सकता हूँ?"

# fresh7 (conflicts.jsonl CF786): before, its answer began with P. Ramachandra Rao's rule
ADULTERY_FRESH = "पत्नी के दूसरे आदमी से संबंध हैं। क्या मैं उस आदमी पर व्यभिचार का आपराधिक मुकदमा कर सकता हूँ?"

ROWS = [
    # (question, the pack id the nearest example names, or None); none of them is in the bank
    (ADULTERY_HI, "CASE:joseph-shine-2018"),
    (
        "My brother has been in jail as an undertrial for six years. Does the law say a trial must finish within "
        "some fixed time, or else it ends?",
        "CASE:p-ramachandra-rao-2002",
    ),
    ("cheque bounce ke notice ka jawab 15 din me na aaye to kitne din me case karna hota hai", None),
    ("what is the punishment for theft under the new law", None),
    ("mera phone chori ho gaya, FIR kaise likhwaun", None),
]


@pytest.mark.parametrize("question,named", ROWS)
def test_the_nearest_labelled_question_names_the_point(question, named):
    got, _ = X.as_before(question)
    assert got == named, X.nearest(question)


# Its nearest examples are Dashrath Rupsingh Rathod's (0.939), but since the Dec 7 batches one of MSR Leathers'
# (a cheque presented twice, fresh15) is 0.926 near, within MARGIN: the examples no longer name a point alone,
# and the question's own words do (the bank, the cheque bounced, which town)
CHEQUE_PLACE_HI = "चेक जिस बैंक का है वो दूसरे शहर में है, तो चेक बाउंस का मुकदमा मैं अपने शहर में कर सकता हूँ या उनके शहर में?"


def test_examples_of_two_cheque_points_close_together_leave_it_to_the_words(graph):
    got = SP.point_asked(graph, CHEQUE_PLACE_HI, question_stems(CHEQUE_PLACE_HI))
    assert got is not None and got.settler == "CASE:INSC-2014-514", got


def test_the_bank_is_built_from_tune_parts_only():
    """The shipped examples are what the builder writes now (a question added to a tune part is in the bank
    after a rebuild), and no question of an untouched part is among them."""
    shipped = [json.loads(line) for line in OUT.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert shipped == build()
    untouched = set()
    for name in ("conflicts.jsonl", "statutes.jsonl"):
        for line in (DATASETS / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if row.get("split") == "untouched":
                untouched.add(row["question"])
    assert untouched and not untouched & {r["q"] for r in shipped}


def test_examples_are_embedded_as_queries():
    e = default_embedder()
    q = "can my daughter claim a share in ancestral land"
    assert np.allclose(e.embed_examples([q])[0], e.embed_query(q), atol=1e-5)


def test_an_example_alone_does_not_name_a_point_outside_its_words(graph):
    """ "two boys hit me, is it a crime": an example of the sexual-act point is near in meaning, but no word of
    Navtej Singh Johar's point is said and its texts are not the nearest: no settled point."""
    q = "do ladkon ne mujhe maara, kya ye crime hai"
    assert SP.point_asked(graph, q, question_stems(q)) is None


def test_the_point_asked_wins_over_one_a_cited_provision_led_to(pipe):
    """The Hindi adultery question found Articles 14, 15 and 21 (Joseph Shine read them) and Article 21 led to
    P. Ramachandra Rao's speedy-trial rule, which was its first sentence: the point asked is the answer's."""
    a = pipe.ask(ADULTERY_FRESH)
    ids = [c.node_id for c in a.citations if c.node_id]
    assert a.status == "answer" and conflict_state(a.to_json()) == "settled", (a.status, a.notices)
    assert JOSEPH_SHINE in ids and RAMACHANDRA_RAO not in ids, ids
    assert "Joseph Shine" in (a.summary or "").split("।")[0]


def test_where_in_everyday_roman_spelling_is_the_place_of_filing(pipe):
    """'kaha' (कहाँ without its nasal) asks where the cheque case lies: Dashrath Rupsingh Rathod's point."""
    a = pipe.ask("chek bounce hua hai, case kaha karna padega, mera bank Indore me hai aur uska Bhopal me")
    assert "CASE:INSC-2014-514" in [c.node_id for c in a.citations if c.node_id], a.notices
