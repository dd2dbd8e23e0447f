"""The REST application: authentication, errors as JSON, and the routes of `routes.py`.

    from statekeeper import Engine
    from statekeeper.server.app import create_app

    app = create_app(Engine.open("state.db"))   # serve with uvicorn

Every request but /healthz and the OpenAPI document needs an API key, as
`Authorization: Bearer KEY` or `X-API-Key: KEY`. The key alone says who asks: its
organization, user, authority, permissions and role; nothing in a request can change them.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Annotated

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from statekeeper.engine import Engine
from statekeeper.errors import (
    AuthorityError,
    BudgetTooSmallError,
    CycleError,
    DuplicateFactError,
    InvalidInputError,
    InvalidKeyError,
    RoleError,
    StatekeeperError,
    StoreError,
    UnknownFactError,
    UnknownKeyError,
)
from statekeeper.horizons import TaskNotFoundError
from statekeeper.knowledge import UnknownDocumentError
from statekeeper.server.keys import Holder, authenticate

# Most specific first: the first class an error is an instance of gives its status.
STATUS: tuple[tuple[type[StatekeeperError], int], ...] = (
    (InvalidKeyError, 401),
    (RoleError, 403),
    (AuthorityError, 403),  # ClaimedAuthorityError too
    (UnknownFactError, 404),
    (UnknownKeyError, 404),
    (UnknownDocumentError, 404),
    (TaskNotFoundError, 404),
    (DuplicateFactError, 409),
    (CycleError, 422),
    (BudgetTooSmallError, 422),
    (InvalidInputError, 422),
    (StoreError, 503),
)

_bearer = HTTPBearer(auto_error=False, description="An API key from `statekeeper keys create`.")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="The same key, as a header.")


def engine_of(request: Request) -> Engine:
    engine: Engine = request.app.state.engine
    return engine


def holder(
    request: Request,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    header: Annotated[str | None, Depends(_header)],
) -> Holder:
    """Who holds the request's key; InvalidKeyError (401) for none or a bad one."""
    token = bearer.credentials if bearer is not None else header
    if token is None:
        raise InvalidKeyError()
    return authenticate(engine_of(request).store, token)


def error_body(error: Exception) -> dict[str, str | None]:
    return {
        "error": type(error).__name__,
        "message": str(error),
        "field": error.field if isinstance(error, InvalidInputError) else None,
    }


def status_of(error: StatekeeperError) -> int:
    return next((code for kind, code in STATUS if isinstance(error, kind)), 400)


async def _statekeeper_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StatekeeperError)
    code = status_of(error)
    headers = {"WWW-Authenticate": "Bearer"} if code == 401 else None
    return JSONResponse(error_body(error), status_code=code, headers=headers)


async def _request_error(request: Request, error: Exception) -> JSONResponse:
    """FastAPI's own validation of a body or parameter, in the engine's error shape."""
    assert isinstance(error, RequestValidationError)
    first = error.errors()[0] if error.errors() else {}
    place = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    body = {
        "error": InvalidInputError.__name__,
        "message": f"invalid {place or 'request'}: {first.get('msg', 'malformed request')}",
        "field": place or None,
    }
    return JSONResponse(body, status_code=422)


async def _unexpected(request: Request, error: Exception) -> JSONResponse:
    body = {"error": "InternalError", "message": "the server failed to answer", "field": None}
    return JSONResponse(body, status_code=500)


def _version() -> str:
    try:
        return version("statekeeper")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0"


def create_app(engine: Engine) -> FastAPI:
    """The REST API over one engine; the caller keeps the engine and closes it."""
    from statekeeper.server import inspector, mcp, routes, routes_memory

    app = FastAPI(
        title="statekeeper",
        version=_version(),
        description="Correct memory for LLM agents: facts with supersession chains, "
        "conversation turns, capability lessons, organizational documents and "
        "token-budgeted contexts, per API key's principal.",
    )
    app.state.engine = engine
    app.add_exception_handler(StatekeeperError, _statekeeper_error)
    app.add_exception_handler(RequestValidationError, _request_error)
    app.add_exception_handler(Exception, _unexpected)

    @app.get("/healthz", tags=["health"])
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    app.include_router(routes.router, prefix="/v1", dependencies=[Depends(holder)])
    app.include_router(routes_memory.router, prefix="/v1", dependencies=[Depends(holder)])
    app.include_router(mcp.router(engine))  # MCP at /mcp, behind the same keys
    app.mount("/ui", inspector.create_inspector(engine))  # the web inspector
    return app
