"""The `Embedder` protocol, and the checks every embedder's reply passes before it is stored.

An embedder turns texts into vectors of a fixed number of dimensions. The engine uses one,
when it is given one, to find the live facts closest in meaning to a query, which full-text
ranking misses when the query and the fact use different words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from statekeeper.errors import EmbeddingError, InvalidInputError

# HNSW indexes pgvector's `vector` type up to this many dimensions.
MAX_DIMENSIONS = 2000


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into vectors of `dimensions` floats, one per text."""

    model: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


def check_embedder(embedder: Any) -> Embedder:
    """The embedder, if it has a model name and a dimension count an index can hold."""
    if not isinstance(embedder, Embedder):
        raise InvalidInputError(
            "embedder", embedder, "must have `model`, `dimensions` and `embed(texts)`"
        )
    model, dimensions = embedder.model, embedder.dimensions
    if not isinstance(model, str) or not model.strip():
        raise InvalidInputError("embedder.model", model, "must be a non-empty string")
    if (
        not isinstance(dimensions, int)
        or isinstance(dimensions, bool)
        or not 1 <= dimensions <= MAX_DIMENSIONS
    ):
        raise InvalidInputError(
            "embedder.dimensions", dimensions, f"must be an integer from 1 to {MAX_DIMENSIONS}"
        )
    return embedder


def check_texts(texts: Any) -> list[str]:
    """Texts to embed: a list of non-empty strings (the embeddings APIs reject empty ones)."""
    if isinstance(texts, str) or not isinstance(texts, Sequence):
        raise InvalidInputError("texts", texts, "must be a list of strings")
    for position, text in enumerate(texts):
        if not isinstance(text, str) or not text.strip():
            raise InvalidInputError(f"texts[{position}]", text, "must be a non-empty string")
    return list(texts)


def check_vectors(vectors: Any, count: int, dimensions: int) -> list[list[float]]:
    """`count` vectors of `dimensions` finite numbers with a direction, or EmbeddingError
    naming what is wrong: a bad vector stored would corrupt every later search."""
    if not isinstance(vectors, list) or len(vectors) != count:
        found = len(vectors) if isinstance(vectors, list) else vectors
        raise EmbeddingError(f"expected {count} vectors", found)
    return [_vector(position, v, dimensions) for position, v in enumerate(vectors)]


def _vector(position: int, vector: Any, dimensions: int) -> list[float]:
    if not isinstance(vector, list):
        raise EmbeddingError(f"vector {position} is not a list of numbers", vector)
    if len(vector) != dimensions:
        raise EmbeddingError(
            f"vector {position} has {len(vector)} dimensions, expected {dimensions}"
        )
    for value in vector:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise EmbeddingError(f"vector {position} holds a value that is not a number", value)
        if not math.isfinite(value):
            raise EmbeddingError(f"vector {position} holds a value that is not finite", value)
    if not any(vector):
        raise EmbeddingError(f"vector {position} is all zeros: it has no direction to compare")
    return [float(value) for value in vector]
