"""Hindi / Roman-Hindi lay words reached through a verb's forms, and the phrase index both lay-word lists
share (issue 19; core.language.lay_words).

A verb is listed once, as its infinitive ("छीनना", "maarna"); people type its other forms ("छीनकर",
"मारते", "तोड़ने", "maari"), which are read back to the infinitive where the list has it. A bare stem is
not ("रोक" is a bar as often as "stop"), nor a function word ("था" + ना would be "थाना", police station).
"""

from __future__ import annotations

import pytest

from core.language.lay_words import LayWords, english_words, phrase_index
from core.language.lay_words_en import EnglishLayWords

VERBS = LayWords(
    [
        {"hi": ["छीनना"], "rom": ["chheenna"], "en": ["snatching"]},
        {"hi": ["मारना"], "rom": ["maarna"], "en": ["hurt"]},
        {"hi": ["तोड़ना"], "rom": ["todna"], "en": ["mischief"]},
        {"hi": ["थाना"], "rom": ["thana"], "en": ["police"]},
        {"hi": ["रोकना"], "rom": ["rokna"], "en": ["restraint"]},
    ]
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("मोबाइल छीनकर भाग गए", ["snatching"]),
        ("रोज़ मारते हैं", ["hurt"]),
        ("दीवार तोड़ने पर", ["mischief"]),
        ("उसने छीना", ["snatching"]),
        ("kisne maari", ["hurt"]),
        ("taala todkar", ["mischief"]),
        ("phone chheente hai", ["snatching"]),
    ],
)
def test_verb_forms_read_back_to_the_infinitive(text, expected):
    assert VERBS.english_words(text) == expected


@pytest.mark.parametrize("text", ["वह घर पर था", "kya zaroori tha", "भेदभाव पर रोक किस धारा में", "se", "से"])
def test_function_words_and_bare_stems_are_not_verbs(text):
    assert VERBS.english_words(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("बाइक पर आए दो लडके हाथ से मोबाइल छीनकर भाग गए", {"snatching"}),
        ("गली में लड़के गंदे इशारे करते हैं", {"gesture", "insult", "modesty"}),
        ("तलाक के बाद पूरी ज़िंदगी का गुजारा भत्ता", {"permanent"}),
        ("चेक खाते में पैसे न होने से वापस आ गया", {"insufficiency", "funds"}),
        ("होटल के बाथरूम में छुपे कैमरे से वीडियो", {"privacy", "capture"}),
        ("lathi maar ke bhai ki haddi tod di", {"grievous", "hurt"}),
        ("traffic police wale ko dhakka diya", {"public", "servant"}),
        ("sarkari naukri dilane ke naam pe paise le liye", {"cheating"}),
        ("police ne pakda par nahi bataya kis jurm me pakda", {"grounds", "arrest"}),
        ("बुढ़े माँ बाप को मेले में छोड़कर भाग गया", {"senior", "citizen", "abandon"}),
        ("accident ke baad driver ki kya zimmedari hai", {"duty"}),
        ("ghayal ko hospital le jaana zaroori hai kya", {"medical", "attention"}),
        # full ownership (HSA s.14: a female Hindu's property is hers as "full owner", "absolute property")
        ("बेटी का अपने गहनों पर पूरा हक है क्या", {"absolute", "full", "owner"}),
        ("maa ka us makaan par pura malikana haq hai", {"absolute", "full", "owner"}),
    ],
)
def test_pack_words_people_type(text, expected):
    got = set(english_words(text))
    assert expected <= got, (text, got)


def test_both_lists_build_one_kind_of_index():
    words = [{"a": ["x"], "f": ["one two", "three"]}, {"a": [], "f": ["four"]}, {"a": ["y"], "f": ["three", "five"]}]
    entries, index = phrase_index(words, "a", ("f",), str.split)
    assert entries == [("x",), ("y",)]
    assert index == {("one", "two"): 0, ("three",): 0, ("five",): 1}  # the first item to say a phrase keeps it
    assert phrase_index(words, "a", ("f",), str.split, most=1)[1] == {("three",): 0, ("five",): 1}
    en = EnglishLayWords([{"say": ["pick pockets"], "law": ["theft"]}])
    assert en.statute_words("he picks my pocket") == ["theft"]
    hi = LayWords([{"hi": ["जेब काटना"], "rom": ["jeb katna"], "en": ["theft"]}])
    assert hi.english_words("jeb katna") == ["theft"]
