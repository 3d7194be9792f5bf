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
    for lang in ("all", "en", "hi", "hinglish"):
        cells = []
        for n in names:
            c = (ev["systems"][n].get(lang) or {}).get("citations") or {}
            cells.append("-" if c.get("mean") is None else f"{c['mean']:.2f} / {c['max']} ({c['over_6']} over 6)")
        L.append(f"| citations per answer mean / max | {lang} | " + " | ".join(cells) + " |")
    return L + [""]


def _r(b: dict | None) -> str:
    b = b or {}
    return "-" if b.get("rate") is None else f"{b['rate'] * 100:.1f}% ({b['hits']}/{b['n']})"


STATUTE_ROWS = (
    ("full hit (all gold among verified citations)", lambda b: _r(b["full_hit"])),
    ("first provision shown is gold", lambda b: _r(b["first_hit"])),
    ("any gold cited", lambda b: _r(b["any_hit"])),
    ("full hit@6 of the ranking", lambda b: _r(b["full_hit@6"])),
    ("abstained although held", lambda b: _r(b["abstain_held"])),
    ("not held: routed (abstain, 0 citations, Act named)", lambda b: _r(b["not_held"]["routed"])),
    ("not held: abstained", lambda b: _r(b["not_held"]["abstained"])),
    ("not held: 0 citations", lambda b: _r(b["not_held"]["zero_citations"])),
    ("not held: Act named", lambda b: _r(b["not_held"]["act_named"])),
    ("refused as not about Indian law", lambda b: str(b["refused_out_of_scope"])),
    (
        "citations per answer mean / max (>6)",
        lambda b: f"{b['citations']['mean']} / {b['citations']['max']} ({b['citations']['over_6']})",
    ),
    ("mixed: steps and full hit", lambda b: _r(b["mixed_with_steps"])),
    ("answers with a short answer (summary)", lambda b: _r(b.get("answered_with_summary"))),
    ("latency p50 / p95 ms", lambda b: f"{b['latency_ms']['p50']} / {b['latency_ms']['p95']}"),
)


def conflicts_markdown(cf: dict | None) -> list[str]:
    """Conflict states (conflicts.jsonl, issue 23): precision and recall per state, the done criteria,
    and false conflicts on the everyday and direct-law sets."""
    if not cf or "summary" not in cf:
        return []
    sm = cf["summary"]
    L = ["## Conflict states (conflicts.jsonl)", "", f"load average at start / end: {cf.get('load_avg')}", ""]
    L += [
        "| part | n | live P / R | settled P / R | none P / R | settled answered citing the settler | live with both sides |"
    ]
    L += ["|---|---|---|---|---|---|---|"]
    for part in [k for k in sm if k != "misses"]:
        b = sm[part]
        pr = [
            f"{_fmt(b['states'][s]['precision'])} / {_fmt(b['states'][s]['recall'])}"
            for s in ("live", "settled", "none")
        ]
        st, lv = b["settled_answered_citing_settler"], b["live_flagged_with_both_sides"]
        L.append(
            f"| {part} | {b['n']} | {' | '.join(pr)} | {st['ok']}/{st['n']} ({_fmt(st['rate'])}) | "
            f"{lv['ok']}/{lv['n']} ({_fmt(lv['rate'])}) |"
        )
    L += ["", "| false conflicts on | questions | answered | shown as conflict | rate |", "|---|---|---|---|---|"]
    for name, f in (cf.get("false_conflict") or {}).items():
        L.append(f"| {name} | {f['n']} | {f['answered']} | {f['false_conflicts']} | {_fmt(f['rate'])} |")
    if sm.get("misses"):
        L += [
            "",
            "misses: " + ", ".join(f"{m['id']} ({m['expected']}->{m['shown']}, {m['status']})" for m in sm["misses"]),
        ]
    return L + [""]


