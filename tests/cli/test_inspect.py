"""The commands that look inside a store, manage keys, move facts and serve the API."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from click.testing import CliRunner

from statekeeper import Engine, Principal
from statekeeper.cli import main
from tests.conftest import ON_POSTGRES, Clock

WHO = ["--org", "acme", "--user", "alice", "--authority", "manager"]


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


def _fill(url: str, clock: Clock) -> None:
    with Engine.open(url, clock=clock) as engine:
        s = engine.session(Principal(org="acme", user="alice", authority="manager"))
        first = s.write("address", "123 Main St")
        clock.advance(minutes=1)
        s.write("address", "456 Oak Ave", supersedes="address")
        s.write("vendor", "Acme Parts", memory_type="organizational", depends_on=[first.id])
        s.forget(s.write("door_code", "4471").id)
        engine.session(Principal(org="globex", user="dave")).write("address", "9 Elm St")


def test_version() -> None:
    assert _run("--version").startswith("statekeeper, version ")


def test_facts_history_and_context(location: str, clock: Clock) -> None:
    _fill(location, clock)
    text = _run("facts", "--url", location, *WHO)
    assert "address = 456 Oak Ave" in text and "vendor = Acme Parts" in text
    assert "123 Main St" not in text and "9 Elm St" not in text
    listed = json.loads(_run("facts", "--url", location, *WHO, "--key", "address", "--json"))
    assert [f["value"] for f in listed] == ["456 Oak Ave"]
    history = json.loads(_run("history", "address", "--url", location, *WHO, "--json"))
    assert [f["value"] for f in history] == ["123 Main St", "456 Oak Ave"]
    assert history[0]["superseded_by"] == history[1]["id"]
    assert "[superseded]" in _run("history", "address", "--url", location, *WHO)
    context = json.loads(
        _run("context", "Where do we ship?", "--url", location, *WHO, "--budget", "300", "--json")
    )
    assert "456 Oak Ave" in context["text"] and "123 Main St" not in context["text"]
    assert context["budget"] == 300 and context["tokens"] <= 300
    assert "456 Oak Ave" in _run("context", "Where do we ship?", "--url", location, *WHO)
    bad = _run("facts", "--url", location, "--org", "", "--user", "alice", code=1)
    assert "PrincipalError" in bad


def test_keys_create_list_revoke(location: str) -> None:
    made = _run(
        "keys", "create", "--url", location, "--org", "acme", "--user", "alice",
        "--authority", "manager", "--role", "admin",
    )
    token = made.strip().splitlines()[-1]
    assert token.startswith("sk_")
    key_id = token.split("_")[1]
    listed = json.loads(_run("keys", "list", "--url", location, "--org", "acme", "--json"))
    assert [(k["key_id"], k["role"], k["revoked_at"]) for k in listed] == [(key_id, "admin", None)]
    assert token.split("_", 2)[2] not in json.dumps(listed)
    assert "revoked" in _run("keys", "revoke", key_id, "--url", location, "--org", "acme")
    assert "revoked" in _run("keys", "list", "--url", location, "--org", "acme")
    assert "UnknownKeyError" in _run(
        "keys", "revoke", key_id, "--url", location, "--org", "globex", code=1
    )
    assert "InvalidInputError" in _run(
        "keys", "create", "--url", location, "--org", "acme", "--user", "x",
        "--authority", "emperor", code=1,
    )


def test_export_from_sqlite_and_import_elsewhere_round_trips(
    tmp_path: Path, store_location: Callable[[str], str], clock: Clock
) -> None:
    source = str(tmp_path / "source.db")  # always SQLite: the move is to PostgreSQL there
    _fill(source, clock)
    target = store_location("target.db")
    dump = tmp_path / "facts.jsonl"
    _run("export", "--url", source, "--org", "acme", "--org", "globex", "--output", str(dump))
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert len(lines) == 5 and all(line["format"] == "statekeeper.fact/1" for line in lines)
    forgotten = [line for line in lines if line["fact"]["forgotten"]]
    assert forgotten[0]["tombstone"]["forgotten_by"] == "alice"
    assert "4471" not in dump.read_text()
    assert "imported 5 facts" in _run("import", "--url", target, str(dump))

    for org in ("acme", "globex"):
        exported = _run("export", "--url", source, "--org", org)
        assert _run("export", "--url", target, "--org", org) == exported
    with Engine.open(target, clock=clock) as engine:
        s = engine.session(Principal(org="acme", user="alice", authority="manager"))
        assert [f.value for f in s.history("address")] == ["123 Main St", "456 Oak Ave"]
        assert s.current_value("address") == "456 Oak Ave"
        assert "456 Oak Ave" in s.context("Where do we ship?").text
        vendor = s.get(s.get("vendor").id)
        assert vendor.depends_on == (s.history("address")[0].id,)
    # importing again would duplicate: nothing is written
    before = _run("export", "--url", target, "--org", "acme")
    assert "DuplicateFactError" in _run("import", "--url", target, str(dump), code=1)
    assert _run("export", "--url", target, "--org", "acme") == before
    # into another organization, by option
    assert "imported 5" in _run("import", "--url", target, str(dump), "--org", "initech")
    again = json.loads(_run("history", "address", "--url", target, *WHO[:0], "--org", "initech",
                            "--user", "alice", "--json"))
    assert [f["value"] for f in again] == ["123 Main St", "456 Oak Ave"]


def test_a_damaged_export_imports_nothing(tmp_path: Path, location: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "statekeeper.fact/1", "seq": 1, "fact": {"id": "x"}}\n')
    assert "InvalidInputError" in _run("import", "--url", location, str(bad), code=1)
    bad.write_text("not json\n")
    assert "line 1" in _run("import", "--url", location, str(bad), code=1)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_as_the_readme_shows(location: str) -> None:
    """The README's "Serve it" commands, run as written."""
    exe = str(Path(sys.executable).with_name("statekeeper"))
    made = subprocess.run(
        [exe, "keys", "create", "--url", location, "--org", "acme", "--user", "alice",
         "--authority", "manager", "--role", "agent"],
        capture_output=True, text=True, check=True,
    )
    key = made.stdout.strip().splitlines()[-1]
    port = _free_port()
    server = subprocess.Popen(
        [exe, "serve", "--url", location, "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ},
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                time.sleep(0.1)
        auth = {"Authorization": f"Bearer {key}"}
        written = httpx.post(f"{base}/v1/facts", headers=auth,
                             json={"key": "address", "value": "123 Main St"})
        assert written.status_code == 201, written.text
        httpx.post(f"{base}/v1/facts", headers=auth,
                   json={"key": "address", "value": "456 Oak Ave", "supersedes": "address"})
        current = httpx.get(f"{base}/v1/keys/address/current", headers={"X-API-Key": key})
        assert current.json() == {"key": "address", "value": "456 Oak Ave"}
        context = httpx.post(f"{base}/v1/tasks/order-4512/context", headers=auth,
                             json={"query": "Where should we ship the order?", "budget": 8000})
        assert "456 Oak Ave" in context.json()["text"]
        assert httpx.get(f"{base}/v1/facts").status_code == 401
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert ON_POSTGRES or Path(location).exists()
