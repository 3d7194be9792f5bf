"""ExtractiveComposer: a deterministic answer built only from the evidence (no model).

Every sentence that states law carries an ``[Sn]`` tag and quotes or trims the source's own
words; nothing is paraphrased by a model. It is the fallback when no LLM is available and the
default for Hindi (the local 1.5B model writes poor Hindi; see ``prefer_extractive_for_hindi``).

English frames::

    Under [S1], <title>: <first sentence of the text>.
    The Supreme Court held in [S2] that <holding>.
    What to do next:
    1. <step name>: <first sentence> (time limit: <meta time_limit>) [S3]

Hindi frames use ``text_hi`` / ``meta["name_hi"]`` / ``meta["description_hi"]`` where present
and otherwise quote the English title verbatim::

    [S1] के अनुसार: "<English title>"।
    आगे क्या करें:
    1. <name_hi or name>: <description_hi> (समय-सीमा: <time_limit>) [S3]

A ``correction`` that names tags (``"[S3] is not ..."``) drops those sources from the text
(the source map is unchanged), so a revision can deterministically fix a verifier complaint.
"""
from __future__ import annotations

import re
import time

from core.evidence import Draft, Evidence
from core.synthesis.prompt import sha256_json, sha256_text, source_map
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI

PROVISION_LABELS = {"Section", "Article", "Rule", "Clause", "Provision"}
CASE_LABELS = {"Case", "Judgment"}
STEP_LABELS = {"ProceduralEvent", "Step", "Procedure"}

_ABBREV = re.compile(
    r"\b(?:Sec|Secs|Ss|S|Art|Arts|No|Nos|Cl|Para|Paras|Sch|Ch|Vol|v|vs|u/s|i\.e|e\.g|viz|etc|Cr|"
    r"P\.C|Pvt|Ltd|Co|Govt|Dr|Mr|Mrs|Ms|Hon'ble|Smt|Shri|St|Jr|Sr|Dept|approx|Rs|Ors|Anr)\.$",
    re.IGNORECASE,
)
_SENT_END = re.compile(r"[.!?।](?=\s|$)")
_LOWER_FIRST = {"The", "A", "An", "It", "This", "That", "There", "Every", "Any", "No", "Such", "Where",
                "When", "If", "All", "Each", "Once", "Only", "Even", "Whoever", "Nobody", "Nothing"}

FALLBACK_NEXT_EN = ("What to do next: keep copies of all your papers, and talk to a lawyer or your District "
                    "Legal Services Authority (free legal aid helpline 15100).")
FALLBACK_NEXT_HI = ("आगे क्या करें: अपने सभी काग़ज़ों की प्रतियाँ सँभालकर रखें, और किसी वकील या अपने ज़िला विधिक "
                    "सेवा प्राधिकरण से बात करें (मुफ़्त कानूनी सहायता हेल्पलाइन 15100)।")


def _clean(s: str) -> str:
    return " ".join((s or "").split())


def first_sentence(text: str, max_chars: int = 240) -> str:
    """The first sentence of ``text`` (abbreviation-aware), cut at a word boundary if too long.

    The result has no final full stop / danda; callers add their own.
    """
    t = _clean(text)
    # a leading sub-section marker "(1)", "(a)", or "1." is not part of the rule
    t = re.sub(r"^(?:\((?:\d{1,3}[A-Z]?|[a-z]{1,4})\)|\d{1,3}\.)\s+", "", t)
    if not t:
        return ""
    for m in _SENT_END.finditer(t):
        head = t[: m.start() + 1]
        # "Sec." "v." "No." or a single initial ("S.", "A.") are not sentence ends.
        last = head.rsplit(" ", 1)[-1]
        if _ABBREV.search(last) or re.fullmatch(r"\(?[A-Za-z]\.", last) or re.fullmatch(r"\(?\d+\.", last):
            continue
        t = head
        break
    t = t.rstrip()
    if len(t) > max_chars:
        cut = t[:max_chars]
        # prefer a clause boundary, then a word boundary
        for sep in ("; ", ", "):
            k = cut.rfind(sep)
            if k > max_chars * 0.5:
                cut = cut[:k]
                break
        else:
            k = cut.rfind(" ")
            if k > max_chars * 0.5:
                cut = cut[:k]
        t = cut.rstrip(" ,;:-") + " …"
    return t.rstrip(".।!? ").rstrip()


