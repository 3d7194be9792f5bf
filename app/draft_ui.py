"""The app's "Draft" step (issue 22): after an answer, the document its problem needs, as a short form
prefilled from the question (amounts, dates, names the person typed or said), a preview, and the
document to download as DOCX and PDF.

``DraftLogic`` does the work without Gradio (tested directly); ``draft_panel`` wires it into the page.
"""

from __future__ import annotations

import html
import logging
import re
import tempfile
import uuid
from datetime import date
from pathlib import Path

from core.language.templates import both, label

log = logging.getLogger(__name__)

_AMOUNT = re.compile(
    r"(?:₹|rs\.?|inr|रु\.?)\s*([0-9][0-9,]*(?:\.\d+)?)|([0-9][0-9,]*(?:\.\d+)?)\s*(?:rupees|rupaye|रुपये|रुपए)", re.I
)
_NAME = re.compile(r"\b(?:named|name is|naam)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)")


class DraftLogic:
    def __init__(self, service=None, out_dir: str | Path | None = None):
        if service is None:
            from app.service import get_service

            service = get_service()
        self.service = service
        self.out_dir = Path(out_dir) if out_dir else Path(tempfile.mkdtemp(prefix="nyayapath-drafts-"))
        self.out_dir.mkdir(parents=True, exist_ok=True)

    # ------------------------------------------------------------- what to offer
    @staticmethod
    def offer(answer) -> list[str]:
        """The kinds of document an answer's problems need (empty: nothing to draft)."""
        from core.drafts import offer_for

        ids = [getattr(m, "id", m) for m in (getattr(answer, "problems", None) or [])]
        return [k.id for k in offer_for(ids)]

    @staticmethod
    def prefill(kind: str, question: str, today: date | None = None) -> dict:
        """Facts the question already gives: the first amount for the kind's first amount fact, the date
        said for the fact its dates run from, a name said as "named X"."""
        from core.drafts import get
        from core.temporal import parse_day

        k = get(kind)
        out: dict = {}
        q = question or ""
        m = _AMOUNT.search(q)
        amount_fact = next((f.name for f in k.facts if f.type == "amount"), None)
        if m and amount_fact:
            out[amount_fact] = (m.group(1) or m.group(2)).replace(",", "")
        date_fact = k.event_fact or next((f.name for f in k.facts if f.type == "date"), None)
        got = parse_day(q, today)
        if got and date_fact:
            out[date_fact] = got[0].isoformat()
        n = _NAME.search(q)
        name_fact = next((f.name for f in k.facts if f.type == "text" and f.name.endswith("_name")), None)
        if n and name_fact:
            out[name_fact] = n.group(1)
        return out

    @staticmethod
    def rows(kind: str, lang: str, filled: dict) -> list[list[str]]:
        """The form: one row per fact (name, what to write, value), required ones marked *."""
        from core.drafts import get

        return [
            [f.name, f.prompt(lang) + (" *" if f.required else ""), str(filled.get(f.name, ""))]
            for f in get(kind).facts
        ]

    # ---------------------------------------------------------------------- make
    def make(self, kind: str, lang: str, rows) -> tuple[str, str | None, str | None]:
        """(preview HTML, DOCX path, PDF path). Missing facts or bad values: a clear message, no files."""
        from core.drafts import DraftError, make
        from core.drafts.render import write

        lang = "hi" if lang == "hi" else "en"
        facts = {}
        for row in _as_rows(rows):
            name, value = str(row[0]).strip(), str(row[2] if len(row) > 2 else "").strip()
            if name and value:
                facts[name] = value
        try:
            graph = self.service.pipeline().graph
            drafted = make(kind, facts, lang, graph)
        except DraftError as exc:
            return _box(html.escape(str(exc)), "error"), None, None
        except Exception:
            log.exception("draft failed")
            return _box(html.escape(label("draft.failed", lang)), "error"), None, None
        if drafted.missing:
            items = "".join(f"<li>{html.escape(m['prompt'])}</li>" for m in drafted.missing)
            return _box(f"<b>{label('draft.missing', lang)}:</b><ul>{items}</ul>", "missing"), None, None
        if drafted.errors:
            return _box(html.escape("; ".join(drafted.errors)), "error"), None, None
        doc = drafted.document
        stem = self.out_dir / f"{kind}-{lang}-{uuid.uuid4().hex[:8]}"
        docx = write(doc, stem.with_suffix(".docx"))
        pdf = write(doc, stem.with_suffix(".pdf"))
        return _preview(doc), str(docx), str(pdf)


