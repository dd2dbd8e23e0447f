from __future__ import annotations

import socket

import pytest
from loopback import Provider

from statekeeper.llm import LLMClient, LLMError, client_from_spec, with_retries
from statekeeper.llm.anthropic import AnthropicClient
from statekeeper.llm.openai import OpenAIClient


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_openai_client_speaks_chat_completions(
    provider: Provider, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key")
    client = OpenAIClient("gpt-test", base_url=provider.openai_url)
    assert isinstance(client, LLMClient)
    assert client.complete("Be brief.", "ctx\nUser question: q?") == "ctx\n"
    request = provider.requests[0]
    assert request["model"] == "gpt-test"
    assert request["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "ctx\nUser question: q?"},
    ]
    assert provider.headers[0]["authorization"] == "Bearer sk-test-key"


def test_anthropic_client_speaks_messages(
    provider: Provider, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "ak-test-key")
    client = AnthropicClient("claude-test", base_url=provider.anthropic_url)
    assert client.complete("Be brief.", "ctx\nUser question: q?") == "ctx\n"
    request = provider.requests[0]
    assert request["path"] == "/v1/messages"
    assert request["system"] == "Be brief."
    assert request["messages"] == [{"role": "user", "content": "ctx\nUser question: q?"}]
    assert request["max_tokens"] > 0
    # The SDK decides the header (older versions: x-api-key; this one: a bearer token).
    sent = provider.headers[0]
    assert "ak-test-key" in (sent.get("x-api-key"), sent.get("authorization", "")[7:])


@pytest.mark.parametrize("spec", ["openai:m", "anthropic:m"])
def test_rate_limit_is_retryable_and_retried(provider: Provider, spec: str) -> None:
    client = client_from_spec(
        spec, base_url=provider.openai_url if spec.startswith("openai") else provider.anthropic_url
    )
    provider.fail_with = [429]
    with pytest.raises(LLMError) as info:
        client.complete(None, "hi")
    assert info.value.status == 429 and info.value.retryable
    provider.fail_with = [429, 503]
    assert with_retries(lambda: client.complete(None, "hi"), base_delay=0.01) == "hi"
    assert len(provider.requests) == 4  # the failed one, then two failures and a success


@pytest.mark.parametrize("spec", ["openai:m", "anthropic:m"])
def test_client_errors_are_not_retried(provider: Provider, spec: str) -> None:
    client = client_from_spec(
        spec, base_url=provider.openai_url if spec.startswith("openai") else provider.anthropic_url
    )
    provider.fail_with = [400]
    with pytest.raises(LLMError) as info:
        with_retries(lambda: client.complete(None, "hi"), base_delay=0.01)
    assert info.value.status == 400 and not info.value.retryable
    assert len(provider.requests) == 1


def test_unreachable_server_is_a_retryable_error() -> None:
    client = OpenAIClient("m", base_url=f"http://127.0.0.1:{_closed_port()}/v1", timeout=5)
    with pytest.raises(LLMError) as info:
        client.complete(None, "hi")
    assert info.value.retryable


def test_backoff_doubles_and_gives_up_after_the_last_attempt() -> None:
    delays: list[float] = []
    calls = 0

    def failing() -> str:
        nonlocal calls
        calls += 1
        raise LLMError("busy", status=503, retryable=True)

    with pytest.raises(LLMError):
        with_retries(failing, attempts=4, base_delay=0.5, max_delay=1.5, sleep=delays.append)
    assert calls == 4
    assert delays == [0.5, 1.0, 1.5]


def test_spec_parsing_and_missing_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(LLMError, match="OPENAI_API_KEY"):
        client_from_spec("openai:gpt-x")
    with pytest.raises(ValueError, match="PROVIDER:MODEL"):
        client_from_spec("gpt-x")
    with pytest.raises(ValueError, match="unknown provider"):
        client_from_spec("mystery:gpt-x")
