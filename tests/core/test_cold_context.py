"""A freshly opened engine reads only what its first context needs from the store's index;
an engine that has served contexts keeps what it read and follows every write. Both must
give the same context, and neither may show a value the state has ended or that its
reader may not see.

Views here are larger than the size below which every fact is considered, so contexts
rank through the index (the limit is lowered where a test builds a small view).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statekeeper import ACT_FOR_OTHERS, Engine, Principal, Scope, Source, SourceType
from statekeeper.context import gather
from statekeeper.model import Context
from tests.conftest import ALICE, Clock, MakeEngine

EXEC = Principal(org="acme", user="alice", authority="executive")
PEER = Principal(org="acme", user="alice", authority="peer")
QUERIES = [
    "What is the budget for the Rotterdam shipment?",
    "Which carrier handles the Acme invoice?",
    "What changed today?",
    "Draft my reply to the client about the pricing",
    "Where does the warehouse pallet go?",
]
WORDS = ["budget", "carrier", "invoice", "pallet", "dock", "renewal", "pricing", "warehouse"]
PLACES = ["Rotterdam", "Hamburg", "Lisbon", "Genoa"]


@pytest.fixture(autouse=True)
def ranked_views(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Small views rank through the index as large ones do."""
    monkeypatch.setattr(gather, "FULL_SCAN_LIMIT", 5)
    yield


def _seen(context: Context) -> tuple[object, ...]:
    return (context.text, context.included, context.omitted, context.withheld, context.tokens)


def _contexts(engine: Engine, task_id: str = "default") -> list[tuple[object, ...]]:
    found = []
    for principal in (EXEC, PEER, ALICE):
        session = engine.session(principal, task_id=task_id)
        found += [_seen(session.context(q, budget=4000)) for q in QUERIES]
    return found


def _fill(engine: Engine) -> None:
    """Facts of every kind a reading weighs: superseded, restricted, scoped, constraints,
    derived ones waiting for review, expiring ones, forgotten ones, and texts that mark a
    figure as past."""
    session = engine.session(ALICE)
    for n in range(40):
        word, place = WORDS[n % len(WORDS)], PLACES[n % len(PLACES)]
        session.write(f"{word}_{n}", f"{place} {word} #{n}: ${100 + n}K due {n % 28 + 1} March")
    budget = session.write("budget_q4", "Q4 budget is $200K")
    session.write(
        "plan", "Approved the Rotterdam purchase from the Q4 budget", depends_on=[budget.id]
    )
    session.write("budget_q4", "Q4 budget is $120K", supersedes="budget_q4")
    session.write("carrier_rate", "Carrier rate changed from $40 to $45 per pallet")
    session.write("floor_price", "Pricing floor $30K for Acme", required_authority="executive")
    session.write("side_deal", "Hamburg dock discount 15%", scope=Scope.TASK, scope_id="t-7")
    session.write("what_if", "Lisbon warehouse at $900K", scope=Scope.HYPOTHETICAL, scope_id="h-1")
    session.write("promo", "Genoa invoice promo 20% off", ttl=timedelta(hours=2))
    session.write("tmp_phone", "Warehouse phone 0170 5551234")
    session.forget("tmp_phone")
    policy = Source(type=SourceType.POLICY, authority="executive")
    sync = engine.session(Principal(org="acme", user="alice", permissions={ACT_FOR_OTHERS}))
    sync.write("discount_policy", "Maximum discount on any invoice is 15%", source=policy)
    for n in range(0, 40, 3):
        word, place = WORDS[n % len(WORDS)], PLACES[(n + 1) % len(PLACES)]
        session.write(f"{word}_{n}", f"{place} {word} #{n}: ${300 + n}K", supersedes=f"{word}_{n}")


