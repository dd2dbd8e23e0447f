"""Bad input: the specific exception, a clear message, and an unchanged store."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from statekeeper import (
    BudgetTooSmallError,
    CycleError,
    DuplicateFactError,
    Engine,
    InvalidInputError,
    Principal,
    PrincipalError,
    Session,
    UnknownFactError,
)
from statekeeper.model import MAX_VALUE_CHARS
from tests.conftest import ALICE, Clock, snapshot


@pytest.fixture
def seeded(engine: Engine, clock: Clock) -> dict[str, str]:
    s = engine.session(ALICE)
    a = s.write("unit_price", "$40 per seat")
    clock.advance(minutes=1)
    b = s.write("seat_total", "$4,000", depends_on=[a.id])
    s.remember("scratch", "draft numbers")
    s.add_turn("alice", "hello there")
    clock.advance(minutes=1)
    return {"a": a.id, "b": b.id}


# Calls take the session as Any: they pass wrong types on purpose.
Call = Callable[[Any, dict[str, str]], Any]

CASES: list[tuple[str, Call, type[Exception], str]] = [
    ("unknown id get", lambda s, f: s.get("f-nope"), UnknownFactError, "f-nope"),
    ("unknown key value", lambda s, f: s.current_value("no_key"), UnknownFactError, "no_key"),
    ("unknown supersede", lambda s, f: s.supersede("no_key", "x"), UnknownFactError, "no_key"),
    (
        "unknown supersedes=",
        lambda s, f: s.write("k", "x", supersedes="f-nope"),
        UnknownFactError,
        "f-nope",
    ),
    (
        "unknown depends_on",
        lambda s, f: s.write("k", "x", depends_on=["f-nope"]),
        UnknownFactError,
        "f-nope",
    ),
    ("unknown forget", lambda s, f: s.forget("f-nope"), UnknownFactError, "f-nope"),
    ("unknown flag", lambda s, f: s.flag_for_review("f-nope"), UnknownFactError, "f-nope"),
    (
        "self dependency",
        lambda s, f: s.write("k", "x", id="f-self", depends_on=["f-self"]),
        CycleError,
        "f-self",
    ),
    (
        "self supersession",
        lambda s, f: s.write("k", "x", id="f-self", supersedes="f-self"),
        CycleError,
        "f-self",
    ),
    (
        "supersede a parent",
        lambda s, f: s.write("k", "x", supersedes=f["a"], depends_on=[f["a"]]),
        CycleError,
        "cycle",
    ),
    ("duplicate id", lambda s, f: s.write("other", "y", id=f["a"]), DuplicateFactError, "exists"),
    ("empty key", lambda s, f: s.write("", "x"), InvalidInputError, "key"),
    ("blank key", lambda s, f: s.write("   \t", "x"), InvalidInputError, "key"),
    ("NUL in key", lambda s, f: s.write("a\x00b", "x"), InvalidInputError, "NUL"),
    ("NUL in value", lambda s, f: s.write("k", "a\x00b"), InvalidInputError, "NUL"),
    ("NUL in nested value", lambda s, f: s.write("k", {"x": ["y\x00"]}), InvalidInputError, "NUL"),
    ("NUL in item value", lambda s, f: s.remember("k", "q\x00r"), InvalidInputError, "NUL"),
    ("NUL in turn", lambda s, f: s.add_turn("alice", "hi\x00there"), InvalidInputError, "NUL"),
    ("NUL in query", lambda s, f: s.context("q\x00"), InvalidInputError, "NUL"),
    (
        "oversize value",
        lambda s, f: s.write("k", "x" * MAX_VALUE_CHARS),
        InvalidInputError,
        "longer than",
    ),
    (
        "oversize nested value",
        lambda s, f: s.write("k", {"a": ["y" * (MAX_VALUE_CHARS - 5)]}),
        InvalidInputError,
        "longer than",
    ),
    ("set value", lambda s, f: s.write("k", {1, 2}), InvalidInputError, "JSON"),
    ("object value", lambda s, f: s.write("k", object()), InvalidInputError, "JSON"),
    ("None value", lambda s, f: s.write("k", None), InvalidInputError, "empty"),
    ("int key", lambda s, f: s.write(7, "x"), InvalidInputError, "key"),
    (
        "str depends_on",
        lambda s, f: s.write("k", "x", depends_on=f["a"]),
        InvalidInputError,
        "depends_on",
    ),
    ("bad scope", lambda s, f: s.write("k", "x", scope="sideways"), InvalidInputError, "scope"),
    (
        "bad memory type",
        lambda s, f: s.write("k", "x", memory_type="gossip"),
        InvalidInputError,
        "memory_type",
    ),
    (
        "negative ttl",
        lambda s, f: s.write("k", "x", ttl=timedelta(seconds=-1)),
        InvalidInputError,
        "ttl",
    ),
    ("int ttl", lambda s, f: s.remember("k", "x", ttl=5), InvalidInputError, "ttl"),
    ("set item", lambda s, f: s.remember("k", {1}), InvalidInputError, "JSON"),
    ("zero budget", lambda s, f: s.context("q", budget=0), InvalidInputError, "budget"),
    ("negative budget", lambda s, f: s.context("q", budget=-5), InvalidInputError, "budget"),
    ("bool budget", lambda s, f: s.context("q", budget=True), InvalidInputError, "budget"),
    ("float budget", lambda s, f: s.context("q", budget=100.0), InvalidInputError, "budget"),
    ("tiny budget", lambda s, f: s.context("q", budget=5), BudgetTooSmallError, "identity"),
    ("long key", lambda s, f: s.write("k" * 201, "x"), InvalidInputError, "longer than"),
    (
        "unknown required authority",
        lambda s, f: s.write("k", "x", required_authority="wizard"),
        InvalidInputError,
        "wizard",
    ),
    (
        "duplicate depends_on",
        lambda s, f: s.write("k", "x", depends_on=[f["a"], f["a"]]),
        InvalidInputError,
        "depends_on",
    ),
    (
        "int supersedes",
        lambda s, f: s.write("k", "x", supersedes=5),
        InvalidInputError,
        "supersedes",
    ),
    ("empty id", lambda s, f: s.write("k", "x", id=" "), InvalidInputError, "id"),
    (
        "str permissions",
        lambda s, f: s.write("k", "x", required_permissions="hr"),
        InvalidInputError,
        "required_permissions",
    ),
    ("str source", lambda s, f: s.write("k", "x", source="cfo"), InvalidInputError, "source"),
    (
        "bad constraint type",
        lambda s, f: s.write("k", "x", constraint_type="vibes"),
        InvalidInputError,
        "constraint_type",
    ),
    ("blank value", lambda s, f: s.write("k", "  "), InvalidInputError, "empty"),
    ("empty query", lambda s, f: s.context(""), InvalidInputError, "query"),
    ("int query", lambda s, f: s.context(42), InvalidInputError, "query"),
    ("empty speaker", lambda s, f: s.add_turn("", "hi"), InvalidInputError, "speaker"),
    ("empty item key", lambda s, f: s.remember(" ", "x"), InvalidInputError, "key"),
    ("NUL in history key", lambda s, f: s.history("a\x00"), InvalidInputError, "NUL"),
    (
        "unknown history key is empty, not an error",
        lambda s, f: s.history("nothing") or s.get("nothing"),
        UnknownFactError,
        "nothing",
    ),
    (
        "non-datetime stamp",
        lambda s, f: s.write("k", "x", timestamp="2026-01-01"),
        InvalidInputError,
        "timestamp",
    ),
]


def _case(case: tuple[str, Call, type[Exception], str]) -> Any:
    name, call, error, fragment = case
    return pytest.param(call, error, fragment, id=name)


@pytest.mark.parametrize(("call", "error", "fragment"), [_case(c) for c in CASES])
def test_rejected_and_store_unchanged(
    engine: Engine,
    seeded: dict[str, str],
    location: str,
    call: Call,
    error: type[Exception],
    fragment: str,
) -> None:
    s = engine.session(ALICE)
    before = snapshot(location)
    with pytest.raises(error) as caught:
        call(s, seeded)
    assert fragment.lower() in str(caught.value).lower()
    assert snapshot(location) == before


def test_budget_too_small_carries_numbers(alice: Session) -> None:
    with pytest.raises(BudgetTooSmallError) as caught:
        alice.context("q", budget=3)
    assert caught.value.budget == 3 and caught.value.needed > 3


@pytest.mark.parametrize(
    "fields",
    [
        {"user": "u"},
        {"org": "", "user": "u"},
        {"org": "   ", "user": "u"},
        {"org": "a\x01", "user": "u"},
    ],
)
def test_principal_without_org(fields: dict[str, str]) -> None:
    with pytest.raises(PrincipalError, match="org"):
        Principal(**fields)  # type: ignore[arg-type]


def test_unknown_authority_at_session_open(engine: Engine) -> None:
    with pytest.raises(PrincipalError, match="wizard"):
        engine.session(Principal(org="acme", user="u", authority="wizard"))


def test_non_principal_at_session_open(engine: Engine) -> None:
    with pytest.raises(PrincipalError):
        engine.session({"org": "acme", "user": "u"})  # type: ignore[arg-type]


@pytest.mark.parametrize("task", ["", "  ", "t\x00"])
def test_bad_task_id(engine: Engine, task: str) -> None:
    with pytest.raises(InvalidInputError, match="task_id"):
        engine.session(ALICE, task_id=task)


@pytest.mark.parametrize("scope_id", ["", "   ", "s\x00", 5])
def test_bad_scope_id_at_session_open(engine: Engine, scope_id: Any) -> None:
    with pytest.raises(InvalidInputError, match="scope_id"):
        engine.session(ALICE, scope_id=scope_id)


def test_cycle_through_supersession_chain(
    engine: Engine, seeded: dict[str, str], location: str
) -> None:
    """Superseding the key a fact depends on, by key, is a cycle as well."""
    s = engine.session(ALICE)
    before = snapshot(location)
    with pytest.raises(CycleError):
        s.write("unit_price", "$45", depends_on=[seeded["a"]])
    assert snapshot(location) == before


def test_depends_on_invisible_fact(engine: Engine, location: str) -> None:
    bob = engine.session(Principal(org="acme", user="bob"))
    private = bob.write("salary", "bob earns 99k")
    s = engine.session(ALICE)
    before = snapshot(location)
    with pytest.raises(UnknownFactError):
        s.write("k", "x", depends_on=[private.id])
    assert snapshot(location) == before


@pytest.mark.parametrize(
    "options",
    [{"fact_share": 0.0}, {"fact_share": 1.5}, {"recent_turns": 0}, {"recent_turns": 51}],
)
def test_bad_settings(options: dict[str, Any]) -> None:
    from statekeeper import Settings

    with pytest.raises(InvalidInputError):
        Settings(**options)


@pytest.mark.parametrize(
    "value", ["C:\\u0000dir", {"path": ["\\u0000", "\\\\u0000"]}, "\\\\u0000"]
)
def test_text_that_spells_an_escape_is_not_a_nul(alice: Session, value: Any) -> None:
    """A backslash followed by "u0000" is text; only a real NUL character is refused."""
    assert alice.write("path", value).value == value
    assert alice.current_value("path") == value
    assert alice.remember("path", value).value == value


@pytest.mark.parametrize("value", ["\\\x00", {"x": ["\\\\\x00"]}])
def test_a_nul_after_a_backslash_is_still_refused(alice: Session, value: Any) -> None:
    with pytest.raises(InvalidInputError, match="NUL"):
        alice.write("path", value)
    with pytest.raises(InvalidInputError, match="NUL"):
        alice.remember("path", value)
