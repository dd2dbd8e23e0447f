"""Terminal tables for a bench run: strategies side by side, per track and overall."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from statekeeper.bench.metrics import EngineSummary, ResponseSummary
from statekeeper.bench.run import StrategyRun

OVERALL = "overall"


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _engine_cell(summary: EngineSummary | None) -> str:
    if summary is None:
        return ""
    return f"{pct(summary.mm_recall)} / {pct(summary.mnm_exp)} / {summary.tokens_mean:.0f}"


def track_table(runs: list[StrategyRun]) -> Table:
    """mm_recall, mnm_exp and mean tokens per track, one column group per strategy."""
    table = Table(title="Per track: mm_recall ↑ / mnm_exp ↓ / mean tokens ↓", title_justify="left")
    table.add_column("track", no_wrap=True)
    table.add_column("queries", justify="right", no_wrap=True)
    for run in runs:
        table.add_column(run.name, justify="right", no_wrap=True)
    tracks = sorted({t for run in runs for t in run.engine.per_track})
    for track in tracks:
        first = next(r.engine.per_track[track] for r in runs if track in r.engine.per_track)
        cells = [track, str(first.queries)]
        for run in runs:
            cells.append(_engine_cell(run.engine.per_track.get(track)))
        table.add_row(*cells)
    totals = [OVERALL, str(runs[0].engine.queries) if runs else "0"]
    for run in runs:
        totals.append(_engine_cell(run.engine))
    table.add_row(*totals, style="bold", end_section=True)
    return table


def totals_table(runs: list[StrategyRun]) -> Table:
    """Every engine-level number per strategy, overall."""
    table = Table(title="Overall, engine level", title_justify="left")
    for name in (
        "strategy",
        "queries",
        "mm_recall",
        "mnm_exp",
        "tokens mean",
        "tokens p95",
        "ms/query",
    ):
        table.add_column(name, justify="left" if name == "strategy" else "right", no_wrap=True)
    for run in runs:
        e = run.engine
        table.add_row(
            run.name,
            str(e.queries),
            pct(e.mm_recall),
            pct(e.mnm_exp),
            f"{e.tokens_mean:.1f}",
            f"{e.tokens_p95:.0f}",
            f"{e.ms_per_query:.3f}",
        )
    return table


def _response_cells(s: ResponseSummary) -> list[str]:
    return [
        str(s.queries),
        pct(s.decision_accuracy),
        pct(s.must_mention),
        pct(s.mnm_violation_rate),
        pct(s.sfrr),
        pct(s.leakage),
    ]


def response_table(runs: list[StrategyRun]) -> Table:
    """Response-level totals for the strategies a model answered for."""
    table = Table(
        title="Response level: accuracy ↑, must mention ↑, the rest ↓", title_justify="left"
    )
    for name in (
        "strategy",
        "queries",
        "decision acc",
        "must mention",
        "mnm viol",
        "SFRR",
        "leakage",
    ):
        table.add_column(name, justify="left" if name == "strategy" else "right", no_wrap=True)
    for run in runs:
        if run.response is not None:
            table.add_row(run.name, *_response_cells(run.response))
    return table


def print_report(console: Console, runs: list[StrategyRun]) -> None:
    console.print(track_table(runs))
    console.print(totals_table(runs))
    if any(run.response is not None for run in runs):
        console.print(response_table(runs))
