"""The `LLMClient` protocol, its error type, retries, and construction from `provider:model`."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, runtime_checkable

from statekeeper.errors import StatekeeperError

T = TypeVar("T")

RETRYABLE_STATUS = frozenset({408, 409, 429}) | frozenset(range(500, 600))


@runtime_checkable
class LLMClient(Protocol):
    """Anything that turns a (system, prompt) pair into the model's text answer."""

    model: str

    def complete(self, system: str | None, prompt: str) -> str: ...


@runtime_checkable
class StructuredLLMClient(LLMClient, Protocol):
    """A client that can also answer with JSON constrained by a JSON schema."""

    def complete_json(
        self, system: str | None, prompt: str, schema: dict[str, Any], name: str
    ) -> dict[str, Any]: ...


class LLMError(StatekeeperError, RuntimeError):
    """A failed model call; `retryable` says whether trying again can help."""

    def __init__(self, message: str, *, status: int | None = None, retryable: bool) -> None:
        self.status = status
        self.retryable = retryable
        super().__init__(message)


def with_retries(
    call: Callable[[], T],
    *,
    attempts: int = 6,
    base_delay: float = 1.0,
    max_delay: float = 60.0,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """Run `call`, retrying retryable `LLMError`s with exponential backoff (1, 2, 4 ... s)."""
    for attempt in range(attempts):
        try:
            return call()
        except LLMError as exc:
            if not exc.retryable or attempt == attempts - 1:
                raise
            sleep(min(max_delay, base_delay * 2**attempt))
    raise AssertionError("unreachable")  # pragma: no cover


def api_key(variable: str, base_url: str | None) -> str:
    """The key from the environment; a local server (custom base URL) may need none."""
    key = os.environ.get(variable)
    if key:
        return key
    if base_url:
        return "unused"
    raise LLMError(f"set {variable} to use this provider", retryable=False)


def client_from_spec(
    spec: str, *, base_url: str | None = None, timeout: float = 120.0
) -> LLMClient:
    """Build a client from `openai:MODEL` or `anthropic:MODEL`."""
    provider, _, model = spec.partition(":")
    if not model:
        raise ValueError(f"expected PROVIDER:MODEL, got {spec!r}")
    if provider == "openai":
        from statekeeper.llm.openai import OpenAIClient

        return OpenAIClient(model, base_url=base_url, timeout=timeout)
    if provider == "anthropic":
        from statekeeper.llm.anthropic import AnthropicClient

        return AnthropicClient(model, base_url=base_url, timeout=timeout)
    raise ValueError(f"unknown provider {provider!r} (expected openai or anthropic)")


def parse_json_object(text: str, provider: str) -> dict[str, Any]:
    """The JSON object a model answered with, tolerating a fenced code block around it."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").removeprefix("json").strip()
    try:
        value = json.loads(body)
    except json.JSONDecodeError as exc:
        raise LLMError(f"{provider} answered with invalid JSON: {exc}", retryable=False) from exc
    if not isinstance(value, dict):
        raise LLMError(f"{provider} answered with JSON that is not an object", retryable=False)
    return value
