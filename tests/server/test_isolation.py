"""Another organization's fact, key or task is a 404, exactly as a missing one."""

from __future__ import annotations

from tests.conftest import snapshot
from tests.server.conftest import Keys, Server


def test_another_organizations_fact_is_missing(server: Server, keys: Keys, location: str) -> None:
    with server.client(keys.agent) as alice:
        secret = alice.post("/v1/facts", json={"key": "launch_code", "value": "ALPHA-7"}).json()
        shared = alice.post(
            "/v1/facts",
            json={"key": "vendor", "value": "Acme Parts", "memory_type": "organizational"},
        ).json()
        task = alice.post("/v1/tasks", json={"query": "Ship the order"}).json()["task_id"]
        alice.post("/v1/tasks/t/turns", json={"text": "The launch code is ALPHA-7."})
    before = snapshot(location)
    with server.client(keys.other) as dave:
        for fact in (secret, shared):
            missing = dave.get(f"/v1/facts/{fact['id']}")
            nowhere = dave.get("/v1/facts/f-00000099-deadbeef")
            assert missing.status_code == nowhere.status_code == 404
            assert missing.json()["error"] == nowhere.json()["error"] == "UnknownFactError"
            assert dave.delete(f"/v1/facts/{fact['id']}").status_code == 404
            assert dave.get(f"/v1/keys/{fact['key']}/current").status_code == 404
            assert dave.get(f"/v1/keys/{fact['key']}/history").json() == []
            replace = dave.post(
                "/v1/facts", json={"key": "x", "value": "y", "supersedes": fact["id"]}
            )
            assert replace.status_code == 404
            depend = dave.post("/v1/facts", json={"key": "x", "value": "y", "depends_on": [fact["id"]]})
            assert depend.status_code == 404
        assert dave.get("/v1/facts").json() == []
        assert dave.post(f"/v1/tasks/{task}/continue").status_code == 404
        assert dave.post(f"/v1/tasks/{task}/complete").status_code == 404
        assert dave.put(f"/v1/tasks/{task}/workspace", json={"objective": "mine"}).status_code == 404
        context = dave.post("/v1/tasks/t/context", json={"query": "What is the launch code?"})
        assert "ALPHA-7" not in context.text and "Acme Parts" not in context.text
    assert snapshot(location) == before


def test_another_user_of_the_same_organization_sees_shared_memory_only(
    server: Server, keys: Keys
) -> None:
    with server.client(keys.agent) as alice:
        private = alice.post("/v1/facts", json={"key": "seat", "value": "window"}).json()
        alice.post(
            "/v1/facts", json={"key": "vendor", "value": "Acme Parts", "memory_type": "organizational"}
        )
    with server.client(keys.user) as bob:
        assert bob.get(f"/v1/facts/{private['id']}").status_code == 404
        assert [f["key"] for f in bob.get("/v1/facts").json()] == ["vendor"]


def test_a_restricted_fact_is_missing_to_a_lower_authority(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        salary = alice.post(
            "/v1/facts",
            json={
                "key": "salary_band",
                "value": "B7",
                "memory_type": "organizational",
                "required_authority": "manager",
            },
        ).json()
    with server.client(keys.user) as bob:
        assert bob.get(f"/v1/facts/{salary['id']}").status_code == 404
        assert bob.get("/v1/keys/salary_band/current").status_code == 404
