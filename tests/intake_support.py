"""Shared helpers of the tests/test_intake_*.py files: corpus judgments and deterministic PDFs."""

from __future__ import annotations

import json

from core.config import load_settings

CORPUS = load_settings().corpus_dir
BUILD = CORPUS / "judgments" / "rhetorical_roles" / "opennyai_build"
NER = CORPUS / "judgments" / "ner" / "InLegalNER_dev_from_spacy.jsonl"


def have_corpus() -> bool:
    return (BUILD / "dev.json").is_file() and (BUILD / "gm862001_converted" / "valid.json").is_file()


def build_dev(i: int) -> str:
    return json.loads((BUILD / "dev.json").read_text(encoding="utf-8"))[i]["data"]["text"]


def build_dev_by_id(doc_id: int) -> str:
    for r in json.loads((BUILD / "dev.json").read_text(encoding="utf-8")):
        if r.get("id") == doc_id:
            return r["data"]["text"]
    raise KeyError(doc_id)


def build_valid(i: int) -> str:
    """The i-th (1-based) judgment of gm862001_converted/valid.json, as the judgments loader reads it."""
    rows = json.loads((BUILD / "gm862001_converted" / "valid.json").read_text(encoding="utf-8"))
    return "".join(rows[i - 1]["segments"])


def _pdf_escape(s: str) -> str:
    s = s.encode("latin-1", "replace").decode("latin-1")
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[str]]) -> bytes:
    """A minimal, deterministic PDF: each page a list of lines in Helvetica (a text layer pypdf reads);
    an empty list makes a page without any text (as a scanned page looks to a text extractor)."""
    objs: list[bytes] = []
    n = len(pages)
    # 1 catalog, 2 pages, 3 font, then per page: page object, content stream
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    for i, lines in enumerate(pages):
        content = ""
        if lines:
            content = "BT /F1 9 Tf 11 TL 40 800 Td " + " ".join(f"({_pdf_escape(x)}) Tj T*" for x in lines) + " ET"
        data = content.encode("latin-1")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {5 + 2 * i} 0 R >>".encode()
        )
        objs.append(f"<< /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def paginate(text: str, lines_per_page: int = 60, width: int = 95, header: str | None = None) -> list[list[str]]:
    """Lay a judgment's text out as printed pages: wrapped lines, a running header, a page number."""
    import textwrap

    lines: list[str] = []
    for para in text.split("\n"):
        if not para.strip():
            lines.append("")
            continue
        lines += textwrap.wrap(para, width) or [""]
    body = lines_per_page - (3 if header else 2)
    pages = []
    for p, i in enumerate(range(0, len(lines), body), start=1):
        page = ([header, ""] if header else []) + lines[i : i + body] + [f"{p}"]
        pages.append(page)
    return pages