def statutes_markdown(st: dict | None) -> list[str]:
    """Direct questions about the law (statutes.jsonl): full system beside BM25 and vector, for all,
    tune and untouched, then per language and per Act (issue 19)."""
    if not st or "systems" not in st:
        return []
    names = list(st["systems"])
    load = st.get("load_avg") or {}
    L = [
        "## Direct law (statutes.jsonl)",
        "",
        f"synthesizer: {st['synthesizer']}, questions {st['n']} (untouched {st['n_untouched']}), "
        f"load average at start {load.get('start')}, at end {load.get('end')}",
        "",
    ]
    for split in ("all", "tune", "untouched"):
        L += [f"### {split}", "", "| metric | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
        for label, fn in STATUTE_ROWS:
            L.append(f"| {label} | " + " | ".join(fn(st["systems"][n][split]) for n in names) + " |")
        L.append("")
    for split in ("all", "untouched"):
        L += [
            f"#### {split}: per language (full hit / first / full hit@6 / abstained held)",
            "",
            "| lang | " + " | ".join(names) + " |",
            "|---|" + "---|" * len(names),
        ]
        for lang in ("en", "hi", "hinglish"):
            cells = []
            for n in names:
                b = st["systems"][n][split]["by_lang"][lang]
                cells.append(
                    f"{_r(b['full_hit'])} / {_r(b['first_hit'])} / {_r(b['full_hit@6'])} / {_r(b['abstain_held'])}"
                )
            L.append(f"| {lang} | " + " | ".join(cells) + " |")
        L += ["", f"#### {split}: per Act (full hit / full hit@6)", "", "| act | " + " | ".join(names) + " |"]
        L.append("|---|" + "---|" * len(names))
        for act in st["systems"][names[0]][split]["by_act"]:
            cells = []
            for n in names:
                b = st["systems"][n][split]["by_act"].get(act) or {}
                cells.append(f"{_r(b.get('full_hit'))} / {_r(b.get('full_hit@6'))}")
            L.append(f"| {act} | " + " | ".join(cells) + " |")
        L.append("")
    for k, v in (st.get("notes") or {}).items():
        L.append(f"- note {k}: {v}")
    return L + [""]


def statutes_headline(st: dict | None) -> dict:
    h: dict = {}
    if not st or "systems" not in st:
        return h
    for name, per in st["systems"].items():
        for split in ("all", "untouched"):
            b = per[split]
            h[f"statutes.{name}.{split}.full_hit"] = b["full_hit"]["rate"]
            h[f"statutes.{name}.{split}.full_hit@6"] = b["full_hit@6"]["rate"]
        h[f"statutes.{name}.all.abstain_held"] = per["all"]["abstain_held"]["rate"]
        h[f"statutes.{name}.all.not_held_routed"] = per["all"]["not_held"]["routed"]["rate"]
        h[f"statutes.{name}.all.refused_out_of_scope"] = per["all"]["refused_out_of_scope"]
        h[f"statutes.{name}.all.citations_mean"] = per["all"]["citations"]["mean"]
    h["statutes.load_avg"] = st.get("load_avg")
    return h


INTAKE_ROLE_MODELS = ("lex", "e5", "e5+lex")
LEGALEVAL_BASELINE_MICRO_F1 = 77.7


def _pr(x) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def intake_markdown(it: dict | None) -> list[str]:
    """The judgment intake (nyayapath eval --set intake): metadata per-field precision/recall, role
    micro/macro F1 per model beside the LegalEval 2023 baseline, resolution rates, time per judgment."""
    if not it:
        return []
    L = ["## Add a judgment (intake)", ""]
    if "skipped" in it:
        return L + [f"skipped: {it['skipped']}", ""]
    md = it.get("metadata") or {}
    L.append("### Metadata fields vs InLegalNER gold")
    L.append("")
    if "skipped" in md:
        L.append(f"skipped: {md['skipped']}")
    elif md:
        L += [
            f"documents {md['docs']} ({md['preamble_docs']} preambles), {md['seconds']} s",
            "",
            "| field | documents | precision | recall | predicted | gold |",
            "|---|---|---|---|---|---|",
        ]
        for f, v in md["fields"].items():
            L.append(
                f"| {f} | {v['docs']} | {_pr(v['precision'])} | {_pr(v['recall'])} | {v['predicted']} | {v['gold']} |"
            )
    L.append("")
    roles = it.get("roles") or {}
    if roles:
        L += [
            "### Rhetorical roles (held-back BUILD judgments, gold sentence segmentation)",
            "",
            f"LegalEval 2023 baseline: {LEGALEVAL_BASELINE_MICRO_F1} micro-F1 (on its own test set; the figures "
            "below are on the judgments the role models hold back, a different and smaller set)",
            "",
            "| model | micro-F1 | macro-F1 | vs baseline (micro) | test sentences | test / train judgments "
            "| train sentences | train s |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for name in [m for m in INTAKE_ROLE_MODELS if m in roles] + [m for m in roles if m not in INTAKE_ROLE_MODELS]:
            r = roles[name]
            if "skipped" in r:
                L.append(f"| {name} | skipped: {r['skipped']} | | | | | | |")
                continue
            base = r.get("baseline_micro_f1", LEGALEVAL_BASELINE_MICRO_F1)
            ts = r.get("train_sentences")
            if isinstance(ts, dict):
                ts = " + ".join(f"{k} {v}" for k, v in ts.items())
            L.append(
                f"| {name} | {r['micro_f1']} | {r['macro_f1']} | {r['micro_f1'] - base:+.1f} | {r['sentences']} "
                f"| {r.get('test_docs')} / {r.get('train_docs')} | {ts} | {'n/a' if r.get('train_s') is None else r['train_s']} |"
            )
        L.append("")
    res = it.get("resolution") or {}
    if res:
        L.append("### Citation resolution (BUILD judgments through the intake, against the graph)")
        L.append("")
        if "skipped" in res:
            L.append(f"skipped: {res['skipped']}")
        else:
            L += [
                f"- judgments {res['judgments']} ({res['refused']} refused), {res['seconds']} s",
                f"- cases cited found in the graph: {_fmt(res['case_resolution_rate'])} "
                f"({res['case_citations_resolved']}/{res['case_citations']})",
                f"- provisions held by the graph: {_fmt(res['provision_resolution_rate'])} "
                f"({res['provision_refs_resolved']}/{res['provision_refs']}); with a known act "
                f"{_fmt(res['provision_resolution_rate_act_known'])} ({res['provision_refs_act_known']} references)",
                f"- the judgment itself already in the graph: {res['judgment_found_in_graph']}",
                "- metadata found: " + ", ".join(f"{k} {v}" for k, v in (res.get("metadata_found") or {}).items()),
            ]
        L.append("")
    tm = it.get("timing") or {}
    if tm:
        L.append("### Time per judgment (analyse + resolve, default roles, passage embedding, cold vector cache)")
        L.append("")
        if "skipped" in tm:
            L.append(f"skipped: {tm['skipped']}")
        else:
            L.append(
                f"- mean {tm['mean_s']} s per judgment on {tm['cpu_cores']} cores (load average "
                f"{tm['load_avg_1m']} over the last minute)"
                + (f", roles by the {' / '.join(tm['roles_models'])} model" if tm.get("roles_models") else "")
            )
            for j in tm.get("judgments") or []:
                stages = ", ".join(f"{k} {v}" for k, v in (j.get("stages_s") or {}).items())
                L.append(
                    f"- {j['judgment']}: {j['seconds']} s, {j['sentences']} sentences, {j['passages']} passages, "
                    f"{j['chars']} characters ({stages})"
                )
        L.append("")
    if "seconds" in it:
        L += [f"intake evaluation took {it['seconds']} s", ""]
    return L


def intake_headline(it: dict | None) -> dict:
    h: dict = {}
    if not it or "skipped" in it:
        return h
    for f, v in ((it.get("metadata") or {}).get("fields") or {}).items():
        h[f"intake.metadata.{f}"] = (v["precision"], v["recall"])
    for name, r in (it.get("roles") or {}).items():
        if "skipped" not in r:
            h[f"intake.roles.{name}.micro_f1"] = r["micro_f1"]
            h[f"intake.roles.{name}.macro_f1"] = r["macro_f1"]
    res = it.get("resolution") or {}
    if res and "skipped" not in res:
        h["intake.case_resolution_rate"] = res["case_resolution_rate"]
        h["intake.provision_resolution_rate"] = res["provision_resolution_rate"]
    tm = it.get("timing") or {}
    if tm and "skipped" not in tm:
        h["intake.seconds_per_judgment"] = tm["mean_s"]
    return h


def model_words_markdown(mw: dict | None) -> list[str]:
    """The local model's short answers (issue 24): kept / rejected by the meaning check, and kept ones
    that misstate the law, per split, beside the floor."""
    if not mw:
        return []
    L = [
        "## The local model's words (labelled outputs: real runs, and tune cases written by hand)",
        "",
        "| split | cases | model misstates | kept | rejected | kept & misstating | correct but rejected | floor misstating |",
        "|---|---|---|---|---|---|---|---|",
    ]
    # "tune" holds the real runs of the tune split and the hand-written cases, shown apart below it
    for split in ("tune", "tune_runs", "written", "untouched", "all"):
        if split not in mw and split in ("tune_runs", "written"):
            continue
        r = mw.get(split) or {}
        L.append(
            f"| {split} | {r.get('cases', 0)} | {r.get('model_misstates', 0)} | {r.get('kept', 0)} | "
            f"{r.get('rejected', 0)} | {r.get('kept_misstating', 0)} | {r.get('correct_rejected', 0)} | "
            f"{r.get('floor_misstating', 0)} |"
        )
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
    L += statutes_markdown(report["sets"].get("statutes"))
    L += conflicts_markdown(report["sets"].get("conflicts"))
    L += model_words_markdown(report["sets"].get("model_words"))
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
    L += intake_markdown(report["sets"].get("intake"))
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
    h.update(intake_headline(report["sets"].get("intake")))
    h.update(statutes_headline(report["sets"].get("statutes")))
    cf = report["sets"].get("conflicts")
    if cf and "summary" in cf:
        for part in ("all", "untouched"):
            b = cf["summary"][part]
            h[f"conflicts.{part}.settled_answered_citing_settler"] = b["settled_answered_citing_settler"]["rate"]
            h[f"conflicts.{part}.live_flagged_with_both_sides"] = b["live_flagged_with_both_sides"]["rate"]
        for name, f in (cf.get("false_conflict") or {}).items():
            h[f"conflicts.false_conflict.{name}"] = f["rate"]
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
