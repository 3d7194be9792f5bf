"""Sentences, as the synthesizers cut them (text only, no model, no graph).

* Of the material (the extractive composer, the short answer): :func:`first_sentence` (abbreviation-aware,
  cut at a word boundary when too long), :func:`gist_sentences` (a pack gist's sentences),
  :func:`title_of` (what a provision or case is called), :func:`lower_first`, :func:`clean` (white space).
* Of a model's streamed reply (core/synthesis/local.py): :func:`sentence_ends` (the sentences confirmed
  complete so far), :func:`first_sentences`, :func:`drop_unfinished`.

Why not domain/text.py's ``sentences``: that one splits at every terminator (protecting only the spans a
caller passes); these know abbreviations, and the two here keep their own lists: the first reads statute
text ("Cr.P.C.", "u/s", "Hon'ble"), the second a model's plain words as they stream in (a terminator at
the very end is not yet an end: "2." may become "2.5"). Each list is what its callers were measured with.
"""

from __future__ import annotations

import re

from core.citations.patterns import ITEM
from core.stages import Evidence

_ABBREV = re.compile(
    r"\b(?:Sec|Secs|Ss|S|Art|Arts|No|Nos|Cl|Para|Paras|Sch|Ch|Vol|v|vs|u/s|i\.e|e\.g|viz|etc|Cr|"
    r"P\.C|Pvt|Ltd|Co|Govt|Dr|Mr|Mrs|Ms|Hon'ble|Smt|Shri|St|Jr|Sr|Dept|approx|Rs|Ors|Anr)\.$",
    re.IGNORECASE,
)
_SENT_END = re.compile(r"[.!?।](?=\s|$)")
_LOWER_FIRST = {
    "The",
    "A",
    "An",
    "It",
    "This",
    "That",
    "There",
    "Every",
    "Any",
    "No",
    "Such",
    "Where",
    "When",
    "If",
    "All",
    "Each",
    "Once",
    "Only",
    "Even",
    "Whoever",
    "Nobody",
    "Nothing",
}


def clean(s: str) -> str:
    return " ".join((s or "").split())


# "section 64, section 65, ... or section 78": a run of three or more sections named one by one
_SECTION_RUN = re.compile(
    rf"\b(?P<first>(?:section|धारा)\s+{ITEM})(?P<mid>(?:,\s*(?:section|धारा)\s+{ITEM})+)"
    rf"(?P<last>,?\s+(?:or|and|या|और|अथवा)\s+(?:section|धारा)\s+{ITEM})",
    re.I,
)
# "sections 64, 65, 66 and 70"
_NUMBER_RUN = re.compile(
    rf"\b(?P<first>sections\s+{ITEM})(?P<mid>(?:,\s*{ITEM})+)(?P<last>,?\s+(?:or|and)\s+{ITEM})\b", re.I
)


def shorten_lists(text: str) -> str:
    """A quoted rule's long run of sections kept to its first and last ("under section 64, …, or section 78
    of the Bharatiya Nyaya Sanhita", BSA s.48): each section a quote names is a citation the answer
    carries, and an answer carries at most six (issue 19); the reader has the whole list in the source."""

    def cut(m: re.Match) -> str:
        if m.group("mid").count(",") < 2:
            return m.group(0)
        return f"{m.group('first')}, …{m.group('last')}"

    return _NUMBER_RUN.sub(cut, _SECTION_RUN.sub(cut, text))


_INSERTED_HEAD = re.compile(r"^\[\d{1,3}[A-Z]{0,2}\.\s*[^\n]{1,200}?\.?\s*(?:--|—|–)\s*")


