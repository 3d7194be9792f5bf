"""Situations that a nearby problem used to answer beside the point (issue 19, invariant 2: no citation
beside the point), with the near misses that must keep their answer. End to end on the real graph through
the same entry as tests/test_answer.py (AnswerPipeline.ask, extractive composer).

Four classes, each asked as people ask, in English, Hindi and Hinglish; written for this table, not taken
from the evaluation sets or the pack's phrasings:

- a tenant who has already moved out and wants the security deposit back asks for money (the deposit
  problem: civil suit, Limitation Act, Lok Adalat), not about eviction (an injunction against
  dispossession, house-trespass);
- a child victim of a sexual act is the child's problem and the POCSO Act (not held) is named, whatever
  the words ("bad touch", "galat tarike se chhua", an age in years); the sections on a woman's modesty
  (BNS 74-79) are not cited in its place;
- a neighbour building on one's land is the injunction / trespass problem, not an abstention;
- a child who committed an offence (an age under 18 given, the child the doer) names the Juvenile Justice
  Act (not held) by the fixed template, and what held law says of the act itself (theft) stays.

Near misses: a tenant facing eviction still gets eviction, an adult's molestation still BNS 74/75, a
theft by or against an adult (or against a child) still theft with no Juvenile Justice notice.
"""

from __future__ import annotations

import pytest

from core.answer import AnswerPipeline
from core.synthesis import ExtractiveComposer

DEPOSIT, EVICTION = "PROB:security_deposit_refund", "PROB:tenant_eviction"
CHILD_ABUSE, CHILD_ACCUSED = "PROB:child_sexual_abuse", "PROB:child_accused"
EVICTION_LAW = {"CPC:Order XXXIX Rule 1", "BNS:329", "BNS:331"}
MODESTY = {"BNS:74", "BNS:75", "BNS:76", "BNS:77", "BNS:78", "BNS:79", "IPC:354", "IPC:354A", "IPC:354D", "IPC:509"}
POCSO_NAMES = ("POCSO", "Protection of Children from Sexual Offences", "लैंगिक अपराधों से बालकों का संरक्षण")
JJ_NAMES = ("Juvenile Justice", "किशोर न्याय", "kishor nyaay")  # Hinglish answers are in Roman Hindi

CASES = [
    # a tenant who has left asks for the deposit back
    ("D1", "My landlord is not returning my security deposit after I vacated", "deposit"),
    ("D2", "makan malik security deposit wapas nahi kar raha", "deposit"),
    ("D3", "मकान मालिक सिक्योरिटी वापस नहीं कर रहा", "deposit"),
    ("D4", "I shifted out last month but the owner is sitting on my 40,000 rupees deposit", "deposit"),
    ("D5", "room chhod diya 3 mahine pehle, landlord advance ke paise nahi lauta raha", "deposit"),
    ("D6", "किराये का कमरा खाली किए महीना हो गया, मालिक डिपॉजिट के पैसे देने में आनाकानी कर रहा है", "deposit"),
    (
        "D7",
        "The house owner kept my whole deposit saying the walls need painting, I have already left the flat",
        "deposit",
    ),
    # near miss: a tenant still in the house facing eviction
    ("E1", "My landlord wants me out of the flat in 10 days, can he do that?", "eviction"),
    ("E2", "makaan maalik zabardasti ghar khaali karwa raha hai", "eviction"),
    ("E3", "मकान मालिक ने ताला बदलकर मुझे किराये के घर से निकाल दिया", "eviction"),
    # a child victim of a sexual act
    ("C1", "Someone touched my 10 year old daughter wrongly", "child_sexual"),
    ("C2", "My 7 year old son told me the watchman gave him a bad touch", "child_sexual"),
    ("C3", "meri 9 saal ki beti ko padosi ne galat tarike se chhua", "child_sexual"),
    ("C4", "मेरी 8 साल की बेटी को ट्यूशन टीचर ने गलत तरीके से छुआ", "child_sexual"),
    ("C5", "A man in our building keeps touching my 12 year old niece inappropriately", "child_sexual"),
    ("C6", "mere 11 saal ke bete ke saath van driver ne galat harkat ki", "child_sexual"),
    ("C7", "मेरी 13 साल की बेटी का एक लड़का पीछा करता है और उससे छेड़छाड़ करता है", "child_sexual"),
    # near miss: an adult woman molested
    ("A1", "A man groped me in the crowded bus today", "adult_molest"),
    ("A2", "बाज़ार में एक आदमी ने मेरे साथ छेड़छाड़ की और मेरा दुपट्टा खींचा", "adult_molest"),
    ("A3", "ek aadmi ne market mein meri behen ko galat tarike se chhua aur uska dupatta kheencha", "adult_molest"),
    # a neighbour building on my land
    ("W1", "padosi ne meri zameen par deewar bana di", "encroach"),
    ("W2", "पड़ोसी ने मेरी ज़मीन पर दीवार बना दी", "encroach"),
    ("W3", "My neighbour has built his wall three feet inside my plot", "encroach"),
    ("W4", "padosi ne hamare plot pe kabza karke deewar khadi kar di", "encroach"),
    # a child who committed an offence
    ("J1", "मेरे 16 साल के बेटे ने चोरी की, पुलिस ने पकड़ लिया", "juvenile_theft"),
    ("J2", "mere 15 saal ke bete ne dukaan se chori ki, police ne pakad liya", "juvenile_theft"),
    ("J3", "Police arrested my 17 year old son for stealing a bike", "juvenile_theft"),
    ("J4", "My 14 year old got into a fight at school and was picked up by the police", "juvenile"),
    ("J5", "मेरे 17 साल के भतीजे को पुलिस ने मारपीट के केस में गिरफ्तार कर लिया", "juvenile"),
    # near miss: theft by or against an adult, or against a child
    ("T1", "Someone stole my bike from outside my house", "theft"),
    ("T2", "police ne mere 25 saal ke bete ko chori ke case mein pakad liya", "adult_accused"),
    ("T3", "मेरा मोबाइल बस में चोरी हो गया", "theft"),
    ("T4", "My 30 year old brother was arrested for stealing from his office", "adult_accused"),
    ("T5", "mere 12 saal ke bete ka phone school mein chori ho gaya", "theft"),
    ("T6", "मेरे 10 साल के बेटे की साइकिल किसी ने चुरा ली", "theft"),
]


