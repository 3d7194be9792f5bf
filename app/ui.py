"""The web app (Gradio): ask by text or voice, get a proved answer card, hear it, download it.

Layout: question box, microphone/upload, language, optional offence date, Ask. Audio is
transcribed first; the transcript lands in the (editable) question box and, when it holds
numbers, dates or act names, an "I heard: ..." line asks the user to check them before
pressing Ask. The card (app.card) shows the status badge, then the short answer and the
numbered steps at the top, the dates that matter, the law (each provision's plain gist, its
text behind a "show text" control), notices, each citation with a status chip, the
citation-chain picture, disclaimer and law-as-of date; the spoken answer (the short answer
and the steps, core.speech.spoken) follows once the card is up. Nothing a user sends can crash a handler: every failure ends
as a clear message in the card.

The logic lives in :class:`AppLogic` (plain Python, testable without a browser); the
Gradio wiring is :func:`build_app`.
"""

from __future__ import annotations

import logging
import re
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from app.card import card_html, message_result, now_stamp
from core.language.templates import both, label, render
from core.stages import Answer, Transcript

log = logging.getLogger(__name__)

MAX_UI_CHARS = 20_000  # anything longer is cut here; the pipeline then caps it with input.too_long
MAX_AUDIO_BYTES = 20 * 1024 * 1024
LANG_CHOICES = [("Auto", "auto"), (label("form.hindi", "hi"), "hi"), ("English", "en")]
QUEUE_CONCURRENCY = 2
QUEUE_MAX_SIZE = 32
# Queue positions are sent to every waiting page every this many seconds, not (Gradio's "auto") to
# every waiting page each time any job starts: with 20 pages waiting that was 20 messages per answer,
# written by the server and parsed by each page, O(waiting^2) work that grew with the load (issue 24).
QUEUE_STATUS_EVERY_S = 2.0
_KEEP_FILES_S = 3600
_PRUNE_EVERY_S = 60


_DEVANAGARI = re.compile(r"[\u0900-\u097f]")


def ui_text(key: str, lang: str) -> str:
    return label(f"ui.{key}", lang)


def message_lang(lang: str, text: str = "") -> str:
    """The language for a message the UI shows: the user's choice, else the script they used."""
    if lang in ("en", "hi"):
        return lang
    return "hi" if text and _DEVANAGARI.search(text) else "en"


def parse_offence_date(text, today: date | None = None) -> tuple[date | None, str | None]:
    """'' -> (None, None); '2024-08-15' / '15/08/2024' / '15-08-2024' / '15.08.2024' -> a date;
    anything else (or a future date) -> (None, error key)."""
    s = str(text or "").strip()
    if not s:
        return None, None
    if len(s) > 40:
        return None, "bad_date"
    d = None
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y", "%d.%m.%Y", "%Y/%m/%d"):
        try:
            d = datetime.strptime(s, fmt).date()
            break
        except ValueError:
            continue
    if d is None:
        return None, "bad_date"
    if d > (today or date.today()):
        return None, "future_date"
    return d, None


def cap_question(text) -> str:
    if text is None:
        return ""
    s = text if isinstance(text, str) else str(text)
    return s[:MAX_UI_CHARS]


@dataclass
class Outcome:
    """What one Ask produces for the page."""

    result: Answer
    html: str
    chain_path: str | None = None
    download_path: str | None = None
    status: str = ""
    timings_ms: dict = field(default_factory=dict)
    final: bool = True  # False: a model may still replace the short answer
    changed: bool = True  # False: the final answer shows the same card as the one already shown


