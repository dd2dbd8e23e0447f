"""The store's word search reads the ranking index, which holds live facts only; the facts
table keeps no full-text index of its own, and a store of an older layout loses it."""

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
        # rank 0: check the index's own structure against its content table.
        conn.execute(
            "INSERT INTO fact_index_fts(fact_index_fts, rank) VALUES ('integrity-check', 0)"
        )
        indexed = {row[0] for row in conn.execute("SELECT seq FROM fact_index")}
        live = {
            row[0] for row in conn.execute("SELECT seq FROM facts WHERE is_valid AND NOT forgotten")
        }
    return indexed == live


def _facts_fulltext(path: Path) -> list[str]:
    """What the facts table's own full-text index left in the schema, if anything."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE name LIKE 'facts_fts%' ORDER BY name"
        ).fetchall()
    return [row[0] for row in rows]


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
    assert _facts_fulltext(path) == []
    engine.session(ALICE).write("elevator", "The freight elevator works again")
    assert "The freight elevator is under repair" not in _found(engine, "freight")
    assert _index_is_sound(path)


def test_a_version_1_store_is_carried_over_without_its_old_index(tmp_path: Path) -> None:
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
    assert _facts_fulltext(path) == []
    reopened.session(ALICE).write("dock", "Dock C takes freight", supersedes="dock")
    assert "Loading dock B handles freight now" not in _found(reopened, "freight")
    assert _index_is_sound(path)


def test_a_version_13_store_loses_its_old_index(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    engine = _open(path)
    _fill(engine)
    engine.close()
    with create_engine(f"sqlite:///{path}").begin() as conn:
        command.downgrade(_config(conn), "0013")
    assert "facts_fts" in _facts_fulltext(path)  # built again from the facts' text

    reopened = _open(path)
    assert _facts_fulltext(path) == []
    assert _found(reopened, "freight") == LIVE
    reopened.session(ALICE).write("route", "Freight route east", supersedes="route")
    assert _found(reopened, "freight") == LIVE - {"Freight route south"} | {"Freight route east"}
    assert _index_is_sound(path)


def test_search_stems_and_ranks_as_a_context_does(tmp_path: Path) -> None:
    """A word finds its other forms (one stem); the shorter of two facts holding it comes
    first, and one holding a rarer word of the query too comes before both; stop words
    alone find nothing."""
    engine = _open(tmp_path / "state.db")
    s = engine.session(ALICE)
    s.write("a", "The parcel shipped on Monday")
    s.write("b", "The parcel shipped to the customs warehouse on Monday")
    s.write("c", "Lunch is at noon")
    with engine.store.read(ALICE.org) as uow:
        view = s.view
        assert [f.key for f in uow.search_valid_facts(view, ["shipping"], 5)] == ["a", "b"]
        assert [f.key for f in uow.search_valid_facts(view, ["customs", "shipping"], 5)][0] == "b"
        assert uow.search_valid_facts(view, ["the", "on"], 5) == []
        assert [f.key for f in uow.search_valid_facts(view, ["parcel"], 1)] == ["a"]
