"""Is a settled disagreement that a cited provision leads to the question's point (issue 23)?

    about_cited(graph, disputes, ids) -> disputes   those about a provision the answer cites
    speaks_to(graph, p, said, asked, hint, others)  the question's own words meet the settled point
    named_disputes(graph, disputes, said)           those about a provision the question names by number
    interpreted(graph, settler)                     the provisions a judgment interprets (and their equivalents)

core.conflicts.disputes_on finds every settled dispute whose settling judgment interprets a cited
provision; core.assemble reports one with the fixed "earlier judgments differed; settled by X" notice
and cites X. Two things made that notice untrue:

  the wrong provision   a settling judgment reads several provisions, the disagreement was about one of
                        them. Sushila Aggarwal also reads Article 21, but Salauddin, K.L. Verma and Sibbia
                        disagreed on s.438 CrPC (anticipatory bail): a default-bail answer citing Article 21
                        is not on that point. A dispute counts only through a provision both of its sides
                        interpret (predecessors and successors included: ``ids`` carries them); where one
                        side records none, or they share none, through any provision either side reads.
  not the point         the provision is the dispute's, the question is not: an answer on making a will
                        cites HSA s.6 beside s.30, a question on notice after a cheque bounces cites s.138,
                        a live-in partner's question cites the DV Act's definitions. The question must share
                        a word with the point as recorded (the dispute's issue, the overruling edge's point)
                        or as people ask it (the reviewed Hindi and Roman renderings of the issue), or with
                        what the holding adds to the provisions it reads (a word of their text is the
                        statute's, not the settled rule: "woman ... in a domestic relationship" is s.2's own
                        definition). Words never counted: the headings of what the judgment interprets and
                        the names of its Acts (they name the law, not the point: "amend" of Article 368,
                        "record" of s.65B, "Hindu"); words of another settled point the same answer
                        reaches ("notice" is in the s.138 jurisdiction question too, so it tells neither);
                        a Hindi word that is only part of a glossary term of the rendering the question
                        does not name whole ("आरोप" of "आरोप पत्र", the charge-sheet, is not an accusation).
                        One word alone does not speak to it where the question names, by its lay
                        name, a matter of a provision the judgment reads that shares no word with the point
                        ("live in relationship mein rehne wali": s.2(f) of the DV Act, not the shared
                        household of s.2(s)). Nor does one ordinary word: a word alone speaks to the
                        point only as its legal subject, one the law's own texts seldom use (``subject``:
                        "anticipatory", "coparcener", "privacy"), not one that every part of the statute
                        book says ("house" of Satish Chander Ahuja's holding, "filed" or "trial" of
                        Sushila Aggarwal's, "copy" of Arjun Panditrao Khotkar's), unless the question
                        also names the matter of what the judgment interprets ("claim residence in my
                        mother's house": s.17, the right to reside); nor, without that matter, the
                        point's facts alone, the words of its ``requires`` (core.settled_points.scope_only:
                        the in-laws who own the house, in a question on their violence).

A question that names the disputed provision by its number ("438 CrPC new section") asks that provision's
law, its settled point included, whatever its other words. Hindi terms are read with and without the nukta
("अग्रिम ज़मानत" is the glossary's "अग्रिम जमानत", anticipatory bail). All this is the provision route;
a point the question asks in its own words with no cited provision leading to it is
core.conflicts.point_asked's (words and meaning together).
"""

from __future__ import annotations

import re
import threading
from collections import Counter

from core.conflicts import SettledPoint, _common, _script_words, in_scope, settled_points
from core.graph_queries import provision_texts
from core.graphdb import built_once
from core.script_words import DEVA, hi_key, hi_words, rom_key, rom_words, script_of
from core.settled_points import _BROAD, family, scope_only
from core.support import content_words, stems

_PHRASE = re.compile(r"[a-z0-9]+|[\u0900-\u097F]+")


def about_cited(graph, disputes: list[tuple[str, str, str]], ids: set[str]) -> list[tuple[str, str, str]]:
    """The disputes (a, b, point) whose sides disagreed on a provision among ``ids`` (see above)."""
    sides = sorted({x for a, b, _ in disputes for x in (a, b)})
    if not sides:
        return []
    read = {
        cid: set(pids or ())
        for cid, pids in graph.ro_query(
            "UNWIND $ids AS i MATCH (c:Case {id: i}) OPTIONAL MATCH (c)-[:INTERPRETS]->(p:Provision) "
            "RETURN c.id, collect(p.id)",
            {"ids": sides},
        )
    }
    out = []
    for a, b, pt in disputes:
        ra, rb = read.get(a, set()), read.get(b, set())
        if ((ra & rb) or (ra | rb)) & ids:
            out.append((a, b, pt))
    return out


