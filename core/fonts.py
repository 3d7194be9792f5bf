"""The fonts NyayaPath draws text with, and the script runs a line is split into: one home for the
chain picture (app/chain_image.py, Pillow + libraqm) and the drafted PDFs (core/drafts/render.py,
fpdf2 + HarfBuzz). Devanagari comes from Debian's fonts-noto-core (or fonts-lohit-deva), installed by
scripts/setup_env.sh and the Dockerfile; Latin from the DejaVu Sans that matplotlib ships. Nothing is
downloaded."""

from __future__ import annotations

import glob
import logging
import re
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

# Devanagari fonts, best first (Debian fonts-noto-core, fonts-lohit-deva, fonts-noto-extra ...)
DEVANAGARI_FONTS = (
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansDevanagari-Regular.otf",
    "NotoSansDevanagariUI-Regular.ttf",
    "Lohit-Devanagari.ttf",
    "NotoSerifDevanagari-Regular.ttf",
)
DEVANAGARI_BOLD = ("NotoSansDevanagari-Bold.ttf", "NotoSansDevanagari-Bold.otf")
FONT_ROOTS = ("/usr/share/fonts", "/usr/local/share/fonts")

# Devanagari and the characters that live inside a Devanagari run (ZWNJ, ZWJ, dotted circle)
_DEVA = re.compile(r"[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF\u200C\u200D\u25CC]")
# spaces, digits and punctuation: they stay in the run they are in
_NEUTRAL = re.compile(r"[\s\d.,;:()\[\]\-–—/'\"“”‘’!?|+&%₹]")


def find(names: tuple[str, ...]) -> str | None:
    for name in names:
        for root in FONT_ROOTS:
            hits = sorted(glob.glob(f"{root}/**/{name}", recursive=True))
            if hits:
                return hits[0]
    return None


@lru_cache(maxsize=1)
def font_files() -> dict[str, str | None]:
    """{"latin", "latin_bold", "deva", "deva_bold"} -> font file (None where none is installed)."""
    latin = latin_bold = None
    try:
        import matplotlib

        ttf = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
        latin = str(ttf / "DejaVuSans.ttf") if (ttf / "DejaVuSans.ttf").is_file() else None
        latin_bold = str(ttf / "DejaVuSans-Bold.ttf") if (ttf / "DejaVuSans-Bold.ttf").is_file() else None
    except Exception:  # matplotlib absent: the system's DejaVu
        pass
    latin = latin or find(("DejaVuSans.ttf",))
    latin_bold = latin_bold or find(("DejaVuSans-Bold.ttf",)) or latin
    deva = find(DEVANAGARI_FONTS)
    deva_bold = find(DEVANAGARI_BOLD) or deva
    if deva is None:
        log.warning("no Devanagari font installed (Debian fonts-noto-core): Hindi text shows boxes")
    return {"latin": latin, "latin_bold": latin_bold, "deva": deva, "deva_bold": deva_bold}


def script_runs(text: str) -> list[tuple[str, bool]]:
    """Split text into (run, is_devanagari); spaces, digits and punctuation stay in the current run,
    so each run is shaped and drawn in a font that has its glyphs."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        deva = bool(_DEVA.match(ch))
        if _NEUTRAL.match(ch) and out:
            deva = out[-1][1]
        if out and out[-1][1] == deva:
            out[-1] = (out[-1][0] + ch, deva)
        else:
            out.append((ch, deva))
    return out
