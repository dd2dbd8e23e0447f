"""What a newly written fact ends among the live ones, and what an extractor's proposals
become: pure decisions from an in-memory state, in phrasings of our own."""

from __future__ import annotations

from datetime import timedelta

import pytest

from statekeeper.conversation.apply import apply
from statekeeper.conversation.candidates import from_candidates
from statekeeper.conversation.decisions import Add, Conflict, Replace, Retract
from statekeeper.conversation.links import duplicates, links
from statekeeper.model import Fact, Scope, Source, SourceType, Turn
from statekeeper.nlu.extract import Candidate
from tests.conversation.memory import START, MemoryState, made

SIGNAL = "environment"


def spoken(key: str, value: str, at: int, speaker: str, authority: str = "peer") -> Fact:
    source = Source(type=SourceType.CONVERSATION, speaker=speaker, authority=authority)
    return made(key, value, at, source=source)


def signal(key: str, value: str, at: int) -> Fact:
    return made(key, value, at, source=Source(type=SourceType.SYSTEM, origin=SIGNAL))


def ended(decisions: list[Retract]) -> list[tuple[str, str | None, str]]:
    return [
        (str(d.old.value), None if d.by is None else str(d.by.value), d.reason) for d in decisions
    ]


def test_a_value_recorded_from_conversation_and_written_again_is_kept_once() -> None:
    said = spoken("locker", "Gym locker 14 on level 2", 1, "quinn")
    again = made("gym_locker", "Gym locker 14 on level 2", 2)
    state = MemoryState(facts=[said, again])
    assert ended(duplicates(state, again, [])) == [
        ("Gym locker 14 on level 2", "Gym locker 14 on level 2", "recorded again")
    ]


def test_a_duplicate_of_a_superseded_value_goes_with_it() -> None:
    old = made("caterer", "Caterer: Bella Cucina", 1).model_copy(update={"is_valid": False})
    copy = made("dinner_caterer", "Caterer: Bella Cucina", 2)
    new = made("caterer", "Caterer: Green Table", 3)
    state = MemoryState(facts=[old, copy, new])
    assert ended(duplicates(state, new, [old.id])) == [
        ("Caterer: Bella Cucina", "Caterer: Green Table", "carried a superseded value")
    ]


@pytest.mark.parametrize(
    ("old_text", "other_text"),
    [
        ("Rotterdam budget #0: $10K, was $5K", "Rotterdam carrier #0: $10K, was $5K"),
        ("Kiln A firing: 9 hours at cone 6", "Kiln A cooling: 9 hours at cone 6"),
        ("Hall B on Saturday 2pm, choir rehearsal", "Hall B on Saturday 2pm, band rehearsal"),
        ("Van hire Friday 8am, £60 deposit", "Trailer hire Friday 8am, £60 deposit"),
    ],
)
def test_a_fact_of_another_thing_with_the_same_figures_is_no_duplicate(
    old_text: str, other_text: str
) -> None:
    old = made("first", old_text, 1).model_copy(update={"is_valid": False})
    other = made("second", other_text, 2)
    new = made("first", "Something else entirely, 42", 3)
    state = MemoryState(facts=[old, other, new])
    assert duplicates(state, new, [old.id]) == []


def test_a_value_with_other_numbers_is_no_duplicate() -> None:
    said = spoken("dock", "Crate 3 ships from dock 3", 1, "quinn")
    other = made("crate", "Crate 7 ships from dock 7", 2)
    assert duplicates(MemoryState(facts=[said, other]), other, []) == []


def test_a_screen_is_asked_for_the_numbers_a_duplicate_would_hold() -> None:
    old = made("caterer", "Caterer 4: Bella Cucina", 1).model_copy(update={"is_valid": False})
    copy = made("dinner_caterer", "Caterer 4: Bella Cucina", 2)
    new = made("caterer", "Caterer 12: Green Table", 3)
    state = MemoryState(facts=[old, copy, new])
    asked: list[set[tuple[str, ...]]] = []

    def none_hold(wanted: set[tuple[str, ...]]) -> bool:
        asked.append(wanted)
        return False

    assert duplicates(state, new, [old.id], none_hold) == []
    assert asked == [{("12",), ("4",)}]
    assert len(duplicates(state, new, [old.id], lambda wanted: True)) == 1


@pytest.mark.parametrize(
    ("older", "newer", "expected"),
    [
        # a fresher signal about the same thing replaces the older one
        (signal("road", "Road to the depot is closed", 1),
         signal("road_now", "Road to the depot is open again", 2),
         [("Road to the depot is closed", "Road to the depot is open again", "fresher signal")]),
        # one that arrives stamped before what is known is dead on arrival
        (signal("road", "Road to the depot is open again", 5),
         signal("road_then", "Road to the depot is closed", 2),
         [("Road to the depot is closed", "Road to the depot is open again",
           "staler than a live signal")]),
    ],
)  # fmt: skip
def test_signals(older: Fact, newer: Fact, expected: list[tuple[str, str, str]]) -> None:
    state = MemoryState(facts=[older, newer])
    assert ended(links(state, newer)) == expected


