"""The meaning check (core.synthesis.meaning): a model sentence is kept only when it says what its
source sentence says. Table tests: (model sentence, material, kept?)."""

from __future__ import annotations

import json

import pytest

from core.synthesis.meaning import check, claim, strip_opener, yes_no
from core.synthesis.scope import dropped_restriction, restrictions

FIR = ["The police must register an FIR when the information discloses a cognizable offence such as theft."]
AID = ["A woman is entitled to free legal aid from the Legal Services Authority whatever her income."]
BIGAMY = ["A second marriage while the first husband or wife is alive is void, and bigamy is punishable."]
CONFESSION = ["A confession made to a police officer cannot be proved against the person accused of an offence."]
NIGHT = ["No woman shall be arrested after sunset and before sunrise, save in exceptional circumstances."]
DV = ["The Magistrate may order the husband to pay monetary relief and maintenance to the woman."]
APPEAL = [
    "A senior citizen aggrieved by an order of the Tribunal may appeal to the Appellate Tribunal within sixty days."
]
BAIL = ["Bail is a right for a bailable offence: the police or the court must release the accused on bail."]

CASES = [
    # the inversions the issue saw in the app: each must be rejected
    ("Yes, the police can refuse to register your FIR for a theft.", FIR, False),
    ("Yes, you have to pay a lawyer to get legal aid.", AID, False),
    ("Yes, a second marriage is valid while the first wife is alive.", BIGAMY, False),
    ("Yes, the police can arrest a woman at night.", NIGHT, False),
    ("A woman can be arrested after sunset and before sunrise.", NIGHT, False),
    ("The police need not register an FIR for theft.", FIR, False),
    ("A confession made to a police officer can be proved against the accused.", CONFESSION, False),
    ("The Magistrate must order the husband to pay maintenance to the woman.", DV, False),  # may -> must
    ("A senior citizen may appeal to the Appellate Tribunal.", APPEAL, False),  # drops "within"
    ("Anyone may appeal to the Appellate Tribunal within sixty days, except a senior citizen.", APPEAL, False),
    ("The court will give you a house and a pension of ten thousand.", DV, False),  # adds a claim
    # restatements that keep polarity, modality and conditions: kept
    ("Yes, your confession to a police officer cannot be proved against you.", CONFESSION, True),
    ("The police must register an FIR for a theft, a cognizable offence.", FIR, True),
    ("The Magistrate may order your husband to pay you maintenance and monetary relief.", DV, True),
    ("A woman is entitled to free legal aid whatever her income.", AID, True),
    ("No woman can be arrested after sunset and before sunrise, save in exceptional circumstances.", NIGHT, False),
    ("A woman shall not be arrested after sunset, save in exceptional circumstances.", NIGHT, True),
    ("For a bailable offence bail is a right: the police must release the accused on bail.", BAIL, True),
]


@pytest.mark.parametrize(("text", "material", "kept"), CASES)
def test_a_model_sentence_is_kept_only_when_it_says_what_the_material_says(text, material, kept):
    v = check(text, material)
    assert v.kept is kept, [(a.source, a.support, a.problem) for a in v.alignments]
    if not kept:
        assert v.reasons  # a rejection always says why