class AppLogic:
    """Everything the page does, without Gradio: transcribe, answer, speak, write files."""

    def __init__(self, service=None, out_dir: str | Path | None = None):
        if service is None:
            from app.service import get_service

            service = get_service()
        self.service = service
        self.out_dir = Path(out_dir) if out_dir else Path(tempfile.mkdtemp(prefix="nyayapath-ui-"))
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._pruned_at = float("-inf")

    # ------------------------------------------------------------------ files
    def _write(self, suffix: str, data: bytes | str) -> str:
        self._prune()
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.out_dir / f"nyayapath-{stamp}-{uuid.uuid4().hex[:8]}{suffix}"
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        return str(path)

    def _prune(self) -> None:
        """Delete this page's files older than ``_KEEP_FILES_S``; the folder is looked through at most
        once every ``_PRUNE_EVERY_S`` (every answer writes two files: a server answering 150 a minute
        would otherwise stat some 18,000 files per answer after an hour, issue 24)."""
        now = time.time()
        if now - self._pruned_at < _PRUNE_EVERY_S:
            return
        self._pruned_at = now
        cutoff = now - _KEEP_FILES_S
        try:
            for p in self.out_dir.iterdir():
                if p.is_file() and p.stat().st_mtime < cutoff:
                    p.unlink(missing_ok=True)
        except OSError:
            pass

    # -------------------------------------------------------------- transcribe
    def transcribe(self, audio_path, lang: str = "auto") -> dict:
        """{"text", "heard", "message" (user-facing error or None), "status", "language"}."""
        mlang = message_lang(lang)
        try:
            if not audio_path:
                return {
                    "text": "",
                    "heard": "",
                    "message": render("audio.empty", mlang),
                    "status": "",
                    "language": mlang,
                }
            path = Path(str(audio_path))
            if not path.is_file() or path.stat().st_size == 0:
                return {
                    "text": "",
                    "heard": "",
                    "message": render("audio.empty", mlang),
                    "status": "",
                    "language": mlang,
                }
            if path.stat().st_size > MAX_AUDIO_BYTES:
                return {
                    "text": "",
                    "heard": "",
                    "message": render("audio.too_large", mlang),
                    "status": "",
                    "language": mlang,
                }
            t0 = time.perf_counter()
            got = self.service.transcribe(path.read_bytes(), language=lang if lang in ("en", "hi") else "auto")
            ms = round((time.perf_counter() - t0) * 1000)
            if got.error:
                return {
                    "text": "",
                    "heard": "",
                    "message": got.error,
                    "status": "",
                    "language": mlang,
                    "code": got.code,
                }
            text = (got.text or "").strip()
            tlang = got.language if got.language in ("en", "hi") else mlang
            if not text:
                return {
                    "text": "",
                    "heard": "",
                    "message": render("audio.silent", tlang),
                    "status": "",
                    "language": tlang,
                }
            heard = (got.heard or "").strip()
            status = f"Transcribed in {ms / 1000:.1f} s."
            warns = [w.split(":", 1)[0] for w in got.warnings]
            if warns:
                status += " Warnings: " + ", ".join(warns) + "."
            out = {"text": text, "heard": heard, "message": None, "status": status, "language": tlang, "ms": ms}
            out.update(spoken_confirmation(got, text, tlang))
            return out
        except Exception:  # a handler must never take the page down
            log.exception("transcribe handler failed")
            return {"text": "", "heard": "", "message": render("audio.corrupt", mlang), "status": "", "language": mlang}

    # ------------------------------------------------------------------- ask
    def answer(
        self, question, lang: str = "auto", date_text: str = "", heard: str = "", spoken: Transcript | None = None
    ) -> Outcome:
        """The final :class:`Outcome` of :meth:`answer_stream` (for callers that want only the result)."""
        outs = list(self.answer_stream(question, lang, date_text, heard, spoken))
        return outs[-1]

    def answer_stream(
        self, question, lang: str = "auto", date_text: str = "", heard: str = "", spoken: Transcript | None = None
    ):
        """Yield :class:`Outcome`: the verified answer at once, marked ``final=False`` while a model may
        still replace its short answer (issue 24), then the final one, marked ``changed=False`` when it
        shows the same card (the model's version was rejected or said the same: nothing on the screen
        changes but the status). ``spoken``: what :meth:`transcribe` heard, when the question came from
        the microphone; a spoken question left as heard that is not recognisable gets a clarification
        (issue 13) and the stream ends there."""
        q = cap_question(question)
        mlang = message_lang(lang, q)
        stamp = now_stamp()
        shown = None
        try:
            offence_date, date_err = parse_offence_date(date_text)
            if date_err:
                res = message_result(ui_text(date_err, mlang), mlang, reason=date_err)
                yield self._outcome(res, q, heard, stamp, status="")
                return
            if not q.strip():
                res = message_result(render("input.empty", mlang), mlang, reason="input.empty")
                yield self._outcome(res, q, heard, stamp, status="")
                return
            t0 = time.perf_counter()
            for res, final in self._answers(q, lang, offence_date):
                ms = round((time.perf_counter() - t0) * 1000)
                if not isinstance(res, Answer):
                    raise TypeError("service returned no answer")
                clar = self._clarified(res, q, lang, spoken)
                if clar is not None:
                    yield self._outcome(clar, q, heard, stamp, status=f"Answered in {ms / 1000:.1f} s.")
                    return
                lang_shown = res.language if res.language in ("en", "hi") else mlang
                note = label("answer.final" if final else "answer.provisional", lang_shown)
                if shown is not None and not final:
                    continue  # only the first answer is provisional
                took = f"Answered in {ms / 1000:.1f} s."
                status = took if (shown is None and final) else f"{took} {note}"
                out = self._outcome(res, q, heard, stamp, status=status, timings={"ask": ms}, final=final)
                if shown is not None:
                    out.changed = out.html != shown.html
                shown = out
                yield out
                if final:
                    return
        except Exception:
            log.exception("ask handler failed")
            if shown is not None:  # the verified answer already on screen stands
                shown.final, shown.changed = True, False
                shown.status = label("answer.final", shown.result.language if shown.result.language == "hi" else "en")
                yield shown
                return
            res = message_result(ui_text("internal", mlang), mlang, status="error", reason="internal")
            try:
                yield self._outcome(res, q, heard, stamp, status="")
            except Exception:
                yield Outcome(res, card_html(res))

    def _answers(self, q: str, lang: str, offence_date):
        """``(Answer, final)`` pairs from the service: its stream where it has one, else one answer."""
        lang = lang if lang in ("en", "hi") else "auto"
        stream = getattr(self.service, "ask_stream", None)
        if callable(stream):
            yield from stream(q, lang=lang, offence_date=offence_date)
        else:
            yield self.service.ask(q, lang=lang, offence_date=offence_date), True

    def _clarified(self, res: Answer, q: str, lang: str, spoken: Transcript | None) -> Answer | None:
        """The clarification a spoken question needs (``None`` when it needs none); the transcript is
        attached to ``res`` either way."""
        if not spoken or not _same_text(q, spoken.text):
            return None
        from core.speech.clarify import clarify_spoken

        try:
            mlang = message_lang(lang, q)
            clar = clarify_spoken(res, spoken, mlang)
            (clar or res).transcript = spoken
            return clar
        except Exception:
            log.exception("clarification failed")
            return None

    def _outcome(
        self,
        res: Answer,
        question: str,
        heard: str,
        stamp: str,
        *,
        status: str,
        timings: dict | None = None,
        final: bool = True,
    ) -> Outcome:
        from app.chain_image import chain_png

        png = None
        shown = res.to_json()  # once: the picture and both cards read the same JSON
        try:
            png = chain_png(
                shown["citation_chain"],
                shown["conflict"],
                lang=shown.get("language") or "en",
                script=shown.get("script") or "native",
            )
        except Exception:
            log.exception("chain picture failed")
        shown_q = question if len(question) <= 600 else question[:600] + "…"
        heard = heard if heard and heard.strip() else None
        html = card_html(shown, question=shown_q or None, heard=heard)
        doc = card_html(shown, question=question or None, heard=heard, chain_png=png, timestamp=stamp, standalone=True)
        chain_path = self._write(".png", png) if png else None
        download = self._write(".html", doc)
        return Outcome(res, html, chain_path, download, status, dict(timings or {}), final)

    # ----------------------------------------------------------------- speak
    def speak(self, result: Answer | None) -> tuple[str | None, str]:
        if not isinstance(result, Answer) or not result.answer:
            return None, ""
        try:
            t0 = time.perf_counter()
            wav = self.service.speak(result)
            if not wav:
                return None, "The spoken answer is not available."
            ms = round((time.perf_counter() - t0) * 1000)
            return self._write(".wav", wav), f"Spoken answer ready ({ms / 1000:.1f} s)."
        except Exception:
            log.exception("speak handler failed")
            return None, "The spoken answer is not available."


