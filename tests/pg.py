"""The PostgreSQL server the tests use: an administrator that creates and drops their
databases, and a login role that owns them, bound by row-level security like any
deployment's (no superuser, no BYPASSRLS)."""

from __future__ import annotations

import os

ADMIN = os.environ.get(
    "STATEKEEPER_PG_ADMIN", "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
)
ADMIN_BASE = os.environ.get("STATEKEEPER_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432")
LOGIN = "statekeeper_tester"
BASE = os.environ.get("STATEKEEPER_PG_URL", f"postgresql://{LOGIN}@127.0.0.1:5432")
APP_ROLE = "statekeeper_app"


def admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN, autocommit=True, connect_timeout=5) as conn:
        conn.execute(statement)


def ensure_roles() -> None:
    """The tests' login role, a member of the role every unit of work switches to."""
    for role, options in ((LOGIN, "LOGIN"), (APP_ROLE, "NOLOGIN")):
        admin(
            f"""DO $$ BEGIN
                  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
                    CREATE ROLE {role} {options} NOSUPERUSER NOBYPASSRLS;
                  END IF;
                END $$"""
        )
    admin(f"GRANT {APP_ROLE} TO {LOGIN}")


def create_database(name: str, template: str | None = None) -> str:
    """A database the login role owns, and its URL as that role."""
    ensure_roles()
    copy = f" TEMPLATE {template}" if template else ""
    admin(f"CREATE DATABASE {name}{copy} OWNER {LOGIN}")
    return f"{BASE}/{name}"


def drop_database(name: str) -> None:
    admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def as_admin(url: str) -> str:
    """The same database as the administrator, who sees every row (for raw checks)."""
    return f"{ADMIN_BASE}/{url.rsplit('/', 1)[1]}"
