"""The pure reader, table by table: a turn read against an in-memory state gives decisions
(kind, key, old value, new value, reason), and nothing is written but what `apply` is
handed. Phrasings of our own, in varied domains."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pytest
from pydantic import JsonValue

from statekeeper.conversation.apply import apply
from statekeeper.conversation.decisions import (
    Add,
    Conflict,
    Decision,
    Earlier,
    Replace,
    Restrict,
    Retract,
)
from statekeeper.conversation.reading import read_turn
from statekeeper.conversation.readings.put_forward import NOT_TAKEN_UP, PUT_RIGHT
from statekeeper.model import ASSISTANT, INTERNAL, Source, SourceType, Turn
from tests.conversation.memory import START, MemoryState, made


def said(text: str, at: int = 0, speaker: str = "quinn") -> Turn:
    return Turn(index=at, speaker=speaker, text=text, timestamp=START + timedelta(minutes=at))


Row = tuple[str, str | None, JsonValue, JsonValue, str]


def row(decision: Decision) -> Row:
    """A decision as (kind, key, old value, new value, reason)."""
    kind = type(decision).__name__
    if isinstance(decision, Retract):
        old = decision.old
        return kind, old.key, old.value, None, decision.reason
    if isinstance(decision, Add | Restrict):
        return kind, decision.key, None, decision.value, decision.reason
    return kind, decision.key, decision.old.value, decision.value, decision.reason


def read(state: MemoryState, text: str, earlier: Sequence[Turn] = ()) -> list[Row]:
    """Every decision a turn makes, each batch applied before the next is read."""
    turn = said(text, at=len(earlier) + 10)
    rows: list[Row] = []
    for batch in read_turn(state, turn, earlier):
        rows += [row(d) for d in batch]
        apply(state, batch)
    return rows


def live(key: str, value: str, speaker: str | None = None) -> MemoryState:
    return MemoryState(facts=[made(key, value, 1, speaker=speaker, authority="peer")])


@pytest.mark.parametrize(
    ("state", "text", "expected"),
    [
        # a value inside a live fact changes in a new version of it
        (live("dentist", "Dentist on Tuesday at 4pm"), "The dentist moved it to Wednesday at 4pm.",
         ("Replace", "dentist", "Dentist on Tuesday at 4pm", "Dentist on Wednesday at 4pm",
          "the same words around it")),
        (live("flight_gate", "Flight to Oslo boards at gate B12"),
         "Gate change: we board at gate C7 now, not B12.",
         ("Replace", "flight_gate", "Flight to Oslo boards at gate B12",
          "Flight to Oslo boards at gate C7", "named as the old value")),
        (live("tent", "Tent for 4 people"), "Make that a tent for 6 people instead of 4.",
         ("Replace", "tent", "Tent for 4 people", "Tent for 6 people",
          "the same words around it, the same unit")),
        # a bare contrast: the old value names the fact
        (live("desk", "Desk finish: oak"), "Not the oak, walnut.",
         ("Replace", "desk", "Desk finish: oak", "Desk finish: walnut", "corrected")),
        (live("venue", "Retreat in Lisbon"), "Porto, not Lisbon.",
         ("Replace", "venue", "Retreat in Lisbon", "Retreat in Porto", "corrected")),
        # back to a value the fact had before
        (MemoryState(facts=[
            made("wall_colour", "Wall colour: sage green", 1).model_copy(update={"is_valid": False}),
            made("wall_colour", "Wall colour: off-white", 2)]),
         "We're going back to the sage green.",
         ("Replace", "wall_colour", "Wall colour: off-white", "Wall colour: sage green",
          "reverted")),
        (MemoryState(facts=[
            made("hosting", "Hosting on the Basic plan", 1).model_copy(update={"is_valid": False}),
            made("hosting", "Hosting on the Pro plan", 2)]),
         "Revert to the Basic plan.",
         ("Replace", "hosting", "Hosting on the Pro plan", "Hosting on the Basic plan",
          "reverted")),
        # back to the first value, or the one before, named by when it held
        (MemoryState(facts=[
            made("pickup_time", "4pm", 1).model_copy(update={"is_valid": False}),
            made("pickup_time", "5pm", 2).model_copy(update={"is_valid": False}),
            made("pickup_time", "6pm", 3)]),
         "Actually, go back to the original pickup time.",
         ("Replace", "pickup_time", "6pm", "4pm", "reverted")),
        (MemoryState(facts=[
            made("logo", "Logo in navy", 1).model_copy(update={"is_valid": False}),
            made("logo", "Logo in teal", 2)]),
         "Hmm, let's revert to the previous logo.",
         ("Replace", "logo", "Logo in teal", "Logo in navy", "reverted")),
        (MemoryState(facts=[
            made("seating", "Seating: rounds of 8", 1).model_copy(update={"is_valid": False}),
            made("seating", "Seating: long tables", 2)]),
         "Switch the seating back to what it was.",
         ("Replace", "seating", "Seating: long tables", "Seating: rounds of 8", "reverted")),
    ],
)  # fmt: skip
def test_a_turn_replaces_a_live_value(state: MemoryState, text: str, expected: Row) -> None:
    assert read(state, text)[:1] == [expected]


@pytest.mark.parametrize(
    ("fact", "text", "ended"),
    [
        ("Paint: eggshell white", "Make it two coats, satin instead of eggshell.", "eggshell"),
        ("Cake: lemon sponge", "Let's do chocolate, instead of lemon.", "lemon"),
        ("Lunch: sushi platter", "Order the salad platter, not sushi.", "sushi"),
    ],
)  # fmt: skip
def test_the_part_a_contrast_replaces_is_ended_where_it_is_said(
    fact: str, text: str, ended: str
) -> None:
    rows = read(MemoryState(facts=[made("thing", fact, 1)]), text)
    assert rows[0][0] == "Replace" and ended not in str(rows[0][3])
    assert ("Retract", "thing", ended, None, "replaced") in rows


@pytest.mark.parametrize(
    ("earlier", "text", "expected"),
    [
        ("My order number is 55837.", "Sorry, the order number is 55873, not 55837.",
         ("Replace", "order_number", "55837", "55873", "named as the old value")),
        ("The ferry leaves at 8:45am.", "Change of plan: the ferry leaves at 9:15am, not 8:45am.",
         ("Replace", "ferry_leaves", "8:45am", "9:15am", "named as the old value")),
    ],
)  # fmt: skip
def test_a_value_only_said_before_is_replaced_as_said(
    earlier: str, text: str, expected: Row
) -> None:
    state = MemoryState()
    assert read(state, text, [said(earlier)]) == [expected]
    # applied: recorded as said then, and replaced now
    old, new = state.facts
    assert old.timestamp < new.timestamp
    assert not old.is_valid and old.superseded_by == new.id and new.is_valid


@pytest.mark.parametrize(
    ("earlier", "text", "expected"),
    [
        ("hire list for the fair:\nStall 3 | 2 trestles | Hill Farm | $45\n"
         "Stall 4 | 1 gazebo | Bay Candles | $60\nStall 5 | 3 trestles | Oak Pottery | $55",
         "updated line:\nStall 4 | 1 gazebo | Bay Candles | $70",
         ("Replace", "bay_candles", "$60", "$70", "the same values around it")),
        ("crew sheet:\nRaft 1 | 4 paddlers | Lena Ortiz | €120\n"
         "Raft 2 | 6 paddlers | Sam Webb | €150\nRaft 3 | 5 paddlers | Ivo Petrov | €135",
         "Raft 3 | 5 paddlers | Ivo Petrov | €140",
         ("Replace", "ivo_petrov", "€135", "€140", "the same values around it")),
        ("kennel board:\nRun 1 | 2 nights | Biscuit Hale | $90\n"
         "Run 2 | 3 nights | Pepper Lowe | $135\nRun 3 | 1 night | Rollo Grant | $45",
         "board's changed:\nRun 2 | 3 nights | Pepper Lowe | $150",
         ("Replace", "pepper_lowe", "$135", "$150", "the same values around it")),
    ],
)  # fmt: skip
def test_a_row_pasted_again_changes_the_value_of_its_own_row(
    earlier: str, text: str, expected: Row
) -> None:
    assert read(MemoryState(), text, [said(earlier)]) == [expected]


@pytest.mark.parametrize(
    ("earlier", "text", "expected"),
    [
        # nothing before the old value names a slot: it ends, the turn keeps the new one
        ("3/14 for the glaze firing, big kiln.", "Kiln's booked up, we're now firing on 3/21.",
         ("Retract", "date", "3/14")),
        ("$80 cash up front, rest on pickup.", "Correction, it's now $95 up front.",
         ("Retract", "money", "$80")),
        ("Tuesday 9:15am works for the tuner.", "Rebooked, the tuner now comes at 11:40am.",
         ("Retract", "tuesday", "9:15am")),
    ],
)  # fmt: skip
def test_a_value_said_before_under_no_slot_name_is_only_ended(
    earlier: str, text: str, expected: tuple[str, str, str]
) -> None:
    state = MemoryState()
    assert [r[:3] for r in read(state, text, [said(earlier)])] == [expected]
    assert all(not f.is_valid for f in state.facts)  # no fact holds the new value



@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The boat rental deposit is $350.",
         ("Add", "boat_rental_deposit", None, "$350", "stated of a new subject")),
        ("Our rehearsal room is booked for Friday at 7pm.",
         ("Add", "rehearsal_room", None, "booked for Friday at 7pm", "stated of a new subject")),
        ("Our wifi password is hunter22.",
         ("Add", "wifi_password", None, "hunter22", "stated of a new subject")),
        ("The vet appointment is on May 14.",
         ("Add", "vet_appointment", None, "May 14", "stated of a new subject")),
    ],
)  # fmt: skip
def test_a_statement_about_a_new_subject_adds_a_fact(text: str, expected: Row) -> None:
    assert read(MemoryState(), text) == [expected]


def test_no_new_subject_is_added_when_extraction_is_off() -> None:
    assert read(MemoryState(extracts=False), "Our wifi password is hunter22.") == []


@pytest.mark.parametrize(
    ("state", "text", "expected"),
    [
        (live("launch", "Launch date is June 4", speaker="lee"), "The launch date is June 11.",
         ("Conflict", "launch", "Launch date is June 4", "Launch date is June 11",
          "a colleague of the same rank said otherwise")),
        (live("venue", "Venue is the Elm Hall", speaker="ana"),
         "No, the venue is the Harbor Room.",
         ("Conflict", "venue", "Venue is the Elm Hall", "Venue is the Harbor Room",
          "a colleague of the same rank said otherwise")),
        (live("budget", "Budget is $12,000", speaker="raj"), "The budget is $15,000, not $12,000.",
         ("Conflict", "budget", "Budget is $12,000", "Budget is $15,000",
          "a colleague of the same rank said otherwise")),
        (live("kickoff", "Kickoff call at 10am", speaker="raj"), "Kickoff call moved to 11am.",
         ("Conflict", "kickoff", "Kickoff call at 10am", "Kickoff call at 11am",
          "a colleague of the same rank said otherwise")),
    ],
)  # fmt: skip
def test_a_colleagues_word_is_not_overruled_by_an_equal(
    state: MemoryState, text: str, expected: Row
) -> None:
    assert read(state, text) == [expected]
    assert all(f.is_valid for f in state.facts)  # both stand


@pytest.mark.parametrize(
    ("earlier", "text", "expected"),
    [
        # an item only said in an earlier turn, taken back
        (said("Pack the tent, the stove and the candles."), "Actually leave out the candles.",
         ("Retract", "candles", "candles", None, "taken back")),
        (said("Book the window washing and the gutter cleaning."), "Cancel the gutter cleaning.",
         ("Retract", "gutter_cleaning", "gutter cleaning", None, "taken back")),
        # an offer turned down
        (said("My sister asked if we could move the picnic to Saturday."), "No, we keep Sunday.",
         ("Retract", "move_picnic", "Saturday", None, "declined")),
        (said("The vet tech wondered if we should switch the cat to the dry kibble."),
         "I told her no, the cat keeps the wet food.",
         ("Retract", "proposal", "switch the cat to the dry kibble", None, "declined")),
        # a proposal ruled out from above
        (said("The new cashier suggested we could put the mugs on sale."),
         "Heard back from our store manager: 'Mugs stay full price.'",
         ("Retract", "proposal", "put the mugs on sale", None, "overruled by higher authority")),
        (said("A nurse suggested we could extend visiting hours to 9pm."),
         "Asked the clinic director. Her answer: 'Visiting hours stay as they are.'",
         ("Retract", "proposal", "extend visiting hours to 9pm", None,
          "overruled by higher authority")),
    ],
)  # fmt: skip
def test_a_value_said_before_is_ended(earlier: Turn, text: str, expected: Row) -> None:
    state = MemoryState()
    assert read(state, text, [earlier]) == [expected]
    (ended,) = state.facts
    assert not ended.is_valid and ended.timestamp == earlier.timestamp


def test_a_proposal_declined_is_not_ended_again_as_overruled() -> None:
    state = MemoryState(authority="manager")
    earlier = [said("The junior designer wants us to use the teal logo.")]
    assert read(state, "No, that's not happening.", earlier) == [
        ("Retract", "proposal", "use the teal logo", None, "declined")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Internal only: the landlord may accept $1,900 if we push.",
        "Keep this between us: the supplier's margin is 40%.",
        "Confidential - do not share with the client: we can slip the deadline by a week.",
    ],
)
def test_what_is_said_for_us_only_is_restricted(text: str) -> None:
    state = MemoryState()
    assert read(state, text) == [("Restrict", "internal_note", None, text, "said for us only")]
    assert state.facts[0].required_permissions == {INTERNAL}


@pytest.mark.parametrize(
    ("facts", "text", "restricted"),
    [
        ([("bonus_amount", "$12,000"), ("start_date", "June 2")],
         "The bonus is confidential, keep it between us.", "bonus_amount"),
        ([("supplier_margin", "40%"), ("delivery_date", "May 9")],
         "Don't mention the margin to the buyer.", "supplier_margin"),
        ([("home_address", "9 Fern Lane"), ("office_address", "1 Dock St")],
         "Her home address is need-to-know only.", "home_address"),
        # named by words or figures of its value
        ([("loyalty_deal", "Landlord's nephew gets 25% off"), ("opening_hours", "9-5")],
         "the 25% thing for the nephew stays between us", "loyalty_deal"),
        ([("trade_in", "Trade-in offer on the Corolla: $9,800"), ("delivery", "Friday")],
         "dont tell the buyer what we offered on the corolla", "trade_in"),
        # a restriction that says nothing but itself, of the sentence before it
        ([("floor_price", "Lowest we take: $310,000"), ("closing", "June 30")],
         "Never let their agent near our floor price. Partners only.", "floor_price"),
        # a figure spelled another way names the fact that holds it
        ([("grant_award", "Award to the Okoye lab: $250,000"), ("report_due", "Dec 1")],
         "The Okoye lab got $250k in the end. Keep the figure confidential.", "grant_award"),
        ([("bonus", "Signing bonus $7,500"), ("start", "June 2")],
         "The $7.5k bonus is not for the candidate's ears.", "bonus"),
        # named by another word for its slot: pay, comp, salary
        ([("offer", "Final offer to Dana Pryce: $90,000 base"), ("start", "May 4")],
         "Comp details stay in HR only.", "offer"),
        ([("contract", "Contractor rate: $85 an hour"), ("site", "Dock 4")],
         "The pay stays between us.", "contract"),
        # a restricted span's amount or contact keeps the fact that states it for us too
        ([("invoice", "Invoice INV-77: $3,200 for the roof"), ("start", "June 2")],
         "His brother is paying the whole $3,200. He doesn't want his wife to know.", "invoice"),
        ([("tab", "Bar tab T-9: £640"), ("venue", "The Crown")],
         "The best man covers the £640 and does not want the groom finding out.", "tab"),
        ([("deal", "Rowing club discount: 12%"), ("regatta", "May 3")],
         "We give them 12% off. They don't want the other clubs finding out.", "deal"),
    ],
)
def test_words_for_us_only_restrict_the_fact_they_name(
    facts: list[tuple[str, str]], text: str, restricted: str
) -> None:
    state = MemoryState(facts=[made(k, v, n) for n, (k, v) in enumerate(facts)])
    read(state, text)
    live = {f.key: f for f in state.facts if f.is_valid}
    assert live[restricted].required_permissions == {INTERNAL}
    assert live[restricted].value == dict(facts)[restricted]
    assert all(not f.required_permissions for k, f in live.items() if k not in (
        restricted, "internal_note"))


@pytest.mark.parametrize(
    ("facts", "text"),
    [
        # the restriction is of what the note goes on to say, not of the fact it names
        ([("pickup_window", "Friday 9-11am")],
         "Between us, the driver who damaged the pickup van was ours."),
        ([("hourly_rate", "$85")],
         "Internal only: the rate dispute with the vendor goes to legal."),
        ([("venue", "Harbor Room")],
         "Keep this quiet, but the venue manager is leaving next month."),
        # a code the note only refers to names its thing; it says nothing private of it
        ([("claim", "Claim 7731-B: statement booked for May 9")],
         "Internal only: fraud team reviewing 7731-B, nothing about it goes to the claimant."),
    ],
)
def test_a_restriction_of_a_new_statement_leaves_the_facts_it_mentions(
    facts: list[tuple[str, str]], text: str
) -> None:
    state = MemoryState(facts=[made(k, v, n) for n, (k, v) in enumerate(facts)])
    read(state, text)
    assert all(
        not f.required_permissions for f in state.facts if f.is_valid and f.key != "internal_note"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Is the dentist still on Tuesday?",  # a question
        "My brother moved his dentist appointment to Friday.",  # a third party's affair
        "What if we moved the dentist to Friday?",  # a hypothetical
        "I'm sure the dentist is on Friday now.",  # a guess
        "I bet the dentist moved it to Friday.",
        "I'm guessing the dentist is Wednesday at 4pm.",
        "We might move the dentist to Friday.",  # a possibility
        "The dentist might end up on Friday at 4pm.",
        "Dentist on Friday at 4pm, not sure yet.",
        "We're thinking about moving the dentist to Friday.",  # a change weighed
        "I'm toying with Friday at 4pm for the dentist.",
        # talked about, not decided
        "There'd been talk of moving the dentist to Friday, but no.",
        "there was some talk about Friday at 4pm for the dentist",
        "There's talk of the dentist going to Friday, nothing agreed.",
        "Considering the dentist on Friday instead, since Tuesday is busy.",
        # a claim passed on second-hand
        "My sister says the receptionist told her the dentist is Friday at 4pm now.",
        "Supposedly the dentist moved us to Friday.",
        "Word is the dentist switched to Friday at 4pm.",
        "I heard that the dentist is on Friday now.",
        "The new hire claims she was told the dentist is Friday at 4pm.",
        "Someone at the front desk told my mom the dentist is Friday at 4pm.",
        # mentioned in passing by someone other than us
        "Your colleague mentioned the dentist is on Friday at 4pm now.",
        "Priya mentioned the dentist moved to Friday.",
        "the receptionist mentioned Friday at 4pm for the dentist",
        # an exception for one named case
        "For the Harlow account only, the dentist bills on Friday at 4pm.",
        "Only for the Eastgate branch, the dentist moved to Friday.",
        # a frame of times gone by
        "Back when I was a kid the dentist was on Friday at 4pm.",
        "We used to see the dentist on Thursday at 4pm.",
    ],
)
def test_what_changes_nothing_decides_nothing(text: str) -> None:
    state = live("dentist", "Dentist on Tuesday at 4pm")
    rows = read(state, text)
    # at most a value put forward, recorded as never taken up; the fact stands
    assert all(r[0] == "Retract" and r[-1] == NOT_TAKEN_UP for r in rows), rows
    assert [f.value for f in state.facts if f.is_valid] == ["Dentist on Tuesday at 4pm"]


@pytest.mark.parametrize(
    "text",
    [
        "Is the dentist moving to Friday?",
        "Should we push the dentist to Friday?",
        "If the clinic floods, we'd push the dentist to Friday.",
        # supposed by someone else, with no word of which thing it would change
        "The receptionist joked that Friday suits the hygienist better, ha.",
        "My sister asked whether we could do Friday, because of her shifts.",
        "If the dentist is ill, Friday would be the fallback they said.",
    ],
)
def test_a_value_only_put_forward_is_recorded_as_never_taken_up(text: str) -> None:
    state = live("dentist", "Dentist on Tuesday at 4pm")
    rows = read(state, text)
    assert ("Retract", "proposal", "Friday", None, NOT_TAKEN_UP) in rows
    assert any(f.value == "Friday" and not f.is_valid for f in state.facts)
    assert [f.value for f in state.facts if f.is_valid] == ["Dentist on Tuesday at 4pm"]


@pytest.mark.parametrize(
    ("state", "text", "expected"),
    [
        (live("packing", "Packing list: passport, charger, umbrella"),
         "Drop the umbrella from the list.",
         [("Replace", "packing", "Packing list: passport, charger, umbrella",
           "Packing list: passport, charger", "taken back"),
          ("Retract", "packing", "umbrella", None, "taken back")]),
        (live("sides", "rice, salad, fries"), "Take the fries off.",
         [("Replace", "sides", "rice, salad, fries", "rice, salad", "taken back"),
          ("Retract", "sides", "fries", None, "taken back")]),
        # called by fewer words than the fact's own
        (live("special", "halibut with saffron risotto"),
         "We're out of halibut, take it off tonight's board.",
         [("Replace", "special", "halibut with saffron risotto", "cancelled", "taken back"),
          ("Retract", "special", "halibut", None, "taken back")]),
    ],
)  # fmt: skip
def test_an_item_taken_out_of_a_fact_is_ended_as_it_was_called(
    state: MemoryState, text: str, expected: list[Row]
) -> None:
    """Each name an item went by is ended, so no turn that names it shows it as live."""
    assert read(state, text) == expected


def test_an_assistants_statement_confirmed_is_the_speakers_own() -> None:
    state = live("service", "Next service due at 45,000 miles")
    earlier = [Turn(index=0, speaker=ASSISTANT, text="So the next service is due at 48,000 miles.",
                    timestamp=START)]  # fmt: skip
    rows = read(state, "yep", earlier)
    assert [r[:4] for r in rows] == [
        ("Replace", "service", "Next service due at 45,000 miles",
         "Next service due at 48,000 miles")
    ]  # fmt: skip


def test_reading_writes_nothing() -> None:
    """Decisions only: a view that cannot write is all a reader needs."""
    state = live("dentist", "Dentist on Tuesday at 4pm")
    before = list(state.facts)
    batches = list(read_turn(state, said("The dentist moved it to Wednesday at 4pm.", 5), []))
    assert state.facts == before
    (replace,) = [d for batch in batches for d in batch]
    assert isinstance(replace, Replace) and replace.old is before[0]
    assert replace.source.type == SourceType.CONVERSATION and replace.source.turn_index == 5


def test_an_earlier_value_is_named_not_written() -> None:
    state = MemoryState()
    batches = read_turn(state, said("Change of plan: the ferry leaves at 9:15am, not 8:45am.", 3),
                        [said("The ferry leaves at 8:45am.", 1)])  # fmt: skip
    (replace,) = [d for batch in batches for d in batch]
    assert isinstance(replace, Replace) and isinstance(replace.old, Earlier)
    assert replace.old.source.turn_index == 1 and replace.source.turn_index == 3
    assert not isinstance(replace, Conflict) and state.facts == []


def on_file(key: str, value: str, reader: str = "guest") -> MemoryState:
    """A record a system keeps of someone, read by a principal of the given rank."""
    fact = made(key, value, 1, source=Source(type=SourceType.SYSTEM, authority="system"))
    return MemoryState(facts=[fact], authority=reader)


@pytest.mark.parametrize(
    ("state", "text", "new"),
    [
        (on_file("patient_phone", "415-555-0142"),
         "I got a new cell, please use 415-555-0187 from now on.", "415-555-0187"),
        (on_file("member_email", "r.okafor@example.net"),
         "Send the statement to my work email, rokafor@example.org. "
         "I never check the old one anymore.", "rokafor@example.org"),
        (on_file("guest_mobile", "+44 20 7946 0018"),
         "My number changed last week, it's +44 20 7946 0991 now.", "+44 20 7946 0991"),
    ],
)  # fmt: skip
def test_an_outsider_corrects_how_to_reach_them(state: MemoryState, text: str, new: str) -> None:
    """A customer's, a patient's, a guest's own contact detail is theirs to correct, though
    a system recorded it."""
    [(kind, key, _, value, _)] = read(state, text)
    assert (kind, key, value) == ("Replace", state.facts[0].key, new)


@pytest.mark.parametrize(
    ("state", "text"),
    [
        # the organization's own address, not the speaker's
        (on_file("support_email", "help@example.com"),
         "Please write to me at dee@example.org instead."),
        # no word of the speaker's own: someone else's detail, perhaps
        (on_file("patient_phone", "415-555-0142"), "Use 415-555-0187 instead."),
        # a detail that is not how to reach them: no outsider sets their own tier
        (on_file("loyalty_tier", "Tier: Silver"), "My tier is Gold now, not Silver."),
        # staff below a peer speak of others' records, not their own
        (on_file("customer_email", "lee@example.net", reader="intern"),
         "My email changed, it's sam@example.org now."),
    ],
)  # fmt: skip
def test_an_outsider_changes_nothing_else(state: MemoryState, text: str) -> None:
    assert [r for r in read(state, text) if r[0] != "Add"] == []
    assert state.facts[0].is_valid


def _two(first: tuple[str, str], second: tuple[str, str]) -> MemoryState:
    return MemoryState(facts=[made(*first, 1, authority="peer"), made(*second, 2, authority="peer")])


@pytest.mark.parametrize(
    ("earlier", "text", "expected"),
    [
        # a plain value for no named thing goes to the thing the last turns spoke of
        (["The sofa comes in charcoal, right?"], "I'd rather have it in forest green.",
         ("color", "Sofa color: forest green")),
        ([], "Make it forest green instead.", None),  # nothing spoken of: which one?
        ([], "Let's go with Harbor Blue instead.", None),  # a name alone, just the same
        (["Is large the biggest size?"], "Make it extra large then.",
         ("size", "Size: extra large")),
    ],
)  # fmt: skip
def test_a_plain_value_goes_to_the_thing_spoken_of(
    earlier: list[str], text: str, expected: tuple[str, str] | None
) -> None:
    state = _two(("color", "Sofa color: charcoal"), ("size", "Size: large"))
    turns = [said(t, n) for n, t in enumerate(earlier)]
    rows = [(r[1], r[3]) for r in read(state, text, turns) if r[0] == "Replace"]
    assert rows == ([expected] if expected else [])


@pytest.mark.parametrize(
    ("fact", "text"),
    [
        (("sofa", "Sofa color: charcoal"), "Good news, the charcoal sofa is in stock."),
        (("van", "Van color: blue"), "The blue van is at the depot."),
        (("desk", "Desk finish: oak"), "The oak desk is back in stock."),
        # a thing said to stay as it is, with remarks beside it
        (("case", "Guitar case: black hardshell, strap in the front pocket"),
         "The strap is still with Ingrid, she borrowed it for the gig."),
        (("flowers", "Flowers: white lilies, ribbon in navy"),
         "The ribbon is still in navy, just checked with the florist."),
        (("kit", "Camping kit: two-person tent, stove in the garage"),
         "The stove is still in the garage, I'll dig it out on Friday."),
        (("gear", "Climbing gear: rope, harness at the wall"),
         "Harness stays at the wall, the instructor signs it off on Monday."),
        # a person named less or more fully than the fact names them
        (("booking", "Thu 10:00 - boiler service, owner Mrs Nora Quayle, £90"),
         "Please check the boiler booking for Mrs Quayle, I may have typed it wrong."),
        (("visit", "Site visit: Mr Tomasz Wojcik, 12 May, Unit 4"),
         "Pull up the site visit for Mr Wojcik, the foreman asked."),
        (("tutor", "Tutor: Ms Grace Obi, Tuesdays, £30"),
         "Ms Obi is the tutor, she texted this morning."),
    ],
)  # fmt: skip
def test_what_names_a_known_value_again_keeps_it(fact: tuple[str, str], text: str) -> None:
    state = MemoryState(facts=[made(*fact, 1, authority="peer")])
    assert [r for r in read(state, text) if r[0] == "Replace"] == []
    assert [f.value for f in state.facts if f.is_valid] == [fact[1]]


@pytest.mark.parametrize(
    ("fact", "text"),
    [
        # a thing of a time gone by is another than ours
        (("launch", "Product launch: September 9"), "Last year's launch slipped to October."),
        (("recital", "Recital in the main hall"), "Last spring's recital moved to the gym."),
        (("standup", "Standup at 9:30am"), "Yesterday's standup moved to the big room."),
        # a relation's own move, however they are described
        (("unit", "Lease: Unit 4B"), "My upstairs neighbor in 5B is moving out next month."),
        (("carrier", "Carrier: T-Mobile"), "My older brother in Austin just switched to Verizon."),
        (("office", "Office: Room 12"), "Our friends from college are moving to Room 14."),
        # someone else's, wherever "his", "her" or "their" stands in the subject
        (("school", "School run: 8am"), "Omar mentioned his daughter starts daycare in May."),
        (("warehouse", "Warehouse: Reno"), "The vendor said their warehouse moves to Boise."),
        (("pickup", "Pickup: 8am"), "Sam mentioned their kids start camp on June 2."),
        # a named person's thing, beside ours said to be untouched
        (("flight", "My flight: TP1357 departing 07:45"),
         "Anneke's flight got bumped to 11:20. Glad mine's untouched."),
        # a group set apart by what it is, which we may not be in
        (("cleaning", "Cleaning: Fridays"), "Tenants on floor 3 will have cleaning moved to Tuesdays."),
        (("fee", "Gym fee: $40"), "Members over 65 pay $25 from March."),
        (("route", "Bin pickup: Monday"), "Households in zone B get pickup moved to Wednesday."),
        # a rival or a client of a party we name is theirs, not that party
        (("demo", "Demo with Lakeside Inc: Thursday 3pm"),
         "Lakeside's competitor booked a demo Friday 10am."),
        (("call", "Call with Brightway: Monday 9am"), "Brightway's supplier moved their call to 11am."),
    ],
)  # fmt: skip
def test_another_instance_or_someone_elses_changes_nothing(
    fact: tuple[str, str], text: str
) -> None:
    state = MemoryState(facts=[made(*fact, 1, authority="peer")])
    assert read(state, text) == []


def test_details_given_beside_a_change_are_kept() -> None:
    state = live("courier", "Courier: Swift Freight, pickups Mondays")
    rows = read(state, "We're using Northline Haulage instead of Swift Freight. Dispatcher is "
                       "Omar, 312-555-0163.")  # fmt: skip
    assert ("Replace", "courier", "Courier: Swift Freight, pickups Mondays",
            "Courier: Northline Haulage, pickups Mondays", "named as the old value") in rows  # fmt: skip
    assert any(r[0] == "Add" and r[3] == "312-555-0163" for r in rows)


def test_a_change_in_an_aside_within_the_turn_changes_nothing() -> None:
    state = live("tour", "Lisbon tour departs June 3")
    rows = read(state, "quick tangent: my dentist moved me to June 12 at 4pm. anyway, back to "
                       "the Lisbon group, what else do we need?")  # fmt: skip
    assert rows == []


@pytest.mark.parametrize(
    ("facts", "text", "expected"),
    [
        # a typed change in one sentence, a change in words of another fact in the next
        ([("start", "Workshop on May 4"), ("snacks", "Snacks: fruit trays")],
         "Push it to May 6. And switch the snacks to bagels.",
         {("start", "Workshop on May 6"), ("snacks", "Snacks: bagels")}),
        ([("rent", "Rent $1,400"), ("parking", "Parking: street")],
         "Rent goes to $1,450 in July. Also the parking is now a garage spot.",
         {("rent", "Rent $1,450"), ("parking", "Parking: garage spot")}),
        # a sentence a typed change came from is not read again for a fact of its words
        ([("talk", "Talk at 10am"), ("speaker", "Talk speaker: Dr. Kim")],
         "Dr. Kim's train is late, so the talk moves to 2pm.", {("talk", "Talk at 2pm")}),
        # a contrast standing as a clause of a sentence with typed changes
        ([("count", "40 seats"), ("seating", "Seating: banquet")],
         "Now 46 seats, rounds instead of banquet, same day.",
         {("count", "46 seats"), ("seating", "Seating: rounds")}),
        # a sentence whose subject names no live fact changes nothing beside them
        ([("kickoff", "Kickoff at 3pm"), ("venue", "Venue: Hall A")],
         "Kickoff moves to 4pm. Weather is lovely.", {("kickoff", "Kickoff at 4pm")}),
    ],
)  # fmt: skip
def test_a_change_in_words_beside_typed_changes_is_read_too(
    facts: list[tuple[str, str]], text: str, expected: set[tuple[str, str]]
) -> None:
    state = MemoryState(facts=[made(k, v, 1) for k, v in facts])
    rows = read(state, text)
    assert {(r[1], r[3]) for r in rows if r[0] == "Replace"} == expected


@pytest.mark.parametrize(
    ("fact", "text", "called"),
    [
        ("add a pergola over the deck", "Let's shelve the pergola, it's too pricey.", "pergola"),
        ("bring a bounce house for the kids", "Cancel the bounce house.", "bounce house"),
        ("hire a string trio for the toast", "We're scrapping the string trio.", "string trio"),
    ],
)  # fmt: skip
def test_a_cancelled_thing_is_ended_by_what_the_turn_calls_it(
    fact: str, text: str, called: str
) -> None:
    rows = read(MemoryState(facts=[made("extra", fact, 1)]), text)
    assert rows[0][0] == "Replace"
    assert ("Retract", "extra", called, None, "taken back") in rows


@pytest.mark.parametrize(
    ("speaker", "text", "expected"),
    [
        # a speaker's own thing is kept under the speaker's name, not under "my"
        ("Imani", "Change of plans: my pop-up stall is in Dayton now.",
         ("imani_pop_up_stall", "Dayton")),
        ("Oskar", "Going forward, my rehearsal space is Studio 4.",
         ("oskar_rehearsal_space", "Studio 4")),
        # the principal's own thing needs no name, and "our" is everyone's
        ("quinn", "Change of plans: my pottery class is on Friday now.",
         ("pottery_class", "Friday")),
        ("Imani", "Going forward, our team offsite is on Monday.", ("team_offsite", "Monday")),
        # a relative time is followed by the day it meant
        ("Imani", "The official launch party is tomorrow.",
         ("launch_party", "tomorrow (5 March 2031)")),
    ],
)  # fmt: skip
def test_a_new_subject_is_kept_under_whose_it_is_and_when_it_was_said(
    speaker: str, text: str, expected: tuple[str, str]
) -> None:
    state = MemoryState(facts=[])
    read_by = [
        row(d) for batch in read_turn(state, said(text, at=10, speaker=speaker), []) for d in batch
    ]
    assert ("Add", *expected) in [(r[0], r[1], r[3]) for r in read_by], read_by


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        # a value put right as it is said is dead from the start
        ("Fitting booked for May 14... sorry, May 15, at the tailor's.", ["May 14"]),
        ("Locker code is 4471, no wait, 4417.", ["4471"]),
        ("Ship it to Dock 6, not Dock 9.", ["Dock 9"]),
        # a span from one value to another replaces nothing, nor does a question
        ("The loan runs from 3 May 2032 to 9 August 2032.", []),
        ("Is it 4471, not 4417?", []),
        # ... nor a question after a statement in the same turn
        ("She rang about the van. So the hire comes to 24,80 € instead of 52,00 €?", []),
        ("Quick one from the client. Could we do £90 rather than £120?", []),
    ],
)
def test_a_value_put_right_as_it_is_said_is_ended(text: str, ended: list[str]) -> None:
    state = MemoryState(facts=[])
    rows = read(state, text)
    assert [r[2] for r in rows if r[-1] == PUT_RIGHT] == ended


@pytest.mark.parametrize(
    ("fact", "text"),
    [
        # a state of the thing said, no value of the slot its fact holds
        (("loaner", "Loaner cello (case 2): due back 30.09.2031"),
         "The cello is packed and labelled already, just the bow missing."),
        (("hire", "Mahler 1 hire set (Brook Music, BM-330): due back 12.10.2031"),
         "The Mahler is packed already, just one part missing."),
        (("marquee", "Marquee hire (Oakfield): delivered 14.06.2031"),
         "The marquee is up already, just the sides missing."),
    ],
)  # fmt: skip
def test_a_state_said_of_a_thing_leaves_its_value(fact: tuple[str, str], text: str) -> None:
    assert not [r for r in read(live(*fact), text) if r[0] == "Replace"]
