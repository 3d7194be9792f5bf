"""Draw the graph path behind an answer as a PNG: boxes for nodes, labelled arrows for edges.

A path is the shape core.answer puts in ``citation_chain`` and in a conflict's
``supporting_paths``: ``[{"id","label","name"}, {"rel": "X"}, {"id","label","name"}, ...]``.
Each path is one row of the picture; on a conflict both sides are drawn, captioned, with a
"conflicts with" marker between them. No display, no network.

Drawn with Pillow, whose text layout goes through libraqm (HarfBuzz for shaping, FriBiDi for
direction): Devanagari needs shaping, since a conjunct such as न्य in "न्यायालय" is one glyph made of
three characters and a vowel sign such as ि is drawn before the consonant it follows. matplotlib
draws one glyph per character and cannot. Pillow's wheels carry libraqm; it loads the system's
FriBiDi (Debian libfribidi0), and the Devanagari font comes from Debian fonts-noto-core (or
fonts-lohit-deva); scripts/run_tests.sh and the Dockerfile install both. Latin text is drawn with
the DejaVu Sans that matplotlib ships. Text is split into script runs, each drawn with a font that
has its glyphs; ``missing_glyphs`` says what a font would draw as a box.

``lang="hi"`` gives every label a Hindi form: node kinds and edge types from
core.language.templates (``node.*``, ``rel.*``), citations as "धारा 48 बीएनएसएस", and problem, step
and term names from the pack's Hindi fields. ``script="roman"`` with it draws those Hindi labels in Roman
letters ("Prakriya ka charan", "Dhaara 48 BNSS"), as the answer beside it is shown for a question typed in
Roman-script Hindi (core.language.transliterate.to_roman).
"""

from __future__ import annotations

import io
import json
import logging
import re
import textwrap
import threading
from collections import OrderedDict
from functools import lru_cache

from core import fonts as _fonts
from core.fonts import DEVANAGARI_BOLD, DEVANAGARI_FONTS, FONT_ROOTS, font_files, script_runs  # noqa: F401
from core.language.templates import LABEL_KEYS, label

log = logging.getLogger(__name__)

_LOCK = threading.Lock()  # font objects are shared; draw one picture at a time
_DRAWN_LOCK = threading.Lock()
MAX_PATHS = 6
MAX_NODES_PER_ROW = 5

# Fill colour per node label (lightly tinted; text stays black for contrast).
LABEL_COLOURS = {
    "Section": "#dbeafe",
    "Article": "#e0e7ff",
    "Act": "#ede9fe",
    "Case": "#fef3c7",
    "Term": "#dcfce7",
    "Procedure": "#fce7f3",
    "Step": "#fce7f3",
    "Provision": "#dbeafe",
    "ProceduralEvent": "#fce7f3",
    "Problem": "#ffedd5",
}
DEFAULT_COLOUR = "#f3f4f6"

ROMAN = "hi-Latn"  # the Hindi labels in Roman letters (chain_png's script="roman")


def _hindi(lang: str) -> bool:
    return lang in ("hi", ROMAN)


def _in_script(text: str, lang: str) -> str:
    """A Hindi label as the answer beside it is written: Roman letters for a Roman-script answer."""
    if lang == ROMAN and _DEVA.search(text or ""):
        from core.language.transliterate import to_roman

        return to_roman(text)
    return text


# fonts and script runs: core/fonts.py (shared with the drafted PDFs)
_DEVA = _fonts._DEVA


# ------------------------------------------------------------------------------ fonts
def shaping_available() -> bool:
    """True when Pillow lays text out with libraqm (complex-script shaping)."""
    from PIL import features

    try:
        return bool(features.check("raqm"))
    except Exception:
        return False


@lru_cache(maxsize=64)
def _font(kind: str, px: int):
    from PIL import ImageFont

    path = font_files().get(kind) or font_files().get("latin")
    layout = ImageFont.Layout.RAQM if shaping_available() else ImageFont.Layout.BASIC
    if path is None:
        return ImageFont.load_default(size=px)
    return ImageFont.truetype(path, px, layout_engine=layout)


@lru_cache(maxsize=8)
def _cmap(path: str | None) -> frozenset[int]:
    if not path:
        return frozenset()
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True, fontNumber=0) as f:
        return frozenset(f.getBestCmap() or {})


runs = script_runs


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """Characters of `text` that the font chosen for their run has no glyph for (drawn as boxes)."""
    files = font_files()
    missing = set()
    for run, deva in runs(text):
        path = files["deva_bold" if bold else "deva"] if deva else files["latin_bold" if bold else "latin"]
        have = _cmap(path)
        for ch in run:
            if ch.isspace() or ch in "\u200c\u200d":
                continue
            if ord(ch) not in have:
                missing.add(ch)
    return missing


