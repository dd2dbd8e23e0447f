"""The ranking index kept in the store holds exactly the live facts, on both backends: what
a first context reads from it must be what it would have found by loading every fact. A
fact that ends leaves it, content and all."""

from __future__ import annotations

import sqlite3
import uuid
from contextlib import closing
from datetime import timedelta

from statekeeper import Engine, Principal
from tests import pg
from tests.conftest import Clock, query


def _rows(url: str, org: str) -> list[dict[str, object]]:
    return query(
        url,
        "SELECT seq, user_id, capability, length, asserted, tokens FROM fact_index "
        f"WHERE org_id = '{org}' ORDER BY seq",
    )


def _indexed(url: str, org: str) -> list[object]:
    return [row["seq"] for row in _rows(url, org)]


def _live(url: str, org: str) -> list[object]:
    found = query(
        url,
        f"SELECT seq FROM facts WHERE org_id = '{org}' AND is_valid AND NOT forgotten ORDER BY seq",
    )
    return [row["seq"] for row in found]


def _run(url: str, statement: str) -> None:
    """A write that bypasses the store (and, on PostgreSQL, row-level security)."""
    if url.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(pg.as_admin(url)) as conn:
            conn.execute(statement)
        return
    with closing(sqlite3.connect(url)) as conn, conn:
        conn.execute(statement)


def test_the_index_holds_exactly_the_live_facts(store_url: str, clock: Clock) -> None:
    org = f"acme-{uuid.uuid4().hex[:8]}"
    alice = Principal(org=org, user="alice", authority="manager")
    with Engine.open(store_url, clock=clock) as engine:
        session = engine.session(alice)
        session.write("office", "Berlin office at Torstrasse 12")
        session.write("office", "Lisbon office at Rua Augusta 80", supersedes="office")
        session.write("promo", "Flash sale 30% off", ttl=timedelta(hours=1))
        session.write("phone", "Private phone 0170 5551234")
        session.write_many(
            [{"key": f"sku_{n}", "value": f"Pallet {n} holds {n * 3} boxes"} for n in range(20)]
        )
        session.write_many(
            [
                {"key": f"sku_{n}", "value": f"Pallet {n} holds none", "supersedes": f"sku_{n}"}
                for n in range(0, 20, 4)
            ]
        )
        assert _indexed(store_url, org) == _live(store_url, org)
        session.forget("phone")
        clock.advance(hours=2)
        session.context("What is on sale?")  # the promotion expires
        assert _indexed(store_url, org) == _live(store_url, org)
        assert not [row for row in _rows(store_url, org) if "0170" in str(row["asserted"])]

        bob = engine.session(Principal(org=org, user="bob"))
        bob.write("desk", "Desk 4B by the window")
        assert "bob" in {row["user_id"] for row in _rows(store_url, org)}
        engine.erase_user(org, "bob")
        assert "bob" not in {row["user_id"] for row in _rows(store_url, org)}
        assert _indexed(store_url, org) == _live(store_url, org)


def test_a_store_indexed_by_another_version_is_indexed_anew(store_url: str) -> None:
    """Rows another version made (other cue words, say) are made anew when the store is
    opened, before any context compares them with what this version derives."""
    org = f"acme-{uuid.uuid4().hex[:8]}"
    alice = Principal(org=org, user="alice")
    with Engine.open(store_url) as engine:
        session = engine.session(alice)
        for n in range(12):
            session.write(f"dock_{n}", f"Dock {n} opens at gate {n + 40}, was gate {n + 70}")
        session.write("dock_3", "Dock 3 is closed", supersedes="dock_3")
        written = _rows(store_url, org)
    _run(store_url, f"DELETE FROM fact_index WHERE org_id = '{org}' AND seq > 5")
    _run(store_url, "UPDATE fact_index_meta SET value = 'another version'")
    with Engine.open(store_url) as fresh:
        assert _rows(store_url, org) == written
        text = fresh.session(alice).context("When does dock 3 open?").text
    assert "Dock 3 is closed" in text and "gate 43" not in text
    assert query(store_url, "SELECT value FROM fact_index_meta")[0]["value"] != "another version"
