"""A key's maturity in each capability: granted when the key is made, kept with it, read
back on every request; keys made before maturities existed are junior everywhere."""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from statekeeper import Engine
from statekeeper.capability import Maturity
from statekeeper.cli import main
from statekeeper.server.keys import authenticate, digest
from statekeeper.store import migrate
from statekeeper.store.postgres import psycopg_url
from tests import pg
from tests.conftest import ON_POSTGRES


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture
def empty_store(tmp_path: Path) -> Iterator[str]:
    """A store no statekeeper has opened yet: a SQLite path, or an empty database."""
    if not ON_POSTGRES:
        yield str(tmp_path / "old.db")
        return
    name = f"sk_old_{uuid.uuid4().hex[:10]}"
    url = pg.create_database(name)
    yield url
    pg.drop_database(name)


def test_a_key_from_before_maturities_is_junior_everywhere(empty_store: str) -> None:
    from alembic import command

    url = psycopg_url(empty_store) if ON_POSTGRES else f"sqlite:///{empty_store}"
    secret = secrets.token_urlsafe(32)
    with create_engine(url).begin() as conn:
        command.upgrade(migrate._config(conn), "0011")
        if ON_POSTGRES:  # row-level security binds the tables' owner too
            conn.execute(text("SELECT set_config('statekeeper.org', 'acme', true)"))
        conn.execute(
            text(
                """INSERT INTO api_keys (org_id, key_id, user_id, authority, role, permissions,
                   salt, digest, created_at) VALUES ('acme', :id, 'alice', 'manager', 'agent',
                   '[]', :salt, :digest, :at)"""
            ),
            {
                "id": "ab" * 8,
                "salt": "cd" * 16,
                "digest": digest("cd" * 16, secret),
                "at": datetime(2026, 3, 2),
            },
        )
    with Engine.open(empty_store) as engine:  # upgraded to the head here
        holder = authenticate(engine.store, f"sk_{'ab' * 8}_{secret}")
        assert holder.principal.user == "alice" and holder.maturity == {}
        assert holder.maturity_in("calendar") is Maturity.JUNIOR


def test_keys_are_made_with_maturities_from_the_command_line(location: str) -> None:
    made = _run(
        "keys",
        "create",
        "--url",
        location,
        "--org",
        "acme",
        "--user",
        "max",
        "--authority",
        "peer",
        "--maturity",
        "calendar=Master",
        "--maturity",
        "sales=senior",
    )
    assert "calendar master, sales senior" in made
    token = made.strip().splitlines()[-1]
    with Engine.open(location) as engine:
        holder = authenticate(engine.store, token)
    assert holder.maturity == {"calendar": Maturity.MASTER, "sales": Maturity.SENIOR}
    listed = json.loads(_run("keys", "list", "--url", location, "--org", "acme", "--json"))
    assert listed[0]["maturity"] == {"calendar": "master", "sales": "senior"}
    assert "calendar=master,sales=senior" in _run(
        "keys", "list", "--url", location, "--org", "acme"
    )


@pytest.mark.parametrize(
    ("given", "code", "said"),
    [
        ("calendar", 2, "CAPABILITY=LEVEL"),
        ("=master", 2, "CAPABILITY=LEVEL"),
        ("calendar=", 2, "CAPABILITY=LEVEL"),
        ("calendar=guru", 1, "InvalidInputError"),
        ("cal\nendar=master", 1, "InvalidInputError"),
    ],
)
def test_a_bad_maturity_makes_no_key(location: str, given: str, code: int, said: str) -> None:
    told = _run(
        "keys",
        "create",
        "--url",
        location,
        "--org",
        "acme",
        "--user",
        "max",
        "--authority",
        "peer",
        "--maturity",
        given,
        code=code,
    )
    assert said in told
    assert json.loads(_run("keys", "list", "--url", location, "--org", "acme", "--json")) == []
