"""A pasted message's header and the earlier messages it quotes state nothing new."""

from __future__ import annotations

import pytest

from statekeeper import Engine
from statekeeper.conversation.pasted import mail_lines
from tests.conftest import ALICE

FORWARDED = """Forwarding his answer:

---------- Forwarded message ---------
From: Tomas Reyes <t.reyes@example.org>
Date: Thu, 6 Mar 2025, 09:12
Subject: RE: stall pitch

Sorry, pitch 14 not 12.

> On Wed, 5 Mar 2025, 17:40, Tomas Reyes wrote:
> Your pitch is 12, by the fountain."""


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        (FORWARDED, [
            "From: Tomas Reyes <t.reyes@example.org>",
            "Date: Thu, 6 Mar 2025, 09:12",
            "> On Wed, 5 Mar 2025, 17:40, Tomas Reyes wrote:",
            "> Your pitch is 12, by the fountain.",
            "---------- Forwarded message ---------",
        ]),
        ("Sent: Monday 10:02\nTo: Bookings\nThe van is now at 7.",
         ["Sent: Monday 10:02", "To: Bookings"]),
        ("On Fri, 2 May, Lea wrote:\n> Cake for 30?\nMake it 40.",
         ["On Fri, 2 May, Lea wrote:", "> Cake for 30?"]),
        # a letter's greeting and its sign-off with the signature under it
        ("From the council:\n'Dear Ms Arkwright, the skip permit runs to 14 June. Regards, "
         "J. Osei, Highways Officer'",
         ["Dear Ms Arkwright,", "Regards, J. Osei, Highways Officer'"]),
        ("Hi Marco,\nThe bay is 7 now.\nKind regards,\nPriya Nair\nDepot Supervisor",
         ["Hi Marco,", "Kind regards,\nPriya Nair\nDepot Supervisor"]),
        ("Good morning Dr Lund, your slot is 10:40.\nYours sincerely,\nThe Admissions Team",
         ["Good morning Dr Lund,", "Yours sincerely,\nThe Admissions Team"]),
        # a greeting in passing, or thanks that go on to state a value, are no letter's
        ("I said hi to Ana, she is fine.", []),
        ("Many thanks, the new total is £40.", []),
        # a line that only says whom something goes to is no message header
        ("To: the caterer, the count is 40 now.", []),
        ("Date: moved to Friday.", []),
    ],
)  # fmt: skip
def test_a_pasted_messages_header_and_quotes_are_found(text: str, lines: list[str]) -> None:
    assert mail_lines(text) == lines


REPLY = """Forwarding her answer:

---------- Forwarded message ---------
From: Ines Kowal <i.kowal@example.org>
Date: Tue, 11 Mar 2025, 10:05
Subject: RE: guest tables

Sorry, ignore the table in my last one. It's table 6, seats 1-8.

> On Mon, 10 Mar 2025, 16:20, Ines Kowal wrote:
> Please hold table 9, seats 1-8, for the Rotary guests, Fri 14 March 19:30."""


def test_a_forwarded_reply_changes_by_its_message_alone(engine: Engine) -> None:
    with engine.session(ALICE) as s:
        s.observe(
            "alice", "New hold for the dinner: Rotary guests, table 9, seats 1-8, Fri 14 March."
        )
        s.observe("alice", REPLY)
        assert [f.key for f in s.facts()] == ["hold_for_dinner"]  # no fact of its sender
        assert "table 6" in str(s.current_value("hold_for_dinner"))
