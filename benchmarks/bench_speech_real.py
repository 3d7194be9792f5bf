"""Decoding settings measured on real recorded speech (../shared/speech_eval).

    nice -n 10 .venv/bin/python benchmarks/bench_speech_real.py [--configs a,b,...] [--lang hi]
        [--limit N] [--out DIR] [--final]

Each named configuration (CONFIGS below) decodes every clip once (language given) through
``Transcriber.decode`` -- one Whisper pass with that setting, its prompt echoes removed -- and
the table reports, per configuration and language: corpus WER and CER (scored the Indian-ASR
way, evaluation.speech_score), the same before echo removal, the leak rate (outputs holding a
prompt word or fragment the reference does not have) before and after echo removal, the
near-empty rate (< 40% of the reference's words), the wrong-script rate for Hindi, and time
(wall seconds and CPU seconds per audio second: the machine is shared, CPU time is the
steadier figure).  ``--final`` also runs the full ``Transcriber.transcribe`` path (checks and
retries) with the shipped defaults.  Per-clip JSON (words with probabilities) goes to --out.
The leak rate of the "none" row (no prompt), counted against the legacy legal prompt's words,
is the chance level of the metric on this audio.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.speech.audio import load_audio  # noqa: E402
from core.speech.stt import LEGACY_PROMPTS, Decoding, Transcriber  # noqa: E402
from evaluation import speech_score as S  # noqa: E402
from evaluation.speech_real import load_manifest  # noqa: E402

# the settings before issue 15 (word timestamps off, as then; "current_wt" adds them to see the
# probabilities of echoed words)
BASE = Decoding(
    name="current",
    beam_size=1,
    temperatures=(0.0, 0.4),
    vad=True,
    vad_min_silence_ms=500,
    prompt="legacy",
    condition_on_previous_text=False,
    word_timestamps=False,
)
CONFIGS: dict[str, Decoding] = {
    "current": BASE,
    "current_wt": BASE.but(name="current_wt", word_timestamps=True),
    "script_t0": BASE.but(name="script_t0", prompt="script", temperatures=(0.0,)),
    "script_t0_beam5": BASE.but(name="script_t0_beam5", prompt="script", temperatures=(0.0,), beam_size=5),
    "script_t0_novad": BASE.but(name="script_t0_novad", prompt="script", temperatures=(0.0,), vad=False),
    # prompts that cannot leak a content word: Hindi function words only, or a lone danda
    "fw_t0": BASE.but(name="fw_t0", prompt="है, के, में, और, की, को, से।", temperatures=(0.0,)),
    "fw_t0_beam5": BASE.but(name="fw_t0_beam5", prompt="है, के, में, और, की, को, से।", temperatures=(0.0,), beam_size=5),
    "danda_t0": BASE.but(name="danda_t0", prompt="।", temperatures=(0.0,)),
    "legacy_t0": BASE.but(name="legacy_t0", temperatures=(0.0,)),
    "legacy_t0_beam5": BASE.but(name="legacy_t0_beam5", temperatures=(0.0,), beam_size=5),
    "legacy_t0_beam5_cond": BASE.but(
        name="legacy_t0_beam5_cond", temperatures=(0.0,), beam_size=5, condition_on_previous_text=True
    ),
    "vocab_t0": BASE.but(name="vocab_t0", prompt="vocab", prompt_tokens=120, temperatures=(0.0,)),
    "vocab_t0_beam5": BASE.but(
        name="vocab_t0_beam5", prompt="vocab", prompt_tokens=120, temperatures=(0.0,), beam_size=5
    ),
    "vocab60_t0_beam5": BASE.but(
        name="vocab60_t0_beam5", prompt="vocab", prompt_tokens=60, temperatures=(0.0,), beam_size=5
    ),
    "beam5": BASE.but(name="beam5", beam_size=5),
    "none": BASE.but(name="none", prompt=""),
    "none_beam5": BASE.but(name="none_beam5", prompt="", beam_size=5),
    "script": BASE.but(name="script", prompt="script"),
    "script_beam5": BASE.but(name="script_beam5", prompt="script", beam_size=5),
    "vocab": BASE.but(name="vocab", prompt="vocab", prompt_tokens=120),
    "vocab_beam5": BASE.but(name="vocab_beam5", prompt="vocab", prompt_tokens=120, beam_size=5),
    "hotwords": BASE.but(name="hotwords", prompt="", hotwords=LEGACY_PROMPTS["hi"]),
    "t0": BASE.but(name="t0", temperatures=(0.0,)),
    "tfull": BASE.but(name="tfull", temperatures=(0.0, 0.2, 0.4, 0.6, 0.8, 1.0)),
    "novad": BASE.but(name="novad", vad=False),
    "vad2000": BASE.but(name="vad2000", vad_min_silence_ms=2000, vad_speech_pad_ms=200),
    "vad_t35": BASE.but(name="vad_t35", vad_threshold=0.35),
    "cond": BASE.but(name="cond", condition_on_previous_text=True),
    "script_novad": BASE.but(name="script_novad", prompt="script", vad=False),
    "script_novad_beam5": BASE.but(name="script_novad_beam5", prompt="script", vad=False, beam_size=5),
}


def _raw_text(p) -> str:
    """The pass's text before echo removal (all words Whisper emitted)."""
    out = []
    for s in p.segments:
        out.append("".join(w[0] for w in s["words"]).strip() if s.get("words") else s["text"])
    return " ".join(out).strip()


