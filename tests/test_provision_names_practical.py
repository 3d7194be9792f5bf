"""People-names for the practical provisions a legal-aid clinic is asked about (issue 19): Limitation Act
Schedule articles, CPC Orders and sections, and the BNSS, BSA, Constitution, IT Act, NI Act and Motor
Vehicles Act provisions that had none. The names are pack data (provision_names.json); these tests keep
them honest: each names a section its corpus file holds, a time-limit name states no period (the answer
gives the period from the text), the pack gains no name shared by two provisions and no multi-word name
resting on one content word, and the index finds the provision by its new names in three scripts."""

from __future__ import annotations

import json
import re

import pytest

from core.provisions import index_for, norm, toks
from domain import paths

PACK = json.loads(paths.pack_file(paths.PROVISION_NAMES).read_text(encoding="utf-8"))
NAMES = [(r["id"], n) for r in PACK["provisions"] for lang in ("en", "hi", "rom") for n in r.get(lang) or []]

# counted on the pack before these names were added (2026-12-05); older names share some across the old
# and new codes on purpose, and some older names rest on one word: the count may fall, never grow
SHARED_BEFORE = 56
ONE_WORD_BEFORE = 182


def test_no_new_name_is_shared_by_two_provisions():
    first: dict[str, str] = {}
    shared = 0
    for pid, name in NAMES:
        key = norm(name).strip()
        if first.setdefault(key, pid) != pid:
            shared += 1
    assert shared <= SHARED_BEFORE


def test_no_new_multi_word_name_rests_on_one_content_word():
    one = [(pid, n) for pid, n in NAMES if len(n.split()) > 1 and len(set(toks(n))) < 2]
    assert len(one) <= ONE_WORD_BEFORE, one[-5:]


_NUMBERS = {  # the periods the Schedule gives, as English, Hindi and Roman Hindi say them
    "one": 1,
    "ek": 1,
    "एक": 1,
    "two": 2,
    "do": 2,
    "दो": 2,
    "three": 3,
    "teen": 3,
    "तीन": 3,
    "six": 6,
    "chhah": 6,
    "छह": 6,
    "seven": 7,
    "saat": 7,
    "सात": 7,
    "twelve": 12,
    "barah": 12,
    "बारह": 12,
    "thirty": 30,
    "tees": 30,
    "तीस": 30,
    "sixty": 60,
    "saath": 60,
    "साठ": 60,
    "ninety": 90,
    "nabbe": 90,
    "नब्बे": 90,
}
_PERIOD = re.compile(r"\b(?:days?|months?|years?|din|mahine|saal|varsh)\b|दिन|महीन|साल|वर्ष")


def _numbers(text: str) -> set[int]:
    words = [w.strip(".,;:()") for w in text.lower().split()]
    return {int(w) for w in words if w.isdigit()} | {_NUMBERS[w] for w in words if w in _NUMBERS}


def test_a_time_limit_name_states_no_period_the_text_does_not_give(corpus_dir):
    """A name may say "three years to sue for a loan" only where the article's own period is three years."""
    period = {
        "LIMITATION:" + x["section"]: _numbers(x["text"].split("Period of limitation:")[-1].split("\n")[0])
        for x in json.loads((corpus_dir / "statutes/civil_family/limitation_schedule.json").read_text(encoding="utf-8"))
    }
    for r in PACK["provisions"]:
        if r["id"].startswith("LIMITATION:Schedule"):
            for name in r["en"] + r["hi"] + r["rom"]:
                if _PERIOD.search(name.lower()):
                    said = _numbers(name)
                    assert said and said <= period[r["id"]], (r["id"], name)


@pytest.mark.parametrize(
    "prefix, corpus_file",
    [
        ("LIMITATION:Schedule Article ", "statutes/civil_family/limitation_schedule.json"),
        ("CPC:Order ", "statutes/india_code_reprints/cpc_orders.json"),
    ],
)
def test_each_name_cites_a_section_its_corpus_file_holds(corpus_dir, prefix, corpus_file):
    held = {x["section"] for x in json.loads((corpus_dir / corpus_file).read_text(encoding="utf-8"))}
    rows = [r for r in PACK["provisions"] if r["id"].startswith(prefix)]
    assert rows
    for r in rows:
        section = r["id"].split(":", 1)[1]
        assert section in held, r["id"]
        assert r["source"].startswith(f"{corpus_file} {section} "), r["id"]


INDEX = [  # (how a person names it, the provision that must be among the index's first three)
    ("time limit to set aside an ex parte decree", "LIMITATION:Schedule Article 123"),
    ("खारिज मुकदमा बहाल कराने की समय सीमा", "LIMITATION:Schedule Article 122"),
    ("malicious prosecution suit ki miyad", "LIMITATION:Schedule Article 74"),
    ("time limit for arrears of rent", "LIMITATION:Schedule Article 52"),
    ("representative suit on behalf of all villagers", "CPC:Order I Rule 8"),
    ("मकान की कुर्की", "CPC:Order XXI Rule 54"),
    ("appeal me decree par stay", "CPC:Order XLI Rule 5"),
    ("how do I file a caveat", "CPC:148A"),
    ("plea bargaining judgment reduced sentence", "BNSS:294"),
    ("deposition of medical witness", "BNSS:326"),
    ("presumption about power of attorney", "BSA:84"),
    ("payment of crossed cheque account payee", "NIA:126"),
    ("interim relief for accident claimants", "MVA:164A"),
    ("पंचायत सदस्यता के लिए अयोग्यता", "COI:243F"),
    ("high court contempt power", "COI:215"),
    ("shaadi me hawai firing", "BNS:125"),
    ("sangyan ki samay seema", "BNSS:514"),
    ("police notice to produce documents", "BNSS:94"),
]


@pytest.mark.parametrize("question, expected", INDEX)
def test_index_finds_the_provision_by_its_new_name(graph, question, expected):
    got = [m.id for m in index_for(graph).search(question)[:3]]
    assert expected in got, got


def test_names_resting_on_the_text_say_what_the_text_says(corpus_dir):
    """Art. 215's names speak of contempt because its text gives the High Court the power to punish for
    contempt of itself; BNS s.125's "celebratory firing" because it is what IPC s.336 (rash act endangering
    life, under which such firing is booked) became."""
    arts = json.loads((corpus_dir / "constitution" / "constitution.json").read_text(encoding="utf-8"))
    art215 = next(a for a in arts if str(a["article"]) == "215")
    assert "punish for contempt" in art215["description"]
    rows = (corpus_dir / "concordance" / "ipc_bns_mapping.csv").read_text(encoding="utf-8").splitlines()
    assert any(r.startswith("336,125,125,Act endangering life") for r in rows)
    names = {r["id"]: r for r in PACK["provisions"]}
    assert "contempt of high court" in names["COI:215"]["en"]
    assert "celebratory firing in the air" in names["BNS:125"]["en"]
