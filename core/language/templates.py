"""Fixed bilingual notices for every legal-status message, and every label the user reads.

These strings are the only way the system states legal status (abstentions,
conflicts, superseded/omitted/struck-down law, which code applies, input and
audio errors). They are never produced by an LLM. Hindi is plain Devanagari a
litigant can read aloud; field values are inserted verbatim.

label(key, lang) gives the app's fixed words (status badges, citation chips, card headings, UI
messages and field labels); they are not notices, so they may hold a date format or "DLSA".

render(key, lang, **fields) raises TemplateError for an unknown key, an
unsupported language, a missing field or an unexpected field.

Over 600 lines because it is two tables, every notice and every label in both languages, one entry each;
the code that reads them is about sixty lines.
"""

from __future__ import annotations

import string
from typing import Any

LANGS = ("en", "hi")

# key -> {"en": ..., "hi": ...}. Keys starting with "_" are internal fragments.
_T: dict[str, dict[str, str]] = {
    "draft.disclaimer": {
        "en": "DRAFT — NOT LEGAL ADVICE. NyayaPath filled this from the facts you gave and the law it could "
        "verify. Have it checked by a lawyer or your District Legal Services Authority (free, helpline 15100) "
        "before you sign or send it. Fill every blank marked [ ........ ].",
        "hi": "मसौदा — कानूनी सलाह नहीं। न्यायपथ ने इसे आपके बताए तथ्यों और जाँचे गए कानून से भरा है। हस्ताक्षर करने या "
        "भेजने से पहले इसे किसी वकील या अपने ज़िला विधिक सेवा प्राधिकरण (मुफ़्त, हेल्पलाइन 15100) से जँचवा लें। "
        "[ ........ ] से चिह्नित हर ख़ाली जगह भरें।",
    },
    "disclaimer": {
        "en": "This is general legal information, not legal advice. For your own case, talk to a lawyer. "
        "Free legal aid: call the NALSA helpline 15100 or visit your District Legal Services Authority.",
        "hi": "यह सामान्य कानूनी जानकारी है, कानूनी सलाह नहीं। अपने मामले के लिए किसी वकील से बात करें। "
        "मुफ़्त कानूनी सहायता: नालसा हेल्पलाइन 15100 पर कॉल करें या अपने ज़िला विधिक सेवा प्राधिकरण जाएँ।",
    },
    "abstain.no_evidence": {
        "en": "I could not find a law in my verified sources that answers this, and I will not guess. "
        "Please ask a lawyer or your District Legal Services Authority (free legal aid helpline: 15100).",
        "hi": "जाँचे हुए कानूनी स्रोतों में इस सवाल का जवाब देने वाला कोई कानून नहीं मिला, और अंदाज़े से जवाब देना ठीक नहीं होगा। "
        "कृपया किसी वकील या अपने ज़िला विधिक सेवा प्राधिकरण से पूछें (मुफ़्त कानूनी सहायता हेल्पलाइन: 15100)।",
    },
    "abstain.out_of_scope": {
        "en": "I can only help with questions about Indian law. This question is outside what I can answer.",
        "hi": "यहाँ केवल भारतीय कानून से जुड़े सवालों में मदद मिलती है। यह सवाल उस दायरे से बाहर है।",
    },
    "abstain.unverifiable": {
        "en": "I found something related, but I could not check it against the text of the law, so I will not state it. "
        "Please confirm with a lawyer.",
        "hi": "इससे जुड़ी कुछ जानकारी मिली, पर उसे कानून के मूल पाठ से मिलाकर पक्का नहीं किया जा सका, इसलिए वह यहाँ नहीं बताई जा रही। "
        "कृपया किसी वकील से पुष्टि करें।",
    },
    "abstain.injection": {
        "en": "Your message contains instructions that try to change how this assistant works. I cannot follow them. "
        "Please ask your legal question in plain words.",
        "hi": "आपके संदेश में ऐसे निर्देश हैं जो इस सहायक के काम करने का तरीका बदलने की कोशिश करते हैं। उनका पालन नहीं किया जा सकता। "
        "कृपया अपना कानूनी सवाल सीधे शब्दों में पूछें।",
    },
    "abstain.model_unavailable": {
        "en": "The answering system is not available right now. Please try again in a few minutes. "
        "If it is urgent, call the free legal aid helpline 15100, or 112 in an emergency.",
        "hi": "जवाब देने वाली प्रणाली अभी उपलब्ध नहीं है। कृपया कुछ मिनट बाद फिर कोशिश करें। "
        "ज़रूरी हो तो मुफ़्त कानूनी सहायता हेल्पलाइन 15100 पर, और आपात स्थिति में 112 पर कॉल करें।",
    },
    # the question names only law that is no longer in force (struck down, overruled) and nothing else was
    # found: it is said to be no longer law, not "I could not find a law"; the notice beside it names the
    # judgment (bad law is named only in notices, where the final check knows it is flagged, not in the answer)
    "abstain.named_not_in_force": {
        "en": "What you asked about is no longer law in force: the notice below says why. I found no other law "
        "in my verified sources that answers this. Please ask a lawyer or your District Legal Services "
        "Authority (free legal aid helpline: 15100).",
        "hi": "आपने जिसके बारे में पूछा, वह अब लागू कानून नहीं है: नीचे की सूचना में इसका कारण है। जाँचे हुए कानूनी "
        "स्रोतों में इसका जवाब देने वाला कोई और कानून नहीं मिला। कृपया किसी वकील या अपने ज़िला विधिक सेवा "
        "प्राधिकरण से पूछें (मुफ़्त कानूनी सहायता हेल्पलाइन: 15100)।",
    },
    "conflict.notice": {
        # "; " not " and ": "X v. State of Punjab and Y v. ..." reads back as one (unknown) case name
        "en": "Two legal sources disagree ({conflict_type}): {a}; {b}.",
        "hi": "दो कानूनी स्रोतों में टकराव है ({conflict_type}): {a} और {b}।",
    },
    "_conflict.resolution": {
        "en": "How this is settled: {resolution}.",
        "hi": "इसका समाधान: {resolution}।",
    },
    "_conflict.unresolved": {
        "en": "This could not be settled from the sources. Please ask a lawyer which one applies to you.",
        "hi": "स्रोतों से यह तय नहीं हो सका। कृपया किसी वकील से पूछें कि आपके मामले में कौन-सा लागू होता है।",
    },
    # issue 23: the three states of core.conflicts (live / settled / none), each sentence fixed here
    "conflict.settled": {
        "en": "Earlier judgments differed ({a}; {b}); settled by {by} ({detail}).",
        "hi": "पहले के फ़ैसलों में मतभेद था ({a}; {b}); इसे {by} ({detail}) ने तय कर दिया।",
    },
    "conflict.bench": {
        "en": "{year}, {bench}-judge bench",
        "hi": "{year}, {bench} न्यायाधीशों की पीठ",
    },
    "conflict.year": {"en": "{year}", "hi": "{year}"},
    "conflict.bench_n": {"en": "{bench}-judge bench", "hi": "{bench} न्यायाधीशों की पीठ"},
    "conflict.bench_unknown": {"en": "bench size not recorded", "hi": "पीठ का आकार दर्ज नहीं"},
    "conflict.settled_rule": {
        "en": "The law as {by} settled it: {rule}",
        "hi": "{by} के बाद कानून यह है: {rule}",
    },
    "conflict.side": {
        "en": "{case}: {court}, {bench}, {year}",
        "hi": "{case}: {court}, {bench}, {year}",
    },
    "conflict.meaning": {
        "en": "What this means for you: the courts have not settled this point. Ask a lawyer which view applies "
        "to your case; a trial court follows the later or larger bench that binds it in its State.",
        "hi": "आपके लिए इसका मतलब: अदालतों ने यह बात अभी तय नहीं की है। किसी वकील से पूछें कि आपके मामले में कौन-सी राय "
        "लागू होती है; निचली अदालत अपने राज्य में उस पर बाध्यकारी बाद की या बड़ी पीठ के फ़ैसले को मानती है।",
    },
    "conflict.short": {
        "en": "Judgments of the courts differ on this point and no larger bench has settled it yet, so there is "
        "no single answer: a lawyer can tell you which view your court follows.",
        "hi": "इस बात पर अदालतों के फ़ैसले अलग-अलग हैं और किसी बड़ी पीठ ने इसे अभी तय नहीं किया है, इसलिए एक जवाब नहीं है: "
        "वकील बता सकते हैं कि आपकी अदालत कौन-सी राय मानती है।",
    },
    "conflict.step_lawyer": {
        "en": "Ask a lawyer, or free legal aid (helpline 15100), which of the two judgments applies to your case.",
        "hi": "किसी वकील से, या मुफ़्त कानूनी सहायता (हेल्पलाइन 15100) से पूछें कि दोनों में से कौन-सा फ़ैसला आपके मामले पर लागू होता है।",
    },
    "conflict.step_court": {
        "en": "Tell your lawyer both judgments: the trial court follows the later or larger bench that binds it.",
        "hi": "अपने वकील को दोनों फ़ैसले बताएँ: निचली अदालत उस पर बाध्यकारी बाद की या बड़ी पीठ का फ़ैसला मानती है।",
    },
    "conflict.resolved": {
        "en": "A conflict between legal sources was resolved: {resolution}.",
        "hi": "कानूनी स्रोतों के बीच का टकराव सुलझा लिया गया है: {resolution}।",
    },
    "superseded": {
        "en": "{old} has been replaced by {new} from {date}. {old} still governs acts committed before {date}; "
        "{new} applies to acts committed on or after {date}.",
        "hi": "{date} से {old} की जगह {new} लागू है। {date} से पहले हुए अपराधों या घटनाओं पर अब भी {old} ही लागू होता है; "
        "{date} को या उसके बाद हुए मामलों पर {new} लागू होता है।",
    },
    "omitted": {
        "en": "{old} has been removed (omitted) from the law. It does not apply to new cases; "
        "ask a lawyer whether it still matters for older events.",
        "hi": "{old} को कानून से हटा दिया गया है। यह नए मामलों पर लागू नहीं होता; "
        "पुरानी घटनाओं पर इसका असर है या नहीं, यह किसी वकील से पूछें।",
    },
    "struck_down": {
        "en": "{provision} was struck down by the court in {case}. It cannot be enforced.",
        "hi": "{case} मामले में अदालत ने {provision} को रद्द कर दिया है। इसे लागू नहीं किया जा सकता।",
    },
    "struck_down.part": {
        "en": "{provision} was struck down only in part by the court in {case}; the rest of it still applies. "
        "Ask a lawyer which part the judgment struck down.",
        "hi": "{case} मामले में अदालत ने {provision} को केवल आंशिक रूप से रद्द किया है; बाकी हिस्सा अब भी लागू है। "
        "कौन सा हिस्सा रद्द हुआ, यह किसी वकील से पूछें।",
    },
    "overruled": {
        "en": "The judgment in {case} was overruled by {by}. It is no longer good law on that point.",
        "hi": "{case} का फ़ैसला {by} ने पलट दिया है। उस मुद्दे पर अब वह फ़ैसला मान्य नहीं है।",
    },
    "code_applies.new": {
        "en": "Because the events happened on or after {date}, the new law, {new}, applies (not {old}).",
        "hi": "क्योंकि घटना {date} को या उसके बाद हुई, इसलिए नया कानून {new} लागू होगा ({old} नहीं)।",
    },
    "code_applies.old": {
        "en": "Because the events happened before {date}, the old law, {old}, applies, "
        "even though {new} replaced it for later events.",
        "hi": "क्योंकि घटना {date} से पहले हुई, इसलिए पुराना कानून {old} लागू होगा, "
        "भले ही बाद की घटनाओं के लिए उसकी जगह {new} आ गया है।",
    },
    "code_applies.both": {
        "en": "The date of the events is not clear. If they happened before {date}, {old} applies; "
        "if on or after {date}, {new} applies. Both are shown.",
        "hi": "घटना की तारीख साफ़ नहीं है। अगर घटना {date} से पहले हुई, तो {old} लागू होगा; "
        "अगर {date} को या उसके बाद हुई, तो {new} लागू होगा। दोनों दिखाए गए हैं।",
    },
    "code_applies.pending": {
        "en": "A case that was already pending on {date} (an investigation, inquiry, trial, appeal or application) "
        "continues under the old procedure, {old}, as Section 531(2)(a) BNSS says; new proceedings follow {new}.",
        "hi": "जो मामला {date} को पहले से लंबित था (जाँच, पूछताछ, मुकदमा, अपील या आवेदन), वह बीएनएसएस की धारा 531(2)(क) के "
        "अनुसार पुरानी प्रक्रिया {old} के तहत ही चलेगा; नई कार्यवाही {new} के तहत होगी।",
    },
    "law_as_of": {
        "en": "This answer reflects the law as recorded up to {date}. Later changes may not be included.",
        "hi": "यह जवाब {date} तक दर्ज कानून पर आधारित है। इसके बाद हुए बदलाव शायद इसमें शामिल नहीं हैं।",
    },
    "unrecorded": {
        "en": "Note: this answer could not be saved in the audit record. It is shown to you, but it was not logged.",
        "hi": "सूचना: यह जवाब ऑडिट रिकॉर्ड में दर्ज नहीं हो सका। जवाब दिखाया जा रहा है, पर उसका रिकॉर्ड नहीं रखा गया।",
    },
    # A recognised problem whose deciding law the graph does not hold (problem pack "not_held").
    "abstain.not_held": {
        "en": "The law that decides this ({law}) is not among my verified sources, so I will not say what it "
        "provides. Where to go: {route}. For free legal aid, call 15100 or visit your District Legal Services "
        "Authority.",
        "hi": "इस मामले को तय करने वाला कानून ({law}) जाँचे हुए स्रोतों में नहीं है, इसलिए उसके प्रावधान यहाँ नहीं बताए जा रहे। "
        "कहाँ जाएँ: {route}। मुफ़्त कानूनी सहायता के लिए 15100 पर कॉल करें या अपने ज़िला विधिक सेवा प्राधिकरण जाएँ।",
    },
    "not_held": {
        "en": "The main law on this ({law}) is not among my verified sources; only the law cited here was checked. "
        "Where to go: {route}.",
        "hi": "इस मामले का मुख्य कानून ({law}) जाँचे हुए स्रोतों में नहीं है; केवल यहाँ दिए गए हवालों की जाँच हुई है। कहाँ जाएँ: {route}।",
    },
    # A question about the law itself (issue 19, core.synthesis.extractive): what a provision is about,
    # and the old-code provision it replaced.
    "direct.about": {
        "en": "Under {provision}: {what}.",
        "hi": "{provision} के अनुसार: {what}।",
    },
    # The punishment an offence carries, its English clause said in fixed Hindi words
    # (core.synthesis.punishment_hi); the English answer quotes the clause itself.
    "direct.punishment": {
        "en": "Punishment: {what}.",
        "hi": "सज़ा: {what}।",
    },
    # an offence punished differently in its clauses (BNS 191: (2) rioting, (3) rioting armed with a deadly weapon)
    "direct.punishments": {
        "en": "Punishment, by the clause that applies: {what}.",
        "hi": "सज़ा, जो खंड लागू हो उसके अनुसार: {what}।",
    },
    "direct.clause": {
        "en": "clause ({clause}): {what}",
        "hi": "खंड ({clause}) में {what}",
    },
    # the period a provision states (core.synthesis.short_answer.periods): a Limitation Act Schedule article's
    # period column, counted from its third column (said in English only: the Hindi names the article for it)
    "direct.period": {
        "en": "Time limit under {provision}: {period}, counted from {start}.",
        "hi": "{provision} के अनुसार समय-सीमा: {period} (यह कब से गिनी जाती है, वह इसी प्रावधान में लिखा है)।",
    },
    "direct.period_stated": {
        "en": "Time limit under {provision}: {period}.",
        "hi": "{provision} के अनुसार समय-सीमा: {period}।",
    },
    # What a provision says, in its own English words (core.synthesis.short_answer.quoted_rule): the corpus holds
    # no Hindi text of the Acts, so a Hindi answer quotes the English and says that it is the law's English text
    # (the provision is followed by "के" so that it is named in the sentence, core.compose._render)
    "direct.about_text": {
        "en": "{what}: the English text of {provision} says: “{text}”.",
        "hi": "{what}: {provision} के अंग्रेज़ी पाठ में लिखा है: “{text}”।",
    },
    "direct.about_text_bare": {
        "en": "The English text of {provision} says: “{text}”.",
        "hi": "{provision} के अंग्रेज़ी पाठ में लिखा है: “{text}”।",
    },
    # after the rule said in Hindi by fixed grammar (core.synthesis.clause_hi): the words it renders
    "direct.law_text": {
        "en": "In the law's words: “{text}”.",
        "hi": "कानून के अंग्रेज़ी पाठ में: “{text}”।",
    },
    "direct.replaced": {
        "en": "Before 1 July 2024 this was the law of {old}.",
        "hi": "1 जुलाई 2024 से पहले यह {old} में था।",
    },
    # An old-code provision the new code dropped, with no provision in its place (the official IPC -> BNS
    # table's "no corresponding provision", the graph's omitted sections): said after its first sentence.
    "direct.dropped": {
        "en": "The new code in force from 1 July 2024 has no provision in its place.",
        "hi": "1 जुलाई 2024 से लागू नई संहिता में इसकी जगह कोई धारा नहीं है।",
    },
    # The gist of an old-code provision a new-code one replaced by merging or splitting (core.material).
    "law.replaced": {
        "en": "Replaced by {new} from 1 July 2024; it still governs acts committed before that date",
        "hi": "1 जुलाई 2024 से इसकी जगह {new} लागू है; उससे पहले हुए मामलों पर यही लागू होता है",
    },
    # The headings and labels of an answer's parts (issue 11: short answer, what to do now, the law);
    # "answer.now", "answer.law", "answer.where", "answer.bring", "answer.time_limit" are the card's
    # headings (_LABELS "heading.*") with a colon: made from them below, so each word is in one place.
    "answer.helplines": {"en": "Helplines: {numbers}", "hi": "हेल्पलाइन: {numbers}"},
    # Progress lines while an answer is being made (core.streaming); they state no law.
    "progress.search": {"en": "Looking up the law for your question…", "hi": "आपके सवाल के लिए कानून देखा जा रहा है…"},
    "progress.refine": {"en": "Writing a shorter answer for you…", "hi": "आपके लिए छोटा उत्तर लिखा जा रहा है…"},
    "input.empty": {
        "en": "Your message is empty. Please type or say your question.",
        "hi": "आपका संदेश खाली है। कृपया अपना सवाल लिखें या बोलें।",
    },
    "input.too_long": {
        "en": "Your message is too long. Please keep it under {limit} characters.",
        "hi": "आपका संदेश बहुत लंबा है। कृपया इसे {limit} अक्षरों से छोटा रखें।",
    },
    "input.binary": {
        "en": "Your message contains data that is not readable text. Please type your question in words.",
        "hi": "आपके संदेश में ऐसा डेटा है जो पढ़ने लायक लिखावट नहीं है। कृपया अपना सवाल शब्दों में लिखें।",
    },
    "audio.empty": {
        "en": "No audio was received. Please record your question again.",
        "hi": "कोई आवाज़ नहीं मिली। कृपया अपना सवाल फिर से रिकॉर्ड करें।",
    },
    "audio.corrupt": {
        "en": "The audio file is damaged and could not be played. Please record again.",
        "hi": "ऑडियो फ़ाइल खराब है और चल नहीं सकी। कृपया फिर से रिकॉर्ड करें।",
    },
    "audio.too_large": {
        "en": "The audio file is too large. Please send a shorter recording.",
        "hi": "ऑडियो फ़ाइल बहुत बड़ी है। कृपया छोटी रिकॉर्डिंग भेजें।",
    },
    "audio.too_long": {
        "en": "The recording is too long. Please ask your question in a shorter recording.",
        "hi": "रिकॉर्डिंग बहुत लंबी है। कृपया अपना सवाल छोटी रिकॉर्डिंग में पूछें।",
    },
    "audio.silent": {
        "en": "No speech was heard in the recording. Please speak close to the microphone and try again.",
        "hi": "रिकॉर्डिंग में कोई बोली सुनाई नहीं दी। कृपया माइक के पास बोलकर फिर कोशिश करें।",
    },
    "audio.too_short": {
        "en": "The recording is too short to understand. Please say your full question.",
        "hi": "रिकॉर्डिंग इतनी छोटी है कि समझी नहीं जा सकी। कृपया अपना पूरा सवाल बोलें।",
    },
    "audio.unsupported_format": {
        "en": "This audio format is not supported. Please record again with the record button, or type your question.",
        "hi": "यह ऑडियो फ़ॉर्मेट नहीं चलता। कृपया रिकॉर्ड बटन से फिर रिकॉर्ड करें या अपना सवाल लिखें।",
    },
    "language.unsupported": {
        "en": "Right now I can answer only in Hindi and English. Please ask in Hindi or English.",
        "hi": "अभी केवल हिंदी और अंग्रेज़ी में जवाब दिया जा सकता है। कृपया हिंदी या अंग्रेज़ी में पूछें।",
    },
    # Speech: what was heard (core.speech.stt.Transcript.heard_line) and the clarification asked
    # when a spoken question cannot be recognised as a legal question (issue 13).
    "speech.heard_items": {"en": "I heard: {items}.", "hi": "मैंने सुना: {items}।"},
    "speech.corrected": {"en": "I read '{heard}' as '{fixed}'.", "hi": "'{heard}' को '{fixed}' समझा गया।"},
    "speech.warn_script": {
        "en": "The speech recogniser did not write this in Hindi script, so it may be wrong. Please check it, or type "
        "your question.",
        "hi": "आवाज़ पहचानने वाले ने इसे देवनागरी में नहीं लिखा, इसलिए यह गलत हो सकता है। कृपया जाँचें, या अपना सवाल लिखकर भेजें।",
    },
    "speech.warn_near_empty": {
        "en": "Only a few words were recognised, so part of what you said may be missing. Please check it, or type "
        "your question.",
        "hi": "केवल कुछ शब्द पहचाने गए, इसलिए आपकी बात का कुछ हिस्सा छूट गया हो सकता है। कृपया जाँचें, या अपना सवाल लिखकर भेजें।",
    },
    "clarify.heard": {
        "en": "I heard: '{text}'. Please say it again, or type it.",
        "hi": "मैंने सुना: '{text}'। कृपया इसे फिर से बोलें, या लिखकर भेजें।",
    },
    "clarify.nothing_heard": {
        "en": "I could not make out a question in the recording. Please say it again, or type it.",
        "hi": "रिकॉर्डिंग में कोई सवाल समझ नहीं आया। कृपया फिर से बोलें, या लिखकर भेजें।",
    },
    "speech.confirm": {
        "en": "I heard: '{text}'. If this is your question, press Ask; if not, correct it in the box first.",
        "hi": "मैंने सुना: '{text}'। अगर यही आपका सवाल है तो 'पूछें' दबाएँ; नहीं तो पहले बॉक्स में ठीक करें।",
    },
    "speech.typing_better_general": {
        "en": "The recording may have been misheard. Typing your question gives better results.",
        "hi": "रिकॉर्डिंग शायद ठीक से नहीं सुनी गई। सवाल लिखकर पूछने से बेहतर नतीजे मिलते हैं।",
    },
    "speech.unavailable": {
        "en": "Speech recognition is not available right now. Please type your question.",
        "hi": "अभी आवाज़ पहचानने की सुविधा उपलब्ध नहीं है। कृपया अपना सवाल लिखकर भेजें।",
    },
    "speech.typing_better": {
        "en": "Hindi speech is recognised offline here and is often wrong. Typing your question gives better results.",
        "hi": "यहाँ हिंदी आवाज़ बिना इंटरनेट के पहचानी जाती है और अक्सर गलत होती है। सवाल लिखकर पूछने से बेहतर नतीजे मिलते हैं।",
    },
    # Known defects of a source text (acts.json "known_defects"; the verifier names the key).
    # A holding the pack marks as no longer the whole law (cases.json "caveat", with its source).
    "case.caveat": {
        "en": "Note on {case}: {caveat}",
        "hi": "{case} पर सूचना: {caveat}",
    },
    "hsa6_pre2005": {
        "en": "Note on Section 6 of the Hindu Succession Act: the text held here is the old rule from before "
        "the 2005 amendment. Since 9 September 2005 a daughter is a coparcener by birth, with the same rights "
        "as a son (Vineeta Sharma v. Rakesh Sharma, 2020). Ask a lawyer how this applies to your family's property.",
        "hi": "हिंदू उत्तराधिकार अधिनियम की धारा 6 पर सूचना: यहाँ रखा गया पाठ 2005 के संशोधन से पहले का पुराना नियम है। "
        "9 सितंबर 2005 से बेटी जन्म से ही सहदायिक है और उसके अधिकार बेटे के बराबर हैं (विनीता शर्मा बनाम राकेश शर्मा, 2020)। "
        "आपके परिवार की संपत्ति पर यह कैसे लागू होता है, यह किसी वकील से पूछें।",
    },
    "bns106_2_not_in_force": {
        "en": "Note on Section 106 BNS: its sub-section (2) (hit and run: escaping without reporting the accident) "
        "was not brought into force with the rest of the BNS on 1 July 2024. Sub-section (1) is in force.",
        "hi": "बीएनएस की धारा 106 पर सूचना: इसकी उप-धारा (2) (हिट एंड रन: दुर्घटना की सूचना दिए बिना भाग जाना) "
        "1 जुलाई 2024 को बाकी बीएनएस के साथ लागू नहीं की गई। उप-धारा (1) लागू है।",
    },
}

