"""Consolidation: similar events become a heuristic, duplicates and thin entries retire,
everything retired stays in history pointing to what it became, and a second run with no
new event changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from click.testing import CliRunner

from statekeeper import Engine, Principal, Session
from statekeeper.capability import Level
from statekeeper.capability.consolidate import ConsolidationError
from statekeeper.capability.consolidate import consolidate as run
from statekeeper.cli import main
from statekeeper.errors import InvalidInputError
from statekeeper.llm.anthropic import AnthropicClient
from statekeeper.llm.base import LLMError
from statekeeper.llm.openai import OpenAIClient
from tests.conftest import Clock, MakeEngine, snapshot
from tests.llm.loopback import Provider

AGENT = Principal(org="acme", user="bot")
LATE = [
    "The client said the meeting invite arrived too late",
    "Invite for the board meeting went out too late, the client complained",
    "Client complained the invite came late for the quarterly meeting",
]
PROJECTOR = "The projector in room 4 was broken again"
PARKING = "Visitor parking passes ran out before noon"
RULE = "Check the room's equipment the day before"


def _fill(engine: Engine, clock: Clock) -> dict[str, str]:
    s = engine.session(AGENT, capability="calendar", maturity="senior")
    ids: dict[str, str] = {}
    for n, text in enumerate([*LATE, PROJECTOR, PARKING, "ok", PARKING]):
        clock.advance(minutes=1)
        ids[f"event{n}"] = s.learn(text).id
    ids["rule"] = s.learn(RULE, level="heuristic").id
    clock.advance(minutes=1)
    ids["rule again"] = s.learn(RULE, level="heuristic").id
    return ids


def _session(engine: Engine) -> Session:
    return engine.session(AGENT, capability="calendar")


def test_similar_events_become_a_heuristic_and_the_rest_is_pruned(
    engine: Engine, clock: Clock
) -> None:
    ids = _fill(engine, clock)
    clock.advance(hours=1)
    report = engine.consolidate(org="acme", capability="calendar")

    assert report.events == 7
    assert len(report.clusters) == 1 and report.heuristics_written == 1
    cluster = report.clusters[0]
    assert cluster.events == (ids["event0"], ids["event1"], ids["event2"]) and cluster.new
    assert report.events_merged == 3
    assert report.low_quality == (ids["event5"],)
    assert set(report.duplicates) == {ids["event6"], ids["rule again"]}
    assert report.pruned == 3 and report.changed

    s = _session(engine)
    live = {lesson.id: lesson for lesson in s.lessons()}
    heuristic = live[cluster.heuristic]
    assert heuristic.level == Level.HEURISTIC and heuristic.origin == "consolidation"
    assert heuristic.sources == cluster.events and heuristic.text == cluster.text
    assert heuristic.text.startswith("Seen in 3 events about ")
    assert any(event in heuristic.text for event in LATE)
    assert {ids["event3"], ids["event4"], ids["rule"]} < live.keys()
    assert not live.keys() & {*cluster.events, ids["event5"], ids["event6"], ids["rule again"]}

    history = {lesson.id: lesson for lesson in s.lessons(history=True)}
    for event in cluster.events:
        merged = history[event]
        assert merged.status == "merged" and merged.merged_into == heuristic.id
        assert merged.ended_at == clock.now and merged.end_reason
    assert history[ids["event6"]].status == "duplicate"
    assert history[ids["event6"]].merged_into == ids["event4"]
    assert history[ids["rule again"]].merged_into == ids["rule"]
    assert history[ids["event5"]].status == "pruned" and history[ids["event5"]].merged_into is None

    text = s.context("When should the meeting invite go out?").text
    assert heuristic.text in text
    assert f"] {LATE[0]}" not in text and f"] {LATE[2]}" not in text  # merged: left the context


def test_a_second_run_with_no_new_event_changes_nothing(
    engine: Engine, clock: Clock, location: str
) -> None:
    _fill(engine, clock)
    engine.consolidate(org="acme", capability="calendar")
    before = snapshot(location)
    clock.advance(days=1)
    again = engine.consolidate(org="acme", capability="calendar")
    assert not again.changed and again.clusters == () and again.pruned == 0
    assert snapshot(location) == before


def test_new_events_feed_the_next_run(engine: Engine, clock: Clock) -> None:
    _fill(engine, clock)
    engine.consolidate(org="acme", capability="calendar")
    s = engine.session(AGENT, capability="calendar")
    for text in ("The projector in room 4 failed in the demo", "Projector of room 4 broke again"):
        clock.advance(minutes=1)
        s.learn(text)
    report = engine.consolidate(org="acme", capability="calendar")
    assert report.heuristics_written == 1 and report.events_merged == 3
    assert "projector" in report.clusters[0].text.lower()


def test_it_is_deterministic(make_engine: MakeEngine, clock: Clock) -> None:
    reports = []
    for name in ("one.db", "two.db"):
        clock.now = Clock().now
        engine = make_engine(name)
        _fill(engine, clock)
        reports.append(engine.consolidate(org="acme", capability="calendar"))
    assert reports[0] == reports[1]


def test_other_capabilities_and_organizations_are_untouched(
    engine: Engine, clock: Clock
) -> None:
    for who, capability in ((AGENT, "sales"), (Principal(org="globex", user="bot"), "calendar")):
        s = engine.session(who, capability=capability)
        for text in LATE:
            s.learn(text)
    _fill(engine, clock)
    engine.consolidate(org="acme", capability="calendar")
    sales = engine.session(AGENT, capability="sales").lessons()
    globex = engine.session(Principal(org="globex", user="bot"), capability="calendar").lessons()
    assert [x.text for x in sales] == LATE[::-1] and [x.text for x in globex] == LATE[::-1]


class KeywordEmbedder:
    """Vectors by topic word, so that events with no word in common still cluster."""

    model = "keywords"
    dimensions = 3

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        def vector(text: str) -> list[float]:
            lowered = text.lower()
            if any(w in lowered for w in ("invite", "calendar request", "meeting notice")):
                return [1.0, 0.05, 0.0]
            if "projector" in lowered or "screen" in lowered:
                return [0.0, 1.0, 0.05]
            return [0.05, 0.0, 1.0]

        return [vector(text) for text in texts]


def test_with_an_embedder_events_cluster_by_meaning(engine: Engine, clock: Clock) -> None:
    s = engine.session(AGENT, capability="calendar")
    said = [
        "The invite reached the guests late",
        "Calendar request sent after the deadline",
        "Meeting notice was delayed by two days",
        "Screen flickered during the pitch",
    ]
    for text in said:
        s.learn(text)
    report = run(engine.store, "acme", "calendar", engine.now, embedder=KeywordEmbedder())
    assert len(report.clusters) == 1 and report.events_merged == 3
    merged = {x.text for x in s.lessons(history=True) if x.status == "merged"}
    assert merged == set(said[:3])


@pytest.mark.parametrize("kind", ["openai", "anthropic"])
def test_with_a_model_the_model_writes_the_heuristic(
    engine: Engine, clock: Clock, provider: Provider, kind: str
) -> None:
    _fill(engine, clock)
    provider.structured = [{"heuristic": "Send meeting invites at least a week ahead."}]
    client = (
        OpenAIClient("abstractor", base_url=provider.openai_url)
        if kind == "openai"
        else AnthropicClient("abstractor", base_url=provider.anthropic_url)
    )
    report = engine.consolidate(org="acme", capability="calendar", llm=client)
    assert [c.text for c in report.clusters] == ["Send meeting invites at least a week ahead."]
    assert len(provider.requests) == 1
    sent = str(provider.requests[0]["messages"])
    assert all(event in sent for event in LATE) and PARKING not in sent
    texts = {x.text for x in _session(engine).lessons(level="heuristic")}
    assert "Send meeting invites at least a week ahead." in texts
    again = engine.consolidate(org="acme", capability="calendar", llm=client)
    assert not again.changed and len(provider.requests) == 1  # nothing to ask about


def test_a_failing_or_empty_model_answer_writes_nothing(
    engine: Engine, clock: Clock, provider: Provider, location: str
) -> None:
    _fill(engine, clock)
    client = OpenAIClient("abstractor", base_url=provider.openai_url)
    before = snapshot(location)
    provider.fail_with = [400]
    with pytest.raises(LLMError):
        engine.consolidate(org="acme", capability="calendar", llm=client)
    provider.structured = [{"heuristic": "   "}]
    with pytest.raises(ConsolidationError):
        engine.consolidate(org="acme", capability="calendar", llm=client)
    assert snapshot(location) == before


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"org": "", "capability": "calendar"}, "org"),
        ({"org": "acme", "capability": None}, "capability"),
        ({"org": "acme", "capability": "calendar", "similarity": 1.5}, "similarity"),
        ({"org": "acme", "capability": "calendar", "similarity": True}, "similarity"),
        ({"org": "acme", "capability": "calendar", "min_cluster": 1}, "min_cluster"),
        ({"org": "acme", "capability": "calendar", "llm": "gpt"}, "llm"),
    ],
)
def test_bad_arguments_are_refused_and_write_nothing(
    engine: Engine, clock: Clock, location: str, options: dict[str, object], field: str
) -> None:
    _fill(engine, clock)
    before = snapshot(location)
    with pytest.raises(InvalidInputError) as caught:
        engine.consolidate(**options)  # type: ignore[arg-type]
    assert field in str(caught.value)
    assert snapshot(location) == before


def test_the_command_consolidates_and_reports(engine: Engine, clock: Clock, location: str) -> None:
    _fill(engine, clock)
    args = ["consolidate", "--url", location, "--org", "acme", "--capability", "calendar"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "1 clusters, 1 heuristics written, 3 events merged, 3 pruned" in first.output
    assert "Seen in 3 events about" in first.output
    second = CliRunner().invoke(main, [*args, "--json"])
    assert second.exit_code == 0, second.output
    assert '"clusters": []' in second.output and '"heuristics_written": 0' in second.output
    bad = CliRunner().invoke(main, [*args[:-1], "sales\nteam"])
    assert bad.exit_code == 1 and "capability" in bad.output
