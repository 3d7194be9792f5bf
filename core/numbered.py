"""Section numbers a question gives, and which provisions they are (issue 19).

People name the law by number as often as by words: "IPC 420", "420 IPC", "धारा 302", "booked under 109",
"323 ka case", "156(3) complaints", "new section number for 498A", "धारा 32 साक्ष्य अधिनियम का नया नंबर".
``named_ids`` reads a number given with its code, ``bare_numbers`` one given without, ``asks_new_number``
a question that asks what an old number is now, and ``read`` decides, against the provision index, which
sections the numbers are:

- with its code, that code's section; in a question asking the NEW number, a number said before the ask
  is the old code's even where the question also names the new code as the target ("धारा 32 साक्ष्य
  अधिनियम का नया नंबर बीएसए में": IEA s.32, whose successor BSA s.26 is the answer, not BSA s.32);
- a sub-section ("156(3)", "167(2)", "115(2)") is the section of the code whose text has that
  sub-section: CrPC s.156 has a (3), the IPC's s.156 has none;
- without an Act: the Act the question names (the procedure or evidence code), or the code a word right
  after the number names ("438 ki bail", "164 ka bayan": the procedure code; "27 wali recovery": the
  evidence law), or a provision of that number in the recognised problem's own law ("wife ne 125 ka case
  kiya": CrPC s.125 of the maintenance problem), else the penal code;
- a penal number both the IPC and the BNS hold ("323", "354", "109") in a criminal-complaint context
  ("case under 354", "323 ka case", "booked under 109", "307 lagi hai") is read as both: the IPC section
  (with its BNS successor: the number most people still say, and every case registered before 1 July
  2024) and the BNS section of that number (a case registered since), unless the question's own words
  are said by one reading's names only ("case under 324 for hurt with a knife": IPC s.324, BNS s.118).
  No date, and nothing else in a bare number, tells which code the police used; both are shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.citations.acts import acts_named

NEW_CODES = frozenset({"BNS", "BNSS", "BSA"})
OLD_CODES = frozenset({"IPC", "CRPC", "IEA"})
_OLD_OF = {"BNS": "IPC", "BNSS": "CRPC", "BSA": "IEA"}

# a section number and the sub-sections said after it: "156(3)", "167 (2)", "154(1)(a)" is not read further
_SUB = r"(?:\s?\(\d{1,2}[A-Z]?\))"
_NUM = r"\d{1,3}(?!\d)(?:[A-Z](?![A-Za-z]))?" + _SUB + "?"
# "sections 323, 504 and 506", "u/s 323/504/506 IPC": one trigger, several numbers
_LIST = _NUM + r"(?:\s*(?:,|/|&|\band\b|\baur\b|\bor\b|\br/w\b|\bread\s+with\b|और|तथा|व)\s*" + _NUM + ")*"
_BARE_NUMBER = re.compile(
    r"\b(?:sections?|sec|s\.|u/s|dhara|(?:booked|charged|case|cases|fir|arrested|registered|filed|lagi|lagaya|"
    r"complaint|chargesheet(?:ed)?)\s+(?:under|u/s)(?:\s+sections?)?)"
    r"\s*(" + _LIST + r")(?!\w)(?!\s*(?:,\d|\d|rupees|rs|years|days|%))|धारा(?:ओं|एं|एँ)?\s*(" + _LIST + r")(?!\d)",
    re.I,
)
# "323 ka case", "307 lagi hai", "379 me fir", "27 wali recovery", "498 ki dhara", "323 का केस", "धारा" after
_AFTER_NUMBER = re.compile(
    r"(?<![\w/.(-])(" + _LIST + r")\s*(?:(?:ka|ki|ke|wala|wali|wale|waala|waali|me|mein|main|mai|ke\s+tahat)\s+"
    r"(?:case|fir|mukadm\w*|mukdm\w*|muqadm\w*|dhara|section|report|charge\w*|complaint|bayan|statement|"
    r"recovery|notice|bail|jamanat)\b|(?:lagi|lagai|lagayi|lagaya|lagaa?i|laga\s+di|laga\s+diya|lag\s+gayi|lag\s+gai)\b)|"
    r"(?<![\w/.(-])(" + _LIST + r")\s*(?:(?:का|की|के|वाला|वाली|वाले|में|के\s+तहत)\s+(?:केस|मुकदम|मुक़दम|एफआईआर|एफ़आईआर|"
    r"धारा|रिपोर्ट|शिकायत|बयान|नोटिस|जमानत|ज़मानत)|लगी|लगाई|लगाया|लगा\s+दी)",
    re.I,
)
_ONE = re.compile(r"(\d{1,3})(?:([A-Z])(?![A-Za-z]))?(?:\s?\((\d{1,2}[A-Z]?)\))?", re.I)
# "156(3)", "115 (2)": a number with a sub-section is a section wherever it stands
_WITH_SUB = re.compile(r"(?<![\w/.(-])(\d{1,3}[A-Z]?)\s?\((\d{1,2}[A-Z]?)\)", re.I)
_ARTICLE_BEFORE = re.compile(r"(?:\barticles?|\bart\.?|\banu?chh?e?d|अनुच्छेद)\s*$", re.I)

# "498ए", "304 बी": a section's letter written in Devanagari after its number is the Latin letter
_DEVA_SUFFIX = re.compile(r"(\d)\s?(ए|बी|सी|डी|ई)(?=$|[\s,.?।)(])")
_DEVA_LETTER = {"ए": "A", "बी": "B", "सी": "C", "डी": "D", "ई": "E"}


def latin_suffixes(text: str) -> str:
    """'498ए' -> '498A': how people type a lettered section in Hindi, read as the section it names."""
    return _DEVA_SUFFIX.sub(lambda m: m.group(1) + _DEVA_LETTER[m.group(2)], text or "")


# a number with a section letter standing alone ("498A", "304B ab kya hai") is a section: no price,
# date or count is written so
_LETTERED = re.compile(r"(?<![\w/.-])(\d{3}[A-E])(?![\w/-])")
# two digits and a letter ("41A", CrPC's notice of appearance; "65B", the IEA's electronic-record certificate)
# are also a flat, a bus route or a form ("flat 41A", "Form 16A", "route 52A"): a section only beside the word
# that makes it one, "under 41A", "41A notice", "65B certificate", "41A ke tahat"
_LETTERED_SHORT = re.compile(
    r"(?:\b(?:under|u/s|per)\s+|धारा\s*)(\d{2}[A-E])(?![\w/-])|"
    r"(?<![\w/.-])(\d{2}[A-E])(?=\s+(?:notice|certificate|ke\s+tahat|ki\s+notice|ka\s+notice|नोटिस|के\s+तहत)\b)",
    re.I,
)
# "438 ab BNSS mein kya hai": a number said before "now" and a new code is the old code's section
_NOW_NUMBER = re.compile(r"(?<![\w/.-])(\d{1,3}[A-E]?)\s+(?:ab|now|is\s+now)\b(?=.{0,25}\b(?:bns|bnss|bsa)\b)", re.I)

# the word right after a bare number that names its code: a bail, a statement or a notice is the procedure
# code's ("438 ki bail", "164 ka bayan", "161 statement"); a recovery, a certificate or a confession the
# evidence law's ("27 wali recovery", "65B certificate")
_PROCEDURE_NOUN = re.compile(
    r"^\s*(?:(?:ka|ki|ke|wala|wali|wale|me|mein|under|का|की|के|वाला|वाली|में)\s+)?(?:bail|jamanat|anticipatory|bayan|"
    r"statement|notice|remand|जमानत|ज़मानत|बयान|नोटिस)\b",
    re.I,
)
_EVIDENCE_NOUN = re.compile(
    r"^\s*(?:(?:ka|ki|ke|wala|wali|wale|me|mein|under|का|की|के|वाला|वाली|में)\s+)?(?:recovery|certificate|"
    r"confession|dying\s+declaration|बरामदगी|प्रमाणपत्र|प्रमाण\s+पत्र)\b",
    re.I,
)

# a question that asks what an old number is now: "new section for 498A", "302 ka naya number", "ab kaunsa
# section hai", "what replaced 438", "धारा 32 का नया नंबर", "अब कौन सी धारा"
_NEW_ASKED = re.compile(
    r"\bnew\s+(?:section|sec|number|no\.?|dhara|provision)s?\b|\bnew\s+(?:law|code|sanhita)s?\s+(?:me|mein|main|in)\b|"
    r"\bin\s+(?:the\s+)?new\s+(?:law|code|act|sanhita)s?\b|\bnay[aie]\s+(?:section|number|dhara|no|kanoon|kanun|law)\b|"
    r"\b(?:section|number|dhara)\s+(?:is\s+)?now\b|\bnow\s+(?:which|what)\b|"
    r"\b(?:replaced|replacement|equivalent|corresponding)\b|\bchanged\s+to\b|\bbadal\s?(?:kar|gaya|gayi|gai|diya|di)\b|"
    r"\bab\s+(?:kaun\s?s[aie]|konsa|konsi|kis|kya\s+(?:hai|h|he|ho\s+gaya|ho\s+gayi))\b|"
    r"नया\s+(?:नंबर|नम्बर|सेक्शन)|नई\s+(?:धारा|संख्या)|नए\s+(?:कानून|क़ानून|नंबर)|अब\s+(?:कौन|क्या|किस)|बदल\s?(?:कर|गया|गई|दी)",
    re.I,
)


def bare_codes(question: str) -> tuple[str, str]:
    """(new code, old code) a section number the question gives without an Act is read in: the procedure
    code's or the evidence law's when the question names either of them (by the Act registry's aliases),
    else the penal code's."""
    named = acts_named(question)
    if named & {"BNSS", "CRPC"}:
        return ("BNSS", "CRPC")
    if named & {"BSA", "IEA"}:
        return ("BSA", "IEA")
    return ("BNS", "IPC")


def _listed(span: str) -> list[tuple[str, str]]:
    """(number, sub-section) of each number in a list span ("323, 504 and 506", "156(3)")."""
    return [(m.group(1) + (m.group(2) or ""), m.group(3) or "") for m in _ONE.finditer(span)]


# "sections 323, 504 and 506 IPC": the code said after a list is every listed number's
_CODE_AFTER = re.compile(r"\s*(?:of\s+(?:the\s+)?)?(ipc|crpc|bnss|bns|bsa|iea)\b", re.I)


def _said_numbers(q: str) -> list[tuple[str, str, int]]:
    """(number, sub-section, where it ends) of every section number the question gives without an Act."""
    found: list[tuple[str, str, int]] = []
    for rx in (_BARE_NUMBER, _AFTER_NUMBER):
        for m in rx.finditer(q):
            i = 1 if m.group(1) else 2
            found += [(n, s, m.end(i)) for n, s in _listed(m.group(i))]
    for m in _WITH_SUB.finditer(q):
        if not _ARTICLE_BEFORE.search(q[: m.start()]):  # "article 19(1)(a)" is the Constitution's (named_ids)
            found.append((m.group(1), m.group(2), m.end()))
    for rx in (_LETTERED, _LETTERED_SHORT, _NOW_NUMBER):
        for m in rx.finditer(q):
            i = 1 if m.group(1) else 2
            found.append((m.group(i), "", m.end(i)))
    return [(n.upper(), s.upper(), e) for n, s, e in found]


def bare_numbers(question: str) -> list[str]:
    """Section numbers the question gives without an Act ("booked under 109", "dhara 302", "498ए", "323 ka
    case", "156(3)"), without their sub-sections."""
    return list(dict.fromkeys(n for n, _, _ in _said_numbers(latin_suffixes(question))))


def sub_sections(question: str) -> dict[str, str]:
    """The sub-section said with a section number ("156(3)" -> {"156": "3"})."""
    return {n: s for n, s, _ in _said_numbers(latin_suffixes(question)) if s}


def asks_new_number(question: str) -> bool:
    """The question gives a section number and asks what it is now ("new section number for 498A", "302 ka
    naya number", "धारा 32 ... का नया नंबर बीएसए में", "what is the new section for 156(3)")."""
    q = latin_suffixes(question)
    return bool(_NEW_ASKED.search(q)) and bool(_said_numbers(q) or named_ids(q))


# a criminal complaint: a case, an FIR, a charge, an arrest ("police registered a case under 354", "323 ka case
# kiya", "307 lagi hai", "booked under 109")
_COMPLAINT = re.compile(
    r"\b(?:case|cases|fir|f\.i\.r|booked|charged|charges?|chargesheet\w*|arrested|registered|accused|complaint|"
    r"mukadm\w*|mukdm\w*|muqadm\w*|lagi|lagai|lagayi|lagaya|laga|darj|police|thana|thane)\b|केस|मुकदम|मुक़दम|"
    r"एफआईआर|एफ़आईआर|लगी|लगाई|लगाया|दर्ज|पुलिस|थान|गिरफ्तार|गिरफ़्तार|आरोप",
    re.I,
)


def complaint(question: str) -> bool:
    """The question speaks of a criminal complaint (a case, an FIR, a charge, an arrest)."""
    return bool(_COMPLAINT.search(question or ""))


_CODE = {"ipc": "IPC", "crpc": "CRPC", "cr.p.c": "CRPC", "bns": "BNS", "bnss": "BNSS", "bsa": "BSA", "iea": "IEA"}
_NAMED = re.compile(
    r"\b(ipc|crpc|bnss|bns|bsa|iea)\s*(?:section|sec\.?|s\.|dhara|ki dhara)?\s*(\d{1,3}[a-z]{0,2})\b|"
    r"\b(?:section|sec\.?|s\.|dhara)?\s*(\d{1,3}[a-z]{0,2})"
    + _SUB
    + r"*\s*(?:of\s+(?:the\s+)?)?(ipc|crpc|bnss|bns|bsa|iea)\b|"
    r"\b(?:article|art\.?|anuchhed)\s*(\d{1,3}[a-z]?)\b|अनुच्छेद\s*(\d{1,3}[a-z]?)|"
    r"(?:आईपीसी|आई\.पी\.सी\.)\s*(?:की\s*)?(?:धारा\s*)?(\d{1,3}[a-z]{0,2})",
    re.I,
)


def named_ids(question: str) -> list[str]:
    """Provision ids a question names in the short forms people type ("IPC 420", "420 IPC", "154(1) crpc",
    "article 17", "अनुच्छेद 21"), beside what core.citations finds."""
    out = []
    for m in _NAMED.finditer(latin_suffixes(question)):
        if m.group(1):
            out.append(f"{_CODE[m.group(1).lower()]}:{m.group(2).upper()}")
        elif m.group(4):
            out.append(f"{_CODE[m.group(4).lower()]}:{m.group(3).upper()}")
        elif m.group(5) or m.group(6):
            out.append(f"COI:{(m.group(5) or m.group(6)).upper()}")
        elif m.group(7):
            out.append(f"IPC:{m.group(7).upper()}")
    return list(dict.fromkeys(out))


@dataclass
class Numbers:
    """What the numbers of a question are: sections it names (``named``, with their code or read as one),
    bare numbers left to the scorer (``bare``: both codes' sections of that number), and what replaced a
    named or bare old-code section (``succ``)."""

    named: set[str] = field(default_factory=set)
    bare: set[str] = field(default_factory=set)
    succ: set[str] = field(default_factory=set)
    new_asked: bool = False


def _as_old(entries: dict, q: str, pid: str) -> str:
    """In a question asking the new number, a new-code number said before the ask is the old code's: "धारा 32
    साक्ष्य अधिनियम का नया नंबर बीएसए में" (the extractor reads "32 ... बीएसए") is IEA s.32."""
    code, num = pid.split(":", 1)
    old = f"{_OLD_OF.get(code, '')}:{num}"
    ask = _NEW_ASKED.search(q)
    said = re.search(rf"(?<![\w/.-]){re.escape(num)}(?![\w-])", q, re.I)
    if code in NEW_CODES and old in entries and ask and said and said.start() < ask.start():
        return old
    return pid


def _readings(idx, question: str, hint: str, pair: list[str]) -> list[str]:
    """Of a penal number both codes hold, the readings people mean: the one whose names (its own, or its
    successors') say a word of the question the other's do not; else the one whose offence an everyday
    problem is governed by (the pack's problems are what people are charged with: "323" is IPC s.323, hurt,
    now BNS s.115, not BNS s.323, fraudulent removal of property); else both."""
    entries = idx.entries
    said, common = [], []
    for pid in pair:
        ids = [pid] + (entries[pid].new if pid.split(":", 1)[0] in OLD_CODES else [])
        said.append({t for n in ids for t in idx.explained(n, question, hint)})
        common.append(any(n in getattr(idx, "everyday", ()) for n in ids))
    only = [pid for pid, s, other in zip(pair, said, reversed(said)) if s - other]
    if len(only) == 1:
        return only
    return [pid for pid, c in zip(pair, common) if c] if sum(common) == 1 else pair


def read(idx, question: str, hint: str = "", explicit=(), problem_law=()) -> Numbers:
    """Which sections the numbers of a question are (the module's rules); ``explicit``: the ids the citation
    extractor read, ``problem_law``: the recognised problems' own provisions."""
    entries = idx.entries
    q = latin_suffixes(question)
    out = Numbers(new_asked=asks_new_number(q))
    named = set(explicit) | {n for n in named_ids(q) if n in entries}
    if out.new_asked and not any(n.split(":", 1)[0] in OLD_CODES for n in named):
        named = {_as_old(entries, q, n) for n in named}
    out.named = named
    nums = _said_numbers(q)
    given = {n.split(":", 1)[1].upper() for n in named}
    codes = bare_codes(q)
    # the recognised problems' own provisions and the old sections they replaced, by number
    own = [o for p in problem_law if p in entries for o in [p, *entries[p].old] if o in entries]
    in_problem = {entries[p].number.upper(): p for p in own}
    for num, sub, end in nums:
        after = q[end:]
        listed = _CODE_AFTER.match(after)
        if listed and f"{_CODE[listed.group(1).lower()]}:{num}" in entries:
            named.add(f"{_CODE[listed.group(1).lower()]}:{num}")  # "323, 504 and 506 IPC"
            continue
        if num in given:
            continue
        pair_codes = codes
        if codes == ("BNS", "IPC") and _PROCEDURE_NOUN.search(after):
            pair_codes = ("BNSS", "CRPC")
        elif codes == ("BNS", "IPC") and _EVIDENCE_NOUN.search(after):
            pair_codes = ("BSA", "IEA")
        if num in in_problem and pair_codes == codes and not out.new_asked:
            # "wife ne 125 ka case kiya": the maintenance problem's own CrPC s.125, not the penal code's
            named.add(in_problem[num])
            continue
        pair = [f"{a}:{num}" for a in pair_codes if f"{a}:{num}" in entries]
        if sub:
            # "156(3)": the section whose text has that sub-section, in another code if neither of these has it
            fits = [p for p in pair if sub in entries[p].subs]
            if not fits:
                fits = [f"{a}:{num}" for a in sorted(NEW_CODES | OLD_CODES) if sub in _subs(entries, f"{a}:{num}")]
                if out.new_asked:
                    fits = [p for p in fits if p.split(":", 1)[0] in OLD_CODES] or fits
            pair = fits or pair
        if num[-1].isalpha() and not pair:
            # a lettered number neither code has is the one code's that has it: "a notice under 41A" is CrPC
            # s.41A (the BNS has no lettered sections, the IPC no 41A); one two codes have ("53A") is none
            held = [f"{a}:{num}" for a in sorted(NEW_CODES | OLD_CODES) if f"{a}:{num}" in entries]
            pair = held if len(held) == 1 else []
        if out.new_asked:
            # the number whose new one is asked is the old code's ("धारा 302 का नया नंबर": IPC s.302)
            pair = [p for p in pair if p.split(":", 1)[0] in OLD_CODES] or pair
        if len(pair) == 1:
            # a number only one of the codes has ("498A", "420": the BNS has no lettered sections and ends at
            # 358) names that section
            named.add(pair[0])
        elif len(pair) == 2 and (complaint(q) or pair_codes != codes):
            # a complaint's number, or one a word after it gives its code ("438 ki bail"): the reading people
            # mean (_readings); a penal number still read both ways is both, one of another code the scorer's
            readings = _readings(idx, question, hint, pair)
            if len(readings) == 1 or pair_codes == ("BNS", "IPC"):
                named |= set(readings)
            else:
                out.bare |= set(pair)
        else:
            out.bare |= set(pair)
    # what replaced a named old section (and an old number given bare: most people still say "302"); a
    # section named explicitly the index does not hold (IPC s.497, struck down, with no successor) has none
    out.succ = {
        s
        for n in named | {b for b in out.bare if b.split(":", 1)[0] in OLD_CODES}
        if n in entries
        for s in entries[n].new
    } - named
    return out


def _subs(entries: dict, pid: str) -> frozenset[str]:
    e = entries.get(pid)
    return e.subs if e else frozenset()
