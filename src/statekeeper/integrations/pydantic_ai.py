"""Memory for Pydantic AI agents, kept by statekeeper (`pip install
'statekeeper[pydantic-ai]'`): a capability.

    memory = StatekeeperMemory("support-42", engine=engine, principal=alice)
    agent = Agent("openai:gpt-4o", instructions="You help customers.", capabilities=[memory])
    agent.run_sync("Ship it to 456 Oak Ave instead.")

Each run's prompt is observed as a user turn of the task, so what it says becomes state
before the model is asked; the run's text output is observed as the assistant's turn. The
instructions carry statekeeper's context for the prompt: identity, live facts, the working
set with the recent turns, and older turns recalled when the question needs them, dead
values masked throughout. So messages of earlier runs are not sent again (their state is in
the context); `replay_history=True` sends a `message_history` as given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic_ai import RunContext
from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelRequestPart, SystemPromptPart
from pydantic_ai.models import ModelRequestContext
from pydantic_ai.run import AgentRunResult

from statekeeper.aio import AsyncEngine, AsyncSession
from statekeeper.engine import Engine
from statekeeper.errors import InvalidInputError
from statekeeper.integrations._memory import checked_budget, latest_question, task_session
from statekeeper.model import ASSISTANT, Principal


@dataclass
class StatekeeperMemory(AbstractCapability[Any]):
    """A Pydantic AI capability: one principal's task observed, and its context in the
    instructions (`budget` tokens at most)."""

    task_id: str
    engine: Engine | AsyncEngine
    principal: Principal
    budget: int | None = None
    replay_history: bool = False
    memory: AsyncSession = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.budget = checked_budget(self.budget)
        if not isinstance(self.replay_history, bool):
            raise InvalidInputError("replay_history", self.replay_history, "must be True or False")
        self.memory = task_session(self.engine, self.principal, self.task_id)
        self.task_id = self.memory.sync.where.task_id

    @classmethod
    def get_serialization_name(cls) -> str | None:
        return None  # holds an engine: not for agent specs

    def get_instructions(self) -> Any:
        return self._context

    async def _context(self, ctx: RunContext[Any]) -> str:
        """The context for this run's prompt, or for the latest question of the task."""
        query = _prompt_text(ctx.prompt) or latest_question(await self.memory.recent_turns())
        found = await self.memory.context(query or self.task_id, budget=self.budget)
        return found.text

    async def before_run(self, ctx: RunContext[Any]) -> None:
        said = _prompt_text(ctx.prompt)
        if said:
            await self.memory.observe(self.principal.user, said)

    async def after_run(
        self, ctx: RunContext[Any], *, result: AgentRunResult[Any]
    ) -> AgentRunResult[Any]:
        if isinstance(result.output, str) and result.output.strip():
            await self.memory.observe(ASSISTANT, result.output, assistant=True)
        return result

    async def before_model_request(
        self, ctx: RunContext[Any], request_context: ModelRequestContext
    ) -> ModelRequestContext:
        """Send this run's messages only; a system prompt of an earlier run is kept."""
        if self.replay_history or ctx.run_id is None:
            return request_context
        request_context.messages = _this_run(request_context.messages, ctx.run_id)
        return request_context


def _this_run(messages: Sequence[ModelMessage], run_id: str) -> list[ModelMessage]:
    kept = [m for m in messages if m.run_id == run_id]
    prompts: list[ModelRequestPart] = [
        part
        for m in messages
        if m.run_id != run_id and isinstance(m, ModelRequest)
        for part in m.parts
        if isinstance(part, SystemPromptPart)
    ]
    if not prompts or not kept or not isinstance(kept[0], ModelRequest):
        return kept
    return [replace(kept[0], parts=[*prompts, *kept[0].parts]), *kept[1:]]


def _prompt_text(prompt: object) -> str | None:
    """The words of a run's prompt: a string, or the strings among its content."""
    if isinstance(prompt, str):
        text = prompt
    elif isinstance(prompt, Sequence):
        text = "\n".join(part for part in prompt if isinstance(part, str))
    else:
        return None
    return text if text.strip() else None
