"""Reports for `nyayapath eval`: the Markdown summary, the PNG plots and the JSON file, written
under reports/ (evaluation.run runs the sets, evaluation.score makes the numbers)."""

from __future__ import annotations

import json
from pathlib import Path

from evaluation.score import RETRIEVAL_KEYS


def _fmt(x, pct=True) -> str:
    if x is None:
        return "n/a"
    if isinstance(x, dict) and "mean" in x:
        if x["mean"] is None:
            return "n/a"
        return f"{_fmt(x['mean'], pct)} [{_fmt(x['lo'], pct)}, {_fmt(x['hi'], pct)}]"
    if isinstance(x, float):
        return f"{x * 100:.1f}%" if pct else f"{x:.3f}"
    return str(x)


def plots(report: dict, stem: Path) -> list[str]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
    except Exception:
        return []
    files = []
    q = report["sets"].get("questions")
    if q and "systems" in q:
        names = list(q["systems"])
        keys = ["p@1", "hit@5", "r@5", "mrr", "ndcg@5"]
        fig, ax = plt.subplots(figsize=(8, 4))
        w = 0.8 / len(names)
        for i, n in enumerate(names):
            vals = [q["systems"][n][k]["mean"] or 0 for k in keys]
            lo = [v - (q["systems"][n][k]["lo"] or 0) for v, k in zip(vals, keys)]
            hi = [(q["systems"][n][k]["hi"] or 0) - v for v, k in zip(vals, keys)]
            ax.bar(np.arange(len(keys)) + i * w, vals, w, yerr=[lo, hi], label=n, capsize=3)
        ax.set_xticks(np.arange(len(keys)) + w * (len(names) - 1) / 2, keys)
        ax.set_ylim(0, 1)
        ax.set_title("Retrieval (95% bootstrap CI)")
        ax.legend()
        fig.tight_layout()
        f = stem.with_name(stem.name + "-retrieval.png")
        fig.savefig(f, dpi=100)
        plt.close(fig)
        files.append(f.name)
    c = report["sets"].get("citations")
    if c and c.get("confusion"):
        gold = sorted(c["confusion"])
        pred = sorted({p for row in c["confusion"].values() for p in row})
        mat = np.array([[c["confusion"][g].get(p, 0) for p in pred] for g in gold])
        fig, ax = plt.subplots(figsize=(9, 6))
        ax.imshow(mat, cmap="Blues")
        ax.set_xticks(range(len(pred)), pred, rotation=60, ha="right")
        ax.set_yticks(range(len(gold)), gold)
        for i in range(len(gold)):
            for j in range(len(pred)):
                if mat[i, j]:
                    ax.text(j, i, int(mat[i, j]), ha="center", va="center", fontsize=8)
        ax.set_xlabel("verifier")
        ax.set_ylabel("gold")
        ax.set_title("Verifier status confusion")
        fig.tight_layout()
        f = stem.with_name(stem.name + "-verifier-confusion.png")
        fig.savefig(f, dpi=100)
        plt.close(fig)
        files.append(f.name)
    return files


def everyday_markdown(ev: dict | None) -> list[str]:
    """Right law / wrong law per language and system, beside the baselines."""
    if not ev or "systems" not in ev:
        return []
    names = list(ev["systems"])
    L = [
        "## Everyday problems (everyday.jsonl)",
        "",
        f"synthesizer: {ev['synthesizer']}, questions {ev['n']}",
        "",
        "| metric | lang | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(names),
    ]
    for metric in (
        "right_law",
        "wrong_law",
        "fabricated_answers",
        "problem_top1",
        "not_held_routed",
        "out_of_scope_abstain",
    ):
        for lang in ("all", "en", "hi", "hinglish"):
            cells = []
            for n in names:
                b = (ev["systems"][n].get(lang) or {}).get(metric) or {}
                cells.append("-" if b.get("rate") is None else f"{b['rate'] * 100:.1f}% ({b['hits']}/{b['n']})")
            L.append(f"| {metric} | {lang} | " + " | ".join(cells) + " |")
    return L + [""]


