"""The falsifiability oracle: for every authority a text cites, does the graph prove it?

No model decides anything here. Each citation found by core.citations is looked up
in the graph through read-only, parameterized queries and given a status:

  verified      the provision or case exists and nothing in the graph undercuts it
  superseded    a provision of a repealed code (IPC, CrPC, IEA); names the successor
  omitted       repealed with no successor (IPC 124A) or a repealed article
  struck_down   declared unconstitutional (names the case)
  overruled     a precedent overruled by a later one (names it)
  conflict      a precedent joined to another by CONFLICTS_WITH (names the resolution)
  unindexed     a plausible number that the graph lacks
  unverified    a case the graph does not know
  mismatch      a reporter citation that belongs to a different case than the one named
  nonexistent   beyond the act's last section, or an article that does not exist
  unsupported   a real provision cited for a point its text does not make
  unresolved    a bare "Section 5" whose act cannot be told
  off_point     a real provision or case that does not bear on the question (only when the caller
                gives a RelevanceContext: the question and its recognised problems; core.relevance)

The verdict over a text: INVALID if anything cannot be proved, else CONFLICT, else
OBSOLETE (a repealed code cited for current conduct), else VALID. A text with no
citation at all is INVALID: nothing in it is proved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from core.citations import Citation as Mention
from core.citations import extract
from core.citations.casenames import name_tokens
from core.relevance import RelevanceChecker, RelevanceContext  # noqa: F401  (RelevanceContext: API)
from core.stages import Citation, CitationStatus
from core.support import SupportChecker
from domain.acts import NEW_CODES_FROM, acts, display
from domain.numbers import leading_int, parse, to_roman
from domain.vocab import NODE_LABELS, REL_TYPES

SEVERITY = {
    CitationStatus.VERIFIED: "ok",
    CitationStatus.SUPERSEDED: "warning",
    CitationStatus.OMITTED: "warning",
    CitationStatus.CONFLICT: "warning",
    CitationStatus.STRUCK_DOWN: "error",
    CitationStatus.OVERRULED: "error",
    CitationStatus.UNINDEXED: "error",
    CitationStatus.UNVERIFIED: "error",
    CitationStatus.MISMATCH: "error",
    CitationStatus.NONEXISTENT: "error",
    CitationStatus.UNSUPPORTED: "error",
    CitationStatus.UNRESOLVED: "error",
    CitationStatus.OFF_POINT: "error",
}


@dataclass
class VerifyResult:
    verdict: str
    citations: list[Citation]

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "citations": [c.to_dict() for c in self.citations]}

    def problems(self) -> list[Citation]:
        return [c for c in self.citations if c.severity == "error"]


_SENT_END = re.compile(r"[.!?।\n]")


def name_similarity(cited: str, known: str) -> float:
    a, b = name_tokens(cited), name_tokens(known)
    if not a or not b:
        return 0.0
    return len(a & b) / len(a)


def _sentence_around(text: str, start: int, end: int) -> str:
    lo = max((m.end() for m in _SENT_END.finditer(text, 0, start)), default=0)
    m = _SENT_END.search(text, end)
    hi = m.start() if m else len(text)
    return text[lo:hi]


def _day(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def _clean(rows: list[dict], key: str = "id") -> list[dict]:
    return [r for r in rows if r and r.get(key) is not None]


class Verifier:
    """Checks citations against a read-only graph. Holds no state between calls."""

    def __init__(self, graph, support: SupportChecker | None = None, relevance: RelevanceChecker | None = None):
        self.graph = graph
        self.support = support if support is not None else SupportChecker(graph)
        self.relevance = relevance if relevance is not None else RelevanceChecker(graph)

    # ------------------------------------------------------------------ public
    def verify(
        self,
        text: str,
        *,
        offence_date: date | None = None,
        default_act: str | None = None,
        check_support: bool = True,
        context: RelevanceContext | None = None,
    ) -> VerifyResult:
        """`context`: the question and its recognised problems; with it, a real citation that does not
        bear on the question becomes off_point (an error). Without it nothing else changes."""
        cits = extract(text, default_act=default_act)
        checks = [self.check(c, text if check_support else "", offence_date) for c in cits]
        if context is not None and checks:
            self.relevance.judge(checks, context)
        return VerifyResult(self.verdict(checks), checks)

    @staticmethod
    def verdict(checks: list[Citation]) -> str:
        if not checks or any(c.severity == "error" for c in checks):
            return "INVALID"
        if any(c.status == CitationStatus.CONFLICT for c in checks):
            return "CONFLICT"
        if any(c.status in (CitationStatus.SUPERSEDED, CitationStatus.OMITTED) and c.severity != "ok" for c in checks):
            return "OBSOLETE"
        return "VALID"

    def check(self, cit: Mention, text: str = "", offence_date: date | None = None) -> Citation:
        base = Citation(
            text=cit.text,
            start=cit.start,
            end=cit.end,
            kind=cit.kind,
            act=cit.act,
            number=cit.number,
            case_name=cit.case_name,
            reporter=cit.reporters[0] if cit.reporters else None,
            status=CitationStatus.UNRESOLVED,
            severity="",
            key=cit.key,
        )
        if cit.kind == "case":
            self._check_case(cit, base)
        else:
            self._check_provision(cit, base, _sentence_around(text, cit.start, cit.end) if text else "", offence_date)
        base.severity = base.severity or SEVERITY[base.status]
        return base

    # -------------------------------------------------------------- provisions
    def _check_provision(self, cit: Mention, out: Citation, sentence: str, offence_date: date | None) -> None:
        if not cit.act or cit.act not in acts() or not cit.number:
            out.status = CitationStatus.UNRESOLVED
            out.note = "No act is named for this provision, so it cannot be checked."
            return
        act = acts()[cit.act]
        node_id = f"{cit.act}:{cit.number}"
        rows = self.graph.ro_query(_PROVISION_Q, {"id": node_id})
        if not rows:
            self._absent(cit, act, out)
            return
        (
            title,
            omitted,
            repealed,
            text_missing,
            struck,
            repl,
            narrowed,
            notice,
            defect_note,
            repealed_by,
            repealed_date,
        ) = rows[0]
        struck, repl, narrowed = _clean(struck), _clean(repl), _clean(narrowed, "name")
        out.node_id, out.title = node_id, title
        if struck:
            full = [s for s in struck if (s.get("extent") or "full") == "full"]
            s = (full or struck)[0]
            out.status = CitationStatus.STRUCK_DOWN
            out.related = struck
            out.note = (
                f"{display(cit.act, cit.number)} was struck down by the Supreme Court in {s['name']}"
                + ("" if full else " in part (read the judgment for what survives)")
                + "."
            )
            if not full:
                out.severity = "warning"
            if not full and act.repealed:
                out.note += f" The code itself was repealed on {_day(NEW_CODES_FROM)}."
            return
        if repealed:
            out.status = CitationStatus.OMITTED
            out.note = (
                f"{display(cit.act, cit.number)} has been repealed"
                + (f" (by the {repealed_by.removeprefix('the ')}" if repealed_by else "")
                + (f", with effect from {repealed_date}" if repealed_by and repealed_date else "")
                + (")" if repealed_by else "")
                + "; it is not law in force."
            )
            return
        if act.repealed:
            self._superseded(cit, out, omitted, repl, offence_date, act)
        else:
            out.status = CitationStatus.VERIFIED
            if act.replaces and offence_date and offence_date < NEW_CODES_FROM:
                old = self.graph.ro_query(_PREDECESSOR_Q, {"id": node_id})
                olds = ", ".join(display(a, n) for a, n in old) or f"the {act.replaces} provision"
                out.note = f"For acts done before {_day(NEW_CODES_FROM)} the old code applies: {olds}."
                out.severity = "warning"
        if narrowed:
            out.note = (
                (out.note + " " if out.note else "")
                + "; ".join(
                    f"Affected by {n['name']}" + (f" ({n['effect']})" if n.get("effect") else "") for n in narrowed
                )
                + "."
            )
        if text_missing:
            out.note = (out.note + " " if out.note else "") + "Its text is missing in the source corpus."
        if notice and out.status == CitationStatus.VERIFIED:
            # a known defect of the source text (acts.json known_defects): the citation stands,
            # and every answer that uses it carries the fixed notice
            out.notice = notice
            out.note = (out.note + " " if out.note else "") + (defect_note or "")
        if sentence and out.status in (CitationStatus.VERIFIED, CitationStatus.SUPERSEDED):
            verdict = self.support.check(sentence, out.text, node_id, cit.act)
            if verdict is not None:
                out.status, out.severity = CitationStatus.UNSUPPORTED, ""
                out.note = verdict

    @staticmethod
    def _absent(cit: Mention, act, out: Citation) -> None:
        """A provision the graph lacks: beyond what the Act has (nonexistent), or plausible (unindexed)."""
        n = parse(cit.number)
        if n.kind == "order_rule":
            if not act.last_order or n.order > act.last_order:
                out.status = CitationStatus.NONEXISTENT
                out.note = f"{act.name_en} has no Order {n.order_roman}" + (
                    f": its First Schedule ends with Order {to_roman(act.last_order)}." if act.last_order else "."
                )
            else:
                out.status = CitationStatus.UNINDEXED
                out.note = (
                    f"Order {n.order_roman} Rule {n.primary} of {act.name_en} may exist but is not in "
                    "the knowledge graph, so it cannot be verified."
                )
            return
        if n.kind == "schedule_article":
            num, last = leading_int(n.primary), act.last_schedule_article
            if not last or num is None or num == 0 or num > last:
                out.status = CitationStatus.NONEXISTENT
                out.note = f"The Schedule to the {act.name_en} has no Article {n.primary}" + (
                    f": its last article is {last}." if last else "."
                )
            else:
                out.status = CitationStatus.UNINDEXED
                out.note = (
                    f"Article {n.primary} of the Schedule to the {act.name_en} may exist but is not in "
                    "the knowledge graph, so it cannot be verified."
                )
            return
        label = "article" if act.kind == "constitution" else "section"
        num = leading_int(cit.number)
        if num is None or num > act.last_section or num == 0:
            out.status = CitationStatus.NONEXISTENT
            out.note = f"{act.name_en} has no {label} {cit.number}: its last {label} is {act.last_section}."
            if act.last_schedule_article and num and num <= act.last_schedule_article:
                out.note += (
                    f" Article {num} of its Schedule is in the graph: {display(cit.act, f'Schedule Article {num}')}."
                )
        elif act.kind == "constitution" and not cit.number.isdigit():
            out.status = CitationStatus.NONEXISTENT
            out.note = f"The Constitution of India has no Article {cit.number}."
        else:
            out.status = CitationStatus.UNINDEXED
            out.note = (
                f"{label.capitalize()} {cit.number} of {act.name_en} may exist but is not in "
                "the knowledge graph, so it cannot be verified."
            )

    def _superseded(self, cit, out, omitted, repl, offence_date, act) -> None:
        new = acts()[act.replaced_by] if act.replaced_by else None
        if omitted and not repl:
            out.status = CitationStatus.OMITTED
            out.note = (
                f"{display(cit.act, cit.number)} was repealed with no equivalent in "
                f"{new.name_en if new else 'the new code'} from {_day(NEW_CODES_FROM)}; "
                "it still governs acts done before that date."
            )
        else:
            out.status = CitationStatus.SUPERSEDED
            out.current = ", ".join(r["id"] for r in repl) or None
            succ = ", ".join(display(*r["id"].split(":", 1)) for r in repl) or "no mapped provision"
            out.note = (
                f"{act.name_en} was replaced by {new.name_en if new else 'a new code'} on "
                f"{_day(NEW_CODES_FROM)}; the current equivalent is {succ}. "
                f"{act.short()} still governs acts done before that date."
            )
        if offence_date and offence_date < NEW_CODES_FROM:
            out.severity = "ok"
            out.note += f" The date given ({offence_date.isoformat()}) is before 1 July 2024, so it applies."
        else:
            out.severity = "warning"

    # ------------------------------------------------------------------- cases
    def _check_case(self, cit: Mention, out: Citation) -> None:
        found: dict[str, dict] = {}
        unknown = []
        for key in cit.reporters:
            rows = self.graph.ro_query(_CITEKEY_Q, {"key": key})
            if rows:
                cid, name, aliases = rows[0]
                found.setdefault(cid, {"id": cid, "name": name, "aliases": aliases or [], "keys": []})
                found[cid]["keys"].append(key)
            else:
                unknown.append(key)
        if len(found) > 1:
            out.status = CitationStatus.MISMATCH
            names = " / ".join(f"{c['name']} ({', '.join(c['keys'])})" for c in found.values())
            out.note = f"These parallel citations belong to different cases: {names}."
            return
        if found:
            case = next(iter(found.values()))
            if (
                cit.case_name
                and max([name_similarity(cit.case_name, n) for n in [case["name"], *case["aliases"]]]) < 0.5
            ):
                out.status = CitationStatus.MISMATCH
                out.node_id, out.title = case["id"], case["name"]
                out.note = f"{', '.join(case['keys'])} is the citation of {case['name']}, not {cit.case_name}."
                return
            if unknown:
                out.status = CitationStatus.UNVERIFIED
                out.node_id, out.title = case["id"], case["name"]
                out.note = (
                    f"{case['name']} is known, but the citation {', '.join(unknown)} is not in the knowledge graph."
                )
                return
        elif cit.reporters:
            by_name = self._case_by_name(cit.case_name) if cit.case_name else None
            out.status = CitationStatus.UNVERIFIED
            out.note = (
                "The citation "
                + ", ".join(cit.reporters)
                + " is not in the knowledge graph"
                + (f" (a case named like this is: {by_name['name']})" if by_name else "")
                + "."
            )
            return
        else:
            case = self._case_by_name(cit.case_name or "")
            if case is None:
                out.status = CitationStatus.UNVERIFIED
                out.note = f"No case called {cit.case_name!r} is in the knowledge graph."
                return
        out.node_id, out.title = case["id"], case["name"]
        self._doctrine(case["id"], out)

    def _case_by_name(self, name: str) -> dict | None:
        tokens = sorted(name_tokens(name))
        if not tokens:
            return None
        # Full-text query built from word tokens only: no RediSearch operator survives. The pack's
        # landmark cases (they carry a holding) are tried first, then the Supreme Court index.
        q = " ".join(tokens[:8])
        for query in (_CASE_FT_PACK_Q, _CASE_FT_Q):
            best, best_score = None, 0.0
            for cid, cname, aliases, is_pack in self.graph.ro_query(query, {"q": q}):
                names = [cname, *(aliases or [])]
                score = max(name_similarity(name, n) for n in names)
                # a one-word match ("Verma") must also cover most of the known name
                score = min(score, max(name_similarity(n, name) for n in names) + 0.34)
                if score > best_score:
                    best, best_score = {"id": cid, "name": cname, "pack": bool(is_pack)}, score
            if best_score >= 0.66:
                return best
        return None

    def _doctrine(self, case_id: str, out: Citation) -> None:
        overruled, conflicts = self.graph.ro_query(_DOCTRINE_Q, {"id": case_id})[0]
        overruled, conflicts = _clean(overruled), _clean(conflicts)
        if overruled:
            o = overruled[0]
            out.related = overruled
            out.status = CitationStatus.OVERRULED
            partial = (o.get("extent") or "full") != "full"
            out.note = (
                f"{out.title} was overruled"
                + (" in part" if partial else "")
                + f" by {o['name']}"
                + (f" on {o['on_point']}" if o.get("on_point") else "")
                + "."
            )
            if partial:
                out.severity = "warning"
            return
        if conflicts:
            out.related = conflicts
            out.status = CitationStatus.CONFLICT
            parts = []
            for c in conflicts:
                s = f"{c['name']} ({(c.get('type') or 'conflict').replace('_', ' ')})"
                if c.get("resolved_name"):
                    s += f", resolved by {c['resolved_name']}"
                parts.append(s)
            out.note = f"{out.title} conflicts with " + "; ".join(parts) + "."
            return
        out.status = CitationStatus.VERIFIED


_PROVISION_Q = """
MATCH (s:Provision {id: $id})
OPTIONAL MATCH (s)-[sd:STRUCK_DOWN_BY]->(c:Case)
WITH s, collect(DISTINCT {id: c.id, name: c.name, extent: sd.extent}) AS struck
OPTIONAL MATCH (s)-[rb:REPLACED_BY]->(n:Provision)
WITH s, struck, collect(DISTINCT {id: n.id, title: n.title, relation: rb.relation}) AS repl
OPTIONAL MATCH (s)-[nb:NARROWED_BY]->(k:Case)
RETURN s.title, s.omitted, s.repealed, s.text_missing, struck, repl,
       collect(DISTINCT {name: k.name, effect: nb.effect}) AS narrowed, s.defect_notice, s.defect_note,
       s.repealed_by, s.repealed_date
