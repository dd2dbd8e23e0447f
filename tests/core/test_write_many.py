"""Bulk writes: one transaction, the same result as one by one, nothing written on error."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from statekeeper import Engine, InvalidInputError, Principal
from tests.conftest import Clock, MakeEngine, query, snapshot

ALICE = Principal(org="acme", user="alice")
NOON = datetime(2026, 1, 1, 12, 0)


def _rows(location: str) -> list[dict[str, object]]:
    return query(location, "SELECT fact_id, key, value, is_valid FROM facts ORDER BY seq")


def _chains(location: str) -> list[dict[str, object]]:
    """Every stored column of every fact but its revision (a batch is one transaction),
    so the bulk path's own conversion of values (dates, flags, JSON) is checked too."""
    rows = query(location, "SELECT * FROM facts ORDER BY seq")
    return [{k: v for k, v in row.items() if k != "rev"} for row in rows]


def test_batch_equals_sequential_writes_in_every_rule(
    make_engine: MakeEngine, store_location: Callable[[str], str], clock: Clock
) -> None:
    """Bulk writes answer commit_fact's questions from memory; the rows must not differ
    from writing one by one: implicit replacement, a repeated value that writes nothing,
    a supersession by id, a dependency whose input changes, a write that is older than the
    head, and facts already in the store before the batch."""
    before = [
        {"key": "plan", "value": "Standard plan", "id": "plan-1"},
        {"key": "seats", "value": "40 seats"},
    ]
    items = [
        {"key": "seats", "value": "55 seats"},  # implicit replacement of a stored head
        {"key": "seats", "value": "55 seats"},  # the same value again: nothing written
        {"key": "price", "value": "$12,000", "depends_on": ["plan-1"]},
        {"key": "plan", "value": "Premium plan", "supersedes": "plan-1"},  # price needs review
        {"key": "region", "value": "EU-West", "implicit": False},
        {"key": "region", "value": "US-East", "timestamp": datetime(2025, 1, 1)},  # older
        {"key": "region", "value": "EU-Central", "supersedes": "region"},
        {
            "key": "promo",
            "value": {"discount": "10%", "code": "SPRING"},
            "expires_at": datetime(2026, 2, 1, 9, 30, 15, 250),
            "required_permissions": ["sales", "finance"],
            "scope": "hypothetical",
            "scope_id": "what-if-1",
            "entity": "storefront",
            "slot": "promotion",
        },
    ]
    clock.now = NOON
    engines = {name: make_engine(name) for name in ("batch", "single")}
    for engine in engines.values():
        engine.session(ALICE).write_many(before)
    engines["batch"].session(ALICE).write_many(items)
    single = engines["single"].session(ALICE)
    for item in items:
        single.write(**item)
    assert _chains(store_location("batch")) == _chains(store_location("single"))
    session = engines["batch"].session(ALICE)
    assert session.current_value("plan-1") == "Premium plan"
    assert session.current_value("seats") == "55 seats"
    assert session.current_value("region") == "EU-Central"
    assert session.get("price").needs_review


def test_batch_equals_sequential_writes(
    make_engine: MakeEngine, store_location: Callable[[str], str], clock: Clock
) -> None:
    items = [
        {"key": "address", "value": "123 Main St"},
        {"key": "budget", "value": "$200K"},
        {"key": "address", "value": "456 Oak Ave", "supersedes": "address"},
    ]
    clock.now = NOON
    batch, one_by_one = make_engine("batch"), make_engine("single")
    batch.session(ALICE).write_many(items)
    single = one_by_one.session(ALICE)
    for item in items:
        single.write(**item)
    assert _rows(store_location("batch")) == _rows(store_location("single"))
    assert batch.session(ALICE).current_value("address") == "456 Oak Ave"


@pytest.mark.parametrize(
    "bad",
    [
        {"key": "", "value": "x"},
        {"key": "k"},
        {"key": "k", "value": "x", "colour": "red"},
        {"key": "k", "value": "x", "supersedes": "no-such-fact"},
        "not a mapping",
    ],
)
def test_a_bad_item_anywhere_writes_nothing(engine: Engine, location: str, bad: object) -> None:
    session = engine.session(ALICE)
    session.write("seed", "kept")
    before = snapshot(location)
    with pytest.raises((InvalidInputError, LookupError)):
        session.write_many(
            [{"key": "first", "value": "fine"}, bad, {"key": "last", "value": "fine"}]
        )
    assert snapshot(location) == before


def test_items_must_be_a_list_of_mappings(engine: Engine) -> None:
    session = engine.session(ALICE)
    with pytest.raises(InvalidInputError):
        session.write_many({"key": "k", "value": "v"})  # type: ignore[arg-type]
