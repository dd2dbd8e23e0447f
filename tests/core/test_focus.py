"""Contested values: a figure a replaced statement held and a live one still holds is shown
where the live text speaks of what the query asks, and left out of passages about other
things. Figures nothing replaced are never touched."""

from __future__ import annotations

from statekeeper import Session
from statekeeper.context.focus import ELIDED, Focus, contested_figures, kept_values, passages
from tests.conftest import Clock


def test_value_kept_for_one_subject_left_out_for_another(alice: Session, clock: Clock) -> None:
    alice.write("launch_day", "Public launch on Friday")
    clock.advance(minutes=1)
    alice.write("launch_day", "Public launch moved to Monday", supersedes="launch_day")
    alice.write("release_plan", "Docs freeze Friday, but the API beta ships next Wednesday")

    about_beta = alice.context("When does the API beta ship?").text
    assert "Friday" not in about_beta
    assert "API beta ships next Wednesday" in about_beta
    assert f"Docs freeze {ELIDED}" in about_beta

    about_docs = alice.context("When is the docs freeze?").text
    assert "Docs freeze Friday" in about_docs


def test_echo_of_replaced_quote_left_out_unless_asked(alice: Session, clock: Clock) -> None:
    alice.write("supplier_quotes", "Quotes in: Acme $90K, Globex $70K. Acme looks strongest.")
    clock.advance(minutes=1)
    alice.write(
        "supplier_quotes", "Acme is out while its audit is pending", supersedes="supplier_quotes"
    )
    alice.write("supplier_note", "Acme audit closed. Acme quoted $90K though, over our cap.")

    chosen = alice.context("Which supplier did we choose?").text
    assert "$90K" not in chosen
    assert "Acme audit closed" in chosen

    asked = alice.context("Could we go back to Acme?").text
    assert "Acme quoted $90K though" in asked


def test_figure_a_correction_carried_over_stays(alice: Session, clock: Clock) -> None:
    alice.write("standup", "Standup at 9am Tuesday")
    clock.advance(minutes=1)
    alice.write("standup", "Standup moved to 10am Tuesday", supersedes="standup")
    text = alice.context("What should I prepare beforehand?").text
    assert "10am Tuesday" in text
    assert "9am" not in text


def test_figure_a_correction_displaced_is_left_out_of_unrelated_answer(
    alice: Session, clock: Clock
) -> None:
    alice.write("loyalty_discount", "12% loyalty discount applies")
    clock.advance(minutes=1)
    alice.write(
        "loyalty_discount",
        "Only 5% applies (12% needs a two-year plan)",
        supersedes="loyalty_discount",
    )
    total = alice.context("What is the final invoice total?").text
    assert "5% applies" in total
    assert "12%" not in total
    named = alice.context("What does the 12% rate need?").text
    assert "12% needs a two-year plan" in named


def test_figures_nothing_replaced_are_never_left_out(alice: Session, clock: Clock) -> None:
    alice.write("catering", "Catering arrives Friday at 11am, budget $2,400")
    alice.write("board", "Board meeting Thursday in room 4B")
    text = alice.context("Who is presenting the roadmap?").text
    assert "Catering arrives Friday at 11am, budget $2,400" in text
    assert "Board meeting Thursday in room 4B" in text
    assert ELIDED not in text


def test_shared_figure_of_an_unrelated_dead_statement_stays(alice: Session, clock: Clock) -> None:
    """$4K was once a negotiation target for a printer lease; it is also the office budget.
    The budget statement echoes nothing dead, so its figure stays for any query."""
    alice.write("printer_lease", "Negotiate the printer lease down to $4K")
    clock.advance(minutes=1)
    alice.write("printer_lease", "Printer lease signed with Ricoh", supersedes="printer_lease")
    alice.write("office_budget", "Office supplies budget: $4K per quarter")
    text = alice.context("Which printer did we lease?").text
    assert "Office supplies budget: $4K per quarter" in text


