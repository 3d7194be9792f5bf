"""Language layer: detection, transliteration, fixed templates, translation, speech providers."""

from core.language.detect import detect_language, is_hinglish
from core.language.templates import TEMPLATE_KEYS, render
from core.language.translate import OfflineTranslator, TranslationResult, Translator, glossary_lookup

__all__ = [
    "detect_language",
    "is_hinglish",
    "render",
    "TEMPLATE_KEYS",
    "OfflineTranslator",
    "Translator",
    "TranslationResult",
    "glossary_lookup",
]
