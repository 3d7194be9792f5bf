"""Settled points asked without their tell-tale words (issue 23, Dec 6 batch CF470-CF510): the certificate as a
paper to go with a recording, anticipatory bail as the court's protection, the husband's mom and dad, privacy as
being let alone and a "basic right", same-sex love said without the word, an affair in everyday Hindi, choosing
death, the drawer's account, who has to show the debt, "beech me", the committee as a "kameti" or a panel.
Each phrase is in doctrine.json's ``asks`` / ``requires`` with its source; next to each, a matter that uses the
same everyday word and is not the point. Questions are written for these tests, not taken from any evaluation
set. The pack is read once for the scope, the asks and the other ways of asking (``_pack_points``).
"""

from __future__ import annotations

import pytest

from core import settled_points as SP
from domain import paths

SAYS = [
    # Arjun Panditrao Khotkar: the certificate as some paper to go with the record
    ("फोन की रिकॉर्डिंग अदालत में देनी है, क्या उसके साथ कोई कागज भी देना होगा?", "arjun"),
    # Sushila Aggarwal: the protection the court gave, "arrest hone se pehle"
    ("The court gave me protection last year. Does it run out once the police file the chargesheet?", "sushila"),
    ("arrest hone se pehle ki bail kitne mahine chalti hai?", "sushila"),
    # Satish Chander Ahuja: the husband's parents in everyday words, the house theirs, told to leave
    ("The flat is my husband's mom and dad's, they bought it. Now they tell me to leave. Can they?", "satish"),
    ("pati ke mata pita ka ghar hai, bolte hain ghar khali karo, kya main reh sakti hoon?", "satish"),
    # Puttaswamy: being let alone, a basic right; privacy as it is heard
    ("Is the right to be left alone a basic right under our Constitution?", "puttaswamy"),
    ("privasy ka haq samvidhan mein maulik adhikar hai kya?", "puttaswamy"),
    # Navtej Singh Johar: same-sex love without the word
    ("My son is into men. Can the police arrest him for it?", "navtej"),
    ("मेरी बहन एक लड़की से प्यार करती है, क्या पुलिस उसे पकड़ सकती है?", "navtej"),
    # Joseph Shine: an affair in everyday Hindi
    ("पत्नी का किसी गैर मर्द से अवैध संबंध है, क्या उस आदमी को जेल हो सकती है?", "joseph-shine"),
    # Gian Kaur: choosing death
    ("kya samvidhan insaan ko apni maut chunne ka adhikar deta hai?", "gian-kaur"),
    # Dashrath Rupsingh Rathod: the drawer's account names the place
    ("cheque wale ka khata Jaipur mein hai aur main Ajmer mein rehta hoon, case kahan karun?", "dashrath"),
    # Rangappa: who has to show the debt
    ("In a cheque case, does the person who filed it have to show that I borrowed money?", "rangappa"),
    # In Re: Expeditious Trial: "beech me", ending a cheque case without a verdict
    ("138 wala case magistrate ne beech me hi khatam kar diya, kya ye theek hai?", "in-re-expeditious"),
    # Social Action Forum: the committee as a kameti or a panel
    ("दहेज की शिकायत पर क्या पहले कमेटी जांच करेगी, फिर गिरफ्तारी?", "social-action"),
    ("After a dowry complaint, must a panel look into it before the police arrest anyone?", "social-action"),
    # more of the same: protection from arrest in everyday Hindi, two women together, the same cheque again,
    # the last moments, a new Constitution, who believes the debt
    ("गिरफ्तारी से बचाव वाली जमानत कितने महीने चलती है?", "sushila"),
    ("do ladkiyan ek dusre se pyaar karti hain, kya ye kanoon ke khilaf hai?", "navtej"),
    ("Can I deposit the same cheque again after it bounced and then sue on the second notice?", "msr-leathers"),
    ("aakhri waqt mein diya bayan doctor ke certificate ke bina maana jayega?", "laxman"),
    ("kya sarkar samvidhan ko khatam karke naya bana sakti hai?", "kesavananda"),
    ("चेक बाउंस केस में क्या मुझे साबित करना होगा कि मैंने कोई पैसा नहीं लिया?", "rangappa"),
    # the court's order not to arrest; a record on the phone itself put to the court as proof; where the payee is
    ("The judge ordered no coercive action against my husband. How many weeks does that last?", "sushila"),
    ("I have a photo of the accident on my phone, can it be used as evidence in court?", "arjun"),
    ("मोबाइल में बनी रिकॉर्डिंग अदालत में सबूत के तौर पर चलेगी क्या?", "arjun"),
    ("मैं इंदौर में हूँ और चेक देने वाला भोपाल में, चेक बाउंस का केस कहाँ होगा?", "dashrath"),
    # the same everyday words on a matter that is not the point
    ("I got a court summons on WhatsApp on my phone. Is that valid proof of service?", None),
    ("Someone keeps sending me threats on my phone. Will the court accept my complaint?", None),
    ("Police can't arrest a woman after sunset, right? How long can they detain her?", None),
    ("do ladke ek ladki ka peecha karte hain, kya ye jurm hai?", None),
    ("Is it a crime for two men to beat up a boy?", None),
    ("Can the government remove my name from the voter list completely under the Constitution?", None),
    ("In the middle of my divorce case my husband stopped paying, can the court end the case?", None),
    ("The magistrate gave me a protection order against my husband for six months. Can he extend it?", None),
    ("Mera phone chori ho gaya, FIR ke liye kaunse kagaz lagenge?", None),
    ("The mediation panel will hear my divorce next month. What should I bring?", None),
    ("Who keeps the house if my husband and I separate, it is in his name?", None),
    ("My husband is in love with another man's sister. Can I get a divorce?", None),
]


