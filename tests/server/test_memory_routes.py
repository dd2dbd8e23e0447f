"""Capability lessons, consolidation and documents over real HTTP: the key's role decides
who writes shared memory, the key's maturity what lessons it may write, the documents'
readers what each key sees; bad input is a 422 and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from statekeeper import Document, Engine, Principal
from statekeeper.server.keys import create_key
from tests.conftest import Clock, snapshot
from tests.server.conftest import Keys, Server, serving

LATE = [
    "The client said the meeting invite arrived too late",
    "Invite for the board meeting went out too late, the client complained",
    "Client complained the invite came late for the quarterly meeting",
]


def _key(engine: Engine, user: str = "sam", role: str = "agent", **maturity: str) -> str:
    return create_key(engine.store, "acme", user, "manager", role, maturity=maturity)[0]


def _learn(client: Any, text: str, level: str = "event", capability: str = "calendar") -> Any:
    return client.post(
        f"/v1/capabilities/{capability}/lessons", json={"text": text, "level": level}
    )


def _error(reply: Any, status: int, name: str) -> dict[str, Any]:
    assert reply.status_code == status, reply.text
    body: dict[str, Any] = reply.json()
    assert body["error"] == name, body
    return body


def test_the_routes_are_described(server: Server) -> None:
    with server.client() as anyone:
        paths = set(anyone.get("/openapi.json").json()["paths"])
    assert {
        "/v1/capabilities/{capability}/lessons",
        "/v1/capabilities/{capability}/consolidate",
        "/v1/documents",
        "/v1/documents/{doc_id}",
    } <= paths


# -- lessons: maturity from the key -----------------------------------------------------------


def test_a_key_writes_what_its_maturity_allows(server: Server, keys: Keys, location: str) -> None:
    with server.client(keys.agent) as junior:  # no maturity named: junior everywhere
        made = _learn(junior, LATE[0])
        assert made.status_code == 201, made.text
        lesson = made.json()
        assert (lesson["level"], lesson["capability"], lesson["org"]) == (
            "event",
            "calendar",
            "acme",
        )
        assert lesson["maturity"] == "junior" and lesson["added_by"] == "alice"
        before = snapshot(location)
        refused = _error(
            _learn(junior, "Send invites a week ahead", "heuristic"), 403, "MaturityError"
        )
        assert "junior" in refused["message"] and "heuristic" in refused["message"]
        # The request names no maturity: a field for it is refused, a parameter ignored.
        sneaky = junior.post(
            "/v1/capabilities/calendar/lessons",
            json={"text": "Protect mornings", "level": "strategy", "maturity": "master"},
        )
        _error(sneaky, 422, "InvalidInputError")
        ignored = junior.post(
            "/v1/capabilities/calendar/lessons?maturity=master",
            json={"text": "Protect mornings", "level": "strategy"},
        )
        _error(ignored, 403, "MaturityError")
        assert snapshot(location) == before
    senior = _key(server.engine, calendar="senior")
    with server.client(senior) as s:
        assert _learn(s, "Send invites a week ahead", "heuristic").status_code == 201
        _error(_learn(s, "Protect mornings", "strategy"), 403, "MaturityError")
        _error(_learn(s, "Offer a discount last", "heuristic", "sales"), 403, "MaturityError")
    with server.client(_key(server.engine, "max", calendar="master")) as master:
        assert _learn(master, "Protect the executives' mornings", "strategy").status_code == 201
        listed = master.get("/v1/capabilities/calendar/lessons").json()
        assert [x["level"] for x in listed] == ["strategy", "heuristic", "event"]
        only = master.get("/v1/capabilities/calendar/lessons", params={"level": "heuristic"}).json()
        assert [x["text"] for x in only] == ["Send invites a week ahead"]


def test_a_user_key_reads_lessons_and_writes_none(
    server: Server, keys: Keys, location: str
) -> None:
    with server.client(keys.agent) as alice:
        for said in LATE:
            _learn(alice, said)
    before = snapshot(location)
    with server.client(keys.user) as bob:
        assert len(bob.get("/v1/capabilities/calendar/lessons").json()) == 3
        _error(_learn(bob, "Meetings run long"), 403, "RoleError")
        _error(bob.post("/v1/capabilities/calendar/consolidate"), 403, "RoleError")
    assert snapshot(location) == before


def test_consolidation_over_http(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        for said in [*LATE, "ok"]:
            _learn(alice, said)
        report = alice.post("/v1/capabilities/calendar/consolidate")
        assert report.status_code == 200, report.text
        done = report.json()
        assert (done["heuristics_written"], done["events_merged"], done["low_quality"]) == (
            1,
            3,
            [done["low_quality"][0]],
        )
        again = alice.post("/v1/capabilities/calendar/consolidate", json={"min_cluster": 3})
        assert again.json()["clusters"] == [] and again.json()["heuristics_written"] == 0
        history = alice.get("/v1/capabilities/calendar/lessons", params={"history": "true"}).json()
        [rule] = [x for x in history if x["origin"] == "consolidation"]
        assert {x["merged_into"] for x in history if x["status"] == "merged"} == {rule["id"]}
        told = alice.post(
            "/v1/tasks/default/context",
            json={"query": "When should the invite go out?", "capability": "calendar"},
        ).json()["text"]
        assert rule["text"] in told
        plain = alice.post(
            "/v1/tasks/default/context", json={"query": "When should the invite go out?"}
        )
        assert rule["text"] not in plain.json()["text"]
    with server.client(keys.other) as globex:  # another organization: nothing of acme's
        assert globex.get("/v1/capabilities/calendar/lessons").json() == []


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("post", "/v1/capabilities/calendar/lessons", {"text": ""}, "text"),
        ("post", "/v1/capabilities/calendar/lessons", {"text": "x" * 40_000}, "text"),
        ("post", "/v1/capabilities/calendar/lessons", {"text": "nul \x00"}, "text"),
        ("post", "/v1/capabilities/calendar/lessons", {"text": 42}, "text"),
        ("post", "/v1/capabilities/calendar/lessons", {}, "text"),
        (
            "post",
            "/v1/capabilities/calendar/lessons",
            {"text": "ok then", "level": "epic"},
            "level",
        ),
        ("post", "/v1/capabilities/cal%0Aendar/lessons", {"text": "A late invite"}, "capability"),
        ("post", "/v1/capabilities/%20/lessons", {"text": "A late invite"}, "capability"),
        ("get", "/v1/capabilities/calendar/lessons?level=epic", None, "level"),
        ("get", "/v1/capabilities/calendar/lessons?history=maybe", None, "history"),
        ("post", "/v1/capabilities/calendar/consolidate", {"similarity": 1.5}, "similarity"),
        ("post", "/v1/capabilities/calendar/consolidate", {"similarity": "high"}, "similarity"),
        ("post", "/v1/capabilities/calendar/consolidate", {"min_cluster": 1}, "min_cluster"),
        ("post", "/v1/capabilities/calendar/consolidate", {"llm": "openai:gpt"}, "llm"),
        ("post", "/v1/tasks/default/context", {"query": "x", "capability": ""}, "capability"),
        ("post", "/v1/documents", {"id": "a", "text": ""}, "text"),
        ("post", "/v1/documents", {"id": "", "text": "Refunds take 14 days."}, "doc_id"),
        ("post", "/v1/documents", {"id": "a\nb", "text": "Refunds take 14 days."}, "doc_id"),
        ("post", "/v1/documents", {"id": "a", "text": "Refunds.", "acl": "user:bob"}, "acl"),
        ("post", "/v1/documents", {"id": "a", "text": "Refunds.", "acl": []}, "acl"),
        ("post", "/v1/documents", {"id": "a", "text": "Refunds.", "acl": ["root:all"]}, "acl[0]"),
        (
            "post",
            "/v1/documents",
            {"id": "a", "text": "Refunds.", "acl": ["authority:emperor"]},
            "acl[0]",
        ),
        ("post", "/v1/documents", {"id": "a", "text": "Refunds.", "source": " "}, "source"),
        ("post", "/v1/documents", {"id": "a", "text": "Refunds.", "owner": "carol"}, "owner"),
        (
            "post",
            "/v1/api-keys",
            {"user": "zed", "authority": "peer", "maturity": {"calendar": "guru"}},
            "maturity",
        ),
        (
            "post",
            "/v1/api-keys",
            {"user": "zed", "authority": "peer", "maturity": ["calendar"]},
            "maturity",
        ),
    ],
)
def test_bad_input_is_a_422_and_writes_nothing(
    server: Server, keys: Keys, location: str, method: str, path: str, body: Any, field: str
) -> None:
    with server.client(keys.admin) as carol:
        _learn(carol, LATE[0])
        before = snapshot(location)
        reply = carol.request(method, path, json=body)
        error = _error(reply, 422, "InvalidInputError")
        assert error["field"] is not None and field in error["field"], error
    assert snapshot(location) == before


def test_an_admin_grants_maturity_with_a_key(server: Server, keys: Keys) -> None:
    with server.client(keys.admin) as carol:
        made = carol.post(
            "/v1/api-keys",
            json={"user": "max", "authority": "peer", "maturity": {"calendar": "Master"}},
        )
        assert made.status_code == 201, made.text
        assert made.json()["maturity"] == {"calendar": "master"}
        listed = {k["user"]: k["maturity"] for k in carol.get("/v1/api-keys").json()}
        assert listed == {"alice": {}, "bob": {}, "carol": {}, "max": {"calendar": "master"}}
    with server.client(made.json()["api_key"]) as master:
        assert _learn(master, "Protect the executives' mornings", "strategy").status_code == 201


# -- documents ------------------------------------------------------------------------------


def test_documents_are_added_listed_read_and_removed(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        made = alice.post(
            "/v1/documents",
            json={
                "id": "wiki/hr/handbook",
                "text": "Refunds are issued within 14 days.",
                "source": "wiki/hr",
                "acl": ["user:bob", "authority:manager"],
            },
        )
        assert made.status_code == 201, made.text
        document = made.json()
        assert document["acl"] == ["authority:manager", "user:bob"]  # in order, always
        assert (document["chunks"], document["added_by"], document["org"]) == (1, "alice", "acme")
        assert [d["id"] for d in alice.get("/v1/documents").json()] == ["wiki/hr/handbook"]
        assert alice.get("/v1/documents/wiki/hr/handbook").json() == document
        told = alice.post("/v1/tasks/default/context", json={"query": "How fast are refunds?"})
        assert "14 days" in told.json()["text"]
        assert alice.delete("/v1/documents/wiki/hr/handbook").status_code == 204
        _error(alice.get("/v1/documents/wiki/hr/handbook"), 404, "UnknownDocumentError")
        _error(alice.delete("/v1/documents/wiki/hr/handbook"), 404, "UnknownDocumentError")
        assert alice.get("/v1/documents").json() == []


def test_readers_see_only_what_they_may_and_users_write_nothing(
    server: Server, keys: Keys, location: str
) -> None:
    with server.client(keys.admin) as carol:
        assert (
            carol.post(
                "/v1/documents", json={"id": "handbook", "text": "Refunds take 14 days."}
            ).status_code
            == 201
        )
        board = {
            "id": "board",
            "text": "The merger closes in March.",
            "acl": ["authority:executive"],
        }
        assert carol.post("/v1/documents", json=board).status_code == 201
    before = snapshot(location)
    with server.client(keys.user) as bob:  # a peer, with a user key
        assert [d["id"] for d in bob.get("/v1/documents").json()] == ["handbook"]
        _error(bob.get("/v1/documents/board"), 404, "UnknownDocumentError")
        told = bob.post("/v1/tasks/default/context", json={"query": "When does the merger close?"})
        assert "March" not in told.text and "board" not in told.text
        _error(
            bob.post("/v1/documents", json={"id": "memo", "text": "Lunch is at noon."}),
            403,
            "RoleError",
        )
        _error(bob.delete("/v1/documents/handbook"), 403, "RoleError")
    with server.client(keys.agent) as alice:  # a manager may not read the board's document,
        _error(alice.get("/v1/documents/board"), 404, "UnknownDocumentError")
        replaced = alice.post("/v1/documents", json={"id": "board", "text": "Nothing to see."})
        _error(replaced, 404, "UnknownDocumentError")  # so there is none to replace
        _error(alice.delete("/v1/documents/board"), 404, "UnknownDocumentError")
    with server.client(keys.other) as dave:  # another organization
        assert dave.get("/v1/documents").json() == []
        _error(dave.get("/v1/documents/handbook"), 404, "UnknownDocumentError")
    assert snapshot(location) == before


def test_a_permission_checker_is_asked_on_every_request(
    store_location: Callable[[str], str], clock: Clock
) -> None:
    allowed: set[tuple[str, str]] = {("alice", "memo")}
    asked: list[tuple[str, str]] = []

    def directory(principal: Principal, document: Document) -> bool:
        asked.append((principal.user, document.id))
        return (principal.user, document.id) in allowed

    with Engine.open(store_location("checked.db"), clock=clock, permissions=directory) as engine:
        key = _key(engine, "alice")
        with serving(engine) as server, server.client(key) as alice:
            assert (
                alice.post(
                    "/v1/documents", json={"id": "memo", "text": "Lunch is at noon."}
                ).status_code
                == 201
            )
            assert [d["id"] for d in alice.get("/v1/documents").json()] == ["memo"]
            allowed.clear()  # the directory changed: the next request knows
            assert alice.get("/v1/documents").json() == []
            _error(alice.get("/v1/documents/memo"), 404, "UnknownDocumentError")
            told = alice.post("/v1/tasks/default/context", json={"query": "When is lunch?"})
            assert "noon" not in told.json()["text"]
    assert asked.count(("alice", "memo")) >= 4