# a rule stated more broadly than its source (a condition or scope dropped) is a misstatement, as an
# inversion is. The first is the class issue 24's untouched split found kept: the model stated a rule of
# Section 37 BNS without the limb the source attaches to it.
PRIVATE_DEFENCE = [
    "Under Section 37 BNS (Acts against which there is no right of private defence): there is no right of"
    " private defence,— (a) against an act which does not reasonably cause the apprehension of death or of"
    " grievous hurt, if done, or attempted to be done, by a public servant acting in good faith under colour"
    " of his office …",
    "Section 37 BNS: Acts against which there is no right of private defence",
]
LIMB_ONLY = [PRIVATE_DEFENCE[0].split(": ", 1)[1]]  # the body alone, without the heading
ARREST = [
    "Under Section 35 BNSS (When police may arrest without warrant): any police officer may without an order"
    " from a Magistrate and without a warrant, arrest any person— (a) who commits, in the presence of a police"
    " officer, a cognizable offence …"
]
CHEQUE = [
    "Section 138 NI Act: A cheque for a debt returned unpaid for insufficient funds is an offence punishable"
    " with up to two years or a fine up to twice the cheque amount, or both, but only if it was presented"
    " within six months or its validity, a written demand notice was sent within thirty days of the bank's"
    " information, and the drawer failed to pay within fifteen days of receiving the notice."
]
MAINTENANCE = [
    "A husband with enough means who neglects or refuses to maintain a wife who cannot maintain herself can be"
    " ordered by the Magistrate (the Family Court where there is one) to pay a monthly allowance."
]
NIGHT_HI = [
    "धारा 43 BNSS: असाधारण परिस्थितियों के सिवा किसी महिला को सूर्यास्त के बाद और सूर्योदय से पहले गिरफ्तार नहीं"
    " किया जाता, और तब महिला अधिकारी को पहले प्रथम श्रेणी मजिस्ट्रेट की लिखित अनुमति लेनी होगी।"
]
PRESUME_ROMAN = [
    "Dhaara 139 NI Act: Adaalat yah maankar chalti hai, jab tak ulta saabit na ho, ki chek kisi karz ya"
    " dendaari ke liye mila tha."
]
KARZ_ROMAN = [
    "Dhaara 138 NI Act: Karz ke liye diya chek paise kam hone se laute to do saal tak ki saza ya chek ki doguni"
    " rakam tak jurmaana ya donon, par tabhi jab chek chhah maheene ya apni vaidhta ke bheetar jama hua."
]
GROUNDS_ROMAN = [
    "Dhaara 47 BNSS: Bina vaarant giraftaar vyakti ko turant apraadh ka poora vivran ya giraftaari ke anya"
    " kaaran bataane honge."
]
GUARDIAN = ["In the case of a minor, the guardian may apply to the court."]
GUARDIAN_HI = ["नाबालिग के मामले में अभिभावक अदालत में आवेदन कर सकता है।"]
GUARDIAN_ROMAN = ["naabaalig ke maamle mein abhibhaavak adaalat mein aavedan kar sakta hai"]
PRIVATE_DEFENCE_HI = ["लोक सेवक द्वारा सद्भावपूर्वक किए गए कार्य के विरुद्ध प्राइवेट प्रतिरक्षा का कोई अधिकार नहीं है।"]

