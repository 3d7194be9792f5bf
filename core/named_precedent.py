"""A question that names a judgment of a settled dispute asks that dispute's settled point (issue 23).

"Is K. Bhaskaran still good law on where a cheque case is filed?", "my lawyer relies on the Suresh Kumar
Koushal case", "A.K. Gopalan treated each fundamental right as a separate code; is that still followed?": the
asker names a judgment a later one overruled or resolved (OVERRULES, RESOLVED_BY in the graph), or the
settling judgment itself. Whether it is still the law is the settled point, and the answer is the settling
judgment's rule with the fixed settled notice. Before, such questions were answered from whatever the other
words found (NI Act s.6 for K. Bhaskaran; BNS s.15, a judge's act, for "Suresh Kumar Koushal ka faisla").

    named_point(graph, said, hint) -> SettledPoint | None

A name is said as the graph records it (Case name and short_names), in any case and punctuation ("A.K.
Gopalan", "a k gopalan", "K Bhaskaran"). A name of one word ("Laxman", "Rangappa", "Koushal") is also a
person's name; it counts only beside a word that says a judgment ("Koushal case", "Bhaskaran ke faisle") and
when the point's own texts are the nearest of all settled points to the question in meaning. The question asks
whether that is still the law ("still", "ab bhi lagu", "overruled"), or says the point, or the nearest of the
project's labelled questions is on it (core.settled_examples, NEAR_SIM): "how many judges sat in Golak Nath"
asks none of these. The point's ``not_when`` and ``other_asks`` still hold ("which court do I apply to, as in
Salauddin": the forum, not the point); its ``requires`` do not, since the judgment named says what the matter is.

A name written in Devanagari ("फुलावती वाला फैसला", "कौशल केस") is read by its consonants: the word in the app's
own Roman transliteration and the recorded name reduced alike (vowels after the first letter, an "h" after a
consonant and doubled letters dropped, "x" as "ks"), since the transliteration drops or changes the vowels a
name's English spelling keeps ("phulavati" / "fulavti", "bhaskaran" / "bhaskran", "koushal" / "kaushal"). Such a
name always needs a judgment word just after it ("वाला फैसला", "केस"), and one of a single word at least three
consonants; the question then says a part of the point in its own words in place of being nearest it in meaning.
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import replace
from functools import lru_cache

from core.graphdb import built_once
from core.language.transliterate import roman_word
from core.said_phrases import _spaced, says_any
from core.script_words import DEVA
from core.settled_examples import NEAR_SIM, nearest
from core.settled_points import SettledPoint, _aliases, _nearest, in_scope, says_point, settled_points

log = logging.getLogger(__name__)

# the words that say a judgment, next to a one-word name (within JUDGMENT_GAP words after it)
_JUDGMENT = frozenset(
    """case cases judgment judgement judgments ruling verdict decision precedent ratio v vs versus faisla faisle
    faislay nirnay mamla mamle mamley फैसला फैसले फ़ैसला फ़ैसले निर्णय मामला मामले केस जजमेंट""".split()
)
JUDGMENT_GAP = 2
_CONSONANTS = "bcdfgjklmnpqrstvwxz"
# the words that ask whether a judgment is still the law ("still good law", "ab bhi lagu", "अब भी लागू", "overruled")
_STILL = re.compile(
    r"\b(?:still|anymore|any\s+more|good\s+law|bad\s+law|overruled|valid\w*|follow\w*|binding|appl(?:y|ies|icable)|"
    r"in\s+force|hold\s+good|holds|la+gu|ma+nya|ab\s+bhi|abhi\s+bhi|aaj\s+bhi|ab\s+tak|palat\w*|ula?t\w*)\b|"
    r"अब\s+भी|आज\s+भी|अभी\s+भी|लागू|मान्य|पलट|उलट",
    re.I,
)

_names: dict[int, dict] = {}
_names_lock = threading.Lock()


def _words(text: str) -> list[str]:
    """Its words as the settled-point probe reads a question (core.said_phrases: lower case, no nukta)."""
    return _spaced(text or "").split()


def _name_forms(name: str) -> set[tuple[str, ...]]:
    """A recorded name as words, and its first party alone ("K. Bhaskaran v. Sankaran Vaidhyan Balan"). A name
    that describes rather than names ("Adultery case", "Habeas Corpus case", "Section 377 case") is left out:
    "adultery case" and "habeas corpus case" are what people call their own cases."""
    first = re.split(r"\s+(?:v\.?|vs\.?|versus)\s+", name or "", maxsplit=1)[0]
    forms = {tuple(_words(name)), tuple(_words(first))}
    return {f for f in forms if f and f[-1] not in ("case", "cases") and not any(w.isdigit() for w in f)}


def _index(graph) -> dict[tuple[str, ...], str]:
    """Every name of a judgment on a settled point's dispute -> that point's settler: the settler itself, the
    judgments it overrules and those resolved by it. Not the ones those overruled in turn: Anvar P.V. overruled
    Navjot Sandhu, the Parliament attack case ("Afzal Guru"), whose naming asks nothing of a 65B certificate."""

    def build(g) -> dict[tuple[str, ...], str]:
        out: dict[tuple[str, ...], str] = {}
        for p in settled_points(g):
            rows = g.ro_query(
                "MATCH (z:Case {id: $id}) OPTIONAL MATCH (z)-[:OVERRULES|RESOLVED_BY]-(x:Case) "
                "RETURN z.name, z.short_names, collect(DISTINCT [x.name, x.short_names])",
                {"id": p.settler},
            )
            if not rows:
                continue
            name, short, sides = rows[0]
            for n, shorts in [[name, short], *(sides or [])]:
                for form in {f for x in [n, *(shorts or [])] if x for f in _name_forms(str(x))}:
                    out.setdefault(form, p.settler)
        return out

    return built_once(_names, _names_lock, graph, build)


@lru_cache(maxsize=4096)
def _skeleton(word: str) -> str:
    """A Roman word by its consonants (see above): "phulavati" and "fulavti" are both "flvt". Cached: every
    question naming a judgment in Devanagari reduces the same hundred-odd recorded names."""
    w = re.sub(r"[^a-z]", "", word.lower()).replace("x", "ks").replace("ph", "f")
    w = re.sub(rf"(?<=[{_CONSONANTS}])h", "", w)
    w = w[:1] + re.sub(r"[aeiouy]", "", w[1:])
    return re.sub(r"(.)\1+", r"\1", w)


def _deva_said(said: str, index: dict[tuple[str, ...], str]) -> dict[str, int]:
    """The settlers whose judgment the question names in Devanagari, with the name's length in words."""
    words = _words(said)
    if not any(DEVA.search(w) for w in words):
        return {}
    keys = [_skeleton(roman_word(w)) if DEVA.search(w) else "" for w in words]
    hits: dict[str, int] = {}
    for form, z in index.items():
        shape = tuple(_skeleton(w) for w in form)
        if len(shape) == 1 and len(shape[0]) < 3 or not all(shape):
            continue
        n = len(shape)
        for i in range(len(keys) - n + 1):
            if tuple(keys[i : i + n]) == shape and _JUDGMENT.intersection(words[i + n : i + n + JUDGMENT_GAP]):
                hits[z] = max(hits.get(z, 0), n)
    return hits


