"""The Pydantic AI capability, on real agents driven by Pydantic AI's own `FunctionModel`
and `TestModel` (no network), on the engine's own stores."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from pydantic_ai import Agent, ImageUrl
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from statekeeper import AsyncEngine, Engine, InvalidInputError, StatekeeperError
from statekeeper.integrations.pydantic_ai import StatekeeperMemory
from tests.conftest import ALICE, snapshot


class Recorder:
    """A model that answers "Noted." and keeps what each request showed it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str | None, list[ModelMessage]]] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        self.calls.append((info.instructions, list(messages)))
        return ModelResponse(parts=[TextPart("Noted.")])

    def prompts(self, call: int = -1) -> list[str]:
        return [
            str(part.content)
            for message in self.calls[call][1]
            if isinstance(message, ModelRequest)
            for part in message.parts
            if isinstance(part, UserPromptPart)
        ]


@pytest.fixture
def memory(engine: Engine) -> StatekeeperMemory:
    return StatekeeperMemory("support-42", engine=engine, principal=ALICE)


def test_the_prompt_becomes_state_before_the_model_is_asked(
    memory: StatekeeperMemory, engine: Engine
) -> None:
    model = Recorder()
    agent = Agent(FunctionModel(model), instructions="You help customers.", capabilities=[memory])
    first = agent.run_sync("Ship the order to 12 Elm Street.")
    agent.run_sync(
        "Actually, ship it to 40 Pine Road instead.", message_history=first.all_messages()
    )
    instructions = model.calls[-1][0] or ""
    assert instructions.startswith("You help customers.")
    assert "40 Pine Road" in instructions and "Elm" not in instructions
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("shipping_address") == "40 Pine Road"
    assert [(t.speaker, t.text) for t in state.recent_turns()] == [
        ("alice", "Ship the order to 12 Elm Street."),
        ("assistant", "Noted."),
        ("alice", "Actually, ship it to 40 Pine Road instead."),
        ("assistant", "Noted."),
    ]


def test_earlier_runs_are_not_sent_again_but_the_system_prompt_is(
    memory: StatekeeperMemory,
) -> None:
    model = Recorder()
    agent = Agent(FunctionModel(model), system_prompt="Be brief.", capabilities=[memory])
    first = agent.run_sync("Ship the order to 12 Elm Street.")
    second = agent.run_sync(
        "Actually, ship it to 40 Pine Road instead.", message_history=first.all_messages()
    )
    assert model.prompts() == ["Actually, ship it to 40 Pine Road instead."]
    [request] = model.calls[-1][1]
    assert isinstance(request, ModelRequest) and isinstance(request.parts[0], SystemPromptPart)
    assert len(second.all_messages()) == 4  # the caller's history itself is left whole


def test_replay_history_sends_the_history_as_given(engine: Engine) -> None:
    memory = StatekeeperMemory("support-42", engine=engine, principal=ALICE, replay_history=True)
    model = Recorder()
    agent = Agent(FunctionModel(model), capabilities=[memory])
    first = agent.run_sync("Ship the order to 12 Elm Street.")
    agent.run_sync(
        "Actually, ship it to 40 Pine Road instead.", message_history=first.all_messages()
    )
    assert model.prompts() == [
        "Ship the order to 12 Elm Street.",
        "Actually, ship it to 40 Pine Road instead.",
    ]


def test_a_test_model_run_is_observed(memory: StatekeeperMemory, engine: Engine) -> None:
    agent = Agent(TestModel(custom_output_text="Noted, 12 Elm Street."), capabilities=[memory])
    result = agent.run_sync("The delivery address is 12 Elm Street.")
    assert result.output == "Noted, 12 Elm Street."
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("delivery_address") == "12 Elm Street"
    assert [t.speaker for t in state.recent_turns()] == ["alice", "assistant"]


def test_only_the_words_of_a_prompt_are_observed(memory: StatekeeperMemory, engine: Engine) -> None:
    agent = Agent(TestModel(custom_output_text="A nice door."), capabilities=[memory])
    agent.run_sync(["The door code is 4471.", ImageUrl(url="https://example.com/door.png")])
    state = engine.session(ALICE, task_id="support-42")
    assert [t.text for t in state.recent_turns()] == ["The door code is 4471.", "A nice door."]


class Address(BaseModel):
    street: str


def test_a_structured_output_is_no_assistant_turn(
    memory: StatekeeperMemory, engine: Engine
) -> None:
    agent = Agent(TestModel(), output_type=Address, capabilities=[memory])
    assert isinstance(agent.run_sync("Where do we ship?").output, Address)
    state = engine.session(ALICE, task_id="support-42")
    assert [t.speaker for t in state.recent_turns()] == ["alice"]


def test_an_async_engine_and_an_async_run(engine: Engine) -> None:
    import asyncio

    memory = StatekeeperMemory("support-42", engine=AsyncEngine(engine), principal=ALICE)
    model = Recorder()
    agent = Agent(FunctionModel(model), capabilities=[memory])

    async def talk() -> Any:
        return await agent.run("The delivery address is 12 Elm Street.")

    assert asyncio.run(talk()).output == "Noted."
    assert "12 Elm Street" in (model.calls[-1][0] or "")


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"task_id": "a\nb"}, "task_id"),
        ({"budget": 0}, "budget"),
        ({"budget": "lots"}, "budget"),
        ({"replay_history": "yes"}, "replay_history"),
        ({"engine": "state.db"}, "engine"),
        ({"principal": "alice"}, "principal"),
    ],
)
def test_bad_setup_raises_and_writes_nothing(
    engine: Engine, location: str, options: dict[str, Any], fragment: str
) -> None:
    before = snapshot(location)
    arguments: dict[str, Any] = {"task_id": "support-42", "engine": engine, "principal": ALICE}
    with pytest.raises(StatekeeperError) as caught:
        StatekeeperMemory(**{**arguments, **options})
    assert isinstance(caught.value, InvalidInputError)
    assert fragment in str(caught.value)
    assert snapshot(location) == before
