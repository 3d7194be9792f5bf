"""CLI subcommands that need no graph: `deadlines` and `legal-aid`."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date

EXIT_USAGE = 2


def cmd_deadlines(args) -> int:
    from core import deadlines

    if args.list:
        rows = [
            {"event": e.id, "name": e.name_hi if args.lang == "hi" else e.name_en} for e in deadlines.EVENTS.values()
        ]
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
        else:
            for r in rows:
                print(f"{r['event']:28} {r['name']}")
        return 0
    if not args.event or not args.date:
        print("error: give --event EVENT and --date YYYY-MM-DD (or --list)", file=sys.stderr)
        return EXIT_USAGE
    try:
        on = date.fromisoformat(args.date)
        received = date.fromisoformat(args.notice_received) if args.notice_received else None
    except ValueError:
        print("error: dates are YYYY-MM-DD", file=sys.stderr)
        return EXIT_USAGE
    extra = {"received": received} if received and args.event == "cheque_dishonoured" else {}
    try:
        rows = deadlines.compute(args.event, on, args.lang, **extra)
    except deadlines.UnknownEvent:
        print(f"error: unknown event {args.event!r}; `nyayapath deadlines --list` names them", file=sys.stderr)
        return EXIT_USAGE
    out = [{"what": d.what, "due": d.due, "basis": d.basis, "note": d.note} for d in rows]
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        for d in out:
            print(f"{d['due']}  {d['what']}  [{d['basis']}]")
            if d["note"]:
                print(f"            {d['note']}")
    return 0


def cmd_legal_aid(args) -> int:
    from core.legal_aid import check

    try:
        got = check(
            woman=args.woman,
            child=args.child,
            sc_st=args.sc_st,
            disability=args.disability,
            custody=args.custody,
            industrial_workman=args.industrial_workman,
            disaster_victim=args.disaster_victim,
            trafficking=args.trafficking,
            income=args.income,
            supreme_court=args.supreme_court,
            lang=args.lang,
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    out = {"eligible": got.eligible, "basis": got.basis, "apply_to": got.apply_to, "note": got.note}
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        from core.language.templates import label

        key = {True: "aid.eligible", False: "aid.not_eligible", "depends": "aid.depends"}[got.eligible]
        print(label(key, "hi" if args.lang == "hi" else "en"))
        print(got.note)
        for p in got.apply_to:
            print(f"  - {p['where']} ({p['basis']})")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("deadlines", help="dates that matter after an event (cheque bounce, arrest, accident ...)")
    d.add_argument("--event")
    d.add_argument("--date", help="YYYY-MM-DD")
    d.add_argument("--notice-received", help="cheque_dishonoured: the day the drawer received the notice")
    d.add_argument("--list", action="store_true", help="name the events")
    d.add_argument("--lang", choices=["en", "hi"], default="en")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_deadlines)

    la = sub.add_parser("legal-aid", help="am I entitled to free legal aid? (LSA ss.12-13)")
    for flag in (
        "woman",
        "child",
        "sc-st",
        "disability",
        "custody",
        "industrial-workman",
        "disaster-victim",
        "trafficking",
        "supreme-court",
    ):
        la.add_argument(f"--{flag}", action="store_true")
    la.add_argument("--income", type=int, help="yearly income in rupees")
    la.add_argument("--lang", choices=["en", "hi"], default="en")
    la.add_argument("--json", action="store_true")
    la.set_defaults(func=cmd_legal_aid)
