"""Bad input is a 422 with the error's name and message, and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import snapshot
from tests.server.conftest import Keys, Server

FACTS: list[Any] = [
    {},
    {"value": "no key"},
    {"key": "no value"},
    {"key": "", "value": "x"},
    {"key": "   ", "value": "x"},
    {"key": "a\nb", "value": "x"},
    {"key": 5, "value": "x"},
    {"key": "k", "value": ""},
    {"key": "k", "value": None},
    {"key": "k" * 300, "value": "x"},
    {"key": "k", "value": "x" * 40_000},
    {"key": "k", "value": "x", "unknown": 1},
    {"key": "k", "value": "x", "ttl": -5},
    {"key": "k", "value": "x", "ttl": "soon"},
    {"key": "k", "value": "x", "timestamp": "yesterday"},
    {"key": "k", "value": "x", "scope": "everywhere"},
    {"key": "k", "value": "x", "memory_type": "collective"},
    {"key": "k", "value": "x", "required_authority": "emperor"},
    {"key": "k", "value": "x", "implicit": "yes"},
    {"key": "k", "value": "x", "depends_on": ["same", "same"]},
    {"key": "k", "value": "x", "depends_on": "f-1"},
    {"key": "k", "value": "x", "source": {"type": "rumour"}},
    {"key": "k", "value": "x", "source": {"speaker": 7}},
    {"key": "k", "value": "x", "id": "f-1", "depends_on": ["f-1"]},
    [{"key": "k", "value": "x"}],
    "key=k",
]


@pytest.mark.parametrize("body", FACTS)
def test_a_bad_fact_is_422_and_writes_nothing(
    server: Server, keys: Keys, location: str, body: Any
) -> None:
    with server.client(keys.agent) as alice:
        alice.post("/v1/facts", json={"key": "k", "value": "kept"})
        before = snapshot(location)
        reply = alice.post("/v1/facts", json=body)
        assert reply.status_code == 422, reply.text
        error = reply.json()
        assert error["error"] in ("InvalidInputError", "CycleError") and error["message"]
        batch = alice.post("/v1/facts:batch", json={"facts": [{"key": "ok", "value": "x"}, body]})
        assert batch.status_code == 422, batch.text
    assert snapshot(location) == before


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/v1/facts", b"{not json"),
        ("POST", "/v1/facts:batch", {"facts": []}),
        ("POST", "/v1/facts:batch", {"facts": "all"}),
        ("POST", "/v1/facts:batch", {"facts": [{"key": "k", "value": "x", "detect": True}]}),
        ("POST", "/v1/tasks/t/turns", {}),
        ("POST", "/v1/tasks/t/turns", {"text": ""}),
        ("POST", "/v1/tasks/t/turns", {"text": "hi", "speaker": ""}),
        ("POST", "/v1/tasks/t/context", {"query": ""}),
        ("POST", "/v1/tasks/t/context", {"query": "q", "budget": 0}),
        ("POST", "/v1/tasks/t/context", {"query": "q", "budget": "lots"}),
        ("POST", "/v1/tasks/t/context", {"query": "q", "budget": 2}),
        ("POST", "/v1/tasks/t/context", {"query": "q", "audience": "everyone"}),
        ("POST", "/v1/tasks/a%0Ab/turns", {"text": "hi"}),
        ("POST", "/v1/tasks", {}),
        ("POST", "/v1/tasks", {"query": ""}),
        ("PUT", "/v1/tasks/t/workspace", {"insights": "one"}),
        ("POST", "/v1/api-keys", {"user": "x", "authority": "emperor"}),
        ("POST", "/v1/api-keys", {"user": "x", "authority": "peer", "role": "root"}),
        ("POST", "/v1/api-keys", {"user": "", "authority": "peer"}),
    ],
)
def test_other_bad_input_is_422_and_writes_nothing(
    server: Server, keys: Keys, location: str, method: str, path: str, body: Any
) -> None:
    before = snapshot(location)
    with server.client(keys.admin) as carol:
        if isinstance(body, bytes):
            reply = carol.request(method, path, content=body, headers={"content-type": "application/json"})
        else:
            reply = carol.request(method, path, json=body)
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"] in ("InvalidInputError", "PrincipalError", "BudgetTooSmallError")
    assert set(reply.json()) == {"error", "message", "field"}
    assert snapshot(location) == before


def test_an_unknown_reference_is_404_and_writes_nothing(
    server: Server, keys: Keys, location: str
) -> None:
    before = snapshot(location)
    with server.client(keys.agent) as alice:
        reply = alice.post("/v1/facts", json={"key": "k", "value": "x", "supersedes": "f-404"})
        assert reply.status_code == 404 and reply.json()["error"] == "UnknownFactError"
    assert snapshot(location) == before
