"""extract(text) -> list[Citation]: sections, articles and cases in one pass each."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from domain.acts import registry
from domain.numbers import order_rule_number, schedule_article_number
from domain.reporters import find_reporters, group_reporters

from . import patterns as P
from .acts import plausible_section, resolve_alias
from .casenames import _left_party, find_case_names
from .model import Citation
from .normalize import ascii_digits, norm_number, norm_spaces, norm_subsection
from .resolve import ActContext, ActMention, Antecedents, case_key

_PREFIX_WINDOW = 80
# A bare number list after these words is money, a case number, a rule... not a section.
_NOT_SECTION_BEFORE = re.compile(
    r"(?:(?i:rs\.?|inr|no\.?|nos\.?|dated|dt\.?|page|p\.|paras?|rules?|r\.|order|o\.|clause|"
    r"chapter|schedule|item|entry|form|regulation)|₹)\s{0,2}[,\d\s]{0,12}$"
)
_SUPRA_IBID_RE = re.compile(r"(?<![\w])(?:(?P<supra>[(\[]?\s?(?i:supra)\s?[)\]]?)|(?P<ibid>(?i:ibid)\.?|Id\.))(?![\w])")
_CASE_SUFFIX_RE = re.compile(r"(?:'s|’s)?\s{1,2}(?i:case)[,]?\s{0,2}$")
_ATTACH_GAP_RE = re.compile(
    r"[\s,;:\-–(\[]{0,4}(?:(?i:reported|cited|published)\s{1,3}(?i:in|at|as)\s{1,3}|(?i:in)\s{1,3})?[\[(]{0,2}"
)


@dataclass
class _Item:
    start: int
    end: int
    number: str
    subsection: str | None


@dataclass
class _Cand:
    """A candidate match before overlap removal; becomes one or more Citations."""

    start: int
    end: int
    kind: str
    items: list[_Item] = field(default_factory=list)
    act: str | None = None
    raw_act: str | None = None
    needs_context: bool = False
    case_name: str | None = None
    reporters: tuple[str, ...] = ()
    supra: bool = False
    ibid: bool = False
    implied: bool = False  # an Order/Rule with no act named: only the CPC has Orders


def _act_end(act_text: str, end: int) -> int:
    """'IPC.' at a sentence end: the dot is punctuation, not part of the act."""
    if act_text.endswith(".") and "." not in act_text[:-1]:
        return end - 1
    return end


def _items(norm: str, m: re.Match) -> list[_Item]:
    base = m.start("list")
    out = []
    for im in P.ITEM_RE.finditer(m.group("list")):
        out.append(
            _Item(base + im.start(), base + im.end(), norm_number(im.group("num")), norm_subsection(im.group("sub")))
        )
    return out


def _attach_act(norm: str, c: _Cand, start: int, end: int, mentions: list[ActMention]) -> None:
    """The act a provision list belongs to: named right after it, right before it, or from context."""
    t = P.TRAILER_ACT_RE.match(norm, end)
    if t and resolve_alias(t.group("act")):
        end = _act_end(t.group("act"), t.end())
        c.act, c.raw_act, c.end = resolve_alias(t.group("act")), norm_spaces(norm[t.start("act") : end]), end
    elif t := P.TRAILER_GENERIC_RE.match(norm, end):
        c.needs_context, c.raw_act, c.end = True, t.group("act"), t.end()
    elif t := P.TRAILER_UNKNOWN_RE.match(norm, end):
        c.raw_act, c.end = norm_spaces(t.group("act")), t.end()
        mentions.append(ActMention(t.start("act"), t.end("act"), None, c.raw_act))
    else:
        lo = max(0, start - _PREFIX_WINDOW)
        pre = P.PREFIX_ACT_RE.search(norm, lo, start)
        if pre and resolve_alias(pre.group("act")):
            c.act, c.raw_act, c.start = resolve_alias(pre.group("act")), norm_spaces(pre.group("act")), pre.start()
        else:
            c.needs_context = True


def _section_cands(norm: str, mentions: list[ActMention]) -> list[_Cand]:
    out = []
    for m in P.SECTION_RE.finditer(norm):
        c = _Cand(m.start(), m.end(), "section", _items(norm, m))
        _attach_act(norm, c, m.start(), m.end(), mentions)
        out.append(c)
    return out


def _order_cands(norm: str, mentions: list[ActMention]) -> list[_Cand]:
    """CPC First Schedule rules: each item's number becomes "Order XXXIX Rule 1"."""
    out = []
    for rx in (P.ORDER_RULE_RE, P.RULE_OF_ORDER_RE):
        for m in rx.finditer(norm):
            order = m.group("order").upper() + m.group("oletter")
            try:
                items = [
                    _Item(it.start, it.end, order_rule_number(order, it.number, bool(m.group("comm"))), it.subsection)
                    for it in _items(norm, m)
                ]
            except ValueError:  # "Order IIII": not a numeral
                continue
            c = _Cand(m.start(), m.end(), "section", items)
            _attach_act(norm, c, m.start(), m.end(), mentions)
            if c.needs_context and c.raw_act is None:
                # no act named: the Orders and Rules held are the CPC's First Schedule
                c.needs_context, c.act, c.implied = False, "CPC", True
            out.append(c)
    return out


