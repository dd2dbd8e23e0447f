"""Real HTTP servers on loopback that speak the OpenAI and Anthropic wire protocols."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from tests.http_server import JsonHandler, serving

SEPARATOR_PREFIX = "User question: "


@dataclass
class Provider:
    """What the server saw, and what it should do next."""

    port: int = 0
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    fail_with: list[int] = field(default_factory=list)  # statuses to answer first, in order
    structured: list[Any] = field(default_factory=list)  # replies to schema-constrained calls
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def openai_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def anthropic_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def reply_text(prompt: str) -> str:
    """The model 'answers' by repeating the context it was given, without the question."""
    context, _, _question = prompt.rpartition(SEPARATOR_PREFIX)
    return context or prompt


def _handler(provider: Provider) -> type[BaseHTTPRequestHandler]:
    class Handler(JsonHandler):
        def do_POST(self) -> None:
            body = self.read_json()
            with provider.lock:
                provider.requests.append({"path": self.path, **body})
                provider.headers.append({k.lower(): v for k, v in self.headers.items()})
                failure = provider.fail_with.pop(0) if provider.fail_with else None
            if self.path == "/v1/chat/completions":
                self._openai(body, failure)
            elif self.path == "/v1/messages":
                self._anthropic(body, failure)
            else:
                self.send_json(404, {"error": {"message": f"no route {self.path}"}})

        def _openai(self, body: dict[str, Any], failure: int | None) -> None:
            if failure is not None:
                self.send_json(failure, {"error": {"message": "scripted failure", "type": "x"}})
                return
            prompt = body["messages"][-1]["content"]
            content = reply_text(prompt)
            if "response_format" in body:
                with provider.lock:
                    scripted = provider.structured.pop(0)
                content = scripted if isinstance(scripted, str) else json.dumps(scripted)
            self.send_json(
                200,
                {
                    "id": "chatcmpl-1",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": content},
                        }
                    ],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                },
            )

        def _anthropic(self, body: dict[str, Any], failure: int | None) -> None:
            if failure is not None:
                self.send_json(
                    failure,
                    {
                        "type": "error",
                        "error": {"type": "overloaded_error", "message": "scripted failure"},
                    },
                )
                return
            prompt = body["messages"][-1]["content"]
            blocks: list[dict[str, Any]] = [{"type": "text", "text": reply_text(prompt)}]
            if "tools" in body:
                with provider.lock:
                    scripted = provider.structured.pop(0)
                blocks = [
                    {
                        "type": "tool_use",
                        "id": "toolu_1",
                        "name": body["tools"][0]["name"],
                        "input": scripted,
                    }
                ]
            self.send_json(
                200,
                {
                    "id": "msg_1",
                    "type": "message",
                    "role": "assistant",
                    "model": body["model"],
                    "content": blocks,
                    "stop_reason": "tool_use" if "tools" in body else "end_turn",
                    "stop_sequence": None,
                    "usage": {"input_tokens": 1, "output_tokens": 1},
                },
            )

    return Handler


@pytest.fixture
def provider() -> Iterator[Provider]:
    state = Provider()
    with serving(_handler(state)) as port:
        state.port = port
        yield state
