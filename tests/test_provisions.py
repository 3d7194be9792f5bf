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
    ("May the police search my house without a warrant?", "is_offence"),
    ("ek baar faisla ho gaya to wahi case dobara daal sakte hain kya", "is_offence"),
    ("kya police raat ko kisi aurat ko giraftar kar sakti hai", "is_offence"),
    ("क्या एक बार फैसला हो जाने के बाद वही मुकदमा दोबारा अदालत में दायर हो सकता है", "is_offence"),
    ("How do I get an ex parte decree set aside?", "how"),
    ("civil court ke faisle ke khilaf appeal kaise karein", "how"),
    # asked by the kind of wrong or remedy, by a duty, or by a time limit (written for these patterns, Dec 5)
    ("the shopkeeper mixed water in the milk he sold, what offence is that", "which"),
    ("someone bought my stolen phone knowingly, which IT act offence", "which"),
    ("doodh me milawat karna kaunsa apradh hai", "which"),
    ("ससुराल वाले घर से निकाल दें तो क्या उपाय है", "which"),
    ("पति आदेश नहीं मान रहा तो कौन सा उपाय है", "which"),
    ("the police took my statement as a witness, must I sign it", "is_offence"),
    # whether the law forbids it, how grave it is, what the law itself says (forms found on fresh5 train rows)
    ("thane me 2 din bina court ke rakha, kya ye galat hai", "is_offence"),
    ("bina warrant ghar ki talashi li, galat hai kya", "is_offence"),
    ("क्या यह गलत है कि दुकानदार ने बिल नहीं दिया", "is_offence"),
    ("मालिक ने तीन महीने की तनख्वाह रोक ली, क्या ये सही है", "is_offence"),
    ("sasur ne gehne rakh liye, kya ye sahi hai", "is_offence"),
    ("the bank froze my account without notice, is that right", "is_offence"),
    ("mandir me jaane se roka, samvidhan me iske khilaf kya likha hai", "which"),
    ("जाति के नाम पर भेदभाव पर कानून में क्या लिखा है", "which"),
    ("jaali signature karna kitna bada jurm hai", "punishment"),
    ("किसी का पर्स छीनना कितना बड़ा अपराध है", "punishment"),
    ("do I have to go to the police station if they call me on the phone", "is_offence"),
    ("can his sons claim a share in the house", "is_offence"),
    ("FIR ki copy lena zaroori hai kya", "is_offence"),
    ("by when must I file the cheque bounce case", "how"),
    ("ek-tarfa decree ke khilaf arzi kitne din me deni hoti hai", "how"),
    ("बकाया पैसे का मुकदमा करने की मियाद क्या है", "how"),
    ("धारा 25 साक्ष्य अधिनियम का नया नंबर क्या है", "renumbered"),
    ("is a son bound to look after his old parents", "is_offence"),
    ("kya beta maa baap ki dekhbhal ke liye bound hai", "is_offence"),
    ("क्या बेटा माता-पिता की देखभाल के लिए बाध्य है", "is_offence"),
    # where the law says it, and the section of a thing (ours, Dec 5)
    ("free lawyer ka haq samvidhan me kahan likha hai", "which"),
    ("ye baat kanoon me kahan likhi hai", "which"),
    ("बच्चे की कस्टडी की बात कानून में कहाँ लिखी है", "which"),
    ("Where in the law is it written that a wife gets maintenance?", "which"),
    ("zameen par kabze ka section batao", "which"),
    ("नकली दवा बेचने की धारा बताइए", "which"),
    # a yes-or-no question about what the law gives or requires
    ("vasiyat ke bina beti ko hissa milta hai kya", "is_offence"),
    ("गोद लिए बच्चे को पिता की संपत्ति में हिस्सा मिलता है क्या", "is_offence"),
    ("kya gawah ka court me aana zaroori tha", "is_offence"),
    ("शादी का पंजीकरण जरूरी होता है क्या", "is_offence"),
]

NOT_TYPED = [  # a person asking what to do, not what the law says: no type
    "my husband beats me, what should I do",
    "where should I go to complain",
    "what must I do now",
    "my father walked out on my mother, what can she do",
]


@pytest.mark.parametrize("question", NOT_TYPED)
def test_asking_what_to_do_is_not_a_question_type(question):
    assert question_types(question) == []


WILL = [
    ("can my father make a will of his house", "vasiyat"),
    ("kya wo apni will badal sakta hai", "vasiyat"),
    ("my father died without a will", "intest"),
]


