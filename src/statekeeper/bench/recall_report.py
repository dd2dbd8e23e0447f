"""Terminal tables for a recall run: the methods side by side, per category and overall."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.table import Table

from statekeeper.bench.recall import OVERALL, Figures, RecallRun, summary
from statekeeper.bench.report import pct


def _cell(figures: Figures | None) -> str:
    if figures is None:
        return ""
    return f"{pct(figures.found_share)} ({figures.found}) / {figures.tokens_mean:,.0f}"


def category_table(
    table: Mapping[str, Mapping[str, Figures]], labels: Mapping[str, str], budget: int
) -> Table:
    """Answer-in-context and mean tokens per category, one column per method."""
    out = Table(
        title=f"Per category at {budget:,} tokens: answer in context ↑ (found) / mean tokens",
        title_justify="left",
    )
    out.add_column("category", no_wrap=True)
    out.add_column("questions", justify="right", no_wrap=True)
    for method in table:
        out.add_column(method, justify="right", no_wrap=True)
    first = next(iter(table.values()), {})
    for category, figures in first.items():
        label = category if category == OVERALL else _label(category, labels)
        cells = [label, str(figures.questions)]
        cells += [_cell(per.get(category)) for per in table.values()]
        out.add_row(*cells, style="bold" if category == OVERALL else None)
    return out


def _label(category: str, labels: Mapping[str, str]) -> str:
    name = labels.get(category)
    return f"{category} {name}" if name else category


def totals_table(run: RecallRun, table: Mapping[str, Mapping[str, Figures]]) -> Table:
    """Every overall number per method; model accuracy and superseded values when measured."""
    overall = {method: per[OVERALL] for method, per in table.items()}
    answered = any(f.answered for f in overall.values())
    superseded = any(f.superseded_counted for f in overall.values())
    out = Table(title="Overall", title_justify="left")
    columns = ["method", "questions", "answer in context", "tokens mean", "ms/question"]
    columns += ["replay s"]
    if answered:
        columns.append("answer accuracy")
    if superseded:
        columns.append("shows superseded ↓")
    for name in columns:
        out.add_column(name, justify="left" if name == "method" else "right", no_wrap=True)
    for method, f in overall.items():
        cells = [
            method,
            str(f.questions),
            f"{pct(f.found_share)} ({f.found}/{f.questions})",
            f"{f.tokens_mean:,.1f}",
            f"{f.ms_mean:.2f}",
            f"{run.replay_seconds.get(method, 0.0):.1f}",
        ]
        if answered:
            cells.append(f"{pct(f.accuracy)} ({f.correct}/{f.answered})")
        if superseded:
            cells.append(f"{pct(f.superseded_share)} ({f.superseded_shown}/{f.superseded_counted})")
        out.add_row(*cells)
    return out


def print_report(console: Console, run: RecallRun, labels: Mapping[str, str] | None = None) -> None:
    table = summary(run)
    console.print(category_table(table, labels or {}, run.budget))
    console.print(totals_table(run, table))
