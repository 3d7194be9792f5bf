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

Whether a citation bears on the question at all (off_point) is decided in core.relevance.
"""

from __future__ import annotations

import json
import logging
import re
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


@lru_cache(maxsize=65536)  # a few hundred thousand calls an answer over a few thousand words
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


# the same words as people type them in Roman script: the glossary's alias "appeal karne wala" shares
# "karne" with every Roman-Hindi sentence ("pet kam karne ke liye kaunsi exercise kare" is not about
# appellants); they carry no topic either
ROMAN_FUNCTION = frozenset(
    """
ka ki ke ko me mein main se par aur ya ne hai hain tha thi the ho hona hone hota hoti hote karna karne karen kare
karein karta karti kiya kiye kiya gaya gayi gaye ek yah ye yeh vah ve woh wo is us in un jo jab tak saath sath bina
baad pehle to bhi hi nahi nahin na ki koi kuch apna apni apne wala wali wale liye lie dwara sambandhi bare baare
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
    return {w: set(ws) for w, ws in _content_sources(text)}


@lru_cache(maxsize=8192)  # the same material sentences are read for every draft and citation
def _content_sources(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
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
    return tuple((w, frozenset(ws)) for w, ws in out.items())


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


QUOTED_MIN_CHARS = 40  # a piece of a sentence this long found word for word in another cited provision is its quote


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
        rows = self.graph.ro_query(
            "MATCH (p:Provision {id: $id}) RETURN p.title, p.text, p.names_en, p.names_hi, p.names_rom", {"id": node_id}
        )
        if not rows:
            return None
        title, text, *names = rows[0]
        # the names people use for it, reviewed in the pack (provision_names.json), say what it is about
        # too: "अपहरण" is what people call kidnapping (BNS s.137) as well as the statute's word for abduction
        named = " ".join(n for ns in names for n in (ns or []))
        provision_words = content_words(f"{title or ''} {named} {(text or '')[:3000]}")
        if stems(said) & stems(provision_words):
            return None
        if self._quoted_by_another(sentence, node_id):
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

    def _quoted_by_another(self, sentence: str, node_id: str) -> bool:
        """The sentence names this provision inside the words of another one it cites, quoted as that one's text
        has them: "Under Section 3 Limitation Act: Subject to the provisions contained in sections 4 to 24
        (inclusive), every suit ... shall be dismissed" names s.24 as s.3 does, and claims nothing of s.24 (read
        as a claim, it was unsupported, and the whole answer fell back to a bare heading)."""
        from core.citations.extract import provision_ids
        from core.graph_queries import provision_texts, unqualify

        others = sorted(provision_ids(sentence) - {node_id})
        if not others:
            return False
        number = node_id.split(":", 1)[1].lower()
        plain = " ".join(unqualify(sentence).lower().split())
        pieces = [x.strip(" .,;") for x in re.split(r"[:…]", plain)]
        pieces = [x for x in pieces if len(x) >= QUOTED_MIN_CHARS and re.search(rf"\b{re.escape(number)}\b", x)]
        if not pieces:
            return False
        texts = [" ".join((t or "").lower().split()) for t in provision_texts(self.graph, others).values()]
        return any(x in t for x in pieces for t in texts)

    @staticmethod
    def _note(node_id: str, title: str, best_id: str, best_title: str) -> str:
        return (
            f'{display(*node_id.split(":", 1))} is about "{title}"; it does not support this '
            f'statement. {display(*best_id.split(":", 1))} ("{best_title}") may be what was meant.'
        )
