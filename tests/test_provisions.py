"""The provision index and direct questions about the law (issue 19), on the real graph.

Pack data is checked against the corpus (every named provision exists, with its source; the Acts
listed as not held are not Acts the graph holds); the index, the question types and the short
forms are table tests; the pipeline answers direct questions with the provision first, at most six
citations, the code in force first, and routes an Act the graph does not hold with none.
"""

from __future__ import annotations

import json
import re

import pytest

from core.provisions import index_for, is_situation, named_ids, question_types, toks
from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ pack data against the corpus
def test_every_named_provision_is_held_and_sourced(graph):
    ids = [r["id"] for r in PACK["provisions"]]
    held = {r[0] for r in graph.ro_query("UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id", {"ids": ids})}
    assert sorted(set(ids) - held) == []
    for r in PACK["provisions"]:
        assert r["source"] and r["kind"] in {"offence", "right", "remedy", "procedure", "rule", "duty"}, r["id"]
        assert r["en"], r["id"]


def test_names_speak_of_what_the_provision_says(graph):
    """Most people-names share a word with the provision's own heading or text (the rest are lay words
    the statute does not use: "mob lynching", "420"); a name that matched nothing would be a wrong id."""
    rows = {
        pid: (title or "") + " " + (text or "")
        for pid, title, text in graph.ro_query(
            "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.title, p.text",
            {"ids": [r["id"] for r in PACK["provisions"]]},
        )
    }
    share = [bool(set(toks(" ".join(r["en"]))) & set(toks(rows.get(r["id"], "")))) for r in PACK["provisions"]]
    assert sum(share) / len(share) >= 0.8


def test_unheld_acts_are_not_held_and_route_to_a_known_forum(graph):
    routes = {r for (r,) in graph.ro_query("MATCH (f:Forum) RETURN f.route")}
    held_names = {n.lower() for (n,) in graph.ro_query("MATCH (a:Act) RETURN a.name") if n}
    for a in PACK["not_held"]:
        assert a["route"] in routes, a["id"]
        assert a["name_en"].lower() not in held_names, a["id"]
        assert a["source"] and (a["cues_en"] and a["cues_hi"]), a["id"]


# ------------------------------------------------------------------ the index
INDEX = [  # (question, a provision that must be among the index's first three)
    ("which section punishes rioting", "BNS:191"),
    ("दंगा करने की सज़ा", "BNS:191"),
    ("danga karne par saza", "BNS:191"),
    ("punishment for attempt to murder under the new law", "BNS:109"),
    ("is bigamy a crime", "BNS:82"),
    ("दूसरी शादी करने पर सज़ा", "BNS:82"),
    ("double jeopardy in India", "COI:20"),
    ("what does the law say about hit and run", "BNS:106"),
    ("do police have to tell the grounds of arrest", "BNSS:47"),
    ("which article abolishes untouchability", "COI:17"),
    ("cheating and dishonestly inducing delivery of property", "BNS:318"),
]


@pytest.mark.parametrize("question,expected", INDEX)
def test_index_finds_the_provision_as_people_name_it(graph, question, expected):
    got = [m.id for m in index_for(graph).search(question)[:3]]
    assert expected in got, got


def test_old_code_heading_finds_the_new_code_section(graph):
    e = index_for(graph).entries["BNS:318"]
    assert "IPC:420" in e.old
    assert any(n.field == "old_head" for n in e.names)


TYPES = [
    ("Which section punishes mob lynching?", "which"),
    ("What is the punishment for attempt to murder?", "punishment"),
    ("IPC 420 ab kaunsa section hai", "renumbered"),
    ("चोरी की सज़ा किस धारा में है", "which"),
    ("What does Article 17 abolish?", "what_says"),
    ("What are my rights when the police arrest me?", "rights"),
    ("Is marital rape an offence?", "is_offence"),
    ("Can a person be tried twice for the same offence?", "is_offence"),
]


@pytest.mark.parametrize("question,kind", TYPES)
def test_question_types(question, kind):
    assert kind in question_types(question)


def test_everyday_situation_is_not_a_direct_question_type():
    assert not question_types("My husband hits me every night after drinking")
    assert is_situation("my son is booked under 109, how does he get bail")


