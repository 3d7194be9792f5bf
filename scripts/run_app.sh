#!/usr/bin/env bash
# Set up the environment, build the knowledge graph on first use, and serve the app on port 7860.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_env.sh
if ! .venv/bin/nyayapath graph stats --json 2>/dev/null | .venv/bin/python -c \
    'import json,sys; sys.exit(0 if json.load(sys.stdin)["sections_by_act"].get("BNS") else 1)' 2>/dev/null; then
  .venv/bin/nyayapath ingest
fi
exec .venv/bin/nyayapath serve --port "${PORT:-7860}"
