"""Does the provision cited in a sentence speak to what the sentence says?

Deterministic and lexical: the sentence and the provision must share a content word
(Hindi words are mapped to English through the bilingual glossary). When they share
none, the citation is called unsupported only if another provision of the same act
has a title that names what the sentence says (all of it, or at least two words),
so a neutral sentence ("The accused is charged under Section 302 IPC.") is not
judged, and neither is one with no content words ("See Section 5 BNS."). An
embedding fallback was tried and dropped: it objected to neutral sentences. A sentence that
only names a provision ("This is governed by Section 438 CrPC", "उस पर धारा 302 आईपीसी के तहत
मुकदमा चला") claims nothing to contradict: it is not judged, and the provision keeps its own status.

Does a cited provision or case bear on the question at all?  (RelevanceChecker, issue 10 §4)
Decided from the graph and from text similarity, never from a model: it bears on the question when
the question names it; when it is GOVERNED_BY-linked to a recognised problem, the predecessor or
successor of such a provision, a step basis of the problem's flow or of its own steps, or a provision a
linked case INTERPRETS; when it is a case linked to the problem (CONCERNS_CASE) or one that INTERPRETS a
governing provision or another relevant provision cited in the same text; or, failing all of
those, when its words (title and text, or a case's holding) or its embedding meet the question
closely enough. A provision a recognised problem marks `must_not` never bears on it unless the
question names it. What does not bear on the question is `off_point`.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache

from core.acts import display
from domain import paths

log = logging.getLogger(__name__)

GLOSSARY = paths.pack_file(paths.GLOSSARY)

# Words every provision and every legal sentence share; overlap on these proves nothing.
GENERIC = frozenset(
    """
a an the and or of to in on for by with under as is are be been being was were shall may must can will
this that these those it its he she they you your his her their any every such other than which who whom
section sections sec article articles act code law laws provision provisions clause sub subsection chapter
bns bnss bsa ipc crpc iea cpc coi constitution sanhita adhiniyam nyaya nagarik suraksha sakshya bharatiya
indian penal criminal procedure evidence punish punishment punished punishable imprison imprisonment
term years year fine liable extend extends offence offences offender person persons whoever court
not no if then also where when what how all one two three case cases under per vs v held apply applies
says said provide provides provided according said give gives given get make made mean means shall
commit commits committed happen happened happens apply applied applying which whom whose would could should
my me i we our us do does did done now next new old there here about after before against from into
january february march april june july august september october november december
accused charged charge charges guarantee guarantees guaranteed protect protects protected crime crimes
""".split()
)
_WORD = re.compile(r"[a-z]+|[\u0900-\u0963\u0966-\u097F]+")  # the danda ends a word, it is not one
_CITATION_BITS = re.compile(r"\b(?:s|sec|u|r|w|art)\b\.?", re.I)


def _stem(w: str) -> str:
    for suf in ("ations", "ation", "ments", "ment", "ings", "ing", "ness", "ies", "ied", "ers", "er", "ed", "es", "s"):
        if len(w) > len(suf) + 3 and w.endswith(suf):
            return w[: -len(suf)]
    return w


GENERIC_STEMS = frozenset(_stem(g) for g in GENERIC)


# Hindi function words: in the glossary's multi-word terms they stand beside every kind of term
# ("की" in 35 of them), so mapped to those terms' English words they made any Hindi sentence look
# legal ("बिरयानी बनाने की विधि" -> insulting, modesty, woman, ...). They carry no topic.
HI_FUNCTION = frozenset(
    """
