"""Speech recognition on real recordings (../shared/speech_eval), scored the Indian-ASR way.

    report = evaluate(transcriber=None, langs=("hi", "en"), limit=None)

The clips are read where they lie (``$NYAYAPATH_SPEECH_EVAL`` or ../shared/speech_eval beside
the checkout); they are never copied into the repository.  Each clip goes through
:meth:`core.speech.stt.Transcriber.transcribe` with its language given (the path the app
takes when a user chose the language).  Reported per language: corpus WER and CER (total
edits / total reference words or characters, :mod:`evaluation.speech_score`), the mean
per-clip WER with a bootstrap interval, the leak rate (clips whose output holds a word of
the decoding prompt that is not in the reference), the near-empty rate (output under 40%
of the reference's words), the share of Hindi outputs not in Devanagari, and the time.

Issue 20: the same leak, near-empty and wrong-script figures per source (``by_source``): each
real source (All India Radio Hindi news, CMU ARCTIC Indian English) and each synthetic voice set
of :mod:`evaluation.speech_synth` (espeak-ng and piper voices, speeds, noise, telephone), which
are transcribed here too unless ``synth=False``: its 40-clip subset (every voice set and condition,
every sixth question), or all 220 clips with ``synth="full"``.

Scored on ``raw_text`` (what Whisper heard, after the recogniser's own clean-up) and on
``text`` (after number/act normalisation, what the user sees): the references write
numbers as words, so the normalised text scores a little worse on number-heavy news.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from evaluation import metrics as M
from evaluation import speech_score as S

REPO = Path(__file__).resolve().parents[1]


def clips_dir() -> Path | None:
    """$NYAYAPATH_SPEECH_EVAL (Settings.speech_eval_dir), else ../shared/speech_eval."""
    from core.config import load_settings

    env = load_settings().speech_eval_dir
    cands = [Path(env)] if env else []
    cands += [REPO.parent / "shared" / "speech_eval", Path.cwd().parent / "shared" / "speech_eval"]
    for c in cands:
        if (c / "manifest.jsonl").is_file():
            return c
    return None


def load_manifest(root: Path | None = None, langs=("hi", "en")) -> list[dict]:
    root = root or clips_dir()
    if root is None:
        return []
    rows = []
    for line in (root / "manifest.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            if r.get("lang") in langs and (root / r["file"]).is_file():
                r["path_abs"] = str(root / r["file"])
                rows.append(r)
    return rows


def score_rows(per: list[dict]) -> dict:
    """Aggregate per-clip rows ({"lang","ref","hyp","raw","leaks","seconds","audio_s",...})."""
    out: dict = {}
    for lang in sorted({p["lang"] for p in per}):
        sub = [p for p in per if p["lang"] == lang]
        raw = S.corpus_rates((p["ref"], p["raw"]) for p in sub)
        final = S.corpus_rates((p["ref"], p["hyp"]) for p in sub)
        secs = sum(p["seconds"] for p in sub)
        audio = sum(p["audio_s"] for p in sub)
        out[lang] = {
            "n": len(sub),
            "wer": raw["wer"],
            "cer": raw["cer"],
            "wer_normalized_text": final["wer"],
            "cer_normalized_text": final["cer"],
            "wer_per_clip": M.bootstrap_ci([S.wer(p["ref"], p["raw"]) for p in sub]),
            "leak_rate": M.mean([float(bool(p["leaks"])) for p in sub]),
            "near_empty_rate": M.mean([float(S.near_empty(p["ref"], p["raw"])) for p in sub]),
            "wrong_script_rate": (
                M.mean([float(S.script_of(p["raw"]) not in ("devanagari", "none")) for p in sub])
                if lang == "hi"
                else None
            ),
            "retry_rate": M.mean([float(bool(p.get("retried"))) for p in sub]),
            "warned_rate": M.mean([float(bool(p.get("warnings"))) for p in sub]),
            "seconds": round(secs, 1),
            "audio_seconds": round(audio, 1),
            "rtf": round(secs / audio, 3) if audio else None,
        }
    return out


def source_of(r: dict) -> str:
    """A short name for where a clip comes from: its manifest subset, or a synthetic voice set."""
    if r.get("engine"):
        return f"synthetic {r['engine']}{r.get('rate') or ''} {r.get('condition') or ''}".strip()
    sub = str(r.get("subset") or r.get("source_repo") or "unknown")
    return "real " + sub


def by_source(per: list[dict]) -> dict:
    """(lang, source) -> clips, leak / near-empty / wrong-script rates, leaked words, WER."""
    out: dict = {}
    for key in sorted({(p["lang"], p["source"]) for p in per}):
        sub = [p for p in per if (p["lang"], p["source"]) == key]
        out[f"{key[0]}: {key[1]}"] = {
            "lang": key[0],
            "source": key[1],
            "n": len(sub),
            "leaks": sum(bool(p["leaks"]) for p in sub),
            "leak_rate": M.mean([float(bool(p["leaks"])) for p in sub]),
            "leaked_words": sorted({w for p in sub for w in p["leaks"]}),
            "near_empty_rate": M.mean([float(bool(p["near_empty"])) for p in sub]),
            "wrong_script_rate": (
                M.mean([float(p["script"] not in ("devanagari", "none")) for p in sub]) if key[0] == "hi" else None
            ),
            "wer": S.corpus_rates((p["ref"], p["raw"]) for p in sub)["wer"],
        }
    return out


def synth_rows(quick: bool) -> list[dict]:
    """The synthetic voice clips of evaluation.speech_synth, as manifest-like rows."""
    from evaluation import speech_synth

    return [
        {**r, "file": r["id"], "duration_s": 0.0, "synthetic": True, "source": source_of(r)}
        for r in speech_synth.rows(quick)
    ]


def evaluate(
    transcriber=None,
    *,
    langs=("hi", "en"),
    limit: int | None = None,
    root: Path | None = None,
    transcribe: Callable | None = None,
    prompt_for: Callable[[str], str] | None = None,
    log=None,
    synth: bool | str = True,
) -> dict:
    """Transcribe every clip (language given) and score it.  ``transcribe(path, lang) ->
    Transcript`` overrides the default call (the benchmark uses it to try decoding settings);
    ``prompt_for(lang)`` is the prompt whose words count as leaks (default: the recogniser's)."""
    rows = load_manifest(root, langs)
    if not rows:
        return {"skipped": "no real speech clips (set NYAYAPATH_SPEECH_EVAL or put them in ../shared/speech_eval)"}
    if limit:
        by: dict[str, list] = {}
        for r in rows:
            by.setdefault(r["lang"], []).append(r)
        rows = [r for v in by.values() for r in v[:limit]]
    for r in rows:
        r["source"] = source_of(r)
    if synth and transcribe is None:
        try:
            # every voice set and condition, on every sixth question (synth="full": all 220 clips,
            # which `--set speech_synth` transcribes anyway)
            rows += [r for r in synth_rows(quick=synth != "full") if r["lang"] in langs]
        except Exception as exc:  # no espeak-ng / piper: the real clips alone
            if log:
                log(f"synthetic voices skipped: {type(exc).__name__}: {exc}")
    if transcribe is None:
        if transcriber is None:
            from core.speech.stt import Transcriber

            transcriber = Transcriber()

        def transcribe(path, lang):
            return transcriber.transcribe(Path(path).read_bytes(), language=lang)

    def run(r):
        if r.get("synthetic"):
            from evaluation.speech_synth import clip_audio

            return transcriber.transcribe(clip_audio(r), language=r["lang"])
        return transcribe(r["path_abs"], r["lang"])

    if prompt_for is None:
        from core.speech.stt import leak_words_for

        prompt_for = leak_words_for
    per = []
    t_all = time.perf_counter()
    for r in rows:
        t0 = time.perf_counter()
        try:
            tr = run(r)
            raw, hyp, warns = tr.raw_text, tr.text, list(tr.warnings)
            retried = bool(getattr(tr, "retries", None))
        except Exception as exc:  # a failure is a result (an empty transcript)
            raw, hyp, warns, retried = "", "", [f"error: {type(exc).__name__}: {exc}"], False
        dt = time.perf_counter() - t0
        row = {
            "file": Path(r["file"]).name,
            "lang": r["lang"],
            "source": r["source"],
            "ref": r["text"],
            "raw": raw,
            "hyp": hyp,
            "wer": round(S.wer(r["text"], raw), 3),
            "cer": round(S.cer(r["text"], raw), 3),
            "leaks": S.leaks(r["text"], raw, prompt_for(r["lang"])),
            "near_empty": S.near_empty(r["text"], raw),
            "script": S.script_of(raw),
            "warnings": warns,
            "retried": retried,
            "seconds": round(dt, 3),
            "audio_s": float(r.get("duration_s") or 0.0) or float(getattr(tr, "duration_s", 0.0) or 0.0),
        }
        per.append(row)
        if log:
            log(
                f"[{r['lang']}] {dt:5.2f}s wer={row['wer']:.2f} {'LEAK ' + ','.join(row['leaks']) if row['leaks'] else ''}"
                f"{' NEAR-EMPTY' if row['near_empty'] else ''} | {raw}"
            )
    real = [p for p in per if p["source"].startswith("real ")]
    report = {"n": len(real), "seconds": round(time.perf_counter() - t_all, 1), **score_rows(real)}
    report["by_source"] = by_source(per)
    report["leaks_all_sources"] = sum(v["leaks"] for v in report["by_source"].values())
    report["clips"] = per
    return report


def markdown(report: dict) -> list[str]:
    """Lines for the eval report."""
    L = ["## Real recorded speech (../shared/speech_eval)", ""]
    if "skipped" in report:
        return L + [f"skipped: {report['skipped']}", ""]
    L += [
        "| lang | clips | WER | CER | leak | near-empty | wrong script | retried | RTF |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for lang in ("hi", "en"):
        s = report.get(lang)
        if not s:
            continue
        ws = s["wrong_script_rate"]
        L.append(
            f"| {lang} | {s['n']} | {s['wer']:.3f} | {s['cer']:.3f} | {s['leak_rate']:.1%} | "
            f"{s['near_empty_rate']:.1%} | {'' if ws is None else f'{ws:.1%}'} | {s['retry_rate']:.1%} | "
            f"{s['rtf']} |"
        )
    src = report.get("by_source") or {}
    if src:
        L += [
            "",
            "Per source: clips with a prompt word nobody said (leak), near-empty outputs, Hindi not in Devanagari.",
            "",
            "| lang | source | clips | leaks | leak rate | near-empty | wrong script | WER | leaked words |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for s in src.values():
            ws = s["wrong_script_rate"]
            L.append(
                f"| {s['lang']} | {s['source']} | {s['n']} | {s['leaks']} | {s['leak_rate']:.1%} | "
                f"{s['near_empty_rate']:.1%} | {'' if ws is None else f'{ws:.1%}'} | {s['wer']:.3f} | "
                f"{', '.join(s['leaked_words'][:6])} |"
            )
    return L + [""]


def headline(report: dict) -> dict:
    h = {}
    for lang in ("hi", "en"):
        s = report.get(lang)
        if s:
            h[f"real_speech_wer_{lang}"] = round(s["wer"], 3)
            h[f"real_speech_cer_{lang}"] = round(s["cer"], 3)
            h[f"real_speech_leak_rate_{lang}"] = s["leak_rate"]
            h[f"real_speech_near_empty_rate_{lang}"] = s["near_empty_rate"]
    if "leaks_all_sources" in report:
        h["speech_leaks_all_sources"] = report["leaks_all_sources"]
    return h
