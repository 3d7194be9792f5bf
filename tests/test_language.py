import json
import re
from pathlib import Path

import pytest

from core.language import TEMPLATE_KEYS, detect_language, is_hinglish, render
from core.language.providers import SpeechProvider, TranslationProvider
from core.language.templates import TemplateError, required_fields
from core.language.translate import Glossary, OfflineTranslator, TranslationResult, glossary_lookup
from core.language.transliterate import clean_halants, to_devanagari, transliterate_word

LATIN = re.compile(r"[A-Za-z]")
DEVANAGARI = re.compile(r"[\u0900-\u097f]")


# ---------- detect ----------


@pytest.mark.parametrize(
    "text",
    [
        "मुझे जमानत कैसे मिलेगी?",
        "mujhe bail kaise milegi",
        "mera bhai giraftar hua",
        "Police ne mera phone le liya, kya karun?",
        "talaq ke baad bachche kiske paas rahenge",
        "FIR दर्ज नहीं हो रही",
    ],
)
def test_hindi_intent(text):
    assert detect_language(text) == "hi"


@pytest.mark.parametrize(
    "text",
    [
        "How do I get bail?",
        "What is the punishment under section 302 IPC?",
        "I want to file a case in the main court",
        "The police refused to register my FIR",
        "",
        "   ",
        "12345 ???",
    ],
)
def test_english(text):
    assert detect_language(text) == "en"


def test_is_hinglish():
    assert is_hinglish("mujhe bail kaise milegi")
    assert is_hinglish("jamanat") and is_hinglish("Ok thik hai")  # short all-Hindi messages
    assert not is_hinglish("bail")  # an English legal word alone is not Hindi
    assert not is_hinglish("main")  # ambiguous alone
    assert not is_hinglish("Can I get bail in the main court?")
    assert not is_hinglish("मुझे जमानत चाहिए")  # Devanagari is Hindi, not Hinglish


# ---------- transliterate ----------


@pytest.mark.parametrize(
    "word,expected",
    [
        ("jamanat", "जमानत"),
        ("giraftar", "गिरफ्तार"),
        ("giraftaar", "गिरफ्तार"),
        ("thana", "थाना"),
        ("vakil", "वकील"),
        ("talaq", "तलाक"),
        ("dahej", "दहेज"),
        ("Jamanat", "जमानत"),
        ("FIR", "एफआईआर"),
    ],
)
def test_legal_dictionary(word, expected):
    assert transliterate_word(word) == expected


def test_itrans_fallback_and_halants():
    out = to_devanagari("mera bhai giraftar hua, ghar 5000")
    assert out.startswith("मेरा भाई गिरफ्तार हुआ")
    assert ", " in out and "5000" in out
    assert not LATIN.search(out)
    assert "\u094d " not in out and not out.endswith("\u094d")
    assert to_devanagari("milegi") == "मिलेगी"
    assert clean_halants("गिरफ़्तर्") == "गिरफ़्तर"
    assert clean_halants("क्य") == "क्य"  # internal conjunct kept


def test_transliterate_keeps_devanagari():
    assert to_devanagari("मेरा case") == "मेरा केस"


# ---------- templates ----------

SAMPLE = {
    "a": "X1",
    "b": "X2",
    "conflict_type": "X3",
    "resolution": "X4",
    "old": "X5",
    "new": "X6",
    "date": "X7",
    "provision": "X8",
    "case": "X9",
    "by": "X10",
    "limit": "4000",
    "law": "X11",
    "route": "X12",
    "where": "X13",
    "bring": "X14",
    "time_limit": "X15",
    "numbers": "X16",
    "items": "X17",
    "heard": "X18",
    "fixed": "X19",
    "text": "X20",
    "caveat": "X21",
    # issue 23 (conflict states)
    "detail": "X22",
    "year": "X23",
    "bench": "X24",
    "rule": "X25",
    "court": "X26",
    # issue 19 (direct questions)
    "what": "X27",
    "clause": "X28",
    "period": "X29",
    "start": "X30",
    "status": "X31",  # the named law's status notice (abstain.named_not_in_force)
}
SAMPLE_HI = {k: "क" + str(i) for i, k in enumerate(SAMPLE)} | {"limit": "4000"}


