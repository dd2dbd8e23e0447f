"""The error table: every public entry point, handed something malformed, raises a
StatekeeperError subclass naming the argument, and leaves the store as it was.

`test_bad_input.py` holds many cases per entry point; this table holds at least one for
each, and a test that fails when a public method is added without a row here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from statekeeper import Engine, Principal, Session, StatekeeperError
from statekeeper.errors import AuthorityError, InvalidInputError, PrincipalError, UnknownFactError
from statekeeper.horizons import (
    State,
    UserProfile,
    Workspace,
    delete_task_workspace,
    load_task_workspace,
    load_user_profile,
    save_task_workspace,
    save_user_profile,
)
from tests.conftest import ALICE, snapshot

GUEST = Principal(org="acme", user="gina", authority="guest")

# (entry point, call, error, the argument the message names). Calls take the engine, a
# session of ALICE, and the seeded facts' ids; they pass wrong types on purpose.
Call = Callable[[Engine, Any, dict[str, str]], Any]
TABLE: list[tuple[str, Call, type[StatekeeperError], str]] = [
    ("Engine.open", lambda e, s, f: Engine.open(42), StatekeeperError, "not int"),
    ("Engine.open", lambda e, s, f: Engine.open("x.db", clock="noon"), InvalidInputError, "clock"),
    ("Engine.open", lambda e, s, f: Engine.open("x.db", tokenizer=len), InvalidInputError, "count"),
    ("Engine.open", lambda e, s, f: Engine.open("x.db", settings={}), InvalidInputError, "settings"),
    ("Engine.open", lambda e, s, f: Engine.open("x.db", extractor=5), InvalidInputError, "extract"),
    ("Engine.session", lambda e, s, f: e.session("alice"), PrincipalError, "principal"),
    ("Engine.session", lambda e, s, f: e.session(ALICE, task_id="a\nb"), InvalidInputError, "task_id"),
    ("Engine.erase_user", lambda e, s, f: e.erase_user("acme", ""), PrincipalError, "user"),
    ("Engine.now", None, StatekeeperError, ""),  # takes no argument
    ("Engine.environment", None, StatekeeperError, ""),
    ("Engine.clock", None, StatekeeperError, ""),
    ("Engine.close", None, StatekeeperError, ""),
    ("Session.write", lambda e, s, f: s.write("k", {"x": {1}}), InvalidInputError, "value['x']"),
    ("Session.write", lambda e, s, f: s.write("k", "v", implicit="no"), InvalidInputError, "implicit"),
    ("Session.supersede", lambda e, s, f: s.supersede(["k"], "v"), InvalidInputError, "target"),
    ("Session.supersede", lambda e, s, f: s.supersede("price", "v", ttl=1), InvalidInputError, "ttl"),
    ("Session.write_many", lambda e, s, f: s.write_many([{"key": "k", "value": "v"}, {}]), InvalidInputError, "items[1]"),
    ("Session.backfill_embeddings", lambda e, s, f: s.backfill_embeddings(), StatekeeperError, "embedder"),
    ("Session.forget", lambda e, s, f: s.forget(None), InvalidInputError, "fact reference"),
    ("Session.get", lambda e, s, f: s.get(""), InvalidInputError, "fact reference"),
    ("Session.current_value", lambda e, s, f: s.current_value(3.5), InvalidInputError, "fact reference"),
    ("Session.is_current", lambda e, s, f: s.is_current(b"k"), InvalidInputError, "fact reference"),
    ("Session.facts", None, StatekeeperError, ""),
    ("Session.history", lambda e, s, f: s.history(["price"]), InvalidInputError, "key"),
    ("Session.remember", lambda e, s, f: s.remember("k", float("inf")), InvalidInputError, "value"),
    ("Session.add_turn", lambda e, s, f: s.add_turn("al", "hi", scope="sideways"), InvalidInputError, "scope"),
    ("Session.add_turn", lambda e, s, f: s.add_turn("al", "hi", fact_ids="f-1"), InvalidInputError, "fact_ids"),
    ("Session.observe", lambda e, s, f: s.observe("al", "hi", assistant="yes"), InvalidInputError, "assistant"),
    ("Session.observe", lambda e, s, f: s.observe("al", ""), InvalidInputError, "text"),
    ("Session.recent_turns", None, StatekeeperError, ""),  # takes no argument
    ("Session.pop_turn", None, StatekeeperError, ""),
    ("Session.clear_turns", None, StatekeeperError, ""),
    ("Session.related_facts", lambda e, s, f: s.related_facts("price", limit=0), InvalidInputError, "limit"),
    ("Session.retire", lambda e, s, f: s.retire(f["price"], f["price"], "same"), InvalidInputError, "winner"),
    ("Session.retire", lambda e, s, f: e.session(GUEST).retire(f["price"], f["note"], "mine now"), AuthorityError, "guest"),
    ("Session.authority_rank", lambda e, s, f: s.authority_rank(f["price"]), InvalidInputError, "fact"),
    ("Session.flag_for_review", lambda e, s, f: s.flag_for_review({"id": 1}), InvalidInputError, "fact reference"),
    ("Session.reconcile", None, StatekeeperError, ""),
    ("Session.context", lambda e, s, f: s.context("q", audience="everyone"), InvalidInputError, "audience"),
    ("Session.context", lambda e, s, f: s.context("q", budget="lots"), InvalidInputError, "budget"),
    ("Engine.open", lambda e, s, f: Engine.open("x.db", permissions="all"), InvalidInputError, "permissions"),
    ("Session.add_document", lambda e, s, f: s.add_document("doc", "text", acl=["nobody"]), InvalidInputError, "acl[0]"),
    ("Session.add_document", lambda e, s, f: s.add_document(["doc"], "text"), InvalidInputError, "doc_id"),
    ("Session.documents", None, StatekeeperError, ""),  # takes no argument
    ("Session.remove_document", lambda e, s, f: s.remove_document(7), InvalidInputError, "doc_id"),
    ("Session.memories", None, StatekeeperError, ""),
    ("Session.delete_memory", lambda e, s, f: s.delete_memory(" f-1"), InvalidInputError, "fact_id"),
    ("Session.delete_memory", lambda e, s, f: e.session(GUEST).delete_memory(f["price"]), UnknownFactError, "f-"),
    ("Engine.session", lambda e, s, f: e.session(ALICE, capability="calendar", maturity="guru"), InvalidInputError, "maturity"),
    ("Engine.session", lambda e, s, f: e.session(ALICE, maturity="senior"), InvalidInputError, "maturity"),
    ("Engine.consolidate", lambda e, s, f: e.consolidate(org="acme", capability="cal\nendar"), InvalidInputError, "capability"),
    ("Engine.consolidate", lambda e, s, f: e.consolidate(org="acme", capability="calendar", min_cluster=1), InvalidInputError, "min_cluster"),
    ("Session.learn", lambda e, s, f: s.learn("the client asked for Friday"), InvalidInputError, "capability"),
    ("Session.learn", lambda e, s, f: e.session(ALICE, capability="calendar").learn("offer Fridays", level="strategy"), AuthorityError, "junior"),
    ("Session.learn", lambda e, s, f: e.session(ALICE, capability="calendar").learn("x", level="rule"), InvalidInputError, "level"),
    ("Session.lessons", lambda e, s, f: e.session(ALICE, capability="calendar").lessons(level=3), InvalidInputError, "level"),
    ("State.start_task", lambda e, s, f: asyncio.run(State.start_task("q", user_id=" x")), InvalidInputError, "user_id"),
    ("State.continue_task", lambda e, s, f: asyncio.run(State.continue_task("", "alice")), InvalidInputError, "task_id"),
    ("save_user_profile", lambda e, s, f: save_user_profile("alice", UserProfile("alice", goals=[1]), store=e.store), InvalidInputError, "profile.goals[0]"),
    ("load_user_profile", lambda e, s, f: load_user_profile("", store=e.store), InvalidInputError, "user_id"),
    ("save_task_workspace", lambda e, s, f: save_task_workspace("t", "alice", Workspace(facts={"a\nb": 1}), store=e.store), InvalidInputError, "workspace.facts key"),
    ("load_task_workspace", lambda e, s, f: load_task_workspace("t", "alice", org="", store=e.store), InvalidInputError, "org"),
    ("delete_task_workspace", lambda e, s, f: delete_task_workspace("t\x00", user_id="alice", store=e.store), InvalidInputError, "task_id"),
]  # fmt: skip


@pytest.fixture
def seeded(engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)  # a store a bad call might open lands here, not in the tree
    s = engine.session(ALICE)
    price = s.write("price", "$40 per seat", memory_type="organizational")
    note = engine.session(GUEST).write("note", "the lobby door sticks")
    s.add_turn("alice", "hello there")
    return {"price": price.id, "note": note.id}


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [pytest.param(c, e, f, id=name) for name, c, e, f in TABLE if c is not None],
)
def test_every_entry_point_refuses_bad_input_and_changes_nothing(
    engine: Engine,
    seeded: dict[str, str],
    location: str,
    call: Call,
    error: type[StatekeeperError],
    fragment: str,
) -> None:
    before = snapshot(location)
    with pytest.raises(error) as caught:
        call(engine, engine.session(ALICE), seeded)
    assert fragment in str(caught.value)
    assert snapshot(location) == before


def _public(kind: type) -> set[str]:
    """The public methods a class defines (not its fields)."""
    return {
        f"{kind.__name__}.{name}"
        for name, member in vars(kind).items()
        if not name.startswith("_") and (callable(member) or isinstance(member, classmethod))
    }


def test_the_table_has_every_public_entry_point() -> None:
    named = {name for name, *_ in TABLE}
    public = _public(Engine) | _public(Session) | {"State.start_task", "State.continue_task"}
    assert public - named == set()
