"""core.on_point (issue 23): a settled dispute that a cited provision leads to is reported with the fixed
"earlier judgments differed; settled by X" notice only when the disagreement was about that provision and
the question speaks to its point. Table tests on the rule (a fake graph, then the real one), then what the
person sees. Every question here is ours, asked the way people ask, in English, Hindi and Hinglish."""

from __future__ import annotations

import pytest

from core.on_point import about_cited
from core.support import stems


class _Reads:
    """A graph that knows only which provisions each case interprets."""

    def __init__(self, reads: dict[str, list[str]]):
        self.reads = reads

    def ro_query(self, q, params):
        assert "INTERPRETS" in q
        return [(i, self.reads[i]) for i in params["ids"] if i in self.reads]


READS = {
    "SETTLER": ["BNSS:482", "CRPC:438", "COI:21"],
    "EARLIER": ["CRPC:438"],
    "LARGER": ["CRPC:438", "COI:21"],
    "NO-PROVISIONS": [],
    "COPARCENARY": ["HSA:6"],
    "PRIVACY": ["COI:21", "COI:19", "COI:14"],
    "SELF-INCRIMINATION": ["COI:20"],
}
# (name, dispute (a, b), the cited provisions with their predecessors and successors, kept?)
ABOUT_CITED = [
    ("the provision both sides read is cited", ("SETTLER", "EARLIER"), {"BNSS:482", "CRPC:438"}, True),
    ("its predecessor is among the cited ones' neighbours", ("EARLIER", "LARGER"), {"CRPC:438"}, True),
    ("only a provision the settler alone reads is cited", ("SETTLER", "EARLIER"), {"COI:21", "BNSS:187"}, False),
    ("one side reads it, the other reads Article 21 too", ("LARGER", "EARLIER"), {"COI:21", "CRPC:167"}, False),
    ("a side records no provision: the other side's count", ("COPARCENARY", "NO-PROVISIONS"), {"HSA:6"}, True),
    ("a side records no provision, another section cited", ("COPARCENARY", "NO-PROVISIONS"), {"HSA:30"}, False),
    ("sides that share no provision: either side's counts", ("PRIVACY", "SELF-INCRIMINATION"), {"COI:20"}, True),
    ("a case the graph does not hold reads nothing", ("UNKNOWN", "NO-PROVISIONS"), {"HSA:6"}, False),
]


@pytest.mark.parametrize("name,pair,ids,kept", ABOUT_CITED, ids=[c[0] for c in ABOUT_CITED])
def test_a_dispute_counts_only_through_a_provision_it_was_about(name, pair, ids, kept):
    dispute = (*pair, "the point")
    assert about_cited(_Reads(READS), [dispute], ids) == ([dispute] if kept else [])


def test_no_disputes_asks_nothing():
    class Never:
        def ro_query(self, q, params):
            raise AssertionError("no query for no disputes")

    assert about_cited(Never(), [], {"HSA:6"}) == []


# ------------------------------------------------------------------ the words, on the real graph
def _gid(graph, pack_id: str) -> str:
    rows = graph.ro_query("MATCH (c:Case) WHERE c.id = $a OR $a IN c.aliases RETURN c.id", {"a": pack_id})
    assert rows, pack_id
    return rows[0][0]


