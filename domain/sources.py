"""Which corpus file holds which Act's text (paths relative to the corpus directory).

One Act may come from several files (the CPC's sections, its First Schedule Orders and the
commercial-dispute rules; the Limitation Act's sections and its Schedule). The current
India Code reprints of the CrPC and the NI Act replace the older old_codes texts; node ids
stay the same.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StatuteFile:
    act: str
    path: str
    part: str = "sections"  # "sections" | "schedule_articles" | "orders_rules"
    note: str = ""


NEW_CODES = (
    StatuteFile("BNS", "statutes/new_codes/bns_sections_from_met4l.json"),
    StatuteFile("BNSS", "statutes/new_codes/bnss_sections_from_met4l.json"),
    StatuteFile("BSA", "statutes/new_codes/bsa_sections_from_met4l.json"),
)
OLD_CODES = (
    StatuteFile("IPC", "statutes/old_codes/ipc.json"),
    StatuteFile(
        "CRPC",
        "statutes/india_code_reprints/crpc_current.json",
        note="India Code reprint 2020; replaces statutes/old_codes/crpc.json",
    ),
    StatuteFile("IEA", "statutes/old_codes/iea.json"),
    StatuteFile("CPC", "statutes/old_codes/cpc.json"),
    StatuteFile(
        "CPC", "statutes/india_code_reprints/cpc_orders.json", "orders_rules", note="First Schedule, Orders and Rules"
    ),
    StatuteFile(
        "CPC",
        "statutes/india_code_reprints/cpc_orders_commercial.json",
        "orders_rules",
        note="rules applicable to commercial disputes only (Commercial Courts Act, 2015, s.16)",
    ),
    StatuteFile(
        "NIA",
        "statutes/india_code_reprints/nia_current.json",
        note="India Code reprint 2023; replaces statutes/old_codes/nia.json",
    ),
    StatuteFile("MVA", "statutes/old_codes/MVA.json"),
    StatuteFile("IDA", "statutes/old_codes/ida.json"),
)
CIVIL_FAMILY = (
    StatuteFile("LSA", "statutes/civil_family/lsa.json"),
    StatuteFile("LIMITATION", "statutes/civil_family/limitation.json"),
    StatuteFile(
        "LIMITATION",
        "statutes/civil_family/limitation_schedule.json",
        "schedule_articles",
        note="the Schedule: description, period of limitation, time from which it runs",
    ),
    StatuteFile("PWDVA", "statutes/civil_family/pwdva.json"),
    StatuteFile("HMA", "statutes/civil_family/hma.json"),
    StatuteFile("MWPSC", "statutes/civil_family/mwpsc.json"),
    StatuteFile("ITA", "statutes/civil_family/ita.json"),
    StatuteFile("HSA", "statutes/civil_family/hsa.json"),
    StatuteFile("SMA", "statutes/civil_family/sma.json"),
)
REPRINTS = (
    StatuteFile("POA", "statutes/india_code_reprints/poa.json"),
    StatuteFile("RPWD", "statutes/india_code_reprints/rpwd.json"),
    StatuteFile("MEDIATION", "statutes/india_code_reprints/mediation.json"),
    StatuteFile("CCA", "statutes/india_code_reprints/cca.json"),
    StatuteFile("CFA", "statutes/india_code_reprints/cfa.json"),
)
STATUTE_FILES: tuple[StatuteFile, ...] = NEW_CODES + OLD_CODES + CIVIL_FAMILY + REPRINTS
CONSTITUTION_FILE = "constitution/constitution.json"
AMENDMENTS_FILE = "constitution/amendment_history/amendments.json"


def files_of(act: str) -> tuple[StatuteFile, ...]:
    return tuple(f for f in STATUTE_FILES if f.act == act)


def statute_acts() -> list[str]:
    """Act codes with a statute file, in load order."""
    return list(dict.fromkeys(f.act for f in STATUTE_FILES))
