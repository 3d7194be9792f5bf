"""Whisper's decoding settings per language (issue 15, 20, 24): the settings a first pass uses, what a
second pass uses when the first failed a check, and the speech-rate floor of the near-empty check.
Each was chosen by measurement on real recordings; the figures are beside each. Read by
core.speech.stt (which re-exports these names).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Decoding:
    """One set of decoding settings.  ``prompt``: "vocab" (the legal vocabulary prompt built
    from the pack, :func:`core.speech.legal_vocab.build_prompt`), "legacy", "fw" (Hindi
    function words only), "script" (a Devanagari greeting), "" (none) or any literal text."""

    name: str = "default"
    beam_size: int = 1
    temperatures: tuple[float, ...] = (0.0, 0.4)
    vad: bool = True
    vad_min_silence_ms: int = 500
    vad_speech_pad_ms: int = 400
    vad_threshold: float = 0.5
    prompt: str = "vocab"
    prompt_tokens: int = 120
    hotwords: str = ""
    condition_on_previous_text: bool = False
    word_timestamps: bool = False  # +50% CPU; the echo filter then works on the text alone
    timestamps: bool = True  # segment timestamps: the tail check needs the segments they split
    repetition_penalty: float = 1.05

    def but(self, **kw) -> Decoding:
        return dataclasses.replace(self, **kw)


# Chosen by measurement (benchmarks/bench_speech_real.py on the 49 real Hindi and 3 real
# Indian-English clips, benchmarks/bench_speech_vocab.py on 26 espeak-ng/piper legal questions;
# the table is in the README).
# * English: the legal vocabulary prompt built from the pack (120 tokens) with beam 5: WER 0.092
#   and act names 96% on the legal questions (two-line prompt, beam 1: 0.197 and 73%); real
#   Indian English 0.148 (0.259 before).
# * Hindi: the five-word legal prompt with beam 5 and no temperature fallback (deterministic):
#   the best CER of every setting tried; its echoes are removed by strip_echo, and the outputs
#   it leaves nearly empty (the prompt echoed back, then removed) are decoded again with beam 1
#   and the fallback.  A pack-built Hindi prompt (police, court, ... words people say) leaked
#   mid-sentence into 31% of the real outputs, where no filter can tell it from speech; no
#   prompt at all gave Urdu script 85% of the time.
# * Hindi beam 3 rather than 5 (issue 24, the full transcribe path on the 49 real Hindi clips, language
#   given, retries seeded): WER 0.836 / CER 0.523 / near-empty 0% / wrong script 2.0% against beam 5's
#   0.839 / 0.530 / 4.1% / 2.0%, in 1.94 s a clip against 2.34 s (load 1.2-1.6). Beam 4: 0.837 / 0.521 /
#   2.0% / 0%, 2.02 s; beam 2 loses (0.856 / 0.554). Without timestamps: no faster (1.93 s), and the tail
#   check needs the segments. English stays on beam 5: beam 3 on the 26 spoken legal questions
#   (benchmarks/bench_speech_vocab.py) WER 0.105 -> 0.118, act names 96% -> 92%, for 15.9 -> 15.3 s.
DECODING: dict[str, Decoding] = {
    "en": Decoding(name="en-vocab-beam5", beam_size=5, temperatures=(0.0,), prompt="vocab", prompt_tokens=120),
    "hi": Decoding(name="hi-legal-beam3", beam_size=3, temperatures=(0.0,), prompt="legacy"),
}
# What a second pass uses when the first one failed a check.
RETRY: dict[str, dict[str, Decoding]] = {
    "hi": {
        "near_empty": Decoding(name="hi-legal-beam1-fallback", beam_size=1, temperatures=(0.0, 0.4), prompt="legacy"),
        "script": Decoding(name="hi-fw-beam1", beam_size=1, temperatures=(0.0,), prompt="fw"),
    },
    "en": {
        "near_empty": Decoding(
            name="en-vocab-beam1-novad", beam_size=1, temperatures=(0.0,), vad=False, prompt="vocab", prompt_tokens=120
        )
    },
}
# The pass that confirms the legal prompt's words (Transcriber.confirm, issue 20): function words
# only in the prompt, so whatever legal word it writes was heard.
CONFIRM: dict[str, Decoding] = {"hi": RETRY["hi"]["script"]}
# Speech-rate floor (words per second of detected speech) for the near-empty check: the real
# Hindi news clips run at 2.1-4.3 words/s (mean 3.0); a Hindi transcript under 40% of 2.5 w/s
# (1 w/s) is "near-empty" and decoded again (measured on the 49 clips: 2.0 w/s caught fewer of
# the outputs that had under 40% of the reference's words, 3.0 retried more for no gain).
WORDS_PER_S = {"hi": 2.5, "en": 2.0}
NEAR_EMPTY_RATIO = 0.4
