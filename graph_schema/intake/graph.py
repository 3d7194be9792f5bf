"""An analysed judgment into the graph: resolution (read-only) and one atomic write.

resolve(intake, graph) finds, without writing:
  * the Case it is: a CiteKey of its own citations (neutral or reporter), else an existing
    Case with the same decision date and parties (title + date); else a new id, deterministic
    from the neutral citation or court + date + title, so adding it again finds it again;
  * the cases it cites (CiteKey, then an unambiguous case name; never a case decided after it);
  * the provisions it refers to that the graph holds.
write(store, intake) writes everything in ONE Cypher query (FalkorDB runs a query as one
transaction and undoes it on any error: the graph is never half-written); every node is MERGEd
on a stable id, so a second add changes no counts. Another rendition of a judgment already added
(its PDF, then its text) replaces the earlier one's passages and IRAC nodes. A connection failure is retried once
(the query being idempotent, a retry is clean).

Written: Case (new, or the existing one gaining only properties it lacks), CiteKey
-[:CITATION_OF]->, -[:DECIDED_IN]-> Court, -[:DECIDED_BY {author}]-> Judge, -[:HAS_PASSAGE]->
Passage (text, role, region, embedding), Passage-[:INTERPRETS]->provision and
Case-[:INTERPRETS]->provision (court's own reasoning: STA/ANALYSIS/RATIO/ISSUE/RPC sentences),
Case-[:CITES|DISTINGUISHES]->Case, and IRAC nodes from runs of roles (LegalIssue, Rule,
Argument, Outcome) with RAISES, APPLIES_RULE, SUPPORTS_ARGUMENT, RESULTS_IN.
"""

from __future__ import annotations

import time
from collections import defaultdict

from domain.ids import case_id_from_neutral, court_id, slug

from .errors import IntakeError

INTERPRETING_ROLES = {"STA", "ANALYSIS", "RATIO", "ISSUE", "RPC"}
IRAC = {
    "ISSUE": ("LegalIssue", "ISSUE"),
    "RATIO": ("Rule", "RULE"),
    "ARG_PETITIONER": ("Argument", "ARG"),
    "ARG_RESPONDENT": ("Argument", "ARG"),
    "RPC": ("Outcome", "OUTCOME"),
}
HOLDING_CHARS = 800
IRAC_CHARS = 3000


class Reader:
    """`query` over a read-only graph (the loaders' helpers take anything with .query)."""

    def __init__(self, graph):
        self._g = graph

    def query(self, cypher, params=None):
        fn = getattr(self._g, "ro_query", None) or self._g.query
        return fn(cypher, params or {})


# ---------------------------------------------------------------- resolution


def _case_index(reader):
    from graph_schema.loaders.judgments import CaseIndex

    return CaseIndex(reader)


def new_case_id(intake) -> str:
    md = intake.metadata
    if md.neutral_citation and " INSC " in str(md.neutral_citation.value):
        return case_id_from_neutral(str(md.neutral_citation.value))
    title = md.title.value if md.title else None
    date = md.decision_date.value if md.decision_date else None
    if title:
        return f"CASE:{md.court_code or 'COURT'}-{date or 'undated'}-{slug(str(title), 60)}"
    return f"CASE:INTAKE-{intake.text_hash[:12]}"


def own_keys(intake) -> list[str]:
    md = intake.metadata
    keys = [r["key"] for r in md.reporter_citations]
    if md.neutral_citation and " INSC " in str(md.neutral_citation.value):
        y, _, n = str(md.neutral_citation.value).split()
        keys.insert(0, f"INSC:{y}:{int(n)}")
    return list(dict.fromkeys(keys))