SCOPE_CASES = [
    # the rule without the restriction its source attaches to it: rejected
    ("Under Section 37 BNS, there is no right of private defence.", PRIVATE_DEFENCE, False),
    ("There is no right of private defence.", PRIVATE_DEFENCE, False),
    ("No, there is no right of private defence under Section 37 BNS.", PRIVATE_DEFENCE, False),
    ("There is no right of private defence.", LIMB_ONLY, False),  # the limb "(a) against an act which ..."
    ("There is no right of private defence against an act of a public servant.", LIMB_ONLY, False),  # half a limb
    (
        "Any police officer may arrest any person without an order from a Magistrate and without a warrant.",
        ARREST,
        False,
    ),
    (
        "Police may arrest any person who commits an offence without an order from a Magistrate and without a warrant.",
        ARREST,
        False,
    ),
    (
        "A cheque for a debt returned unpaid for insufficient funds is an offence punishable with up to two years"
        " or a fine up to twice the cheque amount, or both.",
        CHEQUE,
        False,
    ),  # ", but only if ...": a clause that only restricts the one before it
    ("The Magistrate can order a husband to pay a monthly allowance to his wife.", MAINTENANCE, False),
    ("The guardian may apply to the court.", GUARDIAN, False),
    (
        "The offence is punishable with fine.",
        ["The offence is punishable with fine, where the offender is a public servant."],
        False,
    ),
    ("No appeal lies.", ["No appeal lies in respect of a petty case tried summarily."], False),
    ("किसी महिला को सूर्यास्त के बाद और सूर्योदय से पहले गिरफ्तार नहीं किया जाता।", NIGHT_HI, False),
    ("अभिभावक अदालत में आवेदन कर सकता है।", GUARDIAN_HI, False),
    ("प्राइवेट प्रतिरक्षा का कोई अधिकार नहीं है।", PRIVATE_DEFENCE_HI, False),
    ("abhibhaavak adaalat mein aavedan kar sakta hai", GUARDIAN_ROMAN, False),
    ("Adaalat yah maankar chalti hai ki chek kisi karz ya dendaari ke liye mila tha.", PRESUME_ROMAN, False),
    (
        "Karz ke liye diya chek paise kam hone se laute to do saal tak ki saza ya chek ki doguni rakam tak jurmaana ya donon.",
        KARZ_ROMAN,
        False,
    ),
    # an inversion through a paraphrase that also drops the scope ("without a warrant") is rejected too
    ("Giraftaar vyakti ko giraftaari ke kaaran bataana zaroori nahin.", GROUNDS_ROMAN, False),
    # the rule with its restriction, in the source's or other words: kept
    ("Section 37 BNS lists the acts against which there is no right of private defence.", PRIVATE_DEFENCE, True),
    (
        "Any police officer may arrest without an order from a Magistrate and without a warrant any person who"
        " commits a cognizable offence in the presence of a police officer.",
        ARREST,
        True,
    ),
    ("In the case of a minor, the guardian may apply to the court.", GUARDIAN, True),
    (
        "No appeal lies in a petty case tried summarily.",
        ["No appeal lies in respect of a petty case tried summarily."],
        True,
    ),
    ("The police must register an FIR for a theft.", FIR, True),  # an example of the restriction ("such as theft")
    ("A confession made to a police officer cannot be proved against you.", CONFESSION, True),  # "you": the accused
    ("असाधारण परिस्थितियों के सिवा किसी महिला को सूर्यास्त के बाद और सूर्योदय से पहले गिरफ्तार नहीं किया जाता।", NIGHT_HI, True),
    ("नाबालिग के मामले में अभिभावक अदालत में आवेदन कर सकता है।", GUARDIAN_HI, True),
    ("naabaalig ke maamle mein abhibhaavak adaalat mein aavedan kar sakta hai", GUARDIAN_ROMAN, True),
    ("Jab tak ulta saabit na ho, adaalat maanti hai ki chek karz ke liye mila tha.", PRESUME_ROMAN, True),
    ("Bina vaarant giraftaar vyakti ko turant giraftaari ke kaaran bataane honge.", GROUNDS_ROMAN, True),
]


@pytest.mark.parametrize(("text", "material", "kept"), SCOPE_CASES)
def test_a_rule_stated_more_broadly_than_its_source_is_rejected(text, material, kept):
    v = check(text, material)
    assert v.kept is kept, [(a.source, a.support, a.problem) for a in v.alignments]
    if not kept:
        assert v.reasons


@pytest.mark.parametrize(
    ("source", "restriction", "own"),
    [
        (LIMB_ONLY[0], "(a) against an act which", {"act", "apprehension", "death", "servant"}),
        ("Acts against which there is no right of private defence", "acts", {"acts"}),
        (
            "Save in exceptional circumstances, no woman shall be arrested after sunset",
            "save in exceptional",
            {"exceptional"},
        ),
        ("No woman shall be arrested after sunset, save in exceptional circumstances.", "save in", {"exceptional"}),
        ("Bina vaarant giraftaar vyakti ko kaaran bataane honge", "bina vaarant", {"vaarant"}),
        ("असाधारण परिस्थितियों के सिवा किसी महिला को गिरफ्तार नहीं किया जाता", "असाधारण परिस्थितियों के सिवा", {"असाधारण"}),
        ("Apraadh zamaanti ho to pulis ko chhodna hoga", "apraadh zamaanti ho", {"zamaanti"}),
    ],
)
def test_restrictions_are_read_in_english_hindi_and_roman_hindi(source, restriction, own):
    rs, _ = restrictions(source)
    r = next((r for r in rs if r.text.startswith(restriction)), None)
    assert r is not None, [x.text for x in rs]
    assert own <= set(r.own) | {w for alt in r.alternatives for w in alt}


