"""Metadata of a judgment, each field with a confidence and how it was found.

From the header region: title, court, bench size, judges (and the author), parties, decision
date, case number, neutral and reporter citations. From the whole text, through the project's
citation extractor (core.citations): Acts and sections referred to, and cases cited.

Confidences are the rule's own (fixed per rule, set by hand from the evaluation against the
InLegalNER gold, see evaluation/intake_eval.py), not calibrated probabilities: 0.95 for a
labelled field ("DATE OF JUDGMENT:"), lower for a field read from layout alone.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import date

from domain.ids import slug
from domain.text import MONTHS_EN

from .regions import Region

# ---------------------------------------------------------------- values


@dataclass
class Field:
    value: object
    confidence: float
    how: str

    def to_json(self) -> dict:
        return {"value": self.value, "confidence": round(self.confidence, 2), "how": self.how}


@dataclass
class Party:
    name: str
    side: str  # "petitioner" | "respondent"
    confidence: float
    how: str
    line: int = 0  # line of the header it was read from


@dataclass
class JudgeRef:
    name: str
    key: str
    author: bool
    confidence: float
    how: str


@dataclass
class Metadata:
    title: Field | None = None
    court: Field | None = None
    court_code: str | None = None
    bench_size: Field | None = None
    judges: list[JudgeRef] = field(default_factory=list)
    parties: list[Party] = field(default_factory=list)
    decision_date: Field | None = None
    case_number: Field | None = None
    case_numbers: list[str] = field(default_factory=list)
    neutral_citation: Field | None = None
    reporter_citations: list[dict] = field(default_factory=list)  # {key, text, confidence, how}
    acts: list[dict] = field(default_factory=list)  # {code, name, mentions, count, held, confidence}
    sections: list[dict] = field(default_factory=list)  # {key, text, count, confidence, act_known}
    cases_cited: list[dict] = field(default_factory=list)  # {name, reporters, text, key, start, confidence}
    dates_mentioned: list[dict] = field(default_factory=list)

    def petitioners(self) -> list[Party]:
        return [p for p in self.parties if p.side == "petitioner"]

    def respondents(self) -> list[Party]:
        return [p for p in self.parties if p.side == "respondent"]

    def to_json(self) -> dict:
        def f(x):
            return x.to_json() if x else None

        return {
            "title": f(self.title),
            "court": f(self.court),
            "court_code": self.court_code,
            "bench_size": f(self.bench_size),
            "judges": [asdict(j) for j in self.judges],
            "petitioners": [asdict(p) for p in self.petitioners()],
            "respondents": [asdict(p) for p in self.respondents()],
            "decision_date": f(self.decision_date),
            "case_number": f(self.case_number),
            "other_case_numbers": self.case_numbers[1:],
            "neutral_citation": f(self.neutral_citation),
            "reporter_citations": self.reporter_citations,
            "acts": self.acts,
            "sections": self.sections,
            "cases_cited": self.cases_cited,
        }


_WS = re.compile(r"\s+")


def _sp(s: str) -> str:
    return _WS.sub(" ", s or "").strip()


# ---------------------------------------------------------------- court

_HIGH_COURTS = {
    "allahabad": "Allahabad",
    "andhra pradesh": "Andhra Pradesh",
    "amaravati": "Andhra Pradesh",
    "bombay": "Bombay",
    "calcutta": "Calcutta",
    "chhattisgarh": "Chhattisgarh",
    "bilaspur": "Chhattisgarh",
    "delhi": "Delhi",
    "gauhati": "Gauhati",
    "guwahati": "Gauhati",
    "gujarat": "Gujarat",
    "himachal pradesh": "Himachal Pradesh",
    "shimla": "Himachal Pradesh",
    "jammu": "Jammu & Kashmir and Ladakh",
    "kashmir": "Jammu & Kashmir and Ladakh",
    "jharkhand": "Jharkhand",
    "ranchi": "Jharkhand",
    "karnataka": "Karnataka",
    "kerala": "Kerala",
    "ernakulam": "Kerala",
    "madhya pradesh": "Madhya Pradesh",
    "jabalpur": "Madhya Pradesh",
    "madras": "Madras",
    "manipur": "Manipur",
    "meghalaya": "Meghalaya",
    "orissa": "Orissa",
    "odisha": "Orissa",
    "cuttack": "Orissa",
    "patna": "Patna",
    "punjab": "Punjab and Haryana",
    "haryana": "Punjab and Haryana",
    "chandigarh": "Punjab and Haryana",
    "rajasthan": "Rajasthan",
    "jodhpur": "Rajasthan",
    "sikkim": "Sikkim",
    "telangana": "Telangana",
    "hyderabad": "Telangana",
    "tripura": "Tripura",
    "uttarakhand": "Uttarakhand",
    "nainital": "Uttarakhand",
}
_SPACED = re.compile(r"\b(?:[A-Z] ){3,}[A-Z]\b")
_CAP = r"[A-Z][A-Za-z&]*"
_COURT_RES = [  # in order of preference
    re.compile(r"Supreme\s+Court\s+of\s+India", re.I),
    re.compile(rf"(?:(?i:the)\s+)?{_CAP}\s+(?i:bench\s+of)\s+(?:(?i:the)\s+)?{_CAP}(?:\s+{_CAP})?\s+(?i:high\s+court)"),
    re.compile(
        rf"(?i:high\s+court\s+of\s+(?:judicature\s+(?:at|for)\s+)?){_CAP}(?:\s+(?:(?i:and)\s+)?{_CAP}){{0,3}}"
        rf"(?:\s*,?\s+(?:(?i:circuit)\s+)?(?:(?i:bench)\s+)?(?i:at)\s+{_CAP}(?:\s+{_CAP})?)?"
    ),
    re.compile(rf"(?i:high\s+court\s+(?:at|for)\s+){_CAP}"),
    re.compile(
        rf"(?<!\w)(?!(?i:in|the)\b){_CAP}(?:\s+(?!(?i:high)\b){_CAP})?\s+(?i:high\s+court)(?:\s+(?i:at)\s+{_CAP})?"
    ),
    re.compile(
        r"(?:Court\s+of\s+(?:the\s+)?)?(?:Addl\.?\s+|Additional\s+|Principal\s+|Chief\s+)?(?:District|Sessions|Civil|"
        r"Family|Metropolitan|Judicial|Special)\s+(?:and\s+Sessions\s+)?(?:Judge|Court|Magistrate)[^\n,]{0,40}",
        re.I,
    ),
    re.compile(
        r"(?:Income\s+Tax\s+Appellate|Customs,?\s+Excise\s+and\s+Service\s+Tax\s+Appellate|National\s+Company\s+Law|"
        r"National\s+Green|Armed\s+Forces|Central\s+Administrative|Debts\s+Recovery)\s+(?:Appellate\s+)?Tribunal",
        re.I,
    ),
]


def _court_code(name: str) -> str | None:
    low = name.lower()
    if "supreme court" in low:
        return "SC"
    if "high court" in low:
        # "Madurai Bench of Madras High Court": the High Court is Madras
        for key, hc in sorted(_HIGH_COURTS.items(), key=lambda kv: -len(kv[0])):
            if re.search(rf"\b{key}\b", low.split("bench of")[-1]):
                return "HC-" + slug(hc).upper()
    return None


def court_name(code: str | None, raw: str) -> str:
    if code == "SC":
        return "Supreme Court of India"
    if code and code.startswith("HC-"):
        for hc in set(_HIGH_COURTS.values()):
            if "HC-" + slug(hc).upper() == code:
                return f"High Court of {hc}"
    return _sp(raw)


def find_court(header: str) -> tuple[Field | None, str | None]:
    head = _SPACED.sub(lambda m: m.group().replace(" ", ""), header[:4000])
    head = re.sub(r"SUPREME\s*COURT\s*OF\s*INDIA", "SUPREME COURT OF INDIA", head, flags=re.I)
    for rx in _COURT_RES:
        m = rx.search(head)
        if m:
            raw = _sp(m.group()).rstrip(",. ")
            raw = re.sub(
                r"(?:\s+(?:Dated|Date|Coram|Present|Before|Reportable|Judgment|Order|Between|In|The))+$",
                "",
                raw,
                flags=re.I,
            )
            code = _court_code(raw)
            return Field(raw, 0.95 if code else 0.7, "court named in the header"), code
    if re.search(r"PETITIONER:\s.*?RESPONDENT:\s.*?DATE OF JUDGMENT", header, re.S):
        # the Supreme Court's own report format (PETITIONER / RESPONDENT / DATE OF JUDGMENT / BENCH)
        return Field("Supreme Court of India", 0.8, "Supreme Court report format"), "SC"
    if re.search(r"\b(?:19|20)\d\d\s+INSC\s+\d+", header):
        return Field("Supreme Court of India", 0.85, "INSC neutral citation"), "SC"
    return None, None


# ---------------------------------------------------------------- judges

_HON_JUSTICE = re.compile(
    r"(?:Hon'?ble|Honourable|Hon\.)\s*(?:(?:Mr|Mrs|Ms|Dr|Smt|Shri|Sri)\.?\s*)*(?:the\s+)?(?:acting\s+)?"
    r"(?P<cj>chief\s+)?justice\s*(?:(?:Mr|Mrs|Ms|Dr|Smt|Shri|Sri)\.?\s*)?"
    r"(?P<name>[A-Z][A-Za-z.']*(?:[ ]?[A-Z.][A-Za-z.']*){0,5})",
    re.I,
)
_CORAM = re.compile(
    r"(?:CORAM|PRESENT|BEFORE)\s*:?\s*\n?\s*(?P<names>[A-Z][A-Za-z.' ,&]{3,120}?),?\s+(?:C\.?J\.?|JJ?\.)", re.I
)
_BENCH_BLOCK = re.compile(r"^BENCH:[ \t]*\n(?P<lines>(?:[ \t]*[A-Z][A-Z.,' ]{2,60}[ \t]*(?:\n|$))+)", re.M)
_AUTHOR = re.compile(
    r"(?:^|\(|\bdelivered\s+by\s+|\bper\s+)[ \t]*(?:(?:Hon'?ble|Per)[ \t]+)?(?:(?:Mr|Mrs|Ms|Dr)\.?[ \t]*)?(?:Justice[ \t]+)?"
    r"(?P<name>[A-Z][A-Za-z.']*(?:[ ]?[A-Z][A-Za-z.']*){0,4}),?[ \t]*(?:C\.?[ \t]?J\.?|J\.)(?![ \t]?[A-Z]\.)",
    re.M | re.I,
)
_NOT_NAME = {
    "the",
    "court",
    "bench",
    "division",
    "single",
    "full",
    "constitution",
    "and",
    "honble",
    "hon'ble",
    "judgment",
    "order",
    "dated",
    "present",
    "coram",
    "before",
    "high",
    "supreme",
    "learned",
    "justice",
    "chief",
    "mr",
    "mrs",
    "ms",
}


def _judge_clean(raw: str) -> str | None:
    from graph_schema.loaders.cases import judge_name

    name = judge_name(_sp(raw))
    if not name:
        return None
    name = re.split(r"\s{2,}|\s+(?:and|&)\s+|,\s*(?:JJ?|C\.?J)\b", name, maxsplit=1, flags=re.I)[0]
    name = re.sub(r"(?i)\b(?:JJ?\.?|C\.?J\.?)$|\((?:oral|dissenting)\)$", "", name).strip(" ,.;:")
    words = [w for w in re.split(r"[\s.]+", name.lower()) if w]
    if not words or all(w in _NOT_NAME for w in words) or len(name) < 3 or len(name) > 50:
        return None
    if not re.search(r"[A-Za-z]{3}", name):
        return None
    return name


def _bench_name(line: str) -> str:
    """'DAS, S.K.' (Supreme Court report style) -> 'S.K. Das'; other forms unchanged."""
    m = re.fullmatch(r"\s*([A-Z][A-Z' ]+),\s*([A-Z.' ]+?)\s*", line)
    if m:
        return f"{m.group(2).strip()} {m.group(1).strip()}"
    return line.strip()


def find_judges(header: str, text: str) -> list[JudgeRef]:
    from graph_schema.loaders.cases import judge_display, judge_key

    found: dict[str, JudgeRef] = {}

    def add(raw: str, conf: float, how: str, author: bool = False) -> None:
        name = _judge_clean(raw)
        if not name:
            return
        key = judge_key(name)
        if key in found:
            j = found[key]
            j.author = j.author or author
            j.confidence = max(j.confidence, conf)
            return
        found[key] = JudgeRef(judge_display(name), key, author, conf, how)

    for m in _HON_JUSTICE.finditer(header):
        add(m.group("name"), 0.9, "Hon'ble Justice line")
    for m in _BENCH_BLOCK.finditer(header):
        for line in m.group("lines").splitlines():
            if line.strip():
                add(_bench_name(line), 0.85, "BENCH block")
    for m in _CORAM.finditer(header):
        for part in re.split(r",|\band\b|&", m.group("names")):
            add(part, 0.8, "Coram line")
    opening = text[: len(header) + 3000]
    for m in _AUTHOR.finditer(opening):
        name = _judge_clean(m.group("name"))
        if not name:
            continue
        key = judge_key(name)
        # the author is usually one of the bench; match on the surname as written
        surname = key.split(":", 1)[-1].split("-")[-1]
        match = next((k for k in found if k == key or k.split(":", 1)[-1].split("-")[-1] == surname), None)
        if match:
            found[match].author = True
        elif len(found) < 7:
            add(name, 0.6, "author line", author=True)
    return list(found.values())


# ---------------------------------------------------------------- parties

_ROLE_WORDS = (
    r"(?:appellants?|petitioners?|applicants?|plaintiffs?|complainants?|prosecution|respondents?|defendants?|"
    r"opposite\s+part(?:y|ies)|accused|non-applicants?)(?:\s*\(s\)|/s)?(?:\s*(?:nos?\.?\s*)?[\d,&\sto-]*)?"
)
_ROLE_AFTER = re.compile(
    rf"^(?P<name>.*?)(?:\s*[.…]{{2,}}|\s{{3,}}|\s+-{{1,2}}\s*|\s*[.…]\s)\s*(?P<role>{_ROLE_WORDS})\s*[.:]?"
    r"(?:\s+(?:versus|vs\.?|v/s))?\s*$",
    re.I,
)
_ROLE_BEFORE = re.compile(rf"^\s*[.…]*\s*(?P<role>{_ROLE_WORDS})\s*[:\-–]+\s*(?P<name>\S.*)$", re.I)
_VERSUS_LINE = re.compile(r"^\s*(?:-+\s*)?(?:versus|vs\.?|v/s\.?|v\.|-vs-|–\s*versus\s*–)\s*(?:-+)?\s*$", re.I)
_AND_LINE = re.compile(r"^\s*and\s*:?\s*$", re.I)
_BETWEEN = re.compile(r"^\s*between\s*:?(?:\s+\S{1,3})?\s*$", re.I)
_NUMBERED = re.compile(r"^\s*(?:\d{1,2}\s*[.)]|\(\d{1,2}\))\s*")
_PET_ROLES = ("appellant", "petitioner", "applicant", "plaintiff", "complainant", "prosecution")
_CUT = re.compile(
    r"\s*(?:,|\bS/[oO]\b|\bW/[oO]\b|\bD/[oO]\b|\bs/o\b|\bw/o\b|\bd/o\b|\bson\s+of\b|\bwife\s+of\b|\bdaughter\s+of\b|"
    r"\baged?\b|\bR/[oO]\b|\brep\b\.?|\brepresented\b|\bthrough\b|\bthr\.|\(|\bAge\s*:|\bhaving\s+(?:its\s+)?office)",
    re.I,
)
_HONORIFIC = re.compile(r"^(?:(?:Mr|Mrs|Ms|Smt|Shri|Sri|Dr|Kumari|Km|Sh)\.?\s*)+(?=[A-Z])")
_OTHERS = re.compile(r"\s*(?:&|and)\s*(?:ors|anr|others|another)\b\.?|\s+etc\.?$", re.I)


def party_clean(raw: str) -> str | None:
    t = _sp(raw)
    t = _NUMBERED.sub("", t)
    t = re.sub(r"^(?:M/[sS]\.?\s*)", "", t)
    t = _HONORIFIC.sub("", t)
    t = re.sub(r"^(?:The|THE)\s+", "", t)
    t = _CUT.split(t, maxsplit=1)[0]
    t = _OTHERS.sub("", t)
    t = t.strip(" .,:;-–…")
    if len(t) < 2 or not re.search(r"[A-Za-z]{2}", t):
        return None
    if re.fullmatch(rf"{_ROLE_WORDS}", t, re.I) or re.match(r"(?i)(?:in the|before|coram|present|between)\b", t):
        return None
    return t[:120]


def _side(role: str) -> str:
    return "petitioner" if role.lower().startswith(_PET_ROLES) else "respondent"


def _block_above(lines: list[str], i: int) -> list[int]:
    """Indices of the non-blank lines just above line i (up to a blank line, BETWEEN or a versus line)."""
    out, j = [], i - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    while (
        j >= 0
        and lines[j].strip()
        and not _VERSUS_LINE.match(lines[j])
        and not _BETWEEN.match(lines[j])
        and not _AND_LINE.match(lines[j])
        and len(out) < 8
    ):
        out.insert(0, j)
        j -= 1
    return out


def find_parties(header: str) -> list[Party]:
    from graph_schema.loaders.judgments import parse_preamble

    pre = parse_preamble(header)
    if pre.get("pet") and pre.get("res"):
        out = []
        for side, raw in (("petitioner", pre["pet"]), ("respondent", pre["res"])):
            name = party_clean(raw)
            if name:
                out.append(Party(name, side, 0.95, "PETITIONER:/RESPONDENT: labels"))
        if out:
            return out
    lines = header.split("\n")
    parties: list[Party] = []
    used: set[int] = set()

    # 1. lines carrying a role marker: "Ram Lal ....Appellant", "Petitioner(s): Hemant Katare"
    def stop(j: int) -> bool:
        ln = lines[j]
        return (
            not ln.strip()
            or bool(_VERSUS_LINE.match(ln) or _BETWEEN.match(ln) or _AND_LINE.match(ln))
            or bool(_ROLE_AFTER.match(ln) or _ROLE_BEFORE.match(ln))
        )

    for i, line in enumerate(lines):
        m = _ROLE_AFTER.match(line) or _ROLE_BEFORE.match(line)
        if not m:
            continue
        side = _side(m.group("role"))
        # the block the marker closes: its first line is the party, the others an address
        b = i
        while b > 0 and not _NUMBERED.match(lines[b]) and not stop(b - 1) and i - b < 10:
            b -= 1
        name = (party_clean(lines[b]) if b < i else None) or party_clean(m.group("name"))
        if name:
            if _NUMBERED.match(lines[b]):  # "1. The State ... 2. The Collector ... 5. X ...Respondents"
                j = b - 1
                while (
                    j >= 0
                    and not _VERSUS_LINE.match(lines[j])
                    and not _AND_LINE.match(lines[j])
                    and not _BETWEEN.match(lines[j])
                    and b - j < 60
                    and j not in used
                ):
                    if _NUMBERED.match(lines[j]):
                        nm = party_clean(lines[j])
                        if nm:
                            parties.append(Party(nm, side, 0.8, "numbered party above a role marker", j))
                    used.add(j)
                    j -= 1
            parties.append(Party(name, side, 0.9 if b == i else 0.85, "party named with a role marker", b))
            used.update(range(b, i + 1))
            continue
        # the marker stands alone: the name is the block just above
        block = [j for j in _block_above(lines, i) if j not in used]
        if block:
            nm = party_clean(lines[block[0]])
            if nm:
                parties.append(Party(nm, side, 0.8, "block above a role marker", block[0]))
                used.update(block)
    if parties:
        return _dedupe(sorted(parties, key=lambda p: p.line))
    # 2. a versus line with no role markers: the nearest lines above and below
    for i, line in enumerate(lines[:200]):
        if not _VERSUS_LINE.match(line):
            continue
        above = _block_above(lines, i)
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        if above and j < len(lines):
            a, b = party_clean(lines[above[0]]), party_clean(lines[j])
            if a and b:
                parties += [
                    Party(a, "petitioner", 0.75, "line above Versus"),
                    Party(b, "respondent", 0.75, "line below Versus"),
                ]
    if parties:
        return _dedupe(parties)
    # 3. a title line "X vs Y on 12 May, 2014" / "X v. Y"
    for line in lines[:6]:
        m = re.match(
            r"^\s*(?P<a>[A-Z].{1,120}?)\s+(?:vs\.?|v\.|versus|v/s)\s+(?P<b>[A-Z].{1,120}?)"
            r"(?:\s+on\s+\d{1,2}\s+[A-Z][a-z]+,?\s+\d{4})?\s*$",
            line,
        )
        if m:
            a, b = party_clean(m.group("a")), party_clean(m.group("b"))
            if a and b:
                return [Party(a, "petitioner", 0.7, "title line"), Party(b, "respondent", 0.7, "title line")]
    return []


def _dedupe(parties: list[Party]) -> list[Party]:
    seen, out = set(), []
    for p in parties:
        k = (p.side, p.name.lower())
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out


# ---------------------------------------------------------------- dates

_MONTHS = {m: i for i, m in enumerate(MONTHS_EN, start=1)}
_MONTHS.update({k[:3]: v for k, v in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DATE_RES = [
    (re.compile(r"(?<![\d/.])(?P<d>\d{1,2})\s*[./-]\s*(?P<m>\d{1,2})\s*[./-]\s*(?P<y>(?:19|20)\d\d)(?!\d)"), "num"),
    (
        re.compile(
            rf"(?<!\d)(?P<d>\d{{1,2}})\s*(?:st|nd|rd|th)?\s*(?:day\s+of\s+)?(?P<m>{_MON})\.?,?\s*(?P<y>(?:19|20)\d\d)(?!\d)",
            re.I,
        ),
        "dmy",
    ),
    (re.compile(rf"\b(?P<m>{_MON})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d\d)(?!\d)", re.I), "mdy"),
]
_DATE_LABEL = re.compile(
    r"(?P<label>date\s+of\s+(?:the\s+)?(?:judgment|judgement|decision|order|pronouncement)|decided\s+on|"
    r"pronounced\s+on|delivered\s+on|judgment\s+(?:pronounced|delivered)\s+on|date\s+of\s+hearing|"
    r"reserved\s+on|heard\s+on|dated\s+this\s+the|dated|date)\b\s*[:\-]?\s*",
    re.I,
)


def _iso(y: int, m: int, d: int) -> str | None:
    try:
        v = date(y, m, d)
    except ValueError:
        return None
    return v.isoformat() if v <= date.today() else None


def find_dates(text: str) -> list[dict]:
    out = []
    for rx, kind in _DATE_RES:
        for m in rx.finditer(text):
            mo = int(m.group("m")) if kind == "num" else _MONTHS.get(m.group("m").lower().rstrip("."), 0)
            iso = _iso(int(m.group("y")), mo, int(m.group("d")))
            if iso:
                out.append({"start": m.start(), "end": m.end(), "iso": iso, "text": m.group()})
    out.sort(key=lambda x: x["start"])
    kept = []
    for d in out:
        if kept and d["start"] < kept[-1]["end"]:
            continue
        kept.append(d)
    return kept


def find_decision_date(text: str, regs: list[Region], dates: list[dict]) -> Field | None:
    header = regs[0]
    best = None
    for d in dates:
        if d["start"] > header.end + 1500:
            break
        before = text[max(0, d["start"] - 60) : d["start"]]
        labels = list(_DATE_LABEL.finditer(before))
        m = labels[-1] if labels else None
        if not m or before[m.end() :].strip(" :\n\t-"):
            continue
        label = _sp(m.group("label")).lower()
        if label in ("date of hearing", "reserved on", "heard on"):
            continue
        conf = (
            0.95
            if (
                "judg" in label
                or "decision" in label
                or "decided" in label
                or "pronounc" in label
                or "deliver" in label
                or "order" in label
            )
            else 0.9
            if "this the" in label
            else 0.8
        )
        if best is None or conf > best.confidence:
            best = Field(d["iso"], conf, f"labelled '{label}'")
    if best:
        return best
    m = re.search(rf"\bon\s+(\d{{1,2}}\s+{_MON},?\s+(?:19|20)\d\d)\s*$", text[:300].split("\n")[0], re.I)
    if m:
        ds = find_dates(m.group(1))
        if ds:
            return Field(ds[0]["iso"], 0.85, "title line date")
    dec = [d for d in dates if d["start"] >= regs[2].start]
    if dec:
        return Field(dec[-1]["iso"], 0.6, "last date of the decision")
    head = [d for d in dates if d["start"] < header.end]
    if head:
        return Field(head[0]["iso"], 0.4, "first date in the header")
    return None


# ---------------------------------------------------------------- case numbers

_TYPE_WORD = re.compile(
    r"(?i)\b(?:appeal|petition|application|revision|writ|suit|case|reference|complaint|bail|misc|transfer|review|"
    r"contempt|election|execution|original|arbitration|company|sessions|s\.?\s?c|w\.?\s?p|w\.?\s?a|s\.?\s?l\.?\s?p|"
    r"o\.?\s?s|a\.?\s?s|m\.?\s?f\.?\s?a|mac|m\.?\s?a\.?\s?c|i\.?\s?t\.?\s?a|c\.?\s?c|crl|cri|cr\.?\s?a|c\.?\s?a|"
    r"fao|rfa|rsa|crp|cma|lpa|s\.?\s?a|f\.?\s?a|o\.?\s?a|t\.?\s?a|ep|mfa|slp|tax|sales|gta|itr|cc|cmp|wmp|ia|i\.?\s?a)\b"
)
_CASE_NO = re.compile(
    r"(?P<kind>(?:[A-Z][A-Za-z.()]*\.?(?:[ \t]|(?<=\.)|(?<=\)))){1,6}?)\(?\s*(?:No|NO|Nos|NOS|no|nos)\s*\.?\s*:?\s*"
    r"(?P<num>\d{1,7}(?:\s*(?:,|&|and)\s*\d{1,7}){0,6})\s*(?:of|OF|Of|/)\s*(?P<y>(?:19|20)\d\d)\b"
    r"|(?P<kind2>(?:[A-Z][A-Za-z]*\.){1,4}[A-Z]?[A-Za-z]*\.?(?:\s?\([A-Za-z]{1,4}\))?)\s*(?P<num2>\d{1,7})\s*/\s*(?P<y2>(?:19|20)\d\d)\b"
)


def find_case_numbers(text: str) -> list[dict]:
    out = []
    for m in _CASE_NO.finditer(text):
        kind = m.group("kind") or m.group("kind2") or ""
        if not _TYPE_WORD.search(kind):
            continue
        s = m.start() + (len(kind) - len(kind.lstrip())) if m.group("kind") else m.start()
        out.append({"start": s, "end": m.end(), "text": _sp(text[s : m.end()])})
    return out


# ---------------------------------------------------------------- citations of the judgment itself

_CITED_BLOCK = re.compile(r"(?i)(?:cases?\s+(?:referred|cited)|referred\s+cases|list\s+of\s+cases)\s*:?")


def own_citations(header: str) -> tuple[Field | None, list[dict]]:
    from core.citations import extract
    from domain.reporters import find_reporters

    cut = _CITED_BLOCK.search(header)
    head = header[: cut.start()] if cut else header
    block = re.search(r"(?:CITATION|Equivalent\s+citations?)\s*:", head, re.I)
    block_end = None
    if block:  # the block runs to the next "LABEL:" line (ACT:, HEADNOTE:, ...)
        nxt = re.compile(r"\n\s*[A-Z][A-Z ]{2,30}:", re.M).search(head, block.end())
        block_end = nxt.start() if nxt else min(len(head), block.end() + 400)
    # a reporter citation that follows a case name is a case the headnote cites, not this judgment
    named = [(c.start, c.end) for c in extract(head) if c.kind == "case" and c.case_name]
    neutral, reps = None, []
    for h in find_reporters(head):
        in_block = bool(block and block.start() <= h.start <= block_end)
        if block and not in_block:
            continue
        if not in_block and any(a <= h.start < b for a, b in named):
            continue
        conf, how = (0.95, "CITATION block") if in_block else (0.7, "citation in the header")
        if h.key.startswith("INSC:"):
            if neutral is None:
                neutral = Field(f"{h.key.split(':')[1]} INSC {h.key.split(':')[2]}", 0.95, "INSC neutral citation")
            continue
        reps.append({"key": h.key, "text": _sp(head[h.start : h.end]), "confidence": conf, "how": how})
    if neutral is None:
        m = re.search(r"\b(?P<y>20\d\d):(?P<c>[A-Z]{2,8}(?:-[A-Z]{2,4})?):(?P<n>\d{1,6})(?:-DB)?\b", head)
        if m:
            neutral = Field(m.group(), 0.9, "High Court neutral citation")
    return neutral, reps


# ---------------------------------------------------------------- acts, sections, cases cited

_UNKNOWN_ACT = re.compile(
    r"\b(?:the\s+)?(?P<act>(?:[A-Z][A-Za-z()'\-]*\s+(?:(?:of|and|for|the|on|&)\s+)?){1,8}"
    r"(?:Act|Code|Rules|Regulations|Ordinance|Sanhita|Adhiniyam))(?:,?\s*(?P<y>(?:1[89]|20)\d\d))?\b"
)


def acts_sections_cases(text: str, header_end: int, cits=None) -> tuple[list[dict], list[dict], list[dict]]:
    from core.citations import extract
    from core.citations.acts import load_acts, resolve_alias

    cits = extract(text) if cits is None else cits
    sections: dict[str, dict] = {}
    cases: dict[str, dict] = {}
    for c in cits:
        if c.kind in ("section", "article"):
            known = not c.key.startswith("?")
            conf = 0.9 if known and c.resolved_from is None else 0.75 if known else 0.3
            s = sections.setdefault(
                c.key,
                {
                    "key": c.key,
                    "text": _sp(c.text),
                    "count": 0,
                    "act_known": known,
                    "act": c.act,
                    "raw_act": c.raw_act,
                    "confidence": conf,
                    "how": "act named" if c.resolved_from is None and known else (c.resolved_from or "act unknown"),
                },
            )
            s["count"] += 1
            s["confidence"] = max(s["confidence"], conf)
        elif c.kind == "case":
            if c.start < header_end and not _in_cited_block(text, c.start, header_end):
                continue  # the judgment's own citations in its header
            conf = 0.9 if c.reporters and c.case_name else 0.8 if c.reporters else 0.6
            if c.resolved_from in ("supra", "ibid"):
                conf = min(conf, 0.6)
            k = c.key
            if k in cases:
                cases[k]["count"] += 1
                continue
            cases[k] = {
                "key": k,
                "name": c.case_name,
                "reporters": list(c.reporters),
                "text": _sp(c.text),
                "start": c.start,
                "count": 1,
                "confidence": conf,
                "how": c.resolved_from or "extractor",
            }
    registry = load_acts()
    acts: dict[str, dict] = {}
    for s in sections.values():
        if s["act"]:
            a = acts.setdefault(
                s["act"],
                {
                    "code": s["act"],
                    "name": registry[s["act"]].name_en if s["act"] in registry else s["act"],
                    "mentions": [],
                    "count": 0,
                    "held": s["act"] in registry,
                    "confidence": 0.9,
                },
            )
            a["count"] += s["count"]
            if s["raw_act"] and s["raw_act"] not in a["mentions"]:
                a["mentions"].append(s["raw_act"])
    from core.citations.patterns import ACT_RE

    for m in ACT_RE.finditer(text):  # acts the registry knows, named without a section too
        code = resolve_alias(m.group())
        if not code:
            continue
        raw = _sp(m.group())
        a = acts.setdefault(
            code,
            {
                "code": code,
                "name": registry[code].name_en if code in registry else code,
                "mentions": [],
                "count": 0,
                "held": code in registry,
                "confidence": 0.9,
            },
        )
        a["count"] += 1
        if raw not in a["mentions"]:
            a["mentions"].append(raw)
    for m in _UNKNOWN_ACT.finditer(text):
        raw = _sp(m.group())
        raw = re.sub(r"^the\s+", "", raw, flags=re.I)
        if len(raw.split()) < 2 or raw.split()[0] in ("This", "That", "Said", "Such", "Under", "The", "In", "Of"):
            continue
        code = resolve_alias(raw)
        if code:
            a = acts.setdefault(
                code,
                {
                    "code": code,
                    "name": registry[code].name_en if code in registry else code,
                    "mentions": [],
                    "count": 0,
                    "held": code in registry,
                    "confidence": 0.9,
                },
            )
            a["count"] += 1
            if raw not in a["mentions"]:
                a["mentions"].append(raw)
            continue
        key = "?" + slug(re.sub(r",?\s*(?:1[89]|20)\d\d$", "", raw), 60)
        a = acts.setdefault(
            key, {"code": None, "name": raw, "mentions": [], "count": 0, "held": False, "confidence": 0.6}
        )
        a["count"] += 1
        if raw not in a["mentions"]:
            a["mentions"].append(raw)
    return (
        sorted(acts.values(), key=lambda a: -a["count"]),
        sorted(sections.values(), key=lambda s: -s["count"]),
        sorted(cases.values(), key=lambda c: c["start"]),
    )


def _in_cited_block(text: str, pos: int, header_end: int) -> bool:
    m = _CITED_BLOCK.search(text, 0, header_end)
    return bool(m and m.start() <= pos)


# ---------------------------------------------------------------- all together

_BENCH_WORDS = {"single": 1, "division": 2, "full": 3, "constitution": 5, "larger": 3}


def extract_metadata(text: str, regs: list[Region], cits=None) -> Metadata:
    from graph_schema.loaders.cases import case_name

    header = text[: regs[0].end] if regs[0].end else text[:3000]
    md = Metadata()
    md.court, md.court_code = find_court(header)
    md.judges = find_judges(header, text)
    if md.judges:
        md.bench_size = Field(len(md.judges), min(j.confidence for j in md.judges), "judges named")
    else:
        m = re.search(r"\b(single|division|full|constitution|larger)\s+bench\b", header, re.I)
        if m:
            md.bench_size = Field(_BENCH_WORDS[m.group(1).lower()], 0.6, f"'{m.group()}'")
    md.parties = find_parties(header)
    pet, res = md.petitioners(), md.respondents()
    if pet and res:
        a, b = pet[0].name, res[0].name
        title = case_name(f"{a} versus {b}") if (a + b).isupper() else f"{a} v. {b}"
        md.title = Field(title, min(pet[0].confidence, res[0].confidence), "first petitioner v. first respondent")
    md.dates_mentioned = find_dates(text)
    md.decision_date = find_decision_date(text, regs, md.dates_mentioned)
    nums = [n for n in find_case_numbers(header)]
    md.case_numbers = list(dict.fromkeys(n["text"] for n in nums))
    if md.case_numbers:
        md.case_number = Field(md.case_numbers[0], 0.85, "first case number in the header")
    else:
        body_nums = find_case_numbers(text[regs[0].end : regs[0].end + 3000])
        if body_nums:
            md.case_number = Field(body_nums[0]["text"], 0.6, "case number at the opening of the judgment")
            md.case_numbers = [body_nums[0]["text"]]
    md.neutral_citation, md.reporter_citations = own_citations(header)
    md.acts, md.sections, md.cases_cited = acts_sections_cases(text, regs[0].end, cits)
    return md


def judgment_signals(text: str, md: Metadata, regs: list[Region]) -> dict:
    """Evidence that a text is a judgment or order of a court (for refusing other documents)."""
    low = text[:200_000].lower()
    role_words = len(
        re.findall(
            r"\b(?:appellant|petitioner|respondent|accused|applicant|complainant|plaintiff|"
            r"defendant)s?\b",
            low,
        )
    )
    sig = {
        "court": bool(md.court),
        "parties": bool(md.parties),
        "judges": bool(md.judges),
        "decision_marker": regs[2].how == "marker",
        "party_words": role_words >= 3,
        "judgment_words": bool(re.search(r"\b(?:judgment|judgement|order|held|hon'?ble|coram|learned counsel)\b", low)),
        "header_found": regs[0].how not in ("none", "first-prose"),
    }
    weights = {
        "court": 1.0,
        "parties": 1.0,
        "judges": 1.0,
        "decision_marker": 0.5,
        "party_words": 1.0,
        "judgment_words": 0.5,
        "header_found": 0.5,
    }
    score = sum(weights[k] for k, v in sig.items() if v)
    sig["score"] = score
    sig["is_judgment"] = score >= 2.5 and (sig["court"] or sig["parties"] or sig["judges"])
    return sig
