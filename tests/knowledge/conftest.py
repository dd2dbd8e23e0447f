"""Fixtures for documents found by meaning: a real, deterministic embedder in process, and
a store that keeps vectors: a SQLite file, or with STATEKEEPER_TEST_BACKEND=postgres a
database on a PostgreSQL server that has pgvector (the `pgserver` package's, started once
per test session, since the machine's own server may lack the extension)."""

from __future__ import annotations

import tempfile
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest

from statekeeper import Engine
from tests import pg
from tests.conftest import ON_POSTGRES, Clock
from tests.embeddings.word_vectors import word_vector

DIMENSIONS = 256  # few enough words share a dimension by chance


class HashedWords:
    """An embedder that hashes each content word, after a few synonyms, into one of 256
    dimensions: deterministic, offline, and close in meaning where words differ ("puppy"
    lands where "dog" does). `down` makes every call fail, as a server that is down."""

    model = "hashed-words"
    dimensions = DIMENSIONS

    def __init__(self) -> None:
        self.down = False
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        if self.down:
            raise ConnectionError("the embedder is down")
        return [word_vector(text, DIMENSIONS) for text in texts]

    def texts(self) -> list[str]:
        return [text for call in self.calls for text in call]


@pytest.fixture(scope="session")
def pgvector_server() -> Iterator[Any]:
    with tempfile.TemporaryDirectory(prefix="statekeeper-pgvector-") as place:
        with warnings.catch_warnings():  # no XDG runtime directory in CI: a fallback is fine
            warnings.simplefilter("ignore")
            import pgserver

            server = pgserver.get_server(Path(place) / "data", cleanup_mode="delete")
        try:
            yield server
        finally:
            server.cleanup()


ADMIN_URIS: dict[str, str] = {}  # a pgvector database's URL: the same as its administrator


def _vector_database(server: Any) -> tuple[str, Callable[[], None]]:
    """A fresh database with pgvector, owned by the tests' login role; its URL and how to
    drop it."""
    name = f"sk_doc_{uuid.uuid4().hex[:10]}"
    admin_uri: str = server.get_uri()
    with psycopg.connect(admin_uri, autocommit=True) as admin:
        for role, login in ((pg.LOGIN, "LOGIN"), (pg.APP_ROLE, "NOLOGIN")):
            found = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,))
            if found.fetchone() is None:
                admin.execute(f"CREATE ROLE {role} {login} NOSUPERUSER NOBYPASSRLS")
        admin.execute(f"GRANT {pg.APP_ROLE} TO {pg.LOGIN}")
        admin.execute(f"CREATE DATABASE {name} OWNER {pg.LOGIN}")
    with psycopg.connect(server.get_uri(database=name), autocommit=True) as admin:
        admin.execute("CREATE EXTENSION IF NOT EXISTS vector")

    def drop() -> None:
        with psycopg.connect(admin_uri, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    url: str = server.get_postmaster_info().get_uri(user=pg.LOGIN, database=name)
    ADMIN_URIS[url] = server.get_uri(database=name)
    return url, drop


@pytest.fixture
def meaning_location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a store that keeps vectors lives: a SQLite file, or a pgvector database."""
    if not ON_POSTGRES:
        yield str(tmp_path / "meaning.db")
        return
    url, drop = _vector_database(request.getfixturevalue("pgvector_server"))
    yield url
    drop()


@pytest.fixture
def embedder() -> HashedWords:
    return HashedWords()


@pytest.fixture
def open_meaning(
    meaning_location: str, clock: Clock, embedder: HashedWords
) -> Iterator[Callable[..., Engine]]:
    """Open engines on that store, with the test's embedder unless told otherwise."""
    opened: list[Engine] = []

    def make(**options: Any) -> Engine:
        options.setdefault("embedder", embedder)
        engine = Engine.open(meaning_location, clock=clock, **options)
        opened.append(engine)
        return engine

    yield make
    for engine in opened:
        engine.close()


def raw(location: str, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a read-only statement against the store, past row-level security."""
    if location in ADMIN_URIS:
        with psycopg.connect(ADMIN_URIS[location]) as conn:
            return list(conn.execute(sql).fetchall())
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(location)) as conn:
        return list(conn.execute(sql).fetchall())
