"""The settled point a question itself asks about (issue 23): ``point_asked`` names the settling judgment
whose recorded point the question asks, when no cited provision led to it. Split from core.conflicts (which
decides live / settled / none and re-exports these names) so each module says one thing.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from core.acts import acts
from core.graphdb import built_once
from core.said_phrases import LOOSE, says_any
from core.script_words import DEVA, LATIN, hi_words, rom_key, rom_words, roman_key, roman_text, script_of
from core.support import GENERIC_STEMS, _hindi_map, _stem, content_words, stems
from domain import paths

log = logging.getLogger(__name__)

# ------------------------------------------------------------------ the point a question asks about
# A question can ask the settled point itself in words that lead retrieval to none of the provisions the
# settling judgment interprets ("is there an outer time limit after which a criminal case must be
# dropped?" meets the Limitation Act, not Article 21, yet it is P. Ramachandra Rao's point). The probe
# names the settling judgment only when two tests agree, each from the graph's own records:
#   words    content words of the question in the point, none a word of the headings or Act names of what
#            the judgment interprets (they name the Act, not the point: "domestic violence", "घर").
#            English: PROBE_WORDS word families (a stem's first six letters: "presume" is "presumption",
#            "consenting" "consensual") in the recorded point (OVERRULES on_point, RESOLVED_BY /
#            CONFLICTS_WITH issue), the Roman renderings' English words ("gay", "relationship") or the
#            reviewed English wordings (doctrine.json issue_en, read from the pack at run time) less the
#            families of two or more points' wordings ("complaint", "filed": a field, not a point), and as
#            many in its holding. Hindi and Roman-script Hindi: PROBE_WORDS_HI
#            of the question's own words in the reviewed renderings of the issue in its script (doctrine.json
#            settled_points -> settled_issue_hi / _rom), its Roman words ("65B") and English hint also
#            against the recorded point; a word of the issues of three or more points ("bounce") not counted.
#            A Devanagari word also meets the Roman renderings in Roman script (core.script_words: they give
#            the lay words beside the formal ones, "apradh (jurm, crime)"), and a Roman one the Hindi
#            renderings transliterated, and the Hindi rendering in another gender or case ending (``fold``:
#            "दूसरी" is "दूसरे"); each word of the question counts once. A word a rendering glosses
#            with heading words, or that glosses them ("sanshodhan (amendment)"), is a heading word too; the
#            heading of a provision the judgment struck down (s.497 IPC) is its point and counts.
#            (Hindi words against the Hindi holding fired on "which Article holds the right to life and
#            personal liberty?": a holding restates the right; a rendering of the issue asks the point.)
#   meaning  its texts and renderings are the nearest of all settled points to the question (multilingual
#            e5), at least PROBE_SIM near (PROBE_SIM_HI on two words alone).
# Last, as asked before (core.settled_examples): the nearest of the project's labelled questions names the point.
# Apart from both: a question that names a provision the judgment struck down whole, with a word asking
# whether it is an offence ("is adultery still a crime?"), asks its point (``asks_struck``).
# Said as people say it (``says_point``): a question that says a phrase of every group of a point's ``asks``
# (doctrine.json, sourced: the point's parts in everyday English, Hindi and Roman Hindi, "the house is in my
# in-laws' name" + "throw me out") names that point when no other point's groups are all said, it is in scope
# and e5 puts it at least ASKS_SIM near: lay words that reach none of the point's own words ("apni jaan
# khatam karne ka haq", "will the court assume I owed them money"). On the 1,412 tune/train questions of
# conflicts, everyday, statutes and the training batch, the groups were all said by 59 conflicts questions,
# each a settled question of that point (0.857-0.952 near), and by 6 statutes/training questions that ask
# the point itself ("is privacy a fundamental right?", already given the notice before); by no none question.
# With the asks of Vineeta Sharma, Arjun Panditrao Khotkar and Gian Kaur's two groups (fresh5, 1,514 tune/train
# questions): all groups said by 108 conflicts questions, 107 settled ones of that point and one none ("65B certificate
# kaun sign karta hai", already named by the words test and shown none), 8 statutes and 6 training questions
# asking the point itself ("do daughters have an equal share in ancestral property"); by no everyday question.
# The English wordings (issue_en) count toward the point only: on the 477 English tune questions of conflicts,
# everyday and statutes the probe then names 16 (was 11), each settled; counting them in the holding test too fired
# on a chargesheet time-limit question (none), e5 with them put a cheque notice at 0.891 of the jurisdiction point.
# With renderings and word families (458 English tune questions) the words test held on the nearest point for 8
# settled questions and no other; e5 with the renderings puts the settled ones nearer (0.86-0.92) than without.
# core.assemble quotes its holding only where the relevance gate will let it (a recognised problem links
# it, it interprets a cited provision, or the question's words meet its holding); elsewhere the fixed
# notice names and cites it. English, measured on 1,020 questions (tune parts; untouched never read): e5
# alone cannot tell a settled question from an everyday one (0.851 against 0.883), words alone fire on Act
# names; together they fired on no everyday or statutes question. Hindi and Hinglish, on the 328 tune
# questions of both sets and 38 of ours (tests/test_conflicts.py): 28 of ours named, two others, each
# asking the point itself ("is privacy a fundamental right?" in Hindi, a daughter's equal share).
PROBE_WORDS = 3
PROBE_SIM = 0.87
PROBE_SIM_HI = 0.885
PROBE_WORDS_HI = 2
# one word of a Hindi or Hinglish question on the point where the meaning is nearly a rendering's own ("क्या संसद
# संविधान में कुछ भी बदल सकती है, मौलिक अधिकार भी खत्म कर सकती है?", 0.95 to Kesavananda's; Parliament, the Constitution
# and fundamental rights are heading and Act words). On the Hindi and Hinglish tune questions of conflicts, everyday
# and statutes, all at 0.93 or nearer asked a settled point; the nearest other was 0.90
PROBE_SIM_ONE = 0.93
# With asks for all points but MSR Leathers and more lay phrases (fresh6, 1,650 tune/train questions of conflicts,
# everyday, statutes and the training batch): every question whose groups named one point in scope was 0.844 near
# it or nearer, each a settled question of that point or one asking the point itself ("beti ka pushtaini jaydad me
# hissa hai kya", 0.844); at 0.85 "the copy counts for nothing without a signed paper" (0.844) was lost.
# A point asked by its own name in five words ("What is the basic structure doctrine?") is 0.838 near its longer
# texts; on 1,783 tune/train questions (conflicts tune, everyday, statutes tune and 50 fresh ones, h1) no question
# whose groups were all said fell between 0.83 and 0.84 but that one, and no none or everyday one below 0.85
ASKS_SIM = 0.83


@dataclass(frozen=True)
class SettledPoint:
    """A settling judgment as the probe reads it."""

    settler: str
    point: str  # its recorded points, joined
    holding: str
    holding_hi: str
    heads: frozenset  # stems of the headings of the provisions it interprets
    issue_hi: tuple = ()  # the issue as people ask it in Devanagari Hindi (doctrine.json, reviewed)
    issue_rom: tuple = ()  # ... and in Roman-script Hindi
    acts: frozenset = frozenset()  # the words of the names of the Acts it interprets, both scripts
    hi_rom: tuple = ()  # the Hindi renderings in Roman script (their formal words: "vayask", "sahmati")
    lay: tuple = ()  # the lay names of the provisions it interprets, three scripts ("live in relationship")
    struck: tuple = ()  # the headings and lay names of the provisions it struck down whole ("Adultery")
    requires: tuple = ()  # groups: the question says a phrase of each, or the point is not its (doctrine.json, sourced)
    not_when: tuple = ()  # ... and none of these in any Roman spelling ("self-acquired": not the coparcenary of HSA s.6)
    issue_en: tuple = ()  # the issue as people ask it in English (doctrine.json issue_en, reviewed, sourced)
    asks: tuple = ()  # groups of phrases, any script, that together say the point (doctrine.json asks, sourced)
    asks_also: tuple = ()  # other full sets of such groups, any one said says the point (doctrine.json asks_also)
    other_asks: tuple = ()  # another question on its matter ("which court"): not_when, unless a clause beside asks the point

    @property
    def rom_texts(self) -> tuple:
        """Its Roman-script texts: the Roman renderings, the recorded point, the Hindi ones transliterated."""
        return (*self.issue_rom, self.point, *self.hi_rom)


_points: dict[int, list] = {}
_points_lock = threading.Lock()


_STRUCK = "MATCH (p:Provision)-[:STRUCK_DOWN_BY]->(:Case {id: $id}) RETURN p.title"
_STRUCK_WHOLE = (
    "MATCH (p:Provision)-[r:STRUCK_DOWN_BY]->(:Case {id: $id}) WHERE r.extent = 'full' "
    "RETURN p.title, p.names_en, p.names_hi, p.names_rom"
)


def _listed(x) -> list:
    """A property that is one name or a list of them, as a list."""
    return [n for n in (x if isinstance(x, (list, tuple)) else [x]) if n]


def settled_points(graph) -> list[SettledPoint]:
    """Every judgment that settled a dispute the graph records and is still the last word on it (read once
    per store): one since overruled (Suresh Kumar Koushal, by Navtej Singh Johar) or restated by a later
    judgment (Anvar P.V. RESOLVED_BY Arjun Panditrao Khotkar) leaves the point to that later one."""

    def build(g) -> list[SettledPoint]:
        rows = g.ro_query("MATCH (z:Case)-[r:OVERRULES]->(:Case) RETURN z.id, coalesce(r.on_point, '')") + g.ro_query(
            "MATCH (x:Case)-[:RESOLVED_BY]->(z:Case) OPTIONAL MATCH (x)-[k:CONFLICTS_WITH]-(:Case) "
            "RETURN z.id, coalesce(k.issue, '')"
        )
        points: dict[str, list[str]] = {}
        for zid, pt in rows:
            points.setdefault(zid, [])
            if pt and pt not in points[zid]:
                points[zid].append(pt)
        out = []
        later = {i for (i,) in g.ro_query("MATCH (z:Case)-[:RESOLVED_BY]->(:Case) RETURN DISTINCT z.id")}
        later |= {i for (i,) in g.ro_query("MATCH (:Case)-[:OVERRULES]->(z:Case) RETURN DISTINCT z.id")}
        for zid, pts in sorted(points.items()):
            got = g.ro_query(
                "MATCH (z:Case {id: $id}) OPTIONAL MATCH (z)-[:INTERPRETS]->(p:Provision) RETURN z.holding, "
                "z.holding_hi, collect(p.title), z.settled_issue_hi, z.settled_issue_rom, collect(DISTINCT p.act), "
                "collect(coalesce(p.names_en, []) + coalesce(p.names_hi, []) + coalesce(p.names_rom, []))",
                {"id": zid},
            )
            if not got or zid in later:
                continue
            holding, holding_hi, titles, hi, rom, act_ids, lay = got[0]
            # a provision it struck down is not the law it names but its point: whether that is still law
            gone = {t for (t,) in g.ro_query(_STRUCK, {"id": zid})}
            h = frozenset(stems(content_words(" ".join(str(t or "") for t in titles if t not in gone))))
            named = [x for a in act_ids or [] if (x := acts().get(a))]
            hindi = " ".join(x.name_hi for x in named)
            names = hi_words(hindi) | rom_words(roman_text(hindi)) | rom_words(" ".join(x.name_en for x in named))
            pt = (zid, " ".join(pts), holding or "", holding_hi or "", h, tuple(hi or ()), tuple(rom or ()))
            lay = tuple(dict.fromkeys(str(n) for ns in lay or [] for n in ns or [] if n))
            whole = tuple(
                dict.fromkeys(str(n) for ns in g.ro_query(_STRUCK_WHOLE, {"id": zid}) for x in ns for n in _listed(x))
            )
            ids = [zid, *_aliases(g, zid)]
            scope = next((_scopes()[i] for i in ids if i in _scopes()), ((), (), ()))
            asks = next((_asked_as()[i] for i in ids if i in _asked_as()), ())
            also = next((_asked_also()[i] for i in ids if i in _asked_also()), ())
            other = next((_other_asks()[i] for i in ids if i in _other_asks()), ())
            romans = tuple(roman_text(x) for x in hi or ())
            out.append(SettledPoint(*pt, frozenset(names), romans, lay, whole, *scope, asks, also, other))
        return out

    return built_once(_points, _points_lock, graph, build)


def _aliases(g, case_id: str) -> list[str]:
    """The pack ids a Case was merged from (a pack case merged into a corpus case keeps its id there)."""
    got = g.ro_query("MATCH (c:Case {id: $id}) RETURN c.aliases", {"id": case_id})
    return [str(a) for a in (got[0][0] or [])] if got else []


@lru_cache(maxsize=1)
def _pack_points() -> tuple[dict, ...]:
    """doctrine.json's ``settled_points`` rows that name a settler, read once for ``_scopes``, ``_asked_as`` and
    ``_asked_also`` (each read the file before); none where the pack cannot be read."""
    try:
        rows = json.loads(paths.pack_file(paths.DOCTRINE).read_text(encoding="utf-8")).get("settled_points") or []
    except (OSError, ValueError):
        return ()
    return tuple(r for r in rows if isinstance(r, dict) and r.get("settler"))


@lru_cache(maxsize=1)
def _scopes() -> dict[str, tuple[tuple, tuple, tuple]]:
    """Each settled point's ``requires`` and ``not_when`` words (doctrine.json settled_points, with their
    ``scope_source``) and its English wordings (``issue_en``, with ``issue_en_source``), by the settler's
    pack id. Read from the pack at run time: the loader writes only the Hindi and Roman renderings onto the
    Case, and these say when the point is the question's and how it is asked, not what the graph holds."""
    return {
        r["settler"]: (_groups(r.get("requires")), *(tuple(_listed(r.get(k))) for k in ("not_when", "issue_en")))
        for r in _pack_points()
        if r.get("requires") or r.get("not_when") or r.get("issue_en")
    }


