"""The Transcript speech hands on, and its "I heard: ..." line.

Both recognisers (Whisper, :mod:`core.speech.stt`; Bhashini, ``app.service``) end here: the
normalised text (:func:`core.speech.normalize.normalize_transcript`) becomes one
:class:`core.stages.Transcript`, whose ``heard`` is the line the user checks before the question is
answered (:func:`heard_line`).
"""

from __future__ import annotations

from core.stages import Transcript


def transcript(norm, language: str, **how) -> Transcript:
    """The Transcript of normalised text ``norm`` (a :class:`core.speech.normalize.NormalizedText`)
    in ``language``; ``how``: the other Transcript fields (served_by, warnings, timings_ms, ...)."""
    t = Transcript(
        text=norm.text,
        language=language,
        corrections=[list(c) for c in norm.corrections],
        heard_numbers=list(norm.heard),
        acts=list(norm.acts),
        **how,
    )
    t.heard = heard_line(language, t.heard_numbers, t.acts, t.corrections, t.problems())
    return t


def heard_line(lang: str, numbers: list[str], acts: list[str], corrections: list, problems: list[str] = ()) -> str:
    """The "I heard: ..." line the user checks before the question is answered, from the fixed
    templates: the numbers, dates and acts heard, each correction the normaliser made
    ("I read 'Maratiya Nyaya Sanhita' as 'Bharatiya Nyaya Sanhita'."), and a warning when the
    recogniser's output looks wrong (script, near-empty).  Empty when there is nothing to check."""
    from core.language.templates import render

    lang = lang if lang in ("en", "hi") else "en"
    parts = []
    items = list(numbers) + [a for a in acts if a not in " ".join(numbers)]
    if items:
        parts.append(render("speech.heard_items", lang, items=", ".join(items)))
    for heard, fixed in list(corrections)[:3]:
        if heard and fixed and len(heard) <= 60:
            parts.append(render("speech.corrected", lang, heard=heard, fixed=fixed))
    if "script" in problems:
        parts.append(render("speech.warn_script", lang))
    elif "near_empty" in problems:
        parts.append(render("speech.warn_near_empty", lang))
    return " ".join(parts)
