"""The answer shape of issue 11 from the composer alone (no graph): short answer, steps, the law.

The material is built the way core.material builds it from the pack: plain gists, steps with a
forum, a time limit and their basis; the provisions carry the one-line gists of GOVERNED_BY.
"""

from __future__ import annotations

import re

import pytest

from core.stages import Evidence, Forum, MaterialStep, ProblemMaterial
from core.synthesis import ExtractiveComposer
from core.synthesis.facts import numbers, unsupported_facts

TAG = re.compile(r"\[S(\d+)\]")

S12 = Evidence(
    node_id="PWDVA:12",
    label="Section",
    name="PWDVA 12: Application to Magistrate",
    act="PWDVA",
    number="12",
    title="Application to Magistrate",
    cite_as="Section 12 DV Act",
    text="(1) An aggrieved person or a Protection Officer or any other person on behalf of the aggrieved "
    "person may present an application to the Magistrate seeking one or more reliefs under this Act.",
    gist="You, a Protection Officer or someone for you can apply to the Magistrate for relief.",
    gist_hi="आप, संरक्षण अधिकारी या आपकी ओर से कोई भी मजिस्ट्रेट को राहत के लिए आवेदन दे सकता है।",
    problem="PROB:domestic_violence",
)
S18 = Evidence(
    node_id="PWDVA:18",
    label="Section",
    name="PWDVA 18: Protection orders",
    act="PWDVA",
    number="18",
    title="Protection orders",
    cite_as="Section 18 DV Act",
    text="The Magistrate may, after giving the aggrieved person and the respondent an opportunity of being "
    "heard ... pass a protection order in favour of the aggrieved person.",
    gist="The Magistrate can order the abuser to stop the violence.",
    gist_hi="मजिस्ट्रेट हिंसा करने वाले को हिंसा रोकने का आदेश दे सकता है।",
    problem="PROB:domestic_violence",
)
OTHER = Evidence(
    node_id="BNS:85",
    label="Section",
    name="BNS 85: Cruelty",
    act="BNS",
    number="85",
    title="Cruelty",
    cite_as="Section 85 BNS",
    text="Whoever, being the husband ... subjects a woman to cruelty ...",
)


def _material(lang: str) -> ProblemMaterial:
    en = lang == "en"
    po = Forum(id="protection_officer", name="Protection Officer" if en else "संरक्षण अधिकारी")
    return ProblemMaterial(
        id="PROB:domestic_violence",
        title="Violence at home" if en else "घर में हिंसा",
        gist=(
            "The Domestic Violence Act protects you from violence at home. A Magistrate can order the abuser "
            "to stop, let you stay in your home and pay you money."
            if en
            else "घरेलू हिंसा अधिनियम आपको घर में हिंसा से बचाता है। मजिस्ट्रेट हिंसा रोकने, घर में रहने देने और पैसे देने का आदेश दे सकता है।"
        ),
        governed_by=["PWDVA:18", "PWDVA:12"],
        steps=[
            MaterialStep(
                text="Meet the Protection Officer and tell what happened"
                if en
                else "संरक्षण अधिकारी से मिलें और बताएँ कि क्या हुआ",
                where=po,
                bring="any medical papers" if en else "इलाज के कोई भी काग़ज़",
                time_limit="first hearing within 3 days of the application" if en else "आवेदन के 3 दिन के भीतर पहली सुनवाई",
                basis=["PWDVA:12"],
            )
        ],
        where=[po],
        helplines=["181 (Women Helpline)" if en else "181 (महिला हेल्पलाइन)"],
    )


def test_a_tag_the_support_check_refused_stays_only_in_the_law():
    d = ExtractiveComposer().draft("q", [OTHER, S12, S18], "en", problems=[_material("en")], inline_drop={"S2"})
    assert "[S2]" not in d.parts.summary and "[S2]" not in d.text.split("The law:")[0]
    assert "Under [S2]:" in d.text and d.parts.steps[0].basis == ["S2"]  # the step still names its basis


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_problem_answer_has_summary_steps_and_law_without_statutory_text(lang):
    ev = [OTHER, S12, S18]
    d = ExtractiveComposer().draft("q", ev, lang, problems=[_material(lang)])
    p = d.parts
    assert p is not None and p.summary and p.steps and p.law == [3, 2]  # rank order: 18 then 12
    assert TAG.findall(p.summary) == ["3"]  # the deciding provision
    assert p.steps[0].basis == ["S2"] and p.steps[0].where in ("Protection Officer", "संरक्षण अधिकारी")
    assert "[S1]" not in d.text  # not part of the problem's law
    for st in (S12, S18, OTHER):
        assert st.text[20:60] not in d.text  # never the statute's words
    lines = d.text.splitlines()
    heading = "What you can do now:" if lang == "en" else "अभी आप क्या कर सकते हैं:"
    assert lines[0] == p.summary and lines[1] == heading and lines[2].startswith("1. ")
    # the provision that sets the time limit is cited right after it
    limit = "within 3 days of the application [S2]" if lang == "en" else "3 दिन के भीतर पहली सुनवाई [S2]"
    assert limit in lines[2]
    assert any(x.startswith(("Helplines: 181", "हेल्पलाइन: 181")) for x in lines)
    if lang == "hi":
        latin = set(re.findall(r"[A-Za-z]+", TAG.sub("", d.text)))
        assert not latin, latin  # Hindi end to end


