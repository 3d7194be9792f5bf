"""Pure-data checks of the problem layer of the India pack (issue 10 §2).

Files: graph_schema/packs/india/problems/*.json and graph_schema/packs/india/routes.json.
No graph is needed.  Structure checks always run; the checks against the statute corpus
(every cited provision exists; every number in an English gist or time limit appears in the
cited provision's text) read the corpus dir from core.config.load_settings().corpus_dir and
skip when it is absent.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from core.config import load_settings

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "graph_schema" / "packs" / "india"
PROBLEM_DIR = PACK / "problems"

DEVANAGARI = re.compile(r"[\u0900-\u097F]")
LATIN_WORD = re.compile(r"[A-Za-z]+")

# The contract between the pack, retrieval and the evaluation (design note, "Problem ids").
# A file may hold more ids than these; it must hold at least these.
CONTRACT: dict[str, set[str]] = {
    "criminal_police.json": {
        "PROB:family_member_arrested",
        "PROB:arrest_rights_grounds",
        "PROB:production_24_hours",
        "PROB:meet_lawyer_in_custody",
        "PROB:medical_exam_arrested",
        "PROB:bail_regular",
        "PROB:bail_anticipatory",
        "PROB:bail_default",
        "PROB:police_refuse_fir",
        "PROB:woman_summoned_or_arrested",
        "PROB:elderly_summoned_or_arrested",
        "PROB:custodial_violence",
        "PROB:chargesheet_status",
        "PROB:appeal_conviction",
        "PROB:phone_recording_evidence",
        "PROB:whatsapp_electronic_evidence",
        "PROB:probation_first_offender",
        "PROB:summons_received",
        "PROB:accused_of_murder",
    },
    "offences_cyber_road.json": {
        "PROB:theft",
        "PROB:cheating",
        "PROB:online_fraud",
        "PROB:identity_theft_online",
        "PROB:intimate_images",
        "PROB:cyber_harassment",
        "PROB:stalking",
        "PROB:criminal_threats",
        "PROB:assault_hurt",
        "PROB:sexual_harassment",
        "PROB:rape_survivor",
        "PROB:child_sexual_abuse",
        "PROB:defamation",
        "PROB:criminal_trespass",
        "PROB:road_accident_compensation",
        "PROB:hit_and_run",
        "PROB:drunk_driving",
        "PROB:cheque_bounce",
        "PROB:dowry_death",
    },
    "family_civil.json": {
        "PROB:domestic_violence",
        "PROB:dv_residence",
        "PROB:dowry_harassment",
        "PROB:maintenance_wife",
        "PROB:maintenance_children",
        "PROB:maintenance_parents",
        "PROB:senior_citizen_neglect",
        "PROB:senior_property_transfer",
        "PROB:divorce_mutual_hindu",
        "PROB:divorce_contested_hindu",
        "PROB:divorce_christian",
        "PROB:divorce_special_marriage",
        "PROB:interfaith_marriage",
        "PROB:restitution_conjugal",
        "PROB:bigamy",
        "PROB:child_custody",
        "PROB:hindu_succession",
        "PROB:money_lent_recovery",
        "PROB:limitation_late_case",
        "PROB:property_injunction",
        "PROB:adverse_possession",
        "PROB:free_legal_aid",
        "PROB:lok_adalat",
        "PROB:mediation",
        "PROB:disability_rights",
        "PROB:unpaid_wages",
        "PROB:tenant_eviction",
        "PROB:defective_goods",
    },
}
ALL_CONTRACT_IDS = set().union(*CONTRACT.values())

REQUIRED_ROUTES = {
    "police_station",
    "sp_office",
    "magistrate",
    "sessions_court",
    "high_court",
    "protection_officer",
    "family_court",
    "civil_court",
    "mact",
    "maintenance_tribunal",
    "dlsa",
    "tlsa",
    "lok_adalat",
    "cyber_cell",
    "one_stop_centre",
    "labour_commissioner",
    "rent_controller",
    "consumer_commission",
    "mediation_centre",
    "hospital",
}
REQUIRED_HELPLINES = {"112", "181", "1098", "1930", "15100", "14567"}
FLOW_IDS_FILE = PACK / "procedures.json"

# Latin tokens allowed inside Hindi gists (act short codes and common abbreviations).
ALLOWED_LATIN_IN_HI = {
    "BNS",
    "BNSS",
    "BSA",
    "IPC",
    "CrPC",
    "CRPC",
    "IEA",
    "FIR",
    "DV",
    "HMA",
    "IT",
    "SMS",
    "OTP",
    "UPI",
    "CPC",
    "NI",
    "MV",
    "MVA",
    "SP",
    "DSP",
    "PO",
    "MACT",
    "DLSA",
    "TLSA",
    "NALSA",
    "SIM",
    "ID",
    "PIN",
    "ATM",
    "CCTV",
    "PDF",
    "SC",
    "ST",
    "POCSO",
    "Rs",
    "CD",
    "DNA",
    "SHO",
    "SDM",
    "HSA",
    "SMA",
    "LSA",
    "PWDVA",
    "RPwD",
    "IDA",
    "ITA",
    "ERSS",
    "WhatsApp",
    "PAN",
    "KYC",
    "e",
    "FSL",
    "RTI",
    "CSR",
    "NCR",
    "OPD",
    "MLC",
}

ROUTE_NAME = "the national cyber crime reporting portal"
FORBIDDEN_STRINGS = ("cybercrime.gov.in", "pypi.org", "npmjs.com", "crates.io", "rubygems.org")


# ----------------------------------------------------------------------------- loading
def _load_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


PROBLEM_FILES = sorted(PROBLEM_DIR.glob("*.json")) if PROBLEM_DIR.is_dir() else []
PROBLEMS: list[tuple[str, dict]] = [(f.name, p) for f in PROBLEM_FILES for p in _load_json(f).get("problems", [])]
PROBLEM_IDS = {p["id"] for _, p in PROBLEMS if isinstance(p, dict) and "id" in p}
ROUTES_DOC = _load_json(PACK / "routes.json") if (PACK / "routes.json").is_file() else None
ROUTE_IDS = {r["id"] for r in (ROUTES_DOC or {}).get("routes", [])}
HELPLINE_NUMBERS = {h["number"] for h in (ROUTES_DOC or {}).get("helplines", [])}
FLOW_IDS = {f["id"] for f in _load_json(FLOW_IDS_FILE)["flows"]}
CASE_IDS = {c["id"] for c in _load_json(PACK / "cases.json")["cases"]}


def _pid(item) -> str:
    return item[1].get("id", "?")


# ----------------------------------------------------------------------------- corpus index
# act code -> list of corpus files (relative to corpus_dir) and the field names (section, text).
_NEW = ("section", "text")
_OLD = ("section", "section_desc")
_DESC = ("section", "description")
ACT_FILES: dict[str, list[tuple[str, tuple[str, str]]]] = {
    "BNS": [("statutes/new_codes/bns_sections_from_met4l.json", _NEW)],
    "BNSS": [("statutes/new_codes/bnss_sections_from_met4l.json", _NEW)],
    "BSA": [("statutes/new_codes/bsa_sections_from_met4l.json", _NEW)],
    "IPC": [("statutes/old_codes/ipc.json", ("Section", "section_desc"))],
    "IEA": [("statutes/old_codes/iea.json", _OLD)],
    "CPC": [
        ("statutes/old_codes/cpc.json", _DESC),
        ("statutes/india_code_reprints/cpc_orders.json", _NEW),
        ("statutes/india_code_reprints/cpc_orders_commercial.json", _NEW),
    ],
    "MVA": [("statutes/old_codes/MVA.json", _DESC)],
    "IDA": [("statutes/old_codes/ida.json", _DESC)],
    "CRPC": [("statutes/india_code_reprints/crpc_current.json", _NEW)],
    "NIA": [("statutes/india_code_reprints/nia_current.json", _NEW)],
    "LSA": [("statutes/civil_family/lsa.json", _NEW)],
    "LIMITATION": [
        ("statutes/civil_family/limitation.json", _NEW),
        ("statutes/civil_family/limitation_schedule.json", _NEW),
    ],
    "PWDVA": [("statutes/civil_family/pwdva.json", _NEW)],
    "HMA": [("statutes/civil_family/hma.json", _NEW)],
    "MWPSC": [("statutes/civil_family/mwpsc.json", _NEW)],
    "ITA": [("statutes/civil_family/ita.json", _NEW)],
    "HSA": [("statutes/civil_family/hsa.json", _NEW)],
    "SMA": [("statutes/civil_family/sma.json", _NEW)],
    "POA": [("statutes/india_code_reprints/poa.json", _NEW)],
    "RPWD": [("statutes/india_code_reprints/rpwd.json", _NEW)],
    "MEDIATION": [("statutes/india_code_reprints/mediation.json", _NEW)],
    "CCA": [("statutes/india_code_reprints/cca.json", _NEW)],
    "CFA": [("statutes/india_code_reprints/cfa.json", _NEW)],
    "COI": [("constitution/constitution.json", ("article", "description"))],
}
PROVISION_ID = re.compile(r"^(?P<act>[A-Z]+):(?P<num>\S.*)$")


def norm_number(raw) -> str:
    """Corpus or pack section number -> comparable key ('21A.' -> '21A', 'order xxxix rule 1' kept spaced)."""
    s = re.sub(r"\s+", " ", str(raw)).strip().rstrip(".").strip()
    return s.upper()


@lru_cache(maxsize=1)
def corpus_dir() -> Path | None:
    d = load_settings().corpus_dir
    return d if d and Path(d).is_dir() else None


@lru_cache(maxsize=1)
def corpus_index() -> dict[str, str]:
    """'ACT:NUMBER' (normalised) -> provision text (title + text; limitation schedule adds period)."""
    base = corpus_dir()
    out: dict[str, str] = {}
    for act, files in ACT_FILES.items():
        for rel, (sec_key, text_key) in files:
            path = base / rel
            if not path.is_file():
                continue
            for row in _load_json(path):
                num = row.get(sec_key)
                if num is None:
                    continue
                parts = [str(row.get(k) or "") for k in ("title", "section_title", text_key, "period", "time_from")]
                key = f"{act}:{norm_number(num)}"
                out[key] = (out.get(key, "") + "\n" + "\n".join(parts)).strip()
    return out


def provision_key(pid: str) -> str | None:
    m = PROVISION_ID.match(pid or "")
    if not m or m["act"] not in ACT_FILES:
        return None
    return f"{m['act']}:{norm_number(m['num'])}"


@pytest.fixture(scope="module")
def corpus() -> dict[str, str]:
    if corpus_dir() is None:
        pytest.skip(f"corpus not found at {load_settings().corpus_dir} (set NYAYAPATH_CORPUS)")
    idx = corpus_index()
    assert len(idx) > 2000, len(idx)
    return idx


# ----------------------------------------------------------------------------- numbers
_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {
    "hundred": 100,
    "hundreds": 100,
    "thousand": 1000,
    "thousands": 1000,
    "lakh": 100000,
    "lakhs": 100000,
    "crore": 10000000,
    "crores": 10000000,
}
_WORD = re.compile(r"[a-z]+")
# a number that is a citation, not a quantity: "BNSS 35", "section 12", "Article 22", "s.482", "35(7)"
_CITE_PREFIX = re.compile(
    r"(?:\b(?:BNS|BNSS|BSA|IPC|CrPC|CRPC|IEA|CPC|NI|NIA|MVA|IDA|LSA|HMA|SMA|HSA|ITA|PWDVA|MWPSC|POA|RPwD|RPWD|"
    r"COI|DV|IT|Act|Acts|Article|Articles|Art|Arts|section|sections|Section|Sections|Order|Rule|Schedule|"
    r"sub-section|clause|s|ss)\.?\s*(?:\d+[A-Z]*(?:\(\w+\))*\s*(?:,|and|or|to|-)\s*)*)$"
)


def numbers_in_text(text: str) -> set[int]:
    """Every quantity written in digits or words in a text (corpus or gist)."""
    t = text.lower().replace("\u2014", " ").replace("\u2013", " ")
    found: set[int] = set()
    for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", t):
        raw = m.group().rstrip(",").replace(",", "")
        if raw.replace(".", "", 1).isdigit() and "." not in raw:
            found.add(int(raw))
    words = _WORD.findall(t.replace("-", " "))
    i = 0
    while i < len(words):
        w = words[i]
        if w in _UNITS or w in _TENS:
            total, cur, j = 0, 0, i
            while j < len(words) and (
                words[j] in _UNITS
                or words[j] in _TENS
                or words[j] in _SCALES
                or (words[j] == "and" and j + 1 < len(words) and (words[j + 1] in _UNITS or words[j + 1] in _TENS))
            ):
                x = words[j]
                if x in _UNITS or x in _TENS:
                    found.add(_UNITS.get(x, _TENS.get(x)))
                    cur += _UNITS.get(x, _TENS.get(x, 0))
                elif x in _SCALES:
                    sc = _SCALES[x]
                    if sc == 100:
                        cur = max(cur, 1) * 100
                    else:
                        total += max(cur, 1) * sc
                        cur = 0
                j += 1
            found.add(total + cur)
            i = j
        else:
            i += 1
    return found


def quantities_in_gist(text: str) -> set[int]:
    """Numbers a gist states as quantities: drop citation numbers ('BNSS 35(7)', 'section 12', 'Article 22')."""
    cleaned = text
    # remove sub-section / clause brackets after a number: 35(7) -> 35
    cleaned = re.sub(r"(\d+[A-Z]*)(\(\w+\))+", r"\1", cleaned)
    out_parts, last = [], 0
    for m in re.finditer(r"\d[\d,]*[A-Z]*", cleaned):
        before = cleaned[max(0, m.start() - 60) : m.start()]
        if _CITE_PREFIX.search(before):
            out_parts.append(cleaned[last : m.start()])
            last = m.end()
    out_parts.append(cleaned[last:])
    cleaned = " ".join(out_parts)
    # "one-third", "one-half": fractions are not checked as integers
    cleaned = re.sub(r"\b\w+-(?:third|half|fourth|quarter)s?\b", " ", cleaned, flags=re.I)
    # "one" alone is mostly an article ("one of", "any one"); checked only before a unit
    nums = numbers_in_text(cleaned)
    if 1 in nums and not re.search(r"\b(?:1|one)\s+(?:day|week|month|year|hour|lakh|thousand|crore)", cleaned, re.I):
        nums.discard(1)
    return nums


def missing_numbers(gist: str, provision_texts: list[str]) -> set[int]:
    want = quantities_in_gist(gist)
    have: set[int] = set()
    for t in provision_texts:
        have |= numbers_in_text(t)
    return want - have


# ----------------------------------------------------------------------------- helpers
def _is_bilingual_pair(obj: dict, base: str) -> bool:
    en, hi = obj.get(f"{base}_en"), obj.get(f"{base}_hi")
    return isinstance(en, str) and en.strip() != "" and isinstance(hi, str) and bool(DEVANAGARI.search(hi))


def _devanagari_share(s: str) -> float:
    letters = [c for c in s if c.isalpha()]
    if not letters:
        return 0.0
    return sum(1 for c in letters if DEVANAGARI.match(c)) / len(letters)


def _latin_words_outside_allowed(s: str) -> list[str]:
    # section numbers keep their letters in Hindi too ("धारा 65B", "13B", "41A"): not Latin words
    s = re.sub(r"\d+[A-Z]{1,2}\b", " ", s)
    return [w for w in LATIN_WORD.findall(s) if w not in ALLOWED_LATIN_IN_HI]


def _cited_ids(p: dict) -> list[tuple[str, str]]:
    """(where, provision id) for every provision the problem names."""
    out = [("governed_by", g.get("id")) for g in p.get("governed_by", [])]
    out += [("step", b) for s in p.get("steps", []) for b in s.get("basis", [])]
    # must_not may also name a pack case (e.g. CASE:kharak-singh-1962 for default bail); those are
    # checked against cases.json in test_problem_schema, not against the statute corpus.
    out += [("must_not", m) for m in p.get("must_not", []) if not str(m).startswith("CASE:")]
    return out


# ----------------------------------------------------------------------------- routes.json
def test_routes_file_shape():
    assert ROUTES_DOC is not None, "graph_schema/packs/india/routes.json missing"
    assert isinstance(ROUTES_DOC.get("_about"), str) and ROUTES_DOC["_about"].strip()
    routes, helplines = ROUTES_DOC["routes"], ROUTES_DOC["helplines"]
    ids = [r["id"] for r in routes]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    assert REQUIRED_ROUTES <= set(ids), REQUIRED_ROUTES - set(ids)
    for r in routes:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", r["id"]), r["id"]
        assert set(r) >= {"id", "name_en", "name_hi", "what_en", "what_hi", "source"}, r["id"]
        assert _is_bilingual_pair(r, "name") and _is_bilingual_pair(r, "what"), r["id"]
        assert isinstance(r["source"], str) and r["source"].strip(), r["id"]
        assert not _latin_words_outside_allowed(r["name_hi"] + " " + r["what_hi"]), (
            r["id"],
            _latin_words_outside_allowed(r["name_hi"] + " " + r["what_hi"]),
        )
    nums = [h["number"] for h in helplines]
    assert len(nums) == len(set(nums)), nums
    assert REQUIRED_HELPLINES <= set(nums), REQUIRED_HELPLINES - set(nums)
    for h in helplines:
        assert isinstance(h["number"], str) and h["number"].isdigit(), h
        assert h["name_en"].strip() and DEVANAGARI.search(h["name_hi"]), h["number"]
        assert isinstance(h["source"], str) and h["source"].strip(), h["number"]
    blob = json.dumps(ROUTES_DOC, ensure_ascii=False).lower()
    for bad in FORBIDDEN_STRINGS:
        assert bad not in blob, bad


# ----------------------------------------------------------------------------- problems: files and ids
def test_problem_files_exist_and_ids_unique():
    assert PROBLEM_FILES, "no graph_schema/packs/india/problems/*.json"
    ids = [p.get("id") for _, p in PROBLEMS]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for f in PROBLEM_FILES:
        doc = _load_json(f)
        assert isinstance(doc.get("_about"), str) and doc["_about"].strip(), f.name
        assert isinstance(doc.get("problems"), list) and doc["problems"], f.name


@pytest.mark.parametrize("fname", sorted(CONTRACT))
def test_contract_ids_present(fname):
    path = PROBLEM_DIR / fname
    if not path.is_file():
        pytest.skip(f"{fname} not written yet")
    have = {p["id"] for p in _load_json(path)["problems"]}
    assert CONTRACT[fname] <= have, sorted(CONTRACT[fname] - have)
    # a contract id belongs to its own file only
    others = ALL_CONTRACT_IDS - CONTRACT[fname]
    assert not (have & others), sorted(have & others)


# ----------------------------------------------------------------------------- problems: schema
@pytest.mark.parametrize("item", PROBLEMS, ids=_pid)
def test_problem_schema(item):
    fname, p = item
    pid = p.get("id", "?")
    assert re.fullmatch(r"PROB:[a-z][a-z0-9_]*", pid), pid
    for base in ("title", "gist"):
        assert _is_bilingual_pair(p, base), (pid, base)
    assert 20 <= len(p["gist_en"]) <= 700, (pid, len(p["gist_en"]))
    assert not _latin_words_outside_allowed(p["title_hi"] + " " + p["gist_hi"]), (
        pid,
        _latin_words_outside_allowed(p["title_hi"] + " " + p["gist_hi"]),
    )
    assert isinstance(p.get("source"), str) and p["source"].strip(), pid

    ph = p["phrasings"]
    assert set(ph) >= {"en", "hi", "hinglish"}, pid
    for lang in ("en", "hi", "hinglish"):
        lst = ph[lang]
        assert isinstance(lst, list) and all(isinstance(s, str) and s.strip() for s in lst), (pid, lang)
        assert len(lst) >= 6, (pid, lang, len(lst))
        assert len({s.strip().lower() for s in lst}) == len(lst), (pid, lang, "duplicate phrasing")
    for s in ph["hi"]:
        assert _devanagari_share(s) >= 0.6, (pid, "hi phrasing not mostly Devanagari", s)
    for s in ph["hinglish"] + ph["en"]:
        assert not DEVANAGARI.search(s), (pid, "Devanagari in a Latin-script phrasing", s)
    cues = p["cues"]
    assert set(cues) >= {"en", "hi", "hinglish"}, pid
    for lang in ("en", "hi", "hinglish"):
        assert isinstance(cues[lang], list) and cues[lang], (pid, lang)
        assert all(isinstance(c, str) and c.strip() for c in cues[lang]), (pid, lang)
    assert all(DEVANAGARI.search(c) for c in cues["hi"]), pid
    assert not any(DEVANAGARI.search(c) for c in cues["en"] + cues["hinglish"]), pid

    nh = p.get("not_held")
    assert nh is None or (
        isinstance(nh, dict)
        and nh.get("law_en")
        and DEVANAGARI.search(nh.get("law_hi", ""))
        and nh.get("route") in ROUTE_IDS
    ), (pid, nh)
    gov = p["governed_by"]
    assert isinstance(gov, list) and len(gov) <= 8, pid
    if nh is None:
        assert len(gov) >= 2, (pid, "needs 2-8 governing provisions")
    for g in gov:
        assert set(g) >= {"id", "gist_en", "gist_hi", "source"}, (pid, g.get("id"))
        assert g["gist_en"].strip() and DEVANAGARI.search(g["gist_hi"]), (pid, g["id"])
        assert g["source"].strip(), (pid, g["id"])
        assert not _latin_words_outside_allowed(g["gist_hi"]), (
            pid,
            g["id"],
            _latin_words_outside_allowed(g["gist_hi"]),
        )
    gov_ids = [g["id"] for g in gov]
    assert len(gov_ids) == len(set(gov_ids)), (pid, "duplicate governed_by")

    steps = p["steps"]
    assert isinstance(steps, list) and steps, pid
    for n, s in enumerate(steps):
        assert _is_bilingual_pair(s, "text"), (pid, n)
        assert s.get("where") is None or s["where"] in ROUTE_IDS, (pid, n, s.get("where"))
        for base in ("bring", "time_limit"):
            en, hi = s.get(f"{base}_en"), s.get(f"{base}_hi")
            assert (en is None) == (hi is None), (pid, n, base, "en/hi must both be set or both null")
            if en is not None:
                assert en.strip() and DEVANAGARI.search(hi), (pid, n, base)
        assert isinstance(s.get("basis"), list), (pid, n)
        assert isinstance(s.get("source"), str) and s["source"].strip(), (pid, n)
        assert not _latin_words_outside_allowed(s["text_hi"] + " " + (s.get("time_limit_hi") or "")), (
            pid,
            n,
            _latin_words_outside_allowed(s["text_hi"] + " " + (s.get("time_limit_hi") or "")),
        )

    assert isinstance(p["where"], list) and p["where"], pid
    assert set(p["where"]) <= ROUTE_IDS, (pid, set(p["where"]) - ROUTE_IDS)
    assert isinstance(p["helplines"], list), pid
    assert set(p["helplines"]) <= HELPLINE_NUMBERS, (pid, set(p["helplines"]) - HELPLINE_NUMBERS)
    assert p["flow"] is None or p["flow"] in FLOW_IDS, (pid, p["flow"])
    assert isinstance(p["cases"], list) and set(p["cases"]) <= CASE_IDS, (pid, set(p["cases"]) - CASE_IDS)
    rel = p.get("related", [])
    assert isinstance(rel, list) and pid not in rel, pid
    assert set(rel) <= PROBLEM_IDS | ALL_CONTRACT_IDS, (pid, set(rel) - PROBLEM_IDS - ALL_CONTRACT_IDS)
    must_not = p["must_not"]
    assert isinstance(must_not, list), pid
    assert not (set(must_not) & set(gov_ids)), (pid, set(must_not) & set(gov_ids))
    bad_cases = {m for m in must_not if str(m).startswith("CASE:")} - CASE_IDS
    assert not bad_cases, (pid, "must_not names a case not in cases.json", bad_cases)
    assert not (set(must_not) & set(p["cases"])), (
        pid,
        "a case both linked and forbidden",
        set(must_not) & set(p["cases"]),
    )
    step_basis = {b for s in steps for b in s["basis"]}
    assert not (set(must_not) & step_basis), (pid, "must_not also a step basis", set(must_not) & step_basis)
    blob = json.dumps(p, ensure_ascii=False).lower()
    for bad in FORBIDDEN_STRINGS:
        assert bad not in blob, (pid, bad)


# ----------------------------------------------------------------------------- problems vs corpus
@pytest.mark.parametrize("item", PROBLEMS, ids=_pid)
def test_cited_provisions_exist_in_corpus(item, corpus):
    _, p = item
    bad = []
    for where, pid in _cited_ids(p):
        key = provision_key(pid)
        if key is None or key not in corpus:
            bad.append((where, pid))
    assert not bad, (p["id"], bad)


@pytest.mark.parametrize("item", PROBLEMS, ids=_pid)
def test_gist_numbers_appear_in_provision_text(item, corpus):
    _, p = item
    bad = []
    for g in p["governed_by"]:
        key = provision_key(g["id"])
        if key in corpus:
            miss = missing_numbers(g["gist_en"], [corpus[key]])
            if miss:
                bad.append(("governed_by", g["id"], sorted(miss), g["gist_en"]))
    for n, s in enumerate(p["steps"]):
        texts = [corpus[k] for k in (provision_key(b) for b in s["basis"]) if k in corpus]
        if s.get("time_limit_en"):
            if not texts:
                bad.append(("step", n, "time limit without a basis provision", s["time_limit_en"]))
                continue
            miss = missing_numbers(s["time_limit_en"], texts)
            if miss:
                bad.append(("step time_limit", n, sorted(miss), s["time_limit_en"]))
    assert not bad, (p["id"], bad)


# ----------------------------------------------------------------------------- the number checker itself
def test_number_normaliser():
    assert {60, 24, 3} <= numbers_in_text("within sixty days ... twenty-four hours ... three years")
    assert 10000 in numbers_in_text("not exceeding Rs. 10,000 per month")
    assert 10000 in numbers_in_text("ten thousand rupees")
    assert 5000 in numbers_in_text("fine which may extend to five thousands rupees")  # MWPSC s.24 as printed
    assert 24 in numbers_in_text("twenty four hours")
    assert quantities_in_gist("Under BNSS 35(7) and section 41, no arrest of a person over 60") == {60}
    assert quantities_in_gist("Released after one-third of the term") == set()
    assert quantities_in_gist("one of the grounds") == set()
    assert quantities_in_gist("within one year") == {1}
    assert missing_numbers("within 14 days", ["within fourteen days"]) == set()
    assert missing_numbers("within 15 days", ["within fourteen days"]) == {15}
