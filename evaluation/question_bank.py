"""The hand-written question set and spoken set (the source of questions.jsonl / spoken.jsonl).

Gold authorities are node ids of the graph: provisions come from the corpus statutes, the
IPC->BNS concordance, the CrPC->BNSS / IEA->BSA gold pairs and glossary.json 'sections';
cases from cases.json; procedure flows from procedures.json; conflicts and overrulings from
doctrine.json. `expected` is the outcome a correct system gives: answer | abstain | conflict.
"""

from __future__ import annotations

import json
from pathlib import Path

PACK = Path(__file__).resolve().parents[1] / "graph_schema" / "packs" / "india"

# (question, gold ids, source)
STATUTE_EN = [
    ("What is the punishment for murder?", ["BNS:103"], "concordance IPC 302 -> BNS 103"),
    ("What is the punishment for theft?", ["BNS:303"], "concordance IPC 379 -> BNS 303"),
    ("What is the punishment for cheating?", ["BNS:318"], "concordance IPC 420 -> BNS 318"),
    ("Which law punishes rape?", ["BNS:64"], "concordance IPC 376 -> BNS 64"),
    (
        "My husband and in-laws harass me for dowry and beat me. What is the offence?",
        ["BNS:85", "BNS:86", "BNS:80"],
        "concordance IPC 498A -> BNS 85/86",
    ),
    ("What is dowry death?", ["BNS:80"], "concordance IPC 304B -> BNS 80"),
    ("What is the punishment for attempt to murder?", ["BNS:109"], "concordance IPC 307 -> BNS 109"),
    ("What is criminal intimidation and its punishment?", ["BNS:351"], "concordance IPC 506 -> BNS 351"),
    ("What is the punishment for voluntarily causing hurt?", ["BNS:115"], "concordance IPC 323 -> BNS 115"),
    ("What is the law on kidnapping?", ["BNS:137"], "glossary TERM:kidnapping"),
    ("What is the punishment for extortion?", ["BNS:308"], "glossary TERM:extortion"),
    ("Is stalking an offence?", ["BNS:78"], "glossary TERM:stalking"),
    ("What is the punishment for an acid attack?", ["BNS:124"], "glossary TERM:acid-attack"),
    ("What is the punishment for causing death by negligence?", ["BNS:106"], "concordance IPC 304A -> BNS 106"),
    ("What is criminal breach of trust?", ["BNS:316"], "glossary TERM:criminal-breach-of-trust"),
    ("Is marrying again while the first spouse is alive an offence?", ["BNS:82"], "glossary TERM:bigamy"),
    ("What is the punishment for criminal conspiracy?", ["BNS:61"], "glossary TERM:criminal-conspiracy"),
    ("What is house-trespass?", ["BNS:329"], "glossary TERM:house-trespass"),
    ("When can a person get anticipatory bail?", ["BNSS:482"], "crpc_bnss_gold CrPC 438 -> BNSS 482"),
    ("Is a confession made to a police officer admissible?", ["BSA:23"], "iea_bsa_gold IEA 25 -> BSA 23"),
    ("How are electronic records proved in court?", ["BSA:63"], "iea_bsa_gold IEA 65B -> BSA 63"),
    ("What does Article 21 protect?", ["COI:21"], "constitution.json Article 21"),
    ("What are my rights under Article 22 when arrested?", ["COI:22"], "constitution.json Article 22"),
    (
        "Can I approach the Supreme Court directly for enforcement of fundamental rights?",
        ["COI:32"],
        "glossary TERM:fundamental-rights",
    ),
    ("What is the punishment for a bounced cheque?", ["NIA:138"], "procedures.json cheque-bounce"),
    ("What does Section 103 BNS say?", ["BNS:103"], "explicit citation"),
    ("Explain Section 482 BNSS.", ["BNSS:482"], "explicit citation"),
    ("What is Section 63 of the Bharatiya Sakshya Adhiniyam about?", ["BSA:63"], "explicit citation"),
    ("What is the right to free legal aid?", ["COI:39A", "BNSS:341"], "glossary TERM:legal-aid"),
    ("Who can claim maintenance from a husband?", ["BNSS:144"], "procedures.json maintenance"),
]

