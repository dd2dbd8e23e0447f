"""Values a turn only supposes, against what is known: no current value of ours."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.suppositions import supposed, supposes


def said(text: str) -> Source:
    return Source(text, turn_index=0)


def fact(text: str, key: str) -> Source:
    return Source(text, fact_id=f"id-{key}", key=key)


def values(turn: str, source: Source) -> set[str]:
    return {v.text for v in supposed(turn, [source])}


@pytest.mark.parametrize(
    ("turn", "source", "expected"),
    [
        # a joke, from the clause it is told in
        ("he joked we should open at 5am so the bakers beat the rush",
         said("Shop opens at 7am."), {"5am"}),
        ("Funny one: the drummer joked we could play for $50 and a pizza.",
         fact("Band fee: $400", "fee"), {"$50"}),
        # a question reported, whoever asks it
        ("the landlord asked whether we could pay £1,050 from May",
         fact("Rent: £980 a month", "rent"), {"£1,050"}),
        ("Our driver was asking could we do 10:15 if the ferry runs late.",
         fact("Pickup at 9:30am, gate B", "pickup"), {"10:15"}),
        ("what if we ran the clinic on Thursday instead", said("Clinic runs Tuesday mornings."),
         {"Thursday"}),
        # a condition's consequence; the condition itself when it supposes our own doing
        ("if the trailer is late, we'd start loading at 14:30", said("Loading starts at 13:00."),
         {"14:30"}),
        ("If I raise the fee to $45, will anyone still sign up?", fact("Class fee: $40", "fee"),
         {"$45"}),
        # a condition run into its consequence, with a figure's comma inside it
        ("the dealer said if the old car passes the test theyd give us £7,400 for it",
         fact("Trade-in value: £6,800", "car"), {"£7,400"}),
        # what would have been
        ("had we booked in March it would have cost $620", fact("Flights: $540 return", "flights"),
         {"$620"}),
    ],
)  # fmt: skip
def test_a_value_only_supposed_is_no_current_one(
    turn: str, source: Source, expected: set[str]
) -> None:
    assert supposes(turn)
    assert values(turn, source) == expected


@pytest.mark.parametrize(
    ("turn", "source"),
    [
        # granted in the same breath
        ("the tenant asked could she pay on the 5th, I said fine", said("Rent due on the 1st.")),
        ("Sam wants to know if he can work Saturdays, tell him that's ok",
         said("Sam works Mondays and Tuesdays.")),
        # what follows an answer is said, not supposed
        ("the chef asked if lunch moves as well, Dana said no, dinner is at 19:00 now",
         said("Lunch 12:30, dinner 18:30.")),
        ("He asks if we can take the dog; I told him we'd collect it on the 14th",
         said("Dog kennels booked for the 9th.")),
        # a condition that assumes something of the world, not of ours
        ("If it rains on Saturday, we're fine.", said("Picnic is Sunday.")),
        # the turn states it as well
        ("If we take the bigger van it's £90. So it's £90 for the move.",
         fact("Van hire: £70", "van")),
        # the known value itself, asked about
        ("the new starter asked why the cut-off is 15:30", said("Cut-off for parcels is 15:30.")),
        # a name is mentioned, not varied; nothing known of the value's kind
        ("she joked we should hire Tom Baker to host", fact("Host: Ann Lee", "host")),
        ("he joked we should start at 6am", fact("Venue: Hall 2", "venue")),
    ],
)  # fmt: skip
def test_what_is_not_only_supposed_is_left_alone(turn: str, source: Source) -> None:
    assert values(turn, source) == set()


@pytest.mark.parametrize(
    "turn",
    [
        "pretty sure the meeting's at 4pm now",  # a guess may carry the current value
        "the client would like 60 chairs",  # a wish
        "Move the meeting to 4pm.",
    ],
)
def test_guesses_wishes_and_orders_suppose_nothing(turn: str) -> None:
    assert not supposes(turn)