def run_config(tr: Transcriber, dec: Decoding, rows: list[dict], audio: dict, log) -> dict:
    per = []
    for r in rows:
        lang = r["lang"]
        p = tr.decode(audio[r["file"]], lang, dec)
        prompt = tr.prompt_text(lang, dec) or ""
        leak_words = prompt or LEGACY_PROMPTS[lang]  # "none": chance level against the legal words
        raw = _raw_text(p)
        # segments with no words (all removed) are dropped by decode(); recover the raw from removed
        if p.removed and not raw:
            raw = " ".join(p.removed)
        per.append(
            {
                "file": Path(r["file"]).name,
                "lang": lang,
                "ref": r["text"],
                "raw": raw,
                "hyp": p.text,
                "removed": p.removed,
                "leaks_before": S.leaks(r["text"], raw, leak_words),
                "leaks_after": S.leaks(r["text"], p.text, leak_words),
                "speech_s": round(p.speech_s, 2),
                "ms": round(p.ms),
                "cpu_ms": round(p.cpu_ms),
                "audio_s": r["duration_s"],
                "confidence": p.confidence,
                "words": [w for s in p.segments for w in s.get("words", [])],
            }
        )
        x = per[-1]
        log(
            f"  [{dec.name} {lang}] {x['ms'] / 1000:5.1f}s wer={S.wer(x['ref'], x['hyp']):.2f} "
            f"{'LEAK ' + ','.join(x['leaks_after']) if x['leaks_after'] else ''} | {x['hyp'][:90]}"
        )
    return {"decoding": dec.__dict__, "prompt": {lg: tr.prompt_text(lg, dec) for lg in ("hi", "en")}, "clips": per}


def summarize(per: list[dict], lang: str, hyp_key: str = "hyp") -> dict:
    sub = [p for p in per if p["lang"] == lang]
    if not sub:
        return {}
    after = S.corpus_rates((p["ref"], p[hyp_key]) for p in sub)
    before = S.corpus_rates((p["ref"], p.get("raw", p[hyp_key])) for p in sub)
    audio = sum(p["audio_s"] for p in sub)
    return {
        "n": len(sub),
        "wer": after["wer"],
        "cer": after["cer"],
        "wer_before_echo": before["wer"],
        "cer_before_echo": before["cer"],
        "leak_before": sum(bool(p.get("leaks_before")) for p in sub) / len(sub),
        "leak_after": sum(bool(p["leaks_after"]) for p in sub) / len(sub),
        "near_empty": sum(S.near_empty(p["ref"], p[hyp_key]) for p in sub) / len(sub),
        "wrong_script": (
            sum(S.script_of(p[hyp_key]) not in ("devanagari", "none") for p in sub) / len(sub) if lang == "hi" else None
        ),
        "wall_s": round(sum(p["ms"] for p in sub) / 1000, 1),
        "cpu_per_audio_s": round(sum(p["cpu_ms"] for p in sub) / 1000 / audio, 3) if audio else None,
    }


def _row(name: str, s: dict) -> str:
    ws = "" if s.get("wrong_script") is None else f"{s['wrong_script']:.0%}"
    return (
        f"| {name} | {s['n']} | {s['wer']:.3f} | {s['cer']:.3f} | {s['wer_before_echo']:.3f} | "
        f"{s['leak_before']:.0%} → {s['leak_after']:.0%} | {s['near_empty']:.0%} | {ws} | {s['wall_s']} | "
        f"{s['cpu_per_audio_s']} |"
    )


HEADER = [
    "| setting | clips | WER | CER | WER before echo removal | leak before → after | near-empty | "
    "wrong script | wall s | CPU s / audio s |",
    "|---|---|---|---|---|---|---|---|---|---|",
]


