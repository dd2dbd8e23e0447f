"""A yes to what a question proposed does it: the assistant's offer, or the speaker's own
"what if" with the assistant's answer between."""

from __future__ import annotations

import pytest

from statekeeper.conversation.proposed import granted, proposed
from statekeeper.model import ASSISTANT, Turn
from tests.conversation.memory import MemoryState, made
from tests.conversation.test_reading import read, said


@pytest.mark.parametrize(
    ("text", "proposal"),
    [
        ("Happy to help. Should I move the cleaning to 3pm?", "move the cleaning to 3pm."),
        ("What if we held the recital on June 14?", "held the recital on June 14."),
        ("How about we do the 14th?", "do the 14th."),
        ("Do you want me to drop the late fee?", "drop the late fee."),
        ("Would you like me to switch you to the 2-day shipping?", "switch you to the 2-day shipping."),
        # a request quoted, or asked after a clause of its own
        ("The Parks emailed: 'Can't do the 8th, could we do the 15th instead?'",
         "do the 15th instead."),
        ("He asked, could we push the tasting to Friday?", "push the tasting to Friday."),
        ("Text from Lina: \"how about we meet at noon?\"", "meet at noon."),
        # no proposal: a question of fact, a statement
        ("Is the cleaning still at 2pm?", None),
        ("I moved the cleaning to 3pm.", None),
    ],
)
def test_what_a_question_proposes(text: str, proposal: str | None) -> None:
    assert proposed(text) == proposal


def _live(key: str, value: str) -> MemoryState:
    return MemoryState(facts=[made(key, value, 1, authority="peer")])


@pytest.mark.parametrize(
    ("state", "earlier", "reply", "new"),
    [
        (_live("cleaning", "Teeth cleaning Tuesday 2pm"),
         [said("Should I move your cleaning to 3pm?", 1, speaker=ASSISTANT)], "yes please",
         "Teeth cleaning Tuesday 3pm"),
        (_live("recital", "Piano recital on June 7"),
         [said("What if we held the recital on June 14?", 1),
          said("June 14 is open at the hall.", 2, speaker=ASSISTANT)], "OK, let's do that.",
         "Piano recital on June 14"),
        (_live("delivery", "Couch delivery Friday morning"),
         [said("Do you want me to push the couch delivery to Saturday?", 1, speaker=ASSISTANT)],
         "great, go for it", "Couch delivery Saturday morning"),
        # a request passed on from a client, the assistant's answer, then the go-ahead
        (_live("appointment", "Eye exam, March 4 at 9:30"),
         [said("Mr. Obi texted: 'Can't make the 4th, could we do the 11th, same time?'", 1),
          said("The 11th at 9:30 is open.", 2, speaker=ASSISTANT)], "great, book it",
         "Eye exam, March 11 at 9:30"),
    ],
)  # fmt: skip
def test_a_yes_to_a_proposal_does_it(
    state: MemoryState, earlier: list[Turn], reply: str, new: str
) -> None:
    [(kind, _, _, value, _)] = read(state, reply, earlier)
    assert (kind, value) == ("Replace", new)


@pytest.mark.parametrize(
    "reply", ["no, keep it at 2pm", "hmm, not sure yet", "ok"],
)
def test_no_yes_no_change(reply: str) -> None:
    state = _live("cleaning", "Teeth cleaning Tuesday 2pm")
    earlier = [said("Should I move your cleaning to 3pm?", 1, speaker=ASSISTANT)]
    assert [r for r in read(state, reply, earlier) if r[0] == "Replace"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a request reported, then granted in the same breath: the speaker's own words now
        ("Her dad asked to move her to Fridays, I said sure, same time.",
         "move her to Fridays, same time."),
        ("The tenant asked if we could push the inspection to May 9. I said that's fine.",
         "push the inspection to May 9."),
        ("She asked us to drop the cheese board and I agreed.", "drop the cheese board."),
        ("The coach asked me to swap the 9am slot for 10am, so we agreed.",
         "swap the 9am slot for 10am."),
        # refused, or never granted
        ("He asked to move it to Friday, I said no.", None),
        ("They asked us to waive the fee.", None),
        ("I agreed to nothing; she asked for a discount.", None),
    ],
)  # fmt: skip
def test_a_request_granted_is_what_it_asked(text: str, expected: str | None) -> None:
    assert granted(text) == expected


@pytest.mark.parametrize(
    ("fact", "text", "expected"),
    [
        ("Tutoring: Wednesdays 4pm", "Her dad asked to move her to Fridays, I said sure, same time.",
         "Tutoring: Fridays 4pm"),
        ("Inspection on May 2", "The tenant asked if we could push the inspection to May 9. "
         "I said that's fine.", "Inspection on May 9"),
    ],
)  # fmt: skip
def test_a_granted_request_changes_what_it_asked(fact: str, text: str, expected: str) -> None:
    state = MemoryState(facts=[made("plan", fact, 0)])
    read(state, text)
    assert state.get("plan").value == expected


def test_a_refused_request_changes_nothing() -> None:
    state = MemoryState(facts=[made("plan", "Tutoring: Wednesdays 4pm", 0)])
    read(state, "Her dad asked to move her to Fridays, I said no, same time.")
    assert state.get("plan").value == "Tutoring: Wednesdays 4pm"


@pytest.mark.parametrize(
    ("state", "earlier", "reply", "new"),
    [
        # a wish passed on, the listener's question back, then the go-ahead
        (_live("menu", "Menu: salmon, rice, fruit tart"),
         [said("The client wants to swap the fruit tart for a cheesecake.", 1),
          said("Swap it?", 2, speaker=ASSISTANT)], "yes do it",
         "Menu: salmon, rice, cheesecake"),
        (_live("dinner_venue", "Dinner venue: Cedar Hall"),
         [said("The couple would like to move the dinner to Birch Hall.", 1),
          said("Shall I update it?", 2, speaker=ASSISTANT)], "yep, go ahead",
         "Dinner venue: Birch Hall"),
    ],
)  # fmt: skip
def test_a_yes_to_a_wish_passed_on_does_it(
    state: MemoryState, earlier: list[Turn], reply: str, new: str
) -> None:
    assert ("Replace", new) in [(r[0], r[3]) for r in read(state, reply, earlier)]


def test_a_wish_with_no_question_back_waits() -> None:
    state = _live("menu", "Menu: salmon, rice, fruit tart")
    earlier = [
        said("The client wants to swap the fruit tart for a cheesecake.", 1),
        said("Noted.", 2, speaker=ASSISTANT),
    ]
    assert [r for r in read(state, "yes", earlier) if r[0] == "Replace"] == []


def test_a_yes_to_a_figure_of_another_kind_changes_nothing() -> None:
    """What the assistant worked out is adopted only where it is a value of the same kind:
    an amount never lands on a headcount."""
    state = _live("headcount", "Team of 6")
    earlier = [
        said("Finance trimmed the budget by 10%.", 1),
        said("That makes it $108,000.", 2, speaker=ASSISTANT),
    ]
    assert [r for r in read(state, "yes, 108", earlier) if r[0] == "Replace"] == []