def markdown(report: dict, images: list[str]) -> str:
    L = [
        f"# NyayaPath evaluation {report['timestamp']}",
        "",
        f"datasets {report['dataset_version']}, quick={report['quick']}, graph: {report['graph']}",
        "",
    ]
    c = report["sets"].get("citations")
    if c:
        L += [
            "## Verifier (citations.jsonl)",
            "",
            f"rows {c['n_rows']}, citations {c['n_citations']}, {c['seconds']} s",
            "",
            f"- status accuracy: {_fmt(c['status_accuracy_ci'])}",
            f"- verdict accuracy: {_fmt(c['verdict_accuracy'])}",
            f"- English / Hindi status accuracy: {_fmt(c['by_lang']['en']['status_accuracy'])} / "
            f"{_fmt(c['by_lang']['hi']['status_accuracy'])}",
            "",
            "| gold status | n | recall | precision |",
            "|---|---|---|---|",
        ]
        for k, v in c["per_status"].items():
            L.append(f"| {k} | {v['n']} | {_fmt(v['recall'])} | {_fmt(v['precision'])} |")
        L.append("")
    L += everyday_markdown(report["sets"].get("everyday"))
    q = report["sets"].get("questions")
    if q and "systems" in q:
        L += [
            "## Questions (questions.jsonl)",
            "",
            f"synthesizer: {q['synthesizer']}, questions {q['n']}",
            "",
            "| metric | " + " | ".join(q["systems"]) + " |",
            "|---|" + "---|" * len(q["systems"]),
        ]
        rows = [(k, lambda s, k=k: _fmt(s[k])) for k in RETRIEVAL_KEYS]
        rows += [
            ("outcome accuracy", lambda s: _fmt(s["outcome_accuracy"])),
            ("abstention precision", lambda s: _fmt(s["abstention"]["precision"])),
            ("abstention recall", lambda s: _fmt(s["abstention"]["recall"])),
            ("out-of-scope abstention", lambda s: _fmt(s["oos_abstention_recall"])),
            ("false abstention", lambda s: _fmt(s["false_abstention_rate"])),
            ("conflict detection", lambda s: _fmt(s["conflict"]["detection_rate"])),
            ("false conflict", lambda s: _fmt(s["conflict"]["false_conflict_rate"])),
            ("grounding accuracy", lambda s: _fmt(s["grounding_accuracy"])),
            ("hallucinated precedent rate", lambda s: _fmt(s["hallucinated_precedent"]["rate"])),
            ("answers with an unprovable citation", lambda s: _fmt(s["answers_with_bad_citation_rate"])),
            ("answer cites a gold authority", lambda s: _fmt(s["answer_cites_gold"])),
            ("freshness (post-2024 -> new code)", lambda s: _fmt(s["statute_freshness"]["new"]["rate"])),
            ("pre-2024 -> old code", lambda s: _fmt(s["statute_freshness"]["old"]["rate"])),
            ("procedure flow found", lambda s: _fmt(s["procedure"]["flow_found"])),
            ("procedure steps in order", lambda s: _fmt(s["procedure"]["steps_in_order"])),
            ("latency p50 / p95 ms", lambda s: f"{s['latency_ms']['p50']} / {s['latency_ms']['p95']}"),
            ("path validity", lambda s: _fmt((s.get("path_validity") or {}).get("rate"))),
        ]
        for label, fn in rows:
            L.append(f"| {label} | " + " | ".join(fn(s) for s in q["systems"].values()) + " |")
        L += ["", "Paired tests (full minus baseline):", ""]
        for k, v in q["significance"].items():
            h = v["hit@5_paired_bootstrap"]
            b = v["bad_citation_paired_bootstrap"]
            L.append(
                f"- {k}: hit@5 diff {_fmt(h['diff'])} [{_fmt(h['lo'])}, {_fmt(h['hi'])}] p={h['p']:.4f}; "
                f"McNemar hit@5 p={v['hit@5_mcnemar']['p']:.4g}; answers-with-bad-citation diff "
                f"{_fmt(b['diff'])} p={b['p']:.4f}"
            )
        for k, v in q.get("notes", {}).items():
            L.append(f"- note {k}: {v}")
        L.append("")
    s = report["sets"].get("spoken")
    if s:
        L += ["## Spoken (spoken.jsonl, synthesized at run time)", ""]
        if "skipped" in s:
            L.append(f"skipped: {s['skipped']}")
        else:
            for lang in ("en", "hi"):
                L.append(
                    f"- {lang}: n={s[lang]['n']} WER {_fmt(s[lang]['wer'])}, CER {_fmt(s[lang]['cer'])}, "
                    f"section-number accuracy {_fmt(s[lang]['number_accuracy'])}"
                )
            L.append(
                "- WER by perturbation: " + ", ".join(f"{k}: {_fmt(v)}" for k, v in s["wer_by_perturbation"].items())
            )
        L.append("")
    if report["sets"].get("speech_real"):
        from evaluation.speech_real import markdown as speech_real_md

        L += speech_real_md(report["sets"]["speech_real"])
    if report["sets"].get("speech_synth"):
        from evaluation.speech_synth import markdown as speech_synth_md

        L += speech_synth_md(report["sets"]["speech_synth"])
    n = report["sets"].get("ner")
    if n:
        L += ["## Extractor vs InLegalNER gold", ""]
        if "skipped" in n:
            L.append(f"skipped: {n['skipped']}")
        else:
            for g in ("provision", "precedent"):
                L.append(
                    f"- {g}: precision {_fmt(n[g]['precision'])}, recall {_fmt(n[g]['recall'])} "
                    f"(gold {n[g]['gold']}, predicted {n[g]['pred']})"
                )
            r = n.get("roles") or {}
            L.append(f"- rhetorical roles -> IRAC coverage: {_fmt(r.get('coverage'))} {r.get('skipped', '')}")
        L.append("")
    for p in images:
        L.append(f"![{p}]({p})")
    return "\n".join(L) + "\n"


