"""Two-pass cleaning of a raw judgment's text.

Pass 1 (layout): page numbers, running headers and footers (lines repeated at the top or bottom
of the pages, portal boilerplate), hyphenation at line ends, lines broken inside a paragraph.
Pass 2 (normalisation): law-report citations written loosely ("A.I.R. 1978 S.C. 597",
"(1978)1 S.C.C. 248", "2023INSC123") are rewritten in the canonical spacing the citation grammar
(domain.reporters) reads, and the abbreviations "u/s", "u/ss", "r/w", "S."/"Ss." (before a
number) are spelled out ("under Section", "read with").

    clean(raw) -> Cleaned(text, removed={...}, normalised={...})

Page breaks are form feeds (\\f), as the PDF reader writes them; plain text without them is
treated as one long page (headers are then recognised by their shape and by repetition).
Line structure is kept where it carries meaning (short lines of a preamble: parties, "Versus",
judges); only wrapped prose lines are joined.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\ufeff\u00ad"), None)
_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}

# ---------------------------------------------------------------- pass 1

_PAGE_NO = re.compile(
    r"^\s*(?:[-–—]\s*)?(?:(?i:page|pg\.?|p\.)\s*)?\d{1,4}(?:\s*(?i:of|/)\s*\d{1,4})?(?:\s*[-–—])?\s*$"
)
_BOILERPLATE = re.compile(
    r"^\s*(?:https?://\S+|www\.\S+|(?i:indian\s*kanoon\s*-\s*\S+)|(?i:signature\s+not\s+verified)"
    r"|(?i:digitally\s+signed\s+by\b.*)|(?i:signing\s+date\s*:.*)|(?i:downloaded\s+(?:on|from)\b.*)"
    r"|(?i:printed\s+(?:on|from)\b.*)|(?i:uploaded\s+(?:on|by)\b.*))\s*$"
)
_INLINE_URL = re.compile(r"\s*https?://www\.judis\.nic\.in\s*")
# lines that repeat in a preamble for a reason and are never a running header
_STRUCTURAL = re.compile(
    r"^\s*(?:versus|vs\.?|v/s|v\.|with|and|between|judgment|order|coram|before|present|"
    r"appellants?|respondents?|petitioners?|\.{2,}.*|[-_=*.…]+)\s*:?\s*$",
    re.I,
)
_SENT_END = re.compile(r"[.:;?!…)\]\"'”’]$")
_LIST_START = re.compile(r"^\s*(?:\(?[0-9]{1,3}[.)]|\(?[ivxl]{1,5}\)|\([a-z]\)|[a-z]\)|[•\-–*]\s)")
_HYPHEN_END = re.compile(r"([A-Za-z]{2,})-$")
# "well.She had", "Pleader.2. The": a sentence end with its space lost in extraction
_GLUED = re.compile(r"(?<=[a-z]{3})\.(?=[A-Z][a-z]|\d{1,3}\.\s)")


def _shape(line: str) -> str:
    """A line with its numbers blanked and spaces collapsed (page 3 and page 4 headers match)."""
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", line)).strip().lower()


def _pages(text: str) -> list[list[str]]:
    return [p.split("\n") for p in text.split("\f")]


def _edge_lines(page: list[str], k: int = 3) -> list[int]:
    idx = [i for i, line in enumerate(page) if line.strip()]
    return sorted(set(idx[:k] + idx[-k:]))


def _remove_layout(text: str, removed: Counter) -> str:
    pages = _pages(text)
    many_pages = len(pages) >= 3
    # running headers/footers: a line shape at a page's edge on at least half the pages
    edge_shapes: Counter = Counter()
    if many_pages:
        for page in pages:
            edge_shapes.update({_shape(page[i]) for i in _edge_lines(page)})
    running = {
        s for s, n in edge_shapes.items() if n >= max(2, len(pages) // 2) and len(s) <= 120 and not _STRUCTURAL.match(s)
    }
    # without page breaks: a short line with a number or a slash seen four times or more
    # (a case number printed on every page) is a running header too
    if not many_pages:
        shapes = Counter(_shape(line) for line in text.split("\n") if line.strip())
        running |= {
            s
            for s, n in shapes.items()
            if n >= 4
            and len(s) <= 80
            and ("#" in s or "/" in s)
            and not _STRUCTURAL.match(s)
            and not _PAGE_NO.match(s.replace("#", "1"))
        }
    out_pages = []
    for page in pages:
        edges = set(_edge_lines(page)) if many_pages else set()
        keep = []
        for i, line in enumerate(page):
            if not line.strip():
                keep.append("")
                continue
            if _BOILERPLATE.match(line):
                removed["boilerplate_lines"] += 1
                continue
            if _PAGE_NO.match(line) and (not many_pages or i in edges or len(line.strip()) <= 4):
                removed["page_numbers"] += 1
                continue
            if _shape(line) in running and (not many_pages or i in edges):
                removed["running_header_lines"] += 1
                continue
            stripped = _INLINE_URL.sub(" ", line)
            if stripped != line:
                removed["inline_urls"] += 1
            keep.append(stripped.rstrip())
        out_pages.append(keep)
    # a page break inside a paragraph is just a line break
    lines: list[str] = []
    for page in out_pages:
        lines.extend(page)
    return "\n".join(lines)


# lines of a preamble's layout that are never joined to a neighbour: party/role markers, "Versus",
# rules of ===== or -----
_KEEP_LINE = re.compile(
    r"^[=_\-*~.]{5,}$|^\s*(?:versus|vs\.?|v/s)\s*$|[.…]{2,}\s*(?:appellant|petitioner|respondent|applicant|accused|"
    r"complainant|prosecution|plaintiff|defendant)s?\b|\b(?:appellant|petitioner|respondent)s?\s*(?:\(s\))?\s*:",
    re.I,
)


def _block_widths(lines: list[str]) -> list[int]:
    """For each line, the width of the widest line of its block (lines between blank lines)."""
    out, block = [0] * len(lines), []
    for i, line in enumerate(lines + [""]):
        if line.strip():
            block.append(i)
            continue
        width = max((len(" ".join(lines[j].split())) for j in block), default=0)
        for j in block:
            out[j] = width
        block = []
    return out


def _join_lines(text: str, removed: Counter) -> str:
    lines = text.split("\n")
    widths = _block_widths(lines)
    out: list[str] = []
    for i, line in enumerate(lines):
        if not out or not line.strip() or not out[-1].strip():
            out.append(line)
            continue
        prev = out[-1]
        prev_s, cur_s = " ".join(prev.split()), line.strip()
        last = " ".join(lines[i - 1].split())  # the previous physical line (out[-1] may be joined already)
        if _HYPHEN_END.search(last) and cur_s[:1].islower():
            out[-1] = prev.rstrip()[:-1] + cur_s  # "transac-" + "tions"
            removed["hyphenations"] += 1
            continue
        full = widths[i - 1]
        wrapped = full >= 50 and len(last) >= max(40, 0.6 * full) and not re.search(r"\s{3,}\S", lines[i - 1].strip())
        if (
            wrapped
            and not _LIST_START.match(cur_s)
            and not _KEEP_LINE.search(last)
            and not _KEEP_LINE.search(cur_s)
            and (not _SENT_END.search(prev_s) or cur_s[:1].islower())
        ):
            out[-1] = prev.rstrip() + " " + cur_s
            removed["joined_lines"] += 1
            continue
        out.append(line)
    return "\n".join(out)


# ---------------------------------------------------------------- pass 2

_Y = r"(?:1[89]|20)\d\d"
_NORMALISE: list[tuple[str, re.Pattern, str]] = [
    # reporters: dotted and glued forms -> the canonical spacing
    ("reporter", re.compile(r"\bA\.\s?I\.\s?R\.?(?=\s?\(?\d)"), "AIR"),
    ("reporter", re.compile(r"\bS\.\s?C\.\s?C\.?(?=\s|\)|$)"), "SCC"),
    ("reporter", re.compile(r"\bS\.\s?C\.\s?R\.?(?=\s|\)|$)"), "SCR"),
    ("reporter", re.compile(rf"\bAIR\s?({_Y})\s?(S\.\s?C\.|SC)\s?(\d{{1,5}})\b"), r"AIR \1 SC \3"),
    ("reporter", re.compile(rf"\bAIR({_Y})"), r"AIR \1"),
    ("reporter", re.compile(rf"\(({_Y})\)\s?(\d{{1,2}})\s?SCC\s?(\d{{1,5}})\b"), r"(\1) \2 SCC \3"),
    ("reporter", re.compile(rf"\[({_Y})\]\s?(\d{{1,2}})\s?SCR\s?(\d{{1,5}})\b"), r"[\1] \2 SCR \3"),
    ("reporter", re.compile(rf"\b({_Y})\s?INSC\s?(\d{{1,5}})\b"), r"\1 INSC \2"),
    ("reporter", re.compile(r"\bS\.\s?C\.\s?C\.\s?On\s?[Ll]ine\b"), "SCC OnLine"),
    # abbreviations
    ("u/s", re.compile(r"(?<![\w/])[uU]/[sS]{2}\.?(?=\s|\d)"), "under Sections"),
    ("u/s", re.compile(r"(?<![\w/])[uU]/[sS]\.?(?=\s|\d)"), "under Section"),
    ("r/w", re.compile(r"(?<![\w/])[rR]/[wW]\.?(?=\s|\d)"), "read with"),
    ("section", re.compile(r"(?<![\w.])Ss\.\s?(?=\d)"), "Sections "),
    ("section", re.compile(r"(?<![\w.])(?:S|Sec)\.\s?(?=\d{1,3}[A-Z]?\b)"), "Section "),
]


def normalise(text: str, counts: Counter | None = None) -> str:
    counts = counts if counts is not None else Counter()
    for what, rx, repl in _NORMALISE:
        text, n = rx.subn(repl, text)
        if n:
            counts[what] += n
    return text


# ---------------------------------------------------------------- both


@dataclass
class Cleaned:
    text: str
    removed: dict = field(default_factory=dict)
    normalised: dict = field(default_factory=dict)
    pages: int = 1


def _unicode(text: str) -> str:
    text = unicodedata.normalize("NFC", text.translate(_ZERO_WIDTH))
    for k, v in _LIGATURES.items():
        text = text.replace(k, v)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\t", "    ")
    return text


def clean(raw: str) -> Cleaned:
    text = _unicode(raw or "")
    pages = text.count("\f") + 1
    removed: Counter = Counter()
    text = _remove_layout(text, removed)
    text = _join_lines(text, removed)
    text, n = _GLUED.subn(". ", text)
    if n:
        removed["glued_sentences"] += n
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text).strip("\n")
    norm: Counter = Counter()
    text = normalise(text, norm)
    return Cleaned(text, dict(removed), dict(norm), pages)
