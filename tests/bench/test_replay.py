from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from statekeeper.bench.dataset import load
from statekeeper.bench.replay import replay
from statekeeper.bench.strategies import ContextResult


class Recorder:
    """Remembers what it was given, and shows everything since its last reset."""

    expects_initial_state = True

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.seen: list[str] = []

    def reset(self) -> None:
        self.calls.append("reset")
        self.seen = []

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None:
        self.calls.append("init")
        assert isinstance(initial_state, dict)
        self.seen.append(initial_state["identity_role"]["user_name"])

    def process_event(self, event: Mapping[str, Any]) -> None:
        assert isinstance(event, dict) and event["type"] != "query"
        self.calls.append(event["type"])
        self.seen.append(event.get("text") or event["writes"][0]["value"])

    def build_context(self, query: Mapping[str, Any]) -> ContextResult:
        assert isinstance(query, dict) and query["type"] == "query"
        self.calls.append("query")
        return ContextResult("\n".join(self.seen))


def test_each_timeline_starts_from_reset_and_sees_only_its_own_events(
    sample_file: Path,
) -> None:
    dataset = load(sample_file)
    strategy = Recorder()
    contexts = list(replay(dataset.records, strategy))
    assert strategy.calls.count("reset") == 4
    assert strategy.calls[:5] == ["reset", "init", "conversation_turn", "supersession", "query"]
    vet, kitchen, hr1, hr2, release = contexts
    assert "Dana" in vet.context and "Marco" not in vet.context
    assert "Marco" in kitchen.context and "Biscuit" not in kitchen.context
    # The HR timeline's first query comes before the write, the second after it.
    assert "approved at $142,000" not in hr1.context
    assert "approved at $142,000" in hr2.context
    assert "Priya" not in release.context


def test_history_holds_only_what_came_before_the_query(sample_file: Path) -> None:
    hr1, hr2 = [qc for qc in replay(load(sample_file).records, Recorder())][2:4]
    assert "Draft a note" not in hr1.history
    assert "Draft a note" in hr2.history  # an earlier prompt counts as seen
    assert "approved at $142,000" not in hr1.history
    assert (hr1.query_index, hr2.query_index) == (0, 1)


def test_timing_is_shared_among_a_timelines_queries(sample_file: Path) -> None:
    contexts = list(replay(load(sample_file).records, Recorder()))
    assert all(qc.seconds > 0 for qc in contexts)
    assert contexts[2].seconds == contexts[3].seconds


class Vandal(Recorder):
    """Mutates every dict it is handed."""

    def initialize_from_state(self, initial_state: Mapping[str, Any]) -> None:
        super().initialize_from_state(initial_state)
        initial_state["persistent_facts"].clear()

    def process_event(self, event: Mapping[str, Any]) -> None:
        super().process_event(event)
        event["text"] = "overwritten"  # type: ignore[index]


def test_a_strategy_cannot_change_what_the_next_one_sees(sample_file: Path) -> None:
    records = load(sample_file).records
    list(replay(records, Vandal()))
    after = [qc.context for qc in replay(records, Recorder())]
    assert "Biscuit's owner called" in after[0]
    assert records[0].raw["initial_state"]["persistent_facts"]
