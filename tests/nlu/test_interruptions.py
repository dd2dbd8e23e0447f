"""Interruptions opened in other words ("one moment -", "pardon the interruption") keep
their turns and figures out of the resumed task, like "hold on"."""

from __future__ import annotations

import pytest

from statekeeper.nlu.interpret import Transition, aside, transition
from tests.nlu.harness import Conversation, shows

CASES = [
    pytest.param(
        ("pr_commitment", "Will approve PR #88 once the flaky tests are fixed"),
        (
            "One moment - architecture review just started",
            "We picked NATS as the message bus",
            "Returning to the PR review",
        ),
        "What is blocking PR #88?",
        "NATS",
        id="software-one-moment",
    ),
    pytest.param(
        ("wayne_deal", "Target deal value $1.2M for Wayne Corp"),
        (
            "Pardon the interruption - a rep wants a 40% discount for Stark",
            "Stark discount approved at 40% as a one-off",
            "Anyway, back to Wayne Corp",
        ),
        "What deal value are we targeting for Wayne Corp?",
        "40%",
        id="sales-pardon-the-interruption",
    ),
    pytest.param(
        ("ward_round", "Ward round at 8am, Dr Lee leads"),
        (
            "I need to take this call - pharmacy says the insulin delivery is late",
            "Insulin now arrives at 2pm",
            "OK, back to the ward round",
        ),
        "When is the ward round and who leads it?",
        "2pm",
        id="clinic-take-this-call",
    ),
]


@pytest.mark.parametrize(("fact", "turns", "question", "aside"), CASES)
def test_interruption_stays_out_of_the_resumed_task(
    conversation: Conversation,
    fact: tuple[str, str],
    turns: tuple[str, ...],
    question: str,
    aside: str,
) -> None:
    conversation.write(*fact)
    for turn in turns:
        conversation.say(turn)
    assert conversation.session.current_value(fact[0]) == fact[1]
    text = conversation.context(question)
    assert fact[1] in text
    assert not shows(text, aside)


def test_a_moment_in_passing_opens_nothing(conversation: Conversation) -> None:
    conversation.write("venue", "Harbor Hotel, Room 2")
    conversation.say("The keynote takes a moment to set up, so start at 9:15.")
    conversation.say("Actually, move the venue to the Lakeside Hall.")
    assert "Lakeside Hall" in str(conversation.session.current_value("venue"))


@pytest.mark.parametrize(
    "text",
    [
        "Imagine we doubled the support staff.",
        "Suppose the vendor says no.",
        "Let's pretend the budget is $5,000.",
        "OK. Just imagine the launch slipped a month.",
    ],
)
def test_a_bidding_to_imagine_opens_a_hypothetical(text: str) -> None:
    assert transition(text) is Transition.HYPOTHETICAL


@pytest.mark.parametrize(
    "text",
    [
        "I can't imagine how busy the harbor gets.",
        "I suppose so, the train was late again.",
        "He pretended not to notice the rain.",
    ],
)
def test_imagining_in_passing_opens_nothing(text: str) -> None:
    assert transition(text) is Transition.NONE


@pytest.mark.parametrize(
    "text",
    [
        "the printer won't show her file. hang on",  # busy with the same matter
        "one sec",
        "Let me pull up the invoice, just a moment.",
        "hold on, checking",
        # going back over what was said: a correction, not another matter
        "hold on, I misread the driver's note. it's truck 52, not 25",
        "wait, one sec, I had the zip code wrong, it's 97211",
        "hang on, I swapped the two room numbers on the form",
        "eh wait, the 40 I put down is the wrong one, it's 14.",
        "sorry to interrupt myself, I misread the van's reg: it's KX19 ABC.",
        "quick detour back, that was a typo, the fee is £65.",
    ],
)
def test_a_hold_on_the_same_matter_opens_nothing(text: str) -> None:
    assert transition(text) is Transition.NONE


@pytest.mark.parametrize(
    "text",
    [
        "one sec, my landlord is texting about the boiler",
        "hang on - the courier needs a signature downstairs",
        "Hold on, Priya wants the venue deposit receipt.",
    ],
)
def test_a_hold_before_another_matter_opens_a_digression(text: str) -> None:
    assert transition(text) is Transition.DIGRESSION


@pytest.mark.parametrize(
    "text", ["ok one sec, plumber's here", "hang on, Dad's on the phone", "hold on, Lena just texted"]
)
def test_a_hold_before_an_arrival_or_a_call_opens_a_digression(text: str) -> None:
    assert transition(text) is Transition.DIGRESSION


