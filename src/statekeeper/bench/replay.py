"""Replay timelines through a strategy and collect the context built at each query.

Each timeline starts from `reset()`, so no state can leak from one timeline to the next.
The clock runs only around the strategy's own calls: the scoring that follows is the
bench's cost, not the engine's.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from statekeeper.bench.dataset import Query, Record
from statekeeper.bench.strategies import Strategy


@dataclass(frozen=True)
class QueryContext:
    """The context one strategy built for one query, and what it cost."""

    record: Record
    query_index: int
    event_index: int
    query: Query
    context: str
    history: str
    seconds: float

    @property
    def track(self) -> str:
        return self.record.timeline.track

    @property
    def key(self) -> tuple[str, int]:
        return (self.record.timeline.id, self.query_index)


def _initial_texts(state: Mapping[str, Any]) -> list[str]:
    texts = [str(v) for v in (state.get("identity_role") or {}).values() if v]
    for fact in state.get("persistent_facts") or []:
        texts += [str(fact.get("key", "")), str(fact.get("value", ""))]
    texts += [str(item.get("content", "")) for item in state.get("working_set") or []]
    texts += [str(v) for v in (state.get("environment") or {}).values() if v]
    return texts


def _event_texts(event: Mapping[str, Any]) -> list[str]:
    if event.get("type") == "conversation_turn":
        return [str(event.get("text", ""))]
    if event.get("type") == "query":
        return [str(event.get("prompt", ""))]
    texts: list[str] = []
    for write in event.get("writes") or []:
        texts += [str(write.get("key", "")), str(write.get("value", ""))]
    return texts


def replay_timeline(record: Record, strategy: Strategy) -> list[QueryContext]:
    """Run one timeline; its strategy time is shared evenly among its queries."""
    # A private copy: a strategy that mutates what it is given cannot skew the next one.
    raw = copy.deepcopy(record.raw)
    history = _initial_texts(raw["initial_state"])
    pending: list[tuple[int, int, Query, str, str]] = []
    elapsed = 0.0
    started = time.perf_counter()
    strategy.reset()
    if getattr(strategy, "expects_initial_state", False):
        strategy.initialize_from_state(raw["initial_state"])
    elapsed += time.perf_counter() - started
    for position, (event, model) in enumerate(
        zip(raw["events"], record.timeline.events, strict=True)
    ):
        if isinstance(model, Query):
            started = time.perf_counter()
            context = strategy.build_context(event).context
            elapsed += time.perf_counter() - started
            pending.append((len(pending), position, model, context, "\n".join(history)))
        else:
            started = time.perf_counter()
            strategy.process_event(event)
            elapsed += time.perf_counter() - started
        history += _event_texts(event)
    share = elapsed / len(pending) if pending else 0.0
    return [
        QueryContext(record, index, position, query, context, seen, share)
        for index, position, query, context, seen in pending
    ]


def replay(
    records: Iterable[Record],
    strategy: Strategy,
    on_timeline: Callable[[Record], None] | None = None,
) -> Iterator[QueryContext]:
    """Replay every timeline in order, yielding each query's context."""
    for record in records:
        yield from replay_timeline(record, strategy)
        if on_timeline is not None:
            on_timeline(record)
