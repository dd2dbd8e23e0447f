"""A unit of work for bulk writes: the same supersession rules, a handful of statements.

`commit_fact` asks the store, fact by fact, whether an id exists, which heads a key has and
who depends on a fact, then inserts and invalidates one row at a time. Across a batch of a
thousand facts those are thousands of round trips. This unit of work answers those reads
from what it loaded for the whole batch up front and from what the batch itself wrote, and
sends the writes as a few multi-row statements when the batch ends. Anything else it is
asked flushes the pending writes first and goes to the database, so every answer is the one
the database would give.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from statekeeper.model import Fact
from statekeeper.store.base import UnitOfWork, View


class BufferedUnitOfWork:
    def __init__(
        self, inner: UnitOfWork, view: View, keys: Iterable[str], refs: Iterable[str]
    ) -> None:
        self.inner = inner
        self.view = view
        self.org = inner.org
        self.open_write = inner.open_write
        self._seq = inner.next_seq() - 1
        self._facts: dict[str, Fact] = {}  # by id: loaded, or as this batch left them
        self._missing: set[str] = set()  # ids known not to exist
        self._heads: dict[str, list[Fact]] = {}  # by key: the view's live heads, in seq order
        self._has_dependants: set[str] = set()
        self._inserts: dict[str, int] = {}  # fact id: sequence number; the fact in _facts
        self._invalidations: dict[str, dict[str, Any]] = {}  # fact id: parameters
        self._load(sorted(set(keys)), sorted(set(refs)))

    def _load(self, keys: Sequence[str], refs: Sequence[str]) -> None:
        found = {f.id: f for f in self.inner.get_facts(refs)}
        self._facts.update(found)
        self._missing.update(set(refs) - found.keys())
        for key in keys:
            self._heads[key] = []
        for fact in self.inner.valid_heads_many(self.view, keys):
            self._heads[fact.key].append(fact)
            self._facts[fact.id] = fact
        self._has_dependants = set(self.inner.with_dependants(list(self._facts)))

    # -- what commit_fact asks --------------------------------------------------------------

    def next_seq(self) -> int:
        return self._seq + 1

    def get_fact(self, fact_id: str) -> Fact | None:
        if fact_id in self._facts:
            return self._facts[fact_id]
        if fact_id in self._missing:
            return None
        fact = self.inner.get_fact(fact_id)
        if fact is None:
            self._missing.add(fact_id)
        else:
            self._facts[fact_id] = fact
        return fact

    def valid_heads(self, view: View, key: str) -> list[Fact]:
        if view != self.view:
            return self._flushed().valid_heads(view, key)
        if key not in self._heads:
            self._heads[key] = self.inner.valid_heads(view, key)
            self._facts.update((f.id, f) for f in self._heads[key])
        return list(self._heads[key])

    def insert_fact(self, fact: Fact, seq: int | None = None) -> None:
        self._seq = seq or self._seq + 1
        self._facts[fact.id] = fact
        self._missing.discard(fact.id)
        self._inserts[fact.id] = self._seq
        self._has_dependants.update(fact.depends_on)
        if fact.is_valid and not fact.forgotten and self._visible(fact):
            self.valid_heads(self.view, fact.key)
            self._heads[fact.key].append(fact)

    def invalidate(self, fact_id: str, *, by: str | None, at: datetime, reason: str) -> None:
        fact = self.get_fact(fact_id)
        if fact is None:
            return
        dead = fact.model_copy(
            update={
                "is_valid": False,
                "superseded_by": by,
                "invalidated_at": at,
                "invalid_reason": reason,
            }
        )
        self._facts[fact_id] = dead
        if fact.key in self._heads:
            self._heads[fact.key] = [f for f in self._heads[fact.key] if f.id != fact_id]
        if fact_id not in self._inserts:  # an insert to come takes the dead copy as it is
            self._invalidations[fact_id] = {
                "org": self.org,
                "target": fact_id,
                "by": by,
                "at": at,
                "reason": reason,
                "rev": self.inner.stamp(),
            }

    def dependants(self, fact_id: str) -> list[str]:
        if fact_id not in self._has_dependants:
            return []
        return self._flushed().dependants(fact_id)

    def mark_needs_review(self, fact_ids: Sequence[str]) -> None:
        self._flushed().mark_needs_review(fact_ids)
        for fact_id in fact_ids:
            if fact_id in self._facts:
                flagged = self._facts[fact_id].model_copy(update={"needs_review": True})
                self._facts[fact_id] = flagged
                heads = self._heads.get(flagged.key, [])
                self._heads[flagged.key] = [flagged if f.id == fact_id else f for f in heads]

    # -- everything else ----------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        """Any other read or write sees the batch's writes in the database first."""
        return getattr(self._flushed(), name)

    def flush(self) -> None:
        self.inner.insert_facts([(self._facts[i], seq) for i, seq in self._inserts.items()])
        self.inner.invalidate_many(list(self._invalidations.values()))
        self._inserts, self._invalidations = {}, {}

    def _flushed(self) -> UnitOfWork:
        self.flush()
        return self.inner

    def _visible(self, fact: Fact) -> bool:
        return fact.user in ("", self.view.user) and fact.capability in ("", self.view.capability)
