"""The answer card: pure functions from a Service.ask() answer to HTML / Markdown.

The card is an edge: it takes the typed ``core.stages.Answer`` (or the JSON dict of a saved
one, ``Answer.to_json()``) and reads its JSON form, defensively, so even a damaged saved
answer renders.

Everything user- or model-supplied is escaped here (html.escape for HTML; a Markdown
escaper for the .md form), so a question or an answer holding ``<script>`` is shown as
text, never run. The same HTML is shown in the app and saved, self-contained (inline
styles, the chain picture as a data: URI), as the download a legal-aid clinic keeps.
"""

from __future__ import annotations

import base64
import html
import re
from datetime import UTC, datetime

from core.language.templates import LABEL_KEYS, label
from core.stages import Answer, AnswerStatus, CitationStatus

# Overall answer status -> (English label, Hindi label, colour); the words live in
# core/language/templates.py (label "badge.<status>"), the colours here
_BADGE_COLOURS = {
    AnswerStatus.ANSWER: "#15803d",
    AnswerStatus.ABSTAIN: "#6b7280",
    AnswerStatus.CONFLICT: "#b45309",
    AnswerStatus.ERROR: "#b91c1c",
    AnswerStatus.CLARIFY: "#1d4ed8",
}
BADGES = {s: (label(f"badge.{s}", "en"), label(f"badge.{s}", "hi"), c) for s, c in _BADGE_COLOURS.items()}

# Citation status (core.verify) -> (chip colour, short explanation in English / Hindi)
_CHIP = {
    CitationStatus.VERIFIED: "#15803d",
    CitationStatus.SUPERSEDED: "#b45309",
    CitationStatus.OMITTED: "#b45309",
    CitationStatus.CONFLICT: "#c2410c",
    CitationStatus.STRUCK_DOWN: "#b91c1c",
    CitationStatus.OVERRULED: "#b91c1c",
    CitationStatus.UNINDEXED: "#6b7280",
    CitationStatus.UNVERIFIED: "#6b7280",
    CitationStatus.MISMATCH: "#b91c1c",
    CitationStatus.NONEXISTENT: "#b91c1c",
    CitationStatus.UNSUPPORTED: "#b91c1c",
    CitationStatus.UNRESOLVED: "#6b7280",
    CitationStatus.OFF_POINT: "#b45309",
}
CHIP_COLOURS = {s: (c, label(f"chip.{s}", "en"), label(f"chip.{s}", "hi")) for s, c in _CHIP.items()}
UNKNOWN_CHIP = ("#6b7280", label("chip.unknown", "en"), label("chip.unknown", "hi"))

_DEVANAGARI = re.compile(r"[\u0900-\u097F]")
_FONT = "font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans Devanagari', sans-serif;"


def esc(value) -> str:
    """HTML-escape any value (None -> ""), quotes included."""
    if value is None:
        return ""
    return html.escape(str(value), quote=True)


def as_json(result: Answer | dict | None) -> dict:
    """The JSON form the card reads: an Answer's ``to_json()``; a saved dict as it is."""
    if isinstance(result, Answer):
        return result.to_json()
    return result if isinstance(result, dict) else {}


def _lang(result: dict) -> str:
    return "hi" if (result or {}).get("language") == "hi" else "en"


def status_badge(status: str, lang: str = "en") -> str:
    en, hi, colour = BADGES.get(status, (str(status), str(status), "#6b7280"))
    label = hi if lang == "hi" else en
    return (
        f'<span class="np-badge np-badge-{esc(status)}" data-status="{esc(status)}" '
        f'style="display:inline-block;padding:3px 10px;border-radius:12px;background:{colour};'
        f'color:#fff;font-weight:600;font-size:0.9em">{esc(label)}</span>'
    )


def status_chip(status: str, lang: str = "en") -> str:
    colour, en, hi = CHIP_COLOURS.get(status, UNKNOWN_CHIP)
    tip = hi if lang == "hi" else en
    shown = status
    if lang == "hi":  # the status word itself in Hindi (templates "status.<s>"); English shows the code
        shown = label(f"status.{status}" if f"status.{status}" in LABEL_KEYS else "status.unknown", "hi")
    return (
        f'<span class="np-chip np-chip-{esc(status)}" data-status="{esc(status)}" title="{esc(tip)}" '
        f'style="display:inline-block;padding:1px 8px;border-radius:10px;border:1px solid {colour};'
        f'color:{colour};font-size:0.8em;font-weight:600;margin-left:6px">{esc(shown)}</span>'
    )


