"""A restricted successor never reaches a principal through the supersession chain."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal, Source, SourceType, UnknownFactError

EXEC = Principal(org="acme", user="erin", authority="executive")
PEER = Principal(org="acme", user="pat", authority="peer")
BOARD = Source(type=SourceType.POLICY, authority="executive")


def test_an_overruled_write_does_not_lead_to_the_restricted_value(engine: Engine) -> None:
    engine.session(EXEC).write(
        "price_floor", "Floor $48,000", source=BOARD, required_authority="executive"
    )
    peer = engine.session(PEER)
    mine = peer.write("price_floor", "Floor $1", overrule=True)
    with pytest.raises(UnknownFactError):
        peer.current_value(mine.id)
    [seen] = peer.history("price_floor")
    assert seen.id == mine.id and seen.superseded_by is None
    assert seen.invalid_reason == "superseded"
    assert peer.get(mine.id).superseded_by is None


def test_an_open_fact_superseded_by_a_restricted_one_hides_the_successor(
    engine: Engine,
) -> None:
    peer = engine.session(PEER)
    first = peer.write("bonus_pool", "Pool $20,000", memory_type="organizational")
    engine.session(EXEC).write(
        "bonus_pool",
        "Pool $75,000",
        supersedes=first.id,
        source=BOARD,
        required_authority="executive",
    )
    with pytest.raises(UnknownFactError):
        peer.current_value(first.id)
    assert "$75,000" not in repr(peer.history("bonus_pool"))
    assert engine.session(EXEC).current_value(first.id) == "Pool $75,000"


def test_an_observed_turn_does_not_lead_to_the_restricted_value(engine: Engine) -> None:
    engine.session(EXEC).write(
        "launch_budget", "Budget $90,000", source=BOARD, required_authority="executive"
    )
    peer = engine.session(PEER)
    peer.observe("pat", "Actually, the launch budget is $12,345 now.")
    for fact in peer.history("launch_budget"):
        try:
            value = peer.current_value(fact.id)
        except UnknownFactError:
            continue
        assert "$90,000" not in str(value)


HR = Principal(org="acme", user="hana", authority="manager", permissions=frozenset({"hr"}))


@pytest.mark.parametrize("by_key", [True, False])
def test_a_new_value_of_a_restricted_fact_stays_restricted(engine: Engine, by_key: bool) -> None:
    hr = engine.session(HR)
    old = hr.write("salary_offer", "Offer $90,000", required_permissions=["hr"],
                   memory_type="organizational")  # fmt: skip
    new = hr.write("salary_offer", "Offer $95,000", supersedes=None if by_key else old.id,
                   memory_type="organizational")  # fmt: skip
    assert new.required_permissions == frozenset({"hr"})
    assert "$95,000" not in engine.session(PEER).context("salary offer").text
    assert "$95,000" in hr.context("salary offer").text


def test_a_restriction_asked_by_rank_carries_over_unless_the_write_names_its_own(
    engine: Engine,
) -> None:
    board = engine.session(EXEC)
    board.write("price_floor", "Floor $48,000", source=BOARD, required_authority="executive")
    kept = board.write("price_floor", "Floor $46,000", source=BOARD)
    assert kept.required_authority == "executive"
    named = board.write("price_floor", "Floor $45,000", source=BOARD, required_authority="manager")
    assert named.required_authority == "manager"