def test_turns_follow_the_same_rule(alice: Session, clock: Clock) -> None:
    alice.write("launch_day", "Public launch on Friday")
    clock.advance(minutes=1)
    alice.write("launch_day", "Public launch moved to Monday", supersedes="launch_day")
    alice.add_turn("alice", "Docs freeze Friday, but the API beta ships next Wednesday.")
    text = alice.context("When does the API beta ship?").text
    assert "Friday" not in text
    assert "the API beta ships next Wednesday." in text


def test_passages_split_sentences_clauses_and_asides() -> None:
    text = "Fine, docs Friday. But the beta ships Wednesday or Thursday (pending QA)."
    parts = [text[a:b] for a, b in passages(text)]
    assert parts == [
        "Fine, docs Friday.",
        "But the beta ships Wednesday",
        "or Thursday",
        "(pending QA).",
    ]
    plain = "Budget is $1.5M for v2.4, signed off by Dana"
    assert [plain[a:b] for a, b in passages(plain)] == [plain]


def test_detail_after_a_comma_belongs_to_its_sentence(alice: Session, clock: Clock) -> None:
    """3pm was once the time of another call; here it is the Acme meeting's time."""
    alice.write("vendor_call", "Vendor call at 3pm")
    clock.advance(minutes=1)
    alice.write("vendor_call", "Vendor call cancelled", supersedes="vendor_call")
    alice.write(
        "acme_meeting", "Meeting with Acme on Friday, 3pm in the Harbor Room. Bring the deck."
    )
    text = alice.context("When is the Acme meeting?").text
    assert "Meeting with Acme on Friday, 3pm in the Harbor Room" in text


def test_short_passage_continues_the_one_before() -> None:
    dead = contested_figures(["Negotiate the vendor down to $140K"], {"$140k"})
    focus = Focus.of("What is the hardware budget?", dead)
    text = "Finance cut hardware budgets by 30%. Your cap is now $140K max."
    assert focus.apply(text) == text  # "your cap is now $140K" is still about the budget


def test_query_naming_the_value_keeps_it() -> None:
    dead = contested_figures(["Beta on Friday"], {"friday"})
    focus = Focus.of("Is Friday still possible for the beta?", dead)
    text = "Docs freeze Friday, but the beta ships Wednesday"
    assert focus.apply(text) == text


def test_kept_values() -> None:
    assert kept_values("Call at 2pm EST Tuesday", "Moved to 10am EST Tuesday") == {"tuesday"}
    assert kept_values("25% discount applies", "Only 10% applies (25% needs a contract)") == set()
    assert kept_values("Room 4B at noon", "Room 5C at noon") == set()  # names are not figures


def test_contested_figures_are_figures_a_live_text_still_holds() -> None:
    dead = ["Quotes: Acme $90K, Globex $70K", "Kickoff on Friday"]
    contested = contested_figures(dead, {"$90k", "acme", "monday"})
    assert set(contested) == {"$90k"}  # a name is not a figure; $70K and Friday are dead
    assert "globex" in contested["$90k"][0]  # with the subject words (and names) of its holder
    focus = Focus.of("Which supplier won?", contested)
    assert focus.apply("Acme audit closed. Acme quoted $90K though.", None) == (
        f"Acme audit closed. Acme quoted {ELIDED} though."
    )


def test_overview_or_subjectless_query_keeps_every_figure(alice: Session, clock: Clock) -> None:
    alice.write("supplier_quotes", "Quotes in: Acme $90K, Globex $70K. Acme looks strongest.")
    clock.advance(minutes=1)
    alice.write(
        "supplier_quotes", "Acme is out while its audit is pending", supersedes="supplier_quotes"
    )
    alice.write("supplier_note", "Acme audit closed. Acme quoted $90K though, over our cap.")
    assert "$90K" not in alice.context("Which supplier did we choose?").text
    for question in ("Can you summarize the supplier choice?", "Catch me up", "What now?"):
        assert "Acme quoted $90K though" in alice.context(question).text, question


