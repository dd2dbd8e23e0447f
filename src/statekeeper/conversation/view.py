"""The state a reader may consult, and nothing it could change.

Readers take this narrow, read-only protocol instead of a session, so that they can be
run and tested against any state (a fake in memory, a snapshot) and cannot write behind
the decision they return.
"""

from __future__ import annotations

from typing import Protocol

from statekeeper.access import Access
from statekeeper.model import Fact


class StateView(Protocol):
    """Live state as one principal sees it, in one task."""

    @property
    def authority(self) -> str:
        """The principal's authority: a turn's, when the turn claims none."""
        ...

    @property
    def user(self) -> str:
        """The principal's user id."""
        ...

    @property
    def task_id(self) -> str:
        """The task the conversation belongs to."""
        ...

    @property
    def access(self) -> Access:
        """The authority ladder and the rules of who may replace what."""
        ...

    @property
    def extracts(self) -> bool:
        """Whether statements about new subjects may become new facts."""
        ...

    def related_facts(self, text: str) -> list[Fact]:
        """Live facts a text may be about, the likeliest first."""
        ...

    def history(self, key: str) -> list[Fact]:
        """Every version of a key, oldest first, dead ones included."""
        ...

    def get(self, ref: str) -> Fact:
        """A fact by id, or the current head of a key."""
        ...
