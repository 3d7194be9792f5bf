"""Held law that sits beside an Act the graph does not hold, asked in English as people ask (issue 19).

Written for this test in our own lay words (no Act named, some misspelt), before any fix and not from the
pack's headings, its lay-word entries or any evaluation set; each gold provision was checked in the corpus
statutes (../shared/corpus/statutes: BNS, BNSS, BSA, IT, MV, NI, HMA, Limitation; constitution.json).

- held: a question whose words evoke an unheld Act (the MTP Act, the Juvenile Justice Act, POCSO, the
  Dowry Prohibition Act, the SC/ST Act, the Arms Act, NDPS, RTI, Consumer Protection, the wage code, rent
  control ...) but whose governing law is held: it is answered, and one of the gold provisions is among the
  verified citations (no not-held notice takes its place);
- not held: the answer abstains as not held, cites nothing and names the Act.
"""

from __future__ import annotations

import pytest
from answer_support import cited_ids
from test_unheld_probe import ACTS, _names  # the unheld Acts of the pack and the names an answer may give

# (question, gold: any of these cited, the unheld Act its words sit near)
HELD = [
    # beside the MTP Act: an ended pregnancy the woman did not choose is an offence of the penal code
    ("a man kicked his pregnant wife in the belly and she lost the baby, which section", ("BNS:89", "BNS:88"), "MTP"),
    ("what is the punishment for a person who makes a woman miscarry on purpose", ("BNS:88", "BNS:89"), "MTP"),
    ("my cousin died because a fake doctor tried to get rid of her pregnancy, is that a crime", ("BNS:90",), "MTP"),
    (
        "a couple secretly buried their dead newborn so nobody would know about the birth, what offence",
        ("BNS:94",),
        "MTP",
    ),
    # beside the Juvenile Justice Act and the child labour law: offences against children
    ("a mother left her 3 year old at the bus stand and never came back, which offence is this", ("BNS:93",), "JJA"),
    (
        "someone used a 12 year old boy to deliver stolen goods for him, what is the punishment for that adult",
        ("BNS:95",),
        "JJA",
    ),
    ("gang cutting off childrens hands so they earn more begging, which section", ("BNS:139",), "CHILDLABOUR"),
    (
        "a stranger snatched a 6 year old girl from the park to take her gold earrings, what crime",
        ("BNS:97",),
        "JJA",
    ),
    ("man lured a 15 year old girl away from her parents without their permission, which section", ("BNS:137",), "JJA"),
    ("a woman was abducted so she could be forced to marry someone, what is the section for that", ("BNS:87",), "PCMA"),
    ("what happens to someone who sells a young girl to a brothel", ("BNS:98", "BNS:143"), "ITPA"),
    # beside POCSO and the POSH Act: adult women
    ("a man touched a woman's chest in a crowded bus on purpose, which offence", ("BNS:74", "BNS:75"), "POSH"),
    (
        "my colleague at the office keeps sending me dirty jokes and asking for sexual favours, which section",
        ("BNS:75",),
        "POSH",
    ),
    (
        "someone secretly filmed women changing clothes in a trial room, what is the punishment",
        ("BNS:77", "ITA:66E"),
        "POSH",
    ),
    # beside the Dowry Prohibition Act
    (
        "bride died of burns within a year of marriage and the in-laws wanted more dowry, what offence is it",
        ("BNS:80",),
        "DPA",
    ),
    ("in laws keep beating her over dowery demands, punishment?", ("BNS:85", "BNS:86"), "DPA"),
    ("he married a second time while his first wife is alive, is that a crime", ("BNS:82", "HMA:17"), "MUSLIMPL"),
    # beside the SC/ST Act
    ("a local leader gave speeches stirring up hate between two castes, which section", ("BNS:196",), "SCST"),
    ("which fundamental right abolishes the practise of untouchability", ("COI:17",), "SCST"),
    (
        "a shop owner refuses to let people of one religion enter his shop, what does the constitution say",
        ("COI:15",),
        "SCST",
    ),
    # beside the Arms Act
    ("a man pointed a pistol at me and said he would kill me, what offence", ("BNS:351",), "ARMS"),
    ("six men with guns broke into a house and looted everything, which section applies", ("BNS:310",), "ARMS"),
    ("my neighbour attacked my brother with a knife and injured him, what is the section", ("BNS:118",), "ARMS"),
    # beside NDPS, the drugs law, food safety and excise
    ("someone put sedatives in my tea on a train and stole my bag, which offence", ("BNS:123",), "NDPS"),
    ("a chemist is mixing chalk powder in medicines and selling them, punishment?", ("BNS:276", "BNS:277"), "NDPS"),
    ("is driving after taking drugs an offence, what is the fine", ("MVA:185",), "NDPS"),
    ("a drunk man was creating a nuisance and abusing people on the street, which section", ("BNS:355",), "EXCISE"),
    ("milkman adds water and chemicals to the milk he sells, what crime is that", ("BNS:274",), "FSSA"),
    # beside the RTI Act: copies the held procedure gives
    ("police refuse to give me a copy of the FIR I lodged, am I entitled to it", ("BNSS:173",), "RTI"),
    ("as an accused can I get copies of the chargesheet and witness statements", ("BNSS:230",), "RTI"),
    ("how do I prove a government record in court with a certified copy", ("BSA:75", "BSA:76"), "RTI"),
    # beside the Consumer Protection Act and the contract law
    ("the jeweller sold me a fake gold chain saying it was real, what offence", ("BNS:318",), "CPA"),
    (
        "a fraudster posing as a bank employee on phone took my OTP and emptied my account, which section",
        ("ITA:66D", "BNS:319", "BNS:318"),
        "CPA",
    ),
    ("buyer paid for my old bike by cheque and it bounced, what can I do legally", ("NIA:138",), "CPA"),
    (
        "a man on the phone said he was from the bank, got my debit card number and then my money was gone, "
        "which section",
        ("ITA:66D", "BNS:319", "BNS:318"),
        "GAMBLING",
    ),
    ("a doctor's carelessness during an operation killed my father, which offence", ("BNS:106",), "CPA"),
    # beside the wage, bonded labour and industrial laws
    (
        "a brick kiln owner forces workers to work without pay and wont let them leave, is that an offence",
        ("BNS:146",),
        "BONDED",
    ),
    ("my neighbours lock their house maid inside when they go out, is it a crime", ("BNS:127",), "PWA"),
    ("can the government stop workers forming a union, which right protects us", ("COI:19",), "IDA"),
    # beside rent control and land acquisition
    (
        "the tenant refuses to leave after the lease ended, within how many years must the landlord sue for possession",
        ("LIMITATION:Schedule Article 67",),
        "RENT",
    ),
    (
        "my landlord entered my rented room while i was away and threw out my things, which offence",
        ("BNS:329",),
        "RENT",
    ),
    ("can the state take my land without paying anything, what does the constitution say", ("COI:300A",), "LANDACQ"),
    # beside the animals, data, Aadhaar, corruption, mental health, elections and passport laws
    ("somebody poisoned our buffalo out of jealousy, which section", ("BNS:325",), "PCA"),
    (
        "someone hacked my instagram acount and changed the password, which law punishes this",
        ("ITA:66", "ITA:43"),
        "DPDP",
    ),
    (
        "a man used my aadhar number and photo to take a loan in my name, what offence",
        ("ITA:66C", "BNS:319"),
        "AADHAAR",
    ),
    (
        "a man pretending to be a police officer was collecting money from shopkeepers, what section",
        ("BNS:204",),
        "CORRUPTION",
    ),
    ("can a mentally ill person be punished for killing someone", ("BNS:22",), "MHCA"),
    ("a candidate's men were handing out cash to voters, what is the offence", ("BNS:170", "BNS:173"), "RPA"),
    ("an agent stamped a fake visa in my passport, which section", ("BNS:336", "BNS:340"), "PASSPORT"),
    # the defects of issue 19 found by hand (our wordings)
    ("her pregnancy was terminated without her agreeing, what offence is that", ("BNS:89",), "MTP"),
    ("a gang makes small kids beg on the road, which section", ("BNS:139",), "CHILDLABOUR"),
    ("my neighbour keeps a wanted man hidden in his house, is that a crime", ("BNS:253", "BNS:249"), "-"),
]

