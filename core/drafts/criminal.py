"""The documents of a criminal matter (issue 22): the demand notice for a dishonoured cheque (NI Act
s.138 proviso (b)/(c), s.142(1)(b)), the written complaint to the police (BNSS s.173(1): any area,
orally or by electronic communication signed within three days; 173(4) to the Superintendent of Police;
175(3) to the Magistrate), and the bail application (BNSS ss.478, 480, 483 and 58: 24 hours). Each is its
builder (fixed English/Hindi text filled with the facts only) and its :class:`Kind` (the facts it needs,
what it cites); core/drafts/kinds.py lists them all.
"""

from __future__ import annotations

from datetime import date

from core.drafts.fill import cover, pick, written
from core.drafts.model import F, Kind, fmt_date, your_address, your_name


# --------------------------------------------------------------------------- 1. cheque demand notice
def _cheque_notice(f: dict, lang: str, today: date) -> dict:
    v = lambda n: written(f, n, lang)  # noqa: E731
    return {
        "to": [v("drawer_name"), v("drawer_address")],
        "subject": pick(
            lang,
            f"Subject: Demand notice under Section 138 of the Negotiable Instruments Act, 1881 for cheque "
            f"no. {v('cheque_number')} dated {v('cheque_date')} for {v('amount')}",
            f"विषय: परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के अंतर्गत माँग नोटिस — चेक संख्या "
            f"{v('cheque_number')}, दिनांक {v('cheque_date')}, रकम {v('amount')}",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. You issued cheque no. {v('cheque_number')} dated {v('cheque_date')}, drawn on "
                f"{v('bank_name')}, for {v('amount')} to me, {v('payee_name')}, towards {v('debt')}.",
                f"1. आपने मुझे, {v('payee_name')} को, {v('debt')} के लिए {v('bank_name')} पर चेक संख्या "
                f"{v('cheque_number')}, दिनांक {v('cheque_date')}, रकम {v('amount')} दिया।",
            ),
            pick(
                lang,
                f"2. I presented the cheque for payment. It was returned unpaid with the remark "
                f'"{v("reason")}", and I received the bank\'s information of this on {v("returned_on")}.',
                f'2. मैंने चेक भुगतान के लिए प्रस्तुत किया। वह "{v("reason")}" टिप्पणी के साथ बिना भुगतान लौट आया, '
                f"और इसकी बैंक की सूचना मुझे {v('returned_on')} को मिली।",
            ),
            pick(
                lang,
                f"3. I therefore demand payment of the said amount of {v('amount')} within fifteen days of your "
                "receipt of this notice, as required by clause (c) of the proviso to Section 138 of the "
                "Negotiable Instruments Act, 1881.",
                f"3. अतः मैं आपसे माँग करता/करती हूँ कि इस नोटिस के मिलने के पंद्रह दिन के भीतर {v('amount')} की उक्त "
                "रकम का भुगतान करें, जैसा परक्राम्य लिखत अधिनियम, 1881 की धारा 138 के परंतुक के खंड (ग) में है।",
            ),
            pick(
                lang,
                "4. If you do not pay within that time, I shall file a complaint before the competent "
                "Magistrate under Section 142 of the Negotiable Instruments Act, 1881, at your risk as to costs.",
                "4. यदि आप उस समय के भीतर भुगतान नहीं करते, तो मैं परक्राम्य लिखत अधिनियम, 1881 की धारा 142 के अंतर्गत "
                "सक्षम मजिस्ट्रेट के सामने शिकायत दायर करूँगा/करूँगी, जिसका ख़र्च आपके ज़िम्मे होगा।",
            ),
        ],
        "closing": [
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            f"{v('payee_name')}",
            v("payee_address"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: the written demand that Section 138(b) of the NI Act requires before a "
                "cheque-bounce case can be filed.",
                "यह क्या है: वह लिखित माँग जो चेक बाउंस का मुक़दमा दायर करने से पहले एनआई अधिनियम की धारा 138(ख) के अनुसार ज़रूरी है।",
            ),
            (
                "How to send it: by registered post with acknowledgement due (keep the receipt and the tracking "
                "record); you may also send it by email or courier as extra proof.",
                "कैसे भेजें: रजिस्टर्ड डाक, पावती सहित (रसीद और ट्रैकिंग रिकॉर्ड संभालकर रखें); अतिरिक्त सबूत के लिए "
                "ईमेल या कूरियर से भी भेज सकते हैं।",
            ),
            (
                "Keep copies of: the cheque, the bank's return memo, this notice and the postal receipt.",
                "इनकी प्रतियाँ रखें: चेक, बैंक का रिटर्न मेमो, यह नोटिस और डाक की रसीद।",
            ),
        ),
    }


