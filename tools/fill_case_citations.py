"""Fill neutral (INSC) and SCR citations, and dates, of pack cases from the corpus index.

Usage:  python tools/fill_case_citations.py [--corpus DIR] [--write]

For every case in graph_schema/packs/india/cases.json whose year is 1990 or later, look in
<corpus>/cases/sc_index_1990_2025.csv for rows whose title shares the case's distinctive
party-name tokens.  A row is accepted only when
  * the row's date equals the case's date (if the pack gives one), or otherwise the row's
    date falls in the case's year, and
  * every candidate at the best score carries the same neutral/SCR citation (no ambiguity).
Accepted rows fill citations.insc / citations.scr (and date, when missing), and the case gets
"citations_source": "sc_index_1990_2025.csv".  Citations already in the pack that disagree
with the csv are reported, never overwritten.  Without --write it only prints a report.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "graph_schema" / "packs" / "india" / "cases.json"
CSV_NAME = "sc_index_1990_2025.csv"

# Words that appear in many case titles and so identify nobody.
GENERIC = {
    "THE",
    "OF",
    "AND",
    "V",
    "VS",
    "VERSUS",
    "STATE",
    "UNION",
    "INDIA",
    "ORS",
    "ANR",
    "OTHERS",
    "ANOTHER",
    "GOVT",
    "GOVERNMENT",
    "NCT",
    "DELHI",
    "SMT",
    "SHRI",
    "MR",
    "MS",
    "DR",
    "LTD",
    "PVT",
    "PRIVATE",
    "LIMITED",
    "CO",
    "IN",
    "RE",
    "FOR",
    "THROUGH",
    "THR",
    "RETD",
    "JUSTICE",
    "U",
    "P",
    "UP",
    "M",
    "K",
    "S",
    "A",
    "L",
    "C",
    "G",
    "D",
    "R",
    "B",
    "H",
    "N",
    "T",
    "J",
    "CBI",
    "CENTRAL",
    "BUREAU",
    "INVESTIGATION",
    "ETC",
    "ADMINISTRATION",
    "SECRETARY",
    "HOME",
    "ASSOCIATION",
    "SOCIETY",
    "REGD",
    "COMMISSIONER",
    "OFFICER",
    "DIRECTORATE",
    "DISTRICT",
    # States and UTs: a shared state name says nothing about which case it is.
    "UTTAR",
    "PRADESH",
    "MADHYA",
    "ANDHRA",
    "HIMACHAL",
    "ARUNACHAL",
    "MAHARASHTRA",
    "BIHAR",
    "PUNJAB",
    "HARYANA",
    "RAJASTHAN",
    "GUJARAT",
    "KERALA",
    "KARNATAKA",
    "TAMIL",
    "NADU",
    "TELANGANA",
    "ORISSA",
    "ODISHA",
    "WEST",
    "BENGAL",
    "ASSAM",
    "JHARKHAND",
    "CHHATTISGARH",
    "UTTARAKHAND",
    "GOA",
    "JAMMU",
    "KASHMIR",
    "MADRAS",
    "BOMBAY",
    "CALCUTTA",
}


def tokens(text: str) -> set[str]:
    return {t for t in re.findall(r"[A-Z0-9]+", text.upper()) if t not in GENERIC and len(t) > 2}


def norm_cit(c: str) -> str:
    return re.sub(r"[^0-9A-Z]", "", (c or "").upper())


def corpus_dir(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    if str(REPO) not in sys.path:  # run as `python tools/fill_case_citations.py`
        sys.path.insert(0, str(REPO))
    from core.config import corpus_dir as configured  # $NYAYAPATH_CORPUS, else ../shared/corpus

    return configured().resolve()


def load_rows(corpus: Path) -> list[dict]:
    with open(corpus / "cases" / CSV_NAME, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        d = r["date"].strip()
        r["iso"] = f"{d[6:10]}-{d[3:5]}-{d[0:2]}" if re.fullmatch(r"\d\d-\d\d-\d{4}", d) else ""
        r["tok"] = tokens(r["title"])
        # Some titles are run together ("MRS. PRIYANKASRIVASTAVAANDANOTHER").
        r["flat"] = re.sub(r"[^A-Z0-9]", "", r["title"].upper())
    return rows


def overlap(want: set[str], row: dict) -> int:
    return sum(1 for t in want if t in row["tok"] or (len(t) >= 6 and t in row["flat"]))


def match(case: dict, rows: list[dict]) -> tuple[dict | None, str]:
    want = tokens(case["name"])
    if not want:
        return None, "no distinctive tokens in name"
    need = 1 if len(want) == 1 else 2
    best, best_score = [], 0
    for r in rows:
        if case.get("date"):
            if r["iso"] != case["date"]:
                continue
        elif not r["iso"].startswith(f"{case['year']}-"):
            continue
        score = overlap(want, r)
        if score < need:
            continue
        if score > best_score:
            best, best_score = [r], score
        elif score == best_score:
            best.append(r)
    if not best:
        return None, "no row"
    cits = {(r["neutral_citation"].strip(), r["scr_citation"].strip()) for r in best}
    if len(cits) > 1:
        return None, f"ambiguous: {sorted(cits)}"
    return best[0], "ok"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus")
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args()
    rows = load_rows(corpus_dir(a.corpus))
    pack = json.loads(PACK.read_text(encoding="utf-8"))
    filled = 0
    for case in pack["cases"]:
        if not case.get("year") or case["year"] < 1990:
            continue
        row, why = match(case, rows)
        if row is None:
            print(f"-- {case['id']}: {why}")
            continue
        cit = case.setdefault("citations", {})
        got = {"insc": row["neutral_citation"].strip(), "scr": row["scr_citation"].strip()}
        for k, v in got.items():
            if not v:
                continue
            if k == "insc" and not v.startswith(row["iso"][:4]):
                # Known corpus defect: a later judgment row repeating an earlier order's
                # neutral citation (e.g. 2017 INSC 1040 on a 28-09-2018 row).  Not copied.
                print(f"!! {case['id']}: csv neutral citation {v!r} does not match row date {row['date']}; not copied")
                continue
            if k in cit and norm_cit(cit[k]) != norm_cit(v):
                print(f"!! {case['id']}: pack {k}={cit[k]!r} but csv has {v!r}; left as is")
                continue
            cit[k] = v
        if not case.get("date") and row["iso"]:
            case["date"] = row["iso"]
        case["citations_source"] = CSV_NAME
        filled += 1
        print(f"ok {case['id']}: {row['date']} {got['insc']} {got['scr']} | {row['title'][:70]}")
    print(f"{filled} cases matched")
    if a.write:
        PACK.write_text(dump(pack), encoding="utf-8")
    return 0


def dump(pack: dict) -> str:
    """One case per block, stable key order, UTF-8 (Hindi kept readable)."""
    return json.dumps(pack, ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    sys.exit(main())
