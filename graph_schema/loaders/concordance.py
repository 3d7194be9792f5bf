"""Old code -> new code correspondences as REPLACED_BY edges.

(a) IPC -> BNS from the official correspondence table (concordance/ipc_bns_mapping.csv),
    after applying the reviewed row fixes in packs/india/concordance_fixes.json.
(b) CrPC -> BNSS and IEA -> BSA: no trustworthy table exists, so the mapping is DERIVED by
    aligning the sections' texts (TF-IDF cosine over words and word pairs, plus a monotone
    alignment prior: the new codes mostly re-enact the old ones in the same order).
    Hand-verified pairs (packs/india/{crpc_bnss,iea_bsa}_gold.json) are written as
    method "pack" edges and take precedence for the sections they cover; everything else
    comes from the alignment with method "text_alignment" and its score.

Sections the table or a gold list references but the corpus lacks get a text-less stub
(text "", text_missing: true) so the edge can attach; each stub is reported.
"""

from __future__ import annotations

import csv
import json
import math
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from domain import paths
from domain.concordance_metric import evaluate
from domain.ids import act_id, leading_int, provision_id
from graph_schema.batch import merge_edges, merge_nodes
from graph_schema.loaders.statutes import norm_number, read_act_sections, read_acts

EFFECTIVE_DATE = "2024-07-01"
CSV_PATH = "concordance/ipc_bns_mapping.csv"
GOLD_FILES = paths.CONCORDANCE_GOLD
_NUM_RE = re.compile(r"^\d+[A-Z]*$")


# ============================================================================ (a) IPC -> BNS
def read_fixes(pack_dir: Path) -> list[dict]:
    return json.loads(paths.pack_file(paths.CONCORDANCE_FIXES, pack_dir).read_text(encoding="utf-8"))["fixes"]


def apply_fixes(rows: list[dict], fixes: list[dict], report=None) -> list[dict]:
    """Apply reviewed corrections. Each fix matches rows on all keys of `match`;
    action "set" overwrites fields, "delete" drops the row. A fix that matches no row is
    reported (the table changed or the fix is stale)."""
    out = [dict(r) for r in rows]
    for fx in fixes:
        match = fx["match"]
        hits = [r for r in out if all(r.get(k, "") == v for k, v in match.items())]
        if not hits:
            if report is not None:
                report.defect("concordance:fixes", "fix_matched_no_row", match=match)
            continue
        if fx.get("action", "set") == "delete":
            out = [r for r in out if not any(r is h for h in hits)]
        else:
            for h in hits:
                h.update(fx["set"])
                h["fixed_by"] = fx.get("source", "concordance_fixes.json")
        if report is not None:
            report.add("concordance_fixes_applied")
    return out


def read_ipc_bns(corpus_dir: Path, pack_dir: Path, report=None) -> list[dict]:
    with open(Path(corpus_dir) / CSV_PATH, encoding="utf-8", newline="") as fh:
        rows = [{k: (v or "").strip() for k, v in r.items()} for r in csv.DictReader(fh)]
    rows = apply_fixes(rows, read_fixes(pack_dir), report)
    for r in rows:
        if r["ipc_section"] == "" and report is not None:
            report.defect("concordance:ipc_bns_mapping.csv", "blank_ipc_section_unfixed", bns_section=r["bns_section"])
    return rows


def ipc_bns_mapping(rows: list[dict]):
    """-> (edges {(ipc, bns_base): {subsections, table_relations, pages, sources}}, omitted, new_in_bns)"""
    edges: dict[tuple[str, str], dict] = {}
    omitted: dict[str, dict] = {}
    new_only: set[str] = set()
    bases_with_source: set[str] = set()
    for r in rows:
        ipc = norm_number(r["ipc_section"]) if r["ipc_section"] not in ("", "N/A") else ""
        rel = r.get("relation", "")
        if r["bns_section"].lower() == "deleted" or rel == "omitted_from_ipc":
            if ipc:
                omitted[ipc] = {"subject": r.get("subject", ""), "page": r.get("source_page", "")}
            continue
        base = norm_number(r["bns_base_section"])
        if not _NUM_RE.match(base):
            continue
        if not ipc:
            if rel == "new_in_bns":
                new_only.add(base)
            continue
        bases_with_source.add(base)
        e = edges.setdefault(
            (ipc, base), {"subsections": [], "table_relations": [], "pages": [], "sources": [], "fixed_by": []}
        )
        for key, val in (
            ("subsections", r["bns_section"]),
            ("table_relations", rel),
            ("pages", r.get("source_page", "")),
            ("sources", r.get("source", "")),
            ("fixed_by", r.get("fixed_by", "")),
        ):
            if val and val not in e[key]:
                e[key].append(val)
    new_only -= bases_with_source
    return edges, omitted, new_only


