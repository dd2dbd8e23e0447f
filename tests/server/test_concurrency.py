"""Several clients of two organizations at once: no reply carries the other's data."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from statekeeper import Engine
from statekeeper.server.keys import create_key
from tests.server.conftest import Server

CLIENTS = 3
ROUNDS = 6


def test_two_organizations_at_once(server: Server, engine: Engine) -> None:
    orgs = ("acme", "globex")
    tokens = {
        (org, n): create_key(engine.store, org, f"{org}-user-{n}", "manager", "agent")[0]
        for org in orgs
        for n in range(CLIENTS)
    }

    def work(org: str, n: int) -> list[str]:
        other = "globex" if org == "acme" else "acme"
        replies: list[str] = []
        with server.client(tokens[org, n]) as client:
            for r in range(ROUNDS):
                shared = {"memory_type": "organizational"} if r % 2 else {}
                written = client.post(
                    "/v1/facts",
                    json={"key": f"note_{n}_{r}", "value": f"{org}-marker {n} {r}", **shared},
                )
                assert written.status_code == 201, written.text
                replies.append(written.text)
                replies.append(client.get("/v1/facts").text)
                replies.append(client.get(f"/v1/keys/note_{n}_{r}/history").text)
                replies.append(
                    client.post(
                        f"/v1/tasks/t{n}/turns", json={"text": f"Status from {org}-marker {n}."}
                    ).text
                )
                context = client.post(
                    f"/v1/tasks/t{n}/context", json={"query": "What are the markers and notes?"}
                )
                assert context.status_code == 200, context.text
                replies.append(context.text)
        assert not [reply for reply in replies if f"{other}-marker" in reply or f'"{other}"' in reply]
        return replies

    with ThreadPoolExecutor(max_workers=2 * CLIENTS) as pool:
        jobs = [pool.submit(work, org, n) for org in orgs for n in range(CLIENTS)]
        done = [job.result() for job in jobs]
    assert all(done)
    # each organization saw its own shared notes, from all its clients
    for org in orgs:
        with server.client(tokens[org, 0]) as client:
            values = [f["value"] for f in client.get("/v1/facts").json()]
        assert sum(1 for v in values if v.startswith(f"{org}-marker")) >= CLIENTS * (ROUNDS // 2)
        assert not [v for v in values if "marker" in v and not v.startswith(org)]
