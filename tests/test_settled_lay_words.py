"""Settled points said in lay words, and the matters next to them that are not the point (issue 23).

The points without ``asks`` before (Sushila Aggarwal, Navtej Singh Johar, Dashrath Rupsingh Rathod, In Re:
Expeditious Trial) were named only when a question shared three of their doctrinal words, so "my son's
protection from arrest lapses when the final report is filed" or "the magistrate stopped my cheque case
halfway" was answered without the judgment that settled it. Each now has its parts as everyday phrases
(doctrine.json ``asks``, with ``asks_source``), and the others more lay words for theirs. Scope words
(``requires`` / ``not_when``, with ``scope_source``) keep a point off what the statute itself says next
to it: who signs the s.65B(4) / s.63(4) certificate, the s.482(4) BNSS bar, the Limitation Act's period
for a suit for a share, the acquittal when a complainant does not appear (s.279 BNSS), a stop-payment
instruction. Questions here are written for these tests, not taken from any evaluation set.
"""

from __future__ import annotations

import json

import pytest

from tests.support.settled import assert_says_only, doctrine_points

SAYS = [
    # Sushila Aggarwal: the protection under any name, and what might end it
    ("The sessions judge gave my husband protection from arrest for six weeks only. Is that lawful?", "sushila"),
    ("Will my pre-arrest bail expire once the police file the final report?", "sushila"),
    ("अग्रिम जमानत मिली है, क्या चार्जशीट आने के बाद मुझे सरेंडर करना पड़ेगा?", "sushila"),
    ("agrim jamanat kab tak chalti hai, kya summon aane par khatam ho jati hai?", "sushila"),
    # Arjun Panditrao Khotkar: the record, the certificate in lay words, the proof
    ("The shop gave me a pen drive of its camera footage but no signed paper. Will the judge accept it?", "arjun"),
    ("mobile ke message ka print court mein dena hai, likhit praman ke bina chalega?", "arjun"),
    # Vineeta Sharma: the family land never partitioned, the girls
    ("My grandfather's fields were never divided. Do the girls of the family get a portion too?", "vineeta"),
    ("परदादा की ज़मीन का कभी बंटवारा नहीं हुआ, क्या लड़कियों को भी हिस्सा मिलेगा?", "vineeta"),
    # Navtej Singh Johar
    ("Can a lesbian couple be arrested in India?", "navtej"),
    ("kya samlaingik hona jurm hai?", "navtej"),
    # Dashrath Rupsingh Rathod: the cheque, the banks or where the parties live, the place asked
    ("I deposited his cheque at my bank branch in Indore. In which city do I file the case?", "dashrath"),
    ("चेक देने वाला पटना में रहता है और मैं रांची में, केस कहाँ करूँ?", "dashrath"),
    # In Re: Expeditious Trial
    ("Can a magistrate halt a cheque bounce complaint midway and let the accused go?", "in-re-expeditious"),
    ("138 ke case ko judge ne bina faisle ke band kar diya, kya ye sahi hai?", "in-re-expeditious"),
    # Rangappa: "मानकर" and the debtor
    ("चेक पर केस है, क्या अदालत मानकर चलेगी कि मैं देनदार हूँ?", "rangappa"),
    # MSR Leathers: the same cheque presented again, the case on the later notice
    ("The cheque came back unpaid twice; I let the first notice go. Can I sue on the second?", "msr-leathers"),
    ("wahi cheque teesri baar bhi return ho gaya, ab naye notice par case ho sakta hai?", "msr-leathers"),
    # Joseph Shine: adultery is a married person's
    ("My husband is sleeping with a colleague. Can I have her sent to jail?", "joseph-shine"),
    # Gian Kaur: ending one's own life in lay words; not P. Ramachandra Rao's "khatam"
    ("kya kanoon kisi ko apni zindagi khatam karne ki permission deta hai?", "gian-kaur"),
    # the statute's own text next to the point: no point
    ("whatsapp chat ke 65B certificate par court ke liye kaun sign karta hai?", None),
    ("Who should sign the electronic evidence certificate for the court?", None),
    ("Which section of the new evidence law has the certificate for electronic evidence?", None),
    ("Can anticipatory bail be limited to a few weeks for a man accused of raping a girl under 16?", None),
    ("बेटी को पुश्तैनी ज़मीन में हिस्से का मुकदमा कितने साल के अंदर करना होता है?", None),
    ("cheque bounce case mein complainant absent rahe to magistrate accused ko bari kar deta hai kya?", None),
    ("stop payment ke baad cheque bounce hua, beech mein payment rokne par bhi 138 lagta hai kya?", None),
    ("Two men beat me up outside my house. Is that a crime?", None),
    ("My girlfriend is seeing another guy. Can I file a police case against him?", None),
    ("How much time does a cheque bounce case take?", None),
]


@pytest.mark.parametrize("q,by", SAYS, ids=[str(i) for i in range(len(SAYS))])
def test_a_point_said_in_lay_words_and_the_matters_next_to_it(q, by):
    assert_says_only(q, by)


def test_every_settled_point_has_asks_and_each_scope_its_source():
    points = doctrine_points()
    assert all(p.get("asks") and p.get("asks_source") for p in points.values())
    for p in points.values():
        if p.get("not_when") or p.get("requires"):
            assert p.get("scope_source"), p["settler"]


@pytest.mark.parametrize(
    "settler,path,section,quoted",
    [
        (
            "CASE:arjun-panditrao-khotkar-2020",
            "statutes/old_codes/iea.json",
            "65B",
            "purporting to be signed by a person occupying a responsible official position",
        ),
        (
            "CASE:arjun-panditrao-khotkar-2020",
            "statutes/new_codes/bsa_sections_from_met4l.json",
            "63",
            "purporting to be signed by a person in charge of the computer or communication device",
        ),
        (
            "CASE:sushila-aggarwal-2020",
            "statutes/new_codes/bnss_sections_from_met4l.json",
            "482",
            "Nothing in this section shall apply to any case involving the arrest of any person on accusation",
        ),
        (
            "CASE:vineeta-sharma-2020",
            "statutes/civil_family/limitation_schedule.json",
            "110",
            "By a person excluded from a joint family property to enforce a right to share therein",
        ),
        (
            "CASE:joseph-shine-2018",
            "statutes/old_codes/ipc.json",
            "497",
            "to be the wife of another man",
        ),
    ],
)
def test_the_scope_sources_quote_the_corpus(corpus_dir, settler, path, section, quoted):
    """Each exclusion's source quotes the provision's own text; the corpus says it."""
    assert quoted in " ".join(doctrine_points()[settler]["scope_source"].split())
    rows = json.loads((corpus_dir / path).read_text(encoding="utf-8"))
    row = next(r for r in rows if str(r.get("article") or r.get("section") or r.get("Section")) == section)
    text = " ".join(str(row.get(k) or "") for k in ("text", "section_desc", "title", "Description"))
    assert quoted in " ".join(text.split())
