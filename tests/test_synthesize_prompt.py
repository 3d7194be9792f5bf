"""The shared chat prompt: sources, one example answer, one example refusal, note, correction."""

from core.stages import Evidence
from core.synthesis import REFUSAL_EN, REFUSAL_HI
from core.synthesis.prompt import SOURCE_TEXT_CHARS, build_messages, clean_response, source_line, truncate

EV = [
    Evidence(
        node_id="BNS:103",
        label="Section",
        name="BNS 103: Punishment for murder",
        text="Whoever commits murder shall be punished. " * 30,
        cite_as="Section 103 BNS",
    ),
    Evidence(node_id="CASE:x", label="Case", name="A v. B", text="The court held X.", cite_as="A v. B (2000) 1 SCC 1"),
]


def test_structure_has_one_example_answer_and_one_refusal():
    m = build_messages("What is the punishment for murder?", EV, "en")
    assert [x["role"] for x in m] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "[S1]" in m[2]["content"] and "What to do next:" in m[2]["content"]
    assert m[4]["content"] == REFUSAL_EN
    assert REFUSAL_EN in m[0]["content"]
    # the examples are invented and carry no Indian law
    for x in m[1:5]:
        assert "BNS" not in x["content"] and "IPC" not in x["content"] and "Article" not in x["content"]


def test_source_lines_and_truncation():
    user = build_messages("q", EV, "en")[-1]["content"]
    lines = [ln for ln in user.splitlines() if ln.startswith("[S")]
    assert lines[0].startswith("[S1] Section 103 BNS — BNS 103: Punishment for murder: Whoever commits murder")
    assert lines[0].endswith("…")
    assert len(lines[0]) < SOURCE_TEXT_CHARS + 80
    assert lines[1] == "[S2] A v. B (2000) 1 SCC 1 — A v. B: The court held X."
    assert user.rstrip().endswith("Question: q")


def test_note_and_correction():
    user = build_messages("q", EV, "en", guidance="The BNS applies.", correction="[S3] is not in the sources")[-1][
        "content"
    ]
    assert "Note: The BNS applies." in user
    assert "Correction:" in user and "[S3] is not in the sources" in user


def test_hindi_instruction():
    m = build_messages("हत्या की सज़ा?", EV, "hi")
    assert "simple Hindi" in m[0]["content"] and "आगे क्या करें:" in m[0]["content"]
    assert m[4]["content"] == REFUSAL_HI


def test_source_line_without_cite_as():
    assert source_line(3, "", "Inform a relative", "Tell a relative.") == "[S3] Inform a relative: Tell a relative."


def test_truncate_and_clean():
    assert truncate("a  b\n c") == "a b c"
    assert truncate("word " * 200, 50).endswith("…")
    assert clean_response("Answer: Bail is a right [S1].<|im_end|>") == "Bail is a right [S1]."