NAMED = [
    ("IPC 420 ab kaunsa section hai", ["IPC:420"]),
    ("what is 498A IPC now", ["IPC:498A"]),
    ("what does article 21 say", ["COI:21"]),
    ("अनुच्छेद 17 क्या कहता है", ["COI:17"]),
    ("section 103 of BNS", ["BNS:103"]),
]


@pytest.mark.parametrize("question,ids", NAMED)
def test_short_forms_people_type(question, ids):
    assert named_ids(question) == ids


# ------------------------------------------------------------------ Acts the graph does not hold
@pytest.fixture(scope="module")
def pack_index(graph):
    """The graph's provision index with the unheld Acts and legal words of the pack file as it is now
    (a reused graph may hold an older copy)."""
    from core.provisions import ProvisionIndex, _unheld_rows

    return ProvisionIndex(index_for(graph).entries, *_unheld_rows(PACK))


UNHELD_ROUTED = [  # (question, the unheld Act it is about): named and routed, never answered with held law
    ("which law protects children from sexual abuse", "UNHELD:POCSO"),
    ("bachchon ke yaun shoshan par kaunsa kanoon lagta hai", "UNHELD:POCSO"),
    ("is paying dowry to the groom's family illegal", "UNHELD:DPA"),
    ("दहेज लेना देना क्या अपराध है", "UNHELD:DPA"),
    ("police found charas in my bag, how much jail", "UNHELD:NDPS"),
    ("someone insulted me with caste slurs at the village well", "UNHELD:SCST"),
    ("मुझे जाति के नाम पर गाली दी गई", "UNHELD:SCST"),
    ("my nephew aged 15 is before the juvenile justice board for theft", "UNHELD:JJA"),
    ("husband pronounced triple talaq over the phone, is it a crime", "UNHELD:MWPRMA"),
    ("teen talaq dena jurm hai kya", "UNHELD:MWPRMA"),
    ("can a hindu widow adopt a son", "UNHELD:HAMA"),
    ("how to get a succession certificate for my late mother's bank account", "UNHELD:ISA"),
    ("what notice must a landlord give to end a monthly tenancy", "UNHELD:TPA"),
    ("is a verbal agreement enforceable", "UNHELD:CONTRACT"),
    ("how do I set aside an arbitral award", "UNHELD:ARBITRATION"),
    ("someone is selling pirated copies of my book", "UNHELD:COPYRIGHT"),
    ("penalty for not filing itr on time", "UNHELD:INCOMETAX"),
    ("can I keep a star tortoise at home", "UNHELD:WILDLIFE"),
    ("how does a transgender person change the gender on documents", "UNHELD:TRANSGENDER"),
    ("how to get citizenship by naturalisation", "UNHELD:CITIZENSHIP"),
    ("private school refused admission under the ews quota", "UNHELD:RTE"),
    ("is it compulsory to register a sale deed of land", "UNHELD:REGISTRATION"),
    ("how many working hours can a factory worker be given", "UNHELD:FACTORIES"),
    ("my employer deducted pf but never deposited it", "UNHELD:EPF"),
    ("company refuses gratuity after seven years of service", "UNHELD:GRATUITY"),
    ("government officer asking a bribe to sign my certificate", "UNHELD:CORRUPTION"),
    ("ghar mein bandook rakhne ke liye licence", "UNHELD:ARMS"),
    ("my 16 year old cousin is being married off, child marriage", "UNHELD:PCMA"),
    ("is a child marriage void or voidable", "UNHELD:PCMA"),
    ("how do I file an rti", "UNHELD:RTI"),
    # the names people use: abbreviations, lay words, Hindi and Roman Hindi, misspellings
    ("bandook ka licence kaise banwaye", "UNHELD:ARMS"),
    ("पिस्तौल का लाइसेंस कैसे मिलता है", "UNHELD:ARMS"),
    ("rera mein builder ki shikayat kaise karein", "UNHELD:RERA"),
    ("रेरा में बिल्डर की शिकायत", "UNHELD:RERA"),
    ("posco act kab lagta hai", "UNHELD:POCSO"),
    ("school ke teacher ne bachchi ke saath galat harkat ki", "UNHELD:POCSO"),
    ("our office has no posh committee", "UNHELD:POSH"),
    ("soochna ka adhikar mein kitne din mein jawab milta hai", "UNHELD:RTI"),
    ("pati ne whatsapp par talaq bhej diya", "UNHELD:MWPRMA"),
    ("कुत्ते को ज़हर देकर मार दिया", "UNHELD:PCA"),
    ("parsi couple wants a divorce", "UNHELD:PARSI"),
    ("how to get a guardianship certificate for my orphaned nephew", "UNHELD:GUARDIANS"),
    ("bijli chori ka case kaise nipte", "UNHELD:ELECTRICITY"),
    ("the bank is auctioning my house for a loan default under sarfaesi", "UNHELD:SARFAESI"),
    ("राशन कार्ड नहीं बन रहा", "UNHELD:NFSA"),
    ("manrega mein kaam nahi mila", "UNHELD:MGNREGA"),
    ("जुआ खेलते पकड़े गए तो क्या होगा", "UNHELD:GAMBLING"),
]