def _groups(requires) -> tuple:
    """``requires`` as groups of phrases, every group to be said: one list of phrases is one group; a list of
    lists is several (Joseph Shine's: a marriage, and asking whether adultery is a crime)."""
    got = _listed(requires)
    if got and all(isinstance(g, (list, tuple)) for g in got):
        return tuple(tuple(_listed(g)) for g in got if _listed(g))
    return (tuple(got),) if got else ()


@lru_cache(maxsize=1)
def _asked_as() -> dict[str, tuple]:
    """Each settled point's ``asks`` (doctrine.json settled_points, with ``asks_source``): groups of phrases in
    English, Hindi and Roman-script Hindi, the way people say the point without its doctrinal words ("apni
    jaan khatam karne ka haq" for Gian Kaur's right to die), by the settler's pack id."""
    return {
        r["settler"]: tuple(tuple(_listed(group)) for group in r["asks"] if _listed(group))
        for r in _pack_points()
        if r.get("asks")
    }


@lru_cache(maxsize=1)
def _asked_also() -> dict[str, tuple]:
    """Each settled point's ``asks_also`` (doctrine.json, with ``asks_also_source``): other full sets of groups
    that say the same point in other words, by the settler's pack id. Arjun Panditrao Khotkar's point asked
    without the certificate ("will the court accept the printout as proof, or do I need something more?"):
    a copy of an electronic record by its everyday name, the court or evidence, and whether it is accepted."""
    return {
        r["settler"]: tuple(tuple(tuple(_listed(g)) for g in alt if _listed(g)) for alt in r["asks_also"] if alt)
        for r in _pack_points()
        if r.get("asks_also")
    }