def _relation(old: str, new: str, old_targets: dict, new_sources: dict) -> str:
    split = len(old_targets[old]) > 1
    merged = len(new_sources[new]) > 1
    return "split_merged" if split and merged else "split" if split else "merged" if merged else "direct"


def _load_ipc_bns(store, ctx) -> dict:
    rep = ctx.report
    rows = read_ipc_bns(ctx.corpus_dir, ctx.pack_dir, rep)
    edges, omitted, new_only = ipc_bns_mapping(rows)
    old_targets, new_sources = defaultdict(set), defaultdict(set)
    for ipc, base in edges:
        old_targets[ipc].add(base)
        new_sources[base].add(ipc)
    out = []
    for (ipc, base), e in sorted(edges.items()):
        fixed = [f for f in e["fixed_by"] if f]
        props = {
            "relation": _relation(ipc, base, old_targets, new_sources),
            "effective_date": EFFECTIVE_DATE,
            "method": "official_table",
            "subsection": ", ".join(e["subsections"]),
            "table_relation": ", ".join(e["table_relations"]),
            "source_page": ", ".join(e["pages"]),
            "source": "MHA IPC-BNS correspondence table via concordance/ipc_bns_mapping.csv"
            + (f"; corrected: {'; '.join(fixed)}" if fixed else ""),
        }
        out.append({"src": provision_id("IPC", ipc), "dst": provision_id("BNS", base), "props": props})
    written = merge_edges(store, "REPLACED_BY", out, "Section", "Section")
    if written != len(out):
        rep.defect("concordance:ipc_bns_mapping.csv", "dangling_edges", expected=len(out), written=written)
    store.query(
        "UNWIND $rows AS row MATCH (s:Section {id: row.id}) "
        "SET s.omitted = true, s.omitted_date = $date, s.omitted_note = row.note",
        {
            "rows": [
                {
                    "id": provision_id("IPC", k),
                    "note": f"No corresponding BNS provision (official table: {v['subject'] or 'Deleted'})",
                }
                for k, v in sorted(omitted.items())
            ],
            "date": EFFECTIVE_DATE,
        },
    )
    store.query(
        "UNWIND $ids AS id MATCH (s:Section {id: id}) SET s.new_in_bns = true",
        {"ids": [provision_id("BNS", b) for b in sorted(new_only)]},
    )
    rep.add("REPLACED_BY:IPC->BNS", written)
    rep.add("IPC_omitted", len(omitted))
    return {"edges": written, "omitted": len(omitted), "new_in_bns": len(new_only)}


# ============================================================================ (b) alignment
_TOKEN = re.compile(r"[a-z]+")
_STOP = frozenset(
    """a an the of to in and or by for on at as be is are was were any such this that which
with from under shall may who whom his her he she it its not no if other than has have been being
""".split()
)
_SYNONYM = {"sanhita": "code", "adhiniyam": "act", "nyaya": "penal", "bharatiya": "indian"}


def _tokens(text: str) -> list[str]:
    toks = [_SYNONYM.get(t, t) for t in _TOKEN.findall(text.lower())]
    return [t for t in toks if t not in _STOP and len(t) > 1]


def _features(title: str, text: str) -> Counter:
    c: Counter = Counter()
    tt = _tokens(title)
    bt = _tokens(text[:3000])
    for seq, w in ((tt, 3.0), (bt, 1.0)):
        for t in seq:
            c[t] += w
        for a, b in zip(seq, seq[1:]):
            c[a + " " + b] += w
    return c


