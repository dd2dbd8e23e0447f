"""A yes to what the assistant just asked or said: its words become the speaker's."""

from __future__ import annotations

import pytest

from statekeeper.model import ASSISTANT
from tests.conversation.memory import MemoryState, made
from tests.conversation.test_reading import read, said


@pytest.mark.parametrize(
    ("fact", "asked", "reply", "new"),
    [
        # a question asked in the order of a statement, then a yes
        ("Pickup: 2pm at the side gate", "So pickup is 4pm now?", "yes",
         "Pickup: 4pm at the side gate"),
        ("Venue deposit: $300", "And the deposit is $450 then?", "yep",
         "Venue deposit: $450"),
        ("Rehearsal room: Room 12", "OK, the rehearsal is in Room 14 from now on?", "ya",
         "Rehearsal room: Room 14"),
        # a yes given as a sign
        ("Shuttle: 7:40 from the lobby", "So the shuttle leaves at 8:10 now?", "👍",
         "Shuttle: 8:10 from the lobby"),
        ("Skip hire: 6 yard", "And it's an 8 yard skip then?", "👌",
         "Skip hire: 8 yard"),
        ("Venue: Hall A", "The talk is in Hall C from now on?", "✅ thanks",
         "Venue: Hall C"),
    ],
)  # fmt: skip
def test_a_yes_to_a_question_put_as_a_statement_states_it(
    fact: str, asked: str, reply: str, new: str
) -> None:
    key = fact.split(":")[0].lower().replace(" ", "_")
    state = MemoryState(facts=[made(key, fact, 1)])
    earlier = [said("they rang about it", 1), said(asked, 2, speaker=ASSISTANT)]
    assert [r[3] for r in read(state, reply, earlier) if r[0] == "Replace"] == [new]


@pytest.mark.parametrize(
    "asked",
    [
        "Is pickup at 4pm now?",  # asked in a question's own order: which way is unknown
        "So pickup is 4pm now?",
    ],
)
def test_no_yes_states_nothing(asked: str) -> None:
    state = MemoryState(facts=[made("pickup", "Pickup: 2pm at the side gate", 1)])
    earlier = [said("they rang about it", 1), said(asked, 2, speaker=ASSISTANT)]
    reply = "yes" if asked.startswith("Is") else "hmm, let me check with them"
    assert [r for r in read(state, reply, earlier) if r[0] == "Replace"] == []


@pytest.mark.parametrize(
    ("fact", "told", "read_back", "new"),
    [
        # the speaker's own value, too weakly said to change anything, read back and
        # confirmed: the yes makes it the value
        ("Gazebo hire: 3m x 3m pop-up, £90", "it needs to be the 4m x 6m one, more people",
         "So the 4m x 6m pop-up for the day.", "Gazebo hire: 4m x 6m pop-up, £90"),
        ("Coach: 33-seater from the school gate", "we need the 49-seater I think",
         "So a 49-seater from the school gate.", "Coach: 49-seater from the school gate"),
        ("Tent pitch: 6m x 8m, field B", "honestly more like 8m x 10m for the ceilidh",
         "So the pitch is 8m x 10m in field B.", "Tent pitch: 8m x 10m, field B"),
    ],
)  # fmt: skip
def test_a_yes_to_a_read_back_of_the_speakers_own_value_states_it(
    fact: str, told: str, read_back: str, new: str
) -> None:
    key = fact.split(":")[0].lower().replace(" ", "_")
    state = MemoryState(facts=[made(key, fact, 1)])
    earlier = [said(told, 1), said(read_back, 2, speaker=ASSISTANT)]
    assert [r[3] for r in read(state, "yes", earlier) if r[0] == "Replace"] == [new]


@pytest.mark.parametrize(
    ("fact", "read_back", "reply", "new"),
    [
        # approved in a word, or by an order to record it
        ("Logo print: 200 mugs, one colour, £340", "Revised: 300 mugs, one colour, £450.",
         "Good, put that on the order", "Logo print: 300 mugs, one colour, £450"),
        ("Minibus: 16 seats, leaves 8:15", "So 12 seats, leaving 8:40.", "fine",
         "Minibus: 12 seats, leaves 8:40"),
        ("Room block: 10 rooms, 2 nights", "Updated: 14 rooms, 2 nights.", "log it",
         "Room block: 14 rooms, 2 nights"),
    ],
)  # fmt: skip
def test_approving_a_read_back_in_a_word_states_it(
    fact: str, read_back: str, reply: str, new: str
) -> None:
    key = fact.split(":")[0].lower().replace(" ", "_")
    state = MemoryState(facts=[made(key, fact, 1)])
    earlier = [said("the client rang", 1), said(read_back, 2, speaker=ASSISTANT)]
    assert [r[3] for r in read(state, reply, earlier) if r[0] == "Replace"] == [new]
