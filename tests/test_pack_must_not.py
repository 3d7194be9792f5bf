"""Issue 20: a problem's `must_not` list is checked against its own text and its neighbours' law.

A provision marked must_not for one problem hides it from that problem's answer. That is wrong
when the same provision (or, for a special Act, the same Act) is the remedy a neighbouring
problem sends the person to: the pack would contradict itself (PWDVA s.20 was must_not for a
parent's maintenance while `senior_citizen_neglect` sent an elderly woman to the DV Act). Such a
must_not stands only with a recorded reason: `must_not_reason: {id: {"en": why, "source": where}}`.

Neighbours of a problem: its `related` problems (either direction) and the problems that share a
governing provision with it, leaving out the provisions that govern five or more problems (BNSS
s.173, LSA s.12 ...), which say nothing about what the two problems have in common.

Pure data (no graph, no corpus).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"
PROBLEMS = {
    p["id"]: p
    for f in sorted((PACK / "problems").glob("*.json"))
    for p in json.loads(f.read_text(encoding="utf-8"))["problems"]
}
ACTS = {a["code"]: a for a in json.loads((PACK / "acts.json").read_text(encoding="utf-8"))["acts"]}
# The codes and general Acts: one section of them being a remedy elsewhere says nothing about another.
GENERAL_ACTS = {"BNS", "BNSS", "BSA", "IPC", "CRPC", "IEA", "CPC", "COI", "LSA", "LIMITATION"}


def _act(pid: str) -> str:
    return pid.split(":", 1)[0]


def _gov(p: dict) -> set[str]:
    return {g["id"] for g in p["governed_by"]}


def _basis(p: dict) -> set[str]:
    return {b for s in p["steps"] for b in s["basis"]}


def _cited(p: dict) -> set[str]:
    return _gov(p) | _basis(p)


_COUNT = Counter(x for p in PROBLEMS.values() for x in _gov(p))
GENERIC = {x for x, n in _COUNT.items() if n >= 5}

RELATED: dict[str, set[str]] = {pid: set(p.get("related", [])) & set(PROBLEMS) for pid, p in PROBLEMS.items()}
for _pid, _rel in list(RELATED.items()):
    for _r in _rel:
        RELATED[_r].add(_pid)


def neighbours(pid: str) -> set[str]:
    p = PROBLEMS[pid]
    shared = {q for q, qq in PROBLEMS.items() if q != pid and (_gov(p) & _gov(qq)) - GENERIC}
    return RELATED[pid] | shared


def conflicts(pid: str) -> dict[str, list[str]]:
    """must_not id -> the reasons it needs a recorded reason (empty when it needs none)."""
    p = PROBLEMS[pid]
    own_acts = {_act(x) for x in _cited(p)}
    text = " ".join([p["gist_en"]] + [s["text_en"] for s in p["steps"]])
    out: dict[str, list[str]] = {}
    for x in p["must_not"]:
        if x.startswith("CASE:"):
            continue
        why = []
        # the very provision is the law of a neighbouring problem
        for q in sorted(neighbours(pid)):
            if x in _cited(PROBLEMS[q]):
                why.append(f"{x} is cited by the neighbour {q}")
        # a related problem sends the person to the same special Act, which this one never cites
        a = _act(x)
        if a not in GENERAL_ACTS and a not in own_acts:
            for q in sorted(RELATED[pid]):
                if any(_act(b) == a for b in _basis(PROBLEMS[q])):
                    why.append(f"the related {q} has a step under {a}")
        # the problem's own gist or steps name the Act of the must_not provision without citing it
        if a not in GENERAL_ACTS and a not in own_acts:
            names = [ACTS[a].get("short_en", "")] + [n for n in ACTS[a].get("aliases", []) if re.search(r"[a-z]", n)]
            for n in {n for n in names if len(n) > 4}:
                if re.search(rf"\b{re.escape(n)}\b", text, re.I):
                    why.append(f"its own text names the {n}")
                    break
        if why:
            out[x] = why
    return out


@pytest.mark.parametrize("pid", sorted(PROBLEMS))
def test_must_not_is_checked_against_own_text_and_neighbours(pid):
    p = PROBLEMS[pid]
    reasons = p.get("must_not_reason", {})
    assert isinstance(reasons, dict), pid
    bad = {}
    for x, why in conflicts(pid).items():
        r = reasons.get(x)
        if not (isinstance(r, dict) and r.get("en", "").strip() and r.get("source", "").strip()):
            bad[x] = why
    assert not bad, (pid, "must_not contradicts the pack without a must_not_reason", bad)


@pytest.mark.parametrize("pid", sorted(PROBLEMS))
def test_must_not_reasons_name_a_listed_provision(pid):
    p = PROBLEMS[pid]
    extra = set(p.get("must_not_reason", {})) - set(p["must_not"])
    assert not extra, (pid, "a must_not_reason for a provision not in must_not", extra)


def test_the_checker_catches_the_maintenance_contradiction():
    """The motivating case, replayed on a copy: PWDVA s.20 must_not for parents' maintenance while
    the related senior_citizen_neglect has a DV Act step; and a step under a related problem's law."""
    saved = PROBLEMS["PROB:maintenance_parents"]
    try:
        bad = dict(saved, must_not=list(saved["must_not"]) + ["PWDVA:20"], steps=[s for s in saved["steps"]])
        bad["steps"] = [s for s in bad["steps"] if not any(_act(b) == "PWDVA" for b in s["basis"])]
        bad["governed_by"] = [g for g in bad["governed_by"] if _act(g["id"]) != "PWDVA"]
        PROBLEMS["PROB:maintenance_parents"] = bad
        found = conflicts("PROB:maintenance_parents")
        assert "PWDVA:20" in found, found
        assert any("senior_citizen_neglect" in w for w in found["PWDVA:20"]), found
    finally:
        PROBLEMS["PROB:maintenance_parents"] = saved
    # the tenant's lock broken by the landlord: house-trespass is the criminal_trespass problem's law
    saved = PROBLEMS["PROB:tenant_eviction"]
    try:
        PROBLEMS["PROB:tenant_eviction"] = dict(saved, must_not=list(saved["must_not"]) + ["BNS:331"])
        assert "BNS:331" in conflicts("PROB:tenant_eviction")
    finally:
        PROBLEMS["PROB:tenant_eviction"] = saved
