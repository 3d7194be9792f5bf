"""The chat prompt the model backends share, and the hashes that make it auditable.

The 1.5B local model only follows ``[S1]``-style tags when the prompt shows ONE example answer
and ONE example refusal, so both are given as a short few-shot exchange. The example sources
are invented (a town library's rules) so that no real law leaks into answers.
"""

from __future__ import annotations

import hashlib
import json
import re

from core.stages import Evidence
from core.synthesis.tags import REFUSAL_EN, REFUSAL_HI

SOURCE_TEXT_CHARS = 400

SYSTEM_EN = (
    "You are NyayaPath, a legal-aid helper for people in India. Answer ONLY from the numbered "
    "sources in the user's message.\n"
    "Rules:\n"
    "1. Every sentence that states a rule or a fact ends with its source tag, like [S1]. "
    "Use only tags of sources that are listed. Never write section numbers, article numbers "
    "or case names that are not in the sources.\n"
    "2. Use short, plain words a person without legal training understands. "
    "Write 3 to 6 sentences. Do not repeat the question; do not tag the user's own story.\n"
    "3. Then write one line that starts with 'What to do next:'.\n"
    f"4. If the sources do not answer the question, reply exactly: {REFUSAL_EN}\n"
    "5. If a Note is given, follow it. If a Correction is given, fix that mistake."
)

SYSTEM_HI_EXTRA = (
    "\n6. Write the answer in simple Hindi (Devanagari script). Keep the tags like [S1] "
    "exactly as they are. Start the last line with 'आगे क्या करें:'. "
    f"If the sources do not answer the question, reply exactly: {REFUSAL_HI}"
)

# Invented example: a town library. Nothing here is Indian law.
_EX_SOURCES = [
    (
        "Rule 4 Town Library Rules",
        "Borrowing period",
        "A member may borrow up to three books at a time for fourteen days.",
    ),
    (
        "Rule 7 Town Library Rules",
        "Late return",
        "A fine of two rupees is charged for each day a book is kept after it is due. "
        "A member may renew a book once at the desk before it is due.",
    ),
]
_EX_QUESTION = "How long can I keep a library book, and what if I am late?"
_EX_ANSWER = (
    "You can borrow up to three books and keep them for fourteen days [S1]. "
    "If you keep a book longer, you pay two rupees for each extra day [S2]. "
    "You can renew a book once at the desk, but only before it is due [S2].\n"
    "What to do next: return the book or renew it at the desk before the fourteen days end [S1][S2]."
)
_EX_REFUSAL_QUESTION = "Can the library take away my membership card?"


def _clean(s: str) -> str:
    return " ".join((s or "").split())


def truncate(text: str, limit: int = SOURCE_TEXT_CHARS) -> str:
    """Collapse whitespace and cut at a word boundary, adding an ellipsis when cut."""
    t = _clean(text)
    if len(t) <= limit:
        return t
    cut = t[:limit]
    sp = cut.rfind(" ")
    if sp > limit * 0.6:
        cut = cut[:sp]
    return cut.rstrip(" ,;:-") + " …"


def source_line(i: int, cite_as: str, name: str, text: str, limit: int = SOURCE_TEXT_CHARS) -> str:
    """``[S1] <cite_as> — <name>: <text truncated ~400 chars>``"""
    head = _clean(cite_as)
    nm = _clean(name)
    parts = f"[S{i}] {head} — {nm}" if head and nm and nm != head else f"[S{i}] {head or nm}"
    return f"{parts}: {truncate(text, limit)}"


def sources_block(evidence: list[Evidence], limit: int = SOURCE_TEXT_CHARS) -> str:
    return "\n".join(source_line(i, e.cite_as, e.name or e.node_id, e.text, limit) for i, e in enumerate(evidence, 1))


def source_map(evidence: list[Evidence]) -> dict[str, str]:
    return {f"S{i}": e.node_id for i, e in enumerate(evidence, 1)}