def _change(engine: Engine) -> None:
    """Writes after a warm engine has read the view: each kind of change it must follow."""
    session = engine.session(ALICE)
    session.write("budget_q4", "Q4 budget is $150K", supersedes="budget_q4")
    session.write("carrier_1", "Hamburg carrier #1 moved to $77K", supersedes="carrier_1")
    session.forget("pallet_3")
    session.write(
        "pricing_floor_b", "Pricing floor $45K for Globex", required_authority="executive"
    )
    session.write("dock_new", "Rotterdam dock 7 opens on 9 April")
    session.flag_for_review("invoice_2")
    session.write("pricing_38", "Genoa pricing #38 settled at $98K", supersedes="pricing_38")


def test_a_fresh_engine_gives_the_context_a_warm_one_gives(
    make_engine: MakeEngine, clock: Clock
) -> None:
    warm = make_engine("state.db")
    _fill(warm)
    assert _contexts(warm) == _contexts(make_engine("state.db"))  # both fresh, then warm
    _change(warm)
    clock.advance(hours=3)  # the promotion expires
    after = _contexts(warm)
    assert after == _contexts(make_engine("state.db"))
    assert _contexts(warm, "t-7") == _contexts(make_engine("state.db"), "t-7")


def test_a_cold_context_shows_no_ended_or_withheld_value(make_engine: MakeEngine) -> None:
    _fill(make_engine("state.db"))
    peer = make_engine("state.db").session(PEER)
    text = peer.context("What is the Q4 budget? Was it $200K? Pricing floor for Acme?").text
    assert "$120K" in text
    assert "$200K" not in text  # superseded, even when the query names it
    assert "$30K" not in text  # restricted to executives
    assert "0170 5551234" not in text  # forgotten
    assert "$900K" not in text  # a hypothetical's
    assert "Hamburg dock discount" not in text  # another task's
    executive = make_engine("state.db").session(EXEC)
    assert "$30K" in executive.context("Pricing floor for Acme?").text


def test_a_cold_engine_follows_writes_it_did_not_make(make_engine: MakeEngine) -> None:
    reader, writer = make_engine("state.db"), make_engine("state.db")
    _fill(writer)
    reader.session(ALICE).context(QUERIES[0])  # read cold, then kept
    _change(writer)
    text = reader.session(ALICE).context("Q4 budget? Hamburg carrier? Pallet 3?").text
    assert "$150K" in text and "$120K" not in text and "$200K" not in text
    assert "$77K" in text
    assert "#3:" not in text  # forgotten by the other engine


