"""Environment providers: signals fetched fresh for every query, never cached, each with a
bound on how long it stays true.

The Environment layer holds what is true of the world right now: the time, the meeting
under way, a service's status. A provider is asked on every context; a signal carries when
it stops holding (a meeting's end) or how old it may be before it is no longer news, and
one past its bound never reaches a context: a meeting that ended ten minutes ago is gone.

    calendar = CalendarSource("https://calendar.example/api/today", horizon=timedelta(hours=2))
    status = JsonSource("https://status.example/api", max_age=timedelta(minutes=5))
    engine = Engine.open("state.db", environment_provider=providers(calendar, status))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

import httpx
from pydantic import JsonValue

from statekeeper.engine import as_utc
from statekeeper.errors import InvalidInputError, StatekeeperError
from statekeeper.model import Environment

DEFAULT_TIMEOUT = 2.0  # seconds a provider may take before the context goes on without it


class ProviderError(StatekeeperError):
    """A provider could not be asked."""


@dataclass(frozen=True)
class Signal:
    """One thing true of the world: `name` holds `value` from `observed_at` until
    `valid_until` (None: as long as it is fetched again)."""

    name: str
    value: JsonValue
    observed_at: datetime
    valid_until: datetime | None = None

    def holds(self, now: datetime) -> bool:
        return self.valid_until is None or as_utc(now) < as_utc(self.valid_until)


class SignalSource(Protocol):
    """What a provider asks: the signals of the world at `now`."""

    def fetch(self, now: datetime) -> Sequence[Signal]: ...


class JsonSource:
    """An HTTP JSON endpoint read on every query: a flat object of signals, each value as
    sent. What it says holds for `max_age` after it was fetched, unless the endpoint sends
    its own `observed_at` (ISO 8601), from which `max_age` then counts."""

    def __init__(
        self, url: str, *, max_age: timedelta, prefix: str = "", timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise InvalidInputError("url", url, "must be an http(s) URL")
        if max_age <= timedelta(0):
            raise InvalidInputError("max_age", max_age, "must be positive")
        self.url, self.max_age, self.prefix, self.timeout = url, max_age, prefix, timeout

    def fetch(self, now: datetime) -> list[Signal]:
        body = _get_json(self.url, self.timeout)
        if not isinstance(body, Mapping):
            raise ProviderError(f"{self.url} sent no JSON object")
        observed = _moment(body.get("observed_at")) or as_utc(now)
        return [
            Signal(f"{self.prefix}{name}", value, observed, observed + self.max_age)
            for name, value in body.items()
            if name != "observed_at"
        ]


class CalendarSource:
    """A calendar's events as an HTTP JSON list of `{"title", "start", "end"}` (ISO 8601):
    the event under way now, and those starting within `horizon`. An event that has ended
    is gone, whatever the feed still lists."""

    def __init__(
        self, url: str, *, horizon: timedelta = timedelta(hours=2), timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise InvalidInputError("url", url, "must be an http(s) URL")
        if horizon < timedelta(0):
            raise InvalidInputError("horizon", horizon, "must not be negative")
        self.url, self.horizon, self.timeout = url, horizon, timeout

    def fetch(self, now: datetime) -> list[Signal]:
        now = as_utc(now)
        events = _get_json(self.url, self.timeout)
        if not isinstance(events, list):
            raise ProviderError(f"{self.url} sent no list of events")
        current, upcoming = [], []
        for event in events:
            start, end = _moment(_field(event, "start")), _moment(_field(event, "end"))
            title = _field(event, "title")
            if start is None or end is None or not isinstance(title, str):
                continue  # an event without a time or a title says nothing of now
            if start <= now < end:
                current.append((end, f"{title} (until {end:%H:%M} UTC)"))
            elif now <= start <= now + self.horizon:
                upcoming.append((start, f"{title} (at {start:%H:%M} UTC)"))
        signals = [Signal("meeting_now", text, now, end) for end, text in sorted(current)]
        if upcoming:
            first = min(start for start, _ in upcoming)
            texts: list[JsonValue] = [text for _, text in sorted(upcoming)]
            signals.append(Signal("meetings_soon", texts, now, first))
        return signals


def providers(
    *sources: SignalSource, timezone: str = "UTC", location: str | None = None
) -> Callable[[datetime], Environment]:
    """An environment provider for `Engine.open` that asks every source on every query and
    keeps only the signals that still hold. A source that fails or is slow is left out of
    that context (its signals unknown is better than a context that never comes)."""

    def provide(now: datetime) -> Environment:
        held: dict[str, JsonValue] = {}
        for source in sources:
            try:
                signals = source.fetch(now)
            except (httpx.HTTPError, ProviderError, ValueError):
                continue
            for signal in signals:
                if signal.holds(now):
                    held[signal.name] = signal.value
        return Environment(
            current_time=as_utc(now), timezone=timezone, location=location, external_data=held
        )

    return provide


def _get_json(url: str, timeout: float) -> Any:
    try:
        reply = httpx.get(url, timeout=timeout, follow_redirects=False)
        reply.raise_for_status()
        return reply.json()
    except ValueError as error:
        raise ProviderError(f"{url} sent no JSON: {error}") from error


def _field(event: object, name: str) -> object:
    return event.get(name) if isinstance(event, Mapping) else None


def _moment(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return as_utc(datetime.fromisoformat(value))
    except ValueError:
        return None