DECISIVE = [  # a fact that takes the question out of every held Act: it outranks a recognised problem
    ("my Christian mother died, who inherits her house?", "UNHELD:ISA"),
    ("isai pita guzar gaye, sampatti kaise bategi", "UNHELD:ISA"),
    ("मुस्लिम पिता की मौत के बाद विरासत कैसे बँटेगी", "UNHELD:MUSLIMPL"),
]


@pytest.mark.parametrize("question,act", DECISIVE)
def test_community_decides_the_personal_law(pack_index, question, act):
    hit = pack_index.unheld_hit(question)
    assert hit is not None and hit.act.id == act and not hit.blocked_by and hit.names_act, hit


def test_a_hindu_question_keeps_the_held_succession_law(pack_index):
    assert pack_index.unheld_hit("my father died without a will, how is his house divided") is None


def test_every_unheld_act_is_shown_by_the_name_people_know():
    """The answer names the Act as people know it ("Arms Act", "POCSO", "RERA") in both languages, in
    Latin script (an abbreviation is written so in Hindi too, and survives a Roman-Hindi answer)."""
    from core.provisions import _unheld_rows

    unheld, _ = _unheld_rows(PACK)
    assert len(unheld) == len(PACK["not_held"])
    for u in unheld:
        assert u.known_as and u.known_as.isascii(), u.id
        fold = re.sub(r"\W+", "", u.known_as.lower())
        for shown in (u.name_en, u.name_hi):
            assert fold in re.sub(r"\W+", "", shown.lower()), (u.id, shown)
    for a in PACK["not_held"]:
        assert a.get("names_source"), a["id"]


def test_shown_name_adds_the_known_name_once():
    from core.provisions import shown_name

    assert shown_name("Arms Act, 1959", "Arms Act") == "Arms Act, 1959"
    assert shown_name("आयुध अधिनियम, 1959", "Arms Act") == "आयुध अधिनियम, 1959 (Arms Act)"
    assert shown_name("लैंगिक अपराधों से बालकों का संरक्षण अधिनियम, 2012 (पॉक्सो)", "POCSO").endswith("(पॉक्सो, POCSO)")


@pytest.mark.parametrize("question,act", UNHELD_ROUTED)
def test_unheld_act_is_recognised(pack_index, question, act):
    hit = pack_index.unheld_hit(question)
    assert hit is not None and hit.act.id == act and not hit.blocked_by, hit


HELD_KEPT = [  # questions about held law: no unheld Act, or a held name that says more
    "my husband beats me and threw me out",
    "मेरा पति मुझे मारता है",
    "dahej ke liye pareshan karte hain",
    "my in-laws harass me for dowry and beat me",
    "which section for dowry death",
    "what is the punishment for dowry harassment",
    "my cheque bounced",
    "police refused to write my FIR",
    "my landlord locked my room",
    "he broke my arm in a fight, which section?",
    "punishment for adulteration of drugs",
    "what is the right to education under the constitution",
    "someone attacked me with a knife",
    "my son took my house by gift deed and stopped feeding me",
]


@pytest.mark.parametrize("question", HELD_KEPT)
def test_held_law_is_not_routed_away(pack_index, question):
    hit = pack_index.unheld_hit(question)
    assert hit is None or hit.blocked_by, (hit.act.id, hit.cue)


