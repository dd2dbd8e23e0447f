"""The LLM extractor, end to end against loopback servers speaking each provider's protocol."""

from __future__ import annotations

from pathlib import Path

import pytest
from loopback import Provider

from statekeeper import Engine, Principal, StatekeeperError
from statekeeper.llm.anthropic import AnthropicClient
from statekeeper.llm.base import LLMError
from statekeeper.llm.openai import OpenAIClient
from statekeeper.nlu.llm_extractor import LLMExtractor, strict_schema

ALICE = Principal(org="acme", user="alice")


def _engine(tmp_path: Path, client: OpenAIClient | AnthropicClient) -> Engine:
    return Engine.open(tmp_path / "s.db", extractor=LLMExtractor(client))


def test_schema_is_strict() -> None:
    schema = strict_schema()
    candidate = schema["properties"]["facts"]["items"]
    assert schema["additionalProperties"] is False
    assert candidate["additionalProperties"] is False
    assert candidate["required"] == sorted(candidate["properties"])
    assert "$defs" not in schema and "$ref" not in str(schema)


def test_openai_extraction_new_fact_then_correction(provider: Provider, tmp_path: Path) -> None:
    provider.structured = [
        {"facts": [{"key": "venue", "value": "Harbor Hotel"}]},
        {"facts": [{"key": "venue", "value": "Lakeside Inn", "replaces": "venue"}]},
    ]
    engine = _engine(tmp_path, OpenAIClient("extractor", base_url=provider.openai_url))
    session = engine.session(ALICE)
    session.observe("alice", "The offsite venue is the Harbor Hotel.")
    session.observe("alice", "Change of plan: we moved it to the Lakeside Inn.")
    assert session.current_value("venue") == "Lakeside Inn"
    assert [f.value for f in session.history("venue")] == ["Harbor Hotel", "Lakeside Inn"]
    last = provider.requests[-1]
    assert last["response_format"]["type"] == "json_schema"
    assert last["response_format"]["json_schema"]["strict"] is True
    assert "venue: Harbor Hotel" in last["messages"][-1]["content"]  # the known facts went along
    assert "Harbor Hotel" not in session.context("Where is the offsite?").text


def test_hypothetical_candidates_stay_out_of_global_context(
    provider: Provider, tmp_path: Path
) -> None:
    provider.structured = [
        {"facts": [{"key": "budget", "value": "$500K", "scope": "hypothetical"}]}
    ]
    engine = _engine(tmp_path, OpenAIClient("extractor", base_url=provider.openai_url))
    session = engine.session(ALICE)
    session.observe("alice", "Imagine we had $500K to spend.")
    assert "$500K" not in session.context("What is our budget?").text


def test_one_invalid_candidate_is_dropped_alone(provider: Provider, tmp_path: Path) -> None:
    provider.structured = [
        {"facts": [{"key": "", "value": "nothing"}, {"key": "dock", "value": "Dock 9"}, "junk"]}
    ]
    engine = _engine(tmp_path, OpenAIClient("extractor", base_url=provider.openai_url))
    session = engine.session(ALICE)
    session.observe("alice", "Trucks use Dock 9 now.")
    assert [(f.key, f.value) for f in session.facts()] == [("dock", "Dock 9")]


def test_malformed_json_is_a_clear_error(provider: Provider, tmp_path: Path) -> None:
    provider.structured = ["{not json"]
    engine = _engine(tmp_path, OpenAIClient("extractor", base_url=provider.openai_url))
    with pytest.raises(LLMError, match="invalid JSON") as raised:
        engine.session(ALICE).observe("alice", "The venue is the Harbor Hotel.")
    assert isinstance(raised.value, StatekeeperError)
    # the failed turn was not stored: a retry does not find it twice
    assert "Harbor Hotel" not in engine.session(ALICE).context("venue").text


def test_rate_limit_is_retried(provider: Provider, tmp_path: Path) -> None:
    provider.fail_with = [429]
    provider.structured = [{"facts": [{"key": "venue", "value": "Harbor Hotel"}]}]
    engine = _engine(tmp_path, OpenAIClient("extractor", base_url=provider.openai_url))
    session = engine.session(ALICE)
    session.observe("alice", "The venue is the Harbor Hotel.")
    assert session.current_value("venue") == "Harbor Hotel"
    assert len(provider.requests) == 2


def test_anthropic_tool_use_extraction(provider: Provider, tmp_path: Path) -> None:
    provider.structured = [{"facts": [{"key": "carrier", "value": "Northline Freight"}]}]
    engine = _engine(tmp_path, AnthropicClient("extractor", base_url=provider.anthropic_url))
    session = engine.session(ALICE)
    session.observe("alice", "We ship with Northline Freight from now on.")
    assert session.current_value("carrier") == "Northline Freight"
    request = provider.requests[-1]
    assert request["tool_choice"] == {"type": "tool", "name": "record_facts"}
    assert request["tools"][0]["input_schema"] == strict_schema()