@pytest.mark.parametrize("question,stem", WILL)
def test_will_said_as_a_noun_is_the_testament(question, stem):
    # "will" the verb is a stop word; "a will", "apni will" is the law of wills; "without a will" is not
    assert stem in toks(question)
    assert "vasiyat" not in toks("what will happen if I do not pay the fine")


@pytest.mark.parametrize(
    "question",
    [
        "they married her off against her will, is that a crime",
        "the landlord locked my brother in a room against his will",
        "my husbands will not pay for the children",  # a plural's typo, not a testament
    ],
)
def test_will_of_consent_is_not_the_testament(question):
    assert "vasiyat" not in toks(question)


def test_a_relations_will_is_the_testament():
    assert "vasiyat" in toks("is my grandfather's will valid if it is not registered")


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

    unheld = _unheld_rows(PACK)[0]
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

    unheld = _unheld_rows(PACK)[0]
    loose = {"arm", "dowry", "succession", "contract", "labour", "registr", "weapon", "नागरिक", "आय", "खुल", "khula"}
    for u in unheld:
        for cue in u.cues:
            assert cue and not (len(cue) == 1 and cue[0] in loose), (u.id, cue)


# ------------------------------------------------------------------ Acts not held, as lay people ask (issue 19)
# Development questions written for NyayaPath (none from evaluation/datasets): the Act is not named; the
# subject is said in plain words, in English, Hindi and Roman Hindi, with the spellings people type. They are
# matched by each Act's subject in key terms (pack "subjects" over "not_held_terms"), not by a phrase.
NOT_HELD_AS_PEOPLE_ASK = [
    ("my daughter's tuition sir touched her in a bad way, she is only 9 years old", "UNHELD:POCSO"),
    ("पड़ोस का आदमी मेरी 8 साल की बच्ची को गलत तरीके से छूता है", "UNHELD:POCSO"),
    ("mere bhatije ke saath school ke chaprasi ne gandi harkat ki", "UNHELD:POCSO"),
    ("a man keeps sending obscene messages to my 14 yr old son", "UNHELD:POCSO"),
    ("how can I get copies of the file notings about my pension from the government department", "UNHELD:RTI"),
    ("sarkari daftar se jaankari kaise nikalwaye", "UNHELD:RTI"),
    ("the showroom sold me a washing machine that stopped working in a week and won't replace it", "UNHELD:CPA"),
    ("ऑनलाइन मंगाया फोन खराब निकला, दुकानदार पैसे वापस नहीं कर रहा", "UNHELD:CPA"),
    ("mobile kharab nikla, company replace nahi kar rahi", "UNHELD:CPA"),
    ("dahej mein car maang rahe hain, kya ye kanoon ke khilaf hai", "UNHELD:DPA"),
    ("my neighbour starves his cow and keeps it chained day and night", "UNHELD:PCA"),
    ("गाय को भूखा रखकर बांध कर रखा है", "UNHELD:PCA"),
    ("upper caste people stopped us from entering the village temple because we are dalits", "UNHELD:SCST"),
    ("mujhe meri jaati ko lekar sabke saamne beizzat kiya", "UNHELD:SCST"),
    ("my 17 year old brother got arrested for stealing a bike, will he go to an adult jail", "UNHELD:JJA"),
    ("we are christians and want to adopt a baby girl from an orphanage", "UNHELD:JJA"),
    ("police caught my cousin with 50 grams of smack", "UNHELD:NDPS"),
    ("kitna chitta rakhne par jail hoti hai", "UNHELD:NDPS"),
    ("my manager keeps making sexual comments to me at the office", "UNHELD:POSH"),
    ("ऑफिस में बॉस गलत नीयत से छूता है, कहाँ शिकायत करूं", "UNHELD:POSH"),
    ("can I buy a revolver for my safety", "UNHELD:ARMS"),
    ("my 15 year old sister is being forced to marry a man of 30", "UNHELD:PCMA"),
    ("nabalig ladki ka byah rukwana hai", "UNHELD:PCMA"),
    ("up to how many weeks can a pregnancy be legally terminated", "UNHELD:MTP"),
    ("garbh girane ki kanooni seema kya hai", "UNHELD:MTP"),
    ("mere malik ne teen mahine se tankhwah nahi di", "UNHELD:PWA"),
    ("is my employer allowed to pay me less than the minimum wage", "UNHELD:PWA"),
    ("the builder took 40 lakh and still hasn't handed over my flat after 4 years", "UNHELD:RERA"),
    ("my husband sent me talaq by text message", "UNHELD:MWPRMA"),
    ("can my brother and his wife, both hindus, adopt their niece", "UNHELD:HAMA"),
    ("how much notice must the landlord give before asking the tenant to leave", "UNHELD:TPA"),
    ("my landlord increased the rent by 30 percent suddenly", "UNHELD:RENT"),
    ("makan malik security deposit wapas nahi kar raha", "UNHELD:RENT"),
    ("the supplier broke our contract, can I claim damages", "UNHELD:CONTRACT"),
    ("someone uploaded my song on his channel as his own", "UNHELD:COPYRIGHT"),
    ("my uncle keeps a pet monkey tied in his shop, is it allowed", "UNHELD:WILDLIFE"),
    ("how do I get my gender changed on my certificates", "UNHELD:TRANSGENDER"),
    ("my wife is nepali, how can she become an indian citizen", "UNHELD:CITIZENSHIP"),
    ("the private school is asking 2 lakh donation for nursery admission", "UNHELD:RTE"),
    ("zameen ki registry mein kitna kharcha lagta hai", "UNHELD:REGISTRATION"),
    ("I was fired after telling my boss I am pregnant", "UNHELD:MATERNITY"),
    ("a 12 year old boy works at the dhaba near my house", "UNHELD:CHILDLABOUR"),
    ("patwari ghoos maang raha hai", "UNHELD:CORRUPTION"),
    ("can a sikh father adopt a child", "UNHELD:HAMA"),
    ("a chemical factory is dumping waste into our village pond", "UNHELD:ENVIRONMENT"),
    ("seller took bayana for the plot and now refuses to sell", "UNHELD:SRA"),
    ("how to register a private limited company", "UNHELD:COMPANIES"),
    ("I got a GST notice for my shop", "UNHELD:GST"),
    ("my company has gone bankrupt, will I get my dues", "UNHELD:IBC"),
    ("ED ne mere chacha ko money laundering mein bulaya", "UNHELD:PMLA"),
    ("school insists on aadhaar for admission, is it mandatory", "UNHELD:AADHAAR"),
    ("an app sold my personal data to marketing companies without consent", "UNHELD:DPDP"),
    ("how do I get an fssai licence for my tiffin service", "UNHELD:FSSA"),
    ("the chemist is selling medicines without prescription", "UNHELD:DRUGSCOSMETICS"),
    ("the company laid off 50 workers without paying anything", "UNHELD:IDA"),
    ("esi card se ilaj kaise karwaye", "UNHELD:ESI"),
    ("a labourer fell from the scaffolding at the construction site, who pays compensation", "UNHELD:EMPCOMP"),
    ("bhatta malik ne karz ke badle bandhua bana ke rakha hai", "UNHELD:BONDED"),
    ("the doctor offered to tell us if the baby is a boy or girl for money", "UNHELD:PCPNDT"),
    ("how to file contempt against officers who ignored the court's order", "UNHELD:CONTEMPT"),
    ("my lawyer took my fees and never appeared in court", "UNHELD:ADVOCATES"),
    ("mera naam voter list se kat gaya", "UNHELD:RPA"),
    ("how much stamp duty on a gift deed to my daughter", "UNHELD:STAMP"),
    ("my business partner wants to leave the firm, how do we split the assets", "UNHELD:PARTNERSHIP"),
    ("a shopkeeper sells cigarettes to school children", "UNHELD:COTPA"),
    ("someone is selling fake goods under my brand name", "UNHELD:TRADEMARKS"),
    ("nagar nigam ne mera thela utha liya", "UNHELD:STREETVENDORS"),
    ("forest department is removing us from land we have farmed for generations", "UNHELD:FRA"),
    ("my visa expired last month, what happens now", "UNHELD:IMMIGRATION"),
    ("housing society secretary is charging extra maintenance", "UNHELD:COOPERATIVE"),
    ("how to register an ngo for helping poor kids", "UNHELD:TRUSTS"),
    ("kidney bechne par kya saza hai", "UNHELD:THOTA"),
    ("surrogate mother ke liye kya niyam hain", "UNHELD:SURROGACY"),
    ("bijli ka bill bahut zyada aaya hai", "UNHELD:ELECTRICITY"),
    ("bank ne loan na chukane par ghar seal kar diya", "UNHELD:SARFAESI"),
    ("sarkar ne highway ke liye meri zameen le li, muavza kam hai", "UNHELD:LANDACQ"),
    ("my mentally ill brother was admitted to a hospital against his will", "UNHELD:MHCA"),
    ("how many bottles of liquor can I carry into Gujarat", "UNHELD:EXCISE"),
    ("koi online satta app chala raha hai", "UNHELD:GAMBLING"),
    ("मेरे 13 साल के बेटे के साथ कोच ने अश्लील हरकत की", "UNHELD:POCSO"),
    ("the gas geyser I bought last month is faulty and the dealer refuses to repair it", "UNHELD:CPA"),
    ("दुकानदार ने एक्सपायर दवाई बेची, कहाँ शिकायत करें", "UNHELD:CPA"),
    ("my in-laws are asking for 5 lakh dowry before the wedding date", "UNHELD:DPA"),
    ("someone set fire to a puppy's tail in our street", "UNHELD:PCA"),
    ("the sarpanch called my father by his caste name and humiliated him", "UNHELD:SCST"),
    ("mere dost ke paas se ganje ki pudiya mili, ab kya hoga", "UNHELD:NDPS"),
    ("a senior colleague at work sends me lewd messages at night", "UNHELD:POSH"),
    ("how to get a licence for a rifle for crop protection", "UNHELD:ARMS"),
    ("गांव में 14 साल की लड़की की शादी हो रही है", "UNHELD:PCMA"),
    ("thekedar ne do mahine ki majdoori nahi di", "UNHELD:PWA"),
    ("developer ne 5 saal se flat ka kabza nahi diya", "UNHELD:RERA"),
    ("can a jain couple adopt a girl child", "UNHELD:HAMA"),
    ("the owner wants to raise the rent every six months", "UNHELD:RENT"),
    ("a website is showing my painting without permission", "UNHELD:COPYRIGHT"),
    ("neighbour is keeping a peacock in a cage", "UNHELD:WILDLIFE"),
    ("school ne EWS seat par admission dene se mana kar diya", "UNHELD:RTE"),
    ("office ne pregnancy ki wajah se naukri se nikal diya", "UNHELD:MATERNITY"),
    ("a 10 year old girl works as a maid in the flat next door", "UNHELD:CHILDLABOUR"),
    ("the brick factory smoke is polluting our whole village", "UNHELD:ENVIRONMENT"),
    ("the owner took token money for the flat and is now selling it to someone else", "UNHELD:SRA"),
    ("the builder company is in insolvency, will homebuyers get money", "UNHELD:IBC"),
    ("bank is refusing to open my account without aadhaar, is it compulsory", "UNHELD:AADHAAR"),
    ("factory owner did retrenchment without paying compensation", "UNHELD:IDA"),
    ("we are made to work at the kiln to pay off an old debt, bonded", "UNHELD:BONDED"),
    ("clinic ne batane ki peshkash ki ki ladka hai ya ladki", "UNHELD:PCPNDT"),
    ("my advocate colluded with the other side", "UNHELD:ADVOCATES"),
    ("what stamp duty is payable on a rent agreement", "UNHELD:STAMP"),
    ("people smoke at the bus stop all the time, is there a fine", "UNHELD:COTPA"),
    ("can I take two bottles of whisky from Delhi to Bihar", "UNHELD:EXCISE"),
    ("government is acquiring our farm land for an airport, what compensation", "UNHELD:LANDACQ"),
    ("bijli vibhag ne bina notice connection kaat diya", "UNHELD:ELECTRICITY"),
    ("bank sent a possession notice for my shop after I missed EMIs", "UNHELD:SARFAESI"),
    ("can a psychiatric hospital keep my sister against her will", "UNHELD:MHCA"),
    ("my foreign wife's visa is about to expire", "UNHELD:IMMIGRATION"),
    ("the police keep removing hawkers from the market road", "UNHELD:STREETVENDORS"),
    ("how do we register a charitable trust for our temple", "UNHELD:TRUSTS"),
]

