"""PostgreSQL: the scale-out store, with a second wall behind the engine's own checks.

Every unit of work runs as the non-privileged role `statekeeper_app` with the transaction's
organization set, so row-level security confines it to that organization whatever SQL it
sends. Writers of one organization take a transaction-scoped advisory lock first, so two
supersessions of one fact run one after the other and every key keeps a single valid head.
Facts are found by words through the ranking index (`fact_index`, `fact_terms`), turns
through the transcript's generated `tsv` column and its GIN index; similarity search, when
an engine has an embedder, through the pgvector table of `vectors.py`.
"""

from __future__ import annotations

import re
import threading
import warnings
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, Table, bindparam, create_engine, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from statekeeper.model import Fact
from statekeeper.store import fact_index, vectors
from statekeeper.store.base import ArchivedTurn, Erasure, SaidTurn, View
from statekeeper.store.migrate import is_current, upgrade
from statekeeper.store.sql import SqlStore, SqlUnitOfWork, column_list

APP_ROLE = "statekeeper_app"
_MIGRATION_LOCK = 7_342_001  # one advisory lock id for schema upgrades
LOCK_TIMEOUT = 30.0  # seconds a writer waits for its organization's lock
_ANALYZE_AFTER = 1000  # fact rows written before the first refresh of statistics

_SEARCH_TURNS = text(
    """
    SELECT task_id, turn_index, speaker, text, timestamp, scope, scope_id
    FROM transcript, to_tsquery('english', :query) AS query
    WHERE org_id = :org AND user_id = :user AND timestamp <= :until AND tsv @@ query
    ORDER BY ts_rank_cd(tsv, query, 1) DESC, timestamp DESC
    LIMIT :limit
    """
).bindparams(bindparam("until", type_=DateTime))
_LEXEME = re.compile(r"[^a-z0-9]+")


def ts_query(terms: Sequence[str]) -> str:
    """An OR of the terms as a tsquery, each reduced to letters and digits so that no
    operator of the query language can slip in."""
    words = {w for term in terms for w in _LEXEME.split(term.lower()) if w}
    return " | ".join(sorted(words))


def _literal(value: str) -> str:
    """A string as an SQL literal (SET takes no parameters): quotes doubled, and no
    backslash escapes, which standard_conforming_strings leaves off."""
    return "'" + value.replace("'", "''") + "'"


def psycopg_url(url: str) -> str:
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class PostgresUnitOfWork(SqlUnitOfWork):
    def _insert_many(self, table: Table, rows: Sequence[Sequence[Any]]) -> None:
        """One statement whose parameters are one array per column. Its text stays short,
        so the driver parses it once and caches it; a multi-row VALUES with thousands of
        placeholders would be parsed anew on every call."""
        dialect = self.conn.dialect
        columns = zip(*rows, strict=True)
        casts = ", ".join(f"%s::{c.type.compile(dialect=dialect)}[]" for c in table.columns)
        self.conn.exec_driver_sql(
            f"INSERT INTO {table.name} ({column_list(table, dialect)}) SELECT * FROM unnest({casts})",
            tuple(list(values) for values in columns),
        )

    def search_turns(
        self, user: str, terms: Sequence[str], until: datetime, limit: int
    ) -> list[ArchivedTurn]:
        query = ts_query(terms)
        if not query:
            return []
        params = {"query": query, "org": self.org, "user": user, "until": until, "limit": limit}
        return self._archived(self.conn.execute(_SEARCH_TURNS, params).mappings().all())

    def erase_user(self, user: str, at: datetime) -> Erasure:
        own = list(
            self.conn.execute(
                text("SELECT fact_id FROM facts WHERE org_id = :org AND user_id = :user"),
                {"org": self.org, "user": user},
            ).scalars()
        )
        vectors.forget(self.conn, self.org, own)
        return super().erase_user(user, at)


class UnboundRoleWarning(UserWarning):
    """The store connects as a role row-level security does not bind."""