def _schedule_act(code: str | None) -> bool:
    a = registry().get(code) if code else None
    return bool(a and a.last_schedule_article)


def _article_cands(norm: str, mentions: list[ActMention]) -> list[_Cand]:
    """Constitution articles, unless an Act's Schedule is named (Limitation Act Schedule articles)."""
    out = []
    for m in P.ARTICLE_RE.finditer(norm):
        items = _items(norm, m)
        c = _Cand(m.start(), m.end(), "article", items, act="COI")
        t = P.TRAILER_SCHEDULE_RE.match(norm, m.end())
        code = resolve_alias(t.group("act")) if t and t.group("act") else None
        schedule_named = bool(t and (t.group("sch") or t.group("sch2")))
        if code and code != "COI" and (schedule_named or _schedule_act(code)):
            end = _act_end(t.group("act"), t.end("act")) if not t.group("sch2") else t.end()
            c.act, c.raw_act, c.end = code, norm_spaces(norm[t.start("act") : end]), end
        elif t and t.group("sch") and not t.group("act"):
            # "Article 113 of the Schedule": the Act from context (the Limitation Act)
            c.act, c.needs_context, c.end = None, True, t.start("sch") + len(t.group("sch").rstrip())
        elif (t2 := P.TRAILER_ACT_RE.match(norm, m.end())) and resolve_alias(t2.group("act")) == "COI":
            c.raw_act, c.end = norm_spaces(t2.group("act")), t2.end()
        else:
            lo = max(0, m.start() - _PREFIX_WINDOW)
            pre = P.PREFIX_SCHEDULE_RE.search(norm, lo, m.start())
            code = resolve_alias(pre.group("act")) if pre else None
            if code and code != "COI" and (pre.group("sch") or _schedule_act(code)):
                c.act, c.raw_act, c.start = code, norm_spaces(pre.group("act")), pre.start()
        if c.act != "COI":
            for it in c.items:
                it.number = schedule_article_number(it.number)
        out.append(c)
    return out


def _act_number_cands(norm: str, mentions: list[ActMention]) -> list[_Cand]:
    out = []
    for a in mentions:
        m = P.AFTER_ACT_NUMBER_RE.match(norm, a.end)
        if not m or a.code in (None, "COI"):
            continue
        items = _items(norm, m)
        if not items or not plausible_section(a.code, items[0].number):
            continue
        out.append(_Cand(a.start, m.end(), "section", items, act=a.code, raw_act=a.raw))
    for m in P.BARE_LIST_ACT_RE.finditer(norm):
        code = resolve_alias(m.group("act"))
        items = _items(norm, m)
        if not code or code == "COI" or not items:
            continue
        if _NOT_SECTION_BEFORE.search(norm, max(0, m.start() - 24), m.start()):
            continue
        if not all(plausible_section(code, it.number) for it in items):
            continue
        out.append(_Cand(m.start(), m.end(), "section", items, act=code, raw_act=norm_spaces(m.group("act"))))
    return out


def _case_cands(norm: str) -> list[_Cand]:
    hits = find_reporters(norm)
    groups = group_reporters(norm, hits)
    starts = {h.start for h in hits}
    names = find_case_names(norm, starts)
    by_start = {g[0].start: g for g in groups}
    group_starts = sorted(by_start)
    used: set[int] = set()
    out = []
    import bisect

    for n in names:
        c = _Cand(n.start, n.end, "case", case_name=n.name)
        i = bisect.bisect_left(group_starts, n.end)
        if i < len(group_starts):
            gs = group_starts[i]
            gap = norm[n.end : gs]
            if len(gap) <= 24 and _ATTACH_GAP_RE.fullmatch(gap):
                g = by_start[gs]
                c.reporters, c.end = tuple(h.key for h in g), g[-1].end
                used.add(gs)
        out.append(c)
    for gs, g in by_start.items():
        if gs not in used:
            out.append(_Cand(gs, g[-1].end, "case", reporters=tuple(h.key for h in g)))
    return out


