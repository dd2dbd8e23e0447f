"""The demo the README's first command runs: it completes on a fresh SQLite file and shows
what it says it shows."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from statekeeper.demo import run


def test_the_demo_runs_and_shows_each_scene(tmp_path: Path) -> None:
    out = io.StringIO()
    run(tmp_path / "demo.db", console=Console(file=out, width=200, color_system=None))
    shown = out.getvalue()
    assert "456 Oak Ave, Riverside" in shown
    assert "refused: a junior agent may not write a strategy" in shown
    assert "consolidation: 1 cluster, 1 heuristic written, 3 events merged" in shown
    assert "## Capability memory: returns" in shown
    scene = shown.split("A document one person may read")[1].split("The audit trail")[0]
    manager, intern = scene.split("User: Sam Lee")
    assert "Rain jacket margin is 41%" in manager
    assert "Rain jacket margin is 41%" not in intern
