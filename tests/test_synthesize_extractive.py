"""ExtractiveComposer: table-driven on hand-built Evidence, English and Hindi."""

import re

import pytest

from core.stages import Draft, Evidence
from core.synthesis import (
    REFUSAL_EN,
    REFUSAL_HI,
    ExtractiveComposer,
    Synthesizer,
    first_sentence,
    make_synthesizer,
    normalize_tags,
)

TAG = re.compile(r"\[S(\d+)\]")

MURDER = Evidence(
    node_id="BNS:103",
    label="Section",
    name="BNS 103: Punishment for murder",
    text="(1) Whoever commits murder shall be punished with death or imprisonment for life, and shall "
    "also be liable to fine. (2) When a group of five or more persons acting in concert commits murder...",
    cite_as="Section 103 BNS",
)
ART21 = Evidence(
    node_id="COI:21",
    label="Article",
    name="Article 21: Protection of life and personal liberty",
    text="No person shall be deprived of his life or personal liberty except according to procedure "
    "established by law.",
    cite_as="Article 21",
    name_hi="प्राण और दैहिक स्वतंत्रता का संरक्षण",
)
BASU = Evidence(
    node_id="CASE:dk-basu-1997",
    label="Case",
    name="D.K. Basu v. State of West Bengal",
    text="Held: The police officer carrying out an arrest must prepare a memo of arrest at the time of arrest. "
    "The memo shall be attested by at least one witness.",
    cite_as="D.K. Basu v. State of West Bengal (1997) 1 SCC 416",
    text_hi="गिरफ़्तारी करने वाले पुलिस अधिकारी को उसी समय गिरफ़्तारी मेमो बनाना होगा। मेमो पर गवाह के दस्तख़त होंगे।",
)
HC_CASE = Evidence(
    node_id="CASE:hc-x",
    label="Case",
    name="A v. B",
    text="The tenant may not be evicted without notice.",
    cite_as="A v. B 2001 SCC OnLine Del 1",
    court="Delhi High Court",
)
STEP_PRODUCE = Evidence(
    node_id="PROC:arrest:2",
    label="ProceduralEvent",
    name="Production before a Magistrate",
    text="The arrested person must be produced before the nearest Magistrate. Travel time is excluded.",
    time_limit="24 hours",
    flow="arrest",
    order=2,
    name_hi="मजिस्ट्रेट के सामने पेशी",
    text_hi="गिरफ़्तार व्यक्ति को नज़दीकी मजिस्ट्रेट के सामने पेश करना होगा।",
    time_limit_hi="24 घंटे",
)
STEP_INFORM = Evidence(
    node_id="PROC:arrest:1",
    label="ProceduralEvent",
    name="Inform a relative",
    text="The police must tell a relative or friend of the arrested person where he is held.",
    flow="arrest",
    order=1,
)
TERM = Evidence(
    node_id="TERM:bail",
    label="Term",
    name="Bail",
    text="Bail means release from custody on a bond. It may need sureties.",
)
OLD_IPC = Evidence(
    node_id="IPC:302",
    label="Section",
    name="IPC 302: Punishment for murder",
    text="Whoever commits murder shall be punished with death, or imprisonment for life.",
    cite_as="Section 302 IPC",
    status="superseded",
)

EN_CASES = [
    # (name, evidence, must contain, must not contain)
    (
        "provision",
        [MURDER],
        [
            "Under [S1], Punishment for murder: Whoever commits murder shall be punished with death or imprisonment "
            "for life, and shall also be liable to fine.",
            "What to do next:",
            "15100",
        ],
        ["(2)", "group of five"],
    ),
    (
        "case holding",
        [BASU],
        [
            "The Supreme Court held in [S1] that the police officer carrying out an arrest must prepare a memo of "
            "arrest at the time of arrest."
        ],
        ["Held:", "attested"],
    ),
    (
        "high court not called supreme",
        [HC_CASE],
        ["The Delhi High Court held in [S1] that the tenant may not be evicted without notice."],
        ["Supreme"],
    ),
    (
        "steps sorted with time limit",
        [MURDER, STEP_PRODUCE, STEP_INFORM],
        [
            "What to do next:\n1. Inform a relative: The police must tell a relative or friend of the arrested person "
            "where he is held [S3].\n2. Production before a Magistrate: The arrested person must be produced before "
            "the nearest Magistrate (time limit: 24 hours) [S2]."
        ],
        ["15100", "Travel time"],
    ),
    (
        "mixed",
        [ART21, BASU, STEP_PRODUCE],
        [
            "Under [S1], Protection of life and personal liberty: No person shall be deprived",
            "held in [S2] that",
            "(time limit: 24 hours) [S3].",
        ],
        [],
    ),
    ("term", [TERM], ["According to [S1], Bail: Bail means release from custody on a bond."], ["sureties"]),
    ("status carried", [OLD_IPC], ["(status: superseded)."], []),
]


@pytest.mark.parametrize("name, evidence, must, must_not", EN_CASES, ids=[c[0] for c in EN_CASES])
def test_extractive_en(name, evidence, must, must_not):
    d = ExtractiveComposer().draft("question", evidence, "en")
    for m in must:
        assert m in d.text, (m, d.text)
    for m in must_not:
        assert m not in d.text, (m, d.text)
    _check_common(d, evidence)