def _user(sources: str, question: str, note: str | None = None, correction: str | None = None) -> str:
    msg = f"Sources:\n{sources}\n\nQuestion: {_clean(question)}"
    if note:
        msg += f"\n\nNote: {_clean(note)}"
    if correction:
        msg += (
            f"\n\nCorrection: your previous answer was rejected because: {_clean(correction)} "
            "Write the whole answer again without that mistake."
        )
    return msg


def build_messages(
    question: str,
    evidence: list[Evidence],
    lang: str = "en",
    *,
    correction: str | None = None,
    guidance: str | None = None,
    source_chars: int = SOURCE_TEXT_CHARS,
) -> list[dict]:
    """System rules + one example answer + one example refusal + the real question."""
    system = SYSTEM_EN + (SYSTEM_HI_EXTRA if lang == "hi" else "")
    ex_src = "\n".join(source_line(i, c, n, t) for i, (c, n, t) in enumerate(_EX_SOURCES, 1))
    refusal = REFUSAL_HI if lang == "hi" else REFUSAL_EN
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": _user(ex_src, _EX_QUESTION)},
        {"role": "assistant", "content": _EX_ANSWER},
        {"role": "user", "content": _user(ex_src, _EX_REFUSAL_QUESTION)},
        {"role": "assistant", "content": refusal},
        {"role": "user", "content": _user(sources_block(evidence, source_chars), question, guidance, correction)},
    ]


# The short answer (issue 11): a small prompt, the verified facts only, no tags.
SUMMARY_SYSTEM_EN = (
    "You are NyayaPath, a legal-aid helper for people in India. Using ONLY the facts in the user's "
    "message, write a short answer of 2 or 3 plain sentences for the person who asked: what the law gives "
    "them and what to do first. Use simple words. Do not write any number, date, section, article or case "
    "name that is not in the facts. No headings, no lists, no [S1] tags."
)
SUMMARY_SYSTEM_HI_EXTRA = (
    " Write in simple Hindi (Devanagari script); keep act short names like BNS, BNSS, IPC, FIR as they are."
)


def build_summary_messages(
    question: str, facts: list[str], lang: str = "en", *, correction: str | None = None
) -> list[dict]:
    """The small prompt for the short answer: rules, the facts one per line, the question."""
    system = SUMMARY_SYSTEM_EN + (SUMMARY_SYSTEM_HI_EXTRA if lang == "hi" else "")
    msg = "Facts:\n" + "\n".join(f"- {_clean(f)}" for f in facts) + f"\n\nQuestion: {_clean(question)}"
    if correction:
        msg += (
            f"\n\nCorrection: your previous answer was rejected because: {_clean(correction)} "
            "Write it again using only the facts."
        )
    return [{"role": "system", "content": system}, {"role": "user", "content": msg}]


def sha256_json(obj) -> str:
    """sha256 of the canonical JSON (UTF-8, sorted keys, no spaces) of ``obj``."""
    data = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_NEXT = re.compile(
    r"^\s*(?:\*\*)?(?:what to do next|what you can do now|next steps?|आगे क्या करें|अभी आप क्या कर सकते हैं)"
    r"\s*(?:\*\*)?\s*:",
    re.IGNORECASE | re.MULTILINE,
)


def has_next_step(text: str) -> bool:
    return bool(_NEXT.search(text or ""))


_SPECIALS = re.compile(r"<\|(?:im_start|im_end|endoftext|fim_[a-z]+)\|>")
_LEAD = re.compile(r"^\s*(?:answer|assistant)\s*:\s*", re.IGNORECASE)


def clean_response(raw: str) -> str:
    """Strip chat special tokens, a leading 'Answer:' and surrounding blank space."""
    t = _SPECIALS.sub("", raw or "")
    t = _LEAD.sub("", t)
    t = re.sub(r"[ \t]+\n", "\n", t)
    t = re.sub(r"\n{3,}", "\n\n", t)
    return t.strip()


STOP = ["<|im_end|>", "<|endoftext|>", "\nSources:", "\nQuestion:", "<|im_start|>"]
