"""Values a turn only puts forward, against what is known: the rivals never taken up."""

from __future__ import annotations

import pytest

from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.rivals import rivals


def said(text: str) -> Source:
    return Source(text, turn_index=0)


def fact(text: str, key: str) -> Source:
    return Source(text, fact_id=f"id-{key}", key=key)


def put_forward(turn: str, *sources: Source) -> set[tuple[str, str]]:
    return {(r.old.value.text, r.new.text) for r in rivals(turn, sources)}


@pytest.mark.parametrize(
    ("turn", "source", "expected"),
    [
        # a question
        ("Should we bump the tasting to 7:15pm?", said("The tasting starts at 6:30pm."),
         {("6:30pm", "7:15pm")}),
        ("Is the deposit going up to $500?", fact("Deposit: $350", "deposit"),
         {("$350", "$500")}),
        ("she asked 'can we push the fitting to Oct 9?'", said("Fitting is Oct 2 at the shop."),
         {("Oct 2", "Oct 9")}),
        # a condition's consequence, with or without its comma
        ("If the kiln isn't fixed, we'd move the firing to 3/14.", said("Firing day is 3/12."),
         {("3/12", "3/14")}),
        ("If the ferry is late I'll switch the pickup to 16:45.", said("Pickup at 15:30 sharp."),
         {("15:30", "16:45")}),
        # a deadline moved, in a condition: where it would go is a rival of the due date
        ("If the proofs come back late we'd have to push to May 19.",
         said("Print run for the zine, due May 12."), {("May 12", "May 19")}),
        ("If the permit stalls we could extend it to 30 Sept.",
         said("Deck build must be done by 16 Sept."), {("16 Sept", "30 Sept")}),
        ("Should we move the filing back to 4/22?", said("Tax filing due 4/15."),
         {("4/15", "4/22")}),
        # a weekday said beside its date is one day with it, not a second candidate
        ("If the binder is short-staffed, we could push them to Friday 21 March.",
         said("Thesis binding: Tuesday 18 March, 2pm."),
         {("Tuesday", "Friday"), ("18 March", "21 March")}),
        ("What if we moved the tasting to Sat, 9 Aug?", said("Cake tasting Thu, 7 Aug at noon."),
         {("Thu", "Sat"), ("7 Aug", "9 Aug")}),
        ("Could we bump the recital to June 14 (Sat)?", said("Spring recital June 12 (Thu)."),
         {("Thu", "Sat"), ("June 12", "June 14")}),
        # "what if" puts forward what follows it; it assumes nothing
        ("What if we did the fitting on 3 June?", said("Dress fitting on 27 May, 11am."),
         {("27 May", "3 June")}),
        # a condition reported inside the sentence, a place moved to by "shift"
        ("Mo did say if the boiler trips again we'll shift the class to tank 4.",
         fact("Reef fish: Tank 2, fed at 9am", "reef"), {("Tank 2", "tank 4")}),
        # asked where a thing would be moved to, the standing moment said again after
        ("guests ask can we push the coach to 3:30 or not. Keep 2:00.",
         fact("Coach to drop the group by 2:00pm, lobby", "coach"), {("2:00pm", "3:30")}),
        ("client asked could we push the flowers to 4:30. Keep 3:15.",
         fact("Florist to deliver by 3:15pm, church door", "flowers"), {("3:15pm", "4:30")}),
        ("bar manager asks can we push the kegs to 12:45 or not. Keep 11:30.",
         fact("Kegs in by 11:30am, side door", "kegs"), {("11:30am", "12:45")}),
        # a change of ours denied in one clause of a sentence that goes on to say more
        ("I'm not moving the fitting to 4:30pm, she can do 3pm as planned.",
         said("Dress fitting at 3pm, studio B."), {("3pm", "4:30pm")}),
        ("we're not moving the launch to May 19, the press is booked for the 12th.",
         said("Launch on May 12 at the gallery."), {("May 12", "May 19")}),
        ("We're not switching the pickup to 9:15am, though, the van is free at 8:40am.",
         said("Pickup at 8:40am, gate 2."), {("8:40am", "9:15am")}),
        # a denial, the whole sentence
        ("We are not switching the pickup to 9:15am.", said("Pickup at 8:40am, gate 2."),
         {("8:40am", "9:15am")}),
    ],
)  # fmt: skip
def test_a_value_only_put_forward_is_a_rival_of_the_known_one(
    turn: str, source: Source, expected: set[tuple[str, str]]
) -> None:
    assert put_forward(turn, source) == expected


@pytest.mark.parametrize(
    ("turn", "source"),
    [
        # stated, then asked about: the statement is no rival, it is a change
        ("Need it by Thu 9am, can you manage that?", said("Due back Fri 5pm.")),
        # someone else's affair, a story of the past, a wish: true of its owner or time
        ("My cousin moved her party to 8pm, fun.", said("Our party starts at 7pm.")),
        ("Last spring the rent went up to $1,900.", fact("Rent: $1,750", "rent")),
        ("The client wants 120 units by June.", fact("Order: 100 units", "order")),
        # a condition's own value is what is assumed
        ("If it rains on Saturday, we're fine.", said("Picnic is Sunday.")),
        # a value the turn's question keeps
        ("Are we still on for 6:30pm?", said("The tasting starts at 6:30pm.")),
        # two known values of its kind, and no words to tell which
        ("Should we move it to 4pm?", said("Standup at 9am, retro at 2pm.")),
    ],
)  # fmt: skip
def test_what_is_not_only_put_forward_has_no_rival(turn: str, source: Source) -> None:
    assert put_forward(turn, source) == set()


@pytest.mark.parametrize(
    ("turn", "sources", "expected"),
    [
        # a change denied as it stands or will stand, in a clause of a longer sentence;
        # the clause's own subject tells which known value it keeps
        ("and no, the tasting is NOT moving to 7:15pm, whatever the caterer says.",
         [said("The tasting starts at 6:30pm."), said("Caterer setup at 5pm.")],
         {("6:30pm", "7:15pm")}),
        ("Right, the rent won't change to $1,450, the lease is signed.",
         [fact("Rent: $1,380 a month", "rent"), fact("Deposit $500", "deposit")],
         {("$1,380", "$1,450")}),
        ("OK so the venue isn't being switched to Hall C, tell the band.",
         [fact("Venue: Hall A", "venue"), fact("Band load-in: Dock B", "band")],
         {("Hall A", "Hall C")}),
    ],
)  # fmt: skip
def test_a_change_denied_in_one_clause_is_a_rival(
    turn: str, sources: list[Source], expected: set[tuple[str, str]]
) -> None:
    assert put_forward(turn, *sources) == expected


@pytest.mark.parametrize(
    ("turn", "sources", "expected"),
    [
        # put forward, and the only known value of its kind in sight: its rival
        ("Would a late checkout at 2pm be possible?",
         [fact("Checkout 11am, room 214", "checkout")], {("11am", "2pm")}),
        ("What if the deposit were $900?", [fact("Deposit paid: $600", "deposit")],
         {("$600", "$900")}),
        ("my brother keeps telling people it's $80, he's thinking of the old gym",
         [fact("Membership: $65 a month", "membership")], {("$65", "$80")}),
        ("the neighbour reckons pickup's at 6:15, I think she's mixing us up with school",
         [fact("Pickup at 5:40 by the side gate", "pickup")], {("5:40", "6:15")}),
    ],
)  # fmt: skip
def test_the_only_known_value_of_its_kind_has_the_rival(
    turn: str, sources: list[Source], expected: set[tuple[str, str]]
) -> None:
    assert put_forward(turn, *sources) == expected