CASES_EN = [
    ("What did the Supreme Court hold in Maneka Gandhi v. Union of India?", ["CASE:maneka-gandhi-1978", "COI:21"]),
    ("What did the court decide in Puttaswamy about privacy?", ["CASE:puttaswamy-2017", "COI:21"]),
    ("What guidelines did Arnesh Kumar lay down on arrest?", ["CASE:arnesh-kumar-2014"]),
    ("Is registration of an FIR mandatory according to Lalita Kumari?", ["CASE:lalita-kumari-2013", "BNSS:173"]),
    ("What are the D.K. Basu guidelines for arrest?", ["CASE:dk-basu-1996", "COI:22"]),
    ("What is the rarest of rare doctrine in Bachan Singh?", ["CASE:bachan-singh-1980"]),
    ("What did Joseph Shine decide about adultery?", ["CASE:joseph-shine-2018", "IPC:497"]),
    ("What did Navtej Singh Johar hold on Section 377?", ["CASE:navtej-singh-johar-2018", "IPC:377"]),
    ("What was decided in Shreya Singhal about online speech?", ["CASE:shreya-singhal-2015", "COI:19"]),
    ("Can a narco-analysis test be done without consent? (Selvi)", ["CASE:selvi-2010", "COI:20"]),
    ("What did Bhajan Lal say about quashing FIRs?", ["CASE:bhajan-lal-1990"]),
    ("What did Rajnesh v. Neha say on maintenance?", ["CASE:rajnesh-v-neha-2020", "BNSS:144"]),
]

CONFLICT_EN = [
    (
        "Is anticipatory bail limited in time? Salauddin said it must end, Sibbia said no limit.",
        ["CASE:salauddin-abdulsamad-shaikh-1995", "CASE:gurbaksh-singh-sibbia-1980", "CASE:sushila-aggarwal-2020"],
        "conflict",
    ),
    (
        "Does anticipatory bail end when the charge-sheet is filed, as in K.L. Verma?",
        ["CASE:kl-verma-1996", "CASE:gurbaksh-singh-sibbia-1980", "CASE:sushila-aggarwal-2020"],
        "conflict",
    ),
    (
        "Is a Section 65B certificate mandatory for electronic evidence? Shafhi Mohammad says it can be relaxed.",
        ["CASE:shafhi-mohammad-2018", "CASE:anvar-pv-2014", "CASE:arjun-panditrao-khotkar-2020"],
        "conflict",
    ),
    (
        "Anvar P.V. or Tomaso Bruno: can a CD be proved without a 65B certificate?",
        ["CASE:anvar-pv-2014", "CASE:tomaso-bruno-2015", "CASE:arjun-panditrao-khotkar-2020"],
        "conflict",
    ),
    (
        "Does the Section 139 NI Act presumption include a legally enforceable debt? Krishna Janardhan Bhat v Rangappa.",
        ["CASE:rangappa-2010", "CASE:krishna-janardhan-bhat-2008", "NIA:139"],
        "conflict",
    ),
    (
        "Does a daughter get a coparcenary share if the father died before 2005? Prakash v. Phulavati.",
        ["CASE:prakash-v-phulavati-2015", "CASE:vineeta-sharma-2020"],
        "conflict",
    ),
    (
        "What did Siddharam Mhetre say about Salauddin and time limits on anticipatory bail?",
        ["CASE:siddharam-mhetre-2010", "CASE:salauddin-abdulsamad-shaikh-1995", "CASE:sushila-aggarwal-2020"],
        "conflict",
    ),
    (
        "Which is right on anticipatory bail, Gurbaksh Singh Sibbia or Salauddin Abdulsamad Shaikh?",
        ["CASE:gurbaksh-singh-sibbia-1980", "CASE:salauddin-abdulsamad-shaikh-1995", "CASE:sushila-aggarwal-2020"],
        "conflict",
    ),
    (
        "Vineeta Sharma v. Rakesh Sharma: are daughters coparceners by birth?",
        ["CASE:vineeta-sharma-2020", "CASE:prakash-v-phulavati-2015"],
        "conflict",
    ),
    (
        "Is Tomaso Bruno still good law on secondary electronic evidence?",
        ["CASE:tomaso-bruno-2015", "CASE:arjun-panditrao-khotkar-2020"],
        "conflict",
    ),
]

