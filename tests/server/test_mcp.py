"""The MCP server for real, driven by the mcp package's own client: `statekeeper mcp` as a
subprocess over stdio, and /mcp of the running REST server over streamable HTTP with the
REST API's keys."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult

from statekeeper import Engine
from statekeeper.server.keys import revoke_key
from tests.conftest import query, snapshot
from tests.server.conftest import Keys, Server

TOOLS = {
    "get_context",
    "observe_turn",
    "write_fact",
    "get_current_value",
    "get_fact_history",
    "forget_fact",
    "list_facts",
    "learn_lesson",
    "list_lessons",
    "consolidate_capability",
    "add_document",
    "list_documents",
    "remove_document",
}
READ_ONLY = {
    "get_context",
    "get_current_value",
    "get_fact_history",
    "list_facts",
    "list_lessons",
    "list_documents",
}
DESTRUCTIVE = {"forget_fact", "add_document", "remove_document"}  # a document: replaced
EXE = str(Path(sys.executable).with_name("statekeeper"))

Connect = Callable[..., Any]  # (org, user, authority) -> an async context of a ClientSession
Scenario = Callable[[ClientSession], Awaitable[None]]


@asynccontextmanager
async def over_stdio(
    location: str, org: str = "acme", user: str = "alice", authority: str = "manager"
) -> AsyncIterator[ClientSession]:
    command = ["mcp", "--url", location, "--org", org, "--user", user, "--authority", authority]
    params = StdioServerParameters(command=EXE, args=command)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@asynccontextmanager
async def over_http(url: str, key: str | None, header: str = "Authorization") -> AsyncIterator[
    ClientSession
]:
    headers = {} if key is None else {header: f"Bearer {key}" if header == "Authorization" else key}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as client,
        streamable_http_client(f"{url}/mcp", http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


@pytest.fixture(params=["stdio", "http"])
def connect(
    request: pytest.FixtureRequest, server: Server, keys: Keys, location: str
) -> Callable[[], Any]:
    """alice of acme (a manager; an agent key over HTTP), over one transport or the other."""
    if request.param == "stdio":
        return lambda: over_stdio(location)
    return lambda: over_http(server.url, keys.agent)


def run(connecting: Any, scenario: Scenario) -> None:
    async def main() -> None:
        async with connecting as session:
            await scenario(session)

    anyio.run(main)


async def call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    """A tool's structured result; a tool error fails the test."""
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content
    structured = result.structured_content
    assert structured is not None
    return structured.get("result", structured)


async def refused(session: ClientSession, tool: str, arguments: dict[str, Any]) -> str:
    """The text of a tool error."""
    result: CallToolResult = await session.call_tool(tool, arguments)
    assert result.is_error, result.structured_content
    text: str = result.content[0].text  # type: ignore[union-attr]
    return text


# -- every tool, on both transports ----------------------------------------------------------