CSS = """
#np-status {min-height: 1.5em; color: #374151}
#np-heard {color: #92400e}
"""


def build_app(service=None):
    """The Gradio Blocks app around ``service`` (default: the process-wide Service)."""
    import gradio as gr

    logic = AppLogic(service)

    with gr.Blocks(title="NyayaPath — legal aid answers with proof", analytics_enabled=False) as demo:
        gr.Markdown(
            f"## {label('form.title', 'en')} · {label('form.title', 'hi')}\n{label('form.intro', 'en')} "
            + label("form.intro", "hi")
        )
        with gr.Row():
            with gr.Column(scale=3):
                question = gr.Textbox(
                    label=both("form.question"),
                    lines=3,
                    elem_id="np-question",
                    placeholder="e.g. How do I get anticipatory bail?",
                )
                heard = gr.Markdown("", elem_id="np-heard")
                audio_in = gr.Audio(
                    sources=["microphone", "upload"],
                    type="filepath",
                    label=both("form.audio"),
                    elem_id="np-audio-in",
                )
            with gr.Column(scale=1):
                lang = gr.Radio(LANG_CHOICES, value="auto", label=both("form.language"), elem_id="np-lang")
                offence_date = gr.Textbox(
                    label=both("form.date"),
                    placeholder="YYYY-MM-DD",
                    max_lines=1,
                    elem_id="np-date",
                )
                ask_btn = gr.Button(both("form.ask"), variant="primary", elem_id="np-ask")
        status = gr.Markdown("", elem_id="np-status")
        card = gr.HTML("", elem_id="np-card")
        with gr.Row():
            chain_img = gr.Image(label=both("form.chain"), type="filepath", interactive=False, elem_id="np-chain")
            with gr.Column():
                answer_audio = gr.Audio(
                    label=both("form.spoken"),
                    type="filepath",
                    autoplay=False,
                    interactive=False,
                    elem_id="np-answer-audio",
                )
                download = gr.File(
                    label="Download this card (for a legal-aid clinic)", interactive=False, elem_id="np-download"
                )
        result_state = gr.State(None)
        heard_state = gr.State("")
        spoken_state = gr.State(None)  # what the microphone question was heard as (for clarify)

        from app.draft_ui import DraftLogic, draft_panel  # issue 22: the document the answer needs

        demo.nyaya_draft = DraftLogic(logic.service, out_dir=logic.out_dir / "drafts")
        draft_panel(gr, demo.nyaya_draft, result_state, question)

        def on_audio(path, lang_value, progress=gr.Progress()):
            progress(0.1, desc="Listening…")
            got = logic.transcribe(path, lang_value)
            if got["message"]:
                res = message_result(got["message"], got["language"], reason=got.get("code") or "audio")
                return (gr.update(), "", "", card_html(res), "", res, None)
            heard_md = ""
            if got["heard"]:
                heard_md = f"**{_md(got['heard'])}** — {ui_text('check_heard', got['language'])}"
            if got.get("confirm"):  # offline Hindi, or a doubtful transcript: confirm before answering
                heard_md = "\n\n".join(
                    x for x in (f"**{_md(got['confirm'])}**", heard_md, _md(got.get("typing_hint") or "")) if x
                )
            return (got["text"], heard_md, got["heard"], gr.update(), got["status"], gr.update(), got.get("spoken"))

        audio_outputs = [question, heard, heard_state, card, status, result_state, spoken_state]
        audio_in.upload(on_audio, [audio_in, lang], audio_outputs)
        audio_in.stop_recording(on_audio, [audio_in, lang], audio_outputs)

        def on_ask(q, lang_value, date_text, heard_line, spoken=None, progress=gr.Progress()):
            yield (
                "Searching the law and checking every citation…",
                gr.update(),
                gr.update(),
                gr.update(),
                gr.update(),
                None,
            )
            progress(0.2, desc="Searching the law…")
            for out in logic.answer_stream(q, lang_value, date_text, heard_line, spoken=spoken):
                if out.changed:
                    yield (out.status or "", out.html, out.chain_path, out.download_path, out.result, None)
                else:  # the model's version was rejected or said the same: only the status changes
                    yield (out.status or "", gr.update(), gr.update(), gr.update(), gr.update(), gr.update())

        def on_speak(res, current_status):
            path, note = logic.speak(res)
            return path, " ".join(x for x in (current_status, note) if x)

        ask_outputs = [status, card, chain_img, download, result_state, answer_audio]
        for trigger in (ask_btn.click, question.submit):
            trigger(
                on_ask, [question, lang, offence_date, heard_state, spoken_state], ask_outputs, concurrency_id="ask"
            ).then(on_speak, [result_state, status], [answer_audio, status], concurrency_id="speak")

        from app.clinic import clinic_tab  # issue 14: upload a judgment, check, add it to the graph

        demo.nyaya_clinic = clinic_tab(gr)

    demo.queue(
        default_concurrency_limit=QUEUE_CONCURRENCY, max_size=QUEUE_MAX_SIZE, status_update_rate=QUEUE_STATUS_EVERY_S
    )
    demo.nyaya_logic = logic  # for tests and warm-up
    return demo


