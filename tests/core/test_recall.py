"""Recall: past turns come back as dated evidence, and never bring back what has ended."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest

from statekeeper import Engine, InvalidInputError, Principal, Session, Settings, Source, SourceType
from statekeeper.context.format import RECALLED_HEADER, TURNS_HEADER
from statekeeper.context.recall import ONLY_DEAD, exchange_order
from statekeeper.context.terms import query_terms
from statekeeper.model import Turn
from statekeeper.store.base import ArchivedTurn
from tests.conftest import ALICE, BOB, Clock, query, snapshot

MakeEngine = Callable[..., Engine]
FILLER = (
    "The printer on floor two is jammed again.",
    "Lunch is at noon on Thursdays.",
    "The parking garage closes at ten tonight.",
    "Someone left an umbrella in the lobby.",
)


def _session(make_engine: MakeEngine, principal: Principal = ALICE, **settings: float) -> Session:
    engine = make_engine("recall.db", Settings(recent_turns=2, **settings))  # type: ignore[arg-type]
    return engine.session(principal)


def _chat(s: Session, clock: Clock, *lines: str, speaker: str = "alice") -> None:
    for line in lines:
        clock.advance(minutes=1)
        s.add_turn(speaker, line)


def _recalled(text: str) -> str:
    """The recalled section of a context alone."""
    if RECALLED_HEADER not in text:
        return ""
    return text.split(RECALLED_HEADER)[1].split(TURNS_HEADER)[0]


def test_old_turn_is_recalled_dated_and_attributed(make_engine: MakeEngine, clock: Clock) -> None:
    s = _session(make_engine)
    _chat(s, clock, "My cousin restores vintage sailboats in Maine.")
    said_on = clock.now
    _chat(s, clock, *FILLER)
    clock.advance(days=30)
    recalled = _recalled(s.context("What does the cousin restore?").text)
    assert (
        f"- {said_on:%Y-%m-%d}, alice: My cousin restores vintage sailboats in Maine." in recalled
    )


def test_a_recalled_turn_says_what_its_yesterday_was(make_engine: MakeEngine, clock: Clock) -> None:
    s = _session(make_engine)
    _chat(s, clock, "I finally took the sailboat out yesterday, first time this season.")
    said_on = clock.now
    _chat(s, clock, *FILLER)
    clock.advance(days=90)
    recalled = _recalled(s.context("When did she take the sailboat out?").text)
    day = said_on.date().fromordinal(said_on.toordinal() - 1)
    assert f"yesterday ({day.day} {day:%B %Y})" in recalled


def test_recalled_turns_show_in_the_order_they_were_said(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    _chat(s, clock, "The greenhouse tomatoes ripened early.", *FILLER)
    _chat(s, clock, "We grew tomatoes and basil in the greenhouse this year, lots of tomatoes.")
    _chat(s, clock, *FILLER)
    recalled = _recalled(s.context("greenhouse tomatoes").text)
    assert recalled.index("ripened early") < recalled.index("tomatoes and basil")


def test_a_question_brings_the_reply_that_answered_it(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    _chat(s, clock, "How long did the kitchen renovation take?")
    _chat(s, clock, "About eleven weeks, start to finish.", speaker="bob")
    _chat(s, clock, *FILLER)
    recalled = _recalled(s.context("kitchen renovation").text)
    assert "bob: About eleven weeks, start to finish." in recalled


def test_a_superseded_value_is_masked_in_a_recalled_turn(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    s.write("venue", "Harbor Hall")
    _chat(s, clock, "The gala dinner venue is Harbor Hall, with a jazz trio for the gala.")
    _chat(s, clock, *FILLER)
    s.write("venue", "Cedar Pavilion", supersedes="venue")
    text = s.context("Where is the gala dinner?").text
    assert "Harbor Hall" not in text
    assert "jazz trio for the gala" in _recalled(text)


def test_a_turn_that_only_held_a_dead_value_is_not_recalled(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    s.write("courier", "Bluebird Express")
    _chat(s, clock, "Bluebird Express.")
    _chat(s, clock, *FILLER)
    s.write("courier", "Redwing Freight", supersedes="courier")
    context = s.context("Bluebird Express")
    assert "Bluebird" not in context.text
    assert ONLY_DEAD in {o.reason for o in context.omitted}


def test_a_forgotten_value_is_gone_from_every_archived_turn(
    make_engine: MakeEngine, clock: Clock, store_location: Callable[[str], str]
) -> None:
    s = _session(make_engine)
    fact = s.write("allergy", "Penicillin allergy")
    _chat(s, clock, "Note my Penicillin allergy before any prescription.", *FILLER)
    s.forget(fact.id)
    assert "Penicillin" not in s.context("allergy prescription").text
    rows = query(store_location("recall.db"), "SELECT text FROM transcript")
    assert not any("Penicillin" in str(r["text"]) for r in rows)
    assert any("[forgotten] before any prescription" in str(r["text"]) for r in rows)
    assert "Penicillin" not in repr(snapshot(store_location("recall.db"))).replace("penicillin", "")


def test_a_restricted_value_is_masked_for_a_reader_without_the_right(
    make_engine: MakeEngine, clock: Clock
) -> None:
    peer = _session(make_engine, BOB)
    _chat(peer, clock, "Rumour says the merger partner is Globex Corp, keep the merger quiet.")
    _chat(peer, clock, *FILLER)
    vp = Principal(org="acme", user="vera", authority="VP")
    peer.engine.session(vp).write(
        "merger_partner",
        "Globex Corp",
        source=Source(type=SourceType.POLICY, authority="executive"),
        required_authority="executive",
    )
    recalled = _recalled(peer.context("the merger").text)
    assert "keep the merger quiet" in recalled
    assert "Globex" not in recalled


def test_a_hypothetical_turn_is_not_recalled_in_the_main_line(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    for line in ("What if we moved the offsite to the mountain lodge?", "Anyway, let's move on."):
        clock.advance(minutes=1)
        s.observe("alice", line)
    _chat(s, clock, *FILLER)
    assert "mountain lodge" not in s.context("offsite mountain lodge").text


def test_a_side_scope_lapses_after_a_pause(make_engine: MakeEngine, clock: Clock) -> None:
    s = _session(make_engine)
    clock.advance(minutes=1)
    s.observe("alice", "What if we painted the studio teal?")
    clock.advance(days=2)
    s.observe("alice", "The studio floor got sanded yesterday.")
    _chat(s, clock, *FILLER)
    recalled = _recalled(s.context("studio floor").text)
    assert "floor got sanded" in recalled and "teal" not in recalled


def test_only_the_users_own_turns_are_recalled(make_engine: MakeEngine, clock: Clock) -> None:
    s = _session(make_engine)
    bob = s.engine.session(BOB)
    _chat(bob, clock, "My locker code is under the blue mug.", speaker="bob")
    other_org = s.engine.session(Principal(org="globex", user="alice", authority="manager"))
    _chat(other_org, clock, "The blue mug is in the other office.")
    _chat(s, clock, *FILLER)
    assert "blue mug" not in s.context("blue mug locker").text


def test_turns_said_after_now_are_not_recalled(make_engine: MakeEngine, clock: Clock) -> None:
    s = _session(make_engine)
    _chat(s, clock, *FILLER)
    s.add_turn("alice", "The harp tuning is booked.", timestamp=clock.now.replace(year=2100))
    _chat(s, clock, *FILLER)
    assert "harp" not in s.context("harp tuning").text


def test_recall_keeps_the_budget_and_can_be_turned_off(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    for n in range(60):
        _chat(s, clock, f"Inventory note {n}: the warehouse shelf holds crates of lanterns.")
    context = s.context("warehouse lanterns", budget=600)
    assert context.tokens <= 600 and "lanterns" in _recalled(context.text)
    off = make_engine("off.db", Settings(recent_turns=2, recall_share=0.0)).session(ALICE)
    _chat(off, clock, "The warehouse shelf holds crates of lanterns.", *FILLER)
    assert RECALLED_HEADER not in off.context("warehouse lanterns").text


@pytest.mark.parametrize("share", [-0.1, 1.5])
def test_recall_share_is_validated(share: float) -> None:
    with pytest.raises(InvalidInputError):
        Settings(recall_share=share)


@pytest.mark.parametrize(
    "query_text",
    ['"quoted" NEAR(a b) x*', "col:value ^start", "AND OR NOT ( ) -minus", "日本語 ümlaut"],
)
def test_hostile_queries_search_safely(
    make_engine: MakeEngine, clock: Clock, query_text: str
) -> None:
    s = _session(make_engine)
    _chat(s, clock, "A plain line about value and start.", *FILLER)
    assert s.context(query_text).tokens > 0
    with s.engine.store.read("acme") as uow:
        uow.search_turns("alice", query_text.split(), datetime(2100, 1, 1), 10)


def test_a_users_turns_are_found_among_many_of_other_users(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    bob = s.engine.session(BOB)
    for n in range(30):
        _chat(bob, clock, f"Lantern inventory {n}: lanterns on shelf {n}.", speaker="bob")
    _chat(s, clock, "My lantern is the brass one by the door.")
    with s.engine.store.read("acme") as uow:
        found = uow.search_turns("alice", ["lantern"], datetime(2100, 1, 1), 5)
    assert [hit.turn.text for hit in found] == ["My lantern is the brass one by the door."]


def test_a_possessive_in_the_query_finds_the_plain_name(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    _chat(s, clock, "Priya adopted a greyhound called Biscuit last spring.", *FILLER)
    recalled = _recalled(s.context("What breed is Priya's dog?").text)
    assert "greyhound called Biscuit" in recalled


def test_query_terms_drop_the_possessive() -> None:
    assert query_terms("Where does Priya's brother's band play?") == [
        "priya",
        "brother",
        "band",
        "play",
    ]


def test_the_turn_that_carries_on_a_story_comes_with_it(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    _chat(s, clock, "We finally hiked the whole ridge trail on Sunday.")
    _chat(s, clock, "It took us eleven hours, and my knees still hurt.")
    _chat(s, clock, *FILLER)
    recalled = _recalled(s.context("How long was the ridge trail hike?").text)
    assert "eleven hours" in recalled


def _said(index: int, minute: int, task: str = "t") -> ArchivedTurn:
    at = datetime(2026, 3, 2, 9, 0) + timedelta(minutes=minute)
    return ArchivedTurn(task, Turn(index=index, speaker="dana", text=f"turn {index}", timestamp=at))


def test_a_turn_next_to_the_best_hit_ranks_before_a_weak_hit() -> None:
    hits = [_said(index, index) for index in (10, 40, 70, 90, 95)]
    after_best = _said(11, 11)
    order = exchange_order(hits, [after_best], expand=len(hits))
    keys = [turn.turn.index for turn in order]
    assert keys.index(11) < keys.index(95)
    assert keys[0] == 10


def test_a_turn_after_a_pause_is_no_part_of_the_exchange() -> None:
    hit = _said(10, 0)
    next_day = _said(11, 24 * 60)
    order = exchange_order([hit], [next_day], expand=1)
    assert [turn.turn.index for turn in order] == [10]


def test_a_weak_hit_next_to_the_best_one_rises_above_middling_hits() -> None:
    hits = [_said(index, index) for index in (10, 50, 70, 90, 11)]
    order = exchange_order(hits, [], expand=len(hits))
    assert [turn.turn.index for turn in order][:2] == [10, 11]


def test_a_digression_is_recalled_with_its_values_masked(
    make_engine: MakeEngine, clock: Clock
) -> None:
    s = _session(make_engine)
    for line in (
        "The bike repair quote: new chain and brake pads, ready Saturday.",
        "hold on, the plumber is at the door",
        "he says the water heater valve costs $240 and he can fit it Tuesday.",
    ):
        clock.advance(minutes=1)
        s.observe("alice", line)
    clock.advance(days=2)
    _chat(s, clock, *FILLER)
    text = s.context("What did the plumber say about the water heater valve?").text
    assert "the water heater valve costs" in _recalled(text)
    assert "$240" not in text
    assert "plumber" not in s.context("When is the bike ready?").text
