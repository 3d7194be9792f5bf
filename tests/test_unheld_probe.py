"""A fresh probe of laws the graph does not hold, asked as people ask (issue 19, point 4), on the real pipeline.

Written for this test, in lay words (half without the Act named, some misspelt), in English, Hindi and
Roman Hindi, before reading the pack's cue words, and about Acts checked not to be held (acts.json lists the
held ones: BNS/BNSS/BSA and the old codes, CPC, NI, MV, Divorce Act, Constitution, LSA, Limitation, DV, HMA,
MWPSC, IT, HSA, SMA, Probation, RPWD, Mediation, Commercial Courts, Court-fees). Not from any evaluation set.

- not held: the answer abstains as not held, cites nothing, and names the Act (one of the Acts given: its
  short title in English or Hindi or the name people know it by, read from the pack);
- legal questions about held law, phrased unusually: never refused as "not about Indian law";
- off-topic questions: still refused as out of scope.
"""

from __future__ import annotations

import json

import pytest
from answer_support import cited_ids

from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
ACTS = {a["id"].split(":", 1)[1]: a for a in PACK["not_held"]}

# (question, the unheld Acts any of which may be named: ids after "UNHELD:")
NOT_HELD = [
    # English
    ("A tuition teacher keeps touching my 8 year old daughter in a bad way. Which law protects her?", "POCSO"),
    ("How can I get a copy of my answer sheet from the university? They keep refusing.", "RTI"),
    ("I ordered a phone online and got a fake one, the seller is not refunding. Where do I complain?", "CPA"),
    ("the builder took 40 lakh and still hasn't given possession of the flat after 3 years", "RERA CPA"),
    ("Groom's family is asking for a car and 10 lakh cash before the wedding. Is that legal?", "DPA"),
    ("how to get a gun licence for self defence", "ARMS"),
    ("what is the punishment for being caught with ganja", "NDPS"),
    ("Upper caste men abused me using my caste name in front of the whole village", "SCST"),
    ("my company has not deposited my provident fund for 8 months though it is cut from my salary", "EPF"),
    ("I resigned after 7 years and the employer is refusing to pay gratuity", "GRATUITY"),
    ("someone copied my song and uploaded it on youtube as his own", "COPYRIGHT"),
    ("what happens if I file my income tax return late", "INCOMETAX"),
    ("do I need GST registration for my small online business", "GST"),
    ("my passport application is stuck in police verification for months", "PASSPORT"),
    ("Can a bank refuse to open my account if I don't give Aadhaar?", "AADHAAR"),
    ("my neighbour keeps his dog chained all day in the sun without water", "PCA"),
    ("Is it legal to keep a parrot as a pet in India?", "WILDLIFE"),
    ("My manager sends me obscene messages at the office and there is no internal complaints committee", "POSH"),
    ("Up to how many weeks can a woman legally get an abortion?", "MTP"),
    ("We want a baby through a surrogate mother, what are the rules?", "SURROGACY"),
    ("How does a transgender person get the gender changed on official ID?", "TRANSGENDER"),
    ("Can my family get me admitted to a mental hospital against my will?", "MHCA"),
    ("How can a Hindu couple legally adopt a child from a relative?", "HAMA JJA"),
    ("government is taking our farmland for a highway, how much compensation should we get", "LANDACQ"),
    ("landlord wants to double the rent suddenly, does the rent control law stop this", "RENT"),
    ("kids under 14 are working at the dhaba near my house, who do I report to", "CHILDLABOUR"),
    ("The clerk at the tehsil office is asking for a 5000 rupee bribe to give my land record", "CORRUPTION"),
    ("what is the minimum wage a factory must pay a worker", "PWA"),
    ("A Muslim father died; how much of his property does his daughter get?", "MUSLIMPL"),
    ("How do we get married in a church, what does the law need?", "ICMA"),
    # Hindi
    ("मेरे 12 साल के भतीजे के साथ पड़ोसी ने गलत काम किया, कौन सा कानून लगेगा?", "POCSO"),
    ("सरकारी दफ्तर से जानकारी मांगने के लिए आवेदन कैसे करें?", "RTI"),
    ("दुकानदार ने खराब फ्रिज बेचा और बदल नहीं रहा, शिकायत कहाँ करूँ?", "CPA"),
    ("लड़के वाले शादी से पहले दहेज में मोटरसाइकिल मांग रहे हैं, क्या ये अपराध है?", "DPA"),
    ("नशीली दवाइयां बेचने पर कितनी सजा होती है?", "NDPS"),
    ("किसी ने मुझे जाति सूचक गाली दी, क्या करूँ?", "SCST"),
    ("कंपनी ने मेरा पीएफ का पैसा जमा नहीं किया", "EPF"),
    ("मालिक न्यूनतम मजदूरी से कम पैसे देता है", "PWA"),
    ("दफ्तर में मेरा बॉस मुझसे अश्लील बातें करता है, कंपनी में शिकायत कहाँ करूँ?", "POSH"),
    ("गर्भपात कितने हफ्ते तक कानूनी है?", "MTP"),
    ("बच्चा गोद लेने की प्रक्रिया क्या है?", "HAMA JJA"),
    ("पटवारी जमीन का नक्शा देने के लिए रिश्वत मांग रहा है, शिकायत कैसे करें?", "CORRUPTION"),
    ("मेरा पासपोर्ट खो गया है, नया कैसे बनवाएँ?", "PASSPORT"),
    ("सरकार हमारी ज़मीन सड़क के लिए ले रही है, मुआवज़ा कितना मिलेगा?", "LANDACQ"),
    ("बिल्डर ने फ्लैट देने में तीन साल की देरी कर दी", "RERA CPA"),
    ("बंदूक का लाइसेंस कैसे मिलता है?", "ARMS"),
    ("मुस्लिम पत्नी खुला कैसे ले सकती है?", "MUSLIMPL"),
    ("प्रदूषण नियंत्रण बोर्ड में फैक्ट्री के धुएं की शिकायत कैसे करें?", "ENVIRONMENT"),
    ("आयकर का नोटिस आया है, क्या करें?", "INCOMETAX"),
    ("ढाबे पर 12 साल का बच्चा काम करता है, किसको बताएं?", "CHILDLABOUR"),
    # Roman Hindi
    ("mere 10 saal ke bete ke saath school ke driver ne galat harkat ki, kya karein", "POCSO"),
    ("RTI kaise dalte hain online", "RTI"),
    ("online order kiya tha saaman kharab nikla, company refund nahi de rahi, kaha shikayat karu", "CPA"),
    ("shaadi se pehle ladke wale 5 lakh dahej maang rahe hain kya karu", "DPA"),
    ("charas ke saath pakda gaya to kitni saja hogi", "NDPS"),
    ("gaon me dabangon ne hamari jaati ko lekar gaali di", "SCST"),
    ("gratuity kitne saal ki naukri ke baad milti hai", "GRATUITY"),
    ("pf ka paisa nikalne me company sign nahi kar rahi", "EPF"),
    ("mera gaana kisi ne chura ke apne naam se youtube pe daal diya", "COPYRIGHT"),
    ("gst number lena zaroori hai kya chhoti dukaan ke liye", "GST"),
    ("aadhar card me naam galat hai, sudharne ka kya niyam hai", "AADHAAR"),
    ("kisi ne mor ka shikar kiya, kya karein", "WILDLIFE"),
    ("office me senior ladkiyon ko pareshaan karta hai, ICC me complaint kaise kare", "POSH"),
    ("hindu family me bachcha god lene ke kya niyam hain", "HAMA JJA"),
    ("surrogacy se baccha karna legal hai kya india me", "SURROGACY"),
    ("patwari zameen ki registry ke liye ghoos maang raha hai", "CORRUPTION"),
    ("16 saal ka ladka chori karte pakda gaya, use bal sudhar grih bhejenge ya jail", "JJA"),
    ("isaai shaadi church me karne ke liye kya kanoon hai", "ICMA"),
    ("transgender ko naukri me reservation milta hai kya", "TRANSGENDER"),
    ("bhatte pe poora parivar karz chukane ke liye bina paise ke kaam kar raha hai, chhudwana hai", "BONDED"),
]

