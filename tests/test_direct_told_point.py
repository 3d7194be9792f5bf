"""A story that asks one point of law is answered with the provision of that point first, the recognised
problem's own law and steps after it (issue 19, core.direct._told_point); a story that asks what to do about
the problem it tells keeps the problem's law first; and a people-name heard only in the English of a
question's everyday words (the search hint's lay words) does not stand over the problem (core.direct._strong).

Questions written for this test in lay words (not the training or evaluation sets' wording), on the real graph.
The points, read in the corpus (statutes/civil_family/hsa.json, old_codes/nia.json, civil_family/pwdva.json):
HSA s.25 "A person who commits murder ... shall be disqualified from inheriting the property of the person
murdered"; NIA s.141 "If the person committing an offence under section 138 is a company, every person who
... was in charge of ... the company"; NIA s.147 "every offence punishable under this Act shall be
compoundable"; PWDVA s.22 "compensation and damages for the injuries, including mental torture and emotional
distress".
"""

from __future__ import annotations

import json

import pytest
from answer_support import cited_ids

# (question told as a story, the provision it asks about, an Act of the problem's own law also cited)
TOLD = [
    ("bade papa ne dadaji ka khoon kar diya tha, kya ab bhi unko dadaji ki jaydad me hissa milega", "HSA:25", "HSA:"),
    (
        "the company i supply goods to paid me by a cheque that bounced, can its directors be made liable too",
        "NIA:141",
        "NIA:",
    ),
    (
        "cheque bounce ka case chal raha hai, ab usne paise lauta diye, kya hum samjhauta karke case band kar sakte hain",
        "NIA:147",
        "NIA:",
    ),
    ("पति ने सालों तक मानसिक प्रताड़ना दी, क्या घरेलू हिंसा के केस में मुझे मुआवज़ा भी मिलेगा", "PWDVA:22", "PWDVA:"),
]


@pytest.mark.parametrize("q,point,act", TOLD, ids=[p for _, p, _ in TOLD])
def test_a_point_told_in_a_story_leads_and_the_problem_law_follows(pipe, q, point, act):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status in ("answer", "conflict"), r.answer[:160]
    assert ids and ids[0] == point, ids
    assert any(i.startswith(act) and i != point for i in ids), ids
    assert len(set(ids)) <= 6, ids


# a story that asks what to do about the problem it tells: the problem's own law first
EVERYDAY = [
    ("my husband beats me every day and took away my salary, what can i do", "PWDVA:"),
    ("the cheque my tenant gave me for rent bounced, what should i do now", "NIA:138"),
    # a closing "what do I do" asks no point: "शराब पीकर" (drunk) named BNS s.24 (an offence done while drunk),
    # which led a beaten woman's answer, quoted in English
    ("मेरा पति रोज़ शराब पीकर मुझे मारता है, मैं क्या करूँ?", "PWDVA:"),
    ("mera pati roz sharab pi kar mujhe marta hai, main kya karun", "PWDVA:"),
]


@pytest.mark.parametrize("q,first", EVERYDAY, ids=[str(i) for i in range(len(EVERYDAY))])
def test_an_everyday_story_keeps_its_problem_law_first(pipe, q, first):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert ids and ids[0].startswith(first), ids
    assert "BNS:24" not in ids, ids
    assert not {"PWDVA:22", "NIA:141", "NIA:147"} & set(ids[:1]), ids


def test_a_name_heard_only_in_the_lay_words_is_not_the_point(pipe):
    # "husband property wife right" (the lay words' English) is no "right to property" the question says
    r = pipe.ask("पति की जायदाद में पत्नी का कितना हक़ होता है")
    ids = cited_ids(r)
    assert "COI:300A" not in ids, ids


def test_the_points_say_what_the_corpus_says(corpus_dir):
    def text(rel: str, sec: str) -> str:
        rows = json.loads((corpus_dir / "statutes" / rel).read_text("utf-8"))
        r = next(x for x in rows if str(x.get("section")) == sec)
        return " ".join((r.get("text") or r.get("section_desc") or "").split())

    assert "disqualified from inheriting the property of the person murdered" in text("civil_family/hsa.json", "25")
    assert "is a company, every person who" in text("old_codes/nia.json", "141")
    assert "shall be compoundable" in text("old_codes/nia.json", "147")
    assert "including mental torture and emotional distress" in text("civil_family/pwdva.json", "22")
