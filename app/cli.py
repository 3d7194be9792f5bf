"""`nyayapath` command line: ingest, graph stats, verify, ask, transcribe, serve, audit, eval, bench."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path

EXIT_USAGE = 2
EXIT_UNAVAILABLE = 3


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {value!r}") from None


def _read_text_arg(text: str) -> str:
    if text == "-":
        raw = sys.stdin.buffer.read()
        return raw.decode("utf-8", errors="replace")
    return text


def _print(obj, as_json: bool, human) -> None:
    if as_json:
        print(json.dumps(obj, ensure_ascii=False, indent=2))
    else:
        human(obj)


# --------------------------------------------------------------------------- commands
def cmd_ingest(args) -> int:
    from dataclasses import replace

    from core.config import load_settings
    from core.graphdb import open_store
    from graph_schema import ingest
    from graph_schema.context import IngestContext

    settings = load_settings()
    if args.corpus:
        settings = replace(settings, corpus_dir=Path(args.corpus))
    ctx = IngestContext(corpus_dir=settings.corpus_dir, cache_dir=settings.cache_dir, show_progress=not args.quiet)
    with open_store(settings) as store:
        report = ingest.run(store, ctx)
        report["stats"] = ingest.stats(store.read_only())
    report["role_model"] = _train_lexical_roles(settings, quiet=args.quiet or args.json)
    from core import settled_examples

    # the labelled questions a settled point is recognised by, embedded once here rather than under a question
    report["settled_examples"] = settled_examples.warm()
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        st = report["stats"]
        print(f"graph built in {report['metrics'].get('wall_s')} s, peak RSS {report['metrics'].get('peak_rss_mb')} MB")
        print("sections by act: " + ", ".join(f"{k} {v}" for k, v in sorted(st["sections_by_act"].items())))
        print(f"nodes {sum(st['nodes'].values())}, relationships {sum(st['relationships'].values())}")
        print(
            f"data defects reported: {len(report['defects'])} "
            f"({', '.join(f'{k}: {v}' for k, v in report['defects_by_source'].items())})"
        )
    return 0


def _train_lexical_roles(settings, quiet: bool) -> str:
    """The build step of add-judgment: the lexical rhetorical-role model, trained once from the
    corpus gold (about two minutes on two cores), so that the first judgment a clinic adds does
    not wait for it. The e5 model (half an hour) is trained only when asked (--train-roles)."""
    from graph_schema.intake import roles as R

    try:
        if R.is_trained(settings.corpus_dir, "lex", settings.cache_dir):
            return "cached"
        if not quiet:
            print("training the rhetorical-role model for add-judgment (once, about two minutes) ...")
        R.get_model(settings.corpus_dir, "lex", settings.cache_dir)
        return "trained"
    except (OSError, ValueError, KeyError) as exc:  # no gold role files in this corpus: add-judgment says so later
        return f"not trained: {exc}"


def cmd_graph_stats(args) -> int:
    from core.graphdb import GraphNotBuilt, open_store
    from graph_schema import ingest

    with open_store() as store:
        st = ingest.stats(store.read_only())
    if not any(st["sections_by_act"].values()):  # a graph with no provision: an ingest that never ran
        raise GraphNotBuilt("the knowledge graph holds no provisions yet")

    def human(s):
        for group in ("nodes", "relationships", "sections_by_act"):
            print(group + ":")
            for k, v in sorted(s[group].items()):
                print(f"  {k:20s} {v}")

    _print(st, args.json, human)
    return 0


def cmd_verify(args) -> int:
    from core.graphdb import open_store
    from core.verify import Verifier

    text = _read_text_arg(args.text)
    with open_store() as store:
        result = Verifier(store.read_only()).verify(text, offence_date=args.offence_date)

    def human(r):
        print(f"verdict: {r['verdict']}")
        for c in r["citations"]:
            print(f"  [{c['status']:<11}] {c['text']}" + (f" -> {c['title']}" if c.get("title") else ""))
            if c.get("note"):
                print(f"                {c['note']}")

    _print(result.to_dict(), args.json, human)
    return 0


def _batch_items(path: str):
    """(line number, item) for each non-blank line of a batch file: a plain question, or a JSON object
    with "question" and optional "id", "lang", "offence_date". A line that cannot be read yields an
    item with "error" so the output keeps one line per input line."""
    raw = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    for n, line in enumerate(raw.decode("utf-8", errors="replace").splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        if not line.startswith("{"):
            yield n, {"question": line}
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            yield n, {"error": f"line {n}: not valid JSON ({exc})"}
            continue
        item = {"question": str(obj.get("question") or "")}
        if obj.get("id") is not None:
            item["id"] = obj["id"]
        if obj.get("lang") is not None:
            if obj["lang"] not in ("auto", "en", "hi"):
                item["error"] = f"line {n}: lang must be auto, en or hi"
            item["lang"] = obj["lang"]
        if obj.get("offence_date"):
            try:
                item["offence_date"] = date.fromisoformat(str(obj["offence_date"]))
            except ValueError:
                item["error"] = f"line {n}: offence_date is not YYYY-MM-DD"
        yield n, item


def cmd_ask_batch(args) -> int:
    """One question a line in, one answer a line out, in order, with one service (one model load)."""
    from app.service import get_service

    svc = get_service()
    try:
        items = list(_batch_items(args.batch))
    except OSError as exc:
        print(f"error: cannot read {args.batch}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    failed = 0
    for n, item in items:
        if item.get("error"):
            failed += 1
            out = {"status": "error", "error": item["error"], "line": n, "problems": []}
        else:
            result = svc.ask(
                item["question"],
                lang=item.get("lang") or args.lang,
                offence_date=item.get("offence_date") or args.offence_date,
            )
            out = result.to_json()
        if "id" in item:
            out = {"id": item["id"], **out}
        if args.json:
            print(json.dumps(out, ensure_ascii=False), flush=True)
        else:
            print(f"[{out.get('id', n)}] [{out['status']}] {out.get('answer') or out.get('error', '')}", flush=True)
    return 1 if failed else 0


def cmd_problems(args) -> int:
    from core.graphdb import open_store
    from core.problems import read_problems

    with open_store() as store:
        graph = store.read_only()
        infos = read_problems(graph)
        gov: dict[str, list[str]] = {}
        for pid, nid in graph.ro_query(
            "MATCH (p:Problem)-[r:GOVERNED_BY]->(n:Provision) RETURN p.id, n.id ORDER BY p.id, r.rank"
        ):
            gov.setdefault(pid, []).append(nid)
    rows = [
        {
            "id": p.id,
            "title": p.title(args.lang),
            "title_en": p.title_en,
            "title_hi": p.title_hi,
            "group": p.group,
            "governed_by": gov.get(p.id, []),
            "flow": p.flow,
            "where": p.where,
            "helplines": p.helplines,
            "not_held": p.not_held,
            "phrasings": sum(len(v) for v in p.phrasings.values()),
        }
        for p in infos
    ]

    def human(rs):
        for r in rs:
            law = ", ".join(r["governed_by"][:4]) + (" ..." if len(r["governed_by"]) > 4 else "")
            flag = f" [not held: {r['not_held']['law_en']}]" if r["not_held"] else ""
            print(f"{r['id']:36} {r['title']}  ({law}){flag}")
        print(f"{len(rs)} problems")

    _print(rows, args.json, human)
    return 0


def cmd_ask(args) -> int:
    from app.service import get_service

    if getattr(args, "batch", None):
        return cmd_ask_batch(args)
    svc = get_service()
    question = _read_text_arg(args.question) if args.question else ""
    if args.audio:
        heard = svc.transcribe(Path(args.audio).read_bytes(), language=args.lang)
        if heard.error:
            _print(heard.to_json(), args.json, lambda h: print(h["error"], file=sys.stderr))
            return 1
        question = heard.text
        if not args.json:
            print(f"heard: {question}")
    lang = args.lang
    if args.audio and lang == "auto" and heard.language in ("en", "hi"):
        lang = heard.language  # answer in the language the question was spoken in
    result = svc.ask(question, lang=lang, offence_date=args.offence_date)
    if args.audio:
        from core.speech.clarify import clarify_spoken

        # a spoken question that is not recognisable as a legal question is asked again, not refused
        result = clarify_spoken(result, heard, lang) or result
        result.transcript = heard
    if args.speak:
        wav = svc.speak(result)
        if wav:
            Path(args.speak).write_bytes(wav)

    def human(r):
        print(f"[{r.status}] {r.answer}")
        if r.deadlines:
            from datetime import date

            from core.language.templates import label

            lg = "hi" if r.language == "hi" else "en"
            print(label("heading.deadlines", lg) + ":")
            for d in r.deadlines:
                gone = f" ({label('deadline.passed', lg)})" if d.due < date.today().isoformat() else ""
                print(f"  {d.due}{gone}: {d.what} ({d.basis})")
        if r.documents:
            from core.language.templates import label

            lg = "hi" if r.language == "hi" else "en"
            print(f"{label('draft.offered', lg)}: " + ", ".join(f"nyayapath draft {k}" for k in r.documents))
        shown = set()  # one line per citation and status: the answer may cite a section thrice
        for c in r.citations:
            line = f"  - {c.text}: {c.status}" + (f" ({c.note})" if c.note else "")
            if line not in shown:
                shown.add(line)
                print(line)
        print(r.disclaimer)

    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        human(result)
    return 0


def cmd_transcribe(args) -> int:
    """What the app hears in a recording: the same path as the web app (upload caps, decoding,
    Bhashini when configured, else Whisper), with corrections, warnings and timings."""
    from app.service import get_service

    path = Path(args.file)
    if not path.is_file():
        print(f"error: no such file: {args.file}", file=sys.stderr)
        return EXIT_USAGE
    heard = get_service().transcribe(path.read_bytes(), language=args.lang).to_json()
    if heard.get("error"):
        _print(
            heard,
            args.json,
            lambda h: print(h["error"] + (f" ({h['detail']})" if h.get("detail") else ""), file=sys.stderr),
        )
        return 1

    def human(h):
        print(h["text"])
        print(
            f"language: {h.get('language')}  served by: {h.get('served_by')}"
            + (f"  decoding: {h['decoding']}" if h.get("decoding") else "")
        )
        if h.get("heard"):
            print(h["heard"])
        for heard_as, fixed in h.get("corrections") or []:
            print(f"corrected: {heard_as!r} -> {fixed!r}")
        for w in h.get("warnings") or []:
            print(f"warning: {w}")
        t = h.get("timings_ms") or {}
        if t:
            print("timings (ms): " + ", ".join(f"{k} {v:.0f}" for k, v in t.items()))

    _print(heard, args.json, human)
    return 0


def cmd_serve(args) -> int:
    from app.ui import launch

    launch(host=args.host, port=args.port)
    return 0


def cmd_audit(args) -> int:
    from core.audit import AuditLog
    from core.config import load_settings

    log = AuditLog(load_settings().audit_db)
    if args.audit_cmd == "head":
        print(log.head())
        return 0
    res = log.verify()
    if args.json:
        print(json.dumps({"ok": res.ok, "events": res.n_events, "problems": res.problems}, indent=2))
    else:
        print(("chain intact" if res.ok else "CHAIN BROKEN") + f": {res.n_events} events")
        for p in res.problems:
            print("  " + p)
    return 0 if res.ok else 1


def cmd_eval(args) -> int:
    from evaluation.run import main as eval_main

    return eval_main(set_name=args.set, as_json=args.json, quick=args.quick)


def cmd_bench(args) -> int:
    from evaluation.bench import main as bench_main

    return bench_main(as_json=args.json, quick=args.quick, parts=getattr(args, "parts", None))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="nyayapath", description="Legal aid answers that cite only provable law.")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("ingest", help="build the knowledge graph from the corpus and the pack")
    s.add_argument("--corpus", help="corpus directory (default $NYAYAPATH_CORPUS or ../shared/corpus)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(func=cmd_ingest)

    g = sub.add_parser("graph", help="inspect the graph")
    gsub = g.add_subparsers(dest="graph_cmd", required=True)
    gs = gsub.add_parser("stats")
    gs.add_argument("--json", action="store_true")
    gs.set_defaults(func=cmd_graph_stats)

    v = sub.add_parser("verify", help="check every citation in a text against the graph")
    v.add_argument("text", help='the text, or "-" to read stdin')
    v.add_argument("--json", action="store_true")
    v.add_argument("--offence-date", type=_date)
    v.set_defaults(func=cmd_verify)

    a = sub.add_parser("ask", help="ask a legal question")
    a.add_argument("question", nargs="?", default="")
    a.add_argument("--json", action="store_true")
    a.add_argument("--lang", choices=["auto", "en", "hi"], default="auto")
    a.add_argument("--offence-date", type=_date)
    a.add_argument("--audio", help="a recorded question (wav/webm/ogg/mp3)")
    a.add_argument("--speak", help="write the spoken answer to this WAV file")
    a.add_argument(
        "--batch",
        metavar="FILE",
        help='answer every line of FILE ("-": stdin): a question, or JSON with "question" and '
        'optional "id", "lang", "offence_date"; one answer a line, in order',
    )
    a.set_defaults(func=cmd_ask)

    tr = sub.add_parser("transcribe", help="what the app hears in a recording (text, language, corrections)")
    tr.add_argument("file", help="a recording (wav/webm/ogg/mp3/flac)")
    tr.add_argument("--lang", choices=["auto", "en", "hi"], default="auto")
    tr.add_argument("--json", action="store_true")
    tr.set_defaults(func=cmd_transcribe)

    pr = sub.add_parser("problems", help="list the everyday problems the graph recognises")
    pr.add_argument("--json", action="store_true")
    pr.add_argument("--lang", choices=["en", "hi"], default="en")
    pr.set_defaults(func=cmd_problems)

    sv = sub.add_parser("serve", help="start the web app")
    sv.add_argument("--host", default="0.0.0.0")
    sv.add_argument("--port", type=int, default=7860)
    sv.set_defaults(func=cmd_serve)

    au = sub.add_parser("audit", help="the tamper-evident audit trail")
    au.add_argument("audit_cmd", choices=["verify", "head"])
    au.add_argument("--json", action="store_true")
    au.set_defaults(func=cmd_audit)

    e = sub.add_parser("eval", help="run the evaluation suite")
    e.add_argument("--set", default="all")
    e.add_argument("--json", action="store_true")
    e.add_argument("--quick", action="store_true")
    e.set_defaults(func=cmd_eval)

    b = sub.add_parser("bench", help="print latency, throughput and memory figures")
    b.add_argument("--json", action="store_true")
    b.add_argument("--quick", action="store_true")
    b.add_argument("--parts", default=None, help="comma-separated: graph,verifier,text,voice,ingest (default all)")
    b.set_defaults(func=cmd_bench)

    from app.cli_tools import register as register_tools

    register_tools(sub)
    from app.cli_draft import register as register_draft

    register_draft(sub)  # draft: notices, complaints and applications (core/drafts)
    from graph_schema.intake.cli import register as register_intake

    register_intake(sub)  # add-judgment
    return p


def _graph_location() -> str:
    from core.config import load_settings

    s = load_settings()
    return f"graph {s.graph_name!r} on the server in FALKORDB_URL" if s.falkordb_url else f"in {s.db_dir}"


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from core.graphdb import GraphNotBuilt, GraphUnavailable

    try:
        return args.func(args)
    except GraphUnavailable as exc:
        print(f"error: {exc}. Run `nyayapath ingest` first, or check FALKORDB_URL.", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except GraphNotBuilt as exc:
        print(
            f"error: {exc} ({_graph_location()}). Build it with `nyayapath ingest` "
            "(reads the corpus in $NYAYAPATH_CORPUS; --corpus DIR for another).",
            file=sys.stderr,
        )
        return EXIT_UNAVAILABLE
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE


def run() -> None:
    """The console entry point. Only a real process restores the default SIGPIPE action, so
    `nyayapath verify ... | head` ends quietly; main() called inside another process (the tests,
    the service) must not, or a later write to any closed socket kills that whole process."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())


if __name__ == "__main__":
    run()
