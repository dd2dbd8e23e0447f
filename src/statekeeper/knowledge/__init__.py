"""Organizational knowledge: an organization's documents, chunked, indexed and retrieved
for a context, with permissions mirrored from where the documents come from.

Whether a principal may read a document is asked at query time, for every candidate
document of every context, and never remembered: a `PermissionChecker` given to
`Engine.open(..., permissions=...)` decides alone when there is one; otherwise the
document's own access list (`acl`) does. A document a principal may not read never reaches
their context, and nothing there says it exists.
"""

from statekeeper.knowledge.access import (
    ACL_KINDS,
    Document,
    DuplicateDocumentError,
    PermissionChecker,
    UnknownDocumentError,
)

__all__ = [
    "ACL_KINDS",
    "Document",
    "DuplicateDocumentError",
    "PermissionChecker",
    "UnknownDocumentError",
]