def citation_label(c: dict, lang: str = "en", gists: dict | None = None) -> str:
    """How a citation is named on the card: its text as written, plus the graph's title.

    In a Hindi answer the corpus title is English (the corpus has no Hindi text of the Acts), so the
    provision's Hindi gist from the answer's law list stands in for it, or nothing."""
    text = str(c.get("text") or "").strip()
    while text.endswith(")") and text.count(")") > text.count("("):
        # a name read from inside brackets ("(P. Rathinam v. Union of India; Gian Kaur v. State of Punjab)")
        text = text[:-1].rstrip()
    title = str(c.get("title") or "").strip()
    if lang == "hi" and not _DEVANAGARI.search(title):
        title = str((gists or {}).get(c.get("node_id")) or "").strip()
    if title and title.lower() not in text.lower():
        return f"{text} — {title}" if text else title
    return text or title or str(c.get("node_id") or "?")


def unique_citations(result: Answer | dict) -> list[dict]:
    result = as_json(result)
    seen, out = set(), []
    for c in (result or {}).get("citations") or []:
        if not isinstance(c, dict):
            continue
        key = (c.get("node_id") or c.get("text"), c.get("status"))
        if key in seen:
            continue
        seen.add(key)
        out.append(c)
    return out


def chain_lines(result: Answer | dict, lang: str | None = None) -> list[str]:
    """Each citation-chain path as one readable line: "Section 482 BNSS -[INTERPRETS]-> ...".

    In a Hindi answer (``lang`` defaults to the answer's own language) every node and edge gets the
    Hindi form the chain picture draws (app.chain_image: "धारा 378 आईपीसी -[की जगह अब]-> ..."), so
    the text list under the picture is not English beside a Hindi card."""
    result = as_json(result)
    lang = lang or _lang(result)
    from app.chain_image import node_name, rel_text

    def line(path) -> str:
        parts = []
        for item in path or []:
            if not isinstance(item, dict):
                continue
            if "rel" in item:
                rel = str(item.get("rel") or "")
                parts.append(f"-[{rel_text(rel, lang) if lang == 'hi' else rel}]->")
            else:
                parts.append(node_name(item, lang) if lang == "hi" else str(item.get("name") or item.get("id") or "?"))
        return " ".join(parts)

    out = [line(p) for p in (result or {}).get("citation_chain") or []]
    conflict = (result or {}).get("conflict") or {}
    side = label("chain.side", lang)
    for i, p in enumerate(conflict.get("supporting_paths") or [] if isinstance(conflict, dict) else []):
        out.append(f"{side} {'AB'[i] if i < 2 else i + 1}: {line(p)}")
    return [x for x in out if x]


def citation_note(c: dict, lang: str) -> str:
    """The note under a citation. The verifier writes it in English; a Hindi card gives the same
    status from the fixed Hindi templates (core.language.templates), never a translation of prose:
    a replaced provision names its successor and the 1 July 2024 rule, anything else its chip text."""
    note = str(c.get("note") or "").strip()
    if lang != "hi" or not note or _DEVANAGARI.search(note):
        return note
    from core.acts import display
    from core.language.templates import render

    status = str(c.get("status") or "")
    old = ""
    if c.get("act") and c.get("number"):
        try:
            old = display(str(c["act"]), str(c["number"]), "hi")
        except Exception:
            old = ""
    if status == CitationStatus.SUPERSEDED and old:
        new = ", ".join(basis_cite(x.strip(), "hi") for x in str(c.get("current") or "").split(",") if x.strip())
        if new:
            return render("code_applies.old" if c.get("severity") == "ok" else "superseded", "hi", old=old, new=new)
    if status == CitationStatus.OMITTED and old:
        return render("omitted", "hi", old=old)
    key = f"chip.{status}"
    return label(key if key in LABEL_KEYS else "chip.unknown", "hi")


def _list(result: dict, key: str) -> list[dict]:
    return [x for x in result.get(key) or [] if isinstance(x, dict)]


def steps_html(result: dict, lang: str) -> str:
    """The numbered steps: each with where to go, what to bring, the time limit and the law that sets it."""
    rows = []
    for st in _list(result, "steps"):
        if not st.get("text"):
            continue
        extra = []
        for key in ("where", "bring", "time_limit"):
            if st.get(key):
                extra.append(f'<span class="np-step-{key}"><b>{esc(_h(key, lang))}:</b> {esc(st[key])}</span>')
        basis = [b for b in st.get("basis") or [] if isinstance(b, str) and b]
        if basis:
            extra.append(f'<span class="np-step-basis"><b>{esc(_h("basis", lang))}:</b> {esc(", ".join(basis))}</span>')
        rows.append(
            f'<li class="np-step">{esc(st["text"])}'
            + (f'<div style="color:#374151;font-size:0.9em">{" · ".join(extra)}</div>' if extra else "")
            + "</li>"
        )
    if not rows:
        return ""
    return (
        f'<div class="np-steps" style="margin:8px 0"><b>{esc(_h("steps", lang))}</b>'
        f'<ol style="margin:4px 0 0 20px;padding:0">{"".join(rows)}</ol></div>'
    )


