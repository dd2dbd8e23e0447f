"""The embedded default: one SQLite file in WAL mode, full-text indexes by FTS5."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from itertools import chain
from typing import Any, cast

from sqlalchemy import DateTime, Table, bindparam, create_engine, event, text
from sqlalchemy.engine import Connection, Dialect, RowMapping
from sqlalchemy.pool import StaticPool

from statekeeper.store import fact_index
from statekeeper.store.base import ArchivedTurn, chunks
from statekeeper.store.driver import execute
from statekeeper.store.migrate import is_current, upgrade
from statekeeper.store.sql import SqlStore, SqlUnitOfWork, column_list

# How long a writer waits for another's lock before the write fails with StoreError.
LOCK_TIMEOUT = 30.0


def _quoted(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


# The turns ranked by their speaker and words (the organization and user columns weigh
# nothing); the owner's rows are then read by rowid, under the exact filter that holds the
# wall between users.
_RANK_TURNS = text(
    """
    SELECT rowid, bm25(transcript_fts, 0.0, 0.0, 1.0, 1.0) AS score FROM transcript_fts
    WHERE transcript_fts MATCH :match ORDER BY score LIMIT :limit
    """
)
_OWNED_TURNS = (
    text(
        """
    SELECT rowid, task_id, turn_index, speaker, text, timestamp, scope, scope_id
    FROM transcript
    WHERE rowid IN :rowids AND org_id = :org AND user_id = :user AND timestamp <= :until
    """
    )
    .bindparams(bindparam("rowids", expanding=True), bindparam("until", type_=DateTime))
    .columns(timestamp=DateTime)  # read back as datetimes
)
_WORD = re.compile(r"\w")


def turns_match(terms: Sequence[str], owner: tuple[str, str] | None = None) -> str:
    """An FTS5 query for turns holding any of the terms, and with an `owner` (organization,
    user) only theirs; every string is quoted so no operator leaks in."""
    alternatives = " OR ".join(_quoted(term) for term in terms)
    match = f"{{speaker text}} : ({alternatives})"
    for column, value in zip(("org_id", "user_id"), owner or (), strict=False):
        if _WORD.search(value):  # a value of punctuation alone has no token to match
            match += f" AND {column} : {_quoted(value)}"
    return match


@lru_cache(maxsize=64)
def _insert_head(table: Table, dialect: Dialect) -> str:
    """An INSERT's text up to its values, quoted for the dialect once."""
    return f"INSERT INTO {table.name} ({column_list(table, dialect)}) VALUES "