def test_tools_are_listed_with_their_annotations(connect: Callable[[], Any]) -> None:
    async def scenario(session: ClientSession) -> None:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(tools) == TOOLS
        for name, tool in tools.items():
            hints = tool.annotations
            assert hints is not None and hints.open_world_hint is False
            assert hints.read_only_hint is (name in READ_ONLY)
            assert hints.destructive_hint is (name in DESTRUCTIVE)
            assert tool.description
            # The principal is never an argument (a turn's `authority` may only name the
            # principal's own rung or lower: ClaimedAuthorityError below).
            named = set(tool.input_schema["properties"])
            assert not named & {"org", "user", "role", "permissions", "principal", "api_key"}
        assert tools["write_fact"].input_schema["required"] == ["key", "value"]
        templates = (await session.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["statekeeper://history/{key}"]

    run(connect(), scenario)


def test_every_tool_and_the_history_resource(connect: Callable[[], Any]) -> None:
    async def scenario(session: ClientSession) -> None:
        first = await call(session, "write_fact", key="address", value="123 Main St, Springfield")
        second = await call(session, "write_fact", key="address", value="456 Oak Ave, Riverside")
        assert second["supersedes"] == first["id"] and first["user"] == "alice"
        current = await call(session, "get_current_value", key="address")
        assert current == {"key": "address", "value": "456 Oak Ave, Riverside"}
        history = await call(session, "get_fact_history", key="address")
        assert [f["value"] for f in history] == ["123 Main St, Springfield", "456 Oak Ave, Riverside"]
        assert [f["is_valid"] for f in history] == [False, True]
        live = await call(session, "list_facts")
        assert [f["id"] for f in live] == [second["id"]]
        assert await call(session, "list_facts", key="elsewhere") == []

        context = await call(session, "get_context", query="Where should the order ship?")
        assert "456 Oak Ave" in context["text"] and "123 Main" not in context["text"]
        assert context["tokens"] <= context["budget"]
        small = await call(session, "get_context", query="Where to?", budget=300)
        assert small["budget"] == 300

        resource = await session.read_resource("statekeeper://history/address")
        [contents] = resource.contents
        assert contents.mime_type == "application/json"
        versions = json.loads(contents.text)  # type: ignore[union-attr]
        assert [f["id"] for f in versions] == [first["id"], second["id"]]

        turn = await call(session, "observe_turn", text="Hello there.")
        assert turn["speaker"] == "alice" and turn["text"] == "Hello there."
        gone = await call(session, "forget_fact", fact_id=second["id"])
        assert gone == {"forgotten": second["id"]}
        assert await call(session, "list_facts") == []
        assert "456 Oak" not in (await call(session, "get_context", query="Ship where?"))["text"]

    run(connect(), scenario)


def test_a_correction_in_a_turn_leaves_no_old_value_in_the_context(
    connect: Callable[[], Any],
) -> None:
    async def scenario(session: ClientSession) -> None:
        await call(session, "write_fact", key="shipping_address", value="123 Main St, Springfield")
        said = "Actually, change the shipping address to 456 Oak Ave, Riverside."
        turn = await call(session, "observe_turn", text=said, task_id="order-4512")
        assert turn["fact_ids"]
        current = await call(session, "get_current_value", key="shipping_address")
        assert current["value"] == "456 Oak Ave, Riverside"
        context = await call(
            session, "get_context", query="Where does it ship?", task_id="order-4512"
        )
        assert "456 Oak Ave" in context["text"]
        assert "123 Main" not in context["text"]

    run(connect(), scenario)


BAD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("write_fact", {}, "InvalidInputError"),
    ("write_fact", {"value": "no key"}, "InvalidInputError"),
    ("write_fact", {"key": 5, "value": "x"}, "InvalidInputError"),
    ("write_fact", {"key": "", "value": "x"}, "InvalidInputError"),
    ("write_fact", {"key": "a\nb", "value": "x"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": None}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x" * 40_000}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "ttl": -5}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "scope": "everywhere"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "memory_type": "collective"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "required_authority": "emperor"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "implicit": "yes"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "expires_at": "soon"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "supersedes": "f-00000099-deadbeef"}, "UnknownFactError"),
    ("write_fact", {"key": "k", "value": "x", "user": "bob"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "org": "globex"}, "InvalidInputError"),
    ("write_fact", {"key": "k", "value": "x", "task_id": ""}, "InvalidInputError"),
    ("observe_turn", {"text": ""}, "InvalidInputError"),
    ("observe_turn", {"text": 5}, "InvalidInputError"),
    ("observe_turn", {"text": "I am the CEO now.", "authority": "executive"}, "ClaimedAuthorityError"),
    ("get_context", {"query": "where?", "budget": 0}, "InvalidInputError"),
    ("get_context", {"query": "where?", "budget": "100"}, "InvalidInputError"),
    ("get_context", {"query": "where?", "audience": "everyone"}, "InvalidInputError"),
    ("get_current_value", {"key": "nothing_here"}, "UnknownFactError"),
    ("get_fact_history", {"key": " "}, "InvalidInputError"),
    ("forget_fact", {"fact_id": "f-00000099-deadbeef"}, "UnknownFactError"),
    ("forget_fact", {"fact_id": "kept"}, "UnknownFactError"),  # a key, not a fact's id
    ("list_facts", {"key": 7}, "InvalidInputError"),
]


def test_bad_input_is_a_tool_error_and_writes_nothing(
    connect: Callable[[], Any], location: str
) -> None:
    async def scenario(session: ClientSession) -> None:
        await call(session, "write_fact", key="kept", value="as it was")
        before = snapshot(location)
        for tool, arguments, error in BAD_CALLS:
            text = await refused(session, tool, arguments)
            assert text.startswith(f"{error}: "), (tool, arguments, text)
            assert snapshot(location) == before, (tool, arguments)
        with pytest.raises(MCPError, match="InvalidInputError"):
            await session.read_resource("statekeeper://history/%20")
        assert (await call(session, "get_current_value", key="kept"))["value"] == "as it was"
        assert snapshot(location) == before

    run(connect(), scenario)


# -- HTTP: keys, roles, organizations --------------------------------------------------------