@lru_cache(maxsize=1)
def _other_asks() -> dict[str, tuple]:
    """Each settled point's ``other_asks`` (doctrine.json, with ``other_asks_source``): another question on the
    point's matter ("which court do I apply to", "who signs the certificate"), by the settler's pack id."""
    return {r["settler"]: tuple(_listed(r["other_asks"])) for r in _pack_points() if r.get("other_asks")}


def says_point(p: SettledPoint, said: str, hint: str = "") -> bool:
    """The question says the point as people say it: a phrase of every one of its ``asks`` groups (each
    group one part of the point: "the court" + "assume" + "the loan" is Rangappa's presumption of a debt
    in a cheque case; the cheque and the loan alone are every cheque case), or of every group of one of
    its ``asks_also`` sets. Word for word, a phrase ending in "*" going on (``says_any``); the nukta and
    case do not count; a phrase of words of LOOSE letters or more in any Roman spelling ("alag alag khaane" says
    "alag alag khane"; "tau", uncle, loosely "to", would be said by every English question, "gay" by "gaya")."""
    text = f"{said} {hint}"
    return any(sets and all(says_any(text, group, loose=LOOSE) for group in sets) for sets in (p.asks, *p.asks_also))


def in_scope(p: SettledPoint, said: str, hint: str = "") -> bool:
    """Whether the settled point can be the question's at all by what it says of its facts: it says a phrase
    of each group of the point's ``requires`` (where it has any) and none of its ``not_when`` phrases, in any
    Roman spelling (a phrase that rules the point out is read loosely: missing one costs a false notice). A daughter's
    share on her father's death is Vineeta Sharma's point only for coparcenary (joint family, ancestral)
    property, never for the father's self-acquired property (HSA s.8): doctrine.json scope_source. Another
    question on its matter (``other_asks``: "which court", "who signs") rules it out too, unless the question
    also asks the point itself in its other clauses (``_asked_beside``)."""
    text = f"{said} {hint}"
    if p.not_when and says_any(text, p.not_when, loose=True):
        return False
    if p.other_asks and says_any(text, p.other_asks, loose=True) and not _asked_beside(p, said):
        return False
    return all(says_any(text, group) for group in p.requires)