HI_CASES = [
    (
        "provision without Hindi text is named, not described in English",
        [MURDER],
        ["लागू कानून: [S1]।", "आगे क्या करें:", "15100"],
        ["Whoever", "Punishment"],
    ),
    ("provision with name_hi", [ART21], ["[S1] के अनुसार: प्राण और दैहिक स्वतंत्रता का संरक्षण।"], ["No person"]),
    (
        "case with text_hi",
        [BASU],
        ["सुप्रीम कोर्ट ने [S1] में कहा: गिरफ़्तारी करने वाले पुलिस अधिकारी को उसी समय गिरफ़्तारी मेमो बनाना होगा।"],
        ["गवाह", "police"],
    ),
    ("case without text_hi", [HC_CASE], ["अदालत का फ़ैसला: [S1]।"], ["tenant"]),
    (
        "steps hi",
        [MURDER, STEP_PRODUCE, STEP_INFORM],
        [
            'आगे क्या करें:\n1. "Inform a relative" [S3]।\n2. मजिस्ट्रेट के सामने पेशी: गिरफ़्तार व्यक्ति को नज़दीकी '
            "मजिस्ट्रेट के सामने पेश करना होगा (समय-सीमा: 24 घंटे) [S2]।"
        ],
        ["15100", "What to do"],
    ),
]


@pytest.mark.parametrize("name, evidence, must, must_not", HI_CASES, ids=[c[0] for c in HI_CASES])
def test_extractive_hi(name, evidence, must, must_not):
    d = ExtractiveComposer().draft("सवाल", evidence, "hi")
    for m in must:
        assert m in d.text, (m, d.text)
    for m in must_not:
        assert m not in d.text, (m, d.text)
    _check_common(d, evidence)


def _check_common(d: Draft, evidence):
    assert d.backend == "extractive" and d.model_id == "extractive"
    assert d.sources == {f"S{i}": e.node_id for i, e in enumerate(evidence, 1)}
    assert len(d.prompt_sha256) == 64 and len(d.response_sha256) == 64
    assert set(d.timings_ms) >= {"first_token", "generate"}
    tags = {int(n) for n in TAG.findall(d.text)}
    assert tags and tags <= set(range(1, len(evidence) + 1))
    assert normalize_tags(d.text, len(evidence)) == (d.text, [])
    # every factual line cites (the fallback next-step line is advice, not law)
    for line in d.text.splitlines():
        if line.strip() in ("What to do next:", "आगे क्या करें:") or "15100" in line:
            continue
        assert TAG.search(line), line


def test_deterministic():
    ev = [ART21, BASU, STEP_PRODUCE]
    a = ExtractiveComposer().draft("q", ev, "en")
    b = ExtractiveComposer().draft("q", ev, "en")
    assert a.text == b.text and a.response_sha256 == b.response_sha256 and a.prompt_sha256 == b.prompt_sha256
    assert ExtractiveComposer().draft("other q", ev, "en").prompt_sha256 != a.prompt_sha256


def test_correction_drops_named_sources():
    ev = [MURDER, ART21]
    d = ExtractiveComposer().draft("q", ev, "en", correction="[S1] is not about murder")
    assert "[S1]" not in d.text and "[S2]" in d.text
    assert d.sources == {"S1": "BNS:103", "S2": "COI:21"}  # the map still numbers all evidence


def test_no_evidence_is_refusal():
    assert ExtractiveComposer().draft("q", [], "en").text == REFUSAL_EN
    assert ExtractiveComposer().draft("q", [], "hi").text == REFUSAL_HI


def test_limits_number_of_provisions():
    ev = [MURDER, ART21, OLD_IPC, MURDER]
    d = ExtractiveComposer(max_provisions=2).draft("q", ev, "en")
    assert "[S1]" in d.text and "[S2]" in d.text and "[S3]" not in d.text and "[S4]" not in d.text


def test_guidance_echo_is_opt_in():
    g = "The new code (BNS) applies to acts on or after 1 July 2024."
    assert g not in ExtractiveComposer().draft("q", [MURDER], "en", guidance=g).text
    assert ExtractiveComposer(echo_guidance=True).draft("q", [MURDER], "en", guidance=g).text.startswith(g)


def test_factory_and_protocol():
    s = make_synthesizer("extractive")
    assert isinstance(s, ExtractiveComposer) and isinstance(s, Synthesizer)
    with pytest.raises(ValueError):
        make_synthesizer("gpt-9")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Whoever commits murder shall be punished. Second.", "Whoever commits murder shall be punished"),
        ("See Sec. 4 of the Act. Then more.", "See Sec. 4 of the Act"),
        (
            "In Maneka Gandhi v. Union of India the court spoke. More.",
            "In Maneka Gandhi v. Union of India the court spoke",
        ),
        ("Under S. 41 no arrest. More.", "Under S. 41 no arrest"),
        ("पहला वाक्य। दूसरा वाक्य।", "पहला वाक्य"),
        ("", ""),
        ("word " * 100, None),
    ],
)
def test_first_sentence(text, expected):
    out = first_sentence(text, max_chars=120)
    if expected is None:
        assert len(out) <= 122 and out.endswith("…")
    else:
        assert out == expected


def test_without_a_problem_the_short_answer_says_the_clause_asked_not_the_heading():
    """A definitions section found with no problem recognised: "who is an aggrieved person" was answered
    "Under [S1]: Definitions."; the short answer now says the clause that defines the words (its own words)."""
    text = (
        "In this Act, unless the context otherwise requires,—\n(a) aggrieved person means any woman who is, or has "
        "been, in a domestic relationship with the respondent;\n(b) child means any person below the age of "
        "eighteen years;\n(e) domestic incident report means a report made on a complaint from an aggrieved person;"
    )
    ev = [
        Evidence(
            node_id="PWDVA:2",
            label="Section",
            name="Definitions",
            act="PWDVA",
            number="2",
            title="Definitions",
            text=text,
        )
    ]
    d = ExtractiveComposer().draft("who is an aggrieved person under the DV act", ev, "en")
    assert "aggrieved person means any woman" in d.parts.summary, d.parts.summary
    assert "[S1]" in d.parts.summary
