"""Every Hindi text of the pack that names a section or an Article names one the graph holds, in the Act it
means. "साक्ष्य अधिनियम" alone is the Bharatiya Sakshya Adhiniyam (acts.json); Arjun Panditrao Khotkar's Hindi
holding and the electronic-evidence problem's text on pending trials said "साक्ष्य अधिनियम की धारा 65B(4)" for
the Evidence Act of 1872, which the verifier read as BSA s.65B (not held: the BSA's certificate is s.63), and
"dukan me chori hui thi, CCTV footage pen drive me court me di ... kya sach me zaruri hai ye certificate?" was
refused whole. On the real graph."""

from __future__ import annotations

import json

import pytest

from core.stages import CitationStatus
from domain import paths

PACK = paths.pack_file(paths.DOCTRINE).parent
FILES = [
    "cases.json",
    "doctrine.json",
    "procedures.json",
    *sorted(f"problems/{p.name}" for p in (PACK / "problems").glob("*.json")),
]
# (a section named without its Act, "धारा 138", is unresolved alone: the answer tags it with its source)
UNKNOWN = {CitationStatus.UNINDEXED, CitationStatus.NONEXISTENT, CitationStatus.MISMATCH}


def _hindi_texts(x, where=""):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _hindi_texts(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _hindi_texts(v, f"{where}[{i}]")
    elif isinstance(x, str) and any("\u0900" <= ch <= "\u097f" for ch in x) and any(ch.isdigit() for ch in x):
        yield where, x


@pytest.mark.parametrize("name", FILES)
def test_hindi_texts_cite_what_the_graph_holds(pipe, name):
    texts = list(_hindi_texts(json.loads((PACK / name).read_text(encoding="utf-8"))))
    bad = [
        (where, c.text, c.status.value)
        for where, text in texts
        for c in pipe.verifier.verify(text, check_support=False).citations
        if c.status in UNKNOWN
    ]
    assert not bad, bad[:10]


def test_the_evidence_act_of_1872_is_read_as_itself(pipe):
    said = pipe.verifier.verify("साक्ष्य अधिनियम, 1872 की धारा 65B(4) का प्रमाणपत्र", check_support=False).citations
    assert [c.node_id for c in said] == ["IEA:65B"], [(c.text, c.status) for c in said]


def test_a_copied_recording_question_is_answered(pipe):
    a = pipe.ask(
        "shop ki CCTV recording pen drive me copy karke court me di hai, kya iske saath certificate dena zaruri hai?"
    )
    ids = [c.node_id for c in a.citations if c.node_id]
    assert a.status == "answer" and "CASE:INSC-2020-453" in ids, (a.status, a.abstain_reason, ids)