def run_final(tr: Transcriber, rows: list[dict], log) -> list[dict]:
    from core.speech.stt import leak_words_for

    per = []
    for r in rows:
        t0, c0 = time.perf_counter(), time.process_time()
        t = tr.transcribe(Path(r["path_abs"]).read_bytes(), language=r["lang"])
        ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
        words = leak_words_for(r["lang"], tr) + " " + LEGACY_PROMPTS[r["lang"]]
        per.append(
            {
                "file": Path(r["file"]).name,
                "lang": r["lang"],
                "ref": r["text"],
                "hyp": t.raw_text,
                "text": t.text,
                "removed": t.removed,
                "retries": t.retries,
                "warnings": t.warnings,
                "leaks_after": S.leaks(r["text"], t.raw_text, words),
                "ms": round(ms),
                "cpu_ms": round(cpu),
                "audio_s": r["duration_s"],
                "decoding": t.decoding,
            }
        )
        x = per[-1]
        log(
            f"  [final {r['lang']}] {ms / 1000:5.1f}s wer={S.wer(x['ref'], x['hyp']):.2f} retries={t.retries} "
            f"{'LEAK ' + ','.join(x['leaks_after']) if x['leaks_after'] else ''} | {x['hyp'][:90]}"
        )
    return per


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs", default="current,none,script,beam5,vocab")
    ap.add_argument("--lang", default="hi,en")
    ap.add_argument("--limit", type=int, default=0, help="clips per language (0: all)")
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--hi-every", type=int, default=1, help="every n-th Hindi clip (a fixed spread for sweeps)")
    ap.add_argument("--concat", type=int, default=1, help="join N consecutive clips into one long recording")
    ap.add_argument("--out", default="reports/speech_real")
    ap.add_argument("--final", action="store_true", help="also the full transcribe path with the defaults")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--threads", type=int, default=2, help="CTranslate2 threads (the app uses 2)")
    a = ap.parse_args(argv)
    log = (lambda *x: None) if a.quiet else (lambda *x: print(*x, file=sys.stderr, flush=True))
    langs = tuple(a.lang.split(","))
    rows = load_manifest(langs=langs)
    if not rows:
        print("no clips: set NYAYAPATH_SPEECH_EVAL or put them in ../shared/speech_eval", file=sys.stderr)
        return 2
    if a.hi_every > 1:
        hi = [r for r in rows if r["lang"] == "hi"][:: a.hi_every]
        rows = hi + [r for r in rows if r["lang"] != "hi"]
    if a.limit:
        rows = [r for lg in langs for r in [x for x in rows if x["lang"] == lg][a.offset : a.offset + a.limit]]
    audio = {r["file"]: load_audio(r["path_abs"]).samples for r in rows}
    if a.concat > 1:  # long recordings (> 30 s, several Whisper windows): consecutive clips joined
        import numpy as np

        gap = np.zeros(8000, dtype=np.float32)
        joined = []
        for lg in langs:
            mine = [r for r in rows if r["lang"] == lg]
            for i in range(0, len(mine) - a.concat + 1, a.concat):
                part = mine[i : i + a.concat]
                name = f"concat{a.concat}-{lg}-{i}"
                audio[name] = np.concatenate([x for r in part for x in (audio[r["file"]], gap)])
                joined.append(
                    {
                        "file": name,
                        "lang": lg,
                        "text": " ".join(r["text"] for r in part),
                        "duration_s": round(audio[name].size / 16000, 2),
                        "path_abs": "",
                    }
                )
        rows = joined
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    tr = Transcriber(cpu_threads=a.threads)
    _ = tr.model
    table = list(HEADER)
    results = {}
    for name in [c for c in a.configs.split(",") if c]:
        dec = CONFIGS[name]
        log(f"== {name}: {dec}")
        res = run_config(tr, dec, rows, audio, log)
        (out / f"{name}.json").write_text(json.dumps(res, ensure_ascii=False, indent=1), encoding="utf-8")
        for lg in langs:
            s = summarize(res["clips"], lg)
            if s:
                results[f"{name}:{lg}"] = s
                table.append(_row(f"{name} ({lg})", s))
        print(table[-1], flush=True)
    if a.final:
        per = run_final(tr, rows, log)
        (out / "final.json").write_text(json.dumps({"clips": per}, ensure_ascii=False, indent=1), encoding="utf-8")
        for lg in langs:
            s = summarize([dict(p, raw=p["hyp"]) for p in per], lg)
            if s:
                s["retry_rate"] = sum(bool(p["retries"]) for p in per if p["lang"] == lg) / s["n"]
                results[f"final:{lg}"] = s
                table.append(_row(f"**shipped** ({lg}, retries {s['retry_rate']:.0%})", s))
    print("\n".join(table))
    (out / "summary.json").write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
