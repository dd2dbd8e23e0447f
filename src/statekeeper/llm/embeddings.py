"""OpenAI's `/v1/embeddings`, and any server that speaks it (vLLM, Ollama, llama.cpp, TEI).

Plain HTTP through httpx, so embeddings need no SDK. Failures a retry can cure (timeouts,
refused connections, 408, 409, 429, 5xx) are retried with backoff; a reply of the wrong
shape is an `EmbeddingError` at once, since asking again returns the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import httpx

from statekeeper.embedding import check_embedder, check_texts, check_vectors
from statekeeper.errors import EmbeddingError, InvalidInputError
from statekeeper.llm.base import RETRYABLE_STATUS, LLMError, api_key, with_retries

OPENAI_URL = "https://api.openai.com/v1"


class OpenAIEmbedder:
    """One embedding model behind an OpenAI-compatible server.

    `dimensions` is what the model returns; with `request_dimensions` it is also sent, for
    models that can shorten their vectors (OpenAI's text-embedding-3 family). Writes and
    contexts wait for the retries when the server is down, so they are few and short by
    default (`attempts=1` fails at once)."""

    def __init__(
        self,
        model: str,
        dimensions: int,
        *,
        base_url: str | None = None,
        request_dimensions: bool = False,
        timeout: float = 10.0,
        batch_size: int = 128,
        attempts: int = 3,
        base_delay: float = 0.25,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.model = model
        self.dimensions = dimensions
        check_embedder(self)
        if not isinstance(batch_size, int) or batch_size < 1:
            raise InvalidInputError("batch_size", batch_size, "must be a positive integer")
        if not isinstance(attempts, int) or attempts < 1:
            raise InvalidInputError("attempts", attempts, "must be a positive integer")
        for name, seconds in (("timeout", timeout), ("base_delay", base_delay)):
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
                raise InvalidInputError(name, seconds, "must be a number of seconds, 0 or more")
        if base_url is not None and not base_url.startswith(("http://", "https://")):
            raise InvalidInputError("base_url", base_url, "must be an http:// or https:// URL")
        self.request_dimensions = request_dimensions
        self.batch_size = batch_size
        self._retry: dict[str, Any] = {"attempts": attempts, "base_delay": base_delay}
        if sleep is not None:
            self._retry["sleep"] = sleep
        self._url = (base_url or OPENAI_URL).rstrip("/") + "/embeddings"
        self._client = httpx.Client(
            timeout=timeout,
            headers={"authorization": f"Bearer {api_key('OPENAI_API_KEY', base_url)}"},
        )

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in the texts' order."""
        texts = check_texts(texts)
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            vectors += with_retries(partial(self._post, batch), **self._retry)
        return vectors

    def close(self) -> None:
        self._client.close()

    def _post(self, texts: list[str]) -> list[list[float]]:
        body: dict[str, Any] = {"model": self.model, "input": texts, "encoding_format": "float"}
        if self.request_dimensions:
            body["dimensions"] = self.dimensions
        try:
            response = self._client.post(self._url, json=body)
        except httpx.TransportError as exc:  # refused, reset, timed out
            raise LLMError(f"embeddings connection failed: {exc!r}", retryable=True) from exc
        if response.status_code != 200:
            raise LLMError(
                f"embeddings {response.status_code}: {response.text[:200]}",
                status=response.status_code,
                retryable=response.status_code in RETRYABLE_STATUS,
            )
        return check_vectors(_ordered(response), len(texts), self.dimensions)


def _ordered(response: httpx.Response) -> list[Any]:
    """The reply's embeddings in input order (`data[i].index`), or EmbeddingError."""
    try:
        payload = response.json()
    except ValueError as exc:
        raise EmbeddingError("embeddings reply is not JSON", response.text[:80]) from exc
    data = payload.get("data") if isinstance(payload, dict) else None
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise EmbeddingError("embeddings reply has no `data` list of objects", payload)
    indexes = [item.get("index") for item in data]
    if sorted(i for i in indexes if type(i) is int) != list(range(len(data))):
        raise EmbeddingError("embeddings reply's indexes are not 0 to n-1", indexes)
    return [item.get("embedding") for item in sorted(data, key=lambda item: item["index"])]
