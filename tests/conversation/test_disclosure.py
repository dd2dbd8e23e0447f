"""What a restriction names among the values said before it."""

from __future__ import annotations

import pytest

from statekeeper.conversation.cues import found
from statekeeper.conversation.disclosure import named_values, object_terms
from statekeeper.conversation.readings.restricted import restricting_at
from statekeeper.conversation.restrictions import confidential_spans, names_facts, restricts

WITHHELD_TELLING = [
    # telling forbidden, with whom it is kept from
    "Please don't pass his home number to any of the suppliers.",
    "She asked us not to give the gate code to anyone outside the crew.",
    "Under no circumstances mention the settlement to the tenants.",
    # someone not to be told
    "Her landlord is not to be told about the arrears.",
    "The apprentices mustn't be shown the margin sheet.",
    # telling allowed to a few only
    "The alarm code is to be known only to the two keyholders.",
    "Only the treasurer may see the donor list.",
    # an access word said of what was told
    "Salaries and bank details are payroll-only.",
    "That stays strictly between the head chef and us.",
    "Neither the price nor the buyer is to be disclosed to the press.",
    "The diagnosis and the ward are for the family and the chaplain, and nobody else.",
    "keep it between me n the foreman, no names to anyone",
    # a wish that a thing not be talked of
    "His wife asked that the prognosis isn't discussed with the grandchildren.",
    "She'd prefer her salary wasn't mentioned at the meeting.",
    "The tenant requested that the arrears are not shared with the agency.",
    # for some groups alone, or not to go out
    "The settlement figure is for the partners and the office alone.",
    "Her new address is for the carers only, it's not for the family.",
    "The rota changes must not go to anyone outside.",
    "This list mustn't go beyond the committee.",
    # kept out of print or public
    "Kindly do not publish that figure anywhere.",
    "Please don't post the prices on the group.",
    "She asked that neither her name nor the sum be made public.",
]

ORDINARY = [
    "Don't tell me the boiler is broken again!",
    "I never told the client about the fee.",
    "Don't forget to send the invoice to the client.",
    "What's the difference between me and him?",
    "The cheque is for the caterer and nobody else can cash it today.",
    "Only the morning slot is free this week.",
    "The side room is for the staff alone at lunch, so eat in the hall.",
    "Visitors should not go beyond the yellow line.",
    "She asked that the meeting isn't moved again.",
]


@pytest.mark.parametrize("clause", WITHHELD_TELLING)
def test_telling_withheld_restricts(clause: str) -> None:
    assert restricts(clause)


@pytest.mark.parametrize("clause", ORDINARY)
def test_ordinary_telling_restricts_nothing(clause: str) -> None:
    assert not restricts(clause)


def test_telling_withheld_marks_no_span_and_names_no_fact_by_its_words() -> None:
    clause = "Please don't pass his home number to any of the suppliers."
    assert confidential_spans(clause) == [] and not names_facts(clause)


OBJECTS = [
    # the words of withholding and those kept out are not what is withheld
    ("Please don't pass his home number to any of the suppliers.", {"home", "number"}),
    ("Her landlord is not to be told about the arrears.", {"arrear"}),
    ("The alarm code is to be known only to the two keyholders.", {"alarm", "code"}),
]


@pytest.mark.parametrize(("clause", "terms"), OBJECTS)
def test_what_a_restriction_names(clause: str, terms: set[str]) -> None:
    assert object_terms(clause) == terms