def _same_text(a: str, b: str) -> bool:
    return " ".join(str(a or "").split()) == " ".join(str(b or "").split())


def spoken_confirmation(got: Transcript, text: str, lang: str) -> dict:
    """For a transcript from :meth:`Service.transcribe`: ``spoken`` (kept for the clarify check),
    and, when Hindi was recognised offline (Whisper, not Bhashini) or the recogniser warned,
    ``confirm`` ("I heard: '...'. If this is your question, press Ask ...") and ``typing_hint``
    (typing gives better results), from the fixed templates."""
    spoken = got.model_copy(update={"text": text})
    offline_hi = lang == "hi" and got.served_by == "whisper"
    doubtful = bool(got.problems())
    out = {"spoken": spoken, "confirm": "", "typing_hint": ""}
    if offline_hi or doubtful:
        shown = text if len(text) <= 300 else text[:300] + "…"
        out["confirm"] = render("speech.confirm", lang, text=shown)
        out["typing_hint"] = render("speech.typing_better" if offline_hi else "speech.typing_better_general", lang)
    return out


def _md(text: str) -> str:
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>])", r"\\\1", str(text))


def _warm(service) -> None:
    try:
        warm = getattr(service, "warm", None)
        if callable(warm):  # the graph, the indexes and the dictionary the first questions need (Service.warm)
            warm()
            return
        pipe = service.pipeline()
        if pipe is not None and getattr(pipe, "graph", None) is not None:
            from core.language.spelling import speller_for

            speller_for(pipe.graph)  # the spelling dictionary (about a second), before the first question
    except Exception:
        log.warning("warm-up failed; the first question will retry", exc_info=True)


def launch(
    host: str = "0.0.0.0", port: int = 7860, service=None, *, prevent_thread_lock: bool = False, warm: bool = True
):
    from core.config import quiet_gradio

    quiet_gradio()
    if service is None:
        from app.service import get_service

        service = get_service()
    if warm:
        from core.graphdb import preload_driver

        preload_driver()  # a service made elsewhere may not have: the warm-up thread opens the graph
        threading.Thread(target=_warm, args=(service,), daemon=True, name="nyayapath-warm").start()
    demo = build_app(service)
    demo.launch(
        server_name=host,
        server_port=port,
        ssr_mode=False,
        show_error=False,
        max_file_size=MAX_AUDIO_BYTES,
        css=CSS,
        prevent_thread_lock=prevent_thread_lock,
        footer_links=[],
        quiet=True,
    )
    return demo