def test_every_unheld_cue_is_specific():
    """A cue that stems to a word held law also uses for something else would route held questions away
    ("arms act" -> "arm", "taking dowry" -> "dowry"): every cue keeps a word only its Act's subject has."""
    from core.provisions import _unheld_rows

    unheld, _ = _unheld_rows(PACK)
    loose = {"arm", "dowry", "succession", "contract", "labour", "registr", "weapon", "नागरिक", "आय", "खुल", "khula"}
    for u in unheld:
        for cue in u.cues:
            assert cue and not (len(cue) == 1 and cue[0] in loose), (u.id, cue)


ASKS = [
    ("Which law applies to a caste insult?", True),
    ("is that allowed", True),
    ("kya ye jurm hai", True),
    ("कौन सा विशेष कानून लगेगा", True),
    ("what is the punishment for it", True),
    ("what can I do now", False),
    ("my husband beats me and gave me teen talaq", False),
]


@pytest.mark.parametrize("question,asks", ASKS)
def test_asks_for_law(question, asks):
    from core.provisions import asks_for_law

    assert asks_for_law(question) is asks


IN_SCOPE = [
    "fine for jumping a red light",
    "penalty for riding without a helmet",
    "which section applies if someone forges my signature on a cheque",
    "dhara kaunsi lagegi agar koi dhamki de",
    "बिना लाइसेंस गाड़ी चलाने पर जुर्माना",
    "is it legal to record a phone call",
    "kaunsa kanoon lagta hai",
    "challan kitna hai bina seat belt",
    "what act covers online fraud",
    "my father died without a will",
    "can I get bail in a theft case",
    # a legal relation named in plain words, in each language
    "my brother has been missing for years, can he be declared dead",
    "mere chacha das saal se laapata hain",
    "पिताजी कई साल से गुमशुदा हैं, क्या उन्हें मृत माना जाएगा",
    "sasural wale roz pareshan karte hain",
    "mera kirayedar kiraya nahi de raha",
    "पड़ोसी ने हमारी ज़मीन पर कब्ज़ा कर लिया",
    "who inherits after my mother's death",
    "my employer has not paid my wages for three months",
    "kya shaadishuda beti ko hissa milega",
    "मेरे साथ ऑनलाइन धोखाधड़ी हुई",
    "can my landlord keep my deposit",
]
OUT_OF_SCOPE = [
    "recipe for paneer butter masala",
    "what is the cricket score today",
    "who will win the match tonight",
    "weather in delhi tomorrow",
    "I am fine, how are you",
    "what are the rules of chess",
    "tell me a joke",
    "how do I make masala chai",
    "suggest a good name for my puppy",
    "best movies to watch this weekend",
    "कल मौसम कैसा रहेगा",
    "aaj ka match kaun jeetega",
]


@pytest.mark.parametrize("question", IN_SCOPE)
def test_questions_asking_for_law_name_a_legal_relation(pack_index, question):
    assert pack_index.names_legal_relation(question)


@pytest.mark.parametrize("question", OUT_OF_SCOPE)
def test_everyday_chat_names_no_legal_relation(pack_index, question):
    assert not pack_index.names_legal_relation(question)


# ------------------------------------------------------------------ answers
@pytest.fixture(scope="module")
def pipeline(graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph)


def _cited(ans) -> list[str]:
    return list(dict.fromkeys(c.node_id for c in ans.citations if c.node_id))


DIRECT = [  # (question, the provision the answer must cite, the one its law must lead with)
    ("What is the punishment for attempt to murder under the new law?", "BNS:109", "BNS:109"),
    ("Which section punishes rioting?", "BNS:191", "BNS:191"),
    ("Can a person be tried twice for the same offence?", ("COI:20", "BNSS:337"), None),
    ("Can an accused be forced to give evidence against himself?", "COI:20", None),
    ("IPC 420 ab kaunsa section hai", "BNS:318", "BNS:318"),
    ("दंगा करने की सज़ा किस धारा में है?", "BNS:191", "BNS:191"),
]


@pytest.mark.parametrize("question,must,lead", DIRECT)
def test_direct_question_answered_with_its_provision(pipeline, question, must, lead):
    ans = pipeline.ask(question)
    assert ans.status.value == "answer", (ans.status, ans.answer[:300])
    cited = _cited(ans)
    assert set(must if isinstance(must, tuple) else (must,)) & set(cited), cited
    assert len(cited) <= 6
    if lead:
        assert ans.law and lead.split(":")[1] in ans.law[0].cite, [x.cite for x in ans.law]


