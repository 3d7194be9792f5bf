"""Which everyday problem(s) does a question raise?  (issue 10 §3: recognise the problem first)

The pack's Problem nodes (graph_schema/loaders/problems.py) carry example phrasings in English,
Hindi and Hinglish, their titles, and short lexical cues. Recognition (ProblemIndex):

- embeddings: every phrasing and title, and the question, go through the multilingual e5 model (core.embed, query
  mode on both sides: a symmetric task). Romanised Hindi is embedded as the mean of its own vector and that of its
  Devanagari transliteration (core.language.transliterate): the model reads Devanagari Hindi far better. Phrasing
  vectors are computed once and cached on disk (cache_dir/embeddings/problems-*.npz, keyed by the sha256 of model id
  + text, so an edited pack costs only its new phrasings); a question's vector is never written to disk.
- a kernel ridge classifier over those vectors, k(a, b) = exp((cos(a, b) - 1) / TAU), scores each problem; each of
  the problem's cue phrases found in the question (word stems; Devanagari with light suffix stripping; Hinglish also
  after transliteration) adds CUE_WEIGHT.
- a problem is recognised when its score reaches THRESHOLD and the question's best cosine to one of its phrasings
  reaches GATE; a second one when it is within SECOND_MARGIN of the first, when the first is RELATED_TO it and it
  scores RELATED_MIN (and RELATED_SHARE of the first) among the best four ("my husband beats me and took my salary":
  violence at home, and maintenance), or when a clause raises it alone. A question typed with the nukta ("दहेज़")
  scores as typed and without it, the higher counting.

Calibrated on the pack itself, never on the evaluation questions: a strict leave-one-out over the phrasings (each
phrasing held out with its parallel versions in the other two languages, so none is recognised through its own
translation) against out-of-scope questions that must raise nothing. Measured (1370 phrasings, 68 problems): strict
leave-one-out top-1 0.69, top-3 0.88 (en 0.71 / hi 0.70 / hinglish 0.66 top-1); the everyday evaluation set
(evaluation/datasets/everyday.jsonl, written from situations): gold problem recognised en 0.84, hi 0.89, hinglish
0.86, no out-of-scope question recognised. tests/test_problems.py asserts floors under these.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import threading
import unicodedata
from pathlib import Path

import numpy as np

from core import problem_guards as guards
from core.graphdb import built_once
from core.problem_info import ProblemInfo, read_pack, read_problems  # noqa: F401  (read_pack: tests and calibration)
from core.stages import ProblemMatch

log = logging.getLogger(__name__)

TAU = 0.15  # kernel width on cosine similarity
LAMBDA = 0.3  # ridge
CUE_WEIGHT = 0.15  # ridge units per matched cue phrase
CUE_CAP = 2.0  # at most this many cues count
THRESHOLD = 0.35  # ridge score (+ cues) a problem must reach
GATE = 0.86  # and the question's best cosine to one of its phrasings
SECOND_MARGIN = 0.25  # a second problem of the whole question must score this close to the first
UNCUED_MARGIN = 0.1  # ... this close when the question holds none of its cues
# a story the asker tells of themselves that asks for no law ("police beat up my brother in the station, who do we
# complain to"): its best problem is recognised below THRESHOLD when it leads the next one clearly and one of its
# phrasings is close. Held-out phrasings (loo_scores) recognised by this rule alone: 21 right, 11 wrong
TOLD_MIN = 0.24
TOLD_MARGIN = 0.1
TOLD_GATE = 0.89
CLAUSE_THRESHOLD = 0.5  # a clause's own best problem joins at this score
RELATED_MIN = 0.12  # a problem the first is RELATED_TO joins at this score (among the best four)
RELATED_SHARE = 0.2  # ... and at this share of the first one's score
MAX_PROBLEMS = 3
LANGS = ("en", "hi", "hinglish")

_LATIN = re.compile(r"[a-z0-9]+")
_DEVA = re.compile(r"[\u0900-\u097F]+")
_POSSESSIVE = re.compile(r"(?<=[a-z])['\u2019]s\b", re.I)
_SPLIT = re.compile(
    r"\s*(?:[,;:!?।]|\.(?:\s|$)|\b(?:and|also|but|plus|then|aur|lekin|par|phir|bhi)\b|"
    r"(?<![\u0900-\u097F])(?:और|तथा|लेकिन|पर|फिर|साथ ही)(?![\u0900-\u097F]))\s*",
    re.I,
)
_HI_SUFFIXES = sorted(
    """
