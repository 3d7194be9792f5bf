"""`nyayapath draft`: the documents a person must send, filled from their facts and verified law.

    nyayapath draft --list [--json]
    nyayapath draft KIND --facts FACTS.json [--lang en|hi] --out FILE.docx|FILE.pdf|FILE.txt [--json]

Bad input (an unknown kind, an unreadable or malformed facts file, a date in the future, a negative
amount, an unknown format) is one clear line on stderr and exit 2; missing required facts are listed
(with the prompt for each), no file is written, exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

EXIT_USAGE = 2


def _err(msg: str) -> int:
    print(f"error: {msg}", file=sys.stderr)
    return EXIT_USAGE


def cmd_draft(args) -> int:
    from core.drafts import DraftError, kinds, make

    lang = "hi" if args.lang == "hi" else "en"
    if args.list:
        rows = [k.to_dict() for k in kinds()]
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=2))
        else:
            for k in kinds():
                print(f"{k.id}: {k.title(lang)}")
                for f in k.facts:
                    req = "required" if f.required else "optional"
                    extra = f" [{'|'.join(f.choices)}]" if f.choices else ""
                    print(f"    {f.name} ({f.type}, {req}){extra}: {f.prompt(lang)}")
        return 0
    if not args.kind:
        return _err("name a document kind (nyayapath draft --list shows them)")
    if not args.facts:
        return _err("--facts FACTS.json is required")
    if not args.out and not args.json:
        return _err("--out FILE.docx|FILE.pdf|FILE.txt is required (or --json)")
    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in (".txt", ".docx", ".pdf"):
        return _err(f"unknown output format {out.suffix or out.name!r}: use .docx, .pdf or .txt")
    try:
        raw = json.loads(Path(args.facts).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return _err(f"facts file not found: {args.facts}")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return _err(f"facts file {args.facts} is not readable JSON: {exc}")
    from app.service import get_service

    try:
        drafted = make(args.kind, raw, lang, get_service().pipeline().graph)
    except DraftError as exc:
        return _err(str(exc))
    if drafted.missing:
        if args.json:
            print(json.dumps({"kind": args.kind, "missing": drafted.missing}, ensure_ascii=False, indent=2))
        else:
            print(f"missing {len(drafted.missing)} fact(s); no file written:", file=sys.stderr)
            for m in drafted.missing:
                print(f"  {m['name']} ({m['type']}): {m['prompt']}", file=sys.stderr)
        return EXIT_USAGE
    if drafted.errors:
        return _err("a citation did not verify, so no document was made: " + "; ".join(drafted.errors))
    doc = drafted.document
    if out is not None:
        from core.drafts.render import write

        write(doc, out)
    if args.json:
        print(json.dumps({**doc.to_json(), "out": str(out) if out else None}, ensure_ascii=False, indent=2))
    else:
        print(f"{doc.title}: written to {out}")
        for d in doc.deadlines:
            print(f"  {d['due']}: {d['what']} ({d['basis']})")
        for c in doc.citations:
            print(f"  - {c['cite']}: {c['status']}")
        if doc.placeholders:
            print(f"  {doc.placeholders} blank(s) to fill by hand, marked [ ........ ]")
    return 0


def register(sub) -> None:
    d = sub.add_parser("draft", help="draft a notice, complaint or application from your facts")
    d.add_argument("kind", nargs="?", help="the document kind (see --list)")
    d.add_argument("--list", action="store_true", help="the kinds and the facts each needs")
    d.add_argument("--facts", help="a JSON file of name: value")
    d.add_argument("--lang", choices=["en", "hi"], default="en")
    d.add_argument("--out", help="FILE.docx, FILE.pdf or FILE.txt")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_draft)