का की के को में से पर और या ने है हैं था थी थे हो होना होने होता होती होते द्वारा लिए हेतु करना करने करें करे करता
करती किया किए किये गया गई गए एक यह ये वह वे इस उस इन उन जो जब तक साथ बिना बाद पहले तो भी ही नहीं न कि कोई कुछ
अपना अपनी अपने वाला वाली वाले संबंधी संबंधित सम्बन्धी प्रति बारे अथवा एवं तथा
""".split()
)


@lru_cache(maxsize=1)
def _hindi_map() -> dict[str, set[str]]:
    """Devanagari word -> English content words, from the glossary's hi/en pairs."""
    out: dict[str, set[str]] = {}
    try:
        terms = json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]
    except (OSError, ValueError, KeyError):
        return out
    english = {w for t in terms for w in _WORD.findall(t.get("en", "").lower())}
    for t in terms:
        en_words = set(_WORD.findall(t.get("en", "").lower())) - GENERIC
        for form in [t.get("hi", ""), *t.get("aliases", [])]:
            words = _WORD.findall(form.lower())
            for w in words:
                if w in HI_FUNCTION:
                    continue
                devanagari = "\u0900" <= w[0] <= "\u097f"
                # a one-word romanized alias ("jamanat") maps too; English words never do
                if devanagari or (len(words) == 1 and len(w) > 3 and w not in english):
                    out.setdefault(w, set()).update(en_words)
    return out


def content_sources(text: str) -> dict[str, set[str]]:
    """Each word of a text -> the lower-case English content words it stands for: itself for an
    English word, its glossary English for a Hindi one (one Hindi word of a multi-word term brings
    all that term's words, so what a question names is counted by source word, not by expansion)."""
    out: dict[str, set[str]] = {}
    hmap = _hindi_map()
    for w in _WORD.findall(_CITATION_BITS.sub(" ", text.lower())):
        if w in GENERIC:
            continue
        if "\u0900" <= w[0] <= "\u097f" or w in hmap:
            got = hmap.get(w, set())
        else:
            got = {w} if len(w) > 2 else set()
        got = {x for x in got if x not in GENERIC and _stem(x) not in GENERIC_STEMS}
        if got:
            out.setdefault(w, set()).update(got)
    return out


def content_words(text: str) -> set[str]:
    """Lower-case English content words of a text; Hindi words arrive as their glossary English."""
    return set().union(*content_sources(text).values())


def stems(words) -> set[str]:
    return {_stem(w) for w in words}


# Words that only name or invoke a provision ("This is governed by Section 438 CrPC", "उस पर धारा 302
# आईपीसी के तहत मुकदमा चला"): a sentence made of these and the citation makes no claim to contradict.
NAMING = frozenset(
    """
govern governed governs governing deal deals dealt dealing cover covers covered covering relevant applicable
attract attracts attracted invoke invoked invokes mention mentioned mentions name named names refer refers
referred relate relates related relating tried prosecuted prosecute booked
registered register filed file lodged lodge matter matters situation issue issues question here there
him them was against has have had case cases also see note falls fall
still now instead place replaced replaces replace force events event acts took took take takes
""".split()
)
HI_NAMING = frozenset(
    """
उस उसे उसको उन उनको उनपर उसपर इस इसे इसको यह ये वह वे पर के की का को में से ने है हैं था थी थे हो होता होती
तहत अंतर्गत अन्तर्गत अनुसार मुताबिक मुकदमा मुक़दमा मुकदमे चला चलाया चलेगा चल रहा रही गया गई गए हुआ हुई हुए
लागू दर्ज केस मामला मामले मामलों संबंधित सम्बन्धित धारा धाराओं अनुच्छेद आईपीसी बीएनएस बीएनएसएस सीआरपीसी
अधिनियम संहिता कानून देखें और भी किया किए
पहले बाद अब ही या होते जगह तारीख दिन अपराध अपराधों घटना घटनाओं घटनाएँ नया नई नए पुराना पुराने उसकी उसके
जनवरी फरवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर सितम्बर अक्टूबर नवंबर नवम्बर दिसंबर दिसम्बर
""".split()
)
_RAW_WORD = re.compile(r"[a-z]+|[\u0900-\u097F]+")


