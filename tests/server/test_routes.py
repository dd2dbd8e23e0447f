"""Every route over real HTTP, as an agent key uses them."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Keys, Server


def _write(client: Any, **body: Any) -> dict[str, Any]:
    reply = client.post("/v1/facts", json=body)
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def test_health_needs_no_key(server: Server) -> None:
    with server.client() as anyone:
        assert anyone.get("/healthz").json() == {"status": "ok"}


def test_openapi_lists_the_routes_and_the_security_schemes(server: Server) -> None:
    with server.client() as anyone:
        spec = anyone.get("/openapi.json").json()
    schemes = spec["components"]["securitySchemes"]
    assert schemes["HTTPBearer"]["scheme"] == "bearer"
    assert schemes["APIKeyHeader"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": schemes["APIKeyHeader"]["description"],
    }
    assert {
        "/v1/facts",
        "/v1/facts:batch",
        "/v1/facts/{fact_id}",
        "/v1/keys/{key}/current",
        "/v1/keys/{key}/history",
        "/v1/tasks/{task_id}/turns",
        "/v1/tasks/{task_id}/context",
        "/v1/tasks",
        "/v1/tasks/{task_id}/continue",
        "/v1/tasks/{task_id}/workspace",
        "/v1/tasks/{task_id}/complete",
        "/v1/api-keys",
        "/v1/api-keys/{key_id}",
        "/v1/memories",
        "/v1/memories/{fact_id}",
    } <= set(spec["paths"])
    assert spec["paths"]["/v1/facts"]["post"]["security"]


def test_write_read_supersede_and_history(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        first = _write(alice, key="address", value="123 Main St")
        assert first["key"] == "address" and first["value"] == "123 Main St"
        assert first["is_valid"] and first["source"]["authority"] == "manager"
        assert first["org"] == "acme" and first["user"] == "alice"
        second = _write(alice, key="address", value="456 Oak Ave", supersedes="address")
        assert second["supersedes"] == first["id"]

        old = alice.get(f"/v1/facts/{first['id']}").json()
        assert old["is_valid"] is False and old["superseded_by"] == second["id"]
        assert alice.get("/v1/keys/address/current").json() == {
            "key": "address",
            "value": "456 Oak Ave",
        }
        history = alice.get("/v1/keys/address/history").json()
        assert [f["value"] for f in history] == ["123 Main St", "456 Oak Ave"]
        live = alice.get("/v1/facts").json()
        assert [f["id"] for f in live] == [second["id"]]
        assert alice.get("/v1/facts", params={"key": "nothing"}).json() == []
        assert alice.get("/v1/keys/nothing/history").json() == []


def test_write_takes_every_argument_as_json(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        budget = _write(
            alice,
            key="budget",
            value={"amount": 80000, "currency": "USD"},
            source={"type": "policy", "origin": "finance_system"},
            timestamp="2026-03-02T08:00:00Z",
            scope="global",
            is_constraint=True,
            constraint_type="budget",
            required_authority="manager",
            entity="offsite",
            slot="budget",
        )
        assert budget["memory_type"] == "organizational"
        assert budget["timestamp"] == "2026-03-02T08:00:00"
        assert budget["constraint_type"] == "budget" and budget["required_authority"] == "manager"
        plan = _write(alice, key="plan", value="rent a hall", depends_on=[budget["id"]], ttl=3600)
        assert plan["depends_on"] == [budget["id"]]
        assert plan["expires_at"] == "2026-03-02T10:00:00"


def test_batch_writes_all(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        reply = alice.post(
            "/v1/facts:batch",
            json={"facts": [{"key": "venue", "value": "Hall A"}, {"key": "venue", "value": "Hall B"}]},
        )
        assert reply.status_code == 201, reply.text
        written = reply.json()
        assert [f["value"] for f in written] == ["Hall A", "Hall B"]
        assert written[1]["supersedes"] == written[0]["id"]
        assert alice.get("/v1/keys/venue/current").json()["value"] == "Hall B"


def test_forget_is_204_and_the_fact_is_gone(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        fact = _write(alice, key="door_code", value="4471")
        reply = alice.delete(f"/v1/facts/{fact['id']}")
        assert reply.status_code == 204 and reply.content == b""
        tombstone = alice.get(f"/v1/facts/{fact['id']}").json()  # the audit trail stays
        assert tombstone["forgotten"] is True and tombstone["value"] is None
        assert not tombstone["is_valid"]
        assert alice.get("/v1/facts").json() == []
        assert alice.delete(f"/v1/facts/{fact['id']}").status_code == 404
        assert "4471" not in alice.post("/v1/tasks/t/context", json={"query": "door code?"}).text


def test_a_fact_route_takes_an_id_not_a_key(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        _write(alice, key="venue", value="Hall A")
        reply = alice.get("/v1/facts/venue")
        assert reply.status_code == 404
        assert reply.json()["error"] == "UnknownFactError"


def test_observe_and_context(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        _write(alice, key="shipping_address", value="123 Main St, Springfield")
        turn = alice.post(
            "/v1/tasks/order/turns",
            json={"text": "Actually, change the shipping address to 456 Oak Ave, Riverside."},
        )
        assert turn.status_code == 201, turn.text
        assert turn.json()["speaker"] == "alice" and turn.json()["index"] == 0
        current = alice.get("/v1/keys/shipping_address/current", params={"task_id": "order"})
        assert current.json()["value"] == "456 Oak Ave, Riverside"

        reply = alice.post("/v1/tasks/order/context", json={"query": "Where does it ship?", "budget": 400})
        assert reply.status_code == 200, reply.text
        context = reply.json()
        assert set(context) >= {"text", "tokens", "budget", "included", "omitted"}
        assert context["budget"] == 400 and 0 < context["tokens"] <= 400
        assert "456 Oak Ave" in context["text"] and "123 Main St" not in context["text"]
        assert context["included"]


def test_context_reports_what_it_omitted(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        for n in range(40):
            _write(alice, key=f"note_{n}", value=f"shipment {n} leaves dock {n} on pallet {n}")
        context = alice.post(
            "/v1/tasks/t/context", json={"query": "Which dock does shipment 7 leave?", "budget": 150}
        ).json()
    assert context["tokens"] <= 150
    assert context["omitted"]
    assert set(context["omitted"][0]) == {"fact_id", "reason", "detail"}


def test_task_lifecycle(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        started = alice.post("/v1/tasks", json={"query": "Plan the offsite"})
        assert started.status_code == 201, started.text
        task = started.json()
        assert task["user_id"] == "alice" and task["workspace"]["objective"] == "Plan the offsite"
        assert task["profile"]["user_id"] == "alice"
        task_id = task["task_id"]

        continued = alice.post(f"/v1/tasks/{task_id}/continue").json()
        assert continued["task_id"] == task_id and continued["query"] == "Plan the offsite"

        saved = alice.put(
            f"/v1/tasks/{task_id}/workspace",
            json={"objective": "Plan the offsite", "facts": {"offsite_venue": "Harbor Hall"}},
        )
        assert saved.status_code == 200, saved.text
        assert alice.post(f"/v1/tasks/{task_id}/continue").json()["workspace"]["facts"] == {
            "offsite_venue": "Harbor Hall"
        }
        done = alice.post(
            f"/v1/tasks/{task_id}/complete",
            json={"workspace": {"objective": "Plan the offsite", "facts": {"offsite_venue": "Dock 9"}}},
        )
        assert done.status_code == 200 and done.json() == {"task_id": task_id, "completed": True}
        # promoted to a persistent fact; the task itself is over
        assert alice.get("/v1/keys/offsite_venue/current").json()["value"] == "Dock 9"
        assert alice.post(f"/v1/tasks/{task_id}/continue").status_code == 404
        assert alice.post(f"/v1/tasks/{task_id}/complete").status_code == 404


def test_admin_manages_keys(server: Server, keys: Keys) -> None:
    with server.client(keys.admin) as carol:
        made = carol.post("/v1/api-keys", json={"user": "erin", "authority": "peer", "role": "user"})
        assert made.status_code == 201, made.text
        new = made.json()
        assert new["api_key"].startswith(f"sk_{new['key_id']}_")
        listed = carol.get("/v1/api-keys").json()
        assert new["key_id"] in {k["key_id"] for k in listed}
        assert all("digest" not in k and "salt" not in k for k in listed)
        assert {k["user"] for k in listed} == {"alice", "bob", "carol", "erin"}  # not dave
    with server.client(new["api_key"]) as erin:
        assert erin.get("/v1/facts").status_code == 200
    with server.client(keys.admin) as carol:
        revoked = carol.delete(f"/v1/api-keys/{new['key_id']}")
        assert revoked.status_code == 200 and revoked.json()["revoked_at"]
    with server.client(new["api_key"]) as erin:
        assert erin.get("/v1/facts").status_code == 401


def test_a_user_sees_and_deletes_their_own_memories_only(server: Server, keys: Keys) -> None:
    with server.client(keys.user) as bob, server.client(keys.agent) as alice:
        said = bob.post("/v1/tasks/chat/turns", json={"speaker": "bob", "text": "My email is bob.r@quill.io"})
        assert said.status_code == 201
        shared = alice.post("/v1/facts", json={"key": "office", "value": "Pier 4"}).json()
        mine = bob.get("/v1/memories").json()
        assert [(m["fact"]["key"], m["fact"]["value"], m["origin"]) for m in mine] == [
            ("email", "bob.r@quill.io", "conversation")
        ]
        assert bob.delete(f"/v1/memories/{shared['id']}").status_code == 404  # not his
        assert alice.delete(f"/v1/memories/{mine[0]['fact']['id']}").status_code == 404
        assert bob.delete(f"/v1/memories/{mine[0]['fact']['id']}").status_code == 204
        assert bob.get("/v1/memories").json() == []
        ask = bob.post("/v1/tasks/chat/context", json={"query": "What is my email?"}).json()
        assert "bob.r@quill.io" not in ask["text"]
        assert alice.get(f"/v1/facts/{shared['id']}").status_code == 200
