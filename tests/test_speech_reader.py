"""Citation reader: written legal citations -> speakable text (table-driven)."""

import pytest

from core.speech.reader import speakable

EN = [
    ("(2014) 8 SCC 273", "twenty fourteen, volume 8, S C C, page 273"),
    ("s. 482 BNSS", "section 482 of the B N S S"),
    ("Article 21(1)", "Article 21 clause 1"),
    ("Article 19(1)(a)", "Article 19 clause 1 sub-clause a"),
    ("Under s. 482 BNSS the High Court [S1] may act.", "Under section 482 of the B N S S the High Court may act."),
    (
        "See Arnesh Kumar v. State of Bihar, (2014) 8 SCC 273 [S2].",
        "See Arnesh Kumar versus State of Bihar, twenty fourteen, volume 8, S C C, page 273.",
    ),
    ("Section 103(1) of BNS", "section 103 sub-section 1 of the B N S"),
    ("ss. 302 and 304 IPC", "sections 302 and 304 of the I P C"),
    ("u/s 438 CrPC", "under section 438 of the C R P C"),
    ("u/s 438 Cr.P.C.", "under section 438 of the C R P C."),
    ("AIR 1978 SC 597", "A I R nineteen seventy eight, S C, page 597"),
    ("[1950] SCR 88", "nineteen fifty, S C R, page 88"),
    ("2023 SCC OnLine SC 123", "twenty twenty three, S C C online, S C, 123"),
    ("(2005) 1 SCC 1", "two thousand five, volume 1, S C C, page 1"),
    ("Fine of ₹5,000 under Section 103 BNS.", "Fine of 5,000 rupees under section 103 of the B N S."),
    ("File an FIR [S1][S2] now.", "File an F I R now."),
    ("Bail [S1, S3] is the rule.", "Bail is the rule."),
    ("**Bail** is the rule, e.g. in s. 480 BNSS.", "Bail is the rule, for example in section 480 of the B N S S."),
]
HI = [
    ("s. 482 BNSS", "धारा 482 बीएनएसएस"),
    ("धारा 482 BNSS के तहत [S1]", "धारा 482 बीएनएसएस के तहत"),
    ("Article 21(1)", "अनुच्छेद 21 खंड 1"),
    ("अनुच्छेद 21(1)", "अनुच्छेद 21 खंड 1"),
    ("धारा 103(1) BNS", "धारा 103 उपधारा 1 बीएनएस"),
    ("(2014) 8 SCC 273", "सन 2014, भाग 8, एस सी सी, पृष्ठ 273"),
    ("₹500 का जुर्माना", "500 रुपये का जुर्माना"),
    ("FIR दर्ज करें [S2]।", "एफ आई आर दर्ज करें।"),
    ("Section 438 CrPC", "धारा 438 सीआरपीसी"),
]


@pytest.mark.parametrize("text,expected", EN)
def test_english(text, expected):
    assert speakable(text, "en") == expected


@pytest.mark.parametrize("text,expected", HI)
def test_hindi(text, expected):
    assert speakable(text, "hi") == expected


def test_plain_text_unchanged():
    s = "You have the right to a lawyer."
    assert speakable(s, "en") == s
    assert speakable("आपको वकील का अधिकार है।", "hi") == "आपको वकील का अधिकार है।"
