"""A story that asks whether a killer still inherits is answered with HSA s.25 first (invariant 3: the heirs'
shares alone would say the law differently from its source), in English, Hindi and Hinglish, whoever killed
whom; a plain inheritance question with no killing, a death with no killer in it, a blood relation
("khoon ka rishta") and a murder story that asks no inheritance do not get s.25.

Questions written for this test in lay words (not the training or evaluation sets' wording), on the real
graph. HSA s.25 in the corpus (statutes/civil_family/hsa.json): "A person who commits murder or abets the
commission of murder shall be disqualified from inheriting the property of the person murdered". Its
people-names (graph_schema/packs/india/provision_names.json) say the killing beside the share ("killer's
share", "hatya karne wale ko hissa", "क़त्ल करने वाले को हिस्सा").
"""

from __future__ import annotations

import json

import pytest
from answer_support import cited_ids

from core.provisions import norm, toks

KILLER_ASKS = [
    "bhai ne papa ka khoon kar diya, kya use papa ki property me hissa milega",
    "my brother killed our father, will he still get a share in the house",
    "भाई ने पिता की हत्या कर दी, क्या उसे संपत्ति में हिस्सा मिलेगा",
    "my son killed his mother, can he still inherit her property",
    "wife ne pati ka qatl kar diya, ab kya use pati ki jaydad milegi",
    "mere bhatije ne chacha ko maar dala, kya bhatija chacha ki zameen me hissa le sakta hai",
    "बेटे ने माँ की हत्या की, क्या वह माँ की जायदाद का वारिस बनेगा",
    "bhai par papa ke murder ka case chal raha hai, kya use ghar me hissa milega",
    "a woman murdered her husband, does she still inherit his estate",
    "पत्नी ने पति को ज़हर देकर मार डाला, क्या उसे पति की संपत्ति में हिस्सा मिलेगा",
    "my husband's brother killed my husband for the land, can he now take a share of that land",
]

NO_KILLER_HEIR = [
    "papa ki death ke baad property me hissa kaise milega",
    "पिता की मृत्यु के बाद संपत्ति में बेटी का हिस्सा कितना है",
    "my brother killed someone, how to get bail",
    "bhai ne jhagde me ek aadmi ka khoon kar diya, ab zamanat kaise hogi",
    "my husband was killed in a road accident, how do I get a share of his property",
    "mere pati ki accident me maut ho gayi, sasural wale property me hissa nahi de rahe",
    "sage khoon ke rishte wale bhai ko papa ki property me hissa milega kya",
    "my father was murdered last year, how do we divide his property among us",
]


@pytest.mark.parametrize("q", KILLER_ASKS)
def test_a_killer_asking_for_a_share_gets_the_disqualification_first(pipe, q):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status in ("answer", "conflict"), r.answer[:160]
    assert ids and ids[0] == "HSA:25", ids
    assert len(set(ids)) <= 6, ids
    # the short answer says the disqualification before anything about shares
    first = (r.summary or "").split(".")[0].lower()
    assert "25" in first, r.summary[:200]


@pytest.mark.parametrize("q", NO_KILLER_HEIR)
def test_no_killer_heir_no_disqualification(pipe, q):
    ids = cited_ids(pipe.ask(q))
    assert "HSA:25" not in ids, ids


@pytest.mark.parametrize(
    "said,heard",
    [
        # a death with no killer said: "died", whose words name no killer's share
        ("my husband was killed in a road accident", "died"),
        ("he got killed", "died"),
        ("papa ka murder ho gaya", "maut"),
        ("पिता की हत्या हो गई", "मृत्यु"),
        ("sage khoon ke rishte wale bhai", "blood relation"),
    ],
)
def test_a_death_without_a_killer_is_read_as_a_death(said, heard):
    assert heard in norm(said)


@pytest.mark.parametrize(
    "said,kept",
    [("my father was killed by my brother", "kill"), ("bhai ne papa ka khoon kar diya", "khoon")],
)
def test_a_killing_with_its_killer_keeps_the_killing(said, kept):
    assert kept in toks(said)


def test_the_point_says_what_the_corpus_says(corpus_dir):
    rows = json.loads((corpus_dir / "statutes" / "civil_family" / "hsa.json").read_text("utf-8"))
    s25 = " ".join(next(x for x in rows if str(x.get("section")) == "25")["text"].split())
    assert "commits murder or abets the commission of murder shall be disqualified from inheriting" in s25
    s3 = " ".join(next(x for x in rows if str(x.get("section")) == "3")["text"].split())
    assert '"full blood", "half blood" and "uterine blood"' in s3
