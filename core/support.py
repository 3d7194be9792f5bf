"""Does the provision cited in a sentence speak to what the sentence says?

Deterministic and lexical: the sentence and the provision must share a content word
(Hindi words are mapped to English through the bilingual glossary). When they share
none, the citation is called unsupported only if another provision of the same act
has a title that names what the sentence says (all of it, or at least two words),
so a neutral sentence ("The accused is charged under Section 302 IPC.") is not
judged, and neither is one with no content words ("See Section 5 BNS."). An
embedding fallback was tried and dropped: it objected to neutral sentences.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from core.acts import display

GLOSSARY = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india" / "glossary.json"

# Words every provision and every legal sentence share; overlap on these proves nothing.
GENERIC = frozenset("""
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
""".split())
_WORD = re.compile(r"[a-z]+|[\u0900-\u097F]+")
_CITATION_BITS = re.compile(r"\b(?:s|sec|u|r|w|art)\b\.?", re.I)


def _stem(w: str) -> str:
    for suf in ("ations", "ation", "ments", "ment", "ings", "ing", "ness", "ies", "ied", "ers", "er",
                "ed", "es", "s"):
        if len(w) > len(suf) + 3 and w.endswith(suf):
            return w[: -len(suf)]
    return w


GENERIC_STEMS = frozenset(_stem(g) for g in GENERIC)


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
                devanagari = "\u0900" <= w[0] <= "\u097F"
                # a one-word romanized alias ("jamanat") maps too; English words never do
                if devanagari or (len(words) == 1 and len(w) > 3 and w not in english):
                    out.setdefault(w, set()).update(en_words)
    return out


def content_words(text: str) -> set[str]:
    """Lower-case English content words of a text; Hindi words arrive as their glossary English."""
    words = set()
    hmap = _hindi_map()
    for w in _WORD.findall(_CITATION_BITS.sub(" ", text.lower())):
        if w in GENERIC:
            continue
        if "\u0900" <= w[0] <= "\u097F" or w in hmap:
            words |= hmap.get(w, set())
        elif len(w) > 2:
            words.add(w)
    return {w for w in words if w not in GENERIC and _stem(w) not in GENERIC_STEMS}


def stems(words) -> set[str]:
    return {_stem(w) for w in words}


class SupportChecker:
    def __init__(self, graph):
        self.graph = graph

    def check(self, sentence: str, cited_text: str, node_id: str, act: str) -> str | None:
        """None when supported (or when it cannot be judged); else a note for the user."""
        said = content_words(sentence.replace(cited_text, " "))
        if len(said) < 1:
            return None
        rows = self.graph.ro_query(
            "MATCH (p:Provision {id: $id}) RETURN p.title, p.text", {"id": node_id})
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
            better = [(i, t) for i, t in self.graph.ro_query(
                "CALL db.idx.fulltext.queryNodes('Provision', $q) YIELD node, score "
                "WITH node, score WHERE node.act = $act RETURN node.id, node.title "
                "ORDER BY score DESC LIMIT 10", {"q": q, "act": act})
                if len(stems(said) & stems(content_words(t or ""))) >= need]
            if better and node_id not in [i for i, _ in better]:
                return self._note(node_id, title, *better[0])
        return None

    @staticmethod
    def _note(node_id: str, title: str, best_id: str, best_title: str) -> str:
        return (f"{display(*node_id.split(':', 1))} is about \"{title}\"; it does not support this "
                f"statement. {display(*best_id.split(':', 1))} (\"{best_title}\") may be what was meant.")
