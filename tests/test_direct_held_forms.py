"""Ways people ask about held law that the direct path must read (issue 19): "kaunsa case banta hai" asks
which offence the facts make; "makaan ab kiska hoga" asks whose a thing is by law.

Questions written for this test in lay words (not the evaluation sets' or the training rows' wording).
"""

from __future__ import annotations

import pytest

from core.provisions import question_types


@pytest.mark.parametrize(
    "q,kind",
    [
        ("padosi ne meri gaadi ka sheesha tod diya, uspe konsa case banta hai", "which"),
        ("dukandaar ne nakli dawai bechi, kaun sa case lagega", "which"),
        ("उसने मेरा फोन छीन लिया, उस पर कौन सा केस बनता है", "which"),
        ("dada ji ke guzarne ke baad unki zameen kiski hogi", "rights"),
        ("पति के बाद फ्लैट किसका होगा", "rights"),
    ],
)
def test_a_question_form_is_read(q, kind):
    assert kind in question_types(q)


@pytest.mark.parametrize(
    "q",
    [
        "mera case kaunsa court me chal raha hai",  # which court hears it: no offence asked
        "ye kiska phone hai",  # whose phone this is: nothing asked of the law
    ],
)
def test_an_everyday_sentence_is_no_question_form(q):
    assert not {"which", "rights"} & set(question_types(q))
