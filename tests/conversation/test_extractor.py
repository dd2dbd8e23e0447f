"""The rules behind the extractor interface: the same candidates an LLM extractor gives,
read from one turn against the facts handed in, and applied by an engine the same way."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.extractor import RuleExtractor
from statekeeper.errors import StatekeeperError
from tests.conversation.memory import made

KNOWN = [
    made("pickup_time", "Pickup at 4:30pm", 0),
    made("extras", "Extras: balloons, a photo booth", 1),
    made("venue", "Venue: Harbor Loft", 2),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a correction names the fact it replaces
        ("Sorry, pickup is at 5:15pm, not 4:30pm.",
         {("assert", "pickup_time", "Pickup at 5:15pm", "m0-pickup_time")}),
        # a removal from a list is the list without the item
        ("Drop the photo booth, we don't have room.",
         {("assert", "extras", "Extras: balloons", "m1-extras")}),
        # a restriction in words keeps the fact from readers without the right
        # (the sentence itself is kept as a note for us only)
        ("The venue stays between us for now.",
         {("restrict", "venue", "Venue: Harbor Loft", None),
          ("restrict", "internal_note", "The venue stays between us for now.", None)}),
        # someone else's change, a question and a story change nothing
        ("My sister moved her party to the Harbor Loft too.", set()),
        ("Is pickup still at 4:30pm?", set()),
        ("Back in college we always booked the Harbor Loft.", set()),
    ],
)  # fmt: skip
def test_the_rules_propose_what_they_read(text: str, expected: set[tuple]) -> None:
    found = RuleExtractor().extract(text, speaker="quinn", known=KNOWN)
    assert {(c.action, c.key, c.value, c.replaces) for c in found} == expected


@pytest.mark.parametrize(
    ("text", "value_type", "span"),
    [
        ("Sorry, pickup is at 5:15pm, not 4:30pm.", "time", "5:15pm"),
        ("Move pickup to Friday, May 9.", "date", "Friday, May 9"),
        ("Venue changed, it's 14 Quay St now.", "address", "14 Quay St"),
    ],
)  # fmt: skip
def test_a_candidate_says_its_kind_and_its_words(text: str, value_type: str, span: str) -> None:
    (found,) = RuleExtractor().extract(text, speaker="quinn", known=KNOWN)
    assert (found.value_type, found.span) == (value_type, span)


TURNS = [
    "Sorry, pickup is at 5:15pm, not 4:30pm.",
    "Skip the gift wrap, please.",
    "Keep the budget internal, we can go to $900 if needed.",
    "My brother changed his flight to Friday.",
]


def test_an_engine_applies_the_rules_candidates_as_its_own_reading(tmp_path) -> None:
    """Through the extractor interface, the rules change what the engine's own reading of
    the same turns changes."""
    heads = []
    for extractor in (None, RuleExtractor()):
        engine = Engine.open(str(tmp_path / f"{extractor is None}.db"), extractor=extractor)
        with engine.session(Principal(org="acme", user="quinn", authority="peer")) as s:
            s.write("pickup_time", "Pickup at 4:30pm")
            s.write("gift_wrap", "Gift wrap: yes")
            s.write("budget", "Budget: $750")
            s.write("flight", "Flight on Thursday")
            for text in TURNS:
                s.observe("quinn", text)
            heads.append(sorted((f.key, str(f.value), tuple(f.required_permissions)) for f in s.facts()))
        engine.close()
    assert heads[0] == heads[1]
    assert ("pickup_time", "Pickup at 5:15pm", ()) in heads[1]
    assert ("flight", "Flight on Thursday", ()) in heads[1]


@pytest.mark.parametrize(
    ("text", "speaker", "known"),
    [(None, "quinn", []), ("fine", "", []), ("fine", "quinn", ["not a fact"])],
)
def test_bad_input_is_refused_clearly(text: object, speaker: str, known: list) -> None:
    with pytest.raises(StatekeeperError):
        RuleExtractor().extract(text, speaker=speaker, known=known)  # type: ignore[arg-type]
