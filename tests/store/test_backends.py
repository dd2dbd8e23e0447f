"""The engine's behaviour is the same on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest

from statekeeper import Engine, Principal, UnknownFactError
from statekeeper.integrations.statebench import StateKeeperStrategy
from tests.conftest import ALICE


def test_supersession_and_context(store_url: str, org: str) -> None:
    engine = Engine.open(store_url)
    s = engine.session(Principal(org=org, user="alice", authority="manager"))
    first = s.write("address", "123 Main St")
    s.write("address", "456 Oak Ave", supersedes="address")
    s.observe("alice", "Actually, change the address to 789 Pine Rd.")
    assert s.current_value(first.id) == "789 Pine Rd"
    assert [f.value for f in s.history("address")] == ["123 Main St", "456 Oak Ave", "789 Pine Rd"]
    text = s.context("Where do we ship?").text
    assert "789 Pine Rd" in text and "123 Main St" not in text and "456 Oak Ave" not in text
    engine.close()


def test_full_text_ranking_puts_the_relevant_fact_first(store_url: str, org: str) -> None:
    engine = Engine.open(store_url)
    s = engine.session(Principal(org=org, user="alice"))
    for n in range(30):
        s.write(f"note_{n}", f"routine entry number {n} about office snacks")
    s.write("warehouse_dock", "Loading dock B closes at 6pm for the freight elevator repair")
    s.write("old_dock", "Loading dock A handles freight", supersedes=None)
    s.write("old_dock", "Dock A is closed for renovation")
    with engine.store.read(org) as uow:
        found = uow.search_valid_facts(s.view, ["freight", "dock", "elevator"], 5)
    assert found[0].key == "warehouse_dock"
    assert all(f.is_valid for f in found)
    assert "Loading dock A handles freight" not in [f.value for f in found]
    engine.close()


def test_facts_keep_no_full_text_index_besides_the_ranking_index(store_url: str) -> None:
    """Writes keep one index of a fact's words in step, not two."""
    engine = Engine.open(store_url)
    with engine.store.engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            query = "SELECT count(*) FROM sqlite_master WHERE name LIKE 'facts_fts%'"
        else:
            query = (
                "SELECT count(*) FROM information_schema.columns"
                " WHERE table_name = 'facts' AND column_name = 'tsv'"
            )
        assert conn.exec_driver_sql(query).scalar() == 0
    engine.close()


def test_no_read_crosses_organizations(store_url: str, org: str) -> None:
    engine = Engine.open(store_url)
    mine = engine.session(Principal(org=org, user="alice"))
    theirs = engine.session(Principal(org=org + "-other", user="alice"))
    secret = theirs.write("pricing_floor", "floor of $30k for Globex")
    mine.write("pricing", "standard price is $50k")
    assert "$30k" not in mine.context("What is the lowest price for Globex?").text
    assert [f.value for f in mine.facts()] == ["standard price is $50k"]
    with pytest.raises(UnknownFactError):
        mine.get(secret.id)
    engine.close()


def test_expiry_against_the_clock(store_url: str, org: str) -> None:
    now = [datetime(2026, 1, 5, 9, 0)]
    engine = Engine.open(store_url, clock=lambda: now[0])
    s = engine.session(Principal(org=org, user="alice"))
    s.write("flash_sale", "20% off jackets", ttl=timedelta(hours=1))
    assert "20% off" in s.context("any sale?").text
    now[0] += timedelta(hours=2)
    assert "20% off" not in s.context("any sale?").text
    engine.close()


def test_concurrent_supersession_keeps_one_head(store_url: str, org: str) -> None:
    """Writers on their own connections race to supersede one key: one live head remains and
    the versions form a single chain."""
    setup = Engine.open(store_url)
    setup.session(Principal(org=org, user="alice")).write("status", "v0")
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        engine = Engine.open(store_url)
        try:
            session = engine.session(Principal(org=org, user="alice"))
            for step in range(5):
                session.write("status", f"w{n}-{step}", supersedes="status")
        except BaseException as error:  # noqa: BLE001 - collected and asserted below
            errors.append(error)
        finally:
            engine.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    history = setup.session(Principal(org=org, user="alice")).history("status")
    live = [f for f in history if f.is_valid]
    assert len(live) == 1 and len(history) == 31
    successors = [f.superseded_by for f in history if not f.is_valid]
    assert len(set(successors)) == len(successors) == 30  # a chain, no fork
    setup.close()


def test_statebench_adapter_runs_on_either_backend(store_url: str) -> None:
    strategy = StateKeeperStrategy(token_budget=2000, url=store_url)
    strategy.reset()
    strategy.initialize_from_state(
        {
            "identity_role": {
                "user_name": "Ana",
                "authority": "Logistics Manager",
                "organization": "Acme",
            },
            "persistent_facts": [
                {
                    "id": "F1",
                    "key": "dock",
                    "value": "Dock 4",
                    "source": {"type": "user"},
                    "ts": "2026-01-05T09:00:00",
                }
            ],
            "environment": {"now": "2026-01-05T09:00:00"},
        }
    )
    strategy.process_event(
        {
            "type": "conversation_turn",
            "ts": "2026-01-05T09:05:00",
            "speaker": "user",
            "text": "Trucks unload at Dock 4.",
        }
    )
    strategy.process_event(
        {
            "type": "supersession",
            "ts": "2026-01-05T09:10:00",
            "writes": [
                {
                    "id": "F2",
                    "key": "dock_v2",
                    "value": "Dock 9",
                    "supersedes": "dock",
                    "source": {"type": "user"},
                }
            ],
        }
    )
    context = strategy.build_context(
        {"prompt": "Which dock do trucks use?", "ts": "2026-01-05T09:12:00"}
    ).context
    strategy.close()
    assert "Dock 9" in context and "Dock 4" not in context


def test_the_store_search_never_returns_a_restricted_fact(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.write("vault_code", "Vault code for the freight dock is 9917", required_authority="executive")
    s.write("hr_note", "Freight dock staffing review", required_permissions=["hr"])
    s.write("dock_hours", "The freight dock opens at 6")
    with engine.store.read("acme") as uow:
        found = uow.search_valid_facts(s.view, ["freight", "dock"], 10)
    assert [f.key for f in found] == ["dock_hours"]