def resolve(intake, graph, index=None) -> dict:
    """Fill intake.resolution (and return it): the case, its citations, its provisions.
    `index`: a judgments.CaseIndex of the graph, to share between many judgments read in a row."""
    from graph_schema.loaders.pack import node_labels, resolve_keys

    t0 = time.perf_counter()
    reader = Reader(graph)
    md = intake.metadata
    index = index or _case_index(reader)
    keys = own_keys(intake)
    known = resolve_keys(reader, keys)
    hits = list(dict.fromkeys(known[k] for k in keys if k in known))
    case = {"id": None, "existing": False, "how": None, "conflict": None, "keys": keys}
    if len(hits) == 1:
        case.update(id=hits[0], existing=True, how="citation")
    elif len(hits) > 1:
        case["conflict"] = f"its citations name different cases in the graph: {', '.join(hits)}"
    if not case["id"]:
        pet, res = md.petitioners(), md.respondents()
        date = md.decision_date.value if md.decision_date else None
        if pet and res and date:
            cid = index.by_parties(date, pet[0].name, res[0].name)
            if cid:
                case.update(id=cid, existing=True, how="title+date")
    if not case["id"]:
        cid = new_case_id(intake)
        exists = bool(reader.query("MATCH (c:Case {id: $id}) RETURN c.id", {"id": cid}))
        case.update(id=cid, existing=exists, how="same id" if exists else "new")
    # keys that already name another case are not repointed
    case["new_keys"] = [k for k in keys if known.get(k) in (None, case["id"])]
    case["key_conflicts"] = {k: known[k] for k in keys if known.get(k) not in (None, case["id"])}

    my_date = (md.decision_date.value if md.decision_date else "") or ""
    cited_keys = resolve_keys(reader, [k for c in md.cases_cited for k in c["reporters"]])
    cites = []
    for c in md.cases_cited:
        target = next((cited_keys[k] for k in c["reporters"] if k in cited_keys), None)
        via = "citation" if target else None
        if not target:
            target = index.by_case_name(c["name"])
            via = "name" if target else None
        why = None
        if target and my_date and index.dates.get(target, "")[:4] > my_date[:4]:
            target, via, why = None, None, "matched a case decided after this judgment (a namesake)"
        if target == case["id"]:
            target, via, why = None, None, "the judgment itself"
        cites.append(
            {
                **{k: c[k] for k in ("key", "name", "reporters", "text", "start", "confidence")},
                "target": target,
                "via": via,
                "unresolved_why": None
                if target
                else (
                    why
                    or (
                        "no case in the graph has this citation or name"
                        if c["reporters"] or c["name"]
                        else "nothing to look up"
                    )
                ),
            }
        )
    keys_p = [s["key"] for s in md.sections if s["act_known"]]
    labels = node_labels(reader, keys_p, ("Section", "Article"))
    provisions = []
    for s in md.sections:
        lab = labels.get(s["key"])
        why = None
        if not s["act_known"]:
            why = f"the act is not named{' (' + s['raw_act'] + ')' if s.get('raw_act') else ''} or not one the graph holds"
        elif not lab:
            why = "the graph does not hold this provision"
        provisions.append(
            {
                "key": s["key"],
                "text": s["text"],
                "count": s["count"],
                "label": lab,
                "resolved": bool(lab),
                "confidence": s["confidence"],
                "unresolved_why": why,
            }
        )
    intake.resolution = {
        "case": case,
        "cites": cites,
        "provisions": provisions,
        "seconds": round(time.perf_counter() - t0, 2),
    }
    return intake.resolution


# ---------------------------------------------------------------- rows


def _sentence_at(intake, pos: int) -> int | None:
    import bisect

    starts = intake.sentence_starts
    i = bisect.bisect_right(starts, pos) - 1
    if i >= 0 and intake.sentences[i].start <= pos < intake.sentences[i].end + 1:
        return i
    return None