"""

_PREDECESSOR_Q = """
MATCH (o:Section)-[:REPLACED_BY]->(s:Provision {id: $id}) RETURN o.act, o.number ORDER BY o.num
"""

_CITEKEY_Q = """
MATCH (k:CiteKey {key: $key})-[:CITATION_OF]->(c:Case) RETURN c.id, c.name, c.aliases LIMIT 1
"""

_CASE_FT_Q = """
CALL db.idx.fulltext.queryNodes('Case', $q) YIELD node, score
RETURN node.id, node.name, node.short_names, node.holding IS NOT NULL ORDER BY score DESC LIMIT 25
"""

_CASE_FT_PACK_Q = """
CALL db.idx.fulltext.queryNodes('Case', $q) YIELD node, score
WITH node, score WHERE node.holding IS NOT NULL
RETURN node.id, node.name, node.short_names, true ORDER BY score DESC LIMIT 10
"""

_DOCTRINE_Q = """
MATCH (c:Case {id: $id})
OPTIONAL MATCH (o:Case)-[r:OVERRULES]->(c)
WITH c, collect(DISTINCT {id: o.id, name: o.name, extent: r.extent, on_point: r.on_point}) AS overruled
OPTIONAL MATCH (c)-[k:CONFLICTS_WITH]-(x:Case)
OPTIONAL MATCH (c)-[:RESOLVED_BY]->(z1:Case)
OPTIONAL MATCH (x)-[:RESOLVED_BY]->(z2:Case)
RETURN overruled, collect(DISTINCT {id: x.id, name: x.name, type: k.conflict_type,
       resolved_id: coalesce(z1.id, z2.id), resolved_name: coalesce(z1.name, z2.name)}) AS conflicts
