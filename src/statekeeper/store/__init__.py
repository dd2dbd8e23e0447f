"""Stores: the Store protocol and its backends, opened by URL."""

from __future__ import annotations

from pathlib import Path

from statekeeper.errors import StoreError
from statekeeper.store.base import Store, UnitOfWork, View


def open_store(target: str | Path) -> Store:
    """Open a store from a file path, a `sqlite:///` URL or a `postgresql://` URL."""
    url = str(target)
    if not url.strip():
        raise StoreError("empty store location")
    if url.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
        try:
            from statekeeper.store.postgres import PostgresStore
        except ImportError as error:  # pragma: no cover - depends on the install
            raise StoreError(f"PostgreSQL needs the 'postgres' extra: {error}") from error
        return PostgresStore(url)
    if url.startswith("sqlite:"):
        from statekeeper.store.sqlite import SqliteStore

        return SqliteStore(url)
    if "://" in url:
        raise StoreError(f"unsupported store URL scheme in {url!r}")
    from statekeeper.store.sqlite import SqliteStore

    path = Path(url).expanduser()
    if path.is_dir():
        raise StoreError(f"{url!r} is a directory, not a database file")
    return SqliteStore(f"sqlite:///{path}")


__all__ = ["Store", "UnitOfWork", "View", "open_store"]
