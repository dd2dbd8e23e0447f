"""The MCP server: a session's reads and writes as tools, over stdio or streamable HTTP.

    statekeeper mcp --url state.db --org acme --user alice --authority manager   # stdio
    statekeeper serve --url state.db                                            # HTTP at /mcp

No tool takes a principal. Over stdio it is the command line's, acting as an `agent` (whoever
runs the command can open the store anyway); over HTTP it is the request's API key's, checked
on every request as the REST routes check it (no key or a bad one: 401). Each tool is its
REST route called with the same body, so the roles' rules and the validation are the same.
A bad input or a refusal is a tool error reading `ErrorName: message`, and writes nothing.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, InputRequiredResult
from pydantic import Field, JsonValue, StrictBool, StrictInt, StrictStr, ValidationError
from starlette import types as asgi
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from statekeeper.engine import Engine
from statekeeper.errors import InvalidInputError, InvalidKeyError, StatekeeperError
from statekeeper.model import ConstraintType, Context, Fact, MemoryType, Principal, Scope, Turn
from statekeeper.server import routes
from statekeeper.server.app import error_body, status_of
from statekeeper.server.keys import Holder, authenticate, maturities
from statekeeper.server.mcp_hints import ADD, DELETE, READ, Call, Who
from statekeeper.server.mcp_memory import add_memory_tools
from statekeeper.server.schemas import ContextIn, Current, FactIn, TurnIn

TaskId = Annotated[
    StrictStr | None, Field(description="The task whose scope to use; the server's by default.")
]

HOLDER = "statekeeper.holder"  # where /mcp leaves the request key's holder in the ASGI scope
HISTORY = "statekeeper://history/{key}"

INSTRUCTIONS = (
    "Memory for this conversation. Call observe_turn with each user turn, and get_context "
    "before answering: it holds only what is current. write_fact records a fact directly; "
    "get_fact_history shows a key's earlier values, which are no longer true."
)


def reported(error: BaseException | None) -> str | None:
    """`ErrorName: message` for bad input or a refusal; None for anything unexpected."""
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "arguments"
        given = None if first["type"] == "missing" else first.get("input")
        error = InvalidInputError(field, given, first["msg"])
    if isinstance(error, StatekeeperError):
        return f"{type(error).__name__}: {error}"
    return None


class StatekeeperMCP(MCPServer[Any]):
    """MCPServer whose tool errors name the engine's error, and which refuses arguments a
    tool does not take (a `user` argument is not ignored: it is an error)."""

    def __init__(self) -> None:
        # The SDK configures the root logger when nothing has: at WARNING, not INFO.
        super().__init__("statekeeper", instructions=INSTRUCTIONS, log_level="WARNING")
        self.arguments: dict[str, set[str]] = {}

    def add_tool(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        super().add_tool(fn, *args, **kwargs)
        parameters = inspect.signature(fn).parameters
        self.arguments[kwargs.get("name") or fn.__name__] = set(parameters) - {"call"}

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Call | None = None
    ) -> CallToolResult | InputRequiredResult:
        unknown = sorted(set(arguments) - self.arguments.get(name, set(arguments)))
        if unknown:
            refused = InvalidInputError(unknown[0], arguments[unknown[0]], "is not an argument")
            raise ToolError(f"{type(refused).__name__}: {refused}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as error:
            message = reported(error.__cause__)
            if message is None:
                raise
            raise ToolError(message) from error.__cause__


def create_server(engine: Engine, who: Who, task: str = "default") -> StatekeeperMCP:
    """The tools and the history resource over `engine`, as `who` says who asks."""
    server = StatekeeperMCP()

    def asking(call: Call, task_id: str | None) -> tuple[Holder, str]:
        return who(call), task if task_id is None else task_id

    @server.tool(annotations=READ)
    def get_context(
        call: Call,
        query: StrictStr,
        budget: StrictInt | None = None,
        audience: Literal["internal", "external"] | None = None,
        capability: Annotated[
            StrictStr | None, Field(description="The capability whose lessons to include.")
        ] = None,
        task_id: TaskId = None,
    ) -> Context:
        """A fresh context for a query within a token budget: identity, the current facts,
        the task's recent turns and recalled evidence, never a value that was replaced;
        the documents the principal may read that bear on it, and with a capability, what
        was learned there."""
        holder, where = asking(call, task_id)
        ask = ContextIn(query=query, budget=budget, audience=audience, capability=capability)
        return routes.context(where, ask, holder, engine)

    @server.tool(annotations=ADD)
    def observe_turn(
        call: Call,
        text: StrictStr,
        speaker: StrictStr | None = None,
        assistant: StrictBool = False,
        authority: StrictStr | None = None,
        timestamp: datetime | None = None,
        task_id: TaskId = None,
    ) -> Turn:
        """Take in a conversation turn (by default the principal's own): it joins the recent
        turns, and what it states or corrects becomes state."""
        holder, where = asking(call, task_id)
        turn = TurnIn(
            text=text, speaker=speaker, assistant=assistant, authority=authority, timestamp=timestamp
        )
        return routes.observe(where, turn, holder, engine)

    @server.tool(annotations=ADD)
    def write_fact(
        call: Call,
        key: StrictStr,
        value: JsonValue,
        supersedes: StrictStr | None = None,
        memory_type: MemoryType | None = None,
        scope: Scope | None = None,
        scope_id: StrictStr | None = None,
        depends_on: list[StrictStr] | None = None,
        is_constraint: StrictBool | None = None,
        constraint_type: ConstraintType | None = None,
        required_authority: StrictStr | None = None,
        required_permissions: list[StrictStr] | None = None,
        ttl: Annotated[float | None, Field(description="Seconds until it expires.")] = None,
        expires_at: datetime | None = None,
        entity: StrictStr | None = None,
        slot: StrictStr | None = None,
        implicit: StrictBool = True,
        task_id: TaskId = None,
    ) -> Fact:
        """Write a fact. A new value of a key supersedes its live one (`implicit`); the old
        one stays in its history and leaves every context."""
        holder, where = asking(call, task_id)
        given: dict[str, Any] = {
            "key": key,
            "value": value,
            "supersedes": supersedes,
            "memory_type": memory_type,
            "scope": scope,
            "scope_id": scope_id,
            "depends_on": depends_on,
            "is_constraint": is_constraint,
            "constraint_type": constraint_type,
            "required_authority": required_authority,
            "required_permissions": required_permissions,
            "ttl": ttl,
            "expires_at": expires_at,
            "entity": entity,
            "slot": slot,
        }
        given["implicit"] = implicit
        fact = FactIn.model_validate({k: v for k, v in given.items() if v is not None})
        return routes.write_fact(fact, holder, engine, where)

    @server.tool(annotations=READ)
    def get_current_value(call: Call, key: StrictStr, task_id: TaskId = None) -> Current:
        """The live value at the end of a key's supersession chain (null if none is live)."""
        holder, where = asking(call, task_id)
        return routes.current(key, holder, engine, where)

    @server.tool(annotations=READ)
    def get_fact_history(call: Call, key: StrictStr, task_id: TaskId = None) -> list[Fact]:
        """Every version of a key, oldest first, replaced and expired ones included."""
        holder, where = asking(call, task_id)
        return routes.history(key, holder, engine, where)

    @server.tool(annotations=DELETE)
    def forget_fact(call: Call, fact_id: StrictStr, task_id: TaskId = None) -> dict[str, str]:
        """Forget a fact by id: its content leaves everywhere it is carried; a tombstone
        stays."""
        holder, where = asking(call, task_id)
        routes.forget_fact(fact_id, holder, engine, where)
        return {"forgotten": fact_id}

    @server.tool(annotations=READ)
    def list_facts(call: Call, key: StrictStr | None = None, task_id: TaskId = None) -> list[Fact]:
        """The live facts the principal may read in the task's scope, newest first."""
        holder, where = asking(call, task_id)
        return routes.list_facts(holder, engine, where, key)

    @server.resource(HISTORY, name="history", mime_type="application/json")
    def history(key: str, call: Call) -> str:
        """A key's versions, oldest first, as JSON."""
        holder, where = asking(call, None)
        try:
            facts = routes.history(key, holder, engine, where)
        except StatekeeperError as error:
            raise ResourceError(reported(error)) from error
        return json.dumps([fact.model_dump(mode="json") for fact in facts])

    add_memory_tools(server, engine, who)
    return server


# -- stdio ----------------------------------------------------------------------------------


def serve_stdio(
    url: str,
    principal: Principal,
    task: str = "default",
    maturity: Mapping[str, str] | None = None,
) -> None:
    """Open the store at `url` and serve MCP on standard input and output for `principal`,
    with its maturity in capabilities (junior in any other)."""
    with Engine.open(url) as engine:
        engine.session(principal, task_id=task)  # an unknown authority or bad task fails now
        holder = Holder(  # no key: the caller's
            key_id="", principal=principal, role="agent", maturity=maturities(maturity)
        )
        create_server(engine, lambda _call: holder, task).run("stdio")


# -- streamable HTTP, behind the REST API's keys --------------------------------------------


def _by_key(call: Call) -> Holder:
    request = call.request_context.request
    holder = getattr(request, "scope", {}).get(HOLDER)
    if not isinstance(holder, Holder):  # pragma: no cover - /mcp always sets it
        raise InvalidKeyError()
    return holder


def _token(request: Request) -> str | None:
    """The key as `Authorization: Bearer KEY` or else `X-API-Key: KEY`."""
    scheme, _, credentials = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    return request.headers.get("x-api-key")


class _Keyed:
    """/mcp: the request's key is checked before MCP reads a byte of it."""

    def __init__(self, engine: Engine, manager: StreamableHTTPSessionManager) -> None:
        self.engine = engine
        self.manager = manager

    async def __call__(self, scope: asgi.Scope, receive: asgi.Receive, send: asgi.Send) -> None:
        token = _token(Request(scope))
        try:
            holder = await anyio.to_thread.run_sync(authenticate, self.engine.store, token)
        except StatekeeperError as error:
            code = status_of(error)
            headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
            await JSONResponse(error_body(error), code, headers=headers)(scope, receive, send)
            return
        await self.manager.handle_request({**scope, HOLDER: holder}, receive, send)


def router(engine: Engine) -> APIRouter:
    """`/mcp` for the REST application: stateless streamable HTTP, whose session manager
    runs in the application's lifespan."""
    server = create_server(engine, _by_key)
    # Every request carries a key a browser page cannot forge, so DNS rebinding protection
    # (which would refuse any Host but localhost) adds nothing.
    server.streamable_http_app(
        stateless_http=True,
        json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    manager = server.session_manager

    @asynccontextmanager
    async def lifespan(_app: object) -> AsyncIterator[None]:
        async with manager.run():
            yield

    mounted = APIRouter(lifespan=lifespan)
    endpoint = _Keyed(engine, manager)
    mounted.routes.append(
        Route("/mcp", endpoint, methods=["GET", "POST", "DELETE"], include_in_schema=False)
    )
    return mounted