# Questions whose law the graph holds (theft, domestic violence, dowry cruelty, cheque bounce, arrest and
# bail, accidents, online fraud, maintenance, ...): no unheld Act takes them, or a held name outranks it.
HELD_AS_PEOPLE_ASK = [
    "my phone was stolen from the bus",
    "mera purse chori ho gaya",
    "my husband beats me daily and took my salary",
    "पति शराब पीकर मारपीट करता है",
    "my cheque bounced, what should I do",
    "dahej ke liye sasural wale maarte hain",
    "my wife died 3 years after marriage, her parents allege dowry death",
    "my son doesn't give me maintenance, I am 70",
    "police refused to register my FIR about land grabbing",
    "can I get anticipatory bail in a false dowry case",
    "a drunk driver hit my father's scooter, how to claim compensation",
    "someone created a fake instagram profile with my photos",
    "I lost 50000 in a UPI fraud",
    "my neighbour is threatening to kill me",
    "divorce by mutual consent procedure",
    "my landlord locked my room and threw my things out",
    "what is the punishment for rape",
    "which section for sexual harassment on a bus",
    "a man keeps following my daughter to college",
    "my 20 year old son was arrested for a fight, how to get bail",
    "can police arrest a woman at night",
    "my dog was stolen",
    "a stray dog bit my child, who is responsible",
    "my husband married again without divorcing me",
    "how do I get my stridhan jewellery back from my in-laws",
    "my employer slapped me in front of everyone",
    "can I record a call with my husband as evidence",
    "a car hit me and ran away",
    "what is the limitation period to recover money lent to a friend",
    "online loan app recovery agents are abusing my contacts",
    "someone is spreading lies about me on facebook",
    "my neighbour built a wall on my land",
    "my brother is occupying our ancestral property for 15 years",
    "husband not paying maintenance for our children",
    "custody of my 5 year old son after divorce",
    "my husband's family took my dowry jewellery and won't return it",
    "police beat my son in custody",
    "which section applies for kidnapping a child",
    "someone molested my wife in a crowded market",
    "court marriage kaise kare",
    "mere pati ne dusri shaadi kar li",
    "fine for driving without licence",
    "kya bina helmet ke bike chalane par challan hoga",
    "मेरे बेटे को पुलिस ने पकड़ लिया है, जमानत कैसे होगी",
    "a bank employee cheated me out of my FD money",
    "which article gives right to equality",
    "is it a crime to insult someone's religion",
    "online gaming app took my money by fraud",
    "my tenant is not paying rent for six months",
    "what is the punishment for murder under BNS",
    "my company director cheated investors",
    "my disabled son is being teased and beaten at school",
    "मेरी बेटी की शादी के बाद ससुराल वाले दहेज के लिए मारते हैं",
    "पड़ोसी ने मेरी ज़मीन पर कब्ज़ा कर लिया है",
    "मेरा मोबाइल चोरी हो गया, एफआईआर कैसे करूं",
    "पति ने घर से निकाल दिया और खर्चा नहीं देता",
    "बुज़ुर्ग माता-पिता को बेटा खाना नहीं देता",
    "ऑनलाइन ठगी में मेरे खाते से पैसे कट गए",
    "चेक बाउंस होने पर क्या करें",
    "kisi ne meri photo edit karke instagram pe daal di",
    "mere bhai ko police bina warrant utha ke le gayi",
    "sasural wale stridhan wapas nahi kar rahe",
    "accident mein papa ki maut ho gayi, muavza kaise milega",
    "padosi roz gaali deta hai aur maarne ki dhamki deta hai",
]