def _fields(key, sample):
    return {f: sample[f] for f in required_fields(key)}


@pytest.mark.parametrize("key", TEMPLATE_KEYS)
def test_every_key_renders_both_languages(key):
    en = render(key, "en", **_fields(key, SAMPLE))
    hi = render(key, "hi", **_fields(key, SAMPLE_HI))
    assert en.strip() and hi.strip() and en != hi
    assert not DEVANAGARI.search(en)
    assert not LATIN.search(hi), hi  # Hindi notices are pure Devanagari (plus digits/punctuation)
    for v in _fields(key, SAMPLE).values():
        assert v in en


def test_required_keys_present():
    expected = {
        "disclaimer",
        "abstain.no_evidence",
        "abstain.out_of_scope",
        "abstain.unverifiable",
        "abstain.injection",
        "abstain.model_unavailable",
        "conflict.notice",
        "conflict.resolved",
        "superseded",
        "omitted",
        "struck_down",
        "overruled",
        "code_applies.new",
        "code_applies.old",
        "code_applies.both",
        "law_as_of",
        "unrecorded",
        "input.empty",
        "input.too_long",
        "input.binary",
        "audio.empty",
        "audio.corrupt",
        "audio.too_large",
        "audio.too_long",
        "audio.silent",
        "audio.too_short",
        "audio.unsupported_format",
        "language.unsupported",
    }
    assert expected <= set(TEMPLATE_KEYS)


def test_superseded_default_date_and_old_code_governs():
    en = render("superseded", "en", old="IPC s.302", new="BNS s.103")
    assert "1 July 2024" in en and "IPC s.302 still governs acts committed before 1 July 2024" in en
    hi = render("superseded", "hi", old="IPC 302", new="BNS 103")
    assert "1 जुलाई 2024" in hi


def test_conflict_notice_resolution_or_none():
    resolved = render(
        "conflict.notice", "en", a="A", b="B", conflict_type="temporal", resolution="the later Act prevails"
    )
    assert "the later Act prevails" in resolved
    unresolved = render("conflict.notice", "en", a="A", b="B", conflict_type="temporal", resolution=None)
    assert "ask a lawyer" in unresolved
    assert render("conflict.notice", "hi", a="A", b="B", conflict_type="t") != render(
        "conflict.notice", "hi", a="A", b="B", conflict_type="t", resolution="R"
    )


def test_errors():
    with pytest.raises(TemplateError):
        render("no.such.key", "en")
    with pytest.raises(TemplateError):
        render("disclaimer", "ta")
    with pytest.raises(TemplateError, match="missing field"):
        render("struck_down", "en", provision="s.66A IT Act")
    with pytest.raises(TemplateError, match="unexpected"):
        render("disclaimer", "en", foo="bar")
    with pytest.raises(KeyError):  # TemplateError is a KeyError
        render("overruled", "hi", case="X")


# ---------- translate ----------


def _glossary(tmp_path):
    p = tmp_path / "glossary.json"
    p.write_text(
        json.dumps(
            {
                "terms": [
                    {"id": "bail", "en": "bail", "hi": "जमानत", "aliases": ["jamanat", "zamanat"], "note": "x"},
                    {"id": "anticipatory_bail", "en": "anticipatory bail", "hi": "अग्रिम जमानत", "aliases": []},
                    {"id": "fir", "en": "First Information Report", "hi": "प्रथम सूचना रिपोर्ट", "aliases": ["FIR"]},
                    {"id": "broken"},
                ]
            }
        ),
        encoding="utf-8",
    )
    return p


