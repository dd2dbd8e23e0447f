"""A figure said as what others come to, and what that tells a replacement."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.changes.totals import stated_as_total
from statekeeper.conversation.decide import decide
from statekeeper.text.values import typed_values


def money(text: str) -> list[tuple[str, bool]]:
    return [(v.text, stated_as_total(text, v)) for v in typed_values(text) if v.kind == "money"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bus hire: $14 a head, 40 people = $560", [("$14", False), ("$560", True)]),
        ("9 nights at €95, so €855", [("€95", False), ("€855", True)]),
        ("30 kits at £12 each, total £360", [("£12", False), ("£360", True)]),
        ("the repairs come to $1,240", [("$1,240", True)]),
        ("two tents, $600 all in", [("$600", True)]),
        # an amount said of one thing is no sum
        ("the deposit is $200 now", [("$200", False)]),
        ("$40 a night for the cot", [("$40", False)]),
    ],
)
def test_a_sum_is_said_as_what_others_come_to(text: str, expected: list[tuple[str, bool]]) -> None:
    assert money(text) == expected


FACTS = [
    Source("Bus hire: $14 a head, 40 people = $560", fact_id="f1", key="bus"),
    Source("Stay: 7 nights at €95 a night, total €665", fact_id="f2", key="stay"),
    Source("Kits: 25 kits at £12 each, total £300", fact_id="f3", key="kits"),
]


def replaced(turn: str) -> set[tuple[str, str]]:
    return {(op.old_text, op.new_text) for op in decide(turn, FACTS) if isinstance(op, Replace)}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # the rate said again, the sum new: the total changes, not the rate
        ("Bus for 52 people at $14 a head so $728.", {("40 people", "52 people"), ("$560", "$728")}),
        # of several totals, the one in the same currency
        ("Now 9 nights at €95, that's €855 in total.", {("7 nights", "9 nights"), ("€665", "€855")}),
        ("Revised: 30 kits at £12 each, total £360.", {("25 kits", "30 kits"), ("£300", "£360")}),
    ],
)
def test_a_new_total_replaces_the_known_total(turn: str, expected: set[tuple[str, str]]) -> None:
    assert replaced(turn) == expected
