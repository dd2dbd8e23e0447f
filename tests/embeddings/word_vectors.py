"""A real HTTP server on loopback that speaks OpenAI's `/v1/embeddings`.

Its model is small and deterministic: each content word, after a table of synonyms, is
hashed into one of a fixed number of dimensions, so "puppy" lands where "dog" does and a
query can be close in meaning to a fact that shares none of its words. The first dimension
is a constant, so no text has a vector without direction.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from statekeeper.llm.embeddings import OpenAIEmbedder
from tests.http_server import JsonHandler, serving

DIMENSIONS = 64
MODEL = "hashed-words"
SYNONYMS = {
    "puppy": "dog",
    "hound": "dog",
    "canine": "dog",
    "named": "called",
    "name": "called",
    "automobile": "car",
    "vehicle": "car",
}
STOP = frozenset("a an and the is are was of to in on our we what which who how".split())


def word_vector(text: str, dimensions: int = DIMENSIONS) -> list[float]:
    vector = [0.0] * dimensions
    vector[0] = 0.05
    for word in re.findall(r"[a-z]+", text.lower()):
        if word in STOP:
            continue
        word = SYNONYMS.get(word, word)
        digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
        vector[1 + int.from_bytes(digest, "big") % (dimensions - 1)] += 1.0
    return vector


@dataclass
class Words:
    """What the server saw, and what it should do next."""

    port: int = 0
    dimensions: int = DIMENSIONS
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    fail_with: list[int] = field(default_factory=list)  # statuses to answer first, in order
    replies: list[Any] = field(default_factory=list)  # bodies to answer first: JSON or bytes
    down: bool = False  # answer every request with 503
    reverse: bool = False  # list the embeddings last to first, as `index` allows
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def texts(self) -> list[str]:
        """Every text the server was asked to embed, in order."""
        return [text for request in self.requests for text in request["input"]]


def _handler(words: Words) -> type[BaseHTTPRequestHandler]:
    class Handler(JsonHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            with words.lock:
                words.requests.append({"path": self.path, **body})
                words.headers.append({k.lower(): v for k, v in self.headers.items()})
                failure = words.fail_with.pop(0) if words.fail_with else None
                scripted = words.replies.pop(0) if words.replies else None
            if self.path != "/v1/embeddings":
                self.send_json(404, {"error": {"message": f"no route {self.path}"}})
            elif words.down or failure is not None:
                self.send_json(failure or 503, {"error": {"message": "scripted failure"}})
            elif scripted is not None:
                self.send_json(200, scripted)
            else:
                self.send_json(200, self._embeddings(body))

        def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
            texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
            data = [
                {"object": "embedding", "index": i, "embedding": word_vector(t, words.dimensions)}
                for i, t in enumerate(texts)
            ]
            return {
                "object": "list",
                "data": data[::-1] if words.reverse else data,
                "model": body["model"],
                "usage": {"prompt_tokens": len(texts), "total_tokens": len(texts)},
            }

    return Handler


@pytest.fixture
def words() -> Iterator[Words]:
    state = Words()
    with serving(_handler(state)) as port:
        state.port = port
        yield state


def make_embedder(words: Words, *, dimensions: int | None = None) -> OpenAIEmbedder:
    """A client of the loopback server that gives up quickly."""
    return OpenAIEmbedder(
        MODEL, dimensions or words.dimensions, base_url=words.url, attempts=2, base_delay=0.01
    )
