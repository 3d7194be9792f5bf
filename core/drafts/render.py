"""A drafted document as a file: plain text, DOCX (python-docx) or PDF (fpdf2, shaped by HarfBuzz).

Why these: python-docx writes real Word paragraphs that a clinic can edit (Word and LibreOffice shape
Devanagari themselves, given the font name); fpdf2 embeds the font and, with ``set_text_shaping``,
lays Devanagari out through HarfBuzz (uharfbuzz), so conjuncts and the i-matra come out as a reader
expects and not as boxes or loose marks. The fonts are core/fonts.py's (Noto Sans Devanagari
from Debian's fonts-noto-core, DejaVu Sans from matplotlib), as in the chain picture.
"""

from __future__ import annotations

from pathlib import Path

from core.drafts.model import Document
from core.language.templates import label

FORMATS = (".txt", ".docx", ".pdf")


class FontMissing(RuntimeError):
    pass


def devanagari_font() -> Path:
    from core.fonts import font_files

    path = font_files()["deva"]
    if path is None:
        raise FontMissing("no Devanagari font installed (Debian package fonts-noto-core)")
    return Path(path)


def latin_font() -> Path:
    from core.fonts import font_files

    return Path(font_files()["latin"])


def write(doc: Document, path: Path) -> Path:
    path = Path(path)
    ext = path.suffix.lower()
    if ext not in FORMATS:
        raise ValueError(f"unknown format {ext or path.name!r}: use {', '.join(FORMATS)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if ext == ".txt":
        path.write_text(doc.text() + "\n", encoding="utf-8")
    elif ext == ".docx":
        _docx(doc, path)
    else:
        path.write_bytes(pdf_bytes(doc))
    return path


def _sections(doc: Document) -> list[tuple[str, list[str]]]:
    """(style, lines) in reading order: the draft line, the document, the cover note, the law checked."""
    cites = [
        f"{c['cite']} — {label('status.' + c['status'], doc.lang) if _has_status(c['status']) else c['status']}"
        for c in doc.citations
    ]
    out = [
        ("note", [doc.disclaimer]),
        ("title", [doc.title]),
        ("body", ["\n".join(doc.to)]),
        ("strong", [doc.subject]),
        ("body", doc.paragraphs),
        ("body", ["\n".join(doc.closing)]),
        ("heading", [label("draft.cover", doc.lang)]),
        ("bullet", doc.cover),
        ("heading", [label("draft.citations", doc.lang)]),
        ("bullet", cites),
    ]
    return out


def _has_status(status: str) -> bool:
    try:
        label("status." + status, "en")
        return True
    except Exception:
        return False


def _docx(doc: Document, path: Path) -> None:
    from docx import Document as Docx
    from docx.oxml.ns import qn
    from docx.shared import Pt

    d = Docx()
    style = d.styles["Normal"]
    style.font.name = "Noto Sans Devanagari" if doc.lang == "hi" else "DejaVu Sans"
    style.font.size = Pt(11)
    rpr = style.element.get_or_add_rPr()
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = rpr.makeelement(qn("w:rFonts"), {})
        rpr.append(fonts)
    fonts.set(qn("w:cs"), "Noto Sans Devanagari")  # complex-script runs (Devanagari) use this font
    if doc.lang == "hi":
        fonts.set(qn("w:hAnsi"), "Noto Sans Devanagari")
    for kind, lines in _sections(doc):
        for line in lines:
            if kind == "title":
                d.add_heading(line, level=1)
            elif kind == "heading":
                d.add_heading(line, level=2)
            elif kind == "bullet":
                d.add_paragraph(line, style="List Bullet")
            else:
                p = d.add_paragraph()
                run = p.add_run(line)
                run.bold = kind == "strong"
                run.italic = kind == "note"
    d.save(str(path))


def script_runs(text: str) -> list[tuple[str, str]]:
    """(font, text) runs (core.fonts.script_runs): Devanagari in the Devanagari font, the rest in the
    Latin one. fpdf2's fallback fonts lose their widths when text shaping is on, so lines that mix
    scripts overlapped: each run is shaped with its own font."""
    from core.fonts import script_runs as runs

    return [("deva" if deva else "latin", run) for run, deva in runs(text)]


def pdf_bytes(doc: Document) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_margins(18, 18, 18)
    pdf.set_auto_page_break(True, margin=18)
    pdf.add_font("latin", "", str(latin_font()))
    pdf.add_font("deva", "", str(devanagari_font()))
    pdf.set_text_shaping(True)
    pdf.add_page()
    for kind, lines in _sections(doc):
        size = {"title": 15, "heading": 12.5, "note": 9}.get(kind, 11)
        height = size * 0.6
        for line in lines:
            for part in line.split("\n"):
                text = f"•  {part}" if kind == "bullet" else part
                for font, run in script_runs(text):
                    pdf.set_font(font, size=size)
                    pdf.write(height, run)
                pdf.ln(height)
            pdf.ln(2)
        if kind in ("title", "strong", "heading"):
            pdf.ln(1)
    return bytes(pdf.output())