_CLAUSE = re.compile(r"[,;.?!।]+|\s(?:and|but|aur|lekin|और|लेकिन)\s", re.I)
_ASKING = re.compile(
    r"\b(?:kya|can|could|is|are|does|do|must|should|will|would|whether|how|what|when|which|kitn\w*|kab|kaise)\b|"
    r"क्या|कितन|कब|कैसे",
    re.I,
)  # a word that asks: "kya ...", "kitne time tak ...", "how long ..."


FOLLOW_WORDS = 4  # a clause shorter than this after another question's clause is that question's follow-up


def _asked_beside(p: SettledPoint, said: str) -> bool:
    """The question asks another question on the point's matter in some of its clauses (``other_asks``) and the
    point itself in the others: every group of its asks said there, with a word that asks ("kya certificate har
    haal mein chahiye ..., certificate kaun dega": whether the certificate is needed, and who gives it)."""
    parts = [c for c in _CLAUSE.split(said) if c and c.strip()]
    other = [says_any(c, p.other_asks, loose=True) for c in parts]
    for i in range(1, len(parts)):
        # a clause of a few words just after the other question goes on asking it: "chargesheet ki copy free me
        # milti hai kya, aur kitne din me?" (in how many days: the copy's, not the trial's)
        other[i] = other[i] or (other[i - 1] and len(parts[i].split()) < FOLLOW_WORDS)
    rest = [c for c, o in zip(parts, other) if not o]
    left = " ".join(rest)
    return 0 < len(rest) < len(parts) and bool(_ASKING.search(left)) and says_point(p, left)


