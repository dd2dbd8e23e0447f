"""Commands to look inside a store and to run it as a server: API keys, `serve`, `facts`,
`history`, `context`, `export` and `import`. `cli.py` adds them to `statekeeper`."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from statekeeper.errors import StatekeeperError
from statekeeper.model import Fact, Principal, value_text

F = TypeVar("F", bound=Callable[..., Any])

_url = click.option(
    "--url",
    required=True,
    envvar="STATEKEEPER_URL",
    help="The store: a SQLite path or a postgresql:// URL (or STATEKEEPER_URL).",
)
_org = click.option("--org", required=True, help="The organization.")
_json = click.option("--json", "as_json", is_flag=True, help="JSON instead of text.")


def _principal(command: F) -> F:
    """--url, --org, --user, --authority and --task: whose eyes a read looks through."""
    for option in reversed(
        [
            _url,
            _org,
            click.option("--user", required=True, help="The user whose view to read."),
            click.option(
                "--authority",
                default="peer",
                show_default=True,
                help="The reader's authority (restricted facts need enough).",
            ),
            click.option("--task", default="default", show_default=True, help="The task."),
        ]
    ):
        command = option(command)
    return command


@contextmanager
def _failures() -> Iterator[None]:
    """The engine's errors as a command's error message and exit status 1."""
    try:
        yield
    except StatekeeperError as error:
        raise click.ClickException(f"{type(error).__name__}: {error}") from error


_maturity = click.option(
    "--maturity",
    multiple=True,
    metavar="CAPABILITY=LEVEL",
    help="The maturity in a capability (junior, senior or master; junior where not "
    "named); repeatable.",
)


def _maturities(given: tuple[str, ...]) -> dict[str, str]:
    """--maturity options as a mapping; a malformed one is a usage error."""
    found: dict[str, str] = {}
    for option in given:
        capability, sign, grade = option.partition("=")
        if not sign or not capability.strip() or not grade.strip():
            raise click.BadParameter(f"{option!r} is not CAPABILITY=LEVEL", param_hint="--maturity")
        found[capability.strip()] = grade.strip()
    return found


def _fact_line(fact: Fact) -> str:
    state = "live" if fact.is_valid else (fact.invalid_reason or "ended")
    stamp = fact.timestamp.isoformat(timespec="seconds")
    return f"{fact.key} = {value_text(fact.value)}\t[{state}] {fact.id} {stamp}"


def _facts_out(found: list[Fact], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps([f.model_dump(mode="json") for f in found], indent=2))
    else:
        for fact in found:
            click.echo(_fact_line(fact))


# -- API keys ------------------------------------------------------------------------------


@click.group()
def keys() -> None:
    """Create, list and revoke the REST server's API keys."""


@keys.command("create")
@_url
@_org
@click.option("--user", required=True, help="The user the key acts as.")
@click.option("--authority", required=True, help="The key's authority: a rung of the ladder.")
@click.option(
    "--role",
    type=click.Choice(["user", "agent", "admin"]),
    default="agent",
    show_default=True,
    help="user: reads, and writes its own memory; agent: writes shared memory too; "
    "admin: manages keys too.",
)
@click.option("--permission", "permissions", multiple=True, help="A permission; repeatable.")
@_maturity
def create_key(
    url: str,
    org: str,
    user: str,
    authority: str,
    role: str,
    permissions: tuple[str, ...],
    maturity: tuple[str, ...],
) -> None:
    """Create a key; the key itself is printed on the last line, once."""
    from statekeeper.engine import Engine
    from statekeeper.server.keys import create_key as create

    with _failures(), Engine.open(url) as engine:
        token, record = create(
            engine.store,
            org,
            user,
            authority,
            role,
            permissions,
            maturity=_maturities(maturity),
            ladder=engine.access.ladder,
        )
    grades = "".join(f", {cap} {grade.value}" for cap, grade in sorted(record.maturity.items()))
    click.echo(
        f"key {record.key_id}: {record.user} in {record.org}, {record.authority}, {role}{grades}"
    )
    click.echo(token)