def _of_its_matter(p: SettledPoint, said: str) -> bool:
    """The question says a part of the point in its own words (a phrase of one group of its asks): a Hindi
    question's meaning is not reliably nearest the point's texts, so a one-word name in Devanagari ("बेटी के
    हिस्से पर फुलावती वाला फैसला") is read with the matter it names instead ("हिस्से")."""
    return any(says_any(said, group) for alt in (p.asks, *p.asks_also) for group in alt)


def _said(words: list[str], form: tuple[str, ...]) -> bool:
    """The name is said in the question's words; a one-word name only with a judgment word just after it."""
    n = len(form)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) != form:
            continue
        if n > 1 or _JUDGMENT.intersection(words[i + 1 : i + 1 + JUDGMENT_GAP]):
            return True
    return False


def named_point(graph, said: str, hint: str = "", embed=None) -> SettledPoint | None:
    """The settled point whose dispute the question names a judgment of, or None (see above)."""
    try:
        index = _index(graph)
    except Exception:  # an aid: without the names the other routes decide
        log.exception("judgment names not read")
        return None
    words = _words(said)
    hits: dict[str, int] = {}
    for form, z in index.items():
        if _said(words, form):
            hits[z] = max(hits.get(z, 0), len(form))
    deva = _deva_said(said, index)
    for z, n in deva.items():
        hits[z] = max(hits.get(z, 0), n)
    if len(hits) != 1:
        return None
    ((settler, size),) = hits.items()
    point = next((p for p in settled_points(graph) if p.settler == settler), None)
    if point is None or not in_scope(replace(point, requires=()), said, hint):
        return None
    if size == 1 and not (deva.get(settler) and _of_its_matter(point, said)):
        best, _ = _nearest(settled_points(graph), said, embed, renderings=True)
        if best is None or best.settler != settler:
            return None
    # and it asks whether that is still the law, or the point itself (in its words, or as the project's labelled
    # questions asked it); "how many judges sat in Golak Nath" asks neither
    if _STILL.search(said) or says_point(point, said, hint):
        return point
    label, sim, _ = nearest(said, embed)
    return point if label is not None and sim >= NEAR_SIM and label in (settler, *_aliases(graph, settler)) else None