def _run_font(deva: bool, px: int, bold: bool):
    return _font(("deva" if deva else "latin") + ("_bold" if bold else ""), px)


def text_width(text: str, px: int, bold: bool = False) -> float:
    return sum(_run_font(d, px, bold).getlength(r) for r, d in runs(text))


def draw_text(draw, xy: tuple[float, float], text: str, px: int, fill: str = "#111827", bold: bool = False) -> None:
    """Draw one line, left-aligned at x, vertically centred on y, run by run with the right font."""
    x, y = xy
    for run, deva in runs(text):
        f = _run_font(deva, px, bold)
        draw.text((x, y), run, font=f, fill=fill, anchor="lm")
        x += f.getlength(run)


# ------------------------------------------------------------------------------ Hindi names
@lru_cache(maxsize=1)
def _pack_hindi() -> dict[str, str]:
    """Graph id -> Hindi name from the pack: problem titles, procedure steps, glossary terms."""
    from domain import paths

    out: dict[str, str] = {}
    try:
        for f in sorted(paths.pack_file(paths.PROBLEMS_DIR).glob("*.json")):
            for p in json.loads(f.read_text(encoding="utf-8")).get("problems", []):
                if p.get("title_hi"):
                    out[p["id"]] = p["title_hi"]
        procs = json.loads(paths.pack_file(paths.PROCEDURES).read_text(encoding="utf-8"))
        for flow in procs.get("flows", []):
            for s in flow.get("steps", []):
                if s.get("name_hi"):
                    out[s["id"]] = s["name_hi"]
        terms = json.loads(paths.pack_file(paths.GLOSSARY).read_text(encoding="utf-8"))
        for t in terms.get("terms", []):
            if t.get("hi"):
                out[t["id"]] = t["hi"]
        names = paths.pack_file(paths.PROVISION_NAMES)
        if names.is_file():
            for p in json.loads(names.read_text(encoding="utf-8")).get("provisions", []):
                if p.get("hi") and p["id"] not in out:
                    out[p["id"]] = p["hi"][0]
    except (OSError, ValueError) as exc:
        log.warning("pack Hindi names not read: %s", exc)
    return out


def hindi_cite(node_id: str) -> str | None:
    """'BNSS:48' -> 'धारा 48 बीएनएसएस' (an Act without a Hindi short form gets the templates' act.<CODE>)."""
    if ":" not in str(node_id):
        return None
    act, number = str(node_id).split(":", 1)
    try:
        from domain.acts import acts, display

        a = acts().get(act)
        if a is None:
            return None
        s = display(act, number, "hi")
    except Exception:
        return None
    key = f"act.{act}"
    if key in LABEL_KEYS:
        short = a.short("hi")
        if short and not _DEVA.search(short):
            s = re.sub(rf"(?<![A-Za-z]){re.escape(short)}(?![A-Za-z])", label(key, "hi"), s)
    return s


def node_kind(kind: str, lang: str) -> str:
    key = f"node.{kind}"
    return _in_script(label(key, "hi"), lang) if _hindi(lang) and key in LABEL_KEYS else kind


def rel_text(rel: str, lang: str) -> str:
    key = f"rel.{rel}"
    if _hindi(lang) and key in LABEL_KEYS:
        return _in_script(label(key, "hi"), lang)
    return rel.replace("_", " ")


def node_name(node: dict, lang: str) -> str:
    return _in_script(_node_name(node, "hi" if _hindi(lang) else lang), lang)


def _node_name(node: dict, lang: str) -> str:
    nid = str(node.get("id") or "")
    name = str(node.get("name") or nid or "?").strip()
    if lang != "hi" or _DEVA.search(name):
        return name
    kind = str(node.get("label") or "")
    hi = _pack_hindi().get(nid)
    if kind in ("Section", "Article", "Provision") or (hi is None and ":" in nid and kind != "Case"):
        cite = hindi_cite(nid)
        if cite:
            return f"{cite}: {hi}" if hi else cite
    return hi or name


def _is_node(item: dict) -> bool:
    return isinstance(item, dict) and "rel" not in item


def clean_path(path) -> list[dict]:
    """Keep a well-formed alternation node, rel, node, ... (drops junk, merges gaps)."""
    out: list[dict] = []
    for item in path or []:
        if not isinstance(item, dict):
            continue
        if _is_node(item):
            if out and _is_node(out[-1]):
                out.append({"rel": ""})
            out.append(item)
        elif out and _is_node(out[-1]):
            out.append(item)
    while out and not _is_node(out[-1]):
        out.pop()
    return out


