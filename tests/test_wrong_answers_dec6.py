"""Wrong answers found by asking the app (Dec 6), each fixed generally, one table row per case on the real graph.

- A cue of an unheld Act whose meaning hangs on a negation ("salary not given") is no longer matched by its bare
  noun: "can my husband take my salary" is economic abuse (PWDVA s.3), not the wage law (core.unheld_negation).
- A problem's ``not_when`` (the other side of its matter, core.problem_guards): the tenant's eviction is not the
  landlord's question (he is routed to the State rent law, not held, with legal aid); a child's maintenance is not
  a school keeping a transfer certificate for fees (PROB:school_withholds_tc: the Right to Education Act and State
  rules, not held, named with free legal aid); violence at home is not a neighbour or a boss who beats.
- A held offence that names a bribe only of a narrower matter (BNS s.250: to screen an offender) does not answer a
  bribe asked bare (the Prevention of Corruption Act, not held); election bribery keeps BNS ss.170, 173.
- A divorce decree passed ex parte is the civil procedure's (CPC O.IX r.13, by HMA s.21), not the divorce grounds.
- A recognised problem whose own phrasing tells the situation keeps it from an unheld Act named only by its common
  word ("electricity"): a landlord cutting the power to force a tenant out is the tenant's eviction.
Every question is written for this test in our own words, not from any evaluation set.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.problem_guards import vetoes
from core.problems import cue_tokens, index_for, read_pack
from core.unheld_negation import negation_only, says_negation

ANSWER, NOT_HELD = "answer", "abstain.not_held"

# (question, expected: ANSWER or NOT_HELD, law of which at least one is cited, law that must not be cited,
#  a word the answer must say)
ROWS = [
    # 1. a negated cue's bare noun
    ("can my husband take my salary", ANSWER, {"PWDVA:3"}, set(), ""),
    ("my employer has not paid my salary for two months", NOT_HELD, set(), set(), "Wages"),
    # 2. the landlord's side of a tenancy
    ("how do I evict my tenant who stopped paying rent", NOT_HELD, set(), set(), "Rent"),
    ("mera kirayedar ghar khali nahi kar raha, kaise nikalu", NOT_HELD, set(), set(), "15100"),
    ("मेरा किरायेदार किराया नहीं दे रहा, उसे कैसे निकालूँ", NOT_HELD, set(), set(), "15100"),
    # 3. a school keeping a transfer certificate is no child maintenance
    (
        "the school is not giving my son's transfer certificate because the fees are pending",
        ANSWER,
        {"LSA:12"},
        {"BNSS:144", "CRPC:125", "HMA:26", "PWDVA:20", "CPC:Order XLV Rule 6", "ITA:38"},
        "Right of Children to Free and Compulsory Education",
    ),
    ("स्कूल फ़ीस बाकी है इसलिए टीसी नहीं दे रहे", ANSWER, {"LSA:12"}, {"BNSS:144", "CRPC:125"}, "शिक्षा का अधिकार"),
    # 4. a bribe asked bare is the Prevention of Corruption Act's
    ("रिश्वत लेने की सज़ा", NOT_HELD, set(), set(), "भ्रष्टाचार"),
    ("what is the punishment for taking a bribe", NOT_HELD, set(), set(), "Corruption"),
    ("chunav mein rishwat ki saza", ANSWER, {"BNS:173", "BNS:170"}, {"BNS:250"}, ""),
    ("what is the punishment for taking a bribe to hide a criminal", ANSWER, {"BNS:250"}, set(), ""),
    # 5. the landlord cutting the power is the tenant's eviction
    ("a landlord cut off my electricity to force me out", ANSWER, {"CPC:Order XXXIX Rule 1"}, set(), "rent"),
    # 6. a beating by someone outside the home is hurt, not violence at home
    ("my neighbour beats me every day", ANSWER, {"BNS:115"}, {"PWDVA:12", "PWDVA:18", "PWDVA:3"}, ""),
    ("my boss hits me at work", ANSWER, {"BNS:115"}, {"PWDVA:12", "PWDVA:18", "PWDVA:3"}, ""),
    ("padosi roz maarta hai", ANSWER, {"BNS:115"}, {"PWDVA:12", "PWDVA:18", "PWDVA:3"}, ""),
    ("my husband beats me every day", ANSWER, {"PWDVA:12", "PWDVA:18"}, set(), ""),
    # 5. an ex parte divorce decree is set aside under the civil procedure, not answered with divorce grounds
    ("ex parte divorce decree passed against me, what can I do", ANSWER, {"CPC:Order IX Rule 13"}, {"HMA:13"}, ""),
    (
        "मेरे खिलाफ एकपक्षीय तलाक की डिक्री हो गई, क्या करूं",
        ANSWER,
        {"CPC:Order IX Rule 13", "LIMITATION:Schedule Article 123"},
        set(),
        "",
    ),
]


@pytest.mark.parametrize("q,status,cited,absent,says", ROWS)
def test_wrong_answer_fixed(pipe, q, status, cited, absent, says):
    r = pipe.ask(q)
    ids = set(cited_ids(r))
    if status == NOT_HELD:
        assert r.status == "abstain" and r.abstain_reason == NOT_HELD, (r.status, r.abstain_reason, ids)
        assert not ids, ids
    elif status == ANSWER:
        assert r.status in ("answer", "conflict") and r.abstain_reason != NOT_HELD, (r.status, r.answer[:200])
    assert not cited or cited & ids, (cited, ids)
    assert not absent & ids, absent & ids
    assert says.lower() in r.answer.lower(), r.answer[:300]


# the problem recognised (or not) for each side of a matter
SIDES = [
    ("how do I evict my tenant who stopped paying rent", "PROB:tenant_eviction", False),
    ("mera kirayedar ghar khali nahi kar raha, kaise nikalu", "PROB:tenant_eviction", False),
    ("my landlord is threatening to throw me out, what are my rights as a tenant", "PROB:tenant_eviction", True),
    ("school ne fees baaki hone par TC rok li hai", "PROB:maintenance_children", False),
    ("the school is holding my daughter's TC because of the fee dues", "PROB:school_withholds_tc", True),
    ("my ex husband does not pay the school fees of our kids", "PROB:maintenance_children", True),
    ("my neighbour beats me every day", "PROB:domestic_violence", False),
    ("my husband beats me and the neighbours do nothing", "PROB:domestic_violence", True),
    ("ex parte divorce decree passed against me, what can I do", "PROB:divorce_contested_hindu", False),
    ("my husband filed for divorce on the ground of cruelty, what can I do", "PROB:divorce_contested_hindu", True),
]


@pytest.mark.parametrize("q,pid,raised", SIDES)
def test_the_other_side_does_not_raise_the_problem(graph, q, pid, raised):
    got = [m.id for m in index_for(graph).recognise(q, "en")]
    assert (pid in got) == raised, got


def test_no_problem_is_kept_from_its_own_phrasings():
    """A problem's ``not_when`` phrase said by one of its own phrasings would keep it from its own situation."""
    problems = read_pack()
    for p, vs in zip(problems, vetoes(problems, cue_tokens), strict=True):
        for texts in p.phrasings.values():
            for t in texts:
                seq = cue_tokens(t)
                hit = [v for v in vs if any(tuple(seq[i : i + len(v)]) == v for i in range(len(seq)))]
                assert not hit, (p.id, t, hit)


def test_not_when_has_a_source():
    import json

    from domain import paths

    for f in sorted((paths.pack_dir() / paths.PROBLEMS_DIR).glob("*.json")):
        for p in json.loads(f.read_text(encoding="utf-8"))["problems"]:
            if p.get("not_when"):
                assert p.get("not_when_source"), p["id"]


def test_negated_cues():
    assert ("salary",) in negation_only("UNHELD:PWA")
    assert says_negation("salary nahi mili") and says_negation("वेतन नहीं दिया") and says_negation("he didn't pay")
    assert not says_negation("can my husband take my salary")
