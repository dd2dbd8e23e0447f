"""A pasted diff's removed and added lines, read as changes that name each old value."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.diff_lines import diff_contrasts, struck_through
from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.decide import decide


@pytest.mark.parametrize(
    ("turn", "contrasts"),
    [
        ("Scope change:\n- area: 42 ha\n+ area: 55 ha (north field added)",
         ["55 ha, not 42 ha."]),
        ("- Kiln B firing: 9 hours, cone 6\n+ Kiln B firing: 11 hours, cone 6",
         ["11 hours, not 9 hours."]),
        ("diff from the sheet:\n  - deposit £300\n  + deposit £450\n    balance due on the day",
         ["£450, not £300."]),
        # a bulleted list is no diff: no added line follows a removed one
        ("Packing list:\n- 2 crates of eggs\n- 1 litre of vanilla", []),
        # lines whose values do not line up are left alone
        ("- stall 14\n+ stall 14, Saturday 9am and Sunday 10am", []),
    ],
)  # fmt: skip
def test_a_pasted_diff_names_each_old_value_beside_its_new_one(
    turn: str, contrasts: list[str]
) -> None:
    assert diff_contrasts(turn) == contrasts


def test_a_pasted_diff_changes_the_facts_it_names() -> None:
    source = Source("Survey: altitude 80 m, resolution 2.1 cm/px", fact_id="f", key="survey")
    turn = "from the project sheet:\n- altitude: 80 m / 2.1 cm/px\n+ altitude: 100 m / 2.6 cm/px"
    changed = {(op.old_text, op.new_text) for op in decide(turn, [source]) if isinstance(op, Replace)}
    assert changed == {("2.1 cm/px", "2.6 cm/px"), ("80 m", "100 m")}


@pytest.mark.parametrize(
    ("turn", "left", "said"),
    [
        ("1) ~~Lamb shank $24~~\n2) Hake $18", "1)  \n2) Hake $18", ["strike Lamb shank."]),
        ("~~4pm~~ 5pm pickup", "  5pm pickup", ["strike 4pm."]),
        ("players: ~Jo~, Sam, ~~Priya~~", "players:  , Sam,  ", ["strike Jo.", "strike Priya."]),
        # a tilde for "about", or one alone, strikes nothing
        ("about ~20 chairs, ~3pm", "about ~20 chairs, ~3pm", []),
        ("see you ~ soon", "see you ~ soon", []),
    ],
)  # fmt: skip
def test_text_struck_through_is_said_as_struck_off(turn: str, left: str, said: list[str]) -> None:
    assert struck_through(turn) == (left, said)