# legal questions about held law, phrased unusually: never "not about Indian law"
HELD_LEGAL = [
    "Do I have to answer every question the police ask me?",
    "what are the fundamental duties of a citizen",
    "How long can the police keep someone locked up before showing him to a judge?",
    "Is a photo sent on WhatsApp accepted as proof in court?",
    "can a widow claim a share in her late husband's family house",
    "my husband left me with two kids and sends no money, what can I do",
    "is a marriage valid if the girl was 17",
    "can a small child be a witness",
    "what are my rights if I am stopped and searched",
    "क्या पुलिस रात में किसी महिला को गिरफ्तार कर सकती है?",
    "पत्नी को भरण-पोषण कितना मिलता है?",
    "अदालत से समन आया है, जाना ज़रूरी है क्या?",
    "बेटी का पिता की जायदाद में कितना हक है?",
    "क्या तलाक के बिना दूसरी शादी करना सही है?",
    "बोलने की आज़ादी का अधिकार किस हद तक है?",
    "गवाह को धमकाने पर क्या होता है?",
    "मेरे भाई को झूठे केस में फंसाया गया है, हम क्या करें?",
    "police ne mera phone le liya, wapas kaise milega",
    "kya beta maa baap ki dekhbhal karne ke liye bound hai",
    "court ki tareekh pe nahi gaye to kya hoga",
    "pati ki property me patni ka kitna haq hota hai",
    "gawahi dene se mana kar sakte hain kya",
    "mere khilaf jhoota case hua hai, apna bachav kaise karu",
    "zameen ke batwaare ka case kitne saal tak kar sakte hain",
    "alag dharm me shaadi karni hai, kaise hogi",
]

