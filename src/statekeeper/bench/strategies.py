"""Memory strategies the replay can drive, and a registry that resolves them by name.

The protocol mirrors StateBench's `MemoryStrategy`, so one adapter serves both harnesses.
Methods receive the timeline's raw dicts (initial state, events, the query event), never
this package's models. The built-ins are deliberately naive references that bracket what
an engine should do; `statekeeper` is the engine's own adapter, imported only when asked
for, so the bench works (and is tested) independently of it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from statekeeper.bench.tokens import count_tokens


class HasContext(Protocol):
    @property
    def context(self) -> str: ...


@runtime_checkable
class Strategy(Protocol):
    expects_initial_state: bool

    def reset(self) -> None: ...

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None: ...

    def process_event(self, event: Mapping[str, Any]) -> None: ...

    def build_context(self, query: Mapping[str, Any]) -> HasContext: ...


@dataclass(frozen=True)
class ContextResult:
    context: str


def _identity_lines(state: Mapping[str, Any]) -> list[str]:
    identity = state.get("identity_role") or {}
    shown = ", ".join(f"{k}: {v}" for k, v in identity.items() if v not in (None, ""))
    return [f"User: {shown}"] if shown else []


def _environment_lines(environment: Mapping[str, Any]) -> list[str]:
    return [f"{k}: {v}" for k, v in environment.items() if v not in (None, "")]


class TranscriptReplay:
    """Everything verbatim: the initial state, then every turn and write in order.

    With a token budget the oldest lines are cut first, as a chat transcript is.
    """

    expects_initial_state = True

    def __init__(self, token_budget: int | None = None) -> None:
        self.token_budget = token_budget
        self.lines: list[str] = []

    def reset(self) -> None:
        self.lines = []

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None:
        self.lines.extend(_identity_lines(initial_state))
        for fact in initial_state.get("persistent_facts", []):
            self.lines.append(f"Fact {fact['key']}: {fact['value']}")
        for item in initial_state.get("working_set", []):
            self.lines.append(f"Working set ({item.get('item_type', 'item')}): {item['content']}")
        self.lines.extend(_environment_lines(initial_state.get("environment", {})))

    def process_event(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "conversation_turn":
            self.lines.append(f"{str(event['speaker']).title()}: {event['text']}")
        elif kind in ("state_write", "supersession"):
            for write in event.get("writes", []):
                self.lines.append(f"Write {write['key']}: {write['value']}")

    def build_context(self, query: Mapping[str, Any]) -> ContextResult:
        if self.token_budget is None:
            return ContextResult("\n".join(self.lines))
        return ContextResult(_newest_within(self.lines, self.token_budget))


def _newest_within(lines: list[str], budget: int) -> str:
    """The newest lines that fit the budget, in their original order (a transcript's cut)."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        cost = count_tokens(line + "\n")
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    return "\n".join(reversed(kept))


class LatestWins:
    """A key-value store: the latest value per key, and nothing else is reasoned about.

    Supersession pointers are ignored and conversation turns are not kept, so it shows what
    a plain "overwrite by key" memory gets right and wrong.
    """

    expects_initial_state = True

    def __init__(self, token_budget: int | None = None) -> None:
        self.token_budget = token_budget
        self.identity: list[str] = []
        self.values: dict[tuple[str, str], str] = {}

    def reset(self) -> None:
        self.identity = []
        self.values = {}

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None:
        self.identity = _identity_lines(initial_state)
        for fact in initial_state.get("persistent_facts", []):
            self.values[("persistent_facts", fact["key"])] = fact["value"]
        for item in initial_state.get("working_set", []):
            self.values[("working_set", item.get("item_type", "item"))] = item["content"]
        for key, value in initial_state.get("environment", {}).items():
            if value not in (None, ""):
                self.values[("environment", key)] = str(value)

    def process_event(self, event: Mapping[str, Any]) -> None:
        for write in event.get("writes", []) or []:
            self.values[(write["layer"], write["key"])] = write["value"]

    def build_context(self, query: Mapping[str, Any]) -> ContextResult:
        lines = self.identity + [f"{key}: {value}" for (_, key), value in self.values.items()]
        return ContextResult("\n".join(lines))


class NoMemory:
    """Who the user is, and nothing the conversation said: the floor of every metric."""

    expects_initial_state = True

    def __init__(self, token_budget: int | None = None) -> None:
        self.token_budget = token_budget
        self.identity: list[str] = []

    def reset(self) -> None:
        self.identity = []

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None:
        self.identity = _identity_lines(initial_state)

    def process_event(self, event: Mapping[str, Any]) -> None:
        return None

    def build_context(self, query: Mapping[str, Any]) -> ContextResult:
        return ContextResult("\n".join(self.identity))


@dataclass(frozen=True)
class Entry:
    """A registered strategy: a class or a lazy `module:attribute` path, and fixed kwargs."""

    target: type[Any] | str
    kwargs: Mapping[str, Any] = field(default_factory=dict)


REGISTRY: dict[str, Entry] = {
    "statekeeper": Entry("statekeeper.integrations.statebench:StateKeeperStrategy", {"url": None}),
    "transcript_replay": Entry(TranscriptReplay),
    "latest_wins": Entry(LatestWins),
    "no_memory": Entry(NoMemory),
}
REFERENCE = ("transcript_replay", "latest_wins", "no_memory")


class StrategyUnavailableError(LookupError):
    """A strategy name that is unknown, or whose module cannot be imported yet."""


def _import(path: str) -> Any:
    module_name, _, attribute = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise StrategyUnavailableError(f"strategy {path!r} cannot be imported: {exc}") from exc
    try:
        return getattr(module, attribute)
    except AttributeError as exc:
        raise StrategyUnavailableError(f"{module_name} has no attribute {attribute!r}") from exc


def resolve(name: str, token_budget: int | None = None, store_url: str | None = None) -> Strategy:
    """Build a strategy by registry name, or from an import path `module:Class`.

    The budget is passed only when given, so each strategy keeps its own default; a store
    URL only to strategies that keep their state in a store.
    """
    entry = REGISTRY.get(name)
    if entry is None:
        if ":" not in name:
            known = ", ".join(sorted(REGISTRY))
            raise StrategyUnavailableError(f"unknown strategy {name!r} (known: {known})")
        entry = Entry(name)
    cls = _import(entry.target) if isinstance(entry.target, str) else entry.target
    kwargs = dict(entry.kwargs)
    if token_budget is not None:
        kwargs["token_budget"] = token_budget
    if store_url is not None and "url" in kwargs:
        kwargs["url"] = store_url
    instance: Strategy = cls(**kwargs)
    return instance