def test_no_key_a_bad_key_or_a_revoked_key_is_a_401(
    server: Server, keys: Keys, engine: Engine, location: str
) -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    key_id = keys.agent.split("_")[1]
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for headers in (
            {},
            {"Authorization": "Bearer nonsense"},
            {"Authorization": f"Bearer sk_{key_id}_wrong-secret"},
            {"X-API-Key": f"sk_{key_id}_wrong-secret"},
            {"Authorization": f"Basic {keys.agent}"},
        ):
            reply = client.post(
                "/mcp",
                json=initialize,
                headers={**headers, "Accept": "application/json, text/event-stream"},
            )
            assert reply.status_code == 401, (headers, reply.text)
            assert reply.json()["error"] == "InvalidKeyError"
            assert reply.headers["www-authenticate"] == "Bearer"

    async def connecting(key: str | None) -> None:
        async with over_http(server.url, key) as session:
            await session.list_tools()

    for key in (None, "sk_0123456789abcdef_nope"):
        assert isinstance(_failure(connecting, key), MCPError)  # the client saw the 401

    async def revoked() -> None:
        async with over_http(server.url, keys.agent, header="X-API-Key") as session:
            await call(session, "write_fact", key="before_revoking", value="kept")
            revoke_key(engine.store, "acme", key_id)
            with pytest.raises(MCPError):
                await session.call_tool("write_fact", {"key": "after", "value": "lost"})

    anyio.run(revoked)
    assert [row["key"] for row in query(location, "SELECT key FROM facts")] == ["before_revoking"]


def _failure(main: Callable[..., Awaitable[None]], *arguments: Any) -> BaseException:
    """What `main` failed with, out of anyio's exception groups."""
    with pytest.raises(BaseException) as caught:  # noqa: B017 - whatever the client raises
        anyio.run(main, *arguments)
    error = caught.value
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    return error


def test_two_organizations_are_isolated(server: Server, keys: Keys, location: str) -> None:
    async def main() -> None:
        async with over_http(server.url, keys.agent) as alice:
            secret = await call(alice, "write_fact", key="launch_code", value="ALPHA-7")
            await call(alice, "observe_turn", text="The launch code is ALPHA-7.")
        before = snapshot(location)
        async with over_http(server.url, keys.other) as dave:
            assert await call(dave, "list_facts") == []
            assert await call(dave, "get_fact_history", key="launch_code") == []
            text = await refused(dave, "get_current_value", {"key": "launch_code"})
            assert text.startswith("UnknownFactError: ")
            text = await refused(dave, "forget_fact", {"fact_id": secret["id"]})
            assert text.startswith("UnknownFactError: ")
            replace = {"key": "x", "value": "y", "supersedes": secret["id"]}
            assert (await refused(dave, "write_fact", replace)).startswith("UnknownFactError: ")
            context = await call(dave, "get_context", query="What is the launch code?")
            assert "ALPHA-7" not in context["text"]
            resource = await dave.read_resource("statekeeper://history/launch_code")
            assert json.loads(resource.contents[0].text) == []  # type: ignore[union-attr]
        assert snapshot(location) == before
        async with over_stdio(location, org="globex", user="dave") as dave:
            assert await call(dave, "list_facts") == []
            assert await call(dave, "get_fact_history", key="launch_code") == []
        assert snapshot(location) == before

    anyio.run(main)


def test_a_user_key_writes_and_forgets_only_its_own_memory(
    server: Server, keys: Keys, location: str
) -> None:
    async def main() -> None:
        async with over_http(server.url, keys.agent) as alice:
            shared = {"key": "vendor", "value": "Acme Parts", "memory_type": "organizational"}
            vendor = await call(alice, "write_fact", **shared)
        async with over_http(server.url, keys.user) as bob:
            before = snapshot(location)
            for arguments in (
                {"key": "policy", "value": "net 30", "memory_type": "organizational"},
                {"key": "vendor", "value": "Bob's Parts"},  # would replace shared memory
            ):
                text = await refused(bob, "write_fact", arguments)
                assert text.startswith("RoleError: "), text
            text = await refused(bob, "forget_fact", {"fact_id": vendor["id"]})
            assert text.startswith("RoleError: ")
            assert snapshot(location) == before
            own = await call(bob, "write_fact", key="seat", value="aisle")
            assert own["user"] == "bob" and own["memory_type"] == "user"
            await call(bob, "forget_fact", fact_id=own["id"])
            assert [f["key"] for f in await call(bob, "list_facts")] == ["vendor"]

    anyio.run(main)


def test_the_rest_api_still_answers_beside_mcp(server: Server, keys: Keys) -> None:
    with server.client(keys.agent) as alice:
        assert alice.post("/v1/facts", json={"key": "k", "value": "v"}).status_code == 201
    with server.client() as anonymous:
        assert anonymous.get("/healthz").json() == {"status": "ok"}
        assert "/mcp" not in anonymous.get("/openapi.json").json()["paths"]
