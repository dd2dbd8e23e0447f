"""Capability memory from async code: the same calls, awaitable."""

from __future__ import annotations

import asyncio

import pytest

from statekeeper import AsyncEngine, MaturityError, Principal

AGENT = Principal(org="acme", user="bot")


def test_learn_lessons_and_consolidate_awaitable(location: str) -> None:
    async def main() -> None:
        async with await AsyncEngine.open(location) as engine:
            junior = engine.session(AGENT, capability="calendar")
            for text in (
                "The client said the meeting invite arrived too late",
                "Invite for the board meeting went out too late, the client complained",
                "Client complained the invite came late for the quarterly meeting",
            ):
                await junior.learn(text)
            with pytest.raises(MaturityError):
                await junior.learn("Send invites early", level="strategy")
            report = await engine.consolidate(org="acme", capability="calendar")
            assert report.heuristics_written == 1
            master = engine.session(AGENT, capability="calendar", maturity="master")
            [rule] = await master.lessons(level="heuristic")
            assert rule.id == report.clusters[0].heuristic
            assert len(await master.lessons(history=True)) == 4

    asyncio.run(main())
