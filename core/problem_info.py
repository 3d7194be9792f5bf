"""What one everyday problem of the pack is (:class:`ProblemInfo`), read from the graph's Problem
nodes (:func:`read_problems`, what answering uses) or straight from the pack files
(:func:`read_pack`, for calibration and tests). Recognising a question's problem is
:mod:`core.problems`.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass
class ProblemInfo:
    """What the answer needs of one recognised problem (read from the graph)."""

    id: str
    title_en: str
    title_hi: str = ""
    gist_en: str = ""
    gist_hi: str = ""
    group: str = ""
    phrasings: dict[str, list[str]] = field(default_factory=dict)
    cues: dict[str, list[str]] = field(default_factory=dict)
    not_held: dict | None = None  # {"law_en", "law_hi", "route"} when the graph holds no Act for it
    where: list[str] = field(default_factory=list)
    helplines: list[str] = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)
    flow: str | None = None
    must_not: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    # the event the problem is about, per language ("requires" in the pack, with its source): a question
    # that says none of these phrases does not raise the problem (a dowry death needs a death)
    requires: dict[str, list[str]] = field(default_factory=dict)

    def title(self, lang: str) -> str:
        return (self.title_hi or self.title_en) if lang == "hi" else self.title_en

    def gist(self, lang: str) -> str:
        return (self.gist_hi or self.gist_en) if lang == "hi" else self.gist_en


_PROBLEMS_Q = """
MATCH (p:Problem)
RETURN p.id, p.title_en, p.title_hi, p.gist_en, p.gist_hi, p.group, p.phrasings_json, p.cues_json,
       p.not_held, p.not_held_law_en, p.not_held_law_hi, p.not_held_route, p.where, p.helplines,
       p.steps_json, p.flow, p.must_not, [(p)-[:RELATED_TO]->(r:Problem) | r.id], p.requires_json
ORDER BY p.id
"""


def _loads(raw, default):
    try:
        return json.loads(raw) if raw else default
    except ValueError:
        return default


def read_problems(graph) -> list[ProblemInfo]:
    out = []
    try:
        rows = graph.ro_query(_PROBLEMS_Q)
    except Exception as exc:  # a graph built before the problem layer has no Problem label
        log.warning("no problem layer in the graph: %s", exc)
        return out
    for (
        pid,
        t_en,
        t_hi,
        g_en,
        g_hi,
        group,
        ph,
        cu,
        nh,
        law_en,
        law_hi,
        route,
        where,
        lines,
        steps,
        flow,
        must_not,
        related,
        requires,
    ) in rows:
        out.append(
            ProblemInfo(
                id=pid,
                title_en=t_en or pid,
                title_hi=t_hi or "",
                gist_en=g_en or "",
                gist_hi=g_hi or "",
                group=group or "",
                phrasings=_loads(ph, {}),
                cues=_loads(cu, {}),
                not_held={"law_en": law_en or "", "law_hi": law_hi or law_en or "", "route": route or "dlsa"}
                if nh
                else None,
                where=list(where or []),
                helplines=list(lines or []),
                steps=_loads(steps, []),
                flow=flow,
                must_not=list(must_not or []),
                related=list(related or []),
                requires=_loads(requires, {}),
            )
        )
    return out


def read_pack(pack_dir: Path | None = None) -> list[ProblemInfo]:
    """The problems straight from the pack files (no graph): for calibration and tests."""
    from domain import paths

    base = Path(pack_dir) if pack_dir else paths.pack_dir()
    out, seen = [], set()
    for f in sorted((base / paths.PROBLEMS_DIR).glob("*.json")):
        try:
            items = json.loads(f.read_text(encoding="utf-8")).get("problems") or []
        except (OSError, ValueError):
            continue
        for p in items:
            if not isinstance(p, dict) or not p.get("id") or p["id"] in seen:
                continue
            seen.add(p["id"])
            nh = p.get("not_held") if isinstance(p.get("not_held"), dict) else None
            out.append(
                ProblemInfo(
                    id=p["id"],
                    title_en=p.get("title_en") or p["id"],
                    title_hi=p.get("title_hi") or "",
                    gist_en=p.get("gist_en") or "",
                    gist_hi=p.get("gist_hi") or "",
                    group=f.stem,
                    phrasings={k: [str(x) for x in v or []] for k, v in (p.get("phrasings") or {}).items()},
                    cues={k: [str(x) for x in v or []] for k, v in (p.get("cues") or {}).items()},
                    not_held=nh,
                    where=list(p.get("where") or []),
                    helplines=[str(h) for h in p.get("helplines") or []],
                    steps=list(p.get("steps") or []),
                    flow=p.get("flow"),
                    must_not=list(p.get("must_not") or []),
                    related=[str(r) for r in p.get("related") or []],
                    requires={k: [str(x) for x in v or []] for k, v in (p.get("requires") or {}).items()},
                )
            )
    return out
