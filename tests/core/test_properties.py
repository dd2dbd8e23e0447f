"""Property-based tests of the invariants: dead stays dead, the budget holds, no read
crosses organizations, and the core is deterministic."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from statekeeper import (
    AuthorityError,
    Engine,
    Fact,
    Principal,
    Session,
    Source,
    SourceType,
    UnknownFactError,
)
from statekeeper.context import format as fmt
from statekeeper.context.tokens import default_tokenizer
from tests.conftest import Clock

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEYS = ("status", "address", "owner", "price")
TOKEN = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=6)


@dataclass(frozen=True)
class Op:
    kind: str  # write | supersede_id | backdate | separate | turn | ttl | derive | wait
    key: int
    token: str
    back: int = 0


OPS = st.lists(
    st.builds(
        Op,
        kind=st.sampled_from(
            [
                "write",
                "write",
                "supersede_id",
                "backdate",
                "separate",
                "turn",
                "ttl",
                "derive",
                "wait",
            ]
        ),
        key=st.integers(0, len(KEYS) - 1),
        token=TOKEN,
        back=st.integers(0, 30),
    ),
    min_size=1,
    max_size=14,
)


@contextmanager
def fresh_engine(clock: Clock, name: str = "state.db") -> Iterator[Engine]:
    with (
        tempfile.TemporaryDirectory() as folder,
        Engine.open(Path(folder) / name, clock=clock) as engine,
    ):
        yield engine


def apply(session: Session, clock: Clock, ops: list[Op], prefix: str = "val") -> list[Fact]:
    """Run the operations; every value is distinctive (`<prefix>-<n>-<token>`)."""
    written: list[Fact] = []
    for n, op in enumerate(ops):
        clock.advance(seconds=30)
        key = KEYS[op.key]
        value = f"{prefix}-{n}-{op.token}"
        if op.kind == "wait":
            clock.advance(minutes=op.back)
            continue
        if op.kind == "turn":
            live = [f for f in written if session.is_current(f.id)]
            said = live[op.back % len(live)].text if live else value
            session.add_turn("alice", f"Noted, we go with {said} for now")
            continue
        options: dict[str, object] = {}
        if op.kind == "supersede_id" and written:
            options["supersedes"] = written[op.back % len(written)].id
            key = written[op.back % len(written)].key
        elif op.kind == "backdate":
            options["timestamp"] = clock.now - timedelta(minutes=op.back + 1)
        elif op.kind == "separate":
            options["implicit"] = False
        elif op.kind == "ttl":
            options["ttl"] = timedelta(minutes=op.back + 1)
        elif op.kind == "derive" and written:
            options["depends_on"] = [written[op.back % len(written)].id]
            key = f"derived_{n}"
        try:
            written.append(session.write(key, value, **options))  # type: ignore[arg-type]
        except UnknownFactError:
            pass  # a chain whose head was never written by this key
    return written


def values_by_validity(session: Session, written: list[Fact]) -> tuple[set[str], set[str]]:
    """Values that may be shown (live, not awaiting review) and values that may not."""
    live: set[str] = set()
    dead: set[str] = set()
    for key in sorted({f.key for f in written}):
        for fact in session.history(key):
            shown = fact.is_valid and not fact.needs_review
            (live if shown else dead).add(fact.text)
    return live, dead - live


@FAST
@given(ops=OPS)
def test_dead_values_never_in_context(ops: list[Op]) -> None:
    clock = Clock()
    with fresh_engine(clock) as engine:
        s = engine.session(Principal(org="acme", user="alice", authority="manager"))
        written = apply(s, clock, ops)
        s.reconcile()
        live, dead = values_by_validity(s, written)
        listed = {f.text for f in s.facts() if not f.needs_review}
        assert listed == live
        for query in ("What is the current status and address?", "price owner val"):
            text = s.context(query).text
            for value in dead:
                assert value not in text, f"dead {value!r} in context"
            for value in live:
                assert value in text


@FAST
@given(
    values=st.lists(
        st.text(min_size=1, max_size=120).filter(lambda v: v.strip() != "" and "\x00" not in v),
        min_size=0,
        max_size=25,
    ),
    turns=st.lists(
        st.text(min_size=1, max_size=200).filter(lambda v: v.strip() != "" and "\x00" not in v),
        max_size=6,
    ),
    extra=st.integers(0, 1500),
)
def test_budget_always_holds(values: list[str], turns: list[str], extra: int) -> None:
    clock = Clock()
    principal = Principal(org="acme", user="alice", authority="manager")
    tokenizer = default_tokenizer()
    budget = tokenizer.count(fmt.identity_section(principal.identity())) + extra
    with fresh_engine(clock) as engine:
        s = engine.session(principal)
        for i, value in enumerate(values):
            s.write(f"fact_{i}", value)
            clock.advance(seconds=1)
        for text in turns:
            s.add_turn("alice", text)
        s.remember("note", "x" * (extra % 300 + 1))
        context = s.context("fact values and notes", budget=budget)
        assert context.tokens == tokenizer.count(context.text)
        assert context.tokens <= budget
        omitted = {o.fact_id for o in context.omitted if o.reason == "budget"}
        assert omitted.isdisjoint(context.included)


@FAST
@given(ops_a=OPS, ops_b=OPS)
def test_no_read_crosses_organizations(ops_a: list[Op], ops_b: list[Op]) -> None:
    clock = Clock()
    with fresh_engine(clock) as engine:
        a = engine.session(Principal(org="org-a", user="alice", authority="manager"))
        b = engine.session(Principal(org="org-b", user="alice", authority="manager"))
        apply(a, clock, ops_a, prefix="aaa")
        b_facts = apply(b, clock, ops_b, prefix="bbb")
        b_facts.append(b.write("status", "bbb-org-policy", source=Source(type=SourceType.POLICY)))
        b_ids = {f.id for f in b_facts}
        seen: list[str] = [a.context("status address owner price bbb").text]
        seen += [f.text for f in a.facts()]
        for key in KEYS:
            seen += [f.text for f in a.history(key)]
        assert all("bbb-" not in text for text in seen)
        a_ids = {f.id for key in KEYS for f in a.history(key)}
        for fact_id in b_ids - a_ids:
            with pytest.raises(UnknownFactError):
                a.get(fact_id)
            with pytest.raises(UnknownFactError):
                a.current_value(fact_id)
            with pytest.raises((UnknownFactError, AuthorityError)):
                a.supersede(fact_id, "aaa-x")
        assert all(f.org == "org-a" for f in a.facts())


@FAST
@given(ops=OPS)
def test_same_events_same_state(ops: list[Op]) -> None:
    results = []
    for name in ("one.db", "two.db"):
        clock = Clock()
        with fresh_engine(clock, name) as engine:
            s = engine.session(Principal(org="acme", user="alice", authority="manager"))
            written = apply(s, clock, ops)
            results.append(
                (
                    [f.id for f in written],
                    [(f.id, f.is_valid, f.superseded_by) for k in KEYS for f in s.history(k)],
                    s.context("What is the current status?").text,
                    s.context("price", budget=120).text,
                )
            )
    assert results[0] == results[1]