def build_rows(intake) -> dict:
    md, res = intake.metadata, intake.resolution
    if res is None:
        raise ValueError("resolve() first")
    case = res["case"]
    cid, doc = case["id"], intake.doc_id
    src = f"intake:{intake.source_name}"
    holding_sents = [s.text for s, r in zip(intake.sentences, intake.roles) if r == "RATIO"] or [
        s.text for s, r in zip(intake.sentences, intake.roles) if r == "RPC"
    ]
    holding = " ".join(" ".join(holding_sents).split())[:HOLDING_CHARS] or None
    date = md.decision_date.value if md.decision_date else None
    props = {
        "name": md.title.value if md.title else None,
        "title": md.title.value if md.title else None,
        "date": date,
        "year": int(date[:4]) if date else None,
        "court": md.court_code,
        "neutral": md.neutral_citation.value if md.neutral_citation else None,
        "holding": holding,
        "case_number": md.case_number.value if md.case_number else None,
        "bench_size": md.bench_size.value if md.bench_size else None,
        "source": src,
    }
    courts = []
    if md.court:
        from .metadata import court_name

        code = md.court_code or ("C-" + slug(str(md.court.value), 40).upper())
        courts.append({"id": court_id(code), "name": court_name(md.court_code, str(md.court.value)), "code": code})
    judges = [{"id": j.key, "name": j.name, "author": j.author} for j in md.judges]
    passages, pvec = [], []
    for p, vec in zip(intake.passages, intake.passage_vectors or [None] * len(intake.passages)):
        pid = f"{doc}:P{p.n}"
        passages.append(
            {
                "id": pid,
                "doc": doc,
                "case": cid,
                "role": p.role,
                "role_share": p.role_share,
                "region": p.region,
                "text": p.text,
                "start": p.start,
                "end": p.end,
                "n": p.n,
                "words": p.words,
                "source": src,
            }
        )
        if vec is not None:
            pvec.append({"id": pid, "vec": [float(x) for x in vec]})
    # provisions: passage- and case-level INTERPRETS
    held = {p["key"]: p["label"] for p in res["provisions"] if p["resolved"]}
    p_interprets, c_interprets = {}, {}
    for c in intake.citations:
        if c.kind not in ("section", "article") or c.key not in held:
            continue
        si = _sentence_at(intake, c.start)
        role = intake.roles[si] if si is not None else None
        if role not in INTERPRETING_ROLES:
            continue
        c_interprets.setdefault(c.key, {"dst": c.key, "role": role})
        for p in intake.passages:
            if p.start <= c.start < p.end + 1:
                p_interprets.setdefault((p.n, c.key), {"src": f"{doc}:P{p.n}", "dst": c.key})
    # precedents
    cites, distinguishes = {}, {}
    for c in res["cites"]:
        if not c["target"]:
            continue
        si = _sentence_at(intake, c["start"])
        role = intake.roles[si] if si is not None else None
        pas = next((f"{doc}:P{p.n}" for p in intake.passages if p.start <= c["start"] < p.end + 1), None)
        row = {"dst": c["target"], "via": c["via"], "passage": pas, "role": role}
        (distinguishes if role == "PRE_NOT_RELIED" else cites).setdefault(c["target"], row)
    for t in list(distinguishes):
        cites.pop(t, None)
    # IRAC nodes from runs of roles
    irac = defaultdict(list)
    counters = defaultdict(int)
    runs: list[tuple[str, list[int]]] = []
    for i, r in enumerate(intake.roles):
        if runs and runs[-1][0] == r and intake.sentences[i].region == intake.sentences[runs[-1][1][-1]].region:
            runs[-1][1].append(i)
        else:
            runs.append((r, [i]))
    for role, idx in runs:
        if role not in IRAC:
            continue
        label, tag = IRAC[role]
        counters[tag] += 1
        node = {
            "id": f"{doc}:{tag}:{counters[tag]}",
            "doc": doc,
            "case": cid,
            "role": role,
            "source": src,
            "text": " ".join(" ".join(intake.sentences[i].text for i in idx).split())[:IRAC_CHARS],
            "confidence": round(sum(intake.role_conf[i] for i in idx) / len(idx), 3),
        }
        if label == "Argument":
            node["side"] = "petitioner" if role == "ARG_PETITIONER" else "respondent"
        irac[label].append(node)
    return {
        "case_id": cid,
        "case": {k: v for k, v in props.items()},
        "citekeys": [{"key": k, "reporter": k.split(":", 1)[0]} for k in case["new_keys"]],
        "courts": courts,
        "judges": judges,
        "passages": passages,
        "pvec": pvec,
        "p_interprets": list(p_interprets.values()),
        "c_interprets": list(c_interprets.values()),
        "cites": list(cites.values()),
        "distinguishes": list(distinguishes.values()),
        "issues": irac["LegalIssue"],
        "rules": irac["Rule"],
        "args": irac["Argument"],
        "outcomes": irac["Outcome"],
    }


_CASE_FIELDS = ("name", "title", "date", "year", "court", "neutral", "holding", "case_number", "bench_size", "source")

