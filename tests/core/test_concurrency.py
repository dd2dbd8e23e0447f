"""Concurrent supersession of one key from several engines on one SQLite file."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest

from statekeeper import Engine, Fact
from tests.conftest import ALICE, START

THREADS = 4
WRITES = 8


class TickingClock:
    """A clock shared by threads that moves one second on every reading."""

    def __init__(self) -> None:
        self.now = START
        self.lock = threading.Lock()

    def __call__(self) -> datetime:
        with self.lock:
            self.now += timedelta(seconds=1)
            return self.now


def _run(
    location: str, mode: str, clock: Callable[[], datetime] = lambda: START
) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(THREADS)

    def worker(n: int) -> None:
        try:
            with Engine.open(location, clock=clock) as engine:
                s = engine.session(ALICE)
                barrier.wait()
                for i in range(WRITES):
                    value = f"worker-{n}-write-{i}"
                    if mode == "supersede":
                        s.supersede("counter", value)
                    elif mode == "supersedes":
                        s.write("counter", value, supersedes="counter")
                    else:
                        s.write("counter", value)
        except BaseException as error:  # noqa: BLE001 - collected and asserted empty
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return errors


@pytest.mark.parametrize("mode", ["supersede", "supersedes", "implicit"])
def test_one_head_one_chain(location: str, mode: str) -> None:
    with Engine.open(location, clock=lambda: START) as engine:
        first = engine.session(ALICE).write("counter", "initial")

    errors = _run(location, mode)
    assert errors == []

    with Engine.open(location, clock=lambda: START) as engine:
        s = engine.session(ALICE)
        history = s.history("counter")
        heads = [f for f in history if f.is_valid]
        assert len(history) == 1 + THREADS * WRITES
        assert len(heads) == 1
        by_id: dict[str, Fact] = {f.id: f for f in history}
        # Walk the chain from the first fact: every version, in order, to the head.
        walked = [first.id]
        while by_id[walked[-1]].superseded_by is not None:
            successor = by_id[walked[-1]].superseded_by
            assert successor is not None and successor not in walked
            assert by_id[successor].supersedes == walked[-1]
            walked.append(successor)
        assert walked[-1] == heads[0].id
        assert sorted(walked) == sorted(by_id)
        assert s.current_value(first.id) == heads[0].value
        assert [f.id for f in s.facts()] == [heads[0].id]


def test_one_head_with_moving_clock(location: str) -> None:
    """With a moving clock a slower writer may lose by Rule 4; it still points at a head."""
    clock = TickingClock()
    with Engine.open(location, clock=clock) as engine:
        engine.session(ALICE).write("counter", "initial")
    assert _run(location, "supersede", clock) == []
    with Engine.open(location, clock=clock) as engine:
        s = engine.session(ALICE)
        history = s.history("counter")
        heads = [f for f in history if f.is_valid]
        assert len(history) == 1 + THREADS * WRITES
        assert len(heads) == 1
        by_id = {f.id: f for f in history}
        for fact in history:
            seen = {fact.id}
            while fact.superseded_by is not None:
                fact = by_id[fact.superseded_by]
                assert fact.id not in seen
                seen.add(fact.id)
            assert fact.id == heads[0].id
