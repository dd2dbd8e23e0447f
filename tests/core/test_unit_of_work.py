"""An observed turn is one unit of work: stored whole with all it states, or not at all;
and no context shows a fact whose write was rolled back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from statekeeper import DuplicateFactError, Engine, Fact, Session, StatekeeperError
from statekeeper.facts.chain import new_fact_id
from statekeeper.integrations.statebench import StateKeeperStrategy
from statekeeper.nlu.extract import Candidate
from tests.conftest import ALICE, START, Clock, snapshot

TWO_FACTS = "My phone number is 555-0100 and my email is dana@example.com."


class Refused(Exception):
    """A step of a unit of work that fails."""


def test_a_turn_whose_later_step_fails_leaves_nothing(
    alice: Session, clock: Clock, location: str
) -> None:
    """The turn's second fact would take an id a caller gave another fact first: the turn,
    its first fact and the turn's link to it all go, and the caller gets the refusal."""
    # One fact, then the turn: its phone takes sequence number 2, its email 3.
    taken = new_fact_id(alice.view, "email", clock.now, 3)
    alice.write("parking_spot", "P2-14", id=taken)
    before = snapshot(location)
    with pytest.raises(DuplicateFactError) as raised:
        alice.observe("alice", TWO_FACTS)
    assert isinstance(raised.value, StatekeeperError)
    assert snapshot(location) == before
    assert alice.recent_turns() == []
    assert [f.key for f in alice.facts()] == ["parking_spot"]
    assert "555-0100" not in alice.context("What is my phone number?").text
    # Said again a minute later, when its ids clash with nothing, the turn is stored whole.
    clock.advance(minutes=1)
    turn = alice.observe("alice", TWO_FACTS)
    assert sorted(f.key for f in alice.facts()) == ["email", "parking_spot", "phone"]
    assert len(turn.fact_ids) == 2 and alice.recent_turns() == [turn]


class Listed:
    """An extractor that proposes the same facts for every turn, as a model might."""

    def __init__(self, *pairs: tuple[str, str]) -> None:
        self.pairs = pairs

    def extract(self, text: str, *, speaker: str, known: Sequence[Fact]) -> list[Candidate]:
        return [Candidate(key=key, value=value) for key, value in self.pairs]


def test_a_refused_proposal_undoes_its_own_write_alone(
    store_location: Callable[[str], str], clock: Clock
) -> None:
    """Inside a caller's unit of work, a plugged-in extractor's proposal the store refuses
    (its id is taken) rolls back its own savepoint: the turn, the other proposals and the
    caller's own writes are committed with the unit."""
    extractor = Listed(("phone", "555-0100"), ("email", "dana@example.com"), ("dock", "Dock 9"))
    with Engine.open(store_location("lenient.db"), clock=clock, extractor=extractor) as engine:
        alice = engine.session(ALICE)
        alice.write("parking_spot", "P2-14", id=new_fact_id(alice.view, "email", clock.now, 3))
        with engine.store.write(ALICE.org):
            turn = alice.observe("alice", "Reach me at 555-0100 or dana@example.com; Dock 9.")
            alice.write("gate", "Gate 4")
        assert sorted(f.key for f in alice.facts()) == ["dock", "gate", "parking_spot", "phone"]
        assert alice.recent_turns() == [turn]
        assert [alice.get(i).key for i in turn.fact_ids] == ["phone", "dock"]


def test_no_context_shows_a_fact_whose_write_rolled_back(
    engine: Engine, alice: Session
) -> None:
    alice.write("gate_code", "Gate code is 2205")
    with pytest.raises(Refused), engine.store.write(alice.principal.org):
        alice.write("door_code", "Door code is 4417")
        # contexts inside the write read its rows through the engine's kept snapshot
        assert "4417" in alice.context("What is the door code?").text
        raise Refused
    assert len(engine.snapshots) == 0  # the snapshot that read the write's rows is dropped
    assert "4417" not in alice.context("What is the door code?").text
    # the next write takes the rolled-back fact's place in the order of writes
    alice.write("dock", "Dock B takes the freight")
    text = alice.context("What are the door code, the gate code and the dock?").text
    assert "4417" not in text and "2205" in text and "Dock B" in text
    assert [f.key for f in alice.facts()] == ["dock", "gate_code"]


def test_the_adapter_applies_its_deferred_events_in_one_transaction(location: str) -> None:
    """An event the engine refuses (a working item with no name) undoes the events
    deferred with it: the timeline's writes are applied all together or not at all."""
    strategy = StateKeeperStrategy(url=location)
    strategy.reset()
    strategy.initialize_from_state(
        {
            "identity_role": {"user_name": "Dana", "authority": "manager"},
            "environment": {"now": START.isoformat()},
        }
    )
    fact = {"key": "carrier", "value": "Northwind Freight carries the order"}
    strategy.process_event({"type": "state_write", "ts": "2026-03-03T09:00:00", "writes": [fact]})
    nameless = {"key": "", "value": "call back", "layer": "working_set"}
    strategy.process_event(
        {"type": "state_write", "ts": "2026-03-04T09:00:00", "writes": [nameless]}
    )
    with pytest.raises(StatekeeperError):
        strategy.build_context({"prompt": "Who carries the order?"})
    assert "Northwind" not in strategy.build_context({"prompt": "Who carries the order?"}).context
    strategy.process_event({"type": "state_write", "ts": "2026-03-05T09:00:00", "writes": [fact]})
    assert "Northwind" in strategy.build_context({"prompt": "Who carries the order?"}).context
    strategy.close()
