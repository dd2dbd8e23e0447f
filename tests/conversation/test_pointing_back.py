"""A restriction said after its value, pointing back at it ("... Keep that between the two
of us"), and a text written for someone named by a pronoun ("write her the note")."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from statekeeper.conversation.audience import EXTERNAL, audience_of
from statekeeper.conversation.restrictions import confidential_spans
from statekeeper.model import INTERNAL

POINTING_BACK = [
    (
        "The alarm code for the marina office is 5521. Keep that between the two of us, the "
        "harbourmaster is fussy about it.",
        [
            "The alarm code for the marina office is 5521. Keep that between the two of us, the "
            "harbourmaster is fussy about it."
        ],
    ),
    (
        "Rehearsals move to the church hall. The soloist's fee is 450 pounds. Keep that off "
        "the record, the others were paid less.",
        ["The soloist's fee is 450 pounds. Keep that off the record, the others were paid less."],
    ),
    (
        "Depot gate PIN is 8830. Keep it to yourself, each van driver gets their own.",
        ["Depot gate PIN is 8830. Keep it to yourself, each van driver gets their own."],
    ),
    (
        "We sold the late harvest at $64 a case. That stays between us, the co-op expects more.",
        ["We sold the late harvest at $64 a case. That stays between us, the co-op expects more."],
    ),
    (
        "The groomer's rate drops to $38 for regulars. That part remains confidential, new "
        "clients pay list.",
        [
            "The groomer's rate drops to $38 for regulars. That part remains confidential, new "
            "clients pay list."
        ],
    ),
]

# whom it is kept from, listed after a colon, is no content of its own
POINTING_BACK += [
    (
        "The vet thinks it's cancer. They want that kept between us: not the "
        "kennel, not the groomer, nobody.",
        [
            "The vet thinks it's cancer. They want that kept between us: not the "
            "kennel, not the groomer, nobody."
        ],
    ),
    (
        "The buyer offered $310,000. Keep that between us: no one else, not even the agent.",
        ["The buyer offered $310,000. Keep that between us: no one else, not even the agent."],
    ),
    (
        "Code for the safe is 7731. Keep it between us two: not the temps, not the cleaners.",
        ["Code for the safe is 7731. Keep it between us two: not the temps, not the cleaners."],
    ),
]

# not wanted in someone's hands, said by who does not want it
POINTING_BACK += [
    (
        "The door code is 5512. Mr Pike doesn't want the cleaners to have it.",
        ["The door code is 5512. Mr Pike doesn't want the cleaners to have it."],
    ),
    (
        "She moved to 4 Elm Row, mobile 07700 900 111. She does not want her ex having the "
        "address.",
        [
            "She moved to 4 Elm Row, mobile 07700 900 111. She does not want her ex having the "
            "address."
        ],
    ),
    (
        "Her diagnosis is early dementia. Mrs Hale doesn't want the neighbours knowing.",
        ["Her diagnosis is early dementia. Mrs Hale doesn't want the neighbours knowing."],
    ),
]

NOT_POINTING_BACK = [
    "The cake is lemon sponge. Keep it simple, one tier is plenty.",
    "The ladders arrived at noon. Leave that in the van, we'll unload after lunch.",
    "The starter dough is ready. It stays in the fridge until Friday.",
    "The field trip costs $12. That remains to be seen, the bus quote is late.",
    "The new sails are stored. Keep those dry over the weekend.",
    "The kids eat at 6. We don't want the kids having sugar before bed.",
    "Post the forms to the depot. We don't want the parcel going astray again.",
]


@pytest.mark.parametrize(("turn", "spans"), POINTING_BACK)
def test_a_restriction_pointing_back_marks_the_sentence_before(turn: str, spans: list[str]) -> None:
    assert confidential_spans(turn) == spans


@pytest.mark.parametrize("turn", NOT_POINTING_BACK)
def test_a_pronoun_kept_or_left_somewhere_restricts_nothing(turn: str) -> None:
    assert confidential_spans(turn) == []


@pytest.mark.parametrize(
    "query",
    [
        "Write him the message about Saturday's shift.",
        "Send her the details for the boat handover.",
        "Text them the update about the ferry times.",
    ],
)
def test_a_text_for_someone_named_by_a_pronoun_is_external(query: str) -> None:
    assert audience_of(query) == EXTERNAL


@pytest.mark.parametrize(
    "query",
    [
        "Send me the details for the boat handover.",
        "Write her name on the sign-up sheet.",
        "Remind me what the gate code is.",
    ],
)
def test_a_text_for_ourselves_or_no_text_is_internal(query: str) -> None:
    assert audience_of(query) == INTERNAL


NOOR = Principal(org="quay", user="noor", authority="peer")


def test_a_value_kept_back_is_withheld_from_the_helper_and_shown_to_its_owner(
    engine: Engine,
) -> None:
    with engine.session(NOOR, task_id="moorings") as s:
        s.observe("noor", "Berth 14 gets the new pontoon on Friday at 9:00. Ezra fits the cleats.")
        s.observe(
            "noor",
            "The shed padlock is 3906. Keep that between the two of us, the "
            "insurer wants it off the rota.",
        )
        outside = s.context("Ezra asked about Friday. Write him the message.").text
        owner = s.context("I'm going down early. Remind me of the shed padlock number.").text
    assert "3906" not in outside
    assert "9:00" in outside
    assert "3906" in owner


@pytest.mark.parametrize(
    ("turn", "spans"),
    [
        # what was just said, named by what it is
        ("The donor is Mr. Ivo Stern, tel. 0161 555 0199. This identity is strictly confidential.",
         ["The donor is Mr. Ivo Stern, tel. 0161 555 0199. This identity is strictly confidential."]),
        ("Her salary is $61,000. That figure is confidential.",
         ["Her salary is $61,000. That figure is confidential."]),
        # someone not to be told what was just said
        ("The lump is benign. Her sister must not be told anything about it yet.",
         ["The lump is benign. Her sister must not be told anything about it yet."]),
    ],
)  # fmt: skip
def test_a_restriction_naming_what_was_said_marks_it(turn: str, spans: list[str]) -> None:
    assert confidential_spans(turn) == spans


@pytest.mark.parametrize(
    "query",
    [
        "The sponsor's monitor, Dr. Ruiz, asks who the participant is.",
        "An auditor from the council is asking what we paid the caterer.",
        "Her flatmate wants to know which pills are in the bag.",
    ],
)
def test_someone_outside_asking_is_external(query: str) -> None:
    assert audience_of(query) == EXTERNAL
