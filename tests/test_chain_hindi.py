"""Issue 20: the citation-chain picture in Hindi draws shaped Devanagari with Hindi labels.

Fails when the Devanagari font is missing (boxes), when text is laid out without shaping (the
conjunct न्य of "न्यायालय" falls apart into न् + य), or when a label stays English.
"""

from __future__ import annotations

import io
import re

import pytest

from app.chain_image import (
    chain_png,
    chain_texts,
    font_files,
    hindi_cite,
    missing_glyphs,
    node_name,
    shaping_available,
)
from core.language.templates import label

DEVANAGARI = re.compile(r"[\u0900-\u097F]")
LATIN = re.compile(r"[A-Za-z]")

# the shape of a Hindi bail answer's chain (core.retrieve paths)
HINDI_CHAIN = [
    [
        {"id": "PROB:bail_regular", "label": "Problem", "name": "Bail for a family member in jail"},
        {"rel": "GOVERNED_BY"},
        {"id": "BNSS:480", "label": "Section", "name": "Section 480 BNSS"},
    ],
    [
        {"id": "PROC:arrest:1", "label": "ProceduralEvent", "name": "Arrest without warrant only when necessary"},
        {"rel": "GOVERNED_BY"},
        {"id": "BNSS:48", "label": "Section", "name": "Section 48 BNSS"},
    ],
    [{"id": "COI:22", "label": "Article", "name": "Article 22: Protection against arrest"}],
]


def test_a_devanagari_font_is_installed_and_text_is_shaped():
    assert font_files()["deva"], "no Devanagari font: install Debian fonts-noto-core (scripts/run_tests.sh)"
    assert shaping_available(), "Pillow has no libraqm layout: install Debian libfribidi0 (scripts/run_tests.sh)"
    assert not missing_glyphs("न्यायालय धारा 48 बीएनएसएस")
    assert missing_glyphs("\u0d05") == {"\u0d05"}  # Malayalam: the checker does see a missing glyph


def _ink(text: str, layout) -> tuple[int, bytes]:
    from PIL import Image, ImageDraw, ImageFont

    f = ImageFont.truetype(font_files()["deva"], 48, layout_engine=layout)
    img = Image.new("L", (400, 90), 255)
    ImageDraw.Draw(img).text((5, 10), text, font=f, fill=0)
    return int(f.getlength(text)), img.tobytes()


def test_conjuncts_are_shaped_not_drawn_letter_by_letter():
    """With shaping, न्य is one conjunct and ि moves before its consonant: the word is narrower and
    drawn differently than the letter-by-letter (BASIC) layout draws it."""
    from PIL import ImageFont

    if not font_files()["deva"]:
        pytest.fail("no Devanagari font installed")
    shaped_w, shaped = _ink("न्यायालय", ImageFont.Layout.RAQM)
    basic_w, basic = _ink("न्यायालय", ImageFont.Layout.BASIC)
    assert shaped != basic
    assert shaped_w < basic_w, (shaped_w, basic_w)  # the halant no longer takes its own place


def test_hindi_chain_labels_are_hindi():
    texts = chain_texts(HINDI_CHAIN, lang="hi")
    assert texts
    for t in texts:
        assert DEVANAGARI.search(t), t
        assert not LATIN.search(t), t  # "ProceduralEvent", "GOVERNED BY", "BNSS" all have Hindi forms
        assert not missing_glyphs(t), (t, missing_glyphs(t))
    assert label("node.ProceduralEvent", "hi") in texts and label("rel.GOVERNED_BY", "hi") in texts
    assert hindi_cite("BNSS:48") == "धारा 48 बीएनएसएस"
    assert node_name({"id": "BNSS:48", "label": "Section", "name": "Section 48 BNSS"}, "hi").startswith(
        "धारा 48 बीएनएसएस"
    )
    assert node_name({"id": "COI:22", "label": "Article", "name": "Article 22"}, "hi").startswith("अनुच्छेद 22")
    # the problem's own Hindi title from the pack
    assert node_name(HINDI_CHAIN[0][0], "hi") != HINDI_CHAIN[0][0]["name"]
    # English stays as it was
    assert "GOVERNED BY" in chain_texts(HINDI_CHAIN, lang="en")


def test_a_roman_script_answer_gets_its_chain_labels_in_roman_letters():
    """A Hinglish question is answered in Roman-script Hindi (Answer.script "roman"); the picture beside it said
    "प्रक्रिया का चरण" in Devanagari. Its labels are now the same Hindi words in Roman letters."""
    texts = chain_texts(HINDI_CHAIN, lang="hi", script="roman")
    assert texts
    for t in texts:
        assert not DEVANAGARI.search(t), t
    assert "Prakriya ka charan" in texts and "Dhaara 48 BNSS" in " ".join(texts)
    hindi = chain_texts(HINDI_CHAIN, lang="hi")
    assert hindi != texts
    # English answers ignore the script; a Devanagari answer keeps its labels
    assert chain_texts(HINDI_CHAIN, lang="en", script="roman") == chain_texts(HINDI_CHAIN, lang="en")
    assert chain_texts(HINDI_CHAIN, lang="hi", script="native") == hindi
    png = chain_png(HINDI_CHAIN, lang="hi", script="roman")
    assert png and png != chain_png(HINDI_CHAIN, lang="hi")


