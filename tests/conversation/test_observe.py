"""Values read from turns, through `observe()` on a real store: a corrected value said
only in conversation is masked wherever it is carried, and a retracted item leaves the
list that held it."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.moved import moved

ROWAN = Principal(org="harbor", user="rowan", authority="peer")


def test_a_slip_corrected_in_conversation_is_masked_in_every_turn(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="intake") as s:
        s.observe("rowan", "New patient intake, insurance member number 88201734.")
        s.observe("assistant", "Logged member number 88201734.", assistant=True)
        s.observe("rowan", "wait, I swapped the last two digits, it's 88201743.")
        text = s.context("Which member number do we bill?").text
    assert "88201743" in text
    assert "88201734" not in text


READ_BACK_FIXES = [
    # a figure put right in what the assistant read back keeps the old one's currency or
    # label, and the read-back's version is masked
    ("Fee for the framing job is €240, due on collection.", "Framing: €420 due on collection.",
     "no, you wrote 420, it's 240", "€240", "€420"),
    ("Locker for the new starter is locker 17 on level 2.", "Assigned: Locker 71, level 2.",
     "you've put 71, should be 17", "Locker 17", "Locker 71"),
    ("Physio again next week, the usual slot at 4.", "Physio booked for Thursday at 4.",
     "You wrote Thursday, it's Tuesday.", "Tuesday", "Thursday"),
]


@pytest.mark.parametrize(("said", "read_back", "fix", "kept", "gone"), READ_BACK_FIXES)
def test_a_read_back_put_right_gives_way(
    engine: Engine, said: str, read_back: str, fix: str, kept: str, gone: str
) -> None:
    with engine.session(ROWAN, task_id="read-back") as s:
        s.observe("rowan", said)
        s.observe("assistant", read_back, assistant=True)
        s.observe("rowan", fix)
        text = s.context("What did we settle on?").text
    facts = text.split("## Recent")[0]
    assert kept in facts or kept in text
    assert gone not in text


def test_a_value_inside_a_fact_changes_in_a_new_version_of_it(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="events") as s:
        s.write("gala", "Spring gala: 120 guests, Harbor Room, May 9")
        s.observe("rowan", "The RSVPs came in, it's 145 guests now.")
        assert s.current_value("gala") == "Spring gala: 145 guests, Harbor Room, May 9"
        assert [f.value for f in s.history("gala")][0].startswith("Spring gala: 120")
        assert "120 guests" not in s.context("How many guests for the gala?").text


def test_a_retracted_item_leaves_its_list(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="menu") as s:
        s.write("specials", "Specials: clam chowder, roast chicken, pear tart")
        s.observe("rowan", "86 the clam chowder, the supplier never came.")
        assert s.current_value("specials") == "Specials: roast chicken, pear tart"
        assert "chowder" not in s.context("What are tonight's specials?").text.split("## Recent")[0]


def test_an_item_only_said_and_then_taken_back_leaves_no_live_fact(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="hamper") as s:
        s.observe("rowan", "Add a silk ribbon, a handwritten card, and tissue paper.")
        s.observe("assistant", "Adding the silk ribbon, the handwritten card and tissue.", assistant=True)
        s.observe("rowan", "skip the handwritten card, she'll write her own.")
        text = s.context("What goes in the hamper?").text
        assert s.facts() == []
    assert "handwritten card" not in text.lower()
    assert "silk ribbon" in text


def test_a_question_about_a_new_value_changes_nothing(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="fees") as s:
        s.write("fee", "Membership fee $45")
        s.observe("rowan", "Is the fee going up to $60 next year?")
        assert s.current_value("fee") == "Membership fee $45"


@pytest.mark.parametrize(
    "remark",
    [
        "The new espresso machine is like a spaceship.",
        "Honestly the quarterly offsite was amazing!",
        "Your help with the move is greatly appreciated, truly.",
        "Take care, talk soon!",
        "We hiked to the falls last Saturday and it was windy.",
        "You're going to kill it in the interview.",
        # a plain verdict or wish after "is" names no value of anything
        "The main thing now is to keep calm.",
        "Having you around the whole time is such a blessing.",
        "Books like that keep your dreams alive.",
        "I think the culprit is the old router.",
    ],
)
def test_chat_in_passing_creates_no_fact(engine: Engine, remark: str) -> None:
    with engine.session(ROWAN, task_id="chat") as s:
        s.observe("rowan", remark)
        assert s.facts() == []


def test_a_statement_with_a_figure_still_becomes_a_fact(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="chat") as s:
        s.observe("rowan", "The storage unit rent is $140 a month.")
        assert [f.value for f in s.facts()] == ["$140 a month"]


def test_an_offer_turned_down_is_no_live_option(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="recital") as s:
        s.write("recital", "Piano recital: Saturday May 3, Elm Hall")
        s.observe("rowan", "Her teacher asked what if we moved it to May 10 for the new piece.")
        s.observe("rowan", "I said no, the program is ready. We stay on May 3.")
        text = s.context("When is the recital?").text
        assert s.current_value("recital") == "Piano recital: Saturday May 3, Elm Hall"
    assert "May 3" in text
    assert "May 10" not in text


@pytest.mark.parametrize(
    ("question", "reply", "declined"),
    [
        # the assistant's question names a value of its own: the "no" answers it
        ("Is the contact number still 555-0142?", "no, use her mobile, 555-0199", False),
        ("Shall I keep the deposit at $200?", "No. Make it $250.", False),
        # the question is about the offer: the "no" turns the offer down
        ("Do you want me to check the rota for May 10?", "no, we stay as we are", True),
        ("Should I ask the hall about it?", "No, the program is ready.", True),
    ],
)  # fmt: skip
def test_a_no_answers_the_question_just_put(
    engine: Engine, question: str, reply: str, declined: bool
) -> None:
    with engine.session(ROWAN, task_id="recital") as s:
        s.write("recital", "Piano recital: Saturday May 3, Elm Hall")
        s.observe("rowan", "Her teacher asked what if we moved it to May 10 for the new piece.")
        s.observe("assistant", question, assistant=True)
        s.observe("rowan", reply)
        text = s.context("When is the recital?").text
    assert ("May 10" not in text) is declined


@pytest.mark.parametrize(
    "turn",
    [
        "oh and the juniors are moving their Monday drills to Oak Field, that's them not us",
        "her brother's company switched their dental plan to Brightsmile in March",
        "the client wants the kickoff on the 14th, I'll ask around",
    ],
)
def test_someone_elses_affair_or_wish_records_no_fact(engine: Engine, turn: str) -> None:
    with engine.session(ROWAN, task_id="notes") as s:
        s.observe("rowan", turn)
        assert s.facts() == []


@pytest.mark.parametrize(
    "turn",
    [
        "FYI the night shift moved their handover to 7am so it won't clash with ours.",
        "The tenants upstairs switched their move-in to the 12th, that's them not us.",
        "Heads up, the design team changed their review to Thursday.",
    ],
)
def test_someone_elses_change_leaves_ours(engine: Engine, turn: str) -> None:
    with engine.session(ROWAN, task_id="ops") as s:
        s.write("handover", "Our handover: 6am on the 3rd, Dock 2, every Monday")
        s.observe("rowan", turn)
        assert s.current_value("handover") == "Our handover: 6am on the 3rd, Dock 2, every Monday"


def test_a_proposal_a_higher_title_overrules_is_no_live_plan(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="claims") as s:
        s.observe("rowan", "Intern Bo told the tenant we'd cover the whole carpet.")
        s.observe("rowan", "Checked with Mira, our claims director: 'Policy limit only.'")
        text = s.context("What do we pay for the carpet?").text
    assert "cover the whole carpet" not in text
    assert "Policy limit only" in text


@pytest.mark.parametrize(
    "decision",
    [
        "Checked with Mira, our claims director: 'Approved, go ahead.'",  # agreed
        "Mira, our claims director, will look at it tomorrow.",  # nothing decided yet
    ],
)
def test_a_proposal_not_overruled_stays_as_said(engine: Engine, decision: str) -> None:
    with engine.session(ROWAN, task_id="claims") as s:
        s.observe("rowan", "Intern Bo told the tenant we'd cover the whole carpet.")
        s.observe("rowan", decision)
        assert "cover the whole carpet" in s.context("What do we pay for the carpet?").text


def test_a_proposal_by_someone_above_the_decider_stands(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="claims") as s:
        s.observe("rowan", "The regional director says we should cover the whole carpet.")
        s.observe("rowan", "Bo, the intern, replied: 'Only the policy limit.'")
        assert "cover the whole carpet" in s.context("What do we pay for the carpet?").text


def test_another_speakers_value_in_passing_is_theirs(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="chat") as s:
        s.observe("kai", "My garden tour is on Saturday.")
        s.observe("lu", "My garden tour is on Sunday this year.")
        assert "Saturday" in s.context("When are the garden tours?").text


@pytest.mark.parametrize(
    "reply",
    [
        "Negative, we restore from the 6am backup.",
        "No, the 6am backup, the later one is corrupt.",
        "Actually the 6am backup is the clean one.",
    ],
)
def test_another_speakers_value_is_replaced_when_gainsaid(engine: Engine, reply: str) -> None:
    with engine.session(ROWAN, task_id="ops") as s:
        s.observe("tomas", "Let's restore from the 9am backup, it's the latest.")
        s.observe("renata", reply)
        text = s.context("Which backup do we restore?").text
    assert "6am" in text
    assert "9am" not in text


@pytest.mark.parametrize(
    ("old", "claim", "new"),
    [
        ("Marketing budget $40k", "$32k", "Marketing budget $32k"),
        ("Standup 9:30am in Room 3", "10am", "Standup 10am in Room 3"),
        ("Crew of 12 people, two vans", "15 people", "Crew of 15 people, two vans"),
        ("Launch: spring", "May 2", "Launch: May 2"),  # nothing of its kind: under its label
        ("Launch party: Friday", "cancelled", "cancelled"),  # a cancellation ends it whole
        # what the claim says stays is left out, and a capitalized run alone is a name
        ("Meeting Tuesday 3pm, Room 5", "Thursday, same 3pm", "Meeting Thursday 3pm, Room 5"),
        ("Caterer: Blue Fig, $40 a head", "Green Table, still $40 a head",
         "Caterer: Green Table, $40 a head"),
        # a name that opens the fact's text, before a comma, is its name
        ("Petal & Stem, pickup Friday", "Bloomcraft", "Bloomcraft, pickup Friday"),
        ("Northwind Movers, 2 trucks, Saturday 8am", "Atlas Moving",
         "Atlas Moving, 2 trucks, Saturday 8am"),
        ("Dr. Okoye, Tuesdays at the Elm St clinic", "Dr. Lin", "Dr. Lin, Tuesdays at the Elm St clinic"),
        # a label and its value take the place of the same label's
        ("Incident 118: checkout latency, sev 2", "sev 1", "Incident 118: checkout latency, sev 1"),
        ("Support plan: tier 2, monthly billing", "tier 3", "Support plan: tier 3, monthly billing"),
        ("Ticket 77, priority low, assigned to Ops", "priority high",
         "Ticket 77, priority high, assigned to Ops"),
    ],
)
def test_a_claimed_value_takes_the_place_of_its_kind_only(old: str, claim: str, new: str) -> None:
    assert moved(old, claim) == new


@pytest.mark.parametrize(
    "turn",
    [
        "Same deadline, May 3, but send it to Lee instead.",
        "Still the same venue; only the caterer is Blue Fig instead.",
        "Deadline unchanged. Actually, loop in Priya on it.",
    ],
)
def test_a_thing_said_to_stay_keeps_its_value(engine: Engine, turn: str) -> None:
    with engine.session(ROWAN, task_id="report") as s:
        s.write("deadline", "Report due May 3")
        s.write("venue", "Venue: Harbor Hall")
        s.observe("rowan", turn)
        assert s.current_value("deadline") == "Report due May 3"
        assert s.current_value("venue") == "Venue: Harbor Hall"


@pytest.mark.parametrize("reply", ["yep", "Correct, thanks.", "That's right. Also book the wash."])
def test_a_yes_to_what_the_assistant_stated_makes_it_ours(engine: Engine, reply: str) -> None:
    with engine.session(ROWAN, task_id="fleet") as s:
        s.write("truck_service", "Truck 4: next oil change due at 88,000 mi, at Pell Garage")
        s.observe("rowan", "We're going to longer intervals on all the trucks.")
        s.observe("assistant", "Then truck 4's next change is due at 93,000 mi.", assistant=True)
        s.observe("rowan", reply)
        assert "93,000 mi" in str(s.current_value("truck_service"))
        assert "88,000" not in s.context("When is truck 4's next oil change?").text


@pytest.mark.parametrize("reply", ["no, leave it", "Yes, but check with Pell first.", "hmm"])
def test_no_plain_yes_adopts_nothing(engine: Engine, reply: str) -> None:
    with engine.session(ROWAN, task_id="fleet") as s:
        s.write("truck_service", "Truck 4: next oil change due at 88,000 mi, at Pell Garage")
        s.observe("assistant", "Then truck 4's next change is due at 93,000 mi.", assistant=True)
        s.observe("rowan", reply)
        assert "88,000 mi" in str(s.current_value("truck_service"))


def test_a_replaced_name_is_masked_in_the_turns_that_named_it(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="kitchen") as s:
        s.write("supplier", "Our produce comes from Greenholt at 6am")
        s.observe("rowan", "Greenholt shorted us again this week.")
        s.write("supplier", "Our produce comes from Fernvale at 6am")
        text = s.context("Who supplies our produce?").text
    assert "Fernvale" in text
    assert "Greenholt" not in text


@pytest.mark.parametrize(
    ("key", "value", "turn"),
    [
        ("plan", "Phone plan: 5GB monthly", "The unlimited plan is month to month."),
        ("sofa", "Sofa: grey velvet", "The blue sofa is the display model."),
        ("venue", "Venue: Harbor Hall", "The rooftop venue is booked solid."),
        # set apart by a value the fact holds another of
        ("plan", "Phone plan: 10GB for $45", "the 20GB plan is $55, tempting, but I'll stay put"),
        ("room", "Hotel Room 204 at $95 a night", "Room 310 is $80 a night, a bit much."),
        ("gym", "Gym membership: 6-month, $55/month", "The 12-month one is $40 a month."),
    ],
)
def test_a_claim_about_another_of_its_kind_changes_nothing(
    engine: Engine, key: str, value: str, turn: str
) -> None:
    with engine.session(ROWAN, task_id="shop") as s:
        s.write(key, value)
        s.observe("rowan", turn)
        assert s.current_value(key) == value


@pytest.mark.parametrize(
    "turn",
    [
        "Harbor Savings raised their fees to $12 a month.",
        "The landlord raised their deposit to $900.",
        "Our dentist moved her hours to 7am on Fridays.",
    ],
)
def test_what_is_theirs_records_nothing(engine: Engine, turn: str) -> None:
    with engine.session(ROWAN, task_id="errands") as s:
        s.write("bank", "Bank: Harbor Savings")
        s.observe("rowan", turn)
        assert [(f.key, f.value) for f in s.facts()] == [("bank", "Bank: Harbor Savings")]


def test_an_assistant_read_back_gives_a_loose_correction_its_slot(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="drops") as s:
        s.write("drop_off", "Drop-off: Unit 4, Mill Yard, PO7 2RT")
        s.observe("rowan", "ugh, wrong one from the old quote. Theirs is Unit 14, postcode PO7 9XJ.")
        s.observe("assistant", "No problem. Drop-off: Unit 14, Mill Yard, PO7 9XJ.", assistant=True)
        assert s.current_value("drop_off") == "Drop-off: Unit 14, Mill Yard, PO7 9XJ"
        # a read-back of a value the user never said changes nothing
        s.observe("rowan", "they moved again, not sure where to yet")
        s.observe("assistant", "Noted: drop-off Unit 9, Mill Yard.", assistant=True)
        assert s.current_value("drop_off") == "Drop-off: Unit 14, Mill Yard, PO7 9XJ"
        assert "PO7 2RT" not in s.context("Where do we drop off?").text


@pytest.mark.parametrize("back", ["Back to Bella's surgery?", "Anyway, back to the surgery?"])
def test_a_matter_that_interrupted_a_hold_stays_out_of_the_one_resumed(
    engine: Engine, back: str
) -> None:
    with engine.session(ROWAN, task_id="clinic") as s:
        s.write("surgery", "Surgery: Bella (spaniel), Tuesday 14 May, 08:30")
        s.observe("assistant", "Bella's surgery is Tuesday 14 May, 08:30. Confirm it?", assistant=True)
        s.observe("rowan", "One sec.")
        s.observe("rowan", "The courier left vaccine order VX-31 at reception, sent 2 May.")
        s.observe("assistant", f"Noted: VX-31 from 2 May at reception. {back}", assistant=True)
        s.observe("rowan", "Yes.")
        text = s.context("What goes in Bella's surgery confirmation?").text
        assert s.current_value("surgery") == "Surgery: Bella (spaniel), Tuesday 14 May, 08:30"
    assert "14 May" in text
    assert "VX-31" not in text and "2 May" not in text


def test_one_a_turn_lets_know_by_role_is_shown_what_it_keeps_back(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="ward") as s:
        s.observe("rowan", "Mrs Ode is in bay 4. Doctors only: she has sepsis.")
        s.observe("rowan", "Her son asked that her prognosis isn't talked about beyond "
                  "the registrar and the ward sister.")
        allowed = s.context("Kwabena Ampofo, the ward sister on nights, asks for her handover. "
                            "Draft the note for him.").text
        outsider = s.context("Her neighbour wants news of her. Draft my answer.").text
    assert "sepsis" in allowed
    assert "sepsis" not in outsider


@pytest.mark.parametrize(
    ("fact", "turn", "wrong"),
    [
        # a value the next sentence, or the rest of its own, calls an error is no value of ours
        ("Surgery hours: Mondays 08:00-12:00",
         "The leaflet lists us at 09:40. Their typo, a reprint is due.",
         "09:40"),
        ("Pottery class: £40 a session",
         "The website says £45 for the class. That's a mistake, the web team will fix it.", "£45"),
        ("Delivery: Thursday 5 June, 2 crates",
         "The confirmation email said 6 June, which is wrong.", "6 June"),
    ],
)
def test_a_value_called_an_error_is_masked(engine: Engine, fact: str, turn: str, wrong: str) -> None:
    key, _, value = fact.partition(": ")
    with engine.session(ROWAN, task_id="errors") as s:
        s.write(key.lower().replace(" ", "_"), fact)
        s.observe("rowan", turn)
        text = s.context(f"What is the {key.lower()}?").text
    assert value.split(",")[0].split()[-1] in text
    assert wrong not in text


def test_a_value_said_elsewhere_without_an_error_stays(engine: Engine) -> None:
    with engine.session(ROWAN, task_id="errors") as s:
        s.write("surgery_hours", "Surgery hours: Mondays 08:00-12:00")
        s.observe("rowan", "The leaflet lists us at 09:40.")
        text = s.context("What is on the leaflet?").text
    assert "09:40" in text
