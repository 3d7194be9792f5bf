"""The local model's words against the law it was given (issue 24): a labelled set and its score.

    python -m evaluation.model_words generate [--limit N]   # real runs of the local model -> cases
    python -m evaluation.model_words score [--json]         # the check against the hand labels

``generate`` asks the verified floor (extractive, no model) each English question of the everyday
set and the yes/no set (``datasets/yes_no.jsonl``), takes the floor's facts exactly as the pipeline
gives them to the model (``core.synthesis.facts.summary_facts``), lets the local GGUF model write
the short answer once (no revision), and writes one case a line to ``datasets/model_words.jsonl``:
question, facts and the model's output (the checks are re-run by ``score``).

Each case then carries a hand label (``label``) of what the output does with the rule the material
states: ``correct`` (says what the material says), ``inverted`` (says the opposite, or answers
yes/no against it), ``weakened`` (drops a condition, a limit or a duty), ``added`` (claims what the
material does not hold); ``shown_label`` where the output without its yes/no opener (what the check
would show) says the law differently from the raw output. Labels were written by reading the output
beside the facts. The check was written before any output was seen (from the issue's examples); one
change was made after labelling, from a ``tune`` case (Act names carry no claim); ``untouched`` is
reported apart.

``score`` reports model text kept / rejected and, among the kept outputs, how many misstate the law
(label other than ``correct``), per split; beside it the floor-only figure (the floor's short answer
is the pack's or the provision's own sentence: 0 by construction, counted the same way).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from evaluation import DATASETS

CASES = DATASETS / "model_words.jsonl"
LABELS = ("correct", "inverted", "weakened", "added")


def _questions() -> list[dict]:
    out = []
    for line in (DATASETS / "yes_no.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            out.append({"id": r["id"], "question": r["question"], "source": "yes_no"})
    for line in (DATASETS / "everyday.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            if r.get("lang") == "en" and not r.get("out_of_scope") and not r.get("not_held"):
                out.append({"id": r["id"], "question": r["question"], "source": "everyday"})
    return out


def judge(output: str, facts: list[str]) -> dict:
    """What the pipeline's checks say of a model output (``AnswerPipeline._model_summary`` keeps it
    only when both are clean)."""
    from core.synthesis.facts import unsupported_facts
    from core.synthesis.meaning import check

    bad = unsupported_facts(output, "\n".join(facts))
    said = check(output, facts)
    return {
        "facts_ok": not bad,
        "facts_problems": bad,
        "meaning_kept": said.kept,
        "meaning_problems": said.reasons,
        "kept": not bad and said.kept,
        "shown": said.text if (not bad and said.kept) else "",
    }


def generate(limit: int | None = None, out: Path = CASES) -> int:
    from core.answer import AnswerPipeline
    from core.config import load_settings
    from core.graphdb import open_store
    from core.synthesis import make_synthesizer
    from core.synthesis.facts import summary_facts

    settings = load_settings()
    store = open_store(settings)
    pipe = AnswerPipeline(store.read_only(), None)
    synth = make_synthesizer("local", timeout_s=300)
    synth.load()
    synth.warmup()
    old = {}
    if out.exists():  # keep hand labels across regenerations of the same question
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                old[r["id"]] = r
    rows = []
    qs = _questions()[:limit] if limit else _questions()
    for n, q in enumerate(qs):
        a = pipe.ask(q["question"], lang="en")
        if a.status.value not in ("answer", "conflict") or not a.summary:
            continue
        facts = summary_facts(a, "en")
        d = synth.summarize(q["question"], facts, "en")
        text = " ".join((d.text or "").split())
        row = {
            **q,
            "split": "tune" if n % 3 == 0 else "untouched",
            "floor": a.summary,
            "facts": facts,
            "output": text,
            "label": old.get(q["id"], {}).get("label") if old.get(q["id"], {}).get("output") == text else None,
        }
        rows.append(row)
        print(f"[{n + 1}/{len(qs)}] {q['id']}: {text[:100]}", file=sys.stderr)
    store.close()
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return len(rows)


def score(rows: list[dict] | None = None) -> dict:
    """Kept / rejected and misstatements among kept outputs, per split (labelled cases only)."""
    if rows is None:
        rows = [json.loads(x) for x in CASES.read_text(encoding="utf-8").splitlines() if x.strip()]
    report: dict = {}
    for split in ("tune", "untouched", "all"):
        part = [r for r in rows if split == "all" or r.get("split") == split]
        labelled = [r for r in part if r.get("label") in LABELS]
        judged = [(r, judge(r["output"], r["facts"])) for r in labelled]
        kept = [(r, j) for r, j in judged if j["kept"]]
        # what is shown is the output without its yes/no opener: judged by shown_label where that differs
        wrong_kept = [r for r, _ in kept if r.get("shown_label", r["label"]) != "correct"]
        wrong = [r for r in labelled if r["label"] != "correct"]
        report[split] = {
            "cases": len(part),
            "labelled": len(labelled),
            "model_misstates": len(wrong),
            "by_label": {lab: sum(1 for r in labelled if r["label"] == lab) for lab in LABELS},
            "kept": len(kept),
            "rejected": len(judged) - len(kept),
            "kept_misstating": len(wrong_kept),
            "kept_misstating_ids": [r["id"] for r in wrong_kept],
            "correct_rejected": sum(1 for r, j in judged if r["label"] == "correct" and not j["kept"]),
            "misstating_rejected": sum(1 for r, j in judged if r["label"] != "correct" and not j["kept"]),
            "floor_misstating": 0,  # the floor shows the material's own sentence
        }
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evaluation.model_words")
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--limit", type=int)
    s = sub.add_parser("score")
    s.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        n = generate(args.limit)
        print(f"{n} cases written to {CASES}")
        return 0
    rep = score()
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        for split, r in rep.items():
            print(
                f"{split:9} cases {r['cases']:3}  labelled {r['labelled']:3}  model misstates {r['model_misstates']:3}"
                f"  kept {r['kept']:3}  rejected {r['rejected']:3}  kept & misstating {r['kept_misstating']}"
                f"  correct but rejected {r['correct_rejected']}  (floor: {r['floor_misstating']})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
