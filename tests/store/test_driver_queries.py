"""The context path's small reads run on the driver's cursor; they must answer exactly as
SQLAlchemy would, and fail as it would, on both backends."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy import bindparam, func, select, text
from sqlalchemy.exc import DBAPIError

from statekeeper import Engine, Principal, StoreError
from statekeeper.store.driver import DriverQuery, execute
from statekeeper.store.schema import facts, working_items

_W = working_items.c
ITEMS = DriverQuery(
    select(_W.key, _W.value, _W.created_at, _W.expires_at)
    .where(_W.org_id == bindparam("org"))
    .order_by(_W.key)
)
MISSING_TABLE = DriverQuery(select(text("x FROM no_such_table WHERE 1 = :one")))


def test_rows_match_sqlalchemy_with_types_converted(store_url: str, org: str) -> None:
    engine = Engine.open(store_url, clock=lambda: datetime(2026, 3, 2, 9, 30))
    with engine.session(Principal(org=org, user="ann")) as session:
        session.remember("draft", {"total": 3}, ttl=timedelta(hours=2))
        session.remember("cart", ["a", "b"])
    with engine.store.read(org) as uow:
        expected = [tuple(r) for r in uow.conn.execute(ITEMS.statement, {"org": org})]
        found = ITEMS.rows(uow.conn, {"org": org})
    assert found == expected
    assert [row[0] for row in found] == ["cart", "draft"]
    assert isinstance(found[1][2], datetime)  # SQLite keeps text: it is converted back
    assert found[1][3] - found[1][2] == timedelta(hours=2)
    assert found[0][3] is None
    engine.close()


def test_a_literal_of_the_statement_is_sent_with_it(store_url: str, org: str) -> None:
    revision = DriverQuery(
        select(func.coalesce(func.max(facts.c.rev), 42)).where(facts.c.org_id == bindparam("org"))
    )
    engine = Engine.open(store_url)
    with engine.store.read(org) as uow:
        assert revision.scalar(uow.conn, {"org": org}) == 42
    engine.close()


def test_a_failing_read_raises_store_error_and_the_store_goes_on(store_url: str, org: str) -> None:
    engine = Engine.open(store_url)
    with pytest.raises(StoreError, match="no_such_table") as raised, engine.store.read(org) as uow:
        MISSING_TABLE.rows(uow.conn, {"one": 1})
    assert isinstance(raised.value.__cause__, DBAPIError)
    with engine.session(Principal(org=org, user="ann")) as session:
        session.write("city", "Lisbon")
        assert session.current_value("city") == "Lisbon"
    engine.close()


def test_a_lost_postgres_connection_is_dropped_from_the_pool(postgres_url: str, org: str) -> None:
    engine = Engine.open(postgres_url)
    with engine.session(Principal(org=org, user="ann")) as session:
        session.write("city", "Lisbon")
    with pytest.raises(StoreError) as raised, engine.store.read(org) as uow:
        backend = uow.conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
        with engine.store.engine.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
        ITEMS.rows(uow.conn, {"org": org})
    cause = raised.value.__cause__
    assert isinstance(cause, DBAPIError) and cause.connection_invalidated
    with engine.session(Principal(org=org, user="ann")) as session:  # a fresh connection
        assert session.current_value("city") == "Lisbon"
    engine.close()


def test_an_update_and_a_bulk_insert_fail_as_sqlalchemy_would(store_url: str, org: str) -> None:
    """Invalidations and inserted rows run on the driver's cursor too: a failure reaches the
    caller as StoreError with SQLAlchemy's exception beneath, and rolls the write back."""
    engine = Engine.open(store_url)
    with engine.session(Principal(org=org, user="ann")) as session:
        fact = session.write("city", "Lisbon")
        with pytest.raises(StoreError) as raised, engine.store.write(org) as uow:
            uow.invalidate(fact.id, by=None, at=datetime(2026, 3, 2), reason="test")
            execute(uow.conn, "INSERT INTO no_such_table VALUES (1)", ())
        assert isinstance(raised.value.__cause__, DBAPIError)
        assert session.current_value("city") == "Lisbon"  # the invalidation went with it
        with engine.store.write(org) as uow:
            uow.invalidate(fact.id, by=None, at=datetime(2026, 3, 2), reason="test")
        assert session.get(fact.id).invalid_reason == "test"
        assert session.get(fact.id).invalidated_at == datetime(2026, 3, 2)
    engine.close()