OVERRULED_EN = [
    (
        "Is ADM Jabalpur still good law? Can Article 21 be suspended in an emergency?",
        ["CASE:adm-jabalpur-1976", "CASE:puttaswamy-2017"],
    ),
    (
        "Does Suresh Kumar Koushal still hold that Section 377 is valid?",
        ["CASE:suresh-kumar-koushal-2013", "CASE:navtej-singh-johar-2018"],
    ),
    (
        "Is the Sowmithri Vishnu ruling upholding adultery law still valid?",
        ["CASE:sowmithri-vishnu-1985", "CASE:joseph-shine-2018"],
    ),
    (
        "Is Golak Nath still the law on Parliament's power to amend fundamental rights?",
        ["CASE:golak-nath-1967", "CASE:kesavananda-bharati-1973"],
    ),
    ("Did P. Rathinam make attempt to suicide legal?", ["CASE:p-rathinam-1994", "CASE:gian-kaur-1996"]),
    ("Is S.R. Batra still the law on shared household?", ["CASE:sr-batra-2006", "CASE:satish-chander-ahuja-2020"]),
    (
        "Can a cheque bounce prosecution be based on a second dishonour? Sadanandan Bhadran said no.",
        ["CASE:sadanandan-bhadran-1998", "CASE:msr-leathers-2012"],
    ),
    (
        "Is Naz Foundation still binding on Section 377?",
        ["CASE:naz-foundation-2009", "CASE:suresh-kumar-koushal-2013", "CASE:navtej-singh-johar-2018"],
    ),
    ("Does Kharak Singh say there is no right to privacy?", ["CASE:kharak-singh-1962", "CASE:puttaswamy-2017"]),
    ("Is M.P. Sharma good law on privacy?", ["CASE:mp-sharma-1954", "CASE:puttaswamy-2017"]),
    (
        "Where can a cheque bounce complaint be filed after K. Bhaskaran?",
        ["CASE:k-bhaskaran-1999", "CASE:dashrath-rupsingh-rathod-2014"],
    ),
    ("Is A.K. Gopalan still the law on personal liberty?", ["CASE:ak-gopalan-1950", "CASE:maneka-gandhi-1978"]),
]

OOS_EN = [
    "What will the weather be in Mumbai tomorrow?",
    "Who won the cricket world cup in 2011?",
    "Give me a recipe for paneer butter masala.",
    "How do I reverse a linked list in Python?",
    "What is a good medicine for a fever and headache?",
    "What is the capital of Australia?",
    "Recommend a good Bollywood movie for tonight.",
    "How many calories are in a samosa?",
    "Write a poem about the monsoon.",
    "What is the price of gold today?",
    "How do I fix a flat bicycle tyre?",
    "Explain quantum entanglement simply.",
    "Which smartphone has the best camera?",
    "What are the symptoms of diabetes?",
    "How do I make my tomato plants grow faster?",
    "Tell me a joke.",
    "What is the square root of 144?",
    "Translate 'good morning' into French.",
    "Who is the best football player in the world?",
    "How do I install Linux on my laptop?",
    "Which stocks should I buy this year?",
    "Plan a 3-day trip to Goa for me.",
]
OOS_HI = [
    "कल दिल्ली में मौसम कैसा रहेगा?",
    "क्रिकेट विश्व कप 2011 किसने जीता?",
    "पनीर की सब्ज़ी कैसे बनाते हैं?",
    "बुखार के लिए कौन सी दवा लूं?",
    "mujhe ek achhi movie batao",
    "aaj sone ka bhav kya hai?",
]

