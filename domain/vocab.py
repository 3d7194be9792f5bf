"""The graph's closed vocabulary: node labels and relationship types.

Labels and relationship types are identifiers, not parameters, in Cypher; every query that
places one in its text checks it against these sets first (graph_schema.batch for writes,
core.verify.path_exists for reads).
"""

from __future__ import annotations

NODE_LABELS = frozenset(
    {
        "Act",
        "Section",
        "Article",
        "Provision",
        "Case",
        "CiteKey",
        "Judge",
        "Court",
        "LegalIssue",
        "Rule",
        "Argument",
        "ProceduralEvent",
        "Outcome",
        "Passage",
        "Term",
        "Document",
        "Problem",
        "Forum",
        "Helpline",
        "UnheldAct",  # an Act the graph does not hold, named so a question about it is routed (issue 19)
        "Lexicon",  # a reviewed word list the answering side reads (the scope gate's legal relations)
    }
)
REL_TYPES = frozenset(
    {
        "PART_OF",
        "REPLACED_BY",
        "CITES",
        "OVERRULES",
        "DISTINGUISHES",
        "CONFLICTS_WITH",
        "RESOLVED_BY",
        "NARROWED_BY",
        "APPLIES_RULE",
        "SUPPORTS_ARGUMENT",
        "INTERPRETS",
        "TRIGGERS",
        "PRECEDES",
        "RESULTS_IN",
        "DECIDED_BY",
        "DECIDED_IN",
        "HAS_PASSAGE",
        "STRUCK_DOWN_BY",
        "DEFINED_IN",
        "CITATION_OF",
        "GOVERNED_BY",
        "RAISES",
        "ABOUT",
        "ROUTES_TO",
        "FOLLOWS_FLOW",
        "CONCERNS_CASE",
        "RELATED_TO",
    }
)
