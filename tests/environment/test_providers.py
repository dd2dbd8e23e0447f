"""Environment providers against real HTTP servers on loopback: asked on every context,
never cached, and a signal past its bound gone."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from statekeeper import Engine, Principal
from statekeeper.environment import CalendarSource, JsonSource, providers
from statekeeper.errors import InvalidInputError
from tests.conftest import Clock
from tests.http_server import JsonHandler, serving

NOW = datetime(2026, 3, 2, 9, 0, 0)
asked: list[str] = []
answers: dict[str, Any] = {}


class Feeds(JsonHandler):
    def do_GET(self) -> None:
        asked.append(self.path)
        if self.path not in answers:
            self.send_json(500, {"error": "down"})
        else:
            self.send_json(200, answers[self.path])


def at(minutes: int) -> str:
    return (NOW + timedelta(minutes=minutes)).isoformat()


@pytest.fixture
def port() -> Any:
    asked.clear()
    answers.clear()
    with serving(Feeds) as number:
        yield number


def test_a_meeting_that_ended_is_gone_and_one_under_way_shows(port: int) -> None:
    answers["/cal"] = [
        {"title": "Standup", "start": at(-40), "end": at(-10)},  # ended ten minutes ago
        {"title": "Design review", "start": at(-5), "end": at(25)},
        {"title": "Lunch with Ana", "start": at(90), "end": at(150)},
        {"title": "Offsite", "start": at(600), "end": at(700)},  # past the horizon
        {"title": "No time"},
    ]
    provide = providers(CalendarSource(f"http://127.0.0.1:{port}/cal"))
    data = provide(NOW).external_data
    assert data == {
        "meeting_now": "Design review (until 09:25 UTC)",
        "meetings_soon": ["Lunch with Ana (at 10:30 UTC)"],
    }
    later = provide(NOW + timedelta(minutes=30)).external_data  # the review has ended
    assert "meeting_now" not in later


def test_a_signal_past_its_age_is_gone(port: int) -> None:
    answers["/status"] = {"observed_at": at(-20), "payments": "degraded"}
    answers["/fresh"] = {"queue_depth": 12}
    provide = providers(
        JsonSource(f"http://127.0.0.1:{port}/status", max_age=timedelta(minutes=5)),
        JsonSource(f"http://127.0.0.1:{port}/fresh", max_age=timedelta(minutes=5), prefix="q_"),
    )
    assert provide(NOW).external_data == {"q_queue_depth": 12}


def test_every_context_asks_again_and_a_failing_source_is_left_out(
    port: int, store_location: Any, clock: Clock
) -> None:
    answers["/cal"] = [{"title": "Budget sync", "start": at(-5), "end": at(30)}]
    provide = providers(
        CalendarSource(f"http://127.0.0.1:{port}/cal"),
        JsonSource(f"http://127.0.0.1:{port}/missing", max_age=timedelta(minutes=1)),
    )
    clock.now = NOW
    with Engine.open(store_location("env.db"), clock=clock, environment_provider=provide) as e:
        session = e.session(Principal(org="acme", user="ana"))
        assert "Budget sync" in session.context("What is on now?").text
        answers["/cal"] = []  # the meeting was cancelled: the next context knows at once
        assert "Budget sync" not in session.context("What is on now?").text
    assert asked.count("/cal") == 2 and asked.count("/missing") == 2


@pytest.mark.parametrize(
    "build",
    [
        lambda: JsonSource("file:///etc/passwd", max_age=timedelta(minutes=1)),
        lambda: JsonSource("http://127.0.0.1:9/x", max_age=timedelta(0)),
        lambda: CalendarSource("ftp://calendar", horizon=timedelta(hours=1)),
        lambda: CalendarSource("http://127.0.0.1:9/x", horizon=timedelta(hours=-1)),
    ],
)
def test_a_source_is_checked_when_it_is_made(build: Any) -> None:
    with pytest.raises(InvalidInputError):
        build()
