"""Words passed on from a junior against a known value held with more authority: rivals
never taken up. Phrasings of our own, in varied domains."""

from __future__ import annotations

from datetime import timedelta

import pytest

from statekeeper.access import AuthorityLadder
from statekeeper.conversation.apply import apply
from statekeeper.conversation.changes.operations import Source
from statekeeper.conversation.changes.outranked import outranked, sole_setters
from statekeeper.conversation.reading import read_turn
from statekeeper.conversation.readings.outranked import OUTRANKED
from statekeeper.conversation.readings.overruling import OVERRULED
from statekeeper.conversation.relayed import said_by_others
from statekeeper.model import Source as Provenance
from statekeeper.model import SourceType, Turn
from tests.conversation.memory import START, MemoryState, made

POLICY = 5  # the default ladder's top rung
LADDER = AuthorityLadder()


def rule(text: str, key: str) -> Source:
    return Source(text, fact_id=f"id-{key}", key=key)


def rivals(turn: str, source: Source, rank: int = POLICY) -> set[tuple[str, str]]:
    return {
        (r.old.value.text, r.new.text) for r in outranked(turn, [source], {source: rank}, LADDER)
    }


GYM = rule("Day passes cost $18 and are not discounted.", "day_pass_price")
LIBRARY = rule("Borrowers may keep a laptop no more than 3 days.", "laptop_loan")
DIVE = rule("Divers surface with at least 50 bar left in the tank.", "reserve_rule")
BUS = rule("The school bus leaves the depot at 7:10am.", "bus_departure")


@pytest.mark.parametrize(
    ("turn", "source", "expected"),
    [
        # a role in parentheses, then a verb of saying or a quotation
        ("Marek (front desk trainee) told a walk-in the day pass is $12.", GYM,
         {("$18", "$12")}),
        ("Ines (intern): \"day passes are $10 for students, I've been doing that all week\"",
         GYM, {("$18", "$10")}),
        ("Kofi (weekend temp) texted that the bus leaves at 7:45am now.", BUS,
         {("7:10am", "7:45am")}),
        # in apposition, or before the name, or the role alone
        ("Dana, our new hire, told the parents the bus leaves at 6:50am.", BUS,
         {("7:10am", "6:50am")}),
        ("Our volunteer Pieter says the day pass is $15 now.", GYM, {("$18", "$15")}),
        ("Per the temp, the school bus leaves the depot at 7:40am.", BUS,
         {("7:10am", "7:40am")}),
        # a figure past a bound, whichever way the bound holds
        ("Rhea (library assistant, started Monday) told a student he can keep a laptop 10 days.",
         LIBRARY, {("3 days", "10 days")}),
        ("Our apprentice Tomas told the group \"20 bar is plenty to surface with\".", DIVE,
         {("50 bar", "20 bar")}),
        ("A trainee told the borrower she may keep the laptop 7 days.", LIBRARY,
         {("3 days", "7 days")}),
        # a junior named by that word, passing it on in a message or a call
        ("The junior receptionist Aisha just message me, she say the day pass is $9.", GYM,
         {("$18", "$9")}),
        ("Our junior driver Wes rang me to say the bus leaves at 7:35am.", BUS,
         {("7:10am", "7:35am")}),
        ("The junior librarian Cole texts: laptops can go out for 5 days.", LIBRARY,
         {("3 days", "5 days")}),
        # someone of no named rank whom the speaker denies the say over it
        ("Bo posted in the group chat: 'bus leaves 7:30am tomorrow'. He doesn't set bus times.",
         BUS, {("7:10am", "7:30am")}),
        ("Lena told a customer the day pass is $14. No idea where she got that.", GYM,
         {("$18", "$14")}),
        ("Sam said borrowers keep laptops 6 days. Not his call.", LIBRARY, {("3 days", "6 days")}),
    ],
)  # fmt: skip
def test_a_juniors_value_against_what_stands_above_them_is_a_rival(
    turn: str, source: Source, expected: set[tuple[str, str]]
) -> None:
    assert rivals(turn, source) == expected


@pytest.mark.parametrize(
    ("turn", "source", "rank"),
    [
        # someone who ranks as a peer or above, or the speaker themself
        ("Marek (shift lead) told a walk-in the day pass is $12.", GYM, POLICY),
        ("Our director Amal says the day pass is $15 now.", GYM, POLICY),
        ("I told a walk-in the day pass is $12.", GYM, POLICY),
        # a customer is no junior of ours
        ("Mr. Osei (member) says the day pass is $12.", GYM, POLICY),
        # a source not above them
        ("Marek (front desk trainee) told a walk-in the day pass is $12.", GYM, 1),
        # a name with a note beside it passes nothing on
        ("The annex (new wing) opens for day passes at $12.", GYM, POLICY),
        # their own affair, or a story of the past
        ("Kofi (weekend temp) says his own bus leaves at 7:45am.", BUS, POLICY),
        ("Kofi (weekend temp) said that historically the bus left at 7:45am.", BUS, POLICY),
        # a figure within a bound keeps it
        ("A trainee told the borrower she may keep the laptop 2 days.", LIBRARY, POLICY),
        ("Our apprentice Tomas told the group \"surface with 70 bar\".", DIVE, POLICY),
        # someone of no named rank, not denied the say, or a thing said not to change
        ("Bo posted in the group chat: 'bus leaves 7:30am tomorrow'.", BUS, POLICY),
        ("Bo said the bus leaves at 7:30am. The timetable doesn't change in term.", BUS, POLICY),
    ],
)  # fmt: skip
def test_what_no_junior_sets_against_what_stands_is_no_rival(
    turn: str, source: Source, rank: int
) -> None:
    assert rivals(turn, source, rank) == set()


