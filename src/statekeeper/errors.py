"""Specific exceptions, each carrying the offending value.

Every public entry point validates before it writes, so when one of these is raised the
store is unchanged.
"""

from __future__ import annotations

from typing import Any


class StatekeeperError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidInputError(StatekeeperError, ValueError):
    """Input of the wrong shape, type or size."""

    def __init__(self, field: str, value: Any, reason: str) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        shown = repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        super().__init__(f"invalid {field} {shown}: {reason}")


class PrincipalError(InvalidInputError):
    """A principal without an organization or user, or with an unknown authority."""


class UnknownFactError(StatekeeperError, LookupError):
    """A fact id or key that does not exist for this principal."""

    def __init__(self, ref: str) -> None:
        self.ref = ref
        super().__init__(f"no fact with id or key {ref!r} is visible to this principal")


class DuplicateFactError(StatekeeperError):
    """A fact id that is already taken."""

    def __init__(self, fact_id: str) -> None:
        self.fact_id = fact_id
        super().__init__(f"a fact with id {fact_id!r} already exists")


class CycleError(StatekeeperError):
    """A supersession or dependency pointer that would close a loop."""

    def __init__(self, kind: str, path: list[str]) -> None:
        self.kind = kind
        self.path = path
        super().__init__(f"{kind} would form a cycle: {' -> '.join(path)}")


class AuthorityError(StatekeeperError, PermissionError):
    """A principal tried to override a fact set by a higher authority."""

    def __init__(self, writer: str, holder: str, fact_id: str) -> None:
        self.writer = writer
        self.holder = holder
        self.fact_id = fact_id
        super().__init__(
            f"authority {writer!r} cannot supersede fact {fact_id!r} set by higher authority {holder!r}"
        )


class ClaimedAuthorityError(AuthorityError):
    """A principal named an authority above its own for a write or a turn, without the
    right to act for others."""

    def __init__(self, own: str, claimed: str, right: str) -> None:
        self.writer = own
        self.holder = claimed
        self.fact_id = ""
        StatekeeperError.__init__(
            self,
            f"authority {own!r} may not write as {claimed!r}; acting for others needs the "
            f"permission {right!r}",
        )


class BudgetTooSmallError(StatekeeperError, ValueError):
    """A token budget that cannot hold even the identity section."""

    def __init__(self, budget: int, needed: int) -> None:
        self.budget = budget
        self.needed = needed
        super().__init__(
            f"budget of {budget} tokens cannot hold the identity section ({needed} tokens)"
        )


class StoreError(StatekeeperError):
    """The store could not be opened or used (bad URL, missing driver, schema too new)."""


class CrossOrganizationError(StatekeeperError):
    """A unit of work asked for one organization inside a write open for another on the
    same thread: it cannot join that write (one transaction is one organization's), and
    waiting for the write to end would wait forever."""

    def __init__(self, open_org: str, asked_org: str) -> None:
        self.open_org = open_org
        self.asked_org = asked_org
        super().__init__(
            f"a write for organization {open_org!r} is open on this thread; a unit of work "
            f"for {asked_org!r} cannot run inside it"
        )


class EmbeddingError(StatekeeperError, ValueError):
    """An embedder's reply that cannot be stored: the wrong number of vectors, the wrong
    dimensions, or values that are not finite numbers."""

    def __init__(self, reason: str, value: Any = None) -> None:
        self.reason = reason
        self.value = value
        shown = repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        super().__init__(reason if value is None else f"{reason}: {shown}")


class EmbeddingsUnavailableError(StoreError):
    """A store that cannot keep embeddings: SQLite, or PostgreSQL without pgvector."""

    def __init__(self, missing: str, remedy: str) -> None:
        self.missing = missing
        self.remedy = remedy
        super().__init__(f"embeddings need {missing}; {remedy}")


class InvalidKeyError(StatekeeperError):
    """An API key that is missing, malformed, unknown or revoked. The message is the same
    for each, so a caller learns nothing about which keys exist."""

    def __init__(self) -> None:
        super().__init__("a valid API key is required")


class RoleError(StatekeeperError, PermissionError):
    """An API key whose role does not allow the action (a user key writing shared
    knowledge, a key that is not an administrator's managing keys)."""

    def __init__(self, role: str, action: str) -> None:
        self.role = role
        self.action = action
        super().__init__(f"a key with role {role!r} may not {action}")


class UnknownKeyError(StatekeeperError, LookupError):
    """An API key id that does not exist in this organization."""

    def __init__(self, key_id: str) -> None:
        self.key_id = key_id
        super().__init__(f"no API key {key_id!r} in this organization")
