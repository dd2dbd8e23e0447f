"""The web inspector at /ui: what a key's principal holds, page by page, in a browser.

    app.mount("/ui", create_inspector(engine))   # create_app does this

Server-rendered HTML (Jinja2, autoescaped) with plain forms and no script at all; the
pages forbid every script by their Content-Security-Policy, so a value that looks like
markup can only ever show as text. Pages: the four layers as the key's principal sees them
(`/ui/`), a key's supersession chain as a timeline (`/ui/keys/{key}`), a context preview
(`/ui/context`), the conflicts and review queue (`/ui/review`), and forgetting a fact with
a confirmation (`/ui/facts/{id}/forget`).

Authentication is the REST API's: the same keys, checked against the store on every
request, as `Authorization: Bearer KEY`, `X-API-Key: KEY`, or the cookie the login form
sets. The cookie holds the key itself, HttpOnly, SameSite=Strict, limited to the
inspector's path and Secure over HTTPS. A signed session token was the alternative; it
was not taken because a token signed by the server outlives the key it was issued for
(revoking a key would not end its sessions until they expire), and it needs a signing
secret that every worker shares and that survives restarts. With the key in the cookie,
a revoked key stops working in the browser at the next click, and there is no secret
besides the keys themselves. The cookie is as strong as the key: it never reaches a
script (HttpOnly), another site's request (SameSite=Strict) or the REST routes (its path).

Every POST but the login carries a CSRF token, an HMAC of a fixed label under the key, and
every POST is refused when the browser says it came from another origin. What a key's role
may do is decided by the REST routes' own checks, called from here.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote, urlsplit

import jinja2
from fastapi import Depends, FastAPI, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.base import RequestResponseEndpoint

from statekeeper.context.conflicts import unresolved
from statekeeper.engine import Engine, Session
from statekeeper.errors import (
    BudgetTooSmallError,
    InvalidInputError,
    InvalidKeyError,
    RoleError,
    StatekeeperError,
    UnknownFactError,
)
from statekeeper.horizons import workspace_section
from statekeeper.model import Fact
from statekeeper.server import routes
from statekeeper.server.app import status_of
from statekeeper.server.keys import Holder, authenticate

HERE = Path(__file__).parent
COOKIE = "statekeeper_key"
_CSRF_LABEL = b"statekeeper inspector csrf v1"
AUDIENCES = ("", "internal", "external")  # "" reads the audience from the query

_HEADERS = {
    # no script may run, nothing may frame the pages, forms post only back here
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # same-origin: a form's POST still says where it came from (Origin), which is checked
    "Referrer-Policy": "same-origin",
}


class LoginNeeded(Exception):
    """No key came with a request for a page."""


class ForbiddenPost(Exception):
    """A POST without a valid CSRF token, or from another origin."""


@dataclass(frozen=True)
class Viewer:
    """Who looks: the key's holder, and the CSRF token of the key they came with."""

    holder: Holder
    csrf: str


def csrf_token(key: str) -> str:
    """The CSRF token for forms shown to the holder of `key`: who does not hold the key
    cannot compute it, and it reveals nothing of the key."""
    return hmac.new(key.encode(), _CSRF_LABEL, hashlib.sha256).hexdigest()


def _credential(request: Request) -> str:
    """The key a request came with: a header first (scripts, tests), then the cookie."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    header = request.headers.get("x-api-key", "").strip()
    if header:
        return header
    cookie = request.cookies.get(COOKIE, "")
    if cookie:
        return cookie
    raise LoginNeeded()


def viewer(request: Request) -> Viewer:
    key = _credential(request)
    holder = authenticate(_engine(request).store, key)  # InvalidKeyError: back to the login
    return Viewer(holder, csrf_token(key))


def _engine(request: Request) -> Engine:
    engine: Engine = request.app.state.engine
    return engine


def _same_origin(request: Request) -> None:
    """Refuse a POST a browser says came from another site (login CSRF included)."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if origin and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise ForbiddenPost("the form was sent from another site")