@pytest.mark.parametrize("question,act", NOT_HELD_AS_PEOPLE_ASK)
def test_unheld_act_recognised_as_people_ask(pack_index, question, act):
    hit = pack_index.unheld_hit(question)
    assert hit is not None and hit.act.id == act and not hit.blocked_by, (
        hit and (hit.act.id, hit.cue, hit.blocked_by),
        pack_index.terms.said(question),
    )


@pytest.mark.parametrize("question", HELD_AS_PEOPLE_ASK)
def test_held_law_asked_plainly_is_not_routed_away(pack_index, question):
    hit = pack_index.unheld_hit(question)
    assert hit is None or hit.blocked_by, (hit.act.id, hit.cue, pack_index.terms.said(question))


def test_the_tables_are_lay_questions_in_three_scripts():
    """At least 40 of each, in English, Devanagari and Roman Hindi; no question names its Act."""
    assert len(NOT_HELD_AS_PEOPLE_ASK) >= 40 and len(HELD_AS_PEOPLE_ASK) >= 40
    deva = re.compile(r"[\u0900-\u097f]")
    for table in ([q for q, _ in NOT_HELD_AS_PEOPLE_ASK], HELD_AS_PEOPLE_ASK):
        assert sum(bool(deva.search(q)) for q in table) >= 5
        assert sum(bool(re.search(r"\b(?:hai|nahi|ka|ki|ke|ne|mein)\b", q)) for q in table) >= 5
    assert not [q for q, _ in NOT_HELD_AS_PEOPLE_ASK if re.search(r"\b(?:act|adhiniyam)\b|अधिनियम", q, re.I)]


