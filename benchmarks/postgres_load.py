"""Load test: many concurrent sessions across organizations on one PostgreSQL database.

    python benchmarks/postgres_load.py [--url postgresql://...] [--sessions 50] [--orgs 10]

Each session writes, supersedes and asks for contexts in a bounded loop. At the end it
reports throughput, errors, and any context or fact list that showed another organization's
value (there must be none). Run by hand; not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
import uuid

import psycopg

from statekeeper import Engine, Principal


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--admin", default="host=127.0.0.1 port=5432 user=postgres dbname=postgres")
    parser.add_argument("--base", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--orgs", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()

    name = f"statekeeper_load_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.admin, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = f"{args.base}/{name}"
    engine = Engine.open(url)
    errors: list[str] = []
    leaks: list[str] = []
    latencies: list[float] = []
    lock = threading.Lock()

    def session_loop(n: int) -> None:
        org = f"org{n % args.orgs}"
        session = engine.session(Principal(org=org, user=f"user{n}"))
        try:
            for step in range(args.rounds):
                session.write("status", f"{org}-status-{n}-{step}")
                session.write(
                    "budget", f"{org}-budget-{n}-{step}", supersedes="budget" if step else None
                )
                started = time.perf_counter()
                text = session.context("What is the status and the budget?").text
                elapsed = time.perf_counter() - started
                values = [str(f.value) for f in session.facts()]
                foreign = [
                    v
                    for v in values + [text]
                    if "org" in v
                    and f"{org}-" not in v
                    and any(f"org{k}-" in v for k in range(args.orgs) if f"org{k}" != org)
                ]
                with lock:
                    latencies.append(elapsed)
                    leaks.extend(foreign)
        except Exception as error:  # noqa: BLE001 - reported below
            with lock:
                errors.append(f"session {n}: {error!r}")

    started = time.perf_counter()
    threads = [threading.Thread(target=session_loop, args=(n,)) for n in range(args.sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    engine.close()
    with psycopg.connect(args.admin, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")

    operations = args.sessions * args.rounds * 4
    latencies.sort()
    print(f"sessions {args.sessions} across {args.orgs} orgs, {args.rounds} rounds each")
    print(f"wall {wall:.1f} s, {operations / wall:.0f} operations/s")
    if latencies:
        print(
            f"context p50 {1000 * statistics.median(latencies):.1f} ms, "
            f"p99 {1000 * latencies[int(len(latencies) * 0.99) - 1]:.1f} ms"
        )
    print(f"errors {len(errors)}, cross-organization reads {len(leaks)}")
    for line in errors[:5] + leaks[:5]:
        print("  ", line)


if __name__ == "__main__":
    main()