def test_a_restriction_set_off_elsewhere_in_its_clause_restricts_only_its_phrase():
    """ "..., the interim claim to be decided within 60 days" restricts the interim claim, not the
    allowance; "If a husband ... neglects a wife ..., the Magistrate can order ..." restricts the order."""
    src = (
        "If a husband with enough means neglects a wife who cannot maintain herself, the Magistrate can order a"
        " monthly allowance and interim maintenance, the interim claim to be decided as far as possible within 60"
        " days of notice"
    )
    assert not dropped_restriction(
        "If a husband with enough means neglects a wife who cannot maintain herself, the Magistrate can order a"
        " monthly allowance.",
        src,
    )
    assert dropped_restriction("The Magistrate can order a monthly allowance.", src).startswith("if a husband")


def test_a_list_of_alternatives_needs_one_of_them():
    """ "if you are a woman or child, a member of a Scheduled Caste or Tribe, ...": a woman's entitlement
    is one case of the rule (true); an entitlement for everyone is not."""
    src = (
        "You are entitled to free legal services if you are a woman or child, a member of a Scheduled Caste or"
        " Tribe, a victim of trafficking or begar, a person with disability, an industrial workman, in custody,"
        " or below the income limit."
    )
    assert not dropped_restriction("A woman is entitled to free legal services.", src)
    assert dropped_restriction("You are entitled to free legal services.", src)


def test_the_written_cases_no_misstatement_is_kept():
    """The hand-written cases of the labelled set (``source`` "written": real facts, outputs written to drop a
    condition, invert a rule through a paraphrase, or say it correctly): none that misstates the law is kept,
    in English, Hindi or Roman Hindi, and the correct ones kept stay kept (14 of 20; the 6 others fall to the
    older, stricter checks: modality, polarity through "refuses", a clause split at "और", support)."""
    from evaluation.model_words import CASES, judge

    rows = [json.loads(x) for x in CASES.read_text(encoding="utf-8").splitlines() if x.strip()]
    written = [r for r in rows if r.get("source") == "written"]
    assert len(written) >= 40 and all(r["split"] == "tune" for r in written)
    assert {r["lang"] for r in written} == {"en", "hi", "hi-Latn"}
    kept = {r["id"]: judge(r["output"], r["facts"])["kept"] for r in written}
    assert [r["id"] for r in written if r["label"] != "correct" and kept[r["id"]]] == []
    assert sum(kept[r["id"]] for r in written if r["label"] == "correct") >= 14


def test_the_models_yes_or_no_is_never_kept():
    v = check("Yes, your confession to a police officer cannot be proved against you.", CONFESSION)
    assert v.kept and not v.text.lower().startswith("yes")
    assert strip_opener("No, the police cannot refuse.") == "The police cannot refuse."
    assert strip_opener("हाँ, मजिस्ट्रेट आदेश दे सकता है।") == "मजिस्ट्रेट आदेश दे सकता है।"
    assert strip_opener("Notice must be sent within 30 days.") == "Notice must be sent within 30 days."
    assert strip_opener("No woman shall be arrested after sunset.") == "No woman shall be arrested after sunset."
    assert strip_opener("Nahi, police mana nahi kar sakti.") == "Police mana nahi kar sakti."


def test_one_bad_sentence_rejects_the_whole_short_answer():
    v = check("The police must register an FIR for a theft. The police can refuse it for a small theft.", FIR)
    assert not v.kept and len(v.reasons) == 1


