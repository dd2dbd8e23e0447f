"""Proposals others put forward, and turns that overrule them: pure functions, in
phrasings of our own; look-alikes count as much."""

from __future__ import annotations

import pytest

from statekeeper.conversation.proposals import (
    overrules,
    proposals,
    proposed_span,
    unproposed,
    unshared,
)


def proposed(turn: str) -> set[tuple[str, str]]:
    return {(p.proposer, p.text) for p in proposals(turn)}


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # reported of a third party: what they say we should do
        ("Our night lead Omar says we should close the pool at 8.",
         {("Our night lead Omar", "close the pool at 8")}),
        ("The junior planner suggested we could drop the welcome dinner, since it's pricey.",
         {("The junior planner", "drop the welcome dinner")}),
        # what they want
        ("Bea (design lead) wants the walnut finish. Both are leads.",
         {("Bea (design lead)", "the walnut finish")}),
        # what they promised on our behalf
        ("The new rep told the family we'd refund both nights.",
         {("The new rep", "refund both nights")}),
        # a note from them, quoted
        ("Got a note from Lena, the shift supervisor: 'Give Tom Friday off, he earned it.'",
         {("Lena, the shift supervisor", "Give Tom Friday off")}),
    ],
)  # fmt: skip
def test_a_proposal_reported_of_someone_else(turn: str, expected: set[tuple[str, str]]) -> None:
    assert proposed(turn) == expected


@pytest.mark.parametrize(
    "turn",
    [
        "I think we should close the pool at 8.",  # our own: the speaker decides it
        "We want the walnut finish.",
        "If Omar wants the late shift, he can ask.",  # a condition proposes nothing
        "The client wants to know when the order ships.",  # a question reported
        "Omar says hi.",
    ],
)
def test_what_proposes_nothing(turn: str) -> None:
    assert proposals(turn) == []


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("we should sit Jo out for the final because she was late", "sit Jo out for the final"),
        ("they'd cover the tow, no questions asked", "cover the tow"),
        ("the oak table. Thanks!", "the oak table"),
        # a figure's separators are no clause's end
        ("we should add a $2,000 buffer, just in case", "add a $2,000 buffer"),
        ("we'd order the 2.5 kg bags. Cheaper per kilo.", "order the 2.5 kg bags"),
        ("we should hire 1,200 temps since the season is long", "hire 1,200 temps"),
    ],
)
def test_the_proposed_clause_leaves_out_its_subject_and_reason(text: str, span: str) -> None:
    assert proposed_span(text) == span


@pytest.mark.parametrize(
    ("turn", "overruled"),
    [
        # a decision quoted from the one who decides
        ("Asked the clinic director. Her answer: 'Standard fee. No waivers this month.'", True),
        ("Heard back from the VP: 'Stay with the current vendor.'", True),
        # words that rule the proposal out
        ("The registrar said the deadline isn't optional.", True),
        ("Finance says managers can't approve refunds that large.", True),
        # agreement, or nothing decided
        ("The director's reply: 'Approved, go ahead.'", False),
        ("Sure, that sounds good to the chair.", False),
        ("I'll check with the director tomorrow.", False),
    ],
)
def test_a_turn_that_overrules(turn: str, overruled: bool) -> None:
    assert overrules(turn) is overruled


def test_a_decision_keeps_what_it_names_of_a_proposal() -> None:
    assert unshared("the Dell XPS 13", "Manager's call: Dell Latitude for all.") == "XPS 13"
    assert unshared("the red tent", "We'll take the green tent.") == "red tent"
    assert unshared("Harbor Hall", "Harbor Hall it is.") == ""


@pytest.mark.parametrize(
    ("turn", "kept"),
    [
        # what another puts forward is blanked to the end of its clause; the rest stays
        ("Ravi reckons we should move the quiz night to the 14th, the pub is free then.",
         "Ravi reckons we should  , the pub is free then."),
        ("The caterer feels we should switch the mains to salmon. I booked the hall for 6pm.",
         "The caterer feels we should  . I booked the hall for 6pm."),
        ("Accounts wants quarterly billing, and it goes to cost code PX-18 now.",
         "Accounts wants  , and it goes to cost code PX-18 now."),
        # our own plan is ours to state
        ("I think we should move the quiz to the 14th.",
         "I think we should move the quiz to the 14th."),
    ],
)  # fmt: skip
def test_what_others_put_forward_is_left_out_of_what_is_stated(turn: str, kept: str) -> None:
    assert " ".join(unproposed(turn).split()) == " ".join(kept.split())
