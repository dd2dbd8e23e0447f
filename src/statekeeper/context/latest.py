"""The latest few of a view's facts of some kind, kept exact as facts come and go.

Scrubbing needs the texts of the latest dead facts (a recalled turn, those of all of them),
and a context the newest live constraints. The store gives the latest in order from an
index; this list keeps what it read, and each later revision's rows add a fact that ranks
among those held or take out one that left, so the list stays the true latest of the view
without being read again, until so many left that it holds fewer than are asked for.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Latest(Generic[T]):
    """The view's latest items by `order`, newest first: all of them once `complete`."""

    def __init__(self, order: Callable[[T], Any], ident: Callable[[T], Hashable]) -> None:
        self._order, self._ident = order, ident
        self._oldest_first: list[T] = []  # ascending, for insort
        self._by_id: dict[Hashable, T] = {}
        self.complete = False
        self.read = False  # whether the store was read at all

    def __len__(self) -> int:
        return len(self._oldest_first)

    def holds(self, limit: int | None) -> bool:
        """Whether the list knows the latest `limit` items (None: all)."""
        if not self.read:
            return False
        return self.complete or (limit is not None and len(self) >= limit)

    def fill(self, found: list[T], limit: int | None) -> None:
        """What the store gave for the latest `limit` (None: all)."""
        self._oldest_first = sorted(found, key=self._order)
        self._by_id = {self._ident(item): item for item in found}
        self.complete = limit is None or len(found) < limit
        self.read = True

    def latest(self, limit: int | None) -> list[T]:
        newest = self._oldest_first[::-1]
        return newest if limit is None else newest[:limit]

    def get(self, ident: Hashable) -> T | None:
        return self._by_id.get(ident)

    def add(self, item: T) -> None:
        """An item that came: held if the list is complete or it ranks among those held."""
        self.drop(self._ident(item))
        if not self.read:
            return
        rank = self._order(item)
        if self.complete or (self._oldest_first and rank > self._order(self._oldest_first[0])):
            insort(self._oldest_first, item, key=self._order)
            self._by_id[self._ident(item)] = item
            if not self.complete:  # the oldest held now ranks below one not held
                del self._by_id[self._ident(self._oldest_first.pop(0))]

    def drop(self, ident: Hashable) -> None:
        """An item that left (or changed): the rest stay the latest."""
        held = self._by_id.pop(ident, None)
        if held is not None:
            self._oldest_first.remove(held)
