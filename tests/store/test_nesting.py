"""A write opened inside another on the same thread is a savepoint of it; a read there
reads through it; what waits for a commit waits for the outermost one. Both backends."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from statekeeper import CrossOrganizationError, Engine, Principal, Session, UnknownFactError
from statekeeper.model import WorkingSetItem
from tests.conftest import START


class Refused(Exception):
    """A step of a unit of work that fails."""


@pytest.fixture
def engine(store_url: str) -> Iterator[Engine]:
    with Engine.open(store_url, clock=lambda: START) as opened:
        yield opened


@pytest.fixture
def alice(engine: Engine, org: str) -> Session:
    return engine.session(Principal(org=org, user="alice", authority="manager"))


def _keys(session: Session) -> list[str]:
    return sorted(f.key for f in session.facts())


def test_an_inner_failure_undoes_the_inner_block_only(
    engine: Engine, alice: Session, org: str
) -> None:
    with engine.store.write(org) as outer:
        alice.write("dock", "Dock B takes the freight")
        with pytest.raises(Refused), engine.store.write(org) as inner:
            alice.write("gate", "Gate 4 is open")
            inner.put_item("alice", "default", WorkingSetItem(key="note", value="x", created_at=START))
            raise Refused
        outer.put_item("alice", "default", WorkingSetItem(key="kept", value="y", created_at=START))
        assert _keys(alice) == ["dock"]
    assert _keys(alice) == ["dock"]
    with pytest.raises(UnknownFactError):
        alice.get("gate")
    with engine.store.read(org) as uow:
        assert [i.key for i in uow.items("alice", "default")] == ["kept"]


def test_an_outer_failure_undoes_everything_inside_it(
    engine: Engine, alice: Session, org: str
) -> None:
    with pytest.raises(Refused), engine.store.write(org):
        alice.write("dock", "Dock B takes the freight")
        alice.observe("alice", "My phone number is 555-0100.")
        raise Refused
    assert alice.facts() == []
    assert alice.recent_turns() == []
    alice.write("dock", "Dock C takes the freight")  # the store is usable, and numbers anew
    assert [f.value for f in alice.history("dock")] == ["Dock C takes the freight"]


def test_a_read_inside_a_write_sees_its_uncommitted_rows(
    engine: Engine, alice: Session, org: str
) -> None:
    with engine.store.write(org):
        written = alice.write("dock", "Dock B takes the freight")
        with engine.store.read(org) as uow:
            assert [f.id for f in uow.valid_facts(alice.view)] == [written.id]
        assert alice.get("dock").value == "Dock B takes the freight"
        assert "Dock B" in alice.context("Which dock takes the freight?").text


def test_an_in_memory_store_reads_inside_its_write_without_waiting() -> None:
    """Its units of work share one connection under one lock, which the write holds."""
    with Engine.open(":memory:", clock=lambda: START) as engine:
        alice = engine.session(Principal(org="acme", user="alice"))
        with engine.store.write("acme"):
            alice.write("dock", "Dock B takes the freight")
            with engine.store.read("acme") as uow:
                assert [f.key for f in uow.valid_facts(alice.view)] == ["dock"]
            alice.observe("alice", "My phone number is 555-0100.")
            assert "Dock B" in alice.context("Which dock takes the freight?").text
        assert _keys(alice) == ["dock", "phone"]


def test_a_unit_of_work_of_another_organization_cannot_nest(
    engine: Engine, alice: Session, org: str
) -> None:
    other = org + "-other"
    with engine.store.write(org):
        alice.write("dock", "Dock B takes the freight")
        with pytest.raises(CrossOrganizationError) as raised, engine.store.write(other):
            pass
        assert (raised.value.open_org, raised.value.asked_org) == (org, other)
        with pytest.raises(CrossOrganizationError), engine.store.read(other):
            pass
        stranger = engine.session(Principal(org=other, user="eve"))
        with pytest.raises(CrossOrganizationError):
            stranger.write("dock", "Dock Z")
    assert _keys(alice) == ["dock"]  # the refusal did not spoil the open write
    assert stranger.facts() == []


def test_what_waits_for_a_commit_runs_once_after_the_outermost_one(
    engine: Engine, org: str
) -> None:
    ran: list[str] = []
    with engine.store.write(org):
        with engine.store.write(org):
            engine.store.after_commit(lambda: ran.append("inner"))
            with engine.store.write(org):
                engine.store.after_commit(lambda: ran.append("innermost"))
        with pytest.raises(Refused), engine.store.write(org):
            engine.store.after_commit(lambda: ran.append("undone"))
            raise Refused
        engine.store.after_commit(lambda: ran.append("outer"))
        assert ran == []
    assert ran == ["inner", "innermost", "outer"]
    with pytest.raises(Refused), engine.store.write(org):
        engine.store.after_commit(lambda: ran.append("rolled back"))
        raise Refused
    engine.store.after_commit(lambda: ran.append("no write open"))
    assert ran == ["inner", "innermost", "outer", "no write open"]


def test_each_thread_has_a_unit_of_work_of_its_own(
    engine: Engine, alice: Session, org: str
) -> None:
    """A writer on another thread waits for the open write instead of joining it, and a
    reader there never sees its rows, not even through the engine's kept snapshot."""
    opened, failures = threading.Event(), []
    seen: dict[str, list[str]] = {}

    def rolled_back_writer() -> None:
        try:
            with pytest.raises(Refused), engine.store.write(org):
                alice.write("from_first", "Pallet 7 goes to Dock A")
                seen["writer"] = alice.context("Where does pallet 7 go?").text
                opened.set()
                seen["reader"] = _other_thread(lambda: alice.context("Where does pallet 7 go?").text)
                seen["first"] = _keys(alice)
                raise Refused
        except BaseException as error:  # noqa: BLE001 - reported by the test thread
            failures.append(error)
            opened.set()

    def second_writer() -> None:
        try:
            opened.wait(30)
            with engine.store.write(org):
                alice.write("from_second", "Pallet 9 goes to Dock C")
                seen["second"] = _keys(alice)
        except BaseException as error:  # noqa: BLE001 - reported by the test thread
            failures.append(error)

    threads = [threading.Thread(target=rolled_back_writer), threading.Thread(target=second_writer)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failures == []
    assert seen["first"] == ["from_first"]
    assert seen["second"] == ["from_second"]
    assert "Dock A" in seen["writer"] and "Dock A" not in seen["reader"]
    assert _keys(alice) == ["from_second"]
    assert "Dock A" not in alice.context("Where does pallet 7 go?").text


def _other_thread(read: Callable[[], str]) -> str:
    """What a reader on another thread gets while this one holds a write open."""
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.append(read()))
    reader.start()
    reader.join(30)
    assert found, "the reader waited for the open write"
    return found[0]
