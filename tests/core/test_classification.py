"""Memory types and constraints: who sees a fact, and which facts bind."""

from __future__ import annotations

import pytest

from statekeeper import ConstraintType, Engine, MemoryType, Principal, Source, SourceType
from tests.conftest import ALICE, BOB


@pytest.mark.parametrize("kind", [SourceType.POLICY, SourceType.SYSTEM])
def test_policy_and_system_are_organizational(engine: Engine, kind: SourceType) -> None:
    fact = engine.session(ALICE).write("refund_window", "30 days", source=Source(type=kind))
    assert fact.memory_type == MemoryType.ORGANIZATIONAL
    bob = engine.session(BOB)
    assert bob.get(fact.id).value == "30 days"
    assert "30 days" in bob.context("refund window").text


def test_origin_names_system_of_record(engine: Engine) -> None:
    fact = engine.session(ALICE).write(
        "q3_revenue", "$2.1M", source=Source(type=SourceType.STATE_WRITE, origin="finance_system")
    )
    assert fact.memory_type == MemoryType.ORGANIZATIONAL


def test_user_facts_are_private(engine: Engine) -> None:
    fact = engine.session(ALICE).write("preferred_name", "Ally")
    assert fact.memory_type == MemoryType.USER and fact.user == "alice"
    bob = engine.session(BOB)
    assert "Ally" not in bob.context("preferred name").text
    assert all(f.id != fact.id for f in bob.facts())
    assert bob.history("preferred_name") == []


def test_org_knowledge_not_visible_to_other_org(engine: Engine) -> None:
    engine.session(ALICE).write("refund_window", "30 days", source=Source(type=SourceType.POLICY))
    other = engine.session(Principal(org="globex", user="alice"))
    assert other.facts() == []
    assert "30 days" not in other.context("refund window").text


@pytest.mark.parametrize(
    ("key", "value", "kind"),
    [
        ("marketing_budget", "$50,000 for Q3", ConstraintType.BUDGET),
        ("launch", "deadline is March 15", ConstraintType.DEADLINE),
        ("venue", "capacity of 200 people", ConstraintType.CAPACITY),
        ("travel", "must not fly business class", ConstraintType.POLICY),
    ],
)
def test_constraint_detection(engine: Engine, key: str, value: str, kind: ConstraintType) -> None:
    fact = engine.session(ALICE).write(key, value)
    assert fact.is_constraint
    assert fact.constraint_type == kind


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("favourite_colour", "green"),
        # minutes, or "min" inside a word, set no minimum
        ("dog_walk", "Rex: 3/4 cup at 7am and 5pm; 40 min walk daily"),
        ("standup", "a 15min standup at 9:30"),
        ("fees", "admin fee £5 per booking"),
    ],
)
def test_plain_fact_is_not_constraint(engine: Engine, key: str, value: str) -> None:
    fact = engine.session(ALICE).write(key, value)
    assert not fact.is_constraint and fact.constraint_type is None


@pytest.mark.parametrize("value", ["min 20 units an order", "minimum spend £50"])
def test_a_minimum_is_a_policy(engine: Engine, value: str) -> None:
    assert engine.session(ALICE).write("orders", value).constraint_type == ConstraintType.POLICY


def test_constraints_first_and_marked(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.write("favourite_colour", "green")
    s.write("marketing_budget", "$50,000 for Q3")
    s.write("office", "Lisbon")
    text = s.context("marketing budget colour office").text
    assert "[BUDGET CONSTRAINT] marketing_budget: $50,000 for Q3" in text
    constraints = text.index("## Constraints")
    facts = text.index("## Current facts")
    assert constraints < facts
    assert text.index("$50,000") < facts < text.index("green")


def test_explicit_constraint_flags(engine: Engine) -> None:
    s = engine.session(ALICE)
    forced = s.write("team_note", "green", is_constraint=True, constraint_type="capacity")
    assert forced.is_constraint and forced.constraint_type == ConstraintType.CAPACITY
    off = s.write("spend", "budget of $10", is_constraint=False)
    assert not off.is_constraint and off.constraint_type is None
