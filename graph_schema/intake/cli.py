"""`nyayapath add-judgment FILE [--json] [--dry-run] [--fast | --train-roles]` (registered by app/cli.py)."""

from __future__ import annotations

import json
import sys

EXIT_REFUSED = 1
EXIT_UNAVAILABLE = 3


def register(sub) -> None:
    s = sub.add_parser("add-judgment", help="add a judgment (PDF or text) to the graph: cleaned, structured, cited")
    s.add_argument("file", help="the judgment: a PDF with a text layer, or a plain-text file")
    s.add_argument("--json", action="store_true", help="print the full result as JSON")
    s.add_argument("--dry-run", action="store_true", help="extract and resolve, but write nothing to the graph")
    s.add_argument(
        "--fast",
        action="store_true",
        help="rhetorical roles by the lexical model (no sentence embeddings: seconds, not minutes)",
    )
    s.add_argument(
        "--train-roles",
        action="store_true",
        help="train the e5 role model now if it is not cached yet (once; about 30 minutes on two cores); "
        "without it an untrained e5 model means the lexical one is used, with a note",
    )
    s.set_defaults(func=cmd_add_judgment)


def _human(r: dict) -> None:
    if r.get("status") == "refused":
        print(f"not added ({r['code']}): {r['message']}")
        return
    md = r["metadata"]

    def f(name, x):
        if not x:
            print(f"  {name:16} —  (not found)")
        else:
            print(f"  {name:16} {x['value']}   [{x['confidence']:.2f}, {x['how']}]")

    print(f"{r['source']}: {r['status']}" + (f" as {r['written']['case_id']}" if r.get("written") else ""))
    for m in r.get("messages") or []:
        print(f"  note: {m}")
    f("title", md["title"])
    f("court", md["court"])
    f("decision date", md["decision_date"])
    f("case number", md["case_number"])
    f("neutral citation", md["neutral_citation"])
    f("bench size", md["bench_size"])
    print(
        "  judges           "
        + (
            ", ".join(f"{j['name']}{' (author)' if j['author'] else ''} [{j['confidence']:.2f}]" for j in md["judges"])
            or "—"
        )
    )
    for side in ("petitioners", "respondents"):
        print(f"  {side:16} " + ("; ".join(f"{p['name']} [{p['confidence']:.2f}]" for p in md[side]) or "—"))
    if md["reporter_citations"]:
        print("  reported as      " + ", ".join(c["text"] for c in md["reporter_citations"]))
    print(
        "  acts             "
        + (
            ", ".join(f"{a['name']} ({a['count']})" + ("" if a["held"] else " [not held]") for a in md["acts"][:12])
            or "—"
        )
    )
    roles = r["roles"]
    print(
        f"  roles            {roles['model']['features']} model: "
        + ", ".join(f"{k} {v}" for k, v in roles["counts"].items())
    )
    if roles["model"].get("note") and roles["model"]["features"] != roles["model"].get("requested"):
        print(f"                   (not the {roles['model']['requested']} model: see the note above)")
    print(f"  passages         {len(r['passages'])}")
    cit = r.get("citations")
    if cit:
        print(f"  cases cited      {cit['resolved_cases']}/{len(cit['cases'])} found in the graph")
        for c in cit["cases"]:
            mark = f"-> {c['target']} (by {c['via']})" if c["target"] else f"unresolved: {c['unresolved_why']}"
            print(f"      {c['text'][:90]}  {mark}")
        print(f"  provisions       {cit['resolved_provisions']}/{len(cit['provisions'])} held by the graph")
        for p in cit["provisions"][:30]:
            mark = f"-> {p['key']}" if p["resolved"] else f"unresolved: {p['unresolved_why']}"
            print(f"      {p['text'][:60]} (x{p['count']})  {mark}")
        case = r["case"]
        print(
            f"  this judgment    {case['id']} ({'already in the graph, matched by ' + case['how'] if case['existing'] else 'new'})"
        )
    for u in r.get("unresolved") or []:
        print(f"  unresolved: {u}")
    if r.get("written"):
        w = r["written"]
        print(
            f"  written          {w['passages']} passages ({w['embedded_passages']} embedded), {w['cites']} CITES, "
            f"{w['distinguishes']} DISTINGUISHES, {w['interprets_case']} INTERPRETS (case), "
            f"{w['interprets_passage']} INTERPRETS (passages), IRAC {w['irac']}"
        )
    print(f"  time             {r['timings_s']}")


def cmd_add_judgment(args) -> int:
    from core.graphdb import GraphNotBuilt, GraphUnavailable, open_store

    from .pipeline import add_judgment

    if args.fast and getattr(args, "train_roles", False):
        print("--fast and --train-roles exclude each other", file=sys.stderr)
        return 2
    features = "lex" if args.fast else None
    try:
        store = open_store()
    except (GraphUnavailable, GraphNotBuilt) as exc:
        if not args.dry_run:
            raise
        print(f"note: graph unavailable ({exc}); extracting without resolving citations", file=sys.stderr)
        store = None
    try:
        result = add_judgment(
            args.file,
            store,
            dry_run=args.dry_run,
            features=features,
            log=lambda m: print(m, file=sys.stderr),
            train_roles=getattr(args, "train_roles", False),
        )
    finally:
        if store is not None:
            store.close()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2, default=str))
    else:
        _human(result)
    if result.get("status") == "refused":
        return EXIT_REFUSED
    return 0