@pytest.mark.parametrize(
    ("sentence", "negated", "modal", "conditions"),
    [
        ("The police must register an FIR.", False, "must", set()),
        ("The police cannot refuse to register an FIR.", False, "may", set()),  # two denials
        ("You do not have to pay.", True, "must", set()),
        ("Only a senior citizen may appeal within sixty days.", False, "may", {"only", "within"}),
        ("पुलिस एफआईआर दर्ज करने से इनकार नहीं कर सकती।", False, "may", set()),
        ("पत्नी भरण-पोषण मांग सकती है।", False, "may", set()),
        ("police FIR likhne se mana nahi kar sakti", False, "may", set()),
        ("agar aap aurat hain to vakeel muft milega", False, "", {"if"}),
        ("A second marriage is void.", True, "", set()),
    ],
)
def test_claim_reads_polarity_modality_and_conditions(sentence, negated, modal, conditions):
    c = claim(sentence)
    assert (c.negated, c.modal, set(c.conditions)) == (negated, modal, conditions)


@pytest.mark.parametrize(
    ("question", "facts", "expected"),
    [
        ("Is a second marriage void while the first wife is alive?", BIGAMY, "yes"),
        ("Is a second marriage valid while the first wife is alive?", BIGAMY, None),  # "valid": not restated
        ("Is a second marriage punishable while the first wife is alive?", BIGAMY, None),  # two claims there
        ("Can a confession made to a police officer be proved against the accused?", CONFESSION, "no"),
        ("Can a confession made to a police officer not be proved against the accused?", CONFESSION, "yes"),
        ("Must the police register an FIR for theft?", FIR, "yes"),
        ("What is the punishment for theft?", FIR, None),  # not a yes/no question
        ("Can the guardian apply to the court?", GUARDIAN, None),  # the material says it only of a minor
        ("Can the guardian apply to the court in the case of a minor?", GUARDIAN, "yes"),
        ("Is there a right of private defence?", LIMB_ONLY, None),
    ],
)
def test_yes_or_no_comes_from_the_material_or_not_at_all(question, facts, expected):
    assert yes_no(question, facts) == expected


def test_on_the_labelled_real_model_outputs_no_kept_sentence_misstates_the_law():
    """158 real short answers of the local model over the floor's facts, labelled by hand (issue 24):
    the model misstates the law in about half. What the check keeps misstates it in none, on the tune
    split and on the untouched one. The untouched split once kept one, ST304 ("Under Section 37 BNS,
    there is no right of private defence": the limb the material attaches to the rule dropped); the
    scope check (a rule stated more broadly than its source) was then built from that class, described
    without the row being read, against tune rows and hand-written cases. So the untouched figure is no
    longer blind to that class; the lead decides whether the model's short answer is shown (step 0).
    The kept correct outputs stay as they were (tune runs 9, untouched 4): the scope check rejected
    none of them."""
    from evaluation.model_words import score

    rep = score()
    assert rep["all"]["labelled"] == rep["all"]["cases"] >= 150
    assert rep["all"]["model_misstates"] >= 60  # the set holds real inversions, not only easy cases
    assert rep["tune"]["kept_misstating"] == 0, rep["tune"]["kept_misstating_ids"]
    assert rep["untouched"]["kept_misstating"] == 0, rep["untouched"]["kept_misstating_ids"]
    assert rep["untouched"]["cases"] >= 60
    assert rep["tune_runs"]["correct_kept"] >= 9 and rep["untouched"]["correct_kept"] >= 4


def test_the_app_does_not_show_the_models_short_answer_by_default(monkeypatch):
    """Step 0 of issue 24 holds until the untouched split has no kept misstatement: with nothing set,
    the answer is the verified extractive floor."""
    from core.config import load_settings

    monkeypatch.delenv("NYAYAPATH_LLM", raising=False)
    assert load_settings().llm_backend == "extractive"
