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


# A return said in words closes what the latest break-off opened, whatever words the two
# share or leave out.
CAKE = _turns(
    "user: Wedding cake for the Larsens: three tiers, lemon sponge, collection Saturday 10am.",
    "assistant: Noted: three tiers, lemon sponge, Saturday 10am.",
    "user: two secs, the flour rep is here. Cake flour goes up to £31 a sack from March.",
    "assistant: Cake flour at £31 a sack from March.",
    "user: ok, back to the Larsens. Add a fourth tier.",
)
GARAGE = _turns(
    "user: Service for the blue van: oil, brakes, inspection on the 14th.",
    "assistant: Booked for the 14th.",
    "user: ok, interrupting myself here, my daughter just rang. School pickup is 3:15 today.",
    "assistant: Pickup at 3:15.",
    "user: right, where was I. It needs wipers too.",
)
SHOW = _turns(  # the digression shares "show" with the topic it broke off
    "user: Pricing the summer show: tickets £12, programme £3.",
    "assistant: Tickets £12, programme £3.",
    "user: hang on, the printer's on the line. The show posters are late, Thursday now.",
    "assistant: Posters on Thursday.",
    "user: Anyway. Make the programme £4.",
)
# look-alikes: no break-off before the return; a break-off with no topic before it
GARDEN = _turns(
    "user: Garden plan: roses along the fence.",
    "assistant: Roses along the fence.",
    "user: Went back to the nursery, they had lavender for £6.",
    "user: back to the roses, make them white.",
)
CHAIRS = _turns(
    "user: hang on, the driver is here with the chairs, 40 of them.",
    "assistant: 40 chairs delivered.",
    "user: back to the seating plan: two long tables.",
)
# a repair opened by a pause word is no break-off: what it says stays in view
KEYED = _turns(
    "user: Quote for the Marsh kitchen: 14 units, fitting from 3 June.",
    "assistant: 14 units, fitting from 3 June.",
    "user: oh wait, the 14 I keyed is the wrong one, it's 11 units.",
    "assistant: 11 units then.",
    "user: ok, on with the quote then: worktops in oak.",
)
MISREAD = _turns(
    "user: Bus hire for the choir: 52 seats, pick-up 8am Saturday.",
    "assistant: 52 seats, 8am Saturday.",
    "user: hold on, I misread the form, it's 48 seats.",
    "assistant: 48 seats.",
    "user: right, back to the bus hire: add a stop at Ashby.",
)
TYPO = _turns(
    "user: Room block for the summit: 30 rooms, 2 nights.",
    "assistant: 30 rooms, 2 nights.",
    "user: one sec, typo on my part, 35 rooms.",
    "assistant: 35 rooms.",
    "user: anyway, the room block: late checkout too.",
)


@pytest.mark.parametrize(
    ("turns", "query", "hidden"),
    [
        (CAKE, "What is the Larsen cake order?", {2, 3}),
        (GARAGE, "What does the blue van need?", {2, 3}),
        (SHOW, "What do tickets and programmes cost?", {2, 3}),
        (GARDEN, "What goes along the fence?", set()),
        (CHAIRS, "What is the seating plan?", set()),
        (KEYED, "How many units are in the quote?", set()),
        (MISREAD, "How many seats on the bus?", set()),
        (TYPO, "How many rooms are in the block?", set()),
        # asked about the digression itself: the topic it broke off is left out
        (CAKE, "What did the flour rep say about prices?", {0, 1, 4}),
    ],
)
def test_a_return_said_in_words_closes_the_latest_break_off(
    turns: list[Turn], query: str, hidden: set[int]
) -> None:
    assert digression_turns(turns, query) == hidden


def test_a_break_off_already_left_out_is_not_returned_from_again() -> None:
    """Where the turns of a side scope are already missing, the break-off before them is
    not what the return closes: "wait, make it 8" put the booking right."""
    said = _turns(
        "user: Table for 6 at 7pm at the bistro.",
        "user: wait, make it 8 people.",
        "user: hang on, the courier is at the door",
        "user: he needs a signature for the parcel.",
        "user: ok back to the booking",
    )
    shown = [said[0], said[1], said[4]]
    assert digression_turns(shown, "What is the booking?") == set()


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
