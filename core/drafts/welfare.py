"""The documents of protection and support (issue 22): the application to the Magistrate under the DV Act
(PWDVA ss.12, 18-22; the prescribed Form II is in the DV Rules 2006, which the corpus does not hold: the
application follows the Act's reliefs instead), the maintenance application of a parent or senior
citizen (MWPSC ss.4, 5, 9: ceiling ten thousand rupees a month, s.9(2)), and the application for free
legal aid (LSA ss.12, 13). Each is its builder (fixed English/Hindi text filled with the facts only) and
its :class:`Kind`; core/drafts/kinds.py lists them all.
"""

from __future__ import annotations

from datetime import date

from core.drafts.fill import BLANK, cover, pick, written
from core.drafts.model import F, Kind, fmt_amount, fmt_date, your_address, your_name

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
    v = lambda n: written(f, n, lang)  # noqa: E731
    reliefs = [r for r in _RELIEFS if r in (f.get("reliefs") or [])]
    asked = [f"({chr(97 + i)}) {_RELIEF_TEXT[r][1 if lang == 'hi' else 0]}" for i, r in enumerate(reliefs)]
    money = f.get("monthly_amount")
    if "monetary" in reliefs and money:
        asked.append(
            pick(
                lang,
                f"(amount asked: {fmt_amount(money, lang)} a month)",
                f"(माँगी गई रकम: {fmt_amount(money, lang)} प्रति माह)",
            )
        )
    return {
        "to": [
            pick(
                lang,
                "To the Magistrate (Judicial Magistrate First Class / Metropolitan Magistrate),",
                "सेवा में, मजिस्ट्रेट (न्यायिक मजिस्ट्रेट प्रथम श्रेणी / महानगर मजिस्ट्रेट),",
            ),
            v("court_place"),
        ],
        "subject": pick(
            lang,
            f"Application under Section 12 of the Protection of Women from Domestic Violence Act, 2005 — "
            f"{v('aggrieved_name')} (aggrieved person) v. {v('respondent_name')} (respondent)",
            f"घरेलू हिंसा से महिलाओं का संरक्षण अधिनियम, 2005 की धारा 12 के अंतर्गत आवेदन — {v('aggrieved_name')} "
            f"(व्यथित महिला) बनाम {v('respondent_name')} (प्रत्यर्थी)",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. I, {v('aggrieved_name')}, residing at {v('aggrieved_address')}, am an aggrieved person: I am "
                f"in a domestic relationship with the respondent, {v('respondent_name')}, who is my "
                f"{v('relationship')}, and we live or have lived together in the shared household at "
                f"{v('shared_household')}.",
                f"1. मैं, {v('aggrieved_name')}, निवासी {v('aggrieved_address')}, व्यथित महिला हूँ: प्रत्यर्थी "
                f"{v('respondent_name')}, जो मेरे {v('relationship')} हैं, के साथ मेरा घरेलू संबंध है, और हम "
                f"{v('shared_household')} के साझा घर में साथ रहते हैं या रहे हैं।",
            ),
            pick(
                lang,
                f"2. The respondent has committed domestic violence against me, as follows: {v('incidents')}",
                f"2. प्रत्यर्थी ने मेरे साथ घरेलू हिंसा की है, इस प्रकार: {v('incidents')}",
            ),
            pick(
                lang,
                f"3. Children: {v('children')}.",
                f"3. बच्चे: {v('children')}।",
            ),
            pick(lang, "4. I therefore pray for:", "4. अतः मेरी प्रार्थना है:") + "\n" + "\n".join(asked),
            pick(
                lang,
                "5. I request that the Protection Officer be directed to prepare a domestic incident report, and "
                "that the first hearing be fixed within three days of the receipt of this application "
                "(Section 12(4)).",
                "5. निवेदन है कि संरक्षण अधिकारी को घरेलू घटना रिपोर्ट तैयार करने का निर्देश दिया जाए, और पहली सुनवाई इस "
                "आवेदन के मिलने के तीन दिन के भीतर रखी जाए (धारा 12(4))।",
            ),
        ],
        "closing": [
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            pick(lang, f"Aggrieved person: {v('aggrieved_name')}", f"व्यथित महिला: {v('aggrieved_name')}"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: your application to the Magistrate under Section 12 of the DV Act for the orders "
                "you chose. The Act's prescribed form (Form II of the DV Rules, 2006) is not in NyayaPath's "
                "sources: the court or Protection Officer may ask you to copy this into that form.",
                "यह क्या है: डीवी अधिनियम की धारा 12 के अंतर्गत आपके चुने आदेशों के लिए मजिस्ट्रेट को आवेदन। अधिनियम का "
                "निर्धारित प्रारूप (डीवी नियम, 2006 का प्रपत्र II) NyayaPath के स्रोतों में नहीं है: अदालत या संरक्षण "
                "अधिकारी आपसे इसे उस प्रारूप में भरवा सकते हैं।",
            ),
            (
                "Where to file: the Magistrate's court where you live, the respondent lives, or the violence "
                "happened (Section 27), directly or through the Protection Officer of your district, who helps "
                "you file it and prepares the domestic incident report.",
                "कहाँ दायर करें: जहाँ आप रहती हैं, प्रत्यर्थी रहता है, या हिंसा हुई, वहाँ के मजिस्ट्रेट की अदालत में (धारा "
                "27), सीधे या अपने ज़िले के संरक्षण अधिकारी के ज़रिए, जो दायर करने में मदद करते हैं और घरेलू घटना रिपोर्ट "
                "बनाते हैं।",
            ),
            (
                "Attach: any medical papers, photographs, messages, a police complaint if one was made, and proof "
                "of your address.",
                "साथ लगाएँ: मेडिकल काग़ज़, फ़ोटो, संदेश, पुलिस शिकायत (यदि की हो), और पते का सबूत।",
            ),
            (
                "In danger now: call 112 or the women's helpline 181.",
                "अभी ख़तरा हो तो: 112 या महिला हेल्पलाइन 181 पर फ़ोन करें।",
            ),
        ),
    }