NI_138 = ["CASE:msr-leathers-2012", "CASE:dashrath-rupsingh-rathod-2014", "CASE:rangappa-2010"]
# (settling judgment, the other settled points the same answer reaches, our question, speaks to the point?)
SPEAKS_TO = [
    ("CASE:sushila-aggarwal-2020", [], "Does anticipatory bail lapse once the chargesheet is filed?", True),
    ("CASE:sushila-aggarwal-2020", [], "क्या अग्रिम जमानत चार्जशीट आने पर खत्म हो जाती है?", True),
    ("CASE:sushila-aggarwal-2020", [], "kya agrim zamanat sirf kuch mahine ke liye milti hai?", True),
    # the answer cites BNSS 482 among a murder accused's remedies: not the duration of anticipatory bail
    ("CASE:sushila-aggarwal-2020", [], "भाई पर हत्या का झूठा आरोप लगा है, अब हम क्या करें?", False),
    # only the matter's name ("anticipatory bail") toward the point, and a thing s.438(2) itself provides,
    # which the holding restates ("courts may impose conditions"), not what it settled
    ("CASE:sushila-aggarwal-2020", [], "Which conditions may a judge attach to an order of anticipatory bail?", False),
    (
        "CASE:sushila-aggarwal-2020",
        [],
        "Is anticipatory bail available to me if I fear the police will arrest me?",
        True,
    ),
    # Vineeta Sharma's point is coparcenary property: a share question that names no ancestral or joint
    # family property is HSA s.8's, where no judgment differed (core.settled_points.in_scope)
    ("CASE:vineeta-sharma-2020", [], "My father died in 2003; does his daughter still get a share?", False),
    (
        "CASE:vineeta-sharma-2020",
        [],
        "My father died in 2003; does his daughter still get a share in ancestral land?",
        True,
    ),
    ("CASE:vineeta-sharma-2020", [], "papa 2001 mein guzar gaye, kya beti ko coparcener ka hak milega?", True),
    # "Hindu" names the Act, "coparcenary property" is the heading of s.6: a will is not the point
    ("CASE:vineeta-sharma-2020", [], "can a hindu write a will for his coparcenary share?", False),
    ("CASE:vineeta-sharma-2020", [], "kya hindu apni zameen ki will bana sakta hai?", False),
    # "woman ... live ... relationship" are the words of s.2's own definitions, not of the settled rule
    ("CASE:satish-chander-ahuja-2020", [], "Is a woman in a live-in relationship covered by the DV Act?", False),
    ("CASE:satish-chander-ahuja-2020", [], "sasur ke ghar mein bahu ko rehne ka haq hai kya?", True),
    # one word toward the point ("rehne") beside a lay name of s.2 that the point does not share
    # ("live in relationship", s.2(f)): the question asks that named matter
    (
        "CASE:satish-chander-ahuja-2020",
        [],
        "live in relationship mein rehne wali aurat ko gharelu hinsa kanoon mein suraksha milti hai?",
        False,
    ),
    ("CASE:satish-chander-ahuja-2020", [], "Can a woman in a live-in relationship stay on under the DV Act?", False),
    # "amend" is the heading of Article 368, "record" the heading of s.65B: they name the law
    ("CASE:kesavananda-bharati-1973", [], "Can pleadings be amended once the trial has begun?", False),
    ("CASE:kesavananda-bharati-1973", [], "Can Parliament change the basic structure of the Constitution?", True),
    # the rendering glosses "sanshodhan (amendment)", "parliament (sansad)": Article 368's heading in Hindi
    ("CASE:kesavananda-bharati-1973", [], "sanvidhan mein sanshodhan ki prakriya kya hai?", False),
    ("CASE:kesavananda-bharati-1973", [], "संविधान में संशोधन की प्रक्रिया क्या है?", False),
    ("CASE:kesavananda-bharati-1973", [], "kya sansad sanshodhan karke maulik adhikar chheen sakti hai?", True),
    ("CASE:arjun-panditrao-khotkar-2020", [], "civil suit mein samjhauta kaise record karein?", False),
    ("CASE:arjun-panditrao-khotkar-2020", [], "Is an email printout proof without the 65B certificate?", True),
    # "notice" is in the s.138 jurisdiction question too (where the notice was sent): it tells neither
    ("CASE:msr-leathers-2012", NI_138[1:], "How many days do I get to send the notice after a cheque bounce?", False),
    ("CASE:msr-leathers-2012", NI_138[1:], "cheque bounce hone ke baad notice kitne din mein bhejna hai?", False),
    ("CASE:msr-leathers-2012", NI_138[1:], "Can I prosecute on the second bounce of the same cheque?", True),
]