def title_of(ev: Evidence) -> str:
    """'BNS 103: Punishment for murder' -> 'Punishment for murder'; else the name itself."""
    name = _clean(ev.name)
    if ":" in name:
        head, tail = name.split(":", 1)
        if tail.strip() and len(head) <= 40:
            return tail.strip()
    return name or ev.cite_as or ev.node_id


def _lower_first(s: str) -> str:
    w = s.split(" ", 1)[0]
    if w in _LOWER_FIRST:
        return s[0].lower() + s[1:]
    return s


def _strip_held(s: str) -> str:
    return re.sub(r"^(?:held\s*[:\-–]\s*|(?:the\s+court\s+)?held\s+that\s+|that\s+)", "", s, flags=re.IGNORECASE)


def _court_of(ev: Evidence) -> str:
    court = _clean(str(ev.meta.get("court", "")))
    if court:
        return court if court.lower().startswith("the ") else f"the {court}"
    c = ev.cite_as or ""
    if re.search(r"\bSCC\b|\bSCR\b|\bAIR\s+\d{4}\s+SC\b|\bINSC\b|\(SC\)", c):
        return "the Supreme Court"
    return "the court"


def _court_hi(ev: Evidence) -> str:
    c = _clean(str(ev.meta.get("court_hi", "")))
    if c:
        return c
    return "सुप्रीम कोर्ट" if _court_of(ev) == "the Supreme Court" else "अदालत"


def _status_en(ev: Evidence) -> str:
    st = (ev.status or "verified").strip().lower()
    return "" if st in ("", "verified") else f" (status: {st.replace('_', ' ')})"


def _step_key(item: tuple[int, Evidence]):
    i, ev = item
    for k in ("step", "order", "seq"):
        v = ev.meta.get(k)
        if isinstance(v, (int, float)) or (isinstance(v, str) and v.isdigit()):
            return (0, float(v), i)
    return (1, 0.0, i)


def _dropped(correction: str | None) -> set[str]:
    if not correction:
        return set()
    return {f"S{n}" for n in re.findall(r"\[\s*S\s*(\d+)\s*\]", correction, flags=re.IGNORECASE)}


def next_steps_block(evidence: list[Evidence], lang: str = "en", *, max_steps: int = 5,
                     sentence_chars: int = 240) -> str:
    """The deterministic 'What to do next:' block (numbered, tagged steps from ProceduralEvent
    evidence, or the fixed legal-aid line when there are none)."""
    c = ExtractiveComposer(max_steps=max_steps, sentence_chars=sentence_chars, max_provisions=0, max_cases=0,
                           max_other=0)
    items = list(enumerate(evidence, 1))
    steps = c._split(items)[2]
    if not steps:
        return FALLBACK_NEXT_HI if lang == "hi" else FALLBACK_NEXT_EN
    return c._compose_hi(steps) if lang == "hi" else c._compose_en(steps)


