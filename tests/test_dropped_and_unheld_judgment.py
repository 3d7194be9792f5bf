"""Two answers that said the law differently from its source, mended in the pack (Dec 7).

1. Attempted suicide. BNS s.226 punishes only an attempt to commit suicide made to compel or restrain a public
   servant's lawful power (its heading), but the pack named it plainly "आत्महत्या का प्रयास" and "aatmahatya ki
   koshish", so "is attempted suicide a crime" opened in Hindi with "आत्महत्या का प्रयास: धारा 226 BNS ... one
   year". A plain attempt is IPC s.309, which the BNS dropped (the official table: no corresponding provision;
   the graph's omitted section). The pack now names s.309 for people, the index finds an omitted provision the
   pack names, and the short answer says after its first sentence that the new code has nothing in its place
   (fixed template "direct.dropped"), beside the omitted notice.
2. Same-sex marriage. The Special Marriage Act the graph holds speaks of "the male" and "the female" (s.4(c));
   the question is the Supreme Court's in Supriyo Chakraborty v. Union of India, 2023 INSC 920, whose holding
   the graph does not hold (only its index entry). The answer was the inter-faith marriage procedure; it is now the fixed not-held answer, naming
   the judgment and routing to the DLSA. A question that also asks whether gay sex is a crime keeps Navtej Singh
   Johar's settled answer with the not-held notice beside it.

Questions are written for these tests, not taken from any evaluation set."""

from __future__ import annotations

import csv
import json

import pytest
from answer_support import cited_ids

from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
NAMES = {p["id"]: p for p in PACK["provisions"]}
SAME_SEX = next(a for a in PACK["not_held"] if a["id"] == "UNHELD:SAMESEXMARRIAGE")


# ------------------------------------------------------------------ the pack, checked against the corpus
def test_s226_is_named_only_with_its_public_servant(corpus_dir):
    text = (corpus_dir / "statutes/new_codes/bns.md").read_text(encoding="utf-8")
    assert "**226. Attempt to commit suicide to compel or restrain exercise of lawful power.**" in text
    names = NAMES["BNS:226"]
    assert "आत्महत्या का प्रयास" not in names["hi"] and "aatmahatya ki koshish" not in names["rom"]
    for n in names["hi"]:
        assert "लोक सेवक" in n or "अधिकारी" in n, n
    for n in names["rom"]:
        assert "afsar" in n, n


def test_s309_ipc_is_named_and_the_corpus_says_what_it_punishes(corpus_dir):
    rows = json.loads((corpus_dir / "statutes/old_codes/ipc.json").read_text(encoding="utf-8"))
    row = next(r for r in rows if str(r.get("Section")) == "309")
    assert row["section_title"] == "Attempt to commit suicide"
    assert "simple imprisonment for a term which may extend to one year" in row["section_desc"]
    names = NAMES["IPC:309"]
    assert names["kind"] == "offence" and "attempted suicide" in names["en"] and "आत्महत्या का प्रयास" in names["hi"]
    assert "ipc.json s.309" in names["source"]


def test_the_same_sex_marriage_judgment_is_in_the_corpus_index_and_its_holding_not_in_the_graph(corpus_dir, graph):
    with (corpus_dir / "cases/sc_index_1990_2025.csv").open(encoding="utf-8") as f:
        rows = [r for r in csv.reader(f) if any("SUPRIYO" in c for c in r)]
    assert rows and any("2023 INSC 920" in c for c in rows[0])
    assert "2023 INSC 920" in SAME_SEX["name_en"] and "2023 INSC 920" in SAME_SEX["source"]
    assert SAME_SEX["route"] == "dlsa"
    # the graph holds the index entry (name, date, bench) and nothing it decided
    held = graph.ro_query("MATCH (c:Case) WHERE toLower(c.name) CONTAINS 'supriyo' RETURN c.id, c.holding")
    assert all(not holding for _, holding in held), held


