"""The text layer of a PDF judgment (pypdf); a scan without text is said to be one.

    read_pdf(data, max_pages) -> PdfText(text, pages, pages_read, chars_per_page)

Pages are joined with form feeds (the cleaner's page breaks). A PDF whose pages carry
(almost) no extractable text is a scanned image: IntakeError("scanned_pdf") -- OCR is not
done here. An encrypted PDF that opens with the empty password is read; others are refused.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

from .errors import IntakeError

MIN_CHARS_PER_PAGE = 25  # below this on average, the pages are images
PDF_MAGIC = b"%PDF-"


@dataclass
class PdfText:
    text: str
    pages: int
    pages_read: int
    chars_per_page: float
    empty_pages: int


def is_pdf(data: bytes) -> bool:
    return data[:1024].lstrip()[:5] == PDF_MAGIC


def read_pdf(data: bytes, max_pages: int) -> PdfText:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError as exc:  # pragma: no cover - pypdf is a dependency
        raise IntakeError("pdf_unsupported", "PDF support (pypdf) is not installed.") from exc
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # malformed-but-readable PDFs warn a lot
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            try:
                ok = reader.decrypt("")
            except Exception:
                ok = 0
            if not ok:
                raise IntakeError(
                    "pdf_encrypted", "The PDF is password-protected; save an unprotected copy and add that."
                )
        n = len(reader.pages)
    except IntakeError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError, AttributeError) as exc:
        raise IntakeError("pdf_unreadable", f"The PDF could not be read ({type(exc).__name__}).") from exc
    if n == 0:
        raise IntakeError("empty", "The PDF has no pages.")
    texts, empty = [], 0
    for i in range(min(n, max_pages)):
        try:
            t = reader.pages[i].extract_text() or ""
        except Exception:  # one broken page must not lose the others
            t = ""
        if len(t.strip()) < MIN_CHARS_PER_PAGE:
            empty += 1
        texts.append(t.replace("\f", "\n"))
    read = len(texts)
    chars = sum(len(t.strip()) for t in texts)
    if chars < MIN_CHARS_PER_PAGE * read:
        raise IntakeError(
            "scanned_pdf",
            f"This PDF has no text layer ({read} page(s) read, {chars} characters of text): it looks "
            "like a scanned image. Run it through OCR first, or add the text version of the judgment.",
        )
    return PdfText("\f".join(texts), n, read, round(chars / read, 1), empty)
