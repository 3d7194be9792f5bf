"""Free legal aid: who is entitled (Legal Services Authorities Act s.12, s.13) and where to apply.

Deterministic. The income ceiling in s.12(h) is Rs 9,000 a year (Rs 12,000 before the Supreme
Court) "or such other higher amount as may be prescribed": States have prescribed higher
ceilings and they differ, so above the statutory floor the answer is "depends", never a guess.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

# flag -> (clause of s.12, English, Hindi)
CRITERIA: dict[str, tuple[str, str, str]] = {
    "sc_st": ("a", "a member of a Scheduled Caste or Scheduled Tribe", "अनुसूचित जाति या अनुसूचित जनजाति के सदस्य"),
    "trafficking": (
        "b",
        "a victim of trafficking in human beings or begar (forced labour)",
        "मानव तस्करी या बेगार (बंधुआ/ज़बरन मज़दूरी) के पीड़ित",
    ),
    "woman": ("c", "a woman", "महिला"),
    "child": ("c", "a child", "बच्चा"),
    "disability": ("d", "a person with a disability", "दिव्यांग व्यक्ति"),
    "disaster_victim": (
        "e",
        "a victim of a mass disaster, ethnic violence, caste atrocity, flood, drought, "
        "earthquake or industrial disaster",
        "सामूहिक आपदा, जातीय हिंसा, जातिगत अत्याचार, बाढ़, सूखा, भूकंप या औद्योगिक आपदा के पीड़ित",
    ),
    "industrial_workman": ("f", "an industrial workman", "औद्योगिक कामगार"),
    "custody": (
        "g",
        "a person in custody (including a protective home, juvenile home or psychiatric hospital)",
        "हिरासत में व्यक्ति (संरक्षण गृह, बाल गृह या मानसिक अस्पताल सहित)",
    ),
}
INCOME_FLOOR = {"other": 9000, "supreme_court": 12000}  # s.12(h), "or such other higher amount"


@dataclass
class Eligibility:
    eligible: bool | str  # True | False | "depends"
    basis: list[str] = field(default_factory=list)
    apply_to: list[dict] = field(default_factory=list)
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _apply_to(lang: str, supreme_court: bool) -> list[dict]:
    hi = lang == "hi"
    places = [
        {
            "where": "ज़िला विधिक सेवा प्राधिकरण (DLSA), ज़िला अदालत परिसर"
            if hi
            else "District Legal Services Authority (DLSA), at the district court",
            "basis": "LSA 9",
        },
        {
            "where": "तालुका विधिक सेवा समिति, तालुका/तहसील अदालत"
            if hi
            else "Taluk Legal Services Committee, at the taluk court",
            "basis": "LSA 11A",
        },
        {
            "where": "हाई कोर्ट विधिक सेवा समिति (हाई कोर्ट के मामलों के लिए)"
            if hi
            else "High Court Legal Services Committee (for a case in the High Court)",
            "basis": "LSA 8A",
        },
        {
            "where": "नालसा हेल्पलाइन 15100 (फ़ोन)" if hi else "NALSA helpline 15100 (phone)",
            "basis": "National Legal Services Authority helpline",
        },
    ]
    sc = {"where": "सुप्रीम कोर्ट विधिक सेवा समिति" if hi else "Supreme Court Legal Services Committee", "basis": "LSA 3A"}
    return [sc, *places] if supreme_court else places


def check(
    *,
    woman: bool = False,
    child: bool = False,
    sc_st: bool = False,
    disability: bool = False,
    custody: bool = False,
    industrial_workman: bool = False,
    disaster_victim: bool = False,
    trafficking: bool = False,
    income: int | None = None,
    supreme_court: bool = False,
    lang: str = "en",
) -> Eligibility:
    flags = {
        "woman": woman,
        "child": child,
        "sc_st": sc_st,
        "disability": disability,
        "custody": custody,
        "industrial_workman": industrial_workman,
        "disaster_victim": disaster_victim,
        "trafficking": trafficking,
    }
    hi = lang == "hi"
    met = [k for k, v in flags.items() if v]
    basis = sorted({f"LSA 12({CRITERIA[k][0]})" for k in met})
    court = "supreme_court" if supreme_court else "other"
    floor = INCOME_FLOOR[court]
    if income is not None and income < 0:
        raise ValueError("income must be zero or more")
    below_floor = income is not None and income < floor
    if below_floor:
        basis.append("LSA 12(h)")
    places = _apply_to(lang, supreme_court)
    tail = (
        "साथ में: प्राधिकरण को यह भी संतुष्ट होना होगा कि आपका मामला प्रथम दृष्टया बनता है (धारा 13(1))। आय के लिए "
        "आपका अपना शपथ-पत्र आमतौर पर काफ़ी है (धारा 13(2))।"
        if hi
        else "Also: the Authority must be satisfied that you have a prima facie case (section 13(1)). For income, your "
        "own affidavit is usually enough (section 13(2))."
    )
    if met or below_floor:
        who = ", ".join(CRITERIA[k][2 if hi else 1] for k in met)
        if hi:
            head = f"आप मुफ़्त कानूनी सहायता के हक़दार हैं, क्योंकि आप {who or 'सीमा से कम आय वाले व्यक्ति'} हैं।"
        else:
            head = f"You are entitled to free legal services because you are {who or 'a person whose income is below the ceiling'}."
        return Eligibility(True, basis + ["LSA 13"], places, f"{head} {tail}")
    if income is None:
        note = (
            "आपने कोई ऐसी श्रेणी नहीं चुनी जो धारा 12 में है, और आय नहीं बताई। आय-सीमा राज्य तय करते हैं और अलग-अलग है: "
            "अपनी आय बताकर ज़िला विधिक सेवा प्राधिकरण से पूछें।"
            if hi
            else "You chose none of the groups that section 12 names and gave no income. The income ceiling is set by "
            "each State and differs: ask your District Legal Services Authority with your income."
        )
        return Eligibility("depends", ["LSA 12"], places, note)
    rupees = f"{floor:,}"
    note = (
        f"आपकी सालाना आय ₹{income:,} है। कानून में न्यूनतम सीमा ₹{rupees} है, पर राज्य सरकारें (और सुप्रीम कोर्ट के लिए "
        "केंद्र सरकार) इससे ऊँची सीमा तय करती हैं, और हर राज्य में अलग है। आपके राज्य की सीमा पर निर्भर है: ज़िला विधिक "
        "सेवा प्राधिकरण या 15100 से पूछें।"
        if hi
        else f"Your yearly income is Rs {income:,}. The Act's own ceiling is Rs {rupees}, but State Governments (and, for "
        "the Supreme Court, the Central Government) prescribe higher ceilings, and they differ by State. It depends "
        "on your State's ceiling: ask the District Legal Services Authority or call 15100."
    )
    return Eligibility("depends", ["LSA 12(h)"], places, note)
