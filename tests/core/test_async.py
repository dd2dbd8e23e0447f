"""The async API: every call of the sync one, awaitable, with the same results and the
same errors, on both stores."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any, TypeVar

import pytest

from statekeeper import AsyncEngine, AsyncSession, Engine, InvalidInputError, Session
from tests.conftest import ALICE, Clock, snapshot
from tests.core.test_bad_input import CASES, Call

T = TypeVar("T")


def run(call: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(call)


@pytest.fixture
def aengine(engine: Engine) -> AsyncEngine:
    return AsyncEngine(engine)


@pytest.fixture
def seeded(aengine: AsyncEngine, clock: Clock) -> dict[str, str]:
    async def seed() -> dict[str, str]:
        s = aengine.session(ALICE)
        a = await s.write("unit_price", "$40 per seat")
        clock.advance(minutes=1)
        b = await s.write("seat_total", "$4,000", depends_on=[a.id])
        await s.remember("scratch", "draft numbers")
        await s.add_turn("alice", "hello there")
        clock.advance(minutes=1)
        return {"a": a.id, "b": b.id}

    return run(seed())


# Every case is one call, but one that chains two with `or` (a coroutine is always true).
ONE_CALL = [case for case in CASES if " or " not in case[0] and "not an error" not in case[0]]


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [pytest.param(c, e, f, id=name) for name, c, e, f in ONE_CALL],
)
def test_bad_input_raises_the_same_error_and_changes_nothing(
    aengine: AsyncEngine,
    seeded: dict[str, str],
    location: str,
    call: Call,
    error: type[Exception],
    fragment: str,
) -> None:
    before = snapshot(location)

    async def attempt() -> Any:
        found = call(aengine.session(ALICE), seeded)
        return await found if asyncio.iscoroutine(found) else found

    with pytest.raises(error) as caught:
        run(attempt())
    assert fragment.lower() in str(caught.value).lower()
    assert snapshot(location) == before


async def _scenario(s: Any, clock: Clock) -> list[Any]:
    """One day of a session, step by step; what each step returned."""

    async def step(result: Any) -> Any:
        return await result if asyncio.iscoroutine(result) else result

    out: list[Any] = []
    out.append((await step(s.write("venue", "Harbor Hall, Room 2"))).value)
    clock.advance(minutes=1)
    out.append((await step(s.supersede("venue", "Cedar Pavilion"))).value)
    await step(s.observe("alice", "The caterer is Blue Olive, 40 guests confirmed."))
    clock.advance(minutes=1)
    await step(s.observe("alice", "Correction: it's 44 guests, two plus-ones came in."))
    item = await step(s.remember("todo", "send seating chart", ttl=timedelta(hours=1)))
    out.append(item.value)
    out.append([f.value for f in await step(s.history("venue"))])
    out.append(sorted(f.key for f in await step(s.facts())))
    out.append(await step(s.current_value("venue")))
    out.append(await step(s.is_current("venue")))
    out.append((await step(s.context("Where is the dinner and for how many?"))).text)
    return out


def test_a_session_gives_the_same_results_sync_and_async(
    make_engine: Any, clock: Clock
) -> None:
    start = clock()
    sync = _run_sync(make_engine("sync.db").session(ALICE), clock)
    clock.now = start
    done = run(_scenario(AsyncEngine(make_engine("async.db")).session(ALICE), clock))
    assert done == sync
    assert "Cedar Pavilion" in done[-1] and "Harbor Hall" not in done[-1]


def _run_sync(s: Session, clock: Clock) -> list[Any]:
    return run(_scenario(s, clock))  # a sync session's calls return plain values


def test_concurrent_writes_leave_one_live_head(aengine: AsyncEngine) -> None:
    async def race() -> list[Any]:
        s = aengine.session(ALICE)
        return await asyncio.gather(*(s.write("counter", f"value {n}") for n in range(12)))

    written = run(race())
    assert len({f.id for f in written}) == 12
    s = aengine.sync.session(ALICE)
    assert [f.key for f in s.facts()].count("counter") == 1
    assert len(s.history("counter")) == 12


def test_open_and_close_as_an_async_context(location: str) -> None:
    async def use() -> Any:
        async with await AsyncEngine.open(location) as engine:
            s: AsyncSession = engine.session(ALICE)
            await s.write("door_code", "4411")
            return await s.current_value("door_code")

    assert run(use()) == "4411"


def test_an_async_engine_wraps_only_an_engine() -> None:
    with pytest.raises(InvalidInputError, match="engine"):
        AsyncEngine("state.db")  # type: ignore[arg-type]


def _public(kind: type) -> set[str]:
    return {n for n, m in vars(kind).items() if not n.startswith("_") and callable(m)}


def test_the_async_api_mirrors_every_session_call() -> None:
    assert _public(Session) <= _public(AsyncSession)
    assert {"open", "session", "erase_user", "close"} <= set(vars(AsyncEngine))
