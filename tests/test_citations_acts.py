"""The civil, family and procedure Acts (issue 10 s.1): extraction rows in both scripts, display
round trips for every provision the corpus holds, and the JSON a citation check gives."""

from __future__ import annotations

import pytest

from core.citations import extract
from domain import sources
from domain.acts import display, registry

# (input, expected keys in order)
KEYS: list[tuple[str, list[str]]] = [
    # --- sections of the new Acts, English ------------------------------------------------
    ("Section 12 of the DV Act", ["PWDVA:12"]),
    ("Section 12(1) PWDVA", ["PWDVA:12"]),
    ("Sections 18 and 19 of the Domestic Violence Act, 2005", ["PWDVA:18", "PWDVA:19"]),
    ("section 23 of the Protection of Women from Domestic Violence Act", ["PWDVA:23"]),
    ("Section 13B HMA", ["HMA:13B"]),
    ("Section 13-B of the Hindu Marriage Act, 1955", ["HMA:13B"]),
    ("Section 9 of the Hindu Marriage Act", ["HMA:9"]),
    ("Section 66E of the IT Act", ["ITA:66E"]),
    ("Sections 66C and 66D of the Information Technology Act, 2000", ["ITA:66C", "ITA:66D"]),
    ("Section 66A IT Act", ["ITA:66A"]),
    ("Section 5 of the Limitation Act", ["LIMITATION:5"]),
    ("Section 5 of the Limitation Act, 1963", ["LIMITATION:5"]),
    ("Section 12 of the Legal Services Authorities Act", ["LSA:12"]),
    ("Section 22B of the Legal Services Authorities Act, 1987", ["LSA:22B"]),
    ("Section 23 of the Senior Citizens Act", ["MWPSC:23"]),
    ("Section 9 of the Maintenance and Welfare of Parents and Senior Citizens Act, 2007", ["MWPSC:9"]),
    ("Section 6 of the Hindu Succession Act", ["HSA:6"]),
    ("Section 8 HSA", ["HSA:8"]),
    ("Section 28 of the Special Marriage Act", ["SMA:28"]),
    ("Section 4 of the Probation of Offenders Act", ["POA:4"]),
    ("Section 89 of the RPwD Act", ["RPWD:89"]),
    ("Section 5 of the Mediation Act, 2023", ["MEDIATION:5"]),
    ("Section 12A of the Commercial Courts Act", ["CCA:12A"]),
    ("Section 7 of the Court-fees Act", ["CFA:7"]),
    ("Section 7 of the Court Fees Act, 1870", ["CFA:7"]),
    # --- lettered numbers of the current CrPC and NI Act texts ------------------------------
    ("Section 41A CrPC", ["CRPC:41A"]),
    ("Section 143A of the NI Act", ["NIA:143A"]),
    ("Section 138 and 143A NI Act", ["NIA:138", "NIA:143A"]),
    # --- Hindi and Hinglish -------------------------------------------------------------
    ("धारा 12 घरेलू हिंसा अधिनियम", ["PWDVA:12"]),
    ("घरेलू हिंसा अधिनियम की धारा 18", ["PWDVA:18"]),
    ("घरेलू हिंसा से महिलाओं का संरक्षण अधिनियम, 2005 की धारा 19", ["PWDVA:19"]),
    ("हिंदू विवाह अधिनियम की धारा 13B", ["HMA:13B"]),
    ("धारा 13बी हिन्दू विवाह अधिनियम", ["HMA:13B"]),  # Devanagari suffix letter: बी = B
    ("आईटी एक्ट की धारा 66E", ["ITA:66E"]),
    ("सूचना प्रौद्योगिकी अधिनियम की धारा 66C", ["ITA:66C"]),
    ("परिसीमा अधिनियम की धारा 5", ["LIMITATION:5"]),
    ("माता-पिता और वरिष्ठ नागरिक भरण-पोषण अधिनियम की धारा 23", ["MWPSC:23"]),
    ("विधिक सेवा प्राधिकरण अधिनियम की धारा 12", ["LSA:12"]),
    ("विशेष विवाह अधिनियम की धारा 28", ["SMA:28"]),
    ("हिंदू उत्तराधिकार अधिनियम की धारा 8", ["HSA:8"]),
    ("मध्यस्थता अधिनियम की धारा ५", ["MEDIATION:5"]),
    ("dhara 12 DV Act", ["PWDVA:12"]),
    ("gharelu hinsa adhiniyam ki dhara 12", ["PWDVA:12"]),
    ("hindu marriage act ki dhara 13B", ["HMA:13B"]),
    ("IT Act ki dhara 66E", ["ITA:66E"]),
    # --- CPC First Schedule --------------------------------------------------------------
    ("Order XXXIX Rule 1 CPC", ["CPC:Order XXXIX Rule 1"]),
    ("Order 39 Rule 1 of the CPC", ["CPC:Order XXXIX Rule 1"]),
    ("O. XXXIX R. 1 CPC", ["CPC:Order XXXIX Rule 1"]),
    ("O.39 R.2 CPC", ["CPC:Order XXXIX Rule 2"]),
    ("Order XXXIX Rules 1 and 2 CPC", ["CPC:Order XXXIX Rule 1", "CPC:Order XXXIX Rule 2"]),
    ("Rule 11 of Order VII of the Code of Civil Procedure", ["CPC:Order VII Rule 11"]),
    ("Order VII Rule 11(d) CPC", ["CPC:Order VII Rule 11"]),
    ("Order XXI Rule 46I CPC", ["CPC:Order XXI Rule 46I"]),
    ("Order 13A Rule 3 CPC", ["CPC:Order XIIIA Rule 3"]),
    ("Order XI (Commercial) Rule 1 CPC", ["CPC:Order XI (Commercial) Rule 1"]),
    ("Order 37 Rule 2", ["CPC:Order XXXVII Rule 2"]),  # only the CPC has Orders and Rules
    ("आदेश 39 नियम 1 CPC", ["CPC:Order XXXIX Rule 1"]),
    ("सिविल प्रक्रिया संहिता के आदेश 39 नियम 1", ["CPC:Order XXXIX Rule 1"]),
    ("आदेश XXXIX नियम 2 सीपीसी", ["CPC:Order XXXIX Rule 2"]),
    ("Order VII Rule 11 of the Supreme Court Rules", ["?:Order VII Rule 11"]),
    # --- Limitation Act Schedule (never a Constitution article) ---------------------------
    ("Article 113 of the Limitation Act", ["LIMITATION:Schedule Article 113"]),
    ("Article 113 of the Schedule to the Limitation Act", ["LIMITATION:Schedule Article 113"]),
    ("Article 113, Limitation Act Schedule", ["LIMITATION:Schedule Article 113"]),
    ("Art. 137 of the Limitation Act, 1963", ["LIMITATION:Schedule Article 137"]),
    ("Articles 58 and 59 of the Limitation Act", ["LIMITATION:Schedule Article 58", "LIMITATION:Schedule Article 59"]),
    ("Under the Limitation Act, Article 65 gives twelve years", ["LIMITATION:Schedule Article 65"]),
    ("The Limitation Act applies. Article 113 of the Schedule gives three years.", ["LIMITATION:Schedule Article 113"]),
    ("परिसीमा अधिनियम की अनुसूची का अनुच्छेद 113", ["LIMITATION:Schedule Article 113"]),
    ("अनुच्छेद 137 परिसीमा अधिनियम", ["LIMITATION:Schedule Article 137"]),
    ("Article 21 of the Constitution", ["COI:21"]),
    ("Article 113 of the Schedule", ["?:Schedule Article 113"]),
    ("Article 21 and Section 5 of the Limitation Act", ["COI:21", "LIMITATION:5"]),
]