# off-topic: still refused
OFF_TOPIC = [
    "who won the cricket world cup in 2011",
    "give me a recipe for paneer butter masala",
    "how can I lose 5 kg in a month",
    "write a python function to reverse a list",
    "what is the weather in Delhi tomorrow",
    "suggest a good movie to watch tonight",
    "what is the capital of Australia",
    "क्रिकेट में सबसे ज़्यादा शतक किसने बनाए हैं?",
    "दाल मखनी बनाने की विधि बताइए",
    "वज़न कम करने के लिए क्या खाएं?",
    "मुझे एक अच्छा गाना सुझाओ",
    "virat kohli ne kitne run banaye",
    "biryani kaise banate hain",
    "javascript me array sort kaise kare",
    "pet kam karne ke liye kaunsi exercise kare",
]


# A second probe, written for the fix of the problems whose own not-held law is the Act asked about
# (issue 19, point 4), before it and not from any evaluation set: the same Acts asked about anew, and
# beside them held-law questions on the same subjects (a dowry demand with beatings, an adult arrested,
# an adult woman touched, an employer's threat), which must still be answered from held law.
NOT_HELD_OWN = [
    ("The school peon sent dirty videos to my 13 year old son on his phone. What should we do?", "POCSO"),
    ("My daughter is 15 and a man from our building keeps trying to kiss her when she is alone", "POCSO"),
    ("the washing machine I bought last month leaks and the service centre keeps delaying the repair", "CPA"),
    ("the new scooter I bought has a faulty engine and the dealer won't replace it", "CPA"),
    ("My contractor pays us less than the minimum wage fixed by the state", "PWA"),
    ("The hotel where I worked has not given my last two months' salary after I left", "PWA"),
    ("My 17 year old brother was caught by the police in a fight case; will he be tried in a regular court?", "JJA"),
    ("the boy's family wants us to give a car at the engagement, is giving dowry also a crime for us?", "DPA"),
    ("मेरी 9 साल की बेटी को ट्यूशन वाले सर गलत तरीके से छूते हैं", "POCSO"),
    ("ऑनलाइन मंगाया मोबाइल नकली निकला, कंपनी पैसे वापस नहीं कर रही", "CPA"),
    ("ठेकेदार ने दो महीने की मजदूरी नहीं दी", "PWA"),
    ("मेरा 15 साल का बेटा मारपीट के केस में पकड़ा गया है, क्या उसे जेल होगी?", "JJA"),
    ("शादी तय होते ही लड़के वाले दहेज में नकद मांग रहे हैं", "DPA"),
    ("meri 7 saal ki beti ko padosi ne galat jagah chhua", "POCSO"),
    ("naya cooler 10 din me band ho gaya, dukaandar repair nahi kar raha", "CPA"),
    ("seth 2 mahine se majdoori nahi de raha", "PWA"),
    ("mere 14 saal ke bhai ko police ne chori ke case me pakda hai, kya hoga", "JJA"),
    ("rishta pakka hote hi ladke wale dahej me gaadi maang rahe", "DPA"),
]
HELD_NEIGHBOURS = [
    "My husband and his mother beat me every week for more dowry money",
    "my 30 year old son was arrested for theft, how do we get bail",
    "a man grabbed my sister in the market and touched her, she is 24",
    "my employer slapped me when I asked for my pending salary",
    "ससुराल वाले दहेज के लिए मुझे मारते-पीटते हैं",
    "मेरे 35 साल के भाई को चोरी के आरोप में गिरफ्तार किया गया है, जमानत कैसे होगी?",
    "dukaandar ne paise le liye aur saaman diya hi nahi, bhaag gaya",
    "boss ne dhamki di ki salary maangi to maar dunga",
]