def _node_lines(node: dict, lang: str = "en", width: int = 22) -> list[str]:
    kind = str(node.get("label") or "").strip()
    name = node_name(node, lang)
    if len(name) > 90:
        name = name[:87] + "..."
    lines = textwrap.wrap(name, width=width) or ["?"]
    if len(lines) > 4:
        lines = lines[:3] + [lines[3][: width - 3] + "..."]
    return ([node_kind(kind, lang)] if kind else []) + lines


def _node_text(node: dict, width: int = 22, lang: str = "en") -> str:
    return "\n".join(_node_lines(node, lang, width))


def _rows(paths: list[list[dict]]) -> list[list[dict]]:
    """Split a long path into rows of at most MAX_NODES_PER_ROW nodes (a rel may end a row)."""
    rows = []
    for p in paths:
        row: list[dict] = []
        n = 0
        for item in p:
            if _is_node(item):
                if n == MAX_NODES_PER_ROW:
                    carry = [row.pop()] if row and not _is_node(row[-1]) else []
                    rows.append(row)
                    row, n = carry, 0
                n += 1
            row.append(item)
        if row:
            rows.append(row)
    return rows


def _layout(chain, conflict, title, lang) -> list[tuple[str, object]]:
    sections: list[tuple[str | None, list[list[dict]]]] = []
    paths = [p for p in (clean_path(p) for p in (chain or [])) if p][:MAX_PATHS]
    if paths:
        sections.append((None, paths))
    if conflict and isinstance(conflict, dict):
        sides = [p for p in (clean_path(p) for p in (conflict.get("supporting_paths") or [])) if p][:2]
        if sides:
            ctype = str(conflict.get("conflict_type") or "conflict").replace("_", " ")
            caption = (
                _in_script(label("chain.conflict_sides", "hi"), lang)
                if _hindi(lang)
                else f"Conflict ({ctype}): the two sides"
            )
            sections.append((caption, sides))
    layout: list[tuple[str, object]] = []
    if not sections:
        return layout
    if title:
        layout.append(("caption", title))
    for caption, ps in sections:
        if caption:
            layout.append(("caption", caption))
        for row in _rows(ps):
            layout.append(("row", row))
        if caption and len(ps) == 2:
            # mark where side A ends and side B begins: insert a divider before side B's first row
            idx = len(layout) - len(_rows(ps[1:]))
            layout.insert(
                idx, ("divider", _in_script(label("chain.conflicts_with", "hi" if _hindi(lang) else "en"), lang))
            )
    return layout


def chain_texts(
    chain=None, conflict: dict | None = None, *, title: str | None = None, lang: str = "en", script: str = "native"
) -> list[str]:
    """Every line of text the picture would draw (for checks: language, glyphs)."""
    lang = _drawn_lang(lang, script)
    out: list[str] = []
    for kind, item in _layout(chain, conflict, title, lang):
        if kind in ("caption", "divider"):
            out.append(str(item))
            continue
        for it in item:
            if _is_node(it):
                out += _node_lines(it, lang)
            elif it.get("rel"):
                out.append(rel_text(str(it["rel"]), lang))
    return out


def _arrow(draw, x0: float, x1: float, y: float, colour: str, lw: int) -> None:
    head = max(6, lw * 4)
    draw.line([(x0, y), (x1 - head, y)], fill=colour, width=lw)
    draw.polygon([(x1, y), (x1 - head, y - head / 2), (x1 - head, y + head / 2)], fill=colour)


_DRAWN: OrderedDict[str, bytes | None] = OrderedDict()  # the last pictures drawn, by what they show
_DRAWN_MAX = 128


def _drawn_lang(lang: str, script: str) -> str:
    """The labels' language as drawn: English, Hindi, or Hindi in Roman letters for a Roman-script answer."""
    if lang != "hi":
        return "en"
    return ROMAN if script == "roman" else "hi"


