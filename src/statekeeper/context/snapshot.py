"""A view's facts held in memory between contexts, brought up to date by revision stamps.

Every write stamps the fact rows it changes with the organization's next revision. A
context first asks the store for the newest revision (one indexed lookup); if it moved, it
fetches only the rows stamped since, whichever process wrote them. Ranking, the dead values
to scrub and the cleaned text of each fact are then computed once per revision instead of
once per query.
"""

from __future__ import annotations

import heapq
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

from statekeeper.context.ranking import Bm25Index
from statekeeper.model import Fact, Scope
from statekeeper.store.base import Stamped, UnitOfWork, View

T = TypeVar("T")


class Snapshot:
    """The live and recently dead facts of one view, as of `revision`."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.revision = -1
        self.live: dict[str, Fact] = {}
        self.seq: dict[str, int] = {}
        self.by_seq: dict[int, str] = {}
        self.dead: dict[str, tuple[datetime, int, str]] = {}  # id: (when, seq, text)
        self.special: set[str] = set()  # live facts not every reader sees: scoped, restricted
        self.review: set[str] = set()  # live facts waiting for recalculation
        self.expiring: dict[str, datetime] = {}  # live facts with an expiry: when
        self.index = Bm25Index()
        self._memo: dict[Any, Any] = {}
        self.lock = threading.Lock()

    def sync(self, uow: UnitOfWork) -> None:
        """Catch up with the store. The revision is read before the changed rows, so rows
        the second read sees from a later write are simply fetched again next time."""
        newest = uow.revision()
        if newest == self.revision:
            return
        changed = uow.changed_since(self.view, self.revision)
        for stamped in changed:
            self._apply(stamped)
        self.revision = max([newest, *(s.rev for s in changed)])
        self._memo.clear()

    def _apply(self, stamped: Stamped) -> None:
        fact = stamped.fact
        self.live.pop(fact.id, None)
        self.dead.pop(fact.id, None)
        self.special.discard(fact.id)
        self.review.discard(fact.id)
        self.expiring.pop(fact.id, None)
        self.index.remove(stamped.seq)
        self.seq[fact.id] = stamped.seq
        self.by_seq[stamped.seq] = fact.id
        if fact.forgotten:
            return
        if not fact.is_valid:
            when = fact.invalidated_at or fact.timestamp
            self.dead[fact.id] = (when, stamped.seq, fact.text)
            return
        self.live[fact.id] = fact
        if fact.scope != Scope.GLOBAL or fact.restricted:
            self.special.add(fact.id)
        if fact.needs_review:
            self.review.add(fact.id)
        if fact.expires_at is not None:
            self.expiring[fact.id] = fact.expires_at
        body = " ".join(p for p in (fact.key.replace("_", " "), fact.text, fact.entity) if p)
        self.index.add(stamped.seq, body)

    def memo(self, key: Any, build: Callable[[], T]) -> T:
        """A value computed at most once per revision."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]  # type: ignore[no-any-return]

    # -- reads --------------------------------------------------------------------------

    def ranked(self, query: str, limit: int) -> list[Fact]:
        return [self.live[self.by_seq[doc]] for doc in self.index.top(query, limit)]

    def newest(self, limit: int | None = None, constraints: bool = False) -> list[Fact]:
        """Live facts (or live constraints) newest first, all of them when `limit` is None."""

        def build() -> list[Fact]:
            pool = [f for f in self.live.values() if f.is_constraint or not constraints]
            if limit is None:
                return sorted(pool, key=lambda f: self.seq[f.id], reverse=True)
            return heapq.nlargest(limit, pool, key=lambda f: self.seq[f.id])

        return self.memo(("newest", limit, constraints), build)

    def due(self, now: datetime) -> list[str]:
        """Live facts whose expiry has passed, oldest expiry first."""
        return sorted(
            (i for i, when in self.expiring.items() if when <= now), key=self.expiring.__getitem__
        )

    def recently_dead(self, limit: int) -> list[str]:
        """The texts of the most recently invalidated facts, newest first."""
        return [text for _, _, text in heapq.nlargest(limit, self.dead.values())]


class Snapshots:
    """Snapshots of the views an engine served most recently, at most `size` of them."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._views: OrderedDict[View, Snapshot] = OrderedDict()
        self._lock = threading.Lock()

    @contextmanager
    def synced(self, view: View, uow: UnitOfWork) -> Iterator[Snapshot]:
        """The view's snapshot, current with `uow`, held exclusively while in use."""
        with self._lock:
            snapshot = self._views.pop(view, None) or Snapshot(view)
            self._views[view] = snapshot
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        with snapshot.lock:
            snapshot.sync(uow)
            yield snapshot