CHEQUE_NOTICE = Kind(
    "cheque_notice",
    "Demand notice for a dishonoured cheque",
    "चेक बाउंस का माँग नोटिस",
    (
        F("payee_name", "text", "Your name (the person the cheque was given to)", "आपका नाम (जिसे चेक मिला)"),
        your_address("payee_address"),
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
)


# --------------------------------------------------------------------- 3. police complaint (FIR)
def _police_complaint(f: dict, lang: str, today: date) -> dict:
    v = lambda n: written(f, n, lang)  # noqa: E731
    return {
        "to": [
            pick(lang, "To the Officer in Charge,", "सेवा में, थाना प्रभारी,"),
            pick(lang, f"Police Station {v('police_station')}", f"थाना {v('police_station')}"),
        ],
        "subject": pick(
            lang,
            "Subject: Information of a cognizable offence under Section 173 of the Bharatiya Nagarik Suraksha "
            "Sanhita, 2023 — request to register an FIR",
            "विषय: भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा 173 के अंतर्गत संज्ञेय अपराध की सूचना — एफआईआर दर्ज करने का अनुरोध",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. I, {v('complainant_name')}, residing at {v('complainant_address')} (phone {v('phone')}), give "
                "the following information.",
                f"1. मैं, {v('complainant_name')}, निवासी {v('complainant_address')} (फ़ोन {v('phone')}), निम्न "
                "सूचना देता/देती हूँ।",
            ),
            pick(
                lang,
                f"2. On {v('incident_date')}, at {v('incident_place')}: {v('what_happened')}",
                f"2. {v('incident_date')} को, {v('incident_place')} पर: {v('what_happened')}",
            ),
            pick(
                lang,
                f"3. The person(s) who did this: {v('accused')}. Witnesses: {v('witnesses')}.",
                f"3. यह करने वाले व्यक्ति: {v('accused')}। गवाह: {v('witnesses')}।",
            ),
            pick(
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
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            v("complainant_name"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: written information of a cognizable offence for the police to register an FIR.",
                "यह क्या है: संज्ञेय अपराध की लिखित सूचना, ताकि पुलिस एफआईआर दर्ज करे।",
            ),
            (
                "Zero FIR: any police station must take it, even if the offence happened in another station's "
                "area (Section 173(1)). e-FIR: you may send it by electronic communication; it is taken on "
                "record when you sign it within three days.",
                "ज़ीरो एफआईआर: कोई भी थाना इसे लेगा, अपराध चाहे दूसरे थाने के क्षेत्र में हुआ हो (धारा 173(1))। ई-एफआईआर: "
                "आप इसे इलेक्ट्रॉनिक रूप से भेज सकते हैं; तीन दिन के भीतर हस्ताक्षर करने पर यह रिकॉर्ड पर लिया जाता है।",
            ),
            (
                "If the police refuse: send the substance of this information in writing, by post, to the "
                "Superintendent of Police (Section 173(4)); if that fails too, apply to the Magistrate with an "
                "affidavit to order an investigation (Section 175(3)).",
                "यदि पुलिस मना करे: इस सूचना का सार लिखकर डाक से पुलिस अधीक्षक को भेजें (धारा 173(4)); उससे भी न हो तो "
                "शपथ-पत्र के साथ मजिस्ट्रेट को आवेदन दें कि वह जाँच का आदेश दें (धारा 175(3))।",
            ),
            ("Emergency: 112.", "आपातकाल: 112।"),
        ),
    }


POLICE_COMPLAINT = Kind(
    "police_complaint",
    "Written complaint to the police (FIR)",
    "पुलिस को लिखित शिकायत (एफआईआर)",
    (
        your_name("complainant_name"),
        your_address("complainant_address"),
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
)


# ----------------------------------------------------------------------- 6. bail application
def _bail(f: dict, lang: str, today: date) -> dict:
    v = lambda n: written(f, n, lang)  # noqa: E731
    bailable = f.get("offence_kind") == "bailable"
    section = "478" if bailable else "480"
    return {
        "to": [pick(lang, "In the Court of", "न्यायालय"), v("court")],
        "subject": pick(
            lang,
            f"Application for bail under Section {section} of the Bharatiya Nagarik Suraksha Sanhita, 2023 — "
            f"State v. {v('accused_name')}, FIR no. {v('fir_number')}, Police Station {v('police_station')}, "
            f"under {v('offences')}",
            f"भारतीय नागरिक सुरक्षा संहिता, 2023 की धारा {section} के अंतर्गत ज़मानत आवेदन — राज्य बनाम "
            f"{v('accused_name')}, एफआईआर संख्या {v('fir_number')}, थाना {v('police_station')}, {v('offences')}",
        ),
        "paragraphs": [
            pick(
                lang,
                f"1. The applicant, {v('accused_name')}, was arrested on {v('arrested_on')} in the above FIR and is "
                "in custody.",
                f"1. आवेदक, {v('accused_name')}, को उक्त एफआईआर में {v('arrested_on')} को गिरफ़्तार किया गया और वह "
                "हिरासत में है।",
            ),
            pick(
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
            pick(lang, f"3. Grounds: {v('grounds')}", f"3. आधार: {v('grounds')}"),
            pick(
                lang,
                f"4. The applicant will abide by any condition the Court imposes and offers as surety: {v('surety')}.",
                f"4. आवेदक न्यायालय की हर शर्त मानेगा और ज़मानतदार के रूप में प्रस्तुत करता है: {v('surety')}।",
            ),
            pick(
                lang,
                "5. It is therefore prayed that the applicant be released on bail.",
                "5. अतः प्रार्थना है कि आवेदक को ज़मानत पर छोड़ा जाए।",
            ),
        ],
        "closing": [
            pick(lang, f"Date: {fmt_date(today, lang)}", f"दिनांक: {fmt_date(today, lang)}"),
            pick(lang, f"Through: {v('applicant_name')}", f"द्वारा: {v('applicant_name')}"),
        ],
        "cover": cover(
            lang,
            (
                "What this is: an outline of a bail application for a lawyer to complete and file; bail in a "
                "serious case is argued, so ask for a legal-aid lawyer at once (free for anyone in custody, "
                "Section 12(g) of the Legal Services Authorities Act).",
                "यह क्या है: ज़मानत आवेदन का ढाँचा, जिसे वकील पूरा करके दायर करें; गंभीर मामले में ज़मानत पर बहस होती है, "
                "इसलिए तुरंत क़ानूनी सहायता वकील माँगें (हिरासत में हर व्यक्ति के लिए मुफ़्त, विधिक सेवा प्राधिकरण अधिनियम "
                "की धारा 12(छ))।",
            ),
            (
                "Where: the Magistrate's court where the accused was produced; if refused, the Court of Session "
                "or the High Court (Section 483).",
                "कहाँ: उस मजिस्ट्रेट की अदालत में जहाँ अभियुक्त पेश किया गया; नामंज़ूर हो तो सत्र न्यायालय या उच्च न्यायालय (धारा 483)।",
            ),
            (
                "Attach: a copy of the FIR and the arrest memo, the surety's identity and address proof.",
                "साथ लगाएँ: एफआईआर और गिरफ़्तारी मेमो की प्रति, ज़मानतदार का पहचान और पते का सबूत।",
            ),
        ),
    }


BAIL_APPLICATION = Kind(
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
)
