"""A bulk load on PostgreSQL keeps the planner's statistics current, so lookups by id keep
using their index as the table grows, with autovacuum on or off."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest

from statekeeper import Engine, Principal
from tests import pg


@pytest.fixture
def fresh_database(postgres_url: str) -> Iterator[str]:
    """A database of its own: statistics are per table, and other tests share theirs."""
    name = f"statekeeper_stats_{uuid.uuid4().hex[:8]}"
    yield pg.create_database(name)
    pg.drop_database(name)


def test_bulk_load_refreshes_statistics(fresh_database: str) -> None:
    engine = Engine.open(fresh_database)
    session = engine.session(Principal(org="acme", user="alice"))
    for batch in range(3):
        session.write_many(
            [{"key": f"item_{batch}_{n}", "value": f"pallet {n} of load {batch}"} for n in range(600)]
        )
    some_id = session.get("item_2_5").id
    engine.close()
    with psycopg.connect(pg.as_admin(fresh_database)) as conn:
        (estimate,) = conn.execute(
            "SELECT reltuples FROM pg_class WHERE relname = 'facts'"
        ).fetchone() or (0,)
        plan = "\n".join(
            row[0]
            for row in conn.execute(
                "EXPLAIN SELECT * FROM facts WHERE org_id = 'acme' AND fact_id = ANY(%s)",
                ([some_id, "f-missing"],),
            )
        )
    assert estimate >= 1000  # analyzed after the second batch at the latest
    assert "facts_pkey" in plan
