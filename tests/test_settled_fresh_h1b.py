"""Settled points asked in fresh words (h1, fresh6b, Dec 6): a "where ... be filed" clause with the place and the
verb apart, Roman Hindi spelt another way ("khaane" for "khane"), s.309 IPC by number and whether attempted
suicide is "still" a crime, two adult men said in Hindi numbers, Articles 19 and 21 "ek saath", Parliament that
"can remove" the fundamental rights (not in an Emergency). Questions written
for this test, none from an evaluation set. The first tables need no graph (doctrine.json's asks alone); the
last asks the real graph that each is answered with the settled notice and its settling judgment cited, and
that the questions beside them sharing their words are not."""

from __future__ import annotations

import pytest

from core.settled_points import LOOSE, says_any
from evaluation.score import conflict_state
from tests.support.settled import assert_says_only

PHRASES = [
    # a gap phrase: the parts in order, a clause apart; not reversed
    ("where should the case for a bounced cheque be filed?", "where ... file*", False, True),
    ("I filed it already, where now?", "where ... file*", False, False),
    ("section 309 of the IPC", "309 ... ipc", False, True),
    # loose Roman spelling, for phrases of long words only; an inflected word is not the short word
    ("kya fundamental rights alag alag khaane hain", "alag alag khane", LOOSE, True),
    ("kya fundamental rights alag alag khaane hain", "alag alag khane", False, False),
    ("mera phone chori ho gaya", "gay", LOOSE, False),
    ("they want me out, do I have the right to stay", "tau", LOOSE, False),
    ("kahaan par case file karun", "kahan ... file*", LOOSE, True),
]


@pytest.mark.parametrize("text,phrase,loose,said", PHRASES)
def test_a_phrase_is_said_in_order_and_in_any_spelling_of_long_words(text, phrase, loose, said):
    assert says_any(text, [phrase], loose=loose) is said


SAYS = [
    ("where should the case for a bounced cheque be filed?", "dashrath"),
    ("cheque bounce hua hai, court kaun si jagah ki hogi case ke liye", "dashrath"),
    ("my cheque book was stolen, where should the police complaint be filed?", None),
    ("are fundamental rights separate from each other or does a law have to satisfy all of them together?", "cooper"),
    ("kya fundamental rights alag alag khaane hain ya ek kanoon ko sab rights pe test karte hain?", "cooper"),
    ("article 21 aur article 19 dono ek saath lagte hain kya ek hi kanoon par?", "cooper"),
    ("क्या दो बालिग पुरुषों के बीच सहमति से संबंध अपराध है?", "navtej"),
    ("दो पुरुषों ने मुझे पीटा, क्या यह अपराध है?", None),
    ("meri patni ka kisi dusre purush se sambandh hai, kya main talaak le sakta hun?", None),
    ("is section 309 ipc unconstitutional? someone told me supreme court struck it down", "gian-kaur"),
    ("khudkushi ki koshish karna kya abhi bhi apradh hai, ya supreme court ne hata diya?", "gian-kaur"),
    ("my brother tried to kill himself, is attempted suicide still a crime?", "gian-kaur"),
    ("dahej ke liye bahu ne khudkushi ki koshish ki, kya sasural walon par abhi bhi case banega?", None),
    ("what is the punishment for attempt to suicide under the new law?", None),
    ("section 309 crpc adjournment kab milta hai?", None),
    ("mera phone chori ho gaya, FIR kaise likhwaun aur iski kya saza hai?", None),
    ("kya parliament samvidhan badal kar maulik adhikar hata sakti hai?", "kesavananda"),
    ("emergency me sarkar maulik adhikar hata sakti hai kya?", None),
]


@pytest.mark.parametrize("question,by", SAYS)
def test_the_point_is_said_in_fresh_words(question, by):
    assert_says_only(question, by)


def test_articles_19_and_21_in_an_emergency_are_not_the_compartment_point():
    """R.C. Cooper's not_when: both Articles 'dono' in an Emergency say its groups, but ask of their suspension."""
    from tests.support.settled import said_by

    assert not any("cooper" in z for z in said_by("emergency me article 19 aur 21 dono suspend ho jaate hain kya?"))


ASKED = [
    ("where should the case for a bounced cheque be filed?", "INSC-2014-514"),
    ("cheque bounce hua hai, court kaun si jagah ki hogi case ke liye", "INSC-2014-514"),
    ("are fundamental rights separate from each other or does a law have to satisfy all of them together?", "cooper"),
    ("kya fundamental rights alag alag khaane hain ya ek kanoon ko sab rights pe test karte hain?", "cooper"),
    ("article 21 aur article 19 dono ek saath lagte hain kya ek hi kanoon par?", "cooper"),
    ("क्या दो बालिग पुरुषों के बीच सहमति से संबंध अपराध है?", "INSC-2018-790"),
    ("is section 309 ipc unconstitutional? someone told me supreme court struck it down", "INSC-1996-418"),
    ("khudkushi ki koshish karna kya abhi bhi apradh hai, ya supreme court ne hata diya?", "INSC-1996-418"),
    ("my cheque book was stolen, where should the police complaint be filed?", None),
    ("दो पुरुषों ने मुझे पीटा, क्या यह अपराध है?", None),
    ("mera phone chori ho gaya, FIR kaise likhwaun aur iski kya saza hai?", None),
    ("section 309 crpc adjournment kab milta hai?", None),
]


@pytest.mark.parametrize("question,settler", ASKED)
def test_answered_with_the_settling_judgment(pipe, question, settler):
    a = pipe.ask(question)
    state = conflict_state(a.to_json())
    if settler is None:
        assert state == "none", (a.status, a.notices)
        return
    cited = [c.node_id or "" for c in a.citations]
    assert state == "settled" and a.status.value == "answer", (a.status, a.notices)
    assert any(settler in c for c in cited), cited
