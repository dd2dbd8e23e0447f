"""A session with a capability gets its capability memory in a section of its own: the
strategies, the heuristics and the events most relevant to the query, within budget."""

from __future__ import annotations

from statekeeper import Engine, Principal, Session, Settings
from statekeeper.context.tokens import default_tokenizer
from tests.conftest import Clock, MakeEngine

AGENT = Principal(org="acme", user="bot")
HEADER = "## Capability memory: calendar"


def _master(engine: Engine) -> Session:
    return engine.session(AGENT, capability="calendar", maturity="master")


def test_the_section_holds_strategies_heuristics_and_relevant_events(engine: Engine) -> None:
    s = _master(engine)
    s.learn("Protect the executives' mornings", level="strategy")
    s.learn("Send board meeting invites a week ahead", level="heuristic")
    s.learn("The board meeting invite went out two days late")
    s.learn("The catering order for the offsite was short by ten lunches")
    text = s.context("When should the board meeting invite go out?").text
    section = text[text.index(HEADER) :].split("\n\n")[0].splitlines()
    assert section[1:] == [
        "- [strategy] Protect the executives' mornings",
        "- [heuristic] Send board meeting invites a week ahead",
        "- [event 2026-03-02] The board meeting invite went out two days late",
    ]  # the catering event is not about the query


def test_the_section_stays_within_budget_and_says_what_it_left_out(
    engine: Engine, clock: Clock
) -> None:
    s = _master(engine)
    for n in range(60):
        clock.advance(minutes=1)
        s.learn(f"Invite number {n} for the board meeting went out late, again and again")
    tokenizer = default_tokenizer()
    for budget in (120, 200, 400):
        context = s.context("When should the board meeting invite go out?", budget=budget)
        assert context.tokens <= budget and tokenizer.count(context.text) <= budget
        assert any(o.detail.startswith("event l-") for o in context.omitted)
    assert HEADER in s.context("When should the board invite go out?", budget=400).text


def test_a_share_of_zero_leaves_capability_memory_out(make_engine: MakeEngine) -> None:
    engine = make_engine(settings=Settings(capability_share=0.0))
    s = _master(engine)
    s.learn("Protect the executives' mornings", level="strategy")
    assert HEADER not in s.context("Plan the mornings").text


def test_facts_of_the_session_keep_their_place(engine: Engine) -> None:
    s = _master(engine)
    s.write("board_meeting", "Thursday 10:00")
    s.learn("Send board meeting invites a week ahead", level="heuristic")
    text = s.context("When is the board meeting?").text
    assert text.index("## Current facts") < text.index(HEADER)
    assert "Thursday 10:00" in text


def test_lessons_pass_through_the_same_dead_value_hygiene(engine: Engine) -> None:
    s = _master(engine)
    s.write("offsite_venue", "Harbor Hall", memory_type="organizational")
    s.write("offsite_venue", "Lakeside Inn", supersedes="offsite_venue", memory_type="organizational")
    s.learn("Guests asked for directions to Harbor Hall for the offsite")
    text = s.context("Where is the offsite venue? Guests need directions").text
    assert HEADER in text and "Harbor Hall" not in text and "Lakeside Inn" in text