def _as_rows(rows) -> list[list]:
    if rows is None:
        return []
    if hasattr(rows, "values") and hasattr(rows, "columns"):  # a pandas DataFrame from gr.Dataframe
        return rows.values.tolist()
    if isinstance(rows, dict) and "data" in rows:
        return rows["data"]
    return list(rows)


def _box(inner: str, kind: str) -> str:
    return f'<div class="np-draft-{kind}" id="np-draft-{kind}">{inner}</div>'


def _preview(doc) -> str:
    lines = [f"<p><i>{html.escape(doc.disclaimer)}</i></p>", f"<h3>{html.escape(doc.title)}</h3>"]
    lines.append("<p>" + "<br>".join(html.escape(x) for x in doc.to) + "</p>")
    lines.append(f"<p><b>{html.escape(doc.subject)}</b></p>")
    lines += [f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in doc.paragraphs]
    if doc.deadlines:
        lines.append(f"<h4>{label('draft.dates', doc.lang)}</h4><ul>")
        lines += [f"<li>{html.escape(d['due'])}: {html.escape(d['what'])}</li>" for d in doc.deadlines]
        lines.append("</ul>")
    lines.append(f"<h4>{label('draft.citations', doc.lang)}</h4><ul>")
    lines += [f"<li>{html.escape(c['cite'])} — {html.escape(c['status'])}</li>" for c in doc.citations]
    lines.append("</ul>")
    return _box("".join(lines), "preview")


def draft_panel(gr, logic: DraftLogic, result_state, question):
    """The Draft step under the answer card (call inside the Blocks being built)."""
    from core.drafts import kinds

    choices = [(f"{k.title_en} / {k.title_hi}", k.id) for k in kinds()]
    with gr.Accordion(both("draft.offer"), open=False, elem_id="np-draft"):
        kind = gr.Dropdown(choices, value=choices[0][1], label=both("draft.kind"), elem_id="np-draft-kind")
        form = gr.Dataframe(
            headers=["fact", "what to write / क्या लिखें", "value / जानकारी"],
            datatype=["str", "str", "str"],
            col_count=(3, "fixed"),
            interactive=True,
            wrap=True,
            elem_id="np-draft-form",
        )
        make_btn = gr.Button(both("draft.make"), variant="primary", elem_id="np-draft-make")
        preview = gr.HTML("", elem_id="np-draft-preview")
        with gr.Row():
            docx_file = gr.File(label="DOCX", interactive=False, elem_id="np-draft-docx")
            pdf_file = gr.File(label="PDF", interactive=False, elem_id="np-draft-pdf")

    def lang_of(res) -> str:
        return "hi" if getattr(res, "language", "en") == "hi" else "en"

    def on_answer(res, q):
        offered = logic.offer(res) if res is not None else []
        k = offered[0] if offered else choices[0][1]
        return gr.update(value=k), logic.rows(k, lang_of(res), logic.prefill(k, q or ""))

    def on_kind(k, res, q):
        return logic.rows(k, lang_of(res), logic.prefill(k, q or ""))

    def on_make(k, rows, res):
        return logic.make(k, lang_of(res), rows)

    result_state.change(on_answer, [result_state, question], [kind, form])
    kind.input(on_kind, [kind, result_state, question], [form])
    make_btn.click(on_make, [kind, form, result_state], [preview, docx_file, pdf_file], concurrency_id="draft")
    return kind, form, make_btn
