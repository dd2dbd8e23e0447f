"""The LangGraph store and the LangChain middleware, through their public methods, on the
engine's own stores."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from langchain.agents import create_agent
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    PutOp,
    SearchOp,
)

from statekeeper import AsyncEngine, Engine, Principal, StatekeeperError
from statekeeper.integrations.langgraph import (
    NamespaceError,
    StatekeeperMiddleware,
    StatekeeperStore,
    fact_key,
    item_path,
)
from tests.conftest import ALICE, BOB, Clock, snapshot

GLOBEX = Principal(org="globex", user="alice", authority="manager")
NOTES = ("notes", "alice")


@pytest.fixture
def store(engine: Engine) -> StatekeeperStore:
    return StatekeeperStore(engine, ALICE)


def aware(clock: Clock) -> datetime:
    return clock.now.replace(tzinfo=UTC)


# -- keys --------------------------------------------------------------------------------


def test_items_have_readable_fact_keys() -> None:
    assert fact_key(("notes", "alice"), "diet") == "notes.alice/diet"
    assert item_path("notes.alice/diet") == (("notes", "alice"), "diet")
    assert fact_key(("a",), "b.c/d") == "a/b.c/d"  # a key may hold either separator
    assert item_path("a/b.c/d") == (("a",), "b.c/d")


@pytest.mark.parametrize("key", ["diet", "notes..x/y", "/y", "notes/", "notes/ y", ".a/b"])
def test_fact_keys_of_no_item_name_none(key: str) -> None:
    assert item_path(key) is None


LABEL = st.text(st.characters(exclude_characters="./", exclude_categories=("Cc", "Cs")), min_size=1)
PART = LABEL.filter(lambda text: text == text.strip())


@given(
    st.lists(PART, min_size=1, max_size=4).map(tuple),
    st.text(min_size=1).filter(lambda text: text == text.strip() and text.isprintable()),
)
def test_keys_round_trip(namespace: tuple[str, ...], key: str) -> None:
    try:
        stored = fact_key(namespace, key)
    except NamespaceError as error:  # only a path longer than a fact key may be
        assert "longer than" in str(error)
        return
    assert item_path(stored) == (namespace, key)


# -- the BaseStore contract --------------------------------------------------------------


def test_it_is_a_langgraph_store(store: StatekeeperStore) -> None:
    assert isinstance(store, BaseStore)


def test_put_then_get(store: StatekeeperStore, clock: Clock) -> None:
    store.put(NOTES, "diet", {"diet": "vegetarian", "since": 2019})
    item = store.get(NOTES, "diet")
    assert item is not None
    assert (item.namespace, item.key) == (NOTES, "diet")
    assert item.value == {"diet": "vegetarian", "since": 2019}
    assert item.created_at == item.updated_at == aware(clock)
    assert store.get(NOTES, "nothing") is None
    assert store.get(("notes", "bob"), "diet") is None


def test_a_put_supersedes_and_history_keeps_the_old_value(
    store: StatekeeperStore, engine: Engine, clock: Clock
) -> None:
    store.put(NOTES, "diet", {"diet": "vegetarian"})
    first = aware(clock)
    clock.advance(hours=1)
    store.put(NOTES, "diet", {"diet": "pescatarian"})

    item = store.get(NOTES, "diet")
    assert item is not None and item.value == {"diet": "pescatarian"}
    assert (item.created_at, item.updated_at) == (first, aware(clock))
    session = engine.session(ALICE)
    versions = session.history("notes.alice/diet")
    assert [v.value for v in versions] == [{"diet": "vegetarian"}, {"diet": "pescatarian"}]
    assert versions[0].superseded_by == versions[1].id and not versions[0].is_valid
    found = store.search(("notes",), query="vegetarian")
    assert [i.value for i in found] == [{"diet": "pescatarian"}]
    assert "vegetarian" not in session.context("What does alice eat?").text


def test_two_items_with_one_value_stay_two(store: StatekeeperStore) -> None:
    store.put(("notes", "a"), "x", {"colour": "teal"})
    store.put(("notes", "b"), "x", {"colour": "teal"})
    store.put(("notes", "a"), "x", {"colour": "navy"})
    survivor = store.get(("notes", "b"), "x")
    assert survivor is not None and survivor.value == {"colour": "teal"}


def test_delete_forgets_and_a_new_put_starts_afresh(
    store: StatekeeperStore, engine: Engine, clock: Clock
) -> None:
    store.put(NOTES, "phone", {"phone": "555-0142"})
    store.delete(NOTES, "phone")
    assert store.get(NOTES, "phone") is None
    assert store.search(NOTES) == []
    assert store.list_namespaces() == []
    tombstone = engine.session(ALICE).history("notes.alice/phone")[-1]
    assert tombstone.forgotten and "555-0142" not in str(tombstone.value)

    clock.advance(minutes=5)
    store.put(NOTES, "phone", {"phone": "555-0199"})
    item = store.get(NOTES, "phone")
    assert item is not None and item.created_at == aware(clock)


def test_deleting_what_is_not_there_changes_nothing(store: StatekeeperStore, location: str) -> None:
    store.put(NOTES, "diet", {"diet": "vegan"})
    before = snapshot(location)
    store.delete(NOTES, "nothing")
    store.delete(("other",), "diet")
    assert snapshot(location) == before


def test_a_batch_runs_in_order_and_reads_its_own_writes(store: StatekeeperStore) -> None:
    results = store.batch(
        [
            PutOp(NOTES, "a", {"n": 1}),
            PutOp(NOTES, "a", {"n": 2}),
            GetOp(NOTES, "a"),
            PutOp(NOTES, "a", None),
            GetOp(NOTES, "a"),
            PutOp(NOTES, "b", {"n": 3}),
            SearchOp(NOTES),
            ListNamespacesOp(),
        ]
    )
    assert results[:2] == [None, None]
    got = results[2]
    assert got is not None and getattr(got, "value", None) == {"n": 2}
    assert results[3:5] == [None, None]
    assert [i.key for i in results[6]] == ["b"]  # type: ignore[union-attr]
    assert results[7] == [NOTES]


# -- search ------------------------------------------------------------------------------


@pytest.fixture
def shelf(store: StatekeeperStore, clock: Clock) -> StatekeeperStore:
    for namespace, key, value in [
        (("docs", "guides"), "setup", {"title": "Installing the kiln controller", "pages": 4}),
        (("docs", "guides"), "glaze", {"title": "Mixing celadon glaze", "pages": 12}),
        (("docs", "notes"), "firing", {"title": "Firing log for the kiln", "pages": 2}),
        (("docs",), "index", {"title": "Contents", "pages": 1, "meta": {"lang": "en"}}),
        (("mail",), "m1", {"title": "Kiln invoice", "pages": 1}),
    ]:
        store.put(namespace, key, value)
        clock.advance(minutes=1)
    return store


def keys(items: list[Any]) -> list[str]:
    return [item.key for item in items]


def test_search_lists_a_prefix_newest_first(shelf: StatekeeperStore) -> None:
    assert keys(shelf.search(("docs",))) == ["index", "firing", "glaze", "setup"]
    assert keys(shelf.search(("docs", "guides"))) == ["glaze", "setup"]
    assert keys(shelf.search(("doc",))) == []  # labels match whole, not by their letters
    assert len(shelf.search(())) == 5
    assert all(item.score is None for item in shelf.search(()))


def test_search_filters_on_value_fields(shelf: StatekeeperStore) -> None:
    assert keys(shelf.search(("docs",), filter={"pages": 4})) == ["setup"]
    assert keys(shelf.search(("docs",), filter={"pages": {"$gt": 2}})) == ["glaze", "setup"]
    assert keys(shelf.search(("docs",), filter={"pages": {"$gte": 2, "$lt": 12}})) == [
        "firing",
        "setup",
    ]
    assert keys(shelf.search(("docs",), filter={"pages": {"$ne": 1}})) == [
        "firing",
        "glaze",
        "setup",
    ]
    assert keys(shelf.search(("docs",), filter={"meta": {"lang": "en"}})) == ["index"]
    assert keys(shelf.search(("docs",), filter={"title": {"$gt": 3}})) == []  # no order
    assert keys(shelf.search(("docs",), filter={"missing": 1})) == []


def test_search_pages_with_limit_and_offset(shelf: StatekeeperStore) -> None:
    everything = keys(shelf.search(("docs",)))
    assert keys(shelf.search(("docs",), limit=2)) == everything[:2]
    assert keys(shelf.search(("docs",), limit=2, offset=2)) == everything[2:]
    assert shelf.search(("docs",), limit=0) == []


def test_search_ranks_by_the_engines_relevance(shelf: StatekeeperStore) -> None:
    found = shelf.search(("docs",), query="kiln firing")
    assert keys(found)[0] == "firing"  # both words
    assert keys(found)[1] == "setup"  # one of them
    assert set(keys(found)) == {"firing", "setup", "glaze", "index"}
    scores = [item.score for item in found]
    assert scores[0] == 1.0 and scores == sorted(scores, reverse=True)  # type: ignore[type-var]
    assert keys(shelf.search(("docs",), query="celadon", limit=1)) == ["glaze"]
    assert keys(shelf.search(("docs",), query="kiln", filter={"pages": {"$lt": 3}})) == [
        "firing",
        "index",
    ]


def test_items_carry_their_times(shelf: StatekeeperStore, clock: Clock) -> None:
    before = shelf.get(("docs",), "index")
    assert before is not None
    shelf.put(("docs",), "index", {"title": "Table of contents", "pages": 1})
    (item,) = shelf.search(("docs",), filter={"pages": 1})
    assert item.created_at == before.created_at < item.updated_at == aware(clock)


def test_list_namespaces(shelf: StatekeeperStore) -> None:
    assert shelf.list_namespaces() == [
        ("docs",),
        ("docs", "guides"),
        ("docs", "notes"),
        ("mail",),
    ]
    assert shelf.list_namespaces(prefix=("docs",)) == [
        ("docs",),
        ("docs", "guides"),
        ("docs", "notes"),
    ]
    assert shelf.list_namespaces(suffix=("notes",)) == [("docs", "notes")]
    assert shelf.list_namespaces(prefix=("*", "guides")) == [("docs", "guides")]
    assert shelf.list_namespaces(max_depth=1) == [("docs",), ("mail",)]
    assert shelf.list_namespaces(limit=2, offset=1) == [("docs", "guides"), ("docs", "notes")]


def test_facts_written_by_the_engine_under_an_item_key_are_items(
    store: StatekeeperStore, engine: Engine
) -> None:
    engine.session(ALICE).write("notes.alice/mood", "cheerful")
    engine.session(ALICE).write("mood", "calm")  # no item: no namespace
    (item,) = store.search(())
    assert (item.namespace, item.key, item.value) == (NOTES, "mood", {"value": "cheerful"})


# -- who sees what -----------------------------------------------------------------------


def test_one_organizations_store_never_sees_anothers(engine: Engine) -> None:
    acme, globex = StatekeeperStore(engine, ALICE), StatekeeperStore(engine, GLOBEX)
    acme.put(NOTES, "plan", {"plan": "acme secret"})
    globex.put(NOTES, "plan", {"plan": "globex secret"})
    globex.put(("globex-only",), "x", {"x": 1})

    assert acme.get(NOTES, "plan").value == {"plan": "acme secret"}  # type: ignore[union-attr]
    assert globex.get(NOTES, "plan").value == {"plan": "globex secret"}  # type: ignore[union-attr]
    assert [i.value for i in acme.search((), query="secret")] == [{"plan": "acme secret"}]
    assert acme.list_namespaces() == [NOTES]
    assert acme.get(("globex-only",), "x") is None

    acme.delete(NOTES, "plan")
    assert globex.get(NOTES, "plan") is not None
    assert [f.value for f in engine.session(GLOBEX).history("notes.alice/plan")] == [
        {"plan": "globex secret"}
    ]


def test_a_users_items_are_their_own_memory(engine: Engine) -> None:
    StatekeeperStore(engine, ALICE).put(NOTES, "diet", {"diet": "vegan"})
    assert StatekeeperStore(engine, BOB).search(()) == []


def test_the_store_takes_an_async_engine_too(engine: Engine) -> None:
    StatekeeperStore(AsyncEngine(engine), ALICE).put(NOTES, "a", {"n": 1})
    assert StatekeeperStore(engine, ALICE).get(NOTES, "a") is not None


# -- bad input ---------------------------------------------------------------------------

Call = Callable[[StatekeeperStore], Any]

BAD: list[tuple[str, Call]] = [
    ("a label with the label separator", lambda s: s.put(("a.b",), "k", {"n": 1})),
    ("a label with the key separator", lambda s: s.put(("a/b",), "k", {"n": 1})),
    ("an empty label", lambda s: s.put(("a", ""), "k", {"n": 1})),
    ("a blank label", lambda s: s.put(("a", "  "), "k", {"n": 1})),
    ("a label with blanks around", lambda s: s.put((" a",), "k", {"n": 1})),
    ("a label that is no string", lambda s: s.put(("a", 3), "k", {"n": 1})),  # type: ignore[arg-type]
    ("a label with a line break", lambda s: s.put(("a\nb",), "k", {"n": 1})),
    ("no namespace", lambda s: s.put((), "k", {"n": 1})),
    ("a namespace that is a string", lambda s: s.put("notes", "k", {"n": 1})),  # type: ignore[arg-type]
    ("langgraph's own root", lambda s: s.put(("langgraph", "x"), "k", {"n": 1})),
    ("an empty key", lambda s: s.put(NOTES, "", {"n": 1})),
    ("a key with blanks around", lambda s: s.put(NOTES, "k ", {"n": 1})),
    ("a key with a line break", lambda s: s.put(NOTES, "k\n", {"n": 1})),
    ("a path too long", lambda s: s.put(("a" * 150,), "k" * 60, {"n": 1})),
    ("a value that is no mapping", lambda s: s.batch([PutOp(NOTES, "k", ["n"])])),  # type: ignore[arg-type]
    ("a value that is no JSON", lambda s: s.put(NOTES, "k", {"n": {1, 2}})),
    ("a value with NaN", lambda s: s.put(NOTES, "k", {"n": float("nan")})),
    ("a ttl", lambda s: s.batch([PutOp(NOTES, "k", {"n": 1}, ttl=5.0)])),
    ("a get with a bad label", lambda s: s.get(("a.b",), "k")),
    ("a delete with a bad label", lambda s: s.delete(("a/b",), "k")),
    ("a search with a bad prefix", lambda s: s.search(("a/b",))),
    ("an unknown filter operator", lambda s: s.search(NOTES, filter={"n": {"$regex": "x"}})),
    ("a negative limit", lambda s: s.search(NOTES, limit=-1)),
    ("a negative offset", lambda s: s.list_namespaces(offset=-1)),
    ("a listing with a bad prefix", lambda s: s.list_namespaces(prefix=("a.b",))),
    ("a depth of zero", lambda s: s.list_namespaces(max_depth=0)),
    ("an op of another kind", lambda s: s.batch(["get"])),  # type: ignore[list-item]
    (
        "a bad put after good ones",
        lambda s: s.batch(
            [PutOp(NOTES, "fresh", {"n": 1}), PutOp(NOTES, "diet", None), PutOp(("x/y",), "k", {})]
        ),
    ),
]


@pytest.mark.parametrize("call", [pytest.param(call, id=name) for name, call in BAD])
def test_bad_input_raises_and_writes_nothing(
    store: StatekeeperStore, location: str, call: Call
) -> None:
    store.put(NOTES, "diet", {"diet": "vegan"})
    before = snapshot(location)
    with pytest.raises(StatekeeperError):
        call(store)
    assert snapshot(location) == before


def test_namespace_errors_are_langgraphs_too(store: StatekeeperStore) -> None:
    with pytest.raises(InvalidNamespaceError) as raised:
        store.put(("a/b",), "k", {"n": 1})
    assert isinstance(raised.value, NamespaceError) and "a/b" in str(raised.value)


@pytest.mark.parametrize("bad", [None, "alice", object()])
def test_a_store_needs_a_principal_and_an_engine(engine: Engine, bad: Any) -> None:
    with pytest.raises(StatekeeperError):
        StatekeeperStore(engine, bad)
    with pytest.raises(StatekeeperError):
        StatekeeperStore(bad, ALICE)


# -- async -------------------------------------------------------------------------------


def test_the_async_methods(store: StatekeeperStore, engine: Engine) -> None:
    async def run() -> None:
        await store.aput(NOTES, "diet", {"diet": "vegan"})
        await store.aput(NOTES, "diet", {"diet": "omnivore"})
        await store.aput(("other",), "x", {"x": 1})
        item = await store.aget(NOTES, "diet")
        assert item is not None and item.value == {"diet": "omnivore"}
        assert keys(await store.asearch(("notes",), query="omnivore")) == ["diet"]
        assert await store.alist_namespaces() == [NOTES, ("other",)]
        await store.adelete(("other",), "x")
        assert await store.aget(("other",), "x") is None
        got, listed = await store.abatch([GetOp(NOTES, "diet"), ListNamespacesOp()])
        assert got is not None and listed == [NOTES]
        with pytest.raises(NamespaceError):
            await store.aput(("a.b",), "k", {"n": 1})

    asyncio.run(run())
    assert [f.value for f in engine.session(ALICE).history("notes.alice/diet")] == [
        {"diet": "vegan"},
        {"diet": "omnivore"},
    ]


def test_abatch_leaves_the_event_loop_free(store_location: Callable[[str], str]) -> None:
    """The engine's clock waits for the loop to run a coroutine: if abatch held the loop,
    the wait would time out and the write would see the gate closed."""
    gate = threading.Event()
    opened: list[bool] = []

    def clock() -> datetime:
        opened.append(gate.wait(timeout=10))
        return datetime(2026, 3, 2, 9, 0)

    async def open_gate() -> None:
        await asyncio.sleep(0.05)
        gate.set()

    async def run(gated: StatekeeperStore) -> None:
        await asyncio.gather(gated.aput(NOTES, "a", {"n": 1}), open_gate())

    with Engine.open(store_location("gate.db"), clock=clock) as gated_engine:
        gated = StatekeeperStore(gated_engine, ALICE)
        asyncio.run(run(gated))
        assert opened and all(opened)
        assert gated.get(NOTES, "a") is not None


# -- the middleware ----------------------------------------------------------------------


class ModelInputs(BaseCallbackHandler):
    """What each model call was given, as LangChain reports it to callbacks."""

    def __init__(self) -> None:
        self.calls: list[list[BaseMessage]] = []

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: list[list[BaseMessage]], **kwargs: Any
    ) -> None:
        self.calls.append(messages[0])

    def system(self, call: int = -1) -> str:
        first = self.calls[call][0]
        assert first.type == "system"
        return str(first.text)


def fake_model(*replies: str) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([AIMessage(reply) for reply in replies]))


DANA = Principal(org="acme", user="dana", authority="manager")
THREAD = {"configurable": {"thread_id": "t1"}}


def test_the_model_is_given_the_context(engine: Engine) -> None:
    StatekeeperStore(engine, DANA).put(("profile",), "diet", {"diet": "vegetarian"})
    engine.session(DANA).write("budget", "$40 per head")
    inputs = ModelInputs()
    agent = create_agent(
        fake_model("Noted."),
        middleware=[StatekeeperMiddleware(engine, DANA)],
        system_prompt="You plan dinners.",
    )
    out = agent.invoke(
        {"messages": [HumanMessage("Plan a dinner for my team.")]}, {"callbacks": [inputs]}
    )
    system = inputs.system()
    assert system.startswith("You plan dinners.\n\n")
    assert "vegetarian" in system and "$40 per head" in system
    assert "User: dana" in system
    assert out["messages"][-1].text == "Noted."
    assert [m.type for m in inputs.calls[0]] == ["system", "human"]  # the messages stay


def test_what_the_user_says_becomes_state_before_the_model_call(engine: Engine) -> None:
    session = engine.session(DANA, task_id="orders")
    session.write("delivery_address", "12 Elm Street, Springfield")
    inputs = ModelInputs()
    agent = create_agent(
        fake_model("Noted, it goes to Birch Road.", "To Birch Road."),
        middleware=[StatekeeperMiddleware(engine, DANA, task_id="orders")],
        checkpointer=InMemorySaver(),
    )
    config = {**THREAD, "callbacks": [inputs]}
    agent.invoke(
        {
            "messages": [
                HumanMessage("Actually, change the delivery address to 88 Birch Road, Riverside.")
            ]
        },
        config,
    )
    assert session.current_value("delivery_address") == "88 Birch Road, Riverside"
    first = inputs.system(0)
    assert "88 Birch Road" in first and "12 Elm Street" not in first

    agent.invoke({"messages": [HumanMessage("Where does the parcel go?")]}, config)
    second = inputs.system(1)
    assert second.count("change the delivery address") == 1  # observed once, not per run
    assert "assistant: Noted, it goes to Birch Road." in second  # the reply is a turn too
    assert "12 Elm Street" not in second


def test_no_user_turn_no_context(engine: Engine) -> None:
    inputs = ModelInputs()
    agent = create_agent(
        fake_model("Hello."), middleware=[StatekeeperMiddleware(engine, DANA)], system_prompt="Hi"
    )
    agent.invoke({"messages": [AIMessage("Welcome back.")]}, {"callbacks": [inputs]})
    assert inputs.system() == "Hi"


def test_the_middleware_in_async_code(engine: Engine) -> None:
    inputs = ModelInputs()
    agent = create_agent(
        fake_model("Sure."),
        middleware=[StatekeeperMiddleware(AsyncEngine(engine), DANA, budget=300)],
    )

    async def run() -> None:
        await agent.ainvoke(
            {"messages": [HumanMessage("The venue for the offsite is the Harbor Hotel.")]},
            {"callbacks": [inputs]},
        )

    asyncio.run(run())
    assert "Harbor Hotel" in inputs.system()
    assert engine.session(DANA).context("Where is the offsite?", budget=300).tokens <= 300
    assert "assistant: Sure." in engine.session(DANA).context("What did I say?").text


@pytest.mark.parametrize("budget", [0, -5, "big"])
def test_the_middleware_refuses_a_bad_budget(engine: Engine, budget: Any) -> None:
    with pytest.raises(StatekeeperError):
        StatekeeperMiddleware(engine, DANA, budget=budget)