def scope_only(p: SettledPoint, words: set[str], said: str, hint: str = "") -> bool:
    """Every word toward the point is a word of its ``requires`` phrases, and the question says no phrase of the
    point's parts (``asks`` groups) but those facts: the facts the point needs are there, its question is not. "सास-ससुर
    घर में मारपीट करते हैं" has Satish Chander Ahuja's in-laws (the owners of the house), neither their owning it
    nor putting her out; a protection order against violence is s.18 of the DV Act, on which no judgment
    differed. Where the scope words are the point's own question ("kis shehar ki court", Dashrath Rupsingh
    Rathod's place of filing), the question says another part beside them (the cheque) and this is not so."""
    if not words or not p.requires:
        return False
    phrases = [ph for group in p.requires for ph in group]
    text = f"{said} {hint}"
    if any(says_any(text, [ph for ph in g if ph not in phrases]) for g in p.asks):
        return False
    whole = set().union(*(hi_words(ph) | rom_words(ph) | stems(content_words(ph)) for ph in phrases))
    starts = tuple(
        x for ph in phrases if ph.endswith("*") for x in rom_words(ph.rstrip("*")) | hi_words(ph.rstrip("*"))
    )
    return all(w in whole or w.startswith(starts) for w in words) if starts else words <= whole


_BROAD = frozenset({"right", "protect", "protection"})  # heading words every right shares


