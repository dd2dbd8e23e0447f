"""A line said for anyone ("Publicly: ...") frees the values it repeats of a note kept for
us only, whether the user or the assistant says it."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.decisions import Add
from statekeeper.conversation.readings.published import (
    PUBLIC_NOTE,
    public_lines,
    published,
    repeated,
)
from statekeeper.model import INTERNAL, Turn

from .memory import START, MemoryState, made


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        (
            "Understood. Publicly: the stall opens on the 12th.",
            ["Publicly: the stall opens on the 12th."],
        ),
        ("Noted. Officially, the tour moves to 4 June.", ["Officially, the tour moves to 4 June."]),
        (
            "The official line is that the mooring fee stays at $300.",
            ["The official line is that the mooring fee stays at $300."],
        ),
        # what to say if asked, what may be mentioned
        (
            "If parents ask about it, say the trip moves to 9 May. Thanks.",
            ["If parents ask about it, say the trip moves to 9 May."],
        ),
        ("Noted. The new opening hours can be mentioned.", ["The new opening hours can be mentioned."]),
        # ... without a clause beside it that keeps something back
        (
            "Noted: 2 June may be told to the club, but his illness is kept in-house.",
            ["Noted: 2 June may be told to the club,"],
        ),
    ],
)
def test_a_line_said_for_anyone_is_found(text: str, lines: list[str]) -> None:
    assert public_lines(text) == lines


@pytest.mark.parametrize(
    "text",
    [
        "The library was publicly funded in 2019.",
        "We haven't officially decided on the caterer.",
        "Officials inspect the kitchen on Monday.",
        "If guests ask for towels, they're in the cupboard.",
    ],
)
def test_words_about_the_public_are_no_public_line(text: str) -> None:
    assert public_lines(text) == []


@pytest.mark.parametrize(
    ("line", "held", "expected"),
    [
        ("Publicly: back on 3 June.", ["Knee surgery on 12 May, back on 3 June."], True),
        ("Officially, the fee is $300.", ["Our floor is $250 and the fee is $300."], True),
        ("Publicly: the fee is $300.", ["Our floor is $250."], False),
        ("Publicly: she's on leave.", ["Knee surgery on 12 May."], False),
    ],
)
def test_a_public_line_repeats_a_restricted_value(
    line: str, held: list[str], expected: bool
) -> None:
    assert repeated(line, held) is expected


def _turn(text: str, speaker: str = "assistant") -> Turn:
    return Turn(index=3, speaker=speaker, text=text, timestamp=START)


def test_a_public_line_of_a_restricted_value_is_a_public_note() -> None:
    note = made("internal_note", "Knee surgery on 12 May, back on 3 June.", 1)
    state = MemoryState(
        facts=[note.model_copy(update={"required_permissions": frozenset({INTERNAL})})]
    )
    [decision] = published(state, _turn("Got it. Publicly: away, back on 3 June."))
    assert isinstance(decision, Add)
    assert (decision.key, decision.value) == (PUBLIC_NOTE, "Publicly: away, back on 3 June.")


def test_a_public_line_of_an_open_value_or_of_nothing_makes_no_note() -> None:
    open_fact = made("return", "Back on 3 June.", 1)
    assert published(MemoryState(facts=[open_fact]), _turn("Publicly: back on 3 June.")) == []
    assert published(MemoryState(), _turn("Publicly: back on 3 June.")) == []


def test_a_public_line_of_the_same_turn_frees_its_value_of_the_span() -> None:
    span = "Confidential: the chef leaves on 9 July for a rival."
    turn = _turn(f"{span} You can tell the staff she leaves on 9 July.", speaker="user")
    [decision] = published(MemoryState(), turn, [span])
    assert (
        isinstance(decision, Add)
        and decision.value == "You can tell the staff she leaves on 9 July."
    )


SOL = Principal(org="school", user="sol", authority="manager")


def test_the_assistants_public_line_keeps_its_value_in_an_outside_reply(engine: Engine) -> None:
    with engine.session(SOL, task_id="staff") as s:
        s.observe(
            "sol",
            "Between us and the head only: Mr Reyes has a hernia operation on "
            "12 May, back 3 June if all goes well.",
        )
        s.observe("assistant", "Noted. Publicly: away for a while, back 3 June.", assistant=True)
        text = s.context("A parent emailed asking about Mr Reyes. Draft the reply.").text
    assert "3 June" in text
    assert "hernia" not in text and "12 May" not in text


def test_without_a_public_line_the_value_stays_withheld(engine: Engine) -> None:
    with engine.session(SOL, task_id="staff") as s:
        s.observe(
            "sol",
            "Between us and the head only: Mr Reyes has a hernia operation on "
            "12 May, back 3 June if all goes well.",
        )
        s.observe("assistant", "Noted, that stays with us.", assistant=True)
        text = s.context("A parent emailed asking about Mr Reyes. Draft the reply.").text
    assert "3 June" not in text and "hernia" not in text


def test_the_users_own_public_line_keeps_its_value_in_an_outside_text(engine: Engine) -> None:
    with engine.session(SOL, task_id="kitchen") as s:
        s.observe(
            "sol",
            "Confidential: the pastry chef leaves on 9 July for a rival bakery. "
            "You can tell the staff she leaves on 9 July.",
        )
        text = s.context("Draft the staff announcement about the pastry chef.").text
    assert "9 July" in text
    assert "rival bakery" not in text