def test_offline_translator_glossary(tmp_path):
    tr = OfflineTranslator(Glossary.load(_glossary(tmp_path)))
    r = tr.translate("bail", "en", "hi")
    assert r == "जमानत" and r.translated and r.served_by == "glossary"
    assert tr.translate("Jamanat?", "hi", "en") == "bail"
    assert tr.translate("अग्रिम जमानत", "hi", "en") == "anticipatory bail"


def test_offline_translator_is_honest(tmp_path):
    tr = OfflineTranslator(Glossary.load(_glossary(tmp_path)))
    text = "How do I get anticipatory bail after an FIR?"
    r = tr.translate(text, "en", "hi")
    assert isinstance(r, TranslationResult) and isinstance(r, str)
    assert r == text and r.translated is False and r.served_by == "none"
    assert r.terms == ("anticipatory_bail", "fir")
    same = tr.translate("hello", "en", "en")
    assert same == "hello" and same.translated and same.served_by == "identity"


def test_missing_or_bad_glossary(tmp_path, monkeypatch):
    assert Glossary.load(tmp_path / "nope.json").terms == []
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert Glossary.load(bad).terms == []
    monkeypatch.setenv("NYAYAPATH_GLOSSARY", str(tmp_path / "nope.json"))
    assert glossary_lookup("bail") is None
    r = OfflineTranslator().translate("bail", "en", "hi")
    assert r == "bail" and not r.translated


def test_glossary_lookup_env_path(tmp_path, monkeypatch):
    monkeypatch.setenv("NYAYAPATH_GLOSSARY", str(_glossary(tmp_path)))
    t = glossary_lookup("ZAMANAT")
    assert t is not None and t.id == "bail" and t.hi == "जमानत" and t.extra == {"note": "x"}
    assert glossary_lookup("जमानत").id == "bail"


def test_real_pack_glossary_if_present():
    from core.language.translate import DEFAULT_GLOSSARY

    if not DEFAULT_GLOSSARY.exists():
        pytest.skip("pack glossary not written yet")
    g = Glossary.load(DEFAULT_GLOSSARY)
    assert g.terms, "pack glossary has no usable terms"
    for t in g.terms:
        assert DEVANAGARI.search(t.hi), t.id


def test_offline_translator_satisfies_protocol():
    assert isinstance(OfflineTranslator(Glossary([])), TranslationProvider)
    assert not isinstance(OfflineTranslator(Glossary([])), SpeechProvider)


def test_every_label_has_both_languages_and_every_status_its_words():
    """The app's fixed words live beside the notices (core/language/templates.py): each in English
    and in Hindi, and every answer and citation status the pipeline can give has its label."""
    from core.language.templates import LABEL_KEYS, TemplateError, label
    from core.stages import AnswerStatus, CitationStatus

    for key in LABEL_KEYS:
        en, hi = label(key, "en"), label(key, "hi")
        assert en.strip() and hi.strip() and en != hi, key
        assert not DEVANAGARI.search(en), key
        assert DEVANAGARI.search(hi), key
    assert {f"badge.{s.value}" for s in AnswerStatus} <= set(LABEL_KEYS)
    assert {f"chip.{s.value}" for s in CitationStatus} <= set(LABEL_KEYS)
    with pytest.raises(TemplateError):
        label("badge.nonsense", "en")


def test_no_user_facing_label_tables_outside_the_templates_module():
    """app/card.py, app/ui.py and the rest build their words from labels, so a Hindi word is fixed in
    one place: no string literal there (docstrings aside) holds a Devanagari letter."""
    import ast

    import app.card as card

    assert card.BADGES["conflict"][1] == "स्रोतों में टकराव"
    letters = re.compile(r"[\u0900-\u0963\u0966-\u097f]")  # the danda is punctuation
    root = Path(__file__).resolve().parents[1]
    for path in ("app/card.py", "app/ui.py", "app/cli_tools.py", "app/clinic.py", "core/speech/spoken.py"):
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        found = [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant)
            and isinstance(n.value, str)
            and id(n) not in docs
            and letters.search(n.value)
        ]
        assert not found, (path, found)
