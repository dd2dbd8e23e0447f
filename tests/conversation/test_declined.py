"""Offers turned down: a proposal, a suggestion or a permission the user's turn refuses.
Pure function, phenomenon by phenomenon, in phrasings of our own; look-alikes that refuse
nothing count as much."""

from __future__ import annotations

import pytest

from statekeeper.conversation.declined import declined


def refused(turn: str, *earlier: str) -> set[tuple[str, int]]:
    return {(d.text, d.turn_back) for d in declined(turn, list(earlier))}


@pytest.mark.parametrize(
    ("turn", "earlier", "expected"),
    [
        # the offer and the refusal in one turn; what stays is not declined
        ("My aunt asked what if we pushed the party to the 9th. But no, still the 2nd.",
         [], {("the 9th", 0)}),
        ("Should we take the 6:40am flight? Nah, we keep the noon one.", [], {("6:40am", 0)}),
        # the refusal answers an offer in the user's last turn
        ("Honestly no. Keep it as booked.",
         ["Dad wondered if we could switch the flight to 6:40am."], {("6:40am", 1)}),
        ("I said nope, we keep Studio B.",
         ["The band asked if we should take the $450 slot."], {("$450", 1)}),
        # a reply quoted from someone who decides
        ("Her reply: 'No exceptions. Room rates stay as quoted.'",
         ["The coordinator told him it's fine to check out at 2pm."], {("2pm", 1)}),
        # nobody changes what the question put forward
        ("Right. To be clear, nobody is changing our slot.",
         ["Omar asked: would we need to take the 4pm slot if the room is late?"], {("4pm", 1)}),
        # a musing put to us, turned down
        ("eh, no. Keep the whole deck in Walnut Brown.",
         ["How would it look if we stained just the steps in Silver Birch?"],
         {("Silver Birch", 1)}),
        # an offer that names no value: the clause it proposes is what is declined
        ("I told them no, she stays on the night shift.",
         ["Her lead asked if we should move Priya to days for the audit."],
         {("move Priya to days for the audit", 1)}),
        ("Nope, not doing that.", ["The vendor wants us to waive the setup charge."],
         {("waive the setup charge", 1)}),
        ("No. The tour keeps its route.",
         ["Sam suggested we should skip the castle since it rains."], {("skip the castle", 1)}),
        # a question asked on a condition, answered no in the same turn
        ("He asked, if the van is late, do we pay the $60 wait fee? I told him no.",
         [], {("$60", 0)}),
        # a choice imagined on a condition, then refused
        ("No, we keep the Elm room.",
         ["Thinking aloud: if we went with the Birch Suite we'd seat 90."],
         {("Birch Suite", 1), ("90", 1)}),
        ("Nah, stick with the blue van.",
         ["If we switched to the 15-seat bus, it's $420 more."], {("15-seat", 1), ("$420", 1)}),
        # what is offered follows the words that offer it, not who passed it on
        ("No, the deadline stands.",
         ["Jonah Reyes says his coach, Prof. Amsel, told him it's fine to hand it in by May 9."],
         {("May 9", 1)}),
        # a no relayed from whoever decides, and what was in place said to hold
        ("The head chef says no, menu as printed.",
         ["The new commis reckons we can do the tart for $9 tonight."], {("$9", 1)}),
        ("checked with the office: policy stands.",
         ["the driver said we could leave the load at 6am"], {("6am", 1)}),
        ("Dr Osei replied no, the booking still stands.",
         ["the locum said we can move her scan to Friday"], {("Friday", 1)}),
        # advice someone gave us, turned down
        ("we're not doing that.", ["My accountant thinks we should file in late March."],
         {("file in late March", 1)}),
        ("No. Keep the oak floors.", ["Her brother says we should go with walnut for $9,800."],
         {("$9,800", 1)}),
        ("Nah, we're keeping the 8am start.",
         ["The trainer reckons we ought to start the camp at 6:30am."], {("6:30am", 1)}),
        # a no that lets the matter rest
        ("nah leave it, the old one works.", ["What if we bought the $240 router?"],
         {("$240", 1)}),
        ("No, let's not.", ["How about we repaint the hall in sage green?"],
         {("repaint the hall in sage green", 1)}),
        ("Nope, we're good.", ["Should we add a second shuttle at 9:15pm?"], {("9:15pm", 1)}),
        # a want pressed on us; a no with its speaker left out
        ("Not happening.", ["His dad keeps pushing for the lake cabin."], {("the lake cabin", 1)}),
        ("The buyer asked if we can take $9,200. Told him no, the floor is $9,600.",
         [], {("$9,200", 0)}),
        # a change someone we serve wants made, turned down
        ("no, leave it, I'll talk her out of it.",
         ["The client wants to swap the fruit tart for a cheesecake."],
         {("swap the fruit tart for a cheesecake", 1)}),
        ("Nope.", ["He'd like to upgrade to the $49 plan."], {("$49", 1)}),
        # a value that owns the thing says which one, and is no offer
        ("No. The halibut stays.", ["I want to swap Friday's special to lamb ragu."],
         {("swap Friday's special to lamb ragu", 1)}),
        ("Nope, keep it.", ["Could we move Monday's standup to the big room?"],
         {("move Monday's standup to the big room", 1)}),
        # things left as they are
        ("ok leaving it as is.", ["The tenant asked whether we could paint it grey instead."],
         {("paint it grey instead", 1)}),
        ("Let's keep it the way it is.", ["Could we move the standup to 9:30am?"],
         {("9:30am", 1)}),
        ("We'll leave things unchanged.", ["What if we raised the dues to $65?"], {("$65", 1)}),
        # a speaker's own suggestion, refused by another
        ("Lena (lead): no, the cutover stays on the 9th.",
         ["Omar (dev): I'd push the cutover to the 16th, to be safe."], {("the 16th", 1)}),
        ("No. The venue stays.", ["I say we go with the Foundry instead."],
         {("go with the Foundry instead", 1)}),
        # a refusal closing its sentence
        ("He asked if we could waive the $40 fee. Not something we do, so no.", [],
         {("$40", 0)}),
        ("The client asked whether we could start at 7am. The crew can't, so no.", [],
         {("7am", 0)}),
        # a question whether something changed, then let go
        ("ok nvm then", ["Did the clinic move it to May 27? I heard something like that."],
         {("May 27", 1)}),
        ("Never mind.", ["Has the club fee gone up to $65?"], {("$65", 1)}),
        ("oh forget it then", ["Was the launch pushed to the 14th?"], {("the 14th", 1)}),
        ("right, forget it, Sunday it is.", ["What if we moved the cleanup to Saturday?"],
         {("Saturday", 1)}),
        # a change of ours denied by what it would move
        ("Gran asked what if we held the lunch on the 12th instead. We're not shifting a "
         "whole family for one cousin. The 5th stays.", [], {("the 12th", 0)}),
        ("The tenant asked if we could do the boiler service at 8am. I said we are not "
         "rescheduling the engineer.", [], {("8am", 0)}),
        # nothing of ours moved, said back to one who asked in passing
        ("The buyer asked at the viewing whether we could do £310k. I told her nothing has "
         "changed.", [], {("£310k", 0)}),
        ("Their rep asked on the phone if we'd take delivery on Monday. Nothing's moved on our "
         "side.", [], {("Monday", 0)}),
        # what one would do in our place, who has no say
        ("If it was up to Mum she'd move lunch to 2pm. It's not up to her, it's Gran's party.",
         [], {("2pm", 0)}),
        ("Tomas says if it were up to him he'd cap the class at 14. It isn't up to him.",
         [], {("14", 0)}),
        # a permission walked back by the one who gave it
        ("Walking back what I said last week: everything over $300 comes to me.",
         ["From Omar: 'go ahead and approve any refund under $900 on your own.'"],
         {("$900", 1)}),
    ],
)  # fmt: skip
def test_an_offer_turned_down_is_declined(
    turn: str, earlier: list[str], expected: set[tuple[str, int]]
) -> None:
    assert refused(turn, *earlier) == expected


