"""What one observed conversation turn costs, from the first turn of a task to the last.

    python benchmarks/observe_turns.py [--turns 600] [--url postgresql://...]

A user states the budget and deadline of many projects in plain sentences, corrects them
and chats in between; every turn goes through `Session.observe` on a fresh store (a SQLite file
by default), which stores the turn, reads and applies what it states and links the facts
to it. It prints the loop figure of `engine_scale.py`, then the mean, p50 and p95 of a
turn and the whole run. Run by hand; not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from uuid import uuid4

# run as a script: its folder is on the path
from engine_scale import percentile, python_loop_seconds

from statekeeper import Engine, Principal

PROJECTS = (
    "Atlas Borealis Cobalt Dynamo Everest Fjord Galena Helix Iris Juniper Kestrel Lumen "
    "Mistral Nimbus Obsidian Pioneer Quartz Rhodium Sierra Tundra Umber Vertex Willow Xenon "
    "Yarrow Zephyr"
).split()
MONTHS = ["March", "April", "May", "June"]
CHATTER = [
    "Thanks, that helps.",
    "Let me think about it and get back to you.",
    "Can you remind me what we decided earlier?",
    "Sounds good.",
]


def turns(count: int, rng: random.Random) -> list[str]:
    """Of every five turns: two state a project's budget or deadline, two correct one,
    one chats."""
    said: list[str] = []
    for n in range(count):
        step, name = n % 5, PROJECTS[(n // 5) % len(PROJECTS)]
        if step == 4:
            said.append(rng.choice(CHATTER))
        elif step == 0:
            said.append(f"The {name} budget is ${rng.randint(1, 90)},000.")
        elif step == 1:
            said.append(f"The {name} deadline is {rng.choice(MONTHS)} {rng.randint(1, 28)}.")
        elif step == 2:
            said.append(f"Actually, the {name} budget is ${rng.randint(1, 90)},000.")
        else:
            said.append(f"Sorry, the {name} deadline moved to {rng.choice(MONTHS)} 30.")
    return said


def observe_all(url: str, said: list[str]) -> list[float]:
    """Seconds each turn took to observe."""
    moment = [datetime(2026, 1, 5, 9, 0)]

    def clock() -> datetime:
        return moment[0]

    seconds = []
    with Engine.open(url, clock=clock) as engine:
        session = engine.session(Principal(org=f"bench-{uuid4().hex[:8]}", user="dana", authority="manager"))
        for text in said:
            moment[0] += timedelta(minutes=1)
            started = time.perf_counter()
            session.observe("dana", text)
            seconds.append(time.perf_counter() - started)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=600)
    parser.add_argument("--url", help="a store URL; default: a fresh SQLite file")
    args = parser.parse_args()
    said = turns(args.turns, random.Random(args.turns))
    print(f"machine: a 10-million-step Python loop takes {python_loop_seconds():.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        seconds = observe_all(args.url or str(Path(folder) / "turns.db"), said)
    ordered = sorted(seconds)
    print(f"{'turns':>6} {'mean ms':>8} {'p50 ms':>7} {'p95 ms':>7} {'total s':>8}")
    print(
        f"{len(seconds):>6} {1000 * sum(seconds) / len(seconds):>8.2f} "
        f"{percentile(ordered, 0.5):>7.2f} {percentile(ordered, 0.95):>7.2f} {sum(seconds):>8.2f}"
    )


if __name__ == "__main__":
    main()
