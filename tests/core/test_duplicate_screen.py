"""A write looks for the facts it may repeat or replace only when some live fact could be
one: a fact recorded from conversation, or one holding the numbers of the new value or of a
superseded one. What the snapshot keeps to answer that must follow every write, this
engine's or another's, and equal what a freshly loaded snapshot reads."""

from __future__ import annotations

from datetime import timedelta

from statekeeper import Engine, Session
from statekeeper.model import Source, SourceType
from tests.conftest import ALICE, Clock, MakeEngine

SAID = Source(type=SourceType.CONVERSATION, speaker="alice", authority="manager")


def kept(engine: Engine, session: Session) -> tuple[bool, int]:
    """Whether the view holds a fact recorded from conversation, and how many live facts
    hold the numbers 14 and 2."""
    with (
        engine.store.read(ALICE.org) as uow,
        engine.snapshots.synced(session.view, uow) as snapshot,
    ):
        return snapshot.holds_recorded(), snapshot.others_holding({("14", "2")}, "")


def test_a_value_recorded_by_another_engine_is_retired_when_written_again(
    make_engine: MakeEngine,
) -> None:
    writer, talker = make_engine("state.db"), make_engine("state.db")
    session = writer.session(ALICE)
    session.write("desk", "Desk 9 by the window")  # the snapshot is loaded without any
    assert kept(writer, session)[0] is False
    said = talker.session(ALICE).write("locker_said", "Gym locker 14 on level 2", source=SAID)

    session.write("gym_locker", "Gym locker 14 on level 2")
    assert not session.is_current(said.id)
    assert session.get(said.id).invalid_reason == "recorded again"


def test_a_copy_written_by_another_engine_goes_with_the_superseded_value(
    make_engine: MakeEngine,
) -> None:
    writer, copier = make_engine("state.db"), make_engine("state.db")
    session = writer.session(ALICE)
    session.write("locker", "Gym locker 14 on level 2")
    assert kept(writer, session)[1] == 1
    copy = copier.session(ALICE).write("my_locker", "Gym locker 14 on level 2")
    other = copier.session(ALICE).write("bike", "Bike rack 14 on level 3")

    session.write("locker", "Gym locker 30 on level 1", supersedes="locker")
    assert not session.is_current(copy.id)
    assert session.is_current(other.id)  # other numbers: not the same value


def test_what_a_warm_snapshot_keeps_equals_a_fresh_read(make_engine: MakeEngine) -> None:
    engine = make_engine("state.db")
    session = engine.session(ALICE)
    session.write("locker", "Gym locker 14 on level 2")
    said = session.write("locker_said", "Locker 14, level 2", source=SAID)
    assert kept(engine, session) == (True, kept(make_engine("state.db"), session)[1])

    session.forget(said.id)
    session.write("locker", "Gym locker 30 on level 1", supersedes="locker")
    session.write("spare", "Spare locker 2, row 14")
    warm, fresh = kept(engine, session), kept(make_engine("state.db"), session)
    assert warm == fresh
    assert warm[0] is False and warm[1] == 1


def test_a_capability_views_fact_expires(make_engine: MakeEngine, clock: Clock) -> None:
    """The reads behind expiry and sync take the view's capability as well as its users."""
    engine = make_engine("state.db")
    session = engine.session(ALICE, capability="calendar")
    fact = session.write("slot", "Slot 4 held", memory_type="capability", ttl=timedelta(hours=1))
    assert session.get(fact.id).is_valid
    clock.advance(hours=2)
    assert session.get(fact.id).invalid_reason == "expired"
    assert "Slot 4" not in session.context("Which slot?").text


def test_a_detecting_write_expires_what_is_due_before_it_returns(
    engine: Engine, clock: Clock
) -> None:
    """The write's read-back is where what has expired is expired, as `get` would."""
    session = engine.session(ALICE)
    promo = session.write("promo", "Flash sale 30% off", ttl=timedelta(hours=1))
    clock.advance(hours=2)
    desk = session.write("desk", "Desk 9 by the window", detect=True)
    assert desk.is_valid and desk.key == "desk"
    expired = session.get(promo.id)
    assert expired.invalid_reason == "expired"
    assert expired.invalidated_at == clock.now
