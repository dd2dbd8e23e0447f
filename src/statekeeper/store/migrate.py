"""Bring a database to the newest schema with Alembic, on a connection the store owns.

Opening a store that is already up to date costs one query: the version Alembic recorded
is compared with the newest migration script's, which is read from the scripts' own
`revision` and `down_revision` lines. Alembic itself is imported only when there is
something to upgrade (or a version this code does not know to refuse).
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from statekeeper.errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

_SCRIPTS = Path(__file__).parent / "migrations"
# `revision = "0007"`, `down_revision: str | None = "0006"`, `down_revision = ("a", "b")`
_ASSIGNMENT = re.compile(r"^(revision|down_revision)\s*(?::[^=\n]*)?=\s*(.+?)\s*$", re.MULTILINE)


def _config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_SCRIPTS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _parents(value: object) -> tuple[str, ...] | None:
    """A script's `down_revision` as a tuple of revisions; None when it is not one."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (tuple, list)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def _scripted_head(folder: Path) -> str | None:
    """The one revision no other script names as its parent, read from the scripts' text;
    None when a script does not say plainly which it is, or the history has no single
    head (Alembic is asked then)."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in sorted(folder.glob("*.py")):
        found: dict[str, object] = {}
        for name, expression in _ASSIGNMENT.findall(script.read_text(encoding="utf-8")):
            if name in found:
                return None  # assigned twice: not a plain script header
            try:
                found[name] = ast.literal_eval(expression)
            except (ValueError, SyntaxError):
                return None
        if not found:
            continue  # a package marker or helper module
        revision, down = found.get("revision"), _parents(found.get("down_revision"))
        if not isinstance(revision, str) or down is None or "down_revision" not in found:
            return None
        revisions.add(revision)
        parents.update(down)
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 else None


@lru_cache(maxsize=1)
def head_revision() -> str:
    """The newest migration's revision, whatever it is."""
    head = _scripted_head(_SCRIPTS / "versions")
    if head is not None:
        return head
    from alembic.script import ScriptDirectory

    scripted = ScriptDirectory.from_config(_config()).get_current_head()
    assert scripted is not None
    return scripted


def is_current(connection: Connection) -> bool:
    """Whether the database is at the newest migration, in one query; a database with no
    version table (a new one) is not. The query runs inside a savepoint, so its failure
    leaves the connection's transaction usable on every backend."""
    try:
        with connection.begin_nested():
            rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    except DBAPIError:
        return False
    return [row[0] for row in rows] == [head_revision()]


def upgrade(connection: Connection) -> None:
    """Upgrade to head; refuse a database written by a newer statekeeper."""
    from alembic import command
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    current = MigrationContext.configure(connection).get_current_revision()
    scripts = ScriptDirectory.from_config(_config())
    if current is not None:
        try:
            known = scripts.get_revision(current) is not None
        except CommandError:  # Alembic's word for a revision it has no script for
            known = False
        if not known:
            raise StoreError(f"database schema {current!r} is newer than this statekeeper")
    if current != scripts.get_current_head():
        command.upgrade(_config(connection), "head")