OPS = st.lists(
    st.tuples(
        st.sampled_from(["write", "supersede", "forget", "restrict", "context"]),
        st.integers(min_value=0, max_value=11),
        st.sampled_from(WORDS),
    ),
    min_size=1,
    max_size=25,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(OPS)
def test_any_history_gives_the_same_context_cold_and_warm(
    make_engine: MakeEngine, ops: list[tuple[str, int, str]]
) -> None:
    """Whatever was written, superseded, forgotten or restricted while an engine kept the
    view warm, a fresh engine's context is the same."""
    import uuid

    name = f"prop-{uuid.uuid4().hex[:8]}.db"
    with make_engine(name) as warm, make_engine(name) as cold:
        _replay(warm, ops)
        for principal in (EXEC, PEER):
            for query in (f"the {word} for {PLACES[0]}" for word in WORDS[:4]):
                assert _seen(warm.session(principal).context(query)) == _seen(
                    cold.session(principal).context(query)
                )


def _replay(warm: Engine, ops: list[tuple[str, int, str]]) -> None:
    session = warm.session(ALICE)
    live: set[str] = set()
    for action, n, word in ops:
        key = f"{word}_{n}"
        value = f"{PLACES[n % 4]} {word} #{n}: ${n * 7 + 10}K, was ${n + 5}K"
        if action == "write" or (action == "supersede" and key not in live):
            session.write(key, value, implicit=False)
            live.add(key)
        elif action == "supersede":
            session.write(key, f"{PLACES[(n + 1) % 4]} {word} #{n}: ${n * 9}K", supersedes=key)
        elif action == "forget" and key in live:
            session.forget(key)
            live.discard(key)
        elif action == "restrict":
            session.write(
                f"secret_{n}",
                f"{word} secret ${n}0K",
                required_authority="executive",
                implicit=False,
            )
        else:
            session.context(f"the {word} for {PLACES[n % 4]}")


def test_scrubbing_follows_values_that_come_and_go(make_engine: MakeEngine) -> None:
    """A dead value is scrubbed from a turn until a live fact holds it again, and a dead
    text stays until no live fact asserts it: a warm engine learns both from the writes
    alone, and must scrub exactly what a fresh engine scrubs."""
    warm = make_engine("state.db")
    _fill(warm)  # the Q4 budget of $200K is dead
    session = warm.session(ALICE)
    session.observe("bob", "Call notes: the $200K figure and Acme Corp came up again.")
    query = "What did the call notes say about the budget and the vendor?"

    def same() -> str:
        fresh = make_engine("state.db").session(ALICE).context(query)
        context = session.context(query)
        assert _seen(context) == _seen(fresh)
        return context.text

    assert "$200K figure" not in same()
    session.write("vendor", "Acme Corp")
    session.write("deal", "Contract with Acme Corp for pallets")
    session.write("vendor", "Globex", supersedes="vendor")
    assert "Acme Corp came up" in same()  # ended as the vendor, still the contract's
    session.write("reserve", "Reserve fund is $200K")
    assert "$200K figure" in same()  # held by a live fact again
    session.write("reserve", "Reserve fund is $90K", supersedes="reserve")
    assert "$200K figure" not in same()
    session.write("deal", "Contract with Globex for pallets", supersedes="deal")
    assert "Acme Corp came up" not in same()  # asserted by no live fact now


def test_a_value_held_twice_stays_until_both_end(make_engine: MakeEngine) -> None:
    warm = make_engine("state.db")
    _fill(warm)
    session = warm.session(ALICE)
    session.observe("bob", "Someone asked whether the 3pm slot still works for the dock.")
    session.write("dock_slot", "Dock slot at 3pm")
    session.write("backup_slot", "Backup slot at 3pm")
    query = "Which slot does the dock have?"

    def same() -> str:
        fresh = make_engine("state.db").session(ALICE).context(query)
        context = session.context(query)
        assert _seen(context) == _seen(fresh)
        return context.text

    assert "the 3pm slot" in same()
    session.write("dock_slot", "Dock slot at 5pm", supersedes="dock_slot")
    assert "the 3pm slot" in same()  # the backup still holds it
    session.write("backup_slot", "Backup slot at 6pm", supersedes="backup_slot")
    assert "the 3pm slot" not in same()


def test_the_newest_constraints_follow_writes(make_engine: MakeEngine) -> None:
    """A context weighs the newest constraints; when one of them ends, the next older one
    takes its place in a warm engine as in a fresh one."""
    warm = make_engine("state.db")
    session = warm.session(ALICE)
    for n in range(gather.CONSTRAINT_LIMIT + 5):
        session.write(f"rule_{n}", f"Dock {n} closes at {n % 12 + 1}pm", is_constraint=True)
    for n in range(gather.RECENT_LIMIT + 5):
        session.write(f"note_{n}", f"Pallet note {n}", is_constraint=False)
    query = "What changed today?"
    assert _seen(session.context(query)) == _seen(
        make_engine("state.db").session(ALICE).context(query)
    )
    newest = f"rule_{gather.CONSTRAINT_LIMIT + 4}"
    session.write(
        newest, "Dock rules moved to the handbook", supersedes=newest, is_constraint=False
    )
    context = session.context(query)
    assert _seen(context) == _seen(make_engine("state.db").session(ALICE).context(query))
    assert "Dock 4 closes" in context.text  # the oldest of the newest constraints now
