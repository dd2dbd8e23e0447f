"""One of the alternatives the assistant offered, picked by the user's reply, in place of
the thing the user said they lost."""

from __future__ import annotations

import pytest

from statekeeper.conversation.picks import (
    alternatives,
    asks_which_goes,
    names_value_of,
    picked,
)
from statekeeper.model import ASSISTANT
from tests.conversation.memory import MemoryState, made
from tests.conversation.test_reading import read, said

TRAINS = "Options: the 7:10 local, or the 8:30 express with one change."
HOTELS = "I can rebook you. Options are the Marriott on 5th ($210), or the Hyatt by the station ($190)."
ROOMS = "We could do the Cedar Room for twelve or the Birch Room with the projector."


@pytest.mark.parametrize(
    ("offer", "offered"),
    [
        (TRAINS, ["the 7:10 local", "the 8:30 express with one change"]),
        (HOTELS, ["the Marriott on 5th ($210)", "the Hyatt by the station ($190)"]),
        (ROOMS, ["the Cedar Room for twelve", "the Birch Room with the projector"]),
        ("Either Tuesday or Thursday; Friday is full.", ["Tuesday", "Thursday", "Friday is full"]),
        ("I can do that for you right away.", []),
        # one list of short items, said after "we have"
        ("Sure. We have oak, walnut or white ash.", ["oak", "walnut", "white ash"]),
        ("I can do 8:15, 9:40 or 11am.", ["8:15", "9:40", "11am"]),
        ("We've got the blue, the sage green or the charcoal.",
         ["the blue", "the sage green", "the charcoal"]),
        ("We have a busy week, sorry about that.", []),
        ("The 7:10 is the local train.", []),
    ],
)
def test_alternatives_offered(offer: str, offered: list[str]) -> None:
    assert alternatives(offer) == offered


@pytest.mark.parametrize(
    ("offer", "reply", "choice"),
    [
        (TRAINS, "the 8:30 express, please", "the 8:30 express with one change"),
        (TRAINS, "The 7:10. I'd rather be early.", "the 7:10 local"),
        (HOTELS, "go with the Hyatt", "the Hyatt by the station ($190)"),
        (HOTELS, "the first one", "the Marriott on 5th ($210)"),
        (ROOMS, "Birch Room, thanks", "the Birch Room with the projector"),
        # no pick: a question, a refusal, a word of its own, a word both share
        (TRAINS, "Is the 8:30 express full?", None),
        (HOTELS, "Not the Hyatt.", None),
        (HOTELS, "The Hyatt is too far from the venue.", None),
        (ROOMS, "the room, please", None),
    ],
)
def test_a_reply_picks_one(offer: str, reply: str, choice: str | None) -> None:
    assert picked(reply, alternatives(offer)) == choice


@pytest.mark.parametrize(
    ("offer", "reply", "choice"),
    [
        # a pick by comparison, by the figures the alternatives name
        ("Which one should I book, the 8th or the 10th?", "the later one, thanks", "the 10th"),
        ("I can do 9:30am or 2pm.", "The earlier one.", "9:30am"),
        ("Options are the small skip (£180) or the big skip (£260).", "the cheaper one", "the small skip (£180)"),
        ("We have 40 litre or 60 litre tanks.", "the bigger one", "60 litre tanks"),
        # nothing to order by: no pick
        ("Options are the Marriott or the Hyatt.", "the cheaper one", None),
    ],
)  # fmt: skip
def test_a_reply_picks_one_by_comparison(offer: str, reply: str, choice: str | None) -> None:
    assert picked(reply, alternatives(offer)) == choice


def test_a_pick_changes_its_value_in_place_as_the_user_wrote_it() -> None:
    state = MemoryState(facts=[made("move", "Job KX-204: 03/10/2025, price £1,240", 1)])
    earlier = [said("KX-204: she can't do the 3rd. She offered either 08/10/2025 or 10/10/2025.", 1),
               said("Which one should I book, the 8th or the 10th?", 2, speaker=ASSISTANT)]  # fmt: skip
    rows = read(state, "the later one", earlier)
    assert rows == [
        ("Replace", "move", "Job KX-204: 03/10/2025, price £1,240",
         "Job KX-204: 10/10/2025, price £1,240", "picked from the options offered"),
        ("Retract", "move", "08/10/2025", None, "not picked"),  # the one passed over
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "fact", "named"),
    [
        ("Signal failure, no 5:48 for me", "Train 5:48pm, coach 4", True),
        ("The Hilton just told me they're overbooked.", "Hotel: Hilton Midtown", True),
        ("Our room got double-booked", "Hotel: Hilton Midtown", False),
    ],
)
def test_a_turn_names_a_facts_value(text: str, fact: str, named: bool) -> None:
    assert names_value_of(text, fact) is named