@pytest.mark.parametrize("settler,others,q,speaks", SPEAKS_TO, ids=[f"{c[0][5:15]}:{c[2][:40]}" for c in SPEAKS_TO])
def test_a_question_speaks_to_a_settled_point_only_in_the_points_own_words(graph, settler, others, q, speaks):
    from core.answer import AnswerPipeline
    from core.assemble import question_stems
    from core.conflicts import script_of, settled_points
    from core.on_point import speaks_to

    points = {p.settler: p for p in settled_points(graph)}
    p = points[_gid(graph, settler)]
    hint = AnswerPipeline._english_hint(q) if script_of(q) != "en" else ""
    words = speaks_to(graph, p, q, question_stems(f"{q} {hint}"), hint, [points[_gid(graph, o)] for o in others])
    assert bool(words) == speaks, words


# ------------------------------------------------------------------ what the person sees
@pytest.fixture(scope="module")
def pipe(graph):
    from core.answer import AnswerPipeline

    return AnswerPipeline(graph)


def _shown(pipe, graph, q: str, settler: str) -> tuple[bool, bool, object]:
    """(shown settled, the settling judgment cited, what was shown)."""
    from evaluation.score import conflict_state

    r = pipe.ask(q)
    cited = _gid(graph, settler) in {c.node_id for c in r.citations}
    return conflict_state(r.to_json()) == "settled", cited, (r.status, [c.node_id for c in r.citations], r.notices)


NAMED = [
    # (our question, the settling judgments whose disputes it names by number)
    ("what is section 438 CrPC called in the BNSS?", {"CASE:sushila-aggarwal-2020"}),
    ("धारा 438 सीआरपीसी में अब क्या बदला है?", {"CASE:sushila-aggarwal-2020"}),
    ("section 6 hindu succession act kya kehta hai?", {"CASE:vineeta-sharma-2020"}),
    # an Article is read by judgments on many points (Article 21: speedy trial, privacy, the right to die,
    # anticipatory bail): naming it asks none of their disputes (7dfd120), which the question must say in words
    ("Article 21 mein kaun se adhikar hain?", set()),
    ("what does section 30 of the Hindu Succession Act say about wills?", set()),
]


@pytest.mark.parametrize("q,settlers", NAMED)
def test_a_question_naming_the_disputed_provision_by_number_asks_its_settled_law(graph, q, settlers):
    from core.conflicts import disputes_of, settled_points
    from core.on_point import named_disputes

    by = {(a, b): z.settler for z in settled_points(graph) for a, b, _ in disputes_of(graph, z.settler)}
    got = named_disputes(graph, [(a, b, "") for a, b in by], q)
    assert {by[x] for x in got} == {_gid(graph, s) for s in settlers}, got


def test_a_hindi_term_is_read_with_or_without_the_nukta(graph):
    from core.on_point import _terms

    assert "TERM:anticipatory-bail" in _terms("अग्रिम ज़मानत कैसे लें?")
    assert "TERM:anticipatory-bail" in _terms("अग्रिम जमानत कैसे लें?")