@pytest.mark.parametrize("text,expected", KEYS, ids=[t[:45] for t, _ in KEYS])
def test_keys(text, expected):
    assert [c.key for c in extract(text)] == expected


def test_spans_cover_the_act():
    c = extract("See Order 39 Rule 1 of the CPC now.")[0]
    assert c.text == "Order 39 Rule 1 of the CPC" and c.number == "Order XXXIX Rule 1" and c.act == "CPC"
    c = extract("Article 113, Limitation Act Schedule applies")[0]
    assert c.text == "Article 113, Limitation Act Schedule" and c.kind == "article"
    c = extract("Order 37 Rule 2 applies")[0]
    assert c.resolved_from == "implied"


# ------------------------------------------------------------------------------ display round trip
NEW_ACTS = (
    "LSA",
    "LIMITATION",
    "PWDVA",
    "HMA",
    "MWPSC",
    "ITA",
    "HSA",
    "SMA",
    "POA",
    "RPWD",
    "MEDIATION",
    "CCA",
    "CFA",
    "CPC",
    "NIA",
    "CRPC",
)


def _corpus_ids(corpus_dir) -> list[tuple[str, str]]:
    from graph_schema.loaders.statutes import read_act_sections

    return [(code, r["number"]) for code in NEW_ACTS for r in read_act_sections(corpus_dir, code)]


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_display_round_trip_every_provision(corpus_dir, lang):
    ids = _corpus_ids(corpus_dir)
    assert len(ids) == 2380  # 16 Acts: 1,477 new provisions + CPC 903 with its Orders (see test_ingest_statutes)
    bad = []
    for code, number in ids:
        shown = display(code, number, lang)
        got = [(c.act, c.number) for c in extract(f"{shown} applies")]
        if got != [(code, number)]:
            bad.append((code, number, shown, got))
    assert not bad, bad[:10]


def test_display_forms():
    assert display("CPC", "Order XXXIX Rule 1") == "Order XXXIX Rule 1 CPC"
    assert display("CPC", "Order XXXIX Rule 1", "hi") == "आदेश 39 नियम 1 CPC"
    assert display("LIMITATION", "Schedule Article 113") == "Article 113, Limitation Act Schedule"
    assert display("LIMITATION", "Schedule Article 113", "hi") == "परिसीमा अधिनियम की अनुसूची का अनुच्छेद 113"
    assert display("PWDVA", "12") == "Section 12 DV Act"
    assert display("PWDVA", "12", "hi") == "धारा 12 घरेलू हिंसा अधिनियम"
    assert display("BNS", "103", "hi") == "धारा 103 BNS" and display("COI", "21") == "Article 21"


def test_every_new_act_has_a_corpus_file_and_aliases():
    reg = registry()
    for code in NEW_ACTS:
        assert sources.files_of(code), code
        assert reg[code].aliases, code
