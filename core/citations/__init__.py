"""Indian legal citation extractor: sections, articles and case law.

>>> from core.citations import extract
>>> [c.key for c in extract("Section 302 r/w 34 IPC")]
['IPC:302', 'IPC:34']
"""

from .acts import load_acts
from .extract import extract, provision_ids
from .model import Citation

__all__ = ["Citation", "extract", "load_acts", "provision_ids"]
