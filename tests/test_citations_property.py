"""Property tests: never crash, spans always valid, time linear in input size."""

from __future__ import annotations

import gc
import random
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.citations import extract

LEGAL_BITS = [
    "Section ",
    "Sections ",
    "s. ",
    "u/s ",
    "धारा ",
    "अनुच्छेद ",
    "Article ",
    "Art. ",
    "302",
    "34",
    "498A",
    "(1)",
    "(a)",
    " and ",
    " r/w ",
    "/",
    ", ",
    " IPC",
    " Cr.P.C.",
    " BNS",
    " of the ",
    "Indian Evidence Act",
    "आईपीसी",
    "की ",
    "v. ",
    " vs ",
    "Maneka Gandhi",
    " Union of India ",
    "(1978) 1 SCC 248",
    " : ",
    "AIR 1978 SC 597",
    "(supra)",
    "ibid.",
    "Id.",
    "\n\n",
    "Rs. ",
    "२१",
    "[1978] 2 SCR 621",
    "2023 INSC 12",
]
legalish = st.lists(st.sampled_from(LEGAL_BITS) | st.text(max_size=8), max_size=40).map("".join)


def _check(text: str, default_act: str | None = None) -> None:
    prev = -1
    for c in extract(text, default_act=default_act):
        assert 0 <= c.start < c.end <= len(text)
        assert text[c.start : c.end] == c.text
        assert c.start >= prev
        prev = c.start
        assert c.kind in ("section", "article", "case")
        assert c.key
        if c.kind == "case":
            assert c.act is None and c.number is None
        else:
            assert c.number and c.key.endswith(":" + c.number)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_arbitrary_unicode_never_crashes(text):
    _check(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legalish, st.sampled_from([None, "BNS", "IPC", "CRPC"]))
def test_legalish_text_spans_valid(text, default_act):
    _check(text, default_act)


@settings(max_examples=100, deadline=None)
@given(legalish, legalish)
def test_prefix_does_not_change_later_spans_text(a, b):
    # Citations found in b keep their text when b is embedded after a paragraph break.
    joined = a + "\n\n" + b
    for c in extract(joined):
        assert joined[c.start : c.end] == c.text


ADVERSARIAL = [
    "Section " * 4000,
    "(((((" * 6000,
    "v. " * 10000,
    "1" * 30000,
    "AIR " * 7500,
    "IPC " * 7500,
    "1 " * 15000,
    "Sections 1, " * 2500,
    "A v. " * 6000,
    "(1978) " * 4000,
    "supra " * 5000,
    "धारा " * 6000,
    "Art. 1(1)" * 3000,
    "2023 " * 6000,
    "s. " * 10000,
    "Ibid. " * 5000,
]


def _block(size: int, seed: int = 7) -> str:
    """~size chars mixing random text, legal-looking text and adversarial runs."""
    rng = random.Random(seed)
    parts: list[str] = []
    n = 0
    while n < size:
        r = rng.random()
        if r < 0.3:
            piece = rng.choice(ADVERSARIAL)[: rng.randint(1000, 8000)]
        elif r < 0.6:
            piece = "".join(rng.choice(LEGAL_BITS) for _ in range(rng.randint(10, 200)))
        else:
            piece = "".join(chr(rng.randint(32, 0x097F)) for _ in range(rng.randint(100, 3000)))
        parts.append(piece)
        n += len(piece)
    return "".join(parts)[:size]


def _time(text: str, repeats: int = 1) -> float:
    """Best time of ``extract(text)`` with the garbage collector paused: the test is about the
    extractor's growth (no catastrophic backtracking), and late in the whole suite the collector's
    passes over a large heap made the megabyte run 20x the small one although it is linear alone."""
    best = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeats):
            t = time.perf_counter()
            extract(text)
            best = min(best, time.perf_counter() - t)
    finally:
        gc.enable()
    return best


def test_linear_time_on_adversarial_megabyte():
    small = _block(100_000)
    big = small * 10  # ~1 MB with the same mix
    t_small = _time(small, repeats=3)
    t_big = _time(big)
    assert t_big < 15 * t_small + 1.0, (t_small, t_big)


def test_each_adversarial_pattern_scales_linearly():
    for pat in ADVERSARIAL:
        unit = pat[:10_000]
        t1 = _time(unit, repeats=3)
        t5 = _time(unit * 5)
        assert t5 < 15 * t1 + 0.5, (pat[:10], t1, t5)