WRITE_QUERY = (
    "MERGE (c:Case {id: $case_id}) "
    + "SET "
    + ", ".join(f"c.{f} = coalesce(c.{f}, $case.{f})" for f in _CASE_FIELDS)
    + ", c.intake_doc = $doc "
    # another rendition of this judgment added before (a PDF, then its text): its passages and IRAC
    # nodes give way to this one's, in the same transaction
    "WITH c CALL { WITH c MATCH (c)-[:HAS_PASSAGE]->(old:Passage) "
    "  WHERE old.doc STARTS WITH 'DOC:intake-' AND old.doc <> $doc DETACH DELETE old } "
    + "".join(
        f"WITH c CALL {{ WITH c MATCH (old:{lab}) WHERE old.case = c.id AND old.doc STARTS WITH 'DOC:intake-' "
        f"AND old.doc <> $doc DETACH DELETE old }} "
        for lab in ("LegalIssue", "Rule", "Argument", "Outcome")
    )
    + "WITH c CALL { WITH c UNWIND $citekeys AS k MERGE (ck:CiteKey {key: k.key}) SET ck.reporter = k.reporter "
    "  MERGE (ck)-[:CITATION_OF]->(c) } "
    "WITH c CALL { WITH c UNWIND $courts AS ct MERGE (co:Court {id: ct.id}) "
    "  SET co.name = coalesce(co.name, ct.name), co.code = coalesce(co.code, ct.code) MERGE (c)-[:DECIDED_IN]->(co) } "
    "WITH c CALL { WITH c UNWIND $judges AS j MERGE (jn:Judge {id: j.id}) SET jn.name = coalesce(jn.name, j.name) "
    "  MERGE (c)-[r:DECIDED_BY]->(jn) SET r.author = (coalesce(r.author, false) OR j.author) } "
    "WITH c CALL { WITH c UNWIND $passages AS p MERGE (x:Passage {id: p.id}) SET x += p MERGE (c)-[:HAS_PASSAGE]->(x) } "
    "WITH c CALL { WITH c UNWIND $pvec AS p MATCH (x:Passage {id: p.id}) SET x.embedding = vecf32(p.vec) } "
    "WITH c CALL { WITH c UNWIND $p_interprets AS r MATCH (x:Passage {id: r.src}) MATCH (s:Provision {id: r.dst}) "
    "  MERGE (x)-[e:INTERPRETS]->(s) SET e.source = 'intake' } "
    "WITH c CALL { WITH c UNWIND $c_interprets AS r MATCH (s:Provision {id: r.dst}) "
    "  MERGE (c)-[e:INTERPRETS]->(s) SET e.source = 'intake', e.role = r.role } "
    "WITH c CALL { WITH c UNWIND $cites AS r MATCH (t:Case {id: r.dst}) WHERE t.id <> c.id "
    "  MERGE (c)-[e:CITES]->(t) SET e.via = r.via, e.passage = r.passage, e.source = 'intake' } "
    "WITH c CALL { WITH c UNWIND $distinguishes AS r MATCH (t:Case {id: r.dst}) WHERE t.id <> c.id "
    "  MERGE (c)-[e:DISTINGUISHES]->(t) SET e.via = r.via, e.passage = r.passage, e.source = 'intake' } "
    "WITH c CALL { WITH c UNWIND $issues AS n MERGE (x:LegalIssue {id: n.id}) SET x += n MERGE (c)-[:RAISES]->(x) } "
    "WITH c CALL { WITH c UNWIND $rules AS n MERGE (x:Rule {id: n.id}) SET x += n MERGE (c)-[:APPLIES_RULE]->(x) } "
    "WITH c CALL { WITH c UNWIND $args AS n MERGE (x:Argument {id: n.id}) SET x += n "
    "  WITH x UNWIND $issues AS i MATCH (li:LegalIssue {id: i.id}) MERGE (x)-[:SUPPORTS_ARGUMENT]->(li) } "
    "WITH c CALL { WITH c UNWIND $outcomes AS n MERGE (x:Outcome {id: n.id}) SET x += n "
    "  WITH c, x UNWIND (CASE WHEN size($issues) = 0 THEN [null] ELSE $issues END) AS i "
    "  OPTIONAL MATCH (li:LegalIssue {id: i.id}) "
    "  FOREACH (_ IN CASE WHEN li IS NULL THEN [1] ELSE [] END | MERGE (c)-[:RESULTS_IN]->(x)) "
    "  FOREACH (_ IN CASE WHEN li IS NULL THEN [] ELSE [1] END | MERGE (li)-[:RESULTS_IN]->(x)) } "
    "RETURN c.id"
)


def write(store, intake, retries: int = 1) -> dict:
    """Write the analysed judgment (after resolve) in one transaction; returns what was written."""
    from core.graphdb import GraphUnavailable

    rows = build_rows(intake)
    params = {k: v for k, v in rows.items()}
    params["doc"] = intake.doc_id
    t0 = time.perf_counter()
    for attempt in range(retries + 1):
        try:
            store.query(WRITE_QUERY, params)
            break
        except GraphUnavailable as exc:
            if attempt >= retries:
                raise IntakeError(
                    "graph_write_failed", f"The graph could not be written ({exc}); nothing was written. Try again."
                ) from exc
            time.sleep(1.0)
        except Exception as exc:  # the query is atomic: a failed one leaves the graph as it was
            raise IntakeError(
                "graph_write_failed",
                f"The graph refused the write ({type(exc).__name__}: {str(exc)[:200]}); nothing was written.",
            ) from exc
    return {
        "case_id": rows["case_id"],
        "existing_case": intake.resolution["case"]["existing"],
        "matched_by": intake.resolution["case"]["how"],
        "passages": len(rows["passages"]),
        "embedded_passages": len(rows["pvec"]),
        "citekeys": len(rows["citekeys"]),
        "judges": len(rows["judges"]),
        "courts": len(rows["courts"]),
        "interprets_passage": len(rows["p_interprets"]),
        "interprets_case": len(rows["c_interprets"]),
        "cites": len(rows["cites"]),
        "distinguishes": len(rows["distinguishes"]),
        "irac": {
            "LegalIssue": len(rows["issues"]),
            "Rule": len(rows["rules"]),
            "Argument": len(rows["args"]),
            "Outcome": len(rows["outcomes"]),
        },
        "seconds": round(time.perf_counter() - t0, 2),
    }