# (question, the unheld Acts any of which may be named)
NOT_HELD = [
    ("house owner wants to double the monthly rent at once, is there any limit on how much he can raise", "RENT"),
    ("my neighbour is stealing electricty by putting a hook wire on the pole", "ELECTRICITY"),
    ("can a pregnancy be ended at 5 months if scans show the baby has a serious defect", "MTP"),
    ("will a 16 year old who stabbed someone be tried like an adult", "JJA"),
    ("is giving and taking dowry illegal even if both familys agree", "DPA"),
    ("caught with 2 kg charas, how many years in jail", "NDPS"),
    ("can I keep a revolver at home without a licence", "ARMS"),
    ("how do I ask the municipal office for information on how they spent the road budget", "RTI"),
    ("company sold me a defective fridge and won't refund, where to file complaint", "CPA"),
    ("my employer hasn't paid my salary for three months, where do I complain", "PWA"),
    ("upper caste neighbours insulted me with caste slurs in front of everyone", "SCST"),
    ("some men hunted a deer in the forest near our village", "WILDLIFE"),
    ("how do I withdraw my provident fund after leaving the job", "EPF"),
    ("can my employer refuse maternity leave to me", "MATERNITY"),
    ("is it legal to get a scan to know if the baby is a boy or girl", "PCPNDT"),
    ("a man showed porn videos to kids in our colony", "POCSO"),
]

