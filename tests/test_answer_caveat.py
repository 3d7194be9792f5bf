"""A holding that is no longer the whole law since 1 July 2024 carries the pack's caveat as a fixed notice."""

from __future__ import annotations

from core.answer import AnswerPipeline


def test_caveat_is_loaded_and_rendered(graph):
    rows = graph.ro_query("MATCH (c:Case) WHERE c.caveat_en IS NOT NULL RETURN c.id, c.name, c.caveat_en, c.caveat_hi")
    names = {r[1] for r in rows}
    assert any("Lalita Kumari" in n for n in names) and any("Navtej" in n for n in names), names
    pipe = AnswerPipeline(graph)
    cid, _, en, hi = next(r for r in rows if "Lalita Kumari" in r[1])
    assert "173(3)" in en and pipe._caveat(cid, "en") == en and pipe._caveat(cid, "hi") == hi
    assert pipe._caveat("CASE:no-such-case", "en") == ""
