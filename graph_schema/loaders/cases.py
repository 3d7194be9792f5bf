"""Supreme Court case metadata -> Case, CiteKey, Court, Judge nodes.

Sources (corpus_dir/cases):
  sc_index_1990_2025.csv         title, date (DD-MM-YYYY), parties, neutral citation, SCR citation
  sc_metadata_2018_2024/*.json   {"data": [{pet, res, bench, judgement_by, judgment_dates, ...}]}

One Case per neutral citation (id CASE:INSC-<year>-<n>); rows without one get a stable
slug id from title + date. The index repeats 561 neutral citations: exact repeats are
folded; where two different judgments carry the same citation the node keeps the row
whose decision year equals the citation year and the other row becomes its own Case
(slug id, no INSC key). Every such case is reported.

Benches come from the metadata JSON, joined to index rows by (date, party names).
Judges are deduplicated on a normalised name ("A.M. KHANWILKAR" == "A M KHANWILKAR").
A bench entry "THE CHIEF JUSTICE" without a name is reported and skipped, never guessed.
"""

from __future__ import annotations

import csv
import glob
import html
import json
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from domain.ids import case_id_from_neutral, court_id, judge_id, slug
from domain.reporters import normalize_reporter
from graph_schema.batch import merge_edges, merge_nodes

SRC = "cases"
SC_COURT = court_id("SC")
INDEX_FILE = "sc_index_1990_2025.csv"
META_DIR = "sc_metadata_2018_2024"

# ---------------------------------------------------------------- names

_SMALL = {"and", "of", "the", "for", "in", "by", "through", "at", "on", "to", "vs", "v", "etc"}
_SPACE = re.compile(r"\s+")


def _word_case(w: str, first: bool) -> str:
    if not w:
        return w
    core = w.strip("()[],;:\"'")
    low = core.lower()
    if "." in core and len(core.replace(".", "")) <= 3 and low not in ("ors.", "anr.", "etc.", "ltd.", "co."):
        return w.upper()  # U.P., M.P., L.RS., A.K.
    if low in ("ors.", "anr.", "etc.", "ltd.", "co.", "ors", "anr", "ltd"):
        return w[0].upper() + w[1:].lower() if w[0].isalpha() else w.lower()
    if not first and low in _SMALL:
        return w.lower()
    if re.fullmatch(r"[IVX]+", core):  # roman numerals
        return w
    out = []
    cap = True
    for ch in w.lower():
        out.append(ch.upper() if cap and ch.isalpha() else ch)
        if ch.isalpha():
            cap = False
        elif ch in "(-/'&[\"":
            cap = True
    return "".join(out)


def display_case(text: str) -> str:
    words = _SPACE.sub(" ", text).strip().split(" ")
    return " ".join(_word_case(w, i == 0) for i, w in enumerate(words))


def case_name(title: str) -> str:
    """'X versus Y' (upper case) -> 'X v. Y' in display case; a missing side stays out."""
    t = _SPACE.sub(" ", title).strip()
    parts = re.split(r"\s+(?:versus|vs\.?|v\.)\s*", t, maxsplit=1, flags=re.I)
    left = parts[0].strip(" ,")
    right = parts[1].strip(" ,") if len(parts) > 1 else ""
    if right:
        return f"{display_case(left)} v. {display_case(right)}"
    return display_case(left)


_PARTY_STOP = {
    "AND",
    "ORS",
    "ANR",
    "OTHERS",
    "ANOTHER",
    "ETC",
    "THE",
    "OF",
    "M",
    "S",
    "MS",
    "LTD",
    "THROUGH",
    "THR",
    "ITS",
    "BY",
    "REP",
    "DEAD",
    "LRS",
    "L",
    "RS",
    "VS",
    "V",
    "VERSUS",
    "&",
    "NO",
    "SMT",
    "SHRI",
    "SRI",
    "MR",
    "MRS",
    "DR",
    "AS",
    "IN",
    "A",
    "AN",
    "WITH",
    "CONNECTED",
    "MATTERS",
}


