"""evaluation.bench: the fixed question set and the figures it reports (no timed assertions)."""

from evaluation import bench


def test_voice_sample_holds_every_language():
    qs = bench.everyday_questions(bench.VOICE_QUOTA)
    assert len(qs) == 10 and [q["lang"] for q in qs].count("hi") == 4
    assert {q["lang"] for q in qs} == {"en", "hi", "hinglish"}


def test_everyday_questions_are_a_fixed_spread_set():
    qs = bench.everyday_questions()
    assert len(qs) == sum(bench.QUOTA.values()) == 14
    assert {q["lang"] for q in qs} == {"en", "hi", "hinglish"}
    assert [q["lang"] for q in qs].count("hi") == bench.QUOTA["hi"]
    for lang in bench.QUOTA:
        problems = [q["problem"] for q in qs if q["lang"] == lang]
        assert len(problems) == len(set(problems))  # each a different problem
    assert len({q["problem"] for q in qs}) >= 10  # spread over the pack, not one topic
    assert qs == bench.everyday_questions()  # the same set every run
    assert {q["ask_lang"] for q in qs if q["lang"] == "hinglish"} == {"auto"}
    quick = bench.everyday_questions(bench.QUICK_QUOTA)
    assert len(quick) == 4 and {q["lang"] for q in quick} == {"en", "hi", "hinglish"}


def test_percentiles_interpolate():
    assert bench._pct([], 0.5) is None
    assert bench._pct([3.0], 0.95) == 3.0
    assert bench._pct([1, 2, 3, 4], 0.5) == 2.5  # even count: mean of the middle two
    xs = list(range(1, 15))  # 14 samples
    assert bench._pct(xs, 0.95) == 13.3  # between the 13th and the 14th
    d = bench._dist([5, None, 1, 3])
    assert d == {"p50": 3.0, "p95": 4.8, "max": 5, "n": 3}


def test_human_report_prints_both_systems_and_the_load():
    ms = {"p50": 1500.0, "p95": 3000.0, "max": 3200.0, "n": 14}
    res = {
        "quick": False,
        "cpus": 2,
        "loadavg_start": [1.0, 1.0, 1.0],
        "loadavg_end": [1.2, 1.0, 1.0],
        "peak_rss_mb": 2500.0,
        "text": {
            "questions": ["ED001"] * 14,
            "extractive": {"total": ms, "retrieve": ms, "cpu_s_p50": 1.0},
            "local_llm": {
                "first_answer": ms,
                "final_answer": ms,
                "final_answer_model_used": ms,
                "model_only": ms,
                "cpu_s_p50": 2.0,
                "tokens_in_p50": 300,
                "tokens_out_p50": 40,
                "questions_with_model": 5,
                "model_text_kept": 4,
                "model_calls_p50": 1,
            },
            "model": "m",
            "model_settings": {},
            "model_warmup_ms": 10.0,
            "peak_rss_mb": 2400.0,
        },
    }
    out = bench._human(res)
    assert "load average [1.0, 1.0, 1.0]" in out and "2 cores" in out
    res["voice"] = {
        "extractive": {
            "stt": ms,
            "answer": ms,
            "first_sentence_tts": ms,
            "first_audio": ms,
            "cpu_s_p50": 1.0,
            "by_lang": {"hi": {"first_audio": ms, "stt": ms}},
        },
        "peak_rss_mb": 2500.0,
    }
    out = bench._human(res)
    assert "voice/extractive: first audio p50 1.5 s" in out and "    hi: first audio p50 1.5 s" in out
    assert "extractive" in out and "first answer" in out and "final answer" in out
    assert "p50 1.5 s / p95 3.0 s / max 3.2 s (n=14)" in out and "tokens in p50 300" in out