def law_html(result: dict, lang: str) -> str:
    """Each source with its one-line plain gist; its statutory text only behind a "show text" control."""
    rows = []
    for item in _list(result, "law"):
        if not item.get("cite"):
            continue
        gist = f' — <span class="np-law-gist">{esc(item["gist"])}</span>' if item.get("gist") else ""
        text = ""
        if item.get("text"):
            text = (
                f'<details class="np-law-text"><summary style="cursor:pointer;color:#1d4ed8;font-size:0.85em">'
                f'{esc(_h("show_text", lang))}</summary><div style="white-space:pre-wrap;font-size:0.85em;'
                f'color:#374151;margin:4px 0">{esc(item["text"])}</div></details>'
            )
        rows.append(
            f'<li class="np-law-item" data-node="{esc(item.get("node_id"))}"><b>{esc(item["cite"])}</b>'
            f"{status_chip(str(item.get('status') or CitationStatus.VERIFIED), lang)}{gist}{text}</li>"
        )
    if not rows:
        return ""
    return (
        f'<div class="np-law" style="margin:8px 0"><b>{esc(_h("law", lang))}</b>'
        f'<ul style="margin:4px 0 0 18px;padding:0">{"".join(rows)}</ul></div>'
    )


def basis_cite(node_id, lang: str) -> str:
    """'NIA:138' -> 'Section 138 NI Act' (in Hindi: 'धारा 138 NI Act'); anything else as it is."""
    s = str(node_id or "")
    if ":" not in s:
        return s
    try:
        from core.acts import display

        return display(*s.split(":", 1), lang)
    except Exception:
        return s


def deadlines_html(result: dict, lang: str) -> str:
    rows = [
        d | {"basis": basis_cite(d.get("basis"), lang)}
        for d in _list(result, "deadlines")
        if d.get("what") and d.get("due")
    ]
    if not rows:
        return ""
    body = "".join(
        f'<tr><td style="padding:2px 8px">{esc(d["what"])}</td><td style="padding:2px 8px;'
        f'white-space:nowrap"><b>{esc(d["due"])}</b></td><td style="padding:2px 8px">{esc(d.get("basis"))}'
        f'</td><td style="padding:2px 8px;color:#4b5563">{esc(d.get("note"))}</td></tr>'
        for d in rows
    )
    return (
        f'<div class="np-deadlines" style="margin:8px 0"><b>{esc(_h("deadlines", lang))}</b>'
        f'<table style="border-collapse:collapse;font-size:0.9em;margin-top:4px">{body}</table></div>'
    )


def _h(key: str, lang: str) -> str:
    return label(f"heading.{key}", lang)


