"""Another question on a settled point's matter (doctrine.json ``other_asks``: the court to apply to, who signs
the certificate, the period to sue in) keeps the point off a question that asks only that; a question that
asks the point itself in its other clauses as well is the point's (core.settled_points._asked_beside). Before,
"... kya certificate har haal mein chahiye ..., certificate kaun dega" lost Arjun Panditrao Khotkar's answer
to its last clause."""

from __future__ import annotations

import pytest

from core.settled_points import in_scope, says_point
from tests.support.settled import doctrine_points, pack_point

ARJUN = "CASE:arjun-panditrao-khotkar-2020"
SUSHILA = "CASE:sushila-aggarwal-2020"
VINEETA = "CASE:vineeta-sharma-2020"
NAVTEJ = "CASE:navtej-singh-johar-2018"
PUTTASWAMY = "CASE:puttaswamy-2017"
RAO = "CASE:p-ramachandra-rao-2002"
LAXMAN = "CASE:laxman-2002"

ROWS = [
    # the other question alone: not the point
    (ARJUN, "65B certificate kaun dega?", False),
    (ARJUN, "Who signs the 65B certificate for a CCTV recording?", False),
    (SUSHILA, "anticipatory bail ke liye kis court me jana hoga?", False),
    (VINEETA, "pushtaini zameen me hissa lene ka case kitne saal ke andar karna hoga?", False),
    (SUSHILA, "What is the difference between regular bail and anticipatory bail?", False),
    (SUSHILA, "अग्रिम जमानत और सामान्य जमानत में क्या अंतर है?", False),
    # the point asked in another clause beside it
    (
        ARJUN,
        "mere phone me recording hai, uski CD court me di hai, kya certificate ke bina judge ise saboot maanega, "
        "aur certificate kaun dega?",
        True,
    ),
    (
        ARJUN,
        "I gave the court a printout of the WhatsApp chat as evidence. Is the 65B certificate compulsory for it, "
        "and who signs it?",
        True,
    ),
    (SUSHILA, "kya agrim jamanat chargesheet ke baad khatam ho jati hai, aur kis court me apply karna hai?", True),
    # asked with "kitne" / "कितने", not "kya": the clause still asks
    (SUSHILA, "anticipatory bail kitne time tak chalti hai, aur kis court me apply karna hai?", True),
    (SUSHILA, "अग्रिम जमानत कितने समय तक चलती है, और किस अदालत में लगानी होगी?", True),
    (
        VINEETA,
        "Does a married daughter get an equal share in ancestral property like her brother, and what is the "
        "limitation period to file?",
        True,
    ),
    # Dec 7: another matter alone (marriage, a data leak's forum, getting call records, an early hearing)
    (NAVTEJ, "Can two women get married in India and adopt a child?", False),
    (NAVTEJ, "samlaingik jodi ki shaadi register ho sakti hai kya?", False),
    (NAVTEJ, "मेरे भाई को समलैंगिक होने पर मोहल्ले वाले धमकाते हैं, सुरक्षा कैसे मिलेगी?", False),
    (PUTTASWAMY, "Our hospital leaked my medical records online. Privacy ki shikayat kahan karun?", False),
    (PUTTASWAMY, "bank ke app se mera personal data leak ho gaya, privacy ka compensation milega?", False),
    (ARJUN, "Jio se purani call details kaise nikalwaun court ke liye, kitna purana record milta hai?", False),
    (ARJUN, "What details must a Section 65B certificate contain for CCTV footage?", False),
    (RAO, "Mera criminal case 9 saal se pending hai, early hearing ke liye kaun si application lagti hai?", False),
    (RAO, "केस बरसों से लंबित है, जल्दी सुनवाई के लिए कौन सी याचिका और कौन से दस्तावेज चाहिए?", False),
    # Dec 7: and the point asked in a clause beside it
    (NAVTEJ, "Is it a crime for two men to be in a relationship, and can they marry?", True),
    (PUTTASWAMY, "Is privacy a fundamental right, and where do I complain about the data leak?", True),
    (
        RAO,
        "Trial 12 saal se chal raha hai, kya itne saal baad case apne aap khatam ho jata hai, aur kaun si "
        "petition lagegi?",
        True,
    ),
    # who writes a dying declaration down; anticipatory bail's forum said as people say it, a lawyer's fee
    (LAXMAN, "Who can record a dying declaration, only a magistrate or also a doctor?", False),
    (LAXMAN, "मरने से पहले का बयान कौन लिख सकता है, पुलिस या डॉक्टर?", False),
    (SUSHILA, "anticipatory bail ke liye sessions court ya high court, pehle kahan jaayein?", False),
    (SUSHILA, "Do I need a lawyer to file for anticipatory bail, and what do lawyers charge?", False),
    (LAXMAN, "Who should record it, and is a dying declaration valid without the doctor's certificate?", True),
    (SUSHILA, "Does anticipatory bail end with the chargesheet, and do I need a lawyer to apply?", True),
    # keeping the chats; the forum as "first or straight to"; a copy of the charge-sheet and a short follow-up
    # clause that goes on asking it ("aur kitne din me": the copy's days, not the trial's)
    (ARJUN, "Mere paas uski dhamki wali chats hain, screenshot lu ya chat export karu court ke liye?", False),
    (SUSHILA, "For anticipatory bail, Sessions Court first or straight to the High Court?", False),
    (RAO, "Case 2016 se chal raha hai. Chargesheet ki copy kaise milegi, aur kitne din me?", False),
    (
        RAO,
        "Case 2016 se chal raha hai, kya itne saal baad case khatam ho jayega? Aur chargesheet ki copy kaise milegi?",
        True,
    ),
    # a wedding said alone; "शादीशुदा" (married) is another word
    (NAVTEJ, "क्या समलैंगिक जोड़े अपनी शादी कोर्ट में रजिस्टर करा सकते हैं?", False),
    (NAVTEJ, "मेरा शादीशुदा भाई समलैंगिक है, क्या पुलिस उसे इसके लिए गिरफ्तार कर सकती है?", True),
]


@pytest.mark.parametrize("settler,question,asked", ROWS)
def test_another_question_beside_the_point(settler, question, asked):
    p = pack_point(settler)
    assert p.other_asks
    if asked:
        assert says_point(p, question) and in_scope(p, question)
    else:
        assert not in_scope(p, question)


def test_other_asks_are_sourced_and_not_also_not_when():
    for settler, p in doctrine_points().items():
        if p.get("other_asks"):
            assert "scope_source" in p["other_asks_source"] and "evaluation" in p["other_asks_source"], settler
            assert not set(p["other_asks"]) & set(p.get("not_when") or []), settler
