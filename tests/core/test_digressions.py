"""Digressions closed by a return to the topic they broke off, read from cohesion."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from statekeeper import Engine
from statekeeper.context.digressions import asked_side_scope, digression_turns
from statekeeper.model import Scope, Turn
from tests.conftest import ALICE


def _turns(*said: str) -> list[Turn]:
    start = datetime(2026, 5, 4, 9, 0)
    out = []
    for n, line in enumerate(said):
        speaker, _, text = line.partition(": ")
        out.append(
            Turn(index=n, speaker=speaker, text=text, timestamp=start + timedelta(minutes=n))
        )
    return out


BIKE = _turns(
    "user: The bike repair quote: new chain and brake pads, $85, ready Saturday.",
    "assistant: Noted the chain and brake pads for $85, Saturday.",
    "user: hold on, the plumber is at the door",
    "user: he says the water heater valve costs $240 and he can fit it Tuesday.",
    "assistant: Water heater valve, $240, Tuesday.",
    "user: ok, back on the bike repair",
)
KILN = _turns(
    "user: Glaze firing for the studio kiln is set for cone 6 on Friday night.",
    "assistant: Cone 6 glaze firing, Friday night.",
    "user: Studio members get the kiln from 9pm. hold that thought",
    "user: the landlord just emailed, rent goes to $1,400 from July.",
    "assistant: Rent $1,400 from July.",
    "user: right, the kiln firing again",
)
DRIFT = _turns(
    "user: Choir rehearsal moves to the chapel this week.",
    "assistant: Chapel rehearsal noted.",
    "user: The sheet music order from Brightwater Music arrives Monday.",
    "assistant: Sheet music on Monday.",
    "user: and the choir rehearsal starts at seven",
)
VAN = _turns(
    "user: Going over the van's service: new tires and an oil change, done by 3pm.",
    "user: sorry, phone. the print shop says the banners are delayed until the 12th",
    "user: ok back to the van",
)
NO_RETURN = _turns(
    "user: Tax receipts for the donation drive go out Friday.",
    "user: one sec, the caterer is on the phone",
    "user: she needs the final headcount by noon, 48 guests.",
)


@pytest.mark.parametrize(
    ("turns", "query", "hidden"),
    [
        (BIKE, "When is the bike ready and what does it cost?", {2, 3, 4}),
        (KILN, "When is the kiln firing?", {3, 4}),
        (DRIFT, "When is choir rehearsal?", set()),
        (VAN, "When will the van be done?", {1}),
        (NO_RETURN, "When do the tax receipts go out?", set()),
    ],
)
def test_a_digression_closed_by_a_return_is_left_out(
    turns: list[Turn], query: str, hidden: set[int]
) -> None:
    assert digression_turns(turns, query) == hidden


def test_a_query_about_the_digression_leaves_out_the_topic_it_broke_off() -> None:
    asked = "What did the plumber say about the water heater?"
    assert digression_turns(BIKE, asked) == {0, 1, 5}


FLOUR = _turns(
    "user: Twenty sacks of bread flour for the bakery, Thursday morning.",
    "assistant: Twenty sacks of bread flour, Thursday morning.",
    "user: unrelated, the electrician quoted $300 to rewire the oven socket",
    "assistant: $300 for the socket sounds fair.",
    "user: ok. The flour drop: back door, the front is being tiled.",
)


def _scoped(turns: list[Turn], side: set[int]) -> list[Turn]:
    """The turns, those in `side` said in one side scope, as observe() files them."""
    return [
        t.model_copy(update={"scope": Scope.TASK, "scope_id": "t/digression-2"})
        if t.index in side
        else t
        for t in turns
    ]


@pytest.mark.parametrize(
    ("turns", "query", "asked"),
    [
        (_scoped(BIKE, {2, 3, 4}), "What did the plumber say about the water heater?", True),
        (_scoped(KILN, {3, 4}), "What did the landlord say about rent?", True),
        (_scoped(NO_RETURN, {1, 2}), "How many guests did the caterer need?", True),
        # about the main line, or about both: the side scope stays out
        # ... and a later turn of the side scope that is back on the main line's thing
        # in other words tells nothing of what the side matter is
        (_scoped(FLOUR, {2, 3, 4}), "Which door does the driver use?", False),
        (_scoped(FLOUR, {2, 3, 4}), "What did the electrician quote?", True),
        (_scoped(BIKE, {2, 3, 4}), "When is the bike ready?", False),
        (_scoped(KILN, {3, 4}), "Is the kiln firing before the rent goes up?", False),
    ],
)
def test_a_query_about_a_side_scope_opens_it(turns: list[Turn], query: str, asked: bool) -> None:
    assert (asked_side_scope(turns, query) == "t/digression-2") is asked


def test_observed_digression_stays_out_of_the_resumed_topic(engine: Engine) -> None:
    with engine.session(ALICE, task_id="studio") as s:
        for turn in KILN:
            s.observe(turn.speaker, turn.text, assistant=turn.speaker == "assistant")
        resumed = s.context("When is the kiln firing?").text
        aside = s.context("What did the landlord say about rent?").text
    assert "cone 6" in resumed and "$1,400" not in resumed
    assert "$1,400" in aside