def test_the_app_draws_the_chain_in_the_answer_s_script(pipe):
    res = pipe.ask("police ne bina warrant mere bhai ko arrest kar liya, kya ye sahi hai?").to_json()
    assert res["language"] == "hi" and res["script"] == "roman", (res["language"], res["script"])
    texts = chain_texts(res["citation_chain"], res["conflict"], lang=res["language"], script=res["script"])
    assert texts and not any(DEVANAGARI.search(t) for t in texts), texts


def test_hindi_chain_png_renders(tmp_path):
    from PIL import Image

    png = chain_png(HINDI_CHAIN, lang="hi")
    img = Image.open(io.BytesIO(png))
    img.verify()
    img = Image.open(io.BytesIO(png)).convert("L")
    assert img.width > 600 and img.height > 300
    # something dark was drawn inside each box row (text, not an empty picture)
    assert img.getextrema()[0] < 80
    (tmp_path / "chain_hi.png").write_bytes(png)


def test_conflict_caption_in_hindi():
    conflict = {"conflict_type": "temporal", "supporting_paths": HINDI_CHAIN[:2]}
    texts = chain_texts([], conflict, lang="hi")
    assert label("chain.conflict_sides", "hi") in texts and label("chain.conflicts_with", "hi") in texts


def test_hindi_card_law_list_has_no_english_titles_or_badges():
    """The Hindi answer's citation list ("कानूनी हवाले"): the provision's Hindi gist stands in for the
    English corpus title, and each status chip shows a Hindi word."""
    from app.card import card_html

    gist = "गैर-जमानती अपराध में जमानत अदालत के विवेक पर"
    res = {
        "status": "answer",
        "answer": "धारा 480 BNSS के तहत जमानत माँगें।",
        "language": "hi",
        "citations": [
            {
                "text": "धारा 480 BNSS",
                "status": "verified",
                "node_id": "BNSS:480",
                "title": "When bail may be taken in case of non-bailable offence",
                "kind": "provision",
            }
        ],
        "law": [{"cite": "धारा 480 BNSS", "node_id": "BNSS:480", "gist": gist, "status": "verified"}],
        "citation_chain": [],
        "notices": [],
    }
    html = card_html(res)
    assert "When bail may be taken" not in html
    assert label("heading.citations", "hi") in html and gist in html
    assert f">{label('status.verified', 'hi')}</span>" in html and ">verified</span>" not in html
    # English is unchanged
    en = card_html(dict(res, language="en"))
    assert "When bail may be taken" in en and ">verified</span>" in en


def _section(html: str, cls: str) -> str:
    m = re.search(f'<div class="{cls}".*?</ul>', html, re.S)
    assert m, f"the card has no {cls} section"
    return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", m.group(0)))


def test_hindi_card_citation_notes_and_chain_text_are_hindi(graph):
    """A Hindi question about a replaced IPC section, on the real graph: the verifier's note under the
    IPC citation ("Indian Penal Code, 1860 was replaced by ...") and the text list under the chain
    picture ("Section 379 IPC: Theft -[REPLACED_BY]-> ...") come in Hindi, from the fixed templates."""
    from app.card import card_html, card_markdown
    from core.answer import AnswerPipeline
    from core.synthesis import ExtractiveComposer

    r = AnswerPipeline(graph, ExtractiveComposer()).ask("आईपीसी की धारा 379 में चोरी की सज़ा क्या है?")
    assert r.language == "hi"
    assert any(c.status == "superseded" and c.note for c in r.citations), "the test needs a replaced-code note"
    html = card_html(r)
    cites, chain = _section(html, "np-citations"), _section(html, "np-chain")
    for english in ("was replaced by", "still governs", "Theft", "REPLACED_BY", "REPLACED BY", "Section "):
        assert english not in cites and english not in chain, (english, cites, chain)
    assert label("rel.REPLACED_BY", "hi") in chain
    assert "1 जुलाई 2024" in cites
    md = card_markdown(r)
    assert "was replaced by" not in md and "REPLACED_BY" not in md
    # the English card keeps the verifier's own words
    en = AnswerPipeline(graph, ExtractiveComposer()).ask("What is the punishment for theft under IPC 379?")
    en_html = card_html(en)
    assert "was replaced by" in _section(en_html, "np-citations")
    assert "REPLACED_BY" in _section(en_html, "np-chain")
