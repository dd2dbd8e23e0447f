"""The OpenAI Agents SDK session, through the SDK's own interface: its `Session` protocol,
and a real `Agent` run by `Runner`, with the SDK's scripted model or the OpenAI client
talking to a loopback server. On the engine's own stores."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest
from agents import Agent, RunConfig, Runner, function_tool
from agents.memory import Session, SessionSettings
from agents.models.openai_chatcompletions import OpenAIChatCompletionsModel
from agents.testing import ScriptedModel, assistant_message, function_call
from openai import AsyncOpenAI

from statekeeper import AsyncEngine, Engine, InvalidInputError, StatekeeperError
from statekeeper.engine import WITHDRAWN
from statekeeper.integrations.openai_agents import StatekeeperSession, instructions
from tests.conftest import ALICE, BOB, snapshot
from tests.llm.loopback import Provider, provider  # noqa: F401  (registers the fixture)

T = TypeVar("T")
QUIET = RunConfig(tracing_disabled=True)


def run(call: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(call)


@pytest.fixture
def memory(engine: Engine) -> StatekeeperSession:
    return StatekeeperSession("support-42", engine=engine, principal=ALICE)


def test_it_is_an_sdk_session(memory: StatekeeperSession) -> None:
    assert isinstance(memory, Session)
    assert memory.session_id == "support-42"
    assert memory.session_settings is None


def test_items_come_back_as_messages_in_order(memory: StatekeeperSession) -> None:
    items: list[Any] = [
        {"role": "user", "content": "The delivery address is 12 Elm Street."},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        function_call("lookup", {"street": "Elm"}, call_id="c1").model_dump(exclude_unset=True),
        {"type": "function_call_output", "call_id": "c1", "output": "found"},
        assistant_message("Noted, 12 Elm Street."),
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_text", "text": "Deliver before noon."},
                {"type": "input_image", "image_url": "https://example.com/door.png"},
            ],
        },
        {"role": "system", "content": "You are terse."},
    ]
    run(memory.add_items(items))
    expected = [
        {"role": "user", "content": "The delivery address is 12 Elm Street."},
        {"role": "assistant", "content": "Noted, 12 Elm Street."},
        {"role": "user", "content": "Deliver before noon."},
    ]
    assert run(memory.get_items()) == expected
    assert run(memory.get_items(limit=2)) == expected[1:]
    assert run(memory.get_items(limit=0)) == []
    limited = StatekeeperSession(
        "support-42",
        engine=memory.memory.sync.engine,
        principal=ALICE,
        session_settings=SessionSettings(limit=1),
    )
    assert run(limited.get_items()) == expected[2:]


def test_what_a_user_says_becomes_state_and_the_assistant_changes_nothing(
    memory: StatekeeperSession, engine: Engine
) -> None:
    run(memory.add_items([{"role": "user", "content": "The delivery address is 12 Elm Street."}]))
    run(memory.add_items([assistant_message("The delivery address is 99 Quay Road.")]))
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("delivery_address") == "12 Elm Street"
    assert [t.speaker for t in state.recent_turns()] == ["alice", "assistant"]


def test_pop_item_takes_back_the_latest_turn_and_its_state(
    memory: StatekeeperSession, engine: Engine
) -> None:
    run(memory.add_items([{"role": "user", "content": "The delivery address is 12 Elm Street."}]))
    run(
        memory.add_items(
            [{"role": "user", "content": "Actually, ship it to 40 Pine Road instead."}]
        )
    )
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("delivery_address") == "40 Pine Road"
    popped = run(memory.pop_item())
    assert popped == {"role": "user", "content": "Actually, ship it to 40 Pine Road instead."}
    assert state.current_value("delivery_address") == "12 Elm Street"
    assert WITHDRAWN in [f.invalid_reason for f in state.history("delivery_address")]
    assert run(memory.get_items()) == [
        {"role": "user", "content": "The delivery address is 12 Elm Street."}
    ]
    run(memory.pop_item())
    assert state.facts() == []  # the state before both turns
    assert run(memory.pop_item()) is None


def test_clear_session_empties_the_items_and_keeps_the_facts(
    memory: StatekeeperSession, engine: Engine
) -> None:
    run(memory.add_items([{"role": "user", "content": "The delivery address is 12 Elm Street."}]))
    run(memory.clear_session())
    assert run(memory.get_items()) == []
    assert run(memory.pop_item()) is None
    run(memory.add_items([{"role": "user", "content": "Thanks."}]))
    assert run(memory.get_items()) == [{"role": "user", "content": "Thanks."}]
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("delivery_address") == "12 Elm Street"


def test_sessions_of_other_ids_and_users_are_apart(engine: Engine) -> None:
    mine = StatekeeperSession("support-42", engine=engine, principal=ALICE)
    other_task = StatekeeperSession("billing-7", engine=engine, principal=ALICE)
    bobs = StatekeeperSession("support-42", engine=AsyncEngine(engine), principal=BOB)
    run(mine.add_items([{"role": "user", "content": "The delivery address is 12 Elm Street."}]))
    assert run(other_task.get_items()) == []
    assert run(bobs.get_items()) == []
    assert run(bobs.pop_item()) is None
    assert len(run(mine.get_items())) == 1


BAD_CALLS = [
    ("items not a list", lambda m: m.add_items("hello"), "items"),
    ("item not a mapping", lambda m: m.add_items([{"role": "user", "content": "ok"}, 7]), "items[1]"),
    ("content not text", lambda m: m.add_items([{"role": "user", "content": 5}]), "items[0].content"),
    ("part without text", lambda m: m.add_items([{"role": "user", "content": [{"type": "input_text"}]}]), "items[0].content[0].text"),
    ("content with NUL", lambda m: m.add_items([{"role": "user", "content": "a\x00b"}]), "items[0].content"),
    ("negative limit", lambda m: m.get_items(limit=-1), "limit"),
    ("limit not a number", lambda m: m.get_items(limit="3"), "limit"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "fragment"), [pytest.param(c, f, id=n) for n, c, f in BAD_CALLS])
def test_bad_input_raises_and_writes_nothing(
    memory: StatekeeperSession, location: str, call: Any, fragment: str
) -> None:
    run(memory.add_items([{"role": "user", "content": "The delivery address is 12 Elm Street."}]))
    before = snapshot(location)
    with pytest.raises(InvalidInputError) as caught:
        run(call(memory))
    assert fragment in str(caught.value)
    assert snapshot(location) == before


def test_bad_setup_is_refused(engine: Engine, memory: StatekeeperSession) -> None:
    with pytest.raises(InvalidInputError, match="task_id"):
        StatekeeperSession("a\nb", engine=engine, principal=ALICE)
    with pytest.raises(InvalidInputError, match="engine"):
        StatekeeperSession("s", engine="state.db", principal=ALICE)  # type: ignore[arg-type]
    with pytest.raises(StatekeeperError, match="principal"):
        StatekeeperSession("s", engine=engine, principal="alice")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="session_settings"):
        StatekeeperSession("s", engine=engine, principal=ALICE, session_settings={"limit": 1})  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="budget"):
        instructions(memory, budget=0)
    with pytest.raises(InvalidInputError, match="session"):
        instructions("support-42")  # type: ignore[arg-type]


@function_tool
def dock_hours(city: str) -> str:
    """When the loading dock of a city is open."""
    return "9 to 5"


def test_a_runner_keeps_its_conversation_in_statekeeper(
    memory: StatekeeperSession, engine: Engine
) -> None:
    model = ScriptedModel(
        [
            [function_call("dock_hours", {"city": "Leeds"}, call_id="c1")],
            [assistant_message("Noted: 12 Elm Street.")],
            [assistant_message("Shipping to 40 Pine Road.")],
        ]
    )
    agent = Agent(
        name="Support",
        instructions=instructions(memory, "You help customers."),
        model=model,
        tools=[dock_hours],
    )

    async def talk() -> None:
        await Runner.run(
            agent, "Ship the order to 12 Elm Street.", session=memory, run_config=QUIET
        )
        await Runner.run(
            agent, "Actually, ship it to 40 Pine Road instead.", session=memory, run_config=QUIET
        )

    run(talk())
    model.assert_complete()
    last = model.last_call
    assert last is not None and last.system_instructions is not None
    assert last.system_instructions.startswith("You help customers.")
    assert "40 Pine Road" in last.system_instructions
    assert "Elm" not in last.system_instructions  # the dead value is masked
    assert last.input[-1] == {
        "role": "user",
        "content": "Actually, ship it to 40 Pine Road instead.",
    }
    assert run(memory.get_items()) == [
        {"role": "user", "content": "Ship the order to 12 Elm Street."},
        {"role": "assistant", "content": "Noted: 12 Elm Street."},
        {"role": "user", "content": "Actually, ship it to 40 Pine Road instead."},
        {"role": "assistant", "content": "Shipping to 40 Pine Road."},
    ]
    state = engine.session(ALICE, task_id="support-42")
    assert state.current_value("shipping_address") == "40 Pine Road"


def test_instructions_without_a_question_use_the_preamble(memory: StatekeeperSession) -> None:
    memory.memory.sync.write("opening_hours", "9 to 5 on weekdays")
    build = instructions(memory, "Opening hours")
    agent = Agent(name="Support")
    text = run(build(None, agent))  # type: ignore[arg-type]
    assert text.startswith("Opening hours\n\n") and "9 to 5 on weekdays" in text
    assert "9 to 5 on weekdays" in run(instructions(memory)(None, agent))  # type: ignore[arg-type]


def test_an_openai_model_over_http_sees_the_state(
    memory: StatekeeperSession,
    provider: Provider,  # noqa: F811
) -> None:
    client = AsyncOpenAI(base_url=provider.openai_url, api_key="test", max_retries=0)
    agent = Agent(
        name="Support",
        instructions=instructions(memory, "You help customers."),
        model=OpenAIChatCompletionsModel(model="gpt-4o", openai_client=client),
    )

    async def talk() -> str:
        await Runner.run(
            agent, "The delivery address is 12 Elm Street.", session=memory, run_config=QUIET
        )
        result = await Runner.run(
            agent, "Actually, ship it to 40 Pine Road instead.", session=memory, run_config=QUIET
        )
        return str(result.final_output)

    answer = run(talk())
    system = provider.requests[-1]["messages"][0]
    assert system["role"] == "system" and "40 Pine Road" in system["content"]
    assert "Elm" not in system["content"]
    assert answer == "Actually, ship it to 40 Pine Road instead."  # the server echoes
    assert [i["role"] for i in run(memory.get_items())] == ["user", "assistant"] * 2