# (question, offence_date, gold, lang, source)
DATED = [
    (
        "My brother was murdered in March 2023. Under which law will the accused be tried?",
        "2023-03-10",
        ["IPC:302"],
        "en",
        "IPC 302 governs acts before 1 July 2024",
    ),
    (
        "A murder was committed in August 2024. Which section applies?",
        "2024-08-12",
        ["BNS:103"],
        "en",
        "BNS 103 from 1 July 2024",
    ),
    (
        "Someone stole my bike on 5 January 2024. Which section of law applies?",
        "2024-01-05",
        ["IPC:379"],
        "en",
        "IPC 379 before the change",
    ),
    ("My phone was stolen on 10 September 2024. What is the offence?", "2024-09-10", ["BNS:303"], "en", "BNS 303"),
    ("I was cheated of money in November 2022. What is the offence?", "2022-11-20", ["IPC:420"], "en", "IPC 420"),
    ("A trader cheated me in October 2024. Which section covers cheating?", "2024-10-03", ["BNS:318"], "en", "BNS 318"),
    (
        "My sister died of dowry harassment in May 2021. What is the offence?",
        "2021-05-01",
        ["IPC:304B"],
        "en",
        "IPC 304B",
    ),
    ("A dowry death happened in December 2024. Which section applies?", "2024-12-01", ["BNS:80"], "en", "BNS 80"),
    ("I was threatened with death in February 2023. What offence is that?", "2023-02-14", ["IPC:506"], "en", "IPC 506"),
    ("In July 2024 a man threatened to kill me. What is the offence?", "2024-07-20", ["BNS:351"], "en", "BNS 351"),
    (
        "My husband beat me and demanded dowry in 2022. Which section applies?",
        "2022-06-30",
        ["IPC:498A"],
        "en",
        "IPC 498A",
    ),
    (
        "My husband has been cruel to me since August 2024. Which section applies?",
        "2024-08-01",
        ["BNS:85"],
        "en",
        "BNS 85",
    ),
    (
        "A rape was committed in January 2023. Under which section is it punished?",
        "2023-01-15",
        ["IPC:376"],
        "en",
        "IPC 376",
    ),
    ("A rape case happened in September 2024. Which section applies?", "2024-09-15", ["BNS:64"], "en", "BNS 64"),
    ("Someone tried to kill my father in April 2024. What is the offence?", "2024-04-10", ["IPC:307"], "en", "IPC 307"),
    ("There was an attempt to murder in November 2024. Which section?", "2024-11-11", ["BNS:109"], "en", "BNS 109"),
    ("मार्च 2023 में हत्या हुई थी। कौन सी धारा लगेगी?", "2023-03-01", ["IPC:302"], "hi", "IPC 302"),
    ("अगस्त 2024 में हत्या हुई। कौन सी धारा लागू होगी?", "2024-08-05", ["BNS:103"], "hi", "BNS 103"),
    ("जनवरी 2023 में मेरी बाइक चोरी हुई। कौन सी धारा है?", "2023-01-20", ["IPC:379"], "hi", "IPC 379"),
    ("अक्टूबर 2024 में मेरा फोन चोरी हुआ। कौन सी धारा है?", "2024-10-20", ["BNS:303"], "hi", "BNS 303"),
    (
        "2022 mein mere saath dhokhadhadi hui, kaun si dhara lagegi?",
        "2022-05-05",
        ["IPC:420"],
        "hi",
        "IPC 420 (Hinglish)",
    ),
    (
        "september 2024 mein mere saath cheating hui, kaun si dhara?",
        "2024-09-09",
        ["BNS:318"],
        "hi",
        "BNS 318 (Hinglish)",
    ),
]

