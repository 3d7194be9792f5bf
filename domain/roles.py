"""The 13 rhetorical roles of a judgment's sentences (the BUILD / OpenNyAI label set), in the
order the corpus numbers them, and their display names.

One home for the labels: the judgment loader reads BUILD's numbered annotations with them
(graph_schema.loaders.judgments) and the intake's role tagger predicts them
(graph_schema.intake.roles).
"""

from __future__ import annotations

ROLES: tuple[str, ...] = (
    "PREAMBLE",
    "FAC",
    "RLC",
    "ISSUE",
    "ARG_PETITIONER",
    "ARG_RESPONDENT",
    "ANALYSIS",
    "STA",
    "PRE_RELIED",
    "PRE_NOT_RELIED",
    "RATIO",
    "RPC",
    "NONE",
)
ROLE_NAMES = {
    "PREAMBLE": "Preamble",
    "FAC": "Facts",
    "RLC": "Ruling by lower court",
    "ISSUE": "Issue",
    "ARG_PETITIONER": "Argument (petitioner)",
    "ARG_RESPONDENT": "Argument (respondent)",
    "ANALYSIS": "Analysis",
    "STA": "Statute",
    "PRE_RELIED": "Precedent relied on",
    "PRE_NOT_RELIED": "Precedent not relied on",
    "RATIO": "Ratio decidendi",
    "RPC": "Ruling (present court)",
    "NONE": "Other",
}
