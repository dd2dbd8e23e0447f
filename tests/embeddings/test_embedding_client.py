"""The OpenAI-compatible embeddings client against a real loopback server."""

from __future__ import annotations

import math
import socket
from typing import Any

import pytest
from word_vectors import DIMENSIONS, MODEL, Words, make_embedder, word_vector

from statekeeper.embedding import Embedder
from statekeeper.errors import EmbeddingError, InvalidInputError
from statekeeper.llm import LLMError
from statekeeper.llm.embeddings import OpenAIEmbedder


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _reply(*vectors: Any) -> dict[str, Any]:
    return {"object": "list", "data": [{"index": i, "embedding": v} for i, v in enumerate(vectors)]}


def test_it_speaks_the_embeddings_protocol(words: Words, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-embed-key")
    client = OpenAIEmbedder(MODEL, DIMENSIONS, base_url=words.url)
    assert isinstance(client, Embedder)
    texts = ["the office dog is called Rex", "what is our puppy named"]
    assert client.embed(texts) == [word_vector(t) for t in texts]
    request = words.requests[0]
    assert request["path"] == "/v1/embeddings"
    assert request["model"] == MODEL
    assert request["input"] == texts
    assert request["encoding_format"] == "float"
    assert "dimensions" not in request
    assert words.headers[0]["authorization"] == "Bearer sk-embed-key"


def test_vectors_come_back_in_the_order_of_the_texts(words: Words) -> None:
    words.reverse = True
    texts = ["alpha", "beta", "gamma"]
    assert make_embedder(words).embed(texts) == [word_vector(t) for t in texts]


def test_long_inputs_go_in_batches_and_nothing_goes_for_no_input(words: Words) -> None:
    client = OpenAIEmbedder(MODEL, DIMENSIONS, base_url=words.url, batch_size=2)
    texts = [f"text number {n}" for n in "abcde"]
    assert client.embed(texts) == [word_vector(t) for t in texts]
    assert [len(r["input"]) for r in words.requests] == [2, 2, 1]
    assert client.embed([]) == []
    assert len(words.requests) == 3


def test_dimensions_are_sent_when_asked(words: Words) -> None:
    client = OpenAIEmbedder(MODEL, DIMENSIONS, base_url=words.url, request_dimensions=True)
    client.embed(["x"])
    assert words.requests[0]["dimensions"] == DIMENSIONS


def test_retryable_failures_are_retried_with_backoff(words: Words) -> None:
    delays: list[float] = []
    client = OpenAIEmbedder(
        MODEL, DIMENSIONS, base_url=words.url, attempts=3, base_delay=0.5, sleep=delays.append
    )
    words.fail_with = [503, 429]
    assert client.embed(["dog"]) == [word_vector("dog")]
    assert len(words.requests) == 3
    assert delays == [0.5, 1.0]


def test_it_gives_up_after_its_attempts(words: Words) -> None:
    words.fail_with = [503, 503, 503]
    with pytest.raises(LLMError) as info:
        make_embedder(words).embed(["dog"])
    assert info.value.status == 503 and info.value.retryable
    assert len(words.requests) == 2  # make_embedder allows two attempts


def test_a_client_error_is_not_retried(words: Words) -> None:
    words.fail_with = [400]
    with pytest.raises(LLMError) as info:
        make_embedder(words).embed(["dog"])
    assert info.value.status == 400 and not info.value.retryable
    assert "scripted failure" in str(info.value)
    assert len(words.requests) == 1


def test_a_server_that_is_down_is_a_retryable_error() -> None:
    client = OpenAIEmbedder(
        MODEL, 4, base_url=f"http://127.0.0.1:{_closed_port()}/v1", attempts=2, base_delay=0
    )
    with pytest.raises(LLMError, match="connection failed") as info:
        client.embed(["dog"])
    assert info.value.retryable


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (b"<html>gateway</html>", "not JSON"),
        ({"object": "list"}, "no `data` list"),
        ({"data": ["not an object"]}, "no `data` list"),
        (_reply([1.0] * DIMENSIONS, [1.0] * DIMENSIONS), "expected 1 vectors"),
        ({"data": [{"index": 1, "embedding": [1.0] * DIMENSIONS}]}, "indexes are not 0 to n-1"),
        ({"data": [{"index": "0", "embedding": [1.0] * DIMENSIONS}]}, "indexes"),
        (_reply([1.0] * (DIMENSIONS - 1)), f"has {DIMENSIONS - 1} dimensions, expected 64"),
        (_reply("1,2,3"), "not a list of numbers"),
        (_reply(["1.0"] * DIMENSIONS), "not a number"),
        (_reply([True] * DIMENSIONS), "not a number"),
        (_reply([None] * DIMENSIONS), "not a number"),
        (_reply([math.nan] * DIMENSIONS), "not finite"),
        (_reply([0.0] * DIMENSIONS), "all zeros"),
    ],
)
def test_a_malformed_reply_is_a_clear_error_and_not_retried(
    words: Words, reply: Any, message: str
) -> None:
    words.replies = [reply]
    with pytest.raises(EmbeddingError, match=message):
        make_embedder(words).embed(["dog"])
    assert len(words.requests) == 1


@pytest.mark.parametrize("texts", ["one string", [""], ["ok", "  "], [3], None])
def test_bad_texts_are_rejected_before_any_request(words: Words, texts: Any) -> None:
    with pytest.raises(InvalidInputError):
        make_embedder(words).embed(texts)
    assert words.requests == []


@pytest.mark.parametrize(
    ("model", "dimensions", "field"),
    [
        ("", 8, "embedder.model"),
        ("m", 0, "embedder.dimensions"),
        ("m", 2001, "embedder.dimensions"),
        ("m", True, "embedder.dimensions"),
        ("m", "8", "embedder.dimensions"),
    ],
)
def test_a_client_needs_a_model_and_indexable_dimensions(
    model: str, dimensions: Any, field: str
) -> None:
    with pytest.raises(InvalidInputError) as info:
        OpenAIEmbedder(model, dimensions, base_url="http://127.0.0.1:9/v1")
    assert info.value.field == field


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("base_url", "localhost:11434/v1"),
        ("timeout", -1),
        ("base_delay", "soon"),
        ("attempts", 0),
        ("batch_size", 0),
    ],
)
def test_bad_client_options_are_refused_by_name(option: str, value: Any) -> None:
    options: dict[str, Any] = {"base_url": "http://127.0.0.1:9/v1", option: value}
    with pytest.raises(InvalidInputError) as info:
        OpenAIEmbedder(MODEL, DIMENSIONS, **options)
    assert info.value.field == option
