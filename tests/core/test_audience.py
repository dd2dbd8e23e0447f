"""A context written to someone outside leaves out what was said for us only."""

from __future__ import annotations

import pytest

from statekeeper import Engine, InvalidInputError
from tests.conftest import ALICE

SECRET = "Internal only: our floor is $41,500 and the rival bid came from Northwind."


def _told(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "The listing for 9 Elm Court is $44,900, offers by Friday.")
        s.observe("alice", SECRET)


def test_an_external_reply_gets_no_internal_value(engine: Engine) -> None:
    _told(engine)
    context = engine.session(ALICE).context("Draft my reply to the buyer about the price.")
    assert "$44,900" in context.text
    assert "$41,500" not in context.text and "Northwind" not in context.text
    assert "[withheld]" in context.text and context.withheld == 1


def test_an_internal_question_sees_the_note(engine: Engine) -> None:
    _told(engine)
    s = engine.session(ALICE)
    assert "$41,500" in s.context("What is our floor on Elm Court?").text
    assert SECRET in [f.value for f in s.facts()]


def test_the_audience_can_be_said_outright(engine: Engine) -> None:
    _told(engine)
    s = engine.session(ALICE)
    assert "$41,500" not in s.context("Elm Court price", audience="external").text
    assert "$41,500" in s.context("Draft my reply to the buyer.", audience="internal").text


def test_an_unknown_audience_is_refused(engine: Engine) -> None:
    with pytest.raises(InvalidInputError):
        engine.session(ALICE).context("Elm Court", audience="everyone")


def test_a_fact_named_as_for_us_only_stays_out_of_an_external_reply(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.write("retention_bonus", "$15,000 paid in March")
        s.write("start_date", "June 2")
        s.observe("alice", "The bonus is confidential, nobody outside HR hears about it.")
        external = s.context("Draft a note to the new hire about the bonus and start date.")
        internal = s.context("What is the retention bonus?")
        assert "$15,000" not in external.text and "June 2" in external.text
        assert "$15,000" in internal.text
        assert s.current_value("retention_bonus") == "$15,000 paid in March"


def test_a_restriction_keeps_the_values_it_names_out_of_earlier_turns(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "New tenant in 3B is Mr Okafor, rent is £1,150 a month.")
        s.observe("alice", "His mobile is 07700 914 226 if the boiler man needs him.")
        s.observe("alice", "Please don't give his mobile to the other tenants.")
        external = s.context("Draft a reply to the tenant in 3A asking how to reach 3B.")
        internal = s.context("What is Mr Okafor's mobile?")
    assert "07700 914 226" not in external.text and "[withheld]" in external.text
    assert "£1,150" in external.text
    assert "07700 914 226" in internal.text


def test_whom_a_note_is_for_stays_readable_while_its_values_are_withheld(
    engine: Engine,
) -> None:
    with engine.session(ALICE) as s:
        s.observe(
            "alice", "The side door code at the depot is 7391. Keyholders only, never by text."
        )
        context = s.context("A courier asks for the side door code. What do I tell him?")
        assert "7391" not in context.text
        assert "Keyholders only" in context.text


def test_a_restriction_over_commas_keeps_the_value_it_names_for_us(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "The insurer's claim number is CLM-88310.")
        s.observe(
            "alice",
            "The claim number is for this office, the loss adjuster and the owner, and nobody else.",
        )
        assert "CLM-88310" not in s.context("Draft a reply to the neighbour's lawyer.").text
        internal = s.context("What is the claim number?").text
        assert "CLM-88310" in internal


def test_a_note_said_for_us_is_not_corrected_by_the_restriction_after_it(
    engine: Engine,
) -> None:
    with engine.session(ALICE) as s:
        s.observe(
            "alice",
            "The vet found a tumour, reference VX-4410. The owners are very private about "
            "this. The finding and the reference are for the practice and the owners, "
            "and nobody else.",
        )
        notes = [f.value for f in s.facts() if f.key == "internal_note"]
        assert any("VX-4410" in str(v) for v in notes)
        assert not any(str(v).startswith("the practice") for v in notes)


def test_one_a_restriction_names_may_be_told_what_it_keeps(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe(
            "alice", "The Lees owe £1,200 since May. Keep this between me and Omar in accounts."
        )
        told_omar = s.context("Omar's chasing overdue accounts. What do I tell him about the Lees?")
        told_courier = s.context("The courier asks about the Lees. What do I tell him?")
        assert "£1,200" in told_omar.text
        assert "£1,200" not in told_courier.text


def test_a_turn_that_only_restricts_keeps_the_turn_before_for_us(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "Mould turned up in the flour store, batch 14 is binned.")
        s.observe("alice", "This is only for the kitchen team now. Bread as usual on Saturday.")
        external = s.context("Draft a note for the customers about Saturday's bread.").text
        assert "batch 14" not in external and "Mould" not in external
        assert "batch 14" in s.context("What happened to batch 14?").text


def test_what_the_assistant_says_back_as_for_us_is_withheld_too(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "Mr Dane has knee surgery on Friday. Keep that between us.")
        s.observe(
            "assistant",
            "Understood, the knee surgery stays between us. His cover starts Monday.",
            assistant=True,
        )
        external = s.context("Draft a message to the client about his cover.").text
        assert "knee surgery" not in external and "Monday" in external
        internal = s.context("When is Mr Dane's surgery?").text
        assert "knee surgery" in internal and "Unresolved conflicts" not in internal


@pytest.mark.parametrize(
    ("restricted", "said_back", "kept", "audience"),
    [
        ("Her scan showed a hairline fracture. Keep that between us.",
         "Understood, the fracture stays with the physio team.", "fracture", "physio team"),
        ("Internal only: he is on blood thinners.",
         "Noted, the blood thinners are for Dr Rao only.", "blood thinners", "Dr Rao"),
        ("The reason is his bankruptcy. That's confidential.",
         "Got it, the bankruptcy stays between you and the office.", "bankruptcy", "the office"),
    ],
)  # fmt: skip
def test_whom_the_assistant_says_a_kept_thing_stays_with_is_readable(
    engine: Engine, restricted: str, said_back: str, kept: str, audience: str
) -> None:
    """Said back right after a restriction, whom a thing stays with restricts it too; the
    thing is withheld, whom it is for is not."""
    with engine.session(ALICE) as s:
        s.observe("alice", restricted)
        s.observe("assistant", said_back, assistant=True)
        external = s.context("Draft a reply to the customer who asked.").text
        assert kept not in external and audience in external


def test_whom_a_thing_stays_with_restricts_nothing_after_no_restriction(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe("alice", "The bike goes back to the shop on Friday.")
        s.observe("assistant", "Noted, the bike stays with the shop until Friday.", assistant=True)
        external = s.context("Draft a reply to the customer about the bike.").text
        assert "the bike stays with the shop" in external and "[withheld]" not in external