def _checked_post(request: Request, who: Viewer, token: str) -> None:
    _same_origin(request)
    if not hmac.compare_digest(token.encode(), who.csrf.encode()):
        raise ForbiddenPost("the form's CSRF token is missing or wrong; reload the page")


Viewing = Annotated[Viewer, Depends(viewer)]


# -- rendering ------------------------------------------------------------------------------


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,  # every template, whatever its name
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = _when
    env.filters["component"] = lambda text: quote(str(text), safe="")
    return env


def _when(moment: datetime | None) -> str:
    return "" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S UTC")


class Pages:
    """Renders the templates with what every page needs."""

    def __init__(self) -> None:
        self.env = _environment()

    def render(
        self,
        request: Request,
        name: str,
        values: Mapping[str, Any],
        *,
        who: Viewer | None = None,
        status: int = 200,
        task: str = "default",
    ) -> HTMLResponse:
        root = request.scope.get("root_path", "").rstrip("/")
        page = self.env.get_template(name).render(
            root=root, who=who, task=task, task_query=_task_query(task), **values
        )
        return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})


def _task_query(task: str) -> str:
    return "" if task == "default" else f"?task={quote(task, safe='')}"


# -- what the pages show ----------------------------------------------------------------------


@dataclass(frozen=True)
class Badge:
    label: str
    kind: str  # a CSS class
    title: str = ""


def badges(fact: Fact, now: datetime) -> list[Badge]:
    """What a fact's flags say, as short labels."""
    found = [Badge(fact.scope.value, "scope", "scope")]
    if fact.scope_id:
        found[0] = Badge(f"{fact.scope.value}: {fact.scope_id}", "scope", "scope")
    found.append(Badge(fact.memory_type.value, "memory", "memory type"))
    if fact.is_constraint:
        kind = f" ({fact.constraint_type.value})" if fact.constraint_type else ""
        found.append(Badge(f"constraint{kind}", "constraint", "a constraint"))
    if fact.required_authority:
        found.append(
            Badge(f"requires {fact.required_authority}", "restricted", "required authority")
        )
    for permission in sorted(fact.required_permissions):
        found.append(Badge(f"needs permission {permission}", "restricted", "required permission"))
    if fact.needs_review:
        found.append(Badge("needs review", "review", "a fact it depends on changed"))
    if fact.expires_at is not None:
        left = fact.expires_at - now
        label = "expired" if left.total_seconds() <= 0 else f"expires in {_span(left.total_seconds())}"
        found.append(Badge(label, "expiry", _when(fact.expires_at)))
    return found


def _span(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "min")):
        if seconds >= size:
            return f"{int(seconds // size)} {unit}"
    return f"{int(seconds)} s"


def writer(fact: Fact) -> str:
    return fact.source.speaker or fact.user or "the organization"


def ending(fact: Fact, chain: Mapping[str, Fact]) -> str:
    """Why a version of a key ended, in words ("" for a live one); a successor in `chain`
    (the versions this key may see) is named by its value."""
    if fact.is_valid:
        return ""
    if fact.forgotten:
        return "forgotten: its content was removed at the user's request"
    reason = fact.invalid_reason or "ended"
    successor = chain.get(fact.superseded_by or "")
    if successor is not None and not successor.forgotten:
        return f"{reason}: replaced by {successor.text!r}"
    return f"{reason}: replaced by {fact.superseded_by}" if fact.superseded_by else reason


def may_forget(who: Holder, fact: Fact) -> bool:
    """Whether the REST API's role check lets this key forget the fact."""
    try:
        routes.may_forget(who, fact)
    except RoleError:
        return False
    return True


def _session(engine: Engine, who: Viewer, task: str) -> Session:
    return engine.session(who.holder.principal, task_id=task)


# -- the application --------------------------------------------------------------------------


