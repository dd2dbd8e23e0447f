"""Anthropic's Messages API."""

from __future__ import annotations

from typing import Any

import anthropic

from statekeeper.llm.base import RETRYABLE_STATUS, LLMError, api_key


class AnthropicClient:
    """One Claude model; retries are left to `with_retries`."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        timeout: float = 120.0,
        max_tokens: int = 1024,
    ) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self._client = anthropic.Anthropic(
            api_key=api_key("ANTHROPIC_API_KEY", base_url),
            base_url=base_url,
            timeout=timeout,
            max_retries=0,
        )

    def complete(self, system: str | None, prompt: str) -> str:
        message = self._message(system, prompt)
        return "".join(
            block.text for block in message.content if isinstance(block, anthropic.types.TextBlock)
        )

    def complete_json(
        self, system: str | None, prompt: str, schema: dict[str, Any], name: str
    ) -> dict[str, Any]:
        """An answer constrained to `schema`: the model must call one tool with it as input."""
        tool = {"name": name, "description": "Record the result.", "input_schema": schema}
        message = self._message(
            system, prompt, tools=[tool], tool_choice={"type": "tool", "name": name}
        )
        for block in message.content:
            if isinstance(block, anthropic.types.ToolUseBlock) and isinstance(block.input, dict):
                return dict(block.input)
        raise LLMError("anthropic answered without the requested tool call", retryable=False)

    def _message(self, system: str | None, prompt: str, **options: Any) -> Any:
        """One Messages call; provider errors become `LLMError`s that say if a retry helps."""
        if system:
            options["system"] = system
        try:
            return self._client.messages.create(
                model=self.model,
                max_tokens=self.max_tokens,
                messages=[{"role": "user", "content": prompt}],
                **options,
            )
        except anthropic.APIStatusError as exc:
            raise LLMError(
                f"anthropic {exc.status_code}: {exc.message}",
                status=exc.status_code,
                retryable=exc.status_code in RETRYABLE_STATUS or exc.status_code == 529,
            ) from exc
        except anthropic.APIConnectionError as exc:  # includes timeouts
            raise LLMError(f"anthropic connection failed: {exc}", retryable=True) from exc
