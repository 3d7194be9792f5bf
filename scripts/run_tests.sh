#!/usr/bin/env bash
# Set up the same environment, lint (ruff check, ruff format --check) and run the whole test suite
# (real FalkorDB, Whisper, piper, LLM, browser).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_env.sh
# Debian's chromium drives the browser tests (Playwright's own browser download is not used);
# poppler-utils (pdftoppm) rasterises the drafted PDFs to check that Hindi is shaped, not boxes
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null) \
      || echo "warning: could not install ${need[*]}; the tests that need them will be skipped"
  else
    echo "warning: ${need[*]} missing and not root; the tests that need them will be skipped"
  fi
fi
# lint and format first: a lint error fails the run like a failing test
.venv/bin/ruff check .
.venv/bin/ruff format --check .
export GRADIO_ANALYTICS_ENABLED=False
# Two pytest processes: everything else, then the tests that load the local GGUF model (marker llm).
# llama.cpp links the system's OpenMP runtime and CTranslate2 (Whisper) ships its own copy; in one
# process with the speech tests CI died once with SIGSEGV in two llama.cpp compute threads at once.
# A phase that selects no test (exit 5, e.g. a run limited to one file) does not fail the run.
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider -m "not llm" "$@"
rc_main=$?
.venv/bin/python -m pytest -q -p no:cacheprovider -m llm "$@"
rc_llm=$?
set -e
for rc in "$rc_main" "$rc_llm"; do
  if [ "$rc" != 0 ] && [ "$rc" != 5 ]; then
    exit "$rc"
  fi
done
if [ "$rc_main" = 5 ] && [ "$rc_llm" = 5 ]; then
  exit 5
fi
exit 0
