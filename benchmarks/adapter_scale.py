"""Single-event writes through the StateBench adapter, against StateBench's own engine.

    python benchmarks/adapter_scale.py [--events 10000]

An agent that writes as it goes sends one fact at a time. Here each fact is one event (a
quarter of them replace an earlier fact of the same item), all sent through
`StateKeeperStrategy.process_event`; the adapter applies them at the first context, so the
ingest figure includes that context. Contexts are then timed for questions about single
items, whose words ("budget", "item") occur in every fact. When the `statebench` package
is importable, its in-memory engine replays the same events in the same run. Run by hand;
not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

import tiktoken
from engine_scale import python_loop_seconds  # run as a script: its folder is on the path

from statekeeper.integrations.statebench import StateKeeperStrategy

PURPOSES = ["travel", "tooling", "hiring", "cloud", "events"]
INITIAL = {
    "identity_role": {"user_name": "Dana", "authority": "manager", "organization": "Acme"},
    "persistent_facts": [],
    "working_set": [],
    "environment": {"now": "2026-01-01T00:00:00"},
}
ASKED_AT = "2026-02-01T00:00:00"


def events(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """One write per event; every fourth (after the first few) replaces a live item's fact."""
    start, made, live = datetime(2026, 1, 1), [], {}
    for n in range(count):
        stamp = (start + timedelta(seconds=n)).isoformat()
        write: dict[str, Any] = {"id": f"F-{n}", "layer": "persistent_facts"}
        if n >= 8 and n % 4 == 3:
            item = rng.choice(sorted(live))
            value = f"Item {item} budget is now ${rng.randint(1, 900)}k"
            write |= {"key": f"item_{item}_budget", "value": value, "supersedes": live[item]}
            kind = "supersession"
        else:
            item = n
            value = f"Item {n} has a budget of ${rng.randint(1, 900)}k for {rng.choice(PURPOSES)}"
            write |= {"key": f"item_{n}_budget", "value": value}
            kind = "state_write"
        live[item] = f"F-{n}"
        made.append({"type": kind, "ts": stamp, "writes": [write]})
    return made


def questions(count: int, rng: random.Random) -> list[str]:
    return [f"What budget does item {rng.randrange(count)} have?" for _ in range(40)]


def ours(made: list[dict[str, Any]], asked: list[str]) -> tuple[float, list[float]]:
    strategy = StateKeeperStrategy()
    strategy.reset()
    strategy.initialize_from_state(INITIAL)
    started = time.perf_counter()
    for event in made:
        strategy.process_event(event)
    strategy.build_context({"prompt": asked[0], "ts": ASKED_AT})
    ingest = time.perf_counter() - started
    latencies = []
    for question in asked:
        started = time.perf_counter()
        strategy.build_context({"prompt": question, "ts": ASKED_AT})
        latencies.append(time.perf_counter() - started)
    strategy.close()
    return ingest, latencies


def reference(made: list[dict[str, Any]], asked: list[str]) -> tuple[float, list[float]] | None:
    """StateBench's in-memory engine over the same events, if the package is installed."""
    try:
        from statebench.memgine.engine import MemgineEngine  # type: ignore[import-not-found]
        from statebench.schema.timeline import (  # type: ignore[import-not-found]
            StateWrite,
            Supersession,
        )
    except ImportError:
        return None
    parsed = [
        (Supersession if e["type"] == "supersession" else StateWrite).model_validate(e)
        for e in made
    ]
    with _offline_cl100k():
        engine = MemgineEngine()
    started = time.perf_counter()
    for event in parsed:
        engine.ingest_statebench_event(event)
    engine.build_context(asked[0])
    ingest = time.perf_counter() - started
    latencies = []
    for question in asked:
        started = time.perf_counter()
        engine.build_context(question)
        latencies.append(time.perf_counter() - started)
    return ingest, latencies


@contextmanager
def _offline_cl100k() -> Iterator[None]:
    """StateBench's engine asks tiktoken for cl100k_base, which tiktoken downloads on first
    use; it is handed the copy installed with statekeeper instead."""
    from statekeeper.context.encodings import load

    asked = tiktoken.get_encoding

    def offline(name: str) -> tiktoken.Encoding:
        return load(name) if name == "cl100k_base" else asked(name)

    tiktoken.get_encoding = offline
    try:
        yield
    finally:
        tiktoken.get_encoding = asked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    rng = random.Random(args.events)
    made, asked = events(args.events, rng), questions(args.events, rng)
    print(f"machine: a 10-million-step Python loop takes {python_loop_seconds():.2f} s")
    print(f"{'engine':>12} {'events + first context s':>25} {'context p50 ms':>15}")
    for name, measured in (
        ("statekeeper", ours(made, asked)),
        ("statebench", reference(made, asked)),
    ):
        if measured is None:
            print(f"{name:>12} {'(not installed)':>25}")
            continue
        ingest, latencies = measured
        print(f"{name:>12} {ingest:>25.2f} {1000 * statistics.median(latencies):>15.2f}")


if __name__ == "__main__":
    main()