def similarity_matrix(old_rows: list[dict], new_rows: list[dict]):
    """TF-IDF (sublinear tf) cosine, old x new, as a float32 numpy array."""
    import numpy as np

    fo = [_features(r["title"], r["text"]) for r in old_rows]
    fn = [_features(r["title"], r["text"]) for r in new_rows]
    df: Counter = Counter()
    for f in fo + fn:
        df.update(f.keys())
    n_docs = len(fo) + len(fn)
    idf = {t: math.log((1 + n_docs) / (1 + d)) + 1.0 for t, d in df.items()}
    shared = set().union(*[f.keys() for f in fo]) & set().union(*[f.keys() for f in fn])
    vocab = {t: i for i, t in enumerate(sorted(shared))}

    def mat(feats):
        m = np.zeros((len(feats), len(vocab)), dtype=np.float32)
        for i, f in enumerate(feats):
            w = {t: (1.0 + math.log(v)) * idf[t] for t, v in f.items()}
            norm = math.sqrt(sum(x * x for x in w.values())) or 1.0
            for t, x in w.items():
                j = vocab.get(t)
                if j is not None:
                    m[i, j] = x / norm
        return m

    return mat(fo) @ mat(fn).T


def monotone_alignment(S, tau: float):
    """Max-weight order-preserving matching on S - tau (Needleman-Wunsch with free gaps)."""
    import numpy as np

    n, m = S.shape
    W = S - tau
    D = np.zeros((n + 1, m + 1), dtype=np.float32)
    for i in range(1, n + 1):
        tmp = np.maximum(D[i - 1, 1:], D[i - 1, :-1] + W[i - 1])
        D[i, 1:] = np.maximum.accumulate(tmp)
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        if D[i, j] == D[i - 1, j]:
            i -= 1
        elif D[i, j] == D[i, j - 1]:
            j -= 1
        else:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
    return pairs[::-1]


def align(
    old_rows: list[dict],
    new_rows: list[dict],
    *,
    tau: float = 0.25,
    beta: float = 0.15,
    width: float = 6.0,
    threshold: float = 0.2,
    split_ratio: float = 0.9,
    low_threshold: float = 0.1,
    distinct: float = 1.5,
) -> dict:
    """Derive old -> new section correspondences.

    1. cosine similarity S; 2. monotone backbone (DP) over S - tau; 3. each old section's
    expected new position is interpolated from the backbone; its target is
    argmax_j S[i,j] + beta*exp(-|j - expected|/width), kept when S >= threshold (or when
    S >= low_threshold, S >= distinct * the runner-up and j is within width of the
    expected position); 4. further
    targets with S >= split_ratio * best are kept as a split.
    Returns {"pairs": [(old_no, new_no, score, rank)], "S": S}.
    """
    import numpy as np

    S = similarity_matrix(old_rows, new_rows)
    n, m = S.shape
    backbone = monotone_alignment(S, tau)
    if backbone:
        bi = np.array([p[0] for p in backbone], dtype=np.float32)
        bj = np.array([p[1] for p in backbone], dtype=np.float32)
        expected = np.interp(np.arange(n, dtype=np.float32), bi, bj)
    else:
        expected = np.arange(n, dtype=np.float32) * (m / max(n, 1))
    jj = np.arange(m, dtype=np.float32)[None, :]
    prior = beta * np.exp(-np.abs(jj - expected[:, None]) / width)
    C = S + prior
    pairs = []
    for i in range(n):
        j = int(np.argmax(C[i]))
        best = float(S[i, j])
        if best < threshold:
            # a weak but distinctive match at the expected position (e.g. a section whose
            # text is mostly a table of renumbered cross-references) is still kept
            second = float(np.partition(S[i], -2)[-2]) if m > 1 else 0.0
            if not (best >= low_threshold and best >= distinct * second and abs(j - float(expected[i])) <= width):
                continue
        pairs.append((old_rows[i]["number"], new_rows[j]["number"], round(best, 4), 1))
        for k in np.argsort(-S[i])[:4]:
            k = int(k)
            if k != j and S[i, k] >= max(threshold, split_ratio * best) and abs(k - j) <= 3:
                pairs.append((old_rows[i]["number"], new_rows[k]["number"], round(float(S[i, k]), 4), 2))
    return {"pairs": pairs, "S": S, "backbone": len(backbone)}


def read_gold(pack_dir: Path, old: str, new: str) -> dict:
    return json.loads(paths.pack_file(GOLD_FILES[(old, new)], pack_dir).read_text(encoding="utf-8"))