ियों ियाँ ियां ाओं ाएँ ाएं ओं ाएगी ाएगा ाएंगे ेंगे ेगी ेगा ोगे ता ती ते ना नी ने कर ाया ायी ाई ाए
ियाँ ाँ ें ों ी े ा ि ु ू ो ौ ं ँ
""".split(),
    key=len,
    reverse=True,
)


def _stem_en(w: str) -> str:
    """Latin-script words: English suffixes ("slapped", "slaps" -> "slap"; a consonant doubled
    before -ed/-ing/-er is undone, but not f, l, s, z, which English doubles in the word itself:
    "handcuffing" is "handcuff"), and romanised Hindi verb endings ("maarta", "maarte", "maarti"
    -> "maar"; "uthata", "uthate" -> "utha"), so a cue matches its other forms."""
    for suf in ("ations", "ation", "ments", "ment", "ings", "ing", "ness", "ies", "ied", "ers", "er", "ed", "es", "s"):
        if len(w) > len(suf) + 2 and w.endswith(suf):
            stem = w[: -len(suf)]
            if suf in ("ings", "ing", "ers", "er", "ed") and len(stem) >= 4 and stem[-1] == stem[-2]:
                if stem[-1] not in "aeiouflsz":  # "handcuffing", "killing", "passed" keep their double
                    stem = stem[:-1]
            return stem
    for suf in ("ta", "te", "ti"):
        if len(w) >= len(suf) + 4 and w.endswith(suf):
            return w[: -len(suf)]
    return w


def _stem_hi(w: str) -> str:
    for suf in _HI_SUFFIXES:
        if len(w) > len(suf) + 1 and w.endswith(suf):
            return w[: -len(suf)]
    return w


def tokens(text: str) -> list[str]:
    """Stemmed word tokens of a text, both scripts ("beats" -> "beat", "मारता" -> "मार")."""
    text = unicodedata.normalize("NFC", text or "").lower()
    return [_stem_en(w) for w in _LATIN.findall(text)] + [_stem_hi(w) for w in _DEVA.findall(text)]


def cue_tokens(text: str) -> list[str]:
    """``tokens`` as cues are matched: nukta folded ("हक़", "हक"), a Roman verb's plural as its singular (``_rom``: cue
    "maarta hai" said by "pati maarte hain"), an English possessive dropped ("son's" is "son")."""
    toks = tokens(_POSSESSIVE.sub("", unicodedata.normalize("NFC", text or "")).replace("\u093c", ""))
    return [_rom(t) if t.isascii() else t for t in toks]


def _rom(f: str) -> str:  # vowels unfolded: "mar gaye" (died) is no "maar" (beat), "peeta" no "pita" (father)
    return "hai" if f in ("hain", "hein") else f[:-2] if len(f) >= 5 and f[-2:] in ("ta", "te", "ti") else f


def _latin_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(1 for c in letters if c.isascii()) / len(letters) if letters else 0.0


def to_devanagari(text: str) -> str:
    try:
        from core.language.transliterate import to_devanagari as tr

        return tr(text)
    except Exception:  # the transliteration layer is an aid; without it Hinglish is matched as written
        return ""


# a closing request that asks for help in general ("..., what can I do under law?", "main kya karun",
# "मैं क्या करूँ"): it says nothing of the problem and pulls a short story's vector toward every problem's
# phrasings alike ("my neighbour says he will break my legs if I complain to the police" is a threat at
# 0.35; with ", what can I do under law" 0.20)
_ASK_TAIL = re.compile(
    r"[\s,.;:!?।-]*(?:so\s+|now\s+|ab\s+|to\s+)?(?:what\s+(?:can|should|do|must)\s+(?:i|we)\s+do(?:\s+now)?|what\s+are\s+my\s+options|"
    r"what\s+does\s+the\s+law\s+say|what\s+is\s+the\s+remedy|please\s+help(?:\s+me)?|help\s+me|"
    r"(?:main|mai|hum|ham)?\s*kya\s+kar(?:u|un|oon|en|ein|e)|(?:मैं|हम|अब)?\s*क्या\s+कर(?:ूँ|ूं|ें|े)|कृपया\s+मदद\s+करें)"
    r"(?:\s+(?:legally|under\s+(?:the\s+)?law|in\s+law|kanoon\s+se|कानूनी\s+तौर\s+पर))?[\s?.!।]*$",
    re.I,
)


def without_ask_tail(question: str) -> str:
    """The question without a closing request for help in general, when 4 words or more remain."""
    q = question or ""
    m = _ASK_TAIL.search(q)
    if not m or m.start() == 0:
        return q
    rest = q[: m.start()].strip(" ,;:-")
    return rest if len(rest.split()) >= 4 else q


def clauses(question: str) -> list[str]:
    """The parts of a question joined by conjunctions or punctuation, each of 3+ words."""
    parts = [p.strip() for p in _SPLIT.split(question or "") if p and p.strip()]
    return [p for p in parts if len(p.split()) >= 3]


# ---------------------------------------------------------------- phrasing vectors (cached)


def _key(model_id: str, text: str) -> str:
    return hashlib.sha256(f"{model_id}\x00query\x00{text}".encode()).hexdigest()


class _VectorCache:
    """sha256(model, text) -> query-mode vector, one npz under cache_dir/embeddings (atomic writes)."""

    def __init__(self, cache_dir: Path | None, model_id: str):
        self.model_id = model_id
        self.path = (Path(cache_dir) / "embeddings" / f"problems-{_key(model_id, '')[:12]}.npz") if cache_dir else None
        self.vecs: dict[str, np.ndarray] = {}
        if self.path and self.path.exists():
            try:
                with np.load(self.path, allow_pickle=False) as z:
                    self.vecs = {str(k): v for k, v in zip(z["keys"], z["vecs"])}
            except Exception:  # a corrupt cache is only a slower start
                self.vecs = {}

    def save(self) -> None:
        if not self.path:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # merge with what another process may have written meanwhile
        other = _VectorCache(self.path.parents[1], self.model_id).vecs if self.path.exists() else {}
        merged = {**other, **self.vecs}
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, keys=np.array(list(merged), dtype="<U64"), vecs=np.stack(list(merged.values())))
        os.replace(tmp, self.path)


# ---------------------------------------------------------------- the index


class ProblemIndex:
    """The pack's problems with their phrasing vectors; recognises the problems of a question.

    Recognition is a kernel ridge classifier over the phrasings: k(a, b) = exp((cos(a, b) - 1) / TAU)
    on e5 vectors (a romanised-Hindi text is represented by the mean of its own vector and the vector
    of its Devanagari transliteration), alpha = (K + LAMBDA I)^-1 Y with Y the phrasings' problems,
    so a question scores k(q, phrasings) . alpha per problem; cue phrases add CUE_WEIGHT each. The
    ridge score says which problem; the gate (the best cosine of the question to one of the problem's
    phrasings, GATE) says whether the question is about any problem at all.
    """

    def __init__(self, problems: list[ProblemInfo], cache_dir: Path | None = None, embedder=None):
        """`cache_dir`: where phrasing vectors are cached (default: the configured cache dir)."""
        self.problems = problems
        self.by_id = {p.id: p for p in problems}
        if cache_dir is None:
            try:
                from core.config import load_settings

                cache_dir = load_settings().cache_dir
            except Exception:  # no settings: vectors are computed for this process only
                cache_dir = None
        self._cache_dir = cache_dir
        self._embedder = embedder
        self._lock = threading.Lock()
        self._texts: list[str] = []
        self._owner: list[int] = []  # phrasing row -> problem index
        self._lang: list[str] = []
        self._pos: list[int] = []  # position in its language list (parallel phrasings share it)
        for i, p in enumerate(problems):
            for lang in LANGS:
                for k, t in enumerate(p.phrasings.get(lang, [])):
                    self._texts.append(t)
                    self._owner.append(i)
                    self._lang.append(lang)
                    self._pos.append(k)
            # the problem's own titles train the classifier too (never held out: they define it)
            for k, t in enumerate(x for x in (p.title_en, p.title_hi) if x and x != p.id):
                self._texts.append(t)
                self._owner.append(i)
                self._lang.append("title")
                self._pos.append(-1 - k)
        self._owner_arr = np.array(self._owner, dtype=np.int64)
        self._mat: np.ndarray | None = None
        self._alpha: np.ndarray | None = None
        self.computed = 0
        self._cues = [self._prepare_cues(p.cues) for p in problems]
        self._needs = [self._prepare_cues(p.requires) for p in problems]
        self._vetoes = guards.vetoes(problems, cue_tokens)  # the other side of a problem's matter: not_when

    @classmethod
    def from_graph(cls, graph, cache_dir: Path | None = None, embedder=None) -> ProblemIndex:
        return cls(read_problems(graph), cache_dir=cache_dir, embedder=embedder)

    # ------------------------------------------------------------ embeddings
    def _model(self):
        if self._embedder is None:
            from core.embed import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    @staticmethod
    def _model_id() -> str:
        from core.embed import MODEL_ID

        return MODEL_ID

    def _embed_one(self, text: str) -> np.ndarray:
        emb = self._model()
        v = emb.embed_query(text) if hasattr(emb, "embed_query") else emb(text)
        v = np.asarray(v, dtype=np.float32)
        n = float(np.linalg.norm(v))
        return v / n if n else v

    def _embed_many(self, texts: list[str]) -> list[np.ndarray]:
        emb = self._model()
        model = getattr(emb, "model", None)
        if model is None or not hasattr(model, "query"):
            return [self._embed_one(t) for t in texts]
        with getattr(emb, "_lock", threading.Lock()):
            mat = np.asarray(model.query(list(texts)), dtype=np.float32).reshape(len(texts), -1)
        norms = np.linalg.norm(mat, axis=1, keepdims=True)
        return list(mat / np.where(norms > 0, norms, 1.0))

    @staticmethod
    def _variants(text: str, lang: str | None = None) -> list[str]:
        """The texts a phrasing or question is embedded as: itself, and for romanised Hindi also its
        Devanagari transliteration (the model reads Devanagari Hindi far better)."""
        romanised = lang == "hinglish" if lang else (_latin_share(text) > 0.8 and guards.is_hinglish(text))
        if romanised:
            deva = to_devanagari(text)
            if deva and deva != text:
                return [text, deva]
        return [text]

    @staticmethod
    def _combine(vecs: list[np.ndarray]) -> np.ndarray:
        v = np.mean(np.stack(vecs), axis=0)
        n = float(np.linalg.norm(v))
        return (v / n if n else v).astype(np.float32)

    def ensure_vectors(self) -> int:
        """Phrasing vectors (disk cache, else computed now) and the classifier; returns the phrasing count."""
        with self._lock:
            if self._mat is not None:
                return len(self._texts)
            cache = _VectorCache(self._cache_dir, self._model_id())
            variants = [self._variants(t, lang) for t, lang in zip(self._texts, self._lang)]
            todo = list(dict.fromkeys(v for vs in variants for v in vs if _key(cache.model_id, v) not in cache.vecs))
            for b in range(0, len(todo), 32):
                chunk = todo[b : b + 32]
                for t, v in zip(chunk, self._embed_many(chunk)):
                    cache.vecs[_key(cache.model_id, t)] = v
                self.computed += len(chunk)
                if self.computed % 320 == 0:
                    cache.save()  # checkpoint: an interrupted first run keeps its work
            if todo:
                try:
                    cache.save()
                except OSError as exc:
                    log.warning("phrasing vectors not cached: %s", exc)
            rows = [self._combine([cache.vecs[_key(cache.model_id, v)] for v in vs]) for vs in variants]
            mat = np.stack(rows).astype(np.float32) if rows else np.zeros((0, 384), np.float32)
            if len(rows):
                y = np.zeros((len(rows), len(self.problems)))
                y[np.arange(len(rows)), self._owner_arr] = 1.0
                k = self._kernel(mat.astype(np.float64) @ mat.T.astype(np.float64))
                self._alpha = np.linalg.solve(k + LAMBDA * np.eye(len(rows)), y)
            self._mat = mat
            return len(self._texts)

    @staticmethod
    def _kernel(cos: np.ndarray) -> np.ndarray:
        return np.exp((cos - 1.0) / TAU)

    def embed_question(self, question: str) -> np.ndarray:
        return self._combine([self._embed_one(t) for t in self._variants(question)])

    def _scores_for(self, vec: np.ndarray, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(ridge score + cue bonus, gate, cues) per problem for one embedded text."""
        self.ensure_vectors()
        cos = self._mat @ vec
        ridge = self._kernel(cos.astype(np.float64)) @ self._alpha
        gate = np.full(len(self.problems), -1.0)
        np.maximum.at(gate, self._owner_arr, cos)
        seqs = self._sequences(text)
        toks = {t for s in seqs for t in s}
        cues = self.cue_scores(text, toks)
        # a problem whose event the text does not say ("beating her for dowry": no dowry death), or that says
        # the other side of its matter ("evict my tenant": not the tenant's), is not raised (problem_guards)
        unmet = guards.unmet(self._needs, self._vetoes, toks, seqs)
        return np.where(unmet, -1.0, ridge + CUE_WEIGHT * cues), gate, cues

    # ----------------------------------------------------------------- cues
    @staticmethod
    def _prepare_cues(phrases: dict[str, list[str]]) -> list[tuple[tuple[str, ...], int]]:
        """A problem's phrases per language (its cues, or the event it requires) as word-stem tuples."""
        out = []
        for lang in LANGS:
            for c in phrases.get(lang, []):
                toks = tuple(cue_tokens(c))
                if toks:
                    out.append((toks, len(toks)))
        return out

    @staticmethod
    def _said(question: str) -> set[str]:
        """The question's word stems, a Roman-script question's in Devanagari too."""
        return {t for s in ProblemIndex._sequences(question) for t in s}

    @staticmethod
    def _sequences(question: str) -> list[list[str]]:
        """The question's word stems in order, and a Roman-script question's in Devanagari as a second sequence."""
        return [cue_tokens(question)] + ([cue_tokens(to_devanagari(question))] if _latin_share(question) > 0.5 else [])

    def matched_cues(self, question: str) -> list[set[tuple[str, ...]]]:
        """Per problem: the cue phrases (as word-stem tuples) the question holds."""
        toks = self._said(question)
        return [{c for c, _ in cues if all(t in toks for t in c)} for cues in self._cues]

    def cue_scores(self, question: str, toks: set[str] | None = None) -> np.ndarray:
        """Per problem: how many of its cue phrases the question holds (all of a cue's word stems
        present; a cue of two or more words counts 1.5), capped at CUE_CAP. `toks`: _said(question)."""
        toks = self._said(question) if toks is None else toks
        out = np.zeros(len(self.problems), dtype=np.float64)
        for i, cues in enumerate(self._cues):
            b = 0.0
            for ctoks, n in cues:
                if all(t in toks for t in ctoks):
                    b += 1.0 if n == 1 else 1.5
            out[i] = min(CUE_CAP, b)
        return out

    # ------------------------------------------------------------ recognise
    def scores(self, question: str, english_hint: str = "") -> tuple[np.ndarray, np.ndarray]:
        """(score, gate) per problem for a whole question."""
        score, gate, _ = self._scored(question, english_hint)
        return score, gate

    def _scored(self, question: str, english_hint: str = "") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(score, gate, the question's own cues) per problem for a whole question, the question without
        its closing request for help counted too (the higher of the two)."""
        return self._scored_both(question, english_hint)[0]

    def _scored_both(
        self, question: str, english_hint: str = ""
    ) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
        """``_scored``'s (score, gate, cues), and the (score, gate) of the question as asked."""
        score, gate, cues = self._scores_for(self.embed_question(question), question)
        if (bare := unicodedata.normalize("NFC", question or "").replace("\u093c", "")) != question:
            s2, g2, _ = self._scores_for(self.embed_question(bare), bare)
            score, gate = np.maximum(score, s2), np.maximum(gate, g2)
        bonus = CUE_WEIGHT * np.maximum(0, self.cue_scores(english_hint) - cues) if english_hint else 0.0
        asked = (score + bonus, gate)
        told = without_ask_tail(question)
        if told != question:
            # the story without its closing request for help scores for itself too
            s2, g2, _ = self._scores_for(self.embed_question(told), told)
            score, gate = np.maximum(score, s2), np.maximum(gate, g2)
        return (score + bonus, gate, cues), asked

    @staticmethod
    def _passes(score: float, gate: float) -> bool:
        return score >= THRESHOLD and gate >= GATE

    def recognise(
        self,
        question: str,
        lang: str = "en",
        english_hint: str = "",
        threshold: float | None = None,
        told: bool = False,
    ) -> list[ProblemMatch]:
        """The problems the question raises, best first (at most MAX_PROBLEMS). `told`: the question tells
        the asker's own situation and asks for no law by name (the caller decides): its clear best problem
        is recognised at TOLD_MIN."""
        if not self.problems or not (question or "").strip():
            return []
        thr = THRESHOLD if threshold is None else threshold
        (score, gate, cues), asked = self._scored_both(question, english_hint)
        found: dict[int, float] = {}
        order = np.argsort(-score)
        top = float(score[order[0]])
        said = self.matched_cues(question) if len(order) > 1 else []
        for rank, i in enumerate(order[:MAX_PROBLEMS]):
            s = float(score[i])
            # a second problem near the first needs one of its own cues or a score as high: the nearest
            # phrasings of a question often belong to a neighbour it does not raise ("मेरी प्रेमिका
            # ईसाई है, हम शादी कैसे करें" is close to the Christian divorce, and asks no divorce); a cue
            # the first problem also has is not its own ("senior citizen" is the parents' maintenance
            # and the arrest of an elderly person alike: "how does a senior citizen apply for maintenance"
            # raises no arrest)
            own = cues[i] > 0 and (rank == 0 or bool(said[i] - said[int(order[0])]))
            second_ok = rank == 0 or own or s >= top - UNCUED_MARGIN
            if s >= thr and gate[i] >= GATE and s >= top - SECOND_MARGIN and second_ok:
                found[int(i)] = s
        related_min = max(RELATED_MIN, RELATED_SHARE * top)
        if not found and told and len(order) > 1:
            # the weaker rule reads the question as asked: a story recognised only below THRESHOLD must
            # lead clearly with its closing request too ("My employer cuts PF from my salary but is not
            # depositing it. What can I do?" is no unpaid-wages case: the PF law is not held)
            if without_ask_tail(question) != question:
                score, gate = asked
                order = np.argsort(-score)
                top = float(score[order[0]])
            i = int(order[0])
            if top >= TOLD_MIN and top - float(score[order[1]]) >= TOLD_MARGIN and gate[i] >= TOLD_GATE:
                found[i] = top
                related_min = max(related_min, top / 2)  # a weak first problem brings only a close neighbour
        if found:
            # the pack's RELATED_TO: a neighbour of the first problem that the question also speaks to
            # ("husband beats me and took my salary": violence at home, and maintenance)
            near = set(self.problems[int(order[0])].related)
            for i in order[1:4]:
                s = float(score[i])
                if self.problems[int(i)].id in near and s >= related_min and gate[i] >= GATE:
                    found.setdefault(int(i), s)
        parts = clauses(question)
        if len(parts) > 1 and found:
            # a second problem stated in a clause of its own ("... and he took my salary"); the clause
            # must hold one of that problem's cues, since a short clause is close to many phrasings
            # ("मेरी प्रेमिका ईसाई है" alone is nearest the Christian divorce, but asks no divorce); never one
            # the whole question keeps off (scored -1: "school ne fees baaki hone par TC rok li" asks no maintenance)
            off = score <= -0.5
            for part in parts:
                ps, pg, pc = self._scores_for(self.embed_question(part), part)
                j = int(np.argmax(ps))
                if j not in found and float(ps[j]) >= CLAUSE_THRESHOLD and pg[j] >= GATE and pc[j] > 0 and not off[j]:
                    found[j] = min(float(ps[j]), top)
        ranked = sorted(found.items(), key=lambda kv: -kv[1])[:MAX_PROBLEMS]
        return [
            ProblemMatch(id=self.problems[i].id, title=self.problems[i].title(lang), score=round(s, 4))
            for i, s in ranked
        ]

    def best(self, question: str) -> tuple[str, float, float]:
        """(problem id, score, gate) of the best-scoring problem, recognised or not (for calibration)."""
        score, gate = self.scores(question)
        i = int(np.argmax(score))
        return self.problems[i].id, float(score[i]), float(gate[i])

    # ---------------------------------------------------------- calibration
    def loo_scores(self, strict: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(score, gate) per phrasing and problem, each phrasing scored by the classifier trained without
        it. strict: its parallel versions in the other languages (the same problem and position: the pack
        writes each situation in English, Hindi and Hinglish) are held out with it, so a Hinglish phrasing
        is never recognised through its own Hindi twin. Exact closed form for kernel ridge: with
        H = K (K + LAMBDA I)^-1, a held-out block S predicts Y_S - (I - H_SS)^-1 (Y_S - (H Y)_S)."""
        self.ensure_vectors()
        n = len(self._texts)
        mat = self._mat.astype(np.float64)
        cos = mat @ mat.T
        k = self._kernel(cos)
        y = np.zeros((n, len(self.problems)))
        y[np.arange(n), self._owner_arr] = 1.0
        h = k @ np.linalg.solve(k + LAMBDA * np.eye(n), np.eye(n))
        fitted = h @ y
        score = fitted.copy()
        gate = np.full_like(fitted, -1.0)
        for rows in self._groups(strict).values():
            s = np.array(rows)
            score[s] = y[s] - np.linalg.solve(np.eye(len(s)) - h[np.ix_(s, s)], y[s] - fitted[s])
            c = cos[s].copy()
            c[:, s] = -1.0
            for r, i in enumerate(rows):
                np.maximum.at(gate[i], self._owner_arr, c[r])
        for i, t in enumerate(self._texts):
            if self._lang[i] != "title":
                score[i] += CUE_WEIGHT * self.cue_scores(t)
        return score, gate

    def _groups(self, strict: bool) -> dict[tuple, list[int]]:
        """Held-out blocks: each phrasing (strict: with its parallel versions). Titles are never held out."""
        groups: dict[tuple, list[int]] = {}
        for i in range(len(self._texts)):
            if self._lang[i] == "title":
                continue
            groups.setdefault((self._owner[i], self._pos[i]) if strict else (i,), []).append(i)
        return groups

    def leave_one_out(self, strict: bool = True) -> dict:
        """Recognition of every phrasing by the classifier trained without it (see loo_scores).

        Returns {"n", "strict", "top1", "top3", "recognised", "by_lang": {lang: {"n", "top1", "top3",
        "recognised"}}, "misses": [(text, gold, got)]}: top1 its own problem scores best, top3 among the
        best three, recognised it is returned at the thresholds (and within SECOND_MARGIN of the best).
        """
        score, gate = self.loo_scores(strict)
        rows = np.array([i for i, lang in enumerate(self._lang) if lang != "title"], dtype=np.int64)
        score, gate = score[rows], gate[rows]
        n = len(rows)
        gold = self._owner_arr[rows]
        g_score = score[np.arange(n), gold]
        best = score.argmax(axis=1)
        rank = (score > g_score[:, None]).sum(axis=1)
        rec = (
            (g_score >= THRESHOLD) & (gate[np.arange(n), gold] >= GATE) & (g_score >= score.max(axis=1) - SECOND_MARGIN)
        )
        langs = np.array(self._lang)[rows]
        texts = [self._texts[i] for i in rows]

        def summary(mask):
            m = int(mask.sum())
            return {
                "n": m,
                "top1": round(float((best == gold)[mask].mean()), 4) if m else 0.0,
                "top3": round(float((rank < 3)[mask].mean()), 4) if m else 0.0,
                "recognised": round(float(rec[mask].mean()), 4) if m else 0.0,
            }

        out = {
            "strict": strict,
            **summary(np.ones(n, dtype=bool)),
            "by_lang": {lang: summary(langs == lang) for lang in LANGS},
        }
        out["misses"] = [
            (texts[i], self.problems[gold[i]].id, self.problems[best[i]].id) for i in range(n) if best[i] != gold[i]
        ]
        return out


# ---------------------------------------------------------------- one index per graph

_indexes: dict[int, ProblemIndex] = {}
_indexes_lock = threading.Lock()


def index_for(graph, embedder=None) -> ProblemIndex:
    """The ProblemIndex of a graph (read once per graph store)."""
    return built_once(_indexes, _indexes_lock, graph, lambda g: ProblemIndex.from_graph(g, embedder=embedder))


def recognise(graph, question: str, lang: str = "en", english_hint: str = "") -> list[ProblemMatch]:
    return index_for(graph).recognise(question, lang, english_hint)
