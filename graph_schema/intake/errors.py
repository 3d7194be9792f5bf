"""The one error type of the intake: a refusal with a stable code and a plain message."""

from __future__ import annotations


class IntakeError(ValueError):
    """codes: empty, scanned_pdf, pdf_encrypted, pdf_unreadable, pdf_unsupported, not_text,
    not_judgment, too_large, graph_write_failed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict:
        return {"status": "refused", "code": self.code, "message": self.message}