@pytest.mark.parametrize(
    "text",
    [
        "side thing: the school play is in the gym this year",
        "totally different topic, my lease renews in May",
        "nothing to do with this, but my dentist moved me to Friday",
        "while I remember, the car wash reopened on 5th",
        "Before I forget, the piano tuner comes Thursday at 10.",
        "oh before i forget - the kiln is booked for the 14th",
        "While I think of it: the ferry times change in May.",
    ],
)
def test_words_that_set_another_matter_aside_open_a_digression(text: str) -> None:
    assert transition(text) is Transition.DIGRESSION


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        # another matter said so at the end of a long opening sentence
        ("Ugh, sorry, the lady from the allotment committee is at the door about the shed "
         "keys, completely different matter. She wants the spare set.", True),
        ("Right so my neighbour has just come round with a parcel that was left at hers for "
         "the office, separate thing entirely, can you log it", True),
        ("Apologies for the delay in replying to this, the printer in the back office jammed "
         "again this morning, a different issue altogether. The toner is on order.", True),
        # ... but not in a later sentence, where it tells of something else
        ("The van is booked for Friday at 9 with the usual driver and the big trolley. "
         "The shed keys are a separate thing, Ana has them.", False),
    ],
)  # fmt: skip
def test_another_matter_said_in_a_long_opening_sentence(text: str, opens: bool) -> None:
    assert (transition(text) is Transition.DIGRESSION) is opens


@pytest.mark.parametrize(
    "text",
    [
        "Is this related to the outage on Tuesday?",
        "The side entrance is at Gate C now.",
        "It's a completely different venue now: the Granary.",
        # forgetting something, not an aside: "before I forget" with an object
        "Evening notes before I forget them all. The rota moves to Fridays at 7.",
        "Write the gate code down before I forget the numbers again.",
        "Remind me while I remember the supplier's name, it's Ostara.",
    ],
)
def test_words_about_sides_and_differences_open_nothing(text: str) -> None:
    assert transition(text) is Transition.NONE


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("quick tangent, my vet moved Milo to May 9. anyway, back to the venue list",
         "tangent, my vet moved Milo to May 9. "),
        ("Side note: my train is at 6:40pm. Back to the catering order: 40 boxes.",
         "Side note: my train is at 6:40pm. "),
        ("unrelated, but the gym raised dues to $60. anyhow, the invoice is due Friday",
         "unrelated, but the gym raised dues to $60. "),
        ("Side note: the lift is out.", None),  # no return inside the turn
        ("Back to the venue: it's the Granary now.", None),  # a return with nothing opened
    ],
)
def test_another_matter_opened_and_closed_in_one_turn(text: str, side: str | None) -> None:
    assert aside(text) == side


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        # someone arriving, a favour asked in passing, a "wait" that opens the turn
        ("Sorry, the landlord has just come in. The boiler in flat 2 is leaking.", True),
        ("My neighbour's just walked in, he wants to borrow the trailer on Sunday.", True),
        ("Wait, my brother needs something quick for his van insurance: reg KD19 XYZ.", True),
        ("Oh, completely unrelated: the gym renewal is $42 now.", True),
        # a repair of the same matter, or words that only say another's affair is apart
        ("No wait, make the pickup Friday instead.", False),
        ("wait, make that 4pm", False),
        ("nope, totally separate, they're in the other hall", False),
    ],
)  # fmt: skip
def test_an_arrival_or_a_favour_asked_opens_a_digression(text: str, opens: bool) -> None:
    assert (transition(text) is Transition.DIGRESSION) is opens


@pytest.mark.parametrize(
    "text",
    [
        "brb, dad's asking abt the car insurance renewal on the 9th",
        "be right back - the delivery driver is at the gate with two pallets",
        "BRB my sister's on the phone about her flat viewing Friday",
    ],
)
def test_stepping_away_for_another_matter_opens_a_digression(text: str) -> None:
    assert transition(text) is Transition.DIGRESSION


@pytest.mark.parametrize(
    "text",
    [
        "I'll be right back with the revised figures for the extension.",
        "brb with the quote for the fence panels",
        "They'll be right back to finish the tiling on Monday.",
    ],
)
def test_coming_back_with_something_opens_no_digression(text: str) -> None:
    assert transition(text) is not Transition.DIGRESSION


@pytest.mark.parametrize(
    ("text", "step"),
    [
        # "let's say" before the clause it supposes opens a hypothetical
        ("Let's say we lose the grant, what happens to the van?", Transition.HYPOTHETICAL),
        ("ok let's say the council refuses the permit", Transition.HYPOTHETICAL),
        ("and let's say, for argument's sake, the price doubles", Transition.HYPOTHETICAL),
        # before a value, it settles on one
        ("the pattern wants 8 but ours is longer... let's say 11 metres and stop there",
         Transition.NONE),
        ("Call it 40 covers, no, let's say 45 covers to be safe.", Transition.NONE),
        ("Let's say 3pm for the handover then.", Transition.NONE),
    ],
)  # fmt: skip
def test_lets_say_supposes_a_clause_or_settles_a_value(text: str, step: Transition) -> None:
    assert transition(text) is step