def interpreted(graph, settler: str, equivalents: bool = False) -> list[str]:
    """The ids of the provisions a judgment interprets; with ``equivalents``, each one's predecessors and
    successors too (CrPC s.438 read by Sushila Aggarwal is BNSS s.482 today)."""
    ids = [
        i
        for (i,) in graph.ro_query("MATCH (:Case {id: $id})-[:INTERPRETS]->(p:Provision) RETURN p.id", {"id": settler})
    ]
    if not equivalents or not ids:
        return ids
    near = graph.ro_query(
        "UNWIND $ids AS i MATCH (:Provision {id: i})-[:REPLACED_BY]-(q:Provision) RETURN q.id", {"ids": ids}
    )
    return list(dict.fromkeys([*ids, *(i for (i,) in near)]))


def _interpreted_words(graph, settler: str) -> set[str]:
    """The content stems of the text of every provision the judgment interprets."""
    ids = interpreted(graph, settler)
    return stems(content_words(" ".join(str(t or "") for t in provision_texts(graph, ids).values())))


def point_words(p: SettledPoint) -> tuple[set[str], set[str], set[str]]:
    """A settled point's own words as the three scripts read them: English stems of the recorded point,
    Devanagari words of the Hindi rendering, Roman words of the Roman rendering and the point."""
    return (
        stems(content_words(p.point)),
        hi_words(" ".join(p.issue_hi)),
        rom_words(" ".join(p.rom_texts)),
    )


def speaks_to(
    graph, p: SettledPoint, said: str, asked: set[str], hint: str = "", others: list[SettledPoint] = ()
) -> set[str]:
    """The question's words that speak to the settled point ``p`` (empty: it does not). ``said``: the
    question as typed; ``asked``: its content stems with its English hint (core.assemble.question_stems);
    ``others``: the other settled points the same answer reaches. None where the question's facts put it
    outside the point (core.settled_points.in_scope: a self-acquired house is not coparcenary property)."""
    if not in_scope(p, said, hint):
        return set()
    other_en, other_hi, other_rom = set(), set(), set()
    for o in others:
        en, hi, rom = point_words(o)
        other_en, other_hi, other_rom = other_en | en, other_hi | hi, other_rom | rom
    named = p.heads | other_en
    script = script_of(said)
    terms = _terms(said) if script != "en" else {}
    # the English terms of the glossary terms it names, in either spelling ("ज़मानत")
    asked = asked | stems(content_words(" ".join(t.en for t in terms.values())))
    told = stems(content_words(p.holding)) - _interpreted_words(graph, p.settler)
    english = {w for w in asked & (point_words(p)[0] | told) - named if rom_key(w) not in p.acts | other_rom}
    if script == "en" or not p.issue_hi:
        words = english
    else:
        common = _common(settled_points(graph)) | other_hi | other_rom
        words = english | (_script_words(p, said, hint, script, common) - _parts_unnamed(p, terms))
    # a number is the provision's name, not its point ("368" of the rendering's "article 368 ke tahat": the
    # procedure of an amendment is not the basic structure); a named provision is ``named_disputes``' route
    words = {w for w in words if not w.isdigit()}
    if len(words) < 2 and _names_another_matter(p, said):
        return set()
    # naming the matter of what the judgment interprets by a heading word of its own ("claim residence": s.17 of
    # the DV Act, "reside"), not one every field uses ("record" of s.65B's "electronic record")
    matter = bool(family(asked) & family({h for h in p.heads - _BROAD if subject(graph, h)}))
    if len(words) == 1 and not subject(graph, next(iter(words))) and not matter:
        return set()
    if not matter and scope_only(p, words, said, hint):  # the point's facts said, not its question
        return set()
    return set() if _asks_another_matter(graph, p, words, said, hint, asked, told) else words


# A word the headings and texts of at most this many of the graph's provisions (about 5,000) use names a legal
# subject; more, and it is a word of every field. Measured on the words toward the settled points (their
# recorded points and what their holdings add): "anticipatory" 0, "coparcen" 1, "privacy" 8, "committe" 14,
# "adultery" 18, "alive" 17, "fath" 29 against "till" 32, "later" 39, "filed" 101, "certificate" 161, "copy" 192,
# "house" 227, "trial" 327.
SUBJECT_DF = 30
_df: dict[int, Counter] = {}
_df_lock = threading.Lock()


