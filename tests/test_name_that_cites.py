"""A provision people know by an old section number is answered, not withheld (invariant 1 without losing the answer).

BNSS s.163 (prohibitory orders) is what people still call "section 144", and its Hindi people-name in the pack
is "धारा 144"; BNS s.223 is "धारा 144 का उल्लंघन". When the answer used such a name as the provision's Hindi
gist ("धारा 163 BNSS के अनुसार: धारा 144"), the verifier read "धारा 144" as a citation of its own (BNSS s.144,
maintenance; BNS s.144, trafficking), off the point, and the whole Hindi and Hinglish answer was withheld as
unverifiable, while the English one answered. A name that cites is never the gist (core.sources).

Questions written for this test, on the real graph.
"""

from __future__ import annotations

import re

import pytest
from answer_support import cited_ids

from core.sources import cites

_DEVANAGARI = re.compile(r"[\u0900-\u097f]")


@pytest.mark.parametrize(
    "q,lang,script",
    [
        ("dhara 144 kya hoti hai", "hi", "roman"),
        ("sheher me section 144 lag gayi, iska kya matlab hai", "hi", "roman"),
        ("धारा 144 लगने का क्या मतलब है", "hi", "devanagari"),
        ("what does it mean when section 144 is imposed", "en", None),
    ],
)
def test_section_144_is_answered_with_the_prohibitory_order(pipe, q, lang, script):
    r = pipe.ask(q)
    ids = cited_ids(r)
    assert r.status == "answer", (r.abstain_reason, r.answer[:200])
    assert "BNSS:163" in ids[:2], ids
    assert r.language == lang
    if script == "roman":
        assert not _DEVANAGARI.search(r.summary), r.summary
    # the short answer names BNSS s.163 by its number, never describes it as "section 144" alone
    assert not re.search(r"(?:के अनुसार|ke anusaar): (?:धारा|dhaara) 144", r.summary), r.summary


@pytest.mark.parametrize(
    "name,says_one",
    [
        ("धारा 144", True),
        ("धारा 144 का उल्लंघन", True),
        ("आपातकाल में अनुच्छेद 19 का निलंबन", True),
        ("दफ़ा ३०२", True),
        ("24 घंटे में पेशी", False),
        ("निषेधाज्ञा", False),
        ("14 साल से कम बच्चों से काम", False),
    ],
)
def test_which_hindi_names_cite(name, says_one):
    assert cites(name) is says_one
