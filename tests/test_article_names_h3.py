"""Constitution rights asked in lay words find the article (issue 19).

The names people use for a fundamental right are pack data (provision_names.json), each resting on the
article's own words in the corpus Constitution: Art. 14 as "the same law for a minister and a common man",
Art. 15(2) as a hotel or shop that turns a lower caste away, Art. 19(1)(g) as running any business, Art.
20(1) as a law passed after the act, Art. 20(3) as the accused made to testify against himself, Art. 22 as
the police telling why they arrest and a lawyer on arrest, Art. 51A as the citizen's duty to protect forests.
Words of the same kind that are about something else must not bring the article: a marriage of one's choice
is no Art. 19 question, a hotel that would not serve a latecomer no Art. 15 question, passing a fake note no
Art. 20 question. Questions written for this test, on the real graph.
"""

from __future__ import annotations

import json

import pytest
from answer_support import cited_ids

from core.provisions import index_for
from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
NAMES = {r["id"]: r for r in PACK["provisions"]}

# (article, a name added for it, words of the article's text in the corpus that the name rests on)
RESTS_ON = [
    ("COI:14", "same law for a minister and a common man", "equality before the law"),
    ("COI:15", "lower caste refused entry to a hotel", "access to shops, public restaurants, hotels"),
    ("COI:15", "use of public wells tanks and roads", "the use of wells, tanks, bathing ghats, roads"),
    ("COI:19", "right to carry on any trade or business", "to carry on any occupation, trade or business"),
    ("COI:19", "right to form a union or association", "to form associations or unions"),
    ("COI:20", "convicted under a law made after the act", "law in force at the time of the commission"),
    ("COI:20", "making the accused testify against himself", "compelled to be a witness against himself"),
    ("COI:22", "right to meet a lawyer after arrest", "the right to consult, and to be defended by"),
    ("COI:22", "police must tell why they are arresting", "of the grounds for such arrest"),
    ("COI:39A", "free lawyer for the poor", "provide free legal aid"),
    ("COI:51A", "citizen's duty to protect forests lakes rivers and wildlife", "forests, lakes, rivers and wild life"),
]


@pytest.mark.parametrize("pid, name, words", RESTS_ON)
def test_each_name_rests_on_the_articles_own_words(corpus_dir, pid, name, words):
    arts = json.loads((corpus_dir / "constitution" / "constitution.json").read_text(encoding="utf-8"))
    text = next(a for a in arts if f"COI:{a['article']}" == pid)["description"]
    assert words in " ".join(text.split()), (pid, words)
    r = NAMES[pid]
    assert name in r["en"], (pid, name)
    assert r["source"].startswith(f"constitution/constitution.json Art.{pid.split(':')[1]} "), pid


ASKED = [  # (a question in lay words, the article the answer cites)
    ("which article lets me do any business i like", "COI:19"),
    ("kya mujhe koi bhi dhandha karne ka haq hai", "COI:19"),
    ("which artical gives me freedom to choose my profession", "COI:19"),
    ("is the law the same for a minister and a common man", "COI:14"),
    ("क्या मंत्री और आम आदमी के लिए कानून एक जैसा है", "COI:14"),
    ("can a person be jailed under a law passed after he did it", "COI:20"),
    ("can the police make the accused testify against himself", "COI:20"),
    ("giraftaar hone par wakeel se milne ka haq kis article me hai", "COI:22"),
    ("पुलिस को गिरफ्तारी का कारण बताना ज़रूरी है क्या", "COI:22"),
    ("the villagers wont let us use the public well because of our caste, what right protects us", "COI:15"),
    ("is it the duty of every citizen to protect the environment", "COI:51A"),
]


@pytest.mark.parametrize("question, pid", ASKED)
def test_a_right_asked_in_lay_words_cites_its_article(pipe, question, pid):
    r = pipe.ask(question)
    assert pid in cited_ids(r), (r.status, cited_ids(r))


BESIDE = [  # (a question sharing the names' words about something else, the article it must not cite)
    ("kya main apni pasand se shaadi kar sakti hoon", "COI:19"),
    ("my business partner cheated me, what can I do", "COI:19"),
    ("the hotel refused to serve us food because we came late", "COI:15"),
    ("can I be jailed for passing a fake note", "COI:20"),
    ("a minister's son hit my car, can I file a case", "COI:14"),
    ("a new law was passed after the accident, does it apply to my claim", "COI:20"),
]


@pytest.mark.parametrize("question, pid", BESIDE)
def test_the_same_words_about_something_else_do_not_bring_the_article(pipe, question, pid):
    assert pid not in cited_ids(pipe.ask(question))


def test_the_index_puts_the_article_first_three(graph):
    idx = index_for(graph)
    for q, pid in [
        ("right to carry on any trade or business", "COI:19"),
        ("same law for a minister and a common man", "COI:14"),
        ("giraftaar hone par wakeel se milne ka haq", "COI:22"),
    ]:
        got = [m.id for m in idx.search(q)[:3]]
        assert pid in got, (q, got)
