"""Fixtures for embeddings: a real PostgreSQL with pgvector, and a real embeddings server.

The PostgreSQL server comes from the `pgserver` package (PostgreSQL 16 with pgvector's
`vector` extension), started once per test session in a temporary directory, so these
tests need no pgvector on the machine's own server. Each test gets a fresh database.
"""

from __future__ import annotations

import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from word_vectors import Words, make_embedder, words  # noqa: F401  (registers the fixture)

from statekeeper import Engine
from tests import pg


@pytest.fixture(scope="session")
def pgvector_server() -> Iterator[Any]:
    # Not under pytest's base temporary directory: another pytest run on the machine may
    # prune it while this session's server still runs there.
    with tempfile.TemporaryDirectory(prefix="statekeeper-pgvector-") as place:
        with warnings.catch_warnings():  # no XDG runtime directory in CI: a fallback is fine
            warnings.simplefilter("ignore")
            import pgserver

            server = pgserver.get_server(Path(place) / "data", cleanup_mode="delete")
        try:
            yield server
        finally:
            server.cleanup()


@pytest.fixture
def vector_url(pgvector_server: Any) -> Iterator[str]:
    """A fresh database on the pgvector server, dropped after the test."""
    name = f"sk_vec_{uuid.uuid4().hex[:10]}"
    admin_uri: str = pgvector_server.get_uri()
    with psycopg.connect(admin_uri, autocommit=True) as admin:
        for role, login in ((pg.LOGIN, "LOGIN"), (pg.APP_ROLE, "NOLOGIN")):
            if (
                admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
                is None
            ):
                admin.execute(f"CREATE ROLE {role} {login} NOSUPERUSER NOBYPASSRLS")
        admin.execute(f"GRANT {pg.APP_ROLE} TO {pg.LOGIN}")
        admin.execute(f"CREATE DATABASE {name} OWNER {pg.LOGIN}")
    # Installing pgvector takes a superuser; everything after runs as the login role.
    with psycopg.connect(pgvector_server.get_uri(database=name), autocommit=True) as admin:
        admin.execute("CREATE EXTENSION IF NOT EXISTS vector")
    yield pgvector_server.get_postmaster_info().get_uri(user=pg.LOGIN, database=name)
    with psycopg.connect(admin_uri, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def engine(vector_url: str, words: Words) -> Iterator[Engine]:  # noqa: F811
    """An engine on the pgvector server that embeds with the loopback server."""
    with Engine.open(vector_url, embedder=make_embedder(words)) as opened:
        yield opened