def test_later_change_for_the_asked_subject_leaves_the_old_figure_out(
    alice: Session, clock: Clock
) -> None:
    alice.write("gala_plan", "Dinner and awards both on Saturday")
    clock.advance(minutes=1)
    alice.write("gala_plan", "Awards moved to Sunday", supersedes="gala_plan")
    alice.write("vp_note", "OK, dinner Saturday. The awards must be on Sunday.")
    clock.advance(minutes=1)
    alice.write("inspection", "Inspection adds two days. New plan: dinner Monday.")

    dinner = alice.context("When is the dinner?").text
    assert "Saturday" not in dinner
    assert "New plan: dinner Monday" in dinner
    assert "The awards must be on Sunday" in dinner
    awards = alice.context("When are the awards?").text
    assert "Saturday" not in awards
    assert "The awards must be on Sunday" in awards


def test_later_figure_without_a_word_of_change_is_another_detail(
    alice: Session, clock: Clock
) -> None:
    alice.write("acme_quote", "Quote for Acme: $5,000")
    clock.advance(minutes=1)
    alice.write("acme_quote", "Quote for Acme withdrawn", supersedes="acme_quote")
    alice.write("acme_invoice", "Invoice total $5,000 for the Acme order.")
    clock.advance(minutes=1)
    alice.write("acme_deposit", "Invoice deposit paid: $2,000.")
    text = alice.context("What is on the Acme invoice?").text
    assert "Invoice total $5,000 for the Acme order." in text
    clock.advance(minutes=1)
    alice.write("acme_total", "Invoice total is now $4,200 after the credit note.")
    assert "$5,000" not in alice.context("What is on the Acme invoice?").text


def test_figure_replaced_in_place_leaves_older_statements_of_it(
    alice: Session, clock: Clock
) -> None:
    alice.write("fleet_budget", "Fleet budget is $900K for the vans")
    clock.advance(minutes=1)
    alice.write("capex_news", "Board cut capex budgets by 20%. Your $900K is now $720K max.")
    text = alice.context("What is the fleet budget?").text
    assert "$900K" not in text
    assert "$720K" in text
    assert "Fleet budget is … for the vans" in text


def test_figure_named_as_replaced_is_stale_in_older_statements_whatever_their_words(
    alice: Session, clock: Clock
) -> None:
    alice.write("van_order", "Need 20 delivery vans. Budget is $900K. Quotes by Monday.")
    clock.advance(minutes=1)
    alice.write("capex_news", "Board cut capex by 20%. Your $900K is now $720K max.")
    text = alice.context("What is the fleet budget now?").text
    assert "$900K" not in text
    assert "Need 20 delivery vans" in text
    assert "$720K" in text


def test_figure_marked_past_earlier_stays_in_a_later_statement(
    alice: Session, clock: Clock
) -> None:
    alice.write("weekday_rate", "Weekday rate was originally $50, now $60 per hour")
    clock.advance(minutes=1)
    alice.write("weekend_rate", "Weekend rate is $50 per hour")
    text = alice.context("What is the weekend rate?").text
    assert "Weekend rate is $50 per hour" in text


def test_an_open_hypothetical_changes_nothing(alice: Session, clock: Clock) -> None:
    alice.write("kickoff", "Kickoff on Monday")
    clock.advance(minutes=1)
    alice.write("kickoff", "Kickoff cancelled", supersedes="kickoff")
    alice.write("team_dinner", "Team dinner on Monday at 7pm")
    clock.advance(minutes=1)
    alice.observe("alice", "Just brainstorming: what if the team dinner moved to Tuesday?")
    text = alice.context("When is the team dinner?").text
    assert "Team dinner on Monday at 7pm" in text
    clock.advance(minutes=1)
    alice.observe("alice", "Decided: the team dinner moved to Tuesday.")
    assert "Monday" not in alice.context("When is the team dinner?").text
