"""OpenAI chat completions, and any OpenAI-compatible server (vLLM, Ollama, llama.cpp)."""

from __future__ import annotations

from typing import Any

import openai

from statekeeper.llm.base import RETRYABLE_STATUS, LLMError, api_key, parse_json_object


class OpenAIClient:
    """One model behind the chat completions API; retries are left to `with_retries`."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        timeout: float = 120.0,
        max_tokens: int | None = None,
    ) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self._client = openai.OpenAI(
            api_key=api_key("OPENAI_API_KEY", base_url),
            base_url=base_url,
            timeout=timeout,
            max_retries=0,
        )

    def complete(self, system: str | None, prompt: str) -> str:
        options: dict[str, Any] = {}
        if self.max_tokens is not None:
            options["max_completion_tokens"] = self.max_tokens
        return self._answer(system, prompt, **options)

    def complete_json(
        self, system: str | None, prompt: str, schema: dict[str, Any], name: str
    ) -> dict[str, Any]:
        """An answer constrained to `schema` (structured outputs, strict mode)."""
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": name, "schema": schema, "strict": True},
        }
        text = self._answer(system, prompt, response_format=response_format, temperature=0)
        return parse_json_object(text, "openai")

    def _answer(self, system: str | None, prompt: str, **options: Any) -> str:
        """One chat completion; provider errors become `LLMError`s that say if a retry helps."""
        messages: list[dict[str, str]] = []
        if system:
            messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": prompt})
        try:
            response = self._client.chat.completions.create(
                model=self.model,
                messages=messages,  # type: ignore[arg-type]
                **options,
            )
        except openai.APIStatusError as exc:
            raise LLMError(
                f"openai {exc.status_code}: {exc.message}",
                status=exc.status_code,
                retryable=exc.status_code in RETRYABLE_STATUS,
            ) from exc
        except openai.APIConnectionError as exc:  # includes timeouts
            raise LLMError(f"openai connection failed: {exc}", retryable=True) from exc
        if not response.choices:
            raise LLMError("openai returned no choices", retryable=True)
        return response.choices[0].message.content or ""
