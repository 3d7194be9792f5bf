"""Everyday situations told as people tell them, recognised as the problem they are (issue 10 §3).

Found by asking the app as a mother, a wife, an elder would, each question written for this test (not taken
from any evaluation set):

- "I am 72. My son took my house in his name and now doesn't let me live there" raised nothing: the cue
  "house in son's name" was read as the words house, in, son, s, name, and no question says a lone "s".
  Cues and questions are now matched with an English possessive dropped and the nukta folded ("हक़" and
  "हक", "ज़मीन" and "जमीन" are one word; people type either): core.problems.cue_tokens.
- "मेरे बच्चे मेरी देखभाल नहीं करते, मैं 70 साल की हूँ" raised nothing and was answered with BSA s.124
  (who may testify) and BNS s.21 (a child of seven to twelve). PROB:senior_citizen_neglect gains the cue
  "देखभाल नहीं" (MWPSC ss.4, 24: children must maintain a senior citizen; leaving him is punished).
- "My husband threw me out of the house with my two kids and says he won't give any money" raised nothing:
  "thrown out" was a cue, "threw me out" was not. PROB:dv_residence and PROB:maintenance_wife gain them
  (PWDVA ss.17, 19; BNSS s.144(1)(a)).
- "पति की जायदाद में पत्नी का कितना हक होता है" raised nothing and cited Art. 300A: a widow is a Class I
  heir (HSA ss.8, 10), so PROB:hindu_succession gains "जायदाद", "पति की संपत्ति", "पत्नी का हक़".
- "OLX pe bike bechne ke naam pe ... number band kar diya" raised nothing and cited BNSS s.178 (a Magistrate's
  power on a police report); PROB:online_fraud gains "olx", "number band" (ITA s.66D, BNS s.318).
- "My late mother's flat is in all three siblings' names but my brother lives in it alone" raised nothing and
  cited PWDVA s.2 and Satish Chander Ahuja (a wife's shared household); PROB:hindu_succession gains "late
  mother", "siblings", "partition", "बँटवारा" (HSA s.15(1)(a): a Hindu woman's property goes to her children).
- An elder neglected by his children also raised PROB:elderly_summoned_or_arrested (its pack neighbour),
  whose law protects an elder against arrest or a summons (BNSS ss.35(7), 179(1), 228): that problem now
  requires a police call, an arrest, a case or a court to be said.
"""

from __future__ import annotations

import pytest

from core.problems import cue_tokens, read_pack


def test_possessive_and_nukta_fold():
    assert cue_tokens("house in son's name") == cue_tokens("house in son name")
    assert cue_tokens("house in son\u2019s name") == cue_tokens("house in son name")
    assert cue_tokens("पत्नी का हक़") == cue_tokens("पत्नी का हक")
    assert cue_tokens("ज़मीन") == cue_tokens("जमीन")
    assert cue_tokens("it's") == ["it"]


SAID = [
    ("I'm 74 and my son got my house in his name, now he won't let me in", "PROB:senior_property_transfer"),
    ("मैं 68 साल का हूँ, बच्चे मेरी कोई देखभाल नहीं करते", "PROB:senior_citizen_neglect"),
    ("mere bete meri dekhbhaal nahi karte, main 71 saal ki hoon", "PROB:senior_citizen_neglect"),
    ("my kids don't look after me at all and I am 80 years old", "PROB:senior_citizen_neglect"),
    ("Husband threw me out last week with the baby and won't give money for food", "PROB:maintenance_wife"),
    ("my in-laws threw me out of the house after the fight, where do I stay", "PROB:dv_residence"),
    ("पति के मरने पर उसकी जायदाद में बीवी को क्या मिलता है", "PROB:hindu_succession"),
    ("pati ki jaydad mein patni ka haq kitna hota hai", "PROB:hindu_succession"),
    ("olx pe ek ladke ne mobile ke liye 8 hazaar liye aur number band kar diya", "PROB:online_fraud"),
    (
        "My late father's house is in my sister's and my names and she won't agree to a partition",
        "PROB:hindu_succession",
    ),
    ("पिताजी के गुज़रने के बाद भाई-बहन में खेत का बँटवारा नहीं हो पा रहा", "PROB:hindu_succession"),
]