def _is_head(word: str, p: SettledPoint) -> bool:
    """A Hindi word the glossary gives mostly as heading words of what the judgment interprets: not the point."""
    means = stems(_hindi_map().get(word, ())) - GENERIC_STEMS - _BROAD
    return bool(means) and 2 * len(means & p.heads) >= len(means)  # mostly heading words ("घर": shared household)


def _common(points: list[SettledPoint]) -> set[str]:
    """Words of the issues of three or more settled points (cheque "bounce"): they name a field, not a point."""
    seen = Counter(w for p in points for w in hi_words(" ".join(p.issue_hi)) | rom_words(" ".join(p.rom_texts)))
    return {w for w, n in seen.items() if n >= 3}


_GLOSS = re.compile(r"([a-z][a-z ]*?)\s*\(([^()]+)\)")


@lru_cache(maxsize=256)
def _glosses(texts: tuple) -> tuple:
    """(words, their gloss) pairs of the Roman renderings, "sanshodhan (amendment)", "parliament (sansad)":
    as many words before the bracket as the gloss's first part has, at most three."""
    out = []
    for text in texts:
        for before, inside in _GLOSS.findall(text.lower()):
            k = min(3, len(inside.split(",")[0].split()) or 1)
            out.append((frozenset(rom_words(" ".join(before.split()[-k:]))), frozenset(rom_words(inside))))
    return tuple(out)


def _glossed(p: SettledPoint, heads: set[str]) -> set[str]:
    """Roman words a rendering glosses with heading words, or that gloss them: they name the law as the
    heading does ("sanshodhan (amendment)" of Article 368, "Power of Parliament to amend ...")."""
    out = set()
    for a, b in _glosses(p.issue_rom):
        out |= (a if a and b and b <= heads else set()) | (b if a and b and a <= heads else set())
    return out


def _script_words(p: SettledPoint, said: str, hint: str, script: str, common=frozenset()) -> set[str]:
    """The words test of a Hindi or Roman-script question (see above), ``common``: the words of many points.
    A Devanagari word counts once, when it meets the Hindi rendering or, in Roman script, the Roman one
    ("जुर्म" is the Roman rendering's "jurm" where the Hindi one says "अपराध")."""
    texts = p.rom_texts
    heads = {rom_key(h) for h in p.heads - _BROAD} | p.acts
    glossed = _glossed(p, heads)  # in either script: "संशोधन" is "sanshodhan (amendment)"
    heads |= glossed | set(common)  # and a glossary word of them
    heads |= {rom_key(w) for w in LATIN.findall(" ".join((said, *texts)).lower()) if _is_head(w, p)}
    roman = {w for x in texts for w in rom_words(x)} - heads
    latin = rom_words(f"{said} {hint}") & roman
    if script != "hi":
        return latin
    point = {w for x in p.issue_hi for w in hi_words(x) if roman_key(w) not in glossed} - p.acts - set(common)
    said_words = hi_words(" ".join(w for w in DEVA.findall(said) if not _is_head(w, p)))
    folded = {fold(w) for w in point}
    return _once(p, {w for w in said_words if w in point or fold(w) in folded or roman_key(w) in roman} | latin)


