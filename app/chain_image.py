"""Draw the graph path behind an answer as a PNG: boxes for nodes, labelled arrows for edges.

A path is the shape core.answer puts in ``citation_chain`` and in a conflict's
``supporting_paths``: ``[{"id","label","name"}, {"rel": "X"}, {"id","label","name"}, ...]``.
Each path is one row of the picture; on a conflict both sides are drawn, captioned, with a
"conflicts with" marker between them. Pure matplotlib (Agg), no display, no network.
"""

from __future__ import annotations

import io
import textwrap
import threading

_LOCK = threading.Lock()  # pyplot's state machine is not thread-safe; we avoid it, but the
# font cache and Agg renderer are shared, so draw one at a time
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


_FONTS: list[str] | None = None


def _font_family() -> list[str]:
    """DejaVu Sans, then a Devanagari font if one is installed (matplotlib falls back per glyph)."""
    global _FONTS
    if _FONTS is None:
        from matplotlib import font_manager

        have = {f.name for f in font_manager.fontManager.ttflist}
        if not have & {"Noto Sans Devanagari", "Lohit Devanagari"}:
            # installed after matplotlib cached its font list: register the files directly
            import glob

            for path in sorted(glob.glob("/usr/share/fonts/**/*Devanagari*.[to]tf", recursive=True))[:4]:
                try:
                    font_manager.fontManager.addfont(path)
                except Exception:
                    pass
            have = {f.name for f in font_manager.fontManager.ttflist}
        _FONTS = ["DejaVu Sans"] + [
            f for f in ("Noto Sans Devanagari", "Lohit Devanagari", "Mukta", "FreeSans") if f in have
        ]
    return _FONTS


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


def _node_text(node: dict, width: int = 22) -> str:
    label = str(node.get("label") or "").strip()
    name = str(node.get("name") or node.get("id") or "?").strip()
    if len(name) > 90:
        name = name[:87] + "..."
    lines = textwrap.wrap(name, width=width) or ["?"]
    if len(lines) > 4:
        lines = lines[:3] + [lines[3][: width - 3] + "..."]
    return "\n".join(([label] if label else []) + lines)


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


def chain_png(chain=None, conflict: dict | None = None, *, title: str | None = None, dpi: int = 110) -> bytes | None:
    """PNG bytes of the citation chain (and both sides of a conflict), or None if nothing to draw."""
    sections: list[tuple[str | None, list[list[dict]]]] = []
    paths = [p for p in (clean_path(p) for p in (chain or [])) if p][:MAX_PATHS]
    if paths:
        sections.append((None, paths))
    if conflict and isinstance(conflict, dict):
        sides = [p for p in (clean_path(p) for p in (conflict.get("supporting_paths") or [])) if p][:2]
        if sides:
            ctype = str(conflict.get("conflict_type") or "conflict").replace("_", " ")
            sections.append((f"Conflict ({ctype}): the two sides", sides))
    if not sections:
        return None

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    # layout: one row per (split) path, a caption row per section that has a caption
    layout: list[tuple[str, object]] = []
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
            layout.insert(idx, ("divider", "conflicts with"))
    n_cols = max((sum(1 for it in r if _is_node(it)) for k, r in layout if k == "row"), default=1)
    col_w, box_w, box_h = 3.3, 2.3, 1.25
    heights = {"caption": 0.45, "divider": 0.45, "row": 1.7}
    total_h = sum(heights[k] for k, _ in layout) + 0.2
    fig_w = max(4.0, n_cols * col_w + 0.3)

    family = _font_family()
    with _LOCK:
        fig = Figure(figsize=(fig_w, total_h), dpi=dpi)
        FigureCanvasAgg(fig)
        ax = fig.add_axes([0, 0, 1, 1])
        ax.set_xlim(0, fig_w)
        ax.set_ylim(0, total_h)
        ax.axis("off")
        y = total_h - 0.1
        for kind, item in layout:
            h = heights[kind]
            if kind == "caption":
                ax.text(0.15, y - h / 2, str(item), ha="left", va="center", fontsize=10, fontweight="bold")
            elif kind == "divider":
                ax.plot([0.15, fig_w - 0.15], [y - h / 2, y - h / 2], color="#b91c1c", lw=1, ls="--")
                ax.text(
                    fig_w / 2,
                    y - h / 2,
                    f" {item} ",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="#b91c1c",
                    bbox={"facecolor": "white", "edgecolor": "none"},
                )
            else:
                cy = y - h / 2
                col = 0
                prev_right = None
                pending_rel = None
                for it in item:
                    if not _is_node(it):
                        pending_rel = str(it.get("rel") or "")
                        continue
                    cx = 0.15 + col * col_w + col_w / 2
                    left, right = cx - box_w / 2, cx + box_w / 2
                    colour = LABEL_COLOURS.get(str(it.get("label") or ""), DEFAULT_COLOUR)
                    ax.add_patch(
                        FancyBboxPatch(
                            (left, cy - box_h / 2),
                            box_w,
                            box_h,
                            boxstyle="round,pad=0.02,rounding_size=0.12",
                            facecolor=colour,
                            edgecolor="#374151",
                            lw=1.1,
                        )
                    )
                    ax.text(cx, cy, _node_text(it), ha="center", va="center", fontsize=7.5, family=family)
                    if prev_right is not None:
                        ax.annotate(
                            "",
                            xy=(left, cy),
                            xytext=(prev_right, cy),
                            arrowprops={"arrowstyle": "-|>", "color": "#111827", "lw": 1.3},
                        )
                        if pending_rel:
                            ax.text(
                                (prev_right + left) / 2,
                                cy + 0.12,
                                pending_rel.replace("_", " "),
                                ha="center",
                                va="bottom",
                                fontsize=6.5,
                                color="#1f2937",
                            )
                    elif pending_rel:  # a row that continues a split path starts with its edge
                        ax.annotate(
                            "",
                            xy=(left, cy),
                            xytext=(left - 0.45, cy),
                            arrowprops={"arrowstyle": "-|>", "color": "#111827", "lw": 1.3},
                        )
                        ax.text(
                            left - 0.25,
                            cy + 0.75,
                            pending_rel.replace("_", " "),
                            ha="center",
                            va="bottom",
                            fontsize=6.5,
                            color="#1f2937",
                        )
                    pending_rel = None
                    prev_right = right
                    col += 1
            y -= h
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    return buf.getvalue()
