"""Cue phrases of the unheld Acts whose meaning hangs on a negation ("salary not given", "तनख्वाह नहीं
मिली"): the provision index matches a cue by its content stems (``core.provisions.toks``), which drop
"not", "nahi", "नहीं" as stop words, so such a cue is left as its bare noun ("salary") and would take any
question that says the noun ("can my husband take my salary", economic abuse under PWDVA s.3) to the Act
of an unpaid salary. ``negation_only`` tells the unheld gate (``core.unheld_gate``) which of an Act's cue
stems came only from negated phrases; such a cue counts only when the question says a negation too.
The phrases are read from the reviewed pack file the index is built from (``provision_names.json``)."""

from __future__ import annotations

import functools
import json
import logging
import re

log = logging.getLogger(__name__)

# the negation words ``core.provisions.toks`` drops as stop words (English, Roman Hindi, Hindi), and "never"
NEGATION = re.compile(
    r"(?<![\w\u0900-\u097f])(?:not|no|never|nahi|nahin|nahi|nhi|na|mat|नहीं|नही|न|ना|मत)(?![\w\u0900-\u097f])|n['’]t\b",
    re.I,
)


def says_negation(text: str) -> bool:
    """Does the text say a negation word ("not", "didn't", "nahi", "नहीं")?"""
    return bool(NEGATION.search(text or ""))


@functools.lru_cache(maxsize=4)
def _table(path: str) -> dict[str, frozenset[tuple[str, ...]]]:
    from core.provisions import toks

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        log.warning("provision names unreadable for the negated cues: %s", path)
        return {}
    out = {}
    for a in data.get("not_held") or []:
        negated, plain = set(), set()
        for key in ("cues", "decisive"):
            for lang in ("en", "hi", "rom"):
                for c in a.get(f"{key}_{lang}") or []:
                    t = tuple(toks(c))
                    if t:
                        (negated if says_negation(c) else plain).add(t)
        if negated - plain and a.get("id"):
            out[a["id"]] = frozenset(negated - plain)
    return out


def negation_only(act_id: str) -> frozenset[tuple[str, ...]]:
    """The cue stems of the unheld Act ``act_id`` that only negated phrases gave (none when the pack is
    unreadable)."""
    from domain import paths

    return _table(str(paths.pack_file(paths.PROVISION_NAMES))).get(act_id, frozenset())


def negation_lost(hit, question: str, hint: str = "") -> bool:
    """Was the unheld Act's cue said only as its bare words, the negation its meaning hangs on unsaid? A hit
    by the key terms of the Act's subject (``UnheldHit.by_terms``) is never one."""
    if hit is None or hit.by_terms or tuple(hit.cue) not in negation_only(hit.act.id):
        return False
    return not says_negation(question + " " + hint)
