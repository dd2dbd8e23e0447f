from __future__ import annotations

import pytest

from statekeeper.bench.strategies import (
    REFERENCE,
    REGISTRY,
    LatestWins,
    NoMemory,
    Strategy,
    StrategyUnavailableError,
    TranscriptReplay,
    resolve,
)

STATE = {
    "identity_role": {"user_name": "Ana", "authority": "Buyer"},
    "persistent_facts": [{"key": "vendor", "value": "Acme"}],
    "working_set": [{"item_type": "task", "content": "Compare quotes"}],
    "environment": {"now": "2026-01-01T00:00:00", "alert": "Port strike"},
}
WRITE = {
    "type": "state_write",
    "writes": [{"layer": "persistent_facts", "key": "vendor", "value": "Globex"}],
}
TURN = {"type": "conversation_turn", "speaker": "user", "text": "Acme raised prices"}
QUERY = {"type": "query", "prompt": "Which vendor?"}


def test_reference_strategies_satisfy_the_protocol() -> None:
    for name in REFERENCE:
        assert isinstance(resolve(name), Strategy)


def test_transcript_replay_keeps_everything_in_order() -> None:
    s = TranscriptReplay()
    s.reset()
    s.initialize_from_state(STATE)
    s.process_event(TURN)
    s.process_event(WRITE)
    context = s.build_context(QUERY).context
    for text in ("Ana", "Acme", "Compare quotes", "Port strike", "Acme raised prices", "Globex"):
        assert text in context
    assert context.index("Acme raised prices") < context.index("Globex")


def test_latest_wins_overwrites_by_key_and_drops_turns() -> None:
    s = LatestWins()
    s.reset()
    s.initialize_from_state(STATE)
    s.process_event(TURN)
    s.process_event(WRITE)
    context = s.build_context(QUERY).context
    assert "vendor: Globex" in context
    assert "Acme" not in context


def test_no_memory_shows_identity_only() -> None:
    s = NoMemory()
    s.reset()
    s.initialize_from_state(STATE)
    s.process_event(WRITE)
    assert s.build_context(QUERY).context == "User: user_name: Ana, authority: Buyer"


def test_reset_forgets() -> None:
    s = TranscriptReplay()
    s.initialize_from_state(STATE)
    s.reset()
    assert s.build_context(QUERY).context == ""


def test_statekeeper_is_registered_lazily_with_its_adapter_path() -> None:
    entry = REGISTRY["statekeeper"]
    assert entry.target == "statekeeper.integrations.statebench:StateKeeperStrategy"
    assert dict(entry.kwargs) == {"url": None}


def test_import_paths_resolve_and_budget_is_passed() -> None:
    s = resolve("statekeeper.bench.strategies:NoMemory", token_budget=321)
    assert isinstance(s, NoMemory) and s.token_budget == 321


def test_unknown_and_unimportable_strategies_are_clear_errors() -> None:
    with pytest.raises(StrategyUnavailableError, match="unknown strategy 'nope'"):
        resolve("nope")
    with pytest.raises(StrategyUnavailableError, match="cannot be imported"):
        resolve("statekeeper.no_such_module:Thing")
    with pytest.raises(StrategyUnavailableError, match="has no attribute 'Thing'"):
        resolve("statekeeper.bench.strategies:Thing")


def test_transcript_replay_cuts_oldest_lines_to_fit_a_budget() -> None:
    from statekeeper.bench.tokens import count_tokens

    s = TranscriptReplay(token_budget=12)
    s.initialize_from_state(STATE)
    for i in range(10):
        s.process_event({"type": "conversation_turn", "speaker": "user", "text": f"note {i}"})
    context = s.build_context(QUERY).context
    assert count_tokens(context) <= 12
    assert context.endswith("User: note 9")
    assert "Ana" not in context and "note 0" not in context
    assert TranscriptReplay(token_budget=None).build_context(QUERY).context == ""
