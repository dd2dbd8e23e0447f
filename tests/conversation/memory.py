"""Live state held in memory, for the readers' tests, with facts the tests can name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from pydantic import JsonValue

from statekeeper.conversation.memory import MemoryState as InMemory
from statekeeper.model import Fact, Source

START = datetime(2031, 3, 4, 9, 0, tzinfo=UTC)


@dataclass
class MemoryState(InMemory):
    """The readers' in-memory state with ids and times the tests can name: `m{n}-{key}`,
    a minute apart from a fixed start."""

    user: str = "quinn"
    task_id: str = "desk"

    def new_fact(
        self, key: str, value: JsonValue, source: Source, timestamp: datetime | None
    ) -> Fact:
        taken = {f.id for f in self.facts}
        at = len(self.facts)
        while f"m{at}-{key}" in taken:  # a fact the test named with this index already
            at += 1
        return made(key, value, at, source=source)


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
