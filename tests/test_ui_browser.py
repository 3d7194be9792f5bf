"""The real app in a real browser: Debian chromium, headless, driven by Playwright.

The app is served on 127.0.0.1 (a free port) by a real Service on the session graph
(tests/conftest.py built_graph), answering with the ExtractiveComposer so a question
takes seconds, not an LLM's minute. Whisper and piper are the real models.

Screenshots go to test-artifacts/ (gitignored). Timings are printed (run with -s) and
written to test-artifacts/ui_timings.json.

Needs: `apt-get install -y chromium` (never `playwright install`).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import time
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
WAIT_MS = 120_000  # bound on any single model-backed wait (Whisper, the graph)
SPEECH_WAIT_MS = 240_000  # piper speaks the whole answer and its notices (minutes of audio on a
# long extractive answer; ~12 s of work on an idle 2-core machine)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TIMINGS: dict[str, float] = {}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def app_url(built_graph, tmp_path_factory):
    from app.service import Service
    from app.ui import launch
    from core.synthesis import ExtractiveComposer

    settings = replace(
        built_graph.settings,
        data_dir=built_graph.settings.data_dir,
        audit_path=tmp_path_factory.mktemp("ui-audit") / "audit.sqlite3",
    )
    svc = Service(settings, synthesizer=ExtractiveComposer())
    port = _free_port()
    demo = launch(host="127.0.0.1", port=port, service=svc, prevent_thread_lock=True, warm=True)
    yield f"http://127.0.0.1:{port}/"
    demo.close()
    svc.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "ui_timings.json").write_text(json.dumps(TIMINGS, indent=2))


@pytest.fixture(scope="module")
def browser():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        pytest.skip("Debian chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, app_url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1600})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.perf_counter()
    pg.goto(app_url, wait_until="domcontentloaded", timeout=WAIT_MS)
    pg.wait_for_selector("#np-question textarea", state="visible", timeout=WAIT_MS)
    TIMINGS.setdefault("page_load_s", round(time.perf_counter() - t0, 2))
    pg.page_errors = errors
    yield pg
    ctx.close()


def _shot(pg, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _ask(pg, question: str | None = None) -> float:
    if question is not None:
        pg.fill("#np-question textarea", question)
    t0 = time.perf_counter()
    pg.click("#np-ask")
    pg.wait_for_selector("#np-card .np-card", state="visible", timeout=WAIT_MS)
    return time.perf_counter() - t0


def _wait_answer_audio(pg) -> bytes:
    """Wait for the spoken answer to be attached to the answer audio player; return the WAV."""
    pg.wait_for_selector(
        "#np-answer-audio audio[src], #np-answer-audio a[download$='.wav']", state="attached", timeout=SPEECH_WAIT_MS
    )
    link = pg.locator("#np-answer-audio a[download$='.wav']")
    src = (
        link.first.get_attribute("href")
        if link.count()
        else pg.locator("#np-answer-audio audio[src]").first.get_attribute("src")
    )
    body = pg.request.get(src).body()
    assert body[:4] == b"RIFF" and body[8:12] == b"WAVE" and len(body) > 1000
    return body


def _upload_audio(pg, path) -> None:
    """Switch the question's audio input from the microphone to upload, and send a file."""
    box = pg.locator("#np-audio-in")
    if not box.locator("input[type=file]").count():
        box.locator("button[aria-label='Upload file']").click()
    box.locator("input[type=file]").set_input_files(str(path))


def test_page_loads(page):
    assert page.title().startswith("NyayaPath")
    # Gradio renders the form in pieces: wait for each control (a bounded wait) rather than
    # sampling visibility once the textarea alone has appeared.
    for sel in ("#np-question textarea", "#np-ask", "#np-audio-in", "#np-lang", "#np-date"):
        page.wait_for_selector(sel, state="visible", timeout=WAIT_MS)
        assert page.locator(sel).first.is_visible(), sel
    labels = page.locator("#np-lang").inner_text()
    assert "हिन्दी" in labels and "English" in labels and "Auto" in labels
    _shot(page, "ui-01-loaded")
    assert not page.page_errors, page.page_errors


def test_text_question_shows_citations_and_chips(page):
    took = _ask(page, "How do I get anticipatory bail?")
    TIMINGS["text_answer_s"] = round(took, 2)
    card = page.locator("#np-card .np-card")
    status = card.get_attribute("data-status")
    assert status in ("answer", "conflict"), card.inner_text()
    chips = page.locator("#np-card .np-chip")
    assert chips.count() >= 1
    assert all(chips.nth(i).get_attribute("data-status") for i in range(chips.count()))
    text = card.inner_text()
    assert "BNSS" in text or "CrPC" in text or "Section" in text
    assert "legal advice" in text  # the disclaimer
    assert "2024-12-31" in text  # law as of
    link = page.wait_for_selector("#np-download a[href]", timeout=WAIT_MS)
    doc = page.request.get(link.get_attribute("href")).text()
    assert doc.startswith("<!DOCTYPE html>") and "np-chip" in doc and "data:image/png;base64," in doc
    assert "<script" not in doc
    img = page.wait_for_selector("#np-chain img[src]", timeout=WAIT_MS)  # the chain picture
    png = page.request.get(img.get_attribute("src")).body()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    _shot(page, "ui-02-text-answer")
    assert not page.page_errors, page.page_errors


def test_empty_question_shows_the_fixed_message(page):
    from core.language.templates import render

    _ask(page, "")
    card = page.locator("#np-card .np-card")
    assert card.get_attribute("data-status") == "abstain"
    assert render("input.empty", "en") in card.inner_text()
    _shot(page, "ui-03-empty")


def test_script_in_the_question_is_shown_not_run(page):
    q = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> bail?'
    _ask(page, q)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__pwned === undefined")
    assert "<script>window.__pwned=2</script>" in page.locator("#np-card .np-question").inner_text()


def test_voice_question_round_trip(page, tmp_path):
    from core.speech.tts import Speaker

    wav = tmp_path / "question.wav"
    wav.write_bytes(Speaker().synthesize("What is the punishment for murder under the new law?", "en"))
    t0 = time.perf_counter()
    _upload_audio(page, wav)
    page.wait_for_function(
        "() => { const t = document.querySelector('#np-question textarea'); return t && t.value.trim().length > 5; }",
        timeout=WAIT_MS,
    )
    TIMINGS["voice_transcribe_s"] = round(time.perf_counter() - t0, 2)
    transcript = page.input_value("#np-question textarea")
    assert "murder" in transcript.lower(), transcript
    _shot(page, "ui-04-transcript")
    _ask(page)
    card = page.locator("#np-card .np-card")
    assert card.get_attribute("data-status") in ("answer", "conflict", "abstain")
    _wait_answer_audio(page)
    TIMINGS["voice_round_trip_s"] = round(time.perf_counter() - t0, 2)
    _shot(page, "ui-05-voice-answer")
    assert not page.page_errors, page.page_errors


def test_corrupt_audio_shows_a_message(page, tmp_path):
    bad = tmp_path / "broken.wav"
    bad.write_bytes(b"RIFF\x00\x00\x00\x00WAVEfmt " + bytes(range(256)) * 20)
    _upload_audio(page, bad)
    page.wait_for_selector("#np-card .np-card", state="visible", timeout=WAIT_MS)
    text = page.locator("#np-card .np-card").inner_text()
    assert "audio" in text.lower() or "record" in text.lower(), text
    _shot(page, "ui-06-corrupt-audio")