def first_sentence(text: str, max_chars: int = 240) -> str:
    """The first sentence of ``text`` (abbreviation-aware), cut at a word boundary if too long.

    The result has no final full stop / danda; callers add their own.
    """
    t = shorten_lists(clean(text))
    # a section an amending Act inserted or substituted opens with its own number and heading in the
    # amendment's bracket ("[129. Wearing of protective headgear.--Every person ..."): not the rule's words
    t = _INSERTED_HEAD.sub("", t)
    # a leading sub-section marker "(1)", "(a)", or "1." (in an amendment's bracket too) is not part of the rule
    t = re.sub(r"^\[?(?:\((?:\d{1,3}[A-Z]?|[a-z]{1,4})\)|\d{1,3}\.)\]?\s*(?=\S)", "", t)
    if not t:
        return ""
    for m in _SENT_END.finditer(t):
        head = t[: m.start() + 1]
        # "Sec." "v." "No." or a single initial ("S.", "A.") are not sentence ends.
        last = head.rsplit(" ", 1)[-1]
        if _ABBREV.search(last) or re.fullmatch(r"\(?[A-Za-z]\.", last) or re.fullmatch(r"\(?\d+\.", last):
            continue
        t = head
        break
    t = t.rstrip()
    if len(t) > max_chars:
        cut = t[:max_chars]
        # prefer a clause boundary, then a word boundary
        for sep in ("; ", ", "):
            k = cut.rfind(sep)
            if k > max_chars * 0.5:
                cut = cut[:k]
                break
        else:
            k = cut.rfind(" ")
            if k > max_chars * 0.5:
                cut = cut[:k]
        t = cut.rstrip(" ,;:-") + " …"
    return t.rstrip(".।!? ").rstrip()


def gist_sentences(text: str) -> list[str]:
    """A pack gist's sentences (no final stop), abbreviation-aware."""
    out, t = [], clean(text)
    while t and len(out) < 6:
        s = first_sentence(t, max_chars=10_000)
        if not s:
            break
        out.append(s)
        k = t.find(s) + len(s)
        t = t[k:].lstrip(".।!? ")
    return out


def title_of(ev: Evidence) -> str:
    """'BNS 103: Punishment for murder' -> 'Punishment for murder'; else the name itself."""
    name = clean(ev.name)
    if ":" in name:
        head, tail = name.split(":", 1)
        if tail.strip() and len(head) <= 40:
            return tail.strip()
    return name or ev.cite_as or ev.node_id


def lower_first(s: str) -> str:
    w = s.split(" ", 1)[0]
    if w in _LOWER_FIRST:
        return s[0].lower() + s[1:]
    return s


# ---------------------------------------------------------------- a model's streamed reply
_END = re.compile(r"[.!?।]+[\"'’”)\]]*(?=\s|$)")
_ABBR = frozenset(
    {
        "v",
        "vs",
        "s",
        "ss",
        "no",
        "nos",
        "art",
        "arts",
        "sec",
        "secs",
        "u",
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "i.e",
        "e.g",
        "etc",
        "viz",
        "cl",
        "ltd",
        "co",
        "govt",
        "rs",
        "sr",
        "jr",
        "hon'ble",
        "o",
        "r",
        "ch",
        "para",
        "paras",
        "sch",
        "p",
        "pp",
        "vol",
        "j",
    }
)


def sentence_ends(text: str) -> list[int]:
    """End offsets of the sentences in ``text`` that are confirmed complete: a terminator followed by
    white space. A full stop after an abbreviation ("v.", "s.", "No.", "D.K.") or a lone letter does not
    end a sentence; nor does a terminator at the very end (the next piece may be "5" of "2.5")."""
    ends = []
    for m in _END.finditer(text):
        if m.end() >= len(text):
            continue
        if m.group()[0] == ".":
            head = text[: m.start()].rsplit(None, 1)
            word = head[-1].lower().lstrip("(\"'") if head else ""
            if word in _ABBR or re.fullmatch(r"(?:[a-z]\.)*[a-z]", word):
                continue
        ends.append(m.end())
    return ends


def first_sentences(text: str, n: int) -> str:
    """The first ``n`` confirmed sentences of ``text``; all of it when it has fewer."""
    ends = sentence_ends(text)
    return text[: ends[n - 1]].rstrip() if n and len(ends) >= n else text


def drop_unfinished(text: str) -> str:
    """``text`` without a last sentence that was cut off (no terminator), when a complete one precedes it."""
    t = text.rstrip()
    if not t or t[-1] in ".!?।\"'’”)]":
        return t
    ends = sentence_ends(t)
    return t[: ends[-1]].rstrip() if ends else t