def party_tokens(text: str) -> frozenset:
    toks = re.findall(r"[A-Z0-9]+", html.unescape(text or "").upper())
    return frozenset(t for t in toks if t not in _PARTY_STOP and len(t) > 1)


def name_tokens(name: str) -> tuple[frozenset, frozenset]:
    """Party token sets of both sides of a case name ('X v. Y' / 'X versus Y' / 'X vs Y')."""
    parts = re.split(r"\s+(?:versus|vs\.?|v\.?)\s+", name or "", maxsplit=1, flags=re.I)
    return party_tokens(parts[0]), party_tokens(parts[1] if len(parts) > 1 else "")


def _jaccard(a: frozenset, b: frozenset) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


# ---------------------------------------------------------------- judges

_HON = re.compile(
    r"^\s*(?:HON'?BLE|HONOURABLE|HON\.)?\s*(?:THE\s+)?(?:(?:MR|MRS|MS|DR|SMT|SHRI)\.?\s+)*"
    r"(?:(?:ACTING\s+)?CHIEF\s+JUSTICE|JUSTICE)?\s*(?:(?:MR|MRS|MS|DR)\.?\s+)?",
    re.I,
)


def judge_name(raw: str) -> str | None:
    """ "HON&#39;BLE MR. JUSTICE A.M. KHANWILKAR" -> "A.M. KHANWILKAR"; None when no name is left."""
    t = _SPACE.sub(" ", html.unescape(raw or "")).strip().strip(",")
    t = _HON.sub("", t, count=1).strip(" ,.")
    if not t or t.upper() in ("HON'BLE", "THE", "CHIEF JUSTICE", "THE CHIEF JUSTICE", "JUSTICE"):
        return None
    return t


def judge_key(name: str) -> str:
    """Normalised judge identity: case, dots and spacing ignored ('A.M.KHANWILKAR' == 'a m khanwilkar')."""
    t = re.sub(r"[.\s]+", " ", name.upper()).strip()
    return judge_id(t)


def judge_display(name: str) -> str:
    t = re.sub(r"\.\s*", ". ", name.upper()).strip()
    t = re.sub(r"\b([A-Z])\. (?=[A-Z]\.)", r"\1.", t)  # A. M. -> A.M.
    return " ".join(w if re.fullmatch(r"(?:[A-Z]\.)+", w) else w.capitalize() for w in t.split())


def split_bench(raw: str) -> list[str]:
    t = html.unescape(raw or "")
    # names never contain "HON'BLE", commas separate entries
    return [p for p in (x.strip() for x in re.split(r",|(?=HON'BLE)", t)) if p]


# ---------------------------------------------------------------- parsing


def iso_date(ddmmyyyy: str) -> str | None:
    m = re.match(r"\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$", ddmmyyyy or "")
    if not m:
        return None
    d, mo, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}"


def read_index(path: Path, report) -> list[dict]:
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh), start=2):
            title = _SPACE.sub(" ", (r.get("title") or "")).strip()
            date = iso_date(r.get("date") or "")
            if not title or not date:
                report.defect(SRC, "index row without title or valid date", line=i, title=title, date=r.get("date"))
                continue
            neutral = _SPACE.sub(" ", r.get("neutral_citation") or "").strip()
            scr = _SPACE.sub(" ", r.get("scr_citation") or "").strip()
            insc_key = normalize_reporter(neutral) if neutral else None
            if neutral and not insc_key:
                report.defect(SRC, "unparseable neutral citation", line=i, neutral=neutral)
                neutral = ""
            scr_key = normalize_reporter(scr) if scr else None
            if scr and not scr_key:
                report.defect(SRC, "unparseable SCR citation", line=i, scr=scr)
            rows.append(
                {
                    "line": i,
                    "title": title,
                    "date": date,
                    "parties": r.get("parties") or "",
                    "neutral": neutral,
                    "scr": scr,
                    "insc_key": insc_key,
                    "scr_key": scr_key,
                }
            )
    return rows


