"""Stores: the Store protocol and its backends, opened by URL."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from statekeeper.errors import StoreError
from statekeeper.store.base import Store, UnitOfWork, View
from statekeeper.store.sql import store_errors

# Where a SQLite database lives in the process's memory only, gone when the store closes.
MEMORY = (":memory:", "sqlite://", "sqlite:///:memory:")


def open_store(target: str | Path, synchronous: str = "NORMAL") -> Store:
    """Open a store from a file path, a `sqlite:///` URL or a `postgresql://` URL, or an
    in-memory one from ":memory:" or "sqlite://" (for tests and short-lived agents).
    `synchronous` is SQLite's: NORMAL survives a killed process, FULL a power cut too."""
    if not isinstance(target, (str, Path)):
        raise StoreError(f"a store location is a path or a URL, not {type(target).__name__}")
    if synchronous not in SYNCHRONOUS:
        raise StoreError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
    url = str(target)
    if not url.strip():
        raise StoreError("empty store location")
    shown = _without_password(url)
    if url.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
        try:
            from statekeeper.store.postgres import PostgresStore
        except ImportError as error:  # pragma: no cover - depends on the install
            raise StoreError(f"PostgreSQL needs the 'postgres' extra: {error}") from error
        with store_errors(f"opening {shown}"):
            return PostgresStore(url)
    from statekeeper.store.sqlite import SqliteStore

    if isinstance(target, str) and url in MEMORY:
        with store_errors("opening an in-memory store"):
            return SqliteStore("sqlite://", synchronous, memory=True)
    if not url.startswith("sqlite:"):
        if "://" in url:
            raise StoreError(f"unsupported store URL scheme in {shown!r}")
        path = Path(url).expanduser()
        if path.is_dir():
            raise StoreError(f"{url!r} is a directory, not a database file")
        if not path.parent.is_dir():
            raise StoreError(f"opening {url!r}: no directory {str(path.parent)!r}")
        url = f"sqlite:///{path}"
    with store_errors(f"opening {shown}"):
        return SqliteStore(url, synchronous)


SYNCHRONOUS = ("NORMAL", "FULL")


def _without_password(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


__all__ = ["Store", "UnitOfWork", "View", "open_store"]