# (question, flow, gold, lang)
PROCEDURE = [
    ("My son was arrested yesterday. What happens next?", "arrest", ["BNSS:35", "BNSS:47", "BNSS:58", "COI:22"], "en"),
    (
        "Police arrested my husband last night without telling the reason. What are his rights?",
        "arrest",
        ["BNSS:47", "COI:22"],
        "en",
    ),
    ("The police refused to register my FIR. What can I do now?", "fir", ["BNSS:173", "BNSS:175"], "en"),
    ("How do I file an FIR for a theft?", "fir", ["BNSS:173"], "en"),
    ("The police station is not lodging my complaint of assault. What next?", "fir", ["BNSS:173", "BNSS:175"], "en"),
    (
        "My bail application was rejected by the magistrate. What should I do now?",
        "bail",
        ["BNSS:480", "BNSS:483"],
        "en",
    ),
    ("How do I get bail for my brother who is in jail?", "bail", ["BNSS:478", "BNSS:480"], "en"),
    ("I fear I will be arrested in a false case. What can I do?", "anticipatory-bail", ["BNSS:482"], "en"),
    ("How do I apply for anticipatory bail?", "anticipatory-bail", ["BNSS:482"], "en"),
    (
        "The police have not filed a charge-sheet for 90 days and my father is still in custody. What now?",
        "default-bail",
        ["BNSS:187"],
        "en",
    ),
    ("What is default bail if the chargesheet is late?", "default-bail", ["BNSS:187"], "en"),
    ("The police filed a charge-sheet against me. What happens next?", "chargesheet", ["BNSS:193", "BNSS:230"], "en"),
    ("My cheque bounced. What should I do next?", "cheque-bounce", ["NIA:138", "NIA:142"], "en"),
    (
        "A cheque given to me was dishonoured for insufficient funds. What are the steps?",
        "cheque-bounce",
        ["NIA:138"],
        "en",
    ),
    ("I was convicted by the trial court. What next, can I appeal?", "appeal", ["BNSS:415", "BNSS:430"], "en"),
    ("My wife left and I want to know the steps for maintenance. What next?", "maintenance", ["BNSS:144"], "en"),
    ("What are the stages of a criminal trial after the charge is framed?", "trial", ["BNSS:251", "BNSS:254"], "en"),
    (
        "मेरे भाई को कल पुलिस ने गिरफ्तार कर लिया। अब आगे क्या होगा?",
        "arrest",
        ["BNSS:35", "BNSS:47", "BNSS:58", "COI:22"],
        "hi",
    ),
    ("थाने में पुलिस एफआईआर दर्ज नहीं कर रही। मैं क्या करूं?", "fir", ["BNSS:173", "BNSS:175"], "hi"),
    ("मेरी जमानत अर्जी खारिज हो गई। आगे क्या करूं?", "bail", ["BNSS:480", "BNSS:483"], "hi"),
    ("मेरा चेक बाउंस हो गया, आगे क्या करूं?", "cheque-bounce", ["NIA:138"], "hi"),
    ("police ne mere bhai ko giraftar kar liya, aage kya hoga?", "arrest", ["BNSS:35", "BNSS:47", "BNSS:58"], "hi"),
    ("mujhe giraftari ka dar hai, agrim jamanat kaise milegi?", "anticipatory-bail", ["BNSS:482"], "hi"),
    ("police FIR nahi likh rahi, aage kya karun?", "fir", ["BNSS:173", "BNSS:175"], "hi"),
    ("cheque bounce ho gaya, aage kya karna hai?", "cheque-bounce", ["NIA:138"], "hi"),
    ("मेरी पत्नी को गुजारा भत्ता चाहिए, आगे क्या प्रक्रिया है?", "maintenance", ["BNSS:144"], "hi"),
]

