"""The REST server for real: uvicorn on a free loopback port in a thread, over the test's
store (SQLite, or PostgreSQL with STATEKEEPER_TEST_BACKEND=postgres), and keys for two
organizations."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx
import pytest
import uvicorn

from statekeeper import Engine
from statekeeper.server.app import create_app
from statekeeper.server.keys import create_key


@dataclass
class Server:
    url: str
    engine: Engine

    def client(self, key: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key is not None else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30)


@contextmanager
def serving(engine: Engine) -> Iterator[Server]:
    """uvicorn over `engine` on a free loopback port, for the length of the block."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(engine), log_level="warning", lifespan="on")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield Server(f"http://127.0.0.1:{port}", engine)
    finally:
        running.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def server(engine: Engine) -> Iterator[Server]:
    with serving(engine) as running:
        yield running


@dataclass(frozen=True)
class Keys:
    agent: str  # acme, alice, manager
    user: str  # acme, bob, peer
    admin: str  # acme, carol, executive
    other: str  # globex, dave, manager: another organization


@pytest.fixture
def keys(engine: Engine) -> Keys:
    def key(org: str, user: str, authority: str, role: str) -> str:
        return create_key(engine.store, org, user, authority, role)[0]

    return Keys(
        agent=key("acme", "alice", "manager", "agent"),
        user=key("acme", "bob", "peer", "user"),
        admin=key("acme", "carol", "executive", "admin"),
        other=key("globex", "dave", "manager", "agent"),
    )