def _load_alignment(store, ctx, old: str, new: str) -> dict:
    rep = ctx.report
    t0 = time.perf_counter()
    old_rows = [r for r in read_act_sections(ctx.corpus_dir, old) if r["text"] and not r.get("repealed")]
    new_rows = [r for r in read_act_sections(ctx.corpus_dir, new) if r["text"]]
    res = align(old_rows, new_rows)
    gold = read_gold(ctx.pack_dir, old, new)
    gold_pairs = gold["pairs"]
    gold_olds = {norm_number(p["old"]) for p in gold_pairs}
    acts = {a["code"]: a for a in read_acts(ctx.pack_dir)}

    # stubs for gold-referenced sections the corpus lacks
    have = {r["number"] for r in read_act_sections(ctx.corpus_dir, old)}
    stubs = []
    for p in gold_pairs:
        o = norm_number(p["old"])
        if o not in have:
            stubs.append(
                {
                    "id": provision_id(old, o),
                    "act": old,
                    "number": o,
                    "num": leading_int(o),
                    "title": p.get("old_title", ""),
                    "text": "",
                    "text_missing": True,
                    "name": f"{old} s.{o}: {p.get('old_title', '')}",
                    "in_force_from": acts.get(old, {}).get("in_force_from"),
                    "in_force_to": acts.get(old, {}).get("in_force_to"),
                }
            )
            rep.defect(
                f"{old}:corpus", "stub_for_referenced_missing_section", number=o, referenced_by=GOLD_FILES[(old, new)]
            )
    if stubs:
        merge_nodes(
            store,
            "Section",
            [{k: v for k, v in s.items() if v is not None} for s in stubs],
            extra_labels=("Provision",),
        )
        merge_edges(store, "PART_OF", [{"src": s["id"], "dst": act_id(old)} for s in stubs], "Section", "Act")

    derived = {(o, n): (score, rank) for o, n, score, rank in res["pairs"]}
    final: dict[tuple[str, str], dict] = {}
    for p in gold_pairs:
        o, n = norm_number(p["old"]), norm_number(p["new"])
        props = {"method": "pack", "source": p["source"], "effective_date": EFFECTIVE_DATE}
        if p.get("new_sub"):
            props["subsection"] = p["new_sub"]
        if (o, n) in derived:
            props["score"] = derived[(o, n)][0]
        final[(o, n)] = props
    for (o, n), (score, rank) in derived.items():
        if o in gold_olds:
            continue
        final[(o, n)] = {
            "method": "text_alignment",
            "score": score,
            "effective_date": EFFECTIVE_DATE,
            "source": f"derived: text alignment of {old} and {new} sections (rank {rank})",
        }
    old_targets, new_sources = defaultdict(set), defaultdict(set)
    for o, n in final:
        old_targets[o].add(n)
        new_sources[n].add(o)
    rows = []
    for (o, n), props in sorted(final.items()):
        props["relation"] = _relation(o, n, old_targets, new_sources)
        rows.append({"src": provision_id(old, o), "dst": provision_id(new, n), "props": props})
    written = merge_edges(store, "REPLACED_BY", rows, "Section", "Section")
    if written != len(rows):
        rep.defect(f"concordance:{old}->{new}", "dangling_edges", expected=len(rows), written=written)
    unmatched = sorted({r["number"] for r in old_rows} - set(old_targets), key=lambda x: (leading_int(x) or 0, x))
    rep.add(f"REPLACED_BY:{old}->{new}", written)
    return {
        "edges": written,
        "derived_pairs": len(derived),
        "gold_pairs": len(gold_pairs),
        "unmatched_old": len(unmatched),
        "seconds": round(time.perf_counter() - t0, 2),
        "alignment": res,
    }


def load(store, ctx) -> None:
    t0 = time.perf_counter()
    summary = {"IPC->BNS": _load_ipc_bns(store, ctx)}
    metrics = {}
    for old, new in GOLD_FILES:
        info = _load_alignment(store, ctx, old, new)
        res = info.pop("alignment")
        gold = read_gold(ctx.pack_dir, old, new)
        metrics[f"{old}->{new}"] = evaluate(res["pairs"], gold["pairs"])
        summary[f"{old}->{new}"] = info
    summary["seconds"] = round(time.perf_counter() - t0, 2)
    ctx.report.metrics["concordance"] = {**metrics, "summary": summary}