def test_a_pick_replaces_what_it_stands_in_for() -> None:
    state = MemoryState(facts=[made("train", "Train: 5:48pm local, coach 4", 1),
                               made("dinner", "Dinner at 9pm", 2)])  # fmt: skip
    earlier = [said("Signal failure, so no 5:48 for me.", 1),
               said(TRAINS, 2, speaker=ASSISTANT)]  # fmt: skip
    rows = read(state, "the 8:30 express please. And move dinner to 10pm.", earlier)
    assert rows == [
        ("Replace", "train", "Train: 5:48pm local, coach 4",
         "Train: 8:30 express with one change", "picked from the options offered"),
        ("Replace", "dinner", "Dinner at 9pm", "Dinner at 10pm", "the same words around it"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "before",
    [
        "Can you check trains for tonight?",  # names no live thing the options stand in for
        "Signal failure: no 5:48 and no 6:40 bus for me.",  # names two
    ],
)
def test_a_pick_replaces_nothing_it_cannot_name(before: str) -> None:
    state = MemoryState(facts=[made("train", "Train: 5:48pm local", 1),
                               made("bus", "Bus at 6:40pm", 2)])  # fmt: skip
    earlier = [said(before, 1), said(TRAINS, 2, speaker=ASSISTANT)]
    assert read(state, "the 8:30 express please", earlier) == []


@pytest.mark.parametrize(
    ("fact", "asked", "offer", "reply", "new"),
    [
        (("cake_flavor", "vanilla"), "Can we change the cake flavor?",
         "Sure. We have chocolate, lemon or carrot.", "Lemon, please.", "lemon"),
        (("pickup_time", "3pm"), "What other pickup times do you have?",
         "I can do 11am, 1pm or 5pm.", "1pm works.", "1pm"),
        (("floor_finish", "matte"), "I'd like a different floor finish.",
         "Options are satin or high gloss.", "Satin, thanks.", "satin"),
    ],
)
def test_a_pick_replaces_the_thing_asked_to_change_by_its_name(
    fact: tuple[str, str], asked: str, offer: str, reply: str, new: str
) -> None:
    state = MemoryState(facts=[made(*fact, 1)])
    earlier = [said(asked, 1), said(offer, 2, speaker=ASSISTANT)]
    rows = read(state, reply, earlier)
    assert [(r[0], r[1], r[3]) for r in rows] == [("Replace", fact[0], new)]


def test_a_pick_after_a_question_that_asks_for_no_change_replaces_nothing() -> None:
    state = MemoryState(facts=[made("cake_flavor", "vanilla", 1)])
    earlier = [said("How big is the cake flavor menu?", 1),
               said("We have chocolate, lemon or carrot.", 2, speaker=ASSISTANT)]  # fmt: skip
    assert read(state, "Lemon, please.", earlier) == []


@pytest.mark.parametrize(
    ("offer", "offered"),
    [
        ("Which one comes off: the extra bed ($30) or the breakfast ($18)?",
         ["the extra bed ($30)", "the breakfast ($18)"]),
        ("Which should I drop: the Tuesday class or the Thursday one?",
         ["the Tuesday class", "the Thursday one"]),
        ("Which goes: the red banner or the blue banner?", ["the red banner", "the blue banner"]),
    ],
)  # fmt: skip
def test_a_question_of_which_goes_offers_its_alternatives(offer: str, offered: list[str]) -> None:
    assert alternatives(offer) == offered
    assert asks_which_goes(offer)


def test_a_question_of_which_to_keep_asks_for_no_removal() -> None:
    assert not asks_which_goes("Which one do you want: the oak or the walnut?")


def test_the_one_picked_of_which_goes_is_taken_out() -> None:
    state = MemoryState(facts=[made("extras", "Extras: extra bed ($30); breakfast ($18)", 1)])
    earlier = [said("she wants one of the extras off", 1),
               said("Which one comes off: the extra bed ($30) or the breakfast ($18)?", 2,
                    speaker=ASSISTANT)]  # fmt: skip
    rows = read(state, "the second one. the bed stays", earlier)
    assert ("Replace", "extras", "Extras: extra bed ($30); breakfast ($18)",
            "Extras: extra bed ($30)", "taken back") in rows  # fmt: skip
