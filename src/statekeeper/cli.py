"""The `statekeeper` command line."""

from __future__ import annotations

import json
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from statekeeper.bench.dataset import DatasetError, load
from statekeeper.commands import COMMANDS
from statekeeper.errors import StatekeeperError

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from statekeeper.bench.conversations import Conversation
    from statekeeper.bench.recall import Target
    from statekeeper.bench.run import StrategyRun
    from statekeeper.llm.base import LLMClient


_ANSWER_OPTIONS = [
    click.option(
        "--answer-with",
        "answer_with",
        metavar="PROVIDER:MODEL",
        help="Also have a model answer from each context: openai:MODEL or "
        "anthropic:MODEL (keys from OPENAI_API_KEY / ANTHROPIC_API_KEY).",
    ),
    click.option("--base-url", help="Base URL of an OpenAI-compatible (or Anthropic) server."),
    click.option(
        "--results",
        type=click.Path(path_type=Path, dir_okay=False),
        help="JSONL file of model answers; a rerun skips what was already answered.",
    ),
    click.option(
        "--concurrency",
        type=click.IntRange(min=1),
        default=4,
        show_default=True,
        help="Model calls in flight at once.",
    ),
]


def _answer_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options every bench command takes to have a model answer from its contexts."""
    for option in reversed(_ANSWER_OPTIONS):
        command = option(command)
    return command


@click.group()
@click.version_option(package_name="statekeeper", prog_name="statekeeper")
def main() -> None:
    """statekeeper: correct memory for LLM agents."""


for _command in COMMANDS:
    main.add_command(_command)


@main.command()
@click.option(
    "--db",
    type=click.Path(path_type=Path),
    default=Path("statekeeper-demo.db"),
    show_default=True,
    help="The SQLite file the demo writes (replaced on each run).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=100),
    default=600,
    show_default=True,
    help="Token budget of each context.",
)
def demo(db: Path, budget: int) -> None:
    """Replay a working day at an online outfitter and show each context."""
    from statekeeper.demo import run

    run(db, budget=budget)


@main.command("erase-user")
@click.option("--url", required=True, help="The store: a SQLite path or a postgresql:// URL.")
@click.option("--org", required=True, help="The user's organization.")
@click.option("--user", required=True, help="The user to erase.")
@click.option("--yes", is_flag=True, help="Erase without asking first.")
def erase_user(url: str, org: str, user: str, yes: bool) -> None:
    """Erase a user: their facts, turns, transcript, working items, profile and workspaces.
    One log entry with no personal data stays."""
    from statekeeper.engine import Engine

    if not yes:
        click.confirm(f"Erase everything of user {user!r} in {org!r}?", abort=True)
    try:
        with Engine.open(url) as engine:
            done = engine.erase_user(org, user)
    except StatekeeperError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"erased {user} in {org}: {done.facts} facts, {done.turns} turns")


@main.group()
def bench() -> None:
    """Measure state correctness on benchmark data."""


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    )


def _advance(progress: Progress, task: TaskID, _record: object) -> None:
    progress.advance(task)


@bench.command("statebench")
@click.option(
    "--data",
    "data",
    type=click.Path(path_type=Path),
    required=True,
    help="A StateBench JSONL file, or a directory of *.jsonl files.",
)
@click.option(
    "--strategy",
    "strategies",
    multiple=True,
    default=("statekeeper",),
    show_default=True,
    help="Strategy to replay; repeat to compare side by side. A registry name "
    "(statekeeper, transcript_replay, latest_wins, no_memory) or module:Class.",
)
@click.option(
    "--json",
    "json_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the metrics, keyed by strategy, to this JSON file.",
)
@click.option(
    "--plot",
    "plot_out",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write a recall-against-exposure PNG to this file.",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=None,
    help="Token budget handed to each strategy (its own default otherwise).",
)
@click.option("--strict", is_flag=True, help="Fail on the first malformed timeline line.")
@click.option(
    "--limit", type=click.IntRange(min=1), default=None, help="Replay only the first N timelines."
)
@_answer_options
@click.option(
    "--details",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write one JSON line per strategy and query: the context, and which phrases "
    "were missing or exposed.",
)
@click.option(
    "--store-url",
    metavar="URL",
    help="Where the statekeeper strategy keeps its state (a postgresql:// URL, say); "
    "a private temporary SQLite file by default.",
)
@click.option(
    "--download",
    is_flag=True,
    help="First fetch parslee/statebench from the Hugging Face hub into --data.",
)
def statebench(
    data: Path,
    strategies: tuple[str, ...],
    json_out: Path | None,
    plot_out: Path | None,
    budget: int | None,
    strict: bool,
    limit: int | None,
    answer_with: str | None,
    base_url: str | None,
    results: Path | None,
    concurrency: int,
    store_url: str | None,
    download: bool,
    details: Path | None,
) -> None:
    """Replay StateBench timelines and score each strategy's contexts (docs/conformance.md)."""
    from statekeeper.bench.report import print_report
    from statekeeper.bench.run import run_strategy
    from statekeeper.bench.strategies import StrategyUnavailableError

    out, err = _consoles()
    if download:
        from statekeeper.bench.download import DownloadError
        from statekeeper.bench.download import download as fetch

        try:
            files = fetch(data)
        except DownloadError as exc:
            raise click.ClickException(f"download failed: {exc}") from exc
        err.print(f"downloaded {', '.join(f.name for f in files)} into {data}")
    try:
        dataset = load(data, strict=strict, limit=limit)
    except (DatasetError, FileNotFoundError) as exc:
        raise click.ClickException(str(exc)) from exc
    for error in dataset.errors[:20]:
        err.print(f"[yellow]skipped[/] {error}", highlight=False, markup=True)
    if len(dataset.errors) > 20:
        err.print(f"[yellow]... {len(dataset.errors) - 20} more errors[/]")
    if not dataset.records:
        raise click.ClickException(f"no valid timelines in {data}")

    names = list(dict.fromkeys(strategies))
    runs: list[StrategyRun] = []
    started = time.perf_counter()
    with _progress(err) as progress:
        for name in names:
            task = progress.add_task(f"replay {name}", total=len(dataset.records))
            try:
                run = run_strategy(
                    name,
                    dataset.records,
                    budget,
                    on_timeline=partial(_advance, progress, task),
                    store_url=store_url,
                )
            except StrategyUnavailableError as exc:
                raise click.ClickException(str(exc)) from exc
            runs.append(run)
        if answer_with:
            _answer(runs, answer_with, base_url, results, concurrency, progress)
    wall = time.perf_counter() - started

    print_report(out, runs)
    out.print(
        f"{len(dataset.records)} timelines, {dataset.query_count} queries, "
        f"{len(names)} {'strategy' if len(names) == 1 else 'strategies'} in {wall:.2f} s",
        highlight=False,
    )
    if details is not None:
        with details.open("w", encoding="utf-8") as handle:
            for run in runs:
                for line in run.details():
                    handle.write(json.dumps(line, ensure_ascii=False) + "\n")
    if json_out is not None:
        json_out.write_text(json.dumps({r.name: r.to_json() for r in runs}, indent=2) + "\n")
    if plot_out is not None:
        from statekeeper.bench.plot import write_plot

        try:
            write_plot(runs, plot_out)
        except ImportError as exc:
            raise _plot_needs_matplotlib(exc) from exc


