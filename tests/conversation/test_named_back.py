"""A slot named after the thing it takes: "Everyone loved the tagine. That's the main."."""

from __future__ import annotations

import pytest

from statekeeper.conversation.named_back import named_back

SLOTS = {"main", "venue", "band", "roofer"}


def known(slot: str) -> bool:
    return slot in SLOTS


@pytest.mark.parametrize(
    ("turn", "claim"),
    [
        ("We went with the Harbour Room in the end. That's our venue.",
         "The venue is the Harbour Room."),
        ("Everyone loved the jazz trio from Leeds. that'll be the band then",
         "The band is the jazz trio from Leeds."),
        ("Booked the lamb shank for both nights. So that's the main.",
         "The main is the lamb shank for both nights."),
        ("Got three quotes and picked the family firm on Mill Road. This is the roofer.",
         "The roofer is the family firm on Mill Road."),
        # a slot no fact holds, nothing picked before it, or no slot named: no claim
        ("They loved the old quote. That's the problem.", None),
        ("The rain came in at noon. That's the venue.", None),
        ("We went with the Harbour Room. That's lovely.", None),
        ("That's the main. Everyone loved the lamb tagine.", None),
    ],
)  # fmt: skip
def test_a_slot_named_after_a_pick_says_what_fills_it(turn: str, claim: str | None) -> None:
    assert named_back(turn, known) == claim
