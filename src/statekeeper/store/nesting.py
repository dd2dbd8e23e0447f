"""A write open on one thread: what runs inside it joins it, what waits for its end waits.

A caller that groups several steps into one unit of work opens a write and makes its calls
inside; each inner write is a savepoint of that one transaction, each inner read reads
through it. Work that must only follow a commit (embedding what was written, a backend's
upkeep) is held until the outermost write commits, and dropped if it rolls back. Whatever
read rows of the open write (a snapshot of a view) is told when a rollback takes them away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Hook = Callable[[], None]


class OpenWrite:
    """One thread's open write: its connection, its organization, its savepoint levels and
    what waits for each. `rev` is the revision its next change is stamped with, once one
    has been taken."""

    def __init__(self, conn: Any, org: str) -> None:
        self.conn = conn
        self.org = org
        self.rev: int | None = None
        self.inserted = 0  # fact rows its released levels added
        self._committed: list[list[Hook]] = [[]]  # per level, outermost first
        self._rolled_back: list[Hook] = []

    @property
    def depth(self) -> int:
        """How many savepoints are open inside the outermost write."""
        return len(self._committed) - 1

    def after_commit(self, hook: Hook) -> None:
        """Run `hook` once the outermost write commits; never if the level it was asked in
        rolls back."""
        self._committed[-1].append(hook)

    def after_rollback(self, hook: Hook) -> None:
        """Run `hook` when the write, or any savepoint in it, rolls back: whatever read
        inside the write may have seen rows that are gone."""
        self._rolled_back.append(hook)

    def entered(self) -> None:
        """A savepoint opened."""
        self._committed.append([])

    def released(self, inserted: int) -> None:
        """A savepoint committed into the level around it."""
        self.inserted += inserted
        level = self._committed.pop()
        self._committed[-1] += level

    def undone(self) -> None:
        """A savepoint rolled back: what waited for its commit waits no more."""
        self._committed.pop()
        run(self._take_rolled_back())

    def ended(self, committed: bool) -> None:
        """The outermost write ended; runs what waited for that end."""
        waiting = [h for level in self._committed for h in level]
        self._committed = [[]]
        run(waiting if committed else self._take_rolled_back())

    def _take_rolled_back(self) -> list[Hook]:
        hooks, self._rolled_back = self._rolled_back, []
        return hooks


def run(hooks: list[Hook]) -> None:
    """Run every hook, even after one fails; the first failure is raised at the end."""
    failure: BaseException | None = None
    for hook in hooks:
        try:
            hook()
        except BaseException as error:  # the others still run; this one is raised after
            failure = failure or error
    if failure is not None:
        raise failure