def test_a_juniors_value_is_said_and_ended_and_the_policy_stands() -> None:
    policy = made(
        "day_pass_price",
        GYM.text,
        1,
        source=Provenance(type=SourceType.POLICY, authority="policy"),
    )
    state = MemoryState(facts=[policy])
    turn = Turn(
        index=5,
        speaker="quinn",
        text="Marek (front desk trainee) told a walk-in the day pass is $12.",
        timestamp=START + timedelta(minutes=5),
    )
    decisions = [d for batch in read_turn(state, turn, []) for d in batch]
    apply(state, decisions)
    assert [(d.old.value, d.reason) for d in decisions] == [("$12", OUTRANKED)]  # type: ignore[union-attr]
    assert [f.value for f in state.facts if f.is_valid] == [GYM.text]


@pytest.mark.parametrize(
    ("policy", "claim", "ruling", "figure"),
    [
        ("Parking permit fee: $60 a month, no discounts at the desk",
         "the tenant says Omar at reception told her the permit is $35 a month",
         "checked with the office manager. policy stands, no exceptions", "$35"),
        ("Kayak hire: £25 a half day, set by the club",
         "lukas on the jetty says a half day is £18 now",
         "Rhian says no, the rate still applies", "£18"),
        ("Late fee: £15 per day, set by the board",
         "a member says someone at the counter promised him the late fee is £5",
         "rang the treasurer: the fee stands, no exceptions", "£5"),
    ],
)  # fmt: skip
def test_a_figure_said_by_others_against_a_policy_that_is_held_to_ends(
    policy: str, claim: str, ruling: str, figure: str
) -> None:
    fact = made("rule", policy, 1, source=Provenance(type=SourceType.POLICY, authority="policy"))
    state = MemoryState(facts=[fact])
    earlier = [Turn(index=2, speaker="quinn", text=claim, timestamp=START + timedelta(minutes=2))]
    turn = Turn(index=3, speaker="quinn", text=ruling, timestamp=START + timedelta(minutes=3))
    decisions = [d for batch in read_turn(state, turn, earlier) for d in batch]
    assert [(d.old.value, d.reason) for d in decisions] == [(figure, OVERRULED)]  # type: ignore[union-attr]


def test_a_figure_said_by_others_stands_when_nothing_holds_to_the_policy() -> None:
    fact = made("rule", "Parking permit fee: $60 a month", 1,
                source=Provenance(type=SourceType.POLICY, authority="policy"))  # fmt: skip
    state = MemoryState(facts=[fact])
    earlier = [Turn(index=2, speaker="quinn", text="the tenant says Omar told her it is $35",
                    timestamp=START + timedelta(minutes=2))]  # fmt: skip
    turn = Turn(index=3, speaker="quinn", text="ok, I'll look into it",
                timestamp=START + timedelta(minutes=3))  # fmt: skip
    assert [d for batch in read_turn(state, turn, earlier) for d in batch] == []


@pytest.mark.parametrize(
    ("policy", "who"),
    [
        ("Rental fees are set only by the owner, Carla Mendes.", {"owner", "carla", "mendes"}),
        ("Only the head coach (Ravi Pillai) approves squad changes.",
         {"head", "coach", "ravi", "pillai"}),
        ("Only the treasurer may change the float.", {"treasurer"}),
        ("Doors open at 7 and close at 11.", set()),
    ],
)  # fmt: skip
def test_a_policy_names_who_alone_sets_what_it_governs(policy: str, who: set[str]) -> None:
    assert {w for s in sole_setters([policy]) for w in s.who} == who


HIRE = rule("Hall hire: £45 an evening, paid in advance", "hall_hire")
SOLE = sole_setters(["Hall hire rates are set only by the bursar, Joan Okoye."])


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # anyone but the one a policy names as its sole setter has no say over what it governs
        ("Dev from the drama group told the parents the hall hire is £30.", {("£45", "£30")}),
        ("The caretaker says the hall hire is £35 now.", {("£45", "£35")}),
        # the one it names does
        ("Joan Okoye says the hall hire is £50 from May.", set()),
    ],
)
def test_one_a_policy_does_not_name_as_sole_setter_sets_nothing(
    turn: str, expected: set[tuple[str, str]]
) -> None:
    ops = outranked(turn, [HIRE], {HIRE: POLICY}, LADDER, SOLE)
    assert {(r.old.value.text, r.new.text) for r in ops} == expected


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        # whom it was told is no part of what was told
        ("Dev from the drama group told his parents the hire is £30.", "the hire is £30."),
        ("Lena told the new tenants that rent is due Friday.", "rent is due Friday."),
        ("The rep told our accounts team it ships Monday.", "it ships Monday."),
        ("Kyle at the counter told her the fee is $465.", "the fee is $465."),
    ],
)
def test_whom_it_was_told_is_not_what_was_told(turn: str, words: str) -> None:
    [said] = said_by_others(turn)
    assert turn[said.start : said.end] == words