def headline(report: dict) -> dict:
    h = {}
    c = report["sets"].get("citations")
    if c:
        h["verifier_status_accuracy"] = c["status_accuracy"]
        h["verifier_verdict_accuracy"] = c["verdict_accuracy"]
    q = report["sets"].get("questions")
    if q and "systems" in q:
        for name, s in q["systems"].items():
            h[f"{name}.hit@5"] = s["hit@5"]["mean"]
            h[f"{name}.mrr"] = s["mrr"]["mean"]
            h[f"{name}.hallucinated_precedent_rate"] = s["hallucinated_precedent"]["rate"]
            h[f"{name}.answers_with_bad_citation"] = s["answers_with_bad_citation_rate"]
        h["full.oos_abstention_recall"] = q["systems"]["full"]["oos_abstention_recall"]
        h["full.conflict_detection"] = q["systems"]["full"]["conflict"]["detection_rate"]
    ev = report["sets"].get("everyday")
    if ev and "systems" in ev:
        for name, per in ev["systems"].items():
            for lang in ("all", "en", "hi", "hinglish"):
                b = per.get(lang) or {}
                h[f"everyday.{name}.{lang}.right_law"] = (b.get("right_law") or {}).get("rate")
                h[f"everyday.{name}.{lang}.wrong_law"] = (b.get("wrong_law") or {}).get("rate")
        full = ev["systems"].get("full", {}).get("all", {})
        h["everyday.full.problem_top1"] = (full.get("problem_top1") or {}).get("rate")
        h["everyday.full.out_of_scope_abstain"] = (full.get("out_of_scope_abstain") or {}).get("rate")
    s = report["sets"].get("spoken")
    if s and "en" in s:
        h["stt_wer_en"] = s["en"]["wer"]["mean"]
        h["stt_wer_hi"] = s["hi"]["wer"]["mean"]
    if report["sets"].get("speech_real"):
        from evaluation.speech_real import headline as speech_real_headline

        h.update(speech_real_headline(report["sets"]["speech_real"]))
    if report["sets"].get("speech_synth"):
        from evaluation.speech_synth import headline as speech_synth_headline

        h.update(speech_synth_headline(report["sets"]["speech_synth"]))
    n = report["sets"].get("ner")
    if n and "provision" in n:
        h["ner_provision_f"] = (n["provision"]["precision"], n["provision"]["recall"])
    return h


def write(report: dict, out_dir: Path) -> Path:
    """reports/eval-<timestamp>.json and .md (with the plots beside them); returns the stem."""
    out_dir.mkdir(exist_ok=True)
    stem = out_dir / f"eval-{report['timestamp']}"
    files = plots(report, stem)
    stem.with_suffix(".json").write_text(
        json.dumps(report, ensure_ascii=False, indent=1, default=str), encoding="utf-8"
    )
    stem.with_suffix(".md").write_text(markdown(report, files), encoding="utf-8")
    return stem