def names_only(sentence: str, cited_text: str = "") -> bool:
    """True when the sentence, without the citation, only names the provision: no word of it is
    anything but a function word, an act's name or a naming verb ("governed by", "के तहत")."""
    rest = _CITATION_BITS.sub(" ", sentence.replace(cited_text, " ").lower()) if cited_text else sentence.lower()
    for w in _RAW_WORD.findall(rest):
        if w in GENERIC or w in NAMING or w in HI_NAMING or _stem(w) in GENERIC_STEMS or len(w) < 2:
            continue
        return False
    return True


class SupportChecker:
    def __init__(self, graph):
        self.graph = graph

    def check(self, sentence: str, cited_text: str, node_id: str, act: str) -> str | None:
        """None when supported (or when it cannot be judged); else a note for the user."""
        if names_only(sentence, cited_text):
            return None  # nothing is claimed beyond the name: the provision's own status stands
        said = content_words(sentence.replace(cited_text, " "))
        if len(said) < 1:
            return None
        rows = self.graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.title, p.text", {"id": node_id})
        if not rows:
            return None
        title, text = rows[0]
        provision_words = content_words(f"{title or ''} {(text or '')[:3000]}")
        if stems(said) & stems(provision_words):
            return None
        # Lexical contrast: provisions of the same act whose titles name what the sentence says.
        q = "|".join(sorted(w for w in said if w.isalnum())[:12])
        if q:
            # a better provision must name what the sentence says: all of it when it says one or
            # two things, at least two of its words otherwise
            need = min(2, len(said))
            better = [
                (i, t)
                for i, t in self.graph.ro_query(
                    "CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
                    "WITH node, score WHERE node.act = $act RETURN node.id, node.title "
                    "ORDER BY score DESC LIMIT 10",
                    {"q": q, "act": act},
                )
                if len(stems(said) & stems(content_words(t or ""))) >= need
            ]
            if better and node_id not in [i for i, _ in better]:
                return self._note(node_id, title, *better[0])
        return None

    @staticmethod
    def _note(node_id: str, title: str, best_id: str, best_title: str) -> str:
        return (
            f'{display(*node_id.split(":", 1))} is about "{title}"; it does not support this '
            f'statement. {display(*best_id.split(":", 1))} ("{best_title}") may be what was meant.'
        )


# ---------------------------------------------------------------- relevance to the question

# Cosine similarity (multilingual e5, question in query mode, provision in passage mode) at which a
# provision that nothing in the graph links to the question still counts as bearing on it. e5's
# similarities are compressed (measured: "punishment for murder" -> BNS 103 0.91, BNS 101 0.85,
# NI Act 138 0.80; "husband beats me and threw me out" -> BNS 85 0.84, BNS 331 0.84, PWDVA 17 0.78),
# so the bar is high and lexical overlap and the graph decide most cases.
EMB_STRONG = 0.87  # with a recognised problem
EMB_WEAK = 0.85  # with none


@dataclass
class RelevanceContext:
    """What the relevance check judges against: the question (and its English hint), and the
    problems recognised in it (core.problems)."""

    question: str
    problem_ids: list[str] = field(default_factory=list)
    hint: str = ""
    about: list[str] = field(default_factory=list)  # the provisions a question about the law is about (issue 19)


_LINKED_Q = """
MATCH (p:Problem) WHERE p.id IN $ids
OPTIONAL MATCH (p)-[:GOVERNED_BY]->(g:Provision)
WITH p, collect(DISTINCT g.id) AS gov
OPTIONAL MATCH (p)-[:CONCERNS_CASE]->(c:Case)
WITH p, gov, collect(DISTINCT c.id) AS cases
OPTIONAL MATCH (p)-[:FOLLOWS_FLOW]->(e:ProceduralEvent)
OPTIONAL MATCH (x:ProceduralEvent {flow: e.flow})-[:GOVERNED_BY]->(b:Provision)
RETURN p.id, gov, cases, collect(DISTINCT b.id) AS basis, p.must_not, p.steps_json
"""


@dataclass
class _Links:
    provisions: set[str]
    cases: set[str]
    must_not: set[str]


