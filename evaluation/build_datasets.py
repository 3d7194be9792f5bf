"""Rebuild evaluation/datasets/citations.jsonl from the pack files and the corpus.

    python -m evaluation.build_datasets [CORPUS_DIR]

The gold status of every citation is derived from a source, never from running the
verifier:

* doctrine.json        OVERRULES -> overruled; STRUCK_DOWN_BY -> struck_down;
                       CONFLICTS_WITH (and not overruled) -> conflict
* cases.json           a pack case with its own reporter -> verified; the same reporter
                       under another case's name -> mismatch
* concordance CSV      an IPC section with a BNS successor -> superseded; "Deleted" -> omitted;
                       a wrong-code number ("murder ... Section 302 BNS") -> unsupported
* crpc_bnss_gold.json,
  iea_bsa_gold.json    CrPC / Evidence Act sections with a hand-checked successor -> superseded
* corpus statutes      a section present in BNS/BNSS/BSA/CPC/NI Act/Constitution -> verified;
                       beyond the act's last section, or an article the Constitution never had
                       -> nonexistent; a known gap of the corpus -> unindexed; "Repealed"/
                       "Omitted" text -> omitted
* hand-written         fabricated names and reporters (checked absent from the corpus index
                       and the pack) -> unverified; bare "Section 5" -> unresolved

questions.jsonl and spoken.jsonl are hand-written (evaluation/question_bank.py); this
script rewrites them from there too, so all three files are reproducible.
"""

from __future__ import annotations

import csv
import json
import random
import re
import sys
from pathlib import Path

from evaluation import DATASETS

REPO = Path(__file__).resolve().parents[1]
PACK = REPO / "graph_schema" / "packs" / "india"

SEVERITY = {  # the documented severities (core/verify.py module docstring and table)
    "verified": "ok",
    "superseded": "warning",
    "omitted": "warning",
    "conflict": "warning",
    "struck_down": "error",
    "overruled": "error",
    "unindexed": "error",
    "unverified": "error",
    "mismatch": "error",
    "nonexistent": "error",
    "unsupported": "error",
    "unresolved": "error",
}
HI_ACT = {
    "IPC": "आईपीसी",
    "BNS": "बीएनएस",
    "BNSS": "बीएनएसएस",
    "CRPC": "सीआरपीसी",
    "BSA": "बीएसए",
    "IEA": "भारतीय साक्ष्य अधिनियम, 1872",
    "NIA": "एनआई एक्ट",
    "CPC": "सीपीसी",
}
EN_ACT = {
    "IPC": ["IPC", "of the Indian Penal Code", "I.P.C."],
    "BNS": ["BNS", "of the Bharatiya Nyaya Sanhita"],
    "BNSS": ["BNSS", "of the Bharatiya Nagarik Suraksha Sanhita"],
    "CRPC": ["CrPC", "Cr.P.C."],
    "BSA": ["BSA", "of the Bharatiya Sakshya Adhiniyam"],
    "IEA": ["of the Indian Evidence Act", "Evidence Act"],
    "NIA": ["of the NI Act", "of the Negotiable Instruments Act"],
    "CPC": ["CPC", "of the Code of Civil Procedure"],
}
_STOP = set(
    """a an the and or of to in on for by with under as is are be any by from other
his her its their not than when where which who punishment punishable offence offences certain
persons person against act acts""".split()
)


def gold_verdict(expected: list[dict]) -> str:
    sev = [e.get("severity") or SEVERITY[e["status"]] for e in expected]
    if not expected or "error" in sev:
        return "INVALID"
    if any(e["status"] == "conflict" for e in expected):
        return "CONFLICT"
    if any(e["status"] in ("superseded", "omitted") and s != "ok" for e, s in zip(expected, sev)):
        return "OBSOLETE"
    return "VALID"


def _load(name: str) -> dict:
    return json.loads((PACK / name).read_text(encoding="utf-8"))


