"""Speech benchmark: STT latency (p50/p95) on ~5 s clips, TTS first-sentence latency and
real-time factor, WER/CER and section-number accuracy on synthesized questions.

    .venv/bin/python benchmarks/bench_speech.py [--beam 1] [--json out.json]

English clips are spoken by piper (joe), Hindi clips by espeak-ng; each English clip is
also re-encoded (webm 48 kHz stereo, mp3 8 kHz) to measure codec robustness.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.speech.audio import SAMPLE_RATE, decode_audio, to_wav_bytes  # noqa: E402
from core.speech.normalize import normalize_transcript  # noqa: E402
from core.speech.stt import Transcriber  # noqa: E402
from core.speech.tts import Speaker  # noqa: E402
from tests.support.synth_fixtures import EN_QUESTIONS, HI_QUESTIONS, encode, tts_pcm  # noqa: E402


def _edit(a: list, b: list) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def _norm(s: str) -> str:
    s = s.lower().replace("-", " ")
    s = re.sub(r"[^\w\s\u0900-\u097f]", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def wer(ref: str, hyp: str) -> float:
    r, h = _norm(ref).split(), _norm(hyp).split()
    return _edit(r, h) / max(1, len(r))


def cer(ref: str, hyp: str) -> float:
    r, h = list(_norm(ref).replace(" ", "")), list(_norm(hyp).replace(" ", ""))
    return _edit(r, h) / max(1, len(r))


def pct(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--json")
    ap.add_argument("--en", type=int, default=len(EN_QUESTIONS), help="English questions to use")
    ap.add_argument("--hi", type=int, default=len(HI_QUESTIONS), help="Hindi questions to use")
    ap.add_argument("--no-codecs", action="store_true", help="skip the webm/mp3 re-encodings")
    a = ap.parse_args(argv)
    speaker = Speaker(read_citations=False)
    tr = Transcriber(beam_size=a.beam)
    res: dict = {"beam": a.beam}

    # ---- TTS
    t0 = time.perf_counter()
    speaker.synthesize("Warm up.", "en")
    res["tts_en_load_s"] = round(time.perf_counter() - t0, 2)
    t0 = time.perf_counter()
    speaker.synthesize("नमस्ते", "hi")
    res["tts_hi_load_s"] = round(time.perf_counter() - t0, 2)
    answer = {
        "en": (
            "Under section 480 of the B N S S, bail is the rule and jail the exception. You can apply "
            "to the magistrate with a copy of the F I R. If you cannot afford a lawyer, ask the legal "
            "services authority for free legal aid."
        ),
        "hi": (
            "बीएनएसएस की धारा 480 के तहत जमानत नियम है और जेल अपवाद। आप एफआईआर की प्रति के साथ "
            "मजिस्ट्रेट के पास आवेदन कर सकते हैं। अगर आप वकील का खर्च नहीं उठा सकते, तो मुफ्त कानूनी सहायता माँगें।"
        ),
    }
    for lang, text in answer.items():
        firsts, rtfs = [], []
        for _ in range(3):
            t0 = time.perf_counter()
            it = speaker.iter_sentences(text, lang)
            first = next(it)
            firsts.append(time.perf_counter() - t0)
            chunks = [first, *it]
            total = time.perf_counter() - t0
            audio_s = sum((len(c) - 44) / 2 / 22050 for c in chunks)
            rtfs.append(total / audio_s)
        res[f"tts_{lang}_first_sentence_ms_p50"] = round(statistics.median(firsts) * 1000, 1)
        res[f"tts_{lang}_rtf"] = round(statistics.median(rtfs), 4)
        res[f"tts_{lang}_engine"] = speaker.engine_name(lang)
        print(
            f"TTS {lang}: first sentence p50 {res[f'tts_{lang}_first_sentence_ms_p50']} ms, "
            f"RTF {res[f'tts_{lang}_rtf']}",
            file=sys.stderr,
        )

    # ---- STT
    t0 = time.perf_counter()
    _ = tr.model
    res["stt_load_s"] = round(time.perf_counter() - t0, 2)
    rows = []
    for lang, qs in (("en", EN_QUESTIONS[: a.en]), ("hi", HI_QUESTIONS[: a.hi])):
        for text, _keys in qs:
            pcm, sr = tts_pcm(speaker, text, lang)
            variants = {"wav": to_wav_bytes(pcm, sr)}
            if lang == "en" and not a.no_codecs:
                variants["webm48k_stereo"] = encode(pcm, sr, "webm", rate=48000, channels=2)
                variants["mp3_8k"] = encode(pcm, sr, "mp3", rate=8000)
            for vname, data in variants.items():
                audio = decode_audio(data)
                for mode in ["auto", lang] if vname == "wav" else ["auto"]:
                    t0 = time.perf_counter()
                    t = tr.transcribe(audio, language=mode)
                    dt = time.perf_counter() - t0
                    ref = normalize_transcript(text, lang).text
                    nums = re.findall(r"\d+", text)
                    rows.append(
                        {
                            "lang": lang,
                            "variant": vname,
                            "mode": mode,
                            "ref": text,
                            "hyp": t.text,
                            "detected": t.language,
                            "audio_s": round(audio.size / SAMPLE_RATE, 2),
                            "latency_s": round(dt, 3),
                            "wer": round(wer(ref, t.text), 3),
                            "cer": round(cer(ref, t.text), 3),
                            "numbers": nums,
                            "numbers_ok": all(n in re.findall(r"\d+", t.text) for n in nums),
                            "warnings": t.warnings,
                        }
                    )
                    print(
                        f"[{lang} {vname:15s} {mode:4s}] {dt:5.2f}s det={t.language} wer={rows[-1]['wer']:.2f} | {t.text}",
                        file=sys.stderr,
                    )

    def agg(sel, label):
        if not sel:
            return
        lat = [r["latency_s"] for r in sel]
        res[f"{label}_n"] = len(sel)
        res[f"{label}_latency_p50_s"] = round(pct(lat, 50), 3)
        res[f"{label}_latency_p95_s"] = round(pct(lat, 95), 3)
        res[f"{label}_rtf"] = round(sum(lat) / sum(r["audio_s"] for r in sel), 3)
        res[f"{label}_wer"] = round(statistics.mean(r["wer"] for r in sel), 3)
        res[f"{label}_cer"] = round(statistics.mean(r["cer"] for r in sel), 3)
        withnum = [r for r in sel if r["numbers"]]
        if withnum:
            res[f"{label}_section_number_acc"] = round(sum(r["numbers_ok"] for r in withnum) / len(withnum), 3)
        res[f"{label}_lang_acc"] = round(sum(r["detected"] == r["lang"] for r in sel) / len(sel), 3)

    agg([r for r in rows if r["lang"] == "en" and r["variant"] == "wav" and r["mode"] == "en"], "stt_en_given")
    agg([r for r in rows if r["lang"] == "en" and r["variant"] == "wav" and r["mode"] == "auto"], "stt_en_auto")
    agg([r for r in rows if r["lang"] == "en" and r["variant"] != "wav"], "stt_en_codecs_auto")
    agg([r for r in rows if r["lang"] == "hi" and r["mode"] == "hi"], "stt_hi_given")
    agg([r for r in rows if r["lang"] == "hi" and r["mode"] == "auto"], "stt_hi_auto")
    five = [r for r in rows if 3.5 <= r["audio_s"] <= 6.5]
    agg(five, "stt_5s_clips")
    print(json.dumps(res, indent=1, ensure_ascii=False))
    if a.json:
        Path(a.json).write_text(json.dumps({"summary": res, "rows": rows}, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
