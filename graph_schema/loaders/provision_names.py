"""packs/india/provision_names.json -> graph (issue 19): how people name the provisions the graph holds.

For every provision listed: ``names_en``, ``names_hi``, ``names_rom`` (the names people use in plain
English, Hindi and Roman-script Hindi), ``names_kind`` (offence, right, remedy, procedure, rule, duty) and
``names_source`` as properties of the Provision node. Headings, the IPC -> BNS concordance and the
Constitution's titles are already in the graph (statutes, concordance loaders); core.provisions reads
them from there. Acts the graph does not hold become ``UnheldAct`` nodes with the words that name
them (``cues_*``; ``decisive_*``: facts that by themselves take a question out of every held Act, such as a
Christian's succession), the name people know it by (``known_as``: "POCSO Act", "RERA", "Arms Act", shown
beside the short title in both languages), its ``subjects`` (what it governs in key terms: "child sexual",
"dowry give_take -violence") and the forum (routes.json) a person should go to, so an answer can name the Act
and route the person without citing anything. Each key term (``not_held_terms``: "child" as child, minor,
nabalig, बच्ची, ...) becomes a ``Lexicon {id: "LEXICON:term:<name>"}`` node; the words that name a legal
relation (the scope gate) become one ``Lexicon {id: "LEXICON:legal_relations"}`` node. A name for a
provision the graph lacks, an unheld Act without a route, a subject naming an unknown term, or an entry
without a source is reported, never fatal.
"""

from __future__ import annotations

import json
from pathlib import Path

from core.provisions import TERM_PREFIX
from domain import paths
from graph_schema.batch import merge_nodes

SRC = "provision_names"
KINDS = {"offence", "right", "remedy", "procedure", "rule", "duty"}


def _strs(v) -> list[str]:
    return [" ".join(str(x).split()) for x in (v or []) if str(x).strip()]


def read(pack_dir) -> dict:
    path = Path(pack_dir) / paths.PROVISION_NAMES
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def load(store, ctx) -> None:
    rep = ctx.report
    try:
        data = read(ctx.pack_dir)
    except ValueError as exc:
        rep.defect(SRC, "pack file is not valid JSON", file=paths.PROVISION_NAMES, error=str(exc))
        return
    if not data:
        rep.defect(SRC, "pack file missing", file=paths.PROVISION_NAMES)
        return
    rows = []
    for r in data.get("provisions") or []:
        pid = str(r.get("id") or "")
        if not pid or not r.get("source"):
            rep.defect(SRC, "provision names without id or source", entry=str(r)[:120])
            continue
        kind = r.get("kind") if r.get("kind") in KINDS else "rule"
        rows.append(
            {
                "id": pid,
                "names_en": _strs(r.get("en")),
                "names_hi": _strs(r.get("hi")),
                "names_rom": _strs(r.get("rom")),
                "names_kind": kind,
                "names_source": str(r["source"]),
            }
        )
    have = set()
    ids = [r["id"] for r in rows]
    for i in range(0, len(ids), 500):
        for (nid,) in store.query(
            "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id", {"ids": ids[i : i + 500]}
        ):
            have.add(nid)
    for r in rows:
        if r["id"] not in have:
            rep.defect(SRC, "named provision not in graph", id=r["id"])
    rows = [r for r in rows if r["id"] in have]
    # names the pack no longer gives are not kept from an earlier load into the same graph
    store.query(
        "MATCH (p:Provision) WHERE p.names_source IS NOT NULL AND NOT p.id IN $ids "
        "SET p.names_en = null, p.names_hi = null, p.names_rom = null, p.names_kind = null, p.names_source = null",
        {"ids": [r["id"] for r in rows]},
    )
    q = (
        "UNWIND $rows AS row MATCH (p:Provision {id: row.id}) SET p.names_en = row.names_en, "
        "p.names_hi = row.names_hi, p.names_rom = row.names_rom, p.names_kind = row.names_kind, "
        "p.names_source = row.names_source"
    )
    for i in range(0, len(rows), 200):
        store.query(q, {"rows": rows[i : i + 200]})

    routes = {f"{r}" for (r,) in store.query("MATCH (f:Forum) RETURN f.route")}
    lexicon = data.get("not_held_terms") or {}
    terms = {k: v for k, v in (lexicon.get("terms") or {}).items() if isinstance(v, dict)}
    unheld = []
    for a in data.get("not_held") or []:
        if not a.get("id") or not a.get("name_en") or not a.get("source"):
            rep.defect(SRC, "unheld act without id, name or source", entry=str(a)[:120])
            continue
        if routes and a.get("route") not in routes:
            rep.defect(SRC, "unheld act routes to an unknown forum", id=a["id"], route=a.get("route"))
        subjects = _strs(a.get("subjects"))
        for sub in subjects:
            unknown = [w.lstrip("-") for w in sub.split() if w != "!" and w.lstrip("-") not in terms]
            if unknown:
                rep.defect(SRC, "unheld act subject names an unknown term", id=a["id"], terms=unknown)
        unheld.append(
            {
                "id": a["id"],
                "name": a["name_en"],
                "name_en": a["name_en"],
                "name_hi": a.get("name_hi") or a["name_en"],
                "cues_en": _strs(a.get("cues_en")),
                "cues_hi": _strs(a.get("cues_hi")),
                "cues_rom": _strs(a.get("cues_rom")),
                "route": a.get("route") or "dlsa",
                "source": a["source"],
                "known_as": str(a.get("known_as") or ""),
                "decisive_en": _strs(a.get("decisive_en")),
                "decisive_hi": _strs(a.get("decisive_hi")),
                "decisive_rom": _strs(a.get("decisive_rom")),
                "names_source": str(a.get("names_source") or a["source"]),
                "subjects": subjects,
            }
        )
    merge_nodes(store, "UnheldAct", unheld)
    term_rows = [
        {
            "id": TERM_PREFIX + name,
            "name": name,
            "words_en": _strs(v.get("en")),
            "words_hi": _strs(v.get("hi")),
            "words_rom": _strs(v.get("rom")),
            "source": str(lexicon.get("source") or paths.PROVISION_NAMES),
        }
        for name, v in terms.items()
    ]
    # terms the pack no longer gives are not kept from an earlier load into the same graph
    store.query(
        "MATCH (l:Lexicon) WHERE l.id STARTS WITH $p AND NOT l.id IN $ids DELETE l",
        {"p": TERM_PREFIX, "ids": [r["id"] for r in term_rows]},
    )
    if term_rows:
        merge_nodes(store, "Lexicon", term_rows)
    lex = data.get("legal_relations") or {}
    if lex:
        merge_nodes(
            store,
            "Lexicon",
            [
                {
                    "id": "LEXICON:legal_relations",
                    "name": "legal relations",
                    "words_en": _strs(lex.get("en")),
                    "words_hi": _strs(lex.get("hi")),
                    "words_rom": _strs(lex.get("rom")),
                    "source": lex.get("source") or paths.PROVISION_NAMES,
                }
            ],
        )
    rep.add("UnheldAct", len(unheld))
    rep.metrics.setdefault(SRC, {}).update(
        {"named_provisions": len(rows), "unheld_acts": len(unheld), "unheld_terms": len(term_rows)}
    )