@pytest.mark.parametrize("q,pid", SAID)
def test_an_everyday_story_raises_its_problem(pack_index, q, pid):
    got = [m.id for m in pack_index.recognise(q, "en" if q.isascii() else "hi")]
    assert pid in got, (q, got)


@pytest.mark.parametrize(
    "q",
    [
        "मेरे बच्चे मेरी देखभाल नहीं करते, मैं 75 साल की हूँ, क्या करूँ",
        "my children don't look after me, I am 75, what can I do",
    ],
)
def test_a_neglected_elder_is_no_elder_summoned(pack_index, q):
    got = [m.id for m in pack_index.recognise(q, "en" if q.isascii() else "hi")]
    assert got and got[0] == "PROB:senior_citizen_neglect", got
    assert "PROB:elderly_summoned_or_arrested" not in got, got


@pytest.mark.parametrize(
    "q",
    ["police ne mere 70 saal ke papa ko thane bulaya hai", "मेरे 72 साल के पिताजी को पुलिस गिरफ्तार करना चाहती है"],
)
def test_an_elder_called_by_the_police_is_still_that_problem(pack_index, q):
    got = [m.id for m in pack_index.recognise(q, "hi")]
    assert got and got[0] == "PROB:elderly_summoned_or_arrested", got


def test_the_requirement_quotes_the_corpus(corpus_dir):
    import json

    p = next(x for x in read_pack() if x.id == "PROB:elderly_summoned_or_arrested")
    assert p.requires
    rows = json.loads((corpus_dir / "statutes" / "new_codes" / "bnss_sections_from_met4l.json").read_text("utf-8"))
    text = {str(r["section"]): " ".join(r["text"].split()) for r in rows}
    assert "is infirm or is above sixty years of age" in text["35"]
    assert "above the age of sixty years" in text["179"]
    assert "dispense with the personal attendance of the accused" in text["228"]


# on the real graph: the answers cite the law of the problem, and nothing beside it
ASKED = [
    ("मेरे बच्चे मेरी देखभाल नहीं करते, मैं 73 साल की हूँ, क्या कर सकती हूँ", "MWPSC:", {"BSA:124", "BNS:21", "IEA:118"}),
    ("My husband threw me out with my two kids and says he won't give any money. What are my rights?", None, set()),
    ("I'm 72, my son took my house in his name and now won't let me live there", "MWPSC:23", {"BNS:318", "IPC:415"}),
    ("OLX par bike ke liye advance diya, bechne wale ne number band kar diya", "", {"BNSS:178", "CRPC:159"}),
    (
        "Our late mother's flat is in all three siblings' names but my brother lives there alone and won't sell",
        "HSA:",
        {"PWDVA:2", "CASE:INSC-2020-599"},
    ),
    pytest.param(
        "पति की जायदाद में पत्नी का कितना हक़ होता है",
        "HSA:",
        {"COI:300A", "BSA:126", "IEA:120"},
        marks=pytest.mark.xfail(
            strict=False,
            reason="recognised as PROB:hindu_succession (0.65), but core.direct._strong puts Art. 300A first: the "
            "lay words' hint 'husband property wife right' says its people-name 'right to property' in full "
            "(provision_names.json / core.direct, not this layer)",
        ),
    ),
]


@pytest.mark.parametrize("q,act,never", ASKED)
def test_the_answer_cites_the_problem_law(pipe, q, act, never):
    from answer_support import cited_ids

    r = pipe.ask(q)
    cited = cited_ids(r)
    assert r.status in ("answer", "conflict") and r.steps, (r.status, r.answer[:160])
    if act:
        assert cited and cited[0].startswith(act), cited
    elif act == "":  # money taken through an online listing: the IT Act's cheating by personation or BNS cheating
        assert {"ITA:66D", "BNS:318"} & set(cited), cited
    else:
        assert {"BNSS:144", "PWDVA:19", "PWDVA:17", "PWDVA:20"} & set(cited), cited
    assert not set(cited) & never, cited
    assert len(set(cited)) <= 6