HINDI_MISC = [
    ("हत्या की सज़ा क्या है?", ["BNS:103"], "concordance IPC 302 -> BNS 103"),
    ("चोरी की सज़ा क्या है?", ["BNS:303"], "concordance IPC 379 -> BNS 303"),
    ("धोखाधड़ी की सज़ा क्या है?", ["BNS:318"], "concordance IPC 420 -> BNS 318"),
    ("दहेज हत्या क्या है?", ["BNS:80"], "concordance IPC 304B -> BNS 80"),
    ("अनुच्छेद 21 क्या अधिकार देता है?", ["COI:21"], "constitution.json"),
    ("धारा 103 बीएनएस क्या कहती है?", ["BNS:103"], "explicit"),
    ("murder ki saza kya hai?", ["BNS:103"], "Hinglish"),
    ("chori ki saza kya hai?", ["BNS:303"], "Hinglish"),
    ("dahej ke liye pati marpeet karta hai, kya karun?", ["BNS:85", "BNS:80"], "Hinglish"),
    ("jamanat kaise milti hai?", ["BNSS:478", "BNSS:480"], "Hinglish"),
]
CONFLICT_HI = [
    (
        "क्या अग्रिम जमानत की समय सीमा होती है? Salauddin और Sibbia में क्या अंतर है?",
        ["CASE:salauddin-abdulsamad-shaikh-1995", "CASE:gurbaksh-singh-sibbia-1980", "CASE:sushila-aggarwal-2020"],
        "conflict",
    ),
    (
        "क्या 65B प्रमाणपत्र ज़रूरी है? Shafhi Mohammad और Anvar P.V. में क्या फर्क है?",
        ["CASE:shafhi-mohammad-2018", "CASE:anvar-pv-2014", "CASE:arjun-panditrao-khotkar-2020"],
        "conflict",
    ),
]


def _glossary_questions(n_en: int, n_hi: int) -> list[dict]:
    terms = json.loads((PACK / "glossary.json").read_text(encoding="utf-8"))["terms"]
    with_secs = [t for t in terms if t.get("sections")]
    out = []
    for t in with_secs[::3][:n_en]:
        out.append(
            {
                "question": f"What does the law say about {t['en'].split(' (')[0].lower()}?",
                "lang": "en",
                "gold": t["sections"],
                "category": "glossary",
                "expected": "answer",
                "source": f"glossary.json {t['id']} sections",
            }
        )
    for t in with_secs[1::3][:n_hi]:
        out.append(
            {
                "question": f"{t['hi'].split(' (')[0]} के बारे में कानून क्या कहता है?",
                "lang": "hi",
                "gold": t["sections"],
                "category": "glossary",
                "expected": "answer",
                "source": f"glossary.json {t['id']} sections (Hindi term)",
            }
        )
    return out


def questions() -> list[dict]:
    rows: list[dict] = []
    for q, g, s in STATUTE_EN:
        rows.append({"question": q, "lang": "en", "gold": g, "category": "statute", "expected": "answer", "source": s})
    for q, g in CASES_EN:
        rows.append(
            {
                "question": q,
                "lang": "en",
                "gold": g,
                "category": "case",
                "expected": "answer",
                "source": "cases.json / doctrine.json INTERPRETS",
            }
        )
    for q, g, e in CONFLICT_EN + CONFLICT_HI:
        rows.append(
            {
                "question": q,
                "lang": "hi" if any("\u0900" <= ch <= "\u097f" for ch in q) else "en",
                "gold": g,
                "category": "conflict",
                "expected": e,
                "source": "doctrine.json CONFLICTS_WITH / RESOLVED_BY",
            }
        )
    for q, g in OVERRULED_EN:
        rows.append(
            {
                "question": q,
                "lang": "en",
                "gold": g,
                "category": "overruled",
                "expected": "answer",
                "expect_notice": "overruled",
                "source": f"doctrine.json OVERRULES {g[-1]} -> {g[0]}",
            }
        )
    for q in OOS_EN:
        rows.append(
            {
                "question": q,
                "lang": "en",
                "gold": [],
                "category": "out_of_scope",
                "expected": "abstain",
                "source": "hand-written non-legal question",
            }
        )
    for q in OOS_HI:
        rows.append(
            {
                "question": q,
                "lang": "hi",
                "gold": [],
                "category": "out_of_scope",
                "expected": "abstain",
                "source": "hand-written non-legal question (Hindi/Hinglish)",
            }
        )
    for q, d, g, lang, s in DATED:
        rows.append(
            {
                "question": q,
                "lang": lang,
                "gold": g,
                "category": "date",
                "expected": "answer",
                "offence_date": d,
                "expect_code": "new" if d >= "2024-07-01" else "old",
                "source": s,
            }
        )
    for q, flow, g, lang in PROCEDURE:
        rows.append(
            {
                "question": q,
                "lang": lang,
                "gold": g,
                "category": "procedure",
                "expected": "answer",
                "flow": flow,
                "source": f"procedures.json flow '{flow}' step basis",
            }
        )
    for q, g, s in HINDI_MISC:
        rows.append({"question": q, "lang": "hi", "gold": g, "category": "statute", "expected": "answer", "source": s})
    rows += _glossary_questions(30, 30)
    for i, r in enumerate(rows, 1):
        r["id"] = f"q-{i:04d}"
    return [{"id": r.pop("id"), **r} for r in rows]


