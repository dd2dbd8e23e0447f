"""`make bench` replays the sample timelines the package ships: they are these tests' own."""

from __future__ import annotations

import json
from pathlib import Path

from sample_timelines import ALL

import statekeeper.bench

SHIPPED = Path(statekeeper.bench.__file__).parent / "samples" / "timelines.jsonl"
MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def test_the_shipped_samples_are_the_test_timelines() -> None:
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == ALL


def test_make_bench_reads_no_file_outside_the_project() -> None:
    bench = MAKEFILE.read_text().split("\nbench:", 1)[1].split("\n\n", 1)[0]
    assert "src/statekeeper/bench/samples/timelines.jsonl" in bench
    assert "../" not in bench
