"""Contexts come from facts kept in memory between calls; they must never lag the store.

Two engines on one store stand for two processes: what one writes, the other's next
context shows, and what one supersedes or forgets, the other's next context drops.
"""

from __future__ import annotations

from datetime import timedelta

from statekeeper import Engine, Principal
from statekeeper.context.ranking import Bm25Index
from tests.conftest import ALICE, Clock, MakeEngine

BOB = Principal(org="acme", user="bob", authority="manager")


def test_another_engines_writes_reach_a_warm_context(make_engine: MakeEngine) -> None:
    reader, writer = make_engine("state.db"), make_engine("state.db")
    writer.session(ALICE).write("office", "Berlin office at Torstrasse 12")
    assert "Torstrasse 12" in reader.session(ALICE).context("Where is the office?").text

    writer.session(ALICE).write("office", "Lisbon office at Rua Augusta 80", supersedes="office")
    text = reader.session(ALICE).context("Where is the office?").text
    assert "Rua Augusta 80" in text
    assert "Torstrasse 12" not in text


def test_forget_and_review_in_another_engine_reach_a_warm_context(
    make_engine: MakeEngine,
) -> None:
    reader, writer = make_engine("state.db"), make_engine("state.db")
    session = writer.session(ALICE)
    rate = session.write("rate", "Hourly rate 95 EUR")
    session.write("quote", "Quote total 9,500 EUR", depends_on=[rate.id])
    session.write("phone", "Private phone 0170 5551234")
    assert "0170 5551234" in reader.session(ALICE).context("phone and quote").text

    session.forget("phone")
    session.write("rate", "Hourly rate 110 EUR", supersedes="rate")
    text = reader.session(ALICE).context("phone and quote").text
    assert "0170 5551234" not in text
    assert "9,500" not in text and "NEEDS RECALCULATION" in text


def test_a_warm_snapshot_keeps_each_readers_view(make_engine: MakeEngine) -> None:
    engine = make_engine("state.db")
    shared = {"memory_type": "organizational"}
    engine.session(ALICE).write("salary_band", "Band E4", required_authority="executive", **shared)
    engine.session(ALICE).write("team_size", "Team of 12 engineers", **shared)
    for _ in range(2):  # the second context comes from memory
        context = engine.session(BOB).context("salary band and team size")
        assert "Band E4" not in context.text
        assert context.withheld == 1
        assert "Team of 12" in context.text


def test_expiry_is_noticed_without_a_write(make_engine: MakeEngine, clock: Clock) -> None:
    engine = make_engine("state.db")
    session = engine.session(ALICE)
    session.write("promo", "Flash sale 30% off", ttl=timedelta(hours=1))
    assert "30% off" in session.context("Any promotion?").text
    clock.advance(hours=2)
    assert "30% off" not in session.context("Any promotion?").text
    assert not session.is_current("promo")


def test_ranking_follows_additions_and_removals() -> None:
    index = Bm25Index()
    index.add(1, "carrier for the Rotterdam shipment")
    index.add(2, "invoice for the Rotterdam warehouse")
    index.add(3, "carrier contract renewal")
    assert index.top("Rotterdam carrier", 3) == [1, 3, 2]
    index.remove(1)
    assert index.top("Rotterdam carrier", 3) == [3, 2]
    index.add(4, "carrier for the Rotterdam shipment")
    index.add(5, "carrier for the Rotterdam shipment")
    assert index.top("Rotterdam carrier", 2) == [5, 4]  # a tie goes to the newer fact
    assert index.top("nothing matches", 3) == []


def test_a_closed_engine_keeps_no_facts_in_memory(make_engine: MakeEngine) -> None:
    engine = make_engine("state.db")
    engine.session(ALICE).write("office", "Berlin office at Torstrasse 12")
    engine.session(ALICE).context("Where is the office?")
    engine.session(BOB).context("Where is the office?")
    assert len(engine.snapshots) == 2
    engine.close()
    assert len(engine.snapshots) == 0


def test_a_warm_snapshot_orders_its_newest_facts_as_a_fresh_one(make_engine: MakeEngine) -> None:
    """The order of live facts is kept by each write (appended, or taken out when a fact
    ends); it must equal the one a freshly loaded snapshot sorts."""
    engine = make_engine("state.db")
    session = engine.session(ALICE)
    for n in range(12):
        session.write(f"item_{n}", f"Item {n} ships from dock {n}")
    session.context("Which dock?")  # the snapshot is loaded here, then kept warm
    revised = session.write("item_3", "Item 3 ships from dock 40", supersedes="item_3")
    session.forget("item_5")
    session.write("item_12", "Item 12 ships from dock 12")

    def newest(source: Engine, limit: int | None) -> list[str]:
        with (
            source.store.read(ALICE.org) as uow,
            source.snapshots.synced(session.view, uow) as snapshot,
        ):
            return [fact.id for fact in snapshot.newest(limit)]

    fresh = make_engine("state.db")
    assert newest(engine, None) == newest(fresh, None)
    assert len(newest(engine, None)) == 12
    assert newest(engine, 2)[1] == revised.id
    assert newest(engine, 3) == newest(fresh, None)[:3]
