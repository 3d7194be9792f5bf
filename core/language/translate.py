"""Translation interface plus an honest offline translator.

OfflineTranslator does not pretend to translate free text. It translates a
message that is exactly a glossary legal term (e.g. "bail" -> "जमानत"), and
otherwise returns the text unchanged with `translated=False`, listing the
glossary terms it found so the caller can show them side by side.

Glossary: the pack's glossary.json (domain.paths),
{"terms": [{"id", "en", "hi", "aliases": [...], ...}]}. A missing or
malformed file yields an empty glossary (logged once), never a crash.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from core.config import glossary_path
from domain import paths

log = logging.getLogger(__name__)

DEFAULT_GLOSSARY = paths.pack_file(paths.GLOSSARY)
_LETTER = r"[\w\u0900-\u097f]"


class Translator(Protocol):
    def translate(self, text: str, src: str, tgt: str) -> str: ...


class TranslationResult(str):
    """A str (the output text) carrying how it was produced.

    translated: True when the output is a real translation (or src == tgt).
    served_by: "identity", "glossary", "none" (offline, untranslated) or a provider name.
    terms: ids of glossary terms found in the input.
    reason: why a fallback path served (empty when the first choice served).
    """

    translated: bool
    served_by: str
    terms: tuple[str, ...]
    reason: str

    def __new__(
        cls, text: str, *, translated: bool, served_by: str, terms: tuple[str, ...] = (), reason: str = ""
    ) -> TranslationResult:
        obj = super().__new__(cls, text)
        obj.translated = translated
        obj.served_by = served_by
        obj.terms = terms
        obj.reason = reason
        return obj


@dataclass(frozen=True)
class GlossaryTerm:
    id: str
    en: str
    hi: str
    aliases: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def in_lang(self, lang: str) -> str:
        return self.hi if lang == "hi" else self.en


def _norm(s: str) -> str:
    """A glossary form or question as the glossary matches it: spaces collapsed, case folded and the nukta
    dropped, since people type "दहेज़" and "दहेज", "ज़मानत" and "जमानत" for one word (the nukta forms
    U+0958-095F decompose under NFC, so both spellings meet)."""
    return unicodedata.normalize("NFC", re.sub(r"\s+", " ", s)).replace("\u093c", "").strip().casefold()


class Glossary:
    def __init__(self, terms: list[GlossaryTerm]):
        self.terms = terms
        self._index: dict[str, GlossaryTerm] = {}
        for t in terms:
            for form in (t.en, t.hi, *t.aliases):
                if form and _norm(form) not in self._index:
                    self._index[_norm(form)] = t
        forms = sorted(self._index, key=len, reverse=True)
        self._pattern = (
            re.compile("|".join(f"(?<!{_LETTER}){re.escape(f)}(?!{_LETTER})" for f in forms), re.IGNORECASE)
            if forms
            else None
        )

    @classmethod
    def load(cls, path: Path | str | None = None) -> Glossary:
        p = Path(path) if path else glossary_path(DEFAULT_GLOSSARY)
        try:
            raw = json.loads(p.read_text(encoding="utf-8"))
            items = raw["terms"]
        except FileNotFoundError:
            log.warning("glossary not found at %s; offline translation limited to identity", p)
            return cls([])
        except (OSError, ValueError, KeyError, TypeError) as e:
            log.warning("glossary at %s unreadable (%s); using empty glossary", p, type(e).__name__)
            return cls([])
        terms: list[GlossaryTerm] = []
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict) or not item.get("id") or not item.get("en") or not item.get("hi"):
                continue
            aliases = tuple(a for a in item.get("aliases") or () if isinstance(a, str))
            extra = {k: v for k, v in item.items() if k not in {"id", "en", "hi", "aliases"}}
            terms.append(GlossaryTerm(str(item["id"]), str(item["en"]), str(item["hi"]), aliases, extra))
        return cls(terms)

    def lookup(self, word: str) -> GlossaryTerm | None:
        return self._index.get(_norm(word))

    def find(self, text: str) -> list[GlossaryTerm]:
        """Glossary terms mentioned in `text`, in order of first appearance, no repeats."""
        if self._pattern is None:
            return []
        seen: dict[str, GlossaryTerm] = {}
        for m in self._pattern.finditer(unicodedata.normalize("NFC", text).replace("\u093c", "")):
            t = self._index.get(_norm(m.group(0)))
            if t is not None and t.id not in seen:
                seen[t.id] = t
        return list(seen.values())


_cache_lock = threading.Lock()
_cache: dict[tuple[str, float], Glossary] = {}


def default_glossary() -> Glossary:
    """The pack glossary, reloaded when the file changes."""
    p = glossary_path(DEFAULT_GLOSSARY)
    try:
        mtime = p.stat().st_mtime
    except OSError:
        mtime = -1.0
    key = (str(p), mtime)
    with _cache_lock:
        if key not in _cache:
            _cache.clear()
            _cache[key] = Glossary.load(p)
        return _cache[key]


def glossary_lookup(word: str) -> GlossaryTerm | None:
    """Find a glossary term by its English, Hindi or alias form (case-insensitive)."""
    return default_glossary().lookup(word)


class OfflineTranslator:
    name = "offline"

    def __init__(self, glossary: Glossary | None = None):
        self._glossary = glossary

    @property
    def glossary(self) -> Glossary:
        return self._glossary if self._glossary is not None else default_glossary()

    def translate(self, text: str, src: str, tgt: str) -> TranslationResult:
        if src == tgt:
            return TranslationResult(text, translated=True, served_by="identity")
        g = self.glossary
        found = tuple(t.id for t in g.find(text))
        whole = g.lookup(text.strip(" \t\n?.!।"))
        if whole is not None and tgt in ("en", "hi"):
            return TranslationResult(whole.in_lang(tgt), translated=True, served_by="glossary", terms=(whole.id,))
        return TranslationResult(text, translated=False, served_by="none", terms=found)
