"""The cue tables as data: every table of every file loads, is lowercase (tables are
searched in lowercased text, or case-blind), compiles, and matches whole words only."""

from __future__ import annotations

import re

import pytest

from statekeeper.conversation.cues import any_case, found, table, tables


@pytest.mark.parametrize("name", sorted(tables()))
def test_each_table_is_lowercase_and_compiles(name: str) -> None:
    phrases = tables()[name]
    assert phrases, f"{name} is empty"
    assert not any(re.search(r"(?<!\\)[A-Z]", p) for p in phrases), name
    assert table(name).pattern and any_case(name).pattern


@pytest.mark.parametrize(
    ("name", "text", "hit"),
    [
        ("hold", "Hang on, the courier is here.", True),
        ("hold", "The coat hangs on the door.", False),  # a part of a word is no cue
        ("open_digression", "Side note: the lift is out.", True),
        ("close_side", "Anyway, the invoice.", True),
        ("close_side", "Anyways-free text", False),
    ],
)
def test_a_cue_matches_whole_words_in_any_case(name: str, text: str, hit: bool) -> None:
    assert (any_case(name).search(text) is not None) is hit


@pytest.mark.parametrize(
    ("table_name", "text", "hit"),
    [
        # a cue that opens on an apostrophe is found after the word it is glued to
        ("unavailable", "Ben's off sick today", True),
        ("unavailable", "the van's off the road", True),
        ("retracted_after", "the raffle's off", True),
        # and not inside another word
        ("unavailable", "the office is open", False),
    ],
)  # fmt: skip
def test_a_cue_may_open_on_an_apostrophe(table_name: str, text: str, hit: bool) -> None:
    assert found(table_name, text) is hit


@pytest.mark.parametrize(
    ("name", "text", "hit"),
    [
        # a pause asked for, in any register or dialect
        ("interruption", "two secs, the locksmith is here", True),
        ("interruption", "sec, the fire alarm panel is beeping", True),
        ("interruption", "give me a minute, my boss wants me", True),
        ("interruption", "hould on, the vet's at the gate", True),
        ("interruption", "it takes a few secs to load", False),
        # the speaker breaking off their own matter, or someone cutting in
        ("interruption", "ok, interrupting myself here", True),
        ("interruption", "my brother just rang about the car", True),
        ("interruption", "sorry, radio", True),
        ("interruption", "the supplier on the line", True),
        ("interruption", "I rang the supplier on the phone yesterday", False),
        # someone on a call about something, or at the door, and a hold said in Scots
        ("interruption", "council on the phone about the skip", True),
        ("interruption", "argh, school on the line re the trip", True),
        ("interruption", "the caretaker just stuck her head through the door", True),
        ("interruption", "hud on, wee problem wi the till", True),
        ("interruption", "we spoke on the phone about it last week", False),
        ("interruption", "I was on the phone about the boiler all morning", False),
        # going back, said at the head of a sentence
        ("returns", "ok, back to the quote", True),
        ("returns", "right, where were we", True),
        ("returns", "Anyway. the rota", True),
        ("returns", "back tae the kiln", True),
        ("returns", "I went back to the shop for milk", False),
        # the matter named alone after a word that turns to it
        ("returns", "right, invoices. the gas one came in", True),
        ("returns", "ok, the seating plan again", True),
        ("returns", "So, minibus:", True),
        ("returns", "ok, thanks.", False),
        ("returns", "right, grabbing a coffee", False),
        ("returns", "ok ok. she'll ring back", False),
        ("returns", "ok, the minibus is booked for six", False),
    ],
)
def test_break_offs_and_returns_are_said_in_many_ways(name: str, text: str, hit: bool) -> None:
    assert found(name, text) is hit


def test_a_table_named_inside_a_named_table_is_expanded_too() -> None:
    assert not [p for phrases in tables().values() for p in phrases if "<<" in p]
    assert found("people_roles", "the trustees") and found("people_roles", "cleaners")
    assert not found("people_roles", "weekends")
