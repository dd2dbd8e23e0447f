"""Fixtures of the language-layer tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from statekeeper import ACT_FOR_OTHERS, Engine, Principal
from tests.nlu.harness import Conversation, TickingClock


@pytest.fixture
def conversation(tmp_path: Path) -> Iterator[Conversation]:
    clock = TickingClock()
    engine = Engine.open(tmp_path / "s.db", clock=clock)
    # a bridge that relays a many-party conversation speaks for each party
    principal = Principal(
        org="northwind", user="riley", authority="peer", permissions={ACT_FOR_OTHERS}
    )
    try:
        yield Conversation(engine, clock, principal)
    finally:
        engine.close()
