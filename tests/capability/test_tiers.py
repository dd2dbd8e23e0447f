"""Write access to capability memory is gated by the agent's maturity in the capability."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.capability import Level, Maturity, MaturityError
from statekeeper.errors import AuthorityError, InvalidInputError
from tests.conftest import snapshot

AGENT = Principal(org="acme", user="scheduler-bot")

ALLOWED = {
    "junior": {"event"},
    "senior": {"event", "heuristic"},
    "master": {"event", "heuristic", "strategy"},
}


@pytest.mark.parametrize("maturity", ["junior", "senior", "master"])
@pytest.mark.parametrize("level", ["event", "heuristic", "strategy"])
def test_each_maturity_writes_up_to_its_level_and_no_higher(
    engine: Engine, location: str, maturity: str, level: str
) -> None:
    s = engine.session(AGENT, capability="calendar", maturity=maturity)
    if level in ALLOWED[maturity]:
        lesson = s.learn("Send board meeting invites a week ahead", level=level)
        assert lesson.level == Level(level) and lesson.live
        assert lesson.maturity == Maturity(maturity) and lesson.added_by == "scheduler-bot"
        assert lesson.capability == "calendar" and lesson.org == "acme"
        assert [x.id for x in s.lessons()] == [lesson.id]
        return
    before = snapshot(location)
    with pytest.raises(AuthorityError) as caught:
        s.learn("Send board meeting invites a week ahead", level=level)
    assert isinstance(caught.value, MaturityError)
    assert maturity in str(caught.value) and level in str(caught.value)
    assert snapshot(location) == before
    assert s.lessons() == []


def test_a_session_is_junior_unless_it_says_otherwise(engine: Engine) -> None:
    s = engine.session(AGENT, capability="calendar")
    assert s.maturity == Maturity.JUNIOR
    s.learn("The client asked for a later slot")
    with pytest.raises(MaturityError):
        s.learn("Offer afternoon slots first", level="heuristic")


def test_maturity_is_per_capability(engine: Engine) -> None:
    calendar = engine.session(AGENT, capability="calendar", maturity="master")
    contracts = engine.session(AGENT, capability="contracts", maturity="junior")
    calendar.learn("Book the boardroom before the agenda is final", level="strategy")
    with pytest.raises(MaturityError):
        contracts.learn("Always redline the indemnity clause first", level="strategy")
    assert [x.level for x in calendar.lessons()] == [Level.STRATEGY]
    assert contracts.lessons() == []


def test_the_principal_may_carry_the_capability(engine: Engine) -> None:
    carried = engine.session(AGENT.model_copy(update={"capability": "calendar"}), maturity="senior")
    named = engine.session(AGENT, capability="calendar")
    lesson = carried.learn("Offer afternoon slots first", level="heuristic")
    assert [x.id for x in named.lessons()] == [lesson.id]


def test_lessons_list_strategies_then_heuristics_then_events_newest_first(
    engine: Engine, clock: object
) -> None:
    s = engine.session(AGENT, capability="calendar", maturity="master")
    first = s.learn("The client asked for a later slot")
    second = s.learn("The client asked to move the call to Friday")
    rule = s.learn("Offer afternoon slots first", level="heuristic")
    play = s.learn("Protect the executives' mornings", level="strategy")
    assert [x.id for x in s.lessons()] == [play.id, rule.id, second.id, first.id]
    assert [x.id for x in s.lessons(level="event")] == [second.id, first.id]


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda e: e.session(AGENT, capability="calendar", maturity="expert"), "maturity"),
        (lambda e: e.session(AGENT, maturity="senior"), "maturity"),
        (lambda e: e.session(AGENT, capability="cal\nendar"), "capability"),
        (lambda e: e.session(AGENT, capability=7), "capability"),
        (
            lambda e: e.session(
                AGENT.model_copy(update={"capability": "sales"}), capability="calendar"
            ),
            "capability",
        ),
        (lambda e: e.session(AGENT).learn("an event"), "capability"),
        (lambda e: e.session(AGENT).lessons(), "capability"),
        (lambda e: e.session(AGENT, capability="calendar").learn("x", level="rule"), "level"),
        (lambda e: e.session(AGENT, capability="calendar").learn("   "), "text"),
        (lambda e: e.session(AGENT, capability="calendar").learn(["x"]), "text"),
        (lambda e: e.session(AGENT, capability="calendar").lessons(level="rules"), "level"),
        (lambda e: e.session(AGENT, capability="calendar").lessons(history="yes"), "history"),
    ],
)
def test_bad_input_is_refused_and_writes_nothing(
    engine: Engine, location: str, call: object, field: str
) -> None:
    engine.session(AGENT, capability="calendar").learn("The client asked for a later slot")
    before = snapshot(location)
    with pytest.raises(InvalidInputError) as caught:
        call(engine)  # type: ignore[operator]
    assert field in str(caught.value)
    assert snapshot(location) == before
