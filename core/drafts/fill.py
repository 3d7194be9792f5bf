"""What every document's builder shares: the blank a person fills by hand, the English or Hindi text,
a fact as it is written into a document, and the cover note (what the document is, how to send it),
which always ends with where to get free legal aid."""

from __future__ import annotations

from datetime import date

from core.drafts.model import fmt_amount, fmt_date

BLANK = "[ ........ ]"  # a blank the person fills by hand; counted in Document.placeholders


def pick(lang: str, en: str, hi: str) -> str:
    return hi if lang == "hi" else en


def written(facts: dict, name: str, lang: str) -> str:
    """A fact as it is written into the document ("[ ........ ]" where an optional one is not given)."""
    v = facts.get(name)
    if v is None or v == "" or v == []:
        return BLANK
    if isinstance(v, date):
        return fmt_date(v, lang)
    if isinstance(v, float):
        return fmt_amount(v, lang)
    if isinstance(v, list):
        return ", ".join(str(x) for x in v)
    return str(v)


def legal_aid_line(lang: str) -> str:
    return pick(
        lang,
        "Free legal aid: the District Legal Services Authority at your district court, or NALSA helpline 15100.",
        "मुफ़्त क़ानूनी सहायता: आपकी ज़िला अदालत में ज़िला विधिक सेवा प्राधिकरण, या नालसा हेल्पलाइन 15100।",
    )


def cover(lang: str, *notes: tuple[str, str]) -> list[str]:
    """The cover note of a document: each (English, Hindi) note in ``lang``, then the legal-aid line."""
    return [pick(lang, en, hi) for en, hi in notes] + [legal_aid_line(lang)]
