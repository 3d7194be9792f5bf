"""Two-pass cleaning, regions and passages of the judgment intake, on real corpus judgments."""

from __future__ import annotations

import re

import pytest

from domain.reporters import find_reporters
from graph_schema.intake.clean import clean, normalise
from graph_schema.intake.passages import MAX_WORDS, build_passages
from graph_schema.intake.regions import regions, sentences
from tests.intake_support import build_dev, build_valid, have_corpus, paginate

pytestmark = pytest.mark.skipif(not have_corpus(), reason="corpus judgments not available")


def _words(t: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", t.lower())


def test_layout_pass_removes_page_furniture_and_keeps_every_word():
    text = build_valid(1)  # a Karnataka High Court criminal appeal (BUILD, gm862001 valid.json)
    header = "Crl.A. No.3532/2012"
    pages = paginate(text, header=header)
    printed = "\f".join("\n".join(p) for p in pages) + "\fhttp://www.judis.nic.in\n"
    out = clean(printed)
    assert out.removed["page_numbers"] == len(pages)
    assert out.removed["running_header_lines"] >= len(pages) - 1
    assert header not in out.text and "judis.nic.in" not in out.text
    # nothing of the judgment is lost: every word is still there (a word split at a line-end hyphen
    # is re-joined, so words printed with a hyphen are compared without it)
    kept = set(_words(out.text.replace("-", "")))
    assert {w for w in _words(text.replace("-", "")) if not w.isdigit()} <= kept


def test_layout_pass_rejoins_wrapped_prose_but_keeps_preamble_lines():
    out = clean(build_valid(1))
    # preamble layout stays line by line (parties, roles, AND:)
    assert re.search(r"^Babu S/o Siddappa,\s+\.\. APPELLANT$", out.text, re.M)
    assert re.search(r"^AND:$", out.text, re.M)
    # wrapped prose lines of the judgment are joined into one line
    assert "filed under Section 374(2) of the Code of Criminal Procedure, 1973 by the advocate for the" in out.text
    assert out.removed.get("joined_lines", 0) > 0


def test_hyphenation_and_glued_sentences():
    out = clean("The assessee claimed the deduc-\ntion of these losses.It was allowed.\n")
    assert "deduction of these losses. It was allowed." in out.text
    assert out.removed["hyphenations"] == 1 and out.removed["glued_sentences"] == 1


def test_normalisation_of_citations_and_abbreviations():
    s = normalise(
        "convicted u/s 302 r/w 34 IPC and u/ss. 3 and 4; see A.I.R. 1978 S.C. 597, (1978)1 S.C.C. 248, "
        "2023INSC123 and S. 5 of the Act; Rs. 500 paid"
    )
    assert "under Section 302 read with 34 IPC" in s and "under Sections 3 and 4" in s
    assert "AIR 1978 SC 597" in s and "(1978) 1 SCC 248" in s and "2023 INSC 123" in s
    assert "Section 5 of the Act" in s and "Rs. 500" in s
    keys = {h.key for h in find_reporters(s)}
    assert {"AIR:1978:SC:597", "SCC:1978:1:248", "INSC:2023:123"} <= keys


@pytest.mark.parametrize("i", range(0, 30, 3))
def test_cleaning_never_loses_a_reporter_citation(i):
    text = build_dev(i)
    before = {h.key for h in find_reporters(text)}
    after = {h.key for h in find_reporters(clean(text).text)}
    assert before <= after


def test_regions_header_body_decision_on_a_supreme_court_report():
    text = clean(build_dev(0)).text  # CIT v. Chuni Lal Moonga Ram (SC, 1961), Supreme Court report format
    head, body, dec = regions(text)
    assert head.how in ("judgment-label", "judgment-heading") and text[: head.end].startswith("PETITIONER:")
    assert "HEADNOTE:" in text[: head.end] and "JUDGMENT:" in text[head.end - 12 : head.end]
    assert head.end == body.start and body.end == dec.start and dec.end == len(text)
    assert dec.how == "marker" and re.search(r"(?i)appeals? (?:is|are) (?:dismissed|allowed)|costs", text[dec.start :])


def test_passages_are_bounded_overlap_and_never_cross_regions():
    text = clean(build_valid(1)).text
    regs = regions(text)
    sents = sentences(text, regs)
    roles = ["PREAMBLE" if s.region == "header" else "ANALYSIS" for s in sents]
    ps = build_passages(text, sents, roles)
    assert ps and all(p.words <= MAX_WORDS or p.sentences[0] == p.sentences[1] for p in ps)
    for p in ps:
        first, last = p.sentences
        assert len({sents[k].region for k in range(first, last + 1)}) == 1
    body = [p for p in ps if p.region == "body"]
    assert any(a.sentences[1] >= b.sentences[0] for a, b in zip(body, body[1:]))  # overlap
    covered = {k for p in ps for k in range(p.sentences[0], p.sentences[1] + 1)}
    assert covered == set(range(len(sents)))