@pytest.mark.parametrize(
    ("first", "then", "expected"),
    [
        # a speaker's later word revokes their earlier one
        (("quinn", "peer", "Team dinner budget is $60 per head"),
         ("quinn", "peer", "Team dinner budget capped at $40 per head instead"),
         [("Team dinner budget is $60 per head",
           "Team dinner budget capped at $40 per head instead", "revised by the same speaker")]),
        # a higher authority's later word overrules
        (("ines", "peer", "Shuttle pickup starts at 7am"),
         ("oren", "manager", "Shuttle pickup starts at 8am instead"),
         [("Shuttle pickup starts at 7am", "Shuttle pickup starts at 8am instead",
           "overruled by higher authority")]),
        # a lower authority's later word does not
        (("oren", "manager", "Shuttle pickup starts at 7am"),
         ("ines", "peer", "Shuttle pickup starts at 8am instead"),
         [("Shuttle pickup starts at 8am instead", "Shuttle pickup starts at 7am",
           "overruled by higher authority")]),
        # equals: both stand
        (("ines", "peer", "Shuttle pickup starts at 7am"),
         ("pablo", "peer", "Shuttle pickup starts at 8am instead"), []),
    ],
)  # fmt: skip
def test_conflicting_statements(
    first: tuple[str, str, str], then: tuple[str, str, str], expected: list[tuple[str, str, str]]
) -> None:
    older = spoken("said_first", first[2], 1, first[0], first[1])
    newer = spoken("said_then", then[2], 2, then[0], then[1])
    state = MemoryState(facts=[older, newer])
    assert ended(links(state, newer)) == expected


def test_a_question_links_nothing() -> None:
    older = spoken("pickup", "Shuttle pickup starts at 7am", 1, "ines")
    asked = spoken("pickup_asked", "Shuttle pickup starts at 8am instead?", 2, "quinn", "manager")
    assert links(MemoryState(facts=[older, asked]), asked) == []


def test_an_extractors_candidates_become_the_same_decisions() -> None:
    state = MemoryState(facts=[made("ship_to", "12 Alder Road", 1)])
    turn = Turn(index=4, speaker="quinn", text="...", timestamp=START + timedelta(minutes=4))
    proposed = [
        Candidate(key="ship_to", value="9 Quarry Lane", replaces="ship_to"),
        Candidate(key="ship_to", value="3 Pier Street", scope="hypothetical"),
        Candidate(key="gift_note", value="Happy birthday", replaces="no_such_fact"),
    ]
    decisions = from_candidates(state, turn, proposed)
    replaced, *added = decisions
    assert isinstance(replaced, Replace) and replaced.old.id == "m1-ship_to"
    assert all(isinstance(d, Add) for d in added)
    assert [(d.scope, d.scope_id) for d in added] == [
        (Scope.HYPOTHETICAL, "desk/hypothetical-4"),
        (Scope.GLOBAL, None),
    ]
    written = apply(state, decisions, lenient=True)
    assert [f.supersedes for f in written] == ["m1-ship_to", None, None]


def test_an_extractor_takes_back_and_restricts_what_it_names() -> None:
    state = MemoryState(
        facts=[made("gift_wrap", "Gift wrap: yes", 0), made("discount_floor", "Floor: 8%", 1)]
    )
    turn = Turn(index=4, speaker="quinn", text="...", timestamp=START + timedelta(minutes=4))
    proposed = [
        Candidate(key="gift_wrap", value="-", action="retract"),
        Candidate(key="discount_floor", value="-", action="restrict", readers=["finance"]),
        Candidate(key="loyalty_tier", value="-", action="retract"),  # names no live fact
    ]
    decisions = from_candidates(state, turn, proposed)
    assert [type(d).__name__ for d in decisions] == ["Retract", "Restrict"]
    apply(state, decisions, lenient=True)
    assert not state.get("m0-gift_wrap").is_valid
    restricted = state.get("discount_floor")
    assert restricted.value == "Floor: 8%" and restricted.required_permissions == {"finance"}


def test_an_extractors_correction_of_a_colleagues_word_is_a_conflict() -> None:
    theirs = spoken("launch", "Launch on March 3", 1, "pablo", "peer")
    state = MemoryState(facts=[theirs])
    turn = Turn(index=4, speaker="ines", text="...", timestamp=START + timedelta(minutes=4))
    proposed = [Candidate(key="launch", value="Launch on March 10", replaces="launch")]
    (decision,) = from_candidates(state, turn, proposed)
    assert isinstance(decision, Conflict) and decision.old.id == theirs.id
