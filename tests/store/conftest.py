"""Both backends, for real: a SQLite file and a fresh PostgreSQL database on 127.0.0.1.

PostgreSQL tests fail when the server is unreachable, so CI cannot pass without it;
STATEKEEPER_SKIP_POSTGRES=1 skips them explicitly.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import pg


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    if os.environ.get("STATEKEEPER_SKIP_POSTGRES") == "1":
        pytest.skip("STATEKEEPER_SKIP_POSTGRES=1")
    import psycopg

    name = f"statekeeper_test_{uuid.uuid4().hex[:10]}"
    try:
        url = pg.create_database(name)
    except psycopg.OperationalError as error:
        pytest.fail(f"PostgreSQL is not reachable at {pg.ADMIN!r}: {error}")
    yield url
    pg.drop_database(name)


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "state.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def org() -> str:
    """A fresh organization per test, so tests sharing one PostgreSQL database never meet."""
    return f"org-{uuid.uuid4().hex[:10]}"
