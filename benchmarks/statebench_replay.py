"""A StateBench set replayed through statekeeper and StateBench's own strategies, timed.

    python benchmarks/statebench_replay.py DATA.jsonl [--rounds 3]

Each timeline is replayed as StateBench's harness does (reset, the initial state, every
event, a context at each query), with no model answering, through `StateKeeperStrategy`
and, in the same process, StateBench's engine (`memgine`) and its state-based baseline.
The figure is the whole replay's time divided by the queries: what a query costs with the
events before it. Needs the `statebench` package; run by hand, not part of the tests.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from adapter_scale import _offline_cl100k  # run as a script: its folder is on the path
from engine_scale import python_loop_seconds

from statekeeper.integrations.statebench import StateKeeperStrategy


def replay(strategy: Any, timelines: list[Any], query_type: type) -> tuple[float, int]:
    """Seconds to replay every timeline through a strategy, and the queries asked."""
    asked = 0
    started = time.perf_counter()
    for timeline in timelines:
        strategy.reset()
        if getattr(strategy, "expects_initial_state", False):
            strategy.initialize_from_state(timeline.initial_state)
        for event in timeline.events:
            if isinstance(event, query_type):
                strategy.build_context(event.prompt)
                asked += 1
            else:
                strategy.process_event(event)
    return time.perf_counter() - started, asked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data", type=Path, help="a StateBench JSONL file")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from statebench.baselines.state_based import StateBasedStrategy  # type: ignore[import-not-found]
    from statebench.memgine.strategy import MemgineStrategy  # type: ignore[import-not-found]
    from statebench.runner.harness import load_timelines  # type: ignore[import-not-found]
    from statebench.schema.timeline import Query  # type: ignore[import-not-found]

    timelines = list(load_timelines(args.data))
    print(f"machine: a 10-million-step Python loop takes {python_loop_seconds():.2f} s")
    with _offline_cl100k():
        strategies = [
            ("statekeeper", StateKeeperStrategy()),
            ("memgine", MemgineStrategy()),
            ("state_based", StateBasedStrategy()),
        ]
        for round_ in range(1, args.rounds + 1):
            cells = []
            for name, strategy in strategies:
                seconds, asked = replay(strategy, timelines, Query)
                cells.append(f"{name} {1000 * seconds / max(asked, 1):.2f}")
            print(f"round {round_}, ms a query: " + ", ".join(cells))


if __name__ == "__main__":
    main()
