"""The meaning check (core.synthesis.meaning): a model sentence is kept only when it says what its
source sentence says. Table tests: (model sentence, material, kept?)."""

from __future__ import annotations

import pytest

from core.synthesis.meaning import check, claim, strip_opener, yes_no

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
    ],
)
def test_yes_or_no_comes_from_the_material_or_not_at_all(question, facts, expected):
    assert yes_no(question, facts) == expected


def test_on_the_labelled_real_model_outputs_no_kept_sentence_misstates_the_law():
    """158 real short answers of the local model over the floor's facts, labelled by hand (issue 24):
    the model misstates the law in about half. On the tune split, what the check keeps misstates it in
    none. On the untouched split the check keeps one misstatement, ST304 ("Under Section 37 BNS, there
    is no right of private defence": the material's conditions dropped). It is not fixed from that
    case, so that the split stays untuned; this is why the app shows the verified floor's short answer,
    never the model's (issue 24, step 0). The test fails if any other kept misstatement appears, and
    when ST304 stops being one (then update this text and the closing figures)."""
    from evaluation.model_words import score

    rep = score()
    assert rep["all"]["labelled"] == rep["all"]["cases"] >= 150
    assert rep["all"]["model_misstates"] >= 60  # the set holds real inversions, not only easy cases
    assert rep["tune"]["kept_misstating"] == 0, rep["tune"]["kept_misstating_ids"]
    assert sorted(rep["untouched"]["kept_misstating_ids"]) == ["ST304"]
    assert rep["untouched"]["cases"] >= 60


def test_the_app_does_not_show_the_models_short_answer_by_default(monkeypatch):
    """Step 0 of issue 24 holds until the untouched split has no kept misstatement: with nothing set,
    the answer is the verified extractive floor."""
    from core.config import load_settings

    monkeypatch.delenv("NYAYAPATH_LLM", raising=False)
    assert load_settings().llm_backend == "extractive"