# our questions whose answers cite a provision a settling judgment reads, on another point: no notice
NOT_THE_POINT = [
    ("CASE:msr-leathers-2012", "Within how many days must the cheque bounce notice be sent to the drawer?"),
    ("CASE:msr-leathers-2012", "cheque bounce ke baad notice kitne din mein bhejna hota hai?"),
    ("CASE:kesavananda-bharati-1973", "Can a plaint be amended after the trial has started?"),
    ("CASE:sushila-aggarwal-2020", "default bail ke liye chargesheet kitne din mein aani chahiye?"),
    ("CASE:sushila-aggarwal-2020", "Which conditions may a judge attach to an order of anticipatory bail?"),
    ("CASE:sushila-aggarwal-2020", "anticipatory bail dete waqt court kya conditions laga sakta hai?"),
    # retrieval finds Anvar (a side, unquoted) and the issue shares only s.65B's name, "electronic record":
    # core.assemble asks the settled point of that route too
    ("CASE:arjun-panditrao-khotkar-2020", "What is the legal definition of an electronic record?"),
    ("CASE:arjun-panditrao-khotkar-2020", "electronic record ka matlab kya hota hai kanoon mein?"),
    (
        "CASE:sushila-aggarwal-2020",
        "If the police do not file the chargesheet within 90 days, does the accused get bail?",
    ),
    ("CASE:satish-chander-ahuja-2020", "लिव-इन में रहने वाली महिला को घरेलू हिंसा कानून में सुरक्षा मिलती है क्या?"),
    ("CASE:satish-chander-ahuja-2020", "live in relationship mein rehne wali aurat ko DV kanoon se kya madad milegi?"),
    ("CASE:vineeta-sharma-2020", "क्या वसीयत से पुश्तैनी संपत्ति का अपना हिस्सा किसी को दे सकते हैं?"),
    # told apart since (Dec 5): a will of a coparcener's share is HSA s.30, not a daughter's coparcenary
    ("CASE:vineeta-sharma-2020", "kya papa will se joint family property ka apna hissa kisi ek bete ko de sakte hain?"),
]
# ours still told: words of the point that are everyday words too ("पिता", "bete ... hissa"), and the
# Hindi settled-point probe (core.conflicts.point_asked) meets "चार्जशीट ... दाखिल" of default bail
NOT_THE_POINT_YET = [
    ("CASE:vineeta-sharma-2020", "क्या हिंदू पिता वसीयत से संयुक्त परिवार की संपत्ति का अपना हिस्सा दे सकता है?"),
    ("CASE:sushila-aggarwal-2020", "चार्जशीट 60 दिन में दाखिल नहीं हुई, क्या डिफ़ॉल्ट जमानत मिलेगी?"),
]
# ours on the settled point itself, through the provision route: the notice and the settling judgment
THE_POINT = [
    ("CASE:sushila-aggarwal-2020", "Does anticipatory bail end when the police file the chargesheet?"),
    ("CASE:sushila-aggarwal-2020", "क्या अग्रिम जमानत मुकदमा खत्म होने तक चलती है?"),
    ("CASE:sushila-aggarwal-2020", "kya agrim zamanat sirf kuch mahine ke liye milti hai?"),
    ("CASE:vineeta-sharma-2020", "My dad died in 2000. Can I, his daughter, still claim a coparcener's share?"),
    (
        "CASE:vineeta-sharma-2020",
        "papa 2005 se pehle guzar gaye, kya beti ko pushtaini property mein barabar hissa milega?",
    ),
    ("CASE:vineeta-sharma-2020", "क्या बेटी को पिता की पुश्तैनी संपत्ति में बेटे के बराबर हिस्सा मिलेगा?"),
    ("CASE:arjun-panditrao-khotkar-2020", "Is a printout of an email admissible without the 65B certificate?"),
    ("CASE:sushila-aggarwal-2020", "ससुराल वाले झूठा केस करने वाले हैं, अग्रिम ज़मानत कैसे मिलेगी?"),
    ("CASE:sushila-aggarwal-2020", "section 438 CrPC ab BNSS mein kaunsa hai?"),
]


@pytest.mark.parametrize("settler,q", NOT_THE_POINT)
def test_an_answer_on_another_point_of_the_same_law_gets_no_settled_notice(pipe, graph, settler, q):
    shown, cited, got = _shown(pipe, graph, q, settler)
    assert not shown and not cited, got


@pytest.mark.parametrize("settler,q", NOT_THE_POINT_YET)
@pytest.mark.xfail(reason="everyday words of the point, or the Hindi probe; see NOT_THE_POINT_YET", strict=False)
def test_an_answer_on_another_point_not_yet_told_apart(pipe, graph, settler, q):
    shown, cited, got = _shown(pipe, graph, q, settler)
    assert not shown and not cited, got


@pytest.mark.parametrize("settler,q", THE_POINT)
def test_a_question_on_the_settled_point_keeps_the_notice_and_the_settling_judgment(pipe, graph, settler, q):
    shown, cited, got = _shown(pipe, graph, q, settler)
    assert shown and cited, got


def test_a_struck_down_provision_names_the_point_not_the_law(graph):
    """Joseph Shine struck down s.497 IPC ("Adultery"): its heading is the point (is it still a crime?), so it
    is not among the heading words that never count; Kesavananda's Article 368 heading still is."""
    from core.conflicts import settled_points

    points = {p.settler: p for p in settled_points(graph)}
    assert not stems({"adultery"}) & points[_gid(graph, "CASE:joseph-shine-2018")].heads
    assert stems({"amend"}) <= points[_gid(graph, "CASE:kesavananda-bharati-1973")].heads
