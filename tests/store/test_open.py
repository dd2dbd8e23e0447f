"""Opening a store: an up-to-date one without the migration machinery, an in-memory one,
and a package import that loads nothing a call does not need."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from statekeeper import Engine, Principal, StoreError
from statekeeper.store import migrate

ALICE = Principal(org="acme", user="alice")


def test_the_head_read_from_the_scripts_is_alembics() -> None:
    """The check on open reads the newest revision from the scripts' text; Alembic, which
    runs the upgrades, must agree on which it is."""
    migrate.head_revision.cache_clear()  # read afresh, as a new process would
    scripts = ScriptDirectory.from_config(migrate._config())
    assert migrate.head_revision() == scripts.get_current_head()


def test_the_head_follows_whatever_scripts_there_are(tmp_path: Path) -> None:
    for name, header in [
        ("a.py", 'revision = "a"\ndown_revision = None\n'),
        ("b.py", 'revision: str = "b"\ndown_revision: str | None = "a"\n'),
        ("c.py", 'revision = "c"\ndown_revision = "a"\n'),
        ("d.py", 'revision = "d"\ndown_revision = ("b", "c")\n'),
        ("__init__.py", ""),
    ]:
        (tmp_path / name).write_text(f'"""A migration."""\n\n{header}\n\ndef upgrade(): ...\n')
    assert migrate._scripted_head(tmp_path) == "d"
    (tmp_path / "d.py").unlink()
    assert migrate._scripted_head(tmp_path) is None  # two heads: Alembic is asked


def test_an_up_to_date_store_opens_without_migrating(
    store_url: str, org: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    Engine.open(store_url).close()  # created, or brought up to date

    def refuse(*_: object) -> None:
        raise AssertionError("an up-to-date store ran the migrations")

    monkeypatch.setattr("statekeeper.store.sqlite.upgrade", refuse)
    monkeypatch.setattr("statekeeper.store.postgres.upgrade", refuse)
    with Engine.open(store_url) as engine:
        s = engine.session(Principal(org=org, user="alice"))
        s.write("city", "Lisbon")
        assert "Lisbon" in s.context("Where?").text


def test_a_store_behind_the_head_is_upgraded(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import create_engine

    path = tmp_path / "state.db"
    head = migrate.head_revision()
    previous = ScriptDirectory.from_config(migrate._config()).get_revision(head).down_revision
    assert isinstance(previous, str)
    with create_engine(f"sqlite:///{path}").begin() as conn:
        command.upgrade(migrate._config(conn), previous)
    with Engine.open(path) as engine, engine.store.engine.connect() as conn:  # type: ignore[attr-defined]
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == head


def test_a_store_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    Engine.open(path).close()
    with Engine.open(path) as engine, engine.store.engine.begin() as conn:  # type: ignore[attr-defined]
        conn.execute(text("UPDATE alembic_version SET version_num = 'zzzz'"))
    with pytest.raises(StoreError, match="newer"):
        Engine.open(path)


@pytest.mark.parametrize("target", [":memory:", "sqlite://", "sqlite:///:memory:"])
def test_an_in_memory_store(target: str, tmp_path: Path) -> None:
    with Engine.open(target) as engine:
        s = engine.session(ALICE)
        s.write("address", "123 Main St")
        s.write("address", "456 Oak Ave", supersedes="address")
        text_ = s.context("Where do we ship?").text
        assert "456 Oak Ave" in text_ and "123 Main St" not in text_
    assert not list(tmp_path.iterdir())
    assert not Path(target).exists()


def test_each_in_memory_store_is_its_own() -> None:
    with Engine.open(":memory:") as first, Engine.open(":memory:") as second:
        first.session(ALICE).write("city", "Lisbon")
        assert second.session(ALICE).facts() == []
        assert [f.value for f in first.session(ALICE).facts()] == ["Lisbon"]
    with Engine.open(":memory:") as third:  # closed stores leave nothing behind
        assert third.session(ALICE).facts() == []


def test_an_in_memory_store_is_shared_by_threads() -> None:
    with Engine.open(":memory:") as engine:
        failures: list[BaseException] = []

        def write(n: int) -> None:
            try:
                s = engine.session(Principal(org="acme", user=f"user{n}"))
                for k in range(10):
                    s.write(f"note_{k}", f"note {k} of user {n}")
                    s.context("notes")
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)

        threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        for n in range(4):
            assert len(engine.session(Principal(org="acme", user=f"user{n}")).facts()) == 10


IMPORTS = """
import sys
import statekeeper
from statekeeper import Engine, Principal
engine = Engine.open(sys.argv[1])
s = engine.session(Principal(org="acme", user="alice"))
s.write("city", "Lisbon")
s.observe("alice", "We moved the meeting to Friday.")
assert "Lisbon" in s.context("Where?").text
engine.close()
loaded = {m.split(".")[0] for m in sys.modules}
print(" ".join(sorted(loaded & {"alembic", "mako", "openai", "anthropic", "rich", "httpx"})))
"""


@pytest.mark.parametrize("store", ["file", ":memory:"])
def test_a_call_loads_only_what_it_needs(store: str, tmp_path: Path) -> None:
    """Importing the package, opening an up-to-date store and using it load no LLM client,
    no terminal toolkit and no migration machinery."""
    target = str(tmp_path / "state.db") if store == "file" else store
    if store == "file":
        Engine.open(target).close()  # migrated here, in this process
    done = subprocess.run(
        [sys.executable, "-c", IMPORTS, target], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    if store == "file":
        assert done.stdout.split() == []
    else:  # a process's first in-memory store is migrated: only Alembic's own are loaded
        assert set(done.stdout.split()) <= {"alembic", "mako"}