class ExtractiveComposer:
    """Deterministic, model-free synthesizer (see the module docstring)."""

    backend = "extractive"
    model_id = "extractive"
    prefer_extractive_for_hindi = True

    def __init__(self, *, max_provisions: int = 3, max_cases: int = 2, max_steps: int = 5,
                 max_other: int = 1, sentence_chars: int = 240, echo_guidance: bool = False):
        self.max_provisions = max_provisions
        self.max_cases = max_cases
        self.max_steps = max_steps
        self.max_other = max_other
        self.sentence_chars = sentence_chars
        self.echo_guidance = echo_guidance

    # -- public ---------------------------------------------------------------------------
    def draft(self, question: str, evidence: list[Evidence], lang: str, *, correction: str | None = None,
              guidance: str | None = None, max_tokens: int = 256) -> Draft:
        t0 = time.perf_counter()
        lang = "hi" if (lang or "").lower().startswith("hi") else "en"
        drop = _dropped(correction)
        items = [(i, ev) for i, ev in enumerate(evidence, 1) if f"S{i}" not in drop]
        text = self._compose_hi(items) if lang == "hi" else self._compose_en(items)
        if not text:
            text = REFUSAL_HI if lang == "hi" else REFUSAL_EN
        if guidance and self.echo_guidance:
            text = f"{_clean(guidance)}\n{text}"
        ms = (time.perf_counter() - t0) * 1000
        payload = {"question": question, "lang": lang, "evidence": [e.node_id for e in evidence],
                   "correction": correction, "guidance": guidance, "composer": "extractive-v1"}
        return Draft(text=text, sources=source_map(evidence), backend="extractive", model_id=self.model_id,
                     prompt_sha256=sha256_json(payload), response_sha256=sha256_text(text),
                     timings_ms={"first_token": round(ms, 3), "generate": round(ms, 3)})

    # -- English ----------------------------------------------------------------------------
    def _split(self, items):
        prov = [x for x in items if x[1].label in PROVISION_LABELS][: self.max_provisions]
        cases = [x for x in items if x[1].label in CASE_LABELS][: self.max_cases]
        steps = sorted((x for x in items if x[1].label in STEP_LABELS), key=_step_key)[: self.max_steps]
        used = {i for i, _ in prov + cases + steps}
        other = [x for x in items if x[0] not in used
                 and x[1].label not in PROVISION_LABELS | CASE_LABELS | STEP_LABELS][: self.max_other]
        return prov, cases, steps, other

    def _compose_en(self, items) -> str:
        prov, cases, steps, other = self._split(items)
        lines: list[str] = []
        for i, ev in prov:
            body = first_sentence(ev.text, self.sentence_chars)
            title = title_of(ev)
            s = f"Under [S{i}], {title}: {body}." if body else f"Under [S{i}]: {title}."
            lines.append(s[:-1] + _status_en(ev) + ".")
        for i, ev in cases:
            hold = _strip_held(first_sentence(ev.text, self.sentence_chars))
            if hold:
                s = f"{_court_of(ev)[0].upper()}{_court_of(ev)[1:]} held in [S{i}] that {_lower_first(hold)}."
            else:
                s = f"See the decision in [S{i}]: {title_of(ev)}."
            lines.append(s[:-1] + _status_en(ev) + ".")
        for i, ev in other:
            body = first_sentence(ev.text, self.sentence_chars)
            if body:
                lines.append(f"According to [S{i}], {title_of(ev)}: {body}.")
        if not (lines or steps):
            return ""
        out = " ".join(lines)
        if steps:
            nxt = ["What to do next:"]
            for k, (i, ev) in enumerate(steps, 1):
                name = title_of(ev)
                desc = first_sentence(ev.text, self.sentence_chars)
                s = f"{k}. {name}" + (f": {desc}" if desc and desc != name else "")
                tl = _clean(str(ev.meta.get("time_limit") or ""))
                if tl:
                    s += f" (time limit: {tl})"
                nxt.append(f"{s} [S{i}].")
            out = (out + "\n" if out else "") + "\n".join(nxt)
        else:
            out += "\n" + FALLBACK_NEXT_EN
        return out

    # -- Hindi ------------------------------------------------------------------------------
    def _compose_hi(self, items) -> str:
        prov, cases, steps, other = self._split(items)
        lines: list[str] = []
        for i, ev in prov + other:
            hi = first_sentence(ev.text_hi, self.sentence_chars)
            name_hi = _clean(str(ev.meta.get("name_hi", "")))
            if hi:
                lines.append(f"[S{i}] के अनुसार: {hi}।")
            elif name_hi:
                lines.append(f"[S{i}] के अनुसार: {name_hi}।")
            else:
                lines.append(f"[S{i}] के अनुसार: \"{title_of(ev)}\"।")
        for i, ev in cases:
            hi = first_sentence(ev.text_hi, self.sentence_chars)
            if hi:
                lines.append(f"{_court_hi(ev)} ने [S{i}] में कहा: {hi}।")
            else:
                name_hi = _clean(str(ev.meta.get("name_hi", "")))
                lines.append(f"[S{i}] में {_court_hi(ev)} का फ़ैसला: \"{name_hi or title_of(ev)}\"।")
        if not (lines or steps):
            return ""
        out = " ".join(lines)
        if steps:
            nxt = ["आगे क्या करें:"]
            for k, (i, ev) in enumerate(steps, 1):
                name = _clean(str(ev.meta.get("name_hi", ""))) or f"\"{title_of(ev)}\""
                desc = first_sentence(str(ev.meta.get("description_hi", "")) or ev.text_hi, self.sentence_chars)
                s = f"{k}. {name}" + (f": {desc}" if desc else "")
                tl = _clean(str(ev.meta.get("time_limit_hi") or ev.meta.get("time_limit") or ""))
                if tl:
                    s += f" (समय-सीमा: {tl})"
                nxt.append(f"{s} [S{i}]।")
            out = (out + "\n" if out else "") + "\n".join(nxt)
        else:
            out += "\n" + FALLBACK_NEXT_HI
        return out
