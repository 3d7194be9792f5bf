"""Precompiled regexes for statutory provisions.

Every repetition is bounded and adjacent pieces start with disjoint
characters, so matching is linear in the input (no catastrophic backtracking).
All patterns run on text whose Indic digits were mapped to ASCII.
"""
from __future__ import annotations

import re

from .acts import WORDCH, alias_pattern

ACT = alias_pattern()

_B = rf"(?<![{WORDCH}])"  # left word boundary, Devanagari-aware
_E = rf"(?![{WORDCH}])"

SECTION_HEAD = (
    r"(?:(?i:sections?|secs?\.?|ss?\.|u/ss?\.?|dhara|dafa)"
    r"|धाराओं|धाराएं|धाराएँ|धारा|दफा|दफ़ा)"
)
ARTICLE_HEAD = r"(?:(?i:articles?|arts?\.)|Art|ART|अनुच्छेदों|अनुच्छेद|अनु\.)"

# "103", "498A", "498-A", "65b", "110-D": at most 3 digits (4 digit runs are years).
NUMBER = r"[0-9]{1,3}(?![0-9])(?:-?[A-Z]{1,2}(?![A-Za-z])|[a-z](?![A-Za-z]))?"
SUBSECTION = r"(?:\s?\((?:[0-9]{1,3}[A-Za-z]{0,2}|[a-z]{1,4})\)){0,5}"
ITEM = rf"{NUMBER}{SUBSECTION}"

_SEP_WORD = r"(?:(?i:and|or|to|r/w|read\s{1,3}with|w/s|with)|&|/|तथा|और|एवं|व|सहपठित|से)"
SEP = rf"(?:\s{{0,2}},\s{{0,2}}(?:{_SEP_WORD}\s{{1,3}})?|\s{{0,2}}/\s{{0,2}}|\s{{1,3}}{_SEP_WORD}\s{{1,3}})"

# A list of provision numbers; the optional repeated head covers
# "Section 302 read with Section 34".
_LIST = rf"{ITEM}(?:{SEP}(?:{SECTION_HEAD}\s{{0,2}})?{ITEM}){{0,30}}"
_ALIST = rf"{ITEM}(?:{SEP}(?:{ARTICLE_HEAD}\s{{0,2}})?{ITEM}){{0,30}}"

_AFTER_HEAD = r"\s{0,2}(?:[-–:]\s{0,2})?"  # "Sections - 54 and 59"
SECTION_RE = re.compile(rf"{_B}(?P<head>{SECTION_HEAD}){_AFTER_HEAD}(?P<list>{_LIST})")
ARTICLE_RE = re.compile(rf"{_B}(?P<head>{ARTICLE_HEAD}){_AFTER_HEAD}(?P<list>{_ALIST})")

# Each number (with subsection) inside a matched list.
ITEM_RE = re.compile(rf"(?P<num>{NUMBER})(?P<sub>{SUBSECTION})")
# Separators that make the list a range ("3 to 5", "3 से 5").
RANGE_SEP_RE = re.compile(r"^\s{0,3}(?:to|से)\s{0,3}$", re.I)

ACT_RE = re.compile(ACT)

# After a list: the act it belongs to.  Tried with .match(text, list_end).
_LEAD = r"\s{0,3}(?:,\s{0,2})?(?:(?i:of|under|in|u/)\s{1,3}(?:(?i:the)\s{1,3})?)?\(?"
TRAILER_ACT_RE = re.compile(rf"{_LEAD}(?P<act>{ACT})")
TRAILER_GENERIC_RE = re.compile(
    r"\s{0,3}(?:,\s{0,2})?(?i:of|under)\s{1,3}(?i:the|this)\s{1,3}"
    r"(?:(?i:said|same|principal|above|new|old)\s{1,3})?(?P<act>Act|Code|Sanhita|Adhiniyam)(?![\w])"
)
_CAPWORD = r"[A-Z][A-Za-z.'&()\-]{0,30}"
TRAILER_UNKNOWN_RE = re.compile(
    rf"\s{{0,3}}(?:,\s{{0,2}})?(?:of|under)\s{{1,3}}(?:the\s{{1,3}})?"
    rf"(?P<act>(?:{_CAPWORD}\s{{1,3}}(?:(?:of|and|for|the|on|&)\s{{1,3}}){{0,2}}){{1,10}}?"
    rf"(?:Act|Code|Rules|Regulations|Ordinance)(?:,?\s{{0,2}}[0-9]{{4}})?)(?![\w])"
)

# Before a list: "भारतीय न्याय संहिता की धारा", "IPC की धारा".  Searched in a
# short window ending at the head, so the end anchor is cheap.
PREFIX_ACT_RE = re.compile(rf"(?P<act>{ACT})\s{{0,3}}(?:की|के|का|(?i:section|sec\.?|s\.))?\s{{0,3}}$")

# "BNS 103", "IPC 302(2)": a bare number right after an act mention (.match at its end).
AFTER_ACT_NUMBER_RE = re.compile(rf"\s{{1,2}}(?P<list>{ITEM})(?![0-9/.,][0-9])")

# "302/34 IPC", "420, 467 and 471 I.P.C.": bare list followed directly by an act.
BARE_LIST_ACT_RE = re.compile(
    rf"(?<![{WORDCH}/.,\-])(?P<list>{ITEM}(?:{SEP}{ITEM}){{0,10}})\s{{0,3}}"
    rf"(?:(?i:of|under)\s{{1,3}}(?:(?i:the)\s{{1,3}})?)?(?P<act>{ACT})"
)

PARAGRAPH_BREAK_RE = re.compile(r"\n[ \t\r]*\n")