def test_no_problem_keeps_todays_answer_and_names_its_parts():
    d = ExtractiveComposer().draft("q", [S12, S18], "en")
    assert d.text.startswith("Under [S1], Application to Magistrate:")  # as before
    # the short answer says what the first provision is about, as "The law" does (issue 24: every answer
    # carries one)
    assert d.parts.summary.startswith("Under [S1]: ") and d.parts.law == [1, 2]
    assert ExtractiveComposer().draft("q", [S12, S18], "hi").parts.summary.startswith("[S1] के अनुसार: ")


def test_hindi_without_hindi_words_names_the_law_instead_of_quoting_english():
    d = ExtractiveComposer().draft("q", [OTHER], "hi")
    assert "Cruelty" not in d.text and "लागू कानून: [S1]।" in d.text


def test_numbers_in_words_and_digits():
    assert {3, 60, 24} <= numbers("within three days; sixty days, 24 hours")
    assert {90, 7} <= numbers("नब्बे दिन और ७ साल")
    assert 24 in numbers("twenty four hours") and 100000 in numbers("one lakh rupees")


def test_a_model_summary_may_only_say_what_the_facts_hold():
    facts = (
        "You can apply to the Magistrate under Section 12 DV Act. The first hearing is within 3 days.\n"
        "Section 18 DV Act: The Magistrate can order the abuser to stop the violence."
    )
    assert (
        unsupported_facts(
            "Apply to the Magistrate (Section 12 DV Act); the first hearing comes within three days.", facts
        )
        == []
    )
    bad = unsupported_facts(
        "Apply within 30 days under Section 498A IPC, as held in Arnesh Kumar v. State of Bihar (2014) 8 SCC 273.",
        facts,
    )
    assert any("30" in b for b in bad) and any("498A" in b for b in bad) and any("arnesh" in b.lower() for b in bad)


# ------------------------------------------------------------------------------ card and speech
def _answer(lang: str):
    from core.stages import Answer, Deadline, LawItem, Step

    hi = lang == "hi"
    return Answer.answered(
        "full text",
        lang,
        summary="मजिस्ट्रेट हिंसा रोकने का आदेश दे सकता है (धारा 18 घरेलू हिंसा अधिनियम)।"
        if hi
        else "A Magistrate can order the abuser to stop (Section 18 DV Act).",
        steps=[
            Step(
                text="संरक्षण अधिकारी से मिलें।" if hi else "Meet the Protection Officer.",
                where="संरक्षण अधिकारी" if hi else "Protection Officer",
                where_id="protection_officer",
                time_limit="3 दिन" if hi else "3 days",
                basis=["धारा 12 घरेलू हिंसा अधिनियम" if hi else "Section 12 DV Act"],
            )
        ],
        law=[
            LawItem(
                cite="धारा 18 घरेलू हिंसा अधिनियम" if hi else "Section 18 DV Act",
                gist="gist-18",
                text="STATUTE: The Magistrate may, after giving the aggrieved person ...",
                node_id="PWDVA:18",
            )
        ],
        deadlines=[Deadline(what="Send the demand notice", due="2025-04-02", basis="NIA:138")],
    )


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_card_shows_short_answer_and_steps_first_and_the_statute_only_behind_show_text(lang):
    from app.card import card_html, card_markdown

    a = _answer(lang)
    html = card_html(a)
    pos = [html.index(c) for c in ('class="np-summary"', 'class="np-steps"', 'class="np-deadlines"', 'class="np-law"')]
    assert pos == sorted(pos)
    statute = html.index("STATUTE:")
    details = html.rfind("<details", 0, statute)
    assert details > pos[-1] and "</details>" in html[statute:] and html.rfind("</details>", 0, statute) < details
    assert ("Section 138 NI Act" if lang == "en" else "धारा 138 NI Act") in html  # the deadline's basis
    assert ("कानून का पूरा पाठ देखें" if lang == "hi" else "Show the text of the law") in html
    md = card_markdown(a)
    assert "STATUTE" not in md and "gist\\-18" in md


def test_spoken_text_is_the_short_answer_and_the_steps_only():
    from core.speech.spoken import spoken_text

    a = _answer("en")
    a.notices = []
    s = spoken_text(a)
    assert s == (
        "A Magistrate can order the abuser to stop (Section 18 DV Act). "
        "Step 1: Meet the Protection Officer, 3 days (Section 12 DV Act)."
    )
    assert "STATUTE" not in s and "gist-" not in s
    h = spoken_text(_answer("hi"))
    assert h.startswith("मजिस्ट्रेट") and "कदम 1: संरक्षण अधिकारी से मिलें" in h
