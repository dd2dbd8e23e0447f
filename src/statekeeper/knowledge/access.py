"""Who may read a document: its access list, or the deployment's own checker, asked anew
each time.

An access list is a collection of entries, each naming one way to be admitted:

- `user:<id>`: that user;
- `authority:<rung>`: anyone on that rung of the authority ladder or above it;
- `permission:<name>`: anyone who holds that permission.

`acl=None` admits the whole organization. A checker, when the engine has one, is the only
judge: it gets the principal and the document (with its access list, to consult or not)
and must answer `True` to admit; any other answer denies, and an error it raises fails
the call, so a broken checker never lets a document through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from pydantic import field_serializer

from statekeeper.access import Access
from statekeeper.errors import InvalidInputError, StatekeeperError
from statekeeper.model import Frozen, Principal
from statekeeper.validation import Name, check

ACL_KINDS = ("user", "authority", "permission")


class Document(Frozen):
    """A document of an organization, as a permission checker and `Session.documents()`
    see it (the text is in its chunks)."""

    id: str
    org: str
    source: str | None = None
    acl: frozenset[str] | None = None  # None: the whole organization may read it
    chunks: int
    added_at: datetime
    added_by: str

    @field_serializer("acl")
    def _acl_in_order(self, acl: frozenset[str] | None) -> list[str] | None:
        """The access list as a sorted list: the same document is written the same way."""
        return None if acl is None else sorted(acl)


PermissionChecker = Callable[[Principal, Document], bool]


class UnknownDocumentError(StatekeeperError, LookupError):
    """No such document, or none this principal may read: the two are told apart for no one."""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        super().__init__(f"unknown document {doc_id!r}")


class DuplicateDocumentError(StatekeeperError):
    """An imported document whose id the organization already holds: an import never
    replaces what is there."""

    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        super().__init__(f"a document with id {doc_id!r} already exists")


def acl_entry(entry: Any, place: str) -> str:
    """One access list entry, `kind:value`, as stored; InvalidInputError naming `place`."""
    if not isinstance(entry, str) or ":" not in entry:
        raise InvalidInputError(
            place, entry, f"must be 'kind:value' with kind one of {list(ACL_KINDS)}"
        )
    kind, _, value = entry.partition(":")
    kind = kind.strip().lower()
    if kind not in ACL_KINDS:
        raise InvalidInputError(place, entry, f"kind must be one of {list(ACL_KINDS)}")
    return f"{kind}:{check(Name, value, place)}"


def parse_acl(acl: Any, access: Access) -> frozenset[str] | None:
    """An access list as stored: None, or a non-empty set of checked `kind:value` entries."""
    if acl is None:
        return None
    if isinstance(acl, (str, bytes, Mapping)) or not isinstance(acl, Iterable):
        raise InvalidInputError("acl", acl, "must be None or a collection of entries")
    entries: set[str] = set()
    for position, given in enumerate(acl):
        place = f"acl[{position}]"
        entry = acl_entry(given, place)
        kind, _, value = entry.partition(":")
        if kind == "authority" and access.ladder.rung(value) is None:
            raise InvalidInputError(place, given, f"not on the ladder {list(access.ladder.rungs)}")
        entries.add(entry)
    if not entries:
        raise InvalidInputError(
            "acl", acl, "names nobody: list who may read it, or pass None for everyone"
        )
    return frozenset(entries)


def acl_admits(principal: Principal, acl: frozenset[str] | None, access: Access) -> bool:
    """Whether one of the access list's entries admits the principal."""
    if acl is None:
        return True
    for entry in acl:
        kind, _, value = entry.partition(":")
        if kind == "user" and value == principal.user:
            return True
        if kind == "permission" and value in principal.permissions:
            return True
        if kind == "authority":
            needed = access.ladder.rank_or(value, len(access.ladder.rungs))
            if access.ladder.rank(principal.authority) >= needed:
                return True
    return False


class Reader:
    """One call's questions about documents: each candidate is asked about once per call
    (a context, a listing), and never remembered past it."""

    def __init__(
        self, principal: Principal, access: Access, checker: PermissionChecker | None
    ) -> None:
        self.principal = principal
        self.access = access
        self.checker = checker
        self._answers: dict[str, bool] = {}

    def may_read(self, document: Document) -> bool:
        found = self._answers.get(document.id)
        if found is None:
            found = self._ask(document)
            self._answers[document.id] = found
        return found

    def _ask(self, document: Document) -> bool:
        if document.org != self.principal.org:
            return False  # never asked: another organization's document is unreachable
        if self.checker is not None:
            return self.checker(self.principal, document) is True
        return acl_admits(self.principal, document.acl, self.access)
