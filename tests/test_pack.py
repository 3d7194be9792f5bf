"""Checks of the hand-curated India pack (graph_schema/packs/india/{cases,doctrine,procedures,glossary}.json).

Structure checks run always; checks against the real corpus (citations, section keys, section
titles) skip when the corpus is absent.  Corpus dir: $NYAYAPATH_CORPUS, else ../shared/corpus
relative to the repo root.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from domain import sources
from domain.ids import provision_id

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "graph_schema" / "packs" / "india"
DEVANAGARI = re.compile(r"[\u0900-\u097F]")

# Section keys the pack uses that the corpus statute JSON lacks. Each must be a gap listed in a
# statutes SOURCES.md, not a pack error. (CRPC:41A left this list when the CrPC came from the
# 2020 India Code reprint.)
KNOWN_CORPUS_GAPS: set[str] = set()

# (step id, section key) pairs whose section title shares no word with the step text, on purpose.
TITLE_EXCEPTIONS: set[tuple[str, str]] = set()

# Every corpus file of every Act the registry knows (domain.sources), and the Constitution:
# act -> [(file, number field, title field)].
_FIELDS = {
    "statutes/old_codes/ipc.json": ("Section", "section_title"),
    "statutes/old_codes/iea.json": ("section", "section_title"),
}
SECTION_FILES: dict[str, list[tuple[str, str, str]]] = {}
for _f in sources.STATUTE_FILES:
    SECTION_FILES.setdefault(_f.act, []).append((_f.path, *_FIELDS.get(_f.path, ("section", "title"))))
SECTION_FILES["COI"] = [("constitution/constitution.json", "article", "title")]
ACT_CODES = set(SECTION_FILES)
SECTION_KEY = re.compile(
    rf"^({'|'.join(sorted(ACT_CODES))}):(?:[0-9]+[A-Z]*|Schedule Article [0-9]+|"
    r"Order [IVXL]+[A-Z]?(?: \(Commercial\))? Rule [0-9]+[A-Z]*)$"
)


def _load(name: str) -> dict:
    return json.loads((PACK / name).read_text(encoding="utf-8"))


CASES = _load("cases.json")["cases"]
EDGES = _load("doctrine.json")["edges"]
FLOWS = _load("procedures.json")["flows"]
TERMS = _load("glossary.json")["terms"]
CASE_BY_ID = {c["id"]: c for c in CASES}


# ----------------------------------------------------------------------------- corpus fixtures
@pytest.fixture(scope="module")
def corpus() -> Path:
    env = os.environ.get("NYAYAPATH_CORPUS")
    d = Path(env) if env else (REPO / ".." / "shared" / "corpus").resolve()
    if not d.is_dir():
        pytest.skip(f"corpus not found at {d} (set NYAYAPATH_CORPUS)")
    return d


@pytest.fixture(scope="module")
def section_titles(corpus) -> dict[str, str]:
    keys: dict[str, str] = {}
    for act, files in SECTION_FILES.items():
        for rel, k, t in files:
            for row in json.loads((corpus / rel).read_text(encoding="utf-8")):
                keys[provision_id(act, row[k])] = str(row.get(t) or "")
    return keys


@pytest.fixture(scope="module")
def filler():
    spec = importlib.util.spec_from_file_location("fill_case_citations", REPO / "tools" / "fill_case_citations.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def sc_index(corpus, filler) -> list[dict]:
    return filler.load_rows(corpus)


def _norm(c: str) -> str:
    return re.sub(r"[^0-9A-Z]", "", (c or "").upper())


# ----------------------------------------------------------------------------- (f) sources everywhere
@pytest.mark.parametrize("kind,items", [("case", CASES), ("edge", EDGES), ("flow", FLOWS), ("term", TERMS)])
def test_every_item_has_a_source(kind, items):
    if kind == "flow":
        items = [s for f in items for s in f["steps"]]
    missing = [
        i.get("id") or (i.get("from"), i.get("rel"), i.get("to"))
        for i in items
        if not isinstance(i.get("source"), str) or not i["source"].strip()
    ]
    assert not missing, f"{kind}s without source: {missing}"


# ----------------------------------------------------------------------------- cases: structure
def test_cases_structure():
    assert len(CASES) >= 60
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for c in CASES:
        assert re.fullmatch(r"CASE:[a-z0-9][a-z0-9-]*", c["id"]), c["id"]
        assert c["name"] and isinstance(c["short_names"], list) and c["short_names"], c["id"]
        assert c["court"], c["id"]
        assert c["year"] is None or isinstance(c["year"], int), c["id"]
        if c.get("date"):
            assert re.fullmatch(r"\d{4}-\d\d-\d\d", c["date"]), c["id"]
            if c["year"]:
                assert c["date"].startswith(str(c["year"])), c["id"]
        assert 0 < len(c["holding_en"]) < 700, c["id"]
        assert set(c["citations"]) <= {"scc", "air", "scr", "insc", "dlt"}, c["id"]
        if c["citations"].get("insc"):
            assert re.fullmatch(r"\d{4} INSC \d+", c["citations"]["insc"]), c["id"]
        for key in c["interprets"]:
            assert SECTION_KEY.match(key), (c["id"], key)
    hindi = [c for c in CASES if c.get("holding_hi")]
    assert len(hindi) >= 25
    for c in hindi:
        assert DEVANAGARI.search(c["holding_hi"]), c["id"]


def test_brief_landmarks_present():
    for cid in [
        "CASE:puttaswamy-2017",
        "CASE:adm-jabalpur-1976",
        "CASE:maneka-gandhi-1978",
        "CASE:arnesh-kumar-2014",
        "CASE:lalita-kumari-2013",
        "CASE:sushila-aggarwal-2020",
        "CASE:arjun-panditrao-khotkar-2020",
        "CASE:rajnesh-v-neha-2020",
        "CASE:dashrath-rupsingh-rathod-2014",
        "CASE:vineeta-sharma-2020",
        "CASE:sg-vombatkere-2022",
    ]:
        assert cid in CASE_BY_ID, cid


# ----------------------------------------------------------------------------- (a) citations vs the SC index
def _title_shares_party(filler, name: str, row: dict) -> bool:
    return filler.overlap(filler.tokens(name), row) >= 1


def test_scr_and_insc_confirmed_by_corpus_index(sc_index, filler):
    by_insc, by_scr = {}, {}
    for r in sc_index:
        by_insc.setdefault(_norm(r["neutral_citation"]), []).append(r)
        by_scr.setdefault(_norm(r["scr_citation"]), []).append(r)
    confirmed, problems = 0, []
    for c in CASES:
        if not c.get("year") or c["year"] < 1990 or c["court"] != "SC":
            continue  # the index covers Supreme Court judgments from 1990
        for fld, index in (("insc", by_insc), ("scr", by_scr)):
            val = c["citations"].get(fld)
            if not val:
                continue
            rows = [r for r in index.get(_norm(val), []) if _title_shares_party(filler, c["name"], r)]
            if rows:
                confirmed += 1
            else:
                problems.append((c["id"], fld, val))
    assert not problems, f"citations the corpus index does not confirm: {problems}"
    assert confirmed >= 150, confirmed
    print(f"\n{confirmed} pack citations (insc/scr) confirmed by sc_index_1990_2025.csv")


def test_index_citations_were_filled(sc_index, filler):
    """Every 1990+ SC pack case the index contains carries the index's SCR (and INSC, unless the
    index row repeats an older neutral citation, a known corpus defect)."""
    missing = []
    for c in CASES:
        if not c.get("year") or c["year"] < 1990 or c["court"] != "SC":
            continue
        row, _why = filler.match(c, sc_index)
        if row is None:
            continue
        cit = c["citations"]
        if _norm(cit.get("scr")) != _norm(row["scr_citation"]):
            missing.append((c["id"], "scr", row["scr_citation"]))
        ins = row["neutral_citation"].strip()
        if ins and ins.startswith(row["iso"][:4]) and _norm(cit.get("insc")) != _norm(ins):
            missing.append((c["id"], "insc", ins))
        if cit.get("insc") or cit.get("scr"):
            assert c.get("citations_source") == "sc_index_1990_2025.csv" or c.get("note"), c["id"]
    assert not missing, f"run tools/fill_case_citations.py --write: {missing}"


# ----------------------------------------------------------------------------- (b) constitution/case_law.json
def test_overlap_with_constitution_case_law(corpus):
    rows = json.loads((corpus / "constitution" / "case_law.json").read_text(encoding="utf-8"))
    kind = {"AIR": "air", "SCC": "scc", "INSC": "insc"}
    checked, mismatches = 0, []
    for r in rows:
        first = re.split(r"\s+v\.?\s+|\s+vs\.?\s+|\(", r["case_name"])[0].strip().lower()
        pack = [
            c
            for c in CASES
            if c["name"].lower().startswith(first[:12]) or any(s.lower() == first for s in c["short_names"])
        ]
        pack = [c for c in pack if c.get("year") in (r["year"], r["year"] - 1, r["year"] + 1)]
        if not pack:
            continue
        c = pack[0]
        fld = next((v for k, v in kind.items() if k in r["citation"]), None)
        if fld and c["citations"].get(fld):
            checked += 1
            if _norm(c["citations"][fld]) != _norm(r["citation"]):
                mismatches.append((c["id"], fld, c["citations"][fld], r["citation"]))
    assert not mismatches, mismatches
    assert checked >= 4, checked  # Kesavananda, Maneka, Puttaswamy, Gopalan, Sabarimala ...


# ----------------------------------------------------------------------------- (c) doctrine
ALLOWED_RELS = {
    "OVERRULES",
    "STRUCK_DOWN_BY",
    "CONFLICTS_WITH",
    "RESOLVED_BY",
    "NARROWED_BY",
    "DISTINGUISHES",
    "INTERPRETS",
    "CITES",
}


def test_doctrine_shape():
    assert len(EDGES) >= 30
    seen = set()
    for e in EDGES:
        key = (e["from"], e["rel"], e["to"])
        assert key not in seen, key
        seen.add(key)
        assert e["rel"] in ALLOWED_RELS, key
        assert isinstance(e.get("props", {}), dict), key
        p = e.get("props", {})
        if e["rel"] in ("OVERRULES", "STRUCK_DOWN_BY"):
            assert p.get("extent") in ("full", "partial"), key
        if e["rel"] == "CONFLICTS_WITH":
            assert p.get("conflict_type") in ("coordinate_bench", "per_incuriam", "overruled", "distinguished"), key
            assert p.get("issue"), key
        if e["rel"] == "INTERPRETS":
            assert e["from"].startswith("CASE:") and SECTION_KEY.match(e["to"]) and p.get("point"), key
        if e["rel"] in ("OVERRULES", "CONFLICTS_WITH", "RESOLVED_BY", "CITES", "DISTINGUISHES"):
            assert e["from"].startswith("CASE:") and e["to"].startswith("CASE:"), key
        if e["rel"] == "STRUCK_DOWN_BY":
            assert SECTION_KEY.match(e["from"]) and e["to"].startswith("CASE:"), key
        if e["rel"] == "OVERRULES":  # a case cannot overrule a later one
            a, b = CASE_BY_ID.get(e["from"], {}), CASE_BY_ID.get(e["to"], {})
            if a.get("year") and b.get("year"):
                assert a["year"] >= b["year"], key


def test_required_doctrine_edges():
    have = {(e["from"], e["rel"], e["to"]): e.get("props", {}) for e in EDGES}
    for k in [
        ("CASE:puttaswamy-2017", "OVERRULES", "CASE:adm-jabalpur-1976"),
        ("CASE:navtej-singh-johar-2018", "OVERRULES", "CASE:suresh-kumar-koushal-2013"),
        ("IPC:497", "STRUCK_DOWN_BY", "CASE:joseph-shine-2018"),
        ("CASE:salauddin-abdulsamad-shaikh-1995", "CONFLICTS_WITH", "CASE:gurbaksh-singh-sibbia-1980"),
        ("CASE:kl-verma-1996", "CONFLICTS_WITH", "CASE:gurbaksh-singh-sibbia-1980"),
        ("CASE:gurbaksh-singh-sibbia-1980", "RESOLVED_BY", "CASE:sushila-aggarwal-2020"),
        ("CASE:arjun-panditrao-khotkar-2020", "OVERRULES", "CASE:shafhi-mohammad-2018"),
        ("CASE:anvar-pv-2014", "RESOLVED_BY", "CASE:arjun-panditrao-khotkar-2020"),
        ("CASE:vineeta-sharma-2020", "OVERRULES", "CASE:prakash-v-phulavati-2015"),
        ("CASE:rajesh-sharma-2017", "NARROWED_BY", "CASE:social-action-forum-2018"),
        ("CASE:arnesh-kumar-2014", "INTERPRETS", "CRPC:41"),
        ("CASE:arnesh-kumar-2014", "INTERPRETS", "CRPC:41A"),
        ("CASE:arnesh-kumar-2014", "INTERPRETS", "BNSS:35"),
        ("CASE:lalita-kumari-2013", "INTERPRETS", "CRPC:154"),
        ("CASE:lalita-kumari-2013", "INTERPRETS", "BNSS:173"),
        ("CASE:sushila-aggarwal-2020", "INTERPRETS", "CRPC:438"),
        ("CASE:sushila-aggarwal-2020", "INTERPRETS", "BNSS:482"),
        ("CASE:arjun-panditrao-khotkar-2020", "INTERPRETS", "IEA:65B"),
        ("CASE:arjun-panditrao-khotkar-2020", "INTERPRETS", "BSA:63"),
        ("CASE:rakesh-kumar-paul-2017", "INTERPRETS", "BNSS:187"),
        ("CASE:m-ravindran-2020", "INTERPRETS", "CRPC:167"),
        ("CASE:rajnesh-v-neha-2020", "INTERPRETS", "BNSS:144"),
        ("CASE:dashrath-rupsingh-rathod-2014", "INTERPRETS", "NIA:138"),
    ]:
        assert k in have, k
    assert have[("IPC:377", "STRUCK_DOWN_BY", "CASE:navtej-singh-johar-2018")]["extent"] == "partial"
    assert have[("IPC:124A", "NARROWED_BY", "CASE:sg-vombatkere-2022")]["effect"] == "in abeyance"
    assert ("IPC:124A", "STRUCK_DOWN_BY", "CASE:sg-vombatkere-2022") not in have


def test_doctrine_endpoints_exist(section_titles):
    bad = []
    for e in EDGES:
        for node in (e["from"], e["to"]):
            if node.startswith("CASE:"):
                if node not in CASE_BY_ID:
                    bad.append(node)
            elif node not in section_titles and node not in KNOWN_CORPUS_GAPS:
                bad.append(node)
    assert not bad, bad


def test_case_interprets_keys_exist(section_titles):
    bad = [
        (c["id"], k) for c in CASES for k in c["interprets"] if k not in section_titles and k not in KNOWN_CORPUS_GAPS
    ]
    assert not bad, bad


def test_known_corpus_gaps_are_still_gaps(section_titles):
    # If the corpus gains one of these sections, drop it from KNOWN_CORPUS_GAPS.
    assert not (KNOWN_CORPUS_GAPS & set(section_titles))


# ----------------------------------------------------------------------------- (d) glossary
def test_glossary():
    ids = [t["id"] for t in TERMS]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    en = {t["en"].strip().lower() for t in TERMS}
    assert len(en) >= 300, len(en)
    for t in TERMS:
        assert re.fullmatch(r"TERM:[a-z0-9][a-z0-9-]*", t["id"]), t["id"]
        assert t["en"].strip() and t["hi"].strip(), t["id"]
        assert DEVANAGARI.search(t["hi"]), t["id"]
        assert t["definition_en"].strip(), t["id"]
        assert DEVANAGARI.search(t["definition_hi"]), t["id"]
        assert isinstance(t["aliases"], list), t["id"]
        for s in t.get("sections", []):
            assert SECTION_KEY.match(s), (t["id"], s)
    hi = {t["hi"] for t in TERMS}
    for want in [
        "जमानत",
        "अग्रिम जमानत",
        "प्रथम सूचना रिपोर्ट",
        "आरोप पत्र",
        "संज्ञेय अपराध",
        "समन",
        "वारंट",
        "शपथ पत्र",
        "भरण-पोषण",
        "दहेज",
    ]:
        assert want in hi, want


def test_glossary_sections_exist(section_titles):
    bad = [
        (t["id"], s)
        for t in TERMS
        for s in t.get("sections", [])
        if s not in section_titles and s not in KNOWN_CORPUS_GAPS
    ]
    assert not bad, bad


# ----------------------------------------------------------------------------- (e) procedures
STOP = {
    "the",
    "and",
    "for",
    "with",
    "of",
    "in",
    "to",
    "by",
    "or",
    "on",
    "be",
    "is",
    "not",
    "when",
    "where",
    "which",
    "certain",
    "cases",
    "case",
    "person",
    "persons",
    "section",
    "sections",
    "under",
    "other",
    "such",
    "etc",
    "than",
    "more",
    "from",
    "any",
    "its",
    "their",
    "his",
    "her",
    "order",
    "orders",
    "power",
    "powers",
}


def _words(s: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z][a-z\-]+", s.lower()):
        for p in w.split("-"):
            if len(p) > 3 and p not in STOP:
                out.update({p, p.rstrip("s"), re.sub(r"(ed|ing|s)$", "", p)})
    return out


def test_procedures_structure():
    want = {
        "arrest",
        "fir",
        "bail",
        "anticipatory-bail",
        "default-bail",
        "chargesheet",
        "trial",
        "appeal",
        "maintenance",
        "cheque-bounce",
    }
    assert want <= {f["id"] for f in FLOWS}
    for f in FLOWS:
        assert f["name_en"] and DEVANAGARI.search(f["name_hi"]), f["id"]
        assert any(DEVANAGARI.search(t) for t in f["triggers"]), f["id"]
        assert any(re.fullmatch(r"[A-Za-z0-9 ()\-/.']+", t) for t in f["triggers"]), f["id"]
        assert f["steps"], f["id"]
        for n, s in enumerate(f["steps"], 1):
            assert s["id"] == f"PROC:{f['id']}:{n}", s["id"]
            assert s["name_en"] and DEVANAGARI.search(s["name_hi"]), s["id"]
            assert s["description_en"] and DEVANAGARI.search(s["description_hi"]), s["id"]
            assert s["time_limit"] is None or (isinstance(s["time_limit"], str) and s["time_limit"]), s["id"]
            for b in s["basis"]:
                assert SECTION_KEY.match(b), (s["id"], b)


def test_procedure_basis_sections_exist_and_match_titles(section_titles):
    missing, unrelated = [], []
    for f in FLOWS:
        for s in f["steps"]:
            text = _words(s["name_en"] + " " + s["description_en"])
            for b in s["basis"]:
                if b in KNOWN_CORPUS_GAPS:
                    continue
                if b not in section_titles:
                    missing.append((s["id"], b))
                elif not (_words(section_titles[b]) & text) and (s["id"], b) not in TITLE_EXCEPTIONS:
                    unrelated.append((s["id"], b, section_titles[b]))
    assert not missing, missing
    assert not unrelated, unrelated


def test_key_procedure_facts():
    steps = {s["id"]: s for f in FLOWS for s in f["steps"]}
    basis = {b for s in steps.values() for b in s["basis"]}
    for key in [
        "BNSS:47",
        "BNSS:48",
        "BNSS:58",
        "BNSS:187",
        "CRPC:50",
        "CRPC:50A",
        "CRPC:57",
        "CRPC:167",
        "COI:22",
        "BNSS:173",
        "CRPC:154",
        "BNSS:175",
        "BNSS:478",
        "BNSS:480",
        "BNSS:483",
        "BNSS:482",
        "BNSS:193",
        "BNSS:210",
        "BNSS:415",
        "BNSS:144",
        "NIA:138",
        "NIA:142",
    ]:
        assert key in basis, key
    cheque = next(f for f in FLOWS if f["id"] == "cheque-bounce")["steps"]
    limits = " | ".join(s["time_limit"] or "" for s in cheque)
    assert "30 days" in limits and "15 days" in limits and "1 month" in limits
