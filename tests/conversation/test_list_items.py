"""The values a list item carries, ended with it when it is taken back."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.list_items import values_of_item


@pytest.mark.parametrize(
    ("item", "source", "turn", "expected"),
    [
        ("dose iron to 2 mg", "Plan: flush lines, dose iron to 2 mg, test pH.", "skip the iron",
         ["2 mg"]),
        ("11:30 rekey at 9 Elm Row", "09:00 Hill St; 11:30 rekey at 9 Elm Row; 15:00 Dock Rd",
         "the Elm Row one's off", ["11:30", "9 Elm Row"]),
        ("gift box for $12", "Add the card, gift box for $12, and ribbon.", "lose the gift box",
         ["$12"]),
        # a value another item holds too, or the turn says again, is not the item's alone
        ("van at 9am", "Truck at 9am, van at 9am.", "drop the van", []),
        ("tent for $300", "Chairs $120, tent for $300.", "no tent, put the $300 into chairs",
         []),
    ],
)  # fmt: skip
def test_an_item_taken_back_ends_the_values_only_it_carries(
    item: str, source: str, turn: str, expected: list[str]
) -> None:
    assert values_of_item(item, source, turn) == expected