@keys.command("list")
@_url
@_org
@_json
def list_keys(url: str, org: str, as_json: bool) -> None:
    """An organization's keys, revoked ones included (never their secrets)."""
    from statekeeper.engine import Engine
    from statekeeper.server.keys import list_keys as listed

    with _failures(), Engine.open(url) as engine:
        found = listed(engine.store, org)
    if as_json:
        click.echo(json.dumps([k.model_dump(mode="json") for k in found], indent=2))
        return
    for k in found:
        state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
        grades = ",".join(f"{cap}={grade.value}" for cap, grade in sorted(k.maturity.items()))
        click.echo(f"{k.key_id}\t{k.user}\t{k.authority}\t{k.role}\t{state}\t{grades or '-'}")


@keys.command("revoke")
@_url
@_org
@click.argument("key_id")
def revoke_key(url: str, org: str, key_id: str) -> None:
    """Revoke a key by its id; it stops working at once."""
    from statekeeper.engine import Engine
    from statekeeper.server.keys import revoke_key as revoke

    with _failures(), Engine.open(url) as engine:
        record = revoke(engine.store, org, key_id)
    click.echo(f"revoked {record.key_id}")


# -- the server ----------------------------------------------------------------------------


@click.command()
@_url
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
def serve(url: str, host: str, port: int) -> None:
    """Serve the REST API, and MCP at /mcp (needs the 'server' extra)."""
    try:
        from statekeeper.server.serve import serve as run
    except ImportError as error:
        raise click.ClickException(
            f"serving needs the server extra: pip install 'statekeeper[server]' ({error})"
        ) from error
    with _failures():
        run(url, host=host, port=port)



@click.command("mcp")
@_principal
@click.option("--permission", "permissions", multiple=True, help="A permission; repeatable.")
@_maturity
def mcp(
    url: str,
    org: str,
    user: str,
    authority: str,
    task: str,
    permissions: tuple[str, ...],
    maturity: tuple[str, ...],
) -> None:
    """Serve MCP on standard input and output as one principal (needs the 'server' extra);
    `serve` offers it over HTTP at /mcp, behind API keys."""
    try:
        from statekeeper.server.mcp import serve_stdio
    except ImportError as error:
        raise click.ClickException(
            f"MCP needs the server extra: pip install 'statekeeper[server]' ({error})"
        ) from error
    with _failures():
        who = Principal(org=org, user=user, authority=authority, permissions=frozenset(permissions))
        serve_stdio(url, who, task, _maturities(maturity))

# -- looking inside ------------------------------------------------------------------------


@contextmanager
def _session(url: str, org: str, user: str, authority: str, task: str) -> Iterator[Any]:
    from statekeeper.engine import Engine

    with _failures(), Engine.open(url) as engine:
        yield engine.session(Principal(org=org, user=user, authority=authority), task_id=task)


@click.command()
@_principal
@click.option("--key", help="Only the facts of this key.")
@_json
def facts(
    url: str, org: str, user: str, authority: str, task: str, key: str | None, as_json: bool
) -> None:
    """The live facts a user may read, newest first."""
    with _session(url, org, user, authority, task) as s:
        found = s.facts()
    _facts_out([f for f in found if key is None or f.key == key], as_json)


@click.command()
@click.argument("key")
@_principal
@_json
def history(url: str, org: str, user: str, authority: str, task: str, key: str, as_json: bool) -> None:
    """Every version of a key the user may see, oldest first, dead ones included."""
    with _session(url, org, user, authority, task) as s:
        found = s.history(key)
    _facts_out(found, as_json)


@click.command()
@click.argument("query")
@_principal
@click.option("--budget", type=click.IntRange(min=1), default=None, help="Token budget.")
@click.option("--audience", type=click.Choice(["internal", "external"]), default=None)
@_json
def context(
    url: str,
    org: str,
    user: str,
    authority: str,
    task: str,
    query: str,
    budget: int | None,
    audience: str | None,
    as_json: bool,
) -> None:
    """The context a query gets: its text, or with --json also what was left out and why."""
    with _session(url, org, user, authority, task) as s:
        assembled = s.context(query, budget=budget, audience=audience)
    if as_json:
        click.echo(json.dumps(assembled.model_dump(mode="json"), indent=2))
    else:
        click.echo(assembled.text)