def _slug_id(title: str, date: str) -> str:
    return f"CASE:SC-{date}-{slug(title, 60)}"


def assign_ids(rows: list[dict], report) -> list[dict]:
    """One Case per neutral citation; returns the rows that become nodes, each with 'id'."""
    by_neutral: dict[str, list[dict]] = defaultdict(list)
    cases: list[dict] = []
    for r in rows:
        if r["neutral"]:
            by_neutral[r["neutral"]].append(r)
        else:
            r["id"] = _slug_id(r["title"], r["date"])
            cases.append(r)
    n_exact = n_conflict = 0
    for neutral, group in by_neutral.items():
        cid = case_id_from_neutral(neutral)
        if len(group) == 1:
            group[0]["id"] = cid
            cases.append(group[0])
            continue
        # fold exact repeats (same title and date)
        distinct: dict[tuple, list[dict]] = {}
        for r in group:
            distinct.setdefault((case_name(r["title"]).upper(), r["date"]), []).append(r)
        if len(distinct) == 1:
            n_exact += 1
            keep = group[0]
            keep["id"] = cid
            extra_scr = sorted({r["scr_key"] for r in group[1:] if r["scr_key"] and r["scr_key"] != keep["scr_key"]})
            keep["extra_scr_keys"] = extra_scr
            report.defect(
                SRC,
                "duplicate neutral citation (same judgment repeated)",
                neutral=neutral,
                rows=[r["line"] for r in group],
                **({"scr_variants": [keep["scr"]] + [r["scr"] for r in group[1:]]} if extra_scr else {}),
            )
            cases.append(keep)
            continue
        n_conflict += 1
        reps = [g[0] for g in distinct.values()]
        year = neutral.split()[0]
        matching = [r for r in reps if r["date"][:4] == year]
        owner = matching[0] if matching else reps[0]
        owner["id"] = cid
        cases.append(owner)
        others = []
        for r in reps:
            if r is owner:
                continue
            r["id"] = _slug_id(r["title"], r["date"])
            r["insc_key"] = None
            r["neutral_dropped"] = neutral
            cases.append(r)
            others.append({"title": r["title"], "date": r["date"], "id": r["id"], "line": r["line"]})
        report.defect(
            SRC,
            "neutral citation shared by different judgments",
            neutral=neutral,
            kept={"title": owner["title"], "date": owner["date"], "line": owner["line"]},
            others=others,
            rule="kept the row whose year matches the citation"
            if matching
            else "no row matches the citation year; kept the first",
        )
    report.metrics.setdefault(SRC, {}).update(
        {"duplicate_neutral_exact": n_exact, "duplicate_neutral_conflicting": n_conflict}
    )
    # two different rows could still land on one slug id (same title and date, no neutral)
    seen: dict[str, dict] = {}
    out = []
    for r in cases:
        if r["id"] in seen:
            prev = seen[r["id"]]
            if r.get("scr_key") and r["scr_key"] != prev.get("scr_key"):
                prev.setdefault("extra_scr_keys", []).append(r["scr_key"])
            report.defect(SRC, "duplicate case row folded", id=r["id"], line=r["line"])
            continue
        seen[r["id"]] = r
        out.append(r)
    return out


