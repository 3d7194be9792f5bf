"""Deadlines by deterministic date arithmetic, each with the provision that sets it.

An event ("cheque returned unpaid", "arrested", "first remand", "accident", "money lent", ...) on a
date gives the dates that matter. Every rule names its basis as a graph node id; every period it
uses appears in that provision's text (tests/test_deadlines.py checks this against the corpus).
Nothing here is a model's guess: where a date depends on something we do not know (when a notice
was received), or where a court may condone a delay, the note says so.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from core.stages import Deadline
from core.temporal import NEW_CODES_FROM, find_date, year_assumed


def add_months(d: date, months: int) -> date:
    m = d.month - 1 + months
    y, m = d.year + m // 12, m % 12 + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def _fmt(d: date) -> str:
    return d.isoformat()


def _t(lang: str, en: str, hi: str) -> str:
    return hi if lang == "hi" else en


def _at(
    lang: str, what: tuple[str, str], due: date, basis: str, note: tuple[str, str] | str = "", kind: str = "by"
) -> Deadline:
    """One date that matters (core.stages.Deadline, the type the answer carries); ``what`` and
    ``note`` in English and Hindi."""
    return Deadline(
        what=_t(lang, *what),
        due=_fmt(due),
        basis=basis,
        note=_t(lang, *note) if isinstance(note, tuple) else note,
        kind=kind,
    )


# ------------------------------------------------------------------ rules, one function an event
def _cheque(d: date, lang: str, received: date | None = None) -> list[Deadline]:
    """d = the day the payee learnt from the bank that the cheque was returned unpaid."""
    notice_by = d + timedelta(days=30)
    out = [
        _at(
            lang,
            (
                "Send the drawer a written demand notice for the cheque amount",
                "चेक देने वाले को चेक की रकम के लिए लिखित माँग नोटिस भेजें",
            ),
            notice_by,
            "NIA:138",
            (
                "Within 30 days of the bank's information that the cheque was returned unpaid.",
                "बैंक से चेक लौटने की सूचना मिलने के 30 दिन के भीतर।",
            ),
        )
    ]
    if received is None:
        # the complaint window runs from the drawer's receipt of the notice, which we do not know:
        # give the latest case (notice received on the last day it could be sent)
        pay_by = notice_by + timedelta(days=15)
        out.append(
            _at(
                lang,
                (
                    "Latest day the drawer can still pay (if the notice reaches him on the last day)",
                    "देने वाला अधिकतम कब तक भुगतान कर सकता है (यदि नोटिस आख़िरी दिन पहुँचे)",
                ),
                pay_by,
                "NIA:138",
                (
                    "The drawer has 15 days from receiving the notice to pay. The exact date depends on when "
                    "the notice is received: keep the postal receipt and tracking record.",
                    "नोटिस मिलने के 15 दिन के भीतर भुगतान करना होता है। सही तारीख़ इस पर निर्भर है कि नोटिस कब मिला: "
                    "डाक की रसीद और ट्रैकिंग रिकॉर्ड संभालकर रखें।",
                ),
                "by",
            )
        )
        out.append(
            _at(
                lang,
                (
                    "Latest day to file the cheque-bounce complaint before the Magistrate",
                    "मजिस्ट्रेट के सामने चेक बाउंस की शिकायत दायर करने का आख़िरी दिन",
                ),
                add_months(pay_by, 1),
                "NIA:142",
                (
                    "Within one month after the 15 days to pay run out. This date is the latest possible one; "
                    "if the notice was received earlier, the date is earlier. A court may accept a late "
                    "complaint if you show sufficient cause.",
                    "भुगतान के 15 दिन बीतने के बाद एक महीने के भीतर। यह सबसे बाद की संभव तारीख़ है; नोटिस पहले मिला हो "
                    "तो तारीख़ पहले होगी। पर्याप्त कारण दिखाने पर अदालत देर से की गई शिकायत भी ले सकती है।",
                ),
            )
        )
        return out
    return out + _cheque_notice(received, lang)


def _cheque_notice(r: date, lang: str) -> list[Deadline]:
    """r = the day the drawer received the demand notice."""
    pay_by = r + timedelta(days=15)
    return [
        _at(
            lang,
            ("Last day for the drawer to pay the cheque amount", "चेक देने वाले के लिए रकम चुकाने का आख़िरी दिन"),
            pay_by,
            "NIA:138",
            ("15 days from receiving the notice.", "नोटिस मिलने से 15 दिन।"),
        ),
        _at(
            lang,
            ("Earliest day to file the complaint (if not paid)", "शिकायत दायर करने का सबसे पहला दिन (यदि भुगतान न हो)"),
            pay_by + timedelta(days=1),
            "NIA:142",
            "",
            "from",
        ),
        _at(
            lang,
            (
                "Last day to file the cheque-bounce complaint before the Magistrate",
                "मजिस्ट्रेट के सामने चेक बाउंस की शिकायत दायर करने का आख़िरी दिन",
            ),
            add_months(pay_by, 1),
            "NIA:142",
            (
                "Within one month of the day the 15 days ran out. A court may accept a late complaint "
                "if you show sufficient cause.",
                "15 दिन पूरे होने के एक महीने के भीतर। पर्याप्त कारण दिखाने पर अदालत देर से की गई शिकायत भी ले सकती है।",
            ),
        ),
    ]


def _arrested(d: date, lang: str) -> list[Deadline]:
    new = d >= NEW_CODES_FROM
    return [
        _at(
            lang,
            (
                "Must be produced before a Magistrate (no police detention beyond this without a Magistrate's order)",
                "मजिस्ट्रेट के सामने पेश किया जाना ज़रूरी (इसके बाद मजिस्ट्रेट के आदेश के बिना पुलिस हिरासत नहीं)",
            ),
            d + timedelta(days=1),
            "BNSS:58" if new else "CRPC:57",
            (
                "Within 24 hours of the arrest, not counting the journey to the court. Count from the hour of "
                "arrest: this date is the day the 24 hours end.",
                "गिरफ्तारी के 24 घंटे के भीतर, अदालत तक के सफ़र का समय छोड़कर। गिनती गिरफ्तारी के समय (घंटे) से होती है: "
                "यह वह दिन है जब 24 घंटे पूरे होते हैं।",
            ),
            "by",
        )
    ] + _remanded(d, lang, from_arrest=True)


def _remanded(d: date, lang: str, from_arrest: bool = False) -> list[Deadline]:
    new = d >= NEW_CODES_FROM
    basis = "BNSS:187" if new else "CRPC:167"
    start = _t(lang, "arrest", "गिरफ्तारी") if from_arrest else _t(lang, "the first remand", "पहली रिमांड")
    note = _t(
        lang,
        f"Counted from {start}. If the police have not filed the charge-sheet by then, the accused "
        "can apply for release on bail (default bail) and must be released on furnishing bail. Apply "
        "before the charge-sheet is filed. How the first day is counted can move this by one day: ask "
        "the lawyer or the legal aid counsel to confirm.",
        f"{start} से गिनती। तब तक पुलिस ने आरोप-पत्र दाख़िल नहीं किया तो आरोपी ज़मानत (डिफ़ॉल्ट ज़मानत) के लिए "
        "आवेदन कर सकता है और ज़मानत देने पर उसे छोड़ना होगा। आरोप-पत्र दाख़िल होने से पहले आवेदन करें। पहला दिन "
        "कैसे गिना जाए, इससे तारीख़ एक दिन आगे-पीछे हो सकती है: वकील या विधिक सहायता वकील से पुष्टि करें।",
    )
    return [
        _at(
            lang,
            (
                "Default bail if no charge-sheet: offences punishable with less than 10 years",
                "आरोप-पत्र न हो तो डिफ़ॉल्ट ज़मानत: 10 वर्ष से कम सज़ा वाले अपराध",
            ),
            d + timedelta(days=60),
            basis,
            note,
            "from",
        ),
        _at(
            lang,
            (
                "Default bail if no charge-sheet: offences punishable with death, life or 10 years or more",
                "आरोप-पत्र न हो तो डिफ़ॉल्ट ज़मानत: मृत्युदंड, आजीवन कारावास या 10 वर्ष या अधिक सज़ा वाले अपराध",
            ),
            d + timedelta(days=90),
            basis,
            note,
            "from",
        ),
    ]


def _accident(d: date, lang: str) -> list[Deadline]:
    what = (
        "Last day to apply for compensation to the Motor Accident Claims Tribunal",
        "मोटर दुर्घटना दावा अधिकरण में मुआवज़े का आवेदन करने का आख़िरी दिन",
    )
    note = (
        "Within six months of the accident (sub-section (3), added in 2019). Apply to the Tribunal where "
        "the accident happened, or where you live or work.",
        "दुर्घटना के छह महीने के भीतर (उप-धारा (3), 2019 में जोड़ी गई)। उस अधिकरण में आवेदन करें जहाँ दुर्घटना हुई, "
        "या जहाँ आप रहते या काम करते हैं।",
    )
    return [_at(lang, what, add_months(d, 6), "MVA:166", note)]


def _money_lent(d: date, lang: str) -> list[Deadline]:
    # Limitation Act, Schedule Article 19: three years; a written acknowledgment restarts it (section 18)
    what = (
        "Last day to file a civil suit to recover money lent",
        "उधार दी गई रकम वसूलने का दीवानी मुकदमा दायर करने का आख़िरी दिन",
    )
    note = (
        "Three years from when the loan was made (also for a loan payable on demand). A signed written "
        "acknowledgment of the debt before this date starts a fresh three years (Limitation Act, section "
        "18). A court cannot extend the time for filing a suit.",
        "उधार देने की तारीख़ से तीन साल (माँगने पर लौटाने वाले उधार के लिए भी)। इस तारीख़ से पहले कर्ज़ की लिखित, "
        "हस्ताक्षरित स्वीकृति से नए तीन साल शुरू होते हैं (परिसीमा अधिनियम, धारा 18)। मुकदमा दायर करने का समय अदालत "
        "नहीं बढ़ा सकती।",
    )
    return [_at(lang, what, add_months(d, 36), "LIMITATION:Schedule Article 19", note)]


def _dv_application(d: date, lang: str) -> list[Deadline]:
    first = d + timedelta(days=3)
    return [
        _at(
            lang,
            (
                "First hearing before the Magistrate (ordinarily not later than)",
                "मजिस्ट्रेट के सामने पहली सुनवाई (सामान्यतः इससे बाद नहीं)",
            ),
            first,
            "PWDVA:12",
            ("Within three days of the court receiving the application.", "अदालत को आवेदन मिलने के तीन दिन के भीतर।"),
            "on",
        ),
        _at(
            lang,
            (
                "The Magistrate should try to decide the application by",
                "मजिस्ट्रेट को आवेदन का निपटारा करने का प्रयास इस तारीख़ तक करना चाहिए",
            ),
            first + timedelta(days=60),
            "PWDVA:12",
            (
                "Within sixty days of the first hearing (counted here from the latest ordinary first "
                "hearing date). It is a target for the court, not a limit on your rights.",
                "पहली सुनवाई से साठ दिन के भीतर (यहाँ पहली सुनवाई की सामान्य आख़िरी तारीख़ से गिना गया)। यह अदालत के लिए "
                "लक्ष्य है, आपके अधिकारों की सीमा नहीं।",
            ),
            "on",
        ),
    ]


def _mutual_divorce(d: date, lang: str) -> list[Deadline]:
    return [
        _at(
            lang,
            ("Earliest day for the second (joint) motion", "दूसरे (संयुक्त) प्रस्ताव का सबसे पहला दिन"),
            add_months(d, 6),
            "HMA:13B",
            (
                "Not earlier than six months after the petition was presented. The Supreme Court has held "
                "that this waiting period can be waived in suitable cases (Amardeep Singh v. Harveen Kaur, "
                "2017): ask the Family Court.",
                "याचिका पेश होने के छह महीने से पहले नहीं। सुप्रीम कोर्ट ने माना है कि उपयुक्त मामलों में यह प्रतीक्षा अवधि "
                "माफ़ की जा सकती है (अमरदीप सिंह बनाम हरवीन कौर, 2017): फ़ैमिली कोर्ट से पूछें।",
            ),
            "from",
        ),
        _at(
            lang,
            ("Last day for the second (joint) motion", "दूसरे (संयुक्त) प्रस्ताव का आख़िरी दिन"),
            add_months(d, 18),
            "HMA:13B",
            ("Not later than eighteen months after the petition was presented.", "याचिका पेश होने के अठारह महीने के भीतर।"),
        ),
    ]


def _senior_maintenance(d: date, lang: str) -> list[Deadline]:
    note = (
        "Within ninety days of the notice of the application being served on the children or relatives; "
        "the Tribunal may extend it once, by at most thirty days, for recorded reasons.",
        "बच्चों या रिश्तेदारों को आवेदन का नोटिस मिलने से नब्बे दिन के भीतर; अधिकरण लिखित कारणों से इसे एक बार, अधिकतम "
        "तीस दिन, बढ़ा सकता है।",
    )
    what = (
        "The Maintenance Tribunal should decide the application by",
        "भरण-पोषण अधिकरण को आवेदन का निपटारा इस तारीख़ तक करना चाहिए",
    )
    return [_at(lang, what, d + timedelta(days=90), "MWPSC:5", note, "on")]


def _conviction(d: date, lang: str) -> list[Deadline]:
    note = _t(
        lang,
        "Counted from the date of the sentence or order; the time taken to get a certified copy of the "
        "judgment is excluded (Limitation Act, section 12). A late appeal can be admitted if you show "
        "sufficient cause for the delay (section 5). The Schedule still names the Criminal Procedure "
        "Code of 1898; confirm the period with the legal aid counsel.",
        "सज़ा या आदेश की तारीख़ से गिनती; फ़ैसले की प्रमाणित प्रति लेने में लगा समय नहीं गिना जाता (परिसीमा अधिनियम, "
        "धारा 12)। देरी का पर्याप्त कारण दिखाने पर देर से की गई अपील भी स्वीकार हो सकती है (धारा 5)। अनुसूची में अब भी "
        "1898 की दंड प्रक्रिया संहिता का नाम है; अवधि की पुष्टि विधिक सहायता वकील से करें।",
    )
    return [
        _at(
            lang,
            (
                "Appeal to the High Court against a sentence (other than death)",
                "सज़ा के ख़िलाफ़ हाई कोर्ट में अपील (मृत्युदंड के अलावा)",
            ),
            d + timedelta(days=60),
            "LIMITATION:Schedule Article 115",
            note,
        ),
        _at(
            lang,
            (
                "Appeal to any other court (e.g. Sessions Court) against a sentence",
                "किसी अन्य अदालत (जैसे सत्र न्यायालय) में सज़ा के ख़िलाफ़ अपील",
            ),
            d + timedelta(days=30),
            "LIMITATION:Schedule Article 115",
            note,
        ),
    ]


def _civil_decree(d: date, lang: str) -> list[Deadline]:
    note = _t(
        lang,
        "Counted from the date of the decree or order; the time taken to get a certified copy is excluded "
        "(Limitation Act, section 12). A late appeal can be admitted for sufficient cause (section 5).",
        "डिक्री या आदेश की तारीख़ से गिनती; प्रमाणित प्रति लेने में लगा समय नहीं गिना जाता (परिसीमा अधिनियम, धारा 12)। "
        "पर्याप्त कारण होने पर देर से की गई अपील भी स्वीकार हो सकती है (धारा 5)।",
    )
    return [
        _at(
            lang,
            ("Appeal to the High Court from a decree or order", "डिक्री या आदेश के ख़िलाफ़ हाई कोर्ट में अपील"),
            d + timedelta(days=90),
            "LIMITATION:Schedule Article 116",
            note,
        ),
        _at(
            lang,
            ("Appeal to any other court from a decree or order", "डिक्री या आदेश के ख़िलाफ़ किसी अन्य अदालत में अपील"),
            d + timedelta(days=30),
            "LIMITATION:Schedule Article 116",
            note,
        ),
    ]


@dataclass(frozen=True)
class Event:
    id: str
    name_en: str
    name_hi: str
    rule: object
    cue: re.Pattern


EVENTS: dict[str, Event] = {
    e.id: e
    for e in (
        Event(
            "cheque_dishonoured",
            "Cheque returned unpaid (date the bank told you)",
            "चेक बाउंस (बैंक से सूचना की तारीख़)",
            _cheque,
            re.compile(r"cheque|check bounce|चेक|bounce|dishono", re.I),
        ),
        Event(
            "cheque_notice_received",
            "Demand notice received by the drawer",
            "चेक देने वाले को माँग नोटिस मिला",
            _cheque_notice,
            re.compile(r"notice (?:was )?(?:received|served|delivered)|नोटिस मिल", re.I),
        ),
        Event(
            "arrested",
            "Arrested",
            "गिरफ्तारी",
            _arrested,
            re.compile(r"arrest|giraft|girft|गिरफ्तार|गिरफ़्तार|picked up by (?:the )?police|custody", re.I),
        ),
        Event(
            "remanded",
            "First remand to custody by a Magistrate",
            "मजिस्ट्रेट द्वारा पहली रिमांड",
            _remanded,
            re.compile(r"remand|रिमांड|judicial custody|न्यायिक हिरासत", re.I),
        ),
        Event(
            "accident",
            "Road accident",
            "सड़क दुर्घटना",
            _accident,
            re.compile(r"accident|एक्सीडेंट|दुर्घटना|hit by|टक्कर", re.I),
        ),
        Event(
            "money_lent",
            "Money lent (date of the loan)",
            "उधार दिया (उधार की तारीख़)",
            _money_lent,
            re.compile(r"\blent\b|\bloan\b|udhaar|udhar|उधार|कर्ज़|कर्ज|borrowed", re.I),
        ),
        Event(
            "dv_application",
            "Domestic violence application filed before the Magistrate",
            "घरेलू हिंसा का आवेदन मजिस्ट्रेट के पास दायर",
            _dv_application,
            re.compile(r"(?:domestic violence|dv act|घरेलू हिंसा).{0,40}(?:applied|application|filed|आवेदन|दायर)", re.I),
        ),
        Event(
            "mutual_divorce_petition",
            "Mutual-consent divorce petition presented (Hindu Marriage Act)",
            "आपसी सहमति से तलाक की याचिका पेश (हिंदू विवाह अधिनियम)",
            _mutual_divorce,
            re.compile(r"mutual (?:consent )?divorce|आपसी सहमति|13b|13-b", re.I),
        ),
        Event(
            "senior_maintenance_notice",
            "Notice of a parent's maintenance application served",
            "माता-पिता के भरण-पोषण आवेदन का नोटिस तामील",
            _senior_maintenance,
            re.compile(r"maintenance tribunal|senior citizen|भरण-पोषण अधिकरण|वरिष्ठ नागरिक", re.I),
        ),
        Event(
            "conviction",
            "Convicted and sentenced by a criminal court",
            "आपराधिक अदालत से दोषसिद्धि और सज़ा",
            _conviction,
            re.compile(r"convicted|sentenced|conviction|सज़ा सुनाई|सजा सुनाई|दोषी ठहराया", re.I),
        ),
        Event(
            "civil_decree",
            "Decree or order of a civil court",
            "दीवानी अदालत की डिक्री या आदेश",
            _civil_decree,
            re.compile(r"decree|डिक्री", re.I),
        ),
    )
}


class UnknownEvent(KeyError):
    pass


def compute(event: str, on: date, lang: str = "en", **extra) -> list[Deadline]:
    ev = EVENTS.get(event)
    if ev is None:
        raise UnknownEvent(event)
    return ev.rule(on, lang, **extra)


def detect(question: str, today: date | None = None) -> tuple[str, date] | None:
    """The event the question states with its date ("my cheque bounced on 3 March 2025"), or None.

    Only a date written in the question counts: without one nothing is computed."""
    when = find_date(question, today)
    if when is None or not re.search(r"\d", question):
        return None
    # the most specific cue wins: a notice received beats the bounce itself, a remand beats an arrest
    for eid in (
        "cheque_notice_received",
        "remanded",
        "dv_application",
        "mutual_divorce_petition",
        "senior_maintenance_notice",
        "cheque_dishonoured",
        "arrested",
        "accident",
        "conviction",
        "civil_decree",
        "money_lent",
    ):
        if EVENTS[eid].cue.search(question):
            return eid, when
    return None


def for_question(question: str, lang: str = "en", today: date | None = None) -> list[Deadline]:
    got = detect(question, today)
    if not got:
        return []
    out = compute(got[0], got[1], lang)
    if out and year_assumed(question, today):
        # "10 november ko": the most recent past 10 November was taken; say so where the dates are
        said = f"{got[1].day}.{got[1].month}.{got[1].year}"
        note = _t(
            lang,
            f"No year was given: the dates are counted from {said}, the most recent such day. Check it.",
            f"साल नहीं बताया गया: तारीख़ें {said} से गिनी गई हैं, जो ऐसा सबसे हाल का दिन है। इसे जाँच लें।",
        )
        first = out[0]
        out[0] = first.model_copy(update={"note": f"{note} {first.note}".strip()})
    return out
