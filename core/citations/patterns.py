"""Precompiled regexes for statutory provisions.

Every repetition is bounded and adjacent pieces start with disjoint
characters, so matching is linear in the input (no catastrophic backtracking).
All patterns run on text whose Indic digits were mapped to ASCII.
"""

from __future__ import annotations

import re

from domain.numbers import DEVANAGARI_SUFFIX_RE

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
NUMBER = (
    r"[0-9]{1,3}(?![0-9])(?:-?[A-Z]{1,2}(?![A-Za-z])|[a-z](?![A-Za-z])"
    rf"|-?(?:{DEVANAGARI_SUFFIX_RE})(?![{WORDCH}]))?"
)
SUBSECTION = r"(?:\s?\((?:[0-9]{1,3}[A-Za-z]{0,2}|[a-z]{1,4})\)){0,5}"
ITEM = rf"{NUMBER}{SUBSECTION}"

_SEP_WORD = r"(?:(?i:and|or|to|r/w|read\s{1,3}with|w/s|with)|&|/|तथा|और|एवं|व|या|अथवा|सहपठित|से)"
# ", …, or": a quoted list the answer shortened (core.synthesis.sentences.shorten_lists) is still one list
SEP = rf"(?:\s{{0,2}},\s{{0,2}}(?:…\s{{0,2}},?\s{{0,2}})?(?:{_SEP_WORD}\s{{1,3}})?|\s{{0,2}}/\s{{0,2}}|\s{{1,3}}{_SEP_WORD}\s{{1,3}})"

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

# After a list: the act it belongs to.  Tried with .match(text, list_end).  "sections 81 to 84 (both
# inclusive) of the Bharatiya Nyaya Sanhita" (BNSS s.219): the range's note stands between the list and its Act.
_INCLUSIVE = r"(?:\s{0,3}\(\s{0,2}(?i:both\s{1,3})?(?i:inclusive|included)\s{0,2}\))?"
_LEAD = _INCLUSIVE + r"\s{0,3}(?:,\s{0,2})?(?:(?i:of|under|in|u/)\s{1,3}(?:(?i:the)\s{1,3})?)?\(?"
TRAILER_ACT_RE = re.compile(rf"{_LEAD}(?P<act>{ACT})")
TRAILER_GENERIC_RE = re.compile(
    _INCLUSIVE + r"\s{0,3}(?:,\s{0,2})?(?i:of|under)\s{1,3}(?i:the|this)\s{1,3}"
    r"(?:(?i:said|same|principal|above|new|old)\s{1,3})?(?P<act>Act|Code|Sanhita|Adhiniyam)(?![\w])"
)
_CAPWORD = r"[A-Z][A-Za-z.'&()\-]{0,30}"
TRAILER_UNKNOWN_RE = re.compile(
    rf"{_INCLUSIVE}\s{{0,3}}(?:,\s{{0,2}})?(?:of|under)\s{{1,3}}(?:the\s{{1,3}})?"
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

# --- CPC First Schedule: "Order XXXIX Rule 1", "Order 39 Rules 1 and 2", "O. XXXIX R. 1",
# "O.39 R.1", "Order XI (Commercial) Rule 1", "आदेश 39 नियम 1", and "Rule 1 of Order XXXIX".
ORDER_HEAD = r"(?:(?i:order)|आदेश|O\.\s{0,2}|O\s)"
RULE_HEAD = r"(?:(?i:rules?)|नियमों|नियम|[Rr]\.\s{0,2}|R\s)"
ORDER_NUM = r"(?P<order>(?i:[IVXL]{1,7})|[0-9]{1,2})(?P<oletter>[A-Z]?)(?![A-Za-z0-9])"
ORDER_COMMERCIAL = r"(?P<comm>\s{0,2}\(\s{0,2}(?:(?i:commercial)|वाणिज्यिक)\s{0,2}\))?"
_RLIST = rf"{ITEM}(?:{SEP}(?:{RULE_HEAD}\s{{0,2}})?{ITEM}){{0,10}}"
ORDER_RULE_RE = re.compile(
    rf"{_B}{ORDER_HEAD}\s{{0,2}}{ORDER_NUM}{ORDER_COMMERCIAL}\s{{0,2}},?\s{{0,2}}"
    rf"(?:(?:का|के|की)\s{{1,2}})?{RULE_HEAD}\s{{0,2}}(?P<list>{_RLIST})"
)
RULE_OF_ORDER_RE = re.compile(
    rf"{_B}{RULE_HEAD}\s{{0,2}}(?P<list>{_RLIST})\s{{0,2}},?\s{{1,3}}(?i:of|in|under)\s{{1,3}}(?:(?i:the)\s{{1,3}})?"
    rf"{ORDER_HEAD}\s{{0,2}}{ORDER_NUM}{ORDER_COMMERCIAL}"
)

# --- Schedule articles ("Article 113 of the Limitation Act", "Article 113 of the Schedule to the
# Limitation Act", "Article 113, Limitation Act Schedule", "परिसीमा अधिनियम की अनुसूची का अनुच्छेद 113").
_SCHEDULE_WORD = rf"(?:(?i:(?:first\s{{1,3}})?schedule)|अनुसूची)(?![{WORDCH}])"
TRAILER_SCHEDULE_RE = re.compile(
    rf"\s{{0,3}}(?:,\s{{0,2}})?(?:(?i:of|in|under)\s{{1,3}}(?:(?i:the)\s{{1,3}})?)?"
    rf"(?P<sch>{_SCHEDULE_WORD}\s{{0,3}}(?:,\s{{0,2}})?(?:(?i:to|of|in)\s{{1,3}}(?:(?i:the)\s{{1,3}})?)?)?"
    rf"(?:(?P<act>{ACT})(?P<sch2>\s{{0,2}}(?:'s\s{{1,2}})?(?:(?:की|के|का)\s{{1,2}})?{_SCHEDULE_WORD})?)?"
)
PREFIX_SCHEDULE_RE = re.compile(
    rf"(?P<act>{ACT})\s{{0,3}}(?:,\s{{0,2}})?(?:(?:की|के|का|(?i:'s))\s{{0,3}})?"
    rf"(?P<sch>{_SCHEDULE_WORD}\s{{0,3}}(?:,\s{{0,2}})?(?:(?:की|के|का|(?i:to|of))\s{{0,3}})?)?$"
)
