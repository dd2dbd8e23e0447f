"""Small reads, and bulk inserts, on the driver's own cursor.

A context reads a handful of tiny rows (the newest revision, the working set, the recent
turns, the task's workspace). SQLAlchemy's per-execution work (an execution context, a
result object, row mappings) costs ten times what SQLite takes to answer such a query
(about 50 µs against 4 µs, measured). A `DriverQuery` is a Core statement compiled once
per dialect and run on the transaction's own DBAPI cursor, with the column types'
conversions applied as SQLAlchemy would apply them: each type's public `bind_processor`
and `result_processor` for the dialect, taken once per statement and dialect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Any

from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Select, Update
from sqlalchemy.types import TypeEngine

_Convert = Callable[[Any], Any] | None


def bind_processor(type_: TypeEngine[Any], dialect: Dialect) -> _Convert:
    """How the dialect's driver takes a value of this type (None: as it is)."""
    return type_.dialect_impl(dialect).bind_processor(dialect)


def result_processor(type_: TypeEngine[Any], dialect: Dialect) -> _Convert:
    """How a value of this type the driver returns becomes Python's (None: as it is)."""
    return type_.dialect_impl(dialect).result_processor(dialect, None)


class _Compiled:
    def __init__(self, statement: Select[Any] | Update, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        self.defaults = compiled.params  # literal values; the named ones come per call
        self.positions = compiled.positiontup  # None where the driver takes named parameters
        self.bind: dict[str, _Convert] = {
            name: bind_processor(bind.type, dialect) for name, bind in compiled.binds.items()
        }
        self.results: list[_Convert] = [
            result_processor(column.type, dialect)
            for column in (statement.selected_columns if isinstance(statement, Select) else ())
        ]
        self.converts = any(self.results)

    def arguments(self, params: Mapping[str, Any]) -> Sequence[Any] | Mapping[str, Any]:
        values = {**self.defaults, **params}
        for name, convert in self.bind.items():
            if convert is not None and values.get(name) is not None:
                values[name] = convert(values[name])
        if self.positions is None:
            return values
        return tuple(values[name] for name in self.positions)

    def row(self, raw: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(
            value if convert is None or value is None else convert(value)
            for value, convert in zip(raw, self.results, strict=True)
        )


class DriverQuery:
    """A select, or an update, of plain parameters (no expanding IN lists), run on the
    driver's cursor."""

    def __init__(self, statement: Select[Any] | Update) -> None:
        self.statement = statement
        self._by_dialect: dict[str, _Compiled] = {}

    def _compiled(self, dialect: Dialect) -> _Compiled:
        key = f"{dialect.name}+{dialect.driver}"
        compiled = self._by_dialect.get(key)
        if compiled is None:
            compiled = self._by_dialect[key] = _Compiled(self.statement, dialect)
        return compiled

    def rows(self, conn: Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Every row, as tuples in the statement's column order."""
        compiled = self._compiled(conn.dialect)
        raw = _run(conn, compiled.sql, compiled.arguments(params), fetch=True)
        if not compiled.converts:
            return [tuple(r) for r in raw]
        return [compiled.row(r) for r in raw]

    def execute(self, conn: Connection, params: Mapping[str, Any]) -> None:
        """Run a statement that returns no rows (an update)."""
        compiled = self._compiled(conn.dialect)
        _run(conn, compiled.sql, compiled.arguments(params), fetch=False)

    def scalar(self, conn: Connection, params: Mapping[str, Any]) -> Any:
        """The first column of the first row, or None when there is no row."""
        rows = self.rows(conn, params)
        return rows[0][0] if rows else None


def execute(conn: Connection, sql: str, arguments: Sequence[Any]) -> None:
    """A statement in the driver's own SQL and values (a bulk insert, say), on the
    transaction's cursor: what `exec_driver_sql` does, without its per-call work."""
    _run(conn, sql, arguments, fetch=False)


def _run(
    conn: Connection, sql: str, arguments: Sequence[Any] | Mapping[str, Any], fetch: bool
) -> Sequence[Any]:
    driver = conn.connection.dbapi_connection
    assert driver is not None
    failure = conn.dialect.loaded_dbapi.Error
    cursor = driver.cursor()
    try:
        cursor.execute(sql, arguments)
        raw = cursor.fetchall() if fetch else []
    except failure as error:
        # As SQLAlchemy would: its own exception, and a lost connection never reused.
        lost = conn.dialect.is_disconnect(error, driver, cursor)
        with suppress(failure):
            cursor.close()
        if lost:
            conn.invalidate(error)
        raise DBAPIError.instance(
            sql, arguments, error, failure, connection_invalidated=lost
        ) from error
    cursor.close()
    return raw
