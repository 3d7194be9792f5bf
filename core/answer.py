"""Question -> answer with its proof, an honest abstention, or a conflict notice.

retrieve -> synthesize -> render [Sn] tags as citations -> verify -> revise (at most
twice) -> the extractive composer -> abstain. The last step before returning checks
the final text once more: no citation leaves here unless the graph verified it or
the answer itself flags it (superseded, omitted, partly struck down, in conflict).
Every legal-status sentence comes from core.language.templates, never from a model.
"""
from __future__ import annotations

import hashlib
import re
import time
import unicodedata
from dataclasses import dataclass
from datetime import date

from core.acts import NEW_CODES_FROM, acts, display
from core.evidence import Draft, Evidence
from core.language.detect import detect_language
from core.language.templates import render
from core.retrieve import Retriever
from core.support import content_words, stems
from core.synthesis import ExtractiveComposer, ModelUnavailable, is_refusal, normalize_tags
from core.temporal import CodeChoice, choose
from core.verify import CitationCheck, Verifier

LAW_AS_OF = "2024-12-31"
MAX_REVISIONS = 2
_TAG = re.compile(r"\[S(\d+)\]")
_INJECTION = re.compile(
    r"ignore (?:all |your |the |previous |above |prior )*(?:rules|instructions|prompt|guidelines)|"
    r"disregard (?:your|the|all) |system prompt|you are now|act as |pretend (?:to be|you)|jailbreak|"
    r"developer mode|\bcite\b.{0,40}\b(?:anyway|regardless|even if)|नियम(?:ों)? (?:को )?(?:भूल|अनदेखा)",
    re.I)
_SENTENCE = re.compile(r"[^.!?।\n]+(?:[.!?।]+|\n|$)")
FLAGGED = frozenset({"superseded", "omitted", "struck_down", "overruled", "conflict"})
_LEAD_INS = {"under", "in", "see", "per", "by", "of", "as", "अनुसार", "तहत", "मामले", "देखें"}
_DATE_NOTE = {"new": "code_applies.new", "old": "code_applies.old", "both": "code_applies.both"}


@dataclass
class Pieces:
    """The user-facing answer being assembled."""

    text: str
    checks: list[CitationCheck]
    used: list[Evidence]
    draft: Draft


def clean_question(raw: str, limit: int) -> tuple[str, str | None, bool]:
    """(text, error template key or None, truncated?)."""
    if raw is None:
        return "", "input.empty", False
    text = unicodedata.normalize("NFC", raw.replace("\x00", " "))
    bad = sum(1 for ch in text if (unicodedata.category(ch) in ("Cc", "Co", "Cs") and ch not in "\n\t\r")
              or ch == "\ufffd")
    if text.strip() and bad / max(1, len(text)) > 0.05:
        return "", "input.binary", False
    text = " ".join(text.split())
    if not text:
        return "", "input.empty", False
    if len(text) > limit:
        return text[:limit], None, True
    return text, None, False


def _strip_injection(text: str) -> str:
    """Drop every sentence that carries an instruction to the assistant, and any citation it asks for."""
    parts = re.split(r"(?<=[.?!।])\s+|\s+(?:and|but|then|और|फिर)\s+", text)
    return " ".join(p for p in parts if p and not _INJECTION.search(p) and not re.search(r"\bcite\b", p, re.I))


