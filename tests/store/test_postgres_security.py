"""PostgreSQL's own wall: row-level security by organization, partition keys first."""

from __future__ import annotations

import psycopg
import pytest

from statekeeper import Engine, Principal
from statekeeper.store.schema import ORG_TABLES
from tests import pg


def _dsn(url: str) -> str:
    return pg.as_admin(url)


@pytest.fixture
def seeded(postgres_url: str, org: str) -> str:
    engine = Engine.open(postgres_url)
    engine.session(Principal(org=org, user="alice")).write("plan", "plan of " + org)
    engine.session(Principal(org=org + "-b", user="bob")).write("plan", "plan of the other org")
    engine.close()
    return postgres_url


def test_rls_is_enabled_and_forced_on_every_org_table(postgres_url: str) -> None:
    Engine.open(postgres_url).close()
    with psycopg.connect(_dsn(postgres_url)) as conn:
        rows = dict(
            conn.execute(
                "SELECT relname, relrowsecurity AND relforcerowsecurity FROM pg_class "
                "WHERE relname = ANY(%s)",
                (list(ORG_TABLES),),
            ).fetchall()
        )
    assert rows == {table: True for table in ORG_TABLES}


def test_a_connection_bound_to_one_org_cannot_see_another(seeded: str, org: str) -> None:
    with psycopg.connect(_dsn(seeded)) as conn:
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))
        orgs = {row[0] for row in conn.execute("SELECT org_id FROM facts")}
        assert orgs == {org}
        values = [
            row[0] for row in conn.execute("SELECT value FROM facts WHERE org_id <> %s", (org,))
        ]
        assert values == []
        conn.execute("SELECT set_config('statekeeper.org', '', false)")
        assert conn.execute("SELECT count(*) FROM facts").fetchone() == (0,)


def test_a_connection_cannot_write_into_another_org(seeded: str, org: str) -> None:
    with psycopg.connect(_dsn(seeded)) as conn:
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO user_profiles (org_id, user_id, profile_data, updated_at) "
                "VALUES (%s, 'mallory', '{}', now())",
                (org + "-b",),
            )
        conn.rollback()
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', %s, false)", (org,))
        updated = conn.execute("UPDATE facts SET value = '\"x\"' WHERE org_id = %s", (org + "-b",))
        assert updated.rowcount == 0


def test_partition_keys_lead_every_primary_key_and_index(postgres_url: str) -> None:
    Engine.open(postgres_url).close()
    with psycopg.connect(_dsn(postgres_url)) as conn:
        rows = conn.execute(
            """SELECT t.relname, i.relname, a.attname
               FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid
               JOIN pg_class i ON i.oid = x.indexrelid
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0]
               WHERE t.relname = ANY(%s)""",
            (list(ORG_TABLES),),
        ).fetchall()
    assert rows, "no indexes found"
    assert {(table, index) for table, index, first in rows if first != "org_id"} == set()


def test_a_superuser_connection_is_warned_about(postgres_url: str) -> None:
    from statekeeper.store.postgres import UnboundRoleWarning

    with pytest.warns(UnboundRoleWarning, match="row-level security does not bind"):
        Engine.open(pg.as_admin(postgres_url)).close()


def test_an_organization_with_a_quote_is_bound_as_itself(postgres_url: str) -> None:
    engine = Engine.open(postgres_url)
    tricky = "o'brien; RESET ROLE"
    engine.session(Principal(org=tricky, user="ann")).write("plan", "a plan of its own")
    assert engine.session(Principal(org=tricky, user="ann")).current_value("plan") == (
        "a plan of its own"
    )
    assert engine.session(Principal(org="o", user="ann")).facts() == []
    engine.close()