def test_every_subject_names_known_terms_and_every_act_has_words():
    terms = PACK["not_held_terms"]["terms"]
    assert PACK["not_held_terms"]["source"]
    for a in PACK["not_held"]:
        assert a.get("subjects") or a.get("cues_en"), a["id"]
        for sub in a.get("subjects") or []:
            unknown = [w.lstrip("-") for w in sub.split() if w != "!" and w.lstrip("-") not in terms]
            assert not unknown, (a["id"], sub, unknown)
    for name, words in terms.items():
        assert words.get("en") and (words.get("hi") or words.get("rom")), name


def test_unheld_acts_are_not_the_acts_the_graph_holds():
    """The Acts added as not held are none of the registry's held Acts (Probation of Offenders, Rights of
    Persons with Disabilities, Negotiable Instruments, ... are held and must not be listed)."""
    acts = json.loads(paths.pack_file("acts.json").read_text(encoding="utf-8"))["acts"]
    held = {re.sub(r",? \d{4}$", "", a["name_en"]).lower() for a in acts}
    for a in PACK["not_held"]:
        name = a["name_en"].lower()
        assert not any(h in name for h in held if len(h) > 12), (a["id"], a["name_en"])


def test_spelling_skeleton_folds_how_roman_hindi_is_typed():
    from core.provisions import skeleton

    assert skeleton("bachcha") == skeleton("bacha") == skeleton("bachche")
    assert skeleton("shoshan") == skeleton("soshan")
    assert skeleton("zameen") == skeleton("jamin")
    assert skeleton("harrassment") == skeleton("harassment")
    assert skeleton("शोषण") == skeleton("शोषन")
    assert skeleton("bike") != skeleton("bhikh") or len(skeleton("bike")) < 4