# Left after the fix (issue 19), each for a reason the unheld gate alone should not decide:
_BESIDE = (
    "a special Act's own problem keeps held law beside its notice when another problem is recognised with it "
    "(core.unheld_gate.not_held: theft by a child stays, tests/test_routing_cases.py)"
)
_LEXICON = "the Act's subject is not said in the pack's key terms (not_held_terms) this way"
LEFT = {
    "someone copied my song and uploaded it on youtube as his own": "the intimate-images problem is recognised",
    "dukaandar ne paise le liye aur saaman diya hi nahi, bhaag gaya": "no problem is recognised from these Roman "
    "Hindi words (the cheating problem's cues do not say them; the lay words reach the search only, which finds "
    "BNS s.350, not on point), so the answer abstains",
    "दफ्तर में मेरा बॉस मुझसे अश्लील बातें करता है, कंपनी में शिकायत कहाँ करूँ?": "the sexual-harassment problem "
    "(BNS s.75, held) keeps it; the workplace committee is the POSH Act's",
    "सरकार हमारी ज़मीन सड़क के लिए ले रही है, मुआवज़ा कितना मिलेगा?": "the road-accident problem is recognised",
    "bhatte pe poora parivar karz chukane ke liye bina paise ke kaam kar raha hai, chhudwana hai": "no cue for debt "
    "bondage said this way (BNS s.146, unlawful compulsory labour, is held)",
    # the second probe
    "The school peon sent dirty videos to my 13 year old son on his phone. What should we do?": _LEXICON
    + " ('dirty videos' is no sexual term)",
    "My daughter is 15 and a man from our building keeps trying to kiss her when she is alone": _LEXICON
    + " ('kiss' is no sexual term)",
    "The hotel where I worked has not given my last two months' salary after I left": _LEXICON
    + " ('has not given' is no word for unpaid)",
    "My 17 year old brother was caught by the police in a fight case; will he be tried in a regular court?": _BESIDE
    + "; the problem recognised beside it is an elderly person's arrest",
    "मेरा 15 साल का बेटा मारपीट के केस में पकड़ा गया है, क्या उसे जेल होगी?": _LEXICON
    + " ('केस में पकड़ा गया' is no word of a child accused)",
    "mere 14 saal ke bhai ko police ne chori ke case me pakda hai, kya hoga": _LEXICON
    + " ('police ne ... pakda' is more than two words apart)",
    "a man grabbed my sister in the market and touched her, she is 24": "refused as out of scope: no problem or "
    "provision is recognised for 'grabbed ... touched' said this way",
}
# fixed since: a child's theft asked with where the child goes ("use bal sudhar grih bhejenge ya jail": the
# Juvenile Justice Act's own homes, another of its subjects said in full) routes without the theft law beside
# the notice (core.unheld_gate._says_own_matter); "Delhi" is in 858 case names and named no case
# (core.retrieve Retriever._names_party); "karne" of the glossary alias "appeal karne wala" made any
# Roman-Hindi sentence name the appellant (ROMAN_FUNCTION)


def _cases(rows, ids):
    out = []
    for r, i in zip(rows, ids):
        r = r if isinstance(r, tuple) else (r,)
        marks = [pytest.mark.xfail(reason=LEFT[r[0]], strict=False)] if r[0] in LEFT else []
        out.append(pytest.param(*r, id=i, marks=marks))
    return out


def _names(ids: str) -> list[str]:
    out = []
    for i in ids.split():
        a = ACTS[i]
        for n in (a["name_en"], a.get("name_hi") or "", a.get("known_as") or ""):
            bare = n.split(" (")[0].split(",")[0].strip()  # the short title without its year and gloss
            if bare:
                out.append(bare)
    return out


def test_probe_names_only_unheld_acts():
    for _, ids in NOT_HELD + NOT_HELD_OWN:
        assert _names(ids)
    assert set(LEFT) <= {q for q, _ in NOT_HELD + NOT_HELD_OWN} | set(HELD_LEGAL + HELD_NEIGHBOURS) | set(OFF_TOPIC)