def chain_png(
    chain=None,
    conflict: dict | None = None,
    *,
    title: str | None = None,
    dpi: int = 110,
    lang: str = "en",
    script: str = "native",
) -> bytes | None:
    """PNG bytes of the citation chain (and both sides of a conflict), or None if nothing to draw.

    The picture is a pure function of its arguments (the fonts and the pack's Hindi names are read
    once), and answers to common questions share their chains, so the last ``_DRAWN_MAX`` pictures
    are kept by what they show: drawing one costs about 60 ms of CPU (text shaping, PNG encoding),
    the most expensive thing the app adds to an answer (benchmarks/profile_app.py)."""
    lang = _drawn_lang(lang, script)
    try:
        key = json.dumps([chain, conflict, title, dpi, lang], sort_keys=True, ensure_ascii=False, default=repr)
    except (TypeError, ValueError):  # unorderable keys: draw it, do not keep it
        return _draw_png(chain, conflict, title, dpi, lang)
    with _DRAWN_LOCK:
        if key in _DRAWN:
            _DRAWN.move_to_end(key)
            return _DRAWN[key]
    png = _draw_png(chain, conflict, title, dpi, lang)
    with _DRAWN_LOCK:
        _DRAWN[key] = png
        while len(_DRAWN) > _DRAWN_MAX:
            _DRAWN.popitem(last=False)
    return png


def _draw_png(chain, conflict, title, dpi: int, lang: str) -> bytes | None:
    layout = _layout(chain, conflict, title, lang)
    if not layout:
        return None
    from PIL import Image, ImageDraw

    n_cols = max((sum(1 for it in r if _is_node(it)) for k, r in layout if k == "row"), default=1)
    col_w, box_w, box_h = 3.3, 2.3, 1.25  # inches
    heights = {"caption": 0.45, "divider": 0.45, "row": 1.7}
    total_h = sum(heights[k] for k, _ in layout) + 0.2
    fig_w = max(4.0, n_cols * col_w + 0.3)

    def px(inches: float) -> int:
        return int(round(inches * dpi))

    def pt(points: float) -> int:
        return max(8, int(round(points * dpi / 72)))

    node_px, rel_px, cap_px = pt(9.5), pt(7.5), pt(11)
    with _LOCK:
        img = Image.new("RGB", (px(fig_w), px(total_h)), "white")
        draw = ImageDraw.Draw(img)
        y = 0.1
        for kind, item in layout:
            h = heights[kind]
            cy = px(y + h / 2)
            if kind == "caption":
                draw_text(draw, (px(0.15), cy), str(item), cap_px, bold=True)
            elif kind == "divider":
                x, end = px(0.15), px(fig_w - 0.15)
                while x < end:
                    draw.line([(x, cy), (min(x + 8, end), cy)], fill="#b91c1c", width=1)
                    x += 14
                text = f" {item} "
                w = text_width(text, rel_px + 2)
                left = px(fig_w / 2) - w / 2
                draw.rectangle([left, cy - rel_px, left + w, cy + rel_px], fill="white")
                draw_text(draw, (left, cy), text, rel_px + 2, fill="#b91c1c")
            else:
                col, prev_right, pending_rel = 0, None, None
                for it in item:
                    if not _is_node(it):
                        pending_rel = str(it.get("rel") or "")
                        continue
                    cx = 0.15 + col * col_w + col_w / 2
                    left, right = cx - box_w / 2, cx + box_w / 2
                    colour = LABEL_COLOURS.get(str(it.get("label") or ""), DEFAULT_COLOUR)
                    draw.rounded_rectangle(
                        [px(left), cy - px(box_h / 2), px(right), cy + px(box_h / 2)],
                        radius=px(0.12),
                        fill=colour,
                        outline="#374151",
                        width=max(1, dpi // 80),
                    )
                    lines = _node_lines(it, lang)
                    step = node_px * 1.45
                    top = cy - step * (len(lines) - 1) / 2
                    for k, line in enumerate(lines):
                        w = text_width(line, node_px, bold=k == 0 and len(lines) > 1)
                        draw_text(draw, (px(cx) - w / 2, top + k * step), line, node_px, bold=k == 0 and len(lines) > 1)
                    lw = max(1, dpi // 70)
                    if prev_right is not None:
                        _arrow(draw, px(prev_right), px(left), cy, "#111827", lw)
                        if pending_rel:
                            t = rel_text(pending_rel, lang)
                            w = text_width(t, rel_px)
                            draw_text(draw, (px((prev_right + left) / 2) - w / 2, cy - rel_px), t, rel_px, "#1f2937")
                    elif pending_rel:  # a row that continues a split path starts with its edge
                        _arrow(draw, px(left - 0.45), px(left), cy, "#111827", lw)
                        t = rel_text(pending_rel, lang)
                        draw_text(draw, (px(left - 0.45), cy - px(0.75)), t, rel_px, "#1f2937")
                    pending_rel, prev_right = None, right
                    col += 1
            y += h
        buf = io.BytesIO()
        img.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=1)  # fast: a flat diagram compresses well anyway
    return buf.getvalue()
