"""Context latency and ingestion throughput for one user with many facts.

    python benchmarks/engine_scale.py [--sizes 1000 10000 100000] [--queries 200] [--url URL]

Each size gets a fresh store. Facts come from several domains with a varied vocabulary,
and a quarter of them are superseded. Ingestion goes through `Session.write_many` in
batches. A freshly opened engine then times its first context on its own (that one reads
from the store's index only what it needs, as in a new process), and latency is measured
on `Session.context(query, budget=8000)` for varied queries after it (each fact and
posting is read from the store the first time a context needs it), then for the same
queries again (all of it read), then that of single `Session.write` calls, then that of a
context right after each of a few writes (a new revision: what an agent's loop pays). A new process times the first context over the same
store (`cold s`), and another starts a new conversation on it: importing the package,
opening the store, a new user's first write, first observed turn and first context.
Run by hand; not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path

from statekeeper import Engine, Principal

DOMAINS = {
    "logistics": ["shipment", "warehouse", "carrier", "pallet", "dock", "route", "customs"],
    "finance": ["budget", "invoice", "forecast", "ledger", "payment", "discount", "margin"],
    "people": ["hiring", "onboarding", "review", "payroll", "leave", "promotion", "training"],
    "software": ["release", "incident", "migration", "deployment", "ticket", "sprint", "api"],
    "sales": ["contract", "renewal", "pipeline", "quote", "account", "territory", "pricing"],
}
NAMES = ["Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Hooli", "Vandelay"]


def fact_value(rng: random.Random, domain: str, n: int) -> str:
    words = DOMAINS[domain]
    return (
        f"{rng.choice(NAMES)} {rng.choice(words)} {rng.choice(words)} #{n}: "
        f"${rng.randint(1, 900)}K due {rng.randint(1, 28)} March, owner {rng.choice(NAMES)} team"
    )


def facts(size: int, rng: random.Random) -> list[list[dict[str, object]]]:
    """The facts to ingest, in batches of 1,000; a quarter supersede an earlier key."""
    batches: list[list[dict[str, object]]] = [[]]
    keys: list[str] = []
    for n in range(size):
        domain = rng.choice(list(DOMAINS))
        if keys and n % 4 == 3:
            key = rng.choice(keys)
            item = {"key": key, "value": fact_value(rng, domain, n), "supersedes": key}
        else:
            key = f"{domain}_{rng.choice(DOMAINS[domain])}_{n}"
            keys.append(key)
            item = {"key": key, "value": fact_value(rng, domain, n), "implicit": False}
        if len(batches[-1]) == 1000:
            batches.append([])
        batches[-1].append(item)
    return batches


def build(url: str, size: int, rng: random.Random) -> tuple[Engine, Principal, float]:
    """A store holding `size` facts for one user, that user, and the seconds the ingestion
    took (the facts are made before the clock starts). Each size gets an organization of
    its own, so sizes measured on one database URL do not add up."""
    now = [datetime(2026, 3, 1)]
    engine = Engine.open(url, clock=lambda: now[0])
    user = Principal(org=f"bench-{size}-{uuid.uuid4().hex[:8]}", user="alice")
    session = engine.session(user)
    batches = facts(size, rng)
    started = time.perf_counter()
    for batch in batches:
        session.write_many(batch)
        now[0] += timedelta(minutes=1)
    return engine, user, time.perf_counter() - started


def first_context(url: str, user: Principal) -> tuple[Engine, float]:
    """A freshly opened engine, as a new process has, and the seconds its first context
    takes: that one reads from the store only what it needs."""
    engine = Engine.open(url)
    started = time.perf_counter()
    engine.session(user).context("What changed today?", budget=8000)
    return engine, time.perf_counter() - started


COLD = """
import sys, time
from statekeeper import Engine, Principal
engine = Engine.open(sys.argv[1])
started = time.perf_counter()
engine.session(Principal(org=sys.argv[2], user="alice")).context("What changed today?", budget=8000)
print(time.perf_counter() - started)
"""

NEW_CONVERSATION = """
import sys, time
started = time.perf_counter()
from statekeeper import Engine, Principal
imported = time.perf_counter()
engine = Engine.open(sys.argv[1])
opened = time.perf_counter()
session = engine.session(Principal(org=sys.argv[2], user="newcomer"))
session.write("meeting", "The kickoff meeting is on Friday at 10am")
written = time.perf_counter()
session.observe("newcomer", "Actually, move the kickoff meeting to Monday at 9am.")
observed = time.perf_counter()
session.context("When is the kickoff meeting?", budget=8000)
done = time.perf_counter()
marks = [started, imported, opened, written, observed, done]
print(" ".join(f"{b - a:.4f}" for a, b in zip(marks, marks[1:])))
"""


def in_new_process(script: str, url: str, org: str) -> list[float]:
    """Seconds a script reports, run in a fresh Python process on the store."""
    done = subprocess.run(
        [sys.executable, "-c", script, url, org], capture_output=True, text=True, check=True
    )
    return [float(x) for x in done.stdout.split()]


def measure_write_then_context(
    engine: Engine, user: Principal, pairs: int, rng: random.Random
) -> list[float]:
    """A single write and then a context, as an agent's loop goes: each context comes at a
    new revision. The context's latency."""
    session = engine.session(user)
    latencies = []
    for n in range(pairs):
        domain = rng.choice(list(DOMAINS))
        session.write(f"{domain}_loop_{n}", fact_value(rng, domain, n))
        query = f"What is the {rng.choice(DOMAINS[domain])} status for {rng.choice(NAMES)}?"
        started = time.perf_counter()
        session.context(query, budget=8000)
        latencies.append(time.perf_counter() - started)
    return sorted(latencies)


