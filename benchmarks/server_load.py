"""The REST server under load: many clients of several organizations at once, on loopback.

    python benchmarks/server_load.py [--clients 50] [--orgs 5] [--requests 40] [--url URL]

Starts `statekeeper serve`'s app on a free loopback port over a fresh store (a temporary
SQLite file, or `--url postgresql://...`), with one agent key per organization. Each client
belongs to one organization and sends a bounded number of requests (a write of a fact that
carries its organization's marker, an observed turn, a context, a read of its facts), all
clients at once. It reports throughput, p50 and p99 per kind of request, and checks that no
reply ever carried another organization's marker. Run by hand; not part of the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

import httpx
import uvicorn

from statekeeper import Engine
from statekeeper.server.app import create_app
from statekeeper.server.keys import create_key

TIME_LIMIT = 300.0  # seconds a run may take at most


def serve(engine: Engine) -> tuple[str, uvicorn.Server, threading.Thread]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(engine), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    return f"http://127.0.0.1:{port}", server, thread


def marker(org: int) -> str:
    return f"marker-org{org:02d}"


async def client(
    base: str, key: str, org: int, number: int, requests: int, timings: dict[str, list[float]]
) -> list[str]:
    """One client's requests; the replies that carried another organization's marker."""
    leaks: list[str] = []
    own = marker(org)
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as http:
        for n in range(requests):
            kind = ("write", "observe", "context", "facts")[n % 4]
            task = f"task-{number}"
            started = time.perf_counter()
            if kind == "write":
                body = {"key": f"note_{number}_{n}", "value": f"{own} item {n}"}
                reply = await http.post("/v1/facts", json=body)
            elif kind == "observe":
                turn = {"speaker": f"client{number}", "text": f"The {own} room is Room {n}."}
                reply = await http.post(f"/v1/tasks/{task}/turns", json=turn)
            elif kind == "context":
                reply = await http.post(f"/v1/tasks/{task}/context", json={"query": "room?"})
            else:
                reply = await http.get("/v1/facts")
            timings[kind].append(time.perf_counter() - started)
            reply.raise_for_status()
            text = reply.text
            leaks += [f"{kind}: {m}" for m in _markers(text) if m != own]
    return leaks


def _markers(text: str) -> set[str]:
    found = set()
    start = text.find("marker-org")
    while start >= 0:
        found.add(text[start : start + len("marker-org") + 2])
        start = text.find("marker-org", start + 1)
    return found


async def run(
    base: str, keys: list[str], clients: int, requests: int
) -> tuple[dict[str, list[float]], list[str], float]:
    timings: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    jobs = [
        client(base, keys[n % len(keys)], n % len(keys), n, requests, timings)
        for n in range(clients)
    ]
    results = await asyncio.wait_for(asyncio.gather(*jobs), TIME_LIMIT)
    return timings, [leak for found in results for leak in found], time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--orgs", type=int, default=5)
    parser.add_argument("--requests", type=int, default=40, help="requests per client")
    parser.add_argument("--url", help="a postgresql:// URL; a temporary SQLite file by default")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        engine = Engine.open(args.url or str(Path(folder) / "load.db"))
        keys = [
            create_key(engine.store, f"org{n:02d}", f"agent{n}", "manager", "agent")[0]
            for n in range(args.orgs)
        ]
        base, server, thread = serve(engine)
        try:
            timings, leaks, seconds = asyncio.run(run(base, keys, args.clients, args.requests))
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            engine.close()
    total = sum(len(t) for t in timings.values())
    print(f"{args.clients} clients, {args.orgs} organizations, {total} requests in {seconds:.1f} s")
    print(f"throughput {total / seconds:.0f} requests/s")
    for kind, spent in sorted(timings.items()):
        ordered = sorted(spent)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(
            f"{kind:8} p50 {statistics.median(ordered) * 1000:7.1f} ms   p99 {p99 * 1000:7.1f} ms"
        )
    print(f"replies carrying another organization's data: {len(leaks)}")
    if leaks:
        raise SystemExit(f"leaks: {leaks[:5]}")


if __name__ == "__main__":
    main()