class SqliteUnitOfWork(SqlUnitOfWork):
    def _insert_many(self, table: Table, rows: Sequence[Sequence[Any]]) -> None:
        """Multi-row statements of a few hundred rows each, sent to the driver as they are.

        One statement per chunk, rather than one execution per row, lets the full-text
        index take the chunk in one step: FTS5 writes its pending terms out at every
        statement, which one row at a time costs more than the rows themselves."""
        one = "(" + ", ".join(["?"] * len(table.columns)) + ")"
        # 999 parameters a statement before SQLite 3.32, 32766 since: the library says which.
        driver = cast(sqlite3.Connection, self.conn.connection.dbapi_connection)
        limit = driver.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
        head = _insert_head(table, self.conn.dialect)
        per_statement = min(500, limit // len(table.columns))
        for part in chunks(rows, per_statement):
            values = ", ".join([one] * len(part))
            execute(self.conn, head + values, tuple(chain.from_iterable(part)))

    def search_turns(
        self, user: str, terms: Sequence[str], until: datetime, limit: int
    ) -> list[ArchivedTurn]:
        """The best matches of the whole index first, then the user's among them: narrowing
        to one user inside the index costs a walk over all of that user's turns, worth it
        only when other users' turns crowd theirs out."""
        if not terms:
            return []
        found, crowded = self._ranked_turns(turns_match(terms), user, until, limit)
        if crowded and len(found) < limit:
            found, _ = self._ranked_turns(turns_match(terms, (self.org, user)), user, until, limit)
        return self._archived(found)

    def _ranked_turns(
        self, match: str, user: str, until: datetime, limit: int
    ) -> tuple[list[RowMapping], bool]:
        """The user's turns among the index's `limit` best matches, best first; and whether
        the index had more matches than that (some of them may be the user's too)."""
        hits = self.conn.execute(_RANK_TURNS, {"match": match, "limit": limit}).all()
        if not hits:
            return [], False
        order = {rowid: n for n, (rowid, _) in enumerate(hits)}
        params = {"rowids": list(order), "org": self.org, "user": user, "until": until}
        rows = self.conn.execute(_OWNED_TURNS, params).mappings().all()
        return sorted(rows, key=lambda r: order[r["rowid"]]), len(hits) == limit


# An empty database at the newest schema, copied into every in-memory store after the first
# of a process: a test or a short-lived agent opening one pays no migration.
_template: sqlite3.Connection | None = None
_template_lock = threading.Lock()


def _keep_template(migrated: sqlite3.Connection) -> None:
    global _template
    with _template_lock:
        if _template is None:
            kept = sqlite3.connect(":memory:", check_same_thread=False)
            migrated.backup(kept)
            _template = kept


def _from_template(fresh: sqlite3.Connection) -> None:
    """Copy the migrated empty schema into a new in-memory database, if one is kept."""
    with _template_lock:
        if _template is not None:
            _template.backup(fresh)


class SqliteStore(SqlStore):
    dialect = "sqlite"
    unit_of_work = SqliteUnitOfWork

    def __init__(self, url: str, synchronous: str = "NORMAL", memory: bool = False) -> None:
        """`synchronous` NORMAL (the default) loses no committed write when the process is
        killed, only the last ones on a power cut, at a fraction of FULL's cost per write;
        FULL syncs every commit to the disk. With `memory`, the database lives in this
        process's memory and goes with the store: one connection, shared by every thread,
        each unit of work holding it in turn."""
        options: dict[str, Any] = {"isolation_level": None, "timeout": LOCK_TIMEOUT}
        if memory:
            engine = create_engine(
                "sqlite://",
                connect_args={**options, "check_same_thread": False},
                poolclass=StaticPool,
            )
        else:
            engine = create_engine(url, connect_args=options)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            if memory:
                _from_template(dbapi_connection)
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={'FULL' if synchronous == 'FULL' else 'NORMAL'}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(LOCK_TIMEOUT * 1000)}")
            # 64 MB of page cache: a bulk write and a large store's indexes stay in memory.
            cursor.execute("PRAGMA cache_size=-65536")
            # The log is copied into the database every 10,000 pages (40 MB) rather than
            # SQLite's 1,000: a bulk load rewrites the same index pages many times over,
            # and each copy ends in a sync. The file is cut back to 64 MB after each copy.
            cursor.execute("PRAGMA wal_autocheckpoint=10000")
            cursor.execute("PRAGMA journal_size_limit=67108864")
            # Deleted content is overwritten where that costs no extra writes: an erased
            # user's words must not stay readable in the file.
            cursor.execute("PRAGMA secure_delete=FAST")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            # Writers take the database lock up front, so two supersessions of one fact
            # run one after the other instead of both reading the same head.
            # Sent on the driver's own connection: every context begins a transaction, and
            # SQLAlchemy's statement execution costs several times the BEGIN itself. An
            # error here still reaches the caller as SQLAlchemy's, which wraps begin().
            statement = "BEGIN IMMEDIATE" if conn.info.pop("write", False) else "BEGIN"
            driver = cast(sqlite3.Connection, conn.connection.dbapi_connection)
            driver.execute(statement)

        super().__init__(engine)
        if memory:
            self.serial = threading.RLock()
        with engine.connect() as conn:
            with conn.begin():  # a store already up to date takes no lock and no Alembic
                current = is_current(conn) and fact_index.is_fresh(conn)
            if not current:
                conn.info["write"] = True
                with conn.begin():
                    upgrade(conn)
                    fact_index.refresh(conn)
                if memory:
                    _keep_template(cast(sqlite3.Connection, conn.connection.dbapi_connection))

    def _begin_write(self, conn: Connection, org: str) -> None:
        conn.info["write"] = True
        conn.begin()

    def _after_erase(self) -> None:
        """Rebuild the full-text indexes' segments, which keep deleted words until merged,
        and empty the write-ahead log of the pages the erasure changed."""
        with self.serial, self.engine.connect() as conn:
            driver = cast(sqlite3.Connection, conn.connection.dbapi_connection)
            for index in ("fact_index_fts", "transcript_fts"):
                driver.execute(f"INSERT INTO {index}({index}) VALUES ('optimize')")
            driver.execute("PRAGMA wal_checkpoint(TRUNCATE)")
