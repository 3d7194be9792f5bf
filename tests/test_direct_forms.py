"""Forms of a direct question (issue 19) that the direct path must read: an old number said bare before "now"
and a new code ("125 ab BNSS mein kaunsa section hai"), and a Hindi question that ends "... क्या हैं".

Questions written for this test in lay words (not the evaluation sets' wording), on the real graph.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids

from core.provisions import bare_codes, bare_numbers, question_types


@pytest.mark.parametrize(
    "q,numbers,codes",
    [
        ("125 ab BNSS mein kaunsa section hai", ["125"], ("BNSS", "CRPC")),
        ("65B ab BSA mein kya hai", ["65B"], ("BSA", "IEA")),
        ("307 now which section in BNS", ["307"], ("BNS", "IPC")),
        # a price or a count is no section
        ("I paid 125 rupees now what", [], ("BNS", "IPC")),
    ],
)
def test_a_number_said_before_now_and_a_new_code(q, numbers, codes):
    assert bare_numbers(q) == numbers
    assert bare_codes(q) == codes
    if numbers:
        assert "renumbered" in question_types(q)


@pytest.mark.parametrize(
    "q,first,beside",
    [
        ("125 ab BNSS mein kaunsa section hai", "BNSS:144", "CRPC:125"),
        ("65B ab BSA mein kya hai", "BSA:63", "IEA:65B"),
    ],
)
def test_the_successor_of_a_bare_old_number_leads(pipe, q, first, beside):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status == "answer", r.answer
    assert ids[0] == first and beside in ids, ids


def test_a_hindi_question_ending_kya_hain_is_asked(pipe):
    # "what are the grounds of divorce for a Hindu": a question, not a story; HMA s.13 leads
    r = pipe.ask("हिंदू पति-पत्नी के तलाक के आधार क्या हैं")
    ids = cited_ids(r)
    assert r.status == "answer", r.answer
    assert ids and ids[0] == "HMA:13", ids


@pytest.mark.parametrize(
    "q,lang,said",
    [
        # BNS 191 punishes rioting in (2), two years, and armed rioting in (3), five: both are told, by clause
        ("what is the punishment for rioting in the BNS", "en", ["under clause (2)", "two years", "five years"]),
        ("दंगे में शामिल होने पर कितनी सज़ा होती है", "hi", ["खंड (2) में 2 वर्ष", "खंड (3) में 5 वर्ष"]),
    ],
)
def test_a_punishment_question_hears_each_punishing_clause(pipe, q, lang, said):
    r = pipe.ask(q)
    assert r.status == "answer", r.answer
    assert "BNS:191" in cited_ids(r)
    first = r.answer.split("\n", 1)[0]
    for words in said:
        assert words in first, first


@pytest.mark.parametrize(
    "q,cited",
    [
        # a way through the law asked with no problem recognised: the provision that gives it leads
        ("ek tarfa decree mere khilaf pass hui hai, isko radd kaise karwaun", "CPC:Order IX Rule 13"),
        # "a will" is the testament, not the verb
        ("can a hindu father leave his share of the family house to one son by a will", "HSA:30"),
        # one clause opening "can my ..." asks what the law allows: the will's own section leads
        ("Can my father leave his share of the family house to one son by a will?", "HSA:30"),
    ],
)
def test_a_way_or_a_will_asked_finds_its_provision(pipe, q, cited):
    r = pipe.ask(q)
    assert r.status == "answer", r.answer
    assert cited in cited_ids(r)


def test_how_without_a_legal_relation_is_not_a_question_about_the_law(pipe):
    r = pipe.ask("how to make my tea taste stronger")
    assert r.status != "answer" and not cited_ids(r), cited_ids(r)


ASKED_ACTS = [
    ("under the Sakshya Adhiniyam who must prove self defence", {"BSA"}),
    ("IPC 379 ab BNS me kya hai", {"BNS"}),  # the old and the new penal code are one family
    ("kisi ne virus daal diya, IT act me kya saza hai", {"ITA"}),
    ("constitution ke kis article me hai", {"COI"}),
    ("घरेलू हिंसा अधिनियम में संरक्षण आदेश तोड़ने की सज़ा", {"PWDVA"}),
    ("my neighbour hit me, what can I do", set()),
]


@pytest.mark.parametrize("question,acts", ASKED_ACTS)
def test_the_acts_a_question_names_by_family(question, acts):
    from core.direct import acts_asked

    assert acts_asked(question) == acts


@pytest.mark.parametrize(
    "q,has,lacks",
    [
        # the law itself asked in forms people use (written for this test)
        ("a shopkeeper sold fake medicines, which IT act or BNS section applies", "which", None),
        ("is there any law against keeping a bonded labourer", "which", None),
        ("पुराने किरायेदार को निकालने का नियम", "which", None),
        ("gaadi chalate waqt phone pe baat karne ka pravdhan", "which", None),
        ("what is the jail term for counterfeiting coins", "punishment", None),
        ("what is the fine for driving without a licence", "punishment", None),
        ("what happens to someone who marries again while his wife is alive", "punishment", None),
        ("नकली नोट छापने पर कितना जुर्माना", "punishment", None),
        # years beside a suit or ownership ask a time limit, not a sentence
        ("bank ka karza wapas lene ka case kitne saal me karna hota hai", "how", "punishment"),
        ("after how many years can a tenant claim ownership of the flat", "how", "punishment"),
        # ... and beside a sentence's words they still ask one
        ("dhokhadhadi me kitne saal ki saza hai", "punishment", None),
    ],
)
def test_question_forms_asking_the_law(q, has, lacks):
    types = question_types(q)
    assert has in types, types
    if lacks:
        assert lacks not in types, types


@pytest.mark.parametrize(
    "q,cited",
    [
        # a time limit asked beside a weakly evoked problem: the period's provision is what is asked
        ("what is the time limit for filing a mercy petition before the governor", "BNSS:472"),
    ],
)
def test_a_time_limit_asked_names_its_provision(pipe, q, cited):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status == "answer", r.answer
    assert cited in ids, ids


def test_the_old_equivalent_shown_is_the_one_the_question_speaks_of(pipe):
    # BNS s.178 replaced IPC 230-232, 255 (Government stamps) and 489A (currency notes): fake notes are 489A
    r = pipe.ask("what is the jail term for making fake currency notes")
    ids = cited_ids(r)
    assert r.status == "answer", r.answer
    assert ids[0] == "BNS:178" and "IPC:489A" in ids and "IPC:255" not in ids, ids