DV_APPLICATION = Kind(
    "dv_application",
    "Application to the Magistrate under the DV Act",
    "डीवी अधिनियम के तहत मजिस्ट्रेट को आवेदन",
    (
        your_name("aggrieved_name"),
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
)


# ------------------------------------------------------------- 4. senior citizen maintenance
def _senior_maintenance(f: dict, lang: str, today: date) -> dict:
    v = lambda n: written(f, n, lang)  # noqa: E731
    return {
        "to": [
            pick(lang, "To the Maintenance Tribunal,", "सेवा में, भरण-पोषण अधिकरण,"),
            v("tribunal_place"),
        ],
        "subject": pick(
            lang,
            "Application for maintenance under Section 5 of the Maintenance and Welfare of Parents and Senior "
            "Citizens Act, 2007",
            "माता-पिता और वरिष्ठ नागरिकों का भरण-पोषण तथा कल्याण अधिनियम, 2007 की धारा 5 के अंतर्गत भरण-पोषण का आवेदन",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. I, {v('applicant_name')}, aged {v('age')}, residing at {v('applicant_address')}, am a senior "
                "citizen / parent unable to maintain myself from my own earnings or property.",
                f"1. मैं, {v('applicant_name')}, आयु {v('age')}, निवासी {v('applicant_address')}, वरिष्ठ नागरिक / "
                "माता-पिता हूँ और अपनी कमाई या संपत्ति से अपना भरण-पोषण नहीं कर सकता/सकती।",
            ),
            pick(
                lang,
                f"2. The respondent(s), {v('respondent_names')}, are my {v('relationship')}. Under Section 4 they "
                f"are obliged to maintain me so that I can lead a normal life. {v('neglect')}",
                f"2. प्रत्यर्थी, {v('respondent_names')}, मेरे {v('relationship')} हैं। धारा 4 के अंतर्गत उनका दायित्व है "
                f"कि मेरा भरण-पोषण करें ताकि मैं सामान्य जीवन जी सकूँ। {v('neglect')}",
            ),
            pick(
                lang,
                f"3. I need {v('monthly_amount')} a month for food, clothing, residence, medical attendance and "
                "treatment.",
                f"3. मुझे भोजन, कपड़े, निवास, चिकित्सा देखभाल और इलाज के लिए प्रति माह {v('monthly_amount')} की ज़रूरत है।",
            ),
            pick(
                lang,
                "4. I pray that the Tribunal order the respondent(s) to pay me a monthly allowance for maintenance "
                "(Section 9), and an interim allowance while this application is pending (Section 5(2)).",
                "4. प्रार्थना है कि अधिकरण प्रत्यर्थियों को मुझे भरण-पोषण के लिए मासिक भत्ता देने का आदेश दे (धारा 9), और "
                "आवेदन लंबित रहते अंतरिम भत्ता भी (धारा 5(2))।",
            ),
        ],
        "closing": [
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("applicant_name"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: your application to the Maintenance Tribunal (usually the SDM's office) for a "
                "monthly allowance from your children or the relative who will inherit from you.",
                "यह क्या है: अपने बच्चों या आपसे विरासत पाने वाले रिश्तेदार से मासिक भत्ते के लिए भरण-पोषण अधिकरण "
                "(आमतौर पर एसडीएम कार्यालय) को आपका आवेदन।",
            ),
            (
                "The Tribunal can order at most the amount the State Government prescribes, which cannot exceed "
                "ten thousand rupees a month (Section 9(2)); a relative is liable only if you have no children "
                "and will inherit your property.",
                "अधिकरण अधिकतम उतनी रकम का आदेश दे सकता है जितनी राज्य सरकार तय करे, जो दस हज़ार रुपये प्रति माह से "
                "ज़्यादा नहीं हो सकती (धारा 9(2)); रिश्तेदार तभी ज़िम्मेदार है जब आपकी संतान न हो और वह आपकी संपत्ति का "
                "वारिस हो।",
            ),
            (
                "Attach: proof of age, proof of relationship, and anything showing your needs and their means.",
                "साथ लगाएँ: आयु का सबूत, रिश्ते का सबूत, और आपकी ज़रूरतें तथा उनकी आमदनी दिखाने वाले काग़ज़।",
            ),
            ("Elder helpline: 14567.", "बुज़ुर्ग हेल्पलाइन: 14567।"),
        ),
    }


SENIOR_MAINTENANCE = Kind(
    "senior_maintenance",
    "Application for maintenance by a parent or senior citizen",
    "माता-पिता या वरिष्ठ नागरिक का भरण-पोषण आवेदन",
    (
        your_name("applicant_name"),
        F("age", "text", "Your age", "आपकी उम्र"),
        your_address("applicant_address"),
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
)


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

    v = lambda n: written(f, n, lang)  # noqa: E731
    ground = f.get("ground") or ""
    flags = {g: g == ground for g in GROUNDS if g != "income"}
    el = check(**flags, income=int(f["income"]) if f.get("income") is not None else None, lang=lang)
    basis = ", ".join(el.basis) or BLANK
    return {
        "to": [
            pick(lang, "To the Secretary,", "सेवा में, सचिव,"),
            pick(
                lang, f"District Legal Services Authority, {v('district')}", f"ज़िला विधिक सेवा प्राधिकरण, {v('district')}"
            ),
        ],
        "subject": pick(
            lang,
            "Application for free legal services under Sections 12 and 13 of the Legal Services Authorities Act, 1987",
            "विधिक सेवा प्राधिकरण अधिनियम, 1987 की धारा 12 और 13 के अंतर्गत मुफ़्त क़ानूनी सेवा का आवेदन",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. I, {v('applicant_name')}, residing at {v('applicant_address')}, have to file or defend the "
                f"following case: {v('matter')}",
                f"1. मैं, {v('applicant_name')}, निवासी {v('applicant_address')}, को यह मामला दायर करना या उसमें बचाव "
                f"करना है: {v('matter')}",
            ),
            pick(
                lang,
                f"2. I am entitled to legal services under Section 12 of the Act ({basis}).",
                f"2. अधिनियम की धारा 12 के अंतर्गत मैं क़ानूनी सेवाओं की हक़दार/हक़दार हूँ ({basis})।",
            ),
            pick(
                lang,
                "3. I request a panel lawyer and the other legal services I need. My own affidavit as to my income "
                "is attached (Section 13(2)).",
                "3. निवेदन है कि मुझे पैनल वकील और ज़रूरी अन्य क़ानूनी सेवाएँ दी जाएँ। मेरी आय के बारे में मेरा अपना "
                "शपथ-पत्र साथ लगा है (धारा 13(2))।",
            ),
        ],
        "closing": [
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("applicant_name"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: your request for a free lawyer. The check found: " + (el.note or basis),
                "यह क्या है: मुफ़्त वकील के लिए आपका अनुरोध। जाँच में मिला: " + (el.note or basis),
            ),
            (
                "Where to give it: the District Legal Services Authority office at the district court (or the "
                "Taluk Legal Services Committee at the taluk court). The Authority must also be satisfied that "
                "you have a prima facie case (Section 13(1)).",
                "कहाँ दें: ज़िला अदालत में ज़िला विधिक सेवा प्राधिकरण का कार्यालय (या तालुका अदालत में तालुका विधिक सेवा "
                "समिति)। प्राधिकरण को यह भी संतुष्ट होना होगा कि आपका मामला प्रथम दृष्टया बनता है (धारा 13(1))।",
            ),
            (
                "Attach: an affidavit of your income, an identity proof, and papers of the case if any.",
                "साथ लगाएँ: अपनी आय का शपथ-पत्र, पहचान पत्र, और मामले के काग़ज़ (यदि हों)।",
            ),
        ),
        "eligible": el.eligible,
    }


LEGAL_AID = Kind(
    "legal_aid",
    "Application for free legal aid",
    "मुफ़्त क़ानूनी सहायता का आवेदन",
    (
        your_name("applicant_name"),
        your_address("applicant_address"),
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
)
