"""An assistant's read-back of what the user just said: the user's change, in the words of
the slot it changes; never a value of the assistant's own."""

from __future__ import annotations

from datetime import timedelta

import pytest

from statekeeper.conversation.decisions import Replace
from statekeeper.conversation.readings.read_back import read_back
from statekeeper.model import ASSISTANT, Turn
from tests.conversation.memory import START, MemoryState, made


def _turn(at: int, speaker: str, text: str) -> Turn:
    return Turn(index=at, speaker=speaker, text=text, timestamp=START + timedelta(minutes=at))


def _read(fact: tuple[str, str], user: str, assistant: str) -> set[tuple[str, str]]:
    state = MemoryState(facts=[made(*fact, 1)])
    said = [_turn(2, "quinn", user)]
    back = _turn(3, ASSISTANT, assistant)
    return {
        (str(d.old.value), str(d.value)) for d in read_back(state, back, said) if isinstance(d, Replace)
    }


@pytest.mark.parametrize(
    ("fact", "user", "assistant", "expected"),
    [
        (("drop_off", "Drop-off: Unit 4, Mill Yard, PO7 2RT"),
         "ugh, wrong one from the old quote. Theirs is Unit 14, postcode PO7 9XJ.",
         "No problem. Drop-off: Unit 14, Mill Yard, PO7 9XJ.",
         {("Drop-off: Unit 4, Mill Yard, PO7 2RT", "Drop-off: Unit 14, Mill Yard, PO7 9XJ")}),
        (("contact", "Invoices to accounts@harlow-print.test"),
         "that address bounces, he said use billing@harlow-print.test",
         "Noted, invoices to billing@harlow-print.test from now on.",
         {("Invoices to accounts@harlow-print.test", "Invoices to billing@harlow-print.test")}),
        (("skipper", "Saturday race: skipper Ben Ode, crew of 4"),
         "Ben's away that weekend, I had the wrong week. Mara Fenn takes the helm.",
         "Got it: Saturday race, skipper Mara Fenn, crew of 4.",
         {("Saturday race: skipper Ben Ode, crew of 4", "Saturday race: skipper Mara Fenn, crew of 4")}),
    ],
)  # fmt: skip
def test_a_read_back_gives_the_user_s_change_its_slot(
    fact: tuple[str, str], user: str, assistant: str, expected: set[tuple[str, str]]
) -> None:
    assert _read(fact, user, assistant) == expected


@pytest.mark.parametrize(
    ("fact", "user", "assistant"),
    [
        # a value the user never said is the assistant's own: nothing changes
        (("drop_off", "Drop-off: Unit 4, Mill Yard"), "they moved, not sure where to yet",
         "Noted: drop-off Unit 9, Mill Yard."),
        # no acknowledgement: the assistant's own statement
        (("drop_off", "Drop-off: Unit 4, Mill Yard"), "Theirs is Unit 14 now.",
         "Drop-off stays Unit 4 until they confirm Unit 14."),
        # an acknowledgement of a value only asked about
        (("skipper", "Saturday race: skipper Ben Ode"), "could Mara Fenn skipper instead?",
         "Noted, I'll ask whether Mara Fenn is free."),
    ],
)  # fmt: skip
def test_a_read_back_adds_nothing_of_its_own(
    fact: tuple[str, str], user: str, assistant: str
) -> None:
    assert _read(fact, user, assistant) == set()


def test_a_value_the_user_only_asked_about_is_not_read_back_as_a_change() -> None:
    fact = ("skipper", "Saturday race: skipper Ben Ode, crew of 4")
    asked = "could Mara Fenn skipper on Saturday instead?"
    assert _read(fact, asked, "Noted: Saturday race, skipper Mara Fenn, crew of 4.") == set()
    stated = "Ben is out sick, Mara Fenn skippers on Saturday."
    assert _read(fact, stated, "Noted: Saturday race, skipper Mara Fenn, crew of 4.")


def test_a_value_said_in_passing_is_ended_by_a_read_back_of_the_user_s_new_one() -> None:
    said = [
        _turn(1, "quinn", "Tue May 6 at 2:40pm with Ana Diaz, Room 2."),
        _turn(2, "quinn", "wrong column, sorry. She's 1:10. same room"),
    ]
    back = _turn(3, ASSISTANT, "OK: Tue May 6 at 1:10 pm with Ana Diaz, Room 2.")
    ended = read_back(MemoryState(), back, said)
    assert [(type(d).__name__, d.old.value) for d in ended] == [("Retract", "2:40pm")]
    # a read-back of a time the user never gave ends nothing
    wrong = _turn(3, ASSISTANT, "OK: Tue May 6 at 3:30 pm with Ana Diaz, Room 2.")
    assert read_back(MemoryState(), wrong, said) == []


@pytest.mark.parametrize(
    ("fact", "user", "assistant"),
    [
        # a new entry read back is no change of the one before it
        (("sample", "Sample KX-101: rack 2, slot 5"), "KX-102 same rack, slot 6.",
         "Noted: KX-102 in rack 2, slot 6."),
        (("booking", "Table 4 at 7pm for the Orrs"), "Table 6 at 8pm for the Lanes.",
         "OK, table 6 at 8pm for the Lanes."),
        (("van", "Van 3: Tuesday run"), "Van 5 takes the Thursday run.",
         "Got it: van 5 on the Thursday run."),
    ],
)  # fmt: skip
def test_a_new_entry_read_back_changes_no_sibling(
    fact: tuple[str, str], user: str, assistant: str
) -> None:
    assert _read(fact, user, assistant) == set()