@pytest.fixture(scope="module")
def pipe(graph):
    return AnswerPipeline(graph, ExtractiveComposer())


def _shown(r) -> str:
    return " ".join([r.answer or "", *r.notices])


@pytest.mark.parametrize("cid,question,kind", CASES, ids=[c[0] for c in CASES])
def test_routing_case(pipe, cid, question, kind):
    r = pipe.ask(question)
    cited = {c.node_id for c in r.citations}
    problems = [p.id for p in r.problems]
    shown = _shown(r)
    assert len(cited) <= 6, (cid, sorted(cited))
    if kind == "deposit":
        assert r.status == "answer" and problems[:1] == [DEPOSIT], (cid, r.status, problems)
        assert EVICTION not in problems and not (cited & EVICTION_LAW), (cid, problems, sorted(cited))
        assert cited & {"LIMITATION:Schedule Article 55", "CPC:Order XXXVII Rule 1", "LIMITATION:3"}, (cid, cited)
    elif kind == "eviction":
        assert EVICTION in problems and DEPOSIT not in problems, (cid, problems)
    elif kind == "child_sexual":
        assert any(n in shown for n in POCSO_NAMES), (cid, r.status, shown[:300])
        assert not (cited & MODESTY), (cid, sorted(cited))
        assert "PROB:sexual_harassment" not in problems and "PROB:stalking" not in problems, (cid, problems)
        assert not problems or problems[0] == CHILD_ABUSE, (cid, problems)
    elif kind == "adult_molest":
        assert r.status == "answer" and cited & {"BNS:74", "BNS:75", "BNS:76"}, (cid, r.status, sorted(cited))
        assert CHILD_ABUSE not in problems and not any(n in shown for n in POCSO_NAMES), (cid, problems)
    elif kind == "encroach":
        assert r.status == "answer", (cid, r.status, r.abstain_reason)
        assert cited & {"CPC:Order XXXIX Rule 1", "BNS:329"}, (cid, sorted(cited))
        assert {"PROB:property_injunction", "PROB:criminal_trespass"} & set(problems), (cid, problems)
    elif kind in ("juvenile", "juvenile_theft"):
        assert any(n in shown for n in JJ_NAMES), (cid, r.status, shown[:300])
        if r.status == "answer":
            assert problems[:1] == [CHILD_ACCUSED], (cid, problems)
        if kind == "juvenile_theft":  # what held law says of the act itself stays
            assert r.status == "answer" and "BNS:303" in cited, (cid, r.status, sorted(cited))
    elif kind in ("theft", "adult_accused"):
        assert r.status == "answer", (cid, r.status, r.abstain_reason)
        if kind == "theft":
            assert "BNS:303" in cited, (cid, sorted(cited))
        assert CHILD_ACCUSED not in problems and not any(n in shown for n in JJ_NAMES), (cid, problems)
    else:  # pragma: no cover - a kind this table does not know
        raise AssertionError(kind)


def test_the_table_covers_each_language_and_class():
    langs = {"deva": 0, "latin_hi": 0, "en": 0}
    for _, q, _ in CASES:
        if any("\u0900" <= ch <= "\u097f" for ch in q):
            langs["deva"] += 1
        elif any(w in q.lower().split() for w in ("ne", "ki", "ke", "ka", "hai", "kar", "nahi")):
            langs["latin_hi"] += 1
        else:
            langs["en"] += 1
    assert len(CASES) >= 30 and min(langs.values()) >= 8, langs
    kinds = {k for *_, k in CASES}
    assert {"deposit", "eviction", "child_sexual", "adult_molest", "encroach", "juvenile", "theft"} <= kinds
