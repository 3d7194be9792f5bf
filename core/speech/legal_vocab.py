"""Legal vocabulary for speech recognition, built from the pack (never hand-copied).

* :func:`act_terms` -- every Act of the registry (domain.acts): its full name without the
  year and its short code, in English and in Devanagari ("Bharatiya Nyaya Sanhita", "BNS",
  "भारतीय न्याय संहिता", "बीएनएस").
* :func:`cue_terms` -- the problems' key words (graph_schema/packs/india/problems/*.json,
  ``cues``), most shared first.
* :func:`build_prompt` -- a Whisper initial prompt for one language, within a token budget
  counted with the model's own tokenizer (Whisper keeps at most 223 prompt tokens, and the
  prompt plus the new tokens must fit in 448).  The order is chosen so that the words
  Whisper leans on most (the end of the prompt) are the ones people say most.
* :func:`legal_lexicon` -- multi-word legal terms (glossary terms, act names) the
  normaliser may correct a mishearing to.

The pack is read once per process per pack directory.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

from domain import paths
from domain.acts import registry

_YEAR = re.compile(r",?\s*\d{4}$")
_DEVANAGARI = re.compile(r"[\u0900-\u097f]")

# How people say the codes in Hindi speech (Devanagari letter names), for acts whose
# registry entry has no Devanagari alias of the code.
_HI_LETTERS = dict(zip("ABCDEFIMNPRSTV", "ए बी सी डी ई एफ आई एम एन पी आर एस टी वी".split()))

# Acts people name most in everyday questions: they go last in the prompt (Whisper leans on
# the end of its prompt most) and are never dropped for the budget.
CORE_ACTS = ("BNS", "BNSS", "BSA", "IPC", "CRPC", "COI")


def _pack(pack_dir) -> Path:
    return Path(pack_dir) if pack_dir is not None else paths.pack_dir()


@lru_cache(maxsize=8)
def _act_terms(pack_key: str) -> tuple[tuple[str, str, str, str, str], ...]:
    out = []
    for code, a in registry(pack_key).items():
        name_en = _YEAR.sub("", a.name_en).strip()
        name_hi = _YEAR.sub("", a.name_hi or "").strip()
        # a code only when people use it (it is among the act's aliases): "BNS", "CrPC", not "COI"
        short_en = a.short_en or next((x for x in a.aliases if x.upper() == a.code and len(x) <= 5), "")
        hi_code = next(
            (x for x in a.aliases if _DEVANAGARI.search(x) and " " not in x and "." not in x and len(x) <= 8), ""
        )
        if not hi_code and short_en and short_en.isupper() and all(c in _HI_LETTERS for c in short_en):
            hi_code = "".join(_HI_LETTERS[c] for c in short_en)
        out.append((code, name_en, short_en, name_hi, a.short_hi or hi_code))
    return tuple(out)


def act_terms(pack_dir=None) -> list[dict]:
    """[{"code", "name_en", "short_en", "name_hi", "short_hi"}] in registry order."""
    return [
        dict(zip(("code", "name_en", "short_en", "name_hi", "short_hi"), t))
        for t in _act_terms(str(_pack(pack_dir).resolve()))
    ]


@lru_cache(maxsize=8)
def _cues(pack_key: str) -> dict[str, tuple[str, ...]]:
    counts: dict[str, Counter] = {"en": Counter(), "hi": Counter()}
    d = Path(pack_key) / paths.PROBLEMS_DIR
    for f in sorted(d.glob("*.json")) if d.is_dir() else []:
        try:
            probs = json.loads(f.read_text(encoding="utf-8")).get("problems") or []
        except (OSError, ValueError):
            continue
        for p in probs:
            cues = p.get("cues") or {}
            for lang in ("en", "hi"):
                for c in cues.get(lang) or []:
                    c = str(c).strip()
                    if c and not re.search(r"\d", c):
                        counts[lang][c] += 1
    # a cue shared by several problems first, then the shorter (more general) ones
    return {lang: tuple(sorted(c, key=lambda x: (-c[x], len(x), x))) for lang, c in counts.items()}


def cue_terms(lang: str, pack_dir=None) -> list[str]:
    return list(_cues(str(_pack(pack_dir).resolve())).get(lang, ()))


# A few words every legal question may carry, that are not act names or problem cues.
BASE_TERMS = {
    "en": [
        "Section",
        "FIR",
        "bail",
        "anticipatory bail",
        "magistrate",
        "police station",
        "charge sheet",
        "legal aid",
        "Lok Adalat",
        "Article 21",
    ],
    "hi": ["धारा", "जमानत", "एफआईआर", "पुलिस", "थाना", "अदालत", "वकील", "कानूनी सहायता"],
}


def _tokenizer(model_dir: Path | None):
    try:
        from tokenizers import Tokenizer
    except ImportError:  # pragma: no cover - a dependency of faster-whisper
        return None
    if model_dir is None:
        try:
            from core.speech.models import resolve_model_dir

            model_dir = resolve_model_dir()
        except Exception:
            return None
    f = Path(model_dir) / "tokenizer.json"
    return Tokenizer.from_file(str(f)) if f.is_file() else None


def count_tokens(text: str, model_dir: Path | None = None) -> int:
    """Whisper tokens of ``text`` as faster-whisper encodes a prompt (" " + text)."""
    tok = _tok_cached(str(model_dir) if model_dir else "")
    if tok is None:  # no tokenizer: a safe over-estimate (bytes / 2)
        return len((" " + text).encode("utf-8")) // 2 + 1
    return len(tok.encode(" " + text.strip(), add_special_tokens=False).ids)


@lru_cache(maxsize=4)
def _tok_cached(model_dir: str):
    return _tokenizer(Path(model_dir) if model_dir else None)


def prompt_items(lang: str, pack_dir=None) -> list[str]:
    """Everything a prompt for ``lang`` could hold, most important LAST."""
    acts = act_terms(pack_dir)
    core = [a for a in acts if a["code"] in CORE_ACTS]
    other = [a for a in acts if a["code"] not in CORE_ACTS]
    items: list[str] = []
    cues = cue_terms(lang, pack_dir)
    items += [c for c in cues[:40][::-1]]
    if lang == "hi":
        for a in other[::-1] + sorted(core, key=lambda a: CORE_ACTS.index(a["code"]), reverse=True):
            name = a["name_hi"]
            items.append(f"{name} ({a['short_hi']})" if a["short_hi"] and a["short_hi"] not in name else name)
    else:
        # "Name (CODE)": measured on 26 espeak/piper legal questions (beam 5): WER 0.092, act
        # names 96%; the codes as separate items instead pushed the NI Act out of the budget
        # (WER 0.115, act names 85%)
        for a in other[::-1] + sorted(core, key=lambda a: CORE_ACTS.index(a["code"]), reverse=True):
            name, short = a["name_en"], a["short_en"]
            items.append(f"{name} ({short})" if short and short.lower() not in name.lower() else name)
    items += BASE_TERMS.get(lang, BASE_TERMS["en"])[::-1]
    # an item listed twice keeps its most important (last) place
    return list(dict.fromkeys(items[::-1]))[::-1]


def build_prompt(
    lang: str, max_tokens: int, *, model_dir: Path | None = None, pack_dir=None, end: str | None = None
) -> str:
    """A comma-separated list of the most important items that fits ``max_tokens``: items are
    taken most important first and the list stops at the first one that does not fit (so a
    small budget keeps the base words and the core acts, not a scatter of short cues)."""
    items = prompt_items(lang, pack_dir)
    stop = end if end is not None else ("।" if lang == "hi" else ".")
    chosen: list[str] = []
    for item in reversed(items):  # most important first
        trial = [item] + chosen
        if count_tokens(", ".join(trial) + stop, model_dir) > max_tokens:
            break
        chosen = trial
    return ", ".join(chosen) + stop if chosen else ""


@lru_cache(maxsize=8)
def _lexicon(pack_key: str) -> tuple[tuple[str, str], ...]:
    """(term, language) pairs: glossary terms (English and Hindi, with aliases of 2+ words)."""
    out: list[tuple[str, str]] = []
    f = Path(pack_key) / paths.GLOSSARY
    try:
        terms = json.loads(f.read_text(encoding="utf-8")).get("terms") or []
    except (OSError, ValueError):
        terms = []
    for t in terms:
        en = re.sub(r"\s*\(.*?\)\s*", " ", str(t.get("en") or "")).strip()
        hi = re.sub(r"\s*\(.*?\)\s*", " ", str(t.get("hi") or "")).strip()
        if en:
            out.append((en, "en"))
        if hi:
            out.append((hi, "hi"))
    return tuple(dict.fromkeys(out))


def legal_lexicon(lang: str, pack_dir=None) -> list[str]:
    """Glossary terms of ``lang`` of two or more words (single words are too easy to mis-match)."""
    return [t for t, lg in _lexicon(str(_pack(pack_dir).resolve())) if lg == lang and len(t.split()) >= 2]


@lru_cache(maxsize=8)
def _hindi_words(pack_key: str) -> frozenset[str]:
    """Every Devanagari word the pack writes (act names and aliases, glossary terms and
    definitions, problem titles, phrasings and cues, the fixed templates): real words that an
    echo filter must never take for a mangled copy of its prompt ("न्यायालय", "भारत")."""
    from core.speech._numbers import hi_key

    texts: list[str] = []
    for a in registry(pack_key).values():
        texts += [a.name_hi or "", *a.aliases]
    pack = Path(pack_key)
    for name in (paths.GLOSSARY, paths.ROUTES):
        try:
            texts.append(json.dumps(json.loads((pack / name).read_text(encoding="utf-8")), ensure_ascii=False))
        except (OSError, ValueError):
            pass
    d = pack / paths.PROBLEMS_DIR
    for f in sorted(d.glob("*.json")) if d.is_dir() else []:
        try:
            texts.append(f.read_text(encoding="utf-8"))
        except OSError:
            pass
    try:
        from core.language.templates import _T

        texts += [v.get("hi", "") for v in _T.values()]
    except ImportError:  # pragma: no cover
        pass
    words = re.findall(r"[\u0900-\u0963\u0966-\u097f]+", " ".join(texts))
    return frozenset(hi_key(w) for w in words if len(w) >= 2)


def hindi_words(pack_dir=None) -> frozenset[str]:
    return _hindi_words(str(_pack(pack_dir).resolve()))
