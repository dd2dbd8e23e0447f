"""Answer-in-context per category as grouped bars, one bar per method, as a PNG.

Bars side by side show at a glance where a method falls behind plain retrieval (bm25) or
the plain chat history (last_n). With model answers, a second panel shows their accuracy.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from statekeeper.bench.recall import OVERALL, RecallRun, summary


def write_plot(run: RecallRun, out: Path, labels: Mapping[str, str] | None = None) -> None:
    """Write the bar chart to `out` (needs matplotlib, the `bench` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = summary(run)
    methods = list(table)
    groups = list(next(iter(table.values()), {}))
    names = [g if g == OVERALL else f"{g} {(labels or {}).get(g, '')}".strip() for g in groups]
    panels = [("answer in context %", "found_share")]
    if any(per[OVERALL].answered for per in table.values()):
        panels.append(("model answer accuracy %", "accuracy"))
    fig, axes = plt.subplots(
        len(panels),
        1,
        figsize=(max(6.0, 1.3 * len(groups) * max(1, len(methods)) / 2), 3.8 * len(panels)),
        squeeze=False,
        constrained_layout=True,
    )
    width = 0.8 / max(1, len(methods))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for (title, metric), row in zip(panels, axes, strict=True):
        ax = row[0]
        for i, method in enumerate(methods):
            values = [getattr(table[method][g], metric) for g in groups]
            xs = [x + (i - (len(methods) - 1) / 2) * width for x in range(len(groups))]
            heights = [0.0 if v is None else 100 * v for v in values]
            bars = ax.bar(xs, heights, width, label=method, color=colors[i % len(colors)])
            ax.bar_label(bars, labels=[f"{h:.0f}" for h in heights], fontsize=7, padding=1)
        ax.set_xticks(range(len(groups)), names, fontsize=8)
        ax.set_ylim(0, 105)
        ax.set_ylabel(title)
        ax.grid(True, axis="y", alpha=0.3)
    handles, legend = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, legend, loc="outside lower center", ncols=max(1, len(methods)))
    fig.suptitle(f"Recall over long conversations at {run.budget:,} tokens (higher is better)")
    fig.savefig(out, dpi=90)
    plt.close(fig)
