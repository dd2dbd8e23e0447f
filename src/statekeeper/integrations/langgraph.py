"""LangGraph and LangChain agents on statekeeper: a long-term memory store and a middleware.

`StatekeeperStore` is a LangGraph `BaseStore` whose items are facts of one principal. An
item lives under the fact key made of its namespace's labels joined by "." and its key
after a "/":

    ("memories", "alice"), "food"   <->   fact key "memories.alice/food"

LangGraph already forbids "." inside a label; this store also refuses "/" in a label, so
every namespace and key has one fact key and every such fact key one namespace and key.
Labels and keys may not be empty, hold line breaks or control characters, or start or end
with blanks (the engine trims a fact key's blanks, which would make two items one).

A put of an item that exists writes a new fact that supersedes the old one: `history`
keeps the old value, `get` and `search` never return it. A delete forgets the item's
current fact (a tombstone stays). Facts the principal may read under such a key are items
too, whoever wrote them; a value that is not an object reads as `{"value": ...}`.

`StatekeeperMiddleware` puts `Session.context(...)` into every model call of a LangChain
agent and observes the user's turns, so that what they say becomes state.
"""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from langchain.agents.middleware import AgentMiddleware, AgentState, ModelRequest, ModelResponse
from langchain.agents.middleware.types import ExtendedModelResponse
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime
from langgraph.store.base import (
    NOT_PROVIDED,
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    NamespacePath,
    NotProvided,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from statekeeper.aio import AsyncEngine
from statekeeper.arguments import WriteArguments
from statekeeper.engine import Engine, Session
from statekeeper.errors import InvalidInputError, PrincipalError, UnknownFactError
from statekeeper.model import ASSISTANT, Fact, Principal, Scope, Source
from statekeeper.validation import CONTROL, MAX_KEY_LENGTH

__all__ = ["NamespaceError", "StatekeeperMiddleware", "StatekeeperStore", "fact_key", "item_path"]

LABEL_SEPARATOR = "."
KEY_SEPARATOR = "/"
ORIGIN = "langgraph_store"  # the source origin of the facts this store writes
RESERVED_ROOT = "langgraph"  # LangGraph keeps this root label for itself

Namespace = tuple[str, ...]


class NamespaceError(InvalidInputError, InvalidNamespaceError):
    """A namespace or item key that cannot name a fact; LangGraph's own error type too, so
    code written for any store catches it."""


def fact_key(namespace: Namespace, key: str) -> str:
    """The fact key an item is stored under, or NamespaceError if it has none."""
    _check_item_namespace(namespace)
    _check_part(key, "key")
    joined = LABEL_SEPARATOR.join(namespace) + KEY_SEPARATOR + key
    if len(joined) > MAX_KEY_LENGTH:
        raise NamespaceError(
            "namespace and key", joined[:40], f"together longer than {MAX_KEY_LENGTH} characters"
        )
    return joined


def item_path(key: str) -> tuple[Namespace, str] | None:
    """The namespace and item key a fact key names, or None for a fact that is no item."""
    labels, separator, item = key.partition(KEY_SEPARATOR)
    if not separator or not item:
        return None
    namespace = tuple(labels.split(LABEL_SEPARATOR))
    if not all(namespace) or any(_bad_part(part) for part in (*namespace, item)):
        return None
    return namespace, item


def _bad_part(part: str) -> bool:
    return part != part.strip() or CONTROL.search(part) is not None


def _check_part(part: object, field: str, label: bool = False) -> None:
    if not isinstance(part, str):
        raise NamespaceError(field, part, "must be a string")
    if not part.strip():
        raise NamespaceError(field, part, "must not be empty")
    if label and (LABEL_SEPARATOR in part or KEY_SEPARATOR in part):
        raise NamespaceError(
            field, part, f"contains {LABEL_SEPARATOR!r} or {KEY_SEPARATOR!r}, which separate labels"
        )
    if _bad_part(part):
        raise NamespaceError(
            field, part, "starts or ends with blanks, or holds a line break or control character"
        )


def _check_namespace(namespace: object, field: str) -> None:
    if not isinstance(namespace, tuple):
        raise NamespaceError(field, namespace, "must be a tuple of labels")
    for position, label in enumerate(namespace):
        _check_part(label, f"{field}[{position}]", label=True)


def _check_item_namespace(namespace: object, writing: bool = False) -> None:
    """An item's namespace: one label at least, and for a write, not LangGraph's own root."""
    _check_namespace(namespace, "namespace")
    if not namespace:
        raise NamespaceError("namespace", namespace, "must have at least one label")
    if writing and namespace[0] == RESERVED_ROOT:  # type: ignore[index]
        raise NamespaceError("namespace", namespace, f"may not start with {RESERVED_ROOT!r}")


def _check_pattern(path: object, field: str) -> None:
    """A list_namespaces prefix or suffix: labels, of which "*" matches any."""
    _check_namespace(path, field)


# -- the store ---------------------------------------------------------------------------


class StatekeeperStore(BaseStore):
    """A LangGraph store over one principal's facts. The principal is fixed here, so a
    store reads and writes within its organization only (and within its user's memory)."""

    def __init__(self, engine: Engine | AsyncEngine, principal: Principal) -> None:
        if isinstance(engine, AsyncEngine):
            engine = engine.sync
        if not isinstance(engine, Engine):
            raise InvalidInputError("engine", engine, "must be an Engine or an AsyncEngine")
        if not isinstance(principal, Principal):
            raise PrincipalError("principal", principal, "must be a Principal")
        self.session: Session = engine.session(principal)
        self._source = Source(authority=principal.authority, speaker=principal.user, origin=ORIGIN)

    @property
    def principal(self) -> Principal:
        return self.session.principal

    # LangGraph's own methods check labels before they batch, with their own error; these
    # check first, so bad input raises NamespaceError whichever way it comes.

    def get(
        self, namespace: tuple[str, ...], key: str, *, refresh_ttl: bool | None = None
    ) -> Item | None:
        _check_item_namespace(namespace)
        return super().get(namespace, key, refresh_ttl=refresh_ttl)

    async def aget(
        self, namespace: tuple[str, ...], key: str, *, refresh_ttl: bool | None = None
    ) -> Item | None:
        _check_item_namespace(namespace)
        return await super().aget(namespace, key, refresh_ttl=refresh_ttl)

    def put(
        self,
        namespace: tuple[str, ...],
        key: str,
        value: Mapping[str, Any],
        index: Literal[False] | list[str] | None = None,
        *,
        ttl: float | None | NotProvided = NOT_PROVIDED,
    ) -> None:
        _check_item_namespace(namespace, writing=True)
        super().put(namespace, key, value, index, ttl=ttl)

    async def aput(
        self,
        namespace: tuple[str, ...],
        key: str,
        value: Mapping[str, Any],
        index: Literal[False] | list[str] | None = None,
        *,
        ttl: float | None | NotProvided = NOT_PROVIDED,
    ) -> None:
        _check_item_namespace(namespace, writing=True)
        await super().aput(namespace, key, value, index, ttl=ttl)

    def delete(self, namespace: tuple[str, ...], key: str) -> None:
        _check_item_namespace(namespace)
        super().delete(namespace, key)

    async def adelete(self, namespace: tuple[str, ...], key: str) -> None:
        _check_item_namespace(namespace)
        await super().adelete(namespace, key)

    def search(
        self,
        namespace_prefix: tuple[str, ...],
        /,
        *,
        query: str | None = None,
        filter: dict[str, Any] | None = None,
        limit: int = 10,
        offset: int = 0,
        refresh_ttl: bool | None = None,
    ) -> list[SearchItem]:
        _check_namespace(namespace_prefix, "namespace_prefix")
        return super().search(
            namespace_prefix,
            query=query,
            filter=filter,
            limit=limit,
            offset=offset,
            refresh_ttl=refresh_ttl,
        )

    async def asearch(
        self,
        namespace_prefix: tuple[str, ...],
        /,
        *,
        query: str | None = None,
        filter: dict[str, Any] | None = None,
        limit: int = 10,
        offset: int = 0,
        refresh_ttl: bool | None = None,
    ) -> list[SearchItem]:
        _check_namespace(namespace_prefix, "namespace_prefix")
        return await super().asearch(
            namespace_prefix,
            query=query,
            filter=filter,
            limit=limit,
            offset=offset,
            refresh_ttl=refresh_ttl,
        )

    def list_namespaces(
        self,
        *,
        prefix: NamespacePath | None = None,
        suffix: NamespacePath | None = None,
        max_depth: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[tuple[str, ...]]:
        _check_pattern(prefix or (), "prefix")
        _check_pattern(suffix or (), "suffix")
        return super().list_namespaces(
            prefix=prefix, suffix=suffix, max_depth=max_depth, limit=limit, offset=offset
        )

    async def alist_namespaces(
        self,
        *,
        prefix: NamespacePath | None = None,
        suffix: NamespacePath | None = None,
        max_depth: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[tuple[str, ...]]:
        _check_pattern(prefix or (), "prefix")
        _check_pattern(suffix or (), "suffix")
        return await super().alist_namespaces(
            prefix=prefix, suffix=suffix, max_depth=max_depth, limit=limit, offset=offset
        )

    # -- batches ----------------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the operations in order, each seeing the writes before it. Every operation
        is checked before any runs, so a bad one raises and nothing is written; puts in a
        row are written in one transaction."""
        ops = list(ops)
        for position, op in enumerate(ops):
            _check_op(op, f"ops[{position}]")
        results: list[Result] = []
        pending: list[dict[str, Any]] = []
        for op in ops:
            if isinstance(op, PutOp) and op.value is not None:
                pending.append(self._fact_write(op.namespace, op.key, op.value))
                results.append(None)
                continue
            self._flush(pending)
            if isinstance(op, PutOp):
                self._delete(op.namespace, op.key)
                results.append(None)
            elif isinstance(op, GetOp):
                results.append(self._get(op.namespace, op.key))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            else:
                results.append(self._list_namespaces(op))
        self._flush(pending)
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """`batch` in a worker thread, so the event loop never waits on the store."""
        return await asyncio.to_thread(self.batch, list(ops))

    def _fact_write(
        self, namespace: Namespace, key: str, value: Mapping[str, Any]
    ) -> dict[str, Any]:
        return {
            "key": fact_key(namespace, key),
            "value": dict(value),
            "source": self._source,
            "scope": Scope.GLOBAL,  # an item holds everywhere, whatever its words say
        }

    def _flush(self, pending: list[dict[str, Any]]) -> None:
        """Write the puts waiting, in one transaction: a new value for a key supersedes
        its live fact. Bulk writes retire no duplicates, so two items that happen to hold
        the same value stay two items."""
        if pending:
            self.session.write_many(pending)
            pending.clear()

    def _delete(self, namespace: Namespace, key: str) -> None:
        found = self._current(fact_key(namespace, key))
        if found is not None:
            self.session.forget(found.id)

    def _current(self, key: str) -> Fact | None:
        """The live global fact under a key, or None."""
        try:
            fact = self.session.get(key)
        except UnknownFactError:
            return None
        if not fact.is_valid or fact.forgotten or fact.scope != Scope.GLOBAL:
            return None
        return fact

    def _get(self, namespace: Namespace, key: str) -> Item | None:
        fact = self._current(fact_key(namespace, key))
        if fact is None:
            return None
        created, updated = self._times(fact)
        return Item(
            value=_item_value(fact),
            key=key,
            namespace=namespace,
            created_at=created,
            updated_at=updated,
        )

    def _times(self, fact: Fact) -> tuple[datetime, datetime]:
        """When the item was created (the first version of its unbroken supersession
        chain) and last updated (its current fact), as aware UTC times."""
        versions = {f.id: f for f in self.session.history(fact.key)}
        first, seen = fact, {fact.id}
        while first.supersedes in versions and first.supersedes not in seen:
            first = versions[first.supersedes]
            seen.add(first.id)
        return _aware(first.timestamp), _aware(fact.timestamp)

    def _items(self) -> tuple[list[tuple[Namespace, str, Fact]], int]:
        """Every item the principal may read, newest first, one per namespace and key; and
        how many live facts they may read in all."""
        facts = self.session.facts()
        found: dict[tuple[Namespace, str], Fact] = {}
        for fact in facts:
            path = item_path(fact.key)
            if path is not None and fact.scope == Scope.GLOBAL and path not in found:
                found[path] = fact
        return [(namespace, key, fact) for (namespace, key), fact in found.items()], len(facts)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = op.namespace_prefix
        items, live = self._items()
        matching = [
            (namespace, key, fact)
            for namespace, key, fact in items
            if namespace[: len(prefix)] == prefix and _matches(_item_value(fact), op.filter or {})
        ]
        scores: dict[str, float] = {}
        if op.query and matching:
            # The engine's relevance, as contexts rank facts: best matches first, then the
            # newest. The score is 1 for the best, 1/2 for the second, and so on.
            ranked = self.session.related_facts(op.query, limit=live)
            position = {fact.id: rank for rank, fact in enumerate(ranked)}
            matching.sort(key=lambda found: position.get(found[2].id, len(position)))
            scores = {fact.id: 1.0 / (1 + rank) for rank, (_, _, fact) in enumerate(matching)}
        page = matching[op.offset : op.offset + op.limit]
        results = []
        for namespace, key, fact in page:
            created, updated = self._times(fact)
            results.append(
                SearchItem(
                    namespace=namespace,
                    key=key,
                    value=_item_value(fact),
                    created_at=created,
                    updated_at=updated,
                    score=scores.get(fact.id),
                )
            )
        return results

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        namespaces = {
            namespace
            for namespace, _, _ in self._items()[0]
            if all(
                _namespace_matches(namespace, c.match_type, c.path)
                for c in op.match_conditions or ()
            )
        }
        if op.max_depth is not None:
            namespaces = {namespace[: op.max_depth] for namespace in namespaces}
        return sorted(namespaces)[op.offset : op.offset + op.limit]


def _check_op(op: object, field: str) -> None:
    """Everything an operation names, checked before any operation runs."""
    if isinstance(op, GetOp):
        fact_key(op.namespace, op.key)
    elif isinstance(op, PutOp):
        key = fact_key(op.namespace, op.key)
        if op.ttl is not None:
            raise InvalidInputError(f"{field}.ttl", op.ttl, "is not supported by this store")
        if op.value is not None:
            _check_item_namespace(op.namespace, writing=True)
            if not isinstance(op.value, Mapping):
                raise InvalidInputError(f"{field}.value", op.value, "must be a mapping or None")
            WriteArguments.check({"key": key, "value": dict(op.value)})
    elif isinstance(op, SearchOp):
        _check_namespace(op.namespace_prefix, f"{field}.namespace_prefix")
        _check_window(op.limit, op.offset, field)
        if op.filter is not None and not isinstance(op.filter, Mapping):
            raise InvalidInputError(f"{field}.filter", op.filter, "must be a mapping or None")
        _check_filter(op.filter or {}, f"{field}.filter")
        if op.query is not None and (not isinstance(op.query, str) or not op.query.strip()):
            raise InvalidInputError(f"{field}.query", op.query, "must be text or None")
    elif isinstance(op, ListNamespacesOp):
        _check_window(op.limit, op.offset, field)
        for condition in op.match_conditions or ():
            if condition.match_type not in ("prefix", "suffix"):
                raise InvalidInputError(
                    f"{field}.match_type", condition.match_type, "must be 'prefix' or 'suffix'"
                )
            _check_pattern(condition.path, f"{field}.path")
        if op.max_depth is not None and (not _whole(op.max_depth) or op.max_depth < 1):
            raise InvalidInputError(
                f"{field}.max_depth", op.max_depth, "must be a positive integer"
            )
    else:
        raise InvalidInputError(field, op, "is not a GetOp, PutOp, SearchOp or ListNamespacesOp")


def _whole(number: object) -> bool:
    return isinstance(number, int) and not isinstance(number, bool)


def _check_window(limit: object, offset: object, field: str) -> None:
    for name, number in (("limit", limit), ("offset", offset)):
        if not _whole(number) or number < 0:  # type: ignore[operator]
            raise InvalidInputError(f"{field}.{name}", number, "must be a whole number, 0 or more")


# -- filters -----------------------------------------------------------------------------

COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "$eq": operator.eq,
    "$ne": operator.ne,
    "$gt": operator.gt,
    "$gte": operator.ge,
    "$lt": operator.lt,
    "$lte": operator.le,
}


def _check_filter(conditions: Mapping[str, Any], field: str) -> None:
    for name, wanted in conditions.items():
        if not isinstance(name, str):
            raise InvalidInputError(field, name, "names a field with something not a string")
        if isinstance(wanted, Mapping):
            unknown = [
                op
                for op in wanted
                if isinstance(op, str) and op.startswith("$") and op not in COMPARISONS
            ]
            if unknown:
                raise InvalidInputError(
                    f"{field}[{name!r}]", unknown[0], f"is not one of {sorted(COMPARISONS)}"
                )
            if not _is_comparison(wanted):
                _check_filter(wanted, f"{field}[{name!r}]")


def _is_comparison(wanted: Mapping[Any, Any]) -> bool:
    return bool(wanted) and all(isinstance(op, str) and op.startswith("$") for op in wanted)


def _matches(value: Any, conditions: Mapping[str, Any]) -> bool:
    """Whether a value meets every condition: a field equal to a value, holding a nested
    object's fields, or passing comparisons such as {"$gte": 3}."""
    if not isinstance(value, Mapping):
        return not conditions
    return all(_meets(value.get(name), wanted) for name, wanted in conditions.items())


def _meets(actual: Any, wanted: Any) -> bool:
    if isinstance(wanted, Mapping) and _is_comparison(wanted):
        return all(_compare(actual, op, expected) for op, expected in wanted.items())
    if isinstance(wanted, Mapping):
        return _matches(actual, wanted)
    return bool(actual == wanted)


def _compare(actual: Any, op: str, expected: Any) -> bool:
    if actual is None and op not in ("$eq", "$ne"):
        return False
    try:
        return bool(COMPARISONS[op](actual, expected))
    except TypeError:  # "abc" > 3: no order between them, so no match
        return False


def _namespace_matches(namespace: Namespace, match_type: str, path: Sequence[str]) -> bool:
    if len(namespace) < len(path):
        return False
    part = (
        namespace[: len(path)]
        if match_type == "prefix"
        else namespace[len(namespace) - len(path) :]
    )
    return all(want in ("*", have) for have, want in zip(part, path, strict=True))


def _item_value(fact: Fact) -> dict[str, Any]:
    return dict(fact.value) if isinstance(fact.value, dict) else {"value": fact.value}


def _aware(moment: datetime) -> datetime:
    """The engine keeps naive UTC; LangGraph's items carry aware times."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


# -- the middleware ----------------------------------------------------------------------


class StatekeeperMiddleware(AgentMiddleware[AgentState[Any], Any, Any]):
    """Gives a LangChain agent's model the principal's context on every call: the system
    message gains `Session.context(...)` for the user's latest words. Before the agent
    runs, the user's new turns are observed, so their corrections are state by the first
    model call; after it, the agent's final reply is kept as an assistant turn."""

    def __init__(
        self,
        engine: Engine | AsyncEngine,
        principal: Principal,
        *,
        task_id: str = "default",
        budget: int | None = None,
        keep_replies: bool = True,
    ) -> None:
        super().__init__()
        if isinstance(engine, AsyncEngine):
            engine = engine.sync
        if not isinstance(engine, Engine):
            raise InvalidInputError("engine", engine, "must be an Engine or an AsyncEngine")
        self.session: Session = engine.session(principal, task_id=task_id)
        if budget is not None and (not _whole(budget) or budget <= 0):
            raise InvalidInputError("budget", budget, "must be a positive integer")
        self.budget = budget
        self.keep_replies = keep_replies

    # observing the user's turns

    def before_agent(self, state: AgentState[Any], runtime: Runtime[Any]) -> dict[str, Any] | None:
        for said in _new_user_turns(state["messages"]):
            self.session.observe(self.session.principal.user, said)
        return None

    async def abefore_agent(
        self, state: AgentState[Any], runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        return await asyncio.to_thread(self.before_agent, state, runtime)

    def after_agent(self, state: AgentState[Any], runtime: Runtime[Any]) -> dict[str, Any] | None:
        reply = _final_reply(state["messages"]) if self.keep_replies else None
        if reply:
            self.session.observe(ASSISTANT, reply, assistant=True)
        return None

    async def aafter_agent(
        self, state: AgentState[Any], runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        return await asyncio.to_thread(self.after_agent, state, runtime)

    # the context in the model call

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        return handler(self.with_context(request))

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        return await handler(await asyncio.to_thread(self.with_context, request))

    def with_context(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        """The request with the context for the user's latest words added to its system
        message; unchanged when no user has spoken yet."""
        query = _latest_user_text(request.messages)
        if query is None:
            return request
        context = self.session.context(query, budget=self.budget).text
        return request.override(system_message=_with_text(request.system_message, context))


def _text(message: AnyMessage) -> str:
    return str(message.text).strip()


def _new_user_turns(messages: Sequence[AnyMessage]) -> list[str]:
    """The user's messages since the agent last answered: this run's input."""
    turns: list[str] = []
    for message in reversed(messages):
        if isinstance(message, AIMessage):
            break
        if isinstance(message, HumanMessage) and _text(message):
            turns.append(_text(message))
    return turns[::-1]


def _final_reply(messages: Sequence[AnyMessage]) -> str | None:
    last = messages[-1] if messages else None
    if isinstance(last, AIMessage) and not last.tool_calls and _text(last):
        return _text(last)
    return None


def _latest_user_text(messages: Sequence[AnyMessage]) -> str | None:
    for message in reversed(messages):
        if isinstance(message, HumanMessage) and _text(message):
            return _text(message)
    return None


def _with_text(system: SystemMessage | None, text: str) -> SystemMessage:
    if system is None:
        return SystemMessage(content=text)
    if isinstance(system.content, str):
        return SystemMessage(content=f"{system.content}\n\n{text}" if system.content else text)
    return SystemMessage(content=[*system.content, {"type": "text", "text": text}])
