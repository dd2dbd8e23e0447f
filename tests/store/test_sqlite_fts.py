"""SQLite's full-text index: live facts only, kept in step by triggers, and carried over
from the version-1 layout by the migration that made it read its text from `facts`."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine

from statekeeper import Engine, Principal
from statekeeper.store.migrate import _config

ALICE = Principal(org="acme", user="alice")
NOW = [datetime(2026, 3, 2, 9, 0)]


def _open(path: Path) -> Engine:
    return Engine.open(path, clock=lambda: NOW[0])


def _fill(engine: Engine) -> None:
    """Live facts, and facts that left the index every way a fact can: superseded in a
    single write, superseded in a bulk write, expired, forgotten."""
    s = engine.session(ALICE)
    s.write("promo", "Freight discount week", ttl=timedelta(hours=1))
    s.write_many([{"key": "route", "value": "Freight route north"}])
    s.write_many([{"key": "route", "value": "Freight route south", "supersedes": "route"}])
    s.write("dock", "Loading dock A handles freight")
    s.write("dock", "Loading dock B handles freight now", supersedes="dock")
    s.write("elevator", "The freight elevator is under repair")
    s.write("badge", "Freight badge code 4471")
    s.forget("badge")
    s.write_many([{"key": f"note_{n}", "value": f"freight note {n}"} for n in range(5)])
    NOW[0] += timedelta(hours=2)
    s.reconcile()  # the discount week is over


def _found(engine: Engine, *terms: str) -> set[str]:
    with engine.store.read(ALICE.org) as uow:
        return {f.value for f in uow.search_valid_facts(engine.session(ALICE).view, terms, 50)}


def _index_is_sound(path: Path) -> bool:
    with sqlite3.connect(path) as conn:
        # rank 0: check the index's own structure (it deliberately omits dead facts).
        conn.execute("INSERT INTO facts_fts(facts_fts, rank) VALUES ('integrity-check', 0)")
        indexed = conn.execute("SELECT count(*) FROM facts_fts_docsize").fetchone()[0]
        live = conn.execute(
            "SELECT count(*) FROM facts WHERE is_valid AND NOT forgotten"
        ).fetchone()[0]
    return bool(indexed == live)


LIVE = {
    "Freight route south",
    "Loading dock B handles freight now",
    "The freight elevator is under repair",
    *(f"freight note {n}" for n in range(5)),
}


def test_index_holds_exactly_the_live_facts(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    engine = _open(path)
    _fill(engine)
    assert _found(engine, "freight") == LIVE
    assert _index_is_sound(path)
    engine.session(ALICE).write("elevator", "The freight elevator works again")
    assert "The freight elevator is under repair" not in _found(engine, "freight")
    assert _index_is_sound(path)


def test_version_1_index_is_carried_over(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    engine = _open(path)
    _fill(engine)
    engine.close()
    with create_engine(f"sqlite:///{path}").begin() as conn:
        command.downgrade(_config(conn), "0003")
    with sqlite3.connect(path) as conn:
        (ddl,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'facts_fts'").fetchone()
    assert "content=" not in ddl  # the version-1 layout, with its own copy of the text

    reopened = _open(path)  # upgrades to the newest layout
    assert _found(reopened, "freight") == LIVE
    assert _index_is_sound(path)
    reopened.session(ALICE).write("dock", "Dock C takes freight", supersedes="dock")
    assert "Loading dock B handles freight now" not in _found(reopened, "freight")
    assert _index_is_sound(path)