@pytest.mark.parametrize(
    ("turn", "earlier"),
    [
        ("No problem, the 5th works.", ["Could we do the 5th or the 6th?"]),  # agreeing
        ("Sure, let's do that.", ["What if we moved it to 7pm?"]),  # accepting
        ("No, the total is $1,200.", ["The invoice came in at $1,150."]),  # nothing offered
        ("No rush on the invoice.", ["Can we pay the $80 fee next week?"]),
        ("Is the van free on the 9th? I asked Ana, no idea yet.", []),
        # a thing let go by name, or a question that asks of no change
        ("Never mind the deposit, it's fine.", ["Did they move it to May 27?"]),
        ("ok nvm", ["Did the crew finish on May 2?"]),
        # a wish reported, not advice put to us; a contraction is no quotation
        ("No, we're not doing that.", ["They want the 48-inch mirror by Friday."]),
        ("Nah leave it.", ["We're moving into the new office on June 3."]),
        # what stays after news, or a say someone has, refuses nothing
        ("Nothing has changed in the plan: the van comes at 9am.", []),
        ("If it was up to me the shop would open at 8am, and it is: I own it.", []),
        # a no that agrees, and a thing that stands out, refuse nothing
        ("She said no problem, bring it at 6am.", ["the driver said we could leave it at 6am"]),
        ("The oak one still stands out.", ["Mira thinks we should go with walnut for $900."]),
        # too far back: a refusal answers only the user's last turns
        ("Nope.", ["How about the blue one at $40?", "The car is outside.", "Lunch was fine."]),
    ],
)
def test_refusing_nothing_offered_declines_nothing(turn: str, earlier: list[str]) -> None:
    assert refused(turn, *earlier) == set()
