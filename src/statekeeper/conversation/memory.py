"""Live state held in a list: a read-only view for the readers, and a writer for `apply`.

The rules read a turn against a `StateView` and return decisions; this is the smallest
state they can run against outside an engine: the facts an extractor is handed, where each
batch of decisions is applied before the next is read, as the engine applies them.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from pydantic import JsonValue

from statekeeper.access import Access
from statekeeper.errors import UnknownFactError
from statekeeper.model import ConstraintType, Fact, Scope, Source


@dataclass
class MemoryState:
    """Facts in a list, the newest last, seen by one principal in one task."""

    facts: list[Fact] = field(default_factory=list)
    authority: str = "peer"
    user: str = "user"
    task_id: str = "default"
    access: Access = field(default_factory=Access)
    extracts: bool = True

    # -- the view -------------------------------------------------------------------------

    def related_facts(self, text: str) -> list[Fact]:
        return [f for f in reversed(self.facts) if f.is_valid]

    def history(self, key: str) -> list[Fact]:
        return [f for f in self.facts if f.key == key]

    def get(self, ref: str) -> Fact:
        for fact in reversed(self.facts):
            if fact.id == ref or (fact.key == ref and fact.is_valid):
                return fact
        raise UnknownFactError(ref)

    # -- the writer -----------------------------------------------------------------------

    def write(
        self,
        key: str,
        value: JsonValue,
        *,
        supersedes: str | None = None,
        source: Source | None = None,
        timestamp: datetime | None = None,
        scope: Scope | str | None = None,
        scope_id: str | None = None,
        constraint_type: ConstraintType | str | None = None,
        required_permissions: Iterable[str] = (),
        entity: str | None = None,
        slot: str | None = None,
        implicit: bool = True,
        overrule: bool = False,
    ) -> Fact:
        where = Scope(scope) if scope is not None else Scope.GLOBAL
        heads = [f for f in self.facts if f.key == key and f.is_valid and f.scope == where]
        replaced = self.get(supersedes).id if supersedes else None
        if replaced is None and implicit and heads:
            replaced = heads[-1].id
        fact = self.new_fact(key, value, source or Source(), timestamp).model_copy(
            update={
                "required_permissions": frozenset(required_permissions),
                "supersedes": replaced,
                "scope": where,
                "scope_id": scope_id,
            }
        )
        self.facts.append(fact)
        if replaced is not None:
            self.retire(replaced, fact.id, "superseded")
        return fact

    def new_fact(
        self, key: str, value: JsonValue, source: Source, timestamp: datetime | None
    ) -> Fact:
        """A fact as first written, before its place in a chain is set."""
        return Fact(
            id=uuid.uuid4().hex,
            key=key,
            value=value,
            timestamp=timestamp or datetime.now(UTC),
            org="memory",
            user=self.user,
            source=source,
        )

    def retire(self, loser: str, winner: str | None, reason: str) -> None:
        old = self.get(loser)
        ended = old.model_copy(
            update={"is_valid": False, "superseded_by": winner, "invalid_reason": reason}
        )
        self.facts[self.facts.index(old)] = ended

    def is_current(self, ref: str) -> bool:
        try:
            return self.get(ref).is_valid
        except UnknownFactError:
            return False