def _once(p: SettledPoint, words: set[str]) -> set[str]:
    """A Devanagari question's ``words`` without the English hint's rendering of a term it said in Hindi:
    where a Roman rendering glosses a term ("time limit (samay seema)") and the question said it in Hindi
    ("समय सीमा"), the hint's "limitation" is the same term again, not a further word ("किसी अपराध की शिकायत
    कितने साल के अंदर करनी होती है, क्या कोई समय सीमा है?" is the limitation for a complaint, not
    P. Ramachandra Rao's point). The Hindi words themselves all count ("शादी के बाहर संबंध")."""
    out = set(words)
    for a, b in _glosses(p.issue_rom):
        same = {w for w in out if (w if LATIN.fullmatch(w) else roman_key(w)) in a | b}
        if any(DEVA.fullmatch(w) for w in same):
            out -= {w for w in same if LATIN.fullmatch(w)}
    return out


_INFLECT = ("\u093e", "\u0940", "\u0947")  # the endings -ा -ी -े of gender and case ("दूसरा", "दूसरी", "दूसरे")


def fold(word: str) -> str:
    """A Devanagari word without the vowel that inflects it for gender or case: "दूसरी बार" says the
    rendering's "दूसरे" (the second dishonour). Three letters and more only, so "दो" stays "दो"."""
    return word[:-1] if len(word) > 3 and word.endswith(_INFLECT) else word


FAMILY = 6  # letters of a stem that name its word family


def family(words) -> set[str]:
    """Word families: each stem cut to its first FAMILY letters, so a verb meets its noun ("presume",
    "presumption"; "consent", "consensual"), and a shorter stem stays whole ("adult" is not "adultery")."""
    return {w[:FAMILY] for w in words}


def in_family(asked: set[str], words: set[str]) -> set[str]:
    """The stems of ``asked`` of a family of ``words``."""
    kin = family(words)
    return {w for w in asked if w[:FAMILY] in kin}


def _common_en(points: list[SettledPoint]) -> frozenset:
    """Word families of the English wordings of two or more points ("cheque", "complaint", "right", "filed"):
    they name a field or a proceeding, not a point."""
    seen = Counter(f for p in points for f in family(stems(content_words(" ".join(p.issue_en)))))
    return frozenset(f for f, n in seen.items() if n >= 2)


def _by_words(p: SettledPoint, asked: set[str], common=frozenset()) -> set[str]:
    """The English words test: the recorded point and the renderings as people ask it (their English words:
    "gay", "consent", "relationship"; the English wordings less ``common``, ``_common_en``) share PROBE_WORDS
    families with the question that name neither what
    the judgment interprets nor its Acts, and the holding as many. The question's words on the point, or
    none where the test fails."""
    own = {w for w in stems(content_words(" ".join(p.issue_en))) if w[:FAMILY] not in common}
    point = stems(content_words(" ".join((p.point, *p.issue_rom)))) | own
    heads = family(p.heads)
    on_point = {w for w in in_family(asked, point) if w[:FAMILY] not in heads and rom_key(w) not in p.acts}
    held = len(in_family(asked, stems(content_words(p.holding)))) >= PROBE_WORDS
    return on_point if held and len(on_point) >= PROBE_WORDS else set()


def _nearest(
    points: list[SettledPoint], question: str, embed=None, renderings=False, english=False
) -> tuple[SettledPoint | None, float]:
    """The settled point nearest the question in meaning, and how near; (None, 0) without embeddings.
    ``renderings``: the Hindi and Roman renderings of each issue count as its texts too; ``english``: and
    its English wordings (issue_en)."""
    try:
        import numpy as np

        if embed is None:
            from core.embed import default_embedder

            embed = default_embedder()
        q = np.asarray(embed.embed_query(question), dtype="float32")
        best, sim = None, 0.0
        for p in points:
            texts = [
                t
                for t in (
                    p.point,
                    p.holding,
                    p.holding_hi,
                    *(p.issue_hi + p.issue_rom if renderings else ()),
                    *(p.issue_en if english else ()),
                )
                if t
            ]
            if not texts:
                continue
            v = np.asarray(embed.embed_passages(texts), dtype="float32")
            s = float(np.max(v @ q) / (np.linalg.norm(q) or 1.0))
            if s > sim:
                best, sim = p, s
        return best, sim
    except Exception as exc:  # no embeddings: the probe says nothing
        log.warning("settled-point probe without embeddings: %s", exc)
        return None, 0.0


