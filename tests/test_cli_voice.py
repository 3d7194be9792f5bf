"""`nyayapath ask --audio Q.wav --speak A.wav`: a spoken question in, a spoken cited answer out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import wave

import pytest

from core.speech.tts import Speaker
from tests.support.synth_fixtures import encode, tts_pcm


@pytest.mark.slow
def test_voice_round_trip_on_the_cli(built_graph, tmp_path):
    pcm, sr = tts_pcm(Speaker(), "How can I get anticipatory bail?", "en")
    question = tmp_path / "q.wav"
    question.write_bytes(encode(pcm, sr, "wav"))
    answer = tmp_path / "a.wav"
    env = {
        **os.environ,
        "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir),
        "NYAYAPATH_LLM": "extractive",
        "NYAYAPATH_AUDIT_DB": str(tmp_path / "audit.sqlite3"),
    }
    env.pop("FALKORDB_URL", None)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "ask",
            "--audio",
            str(question),
            "--speak",
            str(answer),
            "--lang",
            "en",
            "--json",
        ],
        capture_output=True,
        env=env,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    r = json.loads(out.stdout)
    assert r["status"] in ("answer", "conflict")
    assert any((c["node_id"] or "").startswith(("BNSS:", "CRPC:")) for c in r["citations"])
    with wave.open(str(answer)) as w:
        assert w.getnframes() / w.getframerate() > 1.0  # a real spoken answer


def test_corrupt_audio_on_the_cli_is_a_clear_error(built_graph, tmp_path):
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunkjunkjunk" * 10)
    env = {**os.environ, "NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir), "NYAYAPATH_LLM": "extractive"}
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "ask", "--audio", str(bad)], capture_output=True, env=env, timeout=300
    )
    assert out.returncode == 1
    assert b"audio" in out.stderr.lower() or b"record" in out.stderr.lower()
