"""One more item on a list a live fact keeps, named by the list's own words."""

from __future__ import annotations

import pytest

from statekeeper.conversation.additions import added
from statekeeper.conversation.changes.operations import Source
from tests.conversation.memory import MemoryState, made
from tests.conversation.test_reading import read

LISTS = [
    Source("Grocery list: eggs, milk, bread", fact_id="g", key="groceries"),
    Source("Packing list: laptop, badge and charger", fact_id="p", key="packing"),
    Source("Room 4 has a projector", fact_id="r", key="room"),  # no list
]


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("Add bananas to the grocery list.", [("g", "bananas")]),
        ("Put a power strip on the packing list too.", [("p", "power strip")]),
        ("Could you add oat milk to our grocery list, please?", [("g", "oat milk")]),
        # no addition: held already, a list not kept, no list at all, a question of fact
        ("Add milk to the grocery list.", []),
        ("Add the report to the reading list.", []),
        ("Add a whiteboard to the room.", []),
        ("Did you add bananas to the grocery list?", []),
        ("If it rains, add umbrellas to the packing list.", []),
    ],
)
def test_an_item_added_to_a_named_list(turn: str, expected: list[tuple[str, str]]) -> None:
    assert [(a.source.fact_id, a.item) for a in added(turn, LISTS)] == expected


def test_the_list_grows_by_the_item() -> None:
    state = MemoryState(facts=[made("guests", "Guest list: Ana, Raj", 1, authority="peer")])
    assert read(state, "Please add Dana Lee to the guest list.") == [
        ("Replace", "guests", "Guest list: Ana, Raj", "Guest list: Ana, Raj, Dana Lee",
         "added to the list")
    ]  # fmt: skip
