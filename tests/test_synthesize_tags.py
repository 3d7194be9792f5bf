import pytest

from core.synthesis import REFUSAL_EN, REFUSAL_HI, cited_tags, is_refusal, normalize_tags


@pytest.mark.parametrize(
    "raw, n, text, unknown",
    [
        ("Bail is a right [S1].", 3, "Bail is a right [S1].", []),
        ("Bail is a right [S 1].", 3, "Bail is a right [S1].", []),
        ("Bail is a right (S1).", 3, "Bail is a right [S1].", []),
        ("Bail is a right [s1].", 3, "Bail is a right [S1].", []),
        ("Bail is a right [S1, S2].", 3, "Bail is a right [S1][S2].", []),
        ("Bail is a right [S1,S2].", 3, "Bail is a right [S1][S2].", []),
        ("Bail is a right (S1, s2).", 3, "Bail is a right [S1][S2].", []),
        ("Bail is a right [S1 and S3].", 3, "Bail is a right [S1][S3].", []),
        ("Bail is a right [S1; S2].", 3, "Bail is a right [S1][S2].", []),
        ("Steps [S1-S3].", 3, "Steps [S1][S2][S3].", []),
        ("Steps [S1–3].", 3, "Steps [S1][S2][S3].", []),
        ("See [Source 2].", 3, "See [S2].", []),
        ("See 【S2】.", 3, "See [S2].", []),
        ("A [S1] [S2] b", 3, "A [S1][S2] b", []),
        ("Dup [S1, S1].", 3, "Dup [S1].", []),
        ("Bad [S4].", 3, "Bad [S4].", ["S4"]),
        ("Bad [S0] and [S7, S9] and [S7].", 3, "Bad [S0] and [S7][S9] and [S7].", ["S0", "S7", "S9"]),
        ("Bad [S1, S5].", 3, "Bad [S1][S5].", ["S5"]),
        ("No sources [S1].", 0, "No sources [S1].", ["S1"]),
        # prose in brackets is not a tag group and must be left alone
        ("Fill form (see S1 form) now.", 3, "Fill form (see S1 form) now.", []),
        ("Section 4(1) applies (Section 4).", 3, "Section 4(1) applies (Section 4).", []),
        ("Mismatched (S1] stays.", 3, "Mismatched (S1] stays.", []),
        ("हिंदी वाक्य [S 2]।", 3, "हिंदी वाक्य [S2]।", []),
    ],
)
def test_normalize_tags(raw, n, text, unknown):
    assert normalize_tags(raw, n) == (text, unknown)


def test_normalize_is_idempotent():
    once, _ = normalize_tags("x [S1, S2] y (s3) z [S 4]", 4)
    assert normalize_tags(once, 4) == (once, [])


def test_huge_range_is_not_expanded():
    text, unknown = normalize_tags("[S1-S999]", 3)
    assert text == "[S1]" and unknown == []


def test_cited_tags_order_and_dedupe():
    assert cited_tags("a [S2] b [S1][S2] c [S10]") == ["S2", "S1", "S10"]


def test_is_refusal():
    assert is_refusal(REFUSAL_EN)
    assert is_refusal("  " + REFUSAL_EN.upper())
    assert is_refusal(REFUSAL_HI)
    assert not is_refusal("Bail is a right [S1].")
