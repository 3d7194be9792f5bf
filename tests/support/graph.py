"""A fresh embedded graph in a temporary directory, with the schema applied (for loader tests)."""

from __future__ import annotations

import dataclasses

from core.config import load_settings


def open_tmp_store(path):
    from core.graphdb import open_store
    from graph_schema import schema

    settings = dataclasses.replace(load_settings(), data_dir=path, falkordb_url=None, graph_name="test")
    store = open_store(settings)
    schema.apply(store)
    return store
