"""Legal-vocabulary prompt and beam size, measured on a fixed set of spoken legal questions.

    nice -n 10 .venv/bin/python benchmarks/bench_speech_vocab.py [--configs ...] [--lang en,hi]

The fixed set: the questions of evaluation.speech_questions that name an Act or a section
number, spoken clean by espeak-ng (a voice the system was not tuned to) and, in English, by
piper.  Each configuration decodes every clip (language given); reported: WER, CER (Indian-ASR
scoring), act-name accuracy (the Acts named that the normaliser recognised in the transcript),
section-number accuracy, and time (wall and CPU seconds per audio second).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.speech.stt import Decoding, Transcriber  # noqa: E402
from evaluation import metrics as M  # noqa: E402
from evaluation import speech_score as S  # noqa: E402
from evaluation.speech_synth import SR, _known_acts, clip_audio, rows  # noqa: E402

CONFIGS = {
    "legacy_b1": Decoding(name="legacy_b1", prompt="legacy", beam_size=1, temperatures=(0.0,)),
    "legacy_b5": Decoding(name="legacy_b5", prompt="legacy", beam_size=5, temperatures=(0.0,)),
    "vocab_b1": Decoding(name="vocab_b1", prompt="vocab", prompt_tokens=120, beam_size=1, temperatures=(0.0,)),
    "vocab_b5": Decoding(name="vocab_b5", prompt="vocab", prompt_tokens=120, beam_size=5, temperatures=(0.0,)),
    "vocab200_b1": Decoding(name="vocab200_b1", prompt="vocab", prompt_tokens=190, beam_size=1, temperatures=(0.0,)),
    "none_b1": Decoding(name="none_b1", prompt="", beam_size=1, temperatures=(0.0,)),
    "script_b1": Decoding(name="script_b1", prompt="script", beam_size=1, temperatures=(0.0,)),
    "fw_b1": Decoding(name="fw_b1", prompt="है, के, में, और, की, को, से।", beam_size=1, temperatures=(0.0,)),
    "shipped": None,  # the Transcriber's own settings for the language (with its checks and retries)
}


def fixed_set(langs) -> list[dict]:
    out = []
    for r in rows():
        if r["lang"] in langs and r["condition"] == "clean" and (r["acts"] or r["numbers"]):
            if r["engine"] == "espeak" or r["lang"] == "en":
                out.append(r)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs", default="legacy_b1,vocab_b1,vocab_b5,none_b1")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default="reports/speech_vocab.json")
    a = ap.parse_args(argv)
    langs = tuple(a.lang.split(","))
    clips = fixed_set(langs)
    audio = {r["id"]: clip_audio(r) for r in clips}
    known = _known_acts()
    tr = Transcriber(cpu_threads=a.threads, retry=False)
    _ = tr.model
    shipped = Transcriber(cpu_threads=a.threads)
    shipped._model = tr._model  # one model in memory
    table = [
        "| setting | lang | clips | WER | CER | act names | section numbers | wall s | CPU s / audio s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    results = {}
    for name in a.configs.split(","):
        dec = CONFIGS[name]
        per = []
        for r in clips:
            t0, c0 = time.perf_counter(), time.process_time()
            if dec is None:
                t = Transcriber.transcribe(shipped, audio[r["id"]], language=r["lang"])
            else:
                t = tr.transcribe(audio[r["id"]], language=r["lang"], decoding=dec)
            ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
            gold = [x for x in r["acts"] if x in known]
            per.append(
                {
                    "id": r["id"],
                    "lang": r["lang"],
                    "ref": r["text"],
                    "hyp": t.text,
                    "acts": (sum(x in t.acts for x in gold) / len(gold)) if gold else None,
                    "numbers": M.number_accuracy(r["numbers"], t.text),
                    "ms": ms,
                    "cpu_ms": cpu,
                    "audio_s": audio[r["id"]].size / SR,
                    "corrections": t.corrections,
                }
            )
            print(f"  [{name} {r['id']}] {ms / 1000:.1f}s | {t.text}", file=sys.stderr, flush=True)
        for lg in langs:
            sub = [p for p in per if p["lang"] == lg]
            if not sub:
                continue
            rates = S.corpus_rates((p["ref"], p["hyp"]) for p in sub)
            s = {
                "n": len(sub),
                **rates,
                "act_accuracy": M.mean([p["acts"] for p in sub]),
                "number_accuracy": M.mean([p["numbers"] for p in sub]),
                "wall_s": round(sum(p["ms"] for p in sub) / 1000, 1),
                "cpu_per_audio_s": round(sum(p["cpu_ms"] for p in sub) / 1000 / sum(p["audio_s"] for p in sub), 3),
                "prompt": tr.prompt_text(lg, dec or shipped.decoding[lg]),
            }
            results[f"{name}:{lg}"] = {**s, "clips": sub}
            table.append(
                f"| {name} | {lg} | {s['n']} | {s['wer']:.3f} | {s['cer']:.3f} | "
                f"{s['act_accuracy'] if s['act_accuracy'] is None else format(s['act_accuracy'], '.0%')} | "
                f"{s['number_accuracy'] if s['number_accuracy'] is None else format(s['number_accuracy'], '.0%')}"
                f" | {s['wall_s']} | {s['cpu_per_audio_s']} |"
            )
            print(table[-1], flush=True)
    print("\n".join(table))
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