# Spoken questions: text is the gold transcript; audio is synthesized at run time (make_spoken.py).
SPOKEN_EN = [
    ("What is the punishment for murder under section 103 of the BNS?", ["103"]),
    ("My son was arrested yesterday. What are his rights?", []),
    ("The police refused to register my FIR. What can I do?", []),
    ("How do I apply for anticipatory bail under section 482?", ["482"]),
    ("My cheque bounced. What should I do next?", []),
    ("What does article 21 of the constitution protect?", ["21"]),
    ("What is the punishment for theft?", []),
    ("Is a confession to the police admissible in court?", []),
    ("What is dowry death under section 80?", ["80"]),
    ("My bail application was rejected. What now?", []),
    ("What is section 138 of the Negotiable Instruments Act?", ["138"]),
    ("Can the police arrest a woman after sunset?", []),
    ("What is the punishment for cheating under section 318?", ["318"]),
    ("How do I claim maintenance from my husband?", []),
    ("What is default bail?", []),
    ("What are my rights under article 22 when arrested?", ["22"]),
    ("What did the Supreme Court hold in Arnesh Kumar?", []),
    ("Is stalking a crime in India?", []),
    ("What is section 173 of the BNSS about?", ["173"]),
    ("Who won the cricket match yesterday?", []),
    ("What is the punishment for rape under section 64?", ["64"]),
    ("How long can police keep me in custody without a magistrate?", []),
    ("What is the law on acid attacks?", []),
    ("Tell me about section 351 on criminal intimidation.", ["351"]),
    ("Can I appeal against my conviction?", []),
    ("What is the right to free legal aid?", []),
    ("My husband beats me and demands dowry. What can I do?", []),
    ("What is section 63 of the Bharatiya Sakshya Adhiniyam?", ["63"]),
]
SPOKEN_HI = [
    ("हत्या की सज़ा क्या है?", []),
    ("मेरे भाई को पुलिस ने गिरफ्तार कर लिया है।", []),
    ("जमानत कैसे मिलती है?", []),
    ("पुलिस एफआईआर दर्ज नहीं कर रही है।", []),
    ("मेरा चेक बाउंस हो गया है।", []),
    ("अनुच्छेद 21 क्या है?", ["21"]),
    ("धारा 103 क्या कहती है?", ["103"]),
    ("चोरी की सज़ा क्या है?", []),
    ("दहेज के लिए मुझे परेशान किया जा रहा है।", []),
    ("अग्रिम जमानत क्या होती है?", []),
    ("धारा 482 के तहत जमानत कैसे मिलेगी?", ["482"]),
    ("मुझे गुजारा भत्ता चाहिए।", []),
]
# perturbations cycle: clean, noise at 20 dB, noise at 10 dB, speed 0.9, speed 1.15
PERTURB = [{}, {"noise_snr_db": 20}, {"noise_snr_db": 10}, {"speed": 0.9}, {"speed": 1.15}]


def spoken() -> list[dict]:
    rows = []
    for i, (t, nums) in enumerate(SPOKEN_EN + SPOKEN_HI):
        lang = "hi" if any("\u0900" <= ch <= "\u097f" for ch in t) else "en"
        rows.append(
            {
                "id": f"sp-{i + 1:03d}",
                "text": t,
                "lang": lang,
                "numbers": nums,
                "perturb": PERTURB[i % len(PERTURB)],
                "source": "hand-written; audio synthesized at run time by "
                + ("piper (joe voice)" if lang == "en" else "espeak-ng hi")
                + " via core.speech.tts",
            }
        )
    return rows
