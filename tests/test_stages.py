"""The typed stages: one constructor per outcome, enums inside and strings at the JSON edge."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from core.language.templates import render
from core.stages import (
    LEGACY_JSON_KEYS,
    Answer,
    AnswerStatus,
    Citation,
    CitationStatus,
    Conflict,
    Draft,
    Evidence,
    LawItem,
    ProblemMatch,
    Step,
    Transcript,
)
from core.verify import SEVERITY


def _check(status="verified", **kw) -> Citation:
    base = dict(
        text="Section 482 BNSS",
        start=10,
        end=26,
        kind="section",
        act="BNSS",
        number="482",
        case_name=None,
        reporter=None,
        status=status,
        severity=SEVERITY[status],
        node_id="BNSS:482",
        title="Direction for grant of bail to person apprehending arrest",
    )
    base.update(kw)
    return Citation(**base)


def test_every_verifier_status_is_a_citation_status():
    assert set(SEVERITY) <= {s.value for s in CitationStatus}
    assert CitationStatus("off_point") is CitationStatus.OFF_POINT
    assert {s.value for s in AnswerStatus} == {"answer", "abstain", "conflict", "error", "clarify"}
    assert f"{AnswerStatus.CONFLICT}" == "conflict" and AnswerStatus.CONFLICT == "conflict"


def test_answered_carries_citations_typed_and_prints_them_as_strings():
    a = Answer.answered(
        "You can apply for anticipatory bail (Section 482 BNSS).",
        "en",
        citations=[
            _check(),
            _check(
                "superseded", text="Section 438 CrPC", act="CRPC", number="438", node_id="CRPC:438", current="BNSS:482"
            ),
        ],
        citation_chain=[[{"id": "BNSS:482", "label": "Section", "name": "BNSS 482"}]],
        notices=["a notice"],
    )
    assert a.status is AnswerStatus.ANSWER and a.answered_ok and a.abstain_reason is None
    assert [c.status for c in a.citations] == [CitationStatus.VERIFIED, CitationStatus.SUPERSEDED]
    assert a.disclaimer == render("disclaimer", "en") and a.language == "en"
    j = a.to_json()
    assert LEGACY_JSON_KEYS <= set(j)
    assert j["status"] == "answer" and [c["status"] for c in j["citations"]] == ["verified", "superseded"]
    assert j["citations"][1]["current"] == "BNSS:482" and j["citations"][0]["related"] == []
    assert json.loads(json.dumps(j)) == j  # plain JSON all the way down
    assert Answer.from_json(j) == a  # and back


def test_every_field_the_verifier_sets_is_declared():
    c = _check(notice="hsa6_pre2005")
    assert Citation.of(c.to_dict()) == c and c.notice == "hsa6_pre2005"
    assert list(c.model_dump(mode="json"))[-2:] == ["related", "notice"]  # the order the JSON has always had
    with pytest.raises(ValidationError):  # a field nobody declared is refused, not carried along
        Citation.of(_check().to_dict() | {"support_score": 0.7})


def test_conflicted_abstained_errored_clarify():
    conflict = {
        "conflict_type": "coordinate_bench",
        "supporting_paths": [[{"id": "A"}], [{"id": "B"}]],
        "resolution": {"id": "C", "name": "C v. D"},
        "confidence": "low",
    }
    c = Answer.conflicted("Courts differ.", "hi", conflict, citations=[_check("conflict")])
    assert c.status is AnswerStatus.CONFLICT and isinstance(c.conflict, Conflict) and c.answered_ok
    assert c.to_json()["conflict"] == conflict and c.disclaimer == render("disclaimer", "hi")

    ab = Answer.abstained("abstain.out_of_scope", "hi", notices=["n"])
    assert ab.status is AnswerStatus.ABSTAIN and ab.answer == render("abstain.out_of_scope", "hi")
    assert ab.abstain_reason == "abstain.out_of_scope" and ab.notices == ["n"] and not ab.answered_ok
    ui = Answer.abstained("bad_date", "en", message="The date was not understood.")
    assert ui.answer == "The date was not understood." and ui.abstain_reason == "bad_date"

    err = Answer.errored("Something went wrong.", "en", reason="internal", error="RuntimeError")
    assert err.status is AnswerStatus.ERROR and err.to_json()["status"] == "error" and err.error == "RuntimeError"

    cl = Answer.clarify("When were you arrested?", "en", reason="clarify.date")
    assert cl.status is AnswerStatus.CLARIFY and cl.to_json()["status"] == "clarify"
    for a in (ab, err, cl):
        assert a.citations == [] and a.conflict is None and LEGACY_JSON_KEYS <= set(a.to_json())


def test_unknown_language_falls_back_to_english_and_bad_values_are_refused():
    assert Answer.abstained("abstain.no_evidence", "fr").language == "en"
    with pytest.raises(ValidationError):
        Answer(status="maybe", answer="x")
    with pytest.raises(ValidationError):
        Citation.of(_check().to_dict() | {"status": "probably"})


def test_new_answer_parts_are_typed():
    a = Answer.answered(
        "x",
        "en",
        summary="You can ask for bail.",
        steps=[
            Step(
                text="Apply to the Magistrate",
                where="Magistrate",
                where_id="magistrate",
                bring="a copy of the FIR",
                time_limit="",
                basis=["Section 480 BNSS"],
            )
        ],
        law=[LawItem(cite="Section 480 BNSS", gist="Bail for non-bailable offences", text="...", node_id="BNSS:480")],
        problems=[ProblemMatch(id="PROB:bail_regular", title="Bail", score=0.8)],
    )
    j = a.to_json()
    assert j["steps"][0]["where_id"] == "magistrate" and j["law"][0]["status"] == "verified"
    assert j["problems"] == [{"id": "PROB:bail_regular", "title": "Bail", "score": 0.8}]
    with pytest.raises(ValidationError):
        Step(text="x", office="y")  # no free-form keys


def test_evidence_is_typed_per_kind():
    ev = Evidence(
        node_id="PROC:arrest:2",
        label="ProceduralEvent",
        name="Production",
        text=None,
        time_limit=None,
        time_limit_hi="24 घंटे",
        flow="arrest",
        order=2,
        basis=["BNSS:58"],
    )
    assert ev.text == "" and ev.time_limit == "" and ev.order == 2 and ev.status is CitationStatus.VERIFIED
    ev.status = "superseded"  # what the verifier hands over: coerced
    assert ev.status is CitationStatus.SUPERSEDED
    with pytest.raises(ValidationError):
        Evidence(node_id="BNS:103", label="Section", name="x", meta={"act": "BNS"})  # the free dict is gone
    with pytest.raises(ValidationError):
        ev.status = "made_up"


def test_transcript_from_the_speech_stage():
    from core.speech.heard import transcript
    from core.speech.normalize import normalize_transcript

    tr = transcript(
        normalize_transcript("section one hundred three BNS", "en"),
        "en",
        duration_s=2.0,
        confidence=0.9,
        timings_ms={"stt": 800.0},
        decoding="en-vocab-beam5",
    )
    assert tr.text == "section 103 BNS" and tr.heard.startswith("I heard:") and tr.acts == ["BNS"]
    a = Answer.answered("x", "en", transcript=tr)
    got = a.to_json()["transcript"]
    # the answer carries what was heard, not how it was decoded (that is `nyayapath transcribe`)
    assert got["text"] == "section 103 BNS" and got["confidence"] == 0.9 and "decoding" not in got
    assert set(got) == {"text", "language", "corrections", "heard", "confidence", "warnings", "timings_ms"}
    assert tr.to_json()["decoding"] == "en-vocab-beam5" and tr.to_json()["numbers"] == tr.heard_numbers
    assert Answer.from_json(a.to_json()).transcript.text == tr.text
    assert Transcript.failed("empty", "Nothing was recorded.").to_json() == {
        "error": "Nothing was recorded.",
        "code": "empty",
        "text": "",
    }


def test_draft_model():
    d = Draft(text="x [S1]", sources={"S1": "BNS:103"}, backend="extractive", model_id="extractive")
    assert d.timings_ms == {} and d.model_copy(update={"text": "y"}).text == "y"