def _near(p: SettledPoint, question: str, embed=None) -> bool:
    """The question is at least ASKS_SIM near the point in meaning (its texts, renderings and English
    wordings, e5); without embeddings the probe says nothing, as it does on its other routes. The English
    wordings count here only, where every group of the point's asks is already said: R.C. Cooper's texts
    are one line each, and "must it also be fair under Article 14 and reasonable under Article 19?" was
    0.835 near them, 0.856 near Rangappa's."""
    return _nearest([p], question, embed, renderings=True, english=True)[1] >= ASKS_SIM


# words that ask whether something is an offence, in the three scripts
_OFFENCE = frozenset(
    _stem(w)
    for w in """crime crimes criminal offence offences offense punish punished punishable punishment jail prison
    illegal prosecute prosecuted prosecution apradh aparadh jurm juram saja saza sajaa sazaa gairkanuni gairkanooni
    अपराध आपराधिक जुर्म सजा दंड जेल गैरकानूनी""".split()
)
_PHRASE = re.compile(r"[a-z0-9]+|[\u0900-\u097F]+")


def _said_words(text: str) -> list[str]:
    return [_stem(w) for w in _PHRASE.findall(text.lower().replace("\u093c", ""))]


def asks_struck(p: SettledPoint, said: str) -> bool:
    """The question names, by its heading or a lay name, a provision the judgment struck down whole and
    asks of it as an offence ("is adultery still a crime?"): whether that is still law is the judgment's
    point. A question naming it otherwise (adultery as a ground for divorce) does not ask that."""
    if not p.struck:
        return False
    words = _said_words(said)
    if not _OFFENCE.intersection(words):
        return False
    for name in p.struck:
        n = _said_words(name)
        if n and any(words[i : i + len(n)] == n for i in range(len(words) - len(n) + 1)):
            return True
    return False


def point_asked(graph, said: str, asked: set[str], embed=None, hint: str = "") -> SettledPoint | None:
    """The settling judgment whose settled point the question itself asks about (see above), or None.
    ``said``: the question as typed (corrected); ``asked``: its content stems with ``hint``, the English hint."""
    every = settled_points(graph)
    struck = [p for p in every if asks_struck(p, said) and in_scope(p, said, hint)]
    if len(struck) == 1:
        return struck[0]
    said_as = [p for p in every if says_point(p, said, hint) and in_scope(p, said, hint)]
    # of the points the question says, the one near it in meaning: a cheque given "long back" whose drawer asks
    # whether the court "automatically" assumes the debt says P. Ramachandra Rao's words too, not near its meaning
    near = [p for p in said_as if _near(p, said, embed)] if len(said_as) <= 3 else []
    if len(near) == 1:
        return near[0]
    script = script_of(said)
    if script == "en":
        common = _common_en(every)
        said_words = {p.settler: _by_words(p, asked, common) for p in every}
    else:
        common = _common(every)
        said_words = {p.settler: _script_words(p, said, hint, script, common) for p in every if p.issue_hi}
    by_id = {p.settler: p for p in every}
    words = {
        k: w
        for k, w in said_words.items()
        if len(w) >= (PROBE_WORDS if script == "en" else 1) and not scope_only(by_id[k], w, said, hint)
    }
    best, sim = _nearest(every, said, embed, renderings=True) if words else (None, 0.0)
    if best is not None and best.settler in words and in_scope(best, said, hint):
        # two words of a short Hindi question need the meaning nearer than three do, one word nearer still
        n = len(words[best.settler])
        if sim >= (PROBE_SIM if n >= PROBE_WORDS else PROBE_SIM_HI if n >= PROBE_WORDS_HI else PROBE_SIM_ONE):
            return best
    from core.settled_examples import NEAR_SIM, as_before  # last: as the project's labelled questions asked it

    named, alone = as_before(said, embed)
    point = next((p for p in every if named and named in (p.settler, *_aliases(graph, p.settler))), None)
    if point is None or not in_scope(point, said, hint):
        return None
    if alone or said_words.get(point.settler):
        return point
    best, sim = (best, sim) if words else _nearest(every, said, embed, renderings=True)  # read above if words
    return point if best is not None and best.settler == point.settler and sim >= NEAR_SIM else None
