"""Question and function words of Hindi and Roman Hindi that carry no topic (core.script_words reads a
settled point's words without them; core.language.lay_words reads everyday words without them). A module of
its own, importing nothing, so both can use it without an import cycle."""

from __future__ import annotations

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
