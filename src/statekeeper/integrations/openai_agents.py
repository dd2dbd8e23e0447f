"""Session memory for the OpenAI Agents SDK, kept by statekeeper (`pip install
'statekeeper[openai-agents]'`).

    memory = StatekeeperSession("support-42", engine=engine, principal=alice)
    agent = Agent(name="Support", instructions=instructions(memory, "You help customers."))
    await Runner.run(agent, "Ship it to 456 Oak Ave instead.", session=memory)

The session id names a statekeeper task. The messages of each run are observed as its
turns: what the user says becomes state, what the assistant says is recorded as the
assistant's and changes nothing. Tool calls, their outputs and reasoning are one run's
execution state and are not kept. `get_items` gives back the task's recent turns as
messages, not the whole transcript: the state, and any older turn a question needs, reach
the model through `instructions`, with dead values masked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from agents import Agent, RunContextWrapper
from agents.items import TResponseInputItem
from agents.memory import SessionSettings

from statekeeper.aio import AsyncEngine
from statekeeper.engine import Engine
from statekeeper.errors import InvalidInputError
from statekeeper.integrations._memory import checked_budget, latest_question, task_session
from statekeeper.model import ASSISTANT, Principal, Turn
from statekeeper.validation import Text, check

Instructions = Callable[[RunContextWrapper[Any], Agent[Any]], Awaitable[str]]

# Content parts that carry words; images, files and audio are not turns.
_TEXT_PARTS = {"input_text": "text", "output_text": "text", "text": "text", "refusal": "refusal"}


class StatekeeperSession:
    """The SDK's `Session` protocol over one task of one principal."""

    def __init__(
        self,
        session_id: str,
        *,
        engine: Engine | AsyncEngine,
        principal: Principal,
        session_settings: SessionSettings | None = None,
    ) -> None:
        if session_settings is not None and not isinstance(session_settings, SessionSettings):
            raise InvalidInputError(
                "session_settings", session_settings, "must be a SessionSettings or None"
            )
        self.memory = task_session(engine, principal, session_id)
        self.session_id = self.memory.sync.where.task_id
        self.session_settings = session_settings

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The task's recent turns as messages, oldest first; with `limit`, the latest ones."""
        if limit is None and self.session_settings is not None:
            limit = self.session_settings.limit
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 0
        ):
            raise InvalidInputError("limit", limit, "must be a whole number, 0 or more, or None")
        turns = await self.memory.recent_turns()
        if limit is not None:
            turns = turns[len(turns) - limit :] if limit else []
        return [_item(turn) for turn in turns]

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Observe the messages among `items`, in order. Every item is checked before the
        first is observed, so a bad one leaves the task as it was."""
        said = _messages(items)
        user = self.memory.principal.user
        for role, text in said:
            if role == "assistant":
                await self.memory.observe(ASSISTANT, text, assistant=True)
            else:
                await self.memory.observe(user, text)

    async def pop_item(self) -> TResponseInputItem | None:
        """Take back the latest turn, and what observing it changed (`Session.pop_turn`)."""
        turn = await self.memory.pop_turn()
        return None if turn is None else _item(turn)

    async def clear_session(self) -> None:
        """Empty the task's recent turns; its facts and transcript stay."""
        await self.memory.clear_turns()


def instructions(
    session: StatekeeperSession, preamble: str = "", *, budget: int | None = None
) -> Instructions:
    """Dynamic instructions for an `Agent`: the preamble, then statekeeper's context for
    the latest user message of the session's task (`budget` tokens at most, the preamble
    aside). The SDK stores a run's input before it asks for instructions, so the context
    already holds what that message changed."""
    if not isinstance(session, StatekeeperSession):
        raise InvalidInputError("session", session, "must be a StatekeeperSession")
    if not isinstance(preamble, str):
        raise InvalidInputError("preamble", preamble, "must be a string")
    budget = checked_budget(budget)

    async def build(context: RunContextWrapper[Any], agent: Agent[Any]) -> str:
        turns = await session.memory.recent_turns()
        query = latest_question(turns) or preamble.strip() or agent.name
        found = await session.memory.context(query, budget=budget)
        return f"{preamble}\n\n{found.text}" if preamble.strip() else found.text

    return build


def _item(turn: Turn) -> TResponseInputItem:
    if turn.speaker == ASSISTANT:
        return {"role": "assistant", "content": turn.text}
    return {"role": "user", "content": turn.text}


def _messages(items: object) -> list[tuple[str, str]]:
    """The (role, text) of each user or assistant message among SDK items, checked."""
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence):
        raise InvalidInputError("items", items, "must be a list of input items")
    said = []
    for position, item in enumerate(items):
        if hasattr(item, "model_dump"):  # an output item as the SDK's models hold it
            item = item.model_dump(exclude_unset=True)
        if not isinstance(item, Mapping):
            raise InvalidInputError(f"items[{position}]", item, "must be an input item")
        if item.get("type", "message") != "message" or item.get("role") not in (
            "user",
            "assistant",
        ):
            continue  # tool calls and their outputs, reasoning, instructions
        text = _text(item.get("content"), f"items[{position}].content")
        if text.strip():
            said.append((str(item["role"]), check(Text, text, f"items[{position}].content")))
    return said


def _text(content: object, field: str) -> str:
    """A message's words: its text, or its text parts one per line."""
    if isinstance(content, str):
        return content
    if not isinstance(content, Sequence) or isinstance(content, bytes):
        raise InvalidInputError(field, content, "must be a string or a list of content parts")
    words = []
    for position, part in enumerate(content):
        if hasattr(part, "model_dump"):
            part = part.model_dump(exclude_unset=True)
        if not isinstance(part, Mapping):
            raise InvalidInputError(f"{field}[{position}]", part, "must be a content part")
        name = _TEXT_PARTS.get(str(part.get("type")))
        if name is None:
            continue
        value = part.get(name)
        if not isinstance(value, str):
            raise InvalidInputError(f"{field}[{position}].{name}", value, "must be a string")
        words.append(value)
    return "\n".join(words)
