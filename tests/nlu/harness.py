"""A conversation harness: an engine on a SQLite file, a clock that ticks per turn."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from statekeeper import Engine, Fact, Principal, Session, Source

START = datetime(2026, 3, 2, 9, 0)


@dataclass
class TickingClock:
    """The injected clock; each call to `tick` moves it on by one minute."""

    now: datetime = START

    def __call__(self) -> datetime:
        return self.now

    def tick(self, minutes: int = 1) -> datetime:
        self.now += timedelta(minutes=minutes)
        return self.now


@dataclass(frozen=True)
class Say:
    """One conversation turn; plain strings in a case are the principal's own turns."""

    text: str
    speaker: str | None = None
    assistant: bool = False
    authority: str | None = None


@dataclass
class Conversation:
    """A principal's session plus the clock, with the steps a case is made of."""

    engine: Engine
    clock: TickingClock
    principal: Principal
    setup: dict[str, Any] = field(default_factory=dict)

    @property
    def session(self) -> Session:
        return self.engine.session(self.principal)

    def as_(self, user: str, authority: str) -> Session:
        """A session of another principal in the same organization."""
        principal = Principal(org=self.principal.org, user=user, authority=authority)
        return self.engine.session(principal)

    def write(self, key: str, value: str, **options: Any) -> Fact:
        self.clock.tick()
        self.setup[key] = value
        return self.session.write(key, value, **options)

    def say(self, turn: str | Say) -> None:
        self.clock.tick()
        said = turn if isinstance(turn, Say) else Say(turn)
        speaker = "assistant" if said.assistant else (said.speaker or self.principal.user)
        self.session.observe(speaker, said.text, authority=said.authority, assistant=said.assistant)

    def signal(self, key: str, value: str, minutes_ago: int = 0) -> Fact:
        """An environment signal (a ticket, build or contract status) observed at a time."""
        self.clock.tick()
        return self.session.write(
            key,
            value,
            source=Source(origin="environment", authority="system"),
            timestamp=self.clock.now - timedelta(minutes=minutes_ago),
            detect=True,
        )

    def context(self, question: str) -> str:
        return self.session.context(question).text


def shows(text: str, value: str) -> bool:
    """`value` appears in `text` as a whole ("$45" is not inside "$450")."""
    return re.search(rf"(?<![\w$]){re.escape(value)}(?![\w%])", text, re.IGNORECASE) is not None
