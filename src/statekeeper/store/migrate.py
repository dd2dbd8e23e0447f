"""Bring a database to the newest schema with Alembic, on a connection the store owns."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from statekeeper.errors import StoreError

_SCRIPTS = Path(__file__).parent / "migrations"


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(_SCRIPTS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def upgrade(connection: Connection) -> None:
    """Upgrade to head; refuse a database written by a newer statekeeper."""
    current = MigrationContext.configure(connection).get_current_revision()
    scripts = ScriptDirectory.from_config(_config())
    if current is not None and scripts.get_revision(current) is None:
        raise StoreError(f"database schema {current!r} is newer than this statekeeper")
    if current != scripts.get_current_head():
        command.upgrade(_config(connection), "head")
