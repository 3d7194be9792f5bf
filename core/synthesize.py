"""Stage 2 of the pipeline: SYNTHESIZE (retrieve -> synthesize -> verify -> revise -> answer).

The implementation lives in :mod:`core.synthesis`; this module is the stable import path::

    from core.synthesize import make_synthesizer, ModelUnavailable, normalize_tags
"""
from core.synthesis import *  # noqa: F401,F403
from core.synthesis import __all__  # noqa: F401
