"""Which scope a turn belongs to: a digression ends when a turn names a thing the main line
gave a value, and shares no word with the digression; a word merely in common does not
end it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from statekeeper.conversation.scopes import turn_scope
from statekeeper.model import Scope, Turn

SIDE = "t/digression-2"


def _said(main: list[str], aside: list[str]) -> list[Turn]:
    start = datetime(2026, 4, 2, 10, 0)
    turns = [
        Turn(index=n, speaker="user", text=text, timestamp=start + timedelta(minutes=n))
        for n, text in enumerate(main)
    ]
    for text in aside:
        n = len(turns)
        turns.append(
            Turn(
                index=n,
                speaker="user",
                text=text,
                timestamp=start + timedelta(minutes=n),
                scope=Scope.TASK,
                scope_id=SIDE,
            )
        )
    return turns


CASES = [
    (
        ["Vendors so far: caterer is Blue Olive, venue is Harbor Loft."],
        ["one sec, the landlord is texting", "he wants the rent by Friday, $1,200"],
        "wait, ignore me on the caterer, ours is Fig Tree Catering",
        Scope.GLOBAL,
    ),
    (
        ["The pallet count for the Denver order is 24, dock is Bay 3."],
        ["hang on, my kid's school is calling", "pickup moved to 2:15 today"],
        "sorry, the dock for Denver should be Bay 5",
        Scope.GLOBAL,
    ),
    (
        ["Quote for the roof: crew lead is Sam, start date March 3."],
        ["quick aside, the van needs new tires", "tire shop says $640 for four"],
        "ok so the start date slips a week",
        Scope.GLOBAL,
    ),
    # a word in common with the main line that names nothing it gave a value stays aside
    (
        ["Agreed on a 3-year term for the hosting plan."],
        ["hold on, finance is on the line", "they want a 10% cut in tooling"],
        "push new tools to next year",
        Scope.TASK,
    ),
    # a word of the digression keeps the turn in it
    (
        ["Vendors so far: caterer is Blue Olive, venue is Harbor Loft."],
        ["one sec, the landlord is texting about the venue parking"],
        "the venue parking is on Elm St he says",
        Scope.TASK,
    ),
]


@pytest.mark.parametrize(("main", "aside", "text", "scope"), CASES)
def test_a_turn_that_names_the_main_lines_thing_ends_a_digression(
    main: list[str], aside: list[str], text: str, scope: Scope
) -> None:
    earlier = _said(main, aside)
    found, _ = turn_scope(text, earlier[-1], len(earlier), "t", earlier[-1].timestamp, earlier)
    assert found is scope


@pytest.mark.parametrize(
    ("text", "live", "scope"),
    [
        # a hold before a name or a value a live fact holds pauses the same matter
        ("One sec, Okafor is out sick, Lindqvist is stepping in.",
         ["Review panel: Chen and Okafor"], Scope.GLOBAL),
        ("hang on, Order 5521 just got flagged by the bank",
         ["Order 5521: blender, ships Tuesday"], Scope.GLOBAL),
        ("Hold on, the Brandt invoice came back at $4,100.",
         ["Brandt invoice: $3,900"], Scope.GLOBAL),
        # a hold before another matter opens a digression, as before
        ("One sec, the courier is at the door with a parcel for Maya.",
         ["Review panel: Chen and Okafor"], Scope.TASK),
        ("hang on, my landlord just texted about the boiler", [], Scope.TASK),
    ],
)  # fmt: skip
def test_a_hold_before_a_live_fact_s_words_is_the_same_matter(
    text: str, live: list[str], scope: Scope
) -> None:
    assert turn_scope(text, None, 5, "t", None, (), live)[0] == scope


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        # a hold before words that take back or put right what was said: a repair
        ("Hold on, forget the glitter, the venue bans it.", Scope.GLOBAL),
        ("hang on, make that 14 chairs not 12", Scope.GLOBAL),
        ("One sec, scratch the second van, one is plenty.", Scope.GLOBAL),
        # a hold before another matter still opens a digression
        ("Hold on, the plumber is at the door.", Scope.TASK),
        ("one sec, forgetful me, my mum is calling", Scope.TASK),
    ],
)  # fmt: skip
def test_a_hold_before_a_repair_is_the_same_matter(text: str, scope: Scope) -> None:
    assert turn_scope(text, None, 5, "t", None, (), ())[0] == scope


@pytest.mark.parametrize(
    ("hold", "text", "live", "scope"),
    [
        # a turn that only holds: what the user says next is the matter that interrupted
        ("Hold on.", "Line 2. A parcel for C-118 never arrived, log it.",
         ["Legal visit: B-220, Wednesday 09:15"], Scope.TASK),
        ("one sec", "the courier is here with the tiles for number 9",
         ["Kitchen fit: Monday, 4 cabinets"], Scope.TASK),
        ("brb", "sorry, my son needed picking up at 3:30 from football",
         ["Quote Q-77: £2,400"], Scope.TASK),
        # ... unless it takes up the matter held, by a value a live fact holds
        ("Hold on.", "Visit B-220 moves to Thursday.",
         ["Legal visit: B-220, Wednesday 09:15"], Scope.GLOBAL),
        # a hold after words of the matter pauses it, and what follows goes on with it
        ("the booking screen shows nothing under that number. one sec",
         "right, I'd swapped two digits, it's 4417", ["Member no. 4471"], Scope.GLOBAL),
    ],
)  # fmt: skip
def test_what_follows_a_turn_that_only_holds_is_another_matter(
    hold: str, text: str, live: list[str], scope: Scope
) -> None:
    start = datetime(2026, 4, 2, 10, 0)
    earlier = [
        Turn(index=0, speaker="user", text="Booking the visit now.", timestamp=start),
        Turn(index=1, speaker="user", text=hold, timestamp=start + timedelta(minutes=1)),
    ]
    when = start + timedelta(minutes=2)
    assert turn_scope(text, earlier[-1], 2, "t", when, earlier, live)[0] == scope


@pytest.mark.parametrize(
    ("said", "text", "scope"),
    [
        # a hold before a figure the last turns said, in whatever spelling: the same matter
        ("Gig at the Crown on Friday, doors 8:30pm.",
         "hmm, hang on, checking the bus times... 8.30 is rather late for the last bus", Scope.GLOBAL),
        ("Invoice 4471 goes out today, £1,250 for the mural.",
         "one sec, looking at the sheet, 1250 was before the scaffolding", Scope.GLOBAL),
        ("Ferry reserved on the 11:35 sailing, car and two adults.",
         "hold on, the app says the 1135 is full", Scope.GLOBAL),
        # a hold before other figures, or before another matter, opens a digression
        ("Gig at the Crown on Friday, doors 8:30pm.",
         "hang on, my landlord wants £650 by the 3rd", Scope.TASK),
        ("Ferry reserved on the 11:35 sailing, car and two adults.",
         "one sec, the plumber is here about the boiler", Scope.TASK),
    ],
)  # fmt: skip
def test_a_hold_before_a_figure_just_said_is_the_same_matter(
    said: str, text: str, scope: Scope
) -> None:
    start = datetime(2026, 4, 2, 10, 0)
    earlier = [Turn(index=0, speaker="user", text=said, timestamp=start)]
    when = start + timedelta(minutes=1)
    assert turn_scope(text, earlier[-1], 1, "t", when, earlier, ())[0] == scope