# left, each for a reason the unheld gate alone does not decide (measured on 5 Dec: held 45/52, not held 14/16)
_RANK = "the provision scorer (core.provision_rank) ranks another offence first and the gold is not cited"
LEFT: dict[str, str] = {
    "a man kicked his pregnant wife in the belly and she lost the baby, which section": _RANK
    + " (hurt, BNS s.115, though the lay words give 'miscarriage')",
    "someone used a 12 year old boy to deliver stolen goods for him, what is the punishment for that adult": _RANK
    + " (stolen property, BNS s.317; s.95 second)",
    "a stranger snatched a 6 year old girl from the park to take her gold earrings, what crime": _RANK
    + " (snatching, BNS s.304: 'snatched a girl' is read as snatching property)",
    "my cousin died because a fake doctor tried to get rid of her pregnancy, is that a crime": "a problem (the "
    "medical examination of an arrested person) is recognised and no direct answer is made",
    "my neighbour attacked my brother with a knife and injured him, what is the section": "the assault problem "
    "answers with its own hurt sections (BNS ss.115-117), not s.118 (dangerous weapons)",
    "six men with guns broke into a house and looted everything, which section applies": "the Arms Act's cue "
    "'gun' alone, and no held offence the scorer finds names guns (house-breaking, s.331, leads; dacoity, s.310, "
    "is not ranked)",
    "can a pregnancy be ended at 5 months if scans show the baby has a serious defect": "the MTP Act's key terms "
    "(provision_names.json not_held_terms 'abortion': 'end* pregnan*') say the pregnancy ended only in that order",
    "how do I ask the municipal office for information on how they spent the road budget": "the RTI Act's subject "
    "yields to Art. 112's people-name 'budget' (core.provisions ProvisionIndex.unheld_hit) and the question is "
    "then refused as out of scope",
}

# passes alone, with its file, with every file from test_t* on, and on the full run's own graph, but abstains
# (abstain.no_evidence) in the full run (Dec 5, trees f8870a4 and e70a67e): some earlier test leaves state this
# question's answer depends on. The index cache keyed by id(store) (core.graphdb.built_once) was one such state and
# is fixed (tests/test_built_once.py), but this row still failed in the full run after that fix, so the cause is
# another; not strict until it is found (the closing note says so)
ORDER_DEPENDENT = {
    "which fundamental right abolishes the practise of untouchability": "abstains in the full run only "
    "(order-dependent state, cause not found); passes alone and on the run's own graph",
    # Dec 5, tree c4cdcbf: failed in the full run (cited the assault problem's hurt sections), passed alone, with
    # its file, and under six hash seeds, while the row above passed in that run: the same unfound state. Both
    # rows answer exactly so when the names-vector search fails (core.strategies.vector now retries it and logs
    # a failure to test-artifacts/pytest-warnings.log); why it fails in the full run is not yet known
    "in laws keep beating her over dowery demands, punishment?": "cites the assault problem's hurt sections "
    "in the full run only (order-dependent state, cause not found); passes alone",
}


def _cases(rows, prefix):
    out = []
    for i, r in enumerate(rows):
        marks = [pytest.mark.xfail(reason=LEFT[r[0]], strict=True)] if r[0] in LEFT else []
        if r[0] in ORDER_DEPENDENT:
            marks = [pytest.mark.xfail(reason=ORDER_DEPENDENT[r[0]], strict=False)]
        out.append(pytest.param(*r, id=f"{prefix}-{r[-1].split()[0]}-{i}", marks=marks))
    return out


def test_table_is_sound():
    from core.script_words import script_of

    assert len(HELD) >= 40 and len(NOT_HELD) >= 15
    assert len({q for q, *_ in HELD + NOT_HELD}) == len(HELD) + len(NOT_HELD)
    for q, gold, near in HELD:
        assert gold and (near == "-" or near in ACTS), q
        assert script_of(q) == "en", q
    for q, acts in NOT_HELD:
        assert _names(acts), q
    assert set(LEFT) <= {r[0] for r in HELD + NOT_HELD}


def test_gold_is_held(graph):
    from core.provisions import index_for

    idx = index_for(graph)
    for q, gold, _ in HELD:
        assert all(g in idx.entries for g in gold), (q, [g for g in gold if g not in idx.entries])


@pytest.mark.parametrize("q,gold,near", _cases(HELD, "held"))
def test_held_near_unheld_is_answered(pipe, q, gold, near):
    r = pipe.ask(q)
    cited = cited_ids(r)
    assert r.status in ("answer", "conflict") and r.abstain_reason != "abstain.not_held", (
        r.status,
        r.abstain_reason,
        r.answer[:160],
    )
    assert set(gold) & set(cited), (gold, cited)


@pytest.mark.parametrize("q,acts", _cases(NOT_HELD, "not-held"))
def test_not_held_is_named_and_routed(pipe, q, acts):
    r = pipe.ask(q)
    assert r.status == "abstain" and r.abstain_reason == "abstain.not_held", (r.abstain_reason, r.answer[:160])
    assert not cited_ids(r)
    assert any(n in r.answer for n in _names(acts)), r.answer[:200]
