"""Small text helpers several stages share (the standard library only).

* :func:`sentences`: split at sentence ends (., !, ?, the danda), never inside a span the caller
  protects (a citation: "Maneka Gandhi v. Union of India"). Other splitters differ on purpose and
  say why where they stand (core.speech.tts: abbreviations and streaming sizes; the synthesis
  helpers: the model's terminators and abbreviations).
* English number words (:data:`EN_ONES`, :data:`EN_UNITS`, :data:`EN_TENS`): read by the speech
  normaliser (core.speech._numbers) and the fact comparison (core.synthesis.facts).
* Month names in English and Hindi (:data:`MONTHS_EN`, :data:`MONTHS_HI`, the Hindi spellings
  :data:`MONTHS_HI_VARIANTS`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# ------------------------------------------------------------------------------ sentences
_END = re.compile(r"[.!?।](?=\s|$)|\n")


def sentences(text: str, *, keep: Iterable[tuple[int, int]] = ()) -> list[str]:
    """The sentences of ``text``: split after ., !, ? or । followed by a space or the end, and at
    line breaks, but never at an end that falls inside one of the ``keep`` spans (start, end)."""
    spans = list(keep)
    out, last = [], 0
    for m in _END.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        out.append(text[last : m.end()].strip())
        last = m.end()
    out.append(text[last:].strip())
    return [x for x in out if x]


# ------------------------------------------------------------------------------ numbers
EN_ONES: tuple[str, ...] = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split()
)
# index = the tens digit ("" below twenty)
EN_TENS_WORDS: tuple[str, ...] = ("", "", *"twenty thirty forty fifty sixty seventy eighty ninety".split())
EN_UNITS: dict[str, int] = {w: n for n, w in enumerate(EN_ONES)}
EN_TENS: dict[str, int] = {w: 10 * n for n, w in enumerate(EN_TENS_WORDS) if w}

# ------------------------------------------------------------------------------ months
MONTHS_EN: tuple[str, ...] = tuple(
    "january february march april may june july august september october november december".split()
)
MONTHS_HI: tuple[str, ...] = tuple("जनवरी फरवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर".split())
# Other spellings people write (nukta, half letters): month number -> spelling
MONTHS_HI_VARIANTS: dict[str, int] = {"फ़रवरी": 2, "सितम्बर": 9, "अक्तूबर": 10, "नवम्बर": 11, "दिसम्बर": 12}
