"""Speech the system was not tuned to: espeak-ng English and Hindi (and piper English for
comparison) speaking everyday legal questions, at two speeds, clean, with noise and through a
telephone band; through Whisper and then the answering pipeline.

    report = evaluate(graph=None, quick=False)

Questions: :mod:`evaluation.speech_questions` (44 English, 44 Hindi, written for this set).
Each question is spoken twice by espeak-ng -- (speed A, clean) and (speed B, noise or
telephone), alternating so every speed meets every condition -- and each English question
once more by piper (clean).  Clips are generated at run time into
``$NYAYAPATH_CACHE/speech_synth/`` (never committed) and reused while the text, voice and
perturbation are unchanged.

Deterministic: espeak-ng's output depends on what the library spoke before in the same
process, so every espeak clip is spoken by a fresh process as its first utterance; noise is
seeded by the clip id; the telephone band is a fixed FFT band-pass (300-3400 Hz), 8 kHz
resampling and G.711 mu-law companding.

Reported per voice (engine and speed), condition and language: WER and CER (the Indian-ASR
scoring of evaluation.speech_score, on the normalised transcript against the question as
written), act-name accuracy (the acts named in the question that the transcript's act list
holds), section-number accuracy, and -- with a graph -- the share of spoken questions answered,
clarified or abstained, beside the same for the typed question.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np

from evaluation import metrics as M
from evaluation import speech_score as S
from evaluation.speech_questions import EN, HI

SR = 16_000
VERSION = 2
ROOT = Path(__file__).resolve().parents[1]
# espeak-ng voices and the two speeds (words per minute) each is heard at
VOICES = {"en": ("en-us", (140, 185)), "hi": ("hi", (125, 165))}
NOISE_SNR_DB = 15.0


# ------------------------------------------------------------------ audio
def _espeak_pcm(voice: str, rate: int, text: str) -> tuple[np.ndarray, int]:
    code = (
        "import sys; from core.speech.tts import EspeakEngine as E; e = E(sys.argv[1], int(sys.argv[2])); "
        "p = e.pcm(sys.argv[3]); sys.stdout.buffer.write(e.sample_rate.to_bytes(4, 'little') + p.tobytes())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, voice, str(rate), text], cwd=ROOT, capture_output=True, timeout=120
    )
    if out.returncode:
        raise RuntimeError(f"espeak-ng failed: {out.stderr.decode(errors='replace')[-500:]}")
    sr = int.from_bytes(out.stdout[:4], "little")
    return np.frombuffer(out.stdout[4:], dtype=np.int16).copy(), sr


def _piper_pcm(text: str) -> tuple[np.ndarray, int]:
    """piper "joe", one thread and a fixed seed (tests/support/synth_fixtures explains why)."""
    import onnxruntime as ort
    from piper import PiperVoice
    from piper.config import PiperConfig

    from core.speech.tts import _joe_voice

    model = _joe_voice()
    cfg = PiperConfig.from_dict(json.loads(Path(f"{model}.json").read_text(encoding="utf-8")))
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    ort.set_seed(20241231)
    session = ort.InferenceSession(str(model), sess_options=opts, providers=["CPUExecutionProvider"])
    chunks = [c.audio_int16_array for c in PiperVoice(session=session, config=cfg).synthesize(text)]
    return (np.concatenate(chunks) if chunks else np.zeros(0, np.int16)), int(cfg.sample_rate)


def _resample(x: np.ndarray, sr_in: int, sr_out: int) -> np.ndarray:
    if sr_in == sr_out or x.size == 0:
        return x.astype(np.float32)
    n = int(round(x.size * sr_out / sr_in))
    return np.interp(np.linspace(0, x.size - 1, n), np.arange(x.size), x).astype(np.float32)


def _band(x: np.ndarray, lo: float = 300.0, hi: float = 3400.0) -> np.ndarray:
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(x.size, 1 / SR)
    spec[(f < lo) | (f > hi)] = 0
    return np.fft.irfft(spec, n=x.size).astype(np.float32)


def telephone(x: np.ndarray) -> np.ndarray:
    """300-3400 Hz band, 8 kHz, mu-law 8 bit, back to 16 kHz and band-limited again, as the
    receiving end of a G.711 phone call hears it (the quantisation noise stays in the band)."""
    y = _band(x)
    y8 = _resample(y, SR, 8000)
    mu = 255.0
    peak = float(np.max(np.abs(y8))) or 1.0
    z = np.sign(y8 / peak) * np.log1p(mu * np.abs(y8 / peak)) / np.log1p(mu)
    z = np.round(z * 127) / 127  # 8-bit code words
    y8 = np.sign(z) * (np.expm1(np.abs(z) * np.log1p(mu)) / mu) * peak
    return _band(_resample(y8.astype(np.float32), 8000, SR)[: x.size])


def add_noise(x: np.ndarray, snr_db: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    p = float(np.mean(x**2)) or 1e-8
    n = rng.normal(0, np.sqrt(p / 10 ** (snr_db / 10)), x.size).astype(np.float32)
    return np.clip(x + n, -1, 1)


def clip_audio(row: dict) -> np.ndarray:
    """float32 16 kHz samples for one row, from the cache or freshly spoken."""
    from core.config import load_settings

    key = hashlib.sha1(
        json.dumps(
            [VERSION, row["engine"], row["voice"], row["rate"], row["text"], row["condition"], row["id"]],
            ensure_ascii=False,
        ).encode()
    ).hexdigest()[:16]
    cache = load_settings().cache_dir / "speech_synth"
    path = cache / f"{row['id']}-{key}.npy"
    if path.is_file():
        return np.load(path)
    if row["engine"] == "piper":
        pcm, sr = _piper_pcm(row["text"])
    else:
        pcm, sr = _espeak_pcm(row["voice"], row["rate"], row["text"])
    x = _resample(pcm.astype(np.float32) / 32768.0, sr, SR)
    if row["condition"] == "noise":
        x = add_noise(x, NOISE_SNR_DB, zlib.crc32(row["id"].encode()))
    elif row["condition"] == "phone":
        x = telephone(x)
    pad = np.zeros(SR // 2, dtype=np.float32)
    x = np.concatenate([pad, x, pad]).astype(np.float32)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, x)
    tmp.replace(path)
    return x


# ------------------------------------------------------------------ the set
def rows(quick: bool = False) -> list[dict]:
    out = []
    for lang, qs in (("en", EN), ("hi", HI)):
        voice, (slow, fast) = VOICES[lang]
        for i, (text, acts, numbers) in enumerate(qs):
            if quick and i % 6:
                continue
            base = {"lang": lang, "text": text, "acts": acts, "numbers": numbers, "q": f"{lang}{i:02d}"}
            a_rate, b_rate = (slow, fast) if i % 2 == 0 else (fast, slow)
            b_cond = "noise" if (i // 2) % 2 == 0 else "phone"
            out.append(
                {
                    **base,
                    "id": f"{lang}{i:02d}-espeak{a_rate}-clean",
                    "engine": "espeak",
                    "voice": voice,
                    "rate": a_rate,
                    "condition": "clean",
                }
            )
            out.append(
                {
                    **base,
                    "id": f"{lang}{i:02d}-espeak{b_rate}-{b_cond}",
                    "engine": "espeak",
                    "voice": voice,
                    "rate": b_rate,
                    "condition": b_cond,
                }
            )
            if lang == "en":
                out.append(
                    {
                        **base,
                        "id": f"{lang}{i:02d}-piper-clean",
                        "engine": "piper",
                        "voice": "joe",
                        "rate": 0,
                        "condition": "clean",
                    }
                )
    return out


def _known_acts() -> set[str]:
    from domain.acts import registry

    return set(registry())


def _answer_status(pipe, text: str, lang: str, heard=None) -> str:
    from core.speech.clarify import clarify_spoken

    try:
        res = pipe.ask(text, lang=lang)
    except Exception as exc:  # a crash is a result
        return f"error:{type(exc).__name__}"
    if heard is not None:
        c = clarify_spoken(res, heard, lang)
        if c is not None:
            return "clarify"
    return str(res.status)


def evaluate(graph=None, *, quick: bool = False, transcriber=None, log=None) -> dict:
    """Transcribe every clip (language given, as when the user picked it) and score it; with a
    graph, answer each transcript and each typed question (extractive synthesizer)."""
    try:
        if transcriber is None:
            from core.speech.stt import Transcriber

            transcriber = Transcriber()
        todo = rows(quick)
    except Exception as exc:
        return {"skipped": f"speech unavailable: {type(exc).__name__}: {exc}"}
    pipe = None
    if graph is not None:
        from core.answer import AnswerPipeline
        from core.synthesis import make_synthesizer

        pipe = AnswerPipeline(graph, make_synthesizer("extractive"))
    known = _known_acts()
    per = []
    typed: dict[str, str] = {}
    t0 = time.perf_counter()
    for r in todo:
        try:
            x = clip_audio(r)
            t = transcriber.transcribe(x, language=r["lang"])
            hyp, acts, warns, heard = t.text, list(t.acts), list(t.warnings), t  # heard: the Transcript
            secs = x.size / SR
        except Exception as exc:
            hyp, acts, warns, heard, secs = "", [], [f"error: {type(exc).__name__}: {exc}"], None, 0.0
        gold_acts = [a for a in r["acts"] if a in known]
        row = {
            "id": r["id"],
            "lang": r["lang"],
            "engine": r["engine"],
            "rate": r["rate"],
            "condition": r["condition"],
            "ref": r["text"],
            "hyp": hyp,
            "wer": S.wer(r["text"], hyp),
            "cer": S.cer(r["text"], hyp),
            "acts": (sum(a in acts for a in gold_acts) / len(gold_acts)) if gold_acts else None,
            "numbers": M.number_accuracy(r["numbers"], hyp),
            "warnings": warns,
            "audio_s": round(secs, 2),
        }
        if pipe is not None:
            row["status"] = _answer_status(pipe, hyp, r["lang"], heard) if hyp else "clarify"
            if r["q"] not in typed:
                typed[r["q"]] = _answer_status(pipe, r["text"], r["lang"])
            row["typed_status"] = typed[r["q"]]
        per.append(row)
        if log:
            log(f"[{r['id']}] wer={row['wer']:.2f} {row.get('status', '')} | {hyp[:80]}")
    out = {"n": len(per), "quick": quick, "seconds": round(time.perf_counter() - t0, 1), "groups": {}}
    keys = sorted({(p["lang"], p["engine"], p["rate"], p["condition"]) for p in per})
    for lang in ("en", "hi"):
        for key in [("all",)] + [k for k in keys if k[0] == lang]:
            sub = [
                p
                for p in per
                if p["lang"] == lang and (key == ("all",) or (p["engine"], p["rate"], p["condition"]) == key[1:])
            ]
            if not sub:
                continue
            name = f"{lang}:all" if key == ("all",) else f"{lang}:{key[1]}{key[2] or ''}:{key[3]}"
            out["groups"][name] = _summary(sub)
    out["clips"] = per
    return out


def _summary(sub: list[dict]) -> dict:
    rates = S.corpus_rates((p["ref"], p["hyp"]) for p in sub)
    s = {
        "n": len(sub),
        "wer": rates["wer"],
        "cer": rates["cer"],
        "act_accuracy": M.mean([p["acts"] for p in sub]),
        "number_accuracy": M.mean([p["numbers"] for p in sub]),
    }
    if any("status" in p for p in sub):
        st = [p.get("status") for p in sub]
        s["answered"] = sum(x in ("answer", "conflict") for x in st) / len(st)
        s["clarify"] = sum(x == "clarify" for x in st) / len(st)
        s["abstain"] = sum(x == "abstain" for x in st) / len(st)
        ty = [p.get("typed_status") for p in sub]
        s["typed_answered"] = sum(x in ("answer", "conflict") for x in ty) / len(ty)
    return s


def markdown(report: dict) -> list[str]:
    L = ["## Synthetic voices the system was not tuned to (espeak-ng, piper; speed, noise, telephone)", ""]
    if "skipped" in report:
        return L + [f"skipped: {report['skipped']}", ""]
    has_answers = any("answered" in g for g in report["groups"].values())
    head = "| voice | clips | WER | CER | act names | section numbers |"
    sep = "|---|---|---|---|---|---|"
    if has_answers:
        head += " answered | clarify | abstain | typed answered |"
        sep += "---|---|---|---|"
    L += [head, sep]

    def f(x):
        return "" if x is None else f"{x:.2f}" if x > 1 else f"{x:.0%}" if isinstance(x, float) else str(x)

    for name, g in report["groups"].items():
        line = (
            f"| {name} | {g['n']} | {g['wer']:.3f} | {g['cer']:.3f} | {f(g['act_accuracy'])} | "
            f"{f(g['number_accuracy'])} |"
        )
        if has_answers:
            line += f" {f(g['answered'])} | {f(g['clarify'])} | {f(g['abstain'])} | {f(g['typed_answered'])} |"
        L.append(line)
    return L + [""]


def headline(report: dict) -> dict:
    h = {}
    for lang in ("en", "hi"):
        g = report.get("groups", {}).get(f"{lang}:all")
        if g:
            h[f"synth_speech_wer_{lang}"] = round(g["wer"], 3)
            if "answered" in g:
                h[f"synth_speech_answered_{lang}"] = round(g["answered"], 3)
                h[f"synth_speech_clarify_{lang}"] = round(g["clarify"], 3)
    return h
