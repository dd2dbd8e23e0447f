"""What leaves a record of several values whole: a claim that states no figure ("we will do
the dog show properly next summer"), a bare figure no part of the record takes, the day
someone came by."""

from __future__ import annotations

import pytest

from statekeeper import Engine
from tests.conftest import ALICE


def _after(engine: Engine, record: str, turn: str) -> object:
    """The record's value once the turn was observed."""
    with engine.session(ALICE) as s:
        s.write("event", record)
        s.observe("alice", turn)
        return s.current_value("event")


@pytest.mark.parametrize(
    ("record", "turn"),
    [
        ("Fete: Sunday 8 June, 12:00-17:00, village green, £2 entry",
         "We will do the dog show properly next summer."),
        ("School trip: Friday 9 May, coach leaves 08:15, Kew Gardens, £12 per child",
         "We will do the glasshouses properly another time."),
        ("Cup match: Saturday 12 April, kick-off 15:00, Elm Park, £5 on the gate",
         "No, the committee says we skip it. We will do the raffle at the next home game."),
        ("First-aid course: Tuesday 4 March, 18:30-21:00, Room 2, £40 each",
         "We'll do burns in the spring session instead."),
    ],
)  # fmt: skip
def test_a_claim_of_no_figure_leaves_a_record_whole(engine: Engine, record: str, turn: str) -> None:
    assert _after(engine, record, turn) == record


def test_a_figure_claimed_still_changes_a_record(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.write("event", "Fete: Sunday 8 June, 12:00-17:00, village green, £2 entry")
        s.observe("alice", "Correction: the entry is £3 now.")
        assert "£3" in str(s.current_value("event"))


@pytest.mark.parametrize(
    ("record", "turn"),
    [
        # a thread of colleagues haggling over days: no line's bare day is the record's
        ("First-aid refresher for all drivers: Monday 19 May, 07:00, training yard (set by Site "
         "Manager Ann Cole)",
         "pasting the thread:\n[Dee, Stores lead] 19th is awful for us. can we do the 26th?\n"
         "[Sam, Yard lead] 26th is half-term, no chance. I'd rather the 12th\n"
         "[Dee] 12th we've got the audit"),
        ("Choir tour for all singers: Friday 3 October, coach 06:30, Ely Cathedral",
         "the chat so far:\n[Ann, alto lead] 3rd clashes with harvest. how about the 10th?\n"
         "[Bea, tenor lead] 10th is the fair, no way. I'd rather the 17th\n"
         "[Ann] 17th we've got the concert"),
    ],
)  # fmt: skip
def test_a_figure_no_part_of_a_record_takes_leaves_it_whole(
    engine: Engine, record: str, turn: str
) -> None:
    assert _after(engine, record, turn) == record


@pytest.mark.parametrize(
    ("record", "turn"),
    [
        ("Felling at 3 Mill Lane: Tuesday 9 September, on site 8:00",
         "Nah. Only thing is if the survey found a nest we'd have to push it to October, but "
         "the ecologist was out Friday and said it's clear, so we're grand."),
        ("Roof repair at 14 Park Row: Tuesday 9 September, scaffold up 7:30",
         "Nah. Only thing is if the bats were nesting we'd have to push it to October, but the "
         "surveyor was out Thursday and said it's clear, so we're grand."),
        # ... and so with a visit said otherwise
        ("Plastering at the Lodge: Monday 2 June, 9am",
         "No. If the damp came back we'd wait till July, but the surveyor came round on "
         "Thursday and it's dry, so all good."),
    ],
)  # fmt: skip
def test_the_day_someone_came_is_no_new_day_of_the_record(
    engine: Engine, record: str, turn: str
) -> None:
    assert _after(engine, record, turn) == record


@pytest.mark.parametrize(
    ("record", "turn"),
    [
        # a claim of nothing named, that no part of the record takes, is not all of it either
        ("Bread order: 40 baps + 12 loaves, delivery Mon-Fri by 07:00, invoiced Fridays",
         "Right, the mixer's broken. Engineer's sending a part, should be here Thursday."),
        ("Flyer run: 500 A5, collection Mon-Wed, £45, Inkwell Print",
         "Right, the printer jammed. Tech's sending a roller, should be here Friday."),
        ("Deliveries: Mon-Sat, 06:30, van 2, driver Stu",
         "Okay, the van's in the garage. Mechanic's getting a clutch, should be in Tuesday."),
        ("Cleaning: Tue and Fri 9am, 3 hours, £60, Maria",
         "Ugh, the boiler's died. Plumber's ordering a pump, should be here Monday."),
        ("Hedge cutting: Mon 3 March, 8am, front and side, £120",
         "Sorry, wrong thread. The parcel should arrive by Friday."),
    ],
)  # fmt: skip
def test_a_claim_of_nothing_named_leaves_a_record_whole(
    engine: Engine, record: str, turn: str
) -> None:
    assert _after(engine, record, turn) == record
