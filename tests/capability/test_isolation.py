"""Capability memory is scoped to organization plus capability, by storage keys (and on
PostgreSQL by row-level security too)."""

from __future__ import annotations

import pytest

from statekeeper import Engine, Principal
from tests import pg
from tests.conftest import ON_POSTGRES, query

ACME = Principal(org="acme", user="bot")
GLOBEX = Principal(org="globex", user="bot")
SECRET = "Never schedule the quarterly review on a Monday"


def _seed(engine: Engine) -> None:
    engine.session(ACME, capability="calendar", maturity="master").learn(SECRET, level="strategy")
    engine.session(ACME, capability="calendar").learn("The quarterly review moved twice")


def test_another_capability_sees_nothing(engine: Engine) -> None:
    _seed(engine)
    sales = engine.session(ACME, capability="sales", maturity="master")
    assert sales.lessons() == [] and sales.lessons(history=True) == []
    assert SECRET not in sales.context("When is the quarterly review?").text
    assert "Capability memory" not in sales.context("When is the quarterly review?").text
    calendar = engine.session(ACME, capability="calendar")
    assert SECRET in calendar.context("When is the quarterly review?").text


def test_another_organization_sees_nothing(engine: Engine) -> None:
    _seed(engine)
    other = engine.session(GLOBEX, capability="calendar", maturity="master")
    assert other.lessons(history=True) == []
    assert SECRET not in other.context("When is the quarterly review?").text
    mine = other.learn("Globex keeps Mondays free", level="strategy")
    assert [x.id for x in other.lessons()] == [mine.id]
    assert mine.id not in {x.id for x in engine.session(ACME, capability="calendar").lessons()}


def test_a_session_without_a_capability_gets_no_lessons(engine: Engine) -> None:
    _seed(engine)
    assert SECRET not in engine.session(ACME).context("When is the quarterly review?").text


def test_rows_carry_both_partition_keys(engine: Engine, location: str) -> None:
    _seed(engine)
    engine.session(GLOBEX, capability="sales").learn("Globex buyers ask for net-60 terms")
    rows = query(location, "SELECT org_id, capability FROM capability_lessons")
    assert sorted((r["org_id"], r["capability"]) for r in rows) == [
        ("acme", "calendar"),
        ("acme", "calendar"),
        ("globex", "sales"),
    ]


def test_erasing_the_writer_keeps_the_lesson_without_their_id(engine: Engine) -> None:
    _seed(engine)
    engine.erase_user("acme", "bot")
    kept = engine.session(ACME, capability="calendar").lessons()
    assert {x.text for x in kept} >= {SECRET} and {x.added_by for x in kept} == {""}


@pytest.mark.skipif(not ON_POSTGRES, reason="STATEKEEPER_TEST_BACKEND=postgres")
def test_row_level_security_keeps_organizations_apart(engine: Engine, location: str) -> None:
    import psycopg

    _seed(engine)
    engine.session(GLOBEX, capability="calendar").learn("Globex keeps Mondays free")
    with psycopg.connect(pg.as_admin(location)) as conn:
        forced = conn.execute(
            "SELECT relrowsecurity AND relforcerowsecurity FROM pg_class "
            "WHERE relname = 'capability_lessons'"
        ).fetchone()
        assert forced == (True,)
        conn.execute("SET ROLE statekeeper_app")
        conn.execute("SELECT set_config('statekeeper.org', 'acme', false)")
        orgs = {row[0] for row in conn.execute("SELECT org_id FROM capability_lessons")}
        assert orgs == {"acme"}
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO capability_lessons (org_id, capability, lesson_id, seq, level, "
                "text, status, origin, sources, added_at, added_by) VALUES ('globex', "
                "'calendar', 'planted', 99, 'strategy', 'x', 'live', 'agent', '[]', now(), 'm')"
            )