# held law that governs part of a not-held Act's subject, which may be cited beside the fixed notice that the Act
# itself is not held, naming it and the place to go: Art. 24 (constitution/constitution.json), no child below
# fourteen employed in a factory or mine or in other hazardous employment ("ढाबे पर 12 साल का बच्चा काम करता है",
# once its age read as a child, Dec 6)
HELD_PART = {"CHILDLABOUR": {"COI:24"}}


@pytest.mark.parametrize("q,acts", _cases(NOT_HELD, [f"{a.split()[0]}-{i}" for i, (_, a) in enumerate(NOT_HELD)]))
def test_not_held_is_named_and_routed(pipe, q, acts):
    r = pipe.ask(q)
    part = set().union(*(HELD_PART.get(a, set()) for a in acts.split()))
    if part and r.status == "answer" and cited_ids(r) and set(cited_ids(r)) <= part:
        said = " ".join(r.notices)
        assert any(n in said for n in _names(acts)), said[:200]
        return
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held", (r.abstain_reason, r.answer[:160])
    assert not cited_ids(r)
    assert any(n in r.answer for n in _names(acts)), r.answer[:200]


@pytest.mark.parametrize(
    "q,acts", _cases(NOT_HELD_OWN, [f"own-{a.split()[0]}-{i}" for i, (_, a) in enumerate(NOT_HELD_OWN)])
)
def test_not_held_own_law_is_named_and_routed(pipe, q, acts):
    test_not_held_is_named_and_routed(pipe, q, acts)


@pytest.mark.parametrize("q", _cases(HELD_NEIGHBOURS, [f"neighbour-{i}" for i in range(len(HELD_NEIGHBOURS))]))
def test_held_neighbour_is_answered_from_held_law(pipe, q):
    r = pipe.ask(q)
    assert r.status in ("answer", "conflict") and cited_ids(r), (r.status, r.abstain_reason, r.answer[:160])


@pytest.mark.parametrize("q", _cases(HELD_LEGAL, [f"held-{i}" for i in range(len(HELD_LEGAL))]))
def test_held_legal_question_is_not_refused(pipe, q):
    r = pipe.ask(q)
    assert r.abstain_reason != "abstain.out_of_scope", r.answer[:160]


@pytest.mark.parametrize("q", _cases(OFF_TOPIC, [f"off-{i}" for i in range(len(OFF_TOPIC))]))
def test_off_topic_is_still_refused(pipe, q):
    r = pipe.ask(q)
    assert r.status == "abstain" and r.abstain_reason == "abstain.out_of_scope", (r.abstain_reason, r.answer[:160])


@pytest.mark.parametrize(
    "text,minor",
    [
        ("I resigned after 7 years and the employer refuses gratuity", False),
        ("10 saal se kaam kar raha hoon", False),
        ("पिछले 5 साल से किराया दे रहा हूँ", False),
        ("my 15 year old son", True),
        ("16 saal ka ladka", True),
        ("मेरे 12 साल के भतीजे", True),
        ("a boy of 15 years", True),
    ],
)
def test_a_span_of_years_is_no_age(text, minor):
    from core.provisions import states_minor_age

    assert states_minor_age(text) is minor


@pytest.mark.parametrize("q", ["mere khilaf jhoota case hua hai", "मेरे खिलाफ झूठा केस हुआ है"])
def test_a_false_case_against_me_is_a_legal_question(q):
    from core.provisions import _ASKS_LAW

    assert _ASKS_LAW.search(q)


# asked in a held Act: answered from it, whatever unheld Act a word evokes ("contract" is the Contract
# Act's subject and its id); the unheld Act said by its name still routes (core.unheld_gate)
IN_HELD_ACT = [
    ("is a contract made over email legally valid under the information technology act", "ITA:10A"),
]
NAMED_BESIDE_HELD = [
    ("under the Indian penal code is breach of contract a crime or do I go to the Indian Contract Act", "Contract"),
    ("is child sexual abuse punished under the IPC or under POCSO", "POCSO"),
]


@pytest.mark.parametrize("q,gold", IN_HELD_ACT)
def test_a_question_asked_in_a_held_act_is_answered_from_it(pipe, q, gold):
    r = pipe.ask(q)
    assert r.status == "answer" and gold in [c.node_id for c in r.citations], (r.status, r.answer[:160])


@pytest.mark.parametrize("q,name", NAMED_BESIDE_HELD)
def test_an_unheld_act_named_beside_a_held_one_is_still_routed(pipe, q, name):
    r = pipe.ask(q)
    assert r.status == "abstain" and not r.citations and name in r.answer, (r.status, r.answer[:160])
