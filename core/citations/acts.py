"""Act codes and aliases for the extractor, from the act registry (domain.acts).

The registry is read once from the configured pack directory ($NYAYAPATH_PACK_DIR or the
India pack); this module only derives the alias table and the alias regex from it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from domain.acts import Act, registry

__all__ = [
    "Act",
    "WORDCH",
    "load_acts",
    "alias_key",
    "alias_table",
    "resolve_alias",
    "alias_pattern",
    "act_year",
    "plausible_section",
]

# Word-ish characters, Devanagari block included (matras are not \w in Python).
WORDCH = r"\w\u0900-\u0963\u0966-\u097F"  # letters; the danda (U+0964/5) ends a word


def load_acts() -> dict[str, Act]:
    """code -> Act, in file order (the registry of the configured pack)."""
    return registry()


_KEY_JUNK = re.compile(r"[\s.,\-–]")


def alias_key(text: str) -> str:
    """Spelling-insensitive key: 'Cr. P.C.' and 'CrPC' -> 'crpc'."""
    return _KEY_JUNK.sub("", text).lower()


def _names(act: Act) -> list[str]:
    names = list(act.aliases) + [act.name_en, act.name_hi]
    names += [n for n in (act.short_en, act.short_hi) if n]  # display() forms read back
    # "Indian Penal Code, 1860" also written without the comma / year.
    names += [n.rsplit(",", 1)[0] for n in (act.name_en, act.name_hi) if "," in n]
    return names


@lru_cache(maxsize=1)
def alias_table() -> dict[str, str]:
    """alias_key -> act code.  First act listing an alias wins."""
    table: dict[str, str] = {}
    for act in load_acts().values():
        for name in _names(act):
            table.setdefault(alias_key(name), act.code)
    return table


def resolve_alias(text: str) -> str | None:
    """Act code for an alias as written (optionally followed by ', YEAR')."""
    table = alias_table()
    key = alias_key(text)
    if key in table:
        return table[key]
    m = re.search(r"(?:1[89]|20)\d\d$", key)
    if m:
        code = table.get(key[: m.start()])
        if code is None:
            return None
        # "Evidence Act, 1872" vs "Sakshya Adhiniyam, 2023": prefer the act of that year.
        year = int(m.group())
        for act in load_acts().values():
            if act.year == year and alias_key(act.name_en).startswith(key[: m.start()]):
                return act.code
        return code
    return None


def _is_plain_word(alias: str) -> bool:
    return alias.isascii() and alias.isalpha() and len(alias) > 4


def _alias_regex(alias: str) -> tuple[str, str]:
    """Literal alias -> (first char, regex for the rest) tolerant of dots, spacing, hyphens."""
    alias = re.sub(r"\.\s+", ".", alias.strip())
    out = []
    for i, ch in enumerate(alias):
        if i == 0:
            continue
        if ch == ".":
            out.append(r"\.?\s?" if i < len(alias) - 1 else r"\.?")
        elif ch == " ":
            out.append(r"\s{1,3}")
        elif ch == "-":
            out.append(r"[-\s]?")
        elif ch == ",":
            out.append(r",?")
        else:
            out.append(re.escape(ch))
    body = "".join(out)
    # Single English words such as "Constitution" are case-sensitive (the
    # lowercase word is common prose); everything else is case-insensitive.
    if _is_plain_word(alias):
        return alias[0], body
    first = alias[0]
    cls = f"[{first.lower()}{first.upper()}]" if first.lower() != first.upper() else re.escape(first)
    return cls, f"(?i:{body})" if body else ""


@lru_cache(maxsize=1)
def alias_pattern() -> str:
    """Regex source matching any act alias, optional year, with word bounds."""
    # Alternatives are grouped by first character, so each word start tries a
    # handful of branches instead of every alias (the regex is run on all text).
    groups: dict[str, dict[str, None]] = {}
    names = sorted({n for a in load_acts().values() for n in _names(a)}, key=len, reverse=True)
    for n in names:
        first, rest = _alias_regex(n)
        groups.setdefault(first, {}).setdefault(rest, None)
    alts = "|".join(f"{first}(?:{'|'.join(rests)})" for first, rests in groups.items())
    return rf"(?<![A-Za-z\u0900-\u097F])(?:{alts})(?:,?\s{{0,2}}(?:1[89]|20)[0-9]{{2}}(?![0-9]))?(?![{WORDCH}])"


def act_year(code: str) -> int | None:
    act = load_acts().get(code)
    return act.year if act else None


def plausible_section(code: str | None, number: str) -> bool:
    """A bare number next to an act is a section only if the act has it."""
    if code is None:
        return True
    act = load_acts().get(code)
    digits = re.match(r"[0-9]+", number)
    return act is None or digits is None or int(digits.group()) <= act.last_section


@lru_cache(maxsize=1)
def _act_re() -> re.Pattern:
    return re.compile(alias_pattern())


def acts_named(text: str) -> set[str]:
    """The codes of the Acts a text names by any alias the registry knows ("BNSS", "Cr.P.C.", "साक्ष्य
    अधिनियम", "evidence act")."""
    return {c for m in _act_re().finditer(text or "") if (c := resolve_alias(m.group()))}
