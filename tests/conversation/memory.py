"""Live state held in memory, for the readers' tests: a read-only view to decide from, and
a writer for `apply`, so that batches are applied one after the other as the engine does."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from pydantic import JsonValue

from statekeeper.access import Access
from statekeeper.errors import UnknownFactError
from statekeeper.model import ConstraintType, Fact, Scope, Source

START = datetime(2031, 3, 4, 9, 0, tzinfo=UTC)


@dataclass
class MemoryState:
    """Live state held in a list: a read-only view for the reader, and a writer for
    `apply`, so that batches are applied one after the other as the engine does."""

    facts: list[Fact] = field(default_factory=list)
    authority: str = "peer"
    user: str = "quinn"
    task_id: str = "desk"
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
        fact = made(key, value, len(self.facts), source=source).model_copy(
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


def made(
    key: str,
    value: JsonValue,
    at: int,
    speaker: str | None = None,
    authority: str | None = None,
    source: Source | None = None,
) -> Fact:
    return Fact(
        id=f"m{at}-{key}",
        key=key,
        value=value,
        timestamp=START + timedelta(minutes=at),
        org="acme",
        user="quinn",
        source=source or Source(speaker=speaker, authority=authority),
    )
