"""Provision numbers: one normal form for every number a node id carries.

Node ids are ``f"{ACT}:{number}"`` with ``number`` exactly as the corpus ``section`` field
writes it (graph_schema loads it, core.citations extracts it, core.verify looks it up):

  sections and articles     "103", "498A", "13B", "66E", "239AA"
  Limitation Act Schedule   "Schedule Article 113"
  CPC First Schedule        "Order XXXIX Rule 1", "Order XXI Rule 46I", "Order XIIIA Rule 3",
                            "Order XI (Commercial) Rule 1"

``canonical_number`` maps what people write ("order 39 rule 1", "O. XXXIX R. 1",
"498-a", "Article 113 of the Schedule") to that form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Every Indic script's digits 0-9 map 1:1 to ASCII, so offsets are unchanged.
_DIGIT_BASES = (0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66)
DIGITS = {base + i: ord("0") + i for base in _DIGIT_BASES for i in range(10)}
_INDIC_DIGIT_RE = re.compile("[" + "".join(f"{chr(b)}-{chr(b + 9)}" for b in _DIGIT_BASES) + "]")


def ascii_digits(text: str) -> str:
    """Translate Indic digits to ASCII; length (and so every offset) is kept."""
    if _INDIC_DIGIT_RE.search(text) is None:  # common case; translate() is slow
        return text
    return text.translate(DIGITS)


_SECTION_JUNK = re.compile(r"[^0-9A-Z]")
# Letter suffixes written in Devanagari ("धारा 498ए", "65बी", "13बी"): the letter names as spoken.
DEVANAGARI_LETTERS = {"एफ": "F", "एच": "H", "आई": "I", "बी": "B", "सी": "C", "डी": "D", "जी": "G", "ए": "A", "ई": "E"}
DEVANAGARI_SUFFIX_RE = "|".join(sorted(DEVANAGARI_LETTERS, key=len, reverse=True))
_DEVA_SUFFIX = re.compile(rf"(?<=[0-9])-?({DEVANAGARI_SUFFIX_RE})$")


def section_number(raw) -> str:
    """A plain section or article number: '498a' -> '498A', '21A.' -> '21A', '239 A A' -> '239AA',
    '498-A' -> '498A', 65 -> '65', '१०३' -> '103', '65बी' -> '65B'."""
    s = ascii_digits(str(raw)).strip()
    s = _DEVA_SUFFIX.sub(lambda m: DEVANAGARI_LETTERS[m.group(1)], s)
    return _SECTION_JUNK.sub("", s.upper())


def leading_int(number) -> int | None:
    """'498A' -> 498, '103' -> 103; None for 'Schedule Article 113', 'Order XXXIX Rule 1', 'PREAMBLE'."""
    m = re.match(r"\d+", str(number))
    return int(m.group()) if m else None


# ------------------------------------------------------------------------------ Roman numerals
_ROMAN = [(50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
_ROMAN_VAL = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
ROMAN_RE = r"(?:L?X{0,3}|XL|XC)(?:IX|IV|V?I{0,3})"


def to_roman(n: int) -> str:
    if not 0 < n < 90:
        raise ValueError(f"order number out of range: {n}")
    out = []
    for v, s in _ROMAN:
        while n >= v:
            out.append(s)
            n -= v
    return "".join(out)


def from_roman(s: str) -> int:
    s = s.upper()
    if not s or not re.fullmatch(ROMAN_RE, s):
        raise ValueError(f"not a Roman numeral: {s!r}")
    total = 0
    for i, ch in enumerate(s):
        v = _ROMAN_VAL[ch]
        total += -v if i + 1 < len(s) and _ROMAN_VAL[s[i + 1]] > v else v
    return total


# ------------------------------------------------------------------------------ structured numbers
_ORDER_RULE = re.compile(
    r"^\s*(?:order|o\.?)\s*(?P<order>[IVXLC]+|\d{1,2})(?P<letter>[A-Z]?)\s*"
    r"(?P<comm>\(\s*commercial\s*\))?\s*,?\s*(?:rule|r\.?)\s*(?P<rule>\d{1,3}(?:-?[A-Z]{1,2})?)\s*$",
    re.I,
)
_SCHEDULE_ARTICLE = re.compile(
    r"^\s*(?:schedule\s+)?(?:article|art\.?)\s*(?P<art>\d{1,3}[A-Z]?)\s*(?:of\s+the\s+schedule)?\s*$", re.I
)


@dataclass(frozen=True)
class Number:
    """A parsed provision number. ``kind``: "section" | "schedule_article" | "order_rule"."""

    kind: str
    primary: str  # section/article number, the schedule article, or the rule
    order: int | None = None  # CPC Order (an int; "XIIIA" -> 13 with letter "A")
    order_letter: str = ""
    commercial: bool = False

    @property
    def order_roman(self) -> str:
        return f"{to_roman(self.order)}{self.order_letter}" if self.order else ""

    @property
    def order_arabic(self) -> str:
        return f"{self.order}{self.order_letter}" if self.order else ""

    def canonical(self) -> str:
        if self.kind == "order_rule":
            comm = " (Commercial)" if self.commercial else ""
            return f"Order {self.order_roman}{comm} Rule {self.primary}"
        if self.kind == "schedule_article":
            return f"Schedule Article {self.primary}"
        return self.primary


def order_value(order: str) -> int:
    return int(order) if order.isdigit() else from_roman(order)


def parse(raw: str) -> Number:
    """Parse any written form; a plain number falls back to ``section_number``."""
    s = ascii_digits(str(raw)).strip()
    m = _ORDER_RULE.match(s)
    if m:
        try:
            order = order_value(m.group("order").upper())
        except ValueError:
            order = None
        if order:
            return Number(
                "order_rule", section_number(m.group("rule")), order, m.group("letter").upper(), bool(m.group("comm"))
            )
    m = _SCHEDULE_ARTICLE.match(s)
    if m and re.match(r"^\s*schedule", s, re.I):
        return Number("schedule_article", section_number(m.group("art")))
    return Number("section", section_number(s))


def canonical_number(raw) -> str:
    """'order 39 rule 1' -> 'Order XXXIX Rule 1'; 'Schedule Article 113' stays; '498-a' -> '498A'."""
    return parse(str(raw)).canonical()


def order_rule_number(order: str, rule: str, commercial: bool = False) -> str:
    """('39', '1') / ('XXXIX', '1') / ('13A', '3') -> 'Order XXXIX Rule 1' / 'Order XIIIA Rule 3'."""
    m = re.fullmatch(r"([IVXLC]+|\d{1,2})([A-Z]?)", ascii_digits(order).upper().replace(" ", ""))
    if not m:
        raise ValueError(f"not an Order number: {order!r}")
    return Number("order_rule", section_number(rule), order_value(m.group(1)), m.group(2), commercial).canonical()


def schedule_article_number(article: str) -> str:
    return f"Schedule Article {section_number(article)}"
