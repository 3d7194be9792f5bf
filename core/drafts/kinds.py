"""The documents NyayaPath drafts (issue 22), in the order the app offers them: each kind is the facts it
needs and a builder that fills fixed English/Hindi text with those facts only. No model writes a word of
a document. The kinds live by matter: core/drafts/criminal.py (cheque demand notice, police complaint,
bail application) and core/drafts/welfare.py (DV Act application, maintenance of a parent, free legal
aid); what their builders share is core/drafts/fill.py, the records (``Kind``, ``FactSpec``)
core/drafts/model.py.

Every provision a document cites is named by node id and checked against the graph when the
document is made (core.drafts.make). Legal content is read from the corpus text of each provision.
"""

from __future__ import annotations

from core.drafts.criminal import BAIL_APPLICATION, CHEQUE_NOTICE, POLICE_COMPLAINT
from core.drafts.model import Kind
from core.drafts.welfare import DV_APPLICATION, LEGAL_AID, SENIOR_MAINTENANCE

KINDS: dict[str, Kind] = {
    k.id: k for k in (CHEQUE_NOTICE, DV_APPLICATION, POLICE_COMPLAINT, SENIOR_MAINTENANCE, LEGAL_AID, BAIL_APPLICATION)
}