# Per-key default field values, per language.
_DEFAULTS: dict[str, dict[str, dict[str, str]]] = {
    "superseded": {"en": {"date": "1 July 2024"}, "hi": {"date": "1 जुलाई 2024"}},
    "code_applies.pending": {"en": {"date": "1 July 2024"}, "hi": {"date": "1 जुलाई 2024"}},
    "code_applies.old": {"en": {"date": "1 July 2024"}, "hi": {"date": "1 जुलाई 2024"}},
}
# Fields a key accepts beyond those in its template text (value may be None).
_OPTIONAL: dict[str, frozenset[str]] = {"conflict.notice": frozenset({"resolution"})}


class TemplateError(KeyError):
    """Unknown template key or language, or missing/unexpected fields."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else ""


def _field_names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def required_fields(key: str) -> frozenset[str]:
    """Fields the caller must pass for `key` (defaults excluded)."""
    if key not in TEMPLATE_KEYS:
        raise TemplateError(f"unknown template key: {key!r}")
    names = _field_names(_T[key]["en"]) | _field_names(_T[key]["hi"])
    return frozenset(names - set(_DEFAULTS.get(key, {}).get("en", {})))


def _fill(key: str, lang: str, fields: dict[str, Any]) -> str:
    text = _T[key][lang]
    values = {**_DEFAULTS.get(key, {}).get(lang, {}), **fields}
    missing = _field_names(text) - values.keys()
    if missing:
        raise TemplateError(f"template {key!r} missing field(s): {', '.join(sorted(missing))}")
    for name, value in values.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            if name in _field_names(text):
                raise TemplateError(f"template {key!r} field {name!r} is empty")
    return text.format(**{k: str(v) for k, v in values.items()})


def render(key: str, lang: str, **fields: Any) -> str:
    """Render the fixed notice `key` in `lang` ("en" or "hi")."""
    if key not in TEMPLATE_KEYS:
        raise TemplateError(f"unknown template key: {key!r}")
    if lang not in LANGS:
        raise TemplateError(f"unsupported template language: {lang!r}")
    allowed = required_fields(key) | set(_DEFAULTS.get(key, {}).get("en", {})) | _OPTIONAL.get(key, frozenset())
    unexpected = set(fields) - allowed
    if unexpected:
        raise TemplateError(f"template {key!r} got unexpected field(s): {', '.join(sorted(unexpected))}")
    if key == "conflict.notice":
        resolution = fields.pop("resolution", None)
        head = _fill(key, lang, fields)
        if resolution is None or not str(resolution).strip():
            return head + " " + _fill("_conflict.unresolved", lang, {})
        return head + " " + _fill("_conflict.resolution", lang, {"resolution": resolution})
    return _fill(key, lang, fields)


# The fixed words of the app (app/card.py, app/ui.py, app/cli_tools.py, core/speech/spoken.py):
# key -> (English, Hindi). One place to read or correct what a person sees, in both languages.
_LABELS: dict[str, tuple[str, str]] = {
    # courts, as a conflict notice names them (issue 23)
    "court.SC": ("Supreme Court", "सुप्रीम कोर्ट"),
    "court.HC": ("High Court", "हाई कोर्ट"),
    # overall answer status (app/card.py badges)
    "badge.answer": ("Answer", "जवाब"),
    # drafted documents (core/drafts, app draft step)
    "draft.cover": ("About this document", "इस दस्तावेज़ के बारे में"),
    "draft.offer": ("Draft the document", "दस्तावेज़ का मसौदा बनाएँ"),
    "draft.kind": ("Document", "दस्तावेज़"),
    "draft.make": ("Make the draft", "मसौदा बनाएँ"),
    "draft.failed": ("The draft could not be made. Please try again.", "मसौदा नहीं बन सका। कृपया फिर कोशिश करें।"),
    "draft.offered": ("You can draft this document in the app", "आप यह दस्तावेज़ ऐप में तैयार कर सकते हैं"),
    "draft.missing": ("Still needed", "अभी ये चाहिए"),
    "draft.citations": ("Law cited (checked)", "उद्धृत कानून (जाँचा गया)"),
    "draft.dates": ("Dates that matter", "ज़रूरी तारीख़ें"),
    "badge.abstain": ("No answer (abstained)", "जवाब नहीं दिया गया"),
    "badge.conflict": ("Conflict between sources", "स्रोतों में टकराव"),
    "badge.error": ("Could not process", "प्रोसेस नहीं हो सका"),
    "badge.clarify": ("One more detail needed", "एक और जानकारी चाहिए"),
    # citation status (core.verify) chips: what each status means
    "chip.verified": ("found in the law as cited", "कानून में जैसा लिखा है वैसा मिला"),
    "chip.superseded": ("replaced by a newer law", "नए कानून से बदला गया"),
    "chip.omitted": ("removed from the law", "कानून से हटाया गया"),
    "chip.conflict": ("courts disagree", "अदालतों में मतभेद"),
    "chip.struck_down": ("struck down by a court", "अदालत ने रद्द किया"),
    "chip.overruled": ("overruled", "फ़ैसला पलटा गया"),
    "chip.unindexed": ("not in the verified sources", "जाँचे स्रोतों में नहीं"),
    "chip.unverified": ("could not be verified", "पुष्टि नहीं हो सकी"),
    "chip.mismatch": ("citation does not match", "हवाला मेल नहीं खाता"),
    "chip.nonexistent": ("does not exist", "मौजूद नहीं है"),
    "chip.unsupported": ("does not say this", "यह बात इसमें नहीं है"),
    "chip.unresolved": ("act unclear", "अधिनियम स्पष्ट नहीं"),
    "chip.off_point": ("not about this question", "इस सवाल से संबंधित नहीं"),
    "chip.unknown": ("unknown status", "अज्ञात स्थिति"),
    # card headings
    "heading.question": ("Question", "सवाल"),
    "heading.heard": ("Heard from audio", "आवाज़ से सुना गया"),
    "heading.notices": ("Important", "ज़रूरी सूचना"),
    "heading.citations": ("Law cited", "कानूनी हवाले"),
    "heading.chain": ("How the law connects", "कानून की कड़ी"),
    "heading.conflict": ("Conflict", "टकराव"),
    "heading.law_as_of": ("Law as of", "कानून की तारीख"),
    "heading.generated": ("Generated", "बनाया गया"),
    "heading.summary": ("Short answer", "संक्षेप में"),
    "heading.steps": ("What you can do now", "अभी आप क्या कर सकते हैं"),
    "heading.law": ("The law", "कानून"),
    "heading.show_text": ("Show the text of the law", "कानून का पूरा पाठ देखें"),
    "heading.where": ("Where", "कहाँ"),
    "heading.bring": ("Bring", "साथ ले जाएँ"),
    "heading.time_limit": ("Time limit", "समय-सीमा"),
    "heading.basis": ("Law", "कानून"),
    "heading.deadlines": ("Dates that matter", "ज़रूरी तारीखें"),
    "heading.due": ("By", "तारीख"),
    "heading.full_answer": ("The whole answer as text", "पूरा जवाब पाठ के रूप में"),
    "heading.problems": ("About", "विषय"),
    "deadline.passed": ("already passed", "बीत चुकी है"),
    # UI messages (app/ui.py)
    "ui.bad_date": (
        "The offence date was not understood. Please write it as YYYY-MM-DD (for example "
        "2024-08-15) or DD/MM/YYYY, or leave it empty.",
        "घटना की तारीख समझ नहीं आई। कृपया इसे YYYY-MM-DD (जैसे 2024-08-15) या DD/MM/YYYY में लिखें, या खाली छोड़ दें।",
    ),
    "ui.future_date": (
        "The offence date is in the future. Please check it, or leave it empty.",
        "घटना की तारीख भविष्य की है। कृपया जाँचें या खाली छोड़ दें।",
    ),
    "ui.check_heard": (
        "If a number, date or act name is wrong, correct it in the question box, then press Ask.",
        "अगर कोई संख्या, तारीख या कानून का नाम गलत है, तो सवाल वाले बॉक्स में ठीक करें, फिर 'पूछें' दबाएँ।",
    ),
    "ui.internal": (
        "Something went wrong while answering. Please try again. If it is urgent, call the free "
        "legal aid helpline 15100, or 112 in an emergency.",
        "जवाब देते समय कुछ गड़बड़ हुई। कृपया फिर कोशिश करें। ज़रूरी हो तो मुफ़्त कानूनी सहायता हेल्पलाइन "
        "15100 पर, और आपात स्थिति में 112 पर कॉल करें।",
    ),
    # legal-aid eligibility (app/cli_tools.py)
    "aid.eligible": ("Eligible", "हक़दार"),
    "aid.not_eligible": ("Not eligible", "हक़दार नहीं"),
    "aid.depends": ("It depends", "निर्भर करता है"),
    # the form (app/ui.py, app/clinic.py): shown in both languages at once, "English / Hindi"
    "form.title": ("NyayaPath", "न्यायपथ"),
    "form.intro": (
        "Ask about Indian law by typing or speaking (Hindi or English). Every answer cites only law that "
        "could be checked in the knowledge graph.",
        "कानूनी सवाल लिखें या बोलें।",
    ),
    "form.question": ("Your question", "आपका सवाल"),
    "form.audio": ("Speak or upload your question", "बोलकर पूछें"),
    "form.language": ("Language", "भाषा"),
    "form.hindi": ("Hindi", "हिन्दी"),
    "form.date": ("Date of the events (optional)", "घटना की तारीख"),
    "form.ask": ("Ask", "पूछें"),
    "form.chain": ("Citation chain", "कानून की कड़ी"),
    "form.spoken": ("Spoken answer", "सुनें"),
    "form.clinic_tab": ("Clinic: add a judgment", "निर्णय जोड़ें"),
    "answer.provisional": (
        "Checked answer shown; a shorter wording is being checked and may replace the short answer.",
        "जाँचा हुआ उत्तर दिखाया गया है; छोटा उत्तर जाँचा जा रहा है, वह ऊपर का सार बदल सकता है।",
    ),
    "answer.final": ("Final answer.", "अंतिम उत्तर।"),
    # the spoken answer (core/speech/spoken.py) and the code-change date (core/answer.py)
    "speech.step": ("Step", "कदम"),
    # a Hindi answer's quote of the law's English text is not read by the Hindi voice: it says where to read it
    "speech.english_quote": ("the text is on the screen", "यह पाठ स्क्रीन पर लिखा है"),
    "date.new_codes": ("1 July 2024", "1 जुलाई 2024"),
    # citation status as the card shows it (app/card.py chips; the chip.* words are its tooltip)
    "status.verified": ("verified", "सत्यापित"),
    "status.superseded": ("superseded", "बदला गया"),
    "status.omitted": ("omitted", "हटाया गया"),
    "status.conflict": ("conflict", "मतभेद"),
    "status.struck_down": ("struck down", "रद्द"),
    "status.overruled": ("overruled", "पलटा गया"),
    "status.unindexed": ("unindexed", "स्रोतों में नहीं"),
    "status.unverified": ("unverified", "अपुष्ट"),
    "status.mismatch": ("mismatch", "मेल नहीं"),
    "status.nonexistent": ("nonexistent", "मौजूद नहीं"),
    "status.unsupported": ("unsupported", "समर्थन नहीं"),
    "status.unresolved": ("unresolved", "अस्पष्ट"),
    "status.off_point": ("off point", "असंबंधित"),
    "status.unknown": ("unknown", "अज्ञात"),
    # the citation-chain picture (app/chain_image.py): node kinds, edge types, captions
    "node.Act": ("Act", "अधिनियम"),
    "node.Section": ("Section", "धारा"),
    "node.Article": ("Article", "अनुच्छेद"),
    "node.Provision": ("Provision", "प्रावधान"),
    "node.Case": ("Case", "फ़ैसला"),
    "node.CiteKey": ("CiteKey", "हवाला"),
    "node.Judge": ("Judge", "न्यायाधीश"),
    "node.Court": ("Court", "अदालत"),
    "node.LegalIssue": ("LegalIssue", "कानूनी मुद्दा"),
    "node.Rule": ("Rule", "नियम"),
    "node.Argument": ("Argument", "तर्क"),
    "node.ProceduralEvent": ("ProceduralEvent", "प्रक्रिया का चरण"),
    "node.Outcome": ("Outcome", "नतीजा"),
    "node.Passage": ("Passage", "अंश"),
    "node.Term": ("Term", "शब्द"),
    "node.Document": ("Document", "दस्तावेज़"),
    "node.Problem": ("Problem", "समस्या"),
    "node.Forum": ("Forum", "कहाँ जाएँ"),
    "node.Helpline": ("Helpline", "हेल्पलाइन"),
    "node.Step": ("Step", "चरण"),
    "node.Procedure": ("Procedure", "प्रक्रिया"),
    "rel.PART_OF": ("PART OF", "का हिस्सा"),
    "rel.REPLACED_BY": ("REPLACED BY", "की जगह अब"),
    "rel.CITES": ("CITES", "हवाला देता है"),
    "rel.OVERRULES": ("OVERRULES", "पलटता है"),
    "rel.DISTINGUISHES": ("DISTINGUISHES", "अलग बताता है"),
    "rel.CONFLICTS_WITH": ("CONFLICTS WITH", "से टकराव"),
    "rel.RESOLVED_BY": ("RESOLVED BY", "इससे सुलझा"),
    "rel.NARROWED_BY": ("NARROWED BY", "इससे सीमित"),
    "rel.APPLIES_RULE": ("APPLIES RULE", "नियम लागू करता है"),
    "rel.SUPPORTS_ARGUMENT": ("SUPPORTS ARGUMENT", "तर्क का समर्थन"),
    "rel.INTERPRETS": ("INTERPRETS", "व्याख्या करता है"),
    "rel.TRIGGERS": ("TRIGGERS", "शुरू करता है"),
    "rel.PRECEDES": ("PRECEDES", "इसके बाद"),
    "rel.RESULTS_IN": ("RESULTS IN", "नतीजा"),
    "rel.DECIDED_BY": ("DECIDED BY", "फ़ैसला किया"),
    "rel.DECIDED_IN": ("DECIDED IN", "में तय"),
    "rel.HAS_PASSAGE": ("HAS PASSAGE", "अंश"),
    "rel.STRUCK_DOWN_BY": ("STRUCK DOWN BY", "इससे रद्द"),
    "rel.DEFINED_IN": ("DEFINED IN", "इसमें परिभाषित"),
    "rel.CITATION_OF": ("CITATION OF", "का हवाला"),
    "rel.GOVERNED_BY": ("GOVERNED BY", "लागू कानून"),
    "rel.RAISES": ("RAISES", "उठाता है"),
    "rel.ABOUT": ("ABOUT", "के बारे में"),
    "rel.ROUTES_TO": ("ROUTES TO", "कहाँ जाएँ"),
    "rel.FOLLOWS_FLOW": ("FOLLOWS FLOW", "प्रक्रिया"),
    "rel.CONCERNS_CASE": ("CONCERNS CASE", "संबंधित फ़ैसला"),
    "rel.RELATED_TO": ("RELATED TO", "संबंधित"),
    "chain.conflict_sides": ("Conflict: the two sides", "टकराव: दोनों पक्ष"),
    "chain.conflicts_with": ("conflicts with", "इससे टकराव"),
    "chain.side": ("conflict side", "टकराव का पक्ष"),
    # Devanagari forms of the Acts whose Hindi short form is their Latin code (chain picture)
    "act.BNS": ("BNS", "बीएनएस"),
    "act.BNSS": ("BNSS", "बीएनएसएस"),
    "act.BSA": ("BSA", "बीएसए"),
    "act.IPC": ("IPC", "आईपीसी"),
    "act.CRPC": ("CrPC", "सीआरपीसी"),
    "act.IEA": ("Evidence Act", "साक्ष्य अधिनियम"),
    "act.CPC": ("CPC", "सीपीसी"),
    "act.NIA": ("NI Act", "एनआई एक्ट"),
    "act.MVA": ("Motor Vehicles Act", "मोटर वाहन अधिनियम"),
    "act.IDA": ("Divorce Act", "तलाक अधिनियम"),
}
LABEL_KEYS: tuple[str, ...] = tuple(_LABELS)


def _headed(heading: str, field: str | None = None) -> dict[str, str]:
    """A card heading as the answer text writes it: "Where: {where}", "The law:"."""
    return {lang: f"{word}:" + (f" {{{field}}}" if field else "") for lang, word in zip(LANGS, _LABELS[heading])}


_T["answer.now"] = _headed("heading.steps")
_T["answer.law"] = _headed("heading.law")
_T["answer.where"] = _headed("heading.where", "where")
_T["answer.bring"] = _headed("heading.bring", "bring")
_T["answer.time_limit"] = _headed("heading.time_limit", "time_limit")
TEMPLATE_KEYS: tuple[str, ...] = tuple(k for k in _T if not k.startswith("_"))


def both(key: str) -> str:
    """A form label in both languages, "English / Hindi" (the form is read before a language is chosen)."""
    return f"{label(key, 'en')} / {label(key, 'hi')}"


def label(key: str, lang: str) -> str:
    """The app's fixed words for `key` in `lang` (anything but "hi" is English)."""
    try:
        en, hi = _LABELS[key]
    except KeyError:
        raise TemplateError(f"unknown label key: {key!r}") from None
    return hi if lang == "hi" else en