def varied_queries(queries: int, rng: random.Random) -> list[str]:
    found = []
    for _ in range(queries):
        domain = rng.choice(list(DOMAINS))
        found.append(f"What is the {rng.choice(DOMAINS[domain])} status for {rng.choice(NAMES)}?")
    return found


def measure(engine: Engine, user: Principal, queries: list[str]) -> list[float]:
    session = engine.session(user)
    latencies = []
    for query in queries:
        started = time.perf_counter()
        session.context(query, budget=8000)
        latencies.append(time.perf_counter() - started)
    return sorted(latencies)


def measure_writes(engine: Engine, user: Principal, writes: int, rng: random.Random) -> list[float]:
    """One `Session.write` at a time after the contexts, as an agent records what it learns:
    each new fact is checked against the facts it may repeat or replace."""
    session = engine.session(user)
    latencies = []
    for n in range(writes):
        domain = rng.choice(list(DOMAINS))
        key = f"{domain}_{rng.choice(DOMAINS[domain])}_new_{n}"
        started = time.perf_counter()
        session.write(key, fact_value(rng, domain, n))
        latencies.append(time.perf_counter() - started)
    return sorted(latencies)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--url", help="a store URL; default: a fresh SQLite file per size")
    parser.add_argument(
        "--after-writes", type=int, default=20, help="write-then-context pairs to time"
    )
    args = parser.parse_args()
    print(f"machine: a 10-million-step Python loop takes {python_loop_seconds():.2f} s")
    print(
        f"{'facts':>8} {'ingest s':>9} {'first s':>8} {'cold s':>7} {'p50 ms':>7} {'p95 ms':>7}"
        f" {'p99 ms':>7} {'again p50':>10} {'p95':>6} {'p99':>6}"
        f" {'write p50 ms':>13} {'after write p50 ms':>19}"
    )
    conversations = []
    for size in args.sizes:
        rng = random.Random(size)
        with tempfile.TemporaryDirectory() as folder:
            url = args.url or str(Path(folder) / "state.db")
            engine, user, ingest = build(url, size, rng)
            engine.close()
            [cold] = in_new_process(COLD, url, user.org)
            conversations.append((size, in_new_process(NEW_CONVERSATION, url, user.org)))
            engine, first = first_context(url, user)
            queries = varied_queries(args.queries, rng)
            latencies = measure(engine, user, queries)
            again = measure(engine, user, queries)
            writes = measure_writes(engine, user, 100, rng)
            after = measure_write_then_context(engine, user, args.after_writes, rng)
            engine.close()

        print(
            f"{size:>8} {ingest:>9.2f} {first:>8.2f} {cold:>7.2f}"
            f" {1000 * statistics.median(latencies):>7.1f}"
            f" {percentile(latencies, 0.95):>7.1f} {percentile(latencies, 0.99):>7.1f}"
            f" {1000 * statistics.median(again):>10.1f} {percentile(again, 0.95):>6.1f}"
            f" {percentile(again, 0.99):>6.1f}"
            f" {1000 * statistics.median(writes):>13.1f}"
            f" {1000 * statistics.median(after) if after else float('nan'):>19.1f}"
        )
    print("a new conversation in a new process, ms:")
    print(f"{'facts':>8} {'import':>7} {'open':>6} {'write':>6} {'observe':>8} {'context':>8}")
    for size, steps in conversations:
        widths = (7, 6, 6, 8, 8)
        cells = " ".join(f"{1000 * x:>{w}.1f}" for x, w in zip(steps, widths, strict=True))
        print(f"{size:>8} {cells}")


def python_loop_seconds() -> float:
    """A fixed pure-Python workload, printed beside the figures: this host's speed drifts
    from hour to hour, and runs are only comparable at a like speed."""
    started = time.perf_counter()
    total = 0
    for step in range(10_000_000):
        total += step
    return time.perf_counter() - started


def percentile(sorted_seconds: list[float], q: float) -> float:
    """The q-quantile of sorted latencies, in milliseconds."""
    return 1000 * sorted_seconds[min(len(sorted_seconds) - 1, int(q * len(sorted_seconds)))]


if __name__ == "__main__":
    main()