def _point(pack_id: str) -> SP.SettledPoint:
    """A pack point from doctrine.json's scope words, asks and asks_also alone (no graph)."""
    requires, not_when, issue_en = SP._scopes().get(pack_id, ((), (), ()))
    return SP.SettledPoint(
        pack_id, "", "", "", frozenset(), requires=requires, not_when=not_when, issue_en=issue_en,
        asks=SP._asked_as().get(pack_id, ()), asks_also=SP._asked_also().get(pack_id, ()),
        other_asks=SP._other_asks().get(pack_id, ()),
    )  # fmt: skip


@pytest.mark.parametrize("question,by", SAYS)
def test_everyday_words_say_the_point_and_nothing_else(question, by):
    said = [z for z in SP._asked_as() if SP.says_point(_point(z), question) and SP.in_scope(_point(z), question)]
    assert (said == []) if by is None else (len(said) == 1 and by in said[0]), said


def test_the_pack_is_read_once_for_scope_asks_and_other_ways(monkeypatch):
    """_scopes, _asked_as and _asked_also share one read of doctrine.json (each read it before)."""
    read = []
    real = paths.pack_file
    monkeypatch.setattr(SP.paths, "pack_file", lambda name: read.append(name) or real(name))
    cached = (SP._pack_points, SP._scopes, SP._asked_as, SP._asked_also, SP._other_asks)
    for f in cached:
        f.cache_clear()
    try:
        assert SP._scopes() and SP._asked_as() and SP._asked_also() and SP._other_asks()
        assert read.count(paths.DOCTRINE) == 1
    finally:
        for f in cached:
            f.cache_clear()


@pytest.mark.parametrize(
    "path,quoted",
    [
        # the certificate goes with the copy (Khotkar's "some paper with it")
        ("statutes/new_codes/bsa_sections_from_met4l.json", "shall be submitted along with the electronic record"),
        # the drawee bank is the drawer's account (Dashrath's "khata")
        ("statutes/old_codes/nia.json", "drawn by a person on an account maintained by him with a banker"),
        # a protection order is the DV Act's s.18 order (not Sushila Aggarwal's protection from arrest)
        ("statutes/civil_family/pwdva.json", "protection order means an order made in terms of section 18"),
        # the right to reside whatever the title (Satish Chander Ahuja's "can I stay")
        (
            "statutes/civil_family/pwdva.json",
            "right to reside in the shared household, whether or not she has any right",
        ),
    ],
)
def test_the_law_the_new_words_rest_on_says_so(corpus_dir, path, quoted):
    assert quoted in (corpus_dir / path).read_text(encoding="utf-8")
