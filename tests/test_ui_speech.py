"""The page in voice mode (issues 13, 15): offline Hindi shows what was heard and asks for
confirmation, says typing works better, and a spoken question that is not a legal one is
clarified. Real service, real graph, real Whisper on real synthesized speech."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from app.ui import spoken_confirmation
from core.language.templates import render
from core.stages import Transcript


def test_offline_hindi_asks_for_confirmation_and_suggests_typing():
    got = Transcript(text="मुझे जमानत कैसे मिलेगी ", language="hi", served_by="whisper")
    c = spoken_confirmation(got, got.text.strip(), "hi")
    assert c["confirm"] == render("speech.confirm", "hi", text=got.text.strip())
    assert c["typing_hint"] == render("speech.typing_better", "hi")
    assert c["spoken"].text == got.text.strip()


def test_english_or_bhashini_without_warnings_needs_no_confirmation():
    en = Transcript(text="How do I get bail?", language="en", served_by="whisper")
    assert spoken_confirmation(en, en.text, "en")["confirm"] == ""
    hi = Transcript(text="मुझे जमानत कैसे मिलेगी", language="hi", served_by="bhashini")
    assert spoken_confirmation(hi, hi.text, "hi")["confirm"] == ""
    doubtful = en.model_copy(update={"warnings": ["near_empty: only 2 words were recognised in 6.0 s of speech"]})
    c = spoken_confirmation(doubtful, doubtful.text, "en")
    assert c["confirm"] and c["typing_hint"] == render("speech.typing_better_general", "en")


@pytest.fixture(scope="module")
def logic(built_graph, tmp_path_factory):
    from app.service import Service
    from app.ui import AppLogic
    from core.synthesis import ExtractiveComposer

    settings = replace(built_graph.settings, audit_path=tmp_path_factory.mktemp("audit") / "audit.sqlite3")
    svc = Service(settings, synthesizer=ExtractiveComposer())
    yield AppLogic(svc, out_dir=tmp_path_factory.mktemp("ui-out"))
    svc.close()


@pytest.mark.slow
def test_spoken_question_that_is_not_legal_is_clarified_and_typed_edit_is_answered(logic, tmp_path):
    from evaluation.speech_synth import _piper_pcm
    from tests.support.synth_fixtures import encode

    pcm, sr = _piper_pcm("The weather is lovely today and the mangoes are sweet.")
    wav = tmp_path / "q.wav"
    wav.write_bytes(encode(pcm, sr, "wav"))
    got = logic.transcribe(str(wav), "en")
    # "the mangoes" is heard "the man goes" with the legal vocabulary prompt (measured)
    assert got["message"] is None and {"weather", "sweet"} <= set(re.findall(r"\w+", got["text"].lower()))
    out = logic.answer(got["text"], "en", "", got["heard"], spoken=got["spoken"])
    assert out.result.status == "clarify"
    assert out.result.answer == render("clarify.heard", "en", text=got["text"])
    assert out.result.transcript.text == got["text"]
    # once the person types a real question over it, it is answered as typed
    typed = logic.answer("How do I get anticipatory bail?", "en", "", got["heard"], spoken=got["spoken"])
    assert typed.result.status in ("answer", "conflict")
