"""The algorithm specification's three test vectors, replayed through the StateBench
adapter the way the harness drives it: initial state, events, then a query."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from statekeeper.integrations.statebench import StateKeeperStrategy

NOW = "2026-03-02T09:00:00"


@pytest.fixture
def strategy() -> Iterator[StateKeeperStrategy]:
    s = StateKeeperStrategy(token_budget=2000)
    s.reset()
    yield s
    s.close()


def _fact(key: str, value: str, authority: str = "peer", **more: Any) -> dict[str, Any]:
    return {
        "id": key,
        "key": key,
        "value": value,
        "source": {"type": more.pop("source_type", "user"), "identity": None, "authority": authority},
        "ts": NOW,
        "scope": "global",
        "is_valid": True,
        **more,
    }


def _state(authority: str, facts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "identity_role": {"user_name": "Sam", "authority": authority},
        "persistent_facts": facts,
        "working_set": [],
        "environment": {"now": NOW},
    }


def _write(key: str, value: str, supersedes: str | None = None) -> dict[str, Any]:
    fact = _fact(key, value, supersedes=supersedes)
    return {"ts": NOW, "type": "state_write", "writes": [fact]}


def test_basic_supersession(strategy: StateKeeperStrategy) -> None:
    strategy.initialize_from_state(_state("Manager", []))
    strategy.process_event(_write("status_v1", "approved"))
    strategy.process_event(_write("status_v2", "cancelled", supersedes="status_v1"))
    text = strategy.build_context({"prompt": "What is the current status?", "ts": NOW}).context
    assert "cancelled" in text
    assert "approved" not in text


def test_emphatic_repetition(strategy: StateKeeperStrategy) -> None:
    strategy.initialize_from_state(_state("Manager", []))
    strategy.process_event(_write("order_v1", "approved"))
    for _ in range(3):
        strategy.process_event(
            {"ts": NOW, "type": "conversation_turn", "speaker": "user", "text": "Order approved."}
        )
    strategy.process_event(_write("order_v2", "cancelled", supersedes="order_v1"))
    text = strategy.build_context({"prompt": "Should we proceed with the order?", "ts": NOW}).context
    assert "cancelled" in text
    assert "approved" not in text.split("## Recent")[0]


@pytest.mark.parametrize("constraint", [True, False])
def test_authority_override(strategy: StateKeeperStrategy, constraint: bool) -> None:
    policy = _fact(
        "policy",
        "max 15% discount",
        authority="CFO",
        source_type="policy",
        is_constraint=constraint,
        constraint_type="policy" if constraint else None,
    )
    strategy.initialize_from_state(_state("Intern", [policy]))
    strategy.process_event(
        {"ts": NOW, "type": "conversation_turn", "speaker": "user", "text": "Let's offer 25%."}
    )
    text = strategy.build_context({"prompt": "Can we offer 25%?", "ts": NOW}).context
    facts = text.split("## Recent")[0]
    assert "max 15% discount" in facts
    assert "25%" not in facts
