"""Acts, their sections (and Schedule articles, CPC Orders and Rules) and the Constitution's articles.

Reads (never copies) the corpus files listed in domain.sources.STATUTE_FILES:
  statutes/new_codes/{bns,bnss,bsa}_sections_from_met4l.json   BNS 358, BNSS 531, BSA 170
  statutes/old_codes/{ipc,iea,cpc,MVA,ida}.json                  pre-2019 text of the old Acts
  statutes/india_code_reprints/*.json   current CrPC and NI Act (they replace old_codes crpc/nia),
                                        CPC First Schedule Orders/Rules, POA, RPwD, Mediation, CCA, CFA
  statutes/civil_family/*.json          LSA, Limitation (+ Schedule), PWDVA, HMA, MWPSC, ITA, HSA, SMA
  constitution/constitution.json                                  465 articles (Preamble = 0)
  constitution/amendment_history/amendments.json                  which amendment deleted what
and writes Act, Section:Provision and Article:Provision nodes plus PART_OF edges. Node ids are
domain.ids.provision_id: "PWDVA:12", "LIMITATION:Schedule Article 113", "CPC:Order XXXIX Rule 1".

Every data problem met on the way is reported through ctx.report.defect and never stops
the run. Text is cleaned of OCR/markup noise only (page markers, footnote superscripts,
leaked footnote numbers, markdown emphasis, glued headings); the statutory wording stays.
Known defects of a source (acts.json ``known_defects``: HSA s.6 is the pre-2005 text; HSA
ss.23-24 omitted in 2005) become flags on the nodes. Idempotent: every write MERGEs on id.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from domain import acts as registry
from domain import sources
from domain.ids import act_id, provision_id
from domain.numbers import leading_int, parse, section_number
from graph_schema.batch import merge_edges, merge_nodes

NEW_CODE_FILES = {f.act: f.path for f in sources.NEW_CODES}
# code -> the file of its sections (the first file listed for it); every file: sources.files_of(code)
SECTION_FILES = {code: sources.files_of(code)[0].path for code in sources.statute_acts()}
CONSTITUTION_FILE = sources.CONSTITUTION_FILE
AMENDMENTS_FILE = sources.AMENDMENTS_FILE

# Lettered sections the source is known to lack (statutes/old_codes/SOURCES.md). Numeric gaps
# are found by scanning; lettered ones cannot be, so the documented ones are listed here and
# reported. No node is created for them here: the concordance loader adds a text-less stub
# only where a mapping references one.
KNOWN_MISSING_LETTERED = {
    # the CrPC now comes from the 2020 India Code reprint, which has 41A-41D, 55A and 60A
    "IEA": {"45A"},  # not in SOURCES.md; found while verifying iea_bsa_gold.json
}

# Clause-level omissions the article text already reflects; recorded so that answers can say
# the clause is gone and since when. Applied only when the text indeed lacks the clause and
# the amendment metadata shows the amending Act touching the article.
OMITTED_CLAUSES = {
    "19": [
        {
            "clause": "19(1)(f)",
            "amendment": 44,
            "by": "The Constitution (Forty-fourth Amendment) Act, 1978",
            "wef": "1979-06-20",
            "probe": re.compile(r"\(f\)\s*to acquire, hold and dispose of property"),
        }
    ],
}

_REPEALED_RE = re.compile(r"^\W*(?:\[[^\]]{0,200}\]\s*)?(?:repealed\b|rep\.|omitted\b)", re.I)
_WEF_RE = re.compile(r"w\.e\.f\.\s*(\d{1,2})-(\d{1,2})-(\d{4})")
_BY_ACT_RE = re.compile(r"(?:Rep\.|Omitted|Repealed)\s+by\s+(?:the\s+)?(.*?Act,\s*\d{4})", re.I)

# ------------------------------------------------------------------------------ cleaning
_PAGE_TAG = re.compile(r"<page_number>.*?</page_number>", re.S)
_PAGE_LINE = re.compile(r"(?m)^\s*#{1,6}\s*Page\s+\d+\s*$")
_SUPERSCRIPTS = re.compile(r"[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")
# "promise1," "section1 376AB" "thirty1 days": a word immediately followed by a 1-2 digit
# footnote number. Four-digit years glued to a word ("of1914") are spacing errors, not
# footnotes, and get a space instead.
_WORD_FOOTNOTE = re.compile(r"\b([A-Za-z]{2,})(\d{1,2})\b")
_WORD_YEAR = re.compile(r"\b(of|in)(1[6-9]\d\d|20\d\d)\b")
# "1[(3) It extends" / "2* * * * *" / "1***": India Code amendment-footnote markers
_BRACKET_FOOTNOTE = re.compile(r"(?<![\w\]\)])\d{1,2}(?=\[)")
_STAR_FOOTNOTE = re.compile(r"(?<![\w\]\)])\d{1,2}(?=\s?\*)")
# a footnote number alone on a line right before "[..." or "***" (CPC "forces of\n6\n[naval")
_LINE_FOOTNOTE = re.compile(r"(?m)^\s*\d{1,2}\s*\n(?=\s*[\[*])")
_BOLD_HEADING_LINE = re.compile(r"(?m)^\s*\*\*[^*\n]+\*\*\s*$")
_EMPH = re.compile(r"\*\*|(?<![\w])_(?=\S)|(?<=\S)_(?![\w])")


def clean_text(text: str | None, stats: Counter | None = None) -> str:
    """Strip OCR/markup noise, keep statutory wording; collapse whitespace (paragraphs kept)."""
    if not text:
        return ""
    t = str(text)
    st = stats if stats is not None else Counter()

    def sub(rx, repl, s, key):
        s2, n = rx.subn(repl, s)
        if n:
            st[key] += n
        return s2

    t = sub(_PAGE_TAG, "\n", t, "page_markers")
    t = sub(_PAGE_LINE, "", t, "page_markers")
    t = sub(_SUPERSCRIPTS, "", t, "footnote_superscripts")
    t = sub(_BOLD_HEADING_LINE, "", t, "glued_headings")
    t = sub(_EMPH, "", t, "markdown_emphasis")
    t = sub(_LINE_FOOTNOTE, "", t, "leaked_footnote_numbers")
    t = sub(_WORD_YEAR, r"\1 \2", t, "glued_years")
    t = sub(_WORD_FOOTNOTE, r"\1", t, "leaked_footnote_numbers")
    t = sub(_BRACKET_FOOTNOTE, "", t, "leaked_footnote_numbers")
    t = sub(_STAR_FOOTNOTE, "", t, "leaked_footnote_numbers")
    t = t.replace("\r", "\n")
    t = re.sub(r"[ \t\u00a0\f\v]+", " ", t)
    t = "\n".join(line.strip() for line in t.split("\n"))
    t = re.sub(r"\n{3,}", "\n\n", t)
    return t.strip()


_LEADING_BOLD_TITLE = re.compile(r"^\s*\*\*([^*\n]{3,300}?)\*\*\s*[\u2014\u2013-]+\s*")
_MD_HEADING = re.compile(r"(?m)^\*\*(\d+[A-Z]?)\.\s")


def markdown_duplicate_headings(corpus_dir: Path, code: str) -> list[str]:
    """Section headings printed twice in the OCR Markdown (page-overlap artefacts)."""
    md = Path(corpus_dir) / NEW_CODE_FILES[code].replace("_sections_from_met4l.json", ".md")
    if not md.exists():
        return []
    counts = Counter(_MD_HEADING.findall(md.read_text(encoding="utf-8")))
    return sorted((n for n, c in counts.items() if c > 1), key=_sort_key)


def norm_number(raw) -> str:
    """'498a' -> '498A', '21A.' -> '21A', '239 A A' -> '239AA', 65 -> '65' (plain numbers;
    structured ones keep their form: domain.numbers.canonical_number)."""
    return section_number(raw)


def _sort_key(number: str):
    p = parse(number)
    n = leading_int(p.primary)
    if p.kind == "order_rule":
        return (1, p.order, p.order_letter, p.commercial, n or 0, p.primary)
    if p.kind == "schedule_article":
        return (2, n or 0, 0, False, 0, p.primary)
    return (0, n if n is not None else 10**6, "", False, 0, number)


# ------------------------------------------------------------------------------ reading
def _load_json(path: Path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def read_act_sections(corpus_dir: Path, code: str, report=None, stats: Counter | None = None) -> list[dict]:
    """Cleaned provision rows of one Act from all its corpus files, sorted, duplicates resolved.

    Each row: {number, num, title, chapter, chapter_title?, text, part, source_file, flags...};
    Schedule articles add {schedule_article, period, time_from}, CPC rules {order, rule}.
    Used by this loader and by the concordance alignment (which must see the same text the
    graph holds).
    """
    stats = stats if stats is not None else Counter()
    by_num: dict[str, dict] = {}
    for sf in sources.files_of(code):
        path = Path(corpus_dir) / sf.path
        if not path.exists():
            if report is not None:
                report.defect(f"{code}:{sf.path}", "file_missing", path=str(path))
            continue
        for row in _read_file(path, sf, code, report, stats):
            number = row["number"]
            if number in by_num:
                old = by_num[number]
                keep = row if len(row["text"]) > len(old["text"]) else old
                if report is not None:
                    report.defect(
                        f"{code}:{sf.path}",
                        "duplicate_section",
                        number=number,
                        kept_chars=len(keep["text"]),
                        dropped_chars=len((old if keep is row else row)["text"]),
                    )
                by_num[number] = keep
                continue
            by_num[number] = row

    rows = sorted(by_num.values(), key=lambda r: _sort_key(r["number"]))
    for r in rows:

        def defect(what, _r=r, **kw):
            if report is not None:
                report.defect(f"{code}:{_r['source_file']}", what, **kw)

        if not r["text"]:
            r["text_missing"] = True
            defect("empty_text", number=r["number"], title=r["title"])
        elif _REPEALED_RE.match(r["text"]) and len(r["text"]) < 200:
            r["repealed"] = True
            r["repealed_note"] = r["text"]
            by = _BY_ACT_RE.search(r["text"])
            if by:
                r["repealed_by"] = by.group(1)
            wef = _WEF_RE.search(re.sub(r"(?<=-)\s+", "", r["text"]))
            if wef:
                d, mo, y = wef.groups()
                r["repealed_date"] = f"{y}-{int(mo):02d}-{int(d):02d}"
            defect("repealed_in_source", number=r["number"], note=r["text"])
        if not r["title"]:
            defect("empty_title", number=r["number"])

    def act_defect(what, **kw):
        if report is not None:
            report.defect(f"{code}:{SECTION_FILES.get(code, code)}", what, **kw)

    _flag_copied_text(rows, act_defect)
    return rows


def _read_file(path: Path, sf, code: str, report, stats: Counter) -> list[dict]:
    def defect(what, **kw):
        if report is not None:
            report.defect(f"{code}:{sf.path}", what, **kw)

    out = []
    for rec in _load_json(path):
        sec = rec.get("section", rec.get("Section"))
        if sec is None or not str(sec).strip():
            defect("record_without_section_number", record=str(rec)[:120])
            continue
        rec_act = rec.get("act")
        if rec_act and rec_act != code:
            defect("record_of_another_act", number=str(sec), act=rec_act)
            continue
        parsed = parse(str(sec))
        expected = {"sections": "section", "schedule_articles": "schedule_article", "orders_rules": "order_rule"}[
            sf.part
        ]
        if parsed.kind != expected:
            defect("unexpected_number_form", number=str(sec), expected=expected, parsed=parsed.kind)
            continue
        number = parsed.canonical()
        if sf.part == "orders_rules" and number != str(sec).strip():
            defect("number_normalised", raw=str(sec), number=number)
        title = (rec.get("title") or rec.get("section_title") or "").strip()
        title = re.sub(r"\s+", " ", title).rstrip(".").strip()
        raw_text = rec.get("text", rec.get("section_desc", rec.get("description")))
        if not title and isinstance(raw_text, str):
            m = _LEADING_BOLD_TITLE.match(raw_text)
            if m:
                title = m.group(1).strip().rstrip(".")
                raw_text = raw_text[m.end() :]
                defect("title_glued_into_text", number=number, recovered_title=title)
        text = clean_text(raw_text, stats)
        chapter = rec.get("chapter")
        row = {
            "number": number,
            "num": leading_int(number),
            "title": title,
            "chapter": None if chapter in (None, "") else str(chapter),
            "text": text,
            "part": sf.part,
            "source_file": sf.path,
        }
        if rec.get("chapter_title"):
            row["chapter_title"] = re.sub(r"\s+", " ", str(rec["chapter_title"])).strip()
        if parsed.kind == "schedule_article":
            row["schedule_article"] = parsed.primary
            row["period"] = re.sub(r"\s+", " ", str(rec.get("period") or "")).strip()
            row["time_from"] = re.sub(r"\s+", " ", str(rec.get("time_from") or "")).strip()
            if rec.get("article") is not None and section_number(rec["article"]) != parsed.primary:
                defect("article_field_disagrees", number=number, article=rec["article"])
        elif parsed.kind == "order_rule":
            row["order"] = parsed.order_roman + (" (Commercial)" if parsed.commercial else "")
            row["rule"] = parsed.primary
            if parsed.commercial or sf.path.endswith("_commercial.json"):
                row["commercial_only"] = True
        out.append(row)
    return out


def _title_overlap(title: str, text: str) -> float:
    words = {w for w in re.findall(r"[a-z]{4,}", title.lower())}
    return len(words & set(re.findall(r"[a-z]{4,}", text.lower()))) / max(1, len(words))


def _flag_copied_text(rows: list[dict], defect) -> None:
    """Two sections with the same (non-trivial) text: one of them carries the other's text
    (e.g. BNSS 58 holds the text of s.59 in the source). The one whose title the text fits
    least is marked text_suspect; both are reported."""
    groups: dict[str, list[dict]] = {}
    for r in rows:
        if len(r["text"]) >= 80 and not r.get("repealed"):
            groups.setdefault(r["text"], []).append(r)
    for same in groups.values():
        if len(same) < 2:
            continue
        ranked = sorted(same, key=lambda r: _title_overlap(r["title"], r["text"]), reverse=True)
        for r in ranked[1:]:
            r["text_suspect"] = True
            r["text_copied_from"] = ranked[0]["number"]
        defect(
            "same_text_in_several_sections",
            numbers=[r["number"] for r in same],
            suspect=[r["number"] for r in ranked[1:]],
        )


def _numeric_gaps(rows: list[dict], last: int | None) -> list[str]:
    rows = [r for r in rows if r.get("part", "sections") == "sections"]
    nums = [r["num"] for r in rows if r["num"] is not None]
    have = {r["number"] for r in rows}
    top = last or (max(nums) if nums else 0)
    return [str(i) for i in range(1, top + 1) if str(i) not in have]


def read_acts(pack_dir: Path | None = None) -> list[dict]:
    """The acts.json rows of a pack (domain.acts reads the file once per path)."""
    return registry.act_rows(pack_dir)


def _act_row(a: dict) -> dict:
    return {
        "id": act_id(a["code"]),
        "code": a["code"],
        "name": a.get("name_en") or a.get("name"),
        "name_hi": a.get("name_hi"),
        "aliases": list(a.get("aliases") or []),
        "year": a.get("year"),
        "last_section": a.get("last_section"),
        "in_force_from": a.get("in_force_from"),
        "in_force_to": a.get("in_force_to"),
        "kind": a.get("kind", "statute"),
        "replaces": a.get("replaces"),
        "replaced_by": a.get("replaced_by"),
        "domain": a.get("domain"),
        "short_en": a.get("short_en"),
        "short_hi": a.get("short_hi"),
        "commencement_note": a.get("commencement_note"),
        "last_schedule_article": a.get("last_schedule_article"),
        "last_order": a.get("last_order"),
        "known_defects": [d["id"] for d in a.get("known_defects") or []] or None,
    }


def apply_known_defects(act: dict, rows: list[dict], report=None) -> None:
    """acts.json ``known_defects`` -> flags on the provision rows (in place).

    flag "text_outdated": the corpus text is not the law in force (HSA s.6 before the 2005
    amendment); the node carries ``text_outdated`` and ``defect_notice`` (a template key in
    core.language.templates), so every verified citation of it carries that fixed notice.
    flag "omitted": the provision was omitted by a later Act the source does not reflect
    (HSA ss.23-24): marked repealed like a "Rep. by" stub, never offered as law.
    flag "partly_not_in_force": part of the provision was never brought into force (BNS s.106(2)).
    """
    by_num = {r["number"]: r for r in rows}
    for d in act.get("known_defects") or []:
        for n in d.get("provisions", []):
            r = by_num.get(n)
            src = f"{act['code']}:known_defects"
            if r is None:
                if report is not None:
                    report.defect(src, "known_defect_without_provision", id=d["id"], number=n)
                continue
            flag = d.get("flag")
            if flag in ("text_outdated", "omitted"):
                r["text_outdated"] = True
            elif flag == "partly_not_in_force":
                r["partly_not_in_force"] = True
            r["defect_id"] = d["id"]
            r["defect_note"] = d.get("note_en") or d.get("note")
            if d.get("template"):
                r["defect_notice"] = d["template"]
            if flag == "omitted":
                r["repealed"] = True
                r["repealed_by"] = d.get("by")
                if d.get("wef"):
                    r["repealed_date"] = d["wef"]
            if report is not None:
                report.defect(src, d["id"], number=n, flag=flag, evidence=d.get("source"))


def _node_name(code: str, r: dict) -> str:
    if r.get("part", "sections") == "sections":
        return f"{code} s.{r['number']}: {r['title']}"
    return f"{code} {r['number']}: {r['title']}"


def _strip_nulls(row: dict) -> dict:
    # SET n += {k: null} would delete k; leave absent properties absent instead
    return {k: v for k, v in row.items() if v is not None}


# ------------------------------------------------------------------------------ constitution
def _amendment_short_title(title: str) -> str:
    m = re.match(r"(.*?Act,\s*\d{4})", title or "")
    return (m.group(1) if m else (title or "")).strip()


def _deleted_by_amendment(corpus_dir: Path, report) -> dict[str, dict]:
    """article number -> {by, amendment, year} for every 'deleted' in the amendment metadata."""
    path = Path(corpus_dir) / AMENDMENTS_FILE
    out: dict[str, dict] = {}
    if not path.exists():
        report.defect("COI:amendment_history", "file_missing", path=str(path))
        return out
    data = _load_json(path)
    bad_dates: list[str] = []
    for a in data.get("amendments", []):
        pd = a.get("published_date") or ""
        y = a.get("year")
        if pd and y and pd[:4].isdigit() and not (int(y) <= int(pd[:4]) <= int(y) + 2):
            bad_dates.append(f"{a.get('number')}:{pd}")
        for t in (a.get("articles_touched") or {}).get("pykih") or []:
            art, status = (t.get("article") or "").strip(), t.get("status")
            if not art or status is None:
                report.defect("COI:amendment_history", "empty_article_touched", amendment=a.get("number"))
                continue
            if status != "deleted":
                continue
            span = re.match(r"^(\d+)-(\d+)$", art)
            arts = (
                [str(i) for i in range(int(span.group(1)), int(span.group(2)) + 1)]
                if span
                else [norm_number(art).lstrip("0") or "0"]
            )
            for n in arts:
                out[n] = {"by": _amendment_short_title(a.get("title", "")), "amendment": a.get("number"), "year": y}
    if bad_dates:
        report.defect(
            "COI:amendment_history",
            "implausible_published_date",
            count=len(bad_dates),
            note="published_date far from the Act's year; not used",
            amendments=bad_dates,
        )
    return out


def _touched_by(corpus_dir: Path) -> dict[str, set[int]]:
    path = Path(corpus_dir) / AMENDMENTS_FILE
    out: dict[str, set[int]] = {}
    if not path.exists():
        return out
    for a in _load_json(path).get("amendments", []):
        for t in (a.get("articles_touched") or {}).get("pykih") or []:
            n = norm_number(t.get("article") or "").lstrip("0")
            if n:
                out.setdefault(n, set()).add(a.get("number"))
    return out


def read_articles(corpus_dir: Path, report, stats: Counter | None = None) -> list[dict]:
    stats = stats if stats is not None else Counter()
    src = "COI:constitution.json"
    raw = _load_json(Path(corpus_dir) / CONSTITUTION_FILE)
    deleted = _deleted_by_amendment(corpus_dir, report)
    touched = _touched_by(corpus_dir)
    rows: dict[str, dict] = {}
    for rec in raw:
        art = rec.get("article")
        number = norm_number(art)
        if " " in str(art).strip():
            report.defect(src, "spaced_article_number", raw=str(art), normalized=number)
        title = re.sub(r"\s+", " ", (rec.get("title") or "")).strip().rstrip(".")
        text = clean_text(rec.get("description"), stats)
        preamble = number == "0"
        row = {
            "id": "COI:PREAMBLE" if preamble else provision_id("COI", number),
            "act": "COI",
            "number": "PREAMBLE" if preamble else number,
            "num": 0 if preamble else leading_int(number),
            "title": title or ("Preamble" if preamble else ""),
            "text": text,
        }
        row["name"] = "Preamble" if preamble else f"Article {number}: {row['title']}"
        if row["id"] in rows:
            keep = row if len(text) > len(rows[row["id"]]["text"]) else rows[row["id"]]
            report.defect(src, "duplicate_article", number=number)
            rows[row["id"]] = keep
            continue
        if not text:
            row["text_missing"] = True
            report.defect(src, "empty_text", number=number)
        m = _REPEALED_RE.match(text)
        if m and len(text) < 400:
            row["repealed"] = True
            by = _BY_ACT_RE.search(text)
            if by:
                row["repealed_by"] = by.group(1)
            wef = _WEF_RE.search(text)
            if wef:
                d, mo, y = wef.groups()
                row["repealed_date"] = f"{y}-{int(mo):02d}-{int(d):02d}"
        if number in deleted:
            row["repealed"] = True
            row.setdefault("repealed_by", deleted[number]["by"])
            if "repealed_date" not in row and deleted[number].get("year"):
                row["repealed_year"] = deleted[number]["year"]
        if number == "370":
            row["text_is_commentary"] = True
            report.defect(
                src,
                "text_is_commentary",
                number="370",
                note="description is a summary of the 2019 abrogation, not statutory text",
            )
        for oc in OMITTED_CLAUSES.get(number, []):
            if not oc["probe"].search(text) and oc["amendment"] in touched.get(number, set()):
                row.setdefault("omitted_clauses", []).append(oc["clause"])
                row.setdefault("omitted_clauses_by", []).append(f"{oc['by']} (w.e.f. {oc['wef']})")
        rows[row["id"]] = row

    out = sorted(rows.values(), key=lambda r: (r["num"] if r["num"] is not None else 10**6, r["number"]))
    have = {r["num"] for r in out if r["num"]}
    for n in range(1, 396):
        if n in have:
            continue
        info = deleted.get(str(n))
        if info:
            report.defect(src, "article_absent_repealed", number=str(n), repealed_by=info["by"])
        else:
            report.defect(
                src,
                "missing_article",
                number=str(n),
                note="absent from source and no deletion recorded in amendment metadata",
            )
    return out


# ------------------------------------------------------------------------------ load
def load(store, ctx) -> None:
    rep = ctx.report
    acts = read_acts(ctx.pack_dir)
    by_code = {a["code"]: a for a in acts}
    merge_nodes(store, "Act", [_strip_nulls(_act_row(a)) for a in acts], extra_labels=())
    rep.add("Act", len(acts))

    stats: Counter = Counter()
    section_rows: list[dict] = []
    per_act: dict[str, int] = {}
    for code in ctx.progress(sources.statute_acts(), desc="statutes"):
        src = f"{code}:{SECTION_FILES[code]}"
        if not any((Path(ctx.corpus_dir) / f.path).exists() for f in sources.files_of(code)):
            rep.defect(src, "file_missing", path=str(Path(ctx.corpus_dir) / SECTION_FILES[code]))
            continue
        act = by_code.get(code, {})
        if not act:
            rep.defect(src, "act_not_in_registry", code=code)
        rows = read_act_sections(ctx.corpus_dir, code, rep, stats)
        apply_known_defects(act, rows, rep)
        for gap in _numeric_gaps(rows, act.get("last_section")):
            rep.defect(src, "missing_section", number=gap)
        have = {r["number"] for r in rows}
        for n in sorted(KNOWN_MISSING_LETTERED.get(code, ())):
            if n not in have:
                rep.defect(src, "missing_section", number=n, note="documented gap (SOURCES.md); no text invented")
        if act.get("last_schedule_article"):
            arts = {r["schedule_article"] for r in rows if r.get("schedule_article")}
            for i in range(1, act["last_schedule_article"] + 1):
                if str(i) not in arts:
                    rep.defect(src, "missing_schedule_article", number=f"Schedule Article {i}")
        if code in NEW_CODE_FILES:
            for n in markdown_duplicate_headings(ctx.corpus_dir, code):
                r = next((x for x in rows if x["number"] == n), None)
                rep.defect(
                    f"{code}:{NEW_CODE_FILES[code].replace('_sections_from_met4l.json', '.md')}",
                    "duplicate_section_heading",
                    number=n,
                    note="heading printed twice in the Markdown (page overlap); the parsed JSON holds one copy, kept",
                    kept_chars=len(r["text"]) if r else 0,
                )
        last = act.get("last_section")
        for r in rows:
            if last and r["num"] and r["num"] > last and r.get("part", "sections") == "sections":
                rep.defect(src, "section_beyond_last", number=r["number"], last=last)
            node = {
                "id": provision_id(code, r["number"]),
                "act": code,
                **r,
                "name": _node_name(code, r),
                "in_force_from": act.get("in_force_from"),
                "in_force_to": act.get("in_force_to"),
            }
            section_rows.append(_strip_nulls(node))
        per_act[code] = len(rows)
        rep.add(f"Section:{code}", len(rows))

    merge_nodes(store, "Section", section_rows, extra_labels=("Provision",))
    merge_edges(store, "PART_OF", [{"src": r["id"], "dst": act_id(r["act"])} for r in section_rows], "Section", "Act")
    rep.add("Section", len(section_rows))

    art_path = Path(ctx.corpus_dir) / CONSTITUTION_FILE
    if art_path.exists():
        arts = read_articles(ctx.corpus_dir, rep, stats)
        coi = by_code.get("COI", {})
        art_rows = [
            _strip_nulls({**a, "in_force_from": coi.get("in_force_from"), "in_force_to": coi.get("in_force_to")})
            for a in arts
        ]
        merge_nodes(store, "Article", art_rows, extra_labels=("Provision",))
        merge_edges(store, "PART_OF", [{"src": r["id"], "dst": act_id("COI")} for r in art_rows], "Article", "Act")
        rep.add("Article", len(art_rows))
        per_act["COI"] = len(art_rows)
    else:
        rep.defect("COI:constitution.json", "file_missing", path=str(art_path))

    rep.metrics["statutes"] = {"per_act": per_act, "cleaning": dict(stats)}