def create_inspector(engine: Engine) -> FastAPI:
    """The inspector as an application of its own, to mount (at /ui) beside the REST API."""
    ui = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    ui.state.engine = engine
    pages = Pages()
    ui.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @ui.middleware("http")
    async def _secure(request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        response.headers.update(_HEADERS)
        return response

    def _to_login(request: Request, message: str = "") -> Response:
        root = request.scope.get("root_path", "").rstrip("/")
        if request.method == "GET" and not message:
            response: Response = RedirectResponse(f"{root}/login", status_code=303)
        else:
            values = {"title": "Log in", "error": message}
            response = pages.render(request, "login.html", values, status=401)
        response.delete_cookie(COOKIE, path=root or "/")
        return response

    async def _login_needed(request: Request, error: Exception) -> Response:
        return _to_login(request)

    async def _bad_key(request: Request, error: Exception) -> Response:
        if request.cookies.get(COOKIE) and request.method == "GET":
            return _to_login(request)  # a revoked key's cookie: log in again
        return _to_login(request, "That key is unknown or revoked.")

    async def _forbidden(request: Request, error: Exception) -> Response:
        values = {"title": "Refused", "message": str(error), "status": 403}
        return pages.render(request, "error.html", values, status=403)

    async def _failed(request: Request, error: Exception) -> Response:
        assert isinstance(error, StatekeeperError)
        status = status_of(error)
        title = "Not found" if status == 404 else "Refused" if status == 403 else "Not done"
        if status == 404:  # as the REST API: another organization's is as missing
            message = "Nothing of that name that this key may see."
        else:
            message = str(error)
        values = {"title": title, "message": message, "status": status}
        return pages.render(request, "error.html", values, status=status)

    ui.add_exception_handler(LoginNeeded, _login_needed)
    ui.add_exception_handler(InvalidKeyError, _bad_key)
    ui.add_exception_handler(ForbiddenPost, _forbidden)
    ui.add_exception_handler(StatekeeperError, _failed)

    Task = Annotated[str, Query(description="The task whose working set and scope a page shows.")]

    # -- login ------------------------------------------------------------------------------

    @ui.get("/login", response_class=HTMLResponse)
    def login_form(request: Request) -> Response:
        return pages.render(request, "login.html", {"title": "Log in", "error": ""})

    @ui.post("/login")
    def login(request: Request, key: Annotated[str, Form()] = "") -> Response:
        _same_origin(request)
        key = key.strip()
        authenticate(engine.store, key)  # InvalidKeyError: the form again, with why
        root = request.scope.get("root_path", "").rstrip("/")
        response = RedirectResponse(f"{root}/", status_code=303)
        response.set_cookie(
            COOKIE,
            key,
            path=root or "/",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )
        return response

    @ui.post("/logout")
    def logout(request: Request, who: Viewing, csrf: Annotated[str, Form()] = "") -> Response:
        _checked_post(request, who, csrf)
        root = request.scope.get("root_path", "").rstrip("/")
        response = RedirectResponse(f"{root}/login", status_code=303)
        response.delete_cookie(COOKIE, path=root or "/")
        return response

    # -- the four layers --------------------------------------------------------------------

    @ui.get("/", response_class=HTMLResponse)
    def layers(
        request: Request, who: Viewing, task: Task = "default", forgot: str = ""
    ) -> Response:
        session = _session(engine, who, task)
        live = session.facts()  # expires what is due first
        user, task_id = who.holder.principal.user, session.where.task_id
        with engine.store.read(who.holder.principal.org) as uow:
            items = uow.items(user, task_id)
            workspace = workspace_section(uow, user, task_id)
        now = engine.now()
        values = {
            "title": "Layers",
            "identity": who.holder.principal.identity(),
            "role": who.holder.role,
            "key_id": who.holder.key_id,
            "facts": [(f, badges(f, now), may_forget(who.holder, f)) for f in live],
            "items": items,
            "turns": session.recent_turns(),
            "workspace": workspace,
            "environment": engine.environment(),
            "forgot": forgot,
            "writer": writer,
        }
        return pages.render(request, "layers.html", values, who=who, task=session.where.task_id)

    # -- a key's chain ----------------------------------------------------------------------

    @ui.get("/keys/{key:path}", response_class=HTMLResponse)
    def chain(request: Request, key: str, who: Viewing, task: Task = "default") -> Response:
        session = _session(engine, who, task)
        versions = session.history(key)
        if not versions:  # unknown, hidden or another organization's: all the same
            raise UnknownFactError(key)
        now, by_id = engine.now(), {f.id: f for f in versions}
        values = {
            "title": f"Key {key}",
            "key": key,
            "versions": [
                (f, badges(f, now), writer(f), ending(f, by_id), may_forget(who.holder, f))
                for f in versions
            ],
        }
        return pages.render(request, "chain.html", values, who=who, task=session.where.task_id)

    # -- a context preview ------------------------------------------------------------------

    @ui.get("/context", response_class=HTMLResponse)
    def context(
        request: Request,
        who: Viewing,
        task: Task = "default",
        query: str = "",
        budget: str = "",
        audience: str = "",
    ) -> Response:
        session = _session(engine, who, task)
        values: dict[str, Any] = {
            "title": "Context preview",
            "query": query,
            "budget": budget or str(engine.settings.budget),
            "audience": audience,
            "audiences": AUDIENCES,
            "error": "",
            "result": None,
        }
        if query:
            try:
                values["result"] = session.context(
                    query, budget=_budget(values["budget"]), audience=audience or None
                )
            except (InvalidInputError, BudgetTooSmallError) as error:
                values["error"] = str(error)
        status = 422 if values["error"] else 200
        return pages.render(
            request, "context.html", values, who=who, task=session.where.task_id, status=status
        )

    # -- conflicts and the review queue -----------------------------------------------------

    @ui.get("/review", response_class=HTMLResponse)
    def review(request: Request, who: Viewing, task: Task = "default") -> Response:
        session = _session(engine, who, task)
        live = session.facts()
        now = engine.now()
        values = {
            "title": "Conflicts and review",
            "conflicts": [
                [(f, badges(f, now), writer(f)) for f in group]
                for group in unresolved(live, session.authority_rank)
            ],
            "queue": [
                (f, badges(f, now), writer(f), may_forget(who.holder, f))
                for f in live
                if f.needs_review
            ],
        }
        return pages.render(request, "review.html", values, who=who, task=session.where.task_id)

    # -- forget -----------------------------------------------------------------------------

    @ui.get("/facts/{fact_id}/forget", response_class=HTMLResponse)
    def confirm_forget(
        request: Request, fact_id: str, who: Viewing, task: Task = "default"
    ) -> Response:
        fact = routes.get_fact(fact_id, who.holder, engine, task)
        routes.may_forget(who.holder, fact)
        if fact.forgotten:
            raise UnknownFactError(fact_id)
        now = engine.now()
        values = {"title": "Forget a fact", "fact": fact, "badges": badges(fact, now)}
        return pages.render(request, "forget.html", values, who=who, task=task)

    @ui.post("/facts/{fact_id}/forget")
    def forget(
        request: Request,
        fact_id: str,
        who: Viewing,
        csrf: Annotated[str, Form()] = "",
        task: Annotated[str, Form()] = "default",
    ) -> Response:
        _checked_post(request, who, csrf)
        fact = routes.get_fact(fact_id, who.holder, engine, task)
        routes.forget_fact(fact_id, who.holder, engine, task)  # the REST route's checks
        root = request.scope.get("root_path", "").rstrip("/")
        place = f"{root}/?forgot={quote(fact.key, safe='')}"
        if task != "default":
            place += f"&task={quote(task, safe='')}"
        return RedirectResponse(place, status_code=303)

    return ui


def _budget(text: str) -> int:
    try:
        budget = int(text)
    except ValueError:
        raise InvalidInputError("budget", text, "must be a positive integer") from None
    if budget <= 0:
        raise InvalidInputError("budget", budget, "must be a positive integer")
    return budget

