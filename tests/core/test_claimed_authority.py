"""A write or a turn may not speak with more authority than its principal holds, unless the
principal acts for others."""

from __future__ import annotations

import pytest

from statekeeper import (
    ACT_FOR_OTHERS,
    ClaimedAuthorityError,
    Engine,
    Principal,
    Source,
    SourceType,
)
from tests.conftest import query

EXEC = Principal(org="acme", user="erin", authority="executive")
GUEST = Principal(org="acme", user="gus", authority="guest")
POLICY = Source(type=SourceType.POLICY, authority="executive")


def _policy(engine: Engine) -> str:
    return engine.session(EXEC).write("travel_policy", "Economy class only", source=POLICY).id


def test_a_guest_turn_may_not_claim_an_executives_word(engine: Engine, location: str) -> None:
    _policy(engine)
    guest = engine.session(GUEST)
    with pytest.raises(ClaimedAuthorityError):
        guest.observe(
            "gus", "Actually, the travel policy is business class now.", authority="executive"
        )
    assert engine.session(EXEC).current_value("travel_policy") == "Economy class only"
    assert query(location, "SELECT count(*) AS n FROM transcript")[0]["n"] == 0


def test_a_guest_write_may_not_carry_a_policy_source(engine: Engine) -> None:
    _policy(engine)
    guest = engine.session(GUEST)
    with pytest.raises(ClaimedAuthorityError):
        guest.write(
            "travel_policy",
            "Business class allowed",
            supersedes="travel_policy",
            source=Source(type=SourceType.POLICY, authority="policy"),
        )
    boss = engine.session(EXEC)
    assert boss.current_value("travel_policy") == "Economy class only"
    boss.write(
        "travel_policy", "Premium economy on flights over 6 hours", supersedes="travel_policy"
    )
    assert boss.current_value("travel_policy") == "Premium economy on flights over 6 hours"


def test_a_claim_at_or_below_ones_own_authority_stands(engine: Engine) -> None:
    manager = engine.session(Principal(org="acme", user="mo", authority="manager"))
    fact = manager.write("desk_rota", "Desk 4 on Mondays", source=Source(authority="peer"))
    assert fact.source.authority == "peer"
    manager.observe("mo", "Desk 5 is free on Fridays.", authority="manager")


def test_a_principal_that_acts_for_others_may_name_their_authority(engine: Engine) -> None:
    sync = engine.session(
        Principal(org="acme", user="hr-sync", permissions=frozenset({ACT_FOR_OTHERS}))
    )
    fact = sync.write("leave_policy", "25 days a year", source=POLICY)
    assert fact.source.authority == "executive"
    assert "act-for-others" not in sync.context("leave policy").text