def read_metadata(meta_dir: Path, report) -> list[dict]:
    recs = []
    for f in sorted(glob.glob(str(meta_dir / "*.json"))):
        try:
            data = json.loads(Path(f).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            report.defect(SRC, "unreadable metadata file", file=Path(f).name, error=str(exc))
            continue
        if data.get("error"):
            report.defect(SRC, "metadata file reports an error", file=Path(f).name, error=data["error"])
        for rec in data.get("data") or []:
            rec["_file"] = Path(f).name
            recs.append(rec)
    return recs


def match_metadata(recs: list[dict], cases: list[dict], report) -> dict[str, list[dict]]:
    """case id -> metadata records, joined on (date, party names)."""
    by_date: dict[str, list[dict]] = defaultdict(list)
    for c in cases:
        c["_toks"] = name_tokens(c["parties"] or c["title"])
        by_date[c["date"]].append(c)
    out: dict[str, list[dict]] = defaultdict(list)
    unmatched, ambiguous = [], 0
    for rec in recs:
        date = iso_date((rec.get("judgment_dates") or "").split(",")[0])
        pet, res = party_tokens(rec.get("pet")), party_tokens(rec.get("res"))
        best, best_score, second = None, 0.0, 0.0
        for c in by_date.get(date or "", ()):
            cp, cr = c["_toks"]
            s = _jaccard(pet, cp) + _jaccard(res, cr)
            if s > best_score:
                best, best_score, second = c, s, best_score
            elif s > second:
                second = s
        if best is not None and best_score >= 0.5 and best_score - second > 0.15:
            out[best["id"]].append(rec)
        else:
            if best is not None and best_score >= 0.5:
                ambiguous += 1
            unmatched.append(
                {
                    "file": rec.get("_file"),
                    "diary_no": rec.get("diary_no"),
                    "date": rec.get("judgment_dates"),
                    "pet": rec.get("pet"),
                    "res": rec.get("res"),
                }
            )
    if unmatched:
        report.defect(
            SRC,
            "metadata records not matched to an index row",
            count=len(unmatched),
            ambiguous=ambiguous,
            examples=unmatched[:25],
        )
    report.metrics.setdefault(SRC, {}).update(
        {
            "metadata_records": len(recs),
            "metadata_matched": len(recs) - len(unmatched),
            "metadata_unmatched": len(unmatched),
        }
    )
    return out


# ---------------------------------------------------------------- writing


def merge_citekeys(store, rows: list[dict]) -> int:
    """rows: {"key", "case"}; MERGE the CiteKey and its CITATION_OF edge to the Case (one pass).
    A key whose case is not in the graph is not created; the count written is returned."""
    q = (
        "UNWIND $rows AS row MATCH (c:Case {id: row.case}) "
        "MERGE (k:CiteKey {key: row.key}) SET k.reporter = row.reporter "
        "MERGE (k)-[r:CITATION_OF]->(c) RETURN count(r)"
    )
    rows = [{"key": r["key"], "case": r["case"], "reporter": r["key"].split(":", 1)[0]} for r in rows]
    n = 0
    for i in range(0, len(rows), 1000):
        res = store.query(q, {"rows": rows[i : i + 1000]})
        n += res[0][0] if res else 0
    return n


def existing_citekey_targets(store, keys: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    q = "UNWIND $keys AS k MATCH (c:CiteKey {key: k})-[:CITATION_OF]->(x:Case) RETURN c.key, x.id"
    for i in range(0, len(keys), 1000):
        for k, cid in store.query(q, {"keys": keys[i : i + 1000]}):
            out[k].append(cid)
    return out


def load(store, ctx) -> None:
    t0 = time.perf_counter()
    rep = ctx.report
    base = Path(ctx.corpus_dir) / "cases"
    index = base / INDEX_FILE
    if not index.is_file():
        rep.defect(SRC, "case index missing", path=str(index))
        return
    rows = read_index(index, rep)
    cases = assign_ids(rows, rep)

    merge_nodes(store, "Court", [{"id": SC_COURT, "name": "Supreme Court of India", "code": "SC"}])

    case_rows = []
    for c in cases:
        row = {
            "id": c["id"],
            "name": case_name(c["title"]),
            "title": c["title"],
            "date": c["date"],
            "year": int(c["date"][:4]),
            "court": "SC",
            "source": f"corpus:cases/{INDEX_FILE}",
        }
        if c.get("insc_key"):
            row["neutral"] = c["neutral"]
        if c.get("scr"):
            row["scr"] = c["scr"]
        if c.get("neutral_dropped"):
            row["neutral_disputed"] = c["neutral_dropped"]
        case_rows.append(row)
    merge_nodes(store, "Case", list(ctx.progress(case_rows, "cases")))
    rep.add("Case (corpus)", len(case_rows))

    merge_edges(store, "DECIDED_IN", [{"src": c["id"], "dst": SC_COURT} for c in cases], "Case", "Court")

    # CiteKeys: one key -> one case; never repoint a key that already names another case
    wanted: dict[str, str] = {}
    for c in cases:
        for key in [c.get("insc_key"), c.get("scr_key"), *c.get("extra_scr_keys", [])]:
            if not key:
                continue
            if key in wanted and wanted[key] != c["id"]:
                rep.defect(SRC, "reporter citation shared by two cases", key=key, cases=[wanted[key], c["id"]])
                continue
            wanted[key] = c["id"]
    existing = existing_citekey_targets(store, list(wanted))
    ck_rows = []
    for key, cid in wanted.items():
        other = [x for x in existing.get(key, []) if x != cid]
        if other:
            rep.defect(
                SRC, "CiteKey already points at another case; left unchanged", key=key, existing=other, wanted=cid
            )
            continue
        ck_rows.append({"key": key, "case": cid})
    merge_citekeys(store, ck_rows)
    rep.add("CiteKey (corpus)", len(ck_rows))

    # benches
    meta_dir = base / META_DIR
    if not meta_dir.is_dir():
        rep.defect(SRC, "metadata directory missing", path=str(meta_dir))
        matched = {}
    else:
        matched = match_metadata(read_metadata(meta_dir, rep), cases, rep)
    judges: dict[str, str] = {}
    spellings: dict[str, Counter] = defaultdict(Counter)
    edges: dict[tuple, bool] = {}
    nameless = no_author = 0
    for cid, recs in matched.items():
        for rec in recs:
            author_raw = html.unescape(rec.get("judgement_by") or "")
            author = judge_name(author_raw) if author_raw else None
            if author_raw and not author:
                no_author += 1
            for part in split_bench(rec.get("bench") or ""):
                name = judge_name(part)
                if not name:
                    nameless += 1
                    continue
                jid = judge_key(name)
                spellings[jid][name] += 1
                is_author = bool(author) and judge_key(author) == jid
                edges[(cid, jid)] = edges.get((cid, jid), False) or is_author
            if author:
                jid = judge_key(author)
                spellings[jid][author] += 1
                edges[(cid, jid)] = True
    for jid, counter in spellings.items():
        judges[jid] = judge_display(counter.most_common(1)[0][0])
    if nameless:
        rep.defect(SRC, "bench entry without a judge name (e.g. 'THE CHIEF JUSTICE'); skipped", count=nameless)
    if no_author:
        rep.defect(SRC, "author ('judgement_by') without a judge name; author not recorded", count=no_author)
    variants = {jid: sorted(c) for jid, c in spellings.items() if len(c) > 1}
    merge_nodes(
        store, "Judge", [{"id": jid, "name": name, "spellings": sorted(spellings[jid])} for jid, name in judges.items()]
    )
    merge_edges(
        store,
        "DECIDED_BY",
        [{"src": cid, "dst": jid, "props": {"author": a}} for (cid, jid), a in edges.items()],
        "Case",
        "Judge",
    )
    rep.add("Judge", len(judges))
    rep.metrics.setdefault(SRC, {}).update(
        {
            "cases": len(case_rows),
            "citekeys": len(ck_rows),
            "judges": len(judges),
            "judge_spelling_variants": len(variants),
            "decided_by": len(edges),
            "cases_with_bench": len(matched),
            "seconds": round(time.perf_counter() - t0, 2),
        }
    )
