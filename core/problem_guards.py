"""What keeps a problem from being raised beside its score (``core.problems.ProblemIndex``): the event it
requires ("requires" in the pack: a dowry death needs a death) and the other side of the same matter, which it
must not answer ("not_when" in the pack, per language, with ``not_when_source``): the tenant's problem is not the
landlord's ("how do I evict my tenant"), a child's maintenance from the father is not a school keeping a
transfer certificate for unpaid fees. A ``not_when`` phrase counts only said as written, its word stems next to
each other in its order ("my tenant is" is not "I am a tenant and my landlord is"). ``not_when`` is read from
the problem itself where it carries one, else from the pack files (the graph's Problem nodes do not carry it).
Kept apart from ``core.problems`` (which imports this module, never the other way)."""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)

LANGS = ("en", "hi", "hinglish")


@functools.lru_cache(maxsize=4)
def _pack_not_when(base: str) -> dict[str, dict[str, list[str]]]:
    from pathlib import Path

    from domain import paths

    out = {}
    for f in sorted((Path(base) / paths.PROBLEMS_DIR).glob("*.json")):
        try:
            items = json.loads(f.read_text(encoding="utf-8")).get("problems") or []
        except (OSError, ValueError):
            log.warning("problem pack unreadable for not_when: %s", f)
            continue
        for p in items:
            if isinstance(p, dict) and p.get("id") and isinstance(p.get("not_when"), dict):
                out.setdefault(p["id"], {k: [str(x) for x in v or []] for k, v in p["not_when"].items()})
    return out


def not_when_of(problems: Iterable) -> list[dict[str, list[str]]]:
    """Per problem, its ``not_when`` phrases per language (the problem's own, else the pack's)."""
    try:
        from domain import paths

        pack = _pack_not_when(str(paths.pack_dir()))
    except Exception:  # no pack: the problems' own only
        log.exception("problem pack not readable for not_when")
        pack = {}
    return [getattr(p, "not_when", None) or pack.get(p.id, {}) for p in problems]


def vetoes(problems: Iterable, tokenize: Callable[[str], list[str]]) -> list[list[tuple[str, ...]]]:
    """Per problem, its ``not_when`` phrases as word-stem tuples (``tokenize``: ``core.problems.cue_tokens``)."""
    return [
        [t for lang in LANGS for c in nw.get(lang, []) if (t := tuple(tokenize(c)))] for nw in not_when_of(problems)
    ]


def _in_order(seq: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(seq[i : i + n]) == phrase for i in range(len(seq) - n + 1))


def unmet(needs: list, vetoed: list, toks: set[str], seqs: list[list[str]]) -> list[bool]:
    """Per problem: is it kept from being raised? Its required event (``needs``: (stems, length) pairs) unsaid
    in the question's stems ``toks``, or one of its ``not_when`` phrases (``vetoed``) said in order in one of
    the question's stem sequences ``seqs`` (a Roman-script question's in Devanagari too)."""
    return [
        (bool(n) and not any(all(t in toks for t in c) for c, _ in n)) or any(_in_order(s, v) for v in vs for s in seqs)
        for n, vs in zip(needs, vetoed, strict=True)
    ]


def is_hinglish(text: str) -> bool:
    """``core.language.detect.is_hinglish``, False where language detection is unavailable."""
    try:
        from core.language.detect import is_hinglish as detect

        return detect(text)
    except Exception:
        return False
