"""The intake section of the evaluation report (evaluation/report.py) renders eval_intake's output."""

from __future__ import annotations

import pytest

from evaluation import report as REP
from evaluation.intake_eval import eval_metadata
from tests.intake_support import CORPUS, NER


def _roles(micro: float, macro: float, **extra) -> dict:
    # the keys of roles.evaluate + the two eval_roles adds (cv_micro, train_s)
    return {
        "micro_f1": micro,
        "macro_f1": macro,
        "sentences": 1054,
        "per_role": {"FAC": {"precision": 0.7, "recall": 0.8, "f1": 0.747, "support": 200}},
        "features": extra.pop("features", "lex"),
        "test_docs": 8,
        "train_docs": 46,
        "train_sentences": 5059,
        "cap": None,
        "transition_weight": 0.3,
        "predict_s": 0.6,
        "baseline_micro_f1": 77.7,
        "cv_micro": {"0.0": 0.661, "0.3": 0.6877},
        "train_s": 152.5,
        **extra,
    }


def _intake(metadata: dict, e5_skipped: bool = False) -> dict:
    """A dict shaped exactly like evaluation.intake_eval.eval_intake's output."""
    roles = {"lex": _roles(73.9, 53.1)}
    if e5_skipped:
        roles["e5"] = {"skipped": "the e5 model is not trained yet (a full run trains and caches it)"}
        roles["e5+lex"] = {"skipped": "the e5 model is not trained yet (a full run trains and caches it)"}
    else:
        roles["e5"] = _roles(72.7, 52.6, features="e5", train_sentences=3111, cap=3000)
        roles["e5+lex"] = _roles(74.4, 58.9, features="e5+lex", train_sentences={"e5": 3111, "lex": 5059}, train_s=None)
    return {
        "metadata": metadata,
        "roles": roles,
        "resolution": {
            "judgments": 54,
            "refused": 1,
            "case_citations": 412,
            "case_citations_resolved": 103,
            "case_resolution_rate": 0.25,
            "provision_refs": 900,
            "provision_refs_act_known": 640,
            "provision_refs_resolved": 512,
            "provision_resolution_rate": 0.569,
            "provision_resolution_rate_act_known": 0.8,
            "judgment_found_in_graph": 20,
            "metadata_found": {"title": "50/53", "court": "52/53"},
            "seconds": 41.0,
        },
        "timing": {
            "judgments": [
                {
                    "judgment": "build-dev-1",
                    "seconds": 61.2,
                    "sentences": 180,
                    "passages": 22,
                    "chars": 40000,
                    "stages_s": {"read": 0.01, "roles": 40.1, "passages": 20.3},
                    "roles_model": "e5+lex",
                }
            ],
            "mean_s": 61.2,
            "roles_models": ["e5+lex"],
            "cpu_cores": 2,
            "load_avg_1m": 1.3,
        },
        "seconds": 300.5,
    }


def _report(intake: dict) -> dict:
    return {"timestamp": "t", "dataset_version": "v", "quick": True, "graph": "g", "sets": {"intake": intake}}


def test_intake_section_renders_every_figure():
    if not NER.is_file():
        pytest.skip("InLegalNER gold not available")
    md = eval_metadata(CORPUS, limit=40)
    text = REP.markdown(_report(_intake(md)), [])
    assert "## Add a judgment (intake)" in text
    for f, v in md["fields"].items():
        row = next(line for line in text.splitlines() if line.startswith(f"| {f} |"))
        assert REP._pr(v["precision"]) in row and REP._pr(v["recall"]) in row
    assert "77.7" in text
    lex = next(line for line in text.splitlines() if line.startswith("| lex |"))
    assert "| 73.9 | 53.1 | -3.8 |" in lex
    ens = next(line for line in text.splitlines() if line.startswith("| e5+lex |"))
    assert "| 74.4 | 58.9 | -3.3 |" in ens and "e5 3111 + lex 5059" in ens
    assert "25.0% (103/412)" in text and "56.9% (512/900)" in text and "80.0%" in text
    assert "mean 61.2 s per judgment on 2 cores" in text and "load average 1.3" in text
    assert "roles by the e5+lex model" in text
    h = REP.headline(_report(_intake(md)))
    assert h["intake.roles.lex.micro_f1"] == 73.9 and h["intake.roles.e5+lex.macro_f1"] == 58.9
    assert h["intake.metadata.court"] == (md["fields"]["court"]["precision"], md["fields"]["court"]["recall"])
    assert h["intake.case_resolution_rate"] == 0.25 and h["intake.seconds_per_judgment"] == 61.2


def test_intake_section_handles_skipped_parts():
    it = _intake({"skipped": "InLegalNER not found"}, e5_skipped=True)
    it["timing"] = {"skipped": "gold role file missing"}
    text = REP.markdown(_report(it), [])
    assert "skipped: InLegalNER not found" in text and "skipped: gold role file missing" in text
    assert "| e5 | skipped: the e5 model is not trained yet" in text
    h = REP.headline(_report(it))
    assert "intake.roles.e5.micro_f1" not in h and h["intake.roles.lex.micro_f1"] == 73.9
    assert "intake.seconds_per_judgment" not in h
    assert "## Add a judgment" in REP.markdown(_report({"skipped": "no corpus"}), [])
    assert "intake" not in "".join(REP.headline(_report({"skipped": "no corpus"})))
