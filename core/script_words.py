"""The words of a Hindi or Roman-script Hindi question, as the settled-point probes read them (issue 23).

    script_of(said)        "hi" (Devanagari), "rom" (Roman-script Hindi) or "en"
    hi_words(text)         Devanagari content words, one spelling each (hi_key)
    rom_words(text)        Roman-script content words, one spelling each (rom_key)
    roman_key(word)        a Devanagari word as its Roman-script key ("जुर्म" -> "jurm")

core.conflicts (point_asked) and core.on_point (speaks_to) both read questions through these. A
Devanagari word also has a Roman key: the reviewed Roman renderings of a settled issue carry the lay
words people use beside the formal ones ("apradh (jurm, crime)"), so a Hindi question that says
"जुर्म" where the Hindi rendering says "अपराध" still meets the point.
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.support import GENERIC, GENERIC_STEMS, HI_FUNCTION, _stem

DEVA = re.compile(r"[\u0900-\u0963\u0966-\u097F]+")
LATIN = re.compile(r"[a-z0-9]+")
# question and function words a point's words never count on (the glossary's HI_FUNCTION covers the rest); the
# light verb's "जाने" ("बीत जाने पर") among them, which ``fold`` would otherwise read as "जान" (life)
HI_STOP = frozenset(
    """
क्या कैसे कैसा कैसी कितना कितने कितनी कब कहाँ कहां कौन कौनसा कौनसी किस किसे किसको क्यों मैं मेरा मेरी मेरे मुझे हम
हमारा हमारी हमारे आप आपका आपकी आपके तुम उसका उसकी उसके उनका उनकी उनके अगर सकता सकती सकते जा जाता जाती
जाते जाए जाएगा जाएगी जायेगा जाएँ होगा होगी होंगे रहा रही रहे रहता रहती रहते मिल मिलेगा मिलेगी मिलता मिलती
चाहिए चाहिये दिया दी दिए देना लेना ले दे बात अब भी वाला वाली वाले सब सभी कोई यदि फिर जिस जिसके जिसमें
कानून कानूनी धारा अनुच्छेद अदालत कोर्ट केस मामला मामले अधिनियम संहिता शिकायत नियम कर चल वाल
किसी दो हूं आता आती आते आया आई आए रख रखना रखने रखता रखती इसका इसकी इसके इसे उसे इन्हें उन्हें लेने देने करके
जाने जाना जानी जाएंगे जाएंगी""".split()
)
ROM_STOP = frozenset(
    """
kya kyu kyun kyon kaise kaisa kaisi kab kahan kaha kaun kaunsa kaunsi kitna kitni kitne kis kise kisko
mera meri mere mujhe hum hamara hamari hamare aap aapka aapki aapke apna apni apne tum uska uski uske unka unki
unke yeh ye woh wo voh is us in un jo jab tab tak agar to toh bhi hi nahi nahin nhi na koi kuch ek aur ya par
pe ko ka ki ke se me mein mai main hai hain hoon tha thi the ho hota hoti hote hona hone hua hui hue hoga hogi
kar karna karne karta karti karte kiya kiye sakta sakti sakte ja jata jati jate jaye jayega jayegi jaega
raha rahi rahe reh rehna rehta rehti rehte mil milta milti milega milegi mila mili chahiye wala wali wale liye
lie ab abhi phir baad pehle saath sath bina wahi wahan yahan jis jiske jisme gaya gayi gaye diya dena lena
kanun kanoon kanuni kanooni dhara dhaara adalat court case mamla complaint shikayat act niyam
kisi do aata aati aate aaya rakh rakhna rakhne rakhta rakhti iska iski iske ise isse usse inka inki inke unhe inhe lene dene karke
jane jaane jana jaana""".split()
)


def hi_key(w: str) -> str:
    """A Devanagari word in one spelling: no nukta, chandrabindu as anusvara, plural/oblique endings off."""
    w = w.replace("\u093c", "").replace("\u0901", "\u0902")
    for suf in ("ियों", "ियां", "ाओं", "ाएं", "ों", "ें", "ां"):
        if len(w) > len(suf) + 2 and w.endswith(suf):
            return w[: -len(suf)]
    return w


def rom_key(w: str) -> str:
    """A Roman-script word (Hindi or English) in one spelling: stemmed, z=j, w=v, long vowels short,
    doubled letters single, m before a consonant as n ("zamaanat", "jamanat"; "chargesheet";
    "samvidhan", the transliteration's "sanvidhan")."""
    w = _stem(w)
    for a, b in (("z", "j"), ("w", "v"), ("ph", "f"), ("q", "k"), ("ee", "i"), ("oo", "u"), ("aa", "a")):
        w = w.replace(a, b)
    w = re.sub(r"m(?=[bcdfghjklpqrstvxz])", "n", w)
    return re.sub(r"(.)\1+", r"\1", w)


def hi_words(text: str) -> set[str]:
    keys = {hi_key(w) for w in DEVA.findall(text) if w not in HI_FUNCTION and len(w) > 1}
    return keys - HI_STOP


def rom_words(text: str) -> set[str]:
    keys = {rom_key(w) for w in LATIN.findall(text.lower()) if w not in ROM_STOP and w not in GENERIC and len(w) > 2}
    return keys - GENERIC_STEMS


@lru_cache(maxsize=4096)
def roman_key(word: str) -> str:
    """A Devanagari word as its Roman-script key, through the app's own transliteration ("" for a
    function or question word, or when it cannot be read)."""
    from core.language.transliterate import to_roman

    try:
        keys = rom_words(to_roman(word))
    except Exception:  # the transliteration is a best-effort second reading
        return ""
    return next(iter(keys), "") if len(keys) == 1 else ""


def roman_text(text: str) -> str:
    """A text's Devanagari words in Roman script (Latin words kept)."""
    from core.language.transliterate import to_roman

    try:
        return to_roman(text)
    except Exception:
        return ""


def script_of(said: str) -> str:
    """ "hi" (Devanagari), "rom" (Roman-script Hindi) or "en"."""
    from core.language.detect import detect_language, is_roman_script

    if detect_language(said) != "hi":
        return "en"
    return "rom" if is_roman_script(said) else "hi"