def test_current_code_leads_without_a_date(pipeline):
    ans = pipeline.ask("Can a husband be punished for cruelty to his wife?")
    cited = _cited(ans)
    assert ans.status.value == "answer"
    assert cited and cited[0].startswith("BNS:"), cited
    assert "BNS:85" in cited or "BNS:86" in cited


def test_not_held_act_is_named_and_routed_with_no_citation(pipeline):
    ans = pipeline.ask("How do I file an RTI application to get information from a government office?")
    assert ans.status.value == "abstain"
    assert "Right to Information Act" in ans.answer
    assert not _cited(ans)


@pytest.mark.parametrize(
    "question",
    [
        "Is it legal for my son to stop paying for my food and medicine after taking my house?",
        "Can an accused be forced to give evidence against himself?",
        "kya police bina wajah bataye giraftar kar sakti hai",
        "क्या पत्नी को पति की संपत्ति में अधिकार है?",
    ],
)
def test_legal_questions_are_never_out_of_scope(pipeline, question):
    ans = pipeline.ask(question)
    assert not re.search(r"only help with questions about Indian law|भारतीय कानून से जुड़े सवालों", ans.answer)


@pytest.mark.parametrize(
    "question,act",
    [
        ("which law protects children from sexual abuse", "Protection of Children from Sexual Offences Act"),
        ("husband pronounced triple talaq over the phone, is it a crime", "Muslim Women"),
        ("my employer deducted pf but never deposited it", "Provident Funds"),
    ],
)
def test_unheld_act_routed_even_beside_a_recognised_problem(pipeline, question, act):
    ans = pipeline.ask(question)
    assert ans.status.value == "abstain" and ans.abstain_reason == "abstain.not_held", (ans.status, ans.answer[:200])
    assert act in ans.answer
    assert not _cited(ans)


@pytest.mark.parametrize(
    "question,lang,names",
    [
        ("bandook ka licence kaise banwaye", "auto", "Arms Act"),
        ("रेरा में बिल्डर की शिकायत कैसे करें", "hi", "RERA"),
        ("bachchon ke yaun shoshan par posco act kab lagta hai", "auto", "POCSO"),
        ("my Christian mother died without a will, who gets her flat?", "en", "Indian Succession Act"),
    ],
)
def test_unheld_act_named_as_people_know_it(pipeline, question, lang, names):
    ans = pipeline.ask(question, lang)
    assert ans.status.value == "abstain" and ans.abstain_reason == "abstain.not_held", (ans.status, ans.answer[:200])
    assert names in ans.answer, ans.answer
    assert not _cited(ans)


def test_a_missing_person_is_a_legal_question(pipeline):
    ans = pipeline.ask("mere chacha das saal se laapata hain, kya unhe mrit maana jayega")
    assert not re.search(
        r"only help with questions about Indian law|Bhaaratiya kaanoon|bhaartiya kaanoon", ans.answer, re.I
    )
    assert ans.abstain_reason != "abstain.out_of_scope"


@pytest.mark.parametrize(
    "question",
    ["my husband beats me and gave me teen talaq", "dahej ke liye pareshan karte hain", "fine for overspeeding"],
)
def test_held_law_still_answers(pipeline, question):
    ans = pipeline.ask(question)
    assert ans.status.value == "answer", (ans.status, ans.answer[:200])
    assert _cited(ans)


def test_out_of_scope_stays_out(pipeline):
    ans = pipeline.ask("What is the capital of France?")
    assert ans.status.value == "abstain"


@pytest.mark.parametrize(
    "question",
    [
        "My husband beats me and has stopped giving me money for the children",
        "मेरे पति मारते हैं और घर से निकाल दिया, बच्चों का खर्चा भी नहीं देते",
        "police ne mere bete ko giraftar kiya hai, jamanat kaise milegi",
    ],
)
def test_everyday_answers_cite_at_most_six(pipeline, question):
    ans = pipeline.ask(question)
    assert len(_cited(ans)) <= 6, _cited(ans)