def _words(s: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", (s or "").lower()) if w not in _STOP and len(w) > 2}


class Builder:
    def __init__(self, corpus: Path):
        self.corpus = corpus
        self.rows: list[dict] = []
        self.rng = random.Random(20241231)
        self.cases = {c["id"]: c for c in _load("cases.json")["cases"]}
        self.edges = _load("doctrine.json")["edges"]
        st = corpus / "statutes"
        self.new = {
            a: {
                s["section"]: s["title"]
                for s in json.loads((st / "new_codes" / f"{a.lower()}_sections_from_met4l.json").read_text())
            }
            for a in ("BNS", "BNSS", "BSA")
        }
        self.old = {}
        for act, f in (("IPC", "ipc"), ("CRPC", "crpc"), ("IEA", "iea"), ("NIA", "nia"), ("CPC", "cpc")):
            rows = json.loads((st / "old_codes" / f"{f}.json").read_text())
            self.old[act] = {
                str(r.get("Section", r.get("section"))): (
                    r.get("section_title") or r.get("title") or "",
                    r.get("section_desc") or r.get("description") or "",
                )
                for r in rows
            }
        self.coi = {
            str(a["article"]): (a.get("title") or "", a.get("description") or "")
            for a in json.loads((corpus / "constitution" / "constitution.json").read_text())
        }
        self.conc = list(csv.DictReader(open(corpus / "concordance" / "ipc_bns_mapping.csv", encoding="utf-8")))
        fixes = _load("concordance_fixes.json")["fixes"]
        self.fixed_ipc = {f["match"].get("ipc_section") for f in fixes}
        idx = corpus / "cases" / "sc_index_1990_2025.csv"
        self.index_titles = [r["title"].lower() for r in csv.DictReader(open(idx, encoding="utf-8"))]
        self.pack_keys = {v for c in self.cases.values() for v in (c.get("citations") or {}).values()}

    # ------------------------------------------------------------------ rows
    def add(self, kind: str, text: str, lang: str, expected: list[dict], source: str, **extra) -> None:
        for e in expected:
            assert e["fragment"] in text, (e["fragment"], text)
        row = {
            "id": f"cit-{len(self.rows) + 1:04d}",
            "kind": kind,
            "text": text,
            "lang": lang,
            "expected_verdict": gold_verdict(expected),
            "expected": [{k: v for k, v in e.items() if v is not None} for e in expected],
            "source": source,
        }
        row.update({k: v for k, v in extra.items() if v is not None})
        self.rows.append(row)

    def overruled(self) -> dict[str, dict]:
        return {e["to"]: e for e in self.edges if e["rel"] == "OVERRULES"}

    def conflicted(self) -> set[str]:
        ids = set()
        for e in self.edges:
            if e["rel"] == "CONFLICTS_WITH":
                ids |= {e["from"], e["to"]}
        return ids - set(self.overruled())

    @staticmethod
    def reporter(c: dict) -> str | None:
        cit = c.get("citations") or {}
        for k in ("scc", "air", "insc", "scr"):
            if cit.get(k):
                return cit[k]
        return None

    def case_rows(self) -> None:
        over = self.overruled()
        confl = self.conflicted()
        narrowed_or_edge = {e["to"] for e in self.edges if e["rel"] == "NARROWED_BY"}
        for cid, e in over.items():
            c = self.cases[cid]
            sev = "warning" if e["props"].get("extent", "full") != "full" else None
            src = f"doctrine.json OVERRULES {e['from']} -> {cid} (extent {e['props'].get('extent', 'full')})"
            rep = self.reporter(c)
            if rep:
                frag = f"{c['name']} {rep}"
                self.add(
                    "overruled",
                    f"The court relied on {frag} for this point.",
                    "en",
                    [{"fragment": frag, "status": "overruled", "severity": sev}],
                    src,
                )
                self.add(
                    "overruled",
                    f"इस बिंदु पर {frag} का निर्णय देखें।",
                    "hi",
                    [{"fragment": frag, "status": "overruled", "severity": sev}],
                    src,
                )
            self.add(
                "overruled",
                f"As held in {c['name']}, the position is settled.",
                "en",
                [{"fragment": c["name"], "status": "overruled", "severity": sev}],
                src,
            )
        for cid in sorted(confl):
            c = self.cases[cid]
            src = f"doctrine.json CONFLICTS_WITH involving {cid}"
            rep = self.reporter(c)
            if rep:
                frag = f"{c['name']} {rep}"
                self.add("conflict", f"See {frag}.", "en", [{"fragment": frag, "status": "conflict"}], src)
                self.add("conflict", f"{frag} के अनुसार यह तय है।", "hi", [{"fragment": frag, "status": "conflict"}], src)
            self.add(
                "conflict",
                f"The rule was stated in {c['name']}.",
                "en",
                [{"fragment": c["name"], "status": "conflict"}],
                src,
            )
        good = [c for cid, c in self.cases.items() if cid not in over and cid not in confl and self.reporter(c)]
        self.rng.shuffle(good)
        for c in good[:40]:
            rep = self.reporter(c)
            frag = f"{c['name']} {rep}"
            note = " (narrowed, not overruled)" if c["id"] in narrowed_or_edge else ""
            self.add(
                "real_case",
                f"This follows from {frag}.",
                "en",
                [{"fragment": frag, "status": "verified"}],
                f"cases.json {c['id']} citation {rep}{note}",
            )
        for c in good[40:52]:
            rep = self.reporter(c)
            frag = f"{c['name']} {rep}"
            self.add(
                "real_case",
                f"यह {frag} में तय हुआ था।",
                "hi",
                [{"fragment": frag, "status": "verified"}],
                f"cases.json {c['id']} citation {rep}",
            )
        # mismatch: the reporter of one pack case under the name of a very different one
        pool = [c for c in self.cases.values() if (c.get("citations") or {}).get("scc")]
        self.rng.shuffle(pool)
        n = 0
        for a, b in zip(pool, pool[1:] + pool[:1]):
            if _words(a["name"]) & _words(b["name"]) or n >= 16:
                continue
            frag = f"{b['name']} {a['citations']['scc']}"
            self.add(
                "mismatch",
                f"The Supreme Court said so in {frag}.",
                "en",
                [{"fragment": frag, "status": "mismatch"}],
                f"cases.json: {a['citations']['scc']} is {a['id']}, not {b['id']}",
            )
            n += 1

    def fabricated_rows(self) -> None:
        fakes = [
            ("Ramprasad Tiwari v. State of Goa", "(2019) 4 SCC 991"),
            ("Harjeet Kaur Bhullar v. Union of India", "(2021) 7 SCC 812"),
            ("Sunderlal Mehra v. State of Sikkim", "AIR 2016 SC 4471"),
            ("Anil Vasudev Rane v. Municipal Council, Panaji", "(2018) 12 SCC 777"),
            ("Kamlesh Yadav v. Regional Transport Officer", "(2020) 3 SCC 912"),
            ("Farida Begum Shaikh v. Imtiaz Hussain Shaikh", "(2022) 5 SCC 1001"),
            ("Tejinder Pal Gill v. State of Chandigarh", "AIR 2014 SC 3999"),
            ("Lakshmikant Patnaik v. Orissa Mining Board", "(2017) 14 SCC 903"),
            ("Devendra Kumar Jaiswal v. State of Sikkim", "(2023) 2 SCC 888"),
            ("Mohini Iyer v. Bangalore Development Authority", "(2015) 16 SCC 971"),
            ("Rukmini Devi Sahu v. Chhattisgarh Housing Board", "AIR 2019 SC 4888"),
            ("Bhupinder Singh Grewal v. Punjab Cooperative Bank", "(2011) 13 SCC 998"),
            ("Pradeep Narayan Khot v. State of Goa", "(2024) 1 SCC 950"),
            ("Zubeida Khatoon v. Mohammed Irfan Qureshi", "(2016) 11 SCC 990"),
            ("Yashodhara Vinayak Kulkarni v. Sangli Sugar Mills", "AIR 2012 SC 4321"),
            ("Ishaan Malhotra v. Union Territory of Ladakh", "(2024) 3 SCC 977"),
        ]
        for name, rep in fakes:
            assert rep not in self.pack_keys
            assert not self._name_in_index(name), name
            frag = f"{name} {rep}"
            self.add(
                "fabricated",
                f"It was held in {frag} that bail is a right.",
                "en",
                [{"fragment": frag, "status": "unverified"}],
                "hand-written fabricated case; absent from cases.json and sc_index",
            )
        for name, rep in fakes[:8]:
            self.add(
                "fabricated",
                f"{name} {rep} के मामले में यह कहा गया था।",
                "hi",
                [{"fragment": f"{name} {rep}", "status": "unverified"}],
                "hand-written fabricated case (Hindi frame)",
            )
        # a real name with an invented reporter: the name is known, the citation is not
        for cid in (
            "CASE:maneka-gandhi-1978",
            "CASE:arnesh-kumar-2014",
            "CASE:lalita-kumari-2013",
            "CASE:dk-basu-1996",
        ):
            c = self.cases[cid]
            frag = f"{c['name']} (2009) 13 SCC 989"
            self.add(
                "fabricated",
                f"Relied on: {frag}.",
                "en",
                [{"fragment": frag, "status": "unverified"}],
                f"cases.json {cid} has no such reporter; invented page",
            )
        for name in (
            "Ramprasad Tiwari v. State of Goa",
            "Harjeet Kaur Bhullar v. Union of India",
            "Lakshmikant Patnaik v. Orissa Mining Board",
            "Zubeida Khatoon v. Mohammed Irfan Qureshi",
        ):
            self.add(
                "fabricated",
                f"Counsel cited {name} for the proposition.",
                "en",
                [{"fragment": name, "status": "unverified"}],
                "hand-written fabricated case name, no reporter",
            )

    def _name_in_index(self, name: str) -> bool:
        toks = [t for t in re.findall(r"[a-z]+", name.lower().split(" v. ")[0]) if len(t) > 2]
        return any(all(t in title for t in toks) for title in self.index_titles)

    # ---------------------------------------------------------- provisions
    def provision_rows(self) -> None:
        """Rows about sections and articles, one kind after another (the order fixes the random draws)."""
        self.verified_provision_rows()
        self.superseded_rows()
        self.omitted_rows()
        self.struck_down_rows()
        self.bad_number_rows()
        self.unsupported_rows()

    def _struck(self) -> set[str]:
        return {e["from"] for e in self.edges if e["rel"] == "STRUCK_DOWN_BY"}

    def verified_provision_rows(self) -> None:
        """verified: new codes, CPC, NI Act and the Constitution, some with a claim built from the title."""
        rng = self.rng
        for act in ("BNS", "BNSS", "BSA"):
            secs = sorted(self.new[act], key=lambda s: int(re.match(r"\d+", s).group()))
            titled = [s for s in secs if not re.search(r"\d|[Ss]ection", self.new[act][s])]
            for s in rng.sample(titled, 8):
                frag = f"Section {s} {EN_ACT[act][0]}"
                self.add(
                    "real_provision",
                    f"{self.new[act][s].rstrip('.')} is dealt with in {frag}.",
                    "en",
                    [{"fragment": frag, "status": "verified"}],
                    f"corpus statutes/new_codes {act} s.{s}",
                )
            for s in rng.sample(secs, 4):
                frag = f"धारा {s} {HI_ACT[act]}"
                self.add(
                    "real_provision",
                    f"देखें {frag}।",
                    "hi",
                    [{"fragment": frag, "status": "verified"}],
                    f"corpus statutes/new_codes {act} s.{s}",
                )
        for act in ("NIA", "CPC"):
            secs = [
                s
                for s, (t, d) in self.old[act].items()
                if s.isdigit() and "repealed" not in (t + d[:60]).lower() and "omitted" not in (t + d[:60]).lower()
            ]
            for s in rng.sample(sorted(secs), 3):
                frag = f"Section {s} {EN_ACT[act][1]}"
                self.add(
                    "real_provision",
                    f"See {frag}.",
                    "en",
                    [{"fragment": frag, "status": "verified"}],
                    f"corpus statutes/old_codes {act} s.{s} (in force)",
                )
        arts = [a for a, (t, d) in self.coi.items() if a not in ("0",) and "omitted" not in d.lower()[:80]]
        for a in ["21", "14", "19", "22", "32", "39A", "226", "20"] + rng.sample(sorted(arts), 4):
            frag = f"Article {a}"
            self.add(
                "real_provision",
                f"{frag} of the Constitution guarantees this.",
                "en",
                [{"fragment": frag, "status": "verified"}],
                f"corpus constitution.json Article {a}",
            )
        for a in ["21", "14", "22", "32"]:
            frag = f"अनुच्छेद {a}"
            self.add(
                "real_provision",
                f"संविधान का {frag} यह अधिकार देता है।",
                "hi",
                [{"fragment": frag, "status": "verified"}],
                f"corpus constitution.json Article {a}",
            )

    def superseded_rows(self) -> None:
        """superseded: IPC with a concordance successor, CrPC and IEA with a hand-checked successor."""
        rng = self.rng
        struck = self._struck()
        ipc_map: dict[str, list[str]] = {}
        for r in self.conc:
            if r["ipc_section"] in self.fixed_ipc or r["relation"] not in ("direct", "split"):
                continue
            ipc_map.setdefault(r["ipc_section"], []).append(r["bns_base_section"])
        ipc = sorted(
            s
            for s in ipc_map
            if f"IPC:{s}" not in struck
            and s in self.old["IPC"]
            and "repealed" not in self.old["IPC"][s][1][:40].lower()
        )
        picks = ["302", "420", "376", "498A", "379", "307", "304B", "354", "506", "406"] + rng.sample(ipc, 10)
        for i, s in enumerate(dict.fromkeys(picks)):
            if s not in ipc_map:
                continue
            frag = f"Section {s} {rng.choice(EN_ACT['IPC'])}"
            src = f"concordance ipc_bns_mapping.csv IPC {s} -> BNS {', '.join(dict.fromkeys(ipc_map[s]))}"
            title = self.old["IPC"][s][0].rstrip(".")
            if i % 2 and not re.search(r"\d|[Ss]ection", title):
                self.add(
                    "superseded",
                    f"{title} is dealt with in {frag}.",
                    "en",
                    [{"fragment": frag, "status": "superseded"}],
                    src,
                    frame="title",
                )
            else:
                self.add(
                    "superseded",
                    f"The accused is charged under {frag}.",
                    "en",
                    [{"fragment": frag, "status": "superseded"}],
                    src,
                    frame="neutral",
                )
        for s in ["302", "420", "376", "498A", "379", "304B", "406", "323"]:
            frag = f"धारा {s} {HI_ACT['IPC']}"
            self.add(
                "superseded",
                f"आरोपी पर {frag} के तहत मामला दर्ज है।",
                "hi",
                [{"fragment": frag, "status": "superseded"}],
                f"concordance IPC {s} -> BNS (Hindi form)",
            )
        # with a pre-2024 offence date the old code governs: superseded but fine
        for s, d in (("302", "2023-03-14"), ("420", "2022-11-02"), ("379", "2024-06-30"), ("498A", "2021-05-09")):
            frag = f"Section {s} IPC"
            self.add(
                "superseded_dated",
                f"For the offence of {d}, the charge is under {frag}.",
                "en",
                [{"fragment": frag, "status": "superseded", "severity": "ok"}],
                f"concordance IPC {s}; offence before 1 July 2024 (BNS s.358 saving)",
                offence_date=d,
            )
        for gold_file, act, succ in (("crpc_bnss_gold.json", "CRPC", "BNSS"), ("iea_bsa_gold.json", "IEA", "BSA")):
            pairs = [
                p
                for p in _load(gold_file)["pairs"]
                if not p.get("source_missing") and f"{act}:{p['old']}" not in struck
            ]
            for i, p in enumerate(pairs[:12]):
                frag = f"Section {p['old']} {rng.choice(EN_ACT[act])}"
                src = f"{gold_file}: {act} {p['old']} -> {succ} {p['new']}"
                if i % 2 and not re.search(r"\d|[Ss]ection", p["old_title"]):
                    self.add(
                        "superseded",
                        f"{p['old_title'].rstrip('.')} is governed by {frag}.",
                        "en",
                        [{"fragment": frag, "status": "superseded"}],
                        src,
                        frame="title",
                    )
                else:
                    self.add(
                        "superseded",
                        f"An application was moved under {frag}.",
                        "en",
                        [{"fragment": frag, "status": "superseded"}],
                        src,
                        frame="neutral",
                    )
            for p in pairs[:4]:
                frag = f"धारा {p['old']} {HI_ACT[act]}"
                self.add(
                    "superseded",
                    f"{frag} के तहत आवेदन दिया गया।",
                    "hi",
                    [{"fragment": frag, "status": "superseded"}],
                    f"{gold_file}: {act} {p['old']} -> {succ} {p['new']} (Hindi)",
                )

    def omitted_rows(self) -> None:
        """omitted: IPC sections deleted with no BNS successor, repealed IPC sections, omitted articles."""
        struck = self._struck()
        deleted = [
            r["ipc_section"]
            for r in self.conc
            if r["relation"] == "omitted_from_ipc"
            and f"IPC:{r['ipc_section']}" not in struck
            and r["ipc_section"] in self.old["IPC"]
        ]
        for s in deleted[:12]:
            frag = f"Section {s} IPC"
            self.add(
                "omitted",
                f"He was booked under {frag}.",
                "en",
                [{"fragment": frag, "status": "omitted"}],
                f"concordance: IPC {s} 'Deleted' (omitted_from_ipc)",
            )
        for s in deleted[:3]:
            frag = f"धारा {s} आईपीसी"
            self.add(
                "omitted",
                f"उस पर {frag} लगाई गई।",
                "hi",
                [{"fragment": frag, "status": "omitted"}],
                f"concordance: IPC {s} 'Deleted' (Hindi)",
            )
        for s in ("13", "15", "16", "62"):
            frag = f"Section {s} IPC"
            self.add(
                "omitted",
                f"Refer to {frag}.",
                "en",
                [{"fragment": frag, "status": "omitted"}],
                f"corpus old_codes/SOURCES.md: IPC s.{s} repealed before 2024",
            )
        self.add(
            "omitted",
            "Article 238 of the Constitution applies to Part B States.",
            "en",
            [{"fragment": "Article 238", "status": "omitted"}],
            "corpus constitution.json: Article 238 'Omitted'",
        )

    def struck_down_rows(self) -> None:
        for e in self.edges:
            if e["rel"] != "STRUCK_DOWN_BY":
                continue
            act, num = e["from"].split(":")
            sev = None if e["props"].get("extent", "full") == "full" else "warning"
            src = f"doctrine.json STRUCK_DOWN_BY {e['from']} -> {e['to']} (extent {e['props'].get('extent', 'full')})"
            frag = f"Section {num} {EN_ACT[act][0]}"
            self.add(
                "struck_down",
                f"The complaint was filed under {frag}.",
                "en",
                [{"fragment": frag, "status": "struck_down", "severity": sev}],
                src,
            )
            frag = f"धारा {num} {HI_ACT[act]}"
            self.add(
                "struck_down",
                f"शिकायत {frag} के तहत दर्ज हुई।",
                "hi",
                [{"fragment": frag, "status": "struck_down", "severity": sev}],
                src + " (Hindi)",
            )
        self.add(
            "struck_down",
            "He was arrested under Section 66A of the Information Technology Act, 2000.",
            "en",
            [{"fragment": "Section 66A", "status": "unresolved"}],
            "doctrine.json note: IT Act 66A struck down (Shreya Singhal) but the IT Act is not in the graph: "
            "it cannot be proved either way -> unresolved",
        )

    def bad_number_rows(self) -> None:
        """nonexistent numbers, real numbers the corpus lacks (unindexed), no act named (unresolved)."""
        for frag, src in (
            ("Section 999 BNS", "BNS last section 358"),
            ("Section 359 BNS", "BNS last section 358"),
            ("Section 600 BNSS", "BNSS last section 531"),
            ("Section 532 BNSS", "BNSS last section 531"),
            ("Section 171 BSA", "BSA last section 170"),
            ("Section 700 IPC", "IPC last section 511"),
            ("Section 485 CrPC", "CrPC last section 484"),
            ("Article 500", "Constitution last article 395"),
            ("Article 396", "Constitution last article 395"),
            ("Article 21B", "no Article 21B (constitution.json)"),
            ("Article 19B", "no Article 19B (constitution.json)"),
            ("Section 0 BNS", "sections start at 1"),
        ):
            self.add(
                "nonexistent",
                f"The right flows from {frag}.",
                "en",
                [{"fragment": frag, "status": "nonexistent"}],
                f"acts.json/corpus: {src}",
            )
        for frag in ("धारा 999 बीएनएस", "अनुच्छेद 500", "धारा 800 आईपीसी"):
            self.add(
                "nonexistent",
                f"यह अधिकार {frag} से मिलता है।",
                "hi",
                [{"fragment": frag, "status": "nonexistent"}],
                "acts.json last sections (Hindi)",
            )
        # unindexed: real numbers the corpus lacks
        for frag, src in (
            ("Article 320", "corpus README: Art. 320 missing"),
            ("Section 265 CrPC", "old_codes/SOURCES.md: CrPC lacks numeric 265"),
            ("Section 105 CrPC", "old_codes/SOURCES.md: CrPC lacks numeric 105"),
        ):
            self.add(
                "unindexed", f"The procedure is in {frag}.", "en", [{"fragment": frag, "status": "unindexed"}], src
            )
        # unresolved: no act named
        for t in (
            "Under Section 5, the court may condone the delay.",
            "Section 12 applies here.",
            "धारा 7 के अनुसार यह अपराध है।",
        ):
            frag = re.search(r"Section \d+|धारा \d+", t).group()
            self.add(
                "unresolved",
                t,
                "hi" if "धारा" in t else "en",
                [{"fragment": frag, "status": "unresolved"}],
                "no act named: a bare section number cannot be resolved",
            )

    def unsupported_rows(self) -> None:
        """unsupported: an IPC subject cited to the same number in BNS, whose title is about something
        else; and the correct new-code citation for the same subjects (verified)."""
        n = 0
        for r in self.conc:
            s, b = r["ipc_section"], r["bns_base_section"]
            if (
                r["relation"] != "direct"
                or not s.isdigit()
                or int(s) < 120
                or s == b
                or s not in self.new["BNS"]
                or n >= 18
            ):  # IPC chapters I-IV are definitions, not offences
                continue
            ipc_title = self.old["IPC"].get(s, ("", ""))[0]
            if not ipc_title or _words(ipc_title) & _words(self.new["BNS"][s]) or len(_words(ipc_title)) < 2:
                continue
            if s in ("302",):
                continue
            frag = f"Section {s} BNS"
            self.add(
                "unsupported",
                f"{ipc_title.rstrip('.')} is an offence under {frag}.",
                "en",
                [{"fragment": frag, "status": "unsupported"}],
                f"concordance: IPC {s} ({ipc_title}) is BNS {b}; BNS {s} is '{self.new['BNS'][s]}'",
            )
            n += 1
        self.add(
            "unsupported",
            "Murder is punishable with death or life imprisonment under Section 302 BNS.",
            "en",
            [{"fragment": "Section 302 BNS", "status": "unsupported"}],
            f"concordance IPC 302 -> BNS 103; BNS 302 is '{self.new['BNS']['302']}'",
        )
        self.add(
            "unsupported",
            "Cheating is punishable under Section 420 BNS.",
            "en",
            [{"fragment": "Section 420 BNS", "status": "nonexistent"}],
            "BNS last section 358 (420 is the IPC number)",
        )
        # and the correct new-code citation for the same subjects is supported
        for s, b in (("302", "103"), ("379", "303"), ("498A", "85"), ("304B", "80"), ("363", "137"), ("406", "316")):
            title = self.old["IPC"][s][0].rstrip(".")
            frag = f"Section {b} BNS"
            self.add(
                "real_provision",
                f"{title} is now dealt with in {frag}.",
                "en",
                [{"fragment": frag, "status": "verified"}],
                f"concordance IPC {s} -> BNS {b}",
            )

    def mixed_rows(self) -> None:
        mixes = [
            (
                "Under Section 103 BNS and Article 21, read with Maneka Gandhi v. Union of India (1978) 1 SCC 248, the accused has rights.",
                [
                    ("Section 103 BNS", "verified", None),
                    ("Article 21", "verified", None),
                    ("Maneka Gandhi v. Union of India (1978) 1 SCC 248", "verified", None),
                ],
                "cases.json + corpus",
            ),
            (
                "Bail is governed by Section 480 BNSS and Section 437 CrPC.",
                [("Section 480 BNSS", "verified", None), ("Section 437 CrPC", "superseded", None)],
                "corpus + crpc_bnss_gold",
            ),
            (
                "Article 21 protects personal liberty; Additional District Magistrate, Jabalpur v. Shivkant Shukla (1976) 2 SCC 521 held it could be suspended.",
                [
                    ("Article 21", "verified", None),
                    ("Additional District Magistrate, Jabalpur v. Shivkant Shukla (1976) 2 SCC 521", "overruled", None),
                ],
                "doctrine.json OVERRULES puttaswamy -> adm-jabalpur",
            ),
            (
                "Section 65B of the Evidence Act, per Anvar P.V. v. P.K. Basheer (2014) 10 SCC 473, needs a certificate.",
                [
                    ("Section 65B of the Evidence Act", "superseded", None),
                    ("Anvar P.V. v. P.K. Basheer (2014) 10 SCC 473", "conflict", None),
                ],
                "iea_bsa_gold 65B -> 63; doctrine CONFLICTS_WITH shafhi -> anvar",
            ),
            (
                "Section 103 BNS and Section 999 BNS both apply.",
                [("Section 103 BNS", "verified", None), ("Section 999 BNS", "nonexistent", None)],
                "BNS last section 358",
            ),
            (
                "Adultery is punished under Section 497 IPC as explained in Joseph Shine v. Union of India (2019) 3 SCC 39.",
                [
                    ("Section 497 IPC", "struck_down", None),
                    ("Joseph Shine v. Union of India (2019) 3 SCC 39", "verified", None),
                ],
                "doctrine STRUCK_DOWN_BY IPC:497 -> joseph-shine",
            ),
            (
                "धारा 103 बीएनएस और अनुच्छेद 21 लागू होते हैं।",
                [("धारा 103 बीएनएस", "verified", None), ("अनुच्छेद 21", "verified", None)],
                "corpus (Hindi)",
            ),
            (
                "धारा 302 आईपीसी और धारा 103 बीएनएस दोनों हत्या से जुड़ी हैं।",
                [("धारा 302 आईपीसी", "superseded", None), ("धारा 103 बीएनएस", "verified", None)],
                "concordance IPC 302 -> BNS 103 (Hindi)",
            ),
            (
                "Anticipatory bail lies under Section 482 BNSS; see Gurbaksh Singh Sibbia v. State of Punjab (1980) 2 SCC 565.",
                [
                    ("Section 482 BNSS", "verified", None),
                    ("Gurbaksh Singh Sibbia v. State of Punjab (1980) 2 SCC 565", "conflict", None),
                ],
                "doctrine CONFLICTS_WITH salauddin/kl-verma -> sibbia",
            ),
            (
                "Section 138 of the NI Act and Rangappa v. Sri Mohan (2010) 11 SCC 441 govern cheque bounce.",
                [
                    ("Section 138 of the NI Act", "verified", None),
                    ("Rangappa v. Sri Mohan (2010) 11 SCC 441", "conflict", None),
                ],
                "doctrine CONFLICTS_WITH krishna-janardhan-bhat -> rangappa",
            ),
            (
                "Daughters inherit under Prakash v. Phulavati (2016) 2 SCC 36 and Vineeta Sharma v. Rakesh Sharma (2020) 9 SCC 1.",
                [
                    ("Prakash v. Phulavati (2016) 2 SCC 36", "overruled", None),
                    ("Vineeta Sharma v. Rakesh Sharma (2020) 9 SCC 1", "conflict", None),
                ],
                "doctrine OVERRULES vineeta -> prakash; CONFLICTS_WITH prakash -> vineeta",
            ),
            (
                "Section 41A CrPC was read in Arnesh Kumar v. State of Bihar (2014) 8 SCC 273.",
                [
                    ("Section 41A CrPC", "superseded", None),
                    ("Arnesh Kumar v. State of Bihar (2014) 8 SCC 273", "verified", None),
                ],
                "procedures.json arrest basis CRPC:41A -> BNSS:35; cases.json",
            ),
        ]
        for text, exp, src in mixes:
            self.add(
                "mixed",
                text,
                "hi" if re.search(r"[\u0900-\u097F]", text) else "en",
                [{"fragment": f, "status": s, "severity": sev} for f, s, sev in exp],
                src,
            )

    def build(self) -> list[dict]:
        self.case_rows()
        self.fabricated_rows()
        self.provision_rows()
        self.mixed_rows()
        return self.rows


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def main(corpus: str | None = None) -> int:
    from core.config import load_settings
    from evaluation import question_bank

    corpus_dir = Path(corpus) if corpus else load_settings().corpus_dir
    DATASETS.mkdir(parents=True, exist_ok=True)
    rows = Builder(corpus_dir).build()
    write_jsonl(DATASETS / "citations.jsonl", rows)
    qs = question_bank.questions()
    write_jsonl(DATASETS / "questions.jsonl", qs)
    sp = question_bank.spoken()
    write_jsonl(DATASETS / "spoken.jsonl", sp)
    print(f"citations {len(rows)}, questions {len(qs)}, spoken {len(sp)}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
