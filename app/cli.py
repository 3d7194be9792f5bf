"""`nyayapath` command line: ingest, graph stats, verify, ask, serve, audit, eval, bench."""
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
    ctx = IngestContext(corpus_dir=settings.corpus_dir, cache_dir=settings.cache_dir,
                        show_progress=not args.quiet)
    with open_store(settings) as store:
        report = ingest.run(store, ctx)
        report["stats"] = ingest.stats(store.read_only())
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        st = report["stats"]
        print(f"graph built in {report['metrics'].get('wall_s')} s, "
              f"peak RSS {report['metrics'].get('peak_rss_mb')} MB")
        print("sections by act: " + ", ".join(f"{k} {v}" for k, v in sorted(st["sections_by_act"].items())))
        print(f"nodes {sum(st['nodes'].values())}, relationships {sum(st['relationships'].values())}")
        print(f"data defects reported: {len(report['defects'])} "
              f"({', '.join(f'{k}: {v}' for k, v in report['defects_by_source'].items())})")
    return 0


def cmd_graph_stats(args) -> int:
    from core.graphdb import open_store
    from graph_schema import ingest

    with open_store() as store:
        st = ingest.stats(store.read_only())

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


def cmd_ask(args) -> int:
    from app.service import get_service

    svc = get_service()
    question = _read_text_arg(args.question) if args.question else ""
    if args.audio:
        heard = svc.transcribe(Path(args.audio).read_bytes(), language=args.lang)
        if heard.get("error"):
            _print(heard, args.json, lambda h: print(h["error"], file=sys.stderr))
            return 1
        question = heard["text"]
        if not args.json:
            print(f"heard: {question}")
    result = svc.ask(question, lang=args.lang, offence_date=args.offence_date)
    if args.speak:
        wav = svc.speak(result)
        if wav:
            Path(args.speak).write_bytes(wav)

    def human(r):
        print(f"[{r['status']}] {r['answer']}")
        for c in r["citations"]:
            print(f"  - {c['text']}: {c['status']}" + (f" ({c['note']})" if c.get("note") else ""))
        print(r["disclaimer"])

    _print(result, args.json, human)
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
    from evaluation.runner import main as eval_main

    return eval_main(set_name=args.set, as_json=args.json, quick=args.quick)


def cmd_bench(args) -> int:
    from evaluation.bench import main as bench_main

    return bench_main(as_json=args.json, quick=args.quick)


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
    a.set_defaults(func=cmd_ask)

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
    b.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    import signal

    if hasattr(signal, "SIGPIPE"):  # `nyayapath verify ... | head` ends quietly
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args = build_parser().parse_args(argv)
    from core.graphdb import GraphUnavailable

    try:
        return args.func(args)
    except GraphUnavailable as exc:
        print(f"error: {exc}. Run `nyayapath ingest` first, or check FALKORDB_URL.", file=sys.stderr)
        return EXIT_UNAVAILABLE
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
