"""The embedded default: one SQLite file in WAL mode, full-text ranking by FTS5's bm25."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, create_engine, event, text
from sqlalchemy.engine import Connection

from statekeeper.model import Fact
from statekeeper.store.base import View
from statekeeper.store.migrate import upgrade
from statekeeper.store.sql import SqlStore, SqlUnitOfWork

_SEARCH = text(
    """
    SELECT facts.* FROM facts_fts JOIN facts ON facts.rowid = facts_fts.rowid
    WHERE facts_fts MATCH :match
      AND facts.org_id = :org AND facts.user_id IN (:user, '')
      AND facts.capability IN ('', :capability)
    ORDER BY bm25(facts_fts), facts.seq DESC
    LIMIT :limit
    """
)


def fts_match(terms: Sequence[str]) -> str:
    """An FTS5 query that matches any of the terms, each quoted so no operator leaks in."""
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


class SqliteUnitOfWork(SqlUnitOfWork):
    def search_valid_facts(self, view: View, terms: Sequence[str], limit: int) -> list[Fact]:
        if not terms:
            return []
        rows = self.conn.execute(
            _SEARCH,
            {"match": fts_match(terms), "org": self.org, "user": view.user,
             "capability": view.capability, "limit": limit},
        ).mappings().all()
        return self._facts(rows)


class SqliteStore(SqlStore):
    dialect = "sqlite"
    unit_of_work = SqliteUnitOfWork

    def __init__(self, url: str) -> None:
        engine = create_engine(url, connect_args={"isolation_level": None, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            # Writers take the database lock up front, so two supersessions of one fact
            # run one after the other instead of both reading the same head.
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.info.pop("write", False) else "BEGIN")

        super().__init__(engine)
        with engine.connect() as conn:
            conn.info["write"] = True
            with conn.begin():
                upgrade(conn)

    def _begin_write(self, conn: Connection, org: str) -> None:
        conn.info["write"] = True
        conn.begin()
