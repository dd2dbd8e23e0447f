"""Recall latency over a long transcript: one user with many archived turns.

    python benchmarks/recall_scale.py [--sizes 10000 100000] [--queries 200] [--url URL]

Each size gets a fresh store holding that many archived turns of one user (a chatty mix of
topics, two speakers, a turn a minute), written in one transaction through the store. A
freshly opened engine then times its first context on its own, and latency is measured on
`Session.context(query, budget=8000)` for varied queries after it, each of which searches
the whole transcript, and on the transcript search alone. Run by hand; not part of the
test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from statekeeper import Engine, Principal
from statekeeper.context.terms import query_terms
from statekeeper.model import Turn

TOPICS = {
    "garden": ["tomatoes", "compost", "greenhouse", "basil", "seedlings", "trellis", "mulch"],
    "travel": ["ferry", "hostel", "itinerary", "passport", "layover", "museum", "harbor"],
    "music": ["cello", "rehearsal", "concert", "violin", "choir", "metronome", "recital"],
    "cooking": ["sourdough", "risotto", "marinade", "skillet", "saffron", "dumplings", "broth"],
    "fitness": ["marathon", "stretching", "treadmill", "kettlebell", "yoga", "sprint", "rowing"],
    "pets": ["turtle", "beagle", "aquarium", "leash", "parrot", "kitten", "hamster"],
}
FILLER = ["honestly", "yesterday", "this week", "with my cousin", "after work", "again"]
ALEX = Principal(org="bench", user="alex", authority="peer")


def turn_text(rng: random.Random) -> str:
    topic = rng.choice(list(TOPICS))
    a, b = rng.sample(TOPICS[topic], 2)
    return f"I spent time on {a} {rng.choice(FILLER)}, and the {b} went better than expected."


def archive(engine: Engine, size: int, rng: random.Random) -> datetime:
    start = datetime(2025, 1, 1)
    with engine.store.write(ALEX.org) as uow:
        for n in range(size):
            turn = Turn(
                index=n,
                speaker="alex" if n % 2 == 0 else "sam",
                text=turn_text(rng),
                timestamp=start + timedelta(minutes=n),
            )
            uow.archive_turn(ALEX.user, "chat", turn)
    return start + timedelta(minutes=size + 1)


def queries(count: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(count):
        topic = rng.choice(list(TOPICS))
        out.append(f"What did we say about the {rng.choice(TOPICS[topic])}?")
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(location: str, size: int, count: int) -> None:
    rng = random.Random(size)
    with Engine.open(location) as engine:
        started = time.perf_counter()
        now = archive(engine, size, rng)
        ingest = time.perf_counter() - started
    asked = queries(count, rng)
    with Engine.open(location, clock=lambda: now) as engine:
        session = engine.session(ALEX, task_id="chat")
        started = time.perf_counter()
        session.context(asked[0], budget=8000)
        first = time.perf_counter() - started
        contexts, searches = [], []
        for query in asked:
            started = time.perf_counter()
            session.context(query, budget=8000)
            contexts.append(1000 * (time.perf_counter() - started))
            with engine.store.read(ALEX.org) as uow:
                started = time.perf_counter()
                uow.search_turns(ALEX.user, query_terms(query), now, 400)
                searches.append(1000 * (time.perf_counter() - started))
    print(
        f"| {size:,} | {ingest:.1f} s | {1000 * first:.0f} ms "
        f"| {statistics.median(contexts):.1f} ms | {percentile(contexts, 0.95):.1f} ms "
        f"| {statistics.median(searches):.1f} ms | {percentile(searches, 0.95):.1f} ms |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--url", help="a postgresql:// URL; a temporary SQLite file otherwise")
    args = parser.parse_args()
    print("| turns | archive | first context | context p50 | p95 | search p50 | p95 |")
    print("|---|---|---|---|---|---|---|")
    for size in args.sizes:
        if args.url:
            measure(args.url, size, args.queries)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            measure(str(Path(tmp) / "recall.db"), size, args.queries)


if __name__ == "__main__":
    main()
