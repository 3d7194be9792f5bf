"""core.synthesis.sentences.shorten_lists: a quoted run of four or more sections keeps its first and last (the
six-citation cap counts what a quoted sentence names), and the citation extractor still reads it as one list."""

from __future__ import annotations

import pytest

from core.synthesis.sentences import shorten_lists


@pytest.mark.parametrize(
    "text,short",
    [
        (
            "an offence under section 64, section 65, section 66, section 70(2) or section 78 of the BNS",
            "an offence under section 64, … or section 78 of the BNS",
        ),
        ("sections 64, 65, 66 and 70 apply", "sections 64, … and 70 apply"),
        ("धारा 64, धारा 65, धारा 66 या धारा 70", "धारा 64, … या धारा 70"),
        ("section 498A, section 304B, section 306 or section 376", "section 498A, … or section 376"),
        # three sections or fewer are kept as they are
        ("section 498A, section 304B or section 306", "section 498A, section 304B or section 306"),
        ("section 64 or section 65 of the BNS", "section 64 or section 65 of the BNS"),
        ("no section here", "no section here"),
    ],
)
def test_shorten_lists(text, short):
    assert shorten_lists(text) == short
