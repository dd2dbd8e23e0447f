"""A claim that states no figure replaces no record of several: "we will do the dog show
properly next summer" is no new day, time, place and price of the fete."""

from __future__ import annotations

import pytest

from statekeeper import Engine
from tests.conftest import ALICE


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
    with engine.session(ALICE) as s:
        s.write("event", record)
        s.observe("alice", turn)
        assert s.current_value("event") == record


def test_a_figure_claimed_still_changes_a_record(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.write("event", "Fete: Sunday 8 June, 12:00-17:00, village green, £2 entry")
        s.observe("alice", "Correction: the entry is £3 now.")
        assert "£3" in str(s.current_value("event"))
