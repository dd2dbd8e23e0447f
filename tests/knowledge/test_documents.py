"""Organizational knowledge: documents chunked, indexed and retrieved for a context, with
permissions mirrored at query time and never revealed when they deny."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from statekeeper import (
    AsyncEngine,
    Document,
    Engine,
    InvalidInputError,
    Principal,
    Settings,
    UnknownDocumentError,
)
from tests.conftest import ALICE, BOB, Clock, query

HANDBOOK = """Refunds are issued within 14 days of a returned order.

Parking is free in the east garage for every employee with a badge."""
SALARIES = "The salary band for senior engineers runs from 140k to 170k."
MERGER = "Project Falcon: the merger talks with Globex close in March."


class Counting:
    """A permission checker that counts its questions and answers from a table the test
    changes between contexts."""

    def __init__(self, allowed: dict[tuple[str, str], bool] | None = None) -> None:
        self.allowed = allowed or {}
        self.asked: list[tuple[str, str]] = []

    def __call__(self, principal: Principal, document: Document) -> bool:
        self.asked.append((principal.user, document.id))
        return self.allowed.get((principal.user, document.id), False)


@pytest.fixture
def open_engine(
    store_location: Callable[[str], str], clock: Clock
) -> Any:
    opened: list[Engine] = []

    def make(**options: Any) -> Engine:
        engine = Engine.open(store_location("state.db"), clock=clock, **options)
        opened.append(engine)
        return engine

    yield make
    for engine in opened:
        engine.close()


def _everywhere(context: Any, secret: str) -> bool:
    """Whether a context names something anywhere: text, inclusions or omissions."""
    told = [context.text, *context.included]
    told += [f"{o.reason} {o.fact_id or ''} {o.detail}" for o in context.omitted]
    return any(secret in part for part in told)


def test_relevant_chunks_reach_the_context_in_their_own_section(engine: Engine) -> None:
    s = engine.session(ALICE)
    added = s.add_document("handbook", HANDBOOK, source="wiki/hr")
    assert (added.id, added.source, added.acl, added.chunks) == ("handbook", "wiki/hr", None, 1)
    text = s.context("How long do refunds take?").text
    assert "## Organizational knowledge" in text
    assert "[handbook (wiki/hr)] Refunds are issued within 14 days" in text
    assert "Organizational knowledge" not in s.context("Who won the chess match?").text


def test_the_best_chunks_are_chosen_and_the_budget_holds(engine: Engine) -> None:
    s = engine.session(ALICE)
    filler = "\n\n".join(
        f"Section {n}: the weekly status meeting moves to room {n} on the {n}th floor. "
        + "Agendas circulate a day ahead and minutes follow the same afternoon. " * 6
        for n in range(1, 30)
    )
    s.add_document("manual", filler + "\n\nThe backup generator is tested every Tuesday at noon.")
    assert s.documents()[0].chunks > 20
    text = s.context("When is the backup generator tested?").text
    assert "backup generator is tested every Tuesday" in text
    assert "room 17" not in text  # an unrelated chunk is not retrieved
    for budget in (120, 200, 400):
        context = s.context("status meeting agendas minutes floor room", budget=budget)
        assert context.tokens <= budget
        assert engine.tokenizer.count(context.text) == context.tokens
    tight = s.context("status meeting agendas minutes floor room", budget=300)
    assert any(o.reason == "budget" and o.detail.startswith("document manual") for o in tight.omitted)


def test_knowledge_share_zero_leaves_documents_out(
    store_location: Callable[[str], str], clock: Clock
) -> None:
    with Engine.open(
        store_location("state.db"), clock=clock, settings=Settings(knowledge_share=0)
    ) as engine:
        s = engine.session(ALICE)
        s.add_document("handbook", HANDBOOK)
        assert "Refunds" not in s.context("How long do refunds take?").text


def test_the_checker_is_asked_for_every_candidate_on_every_context(open_engine: Any) -> None:
    checker = Counting({("alice", "handbook"): True, ("alice", "salaries"): True})
    engine = open_engine(permissions=checker)
    s = engine.session(ALICE)
    s.add_document("handbook", HANDBOOK)
    s.add_document("salaries", SALARIES + " Refunds of salary advances go through payroll.")
    s.add_document("falcon", MERGER)
    checker.asked.clear()

    first = s.context("How are refunds issued?")
    assert sorted(checker.asked) == [("alice", "handbook"), ("alice", "salaries")]
    assert "Refunds are issued" in first.text and "salary advances" in first.text

    checker.allowed[("alice", "salaries")] = False  # revoked in the source system
    second = s.context("How are refunds issued?")
    assert sorted(checker.asked) == [("alice", "handbook"), ("alice", "handbook"), ("alice", "salaries"), ("alice", "salaries")]  # fmt: skip
    assert "Refunds are issued" in second.text and not _everywhere(second, "salar")
    assert second.withheld == first.withheld  # a denied document is not even counted

    checker.allowed[("alice", "salaries")] = True  # granted again: no stale answer is kept
    assert "salary advances" in s.context("How are refunds issued?").text


def test_the_checker_alone_decides_when_there_is_one(open_engine: Any) -> None:
    checker = Counting({("bob", "salaries"): True})
    engine = open_engine(permissions=checker)
    s = engine.session(ALICE)
    s.add_document("salaries", SALARIES, acl=["user:alice"])
    assert "140k" in engine.session(BOB).context("salary band for senior engineers").text
    assert "140k" not in s.context("salary band for senior engineers").text  # checker says no
    assert [d.id for d in engine.session(BOB).documents()] == ["salaries"]


def test_a_withheld_document_is_never_revealed(engine: Engine) -> None:
    alice, bob = engine.session(ALICE), engine.session(BOB)
    alice.add_document("falcon", MERGER, acl=["user:alice"])
    alice.add_document("handbook", HANDBOOK)
    seen = bob.context("What about Project Falcon and the Globex merger talks? Refunds?")
    assert "Refunds are issued" in seen.text
    for secret in ("falcon", "Falcon", "Globex", "merger"):
        assert not _everywhere(seen, secret)
    assert seen.withheld == 0
    assert [d.id for d in bob.documents()] == ["handbook"]
    with pytest.raises(UnknownDocumentError) as hidden:
        bob.remove_document("falcon")
    with pytest.raises(UnknownDocumentError) as missing:
        bob.remove_document("no-such-doc")
    assert str(hidden.value).replace("falcon", "X") == str(missing.value).replace("no-such-doc", "X")
    with pytest.raises(UnknownDocumentError):  # nor can it be overwritten by someone else
        bob.add_document("falcon", "Nothing to see here.")
    assert "Globex" in alice.context("Globex merger talks").text


def test_the_acl_decides_without_a_checker(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.add_document("by-user", "Orchid greenhouse humidity stays at 70 percent.", acl=["user:carol"])
    s.add_document("by-rank", "Orchid greenhouse budget is 9000 a year.", acl=["authority:manager"])
    s.add_document("by-right", "Orchid greenhouse alarm code is 4471.", acl=["permission:facilities"])
    s.add_document("everyone", "Orchid greenhouse opens at 8am.")
    asked = "orchid greenhouse humidity budget alarm code opens"

    def seen(principal: Principal) -> set[str]:
        text = engine.session(principal).context(asked).text
        return {d for d, word in (("by-user", "humidity"), ("by-rank", "9000"), ("by-right", "4471"), ("everyone", "8am")) if word in text}  # fmt: skip

    assert seen(Principal(org="acme", user="carol")) == {"by-user", "everyone"}
    assert seen(Principal(org="acme", user="dave", authority="executive")) == {"by-rank", "everyone"}
    assert seen(Principal(org="acme", user="erin", permissions={"facilities"})) == {"by-right", "everyone"}
    assert seen(Principal(org="acme", user="finn", authority="guest")) == {"everyone"}
    assert [d.id for d in engine.session(Principal(org="acme", user="carol")).documents()] == [
        "by-user",
        "everyone",
    ]
    stored = {d.id: d.acl for d in s.documents()}
    assert stored["by-rank"] == frozenset({"authority:manager"}) and stored["everyone"] is None


def test_organizations_are_walls(engine: Engine, location: str) -> None:
    engine.session(ALICE).add_document("handbook", HANDBOOK)
    other = engine.session(Principal(org="globex", user="alice", authority="manager"))
    assert "Refunds" not in other.context("How long do refunds take?").text
    assert other.documents() == []
    with pytest.raises(UnknownDocumentError):
        other.remove_document("handbook")
    other.add_document("handbook", "Globex refunds take 30 days.")  # the same id, its own
    assert "30 days" in other.context("refunds").text
    assert "14 days" in engine.session(ALICE).context("refunds").text
    assert "30 days" not in engine.session(ALICE).context("refunds").text
    rows = query(location, "SELECT org_id, doc_id FROM documents ORDER BY org_id")
    assert [(r["org_id"], r["doc_id"]) for r in rows] == [("acme", "handbook"), ("globex", "handbook")]


def test_another_organizations_documents_never_reach_the_checker(open_engine: Any) -> None:
    checker = Counting({("alice", "handbook"): True})
    engine = open_engine(permissions=checker)
    engine.session(Principal(org="globex", user="alice")).add_document("handbook", HANDBOOK)
    checker.asked.clear()
    assert "Refunds" not in engine.session(ALICE).context("refunds issued").text
    assert checker.asked == []


def test_replace_and_remove(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.add_document("policy", "Travel must be booked two weeks ahead.")
    s.add_document("policy", "Travel must be booked one week ahead.", source="intranet")
    text = s.context("When must travel be booked?").text
    assert "one week ahead" in text and "two weeks" not in text
    assert [(d.id, d.source) for d in s.documents()] == [("policy", "intranet")]
    removed = s.remove_document("policy")
    assert removed.id == "policy"
    assert "Travel" not in s.context("When must travel be booked?").text
    assert s.documents() == []
    with pytest.raises(UnknownDocumentError):
        s.remove_document("policy")


def test_chunks_pass_the_dead_value_hygiene(engine: Engine) -> None:
    s = engine.session(ALICE)
    s.write("launch_date", "launch is on May 4")
    s.write("launch_date", "launch is on June 9", supersedes="launch_date")
    s.add_document("plan", "Marketing plan: the product launch is on May 4 with a press event.")
    text = s.context("When is the product launch press event?").text
    assert "press event" in text and "May 4" not in text


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda s: s.add_document("", "text"), "doc_id"),
        (lambda s: s.add_document(" padded", "text"), "doc_id"),
        (lambda s: s.add_document("d", ""), "text"),
        (lambda s: s.add_document("d", 42), "text"),
        (lambda s: s.add_document("d", "text", source="a\nb"), "source"),
        (lambda s: s.add_document("d", "text", acl="user:alice"), "acl"),
        (lambda s: s.add_document("d", "text", acl=[]), "acl"),
        (lambda s: s.add_document("d", "text", acl=["alice"]), "acl[0]"),
        (lambda s: s.add_document("d", "text", acl=["group:x"]), "acl[0]"),
        (lambda s: s.add_document("d", "text", acl=["user:a", "authority:emperor"]), "acl[1]"),
        (lambda s: s.remove_document(None), "doc_id"),
    ],
)
def test_bad_input_writes_nothing(engine: Engine, location: str, call: Any, field: str) -> None:
    s = engine.session(ALICE)
    s.add_document("kept", HANDBOOK)
    before = query(location, "SELECT * FROM document_chunks ORDER BY doc_id, chunk_index")
    with pytest.raises(InvalidInputError) as caught:
        call(s)
    assert caught.value.field == field
    assert query(location, "SELECT * FROM document_chunks ORDER BY doc_id, chunk_index") == before


def test_a_permission_checker_must_be_callable(store_location: Callable[[str], str]) -> None:
    with pytest.raises(InvalidInputError, match="permissions"):
        Engine.open(store_location("state.db"), permissions="everyone")


def test_a_failing_checker_fails_the_context_closed(open_engine: Any) -> None:
    def broken(principal: Principal, document: Document) -> bool:
        raise RuntimeError("directory unreachable")

    engine = open_engine(permissions=broken)
    s = engine.session(ALICE)
    s.add_document("handbook", HANDBOOK)
    with pytest.raises(RuntimeError):
        s.context("refunds")
    engine.permissions = lambda p, d: "yes"  # type: ignore[assignment,return-value,misc]
    assert "Refunds" not in s.context("refunds").text  # only True admits


def test_async_sessions_mirror_documents(store_location: Callable[[str], str]) -> None:
    async def run() -> tuple[list[str], str, list[str]]:
        async with await AsyncEngine.open(store_location("state.db")) as engine:
            s = engine.session(ALICE)
            await s.add_document("handbook", HANDBOOK, source="wiki")
            listed = [d.id for d in await s.documents()]
            text = (await s.context("refunds")).text
            await s.remove_document("handbook")
            return listed, text, [d.id for d in await s.documents()]

    listed, text, after = asyncio.run(run())
    assert listed == ["handbook"] and "Refunds are issued" in text and after == []