# ------------------------------------------------------------------ attempted suicide through the pipeline
def test_attempted_suicide_opens_with_s309_and_says_the_bns_dropped_it(pipe):
    r = pipe.ask("Is trying to kill yourself a punishable offence these days?")
    ids = cited_ids(r)
    assert ids and ids[0] == "IPC:309", ids
    assert "no provision in its place" in r.summary
    assert any("309 IPC has been removed" in n for n in r.notices)
    # s.226 may stand beside it, with its public servant, never as the plain offence
    assert "Attempt to commit suicide to compel or restrain" in r.summary or "BNS:226" not in ids


def test_attempted_suicide_in_hindi_names_s309_and_no_bare_s226(pipe):
    r = pipe.ask("खुद की जान लेने की कोशिश करना क्या अब भी अपराध है? आत्महत्या का प्रयास किस धारा में आता है?")
    ids = cited_ids(r)
    assert ids and ids[0] == "IPC:309", ids
    assert "इसकी जगह कोई धारा नहीं है" in r.summary
    assert "आत्महत्या का प्रयास: धारा 226" not in r.summary


def test_an_attempt_to_pressure_an_official_is_still_s226(pipe):
    r = pipe.ask(
        "Villagers tried to commit suicide at the tehsil office to force the officer to stop the land survey. "
        "Is that a crime?"
    )
    assert "BNS:226" in cited_ids(r)


# ------------------------------------------------------------------ same-sex marriage through the pipeline
@pytest.mark.parametrize(
    "question",
    [
        "My girlfriend and I are both women. Is same sex marriage allowed now, can we register it?",
        "क्या समलैंगिक विवाह का रजिस्ट्रेशन कोर्ट में हो सकता है?",
        "mera partner aur main dono ladke hain, kya gay shaadi legal hai India me?",
    ],
)
def test_same_sex_marriage_is_answered_as_not_held(pipe, question):
    r = pipe.ask(question)
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held", (r.status, r.abstain_reason)
    assert not cited_ids(r)
    # the inter-faith marriage problem the search also recognised is not shown as what it is about
    assert not r.problems, [m.id for m in r.problems]
    assert "Supriyo" in r.answer or "सुप्रियो" in r.answer or "supriyo" in r.answer.lower()


def test_gay_sex_and_marriage_together_keep_navtej_with_the_not_held_notice(pipe):
    r = pipe.ask("Is gay sex still a crime in India? And can two men marry?")
    assert r.status == "answer"
    assert "CASE:INSC-2018-790" in cited_ids(r) or "Navtej" in r.summary
    assert any("Supriyo" in n for n in r.notices)


@pytest.mark.parametrize(
    "question",
    [
        "meri do ladkiyan hain, unki shaadi ke liye sasural wale dahej maang rahe hain",
        "I want to marry my girlfriend but her parents object. We are both adults. What can we do?",
        "What is the legal age of marriage for women in India?",
        "हम दो लड़कियों की शादी करनी है, पंडित जी कहते हैं कुंडली मिलाओ, कानूनी उम्र क्या है?",
    ],
)
def test_marriage_questions_of_a_man_and_a_woman_are_not_taken_for_it(pipe, question):
    r = pipe.ask(question)
    assert not any("Supriyo" in n or "सुप्रियो" in n for n in r.notices)
    assert "Supriyo" not in (r.answer or "") and "सुप्रियो" not in (r.answer or "")


def test_a_problem_whose_own_law_is_not_held_still_names_the_matter(pipe):
    """A consumer's complaint is decided by the Consumer Protection Act, which the graph does not hold: the
    not-held answer keeps the problem it recognised (what the matter is, and where to go)."""
    r = pipe.ask("The shop sold me a mixer that stopped working in two days and refuses to replace it. What can I do?")
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held"
    assert "PROB:defective_goods" in [m.id for m in r.problems]


def test_same_sex_marriage_asked_under_the_held_act_gets_the_notice_beside_it(pipe):
    """Asked under the Special Marriage Act, which the graph holds, the question keeps the held Act's answer; the
    fixed notice beside it says the law that decides it (Supriyo Chakraborty) was not checked
    (core.unheld_gate.beside: a decisive cue is named whatever law leads)."""
    r = pipe.ask(
        "My brother and his partner are both men. Can their same sex marriage be registered under the Special Marriage Act?"
    )
    assert r.status == "answer" and any(i.startswith("SMA:") for i in cited_ids(r))
    assert any("Supriyo" in n for n in r.notices), r.notices
