"""Typed records that flow between the pipeline stages: retrieve -> synthesize -> verify."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Evidence:
    """One graph node the answer may rest on, with the path that led to it."""

    node_id: str                 # "BNS:103", "COI:21", "CASE:puttaswamy-2017", "PROC:arrest:2"
    label: str                   # "Section" | "Article" | "Case" | "ProceduralEvent" | "Passage" | "Term"
    name: str                    # display: "BNS 103: Punishment for murder" / case name
    text: str                    # statutory text, holding, step description (may be truncated)
    score: float = 0.0
    strategies: list[str] = field(default_factory=list)   # which retrievers found it
    path: list[dict] = field(default_factory=list)        # [{"id","label","name"},{"rel"},...] from an anchor
    cite_as: str = ""            # how an answer must cite it: "Section 103 BNS", "Article 21",
                                 # "Maneka Gandhi v. Union of India (1978) 1 SCC 248"
    status: str = "verified"     # verifier status of cite_as (superseded/overruled... carried along)
    note: str = ""
    text_hi: str = ""            # Hindi text where the pack has one (holdings, procedure steps)
    meta: dict = field(default_factory=dict)  # act, number, time_limit, in_force_to, ...


@dataclass
class Draft:
    """What a synthesizer returns: prose with [S1]..[Sn] tags that map to evidence."""

    text: str
    sources: dict[str, str]      # "S1" -> node_id
    backend: str                 # "local" | "http" | "extractive"
    model_id: str
    prompt_sha256: str = ""
    response_sha256: str = ""
    timings_ms: dict = field(default_factory=dict)