def _word_df(graph) -> Counter:
    """How many provisions' headings and texts use each content stem (read once per store)."""

    def build(g) -> Counter:
        out = Counter()
        for (text,) in g.ro_query("MATCH (p:Provision) RETURN coalesce(p.title, '') + ' ' + coalesce(p.text, '')"):
            out.update(stems(content_words(str(text))))
        return out

    return built_once(_df, _df_lock, graph, build)


def subject(graph, word: str) -> bool:
    """Whether one word toward a settled point can stand for it alone: one at most SUBJECT_DF of the graph's
    provisions use ("anticipatory", not "house"); a Hindi or Roman-script Hindi word of the point's own
    renderings (core.settled_points) is none of the statutes' English words, so it stands."""
    return _word_df(graph).get(word, 0) <= SUBJECT_DF


def _asks_another_matter(graph, p: SettledPoint, words: set[str], said: str, hint: str, asked, told) -> bool:
    """Every word toward the point is of the name the question gives the provision's matter ("anticipatory
    bail", "अग्रिम जमानत" in either script, or the provision's heading), and the question asks another thing
    the provisions' own text provides that the holding only restates, not settles: a word of that text and of
    the holding that is none of the point's (recorded or rendered) nor of the headings (Sushila Aggarwal:
    "courts may impose conditions", which s.438(2) CrPC already lists). A question that asks only the matter
    itself ("can I get anticipatory bail before arrest?") keeps its point."""
    text = f" {' '.join(_PHRASE.findall(f'{said} {hint}'.lower()))} "
    names = [n for n in p.lay if f" {' '.join(_PHRASE.findall(n.lower()))} " in text]
    name = set().union(*(stems(content_words(n)) | hi_words(n) | rom_words(n) for n in names)) | p.heads
    if not names or not words or not words <= name:
        return False
    own = set().union(*point_words(p)) | told | p.heads | name
    return bool((asked - own) & _interpreted_words(graph, p.settler) & stems(content_words(p.holding)))


def _names_another_matter(p: SettledPoint, said: str) -> bool:
    """The question names, by its lay name, a matter of a provision the judgment reads that is not the
    point, no name it uses sharing a word with the point's record or renderings ("live in relationship" is
    the DV Act's s.2 as much as the shared household is): with one word toward the point, it asks that."""
    text = f" {' '.join(_PHRASE.findall(said.lower()))} "
    named = [n for n in p.lay if f" {' '.join(_PHRASE.findall(n.lower()))} " in text]
    own = set().union(*point_words(p))
    return bool(named) and not any((stems(content_words(n)) | hi_words(n) | rom_words(n)) & own for n in named)


def _parts_unnamed(p: SettledPoint, named: dict) -> set[str]:
    """Hindi words of the rendering that are only part of a glossary term there the question does not name
    whole (``named``: the glossary terms it names, ``_terms``): "आरोप" of "आरोप पत्र" (charge-sheet) is not
    an accusation of murder."""
    there = _terms(" ".join(p.issue_hi)).values()
    keep = {hi_key(w) for t in there if t.id in named for w in DEVA.findall(t.hi or "")}
    parts = set()
    for t in there:
        words = DEVA.findall(t.hi or "")
        if t.id not in named and len(words) > 1:
            parts |= {hi_key(w) for w in words}
    return parts - keep


def _terms(text: str) -> dict:
    """The glossary terms a text names, by id (the glossary reads it with the nukta folded: "अग्रिम ज़मानत" is
    its "अग्रिम जमानत"); none when the glossary cannot be read."""
    from core.language.translate import default_glossary

    try:
        glossary = default_glossary()
        return {t.id: t for t in glossary.find(text)}
    except Exception:  # an unreadable glossary: no terms, every word counts as it is
        return {}


def named_disputes(graph, disputes: list[tuple[str, str, str]], said: str) -> set[tuple[str, str]]:
    """The disputes about a provision the question names by its number ("438 CrPC new section"): asking
    the law of the very provision the judgments disagreed on is asking its settled point too. Not an Article
    of the Constitution: each is read by judgments on many points (Article 21: privacy, the right to die,
    speedy trial; Article 368: how an amendment is made, against how far it may go), so naming one asks its
    text, and a settled point is the question's only where its words speak to it (``speaks_to``):
    "अनुच्छेद 368 के तहत संविधान संशोधन की प्रक्रिया क्या है?" asks the procedure, not the basic structure."""
    from core.citations import provision_ids
    from core.conflicts import neighbours

    ids = neighbours(graph, sorted(i for i in provision_ids(said) if not str(i).startswith("COI:")))
    return {(a, b) for a, b, _ in about_cited(graph, disputes, ids)} if ids else set()