def sha256(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


class AnswerPipeline:
    def __init__(self, graph, synthesizer=None, *, retriever: Retriever | None = None,
                 verifier: Verifier | None = None, audit=None, max_chars: int = 2000,
                 hindi_extractive: bool = True):
        self.graph = graph
        self.retriever = retriever or Retriever(graph)
        self.verifier = verifier or Verifier(graph)
        self.synth = synthesizer
        self.extractive = ExtractiveComposer()
        self.audit = audit
        self.max_chars = max_chars
        self.hindi_extractive = hindi_extractive

    # ------------------------------------------------------------------ entry
    def ask(self, question: str, lang: str = "auto", offence_date: date | None = None) -> dict:
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        text, err, truncated = clean_question(question, self.max_chars)
        out_lang = lang if lang in ("en", "hi") else (detect_language(text) if text else "en")
        if err:
            return self._finish(self._abstain(err, out_lang), question, out_lang, [], None, timings, t0)
        notices = [render("input.too_long", out_lang, limit=self.max_chars)] if truncated else []
        injection = bool(_INJECTION.search(text))
        if injection:
            text = _strip_injection(text)
            if not text:
                return self._finish(self._abstain("abstain.injection", out_lang, notices), question, out_lang,
                                    [], None, timings, t0)
        choice = choose(text, offence_date)

        t = time.perf_counter()
        hint = self._english_hint(text) if out_lang == "hi" else ""
        got = self.retriever.retrieve(text, out_lang, choice, english_hint=hint)
        timings["retrieve"] = round((time.perf_counter() - t) * 1000, 1)
        timings.update({f"retrieve.{k}": v for k, v in got.timings_ms.items()})
        if not got.in_scope or not got.evidence:
            key = "abstain.injection" if injection else (
                "abstain.out_of_scope" if not got.in_scope else "abstain.no_evidence")
            return self._finish(self._abstain(key, out_lang, notices), text, out_lang, got.evidence, None,
                                timings, t0)

        evidence, flagged = self._screen(got.evidence, choice)
        flag_refs = self._flag_named(flagged, out_lang, notices)
        if not evidence:
            key = "abstain.injection" if injection else "abstain.no_evidence"
            return self._finish(self._abstain(key, out_lang, notices), text, out_lang, got.evidence, None,
                                timings, t0)
        guidance = self._code_note(choice, evidence, out_lang)
        t = time.perf_counter()
        pieces, reason = self._compose(text, evidence, out_lang, guidance, choice, timings)
        timings["synthesize_verify"] = round((time.perf_counter() - t) * 1000, 1)
        if pieces is None:
            return self._finish(self._abstain(reason, out_lang, notices), text, out_lang, evidence, None,
                                timings, t0)

        result = self._assemble(pieces, evidence, got, out_lang, guidance, notices, choice, text + " " + hint)
        result["_notice_refs"] += flag_refs
        return self._finish(result, text, out_lang, evidence, pieces.draft, timings, t0)

    def _screen(self, evidence: list[Evidence], choice: CodeChoice) -> tuple[list[Evidence], list]:
        """Verify each source before a model sees it: what the graph says is bad law is not offered as
        authority (it is kept aside, and the answer flags it when the question named it)."""
        keep, flagged = [], []
        for ev in evidence:
            if not ev.cite_as:
                keep.append(ev)
                continue
            checks = self.verifier.verify(ev.cite_as, offence_date=choice.event_date).citations
            c = checks[0] if checks else None
            if c is None or c.severity == "error":
                flagged.append((ev, c))
                continue
            ev.status, ev.note = c.status, c.note
            ev.text = self._provable(ev.text, choice)
            ev.text_hi = self._provable(ev.text_hi, choice)
            keep.append(ev)
        return keep, flagged

    @staticmethod
    def _flag_named(flagged: list, lang: str, notices: list[str]) -> list[str]:
        """Bad law the question itself named ("is Section 497 IPC valid?") is not cited as authority,
        but the user is told its status, from the fixed templates. Returns the authorities named."""
        refs: list[str] = []
        for ev, c in flagged:
            if c is None or "explicit" not in ev.strategies:
                continue
            other = (c.related or [{}])[0].get("name", "")
            if c.status == "struck_down" and other:
                notices.append(render("struck_down", lang, provision=ev.cite_as, case=other))
            elif c.status == "overruled" and other:
                notices.append(render("overruled", lang, case=c.title or ev.name, by=other))
            else:
                continue
            refs += [ev.cite_as, other]
        return refs

    def _provable(self, text: str, choice: CodeChoice) -> str:
        """Drop the sentences of a source text that cite what the graph cannot prove (an act we do not
        hold, a number it lacks), so no synthesizer can repeat them."""
        if not text:
            return text
        bad = [c for c in self.verifier.verify(text, offence_date=choice.event_date,
                                               check_support=False).citations if c.severity == "error"]
        if not bad:
            return text
        out, last = [], 0
        for m in _SENTENCE.finditer(text):
            if not any(c.start < m.end() and c.end > m.start() for c in bad):
                out.append(m.group())
        return " ".join(s.strip() for s in out if s.strip())

    # -------------------------------------------------------------- composing
    def _synth_for(self, lang: str):
        if self.synth is None:
            return self.extractive
        if lang == "hi" and self.hindi_extractive and getattr(self.synth, "prefer_extractive_for_hindi", True):
            return self.extractive
        return self.synth

    @staticmethod
    def _for_model(evidence: list[Evidence]) -> list[Evidence]:
        """A small model reads a short prompt best (and fast): the top provisions, a case, two steps."""
        provs = [e for e in evidence if e.label in ("Section", "Article")][:4]
        cases = [e for e in evidence if e.label == "Case"][:1]
        steps = [e for e in evidence if e.label == "ProceduralEvent"][:2]
        keep = {id(e) for e in provs + cases + steps}
        return [e for e in evidence if id(e) in keep]

    def _compose(self, question, evidence, lang, guidance, choice, timings) -> tuple[Pieces | None, str]:
        synth = self._synth_for(lang)
        correction = None
        attempts = [synth] * (1 + MAX_REVISIONS) if synth is not self.extractive else []
        attempts.append(self.extractive)
        for n, s in enumerate(attempts):
            t = time.perf_counter()
            ev = evidence if s is self.extractive else self._for_model(evidence)
            try:
                draft = s.draft(question, ev, lang, correction=correction if s is synth else None,
                                guidance=guidance)
            except ModelUnavailable:
                timings["model_error"] = timings.get("model_error", 0) + 1
                correction = None
                # a dead model will not revive within this question: go straight to extractive
                if s is not self.extractive:
                    attempts[n + 1:] = [self.extractive]
                    continue
                break
            timings[f"draft{n}"] = round((time.perf_counter() - t) * 1000, 1)
            if s is not self.extractive and is_refusal(draft.text):
                # the model declined although the graph holds sources: answer from them verbatim instead
                attempts[n + 1:] = [self.extractive]
                continue
            pieces, problems = self._check_draft(draft, ev, lang, choice)
            if pieces is not None:
                return pieces, ""
            correction = "; ".join(problems)[:800]
        # nothing survived verification (the model's drafts, then the extractive one): say so
        return None, "abstain.unverifiable"

    def _check_draft(self, draft: Draft, evidence: list[Evidence], lang: str, choice: CodeChoice):
        text, unknown = normalize_tags(draft.text, len(evidence))
        problems = [f"[{t}] is not one of the sources; cite only [S1]..[S{len(evidence)}]" for t in unknown]
        used_idx = sorted({int(m) for m in _TAG.findall(text) if 1 <= int(m) <= len(evidence)})
        if not used_idx:
            problems.append("the answer cites no source; every claim needs an [Sn] tag")
        if problems:
            return None, problems
        rendered = self._render(text, evidence)
        # the extractive composer only quotes each source beside its own tag: the point-support check
        # is for prose a model wrote
        support = draft.backend != "extractive"
        result = self.verifier.verify(rendered, offence_date=choice.event_date, check_support=support)
        bad = [c for c in result.citations if c.severity == "error"]
        if not result.citations:
            return None, ["the answer cites no law"]
        if bad:
            return None, [f"{c.text}: {c.status}" + (f" ({c.note})" if c.note else "") for c in bad]
        used = [evidence[i - 1] for i in used_idx]
        return Pieces(text=rendered, checks=result.citations, used=used, draft=draft), []

    @staticmethod
    def _render(text: str, evidence: list[Evidence]) -> str:
        """[S2] -> (Section 482 BNSS); a source with nothing to cite (a procedure step) keeps no tag."""
        def repl(m):
            ev = evidence[int(m.group(1)) - 1]
            if not ev.cite_as:
                return ""
            before = text[max(0, m.start() - 12):m.start()].lower().split()
            after = text[m.end():m.end() + 6].split()
            if (before and before[-1] in _LEAD_INS) or (after and after[0] in ("के", "में", "की")):
                return ev.cite_as                      # "Under [S1], ..." -> "Under Section 482 BNSS, ..."
            return f" ({ev.cite_as})"                  # "... bail [S1]." -> "... bail (Section 482 BNSS)."
        out = _TAG.sub(repl, text)
        out = re.sub(r"\s+([.,;:।])", r"\1", out)
        return re.sub(r"[ \t]{2,}", " ", out).strip()

    # ------------------------------------------------------------- assembling
    def _code_note(self, choice: CodeChoice, evidence: list[Evidence], lang: str) -> str | None:
        codes = {e.meta.get("act") for e in evidence if e.meta.get("act")}
        pairs = [(o, n) for o, n in (("IPC", "BNS"), ("CRPC", "BNSS"), ("IEA", "BSA")) if {o, n} & codes]
        if not pairs:
            return None
        old = ", ".join(acts()[o].name_en if lang == "en" else acts()[o].name_hi for o, _ in pairs)
        new = ", ".join(acts()[n].name_en if lang == "en" else acts()[n].name_hi for _, n in pairs)
        day = "1 July 2024" if lang == "en" else "1 जुलाई 2024"
        regime = choice.regime if choice.event_date else "both"  # only a date can say which applies
        return render(_DATE_NOTE[regime], lang, date=day, old=old, new=new)

    def _assemble(self, pieces: Pieces, evidence, got, lang, guidance, notices, choice, question: str) -> dict:
        notices = list(notices)
        if guidance:
            notices.append(guidance)
        refs: list[str] = []   # every authority a notice names; each is verified on its own at the end
        seen = set()
        for c in pieces.checks:
            if c.node_id in seen:
                continue
            seen.add(c.node_id)
            this = display(c.act, c.number, lang) if c.kind != "case" else c.title
            if c.status == "superseded" and c.current:
                succ = [display(*x.strip().split(":", 1), lang) for x in c.current.split(",")]
                notices.append(render("superseded", lang, old=this, new=", ".join(succ)))
                refs += [this, *succ]
            elif c.status == "omitted":
                notices.append(render("omitted", lang, old=this))
                refs.append(this)
            elif c.status == "struck_down":
                case = (c.related or [{}])[0].get("name", "")
                notices.append(render("struck_down", lang, provision=this, case=case))
                refs += [this, case]
            elif c.status == "overruled":
                by = (c.related or [{}])[0].get("name", "")
                notices.append(render("overruled", lang, case=c.title, by=by))
                refs += [c.title, by]
        conflict = self._conflict(pieces, got, lang, notices, refs, question)
        chain = [e.path for e in pieces.used if e.path]
        status = "conflict" if conflict else "answer"
        return {"status": status, "answer": pieces.text, "notices": notices,
                "citations": [c.to_dict() for c in pieces.checks], "citation_chain": chain,
                "conflict": conflict, "abstain_reason": None,
                "_notice_refs": [r for r in refs if r], "_event_date": choice.event_date,
                "_support": pieces.draft.backend != "extractive"}

    def _conflict(self, pieces: Pieces, got, lang, notices, refs: list[str], question: str) -> dict | None:
        flagged = [c for c in pieces.checks if c.status == "conflict"]
        # a disagreement among the authorities the graph found for this question is reported even when
        # the answer does not quote either side: the user must not be told one side silently
        # but only when the question is about the point they disagree on (or the answer quotes a side)
        used = {e.node_id for e in pieces.used}
        found = {e.node_id for e in got.evidence}
        asked = stems(content_words(question))
        relevant = [c for c in got.conflicts
                    if c["a"] in used or c["b"] in used
                    or ((c["a"] in found or c["b"] in found)
                        and len(asked & stems(content_words(c.get("issue") or ""))) >= 2)]
        if not flagged and not relevant:
            return None
        if relevant:
            c0 = relevant[0]
            a_name, b_name, ctype = c0["a_name"], c0["b_name"], c0.get("conflict_type") or "coordinate_bench"
            path_a, path_b = self._side_path(c0["a"], c0["path"]), self._side_path(c0["b"], c0["path"])
            ids = (c0["a"], c0["b"])
        else:
            f = flagged[0]
            other = (f.related or [{}])[0]
            a_name, b_name, ctype = f.title, other.get("name", ""), other.get("type") or "coordinate_bench"
            path_a = [{"id": f.node_id, "label": "Case", "name": f.title}]
            path_b = [{"id": other.get("id"), "label": "Case", "name": b_name}]
            ids = (f.node_id, other.get("id"))
        res = self._resolution(ids)
        issue = next((c.get("issue") for c in relevant), None) if relevant else None
        about_point = len(asked & stems(content_words(issue or ""))) >= 2
        if res and not about_point:
            # settled by a larger bench and not what was asked: say how it was settled, no alarm
            refs.append(res["name"])
            notices.append(render("conflict.resolved", lang, resolution=res["name"]))
            return None
        refs += [a_name, b_name] + ([res["name"]] if res else [])
        notices.append(render("conflict.notice", lang, a=a_name, b=b_name,
                              conflict_type=ctype.replace("_", " "),
                              resolution=res["name"] if res else None))
        return {"conflict_type": ctype, "supporting_paths": [path_a, path_b], "resolution": res,
                "confidence": "low"}

    def _side_path(self, case_id: str, conflict_path: list) -> list:
        rows = self.graph.ro_query(
            "MATCH (c:Case {id: $id}) OPTIONAL MATCH (c)-[:INTERPRETS]->(p:Provision) "
            "RETURN c.name, collect(p.id)[0], collect(p.title)[0]", {"id": case_id})
        if not rows:
            return [n for n in conflict_path if n.get("id") == case_id]
        name, pid, ptitle = rows[0]
        path = [{"id": case_id, "label": "Case", "name": name}]
        if pid:
            path += [{"rel": "INTERPRETS"}, {"id": pid, "label": "Section" if not pid.startswith("COI") else "Article",
                                              "name": f"{display(*pid.split(':', 1))}: {ptitle}"}]
        return path

    def _resolution(self, ids) -> dict | None:
        rows = self.graph.ro_query(
            "UNWIND $ids AS i MATCH (c:Case {id: i})-[:RESOLVED_BY]->(z:Case) RETURN z.id, z.name LIMIT 1",
            {"ids": [i for i in ids if i]})
        return {"id": rows[0][0], "name": rows[0][1]} if rows else None

    def _abstain(self, key: str, lang: str, notices: list[str] | None = None) -> dict:
        return {"status": "abstain", "answer": render(key, lang), "notices": list(notices or []),
                "citations": [], "citation_chain": [], "conflict": None, "abstain_reason": key}

    def _english_hint(self, text: str) -> str:
        """English glossary terms for a Hindi/Hinglish question, so both languages meet the same law."""
        from core.language.translate import OfflineTranslator

        try:
            res = OfflineTranslator().translate(text, "hi", "en")
            return " ".join(getattr(t, "en", str(t)) for t in getattr(res, "terms", []) or [])
        except Exception:
            return ""

    # ------------------------------------------------------------------ finish
    def _finish(self, result: dict, question: str, lang: str, evidence, draft: Draft | None,
                timings: dict, t0: float) -> dict:
        # Last line of defence: the whole user-visible text is verified once more.
        if result["status"] != "abstain":
            final = self.verifier.verify(result["answer"], offence_date=result.get("_event_date"),
                                         check_support=result.get("_support", True))
            blocked = [c for c in final.citations if c.severity == "error"]
            for ref in result.get("_notice_refs", []):
                # a notice names bad law on purpose ("X was overruled by Y"): that is the flag the
                # invariant asks for; what must still exist in the graph is every authority it names
                blocked += [c for c in self.verifier.verify(ref, check_support=False).citations
                            if c.severity == "error" and c.status not in FLAGGED]
            if blocked:
                result = self._abstain("abstain.unverifiable", lang)
                result["withheld"] = [{"text": c.text, "status": c.status} for c in blocked]
        result.pop("_notice_refs", None)
        result.pop("_event_date", None)
        result.pop("_support", None)
        result["language"] = lang
        result["disclaimer"] = render("disclaimer", lang)
        result["law_as_of"] = LAW_AS_OF
        result["law_as_of_note"] = render("law_as_of", lang, date=LAW_AS_OF)
        result["evidence"] = [{"id": e.node_id, "label": e.label, "name": e.name, "score": e.score,
                               "strategies": e.strategies} for e in evidence]
        result["model_id"] = draft.model_id if draft else None
        timings["total"] = round((time.perf_counter() - t0) * 1000, 1)
        result["timings_ms"] = timings
        result["recorded"] = self._record(result, question, lang, evidence, draft)
        if not result["recorded"] and self.audit is not None:
            result["notices"].append(render("unrecorded", lang))
        return result

    def _record(self, result, question, lang, evidence, draft) -> bool:
        if self.audit is None:
            return False
        event = {
            "question_sha256": sha256(question or ""), "language": lang,
            "evidence_ids": [e.node_id for e in evidence], "model_id": draft.model_id if draft else None,
            "prompt_sha256": draft.prompt_sha256 if draft else None,
            "response_sha256": draft.response_sha256 if draft else sha256(result["answer"]),
            "verdict": result["status"], "statuses": [c["status"] for c in result["citations"]],
            "timings_ms": result["timings_ms"],
        }
        if getattr(self.audit, "store_raw", False):
            event["question_text"] = question
        try:
            self.audit.append(event)
            return True
        except Exception:  # AuditUnavailable or disk trouble: answer anyway, flagged unrecorded
            return False