def test_key_terms_match_stems_prefixes_slips_and_word_order():
    from core.provisions import Terms

    t = Terms(
        {"sexual": ["molest*", "touch* inappropriat*"], "child": ["#under18", "child", "nabalig"], "x": ["lockout"]}
    )
    assert set(t.said("he molested her")) == {"sexual"}
    assert set(t.said("my 12 year old was touched inappropriately")) == {"sexual", "child"}
    assert "sexual" not in t.said("inappropriate jokes, then he touched the door")  # order
    assert "child" in t.said("naabalig ladki")  # a spelling variant
    assert "child" in t.said("the childs were playing") and "child" not in t.said("my 19 year old son")
    assert "x" not in t.said("landlord locked me out")


def test_the_act_is_named_when_any_words_said_for_it_name_it(pack_index):
    """A subject said at length may rank first ("tried as an adult"), but the question still names the Act
    ("juvenile justice board"), so a recognised problem does not keep it (core.retrieve)."""
    hit = pack_index.unheld_hit(
        "my 14 year old nephew must appear before the juvenile justice board, can he be tried as an adult"
    )
    assert hit.act.id == "UNHELD:JJA" and hit.names_act and not hit.blocked_by


def test_subject_syntax():
    from core.provisions import Subject

    s = Subject.parse("underage child_offender -sexual -driving !")
    assert s.terms == ("underage", "child_offender") and s.unless == ("sexual", "driving") and s.over_offences


def test_graph_holds_the_subjects_and_terms_of_the_pack(graph):
    """The loader writes each Act's subjects and each key term (Lexicon LEXICON:term:<name>), so the index
    built from the graph matches as the pack says (run graph_schema/loaders/provision_names.py to reload)."""
    from core.provisions import TERM_PREFIX

    n_terms = graph.ro_query("MATCH (l:Lexicon) WHERE l.id STARTS WITH $p RETURN count(l)", {"p": TERM_PREFIX})[0][0]
    if not n_terms:
        pytest.skip("graph built before the key terms (reload provision names)")
    assert n_terms == len(PACK["not_held_terms"]["terms"])
    idx = index_for(graph)
    assert sum(len(u.subjects) for u in idx.unheld) == sum(len(a.get("subjects") or []) for a in PACK["not_held"])


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