def card_html(
    result: Answer | dict,
    *,
    question: str | None = None,
    heard: str | None = None,
    chain_png: bytes | None = None,
    timestamp: str | None = None,
    standalone: bool = False,
) -> str:
    """The answer card as an HTML fragment (or a whole document when ``standalone``)."""
    result = as_json(result)
    lang = _lang(result)
    status = str(result.get("status") or "abstain")
    parts = [
        f'<div class="np-card" data-status="{esc(status)}" style="{_FONT}border:1px solid #d1d5db;'
        f'border-radius:10px;padding:14px 16px;background:#fff;color:#111827;line-height:1.5">'
    ]
    parts.append(f'<div style="margin-bottom:8px">{status_badge(status, lang)}</div>')
    if question:
        parts.append(
            f'<div class="np-question" style="color:#374151;font-size:0.9em;margin-bottom:6px">'
            f"<b>{esc(_h('question', lang))}:</b> {esc(question)}</div>"
        )
    if heard:
        parts.append(
            f'<div class="np-heard" style="color:#374151;font-size:0.9em;margin-bottom:6px">{esc(heard)}</div>'
        )
    titles = [str(p.get("title")) for p in _list(result, "problems") if p.get("title")]
    if titles:
        parts.append(
            f'<div class="np-problems" style="color:#374151;font-size:0.9em;margin-bottom:4px">'
            f"<b>{esc(_h('problems', lang))}:</b> {esc('; '.join(titles))}</div>"
        )
    answer = str(result.get("answer") or "")
    summary = str(result.get("summary") or "")
    if summary:  # issue 11: plain words first, then what to do, then the law (its text behind a control)
        parts.append(f'<div class="np-summary" style="font-size:1.1em;margin:8px 0">{esc(summary)}</div>')
        parts.append(steps_html(result, lang))
        parts.append(deadlines_html(result, lang))
        parts.append(law_html(result, lang))
        parts.append(
            f'<details class="np-answer-full" style="margin:6px 0"><summary style="cursor:pointer;'
            f'color:#1d4ed8;font-size:0.85em">{esc(_h("full_answer", lang))}</summary>'
            f'<div class="np-answer" style="white-space:pre-wrap;font-size:0.9em;margin:4px 0">'
            f"{esc(answer)}</div></details>"
        )
    else:
        parts.append(
            f'<div class="np-answer" style="font-size:1.05em;white-space:pre-wrap;margin:8px 0">{esc(answer)}</div>'
        )
        parts.append(deadlines_html(result, lang))
        parts.append(law_html(result, lang))

    notices = [n for n in result.get("notices") or [] if n]
    if notices:
        items = "".join(f"<li>{esc(n)}</li>" for n in notices)
        parts.append(
            f'<div class="np-notices" style="background:#fffbeb;border-left:4px solid #f59e0b;'
            f'padding:6px 10px;margin:8px 0"><b>{esc(_h("notices", lang))}</b>'
            f'<ul style="margin:4px 0 0 18px;padding:0">{items}</ul></div>'
        )

    cites = unique_citations(result)
    if cites:
        gists = {x.get("node_id"): x.get("gist") for x in _list(result, "law") if x.get("node_id") and x.get("gist")}
        rows = []
        for c in cites:
            note = citation_note(c, lang)
            rows.append(
                f'<li class="np-citation" data-status="{esc(c.get("status"))}">'
                f"{esc(citation_label(c, lang, gists))}{status_chip(str(c.get('status')), lang)}"
                + (f'<div style="color:#4b5563;font-size:0.85em">{esc(note)}</div>' if note else "")
                + "</li>"
            )
        parts.append(
            f'<div class="np-citations" style="margin:8px 0"><b>{esc(_h("citations", lang))}</b>'
            f'<ul style="margin:4px 0 0 18px;padding:0">{"".join(rows)}</ul></div>'
        )

    conflict = result.get("conflict")
    if isinstance(conflict, dict) and conflict:
        res = conflict.get("resolution") or {}
        res_name = res.get("name") if isinstance(res, dict) else res
        parts.append(
            f'<div class="np-conflict" style="margin:8px 0"><b>{esc(_h("conflict", lang))}:</b> '
            f"{esc(str(conflict.get('conflict_type') or '').replace('_', ' '))}"
            + (f" — {esc(res_name)}" if res_name else "")
            + (f" (confidence: {esc(conflict.get('confidence'))})" if conflict.get("confidence") else "")
            + "</div>"
        )

    lines = chain_lines(result)
    if lines or chain_png:
        parts.append(f'<div class="np-chain" style="margin:8px 0"><b>{esc(_h("chain", lang))}</b>')
        if chain_png:
            b64 = base64.b64encode(chain_png).decode("ascii")
            parts.append(
                f'<div><img alt="citation chain" src="data:image/png;base64,{b64}" '
                f'style="max-width:100%;border:1px solid #e5e7eb;margin-top:4px"></div>'
            )
        if lines:
            parts.append(
                '<ul style="margin:4px 0 0 18px;padding:0;font-size:0.85em;color:#374151">'
                + "".join(f"<li>{esc(x)}</li>" for x in lines)
                + "</ul>"
            )
        parts.append("</div>")

    disclaimer = result.get("disclaimer")
    if disclaimer:
        parts.append(
            f'<div class="np-disclaimer" style="color:#4b5563;font-size:0.85em;border-top:1px solid '
            f'#e5e7eb;padding-top:6px;margin-top:8px">{esc(disclaimer)}</div>'
        )
    law_note = result.get("law_as_of_note") or (
        f"{_h('law_as_of', lang)}: {result['law_as_of']}" if result.get("law_as_of") else ""
    )
    if law_note:
        parts.append(f'<div class="np-law-as-of" style="color:#4b5563;font-size:0.85em">{esc(law_note)}</div>')
    if timestamp:
        parts.append(
            f'<div class="np-timestamp" style="color:#6b7280;font-size:0.8em">'
            f"{esc(_h('generated', lang))}: {esc(timestamp)}</div>"
        )
    parts.append("</div>")
    body = "".join(parts)
    if result.get("script") == "roman":
        # a Hindi answer shown in Roman script (a question typed that way): its headings, badges and
        # chips too, not Devanagari labels around Roman text
        from core.language.transliterate import roman_runs

        body = roman_runs(body)
    if not standalone:
        return body
    return (
        '<!DOCTYPE html>\n<html lang="' + lang + '"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>NyayaPath answer {esc(timestamp or '')}</title></head>"
        f'<body style="max-width:860px;margin:20px auto;{_FONT}">{body}</body></html>\n'
    )


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>])")