class RelevanceChecker:
    """Marks the citations of a text that do not bear on the question `off_point` (see the module doc)."""

    def __init__(self, graph, embed_query=None):
        self.graph = graph
        self._embed = embed_query
        self._links: OrderedDict[tuple, _Links] = OrderedDict()
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ graph
    def links(self, problem_ids) -> _Links:
        key = tuple(sorted(problem_ids or ()))
        with self._lock:
            hit = self._links.get(key)
        if hit is not None:
            return hit
        provs, cases, must_not = set(), set(), set()
        if key:
            for _, gov, pcases, basis, mn, steps in self.graph.ro_query(_LINKED_Q, {"ids": list(key)}):
                provs |= set(gov or []) | set(basis or [])
                try:  # what the problem's own steps rest on
                    provs |= {b for st in json.loads(steps or "[]") for b in st.get("basis") or []}
                except (ValueError, AttributeError, TypeError):
                    pass
                cases |= set(pcases or [])
                must_not |= set(mn or [])
            gov_all = sorted(provs)
            if gov_all:
                # old <-> new counterparts of the governing provisions
                for (nid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (a:Section {id: i})-[:REPLACED_BY]-(b:Section) RETURN DISTINCT b.id",
                    {"ids": gov_all},
                ):
                    provs.add(nid)
                # cases that interpret a governing provision speak to the problem's law
                for (cid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (c:Case)-[:INTERPRETS]->(p:Provision {id: i}) RETURN DISTINCT c.id",
                    {"ids": gov_all},
                ):
                    cases.add(cid)
            if cases:
                # what a linked case interprets
                for (nid,) in self.graph.ro_query(
                    "UNWIND $ids AS i MATCH (c:Case {id: i})-[:INTERPRETS]->(p:Provision) RETURN DISTINCT p.id",
                    {"ids": sorted(set(cases))},
                ):
                    provs.add(nid)
        out = _Links(provs - must_not, cases, must_not)
        with self._lock:
            self._links[key] = out
            while len(self._links) > 64:
                self._links.popitem(last=False)
        return out

    # ------------------------------------------------------------- similarity
    def _embedder(self):
        if self._embed is None:
            try:
                from core.embed import embed_query

                self._embed = embed_query
            except Exception as exc:  # lexical similarity still decides
                log.warning("relevance check without embeddings: %s", exc)
                self._embed = False
        return self._embed or None

    def _question_vec(self, ctx: RelevanceContext):
        embed = self._embedder()
        if embed is None:
            return None
        try:
            import numpy as np

            v = np.asarray(embed(ctx.question), dtype="float32")
            n = float(np.linalg.norm(v))
            return v / n if n else None
        except Exception as exc:
            log.warning("question not embedded: %s", exc)
            return None

    def _provision_sim(self, node_id: str, qvec) -> float | None:
        if qvec is None:
            return None
        import numpy as np

        rows = self.graph.ro_query("MATCH (p:Provision {id: $id}) RETURN p.embedding", {"id": node_id})
        vec = rows[0][0] if rows else None
        if vec is None:
            return None
        v = np.asarray(list(vec), dtype="float32")
        n = float(np.linalg.norm(v))
        return float(v @ qvec / n) if n and v.shape == qvec.shape else None

    # ------------------------------------------------------------------ judge
    def judge(self, checks, ctx: RelevanceContext) -> None:
        """Set status off_point (severity error) on every real provision or case in `checks` that does not
        bear on the question. Checks already in error are left as they are."""
        from core.citations import extract

        live = [c for c in checks if c.node_id and c.severity != "error" and c.status != "off_point"]
        if not live:
            return
        links = self.links(ctx.problem_ids)
        named = set()
        for cit in extract(ctx.question):
            if cit.kind != "case" and cit.act and cit.number:
                named.add(f"{cit.act}:{cit.number}")
        q_tokens = {t for t in re.findall(r"[a-z]+", ctx.question.lower()) if len(t) > 2}
        asked = stems(content_words(f"{ctx.question} {ctx.hint}"))
        problem_mode = bool(ctx.problem_ids)
        qvec = None
        texts = self._texts([c.node_id for c in live])
        good_provisions: set[str] = set()
        # provisions first: a case may be relevant through a provision cited beside it
        order = sorted(live, key=lambda c: c.kind == "case")
        undecided = []
        for c in order:
            nid = c.node_id
            is_case = c.kind == "case"
            if nid in named or nid in ctx.about or (is_case and self._named_case(c.title or "", q_tokens)):
                verdict = True
            elif nid in links.must_not:
                verdict = False
            elif (nid in links.cases) if is_case else (nid in links.provisions):
                verdict = True
            elif is_case and self._interprets(nid, good_provisions | links.provisions):
                verdict = True
            else:
                verdict = None
            if verdict is None:
                undecided.append(c)
            elif verdict and not is_case:
                good_provisions.add(nid)
            if verdict is False:
                self._off(c, ctx)
        for c in undecided:
            nid = c.node_id
            if c.kind != "case" and self._neighbour(nid, good_provisions):
                continue
            if not asked:
                continue  # a question with no content word cannot be judged on words
            head, body = texts.get(nid, (set(), set()))
            if c.kind == "case":
                near = len(asked & body) >= (3 if problem_mode else 2)
            elif problem_mode:
                near = bool(asked & head) and len(asked & (head | body)) >= 2
            else:
                near = bool(asked & head) or len(asked & body) >= 2
            if not near and c.kind != "case":
                if qvec is None:
                    qvec = self._question_vec(ctx)
                sim = self._provision_sim(nid, qvec)
                near = sim is not None and sim >= (EMB_STRONG if problem_mode else EMB_WEAK)
            if not near:
                self._off(c, ctx)

    def _texts(self, ids: list[str]) -> dict[str, tuple[set, set]]:
        out = {}
        prov = [i for i in ids if not i.startswith("CASE:")]
        case = [i for i in ids if i.startswith("CASE:")]
        if prov:
            for pid, title, text in self.graph.ro_query(
                "UNWIND $ids AS i MATCH (p:Provision {id: i}) RETURN p.id, p.title, p.text", {"ids": prov}
            ):
                out[pid] = (stems(content_words(title or "")), stems(content_words((text or "")[:1500])))
        if case:
            for cid, holding in self.graph.ro_query(
                "UNWIND $ids AS i MATCH (c:Case {id: i}) RETURN c.id, c.holding", {"ids": case}
            ):
                out[cid] = (set(), stems(content_words(holding or "")))
        return out

    @staticmethod
    def _named_case(title: str, q_tokens: set[str]) -> bool:
        from core.citations.casenames import name_tokens

        toks = {t for t in name_tokens(title) if len(t) > 3}
        return bool(toks) and len(toks & q_tokens) / len(toks) >= 0.5

    def _interprets(self, case_id: str, provisions: set[str]) -> bool:
        if not provisions:
            return False
        rows = self.graph.ro_query(
            "MATCH (c:Case {id: $id})-[:INTERPRETS]->(p:Provision) WHERE p.id IN $p RETURN count(p)",
            {"id": case_id, "p": sorted(provisions)},
        )
        return bool(rows and rows[0][0])

    def _neighbour(self, node_id: str, provisions: set[str]) -> bool:
        if not provisions:
            return False
        rows = self.graph.ro_query(
            "MATCH (a:Section {id: $id})-[:REPLACED_BY]-(b:Section) WHERE b.id IN $p RETURN count(b)",
            {"id": node_id, "p": sorted(provisions)},
        )
        return bool(rows and rows[0][0])

    @staticmethod
    def _off(c, ctx: RelevanceContext) -> None:
        was = c.status
        what = c.title or c.text
        c.status, c.severity = "off_point", "error"
        c.note = (
            f"{c.text} is real law ({what}), but it does not bear on this question"
            + (" or the problem it raises" if ctx.problem_ids else "")
            + f"; it is not cited. (Its own status: {was}.)"
        )