NAMED = [
    # a word that labels the value where it was said
    (
        "Her fee is €2,400 a term and her mobile is +33 6 12 34 56 78. The lodge is at 4 Rue Haute.",
        "Tutor fees and personal numbers are staff-only.",
        ["€2,400", "+33 6 12 34 56 78"],
    ),
    # the kind a noun names, when no word labels a value: the latest one
    (
        "He earned $71,000 at the mill. Now he's on $88,500 here.",
        "Don't pass his salary to any recruiter.",
        ["$88,500"],
    ),
    (
        "Moved last month: 27 Quarry Road, Leek. Parking permit ends in May.",
        "Her address is not to be disclosed to the school.",
        ["27 Quarry Road, Leek"],
    ),
    (
        "Booked her in for Thursday at 09:40 with the consultant.",
        "Her husband isn't to be told about her appointments.",
        ["Thursday", "09:40"],
    ),
    # a figure named as "that number" or "the figure"
    (
        "Harbour Hall signed at £3,200 for the weekend.",
        "Keep that number inside this group please.",
        ["£3,200"],
    ),
    (
        "The bid came in at 18% under list.",
        "Do not pass that figure to the buyer.",
        ["18%"],
    ),
]


@pytest.mark.parametrize(("said", "restriction", "values"), NAMED)
def test_a_restriction_names_values_said_before(
    said: str, restriction: str, values: list[str]
) -> None:
    assert sorted(s.value.text for s in named_values(restriction, [said])) == sorted(values)


NOT_NAMED = [
    # a word that fits no value said names none
    (
        "The roof needs 40 tiles and the van is booked for Monday.",
        "Keep the medication off the notes.",
    ),
    ("Invoice 7731 went out at $640.", "Her landlord is not to be told about the arrears."),
    ("Nothing said yet.", "Only the treasurer may see the donor list."),
]


@pytest.mark.parametrize(("said", "restriction"), NOT_NAMED)
def test_a_word_that_fits_no_value_names_none(said: str, restriction: str) -> None:
    assert named_values(restriction, [said]) == []


@pytest.mark.parametrize(
    ("said", "turn", "values"),
    [
        # what is kept back, listed after the restriction without a verb, is named by it
        (
            "Collection from 14 Alder Close at 15:20 every day.",
            "Her ex is not to be told anything about the pickups. Not the address or the hour.",
            ["14 Alder Close", "15:20"],
        ),
        (
            "The new lodger pays £640 a month, mobile 0151 496 0733.",
            "The agency is not to be given her details. Not her rent, nor her mobile.",
            ["£640", "0151 496 0733"],
        ),
        (
            "Her scan is booked for 09:15 at the Eastgate clinic.",
            "The school mustn't be told. Not the clinic, nor the hour.",
            ["09:15"],
        ),
        # ... a sentence that says more than a list is its own
        (
            "Collection from 14 Alder Close at 15:20 every day.",
            "Her ex is not to be told about the pickups. Not the address is what matters.",
            [],
        ),
    ],
)
def test_a_list_after_a_restriction_names_what_it_keeps_back(
    said: str, turn: str, values: list[str]
) -> None:
    named = [
        s.value.text for clause, end in restricting_at(turn) for s in named_values(clause, [said])
    ]
    assert sorted(named) == sorted(values)


@pytest.mark.parametrize(
    "turn",
    [
        # a thing just said, called a private one, is kept back with its sentence
        "The Okonjo family pay half rent. That's a private understanding with the owner.",
        "Dev gets the van on Sundays. It was a personal favour, so let's leave it at that.",
        "We charge the choir £40 a night. This is a confidential deal from years back.",
    ],
)
def test_a_thing_called_private_is_kept_back(turn: str) -> None:
    assert confidential_spans(turn) == [turn]


def test_a_private_thing_of_another_sentence_keeps_nothing_back() -> None:
    assert confidential_spans("The party room is a private hire on Fridays, £90.") == []


@pytest.mark.parametrize(
    ("clause", "keeps"),
    [
        # said back after a restriction: whom, or where, a thing stays
        ("the trade price stays internal", True),
        ("her diagnosis remains confidential", True),
        ("the donor list is kept in-house", True),
        ("the scan stays with the nurses", True),
        # ... not where a thing is put or how long it lasts
        ("the dog stays inside at night", False),
        ("the offer remains open till Friday", False),
    ],
)
def test_whom_or_where_a_thing_stays_when_said_back(clause: str, keeps: bool) -> None:
    assert found("kept_with", clause) is keeps
