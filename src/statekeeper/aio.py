"""The engine for asyncio code: every call of `Engine` and `Session`, awaitable.

Each call runs the synchronous engine in a worker thread (`asyncio.to_thread`), so an
event loop never waits on the store, the embedder, an extractor's model or the tokenizer,
and both stores behave exactly as in synchronous code: the same transactions, locks,
validation and errors. Calls of one session may run concurrently; the engine is
thread-safe, and writers of one organization serialize in the store as they always do.

    async with await AsyncEngine.open("state.db") as engine:
        s = engine.session(principal)
        await s.write("venue", "Harbor Hall")
        context = await s.context("Where is the dinner?")
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from statekeeper.capability import ConsolidationReport, Lesson
from statekeeper.engine import Engine, Session
from statekeeper.errors import InvalidInputError
from statekeeper.knowledge import Document
from statekeeper.memory import Memory
from statekeeper.model import Context, Fact, Principal, Turn, WorkingSetItem
from statekeeper.store.base import Erasure


class AsyncSession:
    """`Session`'s calls, awaitable; `sync` is the session they run on."""

    def __init__(self, session: Session) -> None:
        self.sync = session

    @property
    def principal(self) -> Principal:
        return self.sync.principal

    async def write(self, key: str, value: JsonValue, **options: Any) -> Fact:
        """`Session.write`: the same arguments."""
        return await asyncio.to_thread(self.sync.write, key, value, **options)

    async def supersede(
        self, target: str, value: JsonValue, *, key: str | None = None, **options: Any
    ) -> Fact:
        return await asyncio.to_thread(self.sync.supersede, target, value, key=key, **options)

    async def write_many(self, items: Iterable[Mapping[str, Any]]) -> list[Fact]:
        return await asyncio.to_thread(self.sync.write_many, items)

    async def backfill_embeddings(self) -> int:
        return await asyncio.to_thread(self.sync.backfill_embeddings)

    async def forget(self, ref: str) -> None:
        await asyncio.to_thread(self.sync.forget, ref)

    async def memories(self) -> list[Memory]:
        return await asyncio.to_thread(self.sync.memories)

    async def delete_memory(self, fact_id: str) -> None:
        await asyncio.to_thread(self.sync.delete_memory, fact_id)

    async def learn(self, text: str, *, level: str = "event") -> Lesson:
        """`Session.learn`: the same arguments."""
        return await asyncio.to_thread(self.sync.learn, text, level=level)

    async def lessons(self, *, level: str | None = None, history: bool = False) -> list[Lesson]:
        return await asyncio.to_thread(self.sync.lessons, level=level, history=history)

    async def add_document(
        self,
        doc_id: str,
        text: str,
        *,
        source: str | None = None,
        acl: Iterable[str] | None = None,
    ) -> Document:
        """`Session.add_document`: the same arguments."""
        return await asyncio.to_thread(self.sync.add_document, doc_id, text, source=source, acl=acl)

    async def documents(self) -> list[Document]:
        return await asyncio.to_thread(self.sync.documents)

    async def remove_document(self, doc_id: str) -> Document:
        return await asyncio.to_thread(self.sync.remove_document, doc_id)

    async def get(self, ref: str) -> Fact:
        return await asyncio.to_thread(self.sync.get, ref)

    async def current_value(self, ref: str) -> JsonValue | None:
        return await asyncio.to_thread(self.sync.current_value, ref)

    async def is_current(self, ref: str) -> bool:
        return await asyncio.to_thread(self.sync.is_current, ref)

    async def facts(self) -> list[Fact]:
        return await asyncio.to_thread(self.sync.facts)

    async def history(self, key: str) -> list[Fact]:
        return await asyncio.to_thread(self.sync.history, key)

    async def remember(
        self, key: str, value: JsonValue, *, ttl: timedelta | None = None
    ) -> WorkingSetItem:
        return await asyncio.to_thread(self.sync.remember, key, value, ttl=ttl)

    async def add_turn(self, speaker: str, text: str, **options: Any) -> Turn:
        """`Session.add_turn`: the same arguments."""
        return await asyncio.to_thread(self.sync.add_turn, speaker, text, **options)

    async def observe(self, speaker: str, text: str, **options: Any) -> Turn:
        """`Session.observe`: the same arguments."""
        return await asyncio.to_thread(self.sync.observe, speaker, text, **options)

    async def recent_turns(self) -> list[Turn]:
        return await asyncio.to_thread(self.sync.recent_turns)

    async def pop_turn(self) -> Turn | None:
        """`Session.pop_turn`: the task's latest turn, taken back."""
        return await asyncio.to_thread(self.sync.pop_turn)

    async def clear_turns(self) -> int:
        return await asyncio.to_thread(self.sync.clear_turns)

    async def related_facts(self, text: str, limit: int = 50) -> list[Fact]:
        return await asyncio.to_thread(self.sync.related_facts, text, limit)

    async def retire(self, loser: str, winner: str | None, reason: str) -> None:
        await asyncio.to_thread(self.sync.retire, loser, winner, reason)

    async def authority_rank(self, fact: Fact) -> int:
        return await asyncio.to_thread(self.sync.authority_rank, fact)

    async def flag_for_review(self, ref: str) -> list[str]:
        return await asyncio.to_thread(self.sync.flag_for_review, ref)

    async def reconcile(self) -> list[str]:
        return await asyncio.to_thread(self.sync.reconcile)

    async def context(
        self, query: str, *, budget: int | None = None, audience: str | None = None
    ) -> Context:
        return await asyncio.to_thread(self.sync.context, query, budget=budget, audience=audience)


class AsyncEngine:
    """`Engine`'s calls, awaitable; `sync` is the engine they run on. Build one with
    `await AsyncEngine.open(...)`, or around an engine already open."""

    def __init__(self, engine: Engine) -> None:
        if not isinstance(engine, Engine):
            raise InvalidInputError("engine", engine, "must be an Engine")
        self.sync = engine

    @classmethod
    async def open(cls, target: str | Path = "statekeeper.db", **options: Any) -> AsyncEngine:
        """`Engine.open` in a worker thread: opening a store may migrate it."""
        return cls(await asyncio.to_thread(Engine.open, target, **options))

    def session(
        self,
        principal: Principal,
        *,
        task_id: str = "default",
        scope_id: str | None = None,
        capability: str | None = None,
        maturity: str | None = None,
    ) -> AsyncSession:
        """A session of one principal (no store is touched until its first call)."""
        return AsyncSession(
            self.sync.session(
                principal,
                task_id=task_id,
                scope_id=scope_id,
                capability=capability,
                maturity=maturity,
            )
        )

    async def consolidate(self, *, org: str, capability: str, **options: Any) -> ConsolidationReport:
        """`Engine.consolidate`: the same arguments."""
        return await asyncio.to_thread(
            self.sync.consolidate, org=org, capability=capability, **options
        )

    async def erase_user(self, org: str, user: str) -> Erasure:
        return await asyncio.to_thread(self.sync.erase_user, org, user)

    async def close(self) -> None:
        await asyncio.to_thread(self.sync.close)

    async def __aenter__(self) -> AsyncEngine:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