def _supra_ibid_cands(norm: str, cases: list[_Cand]) -> list[_Cand]:
    out = []
    ends = {c.end: c for c in cases if c.case_name and not c.reporters}
    for m in _SUPRA_IBID_RE.finditer(norm):
        if m.group("ibid"):
            out.append(_Cand(m.start(), m.end(), "case", ibid=True))
            continue
        # "Maneka Gandhi v. Union of India (supra)": mark that name as supra.
        prior = next((ends[e] for e in range(m.start(), max(-1, m.start() - 4), -1) if e in ends), None)
        if prior is not None and not norm[prior.end : m.start()].strip(" ,"):
            prior.supra, prior.end = True, m.end()
            continue
        end = m.start()
        cm = _CASE_SUFFIX_RE.search(norm, max(0, end - 12), end)
        if cm:
            end = cm.start()
        while end > 0 and norm[end - 1] in " ,\t":
            end -= 1
        left = _left_party(norm, end)
        if not left:
            continue
        start, toks = left
        name = norm_spaces(" ".join(toks)).strip("()[],;:")
        name = re.sub(r"(?:'s|’s)$", "", name)
        if not name:
            continue
        out.append(_Cand(start, m.end(), "case", case_name=name, supra=True))
    return out


def _dedupe(cands: list[_Cand]) -> list[_Cand]:
    cands.sort(key=lambda c: (c.start, -c.end))
    kept: list[_Cand] = []
    for c in cands:
        if kept and c.start < kept[-1].end:
            continue
        kept.append(c)
    return kept


def _provisions(text: str, c: _Cand, ctx: ActContext) -> list[Citation]:
    act, raw, how = c.act, c.raw_act, "implied" if c.implied else None
    if c.needs_context:
        act, ctx_raw = ctx.act_before(c.start)
        if c.kind == "article" and act is not None and not _schedule_act(act):
            act = None  # "Article 5 of the Schedule" after an Act that has no Schedule articles
        how = "context" if act else None
    out = []
    n = len(c.items)
    for i, it in enumerate(c.items):
        s = c.start if i == 0 else it.start
        e = c.end if i == n - 1 else it.end
        key = f"{act or '?'}:{it.number}"
        out.append(Citation(text[s:e], s, e, c.kind, act, it.number, it.subsection, None, (), key, how, raw))
    return out


_OVERRIDING_BEFORE = re.compile(r"notwithstanding\s+anything\s+(?:contained\s+)?in\s+(?:the\s+)?$", re.I)
_OVERRIDING_AFTER = re.compile(r"^[\s\w,()]{0,30}?में\s+(?:अंतर्विष्ट\s+)?किसी\s+बात\s+के\s+होते\s+हुए\s+भी")


def _overridden(text: str, m: ActMention) -> bool:
    """The mention is the Act a "notwithstanding anything in ..." clause overrides (English or Hindi)."""
    return bool(_OVERRIDING_BEFORE.search(text[max(0, m.start - 60) : m.start])) or bool(
        _OVERRIDING_AFTER.match(text[m.end : m.end + 90])
    )


def extract(text: str, default_act: str | None = None) -> list[Citation]:
    """All section, article and case citations in ``text``, in order of position."""
    if not text:
        return []
    norm = ascii_digits(text)
    mentions = [
        ActMention(m.start(), m.end(), resolve_alias(m.group()), norm_spaces(m.group()))
        for m in P.ACT_RE.finditer(norm)
    ]
    mentions = [m for m in mentions if m.code]
    cases = _case_cands(norm)
    cands = (
        _section_cands(norm, mentions)
        + _order_cands(norm, mentions)
        + _article_cands(norm, mentions)
        + _act_number_cands(norm, mentions)
        + cases
    )
    cands += _supra_ibid_cands(norm, cases)
    # "Notwithstanding anything contained in the Code of Criminal Procedure, 1973, in an appeal against
    # conviction under section 138" (NI Act s.148): an Act a provision overrides is not the Act of the
    # bare sections after it, which are the provision's own
    ctx = ActContext(norm, [m for m in mentions if not _overridden(norm, m)], default_act)

    result: list[Citation] = []
    last_case: Citation | None = None
    antecedents = Antecedents()
    for c in _dedupe(cands):
        if c.kind != "case":
            result.extend(_provisions(text, c, ctx))
            continue
        reporters, name, how = c.reporters, c.case_name, None
        if c.ibid:
            if last_case is None:
                continue
            ante = last_case
            reporters, name, how = ante.reporters, ante.case_name, "ibid"
        elif c.supra:
            how = "supra"
            ante = antecedents.find(name.split(" v. ")[0] if name else "")
            if ante is not None:
                reporters, name = ante.reporters, ante.case_name
        cit = Citation(
            text[c.start : c.end],
            c.start,
            c.end,
            "case",
            None,
            None,
            None,
            name,
            tuple(reporters),
            case_key(tuple(reporters), name),
            how,
            None,
        )
        result.append(cit)
        antecedents.add(cit)
        last_case = cit
    return result


def provision_ids(text: str) -> frozenset[str]:
    """The graph ids of the sections and articles a text names ("Section 438 CrPC" -> "CRPC:438",
    "s.70(2) BNS" -> "BNS:70", "Order XXXIX Rule 1 CPC"); a number with no Act names none."""
    return frozenset(c.key for c in extract(text or "") if c.kind != "case" and c.act and c.number)