@click.command("export")
@_url
@click.option("--org", "orgs", required=True, multiple=True, help="An organization; repeatable.")
@click.option(
    "--output",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write to this file instead of standard output.",
)
def export_(url: str, orgs: tuple[str, ...], output: Path | None) -> None:
    """Every fact of the organizations with its chain, every capability lesson and every
    document, as JSON lines."""
    from statekeeper.engine import Engine
    from statekeeper.store.transfer import dump, export_org

    with _failures(), Engine.open(url) as engine:
        texts = [t for org in orgs for t in dump(export_org(engine.store, org))]
    if output is None:
        sys.stdout.writelines(texts)
    else:
        output.write_text("".join(texts), encoding="utf-8")


@click.command("import")
@_url
@click.argument("source", type=click.File("r", encoding="utf-8"))
@click.option("--org", default=None, help="Import into this organization, not the lines' own.")
def import_(url: str, source: Any, org: str | None) -> None:
    """Import exported JSON lines (a file, or - for standard input); each organization's
    facts, lessons and documents all or none."""
    from statekeeper.engine import Engine
    from statekeeper.store.transfer import import_lines, parse

    with _failures():
        lines = parse(source)
        with Engine.open(url) as engine:
            done = import_lines(engine.store, lines, org)
    click.echo(
        f"imported {done.facts} facts, {done.lessons} lessons and {done.documents} documents"
    )


@click.command()
@_url
@_org
@click.option("--capability", required=True, help="The capability whose memory to consolidate.")
@click.option(
    "--llm",
    "llm_spec",
    metavar="PROVIDER:MODEL",
    help="Have a model write each heuristic: openai:MODEL or anthropic:MODEL (keys from "
    "OPENAI_API_KEY / ANTHROPIC_API_KEY); without it, a plain template does.",
)
@click.option("--base-url", help="Base URL of an OpenAI-compatible (or Anthropic) server.")
@click.option(
    "--similarity",
    type=click.FloatRange(min=0.0, max=1.0, min_open=True, max_open=True),
    default=None,
    help="How alike a cluster's events must be on average (cosine, 0 to 1; default 0.3).",
)
@click.option(
    "--min-cluster",
    type=click.IntRange(min=2),
    default=None,
    help="Events that make a pattern (default 3).",
)
@_json
def consolidate(
    url: str,
    org: str,
    capability: str,
    llm_spec: str | None,
    base_url: str | None,
    similarity: float | None,
    min_cluster: int | None,
    as_json: bool,
) -> None:
    """Cluster a capability's similar events into heuristics, and retire duplicated and
    low-quality lessons (kept as history). Running it again with no new event changes
    nothing."""
    from statekeeper.engine import Engine

    with _failures():
        llm = None
        if llm_spec is not None:
            from statekeeper.llm.base import client_from_spec

            try:
                llm = client_from_spec(llm_spec, base_url=base_url)
            except (ValueError, ImportError) as exc:
                raise click.ClickException(f"--llm {llm_spec}: {exc}") from exc
        with Engine.open(url) as engine:
            report = engine.consolidate(
                org=org,
                capability=capability,
                llm=llm,
                similarity=similarity,
                min_cluster=min_cluster,
            )
    if as_json:
        click.echo(json.dumps(report.model_dump(mode="json"), indent=2))
        return
    click.echo(
        f"{capability} in {org}: {report.events} events, {len(report.clusters)} clusters, "
        f"{report.heuristics_written} heuristics written, {report.events_merged} events merged, "
        f"{report.pruned} pruned ({len(report.duplicates)} duplicates, "
        f"{len(report.low_quality)} low quality)"
    )
    for cluster in report.clusters:
        click.echo(f"- {cluster.heuristic} <- {len(cluster.events)} events: {cluster.text}")


COMMANDS = [keys, serve, mcp, facts, history, context, export_, import_, consolidate]