"""


def path_exists(graph, path: list[dict]) -> bool:
    """True when every hop [node, {"rel"}, node] of a citation chain is an edge in the graph."""
    nodes = path[0::2]
    rels = path[1::2]
    if not nodes or any("id" not in n for n in nodes) or any("rel" not in r for r in rels):
        return False
    for n in nodes:
        if n.get("label") not in NODE_LABELS:
            return False
    if not rels:
        n = nodes[0]
        return bool(graph.ro_query(f"MATCH (x:{n['label']} {{id: $id}}) RETURN count(x)", {"id": n["id"]})[0][0])
    for a, r, b in zip(nodes, rels, nodes[1:]):
        if r["rel"] not in REL_TYPES:
            return False
        q = f"MATCH (x:{a['label']} {{id: $a}}) MATCH (x)-[e:{r['rel']}]->(y:{b['label']} {{id: $b}}) RETURN count(e)"
        if not graph.ro_query(q, {"a": a["id"], "b": b["id"]})[0][0]:
            return False
    return True


def defect_notices(checks: list[Citation], lang: str = "en") -> list[str]:
    """The fixed bilingual notices of known source defects among verified citations
    (HSA s.6 is the pre-2005 text, BNS s.106(2) not in force), once each, in citation order."""
    from core.language.templates import render

    keys = dict.fromkeys(c.notice for c in checks if c.notice)
    return [render(k, lang) for k in keys]