def _answer(
    runs: list[StrategyRun],
    spec: str,
    base_url: str | None,
    results: Path | None,
    concurrency: int,
    progress: Progress,
) -> None:
    from statekeeper.bench.answer import answer_queries, score_answers
    from statekeeper.llm.base import LLMError

    client = _client(spec, base_url)
    for run in runs:
        task = progress.add_task(f"answer {run.name}", total=len(run.contexts))
        try:
            answers = answer_queries(
                run.name,
                run.contexts,
                client,
                results=results,
                concurrency=concurrency,
                on_answer=partial(progress.advance, task),
            )
        except LLMError as exc:
            raise _model_failed(exc, results) from exc
        run.response = score_answers(run.contexts, answers)


# -- long real conversations: LoCoMo and LongMemEval ---------------------------------------


def _recall_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options `bench locomo` and `bench longmemeval` share."""
    options = [
        click.option(
            "--data",
            "data",
            type=click.Path(path_type=Path, dir_okay=False),
            required=True,
            help="The dataset's JSON file.",
        ),
        click.option(
            "--budget",
            type=click.IntRange(min=1),
            default=8000,
            show_default=True,
            help="Token budget (cl100k_base) of every method's context.",
        ),
        click.option(
            "--limit",
            type=click.IntRange(min=1),
            default=None,
            help="Replay only the first N conversations (instances).",
        ),
        click.option(
            "--category",
            "categories",
            multiple=True,
            help="Only questions of this category (LoCoMo: 1-5; LongMemEval: a question "
            "type or 'abstention'); repeat for several.",
        ),
        click.option(
            "--json",
            "json_out",
            type=click.Path(path_type=Path, dir_okay=False),
            help="Write the figures, keyed by method, to this JSON file.",
        ),
        click.option(
            "--details",
            type=click.Path(path_type=Path, dir_okay=False),
            help="Write one JSON line per question and method, with its context.",
        ),
        click.option(
            "--plot",
            "plot_out",
            type=click.Path(path_type=Path, dir_okay=False),
            help="Write a bar chart of answer-in-context per category to this PNG file.",
        ),
        click.option(
            "--url",
            help="Replay statekeeper's side into this store (a postgresql:// URL), an "
            "organization of its own per conversation, erased after; a temporary SQLite "
            "file per conversation otherwise.",
        ),
        click.option(
            "--embed-with",
            "embed_model",
            metavar="MODEL",
            help="Embed facts and turns with this model of an OpenAI-compatible "
            "/v1/embeddings server (needs --url with pgvector, and --embed-dimensions).",
        ),
        click.option(
            "--embed-dimensions", type=click.IntRange(min=1), help="The embedding model's size."
        ),
        click.option(
            "--embed-base-url",
            help="Base URL of the embeddings server (OPENAI_API_KEY is sent, if set).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return _answer_options(command)


def _target(
    url: str | None,
    embed_model: str | None,
    embed_dimensions: int | None,
    embed_base_url: str | None,
) -> Target:
    """Where statekeeper's side is replayed, checked before any replay starts."""
    from statekeeper.bench.recall import Target

    if embed_model is None:
        return Target(url)
    if url is None or embed_dimensions is None:
        raise click.UsageError("--embed-with needs --url and --embed-dimensions")
    from statekeeper.llm.embeddings import OpenAIEmbedder

    try:
        return Target(url, OpenAIEmbedder(embed_model, embed_dimensions, base_url=embed_base_url))
    except StatekeeperError as exc:
        raise click.ClickException(str(exc)) from exc