def md_escape(value) -> str:
    """Escape Markdown (and inline HTML) so text is shown literally."""
    if value is None:
        return ""
    s = str(value).replace("&", "&amp;")
    return _MD_SPECIAL.sub(r"\\\1", s)


def card_markdown(
    result: Answer | dict, *, question: str | None = None, heard: str | None = None, timestamp: str | None = None
) -> str:
    """The same card as Markdown (for pasting into notes or email)."""
    result = as_json(result)
    lang = _lang(result)
    status = str(result.get("status") or "abstain")
    en, hi, _ = BADGES.get(status, (status, status, ""))
    out = [f"# NyayaPath — {md_escape(hi if lang == 'hi' else en)}", ""]
    if question:
        out += [f"**{_h('question', lang)}:** {md_escape(question)}", ""]
    if heard:
        out += [md_escape(heard), ""]
    if result.get("summary"):
        out += [md_escape(result["summary"]), ""]
        steps = [st for st in _list(result, "steps") if st.get("text")]
        if steps:
            out.append(f"## {_h('steps', lang)}")
            for k, st in enumerate(steps, 1):
                extra = [f"{_h(key, lang)}: {st[key]}" for key in ("where", "bring", "time_limit") if st.get(key)]
                if st.get("basis"):
                    extra.append(f"{_h('basis', lang)}: {', '.join(str(b) for b in st['basis'])}")
                out.append(f"{k}\\. {md_escape(st['text'])}" + (f" ({md_escape('; '.join(extra))})" if extra else ""))
            out.append("")
    else:
        out += [md_escape(result.get("answer") or ""), ""]
    deadlines = [d for d in _list(result, "deadlines") if d.get("what") and d.get("due")]
    if deadlines:
        out += [
            f"## {_h('deadlines', lang)}",
            *[
                f"- {md_escape(d['due'])}: {md_escape(d['what'])} ({md_escape(basis_cite(d.get('basis'), lang))})"
                for d in deadlines
            ],
            "",
        ]
    law = [x for x in _list(result, "law") if x.get("cite")]
    if law:
        out += [
            f"## {_h('law', lang)}",
            *[f"- {md_escape(x['cite'])}" + (f" — {md_escape(x['gist'])}" if x.get("gist") else "") for x in law],
            "",
        ]
    notices = [n for n in result.get("notices") or [] if n]
    if notices:
        out += [f"## {_h('notices', lang)}", *[f"- {md_escape(n)}" for n in notices], ""]
    cites = unique_citations(result)
    if cites:
        gists = {x.get("node_id"): x.get("gist") for x in _list(result, "law") if x.get("node_id") and x.get("gist")}
        out.append(f"## {_h('citations', lang)}")
        for c in cites:
            note = f" — {md_escape(citation_note(c, lang))}" if c.get("note") else ""
            out.append(f"- {md_escape(citation_label(c, lang, gists))} `[{c.get('status')}]`{note}")
        out.append("")
    lines = chain_lines(result)
    if lines:
        out += [f"## {_h('chain', lang)}", *[f"- {md_escape(x)}" for x in lines], ""]
    if result.get("disclaimer"):
        out += [f"_{md_escape(result['disclaimer'])}_", ""]
    if result.get("law_as_of_note") or result.get("law_as_of"):
        out += [md_escape(result.get("law_as_of_note") or f"{_h('law_as_of', lang)}: {result['law_as_of']}"), ""]
    if timestamp:
        out += [f"{_h('generated', lang)}: {md_escape(timestamp)}", ""]
    return "\n".join(out)


def now_stamp() -> str:
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


def message_result(message: str, lang: str = "en", *, status: str = "abstain", reason: str = "ui") -> Answer:
    """An Answer for a message the UI itself shows (bad audio, bad date: abstain; a failure: error)."""
    if status == "error":
        return Answer.errored(message, lang, reason=reason)
    return Answer.abstained(reason, lang, message=message)
