"""The MCP tools for capability lessons and documents, over stdio and over /mcp with the
REST API's keys: the same roles, the key's maturity, the documents' readers."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from statekeeper import Principal
from statekeeper.server.keys import create_key
from tests.conftest import snapshot
from tests.server.conftest import Keys, Server
from tests.server.test_mcp import EXE, call, over_http, over_stdio, refused, run

CAROL = Principal(org="acme", user="carol", authority="executive")

LATE = [
    "The client said the meeting invite arrived too late",
    "Invite for the board meeting went out too late, the client complained",
    "Client complained the invite came late for the quarterly meeting",
]


@pytest.fixture(params=["stdio", "http"])
def connect(
    request: pytest.FixtureRequest, server: Server, keys: Keys, location: str
) -> Callable[[], Any]:
    """alice of acme (a manager, junior in every capability; an agent key over HTTP)."""
    if request.param == "stdio":
        return lambda: over_stdio(location)
    return lambda: over_http(server.url, keys.agent)


def test_lessons_consolidation_and_documents(connect: Callable[[], Any]) -> None:
    async def scenario(session: ClientSession) -> None:
        for said in [*LATE, "ok"]:
            lesson = await call(session, "learn_lesson", capability="calendar", text=said)
            assert (lesson["level"], lesson["maturity"], lesson["added_by"]) == (
                "event",
                "junior",
                "alice",
            )
        told = await refused(
            session,
            "learn_lesson",
            {"capability": "calendar", "text": "Book early", "level": "strategy"},
        )
        assert told.startswith("MaturityError: a junior agent may not write a strategy")
        sneaky = {"capability": "calendar", "text": "Book early", "maturity": "master"}
        assert "is not an argument" in await refused(session, "learn_lesson", sneaky)
        report = await call(session, "consolidate_capability", capability="calendar")
        assert report["heuristics_written"] == 1 and report["events_merged"] == 3
        again = await call(session, "consolidate_capability", capability="calendar")
        assert again["clusters"] == []
        [rule] = await call(session, "list_lessons", capability="calendar", level="heuristic")
        history = await call(session, "list_lessons", capability="calendar", history=True)
        assert {x["merged_into"] for x in history if x["status"] == "merged"} == {rule["id"]}

        added = await call(
            session,
            "add_document",
            doc_id="handbook",
            text="Refunds are issued within 14 days.",
            acl=["authority:manager"],
        )
        assert added["acl"] == ["authority:manager"]
        assert [d["id"] for d in await call(session, "list_documents")] == ["handbook"]
        context = await call(
            session,
            "get_context",
            query="When should the invite go out, and how fast are refunds?",
            capability="calendar",
        )
        assert rule["text"] in context["text"] and "14 days" in context["text"]
        assert await call(session, "remove_document", doc_id="handbook") == {"removed": "handbook"}
        assert await call(session, "list_documents") == []
        gone = await refused(session, "remove_document", {"doc_id": "handbook"})
        assert gone.startswith("UnknownDocumentError")

    run(connect(), scenario)


def test_stdio_takes_its_maturity_from_the_command_line(location: str) -> None:
    async def scenario(session: ClientSession) -> None:
        made = await call(
            session,
            "learn_lesson",
            capability="calendar",
            text="Protect mornings",
            level="strategy",
        )
        assert made["maturity"] == "master"
        told = await refused(
            session,
            "learn_lesson",
            {"capability": "sales", "text": "Ask twice", "level": "heuristic"},
        )
        assert told.startswith("MaturityError")

    run(over_stdio_with(location, "calendar=master"), scenario)


@asynccontextmanager
async def over_stdio_with(location: str, maturity: str) -> AsyncIterator[ClientSession]:
    """`statekeeper mcp` as alice of acme, with a maturity given on its command line."""
    command = [
        "mcp",
        "--url",
        location,
        "--org",
        "acme",
        "--user",
        "alice",
        "--authority",
        "manager",
        "--maturity",
        maturity,
    ]
    params = StdioServerParameters(command=EXE, args=command)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def test_a_user_key_writes_no_shared_memory(server: Server, keys: Keys, location: str) -> None:
    async def scenario(session: ClientSession) -> None:
        for tool, arguments in (
            ("learn_lesson", {"capability": "calendar", "text": "The invite went out late"}),
            ("consolidate_capability", {"capability": "calendar"}),
            ("add_document", {"doc_id": "memo", "text": "Lunch is at noon."}),
            ("remove_document", {"doc_id": "handbook"}),
        ):
            assert (await refused(session, tool, arguments)).startswith("RoleError")
        assert [d["id"] for d in await call(session, "list_documents")] == ["handbook"]
        assert await call(session, "list_lessons", capability="calendar") == []

    server.engine.session(CAROL).add_document("handbook", "Refunds take 14 days.")
    before = snapshot(location)
    run(over_http(server.url, keys.user), scenario)
    assert snapshot(location) == before


def test_a_keys_maturity_holds_over_http(server: Server) -> None:
    senior = create_key(
        server.engine.store, "acme", "sam", "peer", "agent", maturity={"calendar": "senior"}
    )[0]

    async def scenario(session: ClientSession) -> None:
        made = await call(
            session,
            "learn_lesson",
            capability="calendar",
            text="Send invites a week ahead",
            level="heuristic",
        )
        assert made["maturity"] == "senior"
        told = await refused(
            session,
            "learn_lesson",
            {"capability": "calendar", "text": "Own mornings", "level": "strategy"},
        )
        assert told.startswith("MaturityError")

    run(over_http(server.url, senior), scenario)


@pytest.mark.parametrize(
    ("tool", "arguments", "said"),
    [
        ("learn_lesson", {"capability": "calendar", "text": ""}, "InvalidInputError"),
        ("learn_lesson", {"capability": "cal\nendar", "text": "Late invite"}, "InvalidInputError"),
        (
            "learn_lesson",
            {"capability": "calendar", "text": "Late", "level": "epic"},
            "InvalidInputError",
        ),
        ("list_lessons", {"capability": "calendar", "level": "epic"}, "InvalidInputError"),
        (
            "consolidate_capability",
            {"capability": "calendar", "min_cluster": 1},
            "InvalidInputError",
        ),
        ("add_document", {"doc_id": "a", "text": "Refunds.", "acl": []}, "InvalidInputError"),
        (
            "add_document",
            {"doc_id": "a", "text": "Refunds.", "acl": ["root:all"]},
            "InvalidInputError",
        ),
        ("add_document", {"doc_id": "a", "text": "Refunds.", "org": "globex"}, "InvalidInputError"),
        ("get_context", {"query": "x", "capability": ""}, "InvalidInputError"),
    ],
)
def test_bad_input_is_a_tool_error_and_writes_nothing(
    server: Server, keys: Keys, location: str, tool: str, arguments: dict[str, Any], said: str
) -> None:
    before = snapshot(location)

    async def scenario(session: ClientSession) -> None:
        assert (await refused(session, tool, arguments)).startswith(said)

    run(over_http(server.url, keys.agent), scenario)
    assert snapshot(location) == before
