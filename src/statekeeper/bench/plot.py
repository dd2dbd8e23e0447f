"""Recall against exposure: the trade-off a memory engine is judged on, as a PNG.

The ideal point is the top-left corner (every needed fact, nothing dead). The first panel
shows each strategy overall; small multiples follow, one per track, so a strategy's weak
tracks stand out. A track where a metric is undefined (no attainable must_mention phrase,
or no admissible must_not_mention phrase) is drawn at that axis' edge with a hollow marker.
"""

from __future__ import annotations

import math
from pathlib import Path

from statekeeper.bench.metrics import EngineSummary
from statekeeper.bench.run import StrategyRun

_TARGET_RECALL = 99.0
_TARGET_EXPOSURE = 5.0


def _point(summary: EngineSummary) -> tuple[float, float, bool]:
    """(exposure %, recall %, defined); an undefined metric sits at its best edge."""
    exposure = summary.mnm_exp
    recall = summary.mm_recall
    x = 0.0 if exposure is None else 100 * exposure
    y = 100.0 if recall is None else 100 * recall
    return x, y, exposure is not None and recall is not None


def write_plot(runs: list[StrategyRun], out: Path) -> None:
    """Write mm_recall against mnm_exp, overall and per track, to `out` as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    tracks = sorted({t for run in runs for t in run.engine.per_track})
    panels = ["overall", *tracks]
    columns = 4
    rows = math.ceil(len(panels) / columns)
    fig, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.2 * columns, 3.6 * rows),
        squeeze=False,
        sharex=True,
        sharey=True,
        constrained_layout=True,
    )
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    flat = [ax for row in axes for ax in row]
    for ax, panel in zip(flat, panels, strict=False):
        ax.add_patch(
            Rectangle(
                (-5, _TARGET_RECALL), _TARGET_EXPOSURE + 5, 6, color="green", alpha=0.15, zorder=1
            )
        )
        for i, run in enumerate(runs):
            summary = run.engine if panel == "overall" else run.engine.per_track.get(panel)
            if summary is None:
                continue
            x, y, defined = _point(summary)
            color = colors[i % len(colors)]
            ax.scatter(
                [x],
                [y],
                # Earlier strategies get bigger markers: coinciding points show as rings.
                s=(70 if panel == "overall" else 40) * (1 + 0.8 * (len(runs) - 1 - i)),
                zorder=3 + i,
                facecolors=color if defined else "none",
                edgecolors=color,
                linewidths=1.5,
                label=run.name,
            )
        ax.set_title(panel, fontsize=10, fontweight="bold" if panel == "overall" else None)
        ax.set_xlim(-5, 105)
        ax.set_ylim(-5, 105)
        ax.grid(True, alpha=0.3)
    for ax in flat[len(panels) :]:
        ax.axis("off")
    for ax in axes[-1]:
        ax.set_xlabel("mnm_exp % (lower is better)")
    for row in axes:
        row[0].set_ylabel("mm_recall % (higher is better)")
    handles, labels = flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=max(1, len(runs)))
    fig.suptitle(
        "StateBench engine-level conformance: mm_recall against mnm_exp "
        f"(green: target, recall ≥ {_TARGET_RECALL:.0f}% and exposure ≤ {_TARGET_EXPOSURE:.0f}%)"
    )
    fig.savefig(out, dpi=90)
    plt.close(fig)
