"""The clinic page: upload a judgment, see what was extracted, confirm, and it is in the graph.

ClinicLogic holds the steps (plain Python, testable without a browser); clinic_tab(gr) adds the
Gradio tab to the app's Blocks. Nothing is written before "Add to the graph" is pressed; the
write is one transaction (graph_schema.intake.graph.write), and adding the same judgment again
changes nothing. Roles are by the default model, or by the lexical one with a note saying so
while the e5 role model is not trained on this machine (the page never trains it: that takes
half an hour on two cores; `nyayapath add-judgment FILE --train-roles` does, once).
"""

from __future__ import annotations

import html
import logging
from pathlib import Path

from core.language.templates import both

log = logging.getLogger(__name__)

ROLE_COLOURS = {
    "PREAMBLE": "#e5e7eb",
    "FAC": "#dbeafe",
    "RLC": "#e0e7ff",
    "ISSUE": "#fde68a",
    "ARG_PETITIONER": "#fbcfe8",
    "ARG_RESPONDENT": "#f5d0fe",
    "ANALYSIS": "#f3f4f6",
    "STA": "#ccfbf1",
    "PRE_RELIED": "#bbf7d0",
    "PRE_NOT_RELIED": "#fecaca",
    "RATIO": "#fed7aa",
    "RPC": "#a7f3d0",
    "NONE": "#ffffff",
}
MAX_SHOWN_SENTENCES = 600


def _e(x) -> str:
    return html.escape(str(x if x is not None else ""))


def _conf(c) -> str:
    return f'<span style="color:#6b7280">[{float(c):.2f}]</span>'


def render(result: dict) -> str:
    """The extracted judgment as HTML: metadata with confidences, roles coloured, citations."""
    from domain.roles import ROLE_NAMES

    if result.get("status") == "refused":
        return f'<div class="np-clinic-refused"><b>Not added</b> ({_e(result["code"])}): {_e(result["message"])}</div>'
    md = result["metadata"]
    rows = []
    for label, key in (
        ("Title", "title"),
        ("Court", "court"),
        ("Decision date", "decision_date"),
        ("Case number", "case_number"),
        ("Neutral citation", "neutral_citation"),
        ("Bench size", "bench_size"),
    ):
        f = md.get(key)
        rows.append(
            f"<tr><th>{label}</th><td>{_e(f['value']) + ' ' + _conf(f['confidence']) if f else '<i>not found</i>'}"
            "</td></tr>"
        )
    judges = (
        ", ".join(f"{_e(j['name'])}{' (author)' if j['author'] else ''} {_conf(j['confidence'])}" for j in md["judges"])
        or "<i>not found</i>"
    )
    rows.append(f"<tr><th>Judges</th><td>{judges}</td></tr>")
    for label, key in (("Petitioners", "petitioners"), ("Respondents", "respondents")):
        v = "; ".join(f"{_e(p['name'])} {_conf(p['confidence'])}" for p in md[key]) or "<i>not found</i>"
        rows.append(f"<tr><th>{label}</th><td>{v}</td></tr>")
    acts = ", ".join(
        f"{_e(a['name'])} ({a['count']}){'' if a['held'] else ' <i>not held</i>'}" for a in md["acts"][:15]
    )
    rows.append(f"<tr><th>Acts referred to</th><td>{acts or '—'}</td></tr>")
    parts = ["<div class='np-clinic'>"]
    shown_later = (result.get("roles") or {}).get("model", {}).get("note")
    for m in result.get("messages") or []:
        if m == shown_later:
            continue  # shown with the roles below
        parts.append(f"<p class='np-clinic-note'>Note: {_e(m)}</p>")
    case = result.get("case")
    if case:
        state = f"already in the graph (matched by {_e(case['how'])})" if case["existing"] else "new to the graph"
        parts.append(f"<p><b>This judgment:</b> <code>{_e(case['id'])}</code> — {state}</p>")
    parts.append("<table class='np-clinic-meta'>" + "".join(rows) + "</table>")
    cit = result.get("citations")
    if cit:
        parts.append(f"<h4>Cases cited: {cit['resolved_cases']} of {len(cit['cases'])} found in the graph</h4><ul>")
        for c in cit["cases"]:
            mark = (
                f"<span style='color:#047857'>✓ {_e(c['target'])}</span>"
                if c["target"]
                else f"<span style='color:#b91c1c'>✗ {_e(c['unresolved_why'])}</span>"
            )
            parts.append(f"<li>{_e(c['text'][:160])} — {mark}</li>")
        parts.append("</ul>")
        parts.append(
            f"<h4>Provisions: {cit['resolved_provisions']} of {len(cit['provisions'])} held by the graph</h4><ul>"
        )
        for p in cit["provisions"][:60]:
            mark = (
                f"<span style='color:#047857'>✓ {_e(p['key'])}</span>"
                if p["resolved"]
                else f"<span style='color:#b91c1c'>✗ {_e(p['unresolved_why'])}</span>"
            )
            parts.append(f"<li>{_e(p['text'][:80])} ×{p['count']} — {mark}</li>")
        parts.append("</ul>")
    legend = " ".join(
        f"<span style='background:{c};padding:0 4px'>{_e(ROLE_NAMES[r])}</span>" for r, c in ROLE_COLOURS.items()
    )
    rm = result["roles"]["model"]
    role_note = ""
    if rm.get("note") and rm["features"] != rm.get("requested"):
        role_note = f"<p class='np-clinic-roles-note'>Not the {_e(rm.get('requested'))} model: {_e(rm['note'])}</p>"
    parts.append(
        f"<h4>Rhetorical roles ({_e(rm['features'])} model)</h4>{role_note}<p>{legend}</p>"
        "<div class='np-clinic-text' style='max-height:480px;overflow:auto;line-height:1.6'>"
    )
    for s in (result.get("sentences") or [])[:MAX_SHOWN_SENTENCES]:
        col = ROLE_COLOURS.get(s["role"], "#fff")
        parts.append(
            f"<span title='{_e(s['role_name'])} {s['confidence']:.2f}' style='background:{col}'>{_e(s['text'])}</span> "
        )
    parts.append("</div>")
    if result.get("written"):
        w = result["written"]
        parts.append(
            f"<p class='np-clinic-done'><b>Added</b> as <code>{_e(w['case_id'])}</code>: {w['passages']} "
            f"passages, {w['cites']} citations, {w['interprets_case']} provisions interpreted. "
            "It is now searchable.</p>"
        )
    parts.append("</div>")
    return "".join(parts)


