"""Judgments with gold rhetorical roles -> Passage + IRAC structure.

Sources (corpus_dir/judgments/rhetorical_roles):
  opennyai_build/dev.json                    30 BUILD judgments, Label-Studio spans
  opennyai_build/gm862001_converted/valid.json  24 BUILD judgments, segments + integer labels
  lawai_sc50/data/text/*.txt                 50 SC judgments, "sentence<TAB>label"

Each judgment is identified, when possible, with a Case already in the graph (by the
reporter citations in its preamble via CiteKey, else by date + party names); the Case is
then the owner of its passages. Otherwise a Document node is. Every span is a Passage
(HAS_PASSAGE). Runs of consecutive spans with one role become IRAC nodes:
  ISSUE -> LegalIssue (owner-[:RAISES]->)      RATIO -> Rule (owner-[:APPLIES_RULE]->)
  ARG_* -> Argument (-[:SUPPORTS_ARGUMENT]-> the judgment's issues)
  RPC   -> Outcome (issue-[:RESULTS_IN]->, or owner-[:RESULTS_IN]-> when no issue)
Precedent spans give owner-[:CITES]-> / -[:DISTINGUISHES]-> edges to cases that resolve;
statute spans give Passage-[:INTERPRETS]-> edges to the provisions they name.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from domain.reporters import normalize_reporter
from domain.roles import ROLES
from graph_schema.batch import merge_edges, merge_nodes
from graph_schema.loaders.cases import _jaccard, case_name, iso_date, name_tokens
from graph_schema.loaders.pack import node_labels, resolve_keys

SRC = "judgments"
RR = Path("judgments") / "rhetorical_roles"
BUILD_LABELS = ROLES  # BUILD numbers its labels in this order
LAWAI_LABELS = {
    "Facts": "FAC",
    "Ruling by Lower Court": "RLC",
    "Argument": "ARG",
    "Statute": "STA",
    "Precedent": "PRE",
    "Ratio of the decision": "RATIO",
    "Ruling by Present Court": "RPC",
}
IRAC = {
    "ISSUE": ("LegalIssue", "ISSUE"),
    "RATIO": ("Rule", "RULE"),
    "ARG_PETITIONER": ("Argument", "ARG"),
    "ARG_RESPONDENT": ("Argument", "ARG"),
    "ARG": ("Argument", "ARG"),
    "RPC": ("Outcome", "OUTCOME"),
}
STA_CONTEXT = 1500
CITING = {"PRE_RELIED": "CITES", "PRE": "CITES", "PRE_NOT_RELIED": "DISTINGUISHES"}


# ---------------------------------------------------------------- reading


def read_build_dev(path: Path, rep) -> list[dict]:
    docs = []
    for rec in json.loads(path.read_text(encoding="utf-8")):
        anns = rec.get("annotations") or []
        if not anns:
            rep.defect(SRC, "BUILD judgment without annotations", id=rec.get("id"))
            continue
        if len(anns) > 1:
            rep.defect(SRC, "BUILD judgment with several annotation sets; first used", id=rec.get("id"), sets=len(anns))
        text = (rec.get("data") or {}).get("text") or ""
        spans = []
        for r in anns[0].get("result") or []:
            v = r.get("value") or {}
            labels = v.get("labels") or []
            if not labels or v.get("start") is None:
                rep.defect(SRC, "span without label/offsets", id=rec.get("id"))
                continue
            spans.append(
                {
                    "start": int(v["start"]),
                    "end": int(v["end"]),
                    "role": labels[0],
                    "text": v.get("text") if v.get("text") is not None else text[v["start"] : v["end"]],
                }
            )
        spans.sort(key=lambda s: s["start"])
        docs.append(
            {
                "slug": f"build-dev-{rec.get('id')}",
                "text": text,
                "spans": spans,
                "source": "corpus:judgments/rhetorical_roles/opennyai_build/dev.json",
                "group": (rec.get("meta") or {}).get("group"),
            }
        )
    return docs


def read_build_valid(path: Path, rep) -> list[dict]:
    docs = []
    for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8")), start=1):
        segs, labels = rec.get("segments") or [], rec.get("labels") or []
        if len(segs) != len(labels):
            rep.defect(SRC, "segments and labels differ in length", doc=i, segments=len(segs), labels=len(labels))
        spans, pos = [], 0
        for seg, lab in zip(segs, labels):
            role = BUILD_LABELS[lab] if isinstance(lab, int) and 0 <= lab < len(BUILD_LABELS) else None
            if role is None:
                rep.defect(SRC, "unknown label id", doc=i, label=lab)
            else:
                spans.append({"start": pos, "end": pos + len(seg), "role": role, "text": seg})
            pos += len(seg)
        docs.append(
            {
                "slug": f"build-valid-{i}",
                "text": "".join(segs),
                "spans": spans,
                "source": "corpus:judgments/rhetorical_roles/opennyai_build/gm862001_converted/valid.json",
            }
        )
    return docs


def read_lawai(folder: Path, rep) -> list[dict]:
    docs = []
    for f in sorted(folder.glob("*.txt")):
        spans, parts, pos = [], [], 0
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            sent, _, label = line.rpartition("\t")
            role = LAWAI_LABELS.get(label.strip())
            if not sent or role is None:
                rep.defect(SRC, "lawai line without a known label", file=f.name, line=n, label=label[:40])
                continue
            spans.append({"start": pos, "end": pos + len(sent), "role": role, "text": sent})
            parts.append(sent)
            pos += len(sent) + 1
        docs.append(
            {
                "slug": f"lawai-{f.stem}",
                "text": "\n".join(parts),
                "spans": spans,
                "year": int(f.stem[:4]) if f.stem[:4].isdigit() else None,
                "source": f"corpus:judgments/rhetorical_roles/lawai_sc50/data/text/{f.name}",
            }
        )
    return docs


# ---------------------------------------------------------------- identification

_PREAMBLE_RE = re.compile(
    r"PETITIONER:\s*(?P<pet>.+?)\s*Vs\.?\s*RESPONDENT:\s*(?P<res>.+?)\s*DATE OF JUDGMENT:?\s*(?P<date>\d{1,2}/\d{1,2}/\d{4})",
    re.S | re.I,
)
_CITATION_BLOCK = re.compile(r"CITATION:\s*(?P<c>.+?)(?:\n\s*\n|\n[A-Z ]{3,}:)", re.S)
_CITE_LINE = re.compile(
    r"(\d{4}\s+AIR\s+\d+|\d{4}\s+SCR\s*\(\s*\d+\s*\)\s*\d+|\d{4}\s+SCC\s*\(\s*\d+\s*\)\s*\d+|"
    r"\d{4}\s+SCALE\s*\(\s*\d+\s*\)\s*\d+)",
    re.I,
)


def preamble_of(doc: dict) -> str:
    pre = [s["text"] for s in doc["spans"] if s["role"] == "PREAMBLE"]
    return "\n".join(pre) if pre else doc["text"][:3000]


def parse_preamble(text: str) -> dict:
    out: dict = {}
    m = _PREAMBLE_RE.search(text)
    if m:
        out["pet"] = re.sub(r"\s+", " ", m.group("pet")).strip()
        out["res"] = re.sub(r"\s+", " ", m.group("res")).strip()
        d, mo, y = m.group("date").split("/")
        out["date"] = iso_date(f"{d}-{mo}-{y}")
    keys = []
    c = _CITATION_BLOCK.search(text)
    if c:
        for raw in _CITE_LINE.findall(c.group("c")):
            key = normalize_reporter(raw)
            if key:
                keys.append(key)
    out["keys"] = keys
    return out


class CaseIndex:
    """Every Case in the graph, for matching by date + parties and by name."""

    def __init__(self, store):
        self.by_date: dict[str, list[tuple]] = defaultdict(list)
        self.by_name: dict[str, set] = defaultdict(set)
        self.by_tokens: dict[tuple, set] = defaultdict(set)
        rows = store.query("MATCH (c:Case) RETURN c.id, c.name, c.date, c.short_names")
        self.dates: dict[str, str] = {}
        for cid, name, date, shorts in rows:
            toks = name_tokens(name or "")
            if date:
                self.dates[cid] = str(date)
                self.by_date[date].append((cid, toks))
            for n in [name, *(shorts or [])]:
                if n and (" v. " in n or " v " in n or " vs" in n.lower() or " versus " in n.lower()):
                    self.by_name[name_norm(n)].add(cid)
            if toks[0] and toks[1]:
                self.by_tokens[(toks[0], toks[1])].add(cid)
        self.size = len(rows)

    def by_parties(self, date: str | None, pet: str, res: str) -> str | None:
        if not date:
            return None
        pt, rt = name_tokens(f"{pet} v. {res}")
        scored = sorted(
            ((_jaccard(pt, t[0]) + _jaccard(rt, t[1]), cid) for cid, t in self.by_date.get(date, ())), reverse=True
        )
        if scored and scored[0][0] >= 0.8 and (len(scored) == 1 or scored[0][0] - scored[1][0] > 0.3):
            return scored[0][1]
        return None

    def by_case_name(self, name: str | None) -> str | None:
        if not name:
            return None
        ids = self.by_name.get(name_norm(name))
        if ids and len(ids) == 1:
            return next(iter(ids))
        toks = name_tokens(name)
        ids = self.by_tokens.get(toks) if toks[0] and toks[1] else None
        if ids and len(ids) == 1:
            return next(iter(ids))
        return None


_NAME_DROP = re.compile(r"(?:\band|&)\s+(ors|anr|others|another)\b\.?|\betc\b\.?|\bm/s\.?|\bthe\b", re.I)


_LEAD = re.compile(r"^\s*(?:(?:vide|see|also|cf|in|and|the case of|case of|decision in|judgment in)\b\.?\s*)+", re.I)
_FOOTNOTE = re.compile(r"(?<=[A-Za-z.)])\s*\(?\d{1,2}\)?\s*$")


def name_norm(name: str) -> str:
    t = _FOOTNOTE.sub("", _LEAD.sub("", name))
    t = _NAME_DROP.sub(" ", t.lower())
    t = re.sub(r"\s+(?:versus|vs\.?|v\.?)\s+", " v ", f" {t} ")
    t = re.sub(r"[^a-z0-9 ]+", " ", t)
    return re.sub(r"\s+", " ", t).strip()


# ---------------------------------------------------------------- loading

SOURCES = (
    (read_build_dev, "opennyai_build/dev.json"),
    (read_build_valid, "opennyai_build/gm862001_converted/valid.json"),
    (read_lawai, "lawai_sc50/data/text"),
)


def irac_tag(role: str) -> str | None:
    """The IRAC part (ISSUE, RULE, ARG, OUTCOME) a rhetorical role becomes, or None."""
    return IRAC[role][1] if role in IRAC else None


def read_judgments(corpus_dir: Path, rep) -> list[dict]:
    """Every annotated judgment in the corpus (missing or unreadable sources are defects)."""
    base = Path(corpus_dir) / RR
    docs: list[dict] = []
    for reader, rel in SOURCES:
        path = base / rel
        if not path.exists():
            rep.defect(SRC, "judgment source missing", path=str(path))
            continue
        try:
            docs += reader(path, rep)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            rep.defect(SRC, "judgment source unreadable", path=str(path), error=f"{type(exc).__name__}: {exc}")
    return docs


def _extractor(rep):
    try:
        from core.citations import extract

        return extract
    except Exception as exc:  # the extractor is another module; its absence must not stop ingestion
        rep.defect(SRC, "citation extractor unavailable; no citation edges", error=f"{type(exc).__name__}: {exc}")
        return None


@dataclass
class PassageRows:
    """What the passage phase produces for the writers and linkers."""

    passages: list[dict] = field(default_factory=list)
    has_passage: dict = field(default_factory=lambda: defaultdict(list))
    irac_nodes: dict = field(default_factory=lambda: defaultdict(list))
    irac_edges: dict = field(default_factory=lambda: defaultdict(list))
    cite_rows: list[dict] = field(default_factory=list)
    sta_rows: list[dict] = field(default_factory=list)


def identify_owners(store, docs: list[dict], extract, index: CaseIndex, rep, m: Counter) -> None:
    """Phase 1: the Case each judgment belongs to (by preamble citations, else date + parties);
    sets d["info"], d["keys"], d["case"], d["name"], d["owner"], d["owner_label"]."""
    all_keys = {}
    for d in docs:
        pre = preamble_of(d)
        info = parse_preamble(pre)
        keys = list(info["keys"])
        if extract:
            try:
                keys += [k for c in extract(pre) if c.kind == "case" for k in c.reporters]
            except Exception as exc:
                rep.defect(SRC, "extractor failed on preamble", doc=d["slug"], error=str(exc)[:200])
        d["info"], d["keys"] = info, list(dict.fromkeys(keys))
        all_keys[d["slug"]] = d["keys"]
    known = resolve_keys(store, [k for ks in all_keys.values() for k in ks])
    for d in docs:
        info = d["info"]
        hits = list(dict.fromkeys(known[k] for k in d["keys"] if k in known))
        how = None
        if len(hits) == 1:
            d["case"], how = hits[0], "citekey"
        elif len(hits) > 1:
            rep.defect(SRC, "preamble citations name different cases", doc=d["slug"], cases=hits)
        if not d.get("case") and info.get("pet"):
            cid = index.by_parties(info.get("date"), info["pet"], info["res"])
            if cid:
                d["case"], how = cid, "date+parties"
        m[f"docs_resolved_{how}" if how else "docs_unresolved"] += 1
        if info.get("pet"):
            d["name"] = case_name(f"{info['pet']} versus {info['res']}")
        d["owner"] = d.get("case") or f"DOC:{d['slug']}"
        d["owner_label"] = "Case" if d.get("case") else "Document"


def write_documents(store, docs: list[dict]) -> None:
    """A Document node for each judgment no Case owns (and none left for those a Case now owns)."""
    resolved_docs = [d for d in docs if d.get("case")]
    if resolved_docs:  # a Document left from a run when the case was not yet known
        store.query(
            "UNWIND $ids AS i MATCH (d:Document {id: i}) DETACH DELETE d",
            {"ids": [f"DOC:{d['slug']}" for d in resolved_docs]},
        )
    doc_rows = []
    for d in docs:
        if d.get("case"):
            continue
        row = {"id": d["owner"], "name": d.get("name") or d["slug"], "source": d["source"], "slug": d["slug"]}
        for k, v in (("date", d["info"].get("date")), ("year", d.get("year")), ("group", d.get("group"))):
            if v:
                row[k] = v
        if d["keys"]:
            row["citations"] = d["keys"]
        doc_rows.append(row)
    merge_nodes(store, "Document", doc_rows)


def _passages_and_irac(d: dict, out: PassageRows, m: Counter) -> None:
    """Phase 2 for one judgment: a Passage per span, an IRAC node per run of one role."""
    doc_id = f"DOC:{d['slug']}"
    runs: list[tuple[str, list[dict]]] = []
    for n, s in enumerate(d["spans"], start=1):
        pid = f"{doc_id}:P{n}"
        s["id"] = pid
        row = {
            "id": pid,
            "doc": doc_id,
            "role": s["role"],
            "text": s["text"],
            "start": s["start"],
            "end": s["end"],
            "n": n,
            "source": d["source"],
        }
        if d.get("case"):
            row["case"] = d["case"]
        out.passages.append(row)
        out.has_passage[d["owner_label"]].append({"src": d["owner"], "dst": pid})
        if runs and runs[-1][0] == s["role"]:
            runs[-1][1].append(s)
        else:
            runs.append((s["role"], [s]))
    counters = Counter()
    by_kind = defaultdict(list)
    for role, spans in runs:
        if role not in IRAC:
            continue
        label, tag = IRAC[role]
        counters[tag] += 1
        nid = f"{doc_id}:{tag}:{counters[tag]}"
        node = {
            "id": nid,
            "doc": doc_id,
            "role": role,
            "text": " ".join(s["text"].strip() for s in spans),
            "passages": [s["id"] for s in spans],
            "source": d["source"],
        }
        if d.get("case"):
            node["case"] = d["case"]
        if label == "Argument":
            node["side"] = {"ARG_PETITIONER": "petitioner", "ARG_RESPONDENT": "respondent"}.get(role, "unknown")
        out.irac_nodes[label].append(node)
        by_kind[label].append(nid)
    ol, edges = d["owner_label"], out.irac_edges
    for nid in by_kind["LegalIssue"]:
        edges[("RAISES", ol, "LegalIssue")].append({"src": d["owner"], "dst": nid})
    for nid in by_kind["Rule"]:
        edges[("APPLIES_RULE", ol, "Rule")].append({"src": d["owner"], "dst": nid})
    for a in by_kind["Argument"]:
        for i in by_kind["LegalIssue"]:
            edges[("SUPPORTS_ARGUMENT", "Argument", "LegalIssue")].append({"src": a, "dst": i})
    for o in by_kind["Outcome"]:
        if by_kind["LegalIssue"]:
            for i in by_kind["LegalIssue"]:
                edges[("RESULTS_IN", "LegalIssue", "Outcome")].append({"src": i, "dst": o})
        else:
            edges[("RESULTS_IN", ol, "Outcome")].append({"src": d["owner"], "dst": o})
    m["judgments"] += 1
    if not by_kind["LegalIssue"]:
        m["judgments_without_issue"] += 1


def _span_citations(d: dict, extract, out: PassageRows, rep) -> None:
    """Phase 3 for one judgment: the citations in its precedent and statute spans."""
    for s in d["spans"]:
        if s["role"] not in CITING and s["role"] != "STA":
            continue
        text, skip = s["text"], 0
        if s["role"] == "STA" and d["text"][s["start"] : s["end"]] == s["text"]:
            # a bare "Section 5" takes its act from the same paragraph (the extractor's rule),
            # so the span is read with up to STA_CONTEXT characters before it
            w0 = max(0, s["start"] - STA_CONTEXT)
            text, skip = d["text"][w0 : s["end"]], s["start"] - w0
        try:
            cits = [c for c in extract(text) if c.start >= skip]
        except Exception as exc:
            rep.defect(SRC, "extractor failed on span", passage=s["id"], error=str(exc)[:200])
            continue
        for c in cits:
            if c.kind == "case" and s["role"] in CITING:
                out.cite_rows.append(
                    {
                        "doc": d,
                        "passage": s["id"],
                        "rel": CITING[s["role"]],
                        "reporters": list(c.reporters),
                        "name": c.case_name,
                        "text": c.text,
                    }
                )
            elif c.kind in ("section", "article") and s["role"] == "STA":
                out.sta_rows.append({"passage": s["id"], "key": c.key, "role": s["role"]})


def build_passages(ctx, docs: list[dict], extract, rep, m: Counter) -> PassageRows:
    """Phases 2 and 3: passages, IRAC nodes and edges, and the citations found in spans."""
    out = PassageRows()
    for d in ctx.progress(docs, "judgments"):
        _passages_and_irac(d, out, m)
        if extract:
            _span_citations(d, extract, out, rep)
    return out


def write_passages(store, built: PassageRows) -> None:
    merge_nodes(store, "Passage", built.passages)
    for label, rows in built.has_passage.items():
        merge_edges(store, "HAS_PASSAGE", rows, label, "Passage")
    for label, rows in built.irac_nodes.items():
        merge_nodes(store, label, rows)
    for (rel, a, b), rows in built.irac_edges.items():
        merge_edges(store, rel, rows, a, b)


def link_precedents(store, cite_rows: list[dict], index: CaseIndex, rep, m: Counter) -> None:
    """Precedent spans -> CITES / DISTINGUISHES edges: reporters via CiteKey, then an
    unambiguous case name; never to a case decided after the citing judgment."""
    known = resolve_keys(store, [k for r in cite_rows for k in r["reporters"]])
    edges = {}
    unresolved = []
    for r in cite_rows:
        target = next((known[k] for k in r["reporters"] if k in known), None)
        via = "citekey" if target else None
        if not target:
            target = index.by_case_name(r["name"])
            via = "name" if target else None
        m["precedent_citations"] += 1
        if not target:
            m["precedent_unresolved"] += 1
            if len(unresolved) < 40:
                unresolved.append({"passage": r["passage"], "citation": r["text"][:160]})
            continue
        d = r["doc"]
        doc_year = (d["info"].get("date") or "")[:4] or (str(d["year"]) if d.get("year") else "")
        if doc_year and index.dates.get(target, "")[:4] > doc_year:
            # a judgment cannot cite a later one: the match is a namesake, not the precedent
            m["precedent_rejected_later_case"] += 1
            m["precedent_unresolved"] += 1
            continue
        m[f"precedent_resolved_{via}"] += 1
        if target == d["owner"]:
            m["precedent_self_citation"] += 1
            continue
        key = (r["rel"], d["owner_label"], d["owner"], target)
        edges.setdefault(
            key,
            {"src": d["owner"], "dst": target, "props": {"passage": r["passage"], "via": via, "source": d["source"]}},
        )
    grouped = defaultdict(list)
    for (rel, ol, _, _), row in edges.items():
        grouped[(rel, ol)].append(row)
    for (rel, ol), rows in grouped.items():
        m[f"edges_{rel}"] += merge_edges(store, rel, rows, ol, "Case")
    if unresolved:
        rep.defect(
            SRC,
            "precedent citations that resolve to no case in the graph",
            count=m["precedent_unresolved"],
            examples=unresolved,
        )


def link_statutes(store, sta_rows: list[dict], rep, m: Counter) -> None:
    """Statute spans -> Passage-[:INTERPRETS]->provision, for provisions the graph holds."""
    labels = node_labels(store, [r["key"] for r in sta_rows if not r["key"].startswith("?")], ("Section", "Article"))
    sta_edges = defaultdict(dict)
    missing = Counter()
    for r in sta_rows:
        m["statute_refs"] += 1
        if r["key"].startswith("?"):  # the extractor could not tell which act
            m["statute_refs_act_unknown"] += 1
            continue
        lab = labels.get(r["key"])
        if not lab:
            m["statute_refs_unresolved"] += 1
            missing[r["key"]] += 1
            continue
        m["statute_refs_resolved"] += 1
        sta_edges[lab].setdefault(
            (r["passage"], r["key"]), {"src": r["passage"], "dst": r["key"], "props": {"source": "judgments:STA"}}
        )
    for lab, rows in sta_edges.items():
        m["edges_INTERPRETS"] += merge_edges(store, "INTERPRETS", list(rows.values()), "Passage", lab)
    if missing:
        rep.defect(
            SRC,
            "statute references to provisions not in the graph",
            count=sum(missing.values()),
            top=dict(missing.most_common(25)),
        )


def load(store, ctx) -> None:
    """Read the judgments, then one phase after another: owners, Documents, passages and IRAC
    nodes (with the citations in their spans), precedent edges, statute edges."""
    t0 = time.perf_counter()
    rep = ctx.report
    docs = read_judgments(Path(ctx.corpus_dir), rep)
    if not docs:
        return
    extract = _extractor(rep)
    index = CaseIndex(store)
    m = Counter()
    identify_owners(store, docs, extract, index, rep, m)
    write_documents(store, docs)
    built = build_passages(ctx, docs, extract, rep, m)
    write_passages(store, built)
    link_precedents(store, built.cite_rows, index, rep, m)
    link_statutes(store, built.sta_rows, rep, m)

    m["passages"] = len(built.passages)
    for label, rows in built.irac_nodes.items():
        m[f"nodes_{label}"] = len(rows)
    m["seconds"] = round(time.perf_counter() - t0, 2)
    rep.metrics[SRC] = dict(m)
    rep.add("Passage", len(built.passages))