@bench.command("locomo")
@_recall_options
def locomo(**options: Any) -> None:
    """Replay LoCoMo conversations; compare statekeeper, bm25 and last_n on each question."""
    from statekeeper.bench.conversations import LOCOMO_CATEGORIES, load_locomo

    _recall("conversations", load_locomo, LOCOMO_CATEGORIES, **options)


@bench.command("longmemeval")
@_recall_options
def longmemeval(**options: Any) -> None:
    """Replay LongMemEval instances; compare statekeeper, bm25 and last_n on each question.
    Knowledge-update questions also report how often a context shows a superseded value."""
    from statekeeper.bench.conversations import load_longmemeval

    _recall("instances", load_longmemeval, {}, **options)


def _recall(
    unit: str,
    loader: Callable[..., list[Conversation]],
    labels: Mapping[str, str],
    *,
    data: Path,
    budget: int,
    limit: int | None,
    categories: tuple[str, ...],
    json_out: Path | None,
    details: Path | None,
    plot_out: Path | None,
    answer_with: str | None,
    base_url: str | None,
    results: Path | None,
    concurrency: int,
    url: str | None,
    embed_model: str | None,
    embed_dimensions: int | None,
    embed_base_url: str | None,
) -> None:
    from statekeeper.bench.conversations import ConversationDataError, select
    from statekeeper.bench.recall import run, to_json
    from statekeeper.bench.recall_report import print_report

    out, err = _consoles()
    try:
        conversations = select(loader(data, limit=limit), categories)
    except ConversationDataError as exc:
        raise click.ClickException(str(exc)) from exc
    if not conversations:
        wanted = f" in categories {', '.join(categories)}" if categories else ""
        raise click.ClickException(f"no questions{wanted} in {data}")
    client = _client(answer_with, base_url) if answer_with else None
    target = _target(url, embed_model, embed_dimensions, embed_base_url)
    questions = sum(len(c.questions) for c in conversations)
    started = time.perf_counter()
    with _progress(err) as progress:
        task = progress.add_task(f"replay {unit}", total=len(conversations))
        try:
            recall = run(
                conversations,
                budget,
                on_conversation=lambda c: progress.update(
                    task, advance=1, description=f"replay {unit} (done {c.id})"
                ),
                target=target,
            )
        except StatekeeperError as exc:
            raise click.ClickException(f"{type(exc).__name__}: {exc}") from exc
        except ImportError as exc:
            raise click.ClickException(
                f"the bm25 baseline needs rank-bm25: pip install 'statekeeper[bench]' ({exc})"
            ) from exc
        if client is not None:
            from statekeeper.bench.recall_answer import answer_outcomes
            from statekeeper.llm.base import LLMError

            answering = progress.add_task("answer", total=len(recall.outcomes))
            try:
                recall.outcomes = answer_outcomes(
                    recall.outcomes,
                    client,
                    results=results,
                    concurrency=concurrency,
                    on_answer=partial(progress.advance, answering),
                )
            except LLMError as exc:
                raise _model_failed(exc, results) from exc
    wall = time.perf_counter() - started

    print_report(out, recall, labels)
    out.print(
        f"{len(conversations)} {unit}, {questions} questions, {len(recall.methods)} methods "
        f"in {wall:.1f} s",
        highlight=False,
    )
    if details is not None:
        with details.open("w", encoding="utf-8") as handle:
            for outcome in recall.outcomes:
                handle.write(json.dumps(outcome.record(), ensure_ascii=False) + "\n")
    if json_out is not None:
        json_out.write_text(json.dumps(to_json(recall), indent=2) + "\n")
    if plot_out is not None:
        from statekeeper.bench.recall_plot import write_plot as write_recall_plot

        try:
            write_recall_plot(recall, plot_out, labels)
        except ImportError as exc:
            raise _plot_needs_matplotlib(exc) from exc


def _client(spec: str, base_url: str | None) -> LLMClient:
    from statekeeper.llm.base import LLMError, client_from_spec

    try:
        return client_from_spec(spec, base_url=base_url)
    except (ValueError, LLMError) as exc:
        raise click.ClickException(str(exc)) from exc
    except ImportError as exc:
        raise click.ClickException(
            f"--answer-with needs the provider SDKs: pip install 'statekeeper[llm]' ({exc})"
        ) from exc


def _model_failed(exc: Exception, results: Path | None) -> click.ClickException:
    """A failed model call, and where the answers given so far were kept."""
    kept = f"; answers so far are in {results}" if results else ""
    return click.ClickException(f"model call failed: {exc}{kept}")


def _consoles() -> tuple[Console, Console]:
    """Where a report goes, and where progress and warnings go. A file or a pipe gets whole
    tables, not wrapped cells."""
    out = Console()
    return (out if out.is_terminal else Console(width=240)), Console(stderr=True)


def _plot_needs_matplotlib(exc: ImportError) -> click.ClickException:
    return click.ClickException(
        f"--plot needs matplotlib: pip install 'statekeeper[bench]' ({exc})"
    )