def _warn_if_unbound(conn: Connection) -> None:
    """Row-level security is a second wall only for a role it binds: a superuser or a
    BYPASSRLS role can step back out of the role each unit of work switches to (RESET
    ROLE) and read every organization with a raw query."""
    found = conn.execute(
        text("SELECT rolname, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
    ).first()
    if found is not None and (found.rolsuper or found.rolbypassrls):
        warnings.warn(
            f"statekeeper connects to PostgreSQL as {found.rolname!r}, which row-level "
            "security does not bind (superuser or BYPASSRLS): connect as a login role "
            f"without them, a member of {APP_ROLE!r} (see docs/postgres.md)",
            UnboundRoleWarning,
            stacklevel=4,
        )


class PostgresStore(SqlStore):
    dialect = "postgresql"
    unit_of_work = PostgresUnitOfWork

    def __init__(self, url: str) -> None:
        engine = create_engine(psycopg_url(url), pool_pre_ping=True, pool_size=10, max_overflow=40)
        super().__init__(engine)
        self._statistics = threading.Lock()
        self._analyzed_rows = 0  # fact rows this store had written when it last analyzed
        self._unanalyzed = 0  # fact rows it has written since
        with engine.begin() as conn:
            # two queries when the schema and the index are up to date
            if not (is_current(conn) and fact_index.is_fresh(conn)):
                conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK})
                upgrade(conn)
                fact_index.refresh(conn)
            _warn_if_unbound(conn)

    def _bind(self, conn: Connection, org: str) -> None:
        """Switch to the role row-level security binds, and name the organization for this
        transaction with SET LOCAL, which Citus propagates to its workers (a set_config
        call it would not)."""
        conn.execute(text(f"SET LOCAL ROLE {APP_ROLE}"))
        conn.exec_driver_sql(f"SET LOCAL statekeeper.org = {_literal(org)}")

    def _begin_write(self, conn: Connection, org: str) -> None:
        conn.begin()
        self._bind(conn, org)
        # A writer waits for another of its organization at most this long, then fails
        # with StoreError instead of hanging.
        conn.execute(text(f"SET LOCAL lock_timeout = '{int(LOCK_TIMEOUT * 1000)}ms'"))
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:org))"), {"org": org})

    def _after_write(self, conn: Connection, inserted: int) -> None:
        """Refresh the planner's statistics once the facts this store wrote grew by a fifth.

        Planned from the statistics of a smaller table, the lookups by id and by key scan a
        whole organization instead of using their indexes, and a bulk load slows down with
        every row it adds. Autovacuum may be off, or a minute late. ANALYZE runs after the
        commit, as the connecting role (the tables' owner), and blocks no reader or writer."""
        with self._statistics:
            self._unanalyzed += inserted
            if self._unanalyzed < max(_ANALYZE_AFTER, self._analyzed_rows // 5):
                return
            self._analyzed_rows += self._unanalyzed
            self._unanalyzed = 0
        try:
            conn.execute(text("ANALYZE facts, fact_dependencies, fact_index, fact_terms"))
            conn.commit()
        except SQLAlchemyError:
            # The write has committed; fresher statistics are only a help, so a refresh
            # that fails (a lock, a dropped connection) must not report the write failed.
            conn.rollback()

    def _begin_read(self, conn: Connection, org: str) -> None:
        # One snapshot for the whole read: a context reads the view's revision first, then
        # whatever of its index it needs, and all of it must be of that revision.
        conn.execution_options(isolation_level="REPEATABLE READ")
        conn.begin()
        self._bind(conn, org)

    # -- embeddings (pgvector) ----------------------------------------------------------

    def attach_embeddings(self, dimensions: int) -> None:
        """Create the embeddings table for vectors of `dimensions` if it is missing."""
        with self.engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK})
            vectors.create(conn, dimensions, APP_ROLE)

    def missing_embeddings(self, org: str, model: str, limit: int) -> list[Fact]:
        with self._bound(org) as conn:
            return vectors.missing(conn, org, model, limit)

    def put_embeddings(self, org: str, model: str, found: Mapping[str, Sequence[float]]) -> None:
        with self._bound(org) as conn:
            vectors.put(conn, org, model, found)

    def similar_facts(
        self, view: View, model: str, query: Sequence[float], limit: int
    ) -> list[str]:
        with self._bound(view.org) as conn:
            return vectors.similar(conn, view, model, query, limit)

    def missing_turn_embeddings(self, org: str, model: str, limit: int) -> list[SaidTurn]:
        with self._bound(org) as conn:
            return vectors.missing_turns(conn, org, model, limit)

    def put_turn_embeddings(
        self, org: str, model: str, found: Sequence[tuple[SaidTurn, Sequence[float]]]
    ) -> None:
        with self._bound(org) as conn:
            vectors.put_turns(conn, org, model, found)

    def similar_turns(
        self, view: View, model: str, query: Sequence[float], until: datetime, limit: int
    ) -> list[tuple[str, int]]:
        with self._bound(view.org) as conn:
            return vectors.similar_turns(conn, view, model, query, until, limit)

    @contextmanager
    def _bound(self, org: str) -> Iterator[Connection]:
        """A transaction bound to one organization that commits on success. Embeddings
        are derived data: they take no writer's lock."""
        with self.engine.begin() as conn:
            self._bind(conn, org)
            yield conn
