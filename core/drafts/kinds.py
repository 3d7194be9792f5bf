"""The documents NyayaPath drafts (issue 22): each kind is the facts it needs and a builder that fills
fixed English/Hindi text with those facts only. No model writes a word of a document.

Every provision a document cites is named here by node id and checked against the graph when the
document is made (core.drafts.make). Legal content is read from the corpus text of each provision:
NI Act s.138 proviso (b)/(c) and s.142(1)(b); PWDVA ss.12, 18-22 (the prescribed Form II is in the DV
Rules 2006, which the corpus does not hold: the application follows the Act's reliefs instead);
BNSS s.173(1) (any area, orally or by electronic communication signed within three days), 173(4)
(to the Superintendent of Police), 175(3) (to the Magistrate); MWPSC ss.4, 5, 9 (ceiling ten thousand
rupees a month, s.9(2)); LSA ss.12, 13; BNSS ss.478, 480, 483 (bail) and 58 (24 hours).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from core.drafts.model import FactSpec, fmt_amount, fmt_date

BLANK = "[ ........ ]"  # a blank the person fills by hand; counted in Document.placeholders


def _t(lang: str, en: str, hi: str) -> str:
    return hi if lang == "hi" else en


@dataclass(frozen=True)
class Kind:
    id: str
    title_en: str
    title_hi: str
    facts: tuple[FactSpec, ...]
    cites: tuple[str, ...]  # node ids
    event: str | None  # the core.deadlines event its dates are computed from
    event_fact: str | None  # the fact that gives that event's date
    build: Callable  # (facts, lang, today) -> dict of the document's parts
    answers_problems: tuple[str, ...] = ()  # problem ids whose answer offers this document
    date_basis: str = "event"  # "event": citations checked for the event's date; "filing": for today

    def title(self, lang: str) -> str:
        return self.title_hi if lang == "hi" else self.title_en

    def to_dict(self) -> dict:
        return {
            "kind": self.id,
            "title": {"en": self.title_en, "hi": self.title_hi},
            "facts": [f.to_dict() for f in self.facts],
            "cites": list(self.cites),
        }


def F(name, type_, en, hi, required=True, choices=(), many=False) -> FactSpec:  # noqa: N802
    return FactSpec(name, type_, en, hi, required, tuple(choices), many)


def _v(facts: dict, name: str, lang: str) -> str:
    """A fact as it is written into the document ("[ ........ ]" where an optional one is not given)."""
    v = facts.get(name)
    if v is None or v == "" or v == []:
        return BLANK
    if isinstance(v, date):
        return fmt_date(v, lang)
    if isinstance(v, float):
        return fmt_amount(v, lang)
    if isinstance(v, list):
        return ", ".join(str(x) for x in v)
    return str(v)


def _legal_aid_line(lang: str) -> str:
    return _t(
        lang,
        "Free legal aid: the District Legal Services Authority at your district court, or NALSA helpline 15100.",
        "मुफ़्त क़ानूनी सहायता: आपकी ज़िला अदालत में ज़िला विधिक सेवा प्राधिकरण, या नालसा हेल्पलाइन 15100।",
    )


# --------------------------------------------------------------------------- 1. cheque demand notice
def _cheque_notice(f: dict, lang: str, today: date) -> dict:
    v = lambda n: _v(f, n, lang)  # noqa: E731
    return {
        "to": [v("drawer_name"), v("drawer_address")],
        "subject": _t(
            lang,
            f"Subject: Demand notice under Section 138 of the Negotiable Instruments Act, 1881 for cheque "
            f"no. {v('cheque_number')} dated {v('cheque_date')} for {v('amount')}",
            f"विषय: परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत माँग नोटिस — चेक संख्या "
            f"{v('cheque_number')}, दिनांक {v('cheque_date')}, रकम {v('amount')}",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. You issued cheque no. {v('cheque_number')} dated {v('cheque_date')}, drawn on "
                f"{v('bank_name')}, for {v('amount')} to me, {v('payee_name')}, towards {v('debt')}.",
                f"1. आपने मुझे, {v('payee_name')} को, {v('debt')} के लिए {v('bank_name')} पर चेक संख्या "
                f"{v('cheque_number')}, दिनांक {v('cheque_date')}, रकम {v('amount')} दिया।",
            ),
            _t(
                lang,
                f"2. I presented the cheque for payment. It was returned unpaid with the remark "
                f'"{v("reason")}", and I received the bank\'s information of this on {v("returned_on")}.',
                f'2. मैंने चेक भुगतान के लिए प्रस्तुत किया। वह "{v("reason")}" टिप्पणी के साथ बिना भुगतान लौट आया, '
                f"और इसकी बैंक की सूचना मुझे {v('returned_on')} को मिली।",
            ),
            _t(
                lang,
                f"3. I therefore demand payment of the said amount of {v('amount')} within fifteen days of your "
                "receipt of this notice, as required by clause (c) of the proviso to Section 138 of the "
                "Negotiable Instruments Act, 1881.",
                f"3. अतः मैं आपसे माँग करता/करती हूँ कि इस नोटिस के मिलने के पंद्रह दिन के भीतर {v('amount')} की उक्त "
                "रकम का भुगतान करें, जैसा परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के परंतुक के खंड (ग) में है।",
            ),
            _t(
                lang,
                "4. If you do not pay within that time, I shall file a complaint before the competent "
                "Magistrate under Section 142 of the Negotiable Instruments Act, 1881, at your risk as to costs.",
                "4. यदि आप उस समय के भीतर भुगतान नहीं करते, तो मैं परक्राम्य लिखत अधिनियम, 1881 की धारा 142 के अंतर्गत "
                "सक्षम मजिस्ट्रेट के सामने शिकायत दायर करूँगा/करूँगी, जिसका ख़र्च आपके ज़िम्मे होगा।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            f"{v('payee_name')}",
            v("payee_address"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: the written demand that Section 138(b) of the NI Act requires before a "
                "cheque-bounce case can be filed.",
                "यह क्या है: वह लिखित माँग जो चेक बाउंस का मुक़दमा दायर करने से पहले एनआई अधिनियम की धारा 138(ख) के अनुसार ज़रूरी है।",
            ),
            _t(
                lang,
                "How to send it: by registered post with acknowledgement due (keep the receipt and the tracking "
                "record); you may also send it by email or courier as extra proof.",
                "कैसे भेजें: रजिस्टर्ड डाक, पावती सहित (रसीद और ट्रैकिंग रिकॉर्ड संभालकर रखें); अतिरिक्त सबूत के लिए "
                "ईमेल या कूरियर से भी भेज सकते हैं।",
            ),
            _t(
                lang,
                "Keep copies of: the cheque, the bank's return memo, this notice and the postal receipt.",
                "इनकी प्रतियाँ रखें: चेक, बैंक का रिटर्न मेमो, यह नोटिस और डाक की रसीद।",
            ),
            _legal_aid_line(lang),
        ],
    }


# ------------------------------------------------------------------------- 2. DV Act application
_RELIEFS = ("protection", "residence", "monetary", "custody", "compensation")
_RELIEF_TEXT = {
    "protection": (
        "a protection order under Section 18, prohibiting the respondent from committing any act of domestic "
        "violence and from contacting me",
        "धारा 18 के अंतर्गत संरक्षण आदेश, जिससे प्रत्यर्थी घरेलू हिंसा का कोई कार्य न करे और मुझसे संपर्क न करे",
        "PWDVA:18",
    ),
    "residence": (
        "a residence order under Section 19, so that I am not dispossessed of the shared household",
        "धारा 19 के अंतर्गत निवास आदेश, जिससे मुझे साझा घर से बेदख़ल न किया जाए",
        "PWDVA:19",
    ),
    "monetary": (
        "monetary relief under Section 20, including maintenance",
        "धारा 20 के अंतर्गत आर्थिक राहत, भरण-पोषण सहित",
        "PWDVA:20",
    ),
    "custody": (
        "temporary custody of my children under Section 21",
        "धारा 21 के अंतर्गत मेरे बच्चों की अस्थायी अभिरक्षा",
        "PWDVA:21",
    ),
    "compensation": (
        "compensation and damages under Section 22 for the injuries, mental torture and emotional distress",
        "धारा 22 के अंतर्गत चोटों, मानसिक यातना और भावनात्मक पीड़ा के लिए प्रतिकर और नुक़सानी",
        "PWDVA:22",
    ),
}


def _dv_application(f: dict, lang: str, today: date) -> dict:
    v = lambda n: _v(f, n, lang)  # noqa: E731
    reliefs = [r for r in _RELIEFS if r in (f.get("reliefs") or [])]
    asked = [f"({chr(97 + i)}) {_RELIEF_TEXT[r][1 if lang == 'hi' else 0]}" for i, r in enumerate(reliefs)]
    money = f.get("monthly_amount")
    if "monetary" in reliefs and money:
        asked.append(
            _t(
                lang,
                f"(amount asked: {fmt_amount(money, lang)} a month)",
                f"(माँगी गई रकम: {fmt_amount(money, lang)} प्रति माह)",
            )
        )
    return {
        "to": [
            _t(
                lang,
                "To the Magistrate (Judicial Magistrate First Class / Metropolitan Magistrate),",
                "सेवा में, मजिस्ट्रेट (न्यायिक मजिस्ट्रेट प्रथम श्रेणी / महानगर मजिस्ट्रेट),",
            ),
            v("court_place"),
        ],
        "subject": _t(
            lang,
            f"Application under Section 12 of the Protection of Women from Domestic Violence Act, 2005 — "
            f"{v('aggrieved_name')} (aggrieved person) v. {v('respondent_name')} (respondent)",
            f"घरेलू हिंसा से महिलाओं का संरक्षण अधिनियम, 2005 की धारा 12 के अंतर्गत आवेदन — {v('aggrieved_name')} "
            f"(व्यथित महिला) बनाम {v('respondent_name')} (प्रत्यर्थी)",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. I, {v('aggrieved_name')}, residing at {v('aggrieved_address')}, am an aggrieved person: I am "
                f"in a domestic relationship with the respondent, {v('respondent_name')}, who is my "
                f"{v('relationship')}, and we live or have lived together in the shared household at "
                f"{v('shared_household')}.",
                f"1. मैं, {v('aggrieved_name')}, निवासी {v('aggrieved_address')}, व्यथित महिला हूँ: प्रत्यर्थी "
                f"{v('respondent_name')}, जो मेरे {v('relationship')} हैं, के साथ मेरा घरेलू संबंध है, और हम "
                f"{v('shared_household')} के साझा घर में साथ रहते हैं या रहे हैं।",
            ),
            _t(
                lang,
                f"2. The respondent has committed domestic violence against me, as follows: {v('incidents')}",
                f"2. प्रत्यर्थी ने मेरे साथ घरेलू हिंसा की है, इस प्रकार: {v('incidents')}",
            ),
            _t(
                lang,
                f"3. Children: {v('children')}.",
                f"3. बच्चे: {v('children')}।",
            ),
            _t(lang, "4. I therefore pray for:", "4. अतः मेरी प्रार्थना है:") + "\n" + "\n".join(asked),
            _t(
                lang,
                "5. I request that the Protection Officer be directed to prepare a domestic incident report, and "
                "that the first hearing be fixed within three days of the receipt of this application "
                "(Section 12(4)).",
                "5. निवेदन है कि संरक्षण अधिकारी को घरेलू घटना रिपोर्ट तैयार करने का निर्देश दिया जाए, और पहली सुनवाई इस "
                "आवेदन के मिलने के तीन दिन के भीतर रखी जाए (धारा 12(4))।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            _t(lang, f"Aggrieved person: {v('aggrieved_name')}", f"व्यथित महिला: {v('aggrieved_name')}"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: your application to the Magistrate under Section 12 of the DV Act for the orders "
                "you chose. The Act's prescribed form (Form II of the DV Rules, 2006) is not in NyayaPath's "
                "sources: the court or Protection Officer may ask you to copy this into that form.",
                "यह क्या है: डीवी अधिनियम की धारा 12 के अंतर्गत आपके चुने आदेशों के लिए मजिस्ट्रेट को आवेदन। अधिनियम का "
                "निर्धारित प्रारूप (डीवी नियम, 2006 का प्रपत्र II) NyayaPath के स्रोतों में नहीं है: अदालत या संरक्षण "
                "अधिकारी आपसे इसे उस प्रारूप में भरवा सकते हैं।",
            ),
            _t(
                lang,
                "Where to file: the Magistrate's court where you live, the respondent lives, or the violence "
                "happened (Section 27), directly or through the Protection Officer of your district, who helps "
                "you file it and prepares the domestic incident report.",
                "कहाँ दायर करें: जहाँ आप रहती हैं, प्रत्यर्थी रहता है, या हिंसा हुई, वहाँ के मजिस्ट्रेट की अदालत में (धारा "
                "27), सीधे या अपने ज़िले के संरक्षण अधिकारी के ज़रिए, जो दायर करने में मदद करते हैं और घरेलू घटना रिपोर्ट "
                "बनाते हैं।",
            ),
            _t(
                lang,
                "Attach: any medical papers, photographs, messages, a police complaint if one was made, and proof "
                "of your address.",
                "साथ लगाएँ: मेडिकल काग़ज़, फ़ोटो, संदेश, पुलिस शिकायत (यदि की हो), और पते का सबूत।",
            ),
            _t(
                lang,
                "In danger now: call 112 or the women's helpline 181.",
                "अभी ख़तरा हो तो: 112 या महिला हेल्पलाइन 181 पर फ़ोन करें।",
            ),
            _legal_aid_line(lang),
        ],
    }


# --------------------------------------------------------------------- 3. police complaint (FIR)
def _police_complaint(f: dict, lang: str, today: date) -> dict:
    v = lambda n: _v(f, n, lang)  # noqa: E731
    return {
        "to": [
            _t(lang, "To the Officer in Charge,", "सेवा में, थाना प्रभारी,"),
            _t(lang, f"Police Station {v('police_station')}", f"थाना {v('police_station')}"),
        ],
        "subject": _t(
            lang,
            "Subject: Information of a cognizable offence under Section 173 of the Bharatiya Nagarik Suraksha "
            "Sanhita, 2023 — request to register an FIR",
            "विषय: भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा 173 के अंतर्गत संज्ञेय अपराध की सूचना — एफआईआर दर्ज करने का अनुरोध",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. I, {v('complainant_name')}, residing at {v('complainant_address')} (phone {v('phone')}), give "
                "the following information.",
                f"1. मैं, {v('complainant_name')}, निवासी {v('complainant_address')} (फ़ोन {v('phone')}), निम्न "
                "सूचना देता/देती हूँ।",
            ),
            _t(
                lang,
                f"2. On {v('incident_date')}, at {v('incident_place')}: {v('what_happened')}",
                f"2. {v('incident_date')} को, {v('incident_place')} पर: {v('what_happened')}",
            ),
            _t(
                lang,
                f"3. The person(s) who did this: {v('accused')}. Witnesses: {v('witnesses')}.",
                f"3. यह करने वाले व्यक्ति: {v('accused')}। गवाह: {v('witnesses')}।",
            ),
            _t(
                lang,
                "4. This information discloses a cognizable offence. I request that it be reduced to writing, "
                "read over to me and registered as a First Information Report under Section 173(1) of the "
                "Bharatiya Nagarik Suraksha Sanhita, 2023, whatever the area where the offence was committed, "
                "and that a copy be given to me free of cost.",
                "4. इस सूचना से संज्ञेय अपराध का पता चलता है। निवेदन है कि इसे लिखा जाए, मुझे पढ़कर सुनाया जाए और भारतीय "
                "नागरिक सुरक्षा संहिता, 2023 की धारा 173(1) के अंतर्गत प्रथम सूचना रिपोर्ट के रूप में दर्ज किया जाए, "
                "अपराध चाहे किसी भी क्षेत्र में हुआ हो, और इसकी एक प्रति मुझे मुफ़्त दी जाए।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("complainant_name"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: written information of a cognizable offence for the police to register an FIR.",
                "यह क्या है: संज्ञेय अपराध की लिखित सूचना, ताकि पुलिस एफआईआर दर्ज करे।",
            ),
            _t(
                lang,
                "Zero FIR: any police station must take it, even if the offence happened in another station's "
                "area (Section 173(1)). e-FIR: you may send it by electronic communication; it is taken on "
                "record when you sign it within three days.",
                "ज़ीरो एफआईआर: कोई भी थाना इसे लेगा, अपराध चाहे दूसरे थाने के क्षेत्र में हुआ हो (धारा 173(1))। ई-एफआईआर: "
                "आप इसे इलेक्ट्रॉनिक रूप से भेज सकते हैं; तीन दिन के भीतर हस्ताक्षर करने पर यह रिकॉर्ड पर लिया जाता है।",
            ),
            _t(
                lang,
                "If the police refuse: send the substance of this information in writing, by post, to the "
                "Superintendent of Police (Section 173(4)); if that fails too, apply to the Magistrate with an "
                "affidavit to order an investigation (Section 175(3)).",
                "यदि पुलिस मना करे: इस सूचना का सार लिखकर डाक से पुलिस अधीक्षक को भेजें (धारा 173(4)); उससे भी न हो तो "
                "शपथ-पत्र के साथ मजिस्ट्रेट को आवेदन दें कि वह जाँच का आदेश दें (धारा 175(3))।",
            ),
            _t(lang, "Emergency: 112.", "आपातकाल: 112।"),
            _legal_aid_line(lang),
        ],
    }


# ------------------------------------------------------------- 4. senior citizen maintenance
def _senior_maintenance(f: dict, lang: str, today: date) -> dict:
    v = lambda n: _v(f, n, lang)  # noqa: E731
    return {
        "to": [
            _t(lang, "To the Maintenance Tribunal,", "सेवा में, भरण-पोषण अधिकरण,"),
            v("tribunal_place"),
        ],
        "subject": _t(
            lang,
            "Application for maintenance under Section 5 of the Maintenance and Welfare of Parents and Senior "
            "Citizens Act, 2007",
            "माता-पिता और वरिष्ठ नागरिकों का भरण-पोषण तथा कल्याण अधिनियम, 2007 की धारा 5 के अंतर्गत भरण-पोषण का आवेदन",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. I, {v('applicant_name')}, aged {v('age')}, residing at {v('applicant_address')}, am a senior "
                "citizen / parent unable to maintain myself from my own earnings or property.",
                f"1. मैं, {v('applicant_name')}, आयु {v('age')}, निवासी {v('applicant_address')}, वरिष्ठ नागरिक / "
                "माता-पिता हूँ और अपनी कमाई या संपत्ति से अपना भरण-पोषण नहीं कर सकता/सकती।",
            ),
            _t(
                lang,
                f"2. The respondent(s), {v('respondent_names')}, are my {v('relationship')}. Under Section 4 they "
                f"are obliged to maintain me so that I can lead a normal life. {v('neglect')}",
                f"2. प्रत्यर्थी, {v('respondent_names')}, मेरे {v('relationship')} हैं। धारा 4 के अंतर्गत उनका दायित्व है "
                f"कि मेरा भरण-पोषण करें ताकि मैं सामान्य जीवन जी सकूँ। {v('neglect')}",
            ),
            _t(
                lang,
                f"3. I need {v('monthly_amount')} a month for food, clothing, residence, medical attendance and "
                "treatment.",
                f"3. मुझे भोजन, कपड़े, निवास, चिकित्सा देखभाल और इलाज के लिए प्रति माह {v('monthly_amount')} की ज़रूरत है।",
            ),
            _t(
                lang,
                "4. I pray that the Tribunal order the respondent(s) to pay me a monthly allowance for maintenance "
                "(Section 9), and an interim allowance while this application is pending (Section 5(2)).",
                "4. प्रार्थना है कि अधिकरण प्रत्यर्थियों को मुझे भरण-पोषण के लिए मासिक भत्ता देने का आदेश दे (धारा 9), और "
                "आवेदन लंबित रहते अंतरिम भत्ता भी (धारा 5(2))।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("applicant_name"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: your application to the Maintenance Tribunal (usually the SDM's office) for a "
                "monthly allowance from your children or the relative who will inherit from you.",
                "यह क्या है: अपने बच्चों या आपसे विरासत पाने वाले रिश्तेदार से मासिक भत्ते के लिए भरण-पोषण अधिकरण "
                "(आमतौर पर एसडीएम कार्यालय) को आपका आवेदन।",
            ),
            _t(
                lang,
                "The Tribunal can order at most the amount the State Government prescribes, which cannot exceed "
                "ten thousand rupees a month (Section 9(2)); a relative is liable only if you have no children "
                "and will inherit your property.",
                "अधिकरण अधिकतम उतनी रकम का आदेश दे सकता है जितनी राज्य सरकार तय करे, जो दस हज़ार रुपये प्रति माह से "
                "ज़्यादा नहीं हो सकती (धारा 9(2)); रिश्तेदार तभी ज़िम्मेदार है जब आपकी संतान न हो और वह आपकी संपत्ति का "
                "वारिस हो।",
            ),
            _t(
                lang,
                "Attach: proof of age, proof of relationship, and anything showing your needs and their means.",
                "साथ लगाएँ: आयु का सबूत, रिश्ते का सबूत, और आपकी ज़रूरतें तथा उनकी आमदनी दिखाने वाले काग़ज़।",
            ),
            _t(lang, "Elder helpline: 14567.", "बुज़ुर्ग हेल्पलाइन: 14567।"),
            _legal_aid_line(lang),
        ],
    }


# ------------------------------------------------------------------------ 5. free legal aid
GROUNDS = (
    "woman",
    "child",
    "sc_st",
    "disability",
    "custody",
    "industrial_workman",
    "disaster_victim",
    "trafficking",
    "income",
)


def _legal_aid(f: dict, lang: str, today: date) -> dict:
    from core.legal_aid import check

    v = lambda n: _v(f, n, lang)  # noqa: E731
    ground = f.get("ground") or ""
    flags = {g: g == ground for g in GROUNDS if g != "income"}
    el = check(**flags, income=int(f["income"]) if f.get("income") is not None else None, lang=lang)
    basis = ", ".join(el.basis) or BLANK
    return {
        "to": [
            _t(lang, "To the Secretary,", "सेवा में, सचिव,"),
            _t(
                lang, f"District Legal Services Authority, {v('district')}", f"ज़िला विधिक सेवा प्राधिकरण, {v('district')}"
            ),
        ],
        "subject": _t(
            lang,
            "Application for free legal services under Sections 12 and 13 of the Legal Services Authorities Act, 1987",
            "विधिक सेवा प्राधिकरण अधिनियम, 1987 की धारा 12 और 13 के अंतर्गत मुफ़्त क़ानूनी सेवा का आवेदन",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. I, {v('applicant_name')}, residing at {v('applicant_address')}, have to file or defend the "
                f"following case: {v('matter')}",
                f"1. मैं, {v('applicant_name')}, निवासी {v('applicant_address')}, को यह मामला दायर करना या उसमें बचाव "
                f"करना है: {v('matter')}",
            ),
            _t(
                lang,
                f"2. I am entitled to legal services under Section 12 of the Act ({basis}).",
                f"2. अधिनियम की धारा 12 के अंतर्गत मैं क़ानूनी सेवाओं की हक़दार/हक़दार हूँ ({basis})।",
            ),
            _t(
                lang,
                "3. I request a panel lawyer and the other legal services I need. My own affidavit as to my income "
                "is attached (Section 13(2)).",
                "3. निवेदन है कि मुझे पैनल वकील और ज़रूरी अन्य क़ानूनी सेवाएँ दी जाएँ। मेरी आय के बारे में मेरा अपना "
                "शपथ-पत्र साथ लगा है (धारा 13(2))।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("applicant_name"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: your request for a free lawyer. The check found: " + (el.note or basis),
                "यह क्या है: मुफ़्त वकील के लिए आपका अनुरोध। जाँच में मिला: " + (el.note or basis),
            ),
            _t(
                lang,
                "Where to give it: the District Legal Services Authority office at the district court (or the "
                "Taluk Legal Services Committee at the taluk court). The Authority must also be satisfied that "
                "you have a prima facie case (Section 13(1)).",
                "कहाँ दें: ज़िला अदालत में ज़िला विधिक सेवा प्राधिकरण का कार्यालय (या तालुका अदालत में तालुका विधिक सेवा "
                "समिति)। प्राधिकरण को यह भी संतुष्ट होना होगा कि आपका मामला प्रथम दृष्टया बनता है (धारा 13(1))।",
            ),
            _t(
                lang,
                "Attach: an affidavit of your income, an identity proof, and papers of the case if any.",
                "साथ लगाएँ: अपनी आय का शपथ-पत्र, पहचान पत्र, और मामले के काग़ज़ (यदि हों)।",
            ),
            _legal_aid_line(lang),
        ],
        "eligible": el.eligible,
    }


# ----------------------------------------------------------------------- 6. bail application
def _bail(f: dict, lang: str, today: date) -> dict:
    v = lambda n: _v(f, n, lang)  # noqa: E731
    bailable = f.get("offence_kind") == "bailable"
    section = "478" if bailable else "480"
    return {
        "to": [_t(lang, "In the Court of", "न्यायालय"), v("court")],
        "subject": _t(
            lang,
            f"Application for bail under Section {section} of the Bharatiya Nagarik Suraksha Sanhita, 2023 — "
            f"State v. {v('accused_name')}, FIR no. {v('fir_number')}, Police Station {v('police_station')}, "
            f"under {v('offences')}",
            f"भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा {section} के अंतर्गत ज़मानत आवेदन — राज्य बनाम "
            f"{v('accused_name')}, एफआईआर संख्या {v('fir_number')}, थाना {v('police_station')}, {v('offences')}",
        ),
        "paragraphs": [
            _t(
                lang,
                f"1. The applicant, {v('accused_name')}, was arrested on {v('arrested_on')} in the above FIR and is "
                "in custody.",
                f"1. आवेदक, {v('accused_name')}, को उक्त एफआईआर में {v('arrested_on')} को गिरफ़्तार किया गया और वह "
                "हिरासत में है।",
            ),
            _t(
                lang,
                "2. The offence alleged is bailable, and a person accused of a bailable offence who is prepared "
                "to give bail shall be released on bail (Section 478)."
                if bailable
                else "2. The offence alleged is not punishable with death or imprisonment for life, or the "
                "applicant falls within the provisos to Section 480(1), and the Court may release the applicant "
                "on bail.",
                "2. आरोपित अपराध ज़मानती है, और ज़मानती अपराध का अभियुक्त जो ज़मानत देने को तैयार है, ज़मानत पर छोड़ा "
                "जाएगा (धारा 478)।"
                if bailable
                else "2. आरोपित अपराध मृत्यु या आजीवन कारावास से दंडनीय नहीं है, या आवेदक धारा 480(1) के परंतुकों में आता है, "
                "और न्यायालय आवेदक को ज़मानत पर छोड़ सकता है।",
            ),
            _t(lang, f"3. Grounds: {v('grounds')}", f"3. आधार: {v('grounds')}"),
            _t(
                lang,
                f"4. The applicant will abide by any condition the Court imposes and offers as surety: {v('surety')}.",
                f"4. आवेदक न्यायालय की हर शर्त मानेगा और ज़मानतदार के रूप में प्रस्तुत करता है: {v('surety')}।",
            ),
            _t(
                lang,
                "5. It is therefore prayed that the applicant be released on bail.",
                "5. अतः प्रार्थना है कि आवेदक को ज़मानत पर छोड़ा जाए।",
            ),
        ],
        "closing": [
            _t(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            _t(lang, f"Through: {v('applicant_name')}", f"द्वारा: {v('applicant_name')}"),
        ],
        "cover": [
            _t(
                lang,
                "What this is: an outline of a bail application for a lawyer to complete and file; bail in a "
                "serious case is argued, so ask for a legal-aid lawyer at once (free for anyone in custody, "
                "Section 12(g) of the Legal Services Authorities Act).",
                "यह क्या है: ज़मानत आवेदन का ढाँचा, जिसे वकील पूरा करके दायर करें; गंभीर मामले में ज़मानत पर बहस होती है, "
                "इसलिए तुरंत क़ानूनी सहायता वकील माँगें (हिरासत में हर व्यक्ति के लिए मुफ़्त, विधिक सेवा प्राधिकरण अधिनियम "
                "की धारा 12(छ))।",
            ),
            _t(
                lang,
                "Where: the Magistrate's court where the accused was produced; if refused, the Court of Session "
                "or the High Court (Section 483).",
                "कहाँ: उस मजिस्ट्रेट की अदालत में जहाँ अभियुक्त पेश किया गया; नामंज़ूर हो तो सत्र न्यायालय या उच्च न्यायालय (धारा 483)।",
            ),
            _t(
                lang,
                "Attach: a copy of the FIR and the arrest memo, the surety's identity and address proof.",
                "साथ लगाएँ: एफआईआर और गिरफ़्तारी मेमो की प्रति, ज़मानतदार का पहचान और पते का सबूत।",
            ),
            _legal_aid_line(lang),
        ],
    }


KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind(
            "cheque_notice",
            "Demand notice for a dishonoured cheque",
            "चेक बाउंस का माँग नोटिस",
            (
                F("payee_name", "text", "Your name (the person the cheque was given to)", "आपका नाम (जिसे चेक मिला)"),
                F("payee_address", "text", "Your address", "आपका पता"),
                F("drawer_name", "text", "Name of the person who gave the cheque", "चेक देने वाले का नाम"),
                F("drawer_address", "text", "Their address (the notice goes there)", "उनका पता (नोटिस वहीं जाएगा)"),
                F("cheque_number", "text", "Cheque number", "चेक संख्या"),
                F("cheque_date", "date", "Date written on the cheque", "चेक पर लिखी तारीख़"),
                F("bank_name", "text", "Bank and branch the cheque is drawn on", "जिस बैंक और शाखा का चेक है"),
                F("amount", "amount", "Amount of the cheque (in rupees)", "चेक की रकम (रुपये में)"),
                F(
                    "debt",
                    "text",
                    "What the cheque was given for (loan, price, rent ...)",
                    "चेक किस लिए दिया गया (उधार, क़ीमत, किराया ...)",
                ),
                F("reason", "text", "Reason on the bank's return memo", "बैंक के रिटर्न मेमो पर लिखा कारण", required=False),
                F(
                    "returned_on",
                    "date",
                    "Date you learnt from the bank that it bounced",
                    "जिस दिन बैंक से चेक लौटने की सूचना मिली",
                ),
            ),
            ("NIA:138", "NIA:142"),
            "cheque_dishonoured",
            "returned_on",
            _cheque_notice,
            ("PROB:cheque_bounce",),
        ),
        Kind(
            "dv_application",
            "Application to the Magistrate under the DV Act",
            "डीवी अधिनियम के तहत मजिस्ट्रेट को आवेदन",
            (
                F("aggrieved_name", "text", "Your name", "आपका नाम"),
                F("aggrieved_address", "text", "Where you live now", "अभी आप कहाँ रहती हैं"),
                F("respondent_name", "text", "Name of the person who hurt you", "जिसने आपको चोट/तकलीफ़ दी उसका नाम"),
                F(
                    "relationship",
                    "text",
                    "How he or she is related to you (husband, mother-in-law ...)",
                    "वह आपके क्या लगते हैं (पति, सास ...)",
                ),
                F("shared_household", "text", "Address of the home you shared", "साझा घर का पता"),
                F("incidents", "text", "What happened, with dates if you can", "क्या हुआ, हो सके तो तारीख़ों के साथ"),
                F(
                    "reliefs",
                    "choice",
                    "Orders you want (protection, residence, monetary, custody, compensation)",
                    "कौन से आदेश चाहिए (protection, residence, monetary, custody, compensation)",
                    choices=_RELIEFS,
                    many=True,
                ),
                F(
                    "monthly_amount",
                    "amount",
                    "Money you need each month, if you ask for it",
                    "हर महीने कितने पैसे चाहिए, यदि माँग रही हैं",
                    required=False,
                ),
                F(
                    "children",
                    "text",
                    "Your children's names and ages, if any",
                    "आपके बच्चों के नाम और उम्र, यदि हों",
                    required=False,
                ),
                F("court_place", "text", "Town or district of the court", "अदालत का शहर या ज़िला", required=False),
            ),
            ("PWDVA:12", "PWDVA:18", "PWDVA:19", "PWDVA:20", "PWDVA:21", "PWDVA:22", "PWDVA:27"),
            "dv_application",
            None,
            _dv_application,
            ("PROB:domestic_violence", "PROB:dv_residence"),
            "filing",
        ),
        Kind(
            "police_complaint",
            "Written complaint to the police (FIR)",
            "पुलिस को लिखित शिकायत (एफआईआर)",
            (
                F("complainant_name", "text", "Your name", "आपका नाम"),
                F("complainant_address", "text", "Your address", "आपका पता"),
                F("phone", "text", "Your phone number", "आपका फ़ोन नंबर", required=False),
                F("police_station", "text", "Police station you are writing to", "किस थाने को लिख रहे हैं"),
                F("incident_date", "date", "When it happened", "यह कब हुआ"),
                F("incident_place", "text", "Where it happened", "यह कहाँ हुआ"),
                F("what_happened", "text", "What happened, in your own words", "क्या हुआ, अपने शब्दों में"),
                F(
                    "accused",
                    "text",
                    "Who did it (name or description), if known",
                    "किसने किया (नाम या हुलिया), यदि पता हो",
                    required=False,
                ),
                F("witnesses", "text", "Witnesses, if any", "गवाह, यदि हों", required=False),
            ),
            ("BNSS:173", "BNSS:175"),
            None,
            None,
            _police_complaint,
            ("PROB:police_refuse_fir",),
            "filing",
        ),
        Kind(
            "senior_maintenance",
            "Application for maintenance by a parent or senior citizen",
            "माता-पिता या वरिष्ठ नागरिक का भरण-पोषण आवेदन",
            (
                F("applicant_name", "text", "Your name", "आपका नाम"),
                F("age", "text", "Your age", "आपकी उम्र"),
                F("applicant_address", "text", "Your address", "आपका पता"),
                F("respondent_names", "text", "Names of the children or relatives", "बच्चों या रिश्तेदारों के नाम"),
                F(
                    "relationship",
                    "text",
                    "How they are related to you (son, daughter ...)",
                    "वे आपके क्या लगते हैं (बेटा, बेटी ...)",
                ),
                F(
                    "neglect",
                    "text",
                    "How they have neglected or refused to maintain you",
                    "उन्होंने कैसे उपेक्षा की या भरण-पोषण से मना किया",
                ),
                F("monthly_amount", "amount", "Money you need each month", "हर महीने कितने पैसे चाहिए"),
                F("tribunal_place", "text", "Sub-division or district", "उपखंड या ज़िला", required=False),
            ),
            ("MWPSC:4", "MWPSC:5", "MWPSC:9"),
            None,
            None,
            _senior_maintenance,
            ("PROB:maintenance_parents", "PROB:senior_citizen_neglect"),
            "filing",
        ),
        Kind(
            "legal_aid",
            "Application for free legal aid",
            "मुफ़्त क़ानूनी सहायता का आवेदन",
            (
                F("applicant_name", "text", "Your name", "आपका नाम"),
                F("applicant_address", "text", "Your address", "आपका पता"),
                F("district", "text", "Your district", "आपका ज़िला"),
                F("matter", "text", "The case you need help with", "किस मामले में मदद चाहिए"),
                F(
                    "ground",
                    "choice",
                    "Why you qualify (woman, child, sc_st, disability, custody, industrial_workman, "
                    "disaster_victim, trafficking, income)",
                    "आप किस आधार पर पात्र हैं (woman, child, sc_st, disability, custody, industrial_workman, "
                    "disaster_victim, trafficking, income)",
                    choices=GROUNDS,
                ),
                F(
                    "income",
                    "amount",
                    "Your yearly income in rupees (if the ground is income)",
                    "आपकी सालाना आय रुपये में (यदि आधार आय है)",
                    required=False,
                ),
            ),
            ("LSA:12", "LSA:13"),
            None,
            None,
            _legal_aid,
            ("PROB:free_legal_aid",),
            "filing",
        ),
        Kind(
            "bail_application",
            "Bail application (outline for a lawyer)",
            "ज़मानत आवेदन (वकील के लिए ढाँचा)",
            (
                F("accused_name", "text", "Name of the person arrested", "गिरफ़्तार व्यक्ति का नाम"),
                F("applicant_name", "text", "Your name (family member or lawyer)", "आपका नाम (परिवार का सदस्य या वकील)"),
                F("fir_number", "text", "FIR number", "एफआईआर संख्या"),
                F("police_station", "text", "Police station", "थाना"),
                F("offences", "text", "Sections in the FIR", "एफआईआर में लगी धाराएँ"),
                F("arrested_on", "date", "Date of arrest", "गिरफ़्तारी की तारीख़"),
                F(
                    "offence_kind",
                    "choice",
                    "Is the offence bailable? (bailable, non_bailable)",
                    "क्या अपराध ज़मानती है? (bailable, non_bailable)",
                    choices=("bailable", "non_bailable"),
                ),
                F("court", "text", "Court where he or she was produced", "जिस अदालत में पेश किया गया", required=False),
                F(
                    "grounds",
                    "text",
                    "Why bail should be given (family, job, health, no past case ...)",
                    "ज़मानत क्यों मिले (परिवार, नौकरी, स्वास्थ्य, कोई पुराना केस नहीं ...)",
                ),
                F("surety", "text", "Who will stand surety", "ज़मानतदार कौन होगा", required=False),
            ),
            ("BNSS:478", "BNSS:480", "BNSS:483", "LSA:12"),
            "arrested",
            "arrested_on",
            _bail,
            ("PROB:bail_regular", "PROB:family_member_arrested"),
        ),
    )
}