class ClinicLogic:
    def __init__(self, settings=None, features: str | None = None):
        self.settings = settings
        self.features = features

    def _store(self):
        from core.graphdb import open_store

        return open_store(self.settings)

    def analyse(self, path, fast: bool = False):
        """(intake or None, result JSON, html). Reads the graph to resolve; writes nothing."""
        from graph_schema.intake.errors import IntakeError
        from graph_schema.intake.graph import resolve
        from graph_schema.intake.pipeline import analyse

        if not path:
            res = IntakeError("empty", "Choose a judgment file (PDF or text) first.").to_json()
            return None, res, render(res)
        p = Path(str(path))
        try:
            intake = analyse(p.read_bytes(), p.name, features="lex" if fast else self.features)
        except IntakeError as exc:
            res = exc.to_json()
            return None, res, render(res)
        except OSError as exc:
            res = {"status": "refused", "code": "unreadable", "message": f"The file could not be read: {exc}"}
            return None, res, render(res)
        try:
            with self._store() as store:
                resolve(intake, store.read_only())
        except Exception as exc:  # the page still shows what was extracted
            log.warning("clinic: resolution failed: %s", exc)
            intake.messages.append("The graph could not be reached: citations are not resolved yet.")
        res = intake.to_json(sentences=True)
        return intake, res, render(res)

    def confirm(self, intake):
        """Write the analysed judgment; (result JSON, html)."""
        from graph_schema.intake.errors import IntakeError
        from graph_schema.intake.graph import resolve, write

        if intake is None:
            res = IntakeError("empty", "Analyse a judgment first.").to_json()
            return res, render(res)
        try:
            with self._store() as store:
                resolve(intake, store.read_only())  # again: the graph may have changed since
                intake.written = write(store, intake)
        except IntakeError as exc:
            res = exc.to_json()
            return res, render(res)
        res = intake.to_json(sentences=True)
        return res, render(res)


def clinic_tab(gr, logic: ClinicLogic | None = None):
    """Add the clinic tab to the Blocks being built (call inside `with gr.Blocks():`)."""
    logic = logic or ClinicLogic()
    with gr.Tab(both("form.clinic_tab"), elem_id="np-clinic-tab"):
        gr.Markdown(
            "Upload a judgment (PDF with a text layer, or text). Check what was extracted, then add it "
            "to the graph: it becomes searchable and citable."
        )
        with gr.Row():
            upload = gr.File(
                label="Judgment (PDF or .txt)",
                file_types=[".pdf", ".txt", ".text"],
                type="filepath",
                elem_id="np-clinic-file",
            )
            with gr.Column():
                fast = gr.Checkbox(label="Fast roles (lexical model)", value=False, elem_id="np-clinic-fast")
                analyse_btn = gr.Button("Analyse", variant="secondary", elem_id="np-clinic-analyse")
                confirm_btn = gr.Button("Add to the graph", variant="primary", elem_id="np-clinic-confirm")
        view = gr.HTML("", elem_id="np-clinic-view")
        state = gr.State(None)

        def on_analyse(path, fast_value, progress=gr.Progress()):
            progress(0.1, desc="Reading and analysing the judgment…")
            intake, _res, page = logic.analyse(path, bool(fast_value))
            return intake, page

        def on_confirm(intake, progress=gr.Progress()):
            progress(0.3, desc="Writing to the graph…")
            _res, page = logic.confirm(intake)
            return page

        analyse_btn.click(on_analyse, [upload, fast], [state, view], concurrency_id="clinic")
        confirm_btn.click(on_confirm, [state], [view], concurrency_id="clinic")
    return logic
