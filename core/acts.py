"""The act registry, for core's call sites: a thin re-export of domain.acts.

The registry (codes, names, last sections, dates in force, aliases, known defects) is read
once from the configured pack directory by domain.acts; display() renders a provision in
both languages in a form the citation extractor reads back.
"""

from domain.acts import NEW_CODES_FROM, Act, acts, display  # noqa: F401

__all__ = ["NEW_CODES_FROM", "Act", "acts", "display"]
