"""No key, a bad key or a revoked key is a 401 on every route; the role decides the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from statekeeper import Engine
from statekeeper.server.keys import revoke_key
from tests.conftest import snapshot
from tests.server.conftest import Keys, Server

ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/v1/facts", {"key": "k", "value": "v"}),
    ("POST", "/v1/facts:batch", {"facts": [{"key": "k", "value": "v"}]}),
    ("GET", "/v1/facts", None),
    ("GET", "/v1/facts/f-1", None),
    ("DELETE", "/v1/facts/f-1", None),
    ("GET", "/v1/keys/k/current", None),
    ("GET", "/v1/keys/k/history", None),
    ("POST", "/v1/tasks/t/turns", {"text": "hello"}),
    ("POST", "/v1/tasks/t/context", {"query": "what?"}),
    ("POST", "/v1/tasks", {"query": "plan"}),
    ("POST", "/v1/tasks/t/continue", None),
    ("PUT", "/v1/tasks/t/workspace", {"objective": "x"}),
    ("POST", "/v1/tasks/t/complete", None),
    ("POST", "/v1/api-keys", {"user": "x", "authority": "peer"}),
    ("GET", "/v1/api-keys", None),
    ("DELETE", "/v1/api-keys/0123456789abcdef", None),
]


def _bad_keys(keys: Keys) -> list[str]:
    key_id = keys.agent.split("_")[1]
    return [
        "nonsense",
        f"sk_{key_id}_",
        f"sk_{key_id}_wrong-secret",
        "sk_0123456789abcdef_" + keys.agent.split("_", 2)[2],  # right secret, unknown id
        keys.agent + "x",
        "sk_zzzzzzzzzzzzzzzz_secret",
    ]


@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
def test_no_key_or_a_bad_key_is_401_and_writes_nothing(
    server: Server, keys: Keys, location: str, method: str, path: str, body: Any
) -> None:
    before = snapshot(location)
    headers: list[dict[str, str]] = [{}, *({"X-API-Key": k} for k in _bad_keys(keys))]
    headers += [{"Authorization": f"Bearer {k}"} for k in _bad_keys(keys)]
    headers.append({"Authorization": f"Basic {keys.agent}"})
    with server.client() as anyone:
        for header in headers:
            reply = anyone.request(method, path, json=body, headers=header)
            assert reply.status_code == 401, (header, reply.text)
            assert reply.json() == {
                "error": "InvalidKeyError",
                "message": "a valid API key is required",
                "field": None,
            }
            assert reply.headers["www-authenticate"] == "Bearer"
    assert snapshot(location) == before


def test_either_header_carries_the_key(server: Server, keys: Keys) -> None:
    with server.client() as anyone:
        by_header = anyone.get("/v1/facts", headers={"X-API-Key": keys.agent})
        by_bearer = anyone.get("/v1/facts", headers={"Authorization": f"Bearer {keys.agent}"})
    assert by_header.status_code == by_bearer.status_code == 200


def test_a_revoked_key_stops_at_once(server: Server, keys: Keys, engine: Engine) -> None:
    with server.client(keys.agent) as alice:
        assert alice.get("/v1/facts").status_code == 200
        revoke_key(engine.store, "acme", keys.agent.split("_")[1])
        for method, path, body in ROUTES:
            assert alice.request(method, path, json=body).status_code == 401


def test_the_request_cannot_choose_the_organization(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        reply = alice.post("/v1/facts", json={"key": "k", "value": "v", "org": "globex"})
        assert reply.status_code == 422
        written = alice.post("/v1/facts", params={"org": "globex"}, json={"key": "k", "value": "v"})
        assert written.json()["org"] == "acme"


Call = Callable[[Any], Any]


@pytest.mark.parametrize(
    ("action", "body"),
    [
        ("write shared", {"key": "policy", "value": "no travel", "memory_type": "organizational"}),
        ("write by source", {"key": "policy", "value": "no travel", "source": {"type": "policy"}}),
        ("write capability", {"key": "tip", "value": "retry twice", "memory_type": "capability"}),
        ("replace shared", {"key": "travel_policy", "value": "travel freely"}),
        ("detect", {"key": "note", "value": "x", "detect": True}),
    ],
)
def test_a_user_key_writes_only_its_own_memory(
    server: Server, keys: Keys, location: str, action: str, body: dict[str, Any]
) -> None:
    with server.client(keys.agent) as alice:
        shared = alice.post(
            "/v1/facts",
            json={"key": "travel_policy", "value": "economy only", "memory_type": "organizational"},
        )
        assert shared.status_code == 201
    before = snapshot(location)
    with server.client(keys.user) as bob:
        reply = bob.post("/v1/facts", json=body)
        assert reply.status_code == 403, reply.text
        assert reply.json()["error"] == "RoleError"
        batch = bob.post("/v1/facts:batch", json={"facts": [{"key": "mine", "value": "x"}, body]})
        assert batch.status_code == (422 if action == "detect" else 403)  # no detect in batches
        assert bob.delete(f"/v1/facts/{shared.json()['id']}").status_code == 403
        for method, path in (("POST", "/v1/api-keys"), ("GET", "/v1/api-keys")):
            json = {"user": "x", "authority": "peer"} if method == "POST" else None
            assert bob.request(method, path, json=json).status_code == 403
    assert snapshot(location) == before
    with server.client(keys.user) as bob:  # what a user key may do
        assert bob.get("/v1/keys/travel_policy/current").json()["value"] == "economy only"
        own = bob.post("/v1/facts", json={"key": "seat", "value": "aisle"})
        assert own.status_code == 201 and own.json()["memory_type"] == "user"
        assert bob.delete(f"/v1/facts/{own.json()['id']}").status_code == 204
        assert bob.post("/v1/tasks/t/turns", json={"text": "I prefer mornings."}).status_code == 201


def test_an_agent_key_may_not_manage_keys(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        assert alice.get("/v1/api-keys").status_code == 403


def test_an_admin_manages_only_its_organization(server: Server, keys: Keys) -> None:
    other_id = keys.other.split("_")[1]
    with server.client(keys.admin) as carol:
        reply = carol.delete(f"/v1/api-keys/{other_id}")
        assert reply.status_code == 404 and reply.json()["error"] == "UnknownKeyError"
    with server.client(keys.other) as dave:
        assert dave.get("/v1/facts").status_code == 200


def test_authority_comes_from_the_key(server: Server, keys: Keys) -> None:
    with server.client(keys.user) as bob:
        reply = bob.post(
            "/v1/facts", json={"key": "seat", "value": "aisle", "source": {"authority": "executive"}}
        )
        assert reply.status_code == 403 and reply.json()["error"] == "ClaimedAuthorityError"
